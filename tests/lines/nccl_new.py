"""Lines NCCL itself prints that are new after 2.30.7 (NCCL 2.31 / 2.32), read alone and inside an NCCL log.

Sources: the NVIDIA/nccl mirror has no tag after v2.30.7-1, so the texts come from the newest wheel,
nvidia-nccl-cu13 2.32.3 (libnccl.so.2, `strings -n 8`), keeping the format strings that are neither in
tests/data/nccl_warns.json nor in any string literal of v2.30.7-1's src/ (%-conversions normalised).
File, line, function and level of each line were read from the call site in the library's own code
(objdump of .text: the ncclDebugLogInternal(level, flags, __FILE__, __func__, __LINE__, fmt) arguments),
so the prefixes are what 2.32.3 prints: WARN and the new ATTN level (6) as
'host:pid:tid [dev] file.cc:LINE (function) NCCL WARN|ATTN text', INFO as 'host:pid:tid [dev] NCCL INFO text'.
Lines whose text is also in the dev branch (2.31.0a7, 86fa684) cite that source file:line; their printed
line numbers are 2.32.3's. The others cite 'NVIDIA/nccl libnccl.so.2.32.3 (strings)', and their cause comes
from the wording (the 2.32 'HINT:' INFO lines state it outright) and the nearest source (dev 86fa684).
Causes follow CONTRACTS.md section 9: only where the line names one; GIN/RMA/profiler/CE notices, internal
consistency checks and fallbacks that keep running go to NO_CAUSE."""

from __future__ import annotations

_S = 'NVIDIA/nccl libnccl.so.2.32.3 (strings)'

