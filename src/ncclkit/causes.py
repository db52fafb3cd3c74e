"""Root-cause taxonomy (CONTRACTS.md section 9): what a finding says went wrong, in one word.

Every finding carries a cause. A finding id has a default cause (`CAUSE_BY_ID`, or the id's area in
`CAUSE_BY_AREA`); a judge that knows better (a log line decoded in context) passes `cause=`
explicitly. `None` means the finding states no cause (a transport map, a bandwidth table).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Cause", "CAUSE_BY_AREA", "CAUSE_BY_ID", "default_cause"]


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


# Exact ids whose cause differs from their area's default. Filled per id; `docs/findings.md` shows
# the effective cause of each id and tests/test_findings_catalogue.py keeps the two in step.
CAUSE_BY_ID: dict[str, Cause | None] = {
    "gpu.none": Cause.CUDA_OR_DRIVER,
    "gpu.driver_missing": Cause.CUDA_OR_DRIVER,
    "rdma.none": Cause.SOCKET_FALLBACK,
    "ib.rate_mismatch": Cause.IB_PORT_DOWN_OR_LINK,
    "ib.ipoib_missing": Cause.WRONG_INTERFACE,
    "gdr.distance": Cause.TOPOLOGY_OR_NUMA,
    "pcie.link_degraded": Cause.TOPOLOGY_OR_NUMA,
    # Node checks, round two (rules/pcie_p2p.py, gpu_health.py, host.py, env_names.py).
    "pcie.acs_enabled": Cause.ACS_IOMMU_P2P,
    "pcie.iommu_translated": Cause.ACS_IOMMU_P2P,
    "pcie.aer_errors": Cause.OTHER,
    "gpu.fabric_not_ready": Cause.CUDA_OR_DRIVER,
    "gpu.fabric_manager_inactive": Cause.CUDA_OR_DRIVER,
    "gpu.xid": Cause.CUDA_OR_DRIVER,
    "gpu.ecc_uncorrectable": Cause.CUDA_OR_DRIVER,
    "gpu.memory_repair_pending": Cause.CUDA_OR_DRIVER,
    "gpu.row_remap_failed": Cause.CUDA_OR_DRIVER,
    "gpu.recovery_action": Cause.CUDA_OR_DRIVER,
    "gpu.persistence_off": Cause.CUDA_OR_DRIVER,
    "nvlink.inactive": Cause.CUDA_OR_DRIVER,
    "nvlink.errors": Cause.CUDA_OR_DRIVER,
    "os.shm_small": Cause.SHM_TOO_SMALL,
    "os.remove_ipc": Cause.SHM_TOO_SMALL,
    "net.firewall_ephemeral_blocked": Cause.FIREWALL_OR_PORT_BLOCKED,
    "net.firewall_master_blocked": Cause.FIREWALL_OR_PORT_BLOCKED,
    "rdma.verbs_unavailable": Cause.SOCKET_FALLBACK,
    "nccl.net_plugin_missing": Cause.NET_PLUGIN_ERROR,
    "nccl.net_plugin": None,
    "env.name_misspelled": Cause.PERFORMANCE_CONFIG,
    "env.name_removed": Cause.PERFORMANCE_CONFIG,
    "env.conf_file_missing": Cause.OTHER,
    "env.conf_file": None,
    "env.socket_buffer_capped": Cause.PERFORMANCE_CONFIG,
    "topo.flattened": Cause.TOPOLOGY_OR_NUMA,
    "nccl.version_unknown": None,
    "probe.source_missing": None,
    "env.gid_index_invalid": Cause.GID_INDEX_OR_ROCE_CONFIG,
    "env.hca_unknown": Cause.TOPOLOGY_OR_NUMA,
    "env.hca_entry_unknown": Cause.TOPOLOGY_OR_NUMA,
    "env.hca_prefix_ambiguous": Cause.TOPOLOGY_OR_NUMA,
    "env.hca_mixed_link_layer": Cause.GID_INDEX_OR_ROCE_CONFIG,
    "env.hca_subset": Cause.PERFORMANCE_CONFIG,
    "env.value_invalid": Cause.OTHER,
    "env.nccl_default_wrong": None,  # the variable's cause is passed: interface, GID or ports
    "env.ifname_unknown": Cause.WRONG_INTERFACE,
    "env.ifname_ignored": Cause.WRONG_INTERFACE,
    "env.ifname_virtual": Cause.WRONG_INTERFACE,
    "env.ifname_prefix_ambiguous": Cause.WRONG_INTERFACE,
    "env.ib_disabled": Cause.SOCKET_FALLBACK,
    "env.p2p_disabled": Cause.PERFORMANCE_CONFIG,
    "env.gdr_level_invalid": Cause.GDR_UNAVAILABLE,
    "env.gdr_disabled": Cause.GDR_UNAVAILABLE,
    "env.topo_file_invalid": Cause.TOPOLOGY_OR_NUMA,
    # NCCL model (ncclkit.nccl): NCCL_COMM_ID bootstrap subnet, an NCCL_NET no plugin meets.
    "env.comm_id_unreachable": Cause.WRONG_INTERFACE,
    "env.net_unmet": Cause.NET_PLUGIN_ERROR,
    "input.unreadable": None,
    "input.binary": None,
    "input.unknown_kind": None,
    "input.unflattened": None,
    "log.net_socket": Cause.SOCKET_FALLBACK,
    "log.no_gdrdma": Cause.GDR_UNAVAILABLE,
    "log.intra_node_net": Cause.ACS_IOMMU_P2P,
    "log.transport_map": None,
    "log.nccl_error_code": None,
    "log.no_nccl_lines": None,
    "log.no_failure": None,
    "log.ib_completion_error": Cause.IB_TIMEOUT_OR_RETRY,
    "log.ibv_create_qp_failed": Cause.IB_RESOURCE_ERROR,
    "log.ibv_create_cq_failed": Cause.IB_RESOURCE_ERROR,
    "log.ibv_reg_mr_failed": Cause.IB_RESOURCE_ERROR,
    "log.ibv_modify_qp_failed": Cause.GID_INDEX_OR_ROCE_CONFIG,
    "log.gid_error": Cause.GID_INDEX_OR_ROCE_CONFIG,
    "log.ib_port_event": Cause.IB_PORT_DOWN_OR_LINK,
    "log.ib_mixed_link_layers": Cause.GID_INDEX_OR_ROCE_CONFIG,
    "log.libibverbs_missing": Cause.SOCKET_FALLBACK,
    "log.no_ib_device": Cause.SOCKET_FALLBACK,
    "log.gdr_disabled": Cause.GDR_UNAVAILABLE,
    "log.bootstrap_duplicate_rank": Cause.APPLICATION_BUG,
    "log.duplicate_gpu": Cause.APPLICATION_BUG,
    "log.version_mismatch": Cause.NCCL_VERSION_MISMATCH,
    "log.bootstrap_error": Cause.WRONG_INTERFACE,
    "log.socket_closed": Cause.RANK_CRASHED_ELSEWHERE,
    "log.socket_connect_failed": Cause.FIREWALL_OR_PORT_BLOCKED,
    "log.no_interface": Cause.WRONG_INTERFACE,
    "log.timeout": Cause.HANG_COLLECTIVE_MISMATCH,
    "log.abort": Cause.RANK_CRASHED_ELSEWHERE,
    "log.worker_failed": None,
    "log.launcher_host_failed": None,
    "log.launcher_local_hosts": Cause.HOSTNAME_RESOLUTION,
    "log.remote_exited": Cause.RANK_CRASHED_ELSEWHERE,
    "log.shm_error": Cause.SHM_TOO_SMALL,
    "log.ib_disabled": Cause.SOCKET_FALLBACK,
    "log.firewall": Cause.FIREWALL_OR_PORT_BLOCKED,
    "log.collnet_sharp_error": Cause.NET_PLUGIN_ERROR,
    "log.net_plugin_error": Cause.NET_PLUGIN_ERROR,
    "log.ofi_error": Cause.NET_PLUGIN_ERROR,
    "log.plugin_not_found": Cause.NET_PLUGIN_ERROR,
    "log.env_overwritten": Cause.WRONG_INTERFACE,
    "log.cuda_error": Cause.CUDA_OR_DRIVER,
    "log.system_error": None,
    "log.internal_error": None,
    "log.invalid_usage": Cause.APPLICATION_BUG,
    "log.proxy_error": None,
    "log.nccl_error": None,
    "log.other": None,
    # analyze diagnosis (logs/patterns_table*.py, logs/diagnose.py): lines of the framework, launcher,
    # kernel and verbs, and the alarming lines that state no cause.
    "log.noise": None,
    "log.alternative": None,
    "log.memlock": Cause.MEMLOCK_OR_ULIMIT,
    "log.fabric_manager": Cause.CUDA_OR_DRIVER,
    "log.p2p_error": Cause.ACS_IOMMU_P2P,
    "log.topology_error": Cause.TOPOLOGY_OR_NUMA,
    "log.kernel_shared_mem": Cause.OTHER,
    "log.nccl_unknown_result": Cause.NCCL_VERSION_MISMATCH,
    "log.verbs_provider_missing": Cause.SOCKET_FALLBACK,
    "log.shm_small": Cause.SHM_TOO_SMALL,
    "log.gpu_missing": Cause.CUDA_OR_DRIVER,
    "log.hostname_loopback": Cause.WRONG_INTERFACE,
    "log.gloo_interface": Cause.WRONG_INTERFACE,
    "log.mpi_transport": Cause.OTHER,
    "log.ucx_unreachable": Cause.WRONG_INTERFACE,
    "log.nccl_too_old": Cause.NCCL_VERSION_MISMATCH,
    "log.job_stopped": Cause.OTHER,
    "log.mpi_launch": Cause.WRONG_INTERFACE,
    "log.thread_limit": Cause.MEMLOCK_OR_ULIMIT,
    "log.pcie_error": Cause.OTHER,
    "log.p2p_unavailable": Cause.ACS_IOMMU_P2P,
    "log.multi_node_stall": Cause.FIREWALL_OR_PORT_BLOCKED,
    "log.launch_config": Cause.APPLICATION_BUG,
    "log.gpu_fault": Cause.CUDA_OR_DRIVER,
    "log.nic_fault": Cause.IB_PORT_DOWN_OR_LINK,
    "log.host_net_limit": Cause.OTHER,
    "log.conntrack_full": Cause.FIREWALL_OR_PORT_BLOCKED,
    "log.rp_filter": Cause.WRONG_INTERFACE,
    "log.single_process": Cause.APPLICATION_BUG,
    "log.bar1_small": Cause.ACS_IOMMU_P2P,
    "log.fs_unsupported": Cause.OTHER,
    "log.connect_retried": None,
    "log.program_error": Cause.APPLICATION_BUG,
    "log.package_build": Cause.OTHER,
    "log.error_words": None,
    "log.framework_release": Cause.OTHER,
    "log.rendezvous_timeout": Cause.PERFORMANCE_CONFIG,  # each finding carries the cause its failure lines' words name
    "log.library_version": Cause.NCCL_VERSION_MISMATCH,
    "log.legacy_nccl": Cause.NCCL_VERSION_MISMATCH,
    "log.tests_not_one_job": Cause.OTHER,
    "log.proxy_env": Cause.OTHER,
    "log.nvshmem_nic": Cause.OTHER,
    "log.pcie_link_degraded": Cause.OTHER,
    "log.ib_link_errors": Cause.IB_PORT_DOWN_OR_LINK,
    "log.fabric_drops": Cause.IB_TIMEOUT_OR_RETRY,
    "log.host_setting": Cause.PERFORMANCE_CONFIG,
    "log.gpu_sharing_layer": Cause.OTHER,
    "log.framework_check": Cause.OTHER,
    "log.container_start": Cause.OTHER,
    "log.env_set": None,
    "log.crash": Cause.OTHER,
    "log.process_aborted": Cause.OTHER,
    "log.master_addr_loopback": Cause.WRONG_INTERFACE,
    "log.nccl_without_gpu": Cause.APPLICATION_BUG,
    "log.master_addr_differs": Cause.WRONG_INTERFACE,
    "log.ibv_call_failed": Cause.IB_RESOURCE_ERROR,
    "log.same_hostname": Cause.HOSTNAME_RESOLUTION,
    "log.package_versions": Cause.NCCL_VERSION_MISMATCH,
    "log.collective_mismatch": Cause.HANG_COLLECTIVE_MISMATCH,
    "log.name_resolution": Cause.HOSTNAME_RESOLUTION,
    "log.port_in_use": Cause.APPLICATION_BUG,
    "log.oom": Cause.OOM,
    "log.process_killed": Cause.OOM,
    "log.comm_id_invalid": Cause.APPLICATION_BUG,
    "log.socket_foreign": Cause.APPLICATION_BUG,
    "log.net_transport_mismatch": Cause.SOCKET_FALLBACK,
    "log.host_identity": Cause.HOSTNAME_RESOLUTION,
    "log.cuda_driver_load": Cause.CUDA_OR_DRIVER,
    "log.cuda_driver_unsupported": Cause.CUDA_OR_DRIVER,
    "log.cuda_context": Cause.CUDA_OR_DRIVER,
    "log.fd_limit": Cause.MEMLOCK_OR_ULIMIT,
    "log.single_node_stall": Cause.ACS_IOMMU_P2P,
    "log.nccl_library_missing": Cause.OTHER,
    "log.watchdog_stuck": Cause.CUDA_OR_DRIVER,
    "log.store_barrier": Cause.FIREWALL_OR_PORT_BLOCKED,
    "log.ipc_socket": Cause.SHM_TOO_SMALL,
    "log.net_missing": Cause.NET_PLUGIN_ERROR,
    "log.net_count_mismatch": Cause.IB_PORT_DOWN_OR_LINK,
    "log.ib_device_mismatch": Cause.IB_PORT_DOWN_OR_LINK,
    "log.libibverbs_old": Cause.SOCKET_FALLBACK,
    "log.gdrcopy_error": Cause.GDR_UNAVAILABLE,
    "log.tuning_invalid": Cause.PERFORMANCE_CONFIG,
    "log.name_lookup_slow": Cause.HOSTNAME_RESOLUTION,
    "log.framework_usage": Cause.APPLICATION_BUG,
    "tests.bandwidth": None,
    "tests.no_rows": None,
    "tests.wrong_results": Cause.CUDA_OR_DRIVER,
    "tests.duplicated_output": Cause.APPLICATION_BUG,
    "tests.busbw_above_nic": Cause.PERFORMANCE_CONFIG,
    "tests.line_rate": Cause.PERFORMANCE_CONFIG,
    "topo.gpu_nic": Cause.TOPOLOGY_OR_NUMA,
    "topo.no_nic": Cause.SOCKET_FALLBACK,
    "topo.no_rows": None,
    # analyze's own ids for what listings and logs show (not the node rules' ids).
    "topo.gdr_distance": Cause.TOPOLOGY_OR_NUMA,
    "ibstat.port_down": Cause.IB_PORT_DOWN_OR_LINK,
    "ibstat.rate_mismatch": Cause.IB_PORT_DOWN_OR_LINK,
    "ibstat.zero_node_guid": Cause.IB_PORT_DOWN_OR_LINK,
    "show_gids.gid_index": Cause.GID_INDEX_OR_ROCE_CONFIG,
    "show_gids.gid_index_differs": Cause.GID_INDEX_OR_ROCE_CONFIG,
    "show_gids.gid_missing": Cause.GID_INDEX_OR_ROCE_CONFIG,
    "show_gids.listing_cut": None,
    "log.p2p_disabled": Cause.PERFORMANCE_CONFIG,
    "log.gdr_level_off": Cause.GDR_UNAVAILABLE,
    "topo.pcie_p2p": Cause.ACS_IOMMU_P2P,
    "topo.p2p_unsupported": Cause.ACS_IOMMU_P2P,
    "topo.p2p_ok": None,
    "p2ptest.p2p_slow": Cause.ACS_IOMMU_P2P,
    "log.nccl_older_than_gpu": Cause.OTHER,
    "p2ptest.no_peer_access": Cause.ACS_IOMMU_P2P,
    "bench.busbw_ok": None,
    "bench.no_expectation": None,
    "bench.latency": None,
    "bench.busbw_low": Cause.PERFORMANCE_CONFIG,
    "bench.wrong_results": Cause.CUDA_OR_DRIVER,
    "bench.rank_straggler": Cause.PERFORMANCE_CONFIG,
    "bench.ib_write_bw": None,
    "bench.ib_write_bw_low": Cause.IB_PORT_DOWN_OR_LINK,
    "bench.ib_write_bw_failed": Cause.IB_RESOURCE_ERROR,
    # bench row sanity (bench/sanity.py): the first two judge the measurement, not the system
    "bench.no_time": None,
    "bench.time_implausible": None,
    "bench.shared_gpu": Cause.APPLICATION_BUG,
    "cluster.node_missing": Cause.RANK_CRASHED_ELSEWHERE,
    "cluster.unreachable": Cause.FIREWALL_OR_PORT_BLOCKED,
    "cluster.probe_unavailable": None,
    "cluster.version_mismatch": Cause.NCCL_VERSION_MISMATCH,
    "cluster.config_mismatch": Cause.PERFORMANCE_CONFIG,
    "cluster.transport_mismatch": Cause.SOCKET_FALLBACK,
    "cluster.proof_ok": None,
    "cluster.proof_failed": Cause.OTHER,
    "cluster.proof_skipped": None,
    "cluster.slow_pair": Cause.IB_PORT_DOWN_OR_LINK,
    "cluster.slow_node": Cause.IB_PORT_DOWN_OR_LINK,
    "cluster.pair_failed": Cause.FIREWALL_OR_PORT_BLOCKED,
    "cluster.bandwidth_fallback": Cause.SOCKET_FALLBACK,
    "cluster.phase_failed": None,
    "launch.host_unresolved": Cause.HOSTNAME_RESOLUTION,
    "launch.host_loopback": Cause.HOSTNAME_RESOLUTION,
    "launch.host_wrong_interface": Cause.WRONG_INTERFACE,
    "launch.port_in_use": Cause.FIREWALL_OR_PORT_BLOCKED,
    "launch.port_unreachable": Cause.FIREWALL_OR_PORT_BLOCKED,
    # hang diagnosis (ncclkit.hang): a dead rank is the failure, the others only wait for it; a stuck
    # collective or an input problem states no cause of its own.
    "hang.rank_missing": Cause.RANK_CRASHED_ELSEWHERE,
    "hang.all_in_collective": None,
    "hang.rank_async_error": None,
    "hang.dump_unreadable": None,
    "hang.dump_empty": None,
    "hang.dump_rank_unknown": None,
    "hang.single_dump": None,
}

# The default cause of an id area (the part before the dot); an area absent here has no default.
CAUSE_BY_AREA: dict[str, Cause | None] = {
    "ib": Cause.IB_PORT_DOWN_OR_LINK,
    "roce": Cause.GID_INDEX_OR_ROCE_CONFIG,
    "gdr": Cause.GDR_UNAVAILABLE,
    "os": Cause.MEMLOCK_OR_ULIMIT,
    "hang": Cause.HANG_COLLECTIVE_MISMATCH,
}


def default_cause(finding_id: str) -> Cause | None:
    """The cause of `finding_id` when its judge gives none: the id's own entry, else its area's."""
    if finding_id in CAUSE_BY_ID:
        return CAUSE_BY_ID[finding_id]
    return CAUSE_BY_AREA.get(finding_id.partition(".")[0])
