"""The variables that make hang evidence exist before a job hangs (`launch`/`train --hang-evidence`).

PyTorch keeps the flight recorder off unless a buffer size is set (TORCH_FR_BUFFER_SIZE since torch
2.9, TORCH_NCCL_TRACE_BUFFER_SIZE before, both still read), dumps it on a watchdog timeout only with
TORCH_NCCL_DUMP_ON_TIMEOUT=1, and writes one file per rank at TORCH_FR_DUMP_TEMP_FILE<rank> (before
2.9: TORCH_NCCL_DEBUG_INFO_TEMP_FILE). The dump only gets written if the watchdog does not tear the
process down first: TORCH_NCCL_ASYNC_ERROR_HANDLING=3 (skip cleanup; torchtitan sets it for this,
pytorch/pytorch#121055). NCCL's RAS is on by default since 2.24; NCCL_RAS_ENABLE=1 undoes an image
that turned it off.
"""

from __future__ import annotations

__all__ = ["DEFAULT_PREFIX", "hang_evidence_env"]

DEFAULT_PREFIX = "/tmp/ncclkit_fr_rank_"  # /tmp exists on every node; `ncclkit hang --dumps PREFIX` reads them
BUFFER_ENTRIES = "2000"  # collectives kept per rank: minutes of a training loop, a few MB per dump


def hang_evidence_env(prefix: str = DEFAULT_PREFIX) -> dict[str, str]:
    return {
        "TORCH_FR_BUFFER_SIZE": BUFFER_ENTRIES,
        "TORCH_NCCL_TRACE_BUFFER_SIZE": BUFFER_ENTRIES,
        "TORCH_NCCL_DUMP_ON_TIMEOUT": "1",
        "TORCH_FR_DUMP_TEMP_FILE": prefix,
        "TORCH_NCCL_DEBUG_INFO_TEMP_FILE": prefix,
        "TORCH_NCCL_ASYNC_ERROR_HANDLING": "3",
        "NCCL_RAS_ENABLE": "1",
    }
