"""Rows of the line classifier (patterns.py) for the CUDA libraries and loaders around NCCL: cuBLAS, cuDNN, cuFFT,
cuRAND, NVRTC and Triton as PyTorch, JAX/XLA, CuPy and Triton print their statuses, and the dynamic loader failing on
a CUDA library (tests/lines/cuda_libs.py holds each line with its source). Read before the generic CUDA rows of
patterns_table_driver, whose words these lines share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

_LIB_FIX = ("install the CUDA libraries the framework was built for (its wheel's nvidia-* packages, or the CUDA "
            "toolkit of its build) and make sure LD_LIBRARY_PATH does not put an older copy first; `ldd` on the "
            "failing library shows which file the loader took")


def cudalib_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # A library handle or workspace created on a GPU already full: cuDNN's "CUDNN_STATUS_NOT_INITIALIZED"
        # (PyTorch Handle.cpp at cudnnCreate), XLA cuda_blas.cc "failed to create cublas handle" followed by
        # "Failure to initialize cublas may be due to OOM ...", cuda_dnn.cc "Could not create cudnn handle" (its
        # free/total report follows), cuRAND's CURAND_STATUS_ALLOCATION_FAILED ("Memory allocation failed"). The
        # status retyped with spaces ("cuDNN error: CUDN_ STATUS_ NOT_ INITIALIZED", linjing7/VR-Baseline#14).
        p(r"CUDNN?_ ?STATUS_ ?NOT_ ?INITIALIZED|failed to create cublas handle|Failure to initialize cublas may be due to OOM|"
          r"Could not create cudnn handle|CURAND_STATUS_ALLOCATION_FAILED", "oom", E,
          "a CUDA library could not create its handle or workspace: the GPU's memory is (nearly) full, often "
          "preallocated by the framework or held by another process",
          "leave GPU memory free for the libraries (XLA_PYTHON_CLIENT_MEM_FRACTION / preallocation off, a smaller "
          "batch, no other process on the GPU: `nvidia-smi`)", C.OOM, "root", (C.CUDA_OR_DRIVER,)),
        # Thrust's system_error names the CUDA call and its error string: "function_attributes(): after
        # cudaFuncGetAttributes: invalid device function" (baidu-research/DeepBench#34: a build for another GPU
        # architecture), "parallel_for failed: ...": read as the CUDA error it carries.
        p(r"function_attributes\(\): after cudaFuncGetAttributes: |\bparallel_for failed: ", "cuda_error", E,
          "a Thrust algorithm's CUDA call failed", "read the CUDA error the line names", C.CUDA_OR_DRIVER),
        # cuDNN's own hint with NOT_SUPPORTED: the program's tensors (non-contiguous input).
        p(r"CUDNN_STATUS_NOT_SUPPORTED\. This error may appear if you passed in a non-contiguous input",
          "cuda_error", E, "cuDNN does not support this call with these tensors (a non-contiguous input)",
          "make the input contiguous (`.contiguous()`) or change the layer's configuration", C.APPLICATION_BUG,
          # PyTorch appends the hint to every NOT_SUPPORTED: a cudatoolkit of another version fixed
          # megvii-research/DPGN#15, shapes fixed NVIDIA/MinkowskiEngine#129.
          "root", (C.CUDA_OR_DRIVER,)),
        # A kernel fault or library failure reported by the library (cuDNN EXECUTION_FAILED, cuFFT INTERNAL_ERROR,
        # the caching allocator's "CUDA driver error: ...", Triton's "Triton Error [CUDA]: ..."), and CUDA libraries the loader cannot find or match: cuDNN 9's
        # "Unable to load any of {libcudnn_cnn.so...}" and "Cannot load symbol", NVRTC, XLA's "Could not load
        # dynamic library 'libcudnn.so.9'", JAX's "Unable to load cuDNN" / "Outdated cuDNN installation found",
        # torch/__init__.py "libcublas.so.*[0-9] not found in the system path", the loader's "libcudart.so.12:
        # cannot open shared object file", "version `libcublasLt.so.12' not found", "undefined symbol:
        # __nvJitLinkComplete_12_9".
        # cuDNN 9's sub-libraries from another install than its core (CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED:
        # TransformerEngine's docs, two cuDNN on the library path).
        p(r"CUDNN_STATUS_EXECUTION_FAILED|CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED|CUFFT_INTERNAL_ERROR|CUDA driver error: (?!out of memory)|"
          r"Triton Error \[CUDA\]|Unable to load any of \{libcudnn|"
          r"Cannot load symbol cudnn|nvrtc: error:|Could not load dynamic library '?libcu(?:dnn|blas|fft|sparse|"
          r"solver|rand|dart)|Unable to load cuDNN|Outdated cuDNN installation|"
          r"lib(?:cu(?!da\.so)\w*|nvrtc[\w-]*)\.so[\w.*\[\]-]*(?:: cannot open shared object file| not found in "
          r"the system path|' not found|: undefined symbol)|version `libcu\w*\.so[\w.]*' not found|undefined symbol: "
          r"__nvJitLink|undefined symbol: \w+, version libcu\w*\.so|"
          # glibc's wording of the same: "symbol cudaFreeAsync version libcudart.so.11.0 not defined in file
          # libcudart.so.11.0 with link time reference" (lmdeploy's FAQ: a CUDA runtime older than the build's).
          r"symbol \w+ version libcu\w*\.so[\w.]* not defined|"
          # XLA's and JAX's cuDNN checks (jax-ml/jax#15268: "the key message": an older cuDNN found first).
          r"Loaded runtime CuDNN library: \S+ but source was compiled with|Found cuDNN version \d+, but \w+ was built "
          r"against|"
          # PyTorch's own check (torch/backends/cudnn/__init__.py): another cuDNN found before the bundled one
          # (gladiaio/gladia#928: cuDNN 8.5 installed where the loader looks first).
          r"cuDNN version incompatibility: PyTorch was compiled\s+against",
          "cuda_error", E,
          "a CUDA library failed: a kernel faulted, or the library is missing or does not match the others",
          _LIB_FIX, C.CUDA_OR_DRIVER),
        # cuDNN's and cuSOLVER's catch-all status when their handle or a call fails: a CUDA setup that does not fit
        # the library, or a GPU with no memory left for its workspace (yassouali/pytorch-segmentation#77: "related to
        # your setup ... reinstalling PyTorch and/or CUDA"; open-mmlab/mmsegmentation#69: more GPUs, less memory).
        # Not NCCL's internal error, which the consequence rows read. TensorFlow prints the CUDA runtime's message
        # after "status: " when a cub kernel fails to launch ("... count number of true / nonzero indices.
        # temp_storage_bytes: 5887, status: invalid resource handle").
        p(r"CUDNN_STATUS_INTERNAL_ERROR|CUSOLVER_STATUS_INTERNAL_ERROR|CUBLAS_STATUS_INTERNAL_ERROR|Could not launch "
          r"cub::\w+[^\n]*status: (?!success)\w", "cuda_error", E,
          "a CUDA library failed inside its own call (cuDNN, cuSOLVER, cub): a CUDA, driver and library set that do "
          "not fit, or a GPU out of memory for the library's workspace", _LIB_FIX, C.CUDA_OR_DRIVER, "root",
          (C.OOM,)),
        # The libraries' other failures as each framework words them: Caffe's CHECK of a cuBLAS or cuDNN status
        # ("Check failed: status == CUBLAS_STATUS_SUCCESS (11 vs. 0)  CUBLAS_STATUS_MAPPING_ERROR"; twhui/
        # LiteFlowNet3#6: "usually related to incorrect CUDA and cuDNN versions"), cuDNN's MAPPING_ERROR and
        # BAD_PARAM (microsoft/human-pose-estimation.pytorch#112: "version mistake"; tensors on another GPU than the
        # model, or DataParallel, in others), THC's "cublas runtime error : the GPU program failed to execute"
        # (cuBLAS's EXECUTION_FAILED), TensorFlow's "failed to run cuBLAS routine ...: CUBLAS_STATUS_EXECUTION_FAILED"
        # and the "Blas GEMM launch failed" it raises after it. A handle that could not be created (the oom row
        # above) names memory instead.
        p(r"Check failed: status == CU(?:BLAS|DNN)_STATUS_SUCCESS \(\d+ vs\. 0\)(?!.*ALLOC_FAILED)|"
          r"CUDNN_STATUS_(?:MAPPING_ERROR|BAD_PARAM)|cublas runtime error ?: the GPU program failed to execute|failed "
          r"to run cuBLAS routine[^\n]*CUBLAS_STATUS_EXECUTION_FAILED|Blas \w*GEMM launch failed", "cuda_error", E,
          "a cuBLAS or cuDNN call failed on the GPU: most often a CUDA, cuDNN and framework set that do not fit "
          "the GPU or each other; sometimes tensors the call cannot use (on another GPU than the model)", _LIB_FIX,
          C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,), decode=False),
        # nvcc that does not know the GPU's architecture (deepspeedai/DeepSpeed#607: compute_86 needs CUDA 11.1) or no
        # longer builds an old one (pytorch/pytorch#49528: compute_30 after CUDA 10.2); a malformed arch list
        # ("compute_1.") is the setting's.
        # nvcc before CUDA 11 knows no C++17, which PyTorch's headers need from torch 2.1 ("nvcc fatal : Value
        # 'c++17' is not defined for option 'std'", an op of DeepSpeed built with CUDA 10.x's nvcc).
        p(r"nvcc fatal\s*: Unsupported gpu architecture 'compute_\d{2,3}'|nvcc fatal\s*: Value 'c\+\+17' is not "
          r"defined for option 'std'", "cuda_error", E,
          "this nvcc cannot build for that GPU architecture or language: the CUDA toolkit is older than the GPU "
          "(compute_80 needs CUDA 11.0, compute_90 12.0) or than PyTorch's headers (C++17 needs CUDA 11), or has "
          "dropped that old architecture",
          "build with a CUDA toolkit that lists the architecture (`nvcc --list-gpu-arch`), or take it out of the "
          "build's list (NVCC_GENCODE for NCCL and nccl-tests, TORCH_CUDA_ARCH_LIST for extensions)",
          C.CUDA_OR_DRIVER, "root", (), False),
        # torch/cuda: "The NVIDIA driver on your system is too old (found version 11000)": the driver is loaded but
        # supports an older CUDA (its version as 1000 x major + 10 x minor) than the build (IEIT-Yuan/Yuan-2.0#65,
        # RangiLyu/nanodet#216: update the driver). PyTorch's MIG check "device >= 0 && device < num_gpus INTERNAL
        # ASSERT FAILED": NVML counts more GPUs than CUDA opens, one MIG instance per process (pytorch#131667, #130181).
        # "the provided PTX was compiled with an unsupported toolchain" (cudaErrorUnsupportedPtxVersion): code built by
        # a CUDA toolkit newer than the driver's JIT (wilicc/gpu-burn#94, NVIDIA/nvbandwidth#61, UCX's FAQ).
        p(r"NVIDIA driver on your system is too old|provided PTX was compiled with an unsupported toolchain",
          "driver_too_old", E,
          "the NVIDIA driver is loaded but older than this build's CUDA needs (its 'found version' is the highest CUDA "
          "it supports, 1000 x major + 10 x minor: 10010 is CUDA 10.1)", "update the driver to one for the build's CUDA (nvidia-smi shows the "
          "highest CUDA it supports), or install the PyTorch build for the driver's CUDA", C.CUDA_OR_DRIVER),
        # NGC containers' driver check at start: "ERROR: This container was built for NVIDIA Driver Release 575.51 or
        # later, but version 570.133.20 was detected and compatibility mode is UNAVAILABLE." The container's CUDA
        # needs a newer driver and its forward-compatibility libraries cannot stand in (a GPU without forward
        # compatibility, or the compat libraries not mounted: NVIDIA-NeMo/Speech#14781 under enroot).
        p(r"This container was built for NVIDIA Driver Release [\d.]+ or later|compatibility mode is UNAVAILABLE",
          "driver_too_old", E,
          "the host's NVIDIA driver is older than the container's CUDA needs, and CUDA forward compatibility is "
          "unavailable to stand in", "update the host driver to the release the container names, or use a "
          "container release built for the installed driver (the NGC support matrix)", C.CUDA_OR_DRIVER),
        # The loader: "libcuda.so.1: undefined symbol: cuIpcOpenMemHandle_v2" (open-mpi/ompi#13326): the driver's
        # library lacks an entry point of the CUDA the program was built with; a driver older than that CUDA, or a
        # stub libcuda.so found before the driver's.
        p(r"libcuda\.so[\d.]*: undefined symbol: cu\w+", "driver_too_old", E,
          "the loaded libcuda lacks a function the program was built against: the NVIDIA driver is older than the "
          "CUDA toolkit the program (or the MPI, UCX or NCCL under it) was built with, or a stub libcuda was loaded",
          "update the driver to one for that CUDA (nvidia-smi shows the highest CUDA it supports), or rebuild for "
          "the driver's CUDA; `ldd <library> | grep libcuda` must name the driver's libcuda, not a stubs/ copy",
          C.CUDA_OR_DRIVER),
        # The same assert raised by a CUDA call queued before CUDA started ("CUDA call failed lazily at initialization
        # with error: device >= 0 && device < num_gpus"): the worker process sees fewer GPUs than were counted before
        # it started (its CUDA_VISIBLE_DEVICES set after the count), no MIG (xorbitsai/inference#1439, on A10s:
        # fixed in the framework's release).
        p(r"failed lazily at initialization with error: device >= 0 && device < num_gpus", "gpu_missing", E,
          "a CUDA call queued before CUDA started failed: this process sees fewer GPUs than were counted before it "
          "started (its CUDA_VISIBLE_DEVICES changed after the device count)", "set CUDA_VISIBLE_DEVICES before the "
          "process (and torch) starts; upgrade the framework that starts the workers", C.APPLICATION_BUG, "root",
          (C.CUDA_OR_DRIVER,)),
        p(r"device >= 0 && device < num_gpus INTERNAL ASSERT FAILED", "gpu_missing", E,
          "CUDA opens fewer GPUs than NVML lists: MIG is enabled and a process sees one MIG instance only",
          "give each process its MIG instance (CUDA_VISIBLE_DEVICES=MIG-<uuid>, one rank per instance) or turn MIG "
          "off (`nvidia-smi -mig 0`); NCCL does not span MIG instances in one process", C.CUDA_OR_DRIVER, "root",
          (C.APPLICATION_BUG,)),
        # Triton's link of its launcher against the driver: "/usr/bin/ld: cannot find -lcuda": no unversioned
        # libcuda.so where it looks (pytorch/pytorch#94585: link libcuda.so.1 to libcuda.so, or run ldconfig).
        p(r"ld: cannot find -lcuda\b", "cuda_driver_load", E,
          "the linker finds no unversioned libcuda.so (only libcuda.so.1 is installed, or its directory is not on "
          "the path): Triton cannot build its launcher", "link it (`ln -s libcuda.so.1 libcuda.so` in the driver's "
          "lib directory) or run `ldconfig`, and set TRITON_LIBCUDA_PATH to that directory", C.CUDA_OR_DRIVER),
        # conda's check of an installed package's files ("SafetyError: The package for pytorch located at ... appears to
        # be corrupted. The path '...torch/nn/parallel/comm.py' has an incorrect size.", then "reported size: N bytes"):
        # the environment's files were changed after the install (yerfor/GeneFacePlusPlus#94: a fresh environment
        # fixed DataParallel's scatter failing on 3 GPUs).
        p(r"appears to be corrupted\. The path '|^\s*has an incorrect size\.\s*$", "package_build", E,
          "conda found files of an installed package that differ from the package (a corrupted or mixed install): "
          "the library runs other code than its release", "reinstall into a fresh environment (`conda clean --all`, "
          "then create it again), or reinstall the package the path belongs to", C.OTHER),
        # pybind11 registering one of torch's types a second time ('generic_type: cannot initialize type
        # "_CudaDeviceProperties": an object with that name is already defined'): two copies of the extension loaded
        # (two installs, or one imported from two paths; chenyuntc/pytorch-book#80: "a hardware/environment issue").
        p(r'generic_type: cannot initialize type "\w+": an object with that name is already defined', "package_build",
          E, "a compiled extension registered its Python types twice: two copies of the library (two installs of "
          "torch, or one imported from two paths) are loaded in one process", "keep one install of the package in "
          "the environment (`pip list | grep -i torch`, `python -c 'import torch; print(torch.__file__)'`) or use a "
          "fresh environment", C.OTHER),
        # A PyTorch built without CUDA ("AssertionError: Torch not compiled with CUDA enabled", detectron2#460: "a
        # pytorch installation issue") and an op JIT-built earlier that failed, leaving its cache without the .so
        # (QwenLM/Qwen3#350: remove ~/.cache/torch_extensions/<py_cu>/<op>).
        # FSDP2 on such a build asks for CUDA streams: "FSDP requires CUDA for streams" (torch 2.5), or torch.cuda's
        # placeholder class raising "Tried to instantiate dummy base class Stream" (2.3; saforem2's torchtune on
        # Intel XPU). torch 2.13's CPU build fails torch.cuda.set_device before that check: "AttributeError: module
        # 'torch._C' has no attribute '_cuda_setDevice'" (made for real under torchrun on this project's CI machine).
        p(r"Torch not compiled with CUDA enabled|FSDP requires CUDA for streams|Tried to instantiate dummy base class "
          r"(?:Stream|Event)\b|module 'torch\._C' has no attribute '_cuda_\w+'", "package_build", E,
          "this PyTorch is a CPU-only build: it has no CUDA (torch.version.cuda is None)", "install a CUDA build "
          "(`pip install torch --index-url https://download.pytorch.org/whl/cu121`, or conda's pytorch-cuda)",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        # An extension built without its CUDA ops (no nvcc found at build time, or CUDA not visible then):
        # mmcv's "nms is not compiled with GPU support", detectron2's "Not compiled with GPU support" and its
        # collect_env "Detectron2 CUDA Compiler: not available"; or not built at all, "cannot import name '_C'"
        # from a source tree imported in place (detectron2's install notes: an incomplete build).
        # No GPU reached the process though the code needs one: CuPy failing its first CUDA call in a container
        # started without --gpus (NeMo Curator's docs: "'CUDARuntimeError' object has no attribute 'msg'"), FFmpeg's
        # NVENC with no driver or GPU visible ("No NVENC capable devices found", its transcoding page).
        p(r"'CUDARuntimeError' object has no attribute 'msg'|No NVENC capable devices found", "gpu_missing", E,
          "the process saw no usable NVIDIA GPU: the container was started without the GPUs (docker --gpus all, the "
          "NVIDIA runtime) or the driver is not installed", "start the container with the GPUs (`docker run --gpus "
          "all`, a GPU request in Kubernetes) and check `nvidia-smi` inside it", C.CUDA_OR_DRIVER),
        # PyTorch's scaled-dot-product attention with no kernel for these inputs here ("RuntimeError: No available
        # kernel. Aborting execution.", sam2's install notes: no GPU, or a build or GPU without Flash Attention); its
        # "Aborting" is no communicator's abort.
        p(r"No available kernel\. Aborting execution", "package_build", E,
          "PyTorch's attention found no kernel it can run for these inputs here: no GPU, or a PyTorch build or GPU "
          "without Flash Attention", "run on a GPU and PyTorch build that support it (`python -c 'import torch; "
          "print(torch.cuda.get_device_capability())'`), or let the model fall back to the math attention",
          C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        # Packages of the job's environment that do not go together: OpenCV's desktop wheel in a headless container
        # ("ImportError: libGL.so.1: cannot open shared object file", xtuner's FAQ: opencv-python-headless), a jaxlib
        # newer than its jax (alpa's troubleshooting: "jaxlib version 0.3.7 is newer than and incompatible with jax").
        p(r"libGL\.so\.1: cannot open shared object file|jaxlib version \S+ is newer than and incompatible with jax",
          "package_build", E, "a package of the job's environment does not fit it: a desktop build in a headless "
          "image (OpenCV needs libGL), or two packages of releases that do not go together",
          "install the headless build (`pip install opencv-python-headless`, or apt's libgl1), or the versions the "
          "package requires (`pip install -U jax jaxlib` together)", C.OTHER),
        p(r"\bnot compiled with GPU support|CUDA Compiler: not available|cannot import name '_C' from|NameError: name "
          r"'_C' is not defined", "package_build",
          E, "a compiled extension of the program was built without its CUDA ops, or not built where it is imported "
          "(a source tree without its compiled module)", "rebuild the package where CUDA and nvcc are visible "
          "(CUDA_HOME, FORCE_CUDA=1; a wheel built for this CUDA and PyTorch), and import it from outside its "
          "source tree", C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        # DeepSpeed's optimizers keep the op they JIT-load, so a failed build shows later as the attribute never set
        # (deepspeed/ops/adam/cpu_adam.py "self.ds_opt_adam = CPUAdamBuilder().load()"; ymcui/Chinese-LLaMA-Alpaca#368
        # "环境问题": built again with the matching CUDA), and an op built before an upgrade lacks the new entry point
        # ("module 'cpu_adam' has no attribute 'create_adam'").
        p(r"torch_extensions/[^\s:]+\.so: cannot open shared object file|'DeepSpeed\w*Adam\w*' object has no "
          r"attribute 'ds_opt_\w+'|'FusedAdam' object has no attribute 'multi_tensor_adam'|module 'cpu_adam' has no "
          r"attribute 'create_adam'", "package_build", E,
          "an op's JIT build failed earlier (or another rank's build, or one for another CUDA or DeepSpeed, left its "
          "cache without it): its library or entry point is missing",
          "read the first nvcc/ninja error of the build above; delete ~/.cache/torch_extensions/<pyXX_cuYYY>/<op> "
          "and build again with the CUDA torch was built for, or prebuild the ops (DS_BUILD_OPS=1 pip install "
          "deepspeed)", C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        # torch/utils/cpp_extension.py's JIT build of an extension (a DeepSpeed op, a model's own kernel) failing as a
        # whole: "RuntimeError: Error building extension 'fused_adam'", raised from ninja's "subprocess.
        # CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1." (deepspeedai/DeepSpeed#694,
        # databrickslabs/dolly#156). "likely": the build's own first error above (nvcc, the compiler, the linker) says
        # why, and its row reads first.
        p(r"Error building extension '[\w.-]+'|Command '\['ninja', '-v'(?:, '-j', '\d+')?\]' returned non-zero exit "
          r"status \d+", "package_build", E,
          "the JIT build of a C++/CUDA extension (a DeepSpeed op, a model's own kernel) failed: the first error of "
          "the build above says why (nvcc's CUDA against torch's, the compiler, a header or library not found)",
          "read the first `error:` or `FAILED:` line of the build; build with the CUDA toolkit torch was built for "
          "(CUDA_HOME), `pip install ninja`, delete ~/.cache/torch_extensions and build once before the ranks start "
          "(or prebuild the ops: DS_BUILD_OPS=1 pip install deepspeed)", C.OTHER, "likely", (C.CUDA_OR_DRIVER,)),
        # PyTorch wheels linked against MKL's ITT hooks load a newer MKL without them ("libtorch_cpu.so: undefined
        # symbol: iJIT_NotifyEvent", pytorch/pytorch#123097: MKL 2024.1 dropped it; `conda install mkl==2024.0`).
        # The linker finding no CUDA runtime where an extension builds ("cannot find -lcudart"): the toolkit's lib64
        # is not on its path.
        p(r"undefined symbol: iJIT_NotifyEvent|cannot find -lcudart\b", "package_build", E,
          "a library of the environment does not fit the others: PyTorch against an MKL without the symbol it "
          "links (MKL 2024.1+), or an extension build that finds no CUDA runtime library",
          "pin MKL to what PyTorch was built with (`conda install mkl==2024.0`, or PyTorch's pip wheels); for the "
          "build, put the CUDA toolkit's lib64 on LIBRARY_PATH (or set CUDA_HOME to the toolkit)", C.OTHER, "root",
          (C.CUDA_OR_DRIVER,)),
        # vLLM 0.4's pynccl defines its NCCL functions only when the library loaded: "NameError: name
        # 'ncclGetVersion' is not defined" follows a libnccl it could not load (vllm-project/vllm#4312).
        p(r"NameError: name 'nccl\w+' is not defined", "nccl_library_missing", E,
          "vLLM's NCCL wrapper could not load libnccl, so its NCCL functions were never defined",
          "point VLLM_NCCL_SO_PATH at the libnccl.so.2 vLLM expects, or install the NCCL of its PyTorch "
          "(nvidia-nccl-cu12)", C.OTHER, "root", (C.NCCL_VERSION_MISMATCH,)),
        # PyTorch's own build linking an NCCL older than its headers (pytorch/pytorch#9540: a conda NCCL 1 first on the
        # path; ncclGroupStart is NCCL 2's). A program's own object without -lnccl is its build (socket table).
        p(r"ProcessGroupNCCL\w*\.cpp:\(\.text[^)]*\): undefined reference to `nccl\w+'", "version_mismatch", E,
          "the linker found an NCCL library older than the headers the code was compiled with (or none on the link "
          "line)", "link the NCCL the headers belong to (NCCL_ROOT / NCCL_LIB_DIR, -lnccl), and remove an older "
          "libnccl from the library path", C.NCCL_VERSION_MISMATCH, "root", (C.APPLICATION_BUG,)),
        # torch/__init__.py: the wheel's own libnccl is missing ("libnccl.so.*[0-9] not found in the system path").
        p(r"libnccl\.so[\w.*\[\]-]* not found in the system path", "nccl_library_missing", E,
          "the NCCL library PyTorch's wheel needs (nvidia-nccl-cu*) is not installed where it looks",
          "install the nvidia-nccl package of this PyTorch build (`pip install torch` again with its index URL)",
          C.OTHER, "root", (C.NCCL_VERSION_MISMATCH,)),
        # Triton's driver.py "libcuda.so cannot found!": no driver library in this container or host.
        p(r"libcuda\.so cannot found", "gpu_missing", E,
          "the GPU driver's libcuda.so is not in this container or host", "run the container with the GPUs and "
          "driver libraries (--gpus all, the device plugin); check `ldconfig -p | grep libcuda`", C.CUDA_OR_DRIVER),
        # XLA cuda_dnn.cc after a cuDNN handle failure: "Possibly insufficient driver version: %s".
        p(r"Possibly insufficient driver version", "cuda_driver_unsupported", E,
          "the GPU driver may be too old for the cuDNN/CUDA this program uses",
          "update the NVIDIA driver to one that supports the CUDA version of the framework's build",
          C.CUDA_OR_DRIVER),
    )
