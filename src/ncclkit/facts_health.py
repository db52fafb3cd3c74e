"""Typed, frozen node-health facts (round two of doctor): PCIe ACS / IOMMU, GPU health, IB port
counters, IPC, firewall, RDMA user space, NCCL config files and net plugins.

Same conventions as ncclkit.facts: `None` means "not exposed / not captured", never zero or False,
so a rule stays silent on a snapshot that did not capture a source.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = [
    "AcsState",
    "FirewallFacts",
    "GpuHealth",
    "HealthFacts",
    "IbCounters",
    "IpcFacts",
    "NcclConfFacts",
    "Xid",
]



@dataclass(frozen=True, slots=True, kw_only=True)
class AcsState:
    """ACS control of one PCI bridge: the ACS extended capability (id 0x000D) control word."""

    bdf: str
    source: str  # "config" (sysfs config space) or "lspci" (cmd/lspci-vvv.txt)
    request_redirect: bool  # P2P Request Redirect (bit 2): peer requests go up to the root complex
    completion_redirect: bool  # P2P Completion Redirect (bit 3)
    source_validation: bool = False  # bit 0
    egress_control: bool = False  # bit 5
    direct_translated: bool = False  # bit 6

    @property
    def redirects(self) -> bool:
        return self.request_redirect or self.completion_redirect


@dataclass(frozen=True, slots=True, kw_only=True)
class Xid:
    """One `NVRM: Xid (PCI:0000:18:00): 79, ...` kernel message."""

    bus_id: str  # normalised "0000:18:00.0"
    code: int
    text: str
    seconds_since_boot: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GpuHealth:
    """Health fields of one GPU from `nvidia-smi -q -x` (the same fields NVML gives)."""

    bus_id: str
    persistence_mode: str | None = None  # "Enabled" / "Disabled"
    fabric_state: str | None = None  # "Completed", "In Progress", "Not Started", "Not Supported"
    fabric_status: str | None = None  # "Success" or an error text
    fabric_health: str | None = None  # <fabric><health><summary>: "Healthy", "Unhealthy", "Limited Capacity"
    vbios_version: str | None = None
    ecc_mode: str | None = None  # current_ecc
    ecc_volatile_uncorrectable: int | None = None  # dram + sram uncorrectable since driver load
    ecc_aggregate_uncorrectable: int | None = None  # lifetime
    retired_pending: bool | None = None  # retired_pages/pending_retirement == Yes
    remap_pending: bool | None = None
    remap_failure: bool | None = None
    remapped_uncorrectable: int | None = None
    recovery_action: str | None = None  # gpu_recovery_action: "None", "Reset", "Reboot", "Drain P2P"


@dataclass(frozen=True, slots=True, kw_only=True)
class IbCounters:
    """sys/class/infiniband/<dev>/ports/<p>/counters: the error counters as the kernel prints them.

    `totals` are the values at capture (since the counters were last cleared, usually since boot);
    `deltas` the change over `interval_s` when the port was sampled twice, else empty.
    """

    port: str  # "mlx5_0:1"
    totals: dict[str, int] = field(default_factory=dict)
    deltas: dict[str, int] = field(default_factory=dict)
    interval_s: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class IpcFacts:
    shm_size_bytes: int | None = None  # /dev/shm size (proc/mounts `size=`, or statvfs live)
    shm_source: str | None = None
    remove_ipc: bool | None = None  # logind RemoveIPC as set explicitly; None when not set or unknown
    remove_ipc_source: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FirewallFacts:
    """What the host firewall does to a new inbound TCP connection from another node, per port
    (see ncclkit.probe.firewall): "accept" or "drop" (dropped or rejected)."""

    source: str | None = None  # "cmd/iptables-save.txt", "cmd/nft-ruleset.txt"; None: not captured
    ephemeral_range: tuple[int, int] | None = None  # proc/sys/net/ipv4/ip_local_port_range
    ephemeral_verdicts: dict[int, str] = field(default_factory=dict)  # sample ports of that range
    master_port: int | None = None  # MASTER_PORT, else torch's default 29500
    master_verdict: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class NcclConfFacts:
    """NCCL's config files and external net plugin, as NCCL itself looks them up (ncclkit.nccl.config, ncclkit.nccl.names)."""

    files: dict[str, dict[str, str]] = field(default_factory=dict)  # path -> variables it sets
    missing_conf_file: str | None = None  # NCCL_CONF_FILE names a file that does not exist
    from_files: dict[str, str] = field(default_factory=dict)  # variables in force only through a file
    net_plugins: tuple[str, ...] | None = None  # libnccl-net*.so found on the library path
    topo_default: bool | None = None  # /var/run/nvidia-topologyd/virtualTopology.xml exists


@dataclass(frozen=True, slots=True, kw_only=True)
class HealthFacts:
    acs: tuple[AcsState, ...] = ()
    acs_source: str | None = None  # None: no bridge's ACS could be read
    # bdf -> {"correctable", "nonfatal", "fatal"}: TOTAL_ERR_* of sysfs aer_dev_* since boot
    aer: dict[str, dict[str, int]] = field(default_factory=dict)
    iommu_groups: dict[str, str] = field(default_factory=dict)  # bdf -> group type ("DMA-FQ", "identity")
    iommu_group_count: int | None = None  # number of sys/kernel/iommu_groups/* (None: not captured)
    cmdline: str | None = None  # proc/cmdline
    nvswitches: tuple[str, ...] = ()  # PCI functions of class 0x0680 from NVIDIA
    fabric_manager: str | None = None  # `systemctl is-active nvidia-fabricmanager`
    gpus: tuple[GpuHealth, ...] = ()
    xids: tuple[Xid, ...] | None = None  # None: kernel log not captured
    # GPU index -> counter ("Replay Errors", "Recovery Errors", "CRC Errors") -> sum over its links,
    # from `nvidia-smi nvlink -e` (since the driver loaded); empty when not captured
    nvlink_errors: dict[int, dict[str, int]] = field(default_factory=dict)
    ib_counters: tuple[IbCounters, ...] = ()
    uptime_s: float | None = None
    ipc: IpcFacts = field(default_factory=IpcFacts)
    firewall: FirewallFacts = field(default_factory=FirewallFacts)
    conf: NcclConfFacts = field(default_factory=NcclConfFacts)
