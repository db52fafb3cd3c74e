"""When nothing in a paste names a cause: what such pastes most often turned out to be (`log.base_rate`).

A paste of a failed or hung job that no reader explains (a launch line and a bare exception, a prose account
of a hang) used to get no answer at all. Its cause is not unknowable: in the resolved public threads
of ncclkit's labelled corpus (tests/diagnosis), the pastes in which no line names a cause were settled, most often,
as the program's own misuse or its launch (a wrong device, world size or argument), then as a library's own bug or
release (fixed by upgrading or pinning a version), then as GPUs that cannot reach each other peer to peer (hangs
that NCCL_P2P_DISABLE=1 or an ACS/IOMMU change ended). A slow run that nothing explains gets no prior: too few
such threads were settled to give one.

This reader states that order, as a prior and says so, only where a paste gives a sign of trouble and nothing else
names a cause. tests/diagnosis/test_diagnosis_score.py recomputes the order from the corpus, so the table below cannot
drift from what the threads say.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause as C
from ncclkit.findings import Finding, Severity
from ncclkit.logs.error_words import unread_failures
from ncclkit.logs.paste import HANG_WORDS, noise_lines
from ncclkit.logs.ranking import alternative_findings

__all__ = ["PRIOR", "base_rate_findings", "trouble_lines"]

# A paste about a GPU job: what an unrecognised paste must speak of to be answered at all (lscpu's "TSX async abort",
# a sysfs value or another tool's table alone is not a report of a job).
_JOB = re.compile(r"gpu|cuda|nccl|rank|torchrun|mpirun|mpiexec|\bmpi(?:4py)?\b|srun|deepspeed|accelerate|world_size|"
                  r"nproc|ddp|fsdp|tensor_parallel|tp_size|distributed|spawn|multi-?node|multi-?gpu|horovod|\btorch\b|"
                  r"tensorflow|\bjax\b|python|py-spy|\bTP\d|deadlock", re.I)
# NCCL's INFO lines state no failure by NCCL's own level ("Failed to initialize NET plugin IB" of a run that went on
# over sockets); the ones that state a cause are read by the classifier.
_NCCL_INFO = " NCCL INFO "
# A traceback's header is a failure even where the paste was cut before its exception.
_TRACEBACK = "Traceback (most recent call last)"

# The reporter's own words, which a program's message seldom has
_ACCOUNT = re.compile(r"\b(?:I|I'm|I've|my|me)\b")
# The causes such threads were settled as, most frequent first.
PRIOR: tuple[C, C, C] = (C.APPLICATION_BUG, C.OTHER, C.ACS_IOMMU_P2P)

_SAY = {C.APPLICATION_BUG: "the program's own misuse or its launch", C.OTHER: "a library's own bug or release",
        C.ACS_IOMMU_P2P: "GPUs that cannot reach each other peer to peer"}

_FIX = ("check the program and its launch first: the device each rank takes (torch.cuda.set_device(local_rank) "
        "before init_process_group), the world size and ranks against the hosts and GPUs given, the launcher's "
        "arguments; then the versions of the libraries the program calls (search the error in their issues, try the "
        "release it was written for); then peer to peer between the GPUs (a run with NCCL_P2P_DISABLE=1 as a test, "
        "`nvidia-smi topo -m`, PCIe ACS and the IOMMU). For a diagnosis, paste the first error of every rank and of "
        "the launcher, with NCCL_DEBUG=INFO")


def trouble_lines(text: str, judged: frozenset[int] = frozenset()) -> list[int]:
    """The lines that show a failure or a hang. A failure is a line in the program's own words that no row reads
    (error_words' reading of a report); lines that healthy runs print are no sign, nor are the `judged` ones: a reader
    has said what they are, even where that names no cause (a consequence, a retry, a summary that points at the
    error above)."""
    lines = text.splitlines()
    skip = judged | {n for n, _ in noise_lines(text)} | {n for n, line in enumerate(lines, 1) if _NCCL_INFO in line}
    failing = {no for no in unread_failures(text) if no not in skip}
    failing |= {no for no, line in enumerate(lines, 1)
                if no not in skip and (_TRACEBACK in line or HANG_WORDS.search(line))}
    return sorted(failing)[:20]


def base_rate_findings(findings: list[Finding], text: str, name: str, *, recognised: bool) -> list[Finding]:
    """The findings, led by `log.base_rate` and its alternatives where none of them names a cause and the paste
    shows a failure or a hang; one ncclkit did not recognise (`recognised` False) only where it speaks of a GPU
    job."""
    # A reader that spoke (a worker's exit pointing at its error above, a bare return code pointing at its WARN)
    # has said where to look; the prior is for pastes where none did.
    if any(f.root_cause is not None or f.severity != Severity.INFO or f.id == "log.no_failure" for f in findings):
        return findings
    # One line alone is a message to look up (the rows and error_words read it), not a report of a job, unless it is
    # the reporter's own account in the first person ("When I train the model ... the code gets stuck":
    # rllm-org/rllm#47, nlpyang/hiersumm#9, both the launch's doing).
    if sum(1 for line in text.splitlines() if line.strip()) < 2 and not _ACCOUNT.search(text):
        return findings
    if not recognised and not _JOB.search(text):
        return findings
    judged = frozenset(n for f in findings if isinstance(f.evidence, dict) for n in f.evidence.get("lines") or ())
    lines = trouble_lines(text, judged)
    if not lines:
        return findings
    lead, *rest = PRIOR
    prior = Finding(
        id="log.base_rate", severity=Severity.INFO, subject=name,
        message=("no line of this paste names a cause ncclkit knows (it shows a failure or a hang). In the resolved "
                 "threads whose paste named no cause, the cause was most often "
                 + ", then ".join(f"{_SAY[c]} ({c})" for c in PRIOR)
                 + ": a prior from those threads, not a reading of this paste"),
        fix=_FIX, cause=lead, evidence={"role": "prior", "lines": lines, "alternatives": [str(c) for c in rest]})
    return [prior, *alternative_findings(prior, {lead}), *findings]
