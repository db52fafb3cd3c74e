"""A pasted `nvidia-smi` process table where every rank also holds memory on one GPU (pure: text -> list[Finding]).

Each rank of a data-parallel job owns one GPU. When several ranks each show up twice, on their own GPU and on one
shared GPU (GPU 0 nearly always), each created a CUDA context or tensors there: a `torch.load` without map_location
restores tensors to the GPU they were saved from, and CUDA work before `torch.cuda.set_device` runs on device 0
(libffcv/ffcv#356: "use map_location to 'cpu'"). The shared GPU then runs out of memory first. A process spread over
several GPUs on its own (DataParallel, a device_map) shares none with another process and is not read.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity

__all__ = ["smi_process_findings"]

# A row of nvidia-smi's "Processes:" table: GPU, the MIG GI/CI ids (driver 450+: "N/A N/A"), PID, type, name, usage
# ("|    0   N/A  N/A   2579941      C   .../bin/python3.9      414MiB |"; older drivers print no GI/CI columns).
_ROW = re.compile(r"^\|\s+(\d+)\s+(?:(?:N/A|\d+)\s+(?:N/A|\d+)\s+)?(\d+)\s+(?:C|G|C\+G|M|M\+C)\s+\S.*?\s(\d+)MiB\s*\|$",
                  re.MULTILINE)


def smi_process_findings(text: str) -> list[Finding]:
    if "MiB |" not in text:
        return []
    gpus: dict[int, set[int]] = {}
    for m in _ROW.finditer(text):
        gpus.setdefault(int(m.group(2)), set()).add(int(m.group(1)))
    for shared in sorted({g for s in gpus.values() for g in s}):
        # the processes on this GPU that own another GPU each, no two the same one
        ranks = {pid: s - {shared} for pid, s in gpus.items() if shared in s and len(s - {shared}) == 1}
        homes = [g for s in ranks.values() for g in s]
        if len(ranks) >= 2 and len(set(homes)) == len(homes):
            pids = sorted(ranks)
            return [Finding(
                id="log.shared_gpu_contexts", severity=Severity.WARNING, subject=f"GPU {shared}",
                cause=Cause.APPLICATION_BUG,
                message=f"{len(pids)} processes ({', '.join(map(str, pids[:6]))}) each hold memory on GPU {shared} "
                        f"besides their own GPU ({', '.join(map(str, sorted(homes)[:6]))}): every rank created a CUDA "
                        f"context or tensors on GPU {shared}, which runs out of memory first",
                fix="call torch.cuda.set_device(local_rank) before any CUDA work, load checkpoints with "
                    "map_location='cpu' (or the rank's own device), and create tensors on f'cuda:{local_rank}'",
                evidence={"role": "root", "gpu": shared, "pids": pids[:16], "own_gpus": sorted(homes)[:16]})]
    return []
