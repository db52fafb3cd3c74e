"""Rows of the line classifier (patterns.py) for building NCCL, nccl-tests and the programs around them from source:
the compiler nvcc accepts, the MPI headers of an MPI=1 build (tests/analyze/test_diagnose_sweep_rules_15.py quotes
each line with its thread). A build that stops names its toolchain, not the network or a GPU."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
BUILDS_WORDS: tuple[bytes, ...] = (b"mpi.h", b"Undefined symbol")  # "undefined symbol" (another family's) finds the rest


def builds_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # distributed_c10d.py: a torch built without the backend asked for. NCCL is in no CPU wheel, no Windows or
        # macOS build and no aarch64 wheel of CUDA 11.8 (skypilot-org/skypilot#8837), nor in a source build that
        # did not find it (torch <= 1.1's THD: "the distributed NCCL backend is not available", pytorch/pytorch#9932:
        # recompile with NCCL_ROOT_DIR; a nightly built without it, facebookresearch/maskrcnn-benchmark#122). Quoted
        # as a traceback: ("... NCCL " "built in"); "Attempted to get default timeout for nccl backend, but NCCL
        # support is not compiled". The build's first: on Windows the program's choice of NCCL is the fix's subject.
        p(r"Distributed package doesn't have (?:NCCL|Gloo|MPI|UCC)[\"' ]*built in|the distributed NCCL backend is "
          r"not available|but NCCL support is not compiled", "framework_usage", E,
          "this PyTorch was built without the backend the program asks for: NCCL is in no CPU-only wheel, no "
          "Windows or macOS build and no source build that did not find it",
          "on Linux install a CUDA build of PyTorch (`python -c 'import torch; print(torch.cuda.nccl.version())'` "
          "must answer; a source build: USE_SYSTEM_NCCL=1 or NCCL_ROOT_DIR); on Windows or macOS use the gloo "
          "backend (init_process_group('gloo'), PL_TORCH_DISTRIBUTED_BACKEND=gloo) or WSL2 on Windows",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        # CUDA's host_config.h: "#error -- unsupported GNU version! gcc versions later than 5 are not supported!"
        # (dmlc/xgboost#2787: NCCL's sub-build given a gcc newer than nvcc 8.0 takes).
        p(r"unsupported GNU version! gcc versions later than \d+ are not supported", "build_toolchain", E,
          "nvcc refuses the host compiler: this gcc is newer than the CUDA toolkit supports",
          "build with a gcc the toolkit supports (`make CC=gcc-N CXX=g++-N`, nvcc's -ccbin), or use a newer CUDA "
          "toolkit", C.OTHER),
        # An MPI=1 build of nccl-tests (or any MPI program) without MPI's headers on the include path
        # (NVIDIA/nccl-tests#103: "fatal error: mpi.h: No such file or directory"; clang's "'mpi.h' file not found").
        p(r"fatal error: mpi\.h: No such file or directory|'mpi\.h' file not found", "build_toolchain", E,
          "the build asked for MPI (nccl-tests' MPI=1) and found no MPI headers",
          "point the build at the MPI installation: `make MPI=1 MPI_HOME=<dir holding include/mpi.h>` (`mpicc "
          "-show` names it; Debian/Ubuntu: libopenmpi-dev), or build without MPI=1 and run one process per GPU set",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        # Any other header a build cannot find ("fatal error: nvml.h: No such file or directory" in torchrec's build,
        # its docs: CUDA's development files not installed): a build's, not the driver's (nor NVML's at run time).
        # (NCCL's own header keeps its row: patterns_table_generic's package_build.)
        p(r"fatal error: (?!nccl\.h\b)[\w/.+-]+\.h(?:pp)?: No such file or directory", "build_toolchain", E,
          "a build cannot find a header it includes: the development files of that library or toolkit are not "
          "installed, or not on the include path", "install the package with the header (the CUDA toolkit's, or the "
          "library's -dev/-devel package) and point the build at it (CUDA_HOME, CPATH)", C.OTHER),
        # NVRTC's (and nvcc's front end's) "catastrophic error: cannot open source file "cuda_fp16.h"": a program
        # compiling CUDA at run time (CuPy, CUDA kernels of a library) does not find the toolkit's headers (CuPy's
        # install FAQ: CUDA not found, or CUDA_PATH pointing elsewhere). Not an RDMA device's catastrophic event.
        p(r"catastrophic error: cannot open source file", "build_toolchain", E,
          "a CUDA kernel compiled at run time did not find the CUDA toolkit's headers: no toolkit there, or "
          "CUDA_PATH / CUDA_HOME pointing at another", "install the CUDA toolkit (or the nvidia-cuda-nvrtc and "
          "headers wheels) that matches the library, and set CUDA_PATH to it", C.CUDA_OR_DRIVER, "root", (C.OTHER,)),
        # An extension built by one nvcc loaded against another CUDA runtime ("ImportError: Undefined symbol:
        # __cudaPopCallConfiguration", mlcommons/training's and DeepLearningExamples' Mask R-CNN troubleshooting:
        # nvcc and the conda cudatoolkit of different versions; __cudaRegisterFatBinaryEnd the same, CUDA 10.1+).
        p(r"[Uu]ndefined symbol:? __cuda(?:PopCallConfiguration|PushCallConfiguration|RegisterFatBinaryEnd)\b",
          "build_toolchain", E,
          "an extension was compiled by an nvcc of another CUDA version than the CUDA runtime it is loaded with",
          "rebuild the extension with the nvcc of the CUDA the environment runs (the same version as its "
          "cudatoolkit or torch's CUDA)", C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
    )
