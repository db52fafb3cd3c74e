"""Rows of the line classifier (patterns.py) for the clients of distributed self-play: volunteers' GPUs that generate
games for a shared training run and upload them to its server (KataGo's contribute command, Leela Zero's autogtp,
Lc0's client). Tests: tests/analyze/test_diagnose_sweep_rules_39.py.

Texts as their programs print them: the KataGo server's refusal of a build ("This version of KataGo is not enabled
for distributed", lightvector/KataGo#746, sanderland/katrain#601), Lc0's weight loader ("Invalid weight file: lc0
version >= 0.29.0 required.", LeelaChessZero/lc0#1721), Leela Zero's OpenCL self-check of the GPU against the CPU
("Error in OpenCL calculation: expected ... got ... (error=24.25%)", leela-zero/leela-zero#776).

- a client build the run's server or its current weights no longer accept is the client's version (engine_version,
  other): update the engine, nothing of the GPU or the network;
- a GPU whose results differ from the CPU's reference is the GPU or its driver (gpu_fault, cuda_or_driver), as
  Megatron's recomputation check reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
# ("Error in OpenCL calculation" and "Invalid weight file" pass through "rror" and "nvalid".)
SELFPLAY_WORDS: tuple[bytes, ...] = (b"is not enabled for distributed",)


def selfplay_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        p(r"This version of KataGo is not enabled for distributed|Invalid weight file: lc0 version >= [\d.]+ required",
          "engine_version", E, "the self-play client's engine build is one the run no longer accepts: its server "
          "refuses this version, or the current network needs a newer engine",
          "update the engine (KataGo, Lc0) to the release the run names, the official build for the client's "
          "backend; ask the run's admins where an official build is refused", C.OTHER),
        p(r"Error in OpenCL calculation: expected [-\d.e]+ got [-\d.e]+", "gpu_fault", E,
          "the GPU's results differ from the CPU's reference computation of the same network: the GPU, its driver "
          "or its OpenCL runtime computes wrongly", "update the GPU driver and its OpenCL runtime; check the card "
          "(clocks, temperature, a memory test) and run fewer games at once on it", C.CUDA_OR_DRIVER),
    )
