"""Lines of the GPU kernel libraries under multi-GPU training and inference jobs, printed at run time (not while
building), read alone and inside an NCCL log: bitsandbytes (bitsandbytes-foundation/bitsandbytes 95f9af3: the
native-library loader cextension.py, functional.py's device check, the CUDA backend's ops, nn/modules.py, the
`python -m bitsandbytes` diagnostics; 0.46.1 (4bca844) for the version-mismatch report that 95f9af3 no longer
reaches; 0.42.0 (4870580) for the old CUDA SETUP loader), flash-attention (Dao-AILab/flash-attention 0251105:
csrc/flash_attn's FA2 API and launch templates, hopper/ (FA3), flash_attn/cute (FA4)), xFormers
(facebookresearch/xformers: _cpp_lib.py and __init__.py at ca6d2aa; the fmha dispatcher and its operators'
support checks at bed3978, the last commit before ca6d2aa replaced them with stubs re-exporting mslk) and NVIDIA
Apex (NVIDIA/apex 6424da3: the fused optimizers, multi_tensor_apply, fused_layer_norm, DistributedFusedAdam, the
NCCL allocator; apex.amp and apex.parallel at e13873d, the parent of their removal in cb65b8e). Torch's TORCH_CHECK
and C10_CUDA_KERNEL_LAUNCH_CHECK texts are given as Python raises them (`RuntimeError: ...`); xFormers' reasons as
the dispatcher indents them inside its NotImplementedError.

Causes decided from the code and help text around each line:
- A GPU older than the kernels support (FA2/FA3's "only supports Ampere GPUs or newer", FA4's compute-capability
  assertion, xFormers' "(too old)" and its bf16-needs-A100 reason) is the GPU: log.cuda_error, cuda_or_driver, as
  torch_compile.py reads Inductor's GPUTooOldForTriton. A GPU newer than the build (flash-attn built by a CUDA
  toolkit before 12.8 has no sm_100/sm_120 image, setup.py's add_cuda_gencodes, so its launch check reports "no
  kernel image"; xFormers' cutlassF capped at (9, 0) reports "(too new)") is read as ncclkit reads PyTorch's own
  "not compatible with the current PyTorch installation": log.cuda_error, nccl_version_mismatch, a build older
  than the GPU.
- A library installed or built without its CUDA part or for another CUDA/torch (bitsandbytes without a binary for
  torch's CUDA version, its CPU-only library, Apex without --cuda_ext, xFormers built for another PyTorch or without
  its C++ extensions, a flash-attn build with backward disabled) is log.package_build (other), as runtime.py reads
  an extension compiled against another torch. bitsandbytes' missing dependency and 0.42's "CUDA Setup failed
  despite GPU being available" point at the CUDA runtime libraries (their help: find libcudart, add it to
  LD_LIBRARY_PATH): log.cuda_error, cuda_or_driver, as cuda_libs.py reads a missing libcudart.so.12.
- Tensors on another device or the CPU, or of a dtype the kernel does not take, are the program's placement and
  casting: application_bug (log.framework_usage for the RuntimeErrors, log.program_error for bitsandbytes'
  ValueError, the generic reading of Python's own exceptions).
- Fallbacks that keep the job running name no cause: bitsandbytes loading a nearby CUDA version's binary or
  warning of a slow 8-bit matmul below capability 7.5, the diagnostics' "runtime files not found" (bitsandbytes
  loads through torch's CUDA runtime), Apex's Python fallbacks, amp's "An input tensor was not cuda." (its comment:
  "This should not be a hard error, since it may be legitimate"), xFormers without Triton, flash-attn's ROCm
  fallback to Triton. Headers that only introduce the reasons after them (xFormers' "No operator found", "is not
  supported because", 0.42's "CUDA detection failed! Possible reasons:" with five) and cublasLt's bare failure name
  nothing. Apex's NCCL allocator printing NCCL's bare system or internal error leads as that result (RESULT_ONLY)."""

