"""Typed, frozen facts about one node, as the probe reads them (live `/` or a snapshot folder).

`None` always means "not exposed / could not be read", never zero. Every source that failed is
listed in `NodeFacts.issues` so that rules can say what could not be checked.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from ncclkit.facts_health import HealthFacts

__all__ = [
    "GidEntry",
    "GpuInfo",
    "IbDevice",
    "IbPort",
    "NcclFacts",
    "RdmaAccess",
    "NetIface",
    "NodeFacts",
    "NvLink",
    "OsFacts",
    "PCIE_GEN_GTS",
    "PciDevice",
    "PeerMemFacts",
    "ProbeIssue",
    "facts_to_json",
    "pcie_gen_of_gts",
]


# PCIe generation -> link speed in GT/s: NVML and nvidia-smi give generations, sysfs gives GT/s.
PCIE_GEN_GTS = {1: 2.5, 2: 5.0, 3: 8.0, 4: 16.0, 5: 32.0, 6: 64.0}


def pcie_gen_of_gts(speed_gts: float | None) -> int | None:
    """16.0 -> 4; None or a speed that is no PCIe generation's -> None."""
    return next((gen for gen, gts in PCIE_GEN_GTS.items() if gts == speed_gts), None)


@dataclass(frozen=True, slots=True, kw_only=True)
class ProbeIssue:
    """A source that could not be read: `source` is a short name, `path` the file or command."""

    source: str
    path: str
    message: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PciDevice:
    """One PCI function from sys/bus/pci/devices/<bdf> (resolved into sys/devices/pci*/...)."""

    bdf: str  # lower case, with domain: "0000:18:00.0"
    vendor: str | None = None  # "0x15b3"
    device: str | None = None
    class_code: str | None = None  # sysfs `class`, "0x020700"
    numa_node: int | None = None  # -1 kept as -1: the kernel does not know (flattened VMs)
    current_link_speed_gts: float | None = None  # "16.0 GT/s PCIe" -> 16.0
    current_link_width: int | None = None
    max_link_speed_gts: float | None = None
    max_link_width: int | None = None
    local_cpulist: str | None = None
    # Chain from the root complex down to this device, e.g. ("pci0000:15", "0000:15:01.0", ...,
    # "0000:18:00.0"): the parent bridges NCCL walks to compute path types.
    path: tuple[str, ...] = ()
    driver: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class NvLink:
    link: int
    active: bool
    remote_bus_id: str | None = None  # normalised like PciDevice.bdf, when known


