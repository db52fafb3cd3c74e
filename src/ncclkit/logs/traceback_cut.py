"""A Python traceback that the paste cuts off before its exception line, whose innermost frames load or save a
checkpoint, sync a metric, wrap a module in FSDP, build an extension or import a package: the frames are then all
the paste says about the failure.

Users paste the top of a long traceback and leave the exception out (the rest scrolled away, or was in another
window), so no line names the error. Where the last frames are one of these steps, what fails there is known from the
resolved threads:
- a load (DeepSpeed's load_checkpoint, torch's load_state_dict, Megatron's dist_checkpointing.load, DCP's
  state_dict_loader, zero_to_fp32's parse_optim_states): the checkpoint does not fit what loads it, most often a
  resume with another world size or tensor/pipeline-parallel size than the save (huggingface/nanotron#106 "saved with
  TP=2, loaded with TP=1", deepspeedai/DeepSpeed#3810), or shards written to one node's disk only
  (Lightning-AI/pytorch-lightning#11947): the program's or the job's, not the network's;
- a save (torch.save's serialization, DeepSpeed's checkpoint_engine.save, DCP's state_dict_saver): the disk or
  filesystem refused the write ("PytorchStreamWriter failed writing file ...: file write failed", a full disk,
  zai-org/ChatGLM-6B#1166, innnky/so-vits-svc#46);
- a torchmetrics metric's sync across ranks (`Metric._sync_dist`, `gather_all_tensors`): states the sync cannot
  gather, most often held on the CPU under NCCL (a metric made outside the module's __init__, compute_on_cpu:
  Lightning-AI/pytorch-lightning#2205 "Tensors must be CUDA and dense", meteofrance/py4cast#5), or compute() called on
  one rank only;
- FSDP's wrapping of a module into one flat parameter (`FlatParamHandle(`): parameters it cannot flatten together,
  most often frozen and trainable ones in one unit (a frozen LLM beside trained layers, LoRA without
  use_orig_params=True: ByteDance-Seed/Bagel#104, pytorch/pytorch#104690 "FlatParameter requires uniform
  requires_grad");
- an extension's JIT build (DeepSpeed's `FusedAdamBuilder().load()`, torch.utils.cpp_extension's ninja run): the
  build failed, most often nvcc's CUDA against torch's or no ninja (databrickslabs/dolly#156, deepspeedai/
  DeepSpeed#694: "Error building extension 'fused_adam'");
- an import (importlib's frozen bootstrap, transformers' lazy `_get_module`): a package the program or a library
  loads failed to import, most often one built for another torch or CUDA or not installed on that node (flash_attn
  under transformers' model classes: mst272/LLM-Dojo#35, zjysteven/lmms-finetune#32).
A traceback followed by its exception is read by the rows of that exception, not here.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.logs.paste_code import FRAME, RANK_TAG

__all__ = ["cut_traceback_findings"]

_SEP = re.compile(r"[/\\]")  # a path's separators, Windows' too
# Read in a frame's file, function and code line, innermost frame first: Megatron's dist_checkpointing/serialization.py
# holds both its load and its save, so the function or the call decides.
_SAVE = re.compile(r"save_checkpoint|checkpoint_engine\.save|state_dict_saver|dist_checkpointing\.save|"
                   r"torch[/\\]serialization\.py \S*save|sharded_strategy\.save")
_LOAD = re.compile(r"load_checkpoint|load_from_checkpoint|load_state_dict|state_dict_loader|dist_checkpointing\.load|"
                   r"_load_base_checkpoint|parse_optim_states|load_optimizer|_load_zero_checkpoint")
_SYNC = re.compile(r"torchmetrics[/\\]\S+ (?:_sync_dist|gather_all_tensors)\b")
_WRAP = re.compile(r"FlatParamHandle\(|_init_param_handle_from_params|flat_param\.py \S*_init_flat_param")
_IMPORT = re.compile(r"<frozen importlib\._bootstrap>|import_utils\.py (?:_get_module|__getattr__) ")
_BUILD = re.compile(r"Builder\(\)\.load\(|\bjit_load\(|cpp_extension\.py (?:_jit_compile|_run_ninja_build|"
                    r"_write_ninja_file_and_build_library)")


def cut_traceback_findings(text: str) -> list[Finding]:
    """The finding of a paste that ends inside a traceback whose last frames load or save a checkpoint, sync a metric,
    wrap a module in FSDP, build an extension or import a package."""
    if text.count('File "') < 2:  # a traceback of two frames at least (its heading may be cut off too)
        return []
    # a launcher's rank tag left on a line of an interleaved paste, which the paste reader strips only where most
    # lines carry one
    lines = [RANK_TAG.sub("", line, count=1) for line in text.rstrip().splitlines()]
    last = next((i for i in range(len(lines) - 1, max(-1, len(lines) - 6), -1) if FRAME.match(lines[i])), None)
    # cut there: only the frame's code line and Python 3.11's carets, both indented, follow it
    if last is None or len(lines) - last > 3 or any(not line.startswith((" ", "\t")) for line in lines[last + 1:]):
        return []
    frames = [(i, m) for i in range(max(0, last - 5), last + 1) if (m := FRAME.match(lines[i]))][-2:]
    # each frame's file and function, and its code line (the line under it), innermost first
    said = [f"{m[1]} {m[3]} {lines[i + 1].strip() if i + 1 < len(lines) else ''}" for i, m in reversed(frames)]
    step = next((step for s in said for step in _STEPS if step[1].search(s)), None)
    if step is None:
        return []
    subject, _, fails, fix, cause, alternative = step
    where = f"{frames[-1][1][3]} in {_SEP.split(frames[-1][1][1])[-1]}, line {last + 1}"
    # a warning, not an error: the exception that would say it is not in the paste
    return [Finding(id="log.traceback_cut", severity=Severity.WARNING, subject=subject,
                    message=f"the paste ends inside a traceback, before its exception line; its last frames are in "
                            f"the {subject} step ({where}): {fails}",
                    fix=f"paste the exception printed after the traceback; {fix}", cause=cause,
                    evidence={"role": "likely", "lines": [last + 1], "alternatives": [str(alternative)]})]


# (subject, frames, what most often fails there, fix, cause, alternative), a save before a load
_STEPS: tuple[tuple[str, re.Pattern[str], str, str, Cause, Cause], ...] = (
    ("checkpoint save", _SAVE,
     "a write the disk or filesystem refused (full, over quota, a network filesystem's error) most often fails there",
     "check `df -h` and the quota of the checkpoint path on every node, save to a disk with room, and let one rank "
     "write each file", Cause.OTHER, Cause.APPLICATION_BUG),
    ("checkpoint load", _LOAD,
     "a checkpoint that does not fit what loads it most often fails there (saved with another world size, tensor- or "
     "pipeline-parallel size or ZeRO stage, another model, or shards on one node's disk only)",
     "resume with the world size and parallel sizes the checkpoint was saved with, or convert it (DeepSpeed's "
     "universal checkpoint or zero_to_fp32, Megatron's checkpoint converter, torch.distributed.checkpoint's "
     "resharding), and keep every shard on a filesystem all nodes see", Cause.APPLICATION_BUG, Cause.OTHER),
    ("metric sync", _SYNC,
     "a metric whose states cannot be gathered most often fails there: states on the CPU under NCCL (a metric made "
     "outside the module's __init__, or compute_on_cpu), or compute() called on some ranks only",
     "create each metric in the module's __init__ so it moves to the rank's GPU, keep compute_on_cpu off under NCCL, "
     "and call compute() on every rank", Cause.APPLICATION_BUG, Cause.HANG_COLLECTIVE_MISMATCH),
    ("FSDP wrap", _WRAP,
     "parameters FSDP cannot flatten into one unit most often fail there: frozen and trainable ones (a frozen model "
     "beside trained layers, LoRA) or different dtypes in one wrapped module",
     "pass use_orig_params=True, or wrap the trained layers (the LoRA adapters) in FSDP units of their own, with one "
     "dtype per unit", Cause.APPLICATION_BUG, Cause.OTHER),
    ("extension build", _BUILD,
     "the JIT build failed (nvcc's CUDA against the one torch was built for, no ninja, a compiler CUDA refuses)",
     "read the build's first `error:` or `FAILED:` line; build with the CUDA toolkit torch was built for "
     "(CUDA_HOME), `pip install ninja`, delete ~/.cache/torch_extensions and build once before the ranks start",
     Cause.OTHER, Cause.CUDA_OR_DRIVER),
    ("import", _IMPORT,
     "an import failed there: a package built for another torch or CUDA (an undefined symbol), or one not installed "
     "in the environment this rank runs in",
     "import the package alone on that node (`python -c 'import flash_attn'`, or the module the traceback loads) and "
     "reinstall it for this torch and CUDA (or uninstall an optional one the library need not load)",
     Cause.OTHER, Cause.APPLICATION_BUG),
)
