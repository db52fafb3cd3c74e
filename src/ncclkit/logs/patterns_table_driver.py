"""The line classifier's rows of CUDA and the GPU driver, read right after patterns_table_host's (memory,
processes, net plugins) and before patterns_table_consequences': no GPU visible, CUDA errors by the call or
string that names them, NVML and the driver's own lines. Same row shape and sources as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO


def driver_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # nvidia-smi with no GPU visible (driver not loaded, GPUs not passed into the container); PyTorch's
        # "No CUDA GPUs are available", "ProcessGroupNCCL is only supported with GPUs, no GPUs found!", "Found
        # no NVIDIA driver on your system".
        p(r"^\s*(?:nvidia-smi: )?No devices were found\s*$|No CUDA GPUs are available|no GPUs found|No AMD GPU found|"
          r"Found no NVIDIA driver|"
          r"\bCuda is not available\b|"
          # nccl4py (nccl_linux.pyx): "CUDA driver is not found (libcuda.so.1: cannot open shared object file ...)".
          r"CUDA driver is not found \(libcuda", "gpu_missing", E,
          "no GPU is visible here: the driver is not loaded, the GPUs are not passed into this container or VM, or "
          "CUDA_VISIBLE_DEVICES hides them", "check `lsmod | grep nvidia`, `dmesg | grep -i nvrm` and "
          "CUDA_VISIBLE_DEVICES; run the container with --gpus all (or the device plugin's request)", C.CUDA_OR_DRIVER),
        # ollama's GPU discovery running out of time (its troubleshooting page: an AMD driver too old for the bundled
        # ROCm libraries hangs the discovery), read before the collective timeouts whose word it shares.
        p(r"failure during (?:[\w-]+ )?GPU discovery[^\n]*before timeout", "gpu_missing", E,
          "the server's GPU discovery did not finish: the GPU driver is too old for the CUDA or ROCm libraries it "
          "ships, or a GPU does not answer", "update the GPU driver to one the bundled libraries support (ROCm's or "
          "CUDA's compatibility table), and check `nvidia-smi` / `amd-smi` and dmesg", C.CUDA_OR_DRIVER),
        # CuPy built without NCCL: cupy/cuda/nccl.py imports cupy_backends' nccl module only when it was compiled
        # (`available = False` otherwise), so the module exists but has none of NCCL's functions; the aarch64
        # (GH200) wheels of CuPy 13.0 shipped that way (cupy/cupy#8254, fixed in cupy-release-tools).
        p(r"module 'cupy\.cuda\.nccl' has no attribute", "package_build", E,
          "this CuPy was built without NCCL: its cupy.cuda.nccl module has none of NCCL's functions",
          "install a CuPy wheel built with NCCL for this platform (`python -c 'import cupy.cuda.nccl as n; "
          "print(n.available)'` must print True), or build CuPy from source with NCCL installed",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        # The NCCL library itself not found by the loader (not a plugin: libnccl-net.so is optional): an
        # environment without NCCL (cause `other`; a different NCCL on each node is the version mismatch);
        # XLA (xla/service/gpu nccl_utils.cc) "Unable to load NCCL library. Multi-GPU collectives will not
        # work.", TensorFlow's "Could not load dynamic library 'libnccl.so.2'".
        # vLLM/SGLang pynccl "Failed to load NCCL library from %s" (vLLM 0.4's pynccl_utils.py: "Failed to import
        # NCCL library: Cannot find libnccl.so.2 in the system."); Ray collective "NCCL is not available. Please
        # install Cupy".
        # RCCL's library missing is the same (AMD's gpu-cluster-networking troubleshooting table: LD_LIBRARY_PATH).
        p(r"lib[nr]ccl\.so[\w.]*: cannot open shared object file|Unable to load NCCL library|Could not load dynamic "
          r"library '?libnccl|Failed to load NCCL (?:library )?from|Failed to import NCCL library: Cannot find libnccl|"
          # Ray's collective "NCCL is not available. Please install Cupy"; cupyx.distributed "NCCL is not available".
          r"\bNCCL is not available\b|"
          # PyTorch 2.14: "TokenSwitchNCCL needs the 'nccl4py' package for this build's libnccl_ep.so".
          r"needs the 'nccl4py' package",
          "nccl_library_missing", E,
          "the program cannot load libnccl.so: NCCL is not installed where the loader looks, or the "
          "framework was built against a library that is not in this environment",
          "install the NCCL the framework expects (pip's nvidia-nccl-cu12 or the libnccl2 package) or add its "
          "directory to LD_LIBRARY_PATH; `ldconfig -p | grep libnccl` lists what the loader sees",
          C.OTHER, "root", (C.NCCL_VERSION_MISMATCH,)),
        # NVML as NCCL's nvml*() calls name it; not the pynvml package of a `pip list`, nor a traceback's source line
        # that only makes the call ("handle = pynvml.nvmlDeviceGetHandleByIndex(i)"), nor the device plugin's status
        # "Loading NVML" before it tries. "CUDA driver version is insufficient" (cudaErrorInsufficientDriver's
        # text), not a tool's "CUDA Driver Version: 12000" header.
        # NVML on an integrated GPU (Jetson Orin, Thor: busId 0000:00:00.0) has no P2P status and no PCI device:
        # NCCL's misc/nvmlwrap.cc and init.cc warn and go on (dusty-nv/jetson-containers PR#1636, all_reduce_perf
        # ran). A driver that does not match the library stays the catch-all below; a component named "...-error-xid"
        # (gpud's state JSON) is no Xid, nor is /proc/driver/nvidia/version's "NVRM version: ..." banner a fault.
        p(r"nvmlDeviceGetP2PStatus\([^)]*\) failed: Not Supported|Failed to find nvml device for busId "
          r"0000:00:00\.0", "noise", I,
          "NVML has no peer-to-peer or PCI data for this GPU (an integrated GPU such as Jetson's): NCCL goes on "
          "without it", "nothing to fix on an integrated GPU", None, "noise"),
        # PyTorch's caching allocator asks NVML for the GPU's processes only while it builds its "CUDA out of memory"
        # report (CUDACachingAllocator.cpp reportProcessMemoryInfo, called from malloc's no-block-found branch), so an
        # NVML failure asserted there is an OOM (fal-ai/fal#478: "CUDA OOM could sometimes look like" it).
        p(r"NVML_SUCCESS == [^\n]*INTERNAL ASSERT FAILED at \S*CUDACachingAllocator", "oom", E,
          "the GPU ran out of memory: PyTorch's allocator failed an NVML query while building its out-of-memory report",
          "reduce the memory per GPU (batch size, activation checkpointing, sharding) and check `nvidia-smi` for other "
          "processes on the GPU", C.OOM, "root", (C.CUDA_OR_DRIVER,)),
        # Not a shell command that greps the log for Xid lines (trexminer/T-Rex#20): only the lines it finds.
        # pynvml's NVMLError_InvalidArgument: NVML asked for a device index this node has not, a rank's local index
        # past the node's GPUs (NVlabs/imaginaire#168: nproc_per_node 8 on a server with fewer GPUs).
        p(r"NVMLError_InvalidArgument", "cuda_error", E, "NVML was asked for a GPU this node does not have: a rank's "
          "local index past the node's GPUs (more processes per node than GPUs)", "start at most as many processes "
          "per node as it has GPUs (torchrun --nproc_per_node, CUDA_VISIBLE_DEVICES)", C.APPLICATION_BUG, "root",
          (C.CUDA_OR_DRIVER,)),
        # NVML's NOT_FOUND for a bus id NCCL asks about (misc/nvmlwrap.cc, from graph/xml.cc's topology detection):
        # this process cannot see that GPU, as when ranks of one node run in containers given different GPUs
        # (NVIDIA/nccl#1529, "Two Containers on the Same Node"; NVIDIA/nccl#1066, "each rank only sees its own GPU").
        # Not the driver: NVML answered. Its "Unknown Error" stays the driver's (the row below).
        p(r"nvmlDeviceGetHandleByPciBusId\(\) failed: Not Found", "topology_error", E,
          "NVML cannot see the GPU at that PCI address from this process: the ranks of this node do not all see the "
          "node's GPUs (containers or cgroups given different GPUs), so NCCL cannot build the node's topology",
          "give every rank of a node the same view of the node's GPUs (one container per node, or the same devices in "
          "each, selecting the rank's GPU with CUDA_VISIBLE_DEVICES inside it)", C.TOPOLOGY_OR_NUMA, "root",
          (C.APPLICATION_BUG,)),
        p(r"(?<!-)(?<!grep )\bXid\b(?!-)|NVRM(?! version: )|Driver/library version mismatch|Failed to initialize NVML|"
          r"(?<!py)(?<!loading )NVML(?!\w*\([^)]*\)\s*$)(?!_P2P_CAPS_)|CUDA driver version (?:is )?i?nsufficient|"
          r"Minimum requirement is|Failed to open libnvidia-ml|couldn't find libnvidia-ml", "cuda_error", E,
          "the GPU driver reports a fault or does not match the libraries",
          "read `dmesg | grep -i xid`; reboot after a driver upgrade; match driver and CUDA versions",
          C.CUDA_OR_DRIVER),
        # SIGABRT is a process ending itself on purpose after another error: PyTorch's watchdog after a collective
        # timeout or an asynchronous NCCL error ("To avoid data inconsistency, we are taking the entire process
        # down", ProcessGroupNCCL.cpp), C++'s terminate on an uncaught exception, a failed assert(). The error
        # before it is the cause; alone it says only that the process aborted.
        # bash's own report of a child that aborted: "bash: line 1:   694 Aborted   python train.py" (the device
        # run watchdog-abort of benchmarks/results/faults-1xH200-2026-12-02, no core limit set).
        # torchrun's "failed (exitcode: -6) local_rank: 0": its own worker got SIGABRT (Paddle's launcher
        # "exitcode -6" alike), the same abort seen by the launcher, not a peer that died. PyTorch's DataLoader names
        # a worker that aborted so ("is killed by signal: Aborted.", Lightning-AI/pytorch-lightning#19598: CUDA used in
        # the forked worker).
        # Open MPI's failure handler names it under its banner: "Signal: Aborted (6)" (opal/util/stacktrace.c);
        # torch.multiprocessing.spawn's ProcessExitedException "process 1 terminated with signal SIGABRT"; mpirun's
        # and prterun's "noticed that process rank 7 ... exited on signal 6 (Aborted)" (DeepSpeed#6896, often wrapped
        # before "signal").
        p(r"\bAborted \(core dumped\)|^Aborted$|已放弃|^(?:[\w./-]+: )?(?:line \d+: +)?\d+ +Aborted\b|"
          r"Signal: Aborted \(6\)|exitcode\s*:\s*-6\b|return code = -6\b|terminated with signal SIGABRT\b|"
          r"exited on\s+signal 6 \(Aborted\)|^signal 6 \(Aborted\)|DataLoader worker \(pid \d+\) is killed by signal: "
          r"Aborted\.",
          "process_aborted", W,
          "a process aborted itself (SIGABRT) after an error of its own: a watchdog timeout, an uncaught C++ "
          "exception or a failed assertion, printed before this line",
          "read the error the process printed before it aborted (the watchdog's timeout, `terminate called after "
          "throwing`, an assertion)", C.OTHER, "collateral", (C.HANG_COLLECTIVE_MISMATCH, C.APPLICATION_BUG)),
        # A failure-signal handler's banner, then the signal and the stack: this process died on that signal, whatever
        # the word "Aborted" suggests; no peer's failure is implied. glog's (Paddle, MXNet, TensorFlow's C++ core):
        # "*** Aborted at 1590748026 (unix time) try "date -d @1590748026" ...", then "*** SIGSEGV (@0x0) received by
        # PID ..."; Folly's twin "*** Aborted at 1712345678 (Unix time, try 'date -d @1712345678') ***"
        # (meta-pytorch/monarch#864); Open MPI's (opal/util/stacktrace.c) "*** Process received signal ***", then
        # "Signal: ..." (NVIDIA/nccl#1669: NCCL crashing when its RAS client was queried during init).
        # abseil's (absl/debugging/failure_signal_handler.cc) "*** SIGABRT received at time=1734086759 ***".
        p(r"\*\*\* Aborted at \d+ \(unix time(?:\)|, try)|\*\*\* Process received signal \*\*\*|\*\*\* SIG[A-Z]+ "
          r"received at time=\d+", "crash", W,
          "this process died on a fatal signal (a failure handler, glog's or Open MPI's, prints this banner, then the "
          "signal and the stack): a crash here, or an abort after an error of its own printed before it",
          "read the signal and the stack that follow the banner, and the error printed before it; run the failing "
          "rank under gdb or with a debug build; upgrade NCCL if the stack is inside it", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        # glibc's malloc aborting the process on a corrupted heap (malloc/malloc.c malloc_printerr): "*** Error in
        # `python3': munmap_chunk(): invalid pointer: 0x... ***" under libcuda's thread (horovod/horovod#801), "double
        # free or corruption (!prev)" at a detectron2 launch (the held-out case san6 of round 87), glibc 2.29+'s
        # "free(): double free detected in tcache 2" (tests/analyze/data/rank-abort), "free(): invalid size",
        # "malloc(): corrupted top size", "corrupted size vs. prev_size"; glibc before 2.26 led with "*** glibc
        # detected ***". Native code wrote memory it did not own: the network is not in it.
        p(r"double free or corruption|\b(?:free|munmap_chunk|realloc|malloc|malloc_consolidate)\(\): (?:invalid "
          r"(?:pointer|size|next size)|double free detected|corrupted [\w ]+|memory corruption|unaligned \w+)|"
          r"corrupted size vs\. prev_size|corrupted double-linked list|\*\*\* glibc detected \*\*\*", "crash", E,
          "glibc found the process's heap corrupted (a double free, a free of an invalid pointer) and aborted it: "
          "native code wrote memory it did not own, often a compiled library built against another torch, CUDA or "
          "NCCL than the one loaded, or a bug of the library on the stack",
          "read the backtrace glibc prints (or run the rank under gdb; `py-spy dump --native`); rebuild compiled "
          "extensions against the torch and CUDA in use, keep one copy of each native library (NCCL, OpenMP, "
          "protobuf) in the process, and upgrade the library the stack names", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # SIGFPE too: an integer division by zero in native code (NCCL dividing by a buffer size that wrapped,
        # benchmarks/results/faults-1xH200-2026-12-02 buffsize-huge); the process crashed itself, no peer did.
        # Windows reports an access violation as exit code 3221225477 (0xC0000005, STATUS_ACCESS_VIOLATION).
        # UCX's error handler, loaded into every process of an HPC-X or Open MPI stack, reports any fatal signal
        # there: "Caught signal 4 (Illegal instruction: illegal operand)" above its backtrace (the crash of a
        # library on that backtrace, NVIDIA-NeMo/Megatron-Bridge#3343's hybrid_ep_cpp; a segfault's "Caught signal
        # 11 (Segmentation fault: ...)" is read by its words). A shell's or srun's exit code 128 + the signal:
        # 139 (SIGSEGV), 132 (SIGILL), 136 (SIGFPE); 137 is the host rows' kill. torchrun's and DeepSpeed's -N is
        # signal N itself (-4: SIGILL).
        p(r"Segmentation fault|段错误|SIGSEGV|core dumped|(?:exitcode\s*:|return code =)\s*-(?:11|8|4)\b|"
          r"exitcode\s*:\s*3221225477\b|Signal (?:11|8|4)\b|SIGFPE|SIGILL\b|Floating point exception|"
          r"Caught signal 4 \(Illegal instruction|(?:status|exit) code:?\s+(?:132|136|139)\b", "crash", W,
          "a process crashed (segmentation fault, floating point exception, illegal instruction)",
          "run the failing rank under gdb or with a debug build; upgrade NCCL if the stack is inside it",
          C.OTHER),
        # enqueue.cc ncclInitKernelsForDevice: "ncclMaxSharedMem %d exceeds device/fn maxSharedMem %zu" (INFO
        # before 2.26, where NCCL shrinks the request and the kernel launch fails later with "invalid
        # argument"; 2.26+: WARN "cudaArch %d ncclMaxSharedMem ..." and ncclSystemError at init).
        p(r"ncclMaxSharedMem \d+ exceeds|dynamic smem \d+ exceeds device", "kernel_shared_mem", E,
          "this NCCL build's kernels need more shared memory than this GPU offers: the NCCL release does not "
          "support the GPU's architecture (e.g. NCCL 2.25 on consumer Blackwell, fixed in 2.26.2)",
          "upgrade NCCL to a release built for this GPU (`pip install -U nvidia-nccl-cu12`, or the CUDA 12.8+ "
          "wheels for Blackwell) and check `NCCL version` in the log after", C.OTHER, "root",
          (C.NCCL_VERSION_MISMATCH, C.CUDA_OR_DRIVER)),
        # UCX's and UCC's CUDA layers name the CUDA call's result: "UCX  ERROR [cuda/cuda_copy/cuda_copy_iface.c:239]
        # cuda failed with 2" (openucx/ucx#2295: 96 ranks creating streams; 2 is cudaErrorMemoryAllocation in the
        # runtime API and CUDA_ERROR_OUT_OF_MEMORY in the driver's; the line before it names the call,
        # "cudaStreamCreateWithFlags creation failed"), "cuda mc ERROR cuda failed with ret:400(invalid
        # resource handle)" (openucx/torch-ucc#39: a stream of another GPU): CUDA errors, read by their words.
        p(r"\bcuda failed with (?:ret:)?2\b", "cuda_error", E,
          "a CUDA call of UCX's (or UCC's) CUDA transport failed with error 2, out of memory: the GPU (or, with many "
          "ranks per GPU, each rank's share of it) has no room for its streams and buffers",
          "free GPU memory for the transport (fewer ranks per GPU, smaller UCX_CUDA_COPY / UCC buffers) or restrict "
          "UCX to host transports (UCX_TLS without cuda_copy) where the job does not send GPU buffers through MPI",
          C.OOM, "root", (C.CUDA_OR_DRIVER,), decode=False),
        # (UCX aligns its columns: "UCX  ERROR   cuMemImportFromShareableHandle failed: invalid resource handle",
        # TensorRT-LLM's disaggregated-serving FAQ: servers in two NVLink domains.)
        p(r"\bcuda failed with (?:ret:)?\d+|UCX +ERROR +cu(?:da)?[A-Z]\w+\b[^\n]*\bfailed", "cuda_error", E,
          "a CUDA call of UCX's (or UCC's) CUDA transport failed",
          "read the CUDA error the line names; rerun with CUDA_LAUNCH_BLOCKING=1 to find the call", C.CUDA_OR_DRIVER),
        # Open MPI's UCX / UCC layers (nccl-tests built with MPI=1, mpirun's collectives): "[ts] [host:pid:tid]
        # tl_shm_team.c:617 TL_SHM ERROR ...", "UCX  ERROR ...": the launcher's MPI failed, not NCCL.
        p(r"\b(?:UCX|UCC|TL_[A-Z]+|CL_[A-Z]+) +ERROR\b", "mpi_transport", E,
          "the MPI runtime's UCX/UCC layer failed (mpirun's own transport, not NCCL)",
          "restrict MPI's transports (`-x UCX_TLS=tcp,self`, `-x UCC_TLS=^shm` or `--mca coll_ucc_enable 0`); "
          "containers on one host need a shared IPC namespace (--ipc=host) for its shared memory",
          C.OTHER, "root", (C.SHM_TOO_SMALL,)),
    )
