"""PCI/NVLink path types between GPUs and RDMA NICs, computed from NodeFacts (never from nvidia-smi).

Produces the names `nvidia-smi topo -m` prints (PIX, PXB, PHB, NODE, SYS, NV#) from each
PciDevice.path chain ("pci0000:15", "0000:15:01.0", ..., device) and numa_node, walking the tree the
way NCCL does (nccl-internals.md section 4, `ncclTopoGetXmlFromSys`, src/graph/xml.cc): a device's
parent is two path components up, so the up/downstream port pair of a PCIe switch becomes one PCI
node, and a parent that is not a BDF (`pci0000:15`) is the CPU root complex.

NCCL itself has no NODE: it merges the host bridges of one NUMA node into one CPU, so a NODE path is
PHB for NCCL's GDR and P2P levels (`nccl_level_of`).

Grace-class GPUs (GH200, GB200, GB300) reach their CPU over NVLink-C2C, which sysfs does not show:
they are recognised by product name (`gpu_is_c2c`), and from NCCL 2.27 their path to a NIC on the
same CPU is P2C (`gdr_path_name`; what the GDR test makes of it is ncclkit.nccl.gdr).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from ncclkit.facts import GpuInfo, IbDevice, NodeFacts, PciDevice
from ncclkit.nccl.versions import GDR_C2C_DEFAULT, nccl_version, ver_at_least
from ncclkit.textclean import strip_ansi

__all__ = [
    "GpuLink",
    "NicPath",
    "PathType",
    "gdr_path_name",
    "gpu_gpu_link",
    "gpu_is_c2c",
    "gpu_nic_paths",
    "is_flattened",
    "nccl_level_of",
    "pci_ancestors",
    "pci_path_type",
]

_BDF = re.compile(r"^[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]$")


class PathType(IntEnum):
    """nvidia-smi's PCI path names, best (closest) first."""

    PIX = 1  # at most one PCIe bridge (one switch) between the two
    PXB = 2  # several bridges, no host bridge
    PHB = 3  # through one CPU host bridge (same root complex)
    NODE = 4  # between host bridges of one NUMA node
    SYS = 5  # across NUMA nodes (QPI/UPI/xGMI)


# GPUs joined to a Grace CPU by NVLink-C2C. NCCL learns C2C from NVML's C2C_LINK fields; a snapshot
# has no such field, so the product name is the evidence.
_C2C_GPU_NAMES = ("GH200", "GB200", "GB300")


def gpu_is_c2c(gpu: GpuInfo) -> bool:
    """True for a Grace-Hopper/Blackwell GPU, whose CPU link is NVLink-C2C rather than PCIe."""
    return any(tag in (gpu.name or "").upper() for tag in _C2C_GPU_NAMES)


def _p2c_applies(facts: NodeFacts, gpu: GpuInfo) -> bool:
    """NCCL 2.27+ types GPU-C2C-CPU-PCIe-NIC as P2C (mergePathType: PHB combined with C2C, paths.cc)."""
    return gpu_is_c2c(gpu) and ver_at_least(nccl_version(facts), GDR_C2C_DEFAULT)


def gdr_path_name(facts: NodeFacts, gpu: GpuInfo, path: PathType) -> str:
    """The NCCL path type of GPU->NIC `path` for the GDR decision: PHB (or NODE: same CPU) from a C2C
    GPU is P2C on 2.27+; SYS stays SYS (paths.cc, nccl-internals.md section 4)."""
    level = nccl_level_of(path)
    return "P2C" if level == "PHB" and _p2c_applies(facts, gpu) else level


def nccl_level_of(path: PathType) -> str:
    """The NCCL path type of an nvidia-smi one: NODE is PHB for NCCL (host bridges fused per NUMA)."""
    return "PHB" if path is PathType.NODE else path.name


def pci_ancestors(chain: tuple[str, ...]) -> tuple[str, ...] | None:
    """NCCL's PCI parents of a device, nearest first, ending before the CPU; None without a chain."""
    if len(chain) < 2 or not _BDF.match(chain[-1]):
        return None
    out: list[str] = []
    i = len(chain) - 1
    while True:
        # Up one component; a non-BDF there is the root complex (CPU): stop.
        if i - 1 < 0 or not _BDF.match(chain[i - 1]):
            break
        # Up a second component (skips a switch's downstream port); non-BDF again means CPU.
        if i - 2 < 0 or not _BDF.match(chain[i - 2]):
            break
        i -= 2
        out.append(chain[i])
    return tuple(out)


def pci_path_type(a: PciDevice, b: PciDevice) -> PathType | None:
    """Path type between two PCI functions; None when either chain is unknown."""
    anc_a, anc_b = pci_ancestors(a.path), pci_ancestors(b.path)
    if anc_a is None or anc_b is None:
        return None
    common = next(((i, anc_b.index(n)) for i, n in enumerate(anc_a) if n in anc_b), None)
    if common is not None:
        # PCI nodes crossed: a's side up to the shared switch, b's side, the shared one once.
        num_switches = common[0] + common[1] + 1
        return PathType.PIX if num_switches == 1 else PathType.PXB
    if a.path[0] == b.path[0]:
        return PathType.PHB
    if a.numa_node == b.numa_node:
        # Both -1 (unknown) also lands here: NCCL puts both under one <cpu numaid="-1">.
        return PathType.NODE
    return PathType.SYS


@dataclass(frozen=True, slots=True, kw_only=True)
class NicPath:
    """One GPU to one RDMA device (all its ports share the PCI function's path)."""

    gpu: GpuInfo
    device: IbDevice
    path: PathType | None  # None: a chain is missing (the NIC is not on PCI, or not read)

    @property
    def gpu_name(self) -> str:
        return f"GPU{self.gpu.index}"