CASES = [
    # transport/multicast.cc:221 ncclMcPartitionBindMem (WARN, 2.32.3)
    (_S,
     "gpu-node07:48213:48213 [3] transport/multicast.cc:221 (ncclMcPartitionBindMem) NCCL WARN Failed to bind NVLink SHARP (NVLS) Multicast memory of size 1610612736 at MC group 2a0000000 offset 0 : CUDA error 401 'the operation cannot be performed in the present state'.\nThis is usually caused by a system or configuration error in the Fabric Manager or NVSwitches.\nDisable NVLS (NCCL_NVLS_ENABLE=0) if you wish to avoid this error in the future.",
     'log.fabric_manager', 'cuda_or_driver'),
    # init.cc:968 fillInfo (ATTN, 2.32.3)
    (_S,
     'gpu-node07:48213:48213 [3] init.cc:968 (fillInfo) NCCL ATTN MNNVL busId 0x1b000 NVLink fabric health reports DEGRADED_BANDWIDTH (healthMask 0x4)',
     'log.fabric_manager', 'cuda_or_driver'),
    # init.cc:1308 initTransportsRank (ATTN, 2.32.3)
    (_S,
     'gpu-node07:48213:48213 [3] init.cc:1308 (initTransportsRank) NCCL ATTN Mismatched NCCL git versions detected: rank 0 fingerprint 0x5f2c8a1e, rank 8 fingerprint 0x9b03d447',
     'log.version_mismatch', 'nccl_version_mismatch'),
    # transport/net_ib/common.cc:211 ncclIbAsyncThreadMain (WARN, 2.32.3)
    (_S,
     'gpu-node07:48213:48402 [3] transport/net_ib/common.cc:211 (ncclIbAsyncThreadMain) NCCL WARN NET/IB : mlx5_3:1 marking device with fatal error after GID-change event handler failed',
     'log.gid_error', 'gid_index_or_roce_config'),
    # INFO (NCCL_NET), port-recovery resiliency (2.32.3)
    # the text names both the port and the GID; read as the GID (the RTR failure's usual cause)
    (_S,
     'gpu-node07:48213:48402 [3] NCCL INFO NET/IB: ncclIbPortRecoveryConnect: RTR failed (110) for QP devIndex=1 qp_num=3208 localGidIndex=3 (port still down or GID not yet registered) (send comm=0x7f3a9c012a40)',
     'log.gid_error', 'gid_index_or_roce_config'),
    # dev_runtime.cc:2034 ncclDevCommCreate (WARN, 2.32.3)
    (_S,
     'gpu-node07:48213:48213 [3] dev_runtime.cc:2034 (ncclDevCommCreate) NCCL WARN User requested CFT multicast capability, but NVLS is disabled or unsupported.',
     'log.invalid_usage', 'application_bug'),
    # dev_runtime.cc:1809 ncclCommWindowRegister (WARN, 2.32.3)
    (_S,
     'gpu-node07:48213:48213 [3] dev_runtime.cc:1809 (ncclCommWindowRegister) NCCL WARN NCCL_WIN_COLL_SYMMETRIC cannot be combined with window capability-restriction flags',
     'log.invalid_usage', 'application_bug'),
    # gin/gin_host.cc:327 ginDevCommSetupWithBackend (WARN, 2.32.3)
    (_S,
     'gpu-node07:48213:48213 [3] gin/gin_host.cc:327 (ginDevCommSetupWithBackend) NCCL WARN Cannot create DevComm with a GIN rank stride 16 greater than the rail team stride 8',
     'log.invalid_usage', 'application_bug'),
    # misc/crypt.cc:710 ncclCryptAcceptHello (ATTN, 2.32.3)
    (_S,
     'gpu-node07:48213:48377 [3] misc/crypt.cc:710 (ncclCryptAcceptHello) NCCL ATTN Socket magic mismatch from 10.12.4.31<51822> (peer 0x0000000000000000 != expected 0x3c2f9a61d84be017), discarding peer connection',
     'log.socket_foreign', 'application_bug'),
    # INFO (NCCL_TUNING) algSelection fallback (2.32.3)
    (_S,
     'gpu-node07:48213:48213 [3] NCCL INFO config->algSelection "Ring/Simple" cannot be honored for AllReduce; falling back to automatic selection',
     'log.tuning_invalid', 'performance_config'),
    ('NVIDIA/nccl src/tuning/tuning.cc:310@86fa684',
     'gpu-node07:48213:48213 [3] tuning/tuning.cc:327 (ncclTuningCompute) NCCL WARN No algorithm/protocol nor symKernelId available for function AllReduce with datatype ncclBfloat16. NCCL_ALGO was set to NVLS. NCCL_PROTO was set to LL.',
     'log.tuning_invalid', 'performance_config'),
    # graph/topo.cc:1769 ncclTopoPopulateNics (ATTN, 2.32.3)
    (_S,
     'gpu-node07:48213:48213 [3] graph/topo.cc:1769 (ncclTopoPopulateNics) NCCL ATTN TOPO/NET : Changing mlx5_2 dev index from 2 to 5. This device is shared by IB GIN  plugin(s). This can be due to outdated plugin or topology xml file. The former may cause performance degradation. Try setting NCCL_IB_DEVICE_PCI_ORDER=0 or upgrading your net plugin to resolve this warning.',
     'log.net_plugin_error', 'net_plugin_error'),
    ('NVIDIA/nccl src/init.cc:141@86fa684',
     'gpu-node07:48213:48213 [3] init.cc:163 (initGdrCopy) NCCL WARN NCCL_GDRCOPY_USE_INTERNAL_DMABUF=1 but NCCL internal DMA-BUF mmap backend could not initialize',
     'log.gdrcopy_error', 'gdr_unavailable'),
    ('NVIDIA/nccl src/misc/gdrwrap.cc:603@86fa684',
     'gpu-node07:48213:48213 [3] NCCL INFO libgdrapi.so.2 gdr_open() failed; falling back to NCCL internal DMA-BUF mmap backend',
     'log.gdrcopy_error', 'gdr_unavailable'),
    ('NVIDIA/nccl src/misc/gdrwrap.cc:154@86fa684',
     'gpu-node07:48213:48213 [3] NCCL INFO NCCL internal DMA-BUF mmap backend disabled: CUDA device 3 does not support DMA-BUF',
     'log.gdrcopy_error', 'gdr_unavailable'),
]

