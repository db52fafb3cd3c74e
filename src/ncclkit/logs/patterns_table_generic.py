"""The last rows of the line classifier: a line of a program no other row knows, read by its subject and
its failure word together.

Users paste the errors of whatever wraps NCCL (an engine's startup check, a library's transport, a
framework's own guard), and each program words the same fact its own way: "peer access between GPU 0 and
GPU 3 is not supported", "Invalid network interface: eth", "could not find network interface ib0". The
held-out rounds of tests/diagnosis found most misses there (TensorRT-LLM's peer-access warning, Transformer
Engine's interface check, DistServe's "Peer-to-peer access is unsupported on this platform"): a line that
names the subject NCCL depends on and says it is missing, refused or down. These rows read exactly that
pair; they come after every row that knows the program, so a known wording keeps its own row, and their
role is "likely" (they rank after any line that states its cause).

Each row pairs a subject with a failure word in one line; neither alone says anything (a healthy
engine prints "P2P" and "interface" too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W = Severity.ERROR, Severity.WARNING

# What the subject's state is: missing, refused, broken or down (one line; "not" forms a program prints).
_FAILED = (r"(?:\bnot (?:supported|available|found|enabled|accessible|reachable|present|detected|active|valid|"
           r"exist)\b|\b[Uu]nsupported\b|\b[Uu]navailable\b|\b[Nn]o such\b|\b[Cc]an ?not\b|\b[Cc]ould ?n[o']t\b|"
           r"\b[Uu]nable to\b|\b[Ff]ail(?:ed|ure|s)?\b|\bFAILED\b|\b[Ii]nvalid\b|\b[Dd]isabled\b|"
           r"\bdoes ?n[o']t (?:exist|support)\b|\b[Mm]issing\b|\b[Uu]nknown\b|\b[Ii]nactive\b)")


def _pair(subject: str, state: str = _FAILED) -> str:
    """A line that names `subject` and `state`, in either order (each an alternation of its own)."""
    return rf"^(?=[^\n]*?(?:{subject}))[^\n]*?(?:{state})"


def generic_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # GPU peer-to-peer refused: CUDA's cudaDeviceCanAccessPeer answered no, or a copy between two GPUs
        # failed. On bare metal PCIe ACS or an IOMMU that translates routes the traffic through the root
        # complex (or blocks it); in a VM the hypervisor does not expose P2P; consumer GPUs have it off.
        # Not the matrix headers of CUDA's p2pBandwidthLatencyTest ("Unidirectional P2P=Disabled Bandwidth
        # Matrix (GB/s)"), which measures both ways on every machine.
        p(_pair(r"\b[Pp]eer[- ]to[- ][Pp]eer\b|\bP2P\b(?! plugin|=)|\b[Pp]eer (?:memory )?access\b|"
                r"\bcan ?[Aa]ccess ?[Pp]eer\b|EnablePeerAccess"), "p2p_error", W,
          "a program found GPU peer-to-peer access refused or failing between GPUs of this node",
          "check `nvidia-smi topo -p2p r`; on bare metal turn PCIe ACS off on the switches and set the IOMMU to "
          "passthrough (iommu=pt) or off; in a VM the hypervisor must expose P2P; NCCL_P2P_DISABLE=1 works "
          "around it at a cost in speed", C.ACS_IOMMU_P2P, "likely", (C.TOPOLOGY_OR_NUMA, C.CUDA_OR_DRIVER)),
        # A network interface a program was told to use (its own flag, GLOO_SOCKET_IFNAME, NCCL_SOCKET_IFNAME)
        # or looked for does not exist in this network namespace or has no address.
        p(_pair(r"\b[Nn]etwork [Ii]nterface|\b[Ii]nterface\s*[:=]?\s*['\"`]?(?:eth|ens|enp|eno|enx|ib|bond|br|lo\b|"
                r"docker|veth|wl|net\d)|\bifname\b|SOCKET_IFNAME|\bnetdev\b",
                rf"{_FAILED}|\bno (?:usable|valid|matching) |\bhas no (?:IPv[46] )?address"), "no_interface", E,
          "a program did not find the network interface it was told to use, or that interface has no address here",
          "list the interfaces with `ip -br addr` on every node (inside the container or pod) and set the "
          "program's interface, NCCL_SOCKET_IFNAME and GLOO_SOCKET_IFNAME to one that exists on all of them",
          C.WRONG_INTERFACE, "likely", (C.HOSTNAME_RESOLUTION,)),
        # An RDMA port or link a program reports down or not yet up (ibv_query_port's state, a link event).
        p(_pair(r"\bmlx\d_\d+|\bHCA\b|\bRDMA\b|InfiniBand|ConnectX|\bhca_id\b|\bibp\d",
                r"\b(?:port|link|Port|Link)\b[^\n]*?(?:\bDOWN\b|\b[Dd]own\b|\bINIT\b|\bPOLLING\b|\b[Pp]olling\b|"
                r"\bARMED\b|\bnot (?:active|up)\b|\b[Ii]nactive\b)"), "ib_port_event", E,
          "a program reports an RDMA port or link that is not ACTIVE (down, polling or initialising)",
          "check `ibstat` / `ibv_devinfo` on that node: a port in Down or Polling needs its cable, switch port "
          "or subnet manager (IB) checked; INIT means no subnet manager has configured it", C.IB_PORT_DOWN_OR_LINK,
          "likely", (C.GID_INDEX_OR_ROCE_CONFIG,)),
        # A program's own check of the NCCL it loaded: a version older than it needs, or another than it
        # was built with (pip's resolver: "torch 2.1.0 requires nvidia-nccl-cu12==2.18.1, but you have
        # nvidia-nccl-cu12 2.19.3 which is incompatible").
        # The version must be NCCL's ("NCCL >= 2.19", "NCCL version 2.18.3", "nvidia-nccl-cu12 2.19.3",
        # "libnccl.so.2.18.1"), not another figure of a line that names NCCL (a bandwidth it expected).
        p(_pair(r"\b[Nn][Cc][Cc][Ll]\s*(?:[<>=]=?|version)\s*v?\d+\.\d+|nvidia-nccl[\w-]*(?:==| )\d+\.\d+|"
                r"libnccl\.so\.\d+\.\d+",
                r"\b(?:requires?|required|needs?|expects?|expected|at least|too old|older than|newer than|"
                r"[Ii]ncompatible|mismatch(?:ed)?|or (?:higher|newer|later))\b"), "version_mismatch", E,
          "a program found an NCCL version other than the one it needs",
          "install the NCCL the program was built for (`python -c 'import torch; print(torch.cuda.nccl.version())'`"
          ", `pip list | grep nccl`); one NCCL library on LD_LIBRARY_PATH and the same version on every node",
          C.NCCL_VERSION_MISMATCH, "likely", (C.CUDA_OR_DRIVER,)),
        # DMA-BUF, the kernel's way to register GPU memory with the NIC without nvidia-peermem: refused by
        # a kernel, driver or NIC stack too old for it.
        p(_pair(r"\b[Dd][Mm][Aa][-_ ]?[Bb][Uu][Ff]\b|\bdmabuf\b"), "gdr_disabled", W,
          "GPU memory could not be shared with the NIC through DMA-BUF (kernel, GPU driver or RDMA stack too old "
          "or built without it)",
          "use a kernel >= 5.12 with CONFIG_DMABUF_MOVE_NOTIFY, GPU driver >= 515 (open kernel modules) and a "
          "recent rdma-core, or load nvidia-peermem for GPUDirect RDMA instead", C.GDR_UNAVAILABLE, "likely",
          (C.CUDA_OR_DRIVER,)),
        # os.makedirs of the run or log directory on every rank (lanpa/tensorboardX#546, allenai/allennlp#3841: "a
        # race condition ... between the check for existence and creation"); a run id opened twice (wandb/wandb#3208).
        # After the families, whose own FileExistsError rows (MosaicML Streaming's shared-memory prefix) read first.
        p(r"FileExistsError: \[Errno 17\] File exists", "program_error", E,
          "a file or directory the program creates already exists: in a multi-rank job, every rank creating what "
          "rank 0 alone should (the log or run directory, a writer), racing each other",
          "create run and log directories on rank 0 only, or with `os.makedirs(path, exist_ok=True)`, and give "
          "each rank's writer its own path", C.APPLICATION_BUG, "likely"),
        # An exception of Python's own that says the program itself went wrong (bad input, a bug), the last
        # line of a rank's traceback (after torchrun's tee and rank prefixes or srun's where the paste keeps it on
        # some lines only): "ValueError: batch 3: expected 4 samples", "KeyError: 'labels'". Its
        # peers then only see it go away ("remote process exited", "Connection closed by remote peer"), which
        # the rows above read as collateral. Not RuntimeError, OSError or ImportError: torch, the network
        # and the environment raise those, and the rows above read their messages.
        # Indented under the "traceback :" field of torchrun's failure summary (pytorch/pytorch#73465). PyTorch 2.4+
        # under torchrun tags a rank's line twice ("[rank0]:[rank0]: FileNotFoundError", ttt-video-dit#6). A bare
        # "queue.Full" is a non-blocking put into the program's own full multiprocessing queue (OpenNMT/OpenNMT-py#1454:
        # its batch producer, fixed in the code); not "_queue.Empty", which a DataLoader's timed-out get raises.
        # Of the labelled threads that program_error leads, nearly half accept a library's release (a version the
        # code was not written for) beside the program's own bug, and a peer's crash almost none (test_diagnosis_score).
        p(r"^\s*(?:\[default\d+\]:)?(?:(?:\[rank\d+\]: ?){1,2}| *\d{1,5}: )?(?:[A-Za-z_][\w.]*\.)?(?:ValueError|KeyError|"
          r"IndexError|TypeError|(?:Module)?AttributeError|AssertionError|NameError|ZeroDivisionError|"
          r"UnboundLocalError|RecursionError|JSONDecodeError|queue\.Full)(?::|$)", "program_error",
          E, "a rank's program raised an exception of its own (a bug or bad input in the code it runs, or, where the "
          "traceback ends in a library, that library's release); errors of the other ranks after it (a peer that "
          "exited, a closed connection, a timeout) are its consequence",
          "fix the exception at the end of that rank's traceback (the frames above it name the file and line); "
          "run that rank's step alone to reproduce it; where it ends in a library, try the release the code was "
          "written for", C.APPLICATION_BUG, "likely", (C.OTHER, C.RANK_CRASHED_ELSEWHERE)),
        # torch.compile's CUDA graphs (mode "reduce-overhead" or "max-autotune") replay into buffers the program still
        # holds from an earlier step ("accessing tensor output of CUDAGraphs that has been overwritten", "storage
        # data ptrs are not allocated in pool": Denys88/rl_games' TORCH_COMPILE.md, RNN state kept across steps).
        p(r"accessing tensor output of CUDAGraphs that has been overwritten|storage data ptrs are not allocated in "
          r"pool", "program_error", E,
          "torch.compile's CUDA graphs replayed into memory the program still holds from an earlier step (a "
          "recurrent state or an output kept across steps)", "compile with mode=\"default\" (no CUDA graphs), or clone "
          "the outputs the program keeps, or call torch.compiler.cudagraph_mark_step_begin() each step",
          C.APPLICATION_BUG, "likely", (C.OTHER,)),
        # autograd's version check on a tensor it saved: the program changed it in place before backward. Under DDP the
        # buffers broadcast each forward (BatchNorm's running stats) are changed in place too (pytorch/pytorch#110363:
        # broadcast_buffers=False or SyncBatchNorm; Zzh-tju/DIoU-SSD-pytorch#15, anse3832/USR_DA#4).
        p(r"one of the variables needed for gradient computation has been modified by an inplace operation",
          "program_error", E, "autograd found a tensor it saved for the backward pass changed in place (an in-place "
          "operation of the program, or under DDP a buffer broadcast again before backward)",
          "replace the in-place operation on that tensor (x += ..., x[idx] = ..., inplace=True) with an out-of-place "
          "one (torch.autograd.set_detect_anomaly(True) names it); under DDP pass broadcast_buffers=False or use "
          "SyncBatchNorm", C.APPLICATION_BUG, "likely"),
        # autograd's "Trying to backward through the graph a second time" (mmengine's FAQ: two optimizer hooks
        # each calling backward): the program's training step, on whatever rank prints it.
        p(r"Trying to backward through the graph a second time", "program_error", E,
          "the program ran a second backward pass through a graph whose saved tensors the first one freed (two "
          "backward calls per step: two optimizer hooks or wrappers, a loss reused)", "call backward once per step "
          "(one optimizer hook / wrapper), or retain_graph=True where two passes are meant", C.APPLICATION_BUG,
          "likely", (C.RANK_CRASHED_ELSEWHERE,)),
        # Sampling from logits that hold inf or NaN ("probability tensor contains either `inf`, `nan` or element <
        # 0", Qwen's docs: float16 overflowing for that model): the model's numbers, not a GPU or NCCL fault.
        p(r"probability tensor contains either .?inf.?, .?nan.? or element < 0", "program_error", E,
          "the model produced inf or NaN logits (float16 overflowing, a broken checkpoint or input)", "run the model "
          "in bfloat16 or float32, and check the weights and inputs", C.APPLICATION_BUG, "likely", (C.OTHER,)),
        # Python's FileNotFoundError for a path of the program's own (relative, or outside the system's trees): a
        # file or directory its arguments or config name that is not there, where a launcher dies before the ranks
        # it should start (NVIDIA/tacotron2#57: multiproc.py opening logs/<job>_GPU_1.log with no logs/ directory,
        # while rank 0 waits at "Initializing distributed"). Paths under /usr, /dev, /sys ... are the system's.
        # subprocess's own form names the program twice ("No such file or directory: 'ks-13': 'ks-13'",
        # kubeflow/training-operator's e2e debugging notes: ksonnet not installed): a program the script runs is
        # missing from the PATH, whatever its name.
        p(r"FileNotFoundError: \[Errno 2\] No such file or directory: '([^'/]+)': '\1'", "package_build", E,
          "a program the script starts as a subprocess is not installed or not on the PATH", "install the program "
          "named in the error on every node (or in the image), or give its full path", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        p(r"^(?:(?:\[rank\d+\]: ?){1,2}| *\d{1,5}: )?FileNotFoundError: \[Errno 2\] No such file or directory: "
          r"'(?!/(?:usr|opt|dev|sys|proc|etc|lib\w*|bin|sbin|run|var)/)[^'/]*/[^']*'", "program_error", E,
          "a rank or its launcher opened a file or directory that does not exist (a path its arguments or config "
          "name, or a directory it expects to find); the ranks it did not start leave the others waiting",
          "create the directory or fix the path (relative paths resolve from the working directory of every node), "
          "then relaunch", C.APPLICATION_BUG, "likely", (C.RANK_CRASHED_ELSEWHERE,)),
        # A library's assertion on what the program gave it, a comparison of its names ("Assertion failed: mpiSize
        # == tp * pp" of TensorRT-LLM's world config, DeepEP's "Assertion error deep_ep.cpp:32 'num_ranks >
        # NUM_MAX_NVL_PEERS or low_latency_mode'"): the launch or the arguments do not meet the library's terms.
        # Not an assertion on a call's result ("'nvshmem_team_split_strided(...) == 0'", "status == NIXL_SUCCESS"):
        # the call failed, and its own error is printed before.
        p(r"Assertion (?:failed|error)\b[^\n]*?[:'`]\s*[A-Za-z_][\w.]*\s*(?:==|!=|>=|<=|>|<)\s*"
          r"(?!\w*(?:SUCCESS|Success|_OK)\b)[\w.]",
          "program_error", E, "a library's check of what the program or its launch gave it failed (a size, count or "
          "rank layout it does not support)",
          "read the asserted condition: launch with the ranks, GPUs per node and sizes the library requires (its "
          "documentation names them)", C.APPLICATION_BUG, "likely", (C.TOPOLOGY_OR_NUMA, C.OTHER)),
        # The kernel's long-term pin of the memory an RDMA registration asked for (ib_umem_get ->
        # pin_user_pages_fast -> __gup_longterm_locked, which first migrates pages out of CMA and movable memory:
        # migrate_longterm_unpinnable_folios); a failure there fails ibv_reg_mr whatever the memlock limit
        # (MiaAI-Lab DGX Spark #259: kexec hand-over scratch areas held as CMA on a new arm64 kernel).
        p(r"migrate_longterm_unpinnable|__gup_longterm_locked|\b(?:ib_umem_get|pin_user_pages\w*)\b[^\n]*?"
          r"(?:-E[A-Z]{3,}\b|\b[Ff]ail)", "ibv_reg_mr_failed", E,
          "the kernel could not pin the memory an RDMA registration asked for (a long-term pin first moves pages "
          "out of CMA and movable memory, and that failed)",
          "read dmesg around the failure; shrink the kernel's CMA or hand-over scratch areas (cma=, kho=off) or "
          "keep the buffers out of them; `ulimit -l unlimited` is needed as well", C.IB_RESOURCE_ERROR, "likely",
          (C.MEMLOCK_OR_ULIMIT,)),
        # A binding that cannot be built against the dependencies installed: Julia's "Failed to precompile NCCL"
        # (NCCL.jl after CUDA.jl moved its macros, JuliaGPU/NCCL.jl#63); libgpuarray/pygpu built without a
        # collectives library: "No collective ops available, API error. Is a collectives library installed?"
        # (mila-iqia/platoon#72, fixed by rebuilding with NCCL present).
        # A build of something on top of NCCL (Horovod with HOROVOD_GPU_OPERATIONS=NCCL, nccl-tests, a framework's
        # extension) that finds no NCCL to build against: the compiler's "fatal error: nccl.h: No such file or
        # directory", the linker's "cannot find -lnccl" (NCCL_HOME on a source tree never built, nccl-tests#81;
        # NCCL not installed for the CUDA in use, horovod#3378).
        p(r"Failed to precompile \S+|No collective ops available|Is a collectives library installed|"
          r"\bnccl\.h\W{0,3} No such file or directory|cannot find -lnccl\b", "package_build",
          E, "a library that binds NCCL was built (or precompiled) without it or against dependency versions it "
          "does not support, or the build found no NCCL headers and library", "install the binding's release that "
          "matches its dependencies (or rebuild it with NCCL installed); point the build at an NCCL with "
          "include/nccl.h and lib/libnccl.so (NCCL_HOME=<nccl>/build for nccl-tests, HOROVOD_NCCL_HOME, libnccl-dev)",
          C.OTHER, "likely", (C.NCCL_VERSION_MISMATCH, C.APPLICATION_BUG)),
        # Python's loader finding no module of that name: a package missing from the environment the rank runs
        # in (a container or venv built without it, ai-dynamo/dynamo#3158: "No module named 'nvshmem'" until
        # nvshmem4py was installed); importlib.metadata's PackageNotFoundError for one a library asks for (Qwen's
        # FAQ: bitsandbytes); a library's own "ImportError: MLflow is not installed" (NeMo Automodel's docs). The
        # wordings a known program prints keep their rows above (a PyTorch
        # without c10d, Apex's extensions, a remote shell's python, vLLM's optional Ray).
        # A library an extension links against, missing (k2-fsa/icefall's FAQ: "OSError: libtorch_hip.so: cannot open
        # shared object file", a torchaudio for another torch build; the driver's and NCCL's own rows come first).
        # Importing an extension raises ImportError (ctypes raises OSError): "ImportError: libc10_cuda.so: cannot
        # open shared object file", an extension built for another torch or imported before torch
        # (Dao-AILab/flash-attention#236, pytorch/extension-cpp#127); a program may print the loader's text bare, or
        # after the path it dlopen()ed (NVIDIA/cuda-quantum#3342: "/.../lib/libnvqir-nvidia-mqpu.so: cannot open ...").
        p(r"(?:ModuleNotFoundError|ImportError): No module named '?[\w.]+|PackageNotFoundError: No package metadata "
          r"was found for|ImportError: [\w.-]+ is not installed|(?:^\s*|(?:OS|Import)Error: |[\s:\x22]/[^\s:\x22]*/)"
          r"lib[\w.-]+\.so[\w.]*: cannot open shared object file", "package_build", E,
          "a rank's Python could not import a module: the package is not installed in the environment (container, "
          "venv, node) the job runs in", "install the package named in the error into the image or environment "
          "of every node (`python -c 'import <module>'` there checks it), then relaunch", C.OTHER, "likely",
          (C.APPLICATION_BUG,)),
        # argparse refusing the program's command line ("train.py: error: the following arguments are required:
        # --output_dir", hiyouga/LlamaFactory#6075: DeepSpeed's launcher passing a YAML config the script does not
        # parse; "unrecognized arguments" keeps the launcher rows above where a launcher's own flag is meant).
        p(r"^\S*\.py: error: (?:the following arguments are required|argument [-\w/]+: |unrecognized arguments)",
          "launch_config", E, "the script refused its command line: arguments it requires are missing or ones it "
          "does not take were given (a launcher passing a config file or flags the script does not parse, a line "
          "continuation lost)", "pass the script's own arguments as its --help lists them (each on the command "
          "line, not a config file it cannot read); check the backslashes of a multi-line command",
          C.APPLICATION_BUG),
        # A compiled program's own refusal of a flag ("Unknown argument: --origin-rpc-server-main-gpu": llama-box
        # v0.0.164 under GPUStack's distributed inference, gpustack/gpustack#2619; llama.cpp's "error: unknown
        # argument: ..."): the caller was written for another release of the program it starts.
        p(r"^(?:error: )?[Uu]nknown argument:? '?--?\w[\w-]*", "launch_config", E,
          "a program refused a command-line option it does not know: its caller (a launcher, a serving platform, a "
          "script) passes flags of another release of that program", "run the release of the program its caller "
          "expects (or the caller's release that matches the program's), or drop the option; `<program> --help` "
          "lists what this build takes", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # llama.cpp (llama-cpp-python) built without a GPU backend supports one device: its tensor split over
        # several GPUs fails ("Attempt to split tensors that exceed maximum supported devices. Current
        # LLAMA_MAX_DEVICES=1", abetlen/llama-cpp-python#1166: a CPU-only wheel, rebuilt with CUDA).
        p(r"exceed maximum supported devices\. Current LLAMA_MAX_DEVICES=1\b", "package_build", E,
          "this llama.cpp build has no GPU backend (it supports one device), so it cannot split a model over GPUs",
          "reinstall it built with CUDA: CMAKE_ARGS=\"-DGGML_CUDA=on\" pip install --force-reinstall --no-cache-dir "
          "llama-cpp-python (-DLLAMA_CUBLAS=on before 2024); llama_cpp.llama_max_devices() then prints more than 1",
          C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        # A package's own check of the release of another it builds on ("you are not use the latest yunchang. Please
        # install yunchang>=0.4.0": xfuser 0.4.0 refusing the yunchang installed, Tencent-Hunyuan/HunyuanVideo-I2V#39,
        # fixed by the releases that go together; "vLLM with version 0.10.x does not yet support transformers>=5.0.0",
        # OpenBMB/MiniCPM-V's README); torchcodec's loader finding no build for this torch and CUDA ("Could not load
        # libtorchcodec", the same README: a torch wheel for CUDA 13.1 on a CUDA 12 host).
        p(r"not us(?:e|ing) the latest [\w.-]+|Please (?:install|upgrade to|use) [\w.-]+\s*>=\s*\d+\.\d+|"
          r"does not (?:yet )?support [\w.-]+\s*[<>]=?\s*\d+\.\d+|Could not load libtorchcodec",
          "package_build", E, "a package checked the release of another it builds on and refused the one installed",
          "install the releases of the two packages that go together (the framework's pinned requirements; the "
          "version after >= in the message)", C.OTHER, "likely", (C.APPLICATION_BUG,)),
        # A host name a program could not turn into an address (its own resolver call failed); not a request that
        # "will resolve itself" (Ray 1.x's autoscaler, ray-project/xgboost_ray#202).
        p(_pair(r"\b(?:resolve|resolving|resolution|look ?up|lookup|getaddrinfo|gethostbyname)\b(?! itself)"
                r"(?![^\n]*\bsymbol)"
                r"[^\n]*\b(?:host(?:name)?|address|addr|node|worker|master|peer)\b"), "name_resolution", E,
          "a program could not resolve a host name to an address",
          "make every node resolve every node's hostname (`getent hosts <name>`; /etc/hosts or DNS), or give the "
          "program IP addresses", C.HOSTNAME_RESOLUTION, "likely", (C.WRONG_INTERFACE,)),
    )
