"""The root-cause taxonomy of CONTRACTS.md section 9: what a finding says went wrong, in one word (the catalogue of
each finding id's default is ncclkit.causes)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Cause"]


class Cause(StrEnum):
    FIREWALL_OR_PORT_BLOCKED = "firewall_or_port_blocked"
    WRONG_INTERFACE = "wrong_interface"
    HOSTNAME_RESOLUTION = "hostname_resolution"
    IB_PORT_DOWN_OR_LINK = "ib_port_down_or_link"
    GID_INDEX_OR_ROCE_CONFIG = "gid_index_or_roce_config"
    GDR_UNAVAILABLE = "gdr_unavailable"
    ACS_IOMMU_P2P = "acs_iommu_p2p"
    SHM_TOO_SMALL = "shm_too_small"
    MEMLOCK_OR_ULIMIT = "memlock_or_ulimit"
    NCCL_VERSION_MISMATCH = "nccl_version_mismatch"
    IB_TIMEOUT_OR_RETRY = "ib_timeout_or_retry"
    IB_RESOURCE_ERROR = "ib_resource_error"
    SOCKET_FALLBACK = "socket_fallback"
    NET_PLUGIN_ERROR = "net_plugin_error"
    TOPOLOGY_OR_NUMA = "topology_or_numa"
    CUDA_OR_DRIVER = "cuda_or_driver"
    APPLICATION_BUG = "application_bug"
    OOM = "oom"
    RANK_CRASHED_ELSEWHERE = "rank_crashed_elsewhere"
    HANG_COLLECTIVE_MISMATCH = "hang_collective_mismatch"
    PERFORMANCE_CONFIG = "performance_config"
    OTHER = "other"
