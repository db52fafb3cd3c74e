"""Which transport two GPUs of one node use: P2P, SHM or NET (the intra-node choice).

`selectTransport` tries P2P, then SHM, then NET (src/transport.cc). P2P (`ncclTopoCheckP2p`,
src/graph/paths.cc): the GPU path must be <= the P2P level, PXB by default; NCCL_P2P_DISABLE=1 is
LOC and NCCL_P2P_LEVEL goes through `ncclGetLevel`. Read mode only for NVLink between two sm80 GPUs.
Both P2P and SHM first ask `ncclTopoCheckNet` (paths.cc, all versions): with NCCL_NET_DISABLE_INTRA
unset, NET replaces them when each GPU reaches a NIC at <= PXB with more path bandwidth than the
GPU-GPU path. A GPU-GPU path across sockets is bounded by the inter-CPU link (topo.h: 6 GB/s BDW
QPI and ARM, 10 SKL, 16 AMD, 22 SPR, 40 EMR); a NIC path by its PCIe link (gen x width, 24 GB/s for
Gen4 x16) and its speed.
On AMD x86 CPUs with at most 2 GPUs the default P2P level is SYS from v2.23.4-1 (ncclTopoCheckP2p,
`ncclTopoCpuType`: the cpuid vendor, proc/cpuinfo's vendor_id).
Not modelled: P2P through an intermediate NVLink GPU (NVB) on partial NVLink meshes (DGX-1 class):
the facts do not record which GPU pairs an NVLink peer could relay.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ncclkit.facts import GpuInfo, NodeFacts, PciDevice
from ncclkit.nccl.params import env_int, parse_level, path_order
from ncclkit.nccl.paths import NicPath, PathType, gpu_gpu_link, gpu_nic_paths, nccl_level_of
from ncclkit.nccl.versions import AMD_P2P_SYS, CUMEM, nccl_version, ver_at_least

__all__ = ["path_bw", "pci_bw", "predict_transports"]

# kvDictPciGen (src/graph/xml.cc): GT/s -> NCCL's per-x80 bandwidth unit; bw = gen * width / 80 GB/s.
_PCI_GEN = {2.5: 15, 5.0: 30, 8.0: 60, 16.0: 120, 32.0: 240, 64.0: 480}
_QPI_MAX_BW = 40.0  # ERP_QPI_BW, the fastest inter-CPU link of topo.h
_QPI_COMMON_BW = 22.0  # SRP_QPI_BW: every other CPU model's link is at most this


def pci_bw(dev: PciDevice | None) -> float | None:
    """NCCL's PCI link bandwidth (GB/s) of a function from its max link speed and width."""
    if dev is None or dev.max_link_speed_gts is None or not dev.max_link_width:
        return None
    gen = _PCI_GEN.get(float(dev.max_link_speed_gts))
    return gen * dev.max_link_width / 80 if gen else None


def path_bw(facts: NodeFacts, nic: NicPath) -> float | None:
    """NCCL's GPU->NIC path bandwidth (GB/s): the smallest link on the way, the NIC's speed included;
    a path across sockets is capped at the common inter-CPU bandwidth. None when nothing is known."""
    rate = max((p.rate_gbps or 0.0 for p in nic.device.ports), default=0.0) / 8
    bws = [b for b in (rate, pci_bw(facts.pci.get((nic.device.pci_bdf or "").lower())),
                       pci_bw(facts.pci.get(nic.gpu.bus_id.lower()))) if b]
    if nic.path is PathType.SYS:
        bws.append(_QPI_COMMON_BW)
    return min(bws) if bws else None


def _net_bw(facts: NodeFacts, gpu: GpuInfo, ib_devices: set[str]) -> float:
    """Best bandwidth from `gpu` to a NIC at <= PXB (0: none)."""
    order = path_order()
    best = 0.0
    for np in gpu_nic_paths(facts).get(gpu.index, []):
        if np.path is None or np.device.name not in ib_devices or order[nccl_level_of(np.path)] > order["PXB"]:
            continue
        best = max(best, path_bw(facts, np) or 0.0)
    return best


def _intra_net(facts: NodeFacts, env: dict[str, str], a: GpuInfo, b: GpuInfo, pci: PathType | None,
               ib_devices: set[str]) -> str | None:
    """Why NET replaces P2P/SHM for a cross-socket pair (None: it does not)."""
    if env_int(env, "NCCL_NET_DISABLE_INTRA", 0) == 1 or pci is not PathType.SYS or not ib_devices:
        return None
    net = min(_net_bw(facts, a, ib_devices), _net_bw(facts, b, ib_devices))
    gpu_bws = [bw for bw in (pci_bw(facts.pci.get(g.bus_id.lower())) for g in (a, b)) if bw]
    limit = min([_QPI_COMMON_BW, *gpu_bws])
    if net <= limit:
        return None
    certain = net > min([_QPI_MAX_BW, *gpu_bws])
    return (f"both GPUs reach a NIC at <= PXB at {net:g} GB/s, more than the cross-socket GPU path "
            + ("(at most 40 GB/s on any CPU)" if certain else "(6-22 GB/s on all but Emerald Rapids CPUs)")
            + ": ncclTopoCheckNet picks NET inside the node")


def predict_transports(facts: NodeFacts, env: dict[str, str], ib_devices: set[str]) -> dict[str, Any]:
    """Per GPU pair, the transport and why; `ib_devices` are the RDMA devices NET would use."""
    version = nccl_version(facts)
    order = path_order(version)
    p2p_off = env_int(env, "NCCL_P2P_DISABLE", 0) == 1
    shm_off = env_int(env, "NCCL_SHM_DISABLE", 0) == 1
    default = "PXB"
    if facts.os.cpu_vendor == "AuthenticAMD" and len(facts.gpus) <= 2 and ver_at_least(version, AMD_P2P_SYS):
        default = "SYS"
    level = "LOC" if p2p_off else (parse_level(env.get("NCCL_P2P_LEVEL"), version) or default)
    cumem = env_int(env, "NCCL_CUMEM_ENABLE", 1)
    label = "P2P/CUMEM" if ver_at_least(version, CUMEM) and cumem != 0 else "P2P/IPC"
    out: dict[str, Any] = {}
    for a, b in combinations(facts.gpus, 2):
        link = gpu_gpu_link(facts, a, b)
        pci: PathType | None = None
        path: str | None
        if link.nvlinks is not None:
            name, path = (f"NV{link.nvlinks}" if link.nvlinks else "NVLink"), "NVL"
        else:
            pci = link.path
            name = pci.name if pci else "unknown"
            path = nccl_level_of(pci) if pci else None
        net_why = _intra_net(facts, env, a, b, pci, ib_devices)
        if path is None:
            kind, why = "unknown", "no PCI path between the two GPUs is known"
        elif net_why is not None:
            kind, why = "NET", net_why
        elif order[path] <= order[level]:
            read = path == "NVL" and a.compute_capability == b.compute_capability == "8.0"
            kind = label + ("/read" if read else "")
            why = f"{name} path ({path}) <= P2P level {level}"
        elif not shm_off:
            kind = "SHM"
            why = ("P2P disabled by NCCL_P2P_DISABLE" if p2p_off
                   else f"{name} path ({path}) > P2P level {level}: through host memory")
        else:
            kind, why = "NET", "neither P2P nor SHM is allowed: traffic goes through the NIC"
        out[f"GPU{a.index}-GPU{b.index}"] = {"transport": kind, "link": name, "why": why}
    return out
