"""Lines of the communication libraries beside NCCL in MoE and HPC stacks, read alone and inside an NCCL log: NVSHMEM
(NVIDIA/nvshmem 2d7d25f: host init and symmetric heap (init.cu, mem_heap.cpp), transport loading (transport.cpp), the
UID bootstrap with its copy of NCCL's socket code, the PMI bootstrap, the IBGDA / IBRC / libfabric transports; its
NVSHMEMI_ERROR_PRINT/EXIT prefix `file:function:line:`, its *_ERROR_JMP prefix `file:line: non-zero status: N`, its
WARN_PRINT prefix `WARN:`, its WARN() the NCCL-like `host:pid:tid [dev] file:line NVSHMEM WARN`), DeepEP
(deepseek-ai/DeepEP dd758ca: EPException's `<name> exception (file:line): <cond or error>`, the legacy buffer's size
and rank checks, kernel timeout printfs, the NCCL runtime checks of deep_ep/__init__.py), UCC (openucx/ucc 8263de4:
TL/NCCL team creation and its NCCLCHECK, TL/UCP context, core team creation; ucs log format `[ts] [host:pid:tid]
file:line COMPONENT ERROR msg`) and MSCCL++ (microsoft/mscclpp 1f5f065: the TCP bootstrap and its socket, whose Error
adds `(mscclpp failure: <code>)`, SysError `(System failure: <strerror>)`). Lines already in cluster.py, nvfabric.py
and transfer.py are not repeated. Causes decided from the code around each line: NVSHMEM's symmetric heap exhausted
(its hint names NVSHMEM_SYMMETRIC_SIZE) and a cudaMalloc in DeepEP's buffer are oom; an invalid cuda_device_id, PE
counts the bootstrap root did not expect, a rank checking in twice, a malformed NVSHMEM_BOOTSTRAP_UID_SESSION_ID, an
NVSHMEM API called before nvshmem_init, DeepEP rank counts its kernels have no config for and DeepEP's
unique-id call on a non-root rank are application_bug; bootstrap plugins or peers of another NVSHMEM ABI, DeepEP built
against another NCCL than it loads and two libnccl in one process are nccl_version_mismatch; the UID bootstrap's
refused connect is firewall_or_port_blocked, its closed socket rank_crashed_elsewhere, its interface search that finds
nothing (NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME, or none in the session id's subnet) wrong_interface, as is MSCCL++'s;
IBGDA's INIT2RTR devx modify failing is the RoCE address/GID path (the same step as ibv_modify_qp, so
gid_index_or_roce_config); IBRC's completion with status 12 is ib_timeout_or_retry; its user-selected port found
inactive is ib_port_down_or_link; libibverbs that cannot be dlopened leaves NVSHMEM without RDMA (socket_fallback in
the taxonomy's words); IBGDA's SRQ that cannot be created (its message blames an OFED older than 5.0) is a verbs
resource failure; NVSHMEM's transport plugin .so that cannot be opened and libfabric with no provider are
net_plugin_error; a build without GDRCopy for EFA is other. MSCCL++'s bind that finds no ephemeral port is the
node's range used up (log.port_in_use with cause other, as for NCCL's own bind). Wrappers that only say init, a
transport or a team failed (`nvshmem initialization failed`, `Unable to initialize any transports`, `no CL teams were
created`, TL/NCCL's `incorrect unique id`: rank 0's ncclGetUniqueId failed earlier), UCC's missing OOB (the service
team failed on some rank) and MSCCL++'s bootstrap timeout (a root not up or a port filtered: the code cannot tell)
name nothing; UCC's NCCLCHECK (tl_nccl.h's macro, expanded in tl_nccl_coll.c) printing a bare ncclSystemError
leads as that result (RESULT_ONLY)."""

from __future__ import annotations

