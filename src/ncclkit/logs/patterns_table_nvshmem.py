"""Rows of the line classifier (patterns.py) for NVSHMEM, DeepEP, UCC and MSCCL++ (tests/lines/nvshmem_ucc.py holds
every line with file:line@commit):

- NVSHMEM (NVIDIA/nvshmem 2d7d25f): host init and the symmetric heap, transport loading, the UID bootstrap (with its
  copy of NCCL's socket code) and the PMI bootstrap, the IBGDA / IBRC / libfabric transports. Its error prefixes are
  `file:function:line: ` and `file:line: non-zero status: N `; its WARN() prints `host:pid:tid [dev] file:line
  NVSHMEM WARN`. The "bootstrap" of its paths is no NCCL bootstrap: its wrappers are read here before
  patterns_table_socket's bootstrap row names the interface;
- DeepEP (deepseek-ai/DeepEP dd758ca): EPException's `<name> exception (file:line): <condition>` and the NCCL runtime
  checks of deep_ep/__init__.py;
- UCC (openucx/ucc 8263de4): TL/NCCL, TL/UCP and team creation in ucs's `[ts] [host:pid:tid] file:line COMPONENT
  ERROR msg` format, read before patterns_table_driver's generic "UCC/TL_* ERROR" row (Open MPI's transport);
- MSCCL++ (microsoft/mscclpp 1f5f065): its TCP bootstrap and socket (`(mscclpp failure: <code>)`, `(System failure:
  <strerror>)`).

Wrappers that only say that init, a transport or a team failed name nothing: the line before them does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
NVSHMEM_WORDS: tuple[bytes, ...] = (
    b"NVSHMEM WARN", b"NVSHMEM version", b"before nvshmem_init", b"versions not compatible", b"already checked in",
    b"closed by remote peer", b"Unable to dlopen", b"inactive port", b"team_internal_nvls", b"mutex destroy",
    b"No more teams", b"allocation backend",
)

_RUN_FIX = ("make the launch match what the library checks: as many ranks as it supports (DeepEP: a multiple of 8 "
            "per node, a rank count its kernels have a config for), one visible GPU per PE (CUDA_VISIBLE_DEVICES, "
            "the cuda_device_id passed to NVSHMEM)")


def nvshmem_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # NVSHMEM team_internal_nvls.cpp: the NVLink multicast object of a team could not be set up; 401 is
        # CUDA_ERROR_ILLEGAL_STATE, what multicast calls return while the fabric manager has not joined the GPUs
        # (pytorch/pytorch#177472: an H100 fabric manager failure; the cuMemMap lines after it follow from it).
        p(r"team_internal_nvls\.cpp:\d+: non-zero status: 401\b", "fabric_manager", E,
          "NVSHMEM could not set up NVLink multicast (NVLS) for a team: the NVSwitch fabric is not ready (the "
          "fabric manager failed or has not joined the GPUs); the cuMemMap failures after it follow from it",
          "check `systemctl status nvidia-fabricmanager` and `nvidia-smi -q | grep -A2 Fabric` (State Completed, "
          "Status Success), restart the fabric manager or the node; meanwhile NVSHMEM_DISABLE_NVLS=1 (NCCL: "
          "NCCL_NVLS_ENABLE=0)", C.CUDA_OR_DRIVER),
        # NVSHMEM topo.cpp "[GPU 6] Peer GPU 8 is not accessible, exiting": no transport reaches that PE, neither P2P
        # nor a remote one (IBRC, IBGDA, libfabric, UCX) loaded: a GPU of another node (pytorch/pytorch#170479,
        # NVIDIA/multi-gpu-programming-models#20: two nodes), or of this one without P2P. Its failed init then
        # tears down (the mutex row below), which it explains.
        p(r"Peer GPU \d+ is not accessible", "nvshmem_no_transport", E,
          "NVSHMEM has no transport to another PE's GPU: no remote transport (IBRC, IBGDA, libfabric, UCX) was "
          "loaded for a GPU on another node, or two GPUs of one node cannot reach each other peer-to-peer",
          "across nodes: install NVSHMEM with its remote transports (nvshmem_transport_ibrc.so and the others beside "
          "libnvshmem) and set NVSHMEM_REMOTE_TRANSPORT (ibrc, ibgda, libfabric), with nvidia_peermem loaded; on "
          "one node: check P2P (`nvidia-smi topo -p2p r`)", C.NET_PLUGIN_ERROR, "root",
          (C.GDR_UNAVAILABLE, C.ACS_IOMMU_P2P)),
        # Its connection set-up failing ("transport create connect failed", transport.cpp "connect EPS failed", init.cu
        # "nvshmem setup connections failed"): the RDMA connection between PEs did not come up; "NVSHMEM API called
        # before NVSHMEM initialization has completed" after it is the next call's (sgl-project/sglang#7888, whose
        # reporter's DeepEP#289 shows the ibv_modify_qp failure under it).
        p(r"transport create connect failed|connect EPS failed|nvshmem setup connections failed", "nvshmem_connect", E,
          "NVSHMEM could not connect its PEs over RDMA (its transport's queue pairs did not come up)",
          "read the transport's own error above it (NVSHMEM_DEBUG=INFO); on RoCE set NVSHMEM_IB_GID_INDEX to the "
          "RoCE v2 IPv4 GID (`show_gids`), check the ports are ACTIVE and NVSHMEM_HCA_LIST names NICs of one fabric",
          C.GID_INDEX_OR_ROCE_CONFIG, "root", (C.IB_PORT_DOWN_OR_LINK, C.NET_PLUGIN_ERROR)),
        # team_internal.cpp "No more teams available (max = 7), try setting NVSHMEM_MAX_TEAMS" (NVIDIA/nvshmem#100):
        # a count, not memory, despite its status name NVSHMEMX_ERROR_OUT_OF_MEMORY.
        p(r"No more teams available \(max = \d+\)", "nvshmem_teams", E,
          "the program made more NVSHMEM teams than NVSHMEM allows (its NVSHMEM_MAX_TEAMS)",
          "set NVSHMEM_MAX_TEAMS above the number of teams the program makes (process groups, meshes), or make fewer",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        # PyTorch's symmetric memory asked for its NVSHMEM backend (TORCH_SYMMMEM=NVSHMEM) in a build or install
        # without it (pytorch/pytorch#157321).
        p(r"SymmetricMemory does not find allocation backend", "framework_release", E,
          "this PyTorch has no such symmetric-memory backend (built or installed without NVSHMEM)",
          "install the NVSHMEM wheel PyTorch expects (nvidia-nvshmem-cu12/13) or a build with it, or pick another "
          "backend (TORCH_SYMMMEM=NCCL or CUDA)", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # NVSHMEM util/cs.cpp: its global mutex could not be destroyed (16, EBUSY) while initialization failed: the
        # process had no CUDA context yet when NVSHMEM started (pytorch/pytorch#161232: symmetric memory's NVSHMEM
        # init before any CUDA work; fixed by creating the context first).
        p(r"cs\.cpp:\d+: non-zero status: 16: Device or resource busy, exiting\.\.\. mutex destroy failed",
          "framework_usage", E,
          "NVSHMEM was initialised before the process had a CUDA context (symmetric memory or NVSHMEM used before "
          "any CUDA work on the rank's GPU)", "call torch.cuda.set_device(local_rank) and create a tensor on the GPU "
          "before the first symmetric-memory or NVSHMEM call, or use a PyTorch with that fixed (2.9+)",
          C.APPLICATION_BUG),
        # -- wrappers that name nothing ---------------------------------------------------------------------------
        # NVSHMEM init.cu:340 "bootstrap_init failed", :1111 "nvshmem transport init failed", :1200 "nvshmem
        # initialization failed, exiting", transport.cpp:282/294 "init failed for transport: %s", "Unable to
        # initialize any transports": each returns the status of a step that printed its own error first.
        p(r"non-zero status: -?\d+ (?:bootstrap_init|nvshmem transport init) failed|nvshmem initialization failed, "
          r"exiting|nvshmemi_transport_init:\d+: (?:init failed for transport: |Unable to initialize any transports)",
          "worker_failed", E, "NVSHMEM's initialization stopped at a step (bootstrap, a transport) whose own error is "
          "printed before this line", "read the NVSHMEM error above this one (NVSHMEM_DEBUG=INFO shows each step)",
          None, "collateral"),
        # UCC tl_nccl_team.c:217 "incorrect unique id" (rank 0's ncclGetUniqueId failed earlier and sent an empty
        # id), ucc_team.c:328 "no CL teams were created" (every CL's team creation failed, each saying why),
        # ucc_team.c:82 "no OOB available" (the context's service team failed on some rank).
        p(r"TL_NCCL ERROR incorrect unique id|UCC +ERROR (?:no CL teams were created|cannot create team of size "
          r"\d+: no OOB available)", "worker_failed", E,
          "UCC could not create a team: a step before it (rank 0's NCCL unique id, a CL's team, the context's "
          "service team) failed on this or another rank", "read the first UCC/TL error of every rank "
          "(UCC_LOG_LEVEL=info); the one before this line says why", None, "collateral"),
        # MSCCL++ bootstrap.cc:360: the root did not answer in time; the code cannot tell a root that is not up
        # from a port that is filtered.
        p(r"TcpBootstrap connection timeout \(mscclpp failure", "worker_failed", E,
          "MSCCL++'s bootstrap root did not answer in time: it is not up yet, failed, or its port is filtered",
          "check rank 0 started and listens on the bootstrap address, and that its port is reachable from every "
          "node", None, "collateral"),
        # -- NVSHMEM: memory, devices, API ------------------------------------------------------------------------
        # mem_heap.cpp:2266 allocate_symmetric_memory: the symmetric heap (NVSHMEM_SYMMETRIC_SIZE) is used up; the
        # hint names the variable.
        p(r"nvshmem malloc failed \(hint: check if total allocation has exceeded NVSHMEM symmetric size|NVSHMEM "
          r"symmetric size can be increased using", "oom", E,
          "NVSHMEM's symmetric heap is used up: the program (DeepEP's buffers) asked for more than "
          "NVSHMEM_SYMMETRIC_SIZE", "raise NVSHMEM_SYMMETRIC_SIZE (e.g. `export NVSHMEM_SYMMETRIC_SIZE=4G`) within "
          "the GPU's free memory, or allocate smaller buffers (DeepEP: num_rdma_bytes)", C.OOM),
        # init.cu:529 nvshmemi_get_cucontext: the cuda_device_id given to init is no visible device; DeepEP's
        # legacy.py:259 and buffer.hpp:114 refuse rank counts their kernels have no config for.
        p(r"cuda_device_id is set, but device at index \d+ is not valid|Unsupported number of EP ranks: \d+|"
          r"num_ranks < LEGACY_NUM_MAX_NVL_PEERS or num_ranks % LEGACY_NUM_MAX_NVL_PEERS == 0", "launch_config", E,
          "the launch does not fit NVSHMEM or DeepEP: a GPU index this process does not see, or a number of "
          "ranks DeepEP has no kernels for", _RUN_FIX, C.APPLICATION_BUG),
        # init.cu:1197 nvshmemi_check_state_and_init: an NVSHMEM call before nvshmem_init; DeepEP buffer.hpp:210:
        # only RDMA rank 0 creates the NVSHMEM unique id (the others receive it).
        p(r"nvshmem API called before nvshmem_init|Only RDMA rank 0 can get NVSHMEM unique ID", "framework_usage", E,
          "the program calls NVSHMEM out of order: an NVSHMEM API before nvshmem_init, or the unique id created on "
          "a rank other than RDMA rank 0", "initialise NVSHMEM first, and create the unique id on rank 0 only and "
          "broadcast it (DeepEP's Buffer does this when every rank constructs it alike)", C.APPLICATION_BUG),
        # transport.cpp:240: dlopen of a transport plugin (nvshmem_transport_<name>.so.N) failed.
        p(r"NVSHMEM WARN Unable to open the \S+ transport", "plugin_not_found", E,
          "NVSHMEM cannot load one of its transport plugins (nvshmem_transport_*.so): that transport is not "
          "available to it", "install the NVSHMEM package with its transport libraries and put their directory "
          "on LD_LIBRARY_PATH (beside libnvshmem_host.so), or choose an installed transport "
          "(NVSHMEM_REMOTE_TRANSPORT)", C.NET_PLUGIN_ERROR),
        # NVSHMEM without mlx5 direct verbs: "NVSHMEM: Unable to dlopen libmlx5dv. Disabling directNIC features."
        # Its GPU-initiated transport (IBGDA, DeepEP's low-latency path) drives ConnectX queues itself and needs
        # rdma-core's mlx5 provider and an mlx5 NIC (deepseek-ai/DeepEP#759: Alibaba Cloud's eRDMA is none).
        p(r"NVSHMEM: Unable to dlopen libmlx5dv", "plugin_not_found", W,
          "NVSHMEM found no mlx5 direct verbs (libmlx5): its GPU-initiated RDMA (IBGDA, DeepEP's low-latency kernels) "
          "needs a ConnectX (mlx5) NIC and rdma-core's mlx5 provider, and is off here",
          "install rdma-core's mlx5 provider (ibverbs-providers / libmlx5) where the NICs are ConnectX; on other NICs "
          "(eRDMA, EFA) use a path without IBGDA (NVSHMEM_IB_ENABLE_IBGDA=0, DeepEP's normal kernels)",
          C.GDR_UNAVAILABLE, "root", (C.NET_PLUGIN_ERROR,)),
        # -- NVSHMEM: UID / PMI bootstrap -------------------------------------------------------------------------
        # bootstrap_uid.cpp:138: the session id is not <ipv4>:<port>, [<ipv6>]:<port> or <host>:<port>.
        p(r"Invalid NVSHMEM_BOOTSTRAP_UID_SESSION_ID", "comm_id_invalid", E,
          "NVSHMEM_BOOTSTRAP_UID_SESSION_ID is not an address and port", "set NVSHMEM_BOOTSTRAP_UID_SESSION_ID to "
          "the root's `<ip or host>:<port>` on every PE, or unset it", C.APPLICATION_BUG),
        # bootstrap_uid.cpp:234 bootstrap_root: PEs checking in with different PE counts.
        p(r"bootstrap_root:\d+: mismatch in rank count from procs \d+ : \d+", "invalid_usage", E,
          "the PEs disagree on how many PEs the job has (NVSHMEM's bootstrap root got different counts)",
          "start every PE with the same number of PEs (the launcher's -np, the nranks passed to the UID init)",
          C.APPLICATION_BUG),
        # bootstrap_uid.cpp:220 and bootstrap_pmi.cpp:429: peers or a bootstrap plugin of another NVSHMEM ABI.
        p(r"UID Bootstrap versions not compatible between PEs|bootstrap version \(\d+\) is not compatible with "
          r"NVSHMEM version", "version_mismatch", E,
          "NVSHMEM's bootstrap and the library (or two PEs) are of different NVSHMEM versions",
          "install one NVSHMEM release on every node and load its own bootstrap plugins (nvshmem_bootstrap_*.so "
          "from the same package; check NVSHMEM_BOOTSTRAP_PLUGIN and LD_LIBRARY_PATH)", C.NCCL_VERSION_MISMATCH),
        # -- NVSHMEM: transports ----------------------------------------------------------------------------------
        # ibgda.cpp:2062: ibv_create_srq failed; its message blames an OFED older than 5.0.
        p(r"Unable to allocate SRQ for your device", "ibv_call_failed", E,
          "NVSHMEM's IBGDA transport could not create a shared receive queue on the RDMA device (an OFED older "
          "than 5.0, or the device's resources)", "update MLNX_OFED / rdma-core to 5.0 or newer, or use another "
          "transport (NVSHMEM_IB_ENABLE_IBGDA=0)", C.IB_RESOURCE_ERROR),
        # ibgda.cpp:1682: the devx modify of the QP to RTR (the step of ibv_modify_qp that sets the RoCE address
        # and GID) was refused.
        p(r"Error in mlx5dv_devx_obj_modify for INIT2RTR_QP", "ibv_modify_qp_failed", E,
          "NVSHMEM's IBGDA transport could not connect its queue pair (INIT to RTR): on RoCE a wrong GID index or "
          "no route between the ports", "run `show_gids` on both nodes and set NVSHMEM_IB_GID_INDEX to the RoCE v2 "
          "index; check the ports are ACTIVE and reach each other", C.GID_INDEX_OR_ROCE_CONFIG),
        # ibrc.cpp:1072: a work completion with status 12, IBV_WC_RETRY_EXC_ERR (no answer from the peer's NIC).
        p(r"ibv_poll_cq failed, status: 12\b", "ib_completion_error", E,
          "an RDMA transfer of NVSHMEM's IBRC transport failed: transport retry counter exceeded (the peer's NIC "
          "did not answer)", "check the link and the peer node (`ibstat`, switch ports, a node that died); raise "
          "NVSHMEM_IB_TIMEOUT on large fabrics", C.IB_TIMEOUT_OR_RETRY),
        # ibrc.cpp:1680: the port the user selected is not active (or is not InfiniBand).
        p(r"found inactive port or port with non-IB link layer protocol", "ib_port_event", E,
          "NVSHMEM's IBRC transport found the RDMA port it was given inactive (or not InfiniBand) and skipped it",
          "check `ibstat` (State Active, LinkUp) for the HCA named in NVSHMEM_HCA_LIST / NVSHMEM_ENABLE_NIC_PE_MAPPING",
          C.IB_PORT_DOWN_OR_LINK),
        # libfabric.cpp:2148: the EFA provider needs GDRCopy and this NVSHMEM was built without it.
        p(r"EFA Provider requires GDRCopy, but it was disabled at compile time", "package_build", E,
          "this NVSHMEM was built without GDRCopy, which its libfabric transport needs on EFA",
          "install an NVSHMEM built with GDRCopy (NVSHMEM_USE_GDRCOPY=1 and GDRCOPY_HOME at build time) and load "
          "the gdrdrv module", C.OTHER),
        # -- DeepEP: the NCCL it loads ----------------------------------------------------------------------------
        # nccl.cu:104 (before NCCL 2.31 the compile-time and runtime NCCL must be equal), __init__.py:59 (two
        # libnccl in one process).
        p(r"Prior to NCCL [\d.]+, NCCL compile-time and runtime versions must be the same|Duplicate NCCL runtime "
          r"found in the current system", "version_mismatch", E,
          "DeepEP runs with another NCCL than it was built against, or finds two libnccl in one process",
          "rebuild DeepEP against the NCCL torch loads (the nvidia-nccl wheel), and keep one libnccl.so.2 on the "
          "library path (remove the system one from LD_LIBRARY_PATH)", C.NCCL_VERSION_MISMATCH),
        # __init__.py:61: the nvidia-nccl wheel's lib directory holds no libnccl.so.
        p(r"No libnccl\.so found in \S*nccl", "nccl_library_missing", E,
          "DeepEP finds no libnccl.so in the NCCL package it looks in", "install the nvidia-nccl-cu12 wheel that "
          "torch uses (`pip install nvidia-nccl-cu12==<torch's version>`)", C.OTHER),
        # -- UCC ---------------------------------------------------------------------------------------------------
        # tl_nccl_coll.c:288: TL/NCCL's NCCLCHECK prints ncclGetErrorString of the result: the bare result, as
        # NCCL's own return-code rows (patterns_table_consequences, patterns_table_host) read it.
        p(r"TL_NCCL ERROR NCCL error 2 ", "system_error", E, "NCCL (under UCC) got an error from the OS, a socket "
          "or the RDMA stack", "rerun with NCCL_DEBUG=INFO (and NCCL_DEBUG_SUBSYS=INIT,NET) and read the first "
          "WARN above it", None, "collateral", (C.SHM_TOO_SMALL, C.WRONG_INTERFACE, C.FIREWALL_OR_PORT_BLOCKED)),
        p(r"TL_NCCL ERROR NCCL error 6 ", "remote_exited", E,
          "NCCL (under UCC) lost a peer: a process exited or a network error broke the connection",
          "find the rank that exited first (OOM, crash, killed) or the failing link", C.RANK_CRASHED_ELSEWHERE,
          "collateral", (C.WRONG_INTERFACE, C.IB_PORT_DOWN_OR_LINK)),
        p(r"TL_NCCL ERROR NCCL error 1 ", "cuda_error", E,
          "NCCL (under UCC) returned ncclUnhandledCudaError (the CUDA error itself is on an NCCL WARN line)",
          "read the CUDA error named near it; check the driver/CUDA compatibility and GPU health (`nvidia-smi`, "
          "Xid errors in dmesg)", C.CUDA_OR_DRIVER, "collateral", (C.NCCL_VERSION_MISMATCH, C.APPLICATION_BUG)),
        # tl_ucp_context.c:264: ucp_init failed with UCS_ERR_NO_DEVICE: the devices UCX was told to use
        # (UCX_NET_DEVICES) are not on this node.
        p(r"TL_UCP ERROR failed to init ucp context, No such device", "ucx_unreachable", E,
          "UCC's UCP layer found none of the network devices UCX was told to use on this node",
          "name devices that exist and are active on every node (`ucx_info -d`, UCX_NET_DEVICES=mlx5_0:1), or "
          "unset UCX_NET_DEVICES", C.WRONG_INTERFACE),
        # -- MSCCL++ -----------------------------------------------------------------------------------------------
        # socket.cc:422: bind to any free port kept failing with EADDRINUSE for the whole wait: the ephemeral
        # range is used up (as NCCL's own bind, patterns_table_socket).
        p(r"No available ephemeral ports found for \d+ seconds", "port_in_use", E,
          "MSCCL++ found no free port to bind: the node's ephemeral port range is used up by connections",
          "widen the ephemeral range (`sysctl net.ipv4.ip_local_port_range=\"1024 65535\"`) and check `ss -s` for "
          "sockets left in TIME_WAIT", C.OTHER, "root", (C.PERFORMANCE_CONFIG,)),
    )
