"""A rank whose peer on the same host closed the connection while torchrun saw no other worker fail: that peer exited
without an error, having run fewer steps.

torchrun's failure summary (torch/distributed/elastic/multiprocessing/errors) lists every local worker that ended with
an error: under "Root Cause (first observed failure):" the first, under "Failures:" the others, or "<NO_OTHER_FAILURES>".
A peer at a loopback address is a process of the same host, so one of those workers (several agents on one host are
another job's). When the summary's only failure is the rank that read "Connection closed by peer [127.0.0.1]", the
peer that closed it exited with 0: it had no more collectives to run (an uneven number of batches, an early return
or sys.exit on some ranks), and its peers were still in theirs (tests/analyze/data/rank-abort's early exit: rank 1 calls
sys.exit(0) after one all_reduce, rank 0's next all_reduce reads the close).
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding
from ncclkit.logs.paste_code import ENTRY_LINES, ROOT_CAUSE

__all__ = ["peer_left_findings"]

_NO_OTHERS = "<NO_OTHER_FAILURES>"
_RANK = re.compile(r"^\s*rank\s*:\s*(\d+) \(local_rank: \d+\)")
_EXITCODE = re.compile(r"^\s*exitcode\s*:\s*(-?\d+)\b")
# Gloo's read of a closed or reset connection (pair.cc), as the failing rank printed it under torch's [rankN]: prefix
_CLOSED = re.compile(r"^\[rank(\d+)\]:.*(?:Connection closed by peer|Connection reset by peer) \[(127\.[\d.]+)\]")


def peer_left_findings(text: str) -> list[Finding]:
    """The finding of a peer that left early, when torchrun's summary and the failing rank's error show one."""
    if _NO_OTHERS not in text:
        return []
    lines = text.splitlines()
    start = next((no for no, line in enumerate(lines, 1) if ROOT_CAUSE.match(line)), None)
    if start is None:
        return []
    entry = lines[start:start + ENTRY_LINES]
    rank = next((m[1] for m in map(_RANK.match, entry) if m), None)
    code = next((int(m[1]) for m in map(_EXITCODE.match, entry) if m), None)
    others = next((no for no, line in enumerate(lines, 1) if _NO_OTHERS in line), 0)
    if rank is None or code is None or code <= 0:  # a signal (negative) is that worker's own death
        return []
    closed = next(((no, m[2]) for no, m in ((no, _CLOSED.match(line)) for no, line in enumerate(lines, 1))
                   if m and m[1] == rank), None)
    if closed is None:
        return []
    return [Finding.root_error(
        "log.peer_left_early", f"rank {rank}",
        f"rank {rank}'s peer on this host ({closed[1]}) closed the connection (line {closed[0]}), and torchrun saw no "
        f"other of its workers fail ({_NO_OTHERS}, line {others}): that peer exited without an error, with no more "
        "collectives to run, while this rank was still in its own (fewer batches on some ranks, an early return or "
        "sys.exit)",
        "make every rank run the same number of steps and collectives (the same number of batches: "
        "DistributedSampler(drop_last=True), or torch.distributed.algorithms.Join for uneven inputs) and call "
        "dist.destroy_process_group() at the end on every rank", Cause.APPLICATION_BUG, [closed[0], others],
        alternatives=[str(Cause.HANG_COLLECTIVE_MISMATCH)])]
