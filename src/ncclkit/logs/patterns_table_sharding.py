"""Rows of the line classifier (patterns.py) for the errors of sharded data parallelism (PyTorch FSDP and FSDP2,
fairscale's FSDP, DeepSpeed ZeRO-3) and of the collectives that gather and scatter shards.

Their messages are the tensor library's own words ("'weight' must be 2-D", "storage of size 0"): a module that ran on
a shard FSDP had not gathered, a state machine out of step, a shape the shard layout cannot split. Read before the
generic rows, which would leave a lone RuntimeError unread and file the rest under a word they hold."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
SHARDING_WORDS: tuple[bytes, ...] = (
    b"must be 2-D", b"storage of size 0", b"<TrainingState.", b"times input tensor size",
    b"no_sync context manager", b"Cannot writeback when", b"is not allocated yet", b"single device modules",
    b"to be sharded on dim")

_GATHER_FIX = ("call the FSDP-wrapped module itself (not the inner model) and run generate() or evaluation under "
               "`FSDP.summon_full_params(model, recurse=False)` (ZeRO-3: `deepspeed.zero.GatheredParameters`; "
               "transformers' generate with synced_gpus=True)")


def sharding_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # torch.nn.functional.embedding's check ("'weight' must be 2-D") and a view of a freed storage ("setStorage:
        # ... out of bounds for storage of size 0"): a module ran on FSDP's 1-D flat shard, or on a parameter whose
        # full storage FSDP had freed after the forward, outside the wrapped forward (pytorch/pytorch#111958: awgu,
        # "it was not all-gathered correctly"; axolotl-ai-cloud/axolotl#150: a model FSDP could not wrap then). c10's
        # TensorImpl check "The tensor has a non-zero number of elements, but its data is not allocated yet" is the
        # same freed storage read by an op (huggingface/transformers#21667: generate() in evaluation under FSDP).
        p(r"'weight' must be 2-D|out of bounds for storage of size 0\b|has a non-zero number of elements, but its data "
          r"is not allocated yet", "sharded_param_use", E,
          "a module ran on a parameter that sharded data parallelism (FSDP, ZeRO-3) had not gathered: called "
          "outside the wrapped model's forward (generate(), evaluation, the unwrapped model, tied weights)",
          _GATHER_FIX, C.APPLICATION_BUG),
        # torch/distributed/fsdp/_init_utils.py _check_single_device_module (fairscale's FSDP with a comma): FSDP wraps
        # a module whose parameters sit on several devices, part of it still on the CPU (an 8-bit model's layers,
        # a device_map) or on another GPU (vetka925/gpt-j-8bit-lightning-finetune#1: an 8-bit GPT-J under Lightning).
        p(r"FSDP only supports single device modules,? but got params on", "framework_usage", E,
          "FSDP was given a module whose parameters are on more than one device (part on the CPU or on another GPU)",
          "move the whole model to the rank's GPU before wrapping (`model.to(local_rank)`), or pass "
          "device_id=local_rank to FSDP for a model kept on the CPU; no device_map with FSDP", C.APPLICATION_BUG),
        # fairscale's and torch's FSDP assert their training state ("expected to be in states
        # [<TrainingState.BACKWARD_POST: 4>] but current state is TrainingState.IDLE"): parameters frozen inside an
        # FSDP unit never got their post-backward hook (facebookresearch/fairscale#610, a frozen trunk).
        p(r"expected to be in states \[<TrainingState\.", "sharded_param_use", E,
          "FSDP's state machine is out of step: parameters frozen (requires_grad=False) inside an FSDP unit never "
          "ran their post-backward hook, or a module ran twice in one step",
          "wrap frozen submodules as their own FSDP units (or keep them out of FSDP); with torch FSDP use "
          "use_orig_params=True; upgrade fairscale", C.APPLICATION_BUG),
        # FSDP2 before it padded uneven shards, and its float8 all-gather, which still needs dim 0 divisible
        # (pytorch/torchtitan#764: awgu; a newer torch fixed the bf16 case).
        p(r"is not divisible by FSDP world size \d+", "framework_release", E,
          "FSDP2 could not shard a parameter whose first dimension does not divide by the FSDP world size: older "
          "PyTorch releases did not pad uneven shards, and the float8 all-gather still needs it",
          "upgrade PyTorch (FSDP2 pads uneven shards); with float8 all-gather, exclude that layer from float8 or "
          "pick an FSDP degree that divides its dimension", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # DTensor's Shard placement asserted that a sharded dimension has at least one row per device
        # (torch/distributed/_tensor/placement_types.py, _split_tensor's "Tensors to be sharded ..." in 2.1 and
        # _local_shard_size_on_dim's "Size to be sharded ..." in 2.2); 2.3 allows empty shards (pytorch/pytorch#115093),
        # so a distributed checkpoint of a small tensor on many ranks failed on 2.2.1 (pytorch/pytorch#121108).
        p(r"(?:Size|Tensors) to be sharded on dim \d+ must be at least as large as the\b",
          "framework_release", E,
          "DTensor of this PyTorch release cannot shard a dimension smaller than the number of ranks on it (a small "
          "bias or norm weight across many ranks): a limit later releases removed",
          "upgrade PyTorch to 2.3 or newer (empty shards allowed), or shard that tensor over fewer ranks",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        # ProcessGroupNCCL's size checks of all_gather_into_tensor and reduce_scatter_tensor: the ranks passed
        # tensors whose sizes break world_size x input (snowflakedb/ArcticInference#175: a batch size not divisible
        # by the sequence-parallel size).
        p(r"output tensor size must be equal to world_size times input tensor size|input tensor must be the same "
          r"size as output size times world size", "framework_usage", E,
          "all_gather_into_tensor or reduce_scatter_tensor got tensors whose sizes are not world size x the input: "
          "a rank's input differs (an uneven batch or sequence) or a dimension does not divide by the group size",
          "give every rank inputs of one size (pad the last batch, a batch or sequence length divisible by the "
          "parallel size), and the output world_size times as large", C.APPLICATION_BUG),
        # DeepSpeed 0.16.0 made ZeRO-3 refuse no_sync, which accelerate and transformers call for gradient
        # accumulation (deepspeedai/DeepSpeed#6793; hiyouga/LlamaFactory#6194 fixed by deepspeed 0.15.4).
        p(r"no_sync context manager is incompatible with gradient partitioning logic of ZeRO stage 3",
          "framework_release", E,
          "DeepSpeed 0.16 refuses no_sync under ZeRO-3, and the trainer (accelerate, transformers) calls it for "
          "gradient accumulation", "install deepspeed 0.15.4, or accelerate/transformers releases that skip no_sync "
          "under ZeRO-3, or run with gradient_accumulation_steps=1", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # FSDP with one rank and use_orig_params (NO_SHARD) cannot write a changed parameter back
        # (pytorch/pytorch#151223: one GPU raises, two pass; Lightning-AI/litgpt#491).
        p(r"Cannot writeback when the parameter shape changes", "framework_release", E,
          "FSDP with use_orig_params on a single rank cannot write back a parameter whose shape changed (a PyTorch "
          "bug of NO_SHARD)", "do not wrap the model in FSDP on one GPU, or run two or more ranks", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
    )
