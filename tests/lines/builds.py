"""Lines of the build and install steps users paste beside NCCL failures, read alone and inside an NCCL log:
PyTorch 2.14.1's torch.utils.cpp_extension (pytorch/pytorch 5c48869, read from the torch-2.14.1 cu130 wheel: CUDA_HOME
and nvcc lookup, the CUDA/PyTorch version and host-compiler checks, ninja), DeepSpeed 0.19.6 (deepspeedai/DeepSpeed
edaa722: op_builder/builder.py, op_builder/async_io.py, setup.py), NVIDIA Apex (NVIDIA/apex 6424da3: setup.py),
flash-attention (Dao-AILab/flash-attention 0251105: setup.py), Horovod (horovod/horovod 2626dc8: CMakeLists.txt,
cmake/Modules/FindNCCL.cmake, whose REQUIRED find fails through CMake 4.4.5's FindPackageHandleStandardArgs.cmake,
read from the cmake 4.4.5 wheel), nccl-tests (NVIDIA/nccl-tests a0b82b2: src/common.cu, src/alltoall.cu) and NCCL's
own makefiles (NVIDIA/nccl 5067397: makefiles/common.mk). Prefixes as the programs print them: Python's logging
last-resort handler (bare message), warnings.warn's `path:line: UserWarning:`, DeepSpeed's ` [WARNING] ` with its
ANSI colour codes stripped, CMake's indented message body and `-- ` status lines.

Causes were decided from the code and help text around each line: a CUDA toolkit that is missing (CUDA_HOME, nvcc)
or whose version differs from the one torch was built with is the CUDA installation (`cuda_or_driver`, with
`log.cuda_error` as the closest id: no id names a build-time toolkit problem); NCCL absent from a build is
`log.nccl_library_missing` (`other`); an NCCL too old for what the build or test needs, or built against another
NCCL than it runs, is `nccl_version_mismatch`; prebuilt ops that do not fit the runtime torch, compilers outside
CUDA's bounds and missing build tools are `log.package_build` (`other`); a build configuration the project forbids
is `application_bug`. The generic "Error building extension" wrapper names the build (`log.package_build`, `other`),
after the build's own first error, whose row reads first. Lines that say the build goes on (minor-version mismatches
accepted, cross-compiling notices, progress) name nothing."""

from __future__ import annotations