NO_CAUSE = [
    # NCCL's HINT lines restate the cause of the WARN they follow, which is read (patterns_table_notices)
    'gpu-node07:48213:48390 [3] NCCL INFO HINT: In many cases this error indicates that NCCL_IB_TIMEOUT is set too short (the default value is 20, which is ~30 seconds before timing out).',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48390 [3] NCCL INFO HINT: To confirm, increase NCCL_IB_TIMEOUT (see https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-ib-timeout).',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48390 [3] NCCL INFO HINT: In many cases this error indicates that ACS is enabled, which breaks the GPU Direct RDMA protocol.',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48390 [3] NCCL INFO HINT: To confirm, set NCCL_NET_GDR_LEVEL=0; if that resolves it, disable ACS following your vendor documentation.',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    "gpu-node07:48213:48390 [3] NCCL INFO HINT: In many cases this error indicates that an incorrect GID index is forced by NCCL_IB_GID_INDEX, or that a NIC's GID changed mid-run.",  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    "gpu-node07:48213:48390 [3] NCCL INFO HINT: To confirm, set NCCL_IB_GID_INDEX=-1 to enable automatic detection and check 'dmesg | grep -i gid' for GID changes (see https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-ib-gid-index).",  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48390 [3] NCCL INFO HINT: In many cases this error indicates that the NICs are not cross-rail connected.',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48390 [3] NCCL INFO HINT: To confirm, set NCCL_CROSS_NIC=0 to disable cross-rail communication (see https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-cross-nic).',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48213 [3] NCCL INFO HINT: In many cases this error indicates that the GPU peer-mapping (BAR1 P2P) resources are exhausted, which can happen on nodes with more than 8 GPUs.',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48213 [3] NCCL INFO HINT: In many cases this error indicates that the IMEX (NVLink fabric) service is not running or is misconfigured on MNNVL systems.',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    "gpu-node07:48213:48213 [3] NCCL INFO HINT: To confirm, run 'nvidia-imex-ctl -N' (which may require elevated privileges) to check the IMEX channel and domain status.",  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    "gpu-node07:48213:48213 [3] NCCL INFO HINT: In many cases this error indicates that NCCL could not obtain complete PCI topology information, which inside a container is often caused by running with '--net host'.",  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48213 [3] NCCL INFO HINT: In many cases this error indicates missing or faulty information in the provided topology file.',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48213 [3] NCCL INFO HINT: To confirm, set NCCL_TOPO_DUMP_FILE=topo.xml to produce the topology NCCL has detected and compare to the one provided.',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48213 [3] gin/gin_host.cc:444 (ncclGinDevCommSetup) NCCL WARN GIN: DevComm setup failed on all available backends',  # NVIDIA/nccl libnccl.so.2.32.3 (strings) gin/gin_host.cc:444
    'gpu-node07:48213:48213 [3] plugin/gin.cc:369 (ncclGinSetDefaultBackend) NCCL WARN GIN backend type 2 not supported on all ranks, removing from active backends',  # NVIDIA/nccl libnccl.so.2.32.3 (strings) plugin/gin.cc:369
    'gpu-node07:48213:48213 [3] transport/net_ib/gdaki/gin_host_gdaki.cc:580 (gdakiConnectQp) NCCL WARN [3] Failed to connect GDAKI QP: local_node_name=gpu-node07 local_gpu_id=3 local_nic_name=mlx5_3 remote_rank=11 remote_node_name=gpu-node08 remote_gpu_id=3 remote_nic_name=mlx5_3',  # NVIDIA/nccl src/transport/net_ib/gdaki/gin_host_gdaki.cc:466@86fa684
    'gpu-node07:48213:48402 [3] transport/net_ib/p2p_resiliency_recovery.cc:1518 (ncclIbPortRecoveryHandleFailure) NCCL WARN NET/IB: Port recovery is disabled while handling failure on device 1 (comm=0x7f3a9c012a40)',  # NVIDIA/nccl libnccl.so.2.32.3 (strings) transport/net_ib/p2p_resiliency_recovery.cc:1518
    'gpu-node07:48213:48213 [3] ras/progress_monitor.cc:299 (createGpuProgressCounterMonitor) NCCL WARN NCCL progress counter monitor: cudaDev 3 thread failed to come up within 2000 ms (worker initialization may have failed)',  # NVIDIA/nccl libnccl.so.2.32.3 (strings) ras/progress_monitor.cc:299
    'gpu-node07:48213:48213 [3] ce_coll.cc:1011 (ncclHierCollNumCtx) NCCL WARN NCCL_HIER_CE_COLL_NUM_CTX=8 exceeds provisioned contexts; using 4. Increase NCCL_NUM_RMA_INT_CTX before init.',  # NVIDIA/nccl libnccl.so.2.32.3 (strings) ce_coll.cc:1011
    'gpu-node07:48213:48213 [3] NCCL INFO CUDA memory pools are not supported on device 3; using synchronous allocations',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48395 [3] NCCL INFO Profiler: KernelCh inflight ops exceeded soft cap (inflight=65536, cap=65536). Check that the profiler plugin is draining events.',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48402 [3] NCCL INFO doca_verbs_comp_channel_create not supported, falling back to polling-based errors',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48213 [3] NCCL INFO rank 3 NVLS UB arena registration of 0+268435456 bytes failed, using internal buffer path',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
    'gpu-node07:48213:48213 [3] NCCL INFO Unable to get RemoteDeviceType for NVLink 12, igoring.',  # NVIDIA/nccl src/graph/xml.cc:972@86fa684
    'gpu-node07:48213:48213 [3] NCCL INFO NCCL progress-counter clock calibration failed on cudaDev 3; progress-counter age tracking disabled for this communicator',  # NVIDIA/nccl libnccl.so.2.32.3 (strings)
]
