"""Rows of the line classifier (patterns.py) for the CUDA libraries and loaders around NCCL: cuBLAS, cuDNN, cuFFT,
cuRAND, NVRTC and Triton as PyTorch, JAX/XLA, CuPy and Triton print their statuses, and the dynamic loader failing on
a CUDA library (tests/lines/cuda_libs.py holds each line with its source). Read before the generic CUDA rows of
patterns_table_host, whose words these lines share."""

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
        # free/total report follows), cuRAND's CURAND_STATUS_ALLOCATION_FAILED ("Memory allocation failed").
        p(r"CUDNN_STATUS_NOT_INITIALIZED|failed to create cublas handle|Failure to initialize cublas may be due to OOM|"
          r"Could not create cudnn handle|CURAND_STATUS_ALLOCATION_FAILED", "oom", E,
          "a CUDA library could not create its handle or workspace: the GPU's memory is (nearly) full, often "
          "preallocated by the framework or held by another process",
          "leave GPU memory free for the libraries (XLA_PYTHON_CLIENT_MEM_FRACTION / preallocation off, a smaller "
          "batch, no other process on the GPU: `nvidia-smi`)", C.OOM, "root", (C.CUDA_OR_DRIVER,)),
        # cuDNN's own hint with NOT_SUPPORTED: the program's tensors (non-contiguous input).
        p(r"CUDNN_STATUS_NOT_SUPPORTED\. This error may appear if you passed in a non-contiguous input",
          "cuda_error", E, "cuDNN does not support this call with these tensors (a non-contiguous input)",
          "make the input contiguous (`.contiguous()`) or change the layer's configuration", C.APPLICATION_BUG),
        # A kernel fault or library failure reported by the library (cuDNN EXECUTION_FAILED, cuFFT INTERNAL_ERROR,
        # the caching allocator's "CUDA driver error: ...", Triton's "Triton Error [CUDA]: ..."), and CUDA libraries the loader cannot find or match: cuDNN 9's
        # "Unable to load any of {libcudnn_cnn.so...}" and "Cannot load symbol", NVRTC, XLA's "Could not load
        # dynamic library 'libcudnn.so.9'", JAX's "Unable to load cuDNN" / "Outdated cuDNN installation found",
        # torch/__init__.py "libcublas.so.*[0-9] not found in the system path", the loader's "libcudart.so.12:
        # cannot open shared object file", "version `libcublasLt.so.12' not found", "undefined symbol:
        # __nvJitLinkComplete_12_9".
        p(r"CUDNN_STATUS_EXECUTION_FAILED|CUFFT_INTERNAL_ERROR|CUDA driver error: (?!out of memory)|"
          r"Triton Error \[CUDA\]|Unable to load any of \{libcudnn|"
          r"Cannot load symbol cudnn|nvrtc: error:|Could not load dynamic library '?libcu(?:dnn|blas|fft|sparse|"
          r"solver|rand|dart)|Unable to load cuDNN|Outdated cuDNN installation|"
          r"libcu(?!da\.so)\w*\.so[\w.*\[\]-]*(?:: cannot open shared object file| not found in the system path|"
          r"' not found|: undefined symbol)|version `libcu\w*\.so[\w.]*' not found|undefined symbol: __nvJitLink",
          "cuda_error", E,
          "a CUDA library failed: a kernel faulted, or the library is missing or does not match the others",
          _LIB_FIX, C.CUDA_OR_DRIVER),
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
