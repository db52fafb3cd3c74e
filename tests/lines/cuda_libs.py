"""Lines of the CUDA libraries and loaders that users paste next to NCCL errors, read alone and inside an NCCL log:
PyTorch 2.14.1 (pytorch/pytorch 5c48869: cuBLAS/cuSPARSE handle pools, CUDABlas.cpp, the cuDNN handle and check
macros, CuFFTUtils.h, the caching allocator's OOM report and driver checks, torch/__init__.py's CUDA-wheel preload),
Triton 3.9.0 (the NVIDIA backend's driver.c and driver.py), cuda-python's cuda.core (cuda_utils.pyx 112fb41), CuPy
(6b6d956: the cuBLAS, cuRAND and driver error classes), JAX 0.10.2 (xla_bridge.py and the CUDA plugin's version
checks) with the XLA it ships (cuda_blas.cc, cuda_dnn.cc, cuda_fft.cc, cuda_platform.cc; tsl dso_loader.cc
520007f), glibc 2.36's dynamic loader (dl-load.c, dl-version.c, dl-lookup.c, with dlerror.c's "object: text: errno"
form) and the closed libraries' own strings (cuDNN 9.27.0.42, NVRTC 12.9.86; cublasGetStatusString and
cusparseGetErrorString texts read from libcublasLt/libcusparse of the 12.9 wheels; status names from the
nvidia-cublas/cudnn/curand/cufft wheels' headers).

Lines of C++ files that no wheel ships carry the __LINE__ that their own build compiled in: read from
torch-2.14.1's libtorch_cuda.so/libc10_cuda.so (the line torchCheckFail, c10::Error or c10::Warning receives
beside the message) and from jax-cuda12-pjrt 0.10.2's xla_cuda_plugin.so (the line absl's LogMessage receives);
"@jax-v0.10.2" on an openxla/xla source names the XLA revision that JAX release builds. PyTorch's installed headers
carry one guard line more than the source (CuFFTUtils.h's check compiles as line 71 and sits at 72 in the wheel),
so header lines are given as in the repository. Lines of closed binaries name the wheel and library file instead
of a source line.

Each cause is decided from the code and its comments, reviewed one by one:
- An allocation failure or NOT_INITIALIZED at handle creation is GPU memory: XLA logs right after "failed to create
  cublas handle" that "Failure to initialize cublas may be due to OOM (cublas needs some free memory when you
  initialize it ...)" (cuda_blas.cc:200), and after "Could not create cudnn handle" it logs the device's free and
  total memory (cuda_dnn.cc:445); curand.h documents CURAND_STATUS_ALLOCATION_FAILED as "Memory allocation failed".
- An execution failure, an illegal address, a library that cannot compile or run for this GPU or driver is
  cuda_or_driver (cublasGetStatusString: "the function failed to launch on the GPU"; cudnn_graph.h: "Execution
  failed"), as the CUDA runtime catalogue reads "an illegal memory access was encountered".
- cuDNN's NOT_SUPPORTED is the program's input: PyTorch adds "This error may appear if you passed in a
  non-contiguous input" (Exceptions.h).
- A CUDA library the loader cannot find or that is older than its user is nccl_version_mismatch when it is NCCL
  (libnccl missing, libtorch_cuda.so needing ncclCommRegister / ncclCommInitRankScalable that an older libnccl
  lacks) and cuda_or_driver for every other library (cudart, cuBLAS, cuDNN, nvJitLink, NVRTC, a CuPy kernel
  image older than the GPU).
- Notices that healthy runs print (XLA's factory re-registration, cuDNN's loaded version, PyTorch falling back from
  cuBLASLt to cuBLAS), XLA's memory-usage report, JAX's plugin wrapper and cuRAND's "preexisting failure" (an
  earlier error is the cause) name nothing.

A status printed in PyTorch's "CUDA error: <status> when calling `...`" form or as a CUresult name expects
log.cuda_error with the cause of the status (an allocation failure: oom); other status lines expect log.oom where
memory is the cause. No finding names a missing or mismatched non-NCCL CUDA library; those lines expect
log.cuda_error (a CUDA error, cause cuda_or_driver), the closest id."""

from __future__ import annotations