CASES = [
    # NVSHMEM: init and symmetric heap
    ('NVIDIA/nvshmem src/host/mem/mem_heap.cpp:2266@2d7d25f',
     '/workspace/nvshmem/src/host/mem/mem_heap.cpp:allocate_symmetric_memory:2266: nvshmem malloc failed (hint: check if total allocation has exceeded NVSHMEM symmetric size = 1073741824, NVSHMEM symmetric size can be increased using NVSHMEM_SYMMETRIC_SIZE environment variable) ',
     'log.oom', 'oom'),
    ('NVIDIA/nvshmem src/host/init/init.cu:529@2d7d25f',
     '/workspace/nvshmem/src/host/init/init.cu:nvshmemi_get_cucontext:529: cuda_device_id is set, but device at index 8 is not valid. Failing initialization.',
     'log.launch_config', 'application_bug'),
    ('NVIDIA/nvshmem src/host/init/init.cu:1197@2d7d25f',
     '/workspace/nvshmem/src/host/init/init.cu:nvshmemi_check_state_and_init:1197: nvshmem API called before nvshmem_init ',
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/nvshmem src/host/transport/transport.cpp:240@2d7d25f',
     'gpu-node-01:48211:48211 [0] /workspace/nvshmem/src/host/transport/transport.cpp:240 NVSHMEM WARN Unable to open the nvshmem_transport_ibgda.so.3 transport. nvshmem_transport_ibgda.so.3: cannot open shared object file: No such file or directory',
     'log.plugin_not_found', 'net_plugin_error'),
    # NVSHMEM: UID and PMI bootstrap
    ('NVIDIA/nvshmem src/modules/bootstrap/uid/ncclSocket/ncclsocket_socket.cpp:496@2d7d25f',
     '/workspace/nvshmem/src/modules/bootstrap/uid/ncclSocket/ncclsocket_socket.cpp:socketStartConnect:496: socketStartConnect: Connect to 10.0.0.11<43217> failed : Connection refused',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('NVIDIA/nvshmem src/modules/bootstrap/uid/ncclSocket/ncclsocket_socket.cpp:59@2d7d25f',
     '/workspace/nvshmem/src/modules/bootstrap/uid/ncclSocket/ncclsocket_socket.cpp:socketProgress:59: socketProgress: Connection closed by remote peer gpu-node-02<52314>',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('NVIDIA/nvshmem src/modules/bootstrap/uid/bootstrap_uid.cpp:148@2d7d25f',
     '/workspace/nvshmem/src/modules/bootstrap/uid/bootstrap_uid.cpp:bootstrap_net_init:148: No usable listening interface found',
     'log.no_interface', 'wrong_interface'),
    ('NVIDIA/nvshmem src/modules/bootstrap/uid/bootstrap_uid.cpp:160@2d7d25f',
     '/workspace/nvshmem/src/modules/bootstrap/uid/bootstrap_uid.cpp:bootstrap_net_init:160: No socket interface found',
     'log.no_interface', 'wrong_interface'),
    ('NVIDIA/nvshmem src/modules/bootstrap/uid/bootstrap_uid.cpp:138@2d7d25f',
     '/workspace/nvshmem/src/modules/bootstrap/uid/bootstrap_uid.cpp:bootstrap_net_init:138: Invalid NVSHMEM_BOOTSTRAP_UID_SESSION_ID, please use format: <ipv4>:<port> or [<ipv6>]:<port> or <hostname>:<port>',
     'log.comm_id_invalid', 'application_bug'),
    ('NVIDIA/nvshmem src/modules/bootstrap/uid/bootstrap_uid.cpp:234@2d7d25f',
     '/workspace/nvshmem/src/modules/bootstrap/uid/bootstrap_uid.cpp:bootstrap_root:234: mismatch in rank count from procs 16 : 8',
     'log.invalid_usage', 'application_bug'),
    ('NVIDIA/nvshmem src/modules/bootstrap/uid/bootstrap_uid.cpp:240@2d7d25f',
     '/workspace/nvshmem/src/modules/bootstrap/uid/bootstrap_uid.cpp:bootstrap_root:240: rank 3 of 16 ranks has already checked in',
     'log.bootstrap_duplicate_rank', 'application_bug'),
    ('NVIDIA/nvshmem src/modules/bootstrap/uid/bootstrap_uid.cpp:220@2d7d25f',
     '/workspace/nvshmem/src/modules/bootstrap/uid/bootstrap_uid.cpp:bootstrap_root:220: UID Bootstrap versions not compatible between PEs',
     'log.version_mismatch', 'nccl_version_mismatch'),
    ('NVIDIA/nvshmem src/modules/bootstrap/pmi/bootstrap_pmi.cpp:429@2d7d25f',
     '/workspace/nvshmem/src/modules/bootstrap/pmi/bootstrap_pmi.cpp:nvshmemi_bootstrap_plugin_init:429: PMI bootstrap version (30000) is not compatible with NVSHMEM version (30300)',
     'log.version_mismatch', 'nccl_version_mismatch'),
    # NVSHMEM: IBGDA, IBRC, libfabric transports
    ('NVIDIA/nvshmem src/modules/transport/ibgda/ibgda.cpp:4502@2d7d25f',
     '/workspace/nvshmem/src/modules/transport/ibgda/ibgda.cpp:4502: non-zero status: 7 Unable to dlopen libibverbs. Skipping IBGDA transport.',
     'log.libibverbs_missing', 'socket_fallback'),
    ('NVIDIA/nvshmem src/modules/transport/ibgda/ibgda.cpp:2062@2d7d25f',
     '/workspace/nvshmem/src/modules/transport/ibgda/ibgda.cpp:2062: error status: 0 Unable to allocate SRQ for your device. This may occur if your ofed is older than version 5.0.',
     'log.ibv_call_failed', 'ib_resource_error'),
    ('NVIDIA/nvshmem src/modules/transport/ibgda/ibgda.cpp:1682@2d7d25f',
     '/workspace/nvshmem/src/modules/transport/ibgda/ibgda.cpp:1682: non-zero status: 121 Error in mlx5dv_devx_obj_modify for INIT2RTR_QP with syndrome 4dfc1f',
     'log.ibv_modify_qp_failed', 'gid_index_or_roce_config'),
    ('NVIDIA/nvshmem src/modules/transport/ibrc/ibrc.cpp:1072@2d7d25f',
     '/workspace/nvshmem/src/modules/transport/ibrc/ibrc.cpp:1072: non-zero status: 12 ibv_poll_cq failed, status: 12',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
    ('NVIDIA/nvshmem src/modules/transport/ibrc/ibrc.cpp:1680@2d7d25f',
     'WARN: found inactive port or port with non-IB link layer protocol, skipping...',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('NVIDIA/nvshmem src/modules/transport/libfabric/libfabric.cpp:1973@2d7d25f',
     '/workspace/nvshmem/src/modules/transport/libfabric/libfabric.cpp:1973: non-zero status: -61 No providers matched fi_getinfo query: -61: No data available',
     'log.ofi_error', 'net_plugin_error'),
    ('NVIDIA/nvshmem src/modules/transport/libfabric/libfabric.cpp:2148@2d7d25f',
     '/workspace/nvshmem/src/modules/transport/libfabric/libfabric.cpp:2148: non-zero status: 4 EFA Provider requires GDRCopy, but it was disabled at compile time.',
     'log.package_build', 'other'),
    # DeepEP
    ('deepseek-ai/DeepEP csrc/legacy/buffer.hpp:149@dd758ca',
     'RuntimeError: CUDA runtime exception (/workspace/DeepEP/csrc/legacy/buffer.hpp:149): 2 (cudaErrorMemoryAllocation, out of memory)',
     'log.cuda_error', 'oom'),
    ('deepseek-ai/DeepEP csrc/kernels/backend/nccl.cu:104@dd758ca',
     'RuntimeError: Assertion exception (/workspace/DeepEP/csrc/kernels/backend/nccl.cu:104): NCCL_VERSION_CODE == nccl_runtime_version and "Prior to NCCL 2.31, NCCL compile-time and runtime versions must be the same. Please re-compile DeepEP."',
     'log.version_mismatch', 'nccl_version_mismatch'),
    ('deepseek-ai/DeepEP deep_ep/__init__.py:59@dd758ca',
     'AssertionError: Duplicate NCCL runtime found in the current system: /usr/local/lib/python3.12/dist-packages/nvidia/nccl/lib/libnccl.so.2 and /usr/lib/x86_64-linux-gnu/libnccl.so.2',
     'log.version_mismatch', 'nccl_version_mismatch'),
    ('deepseek-ai/DeepEP deep_ep/__init__.py:61@dd758ca',
     'AssertionError: No libnccl.so found in /usr/local/lib/python3.12/dist-packages/nvidia/nccl/lib/',
     'log.nccl_library_missing', 'other'),
    ('deepseek-ai/DeepEP deep_ep/buffers/legacy.py:259@dd758ca',
     'AssertionError: Unsupported number of EP ranks: 40',
     'log.launch_config', 'application_bug'),
    ('deepseek-ai/DeepEP csrc/legacy/buffer.hpp:210@dd758ca',
     'RuntimeError: Assertion exception (/workspace/DeepEP/csrc/legacy/buffer.hpp:210): rdma_rank == 0 and "Only RDMA rank 0 can get NVSHMEM unique ID"',
     'log.framework_usage', 'application_bug'),
    ('deepseek-ai/DeepEP csrc/legacy/buffer.hpp:114@dd758ca',
     'RuntimeError: Assertion exception (/workspace/DeepEP/csrc/legacy/buffer.hpp:114): num_ranks < LEGACY_NUM_MAX_NVL_PEERS or num_ranks % LEGACY_NUM_MAX_NVL_PEERS == 0',
     'log.launch_config', 'application_bug'),
    ('deepseek-ai/DeepEP csrc/kernels/legacy/intranode.cu:461@dd758ca',
     'DeepEP timeout for dispatch receivers, rank 3, responsible_channel = 5, tokens remained: 12',
     'log.timeout', 'hang_collective_mismatch'),
    ('deepseek-ai/DeepEP csrc/legacy/buffer.hpp:1105@dd758ca',
     'RuntimeError: DeepEP error: timeout (dispatch CPU)',
     'log.timeout', 'hang_collective_mismatch'),
    # UCC
    ('openucx/ucc src/components/tl/nccl/tl_nccl_coll.c:288@8263de4',
     '[1787215203.481552] [gpu-node-01:48211:0]     tl_nccl_coll.c:288  TL_NCCL ERROR NCCL error 6 remote process exited or there was a network error',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('openucx/ucc src/components/tl/nccl/tl_nccl_coll.c:288@8263de4',
     '[1787215203.481552] [gpu-node-01:48211:0]     tl_nccl_coll.c:288  TL_NCCL ERROR NCCL error 1 unhandled cuda error (run with NCCL_DEBUG=INFO for details)',
     'log.cuda_error', 'cuda_or_driver'),
    ('openucx/ucc src/components/tl/ucp/tl_ucp_context.c:264@8263de4',
     '[1787215201.102931] [gpu-node-01:48211:0]   tl_ucp_context.c:264  TL_UCP ERROR failed to init ucp context, No such device',
     'log.ucx_unreachable', 'wrong_interface'),
    # MSCCL++
    ('microsoft/mscclpp src/core/bootstrap/bootstrap.cc:245@1f5f065',
     'Bootstrap Root : mismatch in rank count from procs 16 : 8 (mscclpp failure: InternalError)',
     'log.invalid_usage', 'application_bug'),
    ('microsoft/mscclpp src/core/bootstrap/bootstrap.cc:251@1f5f065',
     'Bootstrap Root : rank 5 of 16 has already checked in (mscclpp failure: InternalError)',
     'log.bootstrap_duplicate_rank', 'application_bug'),
    ('microsoft/mscclpp src/core/bootstrap/bootstrap.cc:337@1f5f065',
     'NET/Socket : No usable listening interface found (mscclpp failure: InternalError)',
     'log.no_interface', 'wrong_interface'),
    ('microsoft/mscclpp src/core/bootstrap/socket.cc:422@1f5f065',
     'No available ephemeral ports found for 35 seconds (System failure: Address already in use)',
     'log.port_in_use', 'other'),
]

NO_CAUSE = [
    '/workspace/nvshmem/src/host/init/init.cu:nvshmemi_check_state_and_init:1200: nvshmem initialization failed, exiting ',  # NVIDIA/nvshmem src/host/init/init.cu:1200@2d7d25f
    '/workspace/nvshmem/src/host/init/init.cu:340: non-zero status: 7 bootstrap_init failed ',  # NVIDIA/nvshmem src/host/init/init.cu:340@2d7d25f
    '/workspace/nvshmem/src/host/transport/transport.cpp:nvshmemi_transport_init:282: init failed for transport: IBGDA',  # NVIDIA/nvshmem src/host/transport/transport.cpp:282@2d7d25f
    '/workspace/nvshmem/src/host/transport/transport.cpp:nvshmemi_transport_init:294: Unable to initialize any transports. returning error.',  # NVIDIA/nvshmem src/host/transport/transport.cpp:294@2d7d25f
    '/workspace/nvshmem/src/host/init/init.cu:1111: non-zero status: 7 nvshmem transport init failed ',  # NVIDIA/nvshmem src/host/init/init.cu:1111@2d7d25f
    '[1787215203.481552] [gpu-node-01:48211:0]     tl_nccl_team.c:217  TL_NCCL ERROR incorrect unique id',  # openucx/ucc src/components/tl/nccl/tl_nccl_team.c:217@8263de4
    '[1787215203.481552] [gpu-node-01:48211:0]         ucc_team.c:328  UCC  ERROR no CL teams were created',  # openucx/ucc src/core/ucc_team.c:328@8263de4
    '[1787215203.481552] [gpu-node-01:48211:0]          ucc_team.c:82   UCC  ERROR cannot create team of size 16: no OOB available (context service team unavailable and no team OOB provided)',  # openucx/ucc src/core/ucc_team.c:82@8263de4
    'TcpBootstrap connection timeout (mscclpp failure: Timeout)',  # microsoft/mscclpp src/core/bootstrap/bootstrap.cc:360@1f5f065
]

# NCCL's bare result, wrapped: the result leads, with no cause of its own (the alternatives carry the likely ones).
RESULT_ONLY = [
    ('openucx/ucc src/components/tl/nccl/tl_nccl_coll.c:288@8263de4',
     '[1787215203.481552] [gpu-node-01:48211:0]     tl_nccl_coll.c:288  TL_NCCL ERROR NCCL error 2 unhandled system error (run with NCCL_DEBUG=INFO for details)',
     'log.system_error'),
]
