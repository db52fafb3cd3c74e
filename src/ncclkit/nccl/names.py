"""Names NCCL looks for besides its config files (ncclkit.nccl.config): the net plugin library
names, the default topology file, and the variable names NCCL knows (or dropped).

Sources: NCCL 2.30.7 src/misc/param.cc (initEnvFunc, setEnvFile), src/plugin/plugin_open.cc
(library names), src/graph/topo.cc (default topology file); names from NCCL_PARAM / ncclGetEnv in
the 2.30.7 source tree.
"""

from __future__ import annotations


from ncclkit.nccl.versions import parse_nccl_version

__all__ = ["DEFAULT_TOPO_FILE", "KNOWN_NAMES", "REMOVED_NAMES", "close_known_name", "plugin_library_names"]

# Read when NCCL_TOPO_FILE is unset (src/graph/topo.cc, 2.10.3+): a topology a VM's host provides.
DEFAULT_TOPO_FILE = "/var/run/nvidia-topologyd/virtualTopology.xml"
_DEFAULT_PLUGIN = "libnccl-net.so"

# Every NCCL_* name the 2.30.7 runtime looks up, plus documented names read by its bundled
# plugins, debug code and NVIDIA's images (NCCL_VERSION).
KNOWN_NAMES: frozenset[str] = frozenset((
    "NCCL_ALGO", "NCCL_ALLGATHERV_ENABLE", "NCCL_ALLOC_P2P_NET_LL_BUFFERS", "NCCL_BUFFSIZE",
    "NCCL_CGA_CLUSTER_SIZE", "NCCL_CHECK_MODE", "NCCL_CHECK_POINTERS", "NCCL_CHUNK_SIZE", "NCCL_COLLNET_ENABLE",
    "NCCL_COLLNET_NODE_THRESHOLD", "NCCL_COMM_BLOCKING", "NCCL_COMM_ID", "NCCL_COMM_SHRINK_SHARE_RESOURCES",
    "NCCL_COMM_SPLIT_SHARE_RESOURCES", "NCCL_CONF_FILE", "NCCL_CONNECT_ROUND_MAX_PEERS", "NCCL_CROSS_NIC",
    "NCCL_CTA_POLICY", "NCCL_CUMEM_ENABLE", "NCCL_CUMEM_HOST_ENABLE", "NCCL_DEBUG", "NCCL_DEBUG_FILE",
    "NCCL_DEBUG_SUBSYS", "NCCL_DEBUG_TIMESTAMP_FORMAT", "NCCL_DEBUG_TIMESTAMP_LEVELS", "NCCL_DEV_API_JIT",
    "NCCL_DISABLE_MEM_MANAGER", "NCCL_DMABUF_ENABLE", "NCCL_ELASTIC_BUFFER_REGISTER",
    "NCCL_ENABLE_VERSION_CHECK", "NCCL_ENV_PLUGIN", "NCCL_GDAKI_USE_RELIABLE_DB", "NCCL_GDRCOPY_ENABLE",
    "NCCL_GDRCOPY_FIFO_ENABLE", "NCCL_GDRCOPY_FLUSH_ENABLE", "NCCL_GDRCOPY_SYNC_ENABLE",
    "NCCL_GDR_FLUSH_DISABLE", "NCCL_GIN_CONNECTION_RAIL", "NCCL_GIN_ENABLE", "NCCL_GIN_ERROR_QUERY_SEC",
    "NCCL_GIN_GDAKI_MAX_DEST_RD_ATOMIC", "NCCL_GIN_GDAKI_MAX_QP_RD_ATOMIC", "NCCL_GIN_GDAKI_NIC_HANDLER",
    "NCCL_GIN_GDAKI_QP_DEPTH", "NCCL_GIN_IB_TC", "NCCL_GIN_NCONNECTIONS", "NCCL_GIN_PLUGIN",
    "NCCL_GIN_PLUGIN_REF_COUNT", "NCCL_GIN_PROXY_QUEUE_SIZE", "NCCL_GIN_TYPE", "NCCL_GRAPH_DUMP_FILE",
    "NCCL_GRAPH_DUMP_FILE_RANK", "NCCL_GRAPH_FILE", "NCCL_GRAPH_HELPER_DISABLE", "NCCL_GRAPH_MIXING_SUPPORT",
    "NCCL_GRAPH_REGISTER", "NCCL_GRAPH_STREAM_ORDERING", "NCCL_GROUP_CUDA_STREAM", "NCCL_HOSTID",
    "NCCL_IBVERBS_LIB", "NCCL_IB_ADAPTIVE_ROUTING", "NCCL_IB_ADDR_FAMILY", "NCCL_IB_ADDR_RANGE",
    "NCCL_IB_AR_THRESHOLD", "NCCL_IB_DATA_DIRECT", "NCCL_IB_DEVICE_PCI_ORDER", "NCCL_IB_DISABLE",
    "NCCL_IB_ECE_ENABLE", "NCCL_IB_FIFO_TC", "NCCL_IB_GDR_LEVEL", "NCCL_IB_GID_INDEX", "NCCL_IB_HCA",
    "NCCL_IB_MERGE_NICS", "NCCL_IB_MERGE_VFS", "NCCL_IB_MQP_RETRY_ALL", "NCCL_IB_MQP_RETRY_CNT",
    "NCCL_IB_MQP_RETRY_SLEEP_MSEC", "NCCL_IB_OOO_RQ", "NCCL_IB_PCI_RELAXED_ORDERING", "NCCL_IB_PKEY",
    "NCCL_IB_PREPOST_RECEIVE_WORK_REQUESTS", "NCCL_IB_QPS_PER_CONNECTION", "NCCL_IB_QUERY_PORT_SPEED",
    "NCCL_IB_RECEIVER_SIDE_MATCHING_SCHEME", "NCCL_IB_RESILIENCY_PORT_FAILOVER",
    "NCCL_IB_RESILIENCY_PORT_FAILOVER_MAX_ATTEMPTS", "NCCL_IB_RESILIENCY_PORT_FAILOVER_PROBE_DELAY",
    "NCCL_IB_RESILIENCY_PORT_RECOVERY", "NCCL_IB_RESILIENCY_PORT_RECOVERY_ACK_TIMEOUT",
    "NCCL_IB_RESILIENCY_PORT_RECOVERY_ALIVE_MSG_BATCH_INTERVAL",
    "NCCL_IB_RESILIENCY_PORT_RECOVERY_ALIVE_MSG_BATCH_SIZE",
    "NCCL_IB_RESILIENCY_PORT_RECOVERY_ALIVE_MSG_SEQUENCE_SIZE",
    "NCCL_IB_RESILIENCY_PORT_RECOVERY_ALIVE_MSG_TIMEOUT", "NCCL_IB_RESILIENCY_PORT_RECOVERY_ATTEMPTS_MAX",
    "NCCL_IB_RESILIENCY_PORT_RECOVERY_START_DELAY", "NCCL_IB_RETRY_CNT", "NCCL_IB_RETURN_ASYNC_EVENTS",
    "NCCL_IB_ROCE_VERSION_NUM", "NCCL_IB_ROUTABLE_FLID_GID_INDEX", "NCCL_IB_SL", "NCCL_IB_SPLIT_DATA_ON_QPS",
    "NCCL_IB_SUBNET_AWARE_ROUTING", "NCCL_IB_SUBNET_PREFIX_LEN", "NCCL_IB_TC", "NCCL_IB_TIMEOUT",
    "NCCL_IB_USE_INLINE", "NCCL_IB_WARN_RAIL_LOCAL", "NCCL_IGNORE_COLLNET_MISMATCH",
    "NCCL_IGNORE_CPU_AFFINITY", "NCCL_IGNORE_DISABLED_P2P", "NCCL_IGNORE_NET_MISMATCH",
    "NCCL_INSPECTOR_DUMP_DIR", "NCCL_INSPECTOR_DUMP_THREAD_INTERVAL_MICROSECONDS",
    "NCCL_INSPECTOR_DUMP_VERBOSE", "NCCL_INSPECTOR_ENABLE", "NCCL_IPC_USE_ABSTRACT_SOCKET",
    "NCCL_L1_SHARED_MEMORY_CARVEOUT", "NCCL_LAUNCH_MODE", "NCCL_LAUNCH_ORDER_IMPLICIT",
    "NCCL_LAUNCH_RACE_FATAL", "NCCL_LEGACY_CUDA_REGISTER", "NCCL_LL128_BUFFSIZE", "NCCL_LL128_C2C",
    "NCCL_LL128_NTHREADS", "NCCL_LL_BUFFSIZE", "NCCL_LOCAL_REGISTER", "NCCL_LSA_TEAM_SIZE", "NCCL_MAX_CTAS",
    "NCCL_MAX_NCHANNELS", "NCCL_MAX_NRINGS", "NCCL_MAX_P2P_NCHANNELS", "NCCL_MEM_SYNC_DOMAIN",
    "NCCL_MIN_CTAS", "NCCL_MIN_NCHANNELS", "NCCL_MIN_NRINGS", "NCCL_MIN_P2P_NCHANNELS",
    "NCCL_MLOPART_RDMA_ENABLE", "NCCL_MNNVL_CLIQUE_ID", "NCCL_MNNVL_CROSS_CLIQUE", "NCCL_MNNVL_ENABLE",
    "NCCL_MNNVL_RAIL_PER_HOST", "NCCL_MNNVL_SCATTER_NETS_ENABLE", "NCCL_MNNVL_UUID",
    "NCCL_MULTI_RANK_GPU_ENABLE", "NCCL_MULTI_SEGMENT_REGISTER", "NCCL_NCHANNELS_PER_NET_PEER", "NCCL_NET",
    "NCCL_NETDEVS_POLICY", "NCCL_NET_DISABLE_INTRA", "NCCL_NET_FORCE_FLUSH", "NCCL_NET_FORCE_MERGE",
    "NCCL_NET_GDR_C2C", "NCCL_NET_GDR_LEVEL", "NCCL_NET_GDR_MLOPART", "NCCL_NET_GDR_READ",
    "NCCL_NET_MERGE_LEVEL", "NCCL_NET_MERGE_POLICY", "NCCL_NET_OPTIONAL_RECV_COMPLETION",
    "NCCL_NET_OVERHEAD", "NCCL_NET_PLUGIN", "NCCL_NET_PLUGIN_REF_COUNT", "NCCL_NET_SHARED_BUFFERS",
    "NCCL_NET_SHARED_COMMS", "NCCL_NO_CACHE", "NCCL_NSOCKS_PERTHREAD", "NCCL_NTHREADS", "NCCL_NUM_RMA_CTX",
    "NCCL_NVB_DISABLE", "NCCL_NVB_PRECONNECT", "NCCL_NVLINK_UTIL_CENTRIC_SCHED_ENABLE",
    "NCCL_NVLSTREE_MAX_CHUNKSIZE", "NCCL_NVLS_CHUNKSIZE", "NCCL_NVLS_ENABLE", "NCCL_NVLS_NCHANNELS",
    "NCCL_NVTX_DISABLE", "NCCL_OOB_NET_ENABLE", "NCCL_OOB_NET_IFNAME", "NCCL_P2P_DIRECT_DISABLE",
    "NCCL_P2P_DISABLE", "NCCL_P2P_EPOCH_ENABLE", "NCCL_P2P_LEVEL", "NCCL_P2P_LL_THRESHOLD",
    "NCCL_P2P_MAX_PEERS", "NCCL_P2P_NET_CHUNKSIZE", "NCCL_P2P_NVL_CHUNKSIZE", "NCCL_P2P_PCI_CHUNKSIZE",
    "NCCL_P2P_PER_CHANNEL_NET_BW", "NCCL_P2P_PXN_LEVEL", "NCCL_P2P_READ_ENABLE",
    "NCCL_P2P_SCHEDULE_GROUP_SIZE", "NCCL_P2P_USE_CUDA_MEMCPY", "NCCL_PARAM_DUMP_ALL", "NCCL_PAT_ENABLE",
    "NCCL_PROFILER_PLUGIN", "NCCL_PROFILE_EVENT_MASK", "NCCL_PROGRESS_APPENDOP_FREQ", "NCCL_PROTO",
    "NCCL_PROXY_APPEND_BATCH_SIZE", "NCCL_PROXY_CPUSET", "NCCL_PROXY_DUMP_SIGNAL", "NCCL_PXN_C2C",
    "NCCL_PXN_DISABLE", "NCCL_RAS_ADDR", "NCCL_RAS_ENABLE", "NCCL_RAS_TIMEOUT_FACTOR",
    "NCCL_REPORT_CONNECT_PROGRESS", "NCCL_RMA_DISABLE", "NCCL_RMA_PLUGIN", "NCCL_RMA_PLUGIN_REF_COUNT",
    "NCCL_RMA_PROXY_DUMP_SIGNAL", "NCCL_RMA_PROXY_QUEUE_SIZE", "NCCL_RUNTIME_CONNECT",
    "NCCL_SET_CPU_STACK_SIZE", "NCCL_SET_STACK_SIZE", "NCCL_SET_THREAD_NAME", "NCCL_SHADOW_MEMPOOL_MAX_SIZE",
    "NCCL_SHARP_DISABLE", "NCCL_SHARP_GROUP_SIZE_THRESH", "NCCL_SHM_DISABLE", "NCCL_SHM_LOCALITY",
    "NCCL_SINGLE_PROC_MEM_REG_ENABLE", "NCCL_SOCKET_FAMILY", "NCCL_SOCKET_IFNAME", "NCCL_SOCKET_INLINE",
    "NCCL_SOCKET_MAGIC", "NCCL_SOCKET_MIN_TASKSIZE", "NCCL_SOCKET_NTHREADS", "NCCL_SOCKET_POLL_TIMEOUT_MSEC",
    "NCCL_SOCKET_RCVBUF", "NCCL_SOCKET_RETRY_CNT", "NCCL_SOCKET_RETRY_SLEEP_MSEC", "NCCL_SOCKET_SNDBUF",
    "NCCL_SYM_CE_THRESHOLD", "NCCL_SYM_CTAS", "NCCL_SYM_GIN_KERNELS_ENABLE", "NCCL_SYM_KERNEL",
    "NCCL_SYM_NOWIN_ENABLE", "NCCL_SYM_REUSE_SYSMEM_HANDLES", "NCCL_SYM_RS_GIN_CHUNK_SIZE",
    "NCCL_SYM_TMA_ENABLE", "NCCL_THREAD_THRESHOLDS", "NCCL_TOPO_DUMP_FILE", "NCCL_TOPO_DUMP_FILE_RANK",
    "NCCL_TOPO_FILE", "NCCL_TOPO_SPLIT_MLOPART", "NCCL_TUNER_CONFIG_FILE", "NCCL_TUNER_PLUGIN",
    "NCCL_UID_STAGGER_RATE", "NCCL_UID_STAGGER_THRESHOLD", "NCCL_UNPACK_DOUBLE_NCHANNELS", "NCCL_VERSION",
    "NCCL_WARN_ENABLE_DEBUG_INFO", "NCCL_WIN_ENABLE", "NCCL_WIN_STRIDE", "NCCL_WORK_ARGS_BYTES",
    "NCCL_WORK_FIFO_BYTES",
))