CASES = [
    # -- PyTorch 2.14.1 ----------------------------------------------------------------------------------------------
    ('pytorch/pytorch aten/src/ATen/cuda/CublasHandlePool.cpp:104@5c48869',
     'RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`',
     'log.cuda_error', 'oom'),
    ('pytorch/pytorch aten/src/ATen/cuda/CublasHandlePool.cpp:104@5c48869',
     'RuntimeError: CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when calling `cublasCreate(handle)`',
     'log.cuda_error', 'oom'),
    ('pytorch/pytorch aten/src/ATen/cuda/CUDABlas.cpp:1153@5c48869',
     'RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasGemmEx( handle, opa, opb, m, n, k, &falpha, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &fbeta, c, std::is_same_v<C_Dtype, float> ? CUDA_R_32F : CUDA_R_16BF, ldc, compute_type, CUBLAS_GEMM_DEFAULT_TENSOR_OP)`',
     'log.cuda_error', 'cuda_or_driver'),
    ('pytorch/pytorch aten/src/ATen/cuda/CuSparseHandlePool.cpp:8@5c48869',
     'RuntimeError: CUDA error: out of memory when calling `cusparseCreate(handle)`',
     'log.cuda_error', 'oom'),
    ('pytorch/pytorch aten/src/ATen/cudnn/Handle.cpp:11@5c48869',
     'RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED',
     'log.oom', 'oom'),
    ('pytorch/pytorch aten/src/ATen/cuda/Exceptions.h:53@5c48869',
     'RuntimeError: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED',
     'log.cuda_error', 'cuda_or_driver'),
    ('pytorch/pytorch aten/src/ATen/cuda/Exceptions.h:48@5c48869',
     'RuntimeError: cuDNN error: CUDNN_STATUS_NOT_SUPPORTED. This error may appear if you passed in a non-contiguous input.',
     'log.cuda_error', 'application_bug'),
    ('pytorch/pytorch aten/src/ATen/native/cuda/CuFFTUtils.h:70@5c48869',
     'RuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR',
     'log.cuda_error', 'cuda_or_driver'),
    ('pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp:1927@5c48869',
     'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 3 has a total capacity of 79.19 GiB of which 1.06 GiB is free. Including non-PyTorch memory, this process has 78.12 GiB memory in use. Of the allocated memory 74.83 GiB is allocated by PyTorch, and 2.57 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://docs.pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf)',
     'log.oom', 'oom'),
    ('pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp:886@5c48869',
     'RuntimeError: CUDA driver error: an illegal memory access was encountered',
     'log.cuda_error', 'application_bug'),
    ('pytorch/pytorch torch/__init__.py:346@5c48869',
     "ValueError: libcublas.so.*[0-9] not found in the system path ['/workspace', '/usr/lib/python311.zip', '/usr/lib/python3.11', '/usr/lib/python3.11/lib-dynload', '/usr/local/lib/python3.11/dist-packages', '/usr/lib/python3/dist-packages']",
     'log.cuda_error', 'cuda_or_driver'),
    ('pytorch/pytorch torch/__init__.py:346@5c48869',
     "ValueError: libnccl.so.*[0-9] not found in the system path ['/workspace', '/usr/lib/python311.zip', '/usr/lib/python3.11', '/usr/lib/python3.11/lib-dynload', '/usr/local/lib/python3.11/dist-packages', '/usr/lib/python3/dist-packages']",
     'log.nccl_library_missing', 'other'),
    # -- glibc 2.36's loader, as Python raises it (ctypes: OSError; extension import: ImportError) ---------------------
    ('bminor/glibc elf/dl-load.c:2249@glibc-2.36',
     'OSError: libcudart.so.12: cannot open shared object file: No such file or directory',
     'log.cuda_error', 'cuda_or_driver'),
    ('bminor/glibc elf/dl-load.c:2249@glibc-2.36',
     'ImportError: libnccl.so.2: cannot open shared object file: No such file or directory',
     'log.nccl_library_missing', 'other'),
    ('bminor/glibc elf/dl-version.c:144@glibc-2.36',
     "OSError: /usr/local/cuda-12.1/lib64/libcublasLt.so.12: version `libcublasLt.so.12' not found (required by /usr/local/lib/python3.11/dist-packages/nvidia/cublas/lib/libcublas.so.12)",
     'log.cuda_error', 'cuda_or_driver'),
    # an NCCL older than the framework's build: read, as every undefined nccl symbol, as the NCCL versions that
    # disagree (log.version_mismatch)
    ('bminor/glibc elf/dl-lookup.c:795@glibc-2.36',
     'ImportError: /usr/local/lib/python3.11/dist-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister',
     'log.version_mismatch', 'nccl_version_mismatch'),
    ('bminor/glibc elf/dl-lookup.c:795@glibc-2.36',
     'ImportError: /usr/local/lib/python3.11/dist-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommInitRankScalable',
     'log.version_mismatch', 'nccl_version_mismatch'),
    ('bminor/glibc elf/dl-lookup.c:795@glibc-2.36',
     'ImportError: /usr/local/lib/python3.11/dist-packages/nvidia/cusparse/lib/libcusparse.so.12: undefined symbol: __nvJitLinkComplete_12_9, version libnvJitLink.so.12',
     'log.cuda_error', 'cuda_or_driver'),
    # -- Triton 3.9.0 --------------------------------------------------------------------------------------------------
    ('triton-lang/triton third_party/nvidia/backend/driver.c:76@v3.9.0',
     'RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered',
     'log.cuda_error', 'application_bug'),
    ('triton-lang/triton third_party/nvidia/backend/driver.c:76@v3.9.0',
     'RuntimeError: Triton Error [CUDA]: the provided PTX was compiled with an unsupported toolchain.',
     'log.cuda_error', 'cuda_or_driver'),
    ('triton-lang/triton third_party/nvidia/backend/driver.py:46@v3.9.0',
     'AssertionError: libcuda.so cannot found!',
     'log.gpu_missing', 'cuda_or_driver'),
    # -- cuDNN 9.27 and NVRTC 12.9 (closed binaries: their own strings) ------------------------------------------------
    ('pypi/nvidia-cudnn-cu12 nvidia/cudnn/lib/libcudnn_graph.so.9@9.27.0.42',
     'Unable to load any of {libcudnn_cnn.so.9.27.0, libcudnn_cnn.so.9.27, libcudnn_cnn.so.9, libcudnn_cnn.so}',
     'log.cuda_error', 'cuda_or_driver'),
    ('pypi/nvidia-cudnn-cu12 nvidia/cudnn/lib/libcudnn.so.9@9.27.0.42',
     'Invalid handle. Cannot load symbol cudnnCreateConvolutionDescriptor',
     'log.cuda_error', 'cuda_or_driver'),
    ('pypi/nvidia-cuda-nvrtc-cu12 nvidia/cuda_nvrtc/lib/libnvrtc.so.12@12.9.86',
     'nvrtc: error: invalid value for --gpu-architecture (-arch)',
     'log.cuda_error', 'cuda_or_driver'),
    # -- XLA as JAX 0.10.2 ships it, and JAX's CUDA plugin -------------------------------------------------------------
    ('openxla/xla xla/stream_executor/cuda/cuda_blas.cc:197@jax-v0.10.2',
     'E0000 00:00:1764584043.512931    2431 cuda_blas.cc:197] failed to create cublas handle: the library was not initialized',
     'log.oom', 'oom'),
    ('openxla/xla xla/stream_executor/cuda/cuda_blas.cc:200@jax-v0.10.2',
     'E0000 00:00:1764584043.512967    2431 cuda_blas.cc:200] Failure to initialize cublas may be due to OOM (cublas needs some free memory when you initialize it, and your deep-learning framework may have preallocated more than its fair share), or may be because this binary was not built with support for the GPU in your machine.',
     'log.oom', 'oom'),
    ('openxla/xla xla/stream_executor/cuda/cuda_dnn.cc:441@jax-v0.10.2',
     'E0000 00:00:1764584043.618204    2431 cuda_dnn.cc:441] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR',
     'log.oom', 'oom'),
    ('openxla/xla xla/stream_executor/cuda/cuda_dnn.cc:455@jax-v0.10.2',
     'E0000 00:00:1764584043.618377    2431 cuda_dnn.cc:455] Possibly insufficient driver version: 535.104.5',
     'log.cuda_driver_unsupported', 'cuda_or_driver'),
    # XLA's cuInit failure is read with the CUDA errors (the same cause as log.gpu_missing)
    ('openxla/xla xla/stream_executor/cuda/cuda_platform.cc:57@jax-v0.10.2',
     'E0000 00:00:1764584041.093518    2431 cuda_platform.cc:57] failed call to cuInit: INTERNAL: CUDA error: Failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected',
     'log.cuda_error', 'cuda_or_driver'),
    ('openxla/xla xla/tsl/platform/default/dso_loader.cc:77@520007f',
     "Could not load dynamic library 'libcudnn.so.9'; dlerror: libcudnn.so.9: cannot open shared object file: No such file or directory; LD_LIBRARY_PATH: /usr/local/nvidia/lib:/usr/local/nvidia/lib64",
     'log.cuda_error', 'cuda_or_driver'),
    ('jax-ml/jax jax_plugins/cuda/__init__.py:203@jax-v0.10.2',
     'RuntimeError: Unable to load cuDNN. Is it installed?',
     'log.cuda_error', 'cuda_or_driver'),
    ('jax-ml/jax jax_plugins/cuda/__init__.py:169@jax-v0.10.2',
     'RuntimeError: Outdated cuDNN installation found.',
     'log.cuda_error', 'cuda_or_driver'),
    # -- cuda-python (cuda.core) and CuPy ----------------------------------------------------------------------------
    ('NVIDIA/cuda-python cuda_core/cuda/core/_utils/cuda_utils.pyx:179@112fb41',
     'cuda.core._utils.cuda_utils.CUDAError: CUDA_ERROR_OUT_OF_MEMORY: out of memory',
     'log.cuda_error', 'oom'),
    # no kernel image for this GPU: read, as for PyTorch's wheels, as a build without the GPU's kernels
    ('cupy/cupy cupy_backends/cuda/api/driver.pyx:59@6b6d956',
     'cupy_backends.cuda.api.driver.CUDADriverError: CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image is available for execution on the device',
     'log.cuda_error', 'cuda_or_driver'),
    ('cupy/cupy cupy_backends/cuda/libs/curand.pyx:104@6b6d956',
     'cupy_backends.cuda.libs.curand.CURANDError: CURAND_STATUS_ALLOCATION_FAILED',
     'log.oom', 'oom'),
    ('cupy/cupy cupy_backends/cuda/libs/cublas.pyx:586@6b6d956',
     'cupy_backends.cuda.libs.cublas.CUBLASError: CUBLAS_STATUS_NOT_INITIALIZED',
     'log.oom', 'oom'),
]

