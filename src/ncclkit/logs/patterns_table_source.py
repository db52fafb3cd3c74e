"""The line classifier's rows for NCCL's own checks: the WARN sites of NCCL's source (2.4 - 2.30) that
state their cause but have no row of their kind in patterns_table.py and patterns_table_host.py:
argument and API checks, NCCL_COMM_ID, socket types and foreign peers, host identity, the CUDA
library NCCL could not load, the cuMem Unix-socket exchange, NCCL_NET, NIC counts, an old
libibverbs, GDRCopy, variables NCCL rejects. WARNs of a kind that has a row (P2P, shared memory,
host memory, socket retries, topology search, collective mismatch) are in that row.

tests/analyze/test_nccl_warn_catalogue.py checks these rows against every WARN format of those
releases (tests/data/nccl_warns.json, extracted by scripts/extract_nccl_warns.py); each comment
names the source file the lines come from. Same row shape as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
# NCCLCHECK's return-code traces ("bootstrap.cc:270 -> 2", debug.h) through a source file whose failures
# are of one kind, for a paste that kept no WARN saying why: a socket of bootstrap.cc's startup exchange
# (ncclSystemError), the shared-memory segment helpers (misc/shmutils.cc from 2.12, include/shm.h
# before), a socket whose communicator was aborted. Each names the category of the row that explains it.
TRACE_SITES: tuple[tuple[str, frozenset[int], str], ...] = (
    ("bootstrap.cc", frozenset({2}), "bootstrap_error"),
    ("misc/shmutils.cc", frozenset({2}), "shm_error"),
    ("include/shm.h", frozenset({2}), "shm_error"),
    # misc/socket.cc socketProgressOpt returns ncclInternalError with no WARN only when the communicator's abort
    # flag is set ("socketProgressOpt: abort called" at INFO, 2.18 - 2.30): the abort after an error elsewhere or
    # at exit (deepseek-ai/DeepEP#255); its other internal errors WARN first.
    ("misc/socket.cc", frozenset({3}), "abort"),
)
_IPC_FIX = ("run the ranks of one node with a shared IPC and PID namespace (docker --ipc=host --pid=host; "
            "k8s hostIPC/hostPID, or one pod per node), or set NCCL_CUMEM_ENABLE=0 so NCCL uses legacy CUDA IPC")


def source_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # allocator.cc:228@v2.30.7-1 ncclSpaceAlloc (2.28+): a symmetric window's range of NCCL's reserved
        # virtual address space (dev_runtime.cc symMemoryObtain) did not fit; GPU memory is not exhausted. Registering
        # one buffer again reserves a range again (NVIDIA/nccl#2331).
        p(r"No suitable space found to accommodate size=0x[0-9a-f]+ within limit=", "symmetric_space", E,
          "NCCL's reserved virtual address space for symmetric windows is full: not GPU memory, but windows "
          "registered and never deregistered, or one buffer registered again and again",
          "register each buffer once (ncclCommWindowRegister) and deregister windows no longer used; upgrade NCCL; "
          "a smaller batch does not help", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # shmutils.cc:131@v2.28.9-1 "Error while attaching to shared memory segment %s (size %ld)" with ENOENT and a
        # real size: the peer created the segment and this rank cannot find it; nothing was too small. The ranks of
        # the node do not share one /dev/shm, or it was removed first (a garbled name of size 0 is another story:
        # patterns_table_host). NVIDIA/nccl#1589 (2.23+): going back to 2.21.5 fixed it.
        p(r"attaching to shared memory segment \S+ \(size [1-9]\d*\), error: No such file or directory", "shm_error",
          E, "this rank could not open a /dev/shm segment its peer created (no such file): the ranks of the node do "
          "not share one /dev/shm (separate containers or pods), or the segment was removed before it was opened",
          "run a node's ranks with one /dev/shm (docker --ipc=host, one pod per node), set RemoveIPC=no in "
          "logind.conf; if both hold, try NCCL_CUMEM_HOST_ENABLE=0 or the NCCL release that worked", C.SHM_TOO_SMALL,
          "root", (C.OTHER,)),
        # transport/net.cc:632@v2.28.9-1: PXN (sending through a peer GPU's NIC) was given host-memory buffers, which
        # it cannot use; NCCL returns an internal error (NVIDIA/nccl-tests#340: NCCL_PXN_DISABLE=1 fixed it).
        p(r"PXN should not use host buffers for data", "pxn_host_buffer", E,
          "PXN (NCCL sending through a peer GPU's NIC) was given buffers in host memory, which it cannot use",
          "set NCCL_PXN_DISABLE=1 for this job, or give NCCL device buffers (no host-registered buffers for these "
          "collectives)", C.APPLICATION_BUG, "root", (C.PERFORMANCE_CONFIG,)),
        # misc/cudawrap.cc:54@v2.30.7-1 ncclCuMemHostEnable: with CUDA 12.6+ NCCL probes cuMem host memory by one
        # cuMemCreate on the GPU's host NUMA node at its first communicator. A process that dies in that frame hit a
        # CUDA driver bug (NVIDIA/nccl#2106, hosts with NUMA nodes of unequal memory; fixed in r595 drivers);
        # NCCL_CUMEM_HOST_ENABLE=0 skips the probe.
        p(r"\bin ncclCuMemHostEnable\b|ncclCuMemHostEnable\(\) (?:at|\+0x)", "cumem_host_probe", E,
          "the process crashed inside NCCL's probe of cuMem host memory (one cuMemCreate on the GPU's NUMA "
          "node, cudawrap.cc): a CUDA driver bug on hosts whose NUMA nodes differ in memory",
          "set NCCL_CUMEM_HOST_ENABLE=0 on every rank (NCCL then uses /dev/shm), or update the driver to r595 or "
          "newer", C.CUDA_OR_DRIVER),
        # os/linux.cc (misc/shmutils.cc before 2.27): "mkstemp: Failed to create %s ... - retrying" and
        # "fallocate: Failed to extend %s ... - retrying" are logged only for EINTR, a signal interrupting the
        # call, and NCCL retries it; a real failure is the WARN "Error: failed to ..." after it.
        p(r"(?:mkstemp|fallocate): Failed to [^\n]*- retrying", "noise", I,
          "a signal interrupted creating a shared-memory file and NCCL retried it", "nothing to fix", None, "noise"),
        # net_ib/p2p_resiliency*.cc (2.30): NCCL's IB resiliency gave up on a port: "Marking device %d as
        # permanently failed", "Port recovery failed for ...", "Recovery for device %d failed ...".
        p(r"Marking device \d+ as permanently failed|Port recovery (?:attempt #\d+ )?failed|"
          r"Recovery for device \d+ failed", "ib_port_event", E,
          "an RDMA port failed during the job and NCCL's resiliency could not bring it back",
          "check that port's link (`ibstat`, the switch port's counters and logs), cable and firmware",
          C.IB_PORT_DOWN_OR_LINK),
        # Reduction operation 4 is ncclAvg (2.10+); only an older NCCL, whose ncclNumOps is 4 (v2.9.9-1 nccl.h.in),
        # rejects it: a framework averaging with NCCL's AVG on an NCCL below 2.10 (Bagua's FAQ, BaguaSys/tutorials).
        p(r"invalid reduction operation 4\b", "nccl_too_old", E,
          "the program asked for NCCL's average (ncclAvg, operation 4), which the NCCL it loads predates (2.10 added "
          "it)", "use NCCL 2.10 or newer (the framework's NCCL, or nvidia-nccl-cu* of a recent release; check "
          "LD_LIBRARY_PATH for an older libnccl)", C.NCCL_VERSION_MISMATCH, "root", (C.APPLICATION_BUG,)),
        # NCCL's argument and API checks. misc/argcheck.cc: "%s : invalid root %d (root should be in the
        # 0..%d range)", "invalid type %d", "invalid reduction operation %d", "%s argument is NULL", "%s is
        # not a valid pointer", "%s allocated on device %d mismatchs with NCCL device %d"; init.cc "Invalid
        # device count requested", "rank %d exceeds ndev=%d", "improper usage of ncclCommInitRank", "comm
        # %p has already been destroyed", "Attempt to use communicator before the previous operation
        # returned ncclSuccess", "ncclConfig_t argument not initialized via NCCL_CONFIG_INITIALIZER";
        # group.cc / enqueue.cc "ncclGroupEnd: not in a group call.", "mixing different streams within a
        # group call is not supported", "Trying to send to self without a matching recv", "Blocking and
        # nonblocking communicators are not allowed in the same group", "Streams given to a communicator
        # within a NCCL group must either be all uncaptured or all captured by the same graph", "Trying to
        # launch too many collectives", "Too many aggregated operations", ncclRedOpCreate/Destroy misuse;
        # bootstrap.cc "ncclCommGetUniqueId should not be called when NCCL_COMM_ID is set".
        # 2.29's device API (dev_runtime.cc): "Cannot create device communicator: ncclDevCommRequirements_t argument
        # must be initialized via NCCL_DEV_COMM_REQUIREMENTS_INITIALIZER": a caller written for 2.28 zeroes the
        # struct, which 2.29 refuses (NVIDIA/nccl PR#1959; PyTorch's SymmetricMemory fixed the same way).
        p(r"argument must be initialized via NCCL_\w+_INITIALIZER", "invalid_usage", E,
          "a caller of NCCL's device API built its requirements struct without NCCL's initializer (code written for "
          "NCCL 2.28, which 2.29 refuses)", "update the caller (the framework, DeepEP, the program's own kernels) to "
          "a release built for this NCCL, or run the NCCL it was built for", C.APPLICATION_BUG, "root",
          (C.NCCL_VERSION_MISMATCH,)),
        p(r"invalid root -?\d+|: invalid (?:type|reduction operation) -?\d+|argument is NULL|is not a valid "
          r"pointer|allocated on device -?\d+ mismatch|reduction operation -?\d+ unknown to this communicator|"
          r"invalid device count|Invalid device count requested|rank -?\d+ exceeds ndev|Invalid device -?\d+ "
          r"\(totalnDev|improper usage of ncclCommInitRank|has already been destroyed|Attempt to use "
          r"communicator before the previous operation|corrupted comm object|FP8 reduction support begins|"
          r"not in a group call|mixing different streams within a group|to self without a matching|Blocking "
          r"and nonblocking communicators|must either be all uncaptured|Illegal to have some communicators in "
          r"graph mode|none or all communicators in a ncclGroup|argument not initialized via NCCL_\w+_INITIALIZER|"
          r"should not be called when NCCL_COMM_ID is set|launch too many (?:collectives|work elements)|Too many "
          r"aggregated operations|user-created ncclRedOp_t|ncclRedOpDestroy :|symmetric registration check "
          r"failed", "invalid_usage", E, "NCCL's argument or API check rejected a call: a buffer on another GPU "
          "than the communicator's, a null or freed pointer, a root or rank outside the communicator, a "
          "destroyed communicator, or group calls, streams, graph capture or custom reduction ops used in a "
          "way NCCL refuses", "fix the call the WARN names (run the failing rank with NCCL_DEBUG=WARN; in "
          "PyTorch, TORCH_DISTRIBUTED_DEBUG=DETAIL names the collective); each rank's tensors must live on "
          "the GPU its communicator uses (torch.cuda.set_device(local_rank) before init)", C.APPLICATION_BUG, "root",
          (C.HANG_COLLECTIVE_MISMATCH,)),
        # bootstrap.cc / socket.h: "Invalid NCCL_COMM_ID, please use format: <ipv4>:<port> or
        # [<ipv6>]:<port> or <hostname>:<port>", "No valid <IPv4_or_hostname>:<port> pair found",
        # "Net : No interface found in the same subnet as remote address %s".
        p(r"Invalid NCCL_COMM_ID|No valid <IPv4_or_hostname>:<port> pair|No valid \[IPv6\]:port pair",
          "comm_id_invalid", E, "NCCL_COMM_ID is not an address:port NCCL can parse or resolve",
          "set NCCL_COMM_ID=<ip or resolvable host>:<port> of rank 0 (the same on every rank), or unset it",
          C.APPLICATION_BUG, "root", (C.HOSTNAME_RESOLUTION,)),
        p(r"No interface found in the same subnet as remote address|Unsupported address family type",
          "no_interface", E, "no local interface reaches the address NCCL_COMM_ID names (no interface in "
          "its subnet)", "set NCCL_SOCKET_IFNAME to the interface on rank 0's network, or fix NCCL_COMM_ID",
          C.WRONG_INTERFACE),
        # socket.cc socketFinalizeAccept: "wrong type %d != %d" compares enum ncclSocketType (socket.h:
        # 3 NetSocket, 4 NetIb): 3 against 4 is a NET/IB connection arriving at a NET/Socket listener, so
        # one node fell back to sockets while its peer runs IB. Other types and "wrong magic %lx != %lx":
        # the process that connected is not a peer of this job (another job on the port, a scanner).
        p(r"wrong type (?:3 != 4|4 != 3)\b", "net_transport_mismatch", E,
          "the two nodes run different NCCL networks: a NET/IB connection reached a NET/Socket listener "
          "(socket types 4 and 3), so one node fell back to TCP sockets while its peer uses InfiniBand/RoCE",
          "make RDMA usable on every node (`ibv_devinfo` inside each job; the same NCCL_IB_HCA / "
          "NCCL_IB_DISABLE everywhere); the node whose log says `Using network Socket` is the one to fix",
          C.SOCKET_FALLBACK, "root", (C.IB_PORT_DOWN_OR_LINK,)),
        # (2.32 crypt.cc ATTN: "Socket magic mismatch from %s ..., discarding peer connection".)
        p(r"wrong magic|socketFinalizeAccept[^\n]*wrong type|Socket magic mismatch from", "socket_foreign", E,
          "a connection to NCCL's port came from a process that is not a peer of this job: two jobs share "
          "a port (MASTER_PORT, NCCL_COMM_ID), or something probes the port",
          "give each job its own MASTER_PORT / NCCL_COMM_ID and kill stale runs (`ss -tnp | grep PORT`)",
          C.APPLICATION_BUG, "root", (C.FIREWALL_OR_PORT_BLOCKED, C.OTHER)),
        # init.cc: "Failed to determine local ranks rank %d hostHash %lx pidHash %lx ...": ranks disagree on
        # which of them share a host; the host hash comes from the host name (and boot id), NCCL_HOSTID.
        p(r"Failed to determine (?:local|intra(?: proc)?) ranks", "host_identity", E,
          "NCCL could not group the ranks by host: two hosts produce the same host identity (same host "
          "name and boot id, e.g. cloned containers or VMs, or NCCL_HOSTID set alike), or ranks disagree on "
          "the world", "give every host its own host name (and NCCL_HOSTID, if set); check WORLD_SIZE and "
          "ranks per node", C.HOSTNAME_RESOLUTION, "root", (C.APPLICATION_BUG,)),
        # misc/cudawrap.cc: "Failed to find CUDA library %s (NCCL_CUDA_PATH='%s') : %s", "Failed to load
        # CUDA missing symbol cuInit", "cuDriverGetVersion failed with %d", "CUDA some PFN functions not
        # found". Every communicator init ignores this result ("(void)ncclCudaLibraryInit();", init.cc
        # 2.13 - 2.28: "can fail on old drivers"): NCCL runs on without the driver API (no cuMem, no
        # DMA-BUF), so the line explains a slowdown or a later cuMem error, not a failure by itself.
        p(r"Failed to find CUDA library|Failed to load CUDA missing symbol|cuDriverGetVersion failed|"
          r"PFN functions not found", "cuda_driver_load", W,
          "NCCL could not load the CUDA driver library (libcuda) it looks for itself; it goes on without the "
          "driver API (no cuMem, no DMA-BUF), which init tolerates",
          "check that libcuda.so.1 is the host driver's (the container toolkit mounts it) and unset "
          "NCCL_CUDA_PATH if it points elsewhere", C.CUDA_OR_DRIVER, "collateral", (C.NCCL_VERSION_MISMATCH,)),
        # enqueue.cc "The installed CUDA driver is older than the minimum version (R465) required for
        # NCCL's CUDA Graphs support"; init.cc "MNNVL is not supported on this system", "CC On, Multi-GPU
        # CC Off".
        p(r"driver is older than the minimum version|does not support this CUDA version for CUDA graph|"
          r"requires CUDA driver [\d.]+ or later|MNNVL is not supported|Multi-GPU CC Off",
          "cuda_driver_unsupported", E, "the CUDA driver is too old for what NCCL was asked to do, or the GPUs "
          "are in a mode (confidential computing, no MNNVL) NCCL cannot use",
          "check `nvidia-smi` in the same container and that the driver is new enough for this NCCL and CUDA",
          C.CUDA_OR_DRIVER, "root", (C.NCCL_VERSION_MISMATCH,)),
        # proxy.cc "Failed to create CUDA context on device %d", "[Proxy Service] Failed to set CUDA device %d";
        # CUDA's "MPS client failed to connect to the MPS control daemon or the MPS server" (cudaErrorMps*):
        # the proxy thread or the process cannot get a context on its GPU (before the socket rows, whose
        # "failed to connect" it shares). DCGM's older diagnostic (nvvs) words its own the same way ("*** Unable to
        # create CUDA context" under a GPU's "Memory GPU6 .... FAIL", facebookresearch/Detectron#312).
        p(r"Failed to (?:create|set) CUDA (?:context|device)|Unable to create CUDA context|MPS client failed|"
          r"MPS (?:control daemon|server)",
          "cuda_context", E, "a CUDA context could not be created on the GPU: a GPU in exclusive-process "
          "compute mode already taken, an MPS daemon that is down or refuses the client, or a driver fault",
          "check `nvidia-smi -q -d COMPUTE` (compute mode Default, or one process per GPU), the MPS daemon "
          "(`echo get_server_list | nvidia-cuda-mps-control`) and Xid errors in dmesg", C.CUDA_OR_DRIVER, "root",
          (C.APPLICATION_BUG,)),
        # EMFILE / ENFILE from socket(), accept() or a cuMem handle export (misc/socket.cc "socketTryAccept:
        # Accept failed: %s", "Net : Socket creation failed : %s", proxy.cc "[Service thread] Accept failed
        # %s"): every NCCL connection, proxy client and exported cuMem handle holds a file descriptor, and
        # thousands are open at scale (NCCL_NSOCKS_PERTHREAD x NCCL_SOCKET_NTHREADS per peer on sockets).
        # UCX sock.c: "the maximal number of files that could be opened simultaneously was reached".
        # An inotify watcher refused ("Create fsnotify NewWatcher error too many open files", KubeRay's troubleshooting
        # page) is the host's inotify limits, not file descriptors.
        # UCX's optional monitoring filesystem (src/ucs/vfs/fuse/vfs_fuse.c) watching /tmp: "inotify_add_watch(/tmp)
        # failed: No space left on device" is ENOSPC of inotify, its watches used up, not a full disk or /dev/shm; the
        # job runs on (FlagOpen/FlagEmbedding's 2-GPU fine-tune tutorial saved its model after it).
        p(r"vfs_fuse\.c:\d+ +UCX +ERROR inotify_add_watch\([^)]*\) failed", "noise", I,
          "UCX's optional monitoring filesystem could not watch a directory (the host's inotify watches are used "
          "up); the job does not need it", "nothing to fix for the job; raise fs.inotify.max_user_watches, or set "
          "UCX_VFS_ENABLE=n to silence it", None, "noise"),
        p(r"fsnotify NewWatcher error too many open files", "host_setting", E,
          "the host's inotify limits are used up (the instances or watches a user may hold), not the open-files limit",
          "raise them on the node: `sysctl fs.inotify.max_user_instances=8192 fs.inotify.max_user_watches=524288`",
          C.OTHER),
        p(r"Too many open files|\bEMFILE\b|\bENFILE\b|errno:? 24\b|maximal number of files that could be opened",
          "fd_limit", E,
          "the process ran out of file descriptors (ulimit -n): NCCL's sockets, proxy connections and "
          "exported CUDA memory handles each take one",
          "raise the open-files limit where the job runs: `ulimit -n 1048576` (limits.d `* - nofile 1048576`, "
          "systemd LimitNOFILE, docker --ulimit nofile=1048576:1048576); lower NCCL_NSOCKS_PERTHREAD / "
          "NCCL_SOCKET_NTHREADS if raised", C.MEMLOCK_OR_ULIMIT),
        # misc/ipcsocket.cc (2.19+, cuMem): "UDS: Sending data over socket %s failed : %s (%d)", "UDS:
        # Receiving data over socket failed", "UDS: Binding to socket %s failed", "UDS: Socket creation
        # error": the local ranks pass cuMem file descriptors over abstract Unix sockets, which need the
        # ranks in one network and PID namespace.
        p(r"UDS: (?:Sending|Receiving|Binding|Socket creation|Cannot bind|Cannot connect)|ncclIpcSocket\w*:",
          "ipc_socket", E,
          "the local ranks could not pass CUDA memory handles over NCCL's Unix socket: ranks of one node in "
          "containers or pods that do not share the IPC/PID/network namespace", _IPC_FIX, C.SHM_TOO_SMALL,
          "root", (C.APPLICATION_BUG,)),
        # plugin/net.cc, net.cc: "Error: network %s not found." (NCCL_NET names a network no plugin offers),
        # transport/net.cc "Error : Network returned 0 device".
        p(r"Error: network \S+ not found|Network returned 0 device", "net_missing", E,
          "the network NCCL_NET asks for is not available: its plugin is missing or found no device",
          "install the plugin NCCL_NET names (or unset NCCL_NET) and check its devices (`ibv_devinfo`, "
          "`fi_info`)", C.NET_PLUGIN_ERROR, "root", (C.SOCKET_FALLBACK,)),
        # init.cc 2.30: "Detected mixed local Net device counts across ranks (min %d, max %d)": a node sees
        # fewer NICs than the others (a port down, a NIC missing).
        p(r"mixed local Net device counts", "net_count_mismatch", E,
          "the nodes see different numbers of NICs: a port is down or a NIC missing on some node",
          "run `ibstat` on every node and bring the missing port up (or exclude it everywhere with "
          "NCCL_IB_HCA); NCCL_IGNORE_NET_MISMATCH=1 only hides it", C.IB_PORT_DOWN_OR_LINK, "root",
          (C.TOPOLOGY_OR_NUMA,)),
        # net_ib.cc: "NET/IB : Local mergedDev=%s has a different number of devices=%d as remoteDev";
        # "NET/IB : Unable to query port %d".
        p(r"mergedDev\S* ?=?\S* has a different number of devices|Unable to query port(?:_num)? \d+",
          "ib_device_mismatch", E, "the two sides see different RDMA devices: a port is down or missing on "
          "one node, or NCCL_IB_MERGE_NICS / NCCL_IB_HCA differ", "compare `ibstat` on both nodes and use "
          "the same NCCL_IB_HCA everywhere", C.IB_PORT_DOWN_OR_LINK, "root", (C.TOPOLOGY_OR_NUMA,)),
        # misc/ibvwrap.cc: "dlvsym failed on %s - %s version %s": libibverbs is too old for this NCCL; IB
        # init fails and NCCL runs sockets.
        p(r"dlvsym failed on", "libibverbs_old", W, "the installed libibverbs lacks a symbol version this "
          "NCCL needs: NCCL cannot use RDMA and falls back to sockets", "install a newer rdma-core / "
          "MOFED user space (in the container too)", C.SOCKET_FALLBACK, "root", (C.NCCL_VERSION_MISMATCH,)),
        # include/gdrwrap.h, misc/gdrwrap.cc: "GDRCOPY failure %d", "gdr_pin_buffer(...) failed: %d",
        # "gdr_pin_buffer_v2 not available; GDRCopy >= 2.5 required"; GDRCopy's own gdrapi.c "gdr_open error: Is
        # gdrdrv driver installed and loaded?" (no /dev/gdrdrv: the module loaded without its device node,
        # NVIDIA/gdrcopy#234). Not a path that names the project (".../devel/gdrcopy$").
        p(r"GDRCOPY failure|gdr_(?:pin_buffer|map|open|get_info)\w*\(|GDRCopy >= [\d.]+ required|gdr_open error|"
          r"Is gdrdrv driver installed|NCCL_GDRCOPY_\w+=\S+ but|DMA-BUF mmap backend could not", "gdrcopy_error", W,
          "GDRCopy (the gdrdrv module NCCL_GDRCOPY_ENABLE uses) failed to map GPU memory", "load the gdrdrv "
          "module matching the installed GDRCopy (>= 2.5 for NCCL 2.30), or unset NCCL_GDRCOPY_ENABLE",
          C.GDR_UNAVAILABLE),
        # graph/tuning.cc, enqueue.cc, init.cc: variables NCCL rejects or clips: "Error : no
        # algorithm/protocol available" (NCCL_ALGO/NCCL_PROTO leave nothing usable), "Invalid %s %d
        # (must be a multiple of %d)", "Unrecognized element token", "NCCL_WORK_FIFO_DEPTH ... too small",
        # "minCTAs %d is larger than maxCTAs".
        # 2.32: tuning.cc "No algorithm/protocol nor symKernelId available ... NCCL_ALGO was set to ...",
        # config->algSelection "... cannot be honored for %s; falling back to automatic selection".
        # enqueue.cc (2.19 - 2.28.9) names NCCL_ALGO / NCCL_PROTO at the end of the line when they are set and returns
        # ncclInvalidUsage then, ncclInternalError otherwise: a whole line without them is NCCL's own gap (a
        # collective, datatype or path such as CollNet/SHARP it cannot serve; NVIDIA/nccl#1709: "did not set anything").
        p(r"no algorithm/protocol available for function \w+ with datatype \w+\.\s*$", "internal_error", E,
          "NCCL found no algorithm or protocol for this collective and no NCCL_ALGO / NCCL_PROTO was set (the line "
          "would name them): a collective, datatype or path (CollNet/SHARP, NVLS) this NCCL version cannot serve",
          "try with NCCL_COLLNET_ENABLE=0 (and NCCL_NVLS_ENABLE=0) to find the path, upgrade NCCL, and report it "
          "with the NCCL_DEBUG=INFO log", C.OTHER, "root", (C.NET_PLUGIN_ERROR,)),
        p(r"no algorithm/protocol available|No algorithm/protocol nor symKernelId|cannot be honored for \w+; falling "
          r"back|Invalid \S+ -?\d+ \((?:must be a multiple|maximum|minimum)|"
          r"Unrecognized (?:element|prefix) token|All entries except the first must have a prefix|"
          r"NCCL_WORK_FIFO_(?:DEPTH|BYTES)=|NCCL_CGA_CLUSTER_SIZE value|larger than #channels upper limit|"
          r"minCTAs -?\d+ is larger than maxCTAs|NCCL_NET_MERGE_POLICY|NCCL_NET_FORCE_MERGE",
          "tuning_invalid", E, "a tuning variable (NCCL_ALGO, NCCL_PROTO, channels, CTAs, FIFO) has a value "
          "NCCL refuses or that leaves no usable algorithm", "unset the NCCL_ALGO / NCCL_PROTO / channel "
          "variables and let NCCL tune (set them only to test, with values valid for this NCCL version)",
          C.PERFORMANCE_CONFIG, "root", (C.APPLICATION_BUG,)),
        # init.cc parseCommConfig: "Invalid config %s attribute value %d" (ncclConfig_t fields the program
        # set out of range; -2147483648, a field the library does not know, is version_mismatch's row).
        p(r"Invalid config \w+(?:/\w+)? attribute value (?!-2147483648)", "invalid_usage", E,
          "the program passed an ncclConfig_t field NCCL refuses", "pass valid values (or leave the field at "
          "NCCL_CONFIG_INITIALIZER's default) in the framework's NCCL options", C.APPLICATION_BUG),
        # include/checks.h / utils.h: "Thread creation failed: %s" (pthread_create: EAGAIN is the process or
        # container's thread limit, ulimit -u or the cgroup's pids.max).
        p(r"Thread creation failed|pthread_create failed", "thread_limit", E,
          "NCCL could not start a thread: the process or container reached its thread limit (ulimit -u, the "
          "cgroup's pids.max) or ran out of memory", "raise the limit where the job runs (`ulimit -u`, docker "
          "--pids-limit -1, the pod's pids limit) and check the host's memory", C.MEMLOCK_OR_ULIMIT, "root",
          (C.OOM,)),
        # include/alloc.h: "CUMEM not supported prior to CUDA 11.3", "CUMEM Host is not supported prior to CUDA
        # 12.2"; proxy.cc "Unable to create thread context due to old driver, disabling."
        p(r"CUMEM (?:Host is )?not supported prior to CUDA|thread context due to old driver", "cuda_driver_unsupported",
          W, "the CUDA driver or runtime is older than an NCCL feature needs (cuMem, host cuMem, thread contexts)",
          "use a driver and CUDA runtime new enough for this NCCL, or set NCCL_CUMEM_ENABLE=0",
          C.CUDA_OR_DRIVER, "root", (C.NCCL_VERSION_MISMATCH,)),
    )
