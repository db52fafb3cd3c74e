"""The line classifier's rows after the network ones (patterns_table.py): memory and processes, CollNet and net
plugins (CUDA and the driver follow in patterns_table_driver, the consequences and generic codes after them in
patterns_table_consequences). Same row shape and sources as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
# `df -h` of /dev/shm ("shm  64M  0  64M  0% /dev/shm") with its size in the given units and its Use% as given
_DF_SHM = r"^\s*\S+\s+\d+(?:\.\d+)?[{units}]i?\s+\S+\s+\S+\s+{used}% /dev/shm\s*$"
_SHM_FIX = "docker: --shm-size=1g or --ipc=host; k8s: mount an emptyDir with medium Memory on /dev/shm"


def host_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- memory, processes -----------------------------------------------------------------------------
        # shmutils.cc:131@v2.28.9-1 "Error while attaching to shared memory segment %s (size %ld)": with a name
        # that is no /dev/shm/nccl-XXXXXX and size 0, the peer sent a cuMem host-memory handle (NCCL_CUMEM_HOST_ENABLE,
        # 2.23+) and this rank read it as a file: the ranks disagreed on cuMem host support, as on hosts with NUMA
        # nodes without memory (NVIDIA/nccl PRs #2059 and #2388; NVIDIA/nccl#1838's reporter fixed it with
        # NCCL_CUMEM_HOST_ENABLE=0). Not /dev/shm's size. Alternatives: the NUMA layout (hiyouga/EasyR1#505,
        # NVIDIA/nccl#2190), the SHM transport left off (NCCL_SHM_DISABLE=1, ylan2009/ChatLM-mini-Chinese).
        p(r"attaching to shared memory segment \S* \(size 0\)", "shm_error", E,
          "a rank read its peer's cuMem host-memory handle as a /dev/shm file name (a garbled name, size 0): the "
          "ranks disagree on whether cuMem host memory works, as on hosts with memoryless NUMA nodes",
          "set NCCL_CUMEM_HOST_ENABLE=0 on every rank (or an NCCL with the fix); /dev/shm's size is not the cause",
          C.OTHER, "root", (C.TOPOLOGY_OR_NUMA, C.SHM_TOO_SMALL)),
        # "unlink shared memory %s failed, error: %s": systemd-logind RemoveIPC deletes the segments of
        # a user whose last session ended (shmutils.cc).
        p(r"unlink shared memory|shm unlink failed|RemoveIPC(?!\s*=\s*no\b)", "shm_error", E,
          "a shared-memory segment NCCL created was deleted under it: systemd-logind RemoveIPC removes "
          "the segments of a user whose last login session ends",
          "set RemoveIPC=no in /etc/systemd/logind.conf and `systemctl restart systemd-logind`",
          C.SHM_TOO_SMALL),
        # /dev/shm's size as other tools print it: Ray's "because /dev/shm has only 67108864 bytes
        # available", `df -h` "shm  64M  0  64M  0% /dev/shm" (docker's default is 64 MB; NCCL's SHM
        # transport maps buffers per peer pair there). Ray warns below 30% of the host's RAM, so a size of
        # gigabytes (ten digits or more) is its object store's wish, not a /dev/shm too small for NCCL
        # (allenai/open-instruct#521: 5367910400 bytes; kserve/kserve#3791: 67108864, docker's default).
        # df's Use% at 100 (kubernetes/kubernetes#85360: a 94G tmpfs full, half the node's memory by default).
        p(_DF_SHM.format(units="KMGT", used="(?:9[89]|100)"), "shm_small", E,
          "/dev/shm is full: NCCL's and the data loaders' shared-memory segments cannot grow",
          "free /dev/shm (files left by killed jobs) or give it more room: " + _SHM_FIX, C.SHM_TOO_SMALL),
        p(_DF_SHM.format(units="GT", used=r"\d+") + r"|/dev/shm has only \d{10,} bytes", "noise", I,
          "/dev/shm is gigabytes large", "nothing to fix: this line is normal", None, "noise"),
        # Ray's advice after its /dev/shm warnings (services.py: "You may be able to free up space by deleting files
        # in /dev/shm. If you are inside a Docker container, you can increase /dev/shm size by passing ..."): a
        # terminal wraps it onto lines of their own (allenai/open-instruct#1067), which name no failure; the
        # warning's own line carries the size.
        p(r"^(?!.*/dev/shm has only).*(?:free up space by deleting files in /dev/shm|increase /dev/shm size by "
          r"passing)", "noise", I,
          "Ray's advice on /dev/shm, continued from its warning", "nothing to fix on this line", None, "noise"),
        # vLLM shm_broadcast "Insufficient space in /dev/shm for shared-memory allocation"; DeepSpeed env_report
        # "/dev/shm size might be too small".
        p(r"/dev/shm has only \d{1,9} bytes|Insufficient space in /dev/shm|/dev/shm size might be too small|"
          + _DF_SHM.format(units="KM", used=r"\d+"),
          "shm_small", W, "/dev/shm is small (docker's default is 64 MB): NCCL's shared-memory transport "
          "needs room for the buffers of every pair of ranks on the node", _SHM_FIX, C.SHM_TOO_SMALL),
        # misc/shmutils.cc ncclShmOpen (2.12+) registers the segment with CUDA (cudaHostRegister) only after
        # fallocate gave the creator its whole size, so a "Cuda failure" there is the registration refused, not a
        # full /dev/shm (NVIDIA/nccl#1518: 64 MB with room to spare, NCCL_SHM_DISABLE=1 worked; v2.21.5-1
        # src/misc/shmutils.cc). include/shm.h before 2.12 is read below: its attaching rank shm_open'ed with O_CREAT,
        # so a segment it could not see (/dev/shm not shared between the ranks) failed the same registration.
        p(r"shmutils\.cc:\d+ NCCL WARN Cuda failure", "shm_error", E,
          "CUDA refused to register NCCL's shared-memory segment (cudaHostRegister of the /dev/shm mapping) after "
          "/dev/shm gave it its whole size: not a full /dev/shm", "upgrade NCCL (the PyTorch build that ships it); as "
          "a workaround set NCCL_SHM_DISABLE=1 (intra-node traffic then goes over P2P or the network)", C.OTHER, "root",
          (C.CUDA_OR_DRIVER, C.SHM_TOO_SMALL), decode=False),
        # Windows' commit limit (RAM plus the page file) reached: "OSError: [WinError 1455] The paging file is too
        # small for this operation to complete. Error loading ...\\torch\\lib\\shm.dll" (each DataLoader worker or
        # rank loads torch's CUDA DLLs; cszn/KAIR#127, thu-ml/tianshou#297): host memory, whatever DLL it names.
        p(r"WinError 1455\]|The paging file is too small for this operation to complete", "oom", E,
          "Windows ran out of commit memory (RAM plus the page file) while loading a library: each process that "
          "loads torch's CUDA libraries commits gigabytes", "enlarge the page file (or let Windows manage it), "
          "use fewer DataLoader workers or ranks per machine, or add RAM", C.OOM),
        # SIGBUS is how a write into a /dev/shm file beyond what tmpfs can back fails (NCCL's SHM buffers,
        # DataLoader workers): torchrun "exitcode: -7", DeepSpeed's launcher "return code = -7". Not the size
        # flag itself (docker's --shm-size, Triton's shm-size=) where a user names what they set.
        # misc/shmutils.cc: "Error: failed to create shared memory file %p, error %s (%d)", "Could not map %s
        # size %zu, error: %s".
        # Not a channel NCCL set up over SHM ("Channel 00 : 1[1] -> 0[0] via SHM/direct/direct"): a transport. Nor
        # libfabric's own <info>/<debug> lines, where "shm" names its intra-node provider being probed
        # ("libfabric:47889:shm:core:ofi_check_ep_type():629<info> unsupported endpoint type", ofiwg/libfabric#5787).
        # Nor ds_report's environment line "shared memory (/dev/shm) size .... 755.27 GB" (stark-sim/megatron-deepspeed-
        # lock-clock's node0.log of a job that failed elsewhere). Nor UCX's list of the transports it has, "please use
        # one or more of: cma, dc, ..., self, shm, sm, sysv, tcp" (its continuation line in TeneT.jl's UCX notes). Nor
        # multiprocessing's own code line under a traceback's frame, "self._fd = _posixshmem.shm_open(" (mosaicml/
        # llm-foundry#170: its exception says what failed).
        p(r"^(?!.*<(?:info|debug|trace)>)(?!.*\(/dev/shm\) size \.)(?!.*\bone or more of: )"
          r".*?(?:/dev/shm|failed to extend|(?<!_posixshmem\.)shm_open|(?<!via )\bSHM\b(?![-_]size|/direct)|"
          r"shared memory (?:segment|file)|Could not map \S+ size|munmap of shared memory|posix_fallocate|"
          # UCX (sys.c, mm_posix.c): "shmget(...) failed: ..., please check shared memory limits by 'ipcs -l'",
          # "shared memory mmap(...) failed: Cannot allocate memory"; its shared-memory transport's receive FIFO
          # (uct/sm/mm/base/mm_iface.c "mm_iface failed to allocate receive FIFO", a segment of /dev/shm per
          # process: 8 ranks under Kubernetes' 64 MiB default run out); PyTorch's shared-memory allocator
          # (aten/src/ATen/MapAllocator.cpp "unable to open shared memory object <%s> in read-write mode", "unable
          # to mmap %d bytes from file <%s>", "unable to write to file <%s>": DataLoader workers' tensors).
          r"unable to (?:open shared memory object|mmap \d+ bytes from file|write to file) <|"
          r"shmget\(|shared memory limits|shared memory mmap\(|mm_iface failed to allocate receive FIFO|No space left "
          r"on device|(?<!PCIe )Bus error|总线错误"
          r"|SIGBUS|exitcode\s*:\s*-7\b|return code = -7\b|Signal 7\b)", "shm_error", E,
          "the shared memory segment could not be created: /dev/shm too small", _SHM_FIX, C.SHM_TOO_SMALL),
        # The return code alone ("unhandled cuda error", ncclUnhandledCudaError) names no CUDA error: a
        # consequence of the "Cuda failure" / "Last error:" line next to it. nccl-tests quotes the return
        # code itself ("Test NCCL failure alltoall.cu:62 'unhandled cuda error (run with ...) / '").
        # Retyped by hand too ("unhandle cuda error", alibaba/ChatLearn#374).
        p(r"^(?!.*(?:Cuda failure|CUDA error:|'(?!unhandled cuda error)[^']+')).*(?:unhandled?[ _]cuda[ _]error|"
          r"ncclUnhandledCudaError|Call to CUDA function failed)", "cuda_error", E,
          "NCCL returned ncclUnhandledCudaError (the CUDA error itself is on a WARN or 'Last error:' line)",
          "read the CUDA error named near it; check the "
          "driver/CUDA compatibility and GPU health (`nvidia-smi`, Xid errors in dmesg)", C.CUDA_OR_DRIVER,
          "collateral", (C.NCCL_VERSION_MISMATCH, C.APPLICATION_BUG)),
        # torch's warning at import that it found no driver: on a node meant to run GPUs the driver is missing (the
        # maintainer in Deep-MI/FastSurfer#39), yet CPU-only runs print it too (HIT-SCIR/ltp#468): a warning.
        p(r"UserWarning: CUDA initialization: Found no NVIDIA driver", "gpu_missing", W,
          "torch found no NVIDIA driver on this machine: no GPU can be used here (harmless only on a CPU-only run)",
          "install or load the NVIDIA driver (`nvidia-smi`, `lsmod | grep nvidia`); in a container, run it with "
          "--gpus all", C.CUDA_OR_DRIVER),
        # Pinned host memory refused ("failed to alloc 34359738368 bytes on host: CUDA_ERROR_OUT_OF_MEMORY", "could not
        # allocate pinned host memory", talmolab/sleap#2001): the host's RAM, not the GPU's.
        p(r"failed to alloc \d+ bytes on host|could not allocate pinned host memory", "oom", E,
          "pinned (page-locked) host memory could not be allocated: the host's RAM or its locked-memory limit, not "
          "the GPU's memory", "lower the host memory the job pins (smaller host-side buffers, fewer processes per "
          "node) or add RAM; in a container, raise its memory and memlock limits", C.OOM, "root",
          (C.MEMLOCK_OR_ULIMIT,)),
        # CUDA's "no kernel image is available for execution on the device" quoted without its "CUDA error:"
        # (mmcv's and detectron2's FAQ): the decoder reads it as everywhere.
        p(r"Cuda failure|cuda error|unhandled cuda error|CUDA error|ncclUnhandledCudaError|HIP failure|"
          r"no kernel image is available for execution|"
          r"(?:ROCr|HSA) failure '|"
          # torch's CUDA init answering cudaErrorUnknown as a RuntimeError (c10/cuda CUDAFunctions.cpp: "CUDA unknown
          # error - this may be due to an incorrectly set up environment"; k8s-device-plugin#319, a pod's devices).
          # The driver API's own string of CUDA_ERROR_INVALID_PTX in any program's words (gpu-burn's "Error in load
          # module (...): a PTX JIT compilation failed").
          # TensorRT-LLM's check macro "CUDA runtime error in cudaDeviceCanAccessPeer(...): invalid device ordinal"
          # (NVIDIA/TensorRT-LLM#1667): the CUDA error decides, not the call it names.
          # The same CUDA errors in other wrappings: torch's device count ("Unexpected error from
          # cudaGetDeviceCount(). ... Error 804: forward compatibility was attempted ..."), the THC of torch < 1.5
          # ("cuda runtime error (804) : ..."), Caffe's CHECK ("Check failed: error == cudaSuccess (3 vs. 0)
          # initialization error"), NVVL's "CUDA runtime error 3 at line N", CTranslate2's "CUDA failed with error",
          # TensorRT's "Error Code 1: Cuda Runtime (an illegal memory access was encountered)" (TensorRT-LLM#2393),
          # TurboMind's check ("[TM][ERROR] CUDA runtime error: invalid argument .../memory_utils.cu:136",
          # FasterTransformer's "[FT][ERROR] ...", InternLM/lmdeploy#450), Caffe2's CUDA_ENFORCE ("[enforce fail at
          # context_gpu.cu:239] . peer mapping resources exhausted", pytorch/pytorch#38223), and LightSeq's cuBLAS
          # GEMM wrapper "!!!! kernel execution error. (m: 256, n: 256, k: 64, error: 13)" (its cublasStatus_t:
          # 13 execution failed, 14 internal error; bytedance/lightseq#143). cudaErrorIllegalAddress's own string
          # in any wrapping, even retyped ("runtimeerror: an illegal memory access was encountered", nex-code#5). The
          # check macro CUDA programs copy: "GPUassert: <string> <file> <line>" (DeePMD-kit's "cuda assert: ...").
          r"CUDA_ERROR|cudaError(?!_t\.cudaSuccess\b)"
          r"|CUDA initialization: |CUDA unknown error - |a PTX JIT compilation failed|"
          r"CUDA runtime error in \w+\(|CUDA runtime error ?\(?\d+\b|Unexpected error from cudaGetDeviceCount\b|"
          r"== cudaSuccess \(\d+ vs\. 0\)|CUDA failed with error |\bcudaGetDeviceCount failed\b|THCudaCheck FAIL |"
          r"Error Code \d+: Cuda Runtime \(|HIP error: |\bhipError[A-Z]\w+|"
          r"failed to initialize CUDA: |\[(?:TM|FT)\]\[ERROR\] CUDA runtime error: |"
          r"\[enforce fail at context_gpu\.cu:\d+\]|!!!! kernel execution error\. \(|"
          r"\ban illegal memory access was encountered\b|\b(?:GPUassert|cuda ?assert): ",
          "cuda_error", E, "a CUDA call failed",
          "check the driver/CUDA compatibility, GPU health (`nvidia-smi`, Xid errors in dmesg) and CUDA_VISIBLE_DEVICES",
          C.CUDA_OR_DRIVER),
        # c10/cuda CUDACachingAllocator allocate(): a request of 2^60 bytes or more is refused with "CUDA out of
        # memory. Tried to allocate more than 1EB memory" before any allocation: a size computed from garbage (a
        # negative size cast to unsigned, an all_gather_object whose size exchange was desynced; NVIDIA/nccl#1284,
        # where it followed a broadcast timeout). Below that bound the message gives the size: 100,000 GiB and more is
        # no GPU's either ("Tried to allocate 6056239117.41 GiB", Project-MONAI/tutorials#564: a metric's sync called
        # on the main process alone read a size the others never sent).
        p(r"Tried to allocate more than 1EB memory|Tried to allocate \d{6,}(?:\.\d+)? GiB", "program_error", E,
          "the program asked for far more GPU memory than any GPU has (100,000 GiB or more, up to an exabyte): a "
          "size computed from garbage, not memory that ran out", "find the tensor whose size is wrong (a negative or uninitialised shape), and read the errors "
          "printed before this one (a timeout, a rank that failed)", C.APPLICATION_BUG, "collateral",
          (C.HANG_COLLECTIVE_MISMATCH,)),
        # misc/utils.cc "Unrecoverable error detected: malloc(size=%llu) returned null", transport/p2p.cc
        # "malloc of %d bytes failed"; cuBLAS/cuDNN creating their handle or workspace on a full GPU; NVIDIA's
        # compiler tools' host allocation ("fatal   : Memory allocation failure", a JIT compile while the host
        # ran out; kijai/ComfyUI-WanVideoWrapper#151).
        # Not prose that rules memory out ("so I think it is not due to the out of memory", fhalab/MLDE#4).
        # TensorFlow's BFC allocator retrying smaller ("Ran out of memory trying to allocate 278.55MiB. The caller
        # indicates that this is not a failure", MarvinTeichmann/MultiNet#18): a warning healthy runs print.
        p(r"bfc_allocator\.cc:\d+\] [^\n]*The caller indicates that this is not a failure", "noise", I,
          "TensorFlow's allocator retried an allocation smaller; it says itself that this is no failure",
          "nothing to fix", None, "noise"),
        # The caching allocator's message without its first words ("Tried to allocate 20.00 MiB (GPU 0; 1.96 GiB total
        # capacity; ...", ShannonAI/Self_Explaining_Structures_Improve_NLP_Models#6); Windows' CPU allocator ("...
        # DefaultCPUAllocator: not enough memory: you tried to allocate 318767104000 bytes", austinxu87/handsoff#4,
        # KyanChen/STT#2: host RAM); RAPIDS' "Not enough free memory on device 0 to run kneighbors. needed=..., free=..."
        # (rapidsai-community/notebooks-contrib#48). A branch or file name is no error ("21-outofmemoryerror-cuda-...",
        # MLI-lab/DeepDeWedge#22).
        p(r"^(?!.*\bnot (?:due to |because of |caused by |an? )?(?:the |an )?out of memory).*?(?:"
          r"CUDA out of memory|(?<![-\w])OutOfMemoryError|Tried to allocate [\d.]+ [KMGT]i?B \(GPU \d+; "
          r"[\d.]+ [KMGT]i?B total capacity|DefaultCPUAllocator: not enough memory|Not enough free memory on device \d+|"
          r"Failed to CUDA (?:calloc|malloc|host alloc)|Failed to malloc|"
          r"Cannot allocate memory|std::bad_alloc|(?<![-\w])MemoryError|oom-kill|Out of memory|Allocation failed|"
          r"^(?:ptxas |nvlink )?fatal +: Memory allocation failure|"
          r"malloc\(size=\d+\) returned null|malloc of \d+ bytes failed|calloc\(\d+ entries\) returned null|"
          r"CUBLAS_STATUS_ALLOC_FAILED|CUDNN_STATUS_ALLOC_FAILED|CUBLAS_STATUS_NOT_INITIALIZED|"
          # The kernel's OOM report (oom_kill.c dump_header "invoked oom-killer", "oom-kill:constraint=", the reaper;
          # memcontrol.c "memory: usage %llukB, limit %llukB, failcnt %lu", printed only there).
          r"oom_reaper: reaped process|\bmemory: usage \d+kB, limit \d+kB, failcnt|"
          # TensorFlow's allocator (flwrlabs/flower#3159: "ResourceExhaustedError: ... failed to allocate memory").
          r"ResourceExhaustedError:[^\n]*(?:OOM when allocating|failed to allocate memory))", "oom", E,
          "memory ran out (GPU or host)", "reduce batch size / model shard / activation memory; check "
          "that no other process holds the GPU; for host memory, fewer dataloader workers", C.OOM),
        # torchrun: "failed (exitcode: -9)", "Signals.SIGKILL"; DeepSpeed "return code = -9"; shells: "Killed" (bash
        # under zh_CN prints its signal names translated: 已杀死, 总线错误, 段错误, 已放弃 in the rows below;
        # tranleanh/edn-gtm#2); zsh's job report and Go's "signal: killed" (amazon-science/mm-cot#25), not prose. Not
        # torchrun killing its own workers at teardown ("Unable to shutdown process N via Signals.SIGTERM,
        # forcefully exiting via Signals.SIGKILL", "did not exit after SIGKILL"), nor DeepSpeed's launcher function
        # that kills the other workers after one failed ("[launch.py:315:sigkill_handler] Killing subprocess N").
        # Nor an actor the program itself killed ("The actor is dead because it was killed by `ray.kill`.").
        # abrt's "Process N (python3) of user U killed by SIGSEGV - dumping core" names another signal: a crash. A
        # harness's time limit ("NCCL 2.30.7: killed after 180s", NVIDIA/jaxpp#11) killed a job that hung, not memory.
        # Paddle's signal handler asks "whether you killed PaddlePaddle" above any signal, SIGSEGV too (Paddle#26898).
        p(r"^(?!.*(?:forcefully exiting via|did not exit after|killed by `?ray\.kill|killed by SIG(?!KILL|NAL: KILLED)|"
          r"killed after \d+ ?s\b|whether you killed PaddlePaddle))"
          r"(?:.*(?:exitcode\s*:\s*-9\b|return code = -9\b|"
          r"\bSIGKILL\b|Signal 9\b|(?-i:\bKilled\b)|(?:\[\d+\]\s+\d+|zsh:|signal:) killed\b|exit code:? -9\b|"
          r"(?:status|exit) code:?\s+137\b|"
          r"已杀死))", "process_killed", W,
          "a process was killed with SIGKILL: most often the kernel OOM killer (host memory)",
          "check `dmesg | grep -i oom` on that node; lower host memory use (dataloader workers, pinned "
          "memory) or raise the job's memory limit", C.OOM, "root", (C.RANK_CRASHED_ELSEWHERE,)),
        # A collective ProcessGroupNCCL lacked: barrier in the 1.0 nightlies, which the release's documentation
        # promised (pytorch#17848: fixed in 1.0.1), is the build; send and recv before NCCL point-to-point (1.8) and
        # gather and scatter before 1.11 were documented as missing for NCCL: the program asked for them.
        p(r"ProcessGroupNCCL does not support barrier\b", "framework_release", E,
          "the PyTorch build in use lacks barrier on NCCL (a 1.0 nightly; 1.0.1 has it)",
          "upgrade PyTorch to 1.0.1 or newer", C.OTHER, "root", (C.APPLICATION_BUG,)),
        p(r"ProcessGroupNCCL does not support (?:send|recv|gather|scatter)\b", "framework_usage", E,
          "the program calls a collective the PyTorch release in use does not have on NCCL",
          "use a collective the release has (all_gather for gather), or upgrade PyTorch (send/recv: 1.8+, "
          "gather/scatter: 1.11+)", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # ProcessGroupNCCL::barrier with no device bound to the process ("[PG 0 Rank 3] using GPU 0 to perform barrier
        # as devices used by this process are currently unknown. This can potentially cause a hang if this rank to
        # GPU mapping is incorrect."): NCCL's barrier guesses rank % GPUs; a process that never called set_device
        # (or passed device_id) hangs there when the guess is another rank's GPU (FoundationVision/Infinity#76).
        # torch 2.5+ says it at init: "Guessing device ID based on global rank. This can cause a hang if rank to GPU
        # mapping is heterogeneous". Healthy runs print both: collateral, leading only a paste of nothing else.
        # The barrier is the job's first NCCL collective: a barrier that hangs with the right GPUs is peer-to-peer
        # that does not work (an L20 node's ACS, gitcode a5917737), the alternative named next.
        # torch 2.7+: "using GPU 1 as device used by this process is currently unknown. This can potentially cause a
        # hang if this rank to GPU mapping is incorrect" (ProcessGroupNCCL.cpp; stas00/ml-engineering#112).
        p(r"to perform barrier as devices used by this process are currently unknown|Guessing device ID based on "
          r"global rank|using best-guess GPU \d+ to perform barrier|as device used by this process is currently "
          r"unknown", "framework_usage", W,
          "the process never told PyTorch its GPU, so NCCL's barrier guesses one from the rank: a wrong guess puts "
          "two ranks on one GPU and hangs", "call torch.cuda.set_device(local_rank) before init_process_group, or "
          "pass device_id=torch.device('cuda', local_rank) to it (barrier(device_ids=[local_rank]) for the barrier)",
          C.APPLICATION_BUG, "collateral", (C.ACS_IOMMU_P2P, C.HANG_COLLECTIVE_MISMATCH)),
        # A launcher that replaces the job's own choice of interfaces ("Overwriting environment variable NCCL_IB_HCA
        # from 'rocep1s0f0,...' to 'rocep1s0f1,...'", spark-arena/sparkrun#135: the other port of each node, which
        # the cabling did not join): NCCL then uses the devices the launcher picked, not the ones set.
        p(r"Overwriting environment variable (?:NCCL_SOCKET_IFNAME|GLOO_SOCKET_IFNAME|NCCL_IB_HCA|UCX_NET_DEVICES) "
          r"from", "env_overwritten", W,
          "the launcher replaced the network devices the job set for NCCL (interfaces or HCAs): the job uses the "
          "ones it chose, which must be the ones cabled between the nodes",
          "check which ports are cabled between the nodes (`ibstat`, `ip -br link`) and make the launcher keep "
          "(or choose) those devices on every node", C.WRONG_INTERFACE, "likely",
          (C.TOPOLOGY_OR_NUMA, C.IB_PORT_DOWN_OR_LINK)),
        # torch.distributed's own usage errors: env:// rendezvous without its variables (rendezvous.py
        # "environment variable MASTER_ADDR expected, but not set"), a collective before
        # init_process_group, tensors on the wrong device for the backend (DDP's reducer checks, the unused-parameter
        # one among them, are patterns_table_torchpar's). PyTorch 1.0 worded the device check "Only CUDA dense tensor
        # is supported for NCCL collective operations" (pytorch/pytorch#14187: a model left on the CPU). A view given
        # to a collective (a slice, a transpose) fails ProcessGroupNCCL's "Tensors must be non-overlapping and dense"
        # (Lightning-AI/pytorch-lightning#4781, deepspeedai/DeepSpeed#1162: .contiguous() before it).
        # NVFlare's client API in its words: "rank > 0, but torch.distributed is not initialized" (its docs' FAQ).
        p(r"environment variable \w+ expected, but not set|Default process group (?:has not been|is not) initialized|"
          r"but torch\.distributed is not initialized|"
          r"No backend type associated with device type|Tensors must be CUDA and dense|Tensor list must be nonempty|"
          r"Tensors must be on the same device|Tensors must be (?:contiguous|non-overlapping and dense)|Only CUDA dense tensor is supported for NCCL|"
          # DDP's constructor checks (nn/parallel/distributed.py _log_and_throw): a module with nothing to train,
          # several device_ids, parameters on mixed or uninitialised devices, SyncBatchNorm off the GPU (its forward
          # too: "SyncBatchNorm expected input tensor to be on GPU", pinery-sls/Pytorch_Yolor_DeepSort#3). torch <= 1.7
          # said "Default process group is not initialized" (megvii-model/DetNAS#35).
          r"DistributedDataParallel is not needed when a module|device_ids can only be None or contain a single|"
          r"DistributedDataParallel's input module must be on|DistributedDataParallel device_ids and output_device "
          r"arguments only work|Modules with uninitialized parameters can't be used with|SyncBatchNorm layers only "
          r"work with GPU modules|SyncBatchNorm expected input tensor to be on GPU|"
          # distributed_c10d.py: a misspelt backend, a call ProcessGroupNCCL never serves (recvAnysource,
          # allgather_coalesced). A build without the backend is patterns_table_builds'.
          r"Invalid backend: |ProcessGroupNCCL does not support (?:recvAnysource|allgather_coalesced)|"
          # ProcessGroupNCCL / distributed_c10d misuse: a tensor on another GPU than the group's, several GPUs
          # per process, the default group created twice, a device_id past the visible GPUs, a rank outside
          # the group, no launcher's LOCAL_RANK, monitored_barrier on NCCL, a torch build without CUDA.
          r"but backend constrained to|collective on tensor not on device passed|GPU devices are not known|"
          r"Expecting one tensor only but got multiple|initialize the default process group twice|"
          r"device_id cuda:\d+ is out of range|device_id parameter must be|monitored_barrier is only implemented|"
          r"Global rank \d+ is not part of group|LOCAL_RANK is not in the environment|"
          # ColossalAI's launch_from_torch: "Could not find 'RANK' in the torch environment" (started with python,
          # not torchrun; Open-Sora).
          r"Could not find '?\w+'? in the torch environment|"
          # Windows and CPU builds: rendezvous.py "file:// rendezvous: path missing" (a malformed file URL on
          # Windows), Lightning "torch.distributed is not available".
          r"file:// rendezvous: path missing|torch\.distributed is not available\. Cannot initialize|"
          r"accelerator support: None|"
          # PyTorch 2.5+ sub-groups and device meshes (distributed_c10d.py split_group, device_mesh.py): a split
          # without a bound device or a splittable parent, a mesh larger than the world or uneven across hosts,
          # a collective on a rank outside the group.
          r"not safe to split any process groups|its backend does not support splitting|Mesh should not be bigger "
          r"than default world size|DeviceMesh only support homogeneous hardware|which does not belong to the "
          r"given group|"
          # TensorFlow without NCCL kernels (Windows and CPU builds): "No OpKernel was registered to support Op
          # 'NcclAllReduce'" (tensorflow#44281: HierarchicalCopyAllReduce instead).
          r"No OpKernel was registered to support Op 'Nccl|"
          # MXNet kvstore.cc: a build without NCCL asked for the 'nccl' kvstore.
          r"compile with USE_NCCL=1 to use nccl",
          "framework_usage", E, "the program uses torch.distributed incorrectly (rendezvous variables unset, no "
          "process group, DDP parameters without gradients, tensors on the wrong device)",
          "set MASTER_ADDR/MASTER_PORT/RANK/WORLD_SIZE (torchrun sets them), call init_process_group before "
          "any collective, find_unused_parameters=True for DDP models with unused parameters, and move "
          "tensors to the rank's GPU for NCCL; NCCL needs a CUDA build on Linux (elsewhere use gloo, or "
          "HierarchicalCopyAllReduce in TensorFlow)", C.APPLICATION_BUG),
        # GlooDeviceFactory.cpp "makeDeviceForHostname(): unsupported gloo device": no Gloo transport for the platform.
        # torch 2.8's Windows wheels shipped so (pytorch/pytorch#150381, fixed by the Gloo bump of #170491;
        # SystemPanic/vllm-windows#19: "install torch 2.7.1"); virtual adapters (VPN, Hyper-V) confuse its
        # interface lookup, and an unknown GLOO_DEVICE_TRANSPORT gives the same line.
        p(r"makeDevice\w*\(\): unsupported gloo device", "framework_usage", E,
          "this PyTorch's Gloo has no transport it can use here: a build without it for the platform (torch 2.8's "
          "Windows wheels), or an interface lookup confused by virtual adapters",
          "install a PyTorch whose Gloo works on this platform (2.7.1, or a release after the Gloo fix of "
          "pytorch/pytorch#170491); set MASTER_ADDR and GLOO_SOCKET_IFNAME to the real interface; unset "
          "GLOO_DEVICE_TRANSPORT", C.OTHER, "root", (C.WRONG_INTERFACE, C.APPLICATION_BUG)),
        # TCPStore (PyTorch 2.4+ defaults to libuv): Windows and some source builds have no libuv; torchrun there
        # needs USE_LIBUV=0 (cocktailpeanut/fluxgym#504, jingyaogong/minimind#115; tanshuai0219/EDTalk#24: torch 2.3).
        # The build's, not the program's: pytorch/pytorch#139990, ultralytics/ultralytics#17080 (torch 2.3.1 ran).
        p(r"use_libuv was requested but PyTorch was buil[dt] without libuv support", "framework_usage", E,
          "this PyTorch build has no libuv (Windows wheels, some source builds), which the TCPStore asks for by "
          "default since PyTorch 2.4", "set USE_LIBUV=0 in the launch's environment (or add `?use_libuv=0` to the "
          "init_method URL), or use PyTorch 2.3", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # distributed_c10d.py / ProcessGroupNCCL: an operation the loaded NCCL is too old for ("AVG requires
        # NCCL 2.10+", "Capturing NCCL collectives is only allowed with NCCL >= 2.9.6").
        # vLLM: "NCCL version %s or higher is required for NCCL symmetric memory".
        # ProcessGroupNCCL: "NCCL mem allocator is not supported in this NCCL version", "... requires NCCL
        # version 2.27 or later" (shrink).
        # torch/cuda/__init__.py: "NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the
        # current PyTorch installation": the wheel has no kernels for this GPU (as CUDA's "no kernel image is
        # available" outside NCCL's words): a build older than the GPU, one machine's CUDA stack and not NCCL versions
        # that differ across ranks (pytorch/pytorch#167244; jianchang512/parakeet-api#5 fixed by the cu128 wheel).
        # PyTorch before 1.5 warned the same in other words: "Found GPU0 V100-SXM2-16GB which requires CUDA_VERSION
        # >= 9000 for optimal performance and fast startup time, but your PyTorch was compiled with CUDA_VERSION
        # 8000" (longcw/yolo2-pytorch#121). Hard-wrapped after "is not compatible" too (runpod/containers#114).
        p(r"with CUDA capability sm_\d+ is not compatible(?: with the current PyTorch installation|\s*$)|"
          r"which requires CUDA_VERSION >= \d+ for optimal performance[^\n]*but your PyTorch was compiled with",
          "cuda_error", E, "the installed PyTorch (and the NCCL it ships) has no kernels for this GPU's architecture",
          "install a PyTorch build for this GPU (the CUDA version its release notes name for the architecture, e.g. "
          "cu128 for sm_120) on every node", C.CUDA_OR_DRIVER, "root", (C.NCCL_VERSION_MISMATCH,)),
        # vLLM pynccl_wrapper.py: "The symbol ncclCommWindowRegister is not found in the NCCL library": an NCCL
        # older than the symmetric-memory API.
        # PyTorch 2.14: "ProcessGroupNCCL windows require NCCL 2.29 or later", "NCCL Suspend failed (requires NCCL
        # 2.29.7+)".
        p(r"requires? NCCL \d+\.\d+(?:\.\d+)?(?:\+| or later)|only allowed with NCCL >= ?\d|"
          r"NCCL version \S+ or higher is required|not supported in this NCCL version|requires NCCL version \d+\.\d+|The symbol nccl\w+ is not found in "
          r"the NCCL library|"
          # XGBoost error_msg.cc: "NCCL version too old: (2.22.3). Install NCCL >= 2.23.4 ." (abort on timeout).
          r"NCCL version too old: \(",
          "nccl_too_old", E,
          "the program uses a feature the NCCL it loads is too old for",
          "use the NCCL the framework was built with or a newer one (`python -c 'import torch; print(torch.cuda."
          "nccl.version())'`; check LD_LIBRARY_PATH and LD_PRELOAD for an older libnccl)", C.NCCL_VERSION_MISMATCH),
        # -- CollNet / plugins -----------------------------------------------------------------------------
        # Only CollNet/SHARP-plugin lines; NVLS ("NVLink SHARP") is matched above as fabric manager.
        p(r"CollNet|sharp_|libnccl-net-sharp|SHARP (?:plugin|coll|resources|AM)|Failed to lock .*tree",
          "collnet_sharp_error", E, "the SHARP / CollNet plugin failed to set up in-network reduction",
          "check the SHARP aggregation manager and quotas, or disable with NCCL_COLLNET_ENABLE=0",
          C.NET_PLUGIN_ERROR),
        # ncclGetErrorString's default case (init.cc, every release): the code is none the loaded
        # libnccl knows. A program built against a newer nccl.h passes a code the older library has no
        # text for (ncclInProgress 2.14, ncclTimeout later), or passes a value that is no ncclResult_t.
        p(r"unknown result code", "nccl_unknown_result", E,
          "NCCL's error text for this code is 'unknown result code': the loaded libnccl does not know the "
          "code, so the program was built against another NCCL version than the one it loads (or passed "
          "a value that is not an NCCL result)",
          "make the NCCL the program was built with and the one it loads the same (NCCL_DEBUG=VERSION "
          "prints the loaded one; check LD_LIBRARY_PATH and a framework's bundled libnccl)",
          C.NCCL_VERSION_MISMATCH, "root", (C.APPLICATION_BUG,)),
        # "plugin" as a word: not inside a path or a name (TensorRT-LLM's plugins/ncclPlugin/*.cpp, Isaac Sim's
        # "[gpu.foundation.plugin]" logger). Not Kubernetes' CNI, network or device plugins (patterns_table_k8s), nor
        # an issue template's field name ("- **Network Plugin**: aws-ofi-nccl v1.16.3", NVIDIA/nccl#1921).
        # Nor Slurm's SPANK plugins ("Ignoring conflicting option "x11" in plugin "x11""), nor a reporter's sentence
        # on the setup ("I use the FastSockets Plugin as recommended for GCP", NVIDIA/nccl#651), nor a line that says
        # nothing failed ("NCCL Plugin:     aws-ofi-nccl (libfabric + CXI)", a passing run's summary in
        # LuckyLittleMonster/benchmark's nccl.log).
        p(r"NET/Plugin|^(?!.*(?:[Cc][Nn][Ii]\b|NetworkPlugin|device plugin|[Jj]ax plugin|\*\*[\w ]*[Pp]lugin\*\*|"
          r"[Ss][Pp][Aa][Nn][Kk]|in plugin \")|I (?:use|am using|installed)\b)"
          r"(?=.*(?:[Ee]rror|ERROR|[Ff]ail|FAIL|[Uu]nable|[Cc]ould ?n[o']t|[Cc]annot|not found|[Nn]o such|[Ii]nvalid|"
          r"undefined|mismatch|not supported|[Ww]arn|WARN|[Dd]isabl))(?:.*(?<![/\w.-])[Pp]lugin(?![/\w.-]))",
          "net_plugin_error", W,
          "the network plugin failed to load or initialise",
          "check NCCL_NET_PLUGIN, the plugin's path in LD_LIBRARY_PATH, and that it matches the NCCL version",
          C.NET_PLUGIN_ERROR),
    )