@dataclass(frozen=True, slots=True, kw_only=True)
class GpuInfo:
    """An NVIDIA GPU: NVML live, else cmd/nvidia-smi-q-x.xml."""

    index: int
    name: str | None = None
    bus_id: str  # normalised "0000:18:00.0"
    uuid: str | None = None
    numa_node: int | None = None
    pcie_gen_current: int | None = None
    pcie_gen_max: int | None = None
    pcie_width_current: int | None = None
    pcie_width_max: int | None = None
    compute_capability: str | None = None  # "9.0", when known
    nvlinks: tuple[NvLink, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class GidEntry:
    """ports/<p>/gids/<i> with gid_attrs/types/<i> and gid_attrs/ndevs/<i>."""

    index: int
    gid: str
    gid_type: str | None = None  # "RoCE v2", "IB/RoCE v1", None when the attr is absent (EINVAL)
    ndev: str | None = None
    ipv4: str | None = None  # for ::ffff:a.b.c.d GIDs

    @property
    def is_empty(self) -> bool:
        return self.gid.replace(":", "").strip("0") == ""

    @property
    def is_link_local(self) -> bool:
        return self.gid.lower().replace(":", "").startswith("fe80000000000000")

    @property
    def roce_version(self) -> int | None:
        if self.gid_type is None:
            return None
        return 2 if "v2" in self.gid_type.lower() else 1


@dataclass(frozen=True, slots=True, kw_only=True)
class IbPort:
    """sys/class/infiniband/<dev>/ports/<n>."""

    device: str
    port: int
    state: str | None = None  # "ACTIVE" (from "4: ACTIVE")
    state_id: int | None = None
    phys_state: str | None = None  # "LinkUp" (from "5: LinkUp")
    phys_state_id: int | None = None
    rate_gbps: float | None = None  # from "400 Gb/sec (4X NDR)"
    rate_text: str | None = None
    link_layer: str | None = None  # "InfiniBand" or "Ethernet", as the kernel spells it
    lid: str | None = None
    gids: tuple[GidEntry, ...] = ()

    @property
    def name(self) -> str:
        """The name NCCL prints and NCCL_IB_HCA takes: mlx5_0:1."""
        return f"{self.device}:{self.port}"

    @property
    def is_active(self) -> bool:
        return self.state_id == 4 and (self.phys_state_id in (None, 5))

    @property
    def is_roce(self) -> bool:
        return (self.link_layer or "").lower() == "ethernet"


@dataclass(frozen=True, slots=True, kw_only=True)
class IbDevice:
    """sys/class/infiniband/<dev>: one RDMA device (HCA, VF or bond)."""

    name: str
    node_type: str | None = None
    fw_ver: str | None = None
    board_id: str | None = None
    hca_type: str | None = None
    node_guid: str | None = None
    sys_image_guid: str | None = None
    pci_bdf: str | None = None  # the PCI function behind `device`
    numa_node: int | None = None
    netdevs: tuple[str, ...] = ()  # net interfaces on the same PCI function
    ports: tuple[IbPort, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class NetIface:
    """sys/class/net/<if> plus its addresses (live getifaddrs, or cmd/ip-j-addr.json)."""

    name: str
    operstate: str | None = None  # "up", "down", "unknown"
    mtu: int | None = None
    type: int | None = None  # ARPHRD: 1 ether, 32 infiniband (IPoIB), 772 loopback
    address: str | None = None  # MAC / hardware address
    flags: int | None = None  # IFF_* bit mask from sysfs
    speed_mbps: int | None = None
    pci_bdf: str | None = None  # None for virtual interfaces
    is_virtual: bool = False
    ipv4: tuple[str, ...] = ()  # "10.0.0.1/24"
    ipv6: tuple[str, ...] = ()
    addresses_known: bool = False  # False when no address source could be read
    ifindex: int | None = None  # sys/class/net/<if>/ifindex: getifaddrs (NCCL's search) order

    @property
    def is_up(self) -> bool:
        if self.flags is not None:
            return bool(self.flags & 0x1) and (self.operstate or "up") not in ("down",)
        return (self.operstate or "").lower() in ("up", "unknown")

    @property
    def kind(self) -> str:
        if self.type == 772 or self.name == "lo":
            return "loopback"
        if self.type == 32:
            return "ipoib"
        if self.type == 1:
            return "ethernet"
        return "other"


@dataclass(frozen=True, slots=True, kw_only=True)
class PeerMemFacts:
    """What NCCL's GDR probes look at (nccl-internals.md section 3)."""

    nv_mem: bool = False  # sys/kernel/mm/memory_peers/nv_mem/version
    nv_mem_nc: bool = False  # sys/kernel/mm/memory_peers/nv_mem_nc/version
    nvidia_peermem_module: bool = False  # sys/module/nvidia_peermem/version
    legacy_nvidia_peermem: bool = False  # sys/kernel/mm/memory_peers/nvidia-peermem/version (<=2.21)
    nv_peer_mem_module: bool = False  # sys/module/nv_peer_mem (MLNX_OFED's older module)
    kernel_release: str | None = None
    open_kernel_module: bool | None = None  # "Open Kernel Module" in proc/driver/nvidia/version
    dmabuf_possible: bool | None = None  # kernel >= 5.12 and open module; None when unknown


@dataclass(frozen=True, slots=True, kw_only=True)
class OsFacts:
    memlock_soft_bytes: int | None = None  # None: unknown; see memlock_unlimited
    memlock_unlimited: bool | None = None
    max_map_count: int | None = None
    rmem_max: int | None = None
    wmem_max: int | None = None
    modules: tuple[str, ...] = ()  # loaded kernel modules (proc/modules)
    os_name: str | None = None  # PRETTY_NAME of etc/os-release
    numa_balancing: int | None = None
    cpu_vendor: str | None = None  # proc/cpuinfo vendor_id ("AuthenticAMD", "GenuineIntel"); None on Arm


@dataclass(frozen=True, slots=True, kw_only=True)
class RdmaAccess:
    """Whether a process here can open the RDMA devices: NCCL dlopens libibverbs.so[.1] (ibvwrap.cc),
    libibverbs loads a provider for the HCA (libmlx5-rdmav*.so) and opens each device's
    /dev/infiniband/uverbs* node; sysfs alone shows the host's HCAs, also in a container that has none
    of these. Plus the stack's versions, which must match across a cluster."""

    source: str | None = None  # "live", "cmd/rdma-userspace.json", "cmd/libibverbs.txt", "dev/"; None: not read
    uverbs: tuple[str, ...] | None = None  # /dev/infiniband/uverbs*; None: not looked at
    libibverbs: str | None = None  # the library the loader finds (a resolved path, or "libibverbs.so.1")
    libibverbs_known: bool = False  # False: not looked at (libibverbs None then means unknown)
    providers: tuple[str, ...] | None = None  # libibverbs/lib*-rdmav*.so; None: not looked at
    rdma_core_version: str | None = None  # from the libibverbs file name (libibverbs.so.1.14.50.0 -> 50.0)
    ofed_version: str | None = None  # `ofed_info -s`, e.g. "MLNX_OFED_LINUX-23.10-1.1.9.0"


@dataclass(frozen=True, slots=True, kw_only=True)
class NcclFacts:
    version: str | None = None  # "2.28.9"
    version_source: str | None = None  # "torch", "libnccl", "cmd/torch-nccl.txt", "cmd/nccl-version.txt"
    torch_version: str | None = None
    env: dict[str, str] = field(default_factory=dict)  # NCCL_* (and related) variables in force
    env_source: str | None = None  # "process", "cmd/env.txt"
    # Variables that came from an NCCL config file (NCCL_CONF_FILE, ~/.nccl.conf, /etc/nccl.conf), with
    # that file: they are in `env` too, where NCCL's precedence put them (ncclkit.nccl.config).
    env_from_files: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class NodeFacts:
    host: str
    source: str  # "live" or the snapshot folder
    captured_at: str | None = None
    driver_version: str | None = None
    cuda_version: str | None = None
    gpus: tuple[GpuInfo, ...] = ()
    gpu_source: str | None = None  # "nvml", "nvidia-smi-q-x.xml", "sysfs" (PCI ids only) or None
    ib_devices: tuple[IbDevice, ...] = ()
    ifaces: tuple[NetIface, ...] = ()
    pci: dict[str, PciDevice] = field(default_factory=dict)  # bdf -> device, GPUs and NICs at least
    numa_nodes: dict[int, str] = field(default_factory=dict)  # node id -> cpulist
    peermem: PeerMemFacts = field(default_factory=PeerMemFacts)
    os: OsFacts = field(default_factory=OsFacts)
    nccl: NcclFacts = field(default_factory=NcclFacts)
    rdma: RdmaAccess = field(default_factory=RdmaAccess)
    topo_matrix: str | None = None  # cmd/nvidia-smi-topo-m.txt, kept for comparison only
    health: HealthFacts = field(default_factory=HealthFacts)  # round-two node checks
    issues: tuple[ProbeIssue, ...] = ()

    @property
    def ib_ports(self) -> tuple[IbPort, ...]:
        return tuple(p for d in self.ib_devices for p in d.ports)

    def iface(self, name: str) -> NetIface | None:
        return next((i for i in self.ifaces if i.name == name), None)


def facts_to_json(obj: Any) -> Any:
    """Plain JSON data of a facts object (dataclasses, tuples, dicts), with int dict keys as str."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: facts_to_json(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return {str(k): facts_to_json(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [facts_to_json(v) for v in obj]
    return obj
