"""Rows of the line classifier (patterns.py) for the numbers a training computes: losses that became NaN or inf,
the fp16 loss scaler backing off or giving up, and half-precision types a GPU or an op does not have
(tests/lines/numerics.py holds every line with its source).

Texts as their programs print them: apex's amp (apex/amp/handle.py "Gradient overflow.  Skipping step, loss scaler 0
reducing loss scale to"), its FP16_Optimizer and DeepSpeed's loss scaler ("OVERFLOW! Skipping step. Attempted loss
scale: ..., reducing to ..."; deepspeed/runtime/fp16/loss_scaler.py "Current loss scale already at minimum - cannot
decrease scale anymore. Exiting run.", read with DeepSpeed's rows), fairseq's trainer ("NOTE: overflow detected, setting loss scale to: ...",
"FloatingPointError: Minimum loss scale reached"), the MAE/timm training loops ("Loss is nan, stopping training").

- a loss that turned NaN or inf is the training's numbers (other: a learning rate, fp16 overflow, bad data), not the
  network: NCCL reduces what the ranks computed; the launcher's failure after it is its consequence;
- the dynamic loss scaler halving its scale after an overflow is its routine (most of all in the first steps): no
  cause of a failure, said at info so that a failure beside it leads; a scaler that reached its minimum is the loss
  diverging;
- the scaler and autocast turning themselves off where CUDA is not available: no GPU here, a warning (the run
  goes on);
- bfloat16 on a GPU before compute capability 8.0 is the GPU (cuda_or_driver, as xFormers' and Inductor's checks of
  a GPU too old); half precision in an op without such kernels (a CPU op) is the precision chosen for where it runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
NUMERICS_WORDS: tuple[bytes, ...] = (
    b"oss is nan", b"oss is NaN", b"oss is inf", b"loss=nan", b"loss: nan", b"OVERFLOW!", b"overflow detected",
    b"Gradient overflow", b"Minimum loss scale reached",
    b"only supported on GPUs with compute capability", b"not implemented for 'BFloat16'",
    b"not implemented for 'Half'", b"grad_norm': nan", b"grad_norm: nan", b"returned nan values",
    b"requires .target sm_", b"bf16 mixed precision requires", b"reducing to", b"setting loss scale to",
    b"No inf checks were recorded", b"expected scalar type", b"Expected object of", b"and weight type",
    b"and bias type", b"have the same dtype",
    b"same type as input tensor", b"unscale FP16 gradients", b" to have type ",
    # a printed tensor's subnormal float32 elements, each followed by a comma or the closing bracket
    b"e-45,", b"e-45]", b"e-44,", b"e-44]", b"e-43,", b"e-43]")

_DIVERGED_FIX = ("lower the learning rate or add gradient clipping; train in bfloat16 (or float32) where fp16 "
                 "overflows; look for a bad batch (inputs with NaN, empty targets); if one GPU alone stays finite "
                 "with the same data and seed, compare the ranks' results (a GPU that computes wrong)")


def numerics_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # torch/amp/grad_scaler.py and autocast_mode.py warn and go on without mixed precision where CUDA is not
        # available: no GPU for this process, said at warning so that the error that ended the run leads
        # (aladdinpersson/Machine-Learning-Collection#147: a TypeError; LuxImagingAI/DBSegment#1 ran on a CPU).
        p(r"GradScaler is enabled, but CUDA is not available|device_type of \\?'cuda\\?', but CUDA is not "
          r"available",
          "gpu_missing", W, "mixed precision was asked for on CUDA, but this process sees no GPU: PyTorch turned "
          "it off and the run goes on without CUDA", "where the job should use GPUs: check `nvidia-smi` and "
          "CUDA_VISIBLE_DEVICES in the process's environment and a CUDA build of torch (`torch.version.cuda`); on "
          "a CPU on purpose, create the scaler with enabled=False", C.CUDA_OR_DRIVER),
        # fairseq's scaler at its floor (FloatingPointError: "Your loss is probably exploding"); DeepSpeed's is the
        # trainers' row of the same finding.
        p(r"Minimum loss scale reached", "training_diverged", E,
          "the fp16 loss scaler reached its minimum: every step overflows, so the loss itself diverged",
          _DIVERGED_FIX, C.OTHER, "root", (C.APPLICATION_BUG,)),
        # A training loop that stops or skips steps on a non-finite loss (LTH14/mar#69 "Loss is nan, stopping
        # training" under fp16 autocast; bcmi/GPSDiffusion-Object-Shadow-Generation-SDXL#18 skipping NaN steps), a
        # progress bar's or Keras' "loss: nan".
        # Autograd's anomaly mode naming the backward that produced NaN ("Function 'MulBackward0' returned nan values
        # in its 0th output"), a Trainer's "'grad_norm': nan".
        p(r"\bLoss is (?:nan|inf)\b|\bloss is nan, skipping|\bloss[=:] ?nan\b|\bgrad_norm'?[=:] ?nan\b|"
          r"returned nan values in its \d+\w* output", "training_diverged", E,
          "the training's loss became NaN or inf: its numbers diverged (learning rate, fp16 overflow, bad data), "
          "no failure of the network or of NCCL", _DIVERGED_FIX, C.OTHER, "root", (C.APPLICATION_BUG,)),
        # The scaler lowering its scale to 1 or below: even unscaled gradients overflow, every step is skipped
        # (NVIDIA/apex#318 down to 1e-205, huggingface/transformers#14531 "Attempted loss scale: 1, reducing to 1" with
        # T5 in fp16, facebookresearch/fairseq#1895 "setting loss scale to: 0.00048828125" before its floor).
        p(r"(?:(?:Attempted loss scale: \S+,|Skipping step, loss scaler \d+) reducing (?:loss scale )?to|NOTE: "
          r"overflow detected, setting loss scale to:) (?:1(?:\.0+)?|0?\.\d+|\d(?:\.\d+)?e-\d+)(?![\d.]\d)",
          "training_diverged", E,
          "the fp16 loss scaler fell to 1 or below: the gradients overflow even unscaled, so every step is skipped "
          "and the loss diverged (or the model's activations overflow float16)", _DIVERGED_FIX, C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        # The dynamic loss scaler lowering its scale after an overflow (cybertronai/transformer-xl#2, mailong25/
        # self-supervised-speech-recognition#20: "normal" at the start of training).
        p(r"OVERFLOW! (?:Rank \d+ )?Skipping step\. Attempted loss scale|NOTE: overflow detected, setting loss scale "
          r"to|Gradient overflow\.\s+Skipping step", "loss_scale_backoff", I,
          "the fp16 loss scaler lowered its scale after an overflow and skipped that step: its routine, most of all "
          "in the first steps", "nothing while the scale settles; if it keeps falling to its minimum, the loss "
          "diverged (lower the learning rate, clip gradients, or train in bfloat16)", C.OTHER, "likely"),
        # Tensors of two precisions meeting in one op or collective: a model half in fp16 (cientgu/InstructDiffusion#22
        # "expected scalar type Half but found Float" under DeepSpeed fp16), ZeRO-3's all_gather_into_tensor between
        # fp16 and bf16 shards (yangjianxin1/Firefly#127: one precision in every config fixed it), SyncBatchNorm's
        # counts under autocast (pytorch/pytorch#98332 "Expected counts to have type Half but got Float"), parameters
        # kept in fp16 under GradScaler (torch/amp/grad_scaler.py "Attempting to unscale FP16 gradients."); torch 2.13's
        # own words on the CPU: "expected m1 and m2 to have the same dtype, but got: c10::Half != float", "mat1 and
        # mat2 must have the same dtype, but got Half and Float", "Input type (double) and bias type (float) should be
        # the same"; torch 1.0 - 1.4's TH wording "Expected object of scalar type Float but got scalar type Half for
        # argument #2".
        p(r"expected scalar type \w+ but found \w+|Input type \([\w.:]+\) and (?:weight|bias) type \([\w.:]+\) "
          r"should be the same|expected (?:m|mat)1 and (?:m|mat)2 to have the same dtype|(?:m|mat)1 and (?:m|mat)2 "
          r"must have the same dtype|output tensor must have the same type as input tensor|"
          r"Expected \w+ to have type \w+ but got \w+|Attempting to unscale FP16 gradients|"
          r"Expected object of scalar type \w+ but got scalar type \w+", "dtype_mismatch", E,
          "tensors of two precisions (or a CPU and a GPU tensor) met in one op or collective: part of the model, "
          "its inputs or its shards are in another dtype than the rest",
          "use one precision throughout: cast the model once (`model.half()` / bf16) or let autocast / the "
          "framework's mixed-precision setting do it, the same in every config and on every rank; under GradScaler "
          "keep the parameters in float32", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # A printed tensor of float32 values near 1e-45 (float32's smallest subnormal is 1.4013e-45): the bits of small
        # integers read as float32, so the sender's dtype is an integer one and the receiver's float32 (pytorch/
        # pytorch#110408: the batch_isend_irecv example's int64 2 received as [2.8026e-45, 0.0000e+00]). A copy between
        # GPUs that delivers another buffer's bytes shows the same (pytorch/pytorch#84803: an IOMMU breaking P2P, a
        # float tensor copied as [1.4013e-45, 0.0000e+00], the int 1 copied just before).
        p(r"tensor\(\[[^\]\n]*\b[1-9]\.\d{4}e-4[3-5]\b", "dtype_mismatch", W,
          "a tensor holds float32 values of 1e-45 to 1e-43, the bits of small integers read as float32: one side of "
          "the exchange (the sender, or a rank of the collective) used an integer dtype and the other float32 (or a "
          "copy between GPUs delivered another buffer's bytes)",
          "give the tensors of the exchange one dtype on every rank (the sender's and the receiver's), e.g. "
          "`dtype=torch.float32` where they are created; if the dtypes match, test the GPU-to-GPU copy itself "
          "(`x.to(1)` against `x.cpu().to(1)`)", C.APPLICATION_BUG, "likely",
          (C.HANG_COLLECTIVE_MISMATCH, C.ACS_IOMMU_P2P)),
        # torch/amp/grad_scaler.py step(): no parameter of this optimizer got a gradient in the step scaled
        # (SheldonTsui/GOF_NeurIPS2021#2: all of optimizer_G's parameters had None grads).
        p(r"No inf checks were recorded for this optimizer", "framework_usage", E,
          "GradScaler.step found no gradient for any parameter of this optimizer: its parameters took no part in "
          "the loss scaled (frozen, unused, or another model's parameters)",
          "give the optimizer the parameters the loss depends on, call scaler.scale(loss).backward() before "
          "scaler.step(optimizer), and skip step() for an optimizer whose part of the model was not used",
          C.APPLICATION_BUG),
        # bfloat16 asked of a GPU before Ampere: vLLM's dtype check (OpenBuddy/OpenBuddy#45: a Tesla V100 given a bf16
        # model), Triton's ptxas (facebookresearch/chameleon#39: "Feature '.bf16' requires .target sm_80 or higher"),
        # torch's and accelerate's own checks. The GPU's, as xFormers' "bf16 is only supported on A100+ GPUs".
        p(r"Bfloat16 is only supported on GPUs with compute capability of at least 8\.0|Feature '\.bf16' requires "
          r"\.target sm_80|Current CUDA Device does not support bfloat16|bf16 mixed precision requires",
          "dtype_unsupported", E, "bfloat16 was asked of a GPU without it: bf16 needs compute capability 8.0 (Ampere) "
          "or newer", "use float16 (or float32) on GPUs before Ampere (`--dtype half`, torch_dtype=torch.float16, "
          "mixed_precision fp16)", C.CUDA_OR_DRIVER, "root", (C.OTHER, C.APPLICATION_BUG)),
        # An op without kernels for that type (BlinkDL/ChatRWKV#7 "LayerNormKernelImpl" in bf16; "addmm_impl_cpu_" in
        # half precision: a model left on the CPU).
        p(r"not implemented for '(?:BFloat16|Half)'", "dtype_unsupported", E,
          "this op has no kernel for half precision where it runs (on the CPU most of all, or in an older PyTorch)",
          "keep half-precision models on the GPU, or run them in float32 where they run on the CPU",
          C.OTHER, "root", (C.APPLICATION_BUG, C.CUDA_OR_DRIVER)),
    )
