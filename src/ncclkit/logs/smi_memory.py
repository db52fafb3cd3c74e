"""A pasted GPU memory listing beside a launch that picks GPUs by CUDA_VISIBLE_DEVICES (pure: text -> list[Finding]).

`nvidia-smi --query-gpu=name,memory.used --format=csv,noheader` prints one "<name>, <N> MiB" row per GPU, in index
order. A launch whose CUDA_VISIBLE_DEVICES takes idle GPUs and one that another process already fills puts a rank
where its memory is gone: its first large allocation (NCCL's buffers, the model) fails or stalls, and its peers wait
in their first collective (PaddlePaddle/Paddle#11375: GPUs 4-7 held by another job, a trainer given 3,4 hung at its
first broadcast). A selection that is all busy is read as no such thing: the listing may show the job's own memory.
CUDA numbers GPUs fastest first unless CUDA_DEVICE_ORDER=PCI_BUS_ID, so the listing's order is CUDA's only where the
GPUs are all of one model: a listing of several models is not read.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.logs.paste import listed_gpus

__all__ = ["occupied_gpu_findings"]

_ROW = re.compile(r"^\s*([A-Za-z][\w .-]*?),\s*(\d+)\s*MiB\s*$")
# More than a CUDA context and a framework's first allocations (300 - 600 MiB): memory another program holds. A GPU
# at or below the idle bound has no process of its own.
_BUSY_MIB = 1024
_IDLE_MIB = 100


def _listing(lines: list[str]) -> tuple[int, list[int]] | None:
    """(line number of its first row, MiB used per GPU) of the first run of two or more rows, where its GPUs are all of
    one model."""
    start, used, names = 0, [], set()
    for no, line in enumerate(lines, 1):
        m = _ROW.match(line)
        if m:
            start = start or no
            used.append(int(m.group(2)))
            names.add(m.group(1).strip())
            continue
        if len(used) >= 2:
            break
        start, used, names = 0, [], set()
    return (start, used) if len(used) >= 2 and len(names) == 1 else None


def occupied_gpu_findings(text: str) -> list[Finding]:
    if "MiB" not in text or "CUDA_VISIBLE_DEVICES=" not in text:
        return []
    lines = text.splitlines()
    listing = _listing(lines)
    if listing is None:
        return []
    first, used = listing
    for no, line in enumerate(lines, 1):
        for ids in listed_gpus(line):
            if any(i >= len(used) for i in ids):
                continue
            busy = [i for i in ids if used[i] >= _BUSY_MIB]
            idle = [i for i in ids if used[i] <= _IDLE_MIB]
            if busy and idle:
                return [Finding(
                    id="log.gpu_occupied", severity=Severity.WARNING, subject=f"GPU {busy[0]}",
                    message=f"line {no} gives the job GPU {', '.join(map(str, busy))} beside idle GPU "
                            f"{', '.join(map(str, idle))}, and the pasted listing shows {used[busy[0]]} MiB of GPU "
                            f"{busy[0]} already used by another process: a rank there finds its memory gone, so its "
                            "first large allocation fails or stalls while its peers wait",
                    fix="give the job idle GPUs only (CUDA_VISIBLE_DEVICES set to GPUs the listing shows empty), or "
                        "stop the process holding that GPU (`nvidia-smi --query-compute-apps=pid,gpu_uuid,used_memory "
                        "--format=csv`)",
                    cause=Cause.OOM,
                    evidence={"lines": [first + busy[0], no], "gpus": busy, "used_mib": used[busy[0]],
                              "role": "likely"})]
    return []
