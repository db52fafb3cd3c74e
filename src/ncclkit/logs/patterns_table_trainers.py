"""Rows of the line classifier (patterns.py) for the training libraries and fine-tuning frameworks around torch.distributed: DeepSpeed's runtime and launcher, Hugging Face Accelerate, PyTorch Lightning/Fabric, transformers' Trainer, axolotl, LLaMA-Factory, torchtune, ms-swift, unsloth (tests/lines/trainlibs.py and finetune.py hold every line with file:line@commit).

Read before the generic families, after patterns_table_suites."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
TRAINER_WORDS: tuple[bytes, ...] = ()


def trainer_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return ()
