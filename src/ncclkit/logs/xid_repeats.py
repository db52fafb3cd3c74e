"""One GPU that faults under several processes (pure: text -> list[Finding]).

NVIDIA's Xid catalog (docs.nvidia.com/deploy/xid-errors) reads Xid 13, 31 and 43 (a kernel's exception, an MMU page
fault, a stopped context) as the program's own fault first, and by their pattern: repeated faults on one GPU point at
that GPU (its recommended action: run DCGM diagnostics, a possible hardware issue), faults spread over many GPUs at
once at the program (check the application). A paste of dmesg that shows one GPU faulting under three or more
processes, each a run of its own, is the first pattern (pytorch/pytorch#51382: "Likely a faulty device").
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding

__all__ = ["xid_repeat_findings"]

_XID = re.compile(r"\bXid \(PCI:([0-9A-Fa-f:.]+)[^)]*\): (13|31|43), pid=(\d+)")
_MIN_PROCESSES = 3


def xid_repeat_findings(text: str) -> list[Finding]:
    if "Xid" not in text:
        return []
    # GPU -> process -> first line
    faults: dict[str, dict[str, int]] = {}
    for no, line in enumerate(text.splitlines(), 1):
        m = _XID.search(line)
        if m:
            faults.setdefault(m[1], {}).setdefault(m[3], no)
    gpus = [g for g, procs in faults.items() if len(procs) >= _MIN_PROCESSES]
    if not gpus:
        return []
    gpu = max(gpus, key=lambda g: len(faults[g]))
    lines = sorted(faults[gpu].values())
    return [Finding.root_error(
        "log.gpu_faults_repeat", f"PCI:{gpu}",
        f"the GPU at PCI:{gpu} faulted (Xid 13/31/43) under {len(faults[gpu])} different processes: NVIDIA's Xid "
        "catalog reads faults that repeat on one GPU as that GPU's (a possible hardware or driver fault), where "
        "faults spread over the GPUs point at the program",
        f"run DCGM's diagnostics on that GPU (`dcgmi diag -r 3 -i <gpu>`), check its ECC and remapped rows "
        "(`nvidia-smi -q -d ECC,ROW_REMAPPER`) and the driver's version; take the GPU out of service if they fail",
        Cause.CUDA_OR_DRIVER, lines[:8], alternatives=[str(Cause.APPLICATION_BUG)])]