from __future__ import annotations

CASES = [
    # -- bitsandbytes ------------------------------------------------------------------------------------------------
    ('bitsandbytes-foundation/bitsandbytes bitsandbytes/cextension.py:400@95f9af3',
     'bitsandbytes library load error: No compatible CUDA binary found at /usr/local/lib/python3.12/dist-packages/bitsandbytes/libbitsandbytes_cuda130.so',
     'log.package_build', 'other'),
    ('bitsandbytes-foundation/bitsandbytes bitsandbytes/cextension.py:163@4bca844',
     '🚨 CUDA VERSION MISMATCH 🚨',
     'log.package_build', 'other'),
    ('bitsandbytes-foundation/bitsandbytes bitsandbytes/cextension.py:99@95f9af3',
     "RuntimeError: Method 'cquantize_blockwise_bf16_nf4' not available in CPU-only version of bitsandbytes.",
     'log.package_build', 'other'),
    ('bitsandbytes-foundation/bitsandbytes bitsandbytes/cuda_setup/main.py:134@4870580',
     'CUDA SETUP: Required library version not found: libbitsandbytes_cuda122.so. Maybe you need to compile it from source?',
     'log.package_build', 'other'),
    ('bitsandbytes-foundation/bitsandbytes bitsandbytes/cextension.py:34@4870580',
     '/opt/conda/lib/python3.10/site-packages/bitsandbytes/cextension.py:34: UserWarning: The installed version of bitsandbytes was compiled without GPU support. 8-bit optimizers, 8-bit multiplication, and GPU quantization are unavailable.',
     'log.package_build', 'other'),
    ('bitsandbytes-foundation/bitsandbytes bitsandbytes/cextension.py:304@95f9af3',
     '🚨 CUDA SETUP ERROR: Missing dependency: libcudart.so.12 🚨',
     'log.cuda_error', 'cuda_or_driver'),
    ('bitsandbytes-foundation/bitsandbytes bitsandbytes/cextension.py:21@4870580',
     '        CUDA Setup failed despite GPU being available. Please run the following command to get more information:',
     'log.cuda_error', 'cuda_or_driver'),
    ('bitsandbytes-foundation/bitsandbytes bitsandbytes/functional.py:382@95f9af3',
     'RuntimeError: Input tensors need to be on the same device, but found the following tensor and device combinations:',
     'log.framework_usage', 'application_bug'),
    ('bitsandbytes-foundation/bitsandbytes bitsandbytes/functional.py:388@95f9af3',
     'RuntimeError: Input tensors need to be on the same GPU, but found the following tensor and device combinations:',
     'log.framework_usage', 'application_bug'),
    ('bitsandbytes-foundation/bitsandbytes bitsandbytes/nn/modules.py:1147@95f9af3',
     'RuntimeError: Loading a quantized checkpoint into non-quantized Linear8bitLt is not supported. Please call module.cuda() before module.load_state_dict()',
     'log.framework_usage', 'application_bug'),
    ('bitsandbytes-foundation/bitsandbytes bitsandbytes/backends/cuda/ops.py:216@95f9af3',
     'ValueError: A must be float16, got torch.bfloat16',
     'log.program_error', 'application_bug'),
    # -- flash-attention -----------------------------------------------------------------------------------------------
    ('Dao-AILab/flash-attention csrc/flash_attn/flash_api.cpp:393@0251105',
     'RuntimeError: FlashAttention only supports Ampere GPUs or newer.',
     'log.cuda_error', 'cuda_or_driver'),
    ('Dao-AILab/flash-attention flash_attn/cute/interface.py:681@0251105',
     'AssertionError: Unsupported compute capability. Supported: 8.x, 9.x, 10.x, 11.x, 12.x',
     'log.cuda_error', 'cuda_or_driver'),
    ('Dao-AILab/flash-attention csrc/flash_attn/src/flash_fwd_launch_template.h:92@0251105',
     'RuntimeError: CUDA error: no kernel image is available for execution on the device',
     'log.cuda_error', 'cuda_or_driver'),
    ('Dao-AILab/flash-attention hopper/flash_api.cpp:1202@0251105',
     'RuntimeError: Flash-Attention was built with backward disabled',
     'log.package_build', 'other'),
    ('Dao-AILab/flash-attention csrc/flash_attn/flash_api.cpp:397@0251105',
     'RuntimeError: FlashAttention only support fp16 and bf16 data type',
     'log.framework_usage', 'application_bug'),
    ('Dao-AILab/flash-attention csrc/flash_attn/flash_api.cpp:401@0251105',
     'RuntimeError: q must be on CUDA',
     'log.framework_usage', 'application_bug'),
    # -- xFormers ------------------------------------------------------------------------------------------------------
    ('facebookresearch/xformers xformers/_cpp_lib.py:147@ca6d2aa',
     "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:",
     'log.package_build', 'other'),
    ('facebookresearch/xformers xformers/_cpp_lib.py:72@ca6d2aa',
     '    PyTorch 2.5.1+cu121 with CUDA 1201 (you have 2.6.0+cu124)',
     'log.package_build', 'other'),
    ('facebookresearch/xformers xformers/ops/fmha/common.py:458@bed3978',
     "    xFormers wasn't build with CUDA support",
     'log.package_build', 'other'),
    ('facebookresearch/xformers xformers/ops/fmha/common.py:463@bed3978',
     '    requires device with capability >= (8, 0) but your GPU has capability (7, 0) (too old)',
     'log.cuda_error', 'cuda_or_driver'),
    ('facebookresearch/xformers xformers/ops/fmha/common.py:494@bed3978',
     '    bf16 is only supported on A100+ GPUs',
     'log.cuda_error', 'cuda_or_driver'),
    ('facebookresearch/xformers xformers/ops/fmha/common.py:471@bed3978',
     '    requires device with capability <= (9, 0) but your GPU has capability (12, 0) (too new)',
     'log.cuda_error', 'nccl_version_mismatch'),
    ('facebookresearch/xformers xformers/ops/fmha/common.py:452@bed3978',
     "    device=cpu (supported: {'cuda'})",
     'log.framework_usage', 'application_bug'),
    ('facebookresearch/xformers xformers/ops/fmha/common.py:475@bed3978',
     '    dtype=torch.float32 (supported: {torch.float16, torch.bfloat16})',
     'log.framework_usage', 'application_bug'),
    # -- NVIDIA Apex ---------------------------------------------------------------------------------------------------
    ('NVIDIA/apex apex/optimizers/fused_adam.py:136@6424da3',
     'RuntimeError: apex.optimizers.FusedAdam requires cuda extensions',
     'log.package_build', 'other'),
    ('NVIDIA/apex apex/multi_tensor_apply/multi_tensor_apply.py:18@6424da3',
     'RuntimeError: (\'Attempted to call MultiTensorApply method, but MultiTensorApply is not available, possibly because Apex was installed without --cpp_ext --cuda_ext.  Original import error message:\', ModuleNotFoundError("No module named \'amp_C\'"))',
     'log.package_build', 'other'),
    ('NVIDIA/apex apex/normalization/fused_layer_norm.py:43@6424da3',
     "ModuleNotFoundError: No module named 'fused_layer_norm_cuda'",
     'log.package_build', 'other'),
    ('NVIDIA/apex csrc/multi_tensor_apply.cuh:49@6424da3',
     'RuntimeError: A tensor was not on the same device as the first tensor',
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/apex apex/contrib/optimizers/distributed_fused_adam.py:624@6424da3',
     'RuntimeError: Invalid device for DistributedFusedAdam (device=cpu)',
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/apex apex/optimizers/fused_adam.py:232@6424da3',
     'RuntimeError: FusedAdam only support fp16 and fp32.',
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/apex apex/amp/_initialize.py:91@e13873d',
     'RuntimeError: Found param module.encoder.layer.0.attention.self.query.weight with type torch.FloatTensor, expected torch.cuda.FloatTensor.',
     'log.framework_usage', 'application_bug'),
]

