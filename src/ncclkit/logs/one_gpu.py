"""A job of several GPUs in which, the reporter says, one GPU does all the work.

CUDA_VISIBLE_DEVICES only shows GPUs to a process; it starts nothing. One GPU busy out of several is one process that
keeps to the first GPU it sees: a job started with `python` and no launcher, a launcher's options written after the
script (launch_order), `--nproc_per_node 1`, a program that hard-codes cuda:0, or a model the program never spreads
(no DDP, no device_map). The resolved threads in which the reporter said so were settled that way, as the program's
or its launch's doing (tianrun-chen/SAM-Adapter-PyTorch#42, OpenGVLab/EfficientQAT#14, hkchengrex/STCN#46), or as a
model too large for the one GPU it stayed on (deepseek-ai/DeepSeek-VL2#86: out of memory on GPU 0). A reporter's words
are a symptom, not a line of the job, so the reading is a warning: a line that names a cause leads before it.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity

__all__ = ["one_gpu_findings"]

# "only one GPU is used", "only GPU0 was used", "only the first one is working", "dp will only use one GPU", "it is not
# using multiple GPUs"; not "compared to only using a single GPU" (a baseline) nor "I only have one GPU" (a count); the
# line speaks of GPUs ("only the first one is working" alone may be a method)
_ONE_BUSY = re.compile(
    r"\bonly (?:one|1|a single|the first|gpu ?0|cuda:0)(?: (?:gpu|card|device|one))?"
    r" (?:is|was|are|were|gets|got|seems to be) (?:being )?(?:used|utili[sz]ed|working|running|busy|occupied|loaded)\b|"
    r"\b(?:it|dp|code|program|script|model|training|job) (?:will |does |can )?only (?:uses?|utili[sz]es?|runs? on)"
    r" (?:one|1|a single|the first|gpu ?0)\b|"
    # the same told the other way round: "it is not using multiple GPUs" (open-mmlab/mmocr#816: `GPUS=4 python
    # tools/train.py`, one process, settled as the launch script that starts one per GPU)
    r"\b(?:isn't|wasn't|aren't|weren't|does ?n[o']t|did ?n[o']t|do ?n[o']t|not) (?:using|use|utili[sz]ing|"
    r"utili[sz]e|running on|run on) (?:multiple|all(?: the)?|both|the other|more than one|several)(?: \d+)?"
    r" (?:gpus|cards|devices)\b", re.IGNORECASE)
_GPU_WORD = re.compile(r"gpu|nvidia-smi|cuda|card", re.IGNORECASE)
_FIX = ("count the job's processes (`nvidia-smi` lists one per GPU under DDP): start one per GPU with torchrun "
        "--nproc_per_node=<GPUs> (its options before the script), as CUDA_VISIBLE_DEVICES starts nothing; in the "
        "program, torch.cuda.set_device(local_rank) and no hard-coded cuda:0; a model too large for one GPU needs to "
        "be split over them (device_map=\"auto\", tensor or pipeline parallelism), not replicated")


def one_gpu_findings(text: str) -> list[Finding]:
    """The finding of a paste whose reporter says one GPU of several does the work."""
    at = None
    for m in _ONE_BUSY.finditer(text):
        start, end = text.rfind("\n", 0, m.start()) + 1, text.find("\n", m.end())
        if _GPU_WORD.search(text, start, end if end >= 0 else len(text)):
            at = text.count("\n", 0, start) + 1
            break
    if at is None:
        return []
    return [Finding(
        id="log.one_gpu_used", severity=Severity.WARNING, subject="CUDA_VISIBLE_DEVICES",
        message=(f"the reporter says one GPU does all the work (line {at}): the job started one process, or its "
                 "program keeps to the first GPU it sees; showing a process several GPUs does not spread it over them"),
        fix=_FIX, cause=Cause.APPLICATION_BUG,
        evidence={"role": "root", "lines": [at], "alternatives": [str(Cause.OOM), str(Cause.OTHER)]})]
