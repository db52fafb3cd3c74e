"""Lines of the numbers a training computes (logs/patterns_table_numerics.py), each from the thread named beside it:
a loss that became NaN or inf and a loss scaler at its floor are the training's numbers (other), the scaler backing
off is routine (info, other), bfloat16 on a GPU before Ampere is the GPU's, half precision in an op without it the precision chosen. A
loss scale that is only being set, and a loss that is a number, are none of these."""

from __future__ import annotations

CASES = [
    ('LTH14/mar#69 (MAE-style engine)', '[11:41:59.064379] Loss is nan, stopping training',
     'log.training_diverged', 'other'),
    ('bcmi/GPSDiffusion-Object-Shadow-Generation-SDXL#18', 'Warning: loss is NaN, skipping this step',
     'log.training_diverged', 'other'),
    ('deepspeed/runtime/fp16/loss_scaler.py',
     'Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.',
     'log.training_diverged', 'other'),
    ('fairseq trainer', 'FloatingPointError: Minimum loss scale reached (0.0001). Your loss is probably exploding. '
     'Try lowering the learning rate, using gradient clipping or increasing the batch size.',
     'log.training_diverged', 'other'),
    ('torch autograd anomaly mode',
     "RuntimeError: Function 'MulBackward0' returned nan values in its 0th output.",
     'log.training_diverged', 'other'),
    ('cybertronai/transformer-xl#2 (apex FP16_Optimizer)',
     'OVERFLOW! Skipping step. Attempted loss scale: 2097152.0, reducing to 1048576.0',
     'log.loss_scale_backoff', 'other'),
    ('mailong25/self-supervised-speech-recognition#20 (fairseq)',
     '2021-01-26 03:02:32 | INFO | fairseq.trainer | NOTE: overflow detected, setting loss scale to: 64.0',
     'log.loss_scale_backoff', 'other'),
    ('huggingface/transformers#14531 (DeepSpeed ZeRO-2, T5 in fp16)',
     '[2021-11-27 00:36:54,800] [INFO] [stage2.py:1628:step] [deepscale] OVERFLOW! Rank 0 Skipping step. Attempted '
     'loss scale: 1, reducing to 1', 'log.training_diverged', 'other'),
    ('NVIDIA/apex#318',
     'Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 8.165126103939127e-202',
     'log.training_diverged', 'other'),
    ('facebookresearch/fairseq#1895',
     '2020-03-23 11:41:18 | INFO | fairseq.trainer | NOTE: overflow detected, setting loss scale to: 0.00048828125',
     'log.training_diverged', 'other'),
    ('cientgu/InstructDiffusion#22 (DeepSpeed fp16)', '[rank0]: RuntimeError: expected scalar type Half but found Float',
     'log.dtype_mismatch', 'application_bug'),
    ('yangjianxin1/Firefly#127 (ZeRO-3 all_gather_into_tensor)',
     'server1: RuntimeError: output tensor must have the same type as input tensor', 'log.dtype_mismatch',
     'application_bug'),
    ('pytorch/pytorch#98332 (SyncBatchNorm under autocast)', 'RuntimeError: Expected counts to have type Half but got Float',
     'log.dtype_mismatch', 'application_bug'),
    ('SheldonTsui/GOF_NeurIPS2021#2 (torch/amp/grad_scaler.py)',
     'AssertionError: No inf checks were recorded for this optimizer.', 'log.framework_usage', 'application_bug'),
    ('OpenBuddy/OpenBuddy#45 (vLLM on a V100)',
     'ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla V100-SXM2-32GB '
     'GPU has compute capability 7.0.', 'log.dtype_unsupported', 'cuda_or_driver'),
    ('BlinkDL/ChatRWKV#7', 'RuntimeError: "LayerNormKernelImpl" not implemented for \'BFloat16\'',
     'log.dtype_unsupported', 'other'),
    ('facebookresearch/chameleon#39 (Triton ptxas)',
     "ptxas /tmp/tmp7dkq/kernel.ptx, line 1042; error   : Feature '.bf16' requires .target sm_80 or higher",
     'log.dtype_unsupported', 'cuda_or_driver'),
]

NO_CAUSE = [
    '2021-01-26 03:01:31 | INFO | fairseq.trainer | begin training epoch 1',
    '[11:41:33.534863] Epoch: [8]  [ 200/2293]  eta: 1:52:52  lr: 0.000004  loss: 0.2606 (0.2654)',
    # zai-org/CogVideo#233: the scaler settling from 2^32 in the first steps (routine, read as the backoff's info)
    '[2024-09-11 17:52:11,320] [INFO] [checkpointing.py:546:forward] ----Profiling time in checkpointing False',
]