# Names no current NCCL reads (removed in the 2.4/2.5 tuning rewrite), and PyTorch's pre-2.2 names
# that it now reads only as deprecated aliases: name -> what to use instead.
REMOVED_NAMES: dict[str, str] = {
    "NCCL_LL_THRESHOLD": "nothing: NCCL's tuner picks LL by size; use NCCL_PROTO only to debug",
    "NCCL_TREE_THRESHOLD": "nothing: NCCL's tuner picks Tree by size; use NCCL_ALGO only to debug",
    "NCCL_SINGLE_RING_THRESHOLD": "nothing: removed with the ring-only tuner",
    "NCCL_RINGS": "nothing: NCCL builds its rings from the topology (NCCL_TOPO_FILE to describe it)",
    "NCCL_IB_CUDA_SUPPORT": "NCCL_NET_GDR_LEVEL",
    "NCCL_ASYNC_ERROR_HANDLING": "TORCH_NCCL_ASYNC_ERROR_HANDLING (PyTorch >= 2.2)",
    "NCCL_BLOCKING_WAIT": "TORCH_NCCL_BLOCKING_WAIT (PyTorch >= 2.2)",
    "NCCL_DESYNC_DEBUG": "TORCH_NCCL_DESYNC_DEBUG (PyTorch >= 2.2)",
}


