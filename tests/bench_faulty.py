"""A deliberately broken all_reduce record for the bench tests: rank 1 corrupts one element."""

from __future__ import annotations

import dataclasses
from typing import Any

from ncclkit.bench.collectives import COLLECTIVES, Buffers


def _corrupting_all_reduce(engine: Any, b: Buffers) -> None:
    engine.all_reduce(b.send, b.recv, b.op)
    if b.rank == 1:
        b.recv[0] += 1  # one wrong element per call on rank 1


FAULTY_ALL_REDUCE = dataclasses.replace(COLLECTIVES["all_reduce"], call=_corrupting_all_reduce)
