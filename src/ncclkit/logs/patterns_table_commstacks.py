"""Rows of the line classifier (patterns.py) for the communication stacks beside NCCL that sweeps of public threads
found unread (tests/analyze/test_diagnose_sweep_rules_5.py quotes each line with its thread): Open MPI's own
refusals and its TCP and UCX transports, UCC's shared-memory team, oneCCL over Level Zero and torch-ccl with the Intel
GPU's driver under it, NVSHMEM's IB transport and its Python binding, XLA's allocator and JAX's coordination barrier,
TensorFlow's gRPC channel, Slurm's MPI launch plugin, the limits of RDMA NICs other than ConnectX (a full send queue,
no shared receive queue) and RCCL's topology consensus across nodes (tests/analyze/test_diagnose_sweep_rules_16.py
quotes the later ones).

A transport that cannot reach its peer names the network (a route, a device left out of the transport's list), a
resource its driver refused names the resource, an init made twice or a call before init is the program's, and a
library built without what the run asks of it (a thread level, CPU instructions) is other. Read before the generic
rows: "not supported", "timed out", "Socket closed" and "plugin" would send these lines elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
COMMSTACK_WORDS: tuple[bytes, ...] = (
    b"more than once.", b"MPI_THREAD_MULTIPLE", b"on signal 4 ", b"is not enabled, enable it in UCX_NET_DEVICES",
    b"attach to shmseg", b"NVSHMEM Library is not initialized", b"specified plugin name for mpi/",
    b"Unable to connect to the peer", b"are already filled", b"tcp_ep.c", b"cudaIpcOpenMemHandle",
    b"before NVSHMEM initialization", b"NCCL_GIN_TYPE_NONE",
    b"CUDA-aware MPI support", b"UD QP to INIT",
    b"local_idx/count", b"getenv_local_coord", b"init_device_fds",
    b"ib_roce_get_version_num",  # the status and QP lines carry "rror" and "ail", words of the list already
    b"SQ full", b"preset topology model", b"max_srq",
)


def commstack_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- Open MPI -------------------------------------------------------------------------------------------
        # ompi/runtime/help-mpi-runtime.txt [mpi_init:startup:reinit]: "Open MPI has detected that this process has
        # attempted to initialize MPI (via MPI_INIT or MPI_INIT_THREAD) more than once. This is erroneous."
        # (open-mpi/ompi#3009: two libraries each calling MPI_Init).
        p(r"attempted to initialize\s+MPI \(via MPI_INIT or MPI_INIT_THREAD\) more than once|MPI \(via MPI_INIT or "
          r"MPI_INIT_THREAD\) more than once", "framework_usage", E,
          "the process initialised MPI a second time (two libraries or an import each calling MPI_Init), which MPI "
          "forbids", "initialise MPI once per process: import mpi4py (or the library that calls MPI_Init) first and "
          "let the others use the existing MPI (MPI.Is_initialized())", C.APPLICATION_BUG),
        # ompi/mca/common/ofi help-common-ofi.txt: "Open MPI failed an OFI Libfabric library call (fi_domain). This
        # is highly unusual; your job may behave unpredictably (and/or abort) after this." Its OFI MTL could not open
        # the provider libfabric picked (Error: Function not implemented (38)); Open MPI warns and the job may run on
        # (MFlowCode/MFC#475 went on to pre-process on 10 ranks). Read before the OFI plugin's rows (NCCL's NET/OFI).
        p(r"Open MPI failed an OFI Libfabric library call", "mpi_transport", W,
          "Open MPI's OFI (libfabric) component could not use the provider libfabric picked on this host; Open MPI "
          "warns and may go on over another transport (a failure after it has its own line)",
          "choose the transport Open MPI should use (`--mca pml ucx` or `--mca mtl ^ofi`), or set FI_PROVIDER to a "
          "provider this NIC supports (`fi_info -l`)", C.OTHER),
        # ompi/mca/pml/ucx/pml_ucx.c: "UCP worker does not support MPI_THREAD_MULTIPLE" (horovod/horovod#361: a UCX
        # built without thread support under a program that asks for it).
        p(r"UCP worker does not support MPI_THREAD_MULTIPLE", "mpi_transport", E,
          "the UCX library under Open MPI was built without multi-thread support, and the program asked MPI for "
          "MPI_THREAD_MULTIPLE", "use a UCX built with --enable-mt (HPC-X's ucx-mt), or run Open MPI over another "
          "transport (`--mca pml ob1`)", C.OTHER),
        # ompi/mca/coll/ucc/coll_ucc_module.c "mca_coll_ucc_init_ctx() UCC library doesn't support
        # MPI_THREAD_MULTIPLE": Open MPI's UCC collectives under a threaded program (NVIDIA/TensorRT-LLM#4668, worked
        # around with OMPI_MCA_coll_ucc_enable=0).
        p(r"UCC library doesn't support MPI_THREAD_MULTIPLE", "mpi_transport", E,
          "Open MPI's UCC collective component cannot run under MPI_THREAD_MULTIPLE, which the program asks for",
          "turn the component off (`OMPI_MCA_coll_ucc_enable=0` or `--mca coll_ucc_enable 0`), or use a UCC built "
          "with thread support", C.OTHER),
        # Open MPI's "All nodes which are allocated for this job are already filled." when a process spawns MPI
        # workers (MPI_Comm_spawn: TensorRT-LLM's MpiPoolSession, mpi4py's futures) inside a Slurm allocation whose
        # slots the job's own tasks fill (NVIDIA/TensorRT-LLM#5495: unset the SLURM_* job variables, or launch
        # every worker with srun).
        p(r"All nodes which are allocated for this job are already filled", "launch_config", E,
          "MPI found no free slot to start processes in: a program spawning MPI workers inside a Slurm allocation "
          "(or a hostfile) whose slots are already taken", "start every worker with the launcher (srun --mpi=pmix "
          "with the program's launch wrapper) or, for a single-node spawn, unset SLURM_JOB_ID, SLURM_JOBID and "
          "SLURM_NODELIST first", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # UCX's TCP transport (tcp_ep.c "tcp_ep %p (state=...): send(%d) failed: %s", NIXL's ucx_utils.cpp "Unexpected
        # UCX error: Endpoint timeout"): the TCP connection to the peer stalled or broke, no HCA involved
        # (LMCache/LMCache#725, between a prefill and a decode pod).
        p(r"tcp_ep\.c:\d+ +UCX +ERROR [^\n]*(?:send|recv)\(\d+\) failed|Unexpected UCX error: Endpoint timeout",
          "socket_connect_failed", E, "UCX's TCP connection to the peer timed out or broke (a path between the hosts "
          "or pods that drops the traffic, or a peer that stopped)", "check that the hosts or pods reach each "
          "other on UCX's ports, and pin the interface (UCX_NET_DEVICES); then read the peer's own log",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE, C.RANK_CRASHED_ELSEWHERE)),
        # CUDA IPC refused opening a peer's handle (cudaIpcOpenMemHandle returning cudaErrorInvalidDevice, 101) while
        # the peers report peer access: the GPUs or the processes cannot share memory by IPC (a VM's PCIe layout,
        # containers without a shared IPC namespace; NVIDIA/TensorRT-LLM#17034, fixed by falling back to NCCL).
        p(r"cudaIpcOpenMemHandle\W[^\n]*(?:cudaErrorInvalidDevice|invalid device)", "p2p_error", E,
          "CUDA IPC could not open a peer process's GPU memory (invalid device): the GPUs or the processes cannot "
          "share memory through CUDA IPC", "run the ranks in one IPC namespace (--ipc=host) and check P2P "
          "(`nvidia-smi topo -p2p r`); else turn the library's own IPC all-reduce off and use NCCL's",
          C.ACS_IOMMU_P2P, "root", (C.APPLICATION_BUG,)),
        # UCX's cuda_ipc transport with its cache on opens a peer's handle this process has open already: CUDA before
        # 11.1 allows one open of a handle per process, so the second fails with "Element already exists" (UCX's
        # UCS_ERR_ALREADY_EXISTS; rapidsai/ucx-py#397 and openucx/ucx#3192, cuML's multi-GPU nearest neighbours).
        p(r"failed to open ipc mem handle[^\n]*\(Element already exists\)", "ucx_error", E,
          "UCX's CUDA IPC transport opened a peer's memory handle that this process already holds open (its IPC "
          "cache was on); CUDA before 11.1 allows one open of a handle per process",
          "set UCX_CUDA_IPC_CACHE=n for the job, or move to CUDA 11.1+ with a UCX that maps a handle once",
          C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        # NATS without JetStream under Dynamo: the stream API answers "nats: ServiceUnavailableError" (ai-dynamo/
        # dynamo#429; Dynamo needs nats-server started with -js).
        p(r"nats: ServiceUnavailableError", "control_plane", E,
          "the NATS server answers but offers no JetStream, which the serving framework's queues need",
          "start nats-server with JetStream (`nats-server -js`)", C.OTHER),
        # ProcessGroupMPI with a GPU tensor on an MPI built without CUDA support ("CUDA tensor detected and the MPI
        # used doesn't have CUDA-aware MPI support"; ALCF's Polaris PyTorch page: use the nccl backend).
        p(r"CUDA tensor detected and the MPI used doesn't have CUDA-aware MPI support", "framework_usage", E,
          "the program runs torch.distributed's mpi backend on GPU tensors with an MPI that is not CUDA-aware",
          "use backend='nccl' for GPU tensors (or an Open MPI built with CUDA, or move the tensors to the CPU)",
          C.APPLICATION_BUG),
        # Open MPI's libfabric path refused a UD queue pair ("Failed to modify UD QP to INIT on mlx5_0: Operation
        # not permitted", EESSI's known issues after OFED 23.10): keep Open MPI on UCX.
        p(r"Failed to modify UD QP to INIT on \S+: Operation not permitted", "ibv_modify_qp_failed", E,
          "Open MPI's libfabric transport could not set up a UD queue pair on the RDMA device",
          "keep Open MPI off libfabric: `-mca pml ucx -mca btl '^uct,ofi' -mca mtl '^ofi'`", C.IB_RESOURCE_ERROR),
        # orte/prte's "mpirun noticed that process rank N ... exited on signal 4 (Illegal instruction)": the binary
        # uses CPU instructions this machine lacks (horovod/horovod#298: a build for a newer CPU).
        p(r"exited on signal 4 \(Illegal instruction", "crash", E,
          "a rank died on an illegal instruction: a binary built for CPU instructions (AVX-512, a newer ISA) this "
          "machine does not have", "rebuild the library or the framework for this CPU (or without -march=native), "
          "or install the wheel built for generic x86-64", C.OTHER),
        # opal/mca/btl/tcp/btl_tcp_endpoint.c: "Unable to connect to the peer %s on port %d: %s" (ml-explore/mlx
        # #2540: ssh reached the peer, MPI's own port did not).
        p(r"Unable to connect to the peer \S+ on port \d+: (?:No route to host|Connection refused|Connection timed "
          r"out)", "socket_connect_failed", E,
          "Open MPI's TCP transport could not connect to a peer's port: a firewall in between, or the address of an "
          "interface the peer is not reachable on", "open the ports between the nodes (or --mca btl_tcp_port_min_v4 "
          "with a range the firewall allows) and pin the interface (--mca btl_tcp_if_include <iface>)",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE,)),
        # ompi/mca/btl/base/help-mpi-btl-base.txt [btl:no-nics]: "A high-performance Open MPI point-to-point messaging
        # module was unable to find any relevant network interfaces: Module: OpenFabrics (openib) ... Another
        # transport will be used instead" (openai/glow#99): no RDMA device usable, MPI runs over TCP.
        p(r"was unable to find any relevant network interfaces", "no_ib_device", W,
          "Open MPI found no usable RDMA device for its high-performance transport and uses another one (TCP)",
          "check the RDMA devices (`ibv_devinfo`, the mlx5 driver loaded, /dev/infiniband in the container)",
          C.SOCKET_FALLBACK),
        # -- RDMA code beside NCCL's: NVSHMEM, mscclpp, UCCL, hand-written verbs --------------------------------
        # NVSHMEM's IB transports carry NCCL's GID walk: "IB: read failed in ib_roce_get_version_num: Invalid argument"
        # (NVIDIA/multi-gpu-programming-models#21) is a GID slot not mapped into the container, as NCCL's twin.
        p(r"read failed in ib_roce_get_version_num: Invalid argument", "gid_error", E,
          "NVSHMEM's IB transport read a GID slot that is not mapped into this container (EINVAL)",
          "set NVSHMEM_IB_GID_INDEX to the port's RoCE v2 IPv4 GID (`show_gids` inside the container), or map the "
          "port's GID table into it", C.GID_INDEX_OR_ROCE_CONFIG),
        # A verbs completion status in a library's own words: mscclpp's IbError "a work item failed: status 12 (Ib
        # failure: Cannot allocate memory)" (strerror of the status number, not memory; microsoft/mscclpp#315), UCCL's
        # "RC send CQ state error: 12, 0" (uccl-project/uccl#293): 12 is IBV_WC_RETRY_EXC_ERR.
        p(r"work item failed: status 12\b|CQ state error: 12\b", "ib_completion_error", E,
          "an RDMA work request completed with IBV_WC_RETRY_EXC_ERR (12): the peer's NIC did not acknowledge in time "
          "(the NICs cannot reach each other over RoCE/IB, or the fabric dropped the traffic)",
          "check that the NICs reach each other (ib_write_bw between the nodes with the same GID index and traffic "
          "class), the RoCE GID and routing, and the links' error counters", C.IB_TIMEOUT_OR_RETRY, decode=False),
        # libibverbs' ibv_create_qp returning ENOMEM in a program's own words ("errno: Cannot allocate memory) Failed
        # to create qp", jcxue/RDMA-Tutorial#6, fixed by smaller queue pairs): the device's QP resources or the
        # locked memory, not RAM.
        p(r"Failed to create qp\b", "ibv_create_qp_failed", E,
          "the program could not create an RDMA queue pair: its size or count exceeds what the device or the locked-"
          "memory limit allows", "ask for smaller queue pairs (max_send_wr / max_recv_wr, max_sge within `ibv_devinfo "
          "-v` limits) or fewer of them, and raise the locked-memory limit (`ulimit -l unlimited`)",
          C.IB_RESOURCE_ERROR, "root", (C.MEMLOCK_OR_ULIMIT,), decode=False),
        # -- UCX and UCC ----------------------------------------------------------------------------------------
        # src/uct/ib/base/ib_iface.c: "failed to create RC QP ..." (openucx/ucx PR#9674): the verbs QP creation.
        p(r"failed to create RC QP", "ibv_create_qp_failed", E,
          "UCX could not create an RC queue pair on the RDMA device", "raise the locked-memory limit (`ulimit -l "
          "unlimited`), check the device's QP limits (`ibv_devinfo -v | grep max_qp`) and lower the number of "
          "connections (UCX_TLS=dc_x or ud_x at scale)", C.IB_RESOURCE_ERROR, decode=False),
        # src/ucp/wireup: "connect to ADDR failed: device DEV is not enabled, enable it in UCX_NET_DEVICES or use
        # corresponding ip address" (openucx/ucx#10651): UCX_NET_DEVICES leaves out the interface of that address.
        p(r"device \S+ is not enabled, enable it in UCX_NET_DEVICES", "no_interface", E,
          "UCX_NET_DEVICES leaves out the interface that owns the address to connect to",
          "add that device to UCX_NET_DEVICES (or unset it), or connect to the address of a device it lists",
          C.WRONG_INTERFACE),
        # UCC src/components/tl/shm/tl_shm_team.c: "Child failed to attach to shmseg" (openucx/ucx#10055: two
        # containers on one host without a shared IPC namespace).
        p(r"failed to attach to shmseg", "shm_error", E,
          "UCC's shared-memory team could not attach the segment its leader created: the processes do not share "
          "System V IPC (separate containers or pods) or the segment limits are too small",
          "run the ranks of one host in one IPC namespace (docker --ipc=host or a shared --ipc, one pod), or turn "
          "UCC's shm team off (UCC_TL_SHM_TUNE=0)", C.SHM_TOO_SMALL),
        # -- oneCCL over Level Zero ---------------------------------------------------------------------------------
        # Intel's xe GPU driver timing a GPU job out and resetting the engine ("xe 0000:2b:00.0: [drm] Tile0: GT0:
        # Check job timeout: ...", "Timedout job", "trying reset from guc_exec_queue_timedout_job", intel/llm-scaler
        # #595): the GPU hung, not a collective's wait.
        p(r"\bxe [0-9a-f]{4}:[0-9a-f:.]+: \[drm\][^\n]*(?:Check job timeout|Timedout job|trying reset from)",
          "gpu_fault", E, "Intel's xe driver timed a GPU job out and reset the engine: the GPU hung",
          "read the devcoredump the driver names, update the GPU driver and firmware, and check the job's kernels",
          C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        # UR_RESULT_ERROR_DEVICE_LOST (20): the GPU was lost to the driver (a hang it reset, a fault); Intel's
        # maintainers tied it to memory pressure in intel/torch-xpu-ops#2757 and IPEX#780, but not always (#5432):
        # no out-of-memory reading of its own.
        p(r"\b(?:ZE|UR)_RESULT_ERROR_DEVICE_LOST\b", "gpu_fault", E,
          "the Intel GPU was lost to its driver (Level Zero DEVICE_LOST): a hang the driver reset, a fault, often "
          "under memory pressure", "read the kernel log (`dmesg | grep -i -E 'xe|i915'`), update the GPU driver and "
          "compute runtime, and lower the memory the job uses", C.CUDA_OR_DRIVER),
        p(r"(?:ZE|UR)_RESULT_ERROR_OUT_OF_DEVICE_MEMORY", "oom", E, "the Intel GPU (Level Zero) ran out of device memory",
          "reduce the batch or the model shard per device, and free memory other processes hold", C.OOM),
        # oneCCL reads each process's local rank and count from its launcher (MPI's or its own) and, without one, asks
        # ATL, which needs the socket IPC exchange: "|CCL_ERROR| global.cpp:150 getenv_local_coord: condition ...
        # failed to get local_idx/count from ATL, set CCL_ZE_IPC_EXCHANGE=sockets explicitly" under accelerate launch
        # (huggingface/accelerate#2340, fixed by the launcher setting CCL_LOCAL_RANK / CCL_LOCAL_SIZE in #2339).
        p(r"getenv_local_coord: condition|failed to get local_idx/count from ATL", "launch_config", E,
          "oneCCL found neither an MPI launcher's variables nor its own for this process's local rank and count "
          "(a launcher such as torchrun or accelerate that oneCCL does not know)",
          "set CCL_PROCESS_LAUNCHER=none with CCL_LOCAL_RANK and CCL_LOCAL_SIZE for each process (from LOCAL_RANK and "
          "LOCAL_WORLD_SIZE), or start the ranks with mpirun / mpiexec", C.APPLICATION_BUG),
        # oneCCL's ze_fd_manager.cpp "init_device_fds: EXCEPTION: opendir failed: could not open device directory":
        # it opens /dev/dri/by-path, which `--device /dev/dri` does not create in a container (oneapi-src/oneCCL
        # #217: bind-mounting /dev/dri fixed it).
        p(r"init_device_fds: EXCEPTION: opendir failed", "gpu_missing", E,
          "oneCCL could not open the GPUs' device directory (/dev/dri/by-path): the container was given the device "
          "nodes without that directory", "bind-mount the directory into the container (`-v /dev/dri:/dev/dri`), "
          "not only `--device /dev/dri`", C.CUDA_OR_DRIVER),
        # A backend raising for a collective it does not implement: c10d's Backend base class ("Backend gloo does not
        # support reduce_scatter", torch/csrc/distributed/c10d/Backend.hpp, strings of the 2.13 wheel) and torch-ccl's
        # ProcessGroupCCL ("ProcessGroupCCL does not support reduce_scatter", intel/intel-extension-for-pytorch#647,
        # torch-ccl 2.1.300+xpu). ProcessGroupNCCL's own refusals have host_rows' rows.
        p(r"ProcessGroup(?!NCCL)\w+ does not support \w+|\bBackend \w+ does not support \w+", "framework_release", E,
          "the process group's backend does not implement this collective (gloo has no reduce_scatter; some "
          "torch-ccl releases lack collectives)", "use a backend that implements it (NCCL on NVIDIA GPUs, xccl on "
          "Intel GPUs), another form of the collective (the tensor forms, all_reduce then slice), or a release that "
          "has it", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # An RDMA send queue at its depth ("SQ full (batch): ep=0 depth=4351 requested=1 max=4351", GPU-initiated KV
        # transfers over Broadcom Thor 2 NICs, SemiAnalysisAI/InferenceX#998): posts outrun completions.
        p(r"\bSQ full\b[^\n]*depth=\d+[^\n]*max=\d+", "rdma_queue_full", E,
          "the RDMA send queue is full: more transfers are in flight than the queue's depth (the NIC's maximum)",
          "limit the transfers in flight (fewer concurrent requests per endpoint, more endpoints or QPs), or wait for "
          "completions before posting more", C.IB_RESOURCE_ERROR, "root", (C.PERFORMANCE_CONFIG,)),
        # ibv_devinfo -v's device limit "max_srq = 0" (or "max_srq: 0"): the NIC has no shared receive queue, which
        # UCX's generic rc_verbs transport needs, so UCX-based KV transfer (NIXL) cannot run over it (AMD Pensando
        # Ionic, sgl-project/sglang#30099: the team kept its MORI transfer path).
        p(r"^\s*\*?\s*max_srq\s*[=:]\s*0\s*$", "rdma_no_srq", W,
          "the RDMA device supports no shared receive queue (max_srq 0): UCX's generic RC transport (rc_verbs), and "
          "the libraries on it (NIXL), cannot run over it", "use the transfer path made for this NIC (the vendor's "
          "own, e.g. MORI on AMD NICs) or UCX's TCP transport for the transfer; check the NIC's firmware and driver "
          "for SRQ support", C.OTHER, "root", (C.IB_RESOURCE_ERROR,)),
        # RCCL's init consensus on its preset topology ("RCCL FATAL: mismatched Rome preset topology model index
        # across ranks"): the nodes detected different topologies, such as NICs named rdma* on some nodes and roce*
        # on others with NCCL_IB_HCA matching only one (ROCm/rocm-systems#9083: NCCL_IB_HCA="rdma,roce").
        p(r"mismatched \w+ preset topology model index across ranks", "topology_error", E,
          "the nodes detected different topologies (a NIC set that NCCL_IB_HCA matches on some nodes only, a node "
          "with another GPU or NIC layout)", "make every node expose the same NICs and GPUs to RCCL: NCCL_IB_HCA "
          "matching every node's device names (`ibv_devices` on each, e.g. NCCL_IB_HCA=rdma,roce); compare the nodes' "
          "topology (`rocm-smi --showtopo`)", C.TOPOLOGY_OR_NUMA),
        # -- NVSHMEM ------------------------------------------------------------------------------------------------
        # src/modules/transport/ibrc/ibrc.cpp: "NULL value cq creation failed" (sglang under DeepEP): the verbs CQ.
        p(r"ibrc\.cpp:\d+: NULL value cq creation failed|NULL value cq creation failed", "ibv_create_cq_failed", E,
          "NVSHMEM's IB transport could not create a completion queue on the RDMA device",
          "raise the locked-memory limit (`ulimit -l unlimited`), check the device (`ibv_devinfo`) and that the "
          "container has /dev/infiniband and IPC_LOCK", C.IB_RESOURCE_ERROR),
        # nvshmem4py core/utils: NvshmemInvalid("NVSHMEM Library is not initialized") (ByteDance-Seed/Triton-
        # distributed#107): a call before nvshmem.core.init().
        # NVSHMEM's device check "NVSHMEM API called before NVSHMEM initialization has completed": the same, or a
        # second copy of NVSHMEM's device library in the process whose state nobody initialised (two extensions
        # each linking it statically: perplexityai/pplx-kernels#22 printed two nvshmemi_device_state addresses).
        p(r"NVSHMEM Library is not initialized|NVSHMEM API called before NVSHMEM initialization has completed",
          "framework_usage", E,
          "the program called NVSHMEM before initialising it in this process, or a second copy of NVSHMEM's device "
          "library (linked into another extension) was never initialised",
          "initialise NVSHMEM in every process before its first NVSHMEM call (and before any tensor of its heap); "
          "link NVSHMEM's device library once (one extension, or the shared nvshmem library)",
          C.APPLICATION_BUG, "root", (C.OTHER,)),
        # DeepEP V2's check that NCCL offers GPU-initiated networking ("(allow_hybrid_mode ? props.railedGinType :
        # props.ginType) != NCCL_GIN_TYPE_NONE", deepseek-ai/DeepEP#629): NCCL reports no GIN for the communicator
        # (no RDMA NIC or a libmlx5 without its symbols, NCCL before 2.28, or a single-node job that should set
        # EP_DISABLE_GIN=1).
        p(r"ginType\)? != NCCL_GIN_TYPE_NONE", "framework_usage", E,
          "DeepEP asked NCCL for GPU-initiated networking (GIN) and NCCL offers none on this communicator",
          "on one node turn GIN off (DeepEP: EP_DISABLE_GIN=1); across nodes use NCCL 2.28+ with RDMA NICs and a "
          "libmlx5 from DOCA-OFED (read NCCL's INFO lines on GIN)", C.APPLICATION_BUG, "root", (C.GDR_UNAVAILABLE,)),
        # -- XLA, JAX, TensorFlow -----------------------------------------------------------------------------------
        # XLA's PjRt client: "Execution of replica 0 failed: Resource exhausted: Failed to allocate request for
        # 20.18GiB ... on device ordinal 0" (kingoflolz/mesh-transformer-jax#90); the older local client's "Resource
        # exhausted: Out of memory while trying to allocate N bytes", pasted wrapped after "Out" (jax-ml/jax#788).
        p(r"Resource exhausted: (?:Failed to allocate|Out of memory|Out\s*$)", "oom", E,
          "XLA ran out of GPU memory for the computation",
          "lower the batch or shard the model further; XLA_PYTHON_CLIENT_MEM_FRACTION sets how much JAX takes",
          C.OOM),
        # A jaxlib (or XLA) built without NCCL/RCCL: every multi-device execution is refused (openxla/xla#8681,
        # JAX on ROCm: the build left the RCCL path out; fixed in XLA's build).
        p(r"XLA compiled without NCCL support", "package_build", E,
          "this jaxlib/XLA was built without NCCL (or RCCL) support, so it cannot run collectives on GPUs",
          "install the GPU build of jaxlib for the platform (`pip install -U \"jax[cuda12]\"`, or the ROCm plugin "
          "release that matches ROCm), or rebuild XLA with NCCL/RCCL enabled", C.OTHER, "root",
          (C.NCCL_VERSION_MISMATCH,)),
        # xla/tsl coordination service: "DEADLINE_EXCEEDED: Barrier timed out. Barrier_id: ... Timed out task
        # names: ..." (marin-community/marin#1933): a task never reached the barrier: it crashed or was not started.
        p(r"Barrier timed out\. Barrier_id", "remote_exited", E,
          "JAX's coordination barrier timed out: the tasks it names never reached it (crashed, not started, or "
          "stuck before it)", "read the named tasks' own output; start every process of the job with the same "
          "coordinator address and num_processes", C.RANK_CRASHED_ELSEWHERE, "root",
          (C.HANG_COLLECTIVE_MISMATCH,)),
        # tensorflow/python/framework/errors_impl.py UnavailableError from the gRPC channel: "Socket closed"
        # (tf-encrypted#368): the remote task closed it.
        p(r"UnavailableError: Socket closed", "remote_exited", E,
          "TensorFlow's gRPC channel to another task was closed: that task exited or restarted",
          "read the other task's own output for its first error", C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # -- Slurm's MPI plugin ---------------------------------------------------------------------------------
        # slurm src/common/plugin.c via srun --mpi=pmix: "Couldn't find the specified plugin name for mpi/pmix
        # looking at all files" (geoschem/geos-chem#822): this Slurm has no PMIx launch plugin.
        p(r"Couldn't (?:find|load) (?:the )?specified plugin name for mpi/", "launch_config", E,
          "srun was asked for an MPI launch plugin (--mpi=...) that this Slurm was not built with",
          "list what it has (`srun --mpi=list`) and use one of them (pmi2, pmix_v4), or build Slurm with PMIx",
          C.APPLICATION_BUG, "root", (C.OTHER,)),
        # Its PMI2 plugin's "mpi/pmi2: invalid PMI1 init command" (src/plugins/mpi/pmi2): a rank spoke to srun's PMI
        # server in what it does not parse: a launcher inside the step (Intel MPI's mpirun in a container that
        # `srun --mpi=pmi2` started, vsoch/vsoch.github.io#21) or an MPI built for another PMI.
        p(r"mpi/pmi2: invalid PMI1? ?init command", "launch_config", E,
          "srun's PMI2 server got PMI commands it does not understand from the job's processes: a launcher (mpirun) "
          "inside the srun step, or an MPI built for another PMI",
          "let srun start the ranks (no mpirun inside `srun`), with the PMI the MPI was built for (`srun "
          "--mpi=list`; --mpi=pmix for Open MPI with PMIx, --mpi=pmi2 for Intel MPI with I_MPI_PMI_LIBRARY set)",
          C.APPLICATION_BUG, "root", (C.OTHER,)),
    )