def plugin_library_names(value: str | None, version: str | None) -> list[list[str]]:
    """Library names NCCL tries for NCCL_NET_PLUGIN, one list per plugin entry (tried in order).

    Unset: libnccl-net.so. 2.27+: a comma list; `none` (2.28+) loads nothing. Per entry X: <=2.20
    libnccl-net-X.so; 2.21+ X then libnccl-net-X.so (2.27.5+: the second only when X has no `/`
    and is not lib*.so).
    """
    if not value:
        return [[_DEFAULT_PLUGIN]]
    v = parse_nccl_version(version) if version else None
    entries = [e.strip() for e in value.split(",") if e.strip()] if v is None or v >= (2, 27, 0) else [value]
    out: list[list[str]] = []
    for entry in entries:
        if entry.lower() == "none" and (v is None or v >= (2, 28, 0)):
            continue
        if v is not None and v < (2, 21, 0):
            out.append([f"libnccl-net-{entry}.so"])
        elif "/" in entry or (entry.startswith("lib") and entry.endswith(".so")):
            out.append([entry])
        else:
            out.append([entry, f"libnccl-net-{entry}.so"])
    return out


def _distance(a: str, b: str, limit: int) -> int:
    """Levenshtein distance, cut at limit + 1."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def close_known_name(name: str) -> str | None:
    """The known NCCL name an unknown NCCL_* name is a likely misspelling of (edit distance <= 2,
    or the same words in another order); None when it is known or resembles none."""
    if name in KNOWN_NAMES or name in REMOVED_NAMES:
        return None
    words = sorted(name.split("_"))
    best: tuple[int, str] | None = None
    for known in KNOWN_NAMES:
        d = 0 if sorted(known.split("_")) == words else _distance(name, known, 2)
        if d <= 2 and (best is None or (d, known) < best):
            best = (d, known)
    return best[1] if best else None