def _pci_of(facts: NodeFacts, bdf: str | None, numa_node: int | None) -> PciDevice | None:
    if bdf is None:
        return None
    dev = facts.pci.get(bdf.lower())
    if dev is None or not dev.path:
        return None
    if dev.numa_node is None and numa_node is not None:
        return PciDevice(bdf=dev.bdf, numa_node=numa_node, path=dev.path)
    return dev


def gpu_nic_paths(facts: NodeFacts) -> dict[int, list[NicPath]]:
    """Per GPU index, every RDMA device with its path type, closest first."""
    devices = facts.ib_devices
    out: dict[int, list[NicPath]] = {}
    for gpu in facts.gpus:
        gpu_pci = _pci_of(facts, gpu.bus_id, gpu.numa_node)
        paths = []
        for dev in devices:
            nic_pci = _pci_of(facts, dev.pci_bdf, dev.numa_node)
            kind = pci_path_type(gpu_pci, nic_pci) if gpu_pci and nic_pci else None
            paths.append(NicPath(gpu=gpu, device=dev, path=kind))
        out[gpu.index] = sorted(paths, key=lambda p: (p.path is None, p.path or 0, p.device.name))
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class GpuLink:
    """GPU<->GPU connection as `nvidia-smi topo -m` names it: NV# or a PCI path type."""

    nvlinks: int | None = None  # bonded NVLinks; 0 when NVLink is seen but the count is unknown
    path: PathType | None = None
    from_matrix: bool = False  # NVLink count read from nvidia-smi topo -m (no NVLink facts)

    @property
    def label(self) -> str:
        if self.nvlinks is not None:
            return f"NV{self.nvlinks}" if self.nvlinks else "NV"
        return self.path.name if self.path else "?"


def gpu_gpu_link(facts: NodeFacts, a: GpuInfo, b: GpuInfo) -> GpuLink:
    """NVLink when nvlinks join the two GPUs (directly or through NVSwitch), else the PCI path."""
    gpu_ids = {g.bus_id.lower() for g in facts.gpus}
    act_a = [link for link in a.nvlinks if link.active]
    act_b = [link for link in b.nvlinks if link.active]
    direct = sum(1 for link in act_a if (link.remote_bus_id or "").lower() == b.bus_id.lower())
    if direct:
        return GpuLink(nvlinks=direct)
    if act_a and act_b:
        sw_a = [link for link in act_a if link.remote_bus_id and link.remote_bus_id.lower() not in gpu_ids]
        sw_b = [link for link in act_b if link.remote_bus_id and link.remote_bus_id.lower() not in gpu_ids]
        if sw_a and sw_b:
            # Both reach NVSwitch: nvidia-smi prints the bonded count every GPU has into the fabric.
            return GpuLink(nvlinks=min(len(sw_a), len(sw_b)))
        unknown = all(link.remote_bus_id is None for link in act_a + act_b)
        if unknown and len(facts.gpus) == 2:
            # Two GPUs with active links and no remote ids: they can only be joined to each other.
            return GpuLink(nvlinks=min(len(act_a), len(act_b)))
        if unknown:
            return GpuLink(nvlinks=0)
    if not any(g.nvlinks for g in facts.gpus):
        count = _matrix_nvlinks(facts.topo_matrix, a.index, b.index)
        if count is not None:
            return GpuLink(nvlinks=count, from_matrix=True)
    pa = _pci_of(facts, a.bus_id, a.numa_node)
    pb = _pci_of(facts, b.bus_id, b.numa_node)
    return GpuLink(path=pci_path_type(pa, pb) if pa and pb else None)


def _matrix_nvlinks(matrix: str | None, a: int, b: int) -> int | None:
    """The NV# cell of `nvidia-smi topo -m` for GPU a, GPU b; None when absent or not NVLink.

    NVLink is not visible in sysfs, so a snapshot without NVML link data (nvidia-smi -q -x has none)
    can only learn it from the matrix; PCI path types are never taken from it.
    """
    if not matrix:
        return None
    lines = [line.split() for line in strip_ansi(matrix).splitlines() if line.strip()]
    # Columns are tab-separated in a capture but often spaces once pasted: split on any blank.
    # GPU columns come first, in index order, so GPU b is cell 1 + b of row GPU a.
    if not lines or f"GPU{b}" not in lines[0]:
        return None
    for cells in lines[1:]:
        if cells[0] == f"GPU{a}" and 1 + b < len(cells):
            m = re.fullmatch(r"NV(\d+)", cells[1 + b])
            return int(m.group(1)) if m else None
    return None


def is_flattened(facts: NodeFacts) -> bool:
    """True on a VM whose GPUs and NICs all sit directly on a root bus (one, or one each) with numa_node -1.

    NCCL then sees every GPU<->NIC path as PHB (nccl-internals.md section 4: a non-BDF parent is the
    CPU), so it turns GDR off and cannot pick the close NIC; the host's topology is hidden.
    """
    bdfs = [g.bus_id for g in facts.gpus] + [d.pci_bdf for d in facts.ib_devices if d.pci_bdf]
    devs = [facts.pci.get(b.lower()) for b in bdfs]
    if not facts.gpus or any(d is None or not d.path for d in devs):
        return False
    # One root bus (KVM), or one PCI domain per device (Hyper-V vPCI, Azure): either way no device has
    # a root port above it, and NCCL keys CPUs by numaid, so numa_node -1 puts every root under one
    # <cpu numaid=-1> and all GPU-NIC paths are PHB.
    return (all(len(d.path) == 2 for d in devs if d)
            and all(d.numa_node in (None, -1) for d in devs if d))
