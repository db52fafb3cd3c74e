"""Rows of the line classifier (patterns.py) for NVIDIA's large-model training stack: Megatron-LM/Megatron-Core, NeMo, Transformer Engine (userbuffers) and Apex (tests/lines/megatron.py holds every line with file:line@commit).

Read before the generic families, after patterns_table_suites."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
MEGATRON_WORDS: tuple[bytes, ...] = ()


def megatron_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return ()
