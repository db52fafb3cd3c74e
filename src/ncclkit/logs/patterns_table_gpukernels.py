"""Rows of the line classifier (patterns.py) for the GPU kernel libraries at run time: bitsandbytes,
flash-attention, xformers and apex (tests/lines/gpukernels.py holds every line with file:line@commit).

Sources: bitsandbytes-foundation/bitsandbytes 95f9af3 (the native-library loader cextension.py, functional.py, the
CUDA backend's ops, nn/modules.py, the diagnostics), 0.46.1 (4bca844) for its version-mismatch report and 0.42.0
(4870580) for the old CUDA SETUP loader; Dao-AILab/flash-attention 0251105 (FA2's csrc/flash_attn, FA3's hopper/,
FA4's flash_attn/cute); facebookresearch/xformers ca6d2aa (_cpp_lib.py) and bed3978 (the fmha dispatcher's reasons);
NVIDIA/apex 6424da3 (fused optimizers, multi_tensor_apply, fused_layer_norm, DistributedFusedAdam) and e13873d
(apex.amp, apex.parallel).

What these rows name: a library installed or built without its CUDA part, or for another CUDA or torch, is the build
(package_build, `other`); a GPU older than the kernels support is the GPU (cuda_or_driver, as Inductor's
GPUTooOldForTriton), one newer than the build a build older than the GPU (nccl_version_mismatch, as PyTorch's "not
compatible with the current PyTorch installation"); bitsandbytes without the CUDA runtime libraries is the CUDA
install; tensors on another device or of a dtype the kernel does not take are the program's (application_bug).
Fallbacks that keep the job running and headers that only introduce the reasons after them name nothing: the rows
that read them first keep the failure-words guess from naming a cause for "ImportError" or "NotImplementedError".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
GPUKERNELS_WORDS: tuple[bytes, ...] = (
    # bitsandbytes' version-mismatch report, 0.42's missing binary, its CPU-only build
    b"CUDA VERSION MISMATCH", b"Required library version", b"without GPU support",
    # xFormers' extension load warning (its "built for" line) and the fmha dispatcher's reasons
    b"load C++/CUDA extensions", b"(you have ", b"wasn't build with CUDA", b"GPU has capability",
    b"only supported on A100", b"(supported: {",
    b"torch_memory_saver",  # the memory saver of colocated RL (SGLang's sleep / wake) names its CUDA errors
    b"pythonInterface.c",  # bitsandbytes' C entry points name their CUDA errors
)


def gpukernels_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # bitsandbytes' paged optimizers prefetch managed memory in csrc/pythonInterface.c ("Error invalid device
        # ordinal at line 359 in file .../csrc/pythonInterface.c"), which the drivers of Windows, WSL2 and Jetson do
        # not support: no GPU index of the job is wrong (the maintainers: use the non-paged optimizer or a release
        # that checks for it).
        p(r"invalid device ordinal at line \d+ in file \S*pythonInterface\.c", "cuda_error", E,
          "bitsandbytes' paged optimizer made a CUDA call (a managed-memory prefetch) this driver or platform does "
          "not support (Windows, WSL2, Jetson): not a wrong GPU index", "use the non-paged optimizer (adamw_torch or "
          "adamw_bnb_8bit rather than paged_adamw_*) or upgrade bitsandbytes", C.CUDA_OR_DRIVER, "root", (C.OTHER,),
          False),
        # -- torch_memory_saver (fzyzcjy/torch_memory_saver): an LD_PRELOAD hook that pauses and resumes GPU memory
        # through cuMem for colocated trainer and inference engine. "CUresult error  result=2 ... func=cu_mem_create"
        # is CUDA_ERROR_OUT_OF_MEMORY (its maintainer, torch_memory_saver#4); error 1 (invalid argument) from free,
        # pause or resume is an allocation freed, made or shared while the saver was paused: the framework's order
        # (radixark/miles#3204: empty_cache after the trainer slept; THUDM/slime#1690: saving while paused).
        # Its older lines name the file after the result ("CUresult error result=2 file=csrc/torch_memory_saver.cpp
        # func=cu_mem_create", RLinf's FAQ) and word error 1 without its name (torch_memory_saver#35, func=resume).
        p(r"\[torch_memory_saver\.cpp\] CUresult error:?\s+(?:result=)?2\b|CUresult error:?\s+result=2 file=\S*"
          r"torch_memory_saver", "oom", E,
          "torch_memory_saver could not allocate GPU memory (cuMemCreate: CUDA_ERROR_OUT_OF_MEMORY)",
          "lower the inference engine's memory fraction (mem_fraction_static / gpu_memory_utilization) or offload "
          "more, and check no other process holds the GPU", C.OOM),
        p(r"\[torch_memory_saver\.cpp\] (?:CUresult|cudaError) error:?\s+(?:1 \(invalid argument\)|result=1\b)[^\n]*"
          r"func=(?:free|pause|resume)\b", "framework_usage", E,
          "torch_memory_saver refused an allocation while memory was paused: memory freed, allocated or shared while "
          "the saver had it paused (empty_cache, a process group's teardown or a save after sleep)",
          "update the RL framework to a release that keeps these calls out of the paused window, or run without "
          "offloading (colocated sleep / wake) to confirm", C.APPLICATION_BUG, "root", (C.CUDA_OR_DRIVER,)),
        # -- lines that name no cause --------------------------------------------------------------------------
        # facebookresearch/xformers xformers/ops/fmha/dispatch.py:74,57@bed3978: "No operator found for
        # `memory_efficient_attention_forward` with inputs:" and "`cutlassF-pt` is not supported because:" only
        # introduce the inputs and each operator's reasons printed under them (read by the rows below).
        p(r"No operator found for `memory_efficient_attention_\w+` with inputs|^\s*`[\w.-]+` is not supported "
          r"because:", "noise", I,
          "xFormers found no attention operator for these inputs: the reasons are on the lines under it",
          "read the indented reasons below it (the GPU, the tensors' device and dtype, the build)", None, "noise"),
        # NVIDIA/apex apex/amp/scaler.py:65 and apex/parallel/distributed.py:22@e13873d: Apex without its C++/CUDA
        # extensions warns and runs its Python implementation ("Using Python fallback", "Falling back to Python
        # flatten and unflatten"): slower, but the job runs.
        p(r"multi_tensor_applier fused unscale kernel is unavailable.*Using Python fallback|apex was installed "
          r"without --cpp_ext\.\s+Falling back to Python flatten", "noise", I,
          "Apex was installed without its C++/CUDA extensions and uses its slower Python implementation",
          "nothing to fix for the job; for the fused kernels, reinstall Apex with --cpp_ext --cuda_ext", None,
          "noise"),
        # -- bitsandbytes --------------------------------------------------------------------------------------
        # bitsandbytes-foundation/bitsandbytes bitsandbytes/cextension.py:400@95f9af3 (no libbitsandbytes_cudaXYZ
        # for torch's CUDA version, or BNB_CUDA_VERSION naming one the wheel lacks), :99@95f9af3 (a CUDA op called on
        # the CPU-only library), cextension.py:163@4bca844 (the report that the CUDA version requested is not the
        # one the wheel ships), cuda_setup/main.py:134 ("Maybe you need to compile it from source?") and
        # cextension.py:34@4870580 ("compiled without GPU support"): the installed bitsandbytes has no native
        # library for this CUDA, as runtime.py reads an extension built against another torch.
        p(r"No compatible CUDA binary found at \S*libbitsandbytes|not available in CPU-only version of bitsandbytes|"
          r"🚨 ?CUDA VERSION MISMATCH ?🚨|Required library version not found: libbitsandbytes_\w+\.so|installed "
          r"version of bitsandbytes was compiled without GPU support", "package_build", E,
          "the installed bitsandbytes has no native library for this CUDA: no binary for the CUDA version torch "
          "uses (or the one BNB_CUDA_VERSION asks for), or its CPU-only build",
          "install a bitsandbytes release that ships a binary for torch's CUDA (`pip install -U bitsandbytes`; "
          "`python -c 'import torch; print(torch.version.cuda)'`), unset BNB_CUDA_VERSION unless it names a "
          "shipped binary, or build it from source for this CUDA; `python -m bitsandbytes` shows what it found",
          C.OTHER),
        # bitsandbytes/cextension.py:304@95f9af3 ("Missing dependency: libcudart.so.12", its help: install the CUDA
        # libraries, add them to LD_LIBRARY_PATH) and cextension.py:21@4870580 ("CUDA Setup failed despite GPU being
        # available", its help: locate the CUDA libraries, add them to LD_LIBRARY_PATH): the GPU is there, the CUDA
        # runtime its library links against is not found, as cuda_libs.py reads a missing libcudart.so.12.
        p(r"CUDA SETUP ERROR: Missing dependency: lib\w+\.so|CUDA Setup failed despite GPU being available",
          "cuda_error", E,
          "bitsandbytes sees the GPU but cannot load its CUDA library: the CUDA runtime libraries it links against "
          "(libcudart) are not found", "install the CUDA runtime of torch's CUDA version (`pip install "
          "nvidia-cuda-runtime-cu12`, or the toolkit) and add its lib directory to LD_LIBRARY_PATH (`find / -name "
          "'libcudart.so*'`); `python -m bitsandbytes` lists where it looked", C.CUDA_OR_DRIVER, decode=False),
        # bitsandbytes/functional.py:382,388@95f9af3 (is_on_gpu: tensors on different devices, or a CPU tensor);
        # nn/modules.py:1147@95f9af3 (an int8 checkpoint loaded into a Linear8bitLt not yet moved to the GPU, "Please
        # call module.cuda() before module.load_state_dict()"): the program's placement of its tensors.
        p(r"Input tensors need to be on the same (?:device|GPU), but found the following tensor and device "
          r"combinations|Loading a quantized checkpoint into non-quantized Linear8bitLt is not supported",
          "framework_usage", E,
          "bitsandbytes got tensors on different devices (or on the CPU), or an int8 checkpoint for a layer not "
          "yet on the GPU", "put the model and its inputs on the rank's GPU (`model.to(f'cuda:{local_rank}')`, "
          "inputs `.to(weight.device)`); for a quantized checkpoint call module.cuda() before "
          "module.load_state_dict(), as the message says", C.APPLICATION_BUG),
        # -- flash-attention -------------------------------------------------------------------------------------
        # Dao-AILab/flash-attention csrc/flash_attn/flash_api.cpp:393@0251105 (FA2's check of sm8x/sm90, the same
        # text in hopper/), flash_attn/cute/interface.py:681@0251105 (FA4's assertion on the compute capability):
        # the GPU is older than the kernels, as Inductor's GPUTooOldForTriton.
        p(r"FlashAttention only supports Ampere GPUs or newer|Unsupported compute capability\. Supported: 8\.x, "
          r"9\.x", "cuda_error", E,
          "FlashAttention has no kernels for this GPU: it needs an Ampere GPU or newer (compute capability 8.0+)",
          "run on Ampere or newer GPUs (A100, A10, L4, H100), or turn flash attention off for this one "
          "(`attn_implementation=\"sdpa\"` in transformers, the model's own flag)", C.CUDA_OR_DRIVER, decode=False),
        # hopper/flash_api.cpp:1202@0251105: FA3 compiled with FLASHATTENTION_DISABLE_BACKWARD has no backward pass.
        p(r"Flash-Attention was built with backward disabled", "package_build", E,
          "this FlashAttention 3 build has no backward pass (built with FLASHATTENTION_DISABLE_BACKWARD): it "
          "cannot train", "rebuild FlashAttention's hopper/ package without FLASHATTENTION_DISABLE_BACKWARD (or "
          "install a build that has it), or use it only for inference", C.OTHER),
        # csrc/flash_attn/flash_api.cpp:397,401@0251105: the dtype check (fp16/bf16 only) and CHECK_DEVICE(q)
        # (TORCH_CHECK(x.is_cuda(), #x " must be on CUDA")): the program's tensors.
        p(r"FlashAttention only support fp16 and bf16 data type|(?:^|Error: )\s*(?:q|k|v|out|dout|cu_seqlens_[qk]|"
          r"seqused_[qk]|block_table|alibi_slopes|leftpad_k|k_new|v_new) must be on CUDA\b", "framework_usage", E,
          "FlashAttention got tensors it does not take: not fp16/bf16, or not on the GPU",
          "cast q, k and v to torch.float16 or torch.bfloat16 (autocast, or the model's torch_dtype) and keep "
          "them on the rank's GPU", C.APPLICATION_BUG),
        # -- xFormers --------------------------------------------------------------------------------------------
        # facebookresearch/xformers xformers/_cpp_lib.py:147,72@ca6d2aa (xFormersInvalidLibException: its compiled
        # library does not load, "xFormers was built for: PyTorch X with CUDA Y (you have Z)"; xFormersWasNot-
        # BuiltException: nothing compiled) and ops/fmha/common.py:458@bed3978 (a build without CUDA): xFormers was
        # built for another PyTorch or without its extensions.
        p(r"xFormers can't load C\+\+/CUDA extensions|xFormers was built for a different version of PyTorch|"
          r"^\s*PyTorch \S+ with CUDA \w+ \(you have \S+\)|Need to compile C\+\+ extensions to use all xFormers "
          r"features|xFormers wasn't build with CUDA support", "package_build", E,
          "the installed xFormers was built for another PyTorch (or CUDA, or Python), or without its C++/CUDA "
          "extensions: its kernels do not load",
          "install the xformers wheel built for the installed torch (same torch and CUDA: `pip install -U xformers "
          "--index-url https://download.pytorch.org/whl/cu12X` matching torch.version.cuda), or pin torch to the "
          "release xformers names; `python -m xformers.info` shows the build", C.OTHER),
        # ops/fmha/common.py:463,494@bed3978: an operator's minimum compute capability "(too old)" and "bf16 is only
        # supported on A100+ GPUs": the GPU is older than the kernels.
        p(r"requires device with capability >= \(\d+, \d+\) but your GPU has capability \(\d+, \d+\) \(too old\)|"
          r"bf16 is only supported on A100\+ GPUs", "cuda_error", E,
          "this xFormers attention operator has no kernels for a GPU this old (or for bf16 below compute "
          "capability 8.0)", "run on a newer GPU, use float16 instead of bfloat16 on GPUs before Ampere, or let "
          "xFormers pick another operator (leave op=None)", C.CUDA_OR_DRIVER, decode=False),
        # ops/fmha/common.py:471@bed3978: an operator's maximum compute capability "(too new)" (cutlassF capped at
        # (9, 0)): the build is older than the GPU, read as PyTorch's "not compatible with the current PyTorch
        # installation".
        p(r"requires device with capability <= \(\d+, \d+\) but your GPU has capability \(\d+, \d+\) \(too new\)",
          "cuda_error", E, "this xFormers build has no kernels for a GPU this new: a build older than the GPU",
          "install an xformers release (and the torch it is built for) that supports this GPU's architecture",
          C.NCCL_VERSION_MISMATCH, "root", (C.CUDA_OR_DRIVER,), decode=False),
        # ops/fmha/common.py:452,475@bed3978: the query's device or dtype is not among the operator's supported
        # ones: the program's tensors.
        p(r"^\s*device=\w+ \(supported: \{'cuda'\}\)|^\s*dtype=torch\.\w+ \(supported: \{torch\.",
          "framework_usage", E,
          "xFormers' attention got tensors its operators do not take: on the CPU, or of a dtype they lack",
          "move q, k and v to the GPU and cast them to torch.float16 or torch.bfloat16 before "
          "memory_efficient_attention", C.APPLICATION_BUG),
        # -- NVIDIA Apex ------------------------------------------------------------------------------------------
        # NVIDIA/apex apex/optimizers/fused_adam.py:136 ("requires cuda extensions", as its other fused optimizers),
        # multi_tensor_apply/multi_tensor_apply.py:18 ("possibly because Apex was installed without --cpp_ext
        # --cuda_ext"), normalization/fused_layer_norm.py:43 (importing fused_layer_norm_cuda) @6424da3: Apex
        # installed without its compiled extensions (amp_C, apex_C, fused_layer_norm_cuda, ...).
        p(r"apex\.(?:contrib\.)?optimizers\.\w+ requires cuda extensions|MultiTensorApply is not available, "
          r"possibly because Apex was installed without|No module named '(?:amp_C|apex_C|syncbn|fused_layer_norm_cuda|"
          r"mlp_cuda|fused_dense_cuda|fused_weight_gradient_mlp_cuda|\w*scaled_\w*softmax_cuda|fused_adam_cuda|"
          r"distributed_(?:adam|lamb)_cuda|xentropy_cuda|fast_multihead_attn)'", "package_build", E,
          "Apex was installed without its C++/CUDA extensions (a Python-only install): its fused kernels are "
          "missing", "reinstall Apex with its extensions, built against the installed torch: `pip install -v "
          "--no-build-isolation --config-settings \"--build-option=--cpp_ext\" --config-settings "
          "\"--build-option=--cuda_ext\" ./apex` (or APEX_CPP_EXT=1 APEX_CUDA_EXT=1 on recent releases)", C.OTHER),
        # csrc/multi_tensor_apply.cuh:49, contrib/optimizers/distributed_fused_adam.py:624, optimizers/fused_adam.py:
        # 232 @6424da3; amp/_initialize.py:91@e13873d ("you need to provide a model with parameters located on a
        # CUDA device"): parameters on the CPU or another GPU, or of a dtype the kernels lack.
        p(r"A tensor was not on the same device as the first tensor|Invalid device for DistributedFusedAdam|"
          r"FusedAdam only support fp16 and fp32|Found param \S+ with type torch\.\w+, expected torch\.cuda\.\w+",
          "framework_usage", E,
          "Apex's fused kernels got parameters on the CPU or another GPU, or of a dtype they do not take",
          "move the model to the rank's GPU before building the optimizer or calling amp.initialize "
          "(`model.to(f'cuda:{local_rank}')`), and give the optimizer parameters of a dtype it takes (the message "
          "names them)", C.APPLICATION_BUG),
    )