NO_CAUSE = [
    'No prebuilt binary for CUDA 12.9, loading CUDA 12.8 instead. Set BNB_CUDA_VERSION to override.',  # bitsandbytes-foundation/bitsandbytes bitsandbytes/cextension.py:75@95f9af3
    'WARNING: Compute capability < 7.5 detected! Only slow 8-bit matmul is supported for your GPU!',  # bitsandbytes-foundation/bitsandbytes bitsandbytes/diagnostics/cuda.py:132@95f9af3
    'CUDA SETUP: WARNING! CUDA runtime files not found in any environmental path.',  # bitsandbytes-foundation/bitsandbytes bitsandbytes/diagnostics/cuda.py:180@95f9af3
    'CUDA SETUP: CUDA detection failed! Possible reasons:',  # bitsandbytes-foundation/bitsandbytes bitsandbytes/cuda_setup/main.py:141@4870580
    'RuntimeError: cublasLt ran into an error!',  # bitsandbytes-foundation/bitsandbytes bitsandbytes/backends/cuda/ops.py:165@95f9af3
    '/opt/conda/envs/py_3.12/lib/python3.12/site-packages/flash_attn/flash_attn_interface.py:17: UserWarning: flash_attn_2_cuda (which has ROCm/HIP kernels) not found, falling back to Triton implementation',  # Dao-AILab/flash-attention flash_attn/flash_attn_interface.py:17@0251105
    'NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:',  # facebookresearch/xformers xformers/ops/fmha/dispatch.py:74@bed3978
    '`cutlassF-pt` is not supported because:',  # facebookresearch/xformers xformers/ops/fmha/dispatch.py:57@bed3978
    "  SwiGLU, sparse and more won't be available.",  # facebookresearch/xformers xformers/_cpp_lib.py:17@ca6d2aa
    'A matching Triton is not available, some optimizations will not be enabled',  # facebookresearch/xformers xformers/__init__.py:62@ca6d2aa
    'Warning:  multi_tensor_applier fused unscale kernel is unavailable, possibly because apex was installed without --cuda_ext --cpp_ext. Using Python fallback.  Original ImportError was: ModuleNotFoundError("No module named \'amp_C\'")',  # NVIDIA/apex apex/amp/scaler.py:65@e13873d
    'Warning:  apex was installed without --cpp_ext.  Falling back to Python flatten and unflatten.',  # NVIDIA/apex apex/parallel/distributed.py:22@e13873d
    '/usr/local/lib/python3.10/dist-packages/apex/amp/_initialize.py:27: UserWarning: An input tensor was not cuda.',  # NVIDIA/apex apex/amp/_initialize.py:27@e13873d
]

# NCCL's bare result, wrapped: the result leads, with no cause of its own (the alternatives carry the likely ones).
RESULT_ONLY = [
    ('NVIDIA/apex apex/contrib/csrc/nccl_allocator/NCCLAllocator.cpp:19@6424da3',
     'RuntimeError: NCCL error in: /opt/apex/apex/contrib/csrc/nccl_allocator/NCCLAllocator.cpp:19, unhandled system error (run with NCCL_DEBUG=INFO for details)',
     'log.system_error'),
    ('NVIDIA/apex apex/contrib/csrc/nccl_allocator/NCCLAllocator.cpp:23@6424da3',
     'RuntimeError: NCCL error in: /opt/apex/apex/contrib/csrc/nccl_allocator/NCCLAllocator.cpp:23, internal error - please report this issue to the NCCL developers',
     'log.internal_error'),
]
