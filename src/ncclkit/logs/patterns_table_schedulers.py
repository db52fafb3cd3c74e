"""Rows of the line classifier (patterns.py) for the launchers and schedulers beside Slurm, Kubernetes and Open MPI: SkyPilot, dstack, Determined, OpenPBS, Flux, pyxis and enroot (tests/lines/schedulers2.py holds every line with file:line@commit).

Read before the generic families, after patterns_table_suites."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
SCHEDULER_WORDS: tuple[bytes, ...] = ()


def scheduler_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return ()