CASES = [
    # -- torch.utils.cpp_extension (PyTorch 2.14.1) -------------------------------------------------------------------
    ('pytorch/pytorch torch/utils/cpp_extension.py:629@5c48869',
     'RuntimeError: CUDA was not found on the system, please set the CUDA_HOME or the CUDA_PATHenvironment variable or add NVCC to your system PATH. The extension compilation will fail.',
     'log.package_build', 'cuda_or_driver'),
    ('pytorch/pytorch torch/utils/cpp_extension.py:633@5c48869',
     "FileNotFoundError: nvcc not found at '/usr/local/cuda/bin/nvcc'. Ensure CUDA path '/usr/local/cuda' is correct.",
     'log.package_build', 'cuda_or_driver'),
    ('pytorch/pytorch torch/utils/cpp_extension.py:651@5c48869',
     "RuntimeError: ('The detected CUDA version (%s) mismatches the version that was used to compilePyTorch (%s). Please make sure to use the same CUDA versions.', '12.4', '13.0')",
     'log.package_build', 'cuda_or_driver'),
    ('pytorch/pytorch torch/utils/cpp_extension.py:3315@5c48869',
     'OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.',
     'log.package_build', 'cuda_or_driver'),
    ('pytorch/pytorch torch/utils/cpp_extension.py:680@5c48869',
     'RuntimeError: The current installed version of g++ (16.1.0) is greater than the maximum required version by CUDA 13.0. Please make sure to use an adequate version of g++ (>=6.0.0, <16.0).',
     'log.package_build', 'other'),
    ('pytorch/pytorch torch/utils/cpp_extension.py:622@5c48869',
     '                               !! WARNING !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!Your compiler (c++ 4.8.5) may be ABI-incompatible with PyTorch!Please use a compiler that is ABI-compatible with GCC 5.0 and above.See https://gcc.gnu.org/onlinedocs/libstdc++/manual/abi.html.See https://gist.github.com/goldsborough/d466f43e8ffc948ff92de7486c5216d6for instructions on how to install GCC 5 or higher.!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!                              !! WARNING !!',
     'log.package_build', 'other'),
    ('pytorch/pytorch torch/utils/cpp_extension.py:2574@5c48869',
     'RuntimeError: Ninja is required to load C++ extensions (pip install ninja to get it)',
     'log.package_build', 'other'),
    ('pytorch/pytorch torch/utils/cpp_extension.py:2749@5c48869',
     'ValueError: Unknown CUDA arch (10.1) or GPU not supported',
     'log.package_build', 'other'),
    # -- DeepSpeed 0.19.6 op builder ------------------------------------------------------------------------------------
    ('deepspeedai/DeepSpeed op_builder/builder.py:51@edaa722',
     'deepspeed.ops.op_builder.builder.MissingCUDAException: CUDA_HOME does not exist, unable to compile CUDA op(s)',
     'log.package_build', 'cuda_or_driver'),
    ('deepspeedai/DeepSpeed op_builder/builder.py:59@edaa722',
     "deepspeed.ops.op_builder.builder.MissingCUDAException: Unable to run /usr/local/cuda/bin/nvcc, unable to compile CUDA op(s): [Errno 2] No such file or directory: '/usr/local/cuda/bin/nvcc'",
     'log.package_build', 'cuda_or_driver'),
    ('deepspeedai/DeepSpeed op_builder/builder.py:130@edaa722',
     'deepspeed.ops.op_builder.builder.CUDAMismatchException: >- DeepSpeed Op Builder: Installed CUDA version 11.8 does not match the version torch was compiled with 12.4, unable to compile cuda/cpp extensions without a matching cuda version.',
     'log.package_build', 'cuda_or_driver'),
    ('deepspeedai/DeepSpeed op_builder/builder.py:455@edaa722',
     ' [WARNING]  fused_adam cuda is missing or is incompatible with installed torch, only cpu ops can be compiled!',
     'log.package_build', 'cuda_or_driver'),
    ('deepspeedai/DeepSpeed op_builder/builder.py:178@edaa722',
     'RuntimeError: PyTorch version mismatch! DeepSpeed ops were compiled and installed with a different version than what is being used at runtime. Please re-install DeepSpeed or switch torch versions. Install torch version=2.4, Runtime torch version=2.6',
     'log.package_build', 'other'),
    ('deepspeedai/DeepSpeed op_builder/builder.py:190@edaa722',
     'RuntimeError: CUDA version mismatch! DeepSpeed ops were compiled and installed with a different version than what is being used at runtime. Please re-install DeepSpeed or switch torch versions. Install CUDA version=12.1, Runtime CUDA version=12.4',
     'log.package_build', 'other'),
    ('deepspeedai/DeepSpeed op_builder/builder.py:575@edaa722',
     'RuntimeError: Unable to JIT load the fused_adam op due to ninja not being installed.',
     'log.package_build', 'other'),
    ('deepspeedai/DeepSpeed op_builder/builder.py:705@edaa722',
     "RuntimeError: DeepSpeed JIT builder for 'fused_adam' found no CUDA devices. Set TORCH_CUDA_ARCH_LIST or make GPUs visible.",
     'log.gpu_missing', 'cuda_or_driver'),
    # -- NVIDIA Apex setup.py ---------------------------------------------------------------------------------------------
    ('NVIDIA/apex setup.py:82@6424da3',
     'RuntimeError: Cuda extensions are being compiled with a version of Cuda that does not match the version used to compile Pytorch binaries.  Pytorch binaries were compiled with Cuda 12.4.',
     'log.package_build', 'cuda_or_driver'),
    ('NVIDIA/apex setup.py:95@6424da3',
     "RuntimeError: --cuda_ext was requested, but nvcc was not found.  Are you sure your environment has nvcc available?  If you're installing within a container from https://hub.docker.com/r/pytorch/pytorch, only images whose names contain 'devel' will provide nvcc.",
     'log.package_build', 'cuda_or_driver'),
    # -- flash-attention setup.py -----------------------------------------------------------------------------------------
    ('Dao-AILab/flash-attention setup.py:296@0251105',
     'RuntimeError: FlashAttention is only supported on CUDA 11.7 and above.  Note: make sure nvcc has a supported version by running nvcc -V.',
     'log.package_build', 'cuda_or_driver'),
    # -- Horovod's CMake build (HOROVOD_GPU_OPERATIONS=NCCL) ------------------------------------------------------------
    ('Kitware/CMake Modules/FindPackageHandleStandardArgs.cmake:654@v4.4.5 (via horovod/horovod cmake/Modules/FindNCCL.cmake:53@2626dc8)',
     '  Could NOT find NCCL (missing: NCCL_INCLUDE_DIR NCCL_LIBRARY)',
     'log.nccl_library_missing', 'other'),
    ('horovod/horovod CMakeLists.txt:225@2626dc8',
     '  Horovod requires NCCL 2.0 or later version please upgrade.',
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('horovod/horovod CMakeLists.txt:232@2626dc8',
     '  Linking NCCL statically, but linking CUDA runtime library dynamically. This combination is not supported with typical builds of NCCL.',
     'log.package_build', 'other'),
    ('horovod/horovod CMakeLists.txt:271@2626dc8',
     '  You should not mix NCCL and MPI GPU due to a possible deadlock.',
     'log.launch_config', 'application_bug'),
    # -- nccl-tests ---------------------------------------------------------------------------------------------------
    ('NVIDIA/nccl-tests src/common.cu:1047@a0b82b2',
     'Incompatible NCCL versions. nccl-tests was compiled with NCCL 22903, but is running with NCCL 22805. The 22903 Device API is not compatible with versions before 2.29.',
     'log.version_mismatch', 'nccl_version_mismatch'),
    ('NVIDIA/nccl-tests src/alltoall.cu:335@a0b82b2',
     'NCCL 2.7 or later is needed for alltoall. This test was compiled with 2.4.',
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('pytorch/pytorch torch/utils/cpp_extension.py:2558@5c48869',
     "RuntimeError: Error building extension 'fused_adam'",
     'log.package_build', 'other'),
]

NO_CAUSE = [
    '/tmp/pip-req-build-k3j9x2ab/setup.py:842: UserWarning: Skip `--nccl_allocator` as it requires NCCL 2.19 or later, but 2.18',  # NVIDIA/apex setup.py:842@6424da3 (a UserWarning: the build goes on)
    "/tmp/pip-install-7q2w1m0c/flash-attn_5d0e9b3a4c2f4e1b/setup.py:163: UserWarning: flash_attn was requested, but nvcc was not found.  Are you sure your environment has nvcc available?  If you're installing within a container from https://hub.docker.com/r/pytorch/pytorch, only images whose names contain 'devel' will provide nvcc.",  # Dao-AILab/flash-attention setup.py:163@0251105 (a UserWarning: the build goes on)
    'NVCC_GENCODE is -gencode=arch=compute_80,code=sm_80 -gencode=arch=compute_90,code=sm_90',  # NVIDIA/nccl makefiles/common.mk:87@5067397
    "The detected CUDA version (12.4) has a minor version mismatch with the version that was used to compile PyTorch (12.6). Most likely this shouldn't be a problem.",  # pytorch/pytorch torch/utils/cpp_extension.py:652@5c48869
    'Installed CUDA version 12.4 does not match the version torch was compiled with 12.6 but since the APIs are compatible, accepting this combination',  # deepspeedai/DeepSpeed op_builder/builder.py:119@edaa722
    ' [WARNING]  async_io requires the dev libaio .so object and headers but these were not found.',  # deepspeedai/DeepSpeed op_builder/async_io.py:111@edaa722
    '[WARNING] Torch did not find cuda available, if cross-compiling or running with cpu only you can ignore this message. Adding compute capability for Pascal, Volta, and Turing (compute capabilities 6.0, 6.1, 6.2)',  # deepspeedai/DeepSpeed setup.py:144@edaa722
    'Warning: Torch did not find available GPUs on this system.',  # NVIDIA/apex setup.py:118@6424da3
    'Precompiled wheel not found. Building from source...',  # Dao-AILab/flash-attention setup.py:689@0251105
    '-- Found NCCL (include: /usr/include, library: /usr/lib/x86_64-linux-gnu/libnccl.so)',  # horovod/horovod cmake/Modules/FindNCCL.cmake:74@2626dc8
]
