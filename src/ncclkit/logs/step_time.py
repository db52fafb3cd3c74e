"""A training log's own step timing: a step that spends most of its time waiting for data (`log.input_bound`).

The trainers' progress lines print each step's time beside the part of it spent waiting for the next batch:
torchvision's reference MetricLogger and the codebases that copied it (DeiT, MAE, BLIP, VindLU) print
"time: 40.1906  data: 38.0570", detectron2 "time: 0.4051 ... data_time: 0.0071", mmcv and mmengine "time: 0.512,
data_time: 0.401", timm "Time: 0.350s ... Data: 0.012". Where the data part is most of the step, the GPUs and the
collectives wait on the input pipeline (DataLoader workers, storage, decoding), and no NCCL setting makes the run
faster: a run over 8 GPUs that spent 38 of every 40 s in data loading was settled as that (klauscc/VindLU#10:
OMP_NUM_THREADS=64 with 32 workers a GPU on one node).
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity

__all__ = ["input_bound_findings"]

_STEP = re.compile(r"\b[Tt]ime:\s*(\d+(?:\.\d+)?)s?\b.*?\b(?:[Dd]ata|data_time):\s*(\d+(?:\.\d+)?)")
_MIN_STEP_S = 0.05  # steps shorter than this are timed too coarsely to split
_SHARE = 0.5  # the data part of the step from which the input pipeline, not the GPUs, sets the pace


def input_bound_findings(text: str) -> list[Finding]:
    """`log.input_bound` where the last step timings a log prints spend most of the step waiting for data."""
    if "ata" not in text:
        return []
    timed = [(no, float(m[1]), float(m[2])) for no, line in enumerate(text.splitlines(), 1)
             if (m := _STEP.search(line)) and float(m[1]) >= _MIN_STEP_S]
    if not timed or sum(data >= _SHARE * step for _, step, data in timed) * 2 <= len(timed):
        return []
    no, step, data = timed[-1]
    return [Finding(
        id="log.input_bound", severity=Severity.WARNING, subject="DataLoader",
        message=(f"the training log's step timing spends most of each step waiting for data (line {no}: {data:g} s "
                 f"of a {step:g} s step): the input pipeline (DataLoader workers, storage, decoding) sets the pace, "
                 "not the GPUs or the collectives"),
        fix=("make the input keep up: more DataLoader workers (num_workers up to the CPU cores per GPU), "
             "OMP_NUM_THREADS x workers no more than the cores, pin_memory and persistent_workers, data on local or "
             "faster storage, decoding done once ahead of training; time the loader alone to confirm"),
        cause=Cause.OTHER, evidence={"role": "root", "lines": [n for n, _, _ in timed][-20:],
                                     "alternatives": [str(Cause.PERFORMANCE_CONFIG)]})]