NO_CAUSE = [
    'I0000 00:00:1764584041.118244    2431 cuda_dnn.cc:6936] Unable to register cuDNN factory: Attempting to register factory for plugin cuDNN when one has already been registered',  # openxla/xla xla/stream_executor/cuda/cuda_dnn.cc:6936@jax-v0.10.2
    'I0000 00:00:1764584041.118301    2431 cuda_blas.cc:1425] Unable to register cuBLAS factory: Attempting to register factory for plugin cuBLAS when one has already been registered',  # openxla/xla xla/stream_executor/cuda/cuda_blas.cc:1425@jax-v0.10.2
    'I0000 00:00:1764584041.118115    2431 cuda_fft.cc:481] Unable to register cuFFT factory: Attempting to register factory for plugin cuFFT when one has already been registered',  # openxla/xla xla/stream_executor/cuda/cuda_fft.cc:481@jax-v0.10.2
    'I0000 00:00:1764584043.611950    2431 cuda_dnn.cc:436] Loaded cuDNN version 91200',  # openxla/xla xla/stream_executor/cuda/cuda_dnn.cc:436@jax-v0.10.2
    'E0000 00:00:1764584043.618290    2431 cuda_dnn.cc:445] Memory usage: 1179648 bytes free, 85029158912 bytes total.',  # openxla/xla xla/stream_executor/cuda/cuda_dnn.cc:445@jax-v0.10.2
    'Jax plugin configuration error: Exception when calling jax_plugins.xla_cuda12.initialize()',  # jax-ml/jax jax/_src/xla_bridge.py:510@jax-v0.10.2
    '[W1201 10:14:03.512931254 CUDABlas.cpp:447] Warning: bgemm_internal_cublaslt error: CUBLAS_STATUS_NOT_SUPPORTED when calling cublasLtMatmul with transpose_mat1 t transpose_mat2 n m 128 n 128 k 64 lda 64 ldb 64 ldc 128 abType 14 cType 14 computeType 68 scaleType 0. Will attempt to recover by calling cublas instead. (function bgemm_internal_cublaslt)',  # pytorch/pytorch aten/src/ATen/cuda/CUDABlas.cpp:447@5c48869
    'cupy_backends.cuda.libs.curand.CURANDError: CURAND_STATUS_PREEXISTING_FAILURE',  # cupy/cupy cupy_backends/cuda/libs/curand.pyx:104@6b6d956
]
