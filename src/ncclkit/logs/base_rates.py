"""When nothing in a paste names a cause: what such pastes most often turned out to be (`log.base_rate`).

A paste of a failed, hung or slow job that no reader explains (a launch line and a bare exception, a prose account
of a hang) used to get no answer at all. Its cause is not unknowable: in the resolved public threads
of ncclkit's labelled corpus (tests/diagnosis), the pastes in which no line names a cause were settled, most often,
as the program's own misuse or its launch (a wrong device, world size or argument), then as a library's own bug or
release (fixed by upgrading or pinning a version), then as GPUs that cannot reach each other peer to peer (hangs
that NCCL_P2P_DISABLE=1 or an ACS/IOMMU change ended). Slow runs (far fewer threads) settle as a tuning choice,
peer to peer between the GPUs, or a library's release.

This reader states that order, as a prior and says so, only where a paste gives a sign of trouble and nothing else
names a cause. tests/diagnosis/test_diagnosis_score.py recomputes the order from the corpus, so the table below cannot
drift from what the threads say (the order where a shape has 20 threads or more, the three causes where fewer).
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause as C
from ncclkit.findings import Finding, Severity
from ncclkit.logs.error_words import states_failure
from ncclkit.logs.paste import noise_lines
from ncclkit.logs.ranking import alternative_findings

__all__ = ["PRIORS", "base_rate_findings", "shape_of"]

# Words of a job that stopped making progress, and of one that ran but slowly; a failure word is error_words'.
_HANG = re.compile(r"\b(?:hangs?|hanging|hung|stuck|freez(?:e|es|ing)|frozen|deadlock\w*|no progress|"
                   r"never (?:return|finish|end|start)s?|nothing happens|stall(?:s|ed|ing)?|waits? forever|"
                   r"not responding)\b", re.I)
# Only words of slowness: a rate alone (a progress bar's "?it/s", a listing's "26.562 GB/s") is no sign of it.
_SLOW = re.compile(r"\bslow(?:er|ly|s|down|ness)?\b|\bno (?:speed-?up|faster)\b|\bnot (?:any )?faster\b|"
                   r"^[^#]*\b(?:throughput|bandwidth|speed)\b", re.I)
# A paste about a GPU job: what an unrecognised paste must speak of to be answered at all (lscpu's "TSX async abort",
# a sysfs value or another tool's table alone is not a report of a job).
_JOB = re.compile(r"gpu|cuda|nccl|rank|torchrun|mpirun|mpiexec|srun|deepspeed|accelerate|world_size|nproc|ddp|fsdp|"
                  r"tensor_parallel|tp_size|distributed|spawn|multi-?node|multi-?gpu|horovod|\btorch\b|tensorflow|"
                  r"\bjax\b|python|py-spy|\bTP\d|deadlock", re.I)
# A reporter's own sentence ("when I run ..., nothing happens"): what a paste that shows no trouble in its output
# still needs to be a report.
_PROSE = re.compile(r"\b(?:I|I'm|I've|my|[Ww]hen|[Bb]ut)\b")
# NCCL's INFO lines state no failure by NCCL's own level ("Failed to initialize NET plugin IB" of a run that went on
# over sockets); the ones that state a cause are read by the classifier.
_NCCL_INFO = " NCCL INFO "
# A traceback's header is a failure even where the paste was cut before its exception.
_TRACEBACK = "Traceback (most recent call last)"

# Per shape of the paste, the causes its resolved threads were settled as, most frequent first.
PRIORS: dict[str, tuple[C, C, C]] = {
    "failed": (C.APPLICATION_BUG, C.OTHER, C.ACS_IOMMU_P2P),
    "slow": (C.PERFORMANCE_CONFIG, C.ACS_IOMMU_P2P, C.OTHER),
}

_SAY = {C.APPLICATION_BUG: "the program's own misuse or its launch", C.OTHER: "a library's own bug or release",
        C.ACS_IOMMU_P2P: "GPUs that cannot reach each other peer to peer",
        C.PERFORMANCE_CONFIG: "a tuning or configuration choice"}

_FIX = {
    "failed": ("check the program and its launch first: the device each rank takes (torch.cuda.set_device(local_rank) "
               "before init_process_group), the world size and ranks against the hosts and GPUs given, the launcher's "
               "arguments; then the versions of the libraries the program calls (search the error in their issues, "
               "try the release it was written for); then peer to peer between the GPUs (a run with "
               "NCCL_P2P_DISABLE=1 as a test, `nvidia-smi topo -m`, PCIe ACS and the IOMMU). For a diagnosis, paste "
               "the first error of every rank and of the launcher, with NCCL_DEBUG=INFO"),
    "slow": ("measure the collective alone (`all_reduce_perf -b 8 -e 8G -f 2 -g <gpus>` of nccl-tests) and compare its "
             "bus bandwidth with what the links allow; then unset tuning variables (NCCL_ALGO, NCCL_PROTO, "
             "NCCL_MIN/MAX_NCHANNELS, NCCL_P2P_DISABLE) and check peer to peer (`nvidia-smi topo -m`, ACS); paste "
             "the NCCL_DEBUG=INFO output of the slow run for a diagnosis"),
}


def shape_of(text: str) -> tuple[str, list[int]] | None:
    """("failed" or "slow", the lines that show it) for a paste that gives a sign of trouble, else None. Lines that
    healthy runs print too are no sign."""
    harmless = {n for n, _ in noise_lines(text)}
    failing, hanging, slow = [], [], []
    for no, line in enumerate(text.splitlines(), 1):
        if no in harmless or _NCCL_INFO in line:
            continue
        if states_failure(line) or _TRACEBACK in line:
            failing.append(no)
        elif _HANG.search(line):
            hanging.append(no)
        elif _SLOW.search(line):
            slow.append(no)
    if failing or hanging:
        return "failed", (failing + hanging)[:20]
    if slow:
        return "slow", slow[:20]
    return None


def base_rate_findings(findings: list[Finding], text: str, name: str, *, recognised: bool) -> list[Finding]:
    """The findings, led by `log.base_rate` and its alternatives where none of them names a cause and the paste
    shows trouble. A paste ncclkit did not recognise (`recognised` False) is answered only where it speaks of a GPU
    job; one that shows no trouble but tells of the job in the reporter's words is answered as "failed" (it was
    pasted because something went wrong), while a recognised log that shows none may be a healthy run."""
    if not text.strip() or any(f.root_cause is not None or f.id == "log.no_failure" for f in findings):
        return findings
    shape = shape_of(text)
    if not recognised and not _JOB.search(text):
        return findings
    if shape is None and (recognised or not _PROSE.search(text)):
        return findings
    kind, lines = shape or ("failed", [])
    lead, *rest = PRIORS[kind]
    sign = {"failed": "a failure or a hang", "slow": "a slow run"}[kind]
    prior = Finding(
        id="log.base_rate", severity=Severity.INFO, subject=name,
        message=(f"no line of this paste names a cause ncclkit knows{f' (it shows {sign})' if shape else ''}. "
                 "In the resolved threads whose paste named no cause, the cause was most often "
                 + ", then ".join(f"{_SAY[c]} ({c})" for c in PRIORS[kind])
                 + ": a prior from those threads, not a reading of this paste"),
        fix=_FIX[kind], cause=lead,
        evidence={"role": "prior", "shape": kind, "lines": lines, "alternatives": [str(c) for c in rest]})
    return [prior, *alternative_findings(prior, {lead}), *findings]
