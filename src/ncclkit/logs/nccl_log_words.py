"""The words the log scanner (nccl_log_scan) searches for outside NCCL's own lines, and the INFO messages it keeps
as possible causes: data, one entry per source family (the rows of patterns_table_* read what these find)."""

from __future__ import annotations

import re

from ncclkit.logs.patterns_families import FAMILY_WORDS

__all__ = ["INFO_CAUSE", "OTHER_WORDS"]

# Words on lines that are not NCCL lines (tracebacks, launcher, kernel, verbs), one bytes.find pass each
# (twice as fast as a regex search per word, and far faster than one alternation of them all). No word
# contains another: the shorter one finds the same lines.
OTHER_WORDS: tuple[bytes, ...] = (
    # launchers' start-up notices (patterns_table_notices): read so that they are known as no failure
    b"Setting OMP_NUM_THREADS", b"torch.distributed.launch is deprecated",
    # NET/IB's completion error quoted without NCCL's prefix (NVIDIA/nccl#1664: "NET/IBP:Got completion from peer ...")
    b"Got completion from peer",
    b"rror", b"imeout", b"timed out", b"ut of memory", b"ut of Memory", b"OUT OF MEMORY", b"RLIMIT_MEMLOCK", b"Xid",
    b"IO_PAGE_FAULT", b"DMAR",
    b"exitcode", b"SIGKILL",
    # shells' job reports: bash's "Killed", zsh's lowercase "killed" (also Ray's "GCS may have been killed")
    b"Killed", b"killed", b"name resolution", b"Name or service", b"already in use", b"refused",
    b"Fail", b"fail", b"FAIL", b"ismatch", b"abric", b"Segmentation", b"nvidia-nccl", b"peermem", b"peer_mem",
    b" -H ", b" --host", b" -host ", b"ACSCtl", b"NCCL_IB_DISABLE", b"firewall", b"open port",
    b"Unable to resolve hostname", b"Unable to find address", b"Duplicate GPU",
    b"same GPU", b"system is too old", b"< num_gpus", b"uncorrectable NVLink", b"ROCm-capable", b"/dev/kfd",
    b"Available Free mem", b"librccl",
    # Azure's HPC image checks (patterns_table_health); UCX's listener out of descriptors (patterns_table_transfer)
    b"The ib '", b"minimum ib rate", b"pending remap", b"sockcm_listener",
    # torch's device check quoted without its exception's name; ssh's banner timeout (patterns_table_remoteshell)
    b"all tensors to be on the same device", b"found at least two devices", b"but got device cuda:",
    b"same device as tensor", b"during banner exchange", b"must be on the same device but got",
    b"to be on the same device, but",
    # Python's TypeError quoted without its name (xtuner's "flash_attn_func() got an unexpected keyword argument")
    b"unexpected keyword argument",
    # CUDA's error string on a line of its own, under another runtime's header (MATLAB's gpuArray: Kilosort)
    b"illegal memory access",
    # the CUDA and NCCL libraries of a Python job (patterns_table_cudalibs)
    b"nvcc fatal", b"/bin/nvcc'", b"for optimal performance and fast", b"libnvrtc", b"cannot find -lcuda",
    b"compiled with CUDA enabled", b"torch_extensions", b"GPUassert", b"cuda assert",
    b"name 'nccl",
    b"compiled with GPU support", b"CUDA Compiler: not", b"cannot import name '_C'", b"no kernel image is available",
    b"backward through the graph", b"libGL.so.1", b"name '_C' is not defined", b"No available kernel",
    # (CuPy's "'CUDARuntimeError' object" line carries "rror", jaxlib's "is newer than and incompatible" carries
    # "incompatible": words of the list already)
    b"No NVENC capable",
    b"Loaded runtime CuDNN", b"Found cuDNN version", b", version libcu",
    b"Outdated cuDNN", b"both on CUDA device", b"p2p access not enabled", b"DeviceMemory] Device",
    b"with NCCL 1.", b"libnccl",
    b"Driver was not detected", b"CUDA_LAUNCH_BLOCKING", b"does not loop back", b"Attribute busid", b"no POLLOUT",
    b"nccl-repo", b"nccl-local-repo", b"device-specific driver", b"/dev/shm has only", b"% /dev/shm",
    b"Link down", b"Port module event", b"No devices were found", b"cannot be retrieved. err=-", b"SIGBUS",
    b"return code = -", b"Signal 7", b"expected, but not set", b"has not been initialized", b"finished reduction",
    b"group is not initialized", b"SyncBatchNorm", b"contain a single element", b"modified by an inplace",
    b"Stop_waiting", b"Invoked with: '", b"total capacity;", b"DefaultCPUAllocator", b"bytes on host",
    b"pinned host memory", b"corrupt", b"double free", b"active exception", b"incorrect size",
    b"dummy base class", b"requires CUDA for streams", b"generic_type: cannot", b"Not enough free memory",
    b"ulimit -l unlimited", b"is not needed when a module", b", in <module>",
    b"create cudnn handle", b"STATUS_NOT_INITIALIZED",
    b"No backend type", b"Tensors must", b"Expected CUDA tensor", b"closed by peer", b"reset by peer", b"uv_accept", b"received at time=", b"closing signal",
    b"watchdog got stuck",
    b"Heartbeat monitor", b"ERROR", b"fallen off", b"health compromised", b"IBV_WC_",
    # perftest (patterns_table_system)
    b"Couldn't ", b"Unable to create QP", b"Unable to open file descriptor", b"IB device ", b"Waiving ",
    # the stacks around NCCL (patterns_table_stacks): launchers, engines, Ray
    b"died", b"marked dead", b"as dead by", b"PCIe-only", b"ostfile", b"orld_size", b"orld size", b"via ssh",
    b"not installed", b"devices but", b"not match", b"MASTER_ADDR", b"main process IP", b"CUDA has been initialized",
    b"CUDA is already initialized", b"local_rank > 0", b"Distributed backend is not", b"backend not set",
    b"not on the cpu", b"CUDA_DEVICE_MAX_CONNECTIONS", b"interface", b"driver service", b"different address",
    b"master address", b"local ip", b"Set as localhost", b"available slots", b"subset of ranks", b"broadcasted by subset", b"ready ranks: ", b"is stalled for",
    b"NCCLUniqueID", b"P2P access status", b"RTX 4000 series", b"capacity is unbalanced",
    b"nsufficient", b"/dev/shm size", b"has been shut down", b"Killing subprocess", b"Terminating remaining",
    b"crashed with exit", b"sigquit", b"re-initialize CUDA", b"GPU resources", b"visible CUDA devices",
    b"each token must be in", b"not reproducible", b"occupied by other",
    b"oo many open files", b"Unable to load NCCL", b"No OpKernel", b"fi_getinfo",
    b"does not support", b"NET/OFI", b"received signal", b"Aborted", b"Aborting", b"core dumped", b"SIGFPE",
    b"Floating point exception",
    b"-lnccl", b"No communicator found", b"could not be found in []", b"in the PCI tree",
    b"ncclUnhandled", b"not yet initialized", b"MPI_INIT was", b"MPI_FINALIZE was", b"an MPI routine",
    b"longterm", b"pin_user_pages", b"collective ops", b"collectives library",
    b"neither AF_INET", b"abort", b"MPI_Abort",
    # PyTorch c10d / elastic misuse and teardown lines (patterns_table_host, patterns_table)
    b"backend constrained", b"not on device passed", b"devices are not known", b"Expecting one tensor",
    b"process group twice", b"without libuv",
    b"is out of range", b"device_id parameter", b"monitored_barrier", b"not part of group",
    b"LOCAL_RANK is not", b"accelerator support", b"is not available", b"requires NCCL", b"only allowed with NCCL",
    # runc's and Go programs' lowercase errno text (a container command its image lacks: patterns_table_k8s)
    b": no such file or directory",
    b"death signal", b"SignalException", b"dump signal", b"PGNCCL's watchdog", b"watchdog hang",
    b"likely closed", b"can't be empty", b"doesn't have ", b"currently unknown", b"UCX CUDA support", b"detected as host",
    b"algorithm/protocol", b"undefined symbol", b"undefined reference to `nccl", b"Overwriting environment",
    b"was not called before", b"is deprecated; use", b"Guessing device ID", b"best-guess GPU", b"NOT been destroyed",
    b"Can't pickle", b"bin/orted: ", b"Could not find NET with id", b"nknown argument",
    # gloo's own lines without c10d's "enforce fail at" prefix: its size check ("op.preamble.length <= op.nbytes")
    # and its receive timeout ("Timed out waiting Nms for recv operation to complete")
    b"op.preamble", b"Timed out",
    # DDP's model check (torch/csrc/distributed/c10d/reducer.cpp verify_params_across_processes)
    b"same model across",
    # launches and rendezvous: Lightning's rank claims, ColossalAI, c10d's completed rendezvous, Windows builds,
    # `ray start`'s head or node up
    b"GLOBAL_RANK: ", b"processes registered", b"Completed store-based barrier", b"Successfully reconnected to",
    b"Ray runtime started", b"num_local_procs=", b"--world_info=", b"torch environment",
    b"NCCL support is not compiled", b"rendezvous: path", b"assign requested address", b"does not exist",
    b"SIGSEGV", b"SIGABRT", b"using business card",
    # the host's network stack and limits in dmesg and the journal (patterns_table_kernel)
    b"table overflow", b"SYN flooding", b"orphaned sockets", b"too long to send", b"table full, dropping",
    b"martian source", b"link status d", b"NIC Link is Down", b"file-max limit", b"oom-kill", b"oom_reaper",
    b"segfault at", b"pids controller", b"fork: ", b"for limit item", b"Could not set limit", b"cannot modify limit",
    # the CUDA libraries (patterns_table_cudalibs), the NVLink fabric's software (patterns_table_health)
    b"Unable to load any of", b"CliqueIDs", b"channel recovery", b"cliqueSize", b"for faulty rank",
    # JAX's and Ray's distributed layers (patterns_table_jaxray)
    b"Coordination service has stopped", b"different incarnation", b"tasks have crashed", b"out of sync",
    b"Unknown flags in XLA_FLAGS", b"coordinator_address", b"num_processes",
    b"Automatic Distributed initialization", b"completionMode", b"cannot be scheduled", b"No available node types",
    b"could not find a node type",
    b"memory pressure", b"rendezvous store", b"NCCL hang detected", b"available in /dev/shm",
    b"deleting files in /dev/shm", b"Raylet is terminated", b"register worker with raylet", b"memory usage threshold", b"NO_AVAILABLE_HANDLE",
    b"are not available, please use", b"after bootstrapping",
    b"node preemption", b"on all TPU hosts", b"termination is imminent", b"tried to bind a",
    b"matched Raylet", b"compatibility mode is UNAVAILABLE", b"OMPI was not built with SLURM",
    b"request was made to bind", b"find environment variable",
    b"passed configuration file",
    b"share the same physical core",
    # PyTorch 2.12 - 2.14 (patterns_table_newest)
    b"symmetric", b"WindowNCCL", b"ProcessGroupNCCL::shrink", b"cannot shrink", b"support shrinking",
    b"Call reconfigure",
    b"TORCHCOMM_RANK", b"CPU-capable backend", b"duplicate entries", b"must be initialized",
    b"mesh_dim_name", b"Mesh dim name", b"shard or replicate", b"require NCCL", b"nccl4py", b"clique_ids",
    # the libraries under NCCL (patterns_table_net)
    b"incompatible", b"backend '", b"No suitable GID", b"no RDMA transports", b"back to TCP transport",
    b"Unreachable remote", b"never received a response", b"Unresponsive receiver", b"unresponsive",
    b"disabling GDR", b"eligible providers", b"GPUDirect RDMA", b"GDR disabled", b"retry count",
    b"no usable transports", b"messages transport", b"is unreachable", b"modifying QP", b"shmget(",
    b"shared memory", b"maximal number of files", b"SHArP", b"Aggregation Manager", b"sharp_am",
    # Slurm, Open MPI and Ray launcher lines (patterns_table_host)
    b"CANCELLED AT", b"Exited with exit code", b"Exit Code:", b"process returned", b"non-zero exit", b"ORTE ", b"PRTE ",
    b"command not found", b"Host key verification", b"Permission denied", b"enough slots", b"unable to launch",
    b"locked memory", b"queue pair", b"queue.Full", b"async event", b"Thread creation",
    b"pthread_create", b"CUMEM", b"old driver", b"dynamic smem",
    # health checks, the GPU driver and the NIC drivers' faults (patterns_table_health)
    b"mlx5_core", b"bnxt_", b"ionic ", b"irdma", b"[[Health]]", b"is lost", b"NvLink", b"XID ", b"ib_umem_get",
    b"Peer memory ", b"Thermal violations", b": In Progress", b": Not Started", b"PCIe replays", b"stress level", b"GFLOPs for GPU", b"SSH tunnel",
    b"libnvidia-ml", b"libibverbs not available", b"CUDA initialization: Found no", b"Found no NVIDIA driver",
    b"no GPUs found",
    b"No CUDA GPUs", b"Unknown runtime specified",
    b"unable to handle kernel", b"[amdgpu]", b"[amdkfd]", b"[nvidia", b"requires GPU driver", b"\"warning\" : \"", b"| Warning: ", b"nvidia-persistenced",
    b"Container Runtime Hook", b"nvidia-container-cli", b"default runtime", b"not active",
    # Kubernetes events and the RDMA device plugins (patterns_table_k8s)
    b"EmptyDir volume", b"System OOM", b"The node was low", b"The node had condition", b"Preempted by",
    b"node shutdown", b"devices unavailable", b"enough resource", b"TopologyAffinity", b"Topology locality",
    b"untolerated taint", b"affinity/selector", b"not rdma device", b"RDMA subsystem", b"rlimit type",
    b"create pod sandbox", b"sandbox for pod", b"network for sandbox", b"local storage usage", b"bin/nvidia is not",
    b"CrashLoopBackOff", b"GPU driver auto installation", b"Waiting for GPU driver libraries",
    b"is listening yet", b"Out of mr size", b"fsnotify", b"no more than 63", b"GCS at address", b"worker group startup", b"Ray Client connection", b"utilization is over",
    b"owner has exited",
    b"checkpoint file", b"PreStartContainer", b"too old to support",
    b"ErrImagePull", b"ImagePullBackOff", b"to pull image", b"is forbidden", b"denied the request", b"ExceedsGPUQuota",
    # NCCL's INFO "NET/IB : GPU Direct RDMA Disabled for HCA" pasted without its prefix
    b"Direct RDMA Disabled",
    # a frame of NCCL's cuMem host-memory probe in a Python faulthandler dump or a gdb backtrace (patterns_table_source)
    b"ncclCuMemHostEnable",
    # rdma-core's and perftest's lines (patterns_table_system)
    b"can't read sgid", b"RDMA_CM_EVENT_", b"No IB devices", b"Did not detect devices", b"sys files not found",
    b" ==> ",
    b"cuInit(0) returned", b"device(s) that support CUDA", b"QP size", b"severely limit", b"kernel ABI version",
    b"config directory", b"is ib_umad module",
    # torch/cuda/__init__.py on a GPU newer than the wheel
    b"with CUDA capability sm_",
    # PyTorch's recent distributed lines, the engines' launch checks, a library's own needs
    b"CDI container", b"belong to the given group", b"join collective #", b"joined collective #",
    b"must be divisible by number of nodes", b"is not found in the NCCL", b"is in use", b"device_ids and output_device",
    b"Operation: `accelerate.", b"CUDA_VISIBLE_DEVICES=", b"unable to detect local MPI rank",
    # NCCL's graph-capture check quoted without its WARN prefix
    b"captured in a graph",
    # a subject and its state in any program's words (patterns_table_generic)
    b"not supported", b"nsupported", b"DOWN", b"eer access", b"nvalid", b"be enabled",
    # schedulers, MPI launchers, Kubernetes, JAX/XLA, NVSHMEM, the peer-memory module (patterns_table_cluster)
    b"unable to reach each other", b"not enough space", b"Read -1, expected",
    b"attempt to run as root", b"direct launched using", b"No PMIx server", b"unable to reliably start", b"HYDU_",
    b"Waiting indefinitely", b"unhealthy", b"waiting for master", b"clients joined", b"low on resource",
    b"nslookup: can't resolve", b"server can't find", b"TCPStore::", b"expandable_segments:True", b"before timing out",
    b", in init_process_group", b", in _create_c10d_store", b"is infeasible and cannot", b"***LOW MEMORY***",
    b"resource_sharer.py", b"authkey=process.current_process()", b"GID Index", b"Unable to create CUDA",
    b"cudaFuncGetAttributes", b"urllib/request.py", b"http/client.py",
    b"may be stuck", b"proxy variable", b"MEM_FRACTION", b"enumerated as an mlx5",
    b"mlx5dv_devx_uar", b"Unable to create ah", b"NICs were assigned", b"same number of PEs", b"NVRM",
    b"Unresponsive remote", b"(downgraded)", b"HAMI-core",
    b"Userbuffers",
    b"requires CUDA P2P", b"CUDA IPC supports only", b"PEER_",
    b"unsatisfied condition", b"CDI devices", b"unprivileged container", b"nvidia_uvm is not loaded", b"IMEX channel",
    b"/dev/infiniband", b"Rdma Devices", b"device pool", b"RDMA resources", b"No RDMA devices", b"RDMA device spec",
    b"pyxis:", b"no IP addresses", b"default network is ready", b"No available RNIC",
    b"is not accessible", b"no active ports", b"No usable port", b"LAN address", b"DMABUF is",
    b"CudaIpc import", b"EtcdStoragePlugin", b"remote agent", b"NIXL_ERR",
    b"UCX backend bound", b"UCX version is", b"no common backend",
    # fabric diagnostics and ROCm (patterns_table_fabric, patterns_table_rocm)
    b"peer2peer transfer", b"GPU reset begin",
    b"LinkDownedCounter", b"_err_phy:", b"link_down_events_phy", b"Polling", b"Could be", b"LinkUp",
    b"Peer ports operating", b"link state is", b"Link configured as", b"PhysLinkState", b"LinkState:",
    b"LinkWidthActive", b"master SM", b"link with ", b"Status Opcode", b"state is Down", b"state is Init",
    b"state is Armed", b"PortXmitDiscards",
    b"discards", b"pause_storm", b"packet_seq_err", b"out_of_sequence", b"PCIe bandwidth", b"ACSViol",
    b"HSA_FORCE_FINE_GRAIN_PCIE", b"NUMA auto balancing", b"ROCm runtime library", b"missing symbol", b"SMI init",
    b"device index not found", b"libamd_smi", b"topo/nodes", b"dmabuf feature", b"CONFIG_PCI_P2PDMA",
    b"DMA_BUF_SUPPORT", b"GDRDMA not enabled", b"peer memory client", b"XGMI", b"xgmi",
    b"Unable to initialize shared", b"Memory access fault", b"amdgpu:", b"rocprofiler-register",
    b"program header to pipe", b"STATUS_CHECK", b"HSA_NO_SCRATCH_RECLAIM",
    # the health suites, training codebases' launchers, TensorFlow and MXNet (patterns_table_suites)
    b"rdma is not enabled", b"active devices. Got", b"Inactive NVLink", b"degraded link", b"link flap", b"HCAs found",
    b"links down", b"presenting as an InfiniBand", b"is bound to", b"fw version",
    b"MISBIND", b"_MISMATCH", b"Lost carrier", b"Bandwidth is low", b"Exception: Hostname", b"MPI support is disabled",
    b"NCCL is not found",
    b"environment variable is not set", b"Cannot auto-set", b"not visible to", b"no GPUs detected", b"seems down",
    b"GPU pairs are enabled", b"GID is NULL", b"instance could be dead",
    b"Not enough GPUs", b"requires distributed_executor_backend", b"essage truncated", b"bytes instead of",
    b"unable to compile", b"Could NOT find", b"should not mix NCCL", b"or later is needed for",
    b"didn't send any completion", b"Pending", b"RTTCC issues", b"InfiniBand devices found", b"egress rule",
    b"unschedulable", b"assign flavors", b"bash: -c: ", b"pdsh -S", b"_setup_mpi_environment",
    # perftest's GPU test buffer (--use_cuda)
    b"bytes GPU buffer", b"allocated GPU buffer", b"--use_cuda",
    # bash's signal names under a Chinese locale
    "已杀死".encode(), "总线错误".encode(), "段错误".encode(), "已放弃".encode(),
    # NCCL's argument check without its WARN prefix: "Broadcast : sendbuff (nil) is not a valid pointer"
    b"valid pointer",
    # fairseq's all_gather_list unpickling what the other workers sent
    b"pickle.loads(bytes(out_buffer",
) + FAMILY_WORDS
# INFO lines that carry a cause (newer NCCL logs failures and fallbacks at INFO): "Call to ibv_modify_qp
# failed ... retrying", "Call to connect returned Connection refused, retrying", "Failed to open ...",
# "ncclMaxSharedMem %d exceeds device/fn maxSharedMem %zu" (enqueue.cc before 2.26), "Could not open XML
# topology file %s : %s" (graph/xml.cc: NCCL_TOPO_FILE names no readable file; NCCL goes on detecting), and
# RCCL's lines of GPUDirect RDMA unavailable ("GDRDMA not enabled. Could not find memory_peers directory ...").
INFO_CAUSE = re.compile(rb"[Ff]ail|refused|retrying|[Ee]rror|unreachable|RLIMIT|dlerror|undefined symbol|required by|"
                        rb"disabling GDR|eligible providers|provider supporting GPUDirect|"
                        rb"exceeds device|Could not open XML|"
                         # RCCL's INFO lines of GPUDirect RDMA not available (patterns_table_rocm)
                        rb"GDRDMA not enabled|No peer memory client|does not support dmabuf|should be set for DMA_BUF|"
                         # NCCL's RAS declaring a peer dead (ras/peers.cc)
                        rb"as DEAD|"
                         # p2p.cc: peer-to-peer refused (WSL's legacy IPC, cudaDeviceEnablePeerAccess)
                        rb"Legacy IPC not supported|Could not enable P2P|"
                         # 2.32: a tuning choice refused, DMA-BUF absent for its internal GDRCopy backend
                        rb"cannot be honored|does not support DMA-BUF|"
                         # plugin_open.cc: a plugin the job named (not the default libnccl-<type>.so) that NCCL did not find
                        rb"Plugin: Could not find: *(?:\S+ )*(?!lib[nr]ccl-\w+\.so\b)\S+\.so\b|"
                         # NCCL 2.18 - 2.30 INFO lines of a cause (patterns_table_ncclinfo): a plugin that does not
                         # load (not the default one missing), libibverbs' last name, a range or a rail that does not
                         # fit, no path for a pattern, P2P refused, GIN without peer memory
                        rb"lugin load (?:\(\S+\) )?returned \d+ : (?!lib[nr]ccl(?:-net|-tuner|-profiler)?\.so:)|"
                        rb"Plugin: \S+\.so: \S+: cannot open shared object|network plugin \S+ is unsupported|"
                        rb"Count not open libibverbs\.so\.1|is invalid for family|mismatched physical devices|"
                        rb"Could not find a path for pattern|P2P is disabled between|P2P not supported between|"
                        rb"Peermem is not supported|"
                         # graph/xml.cc getPciPath: a topology file's PCI bus id that this machine (a VM) lacks
                        rb"Could not find real path of /sys/class/pci_bus|"
                         # a variable whose value is a shell's error text (a script that set it from a command that
                         # failed: YOLOX's configure_nccl under dash, "NCCL_IB_HCA set to /bin/sh: 1: pushd: not found")
                        rb"set to /bin/\w*sh: ")
