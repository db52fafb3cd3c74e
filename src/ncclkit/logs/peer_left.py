"""A rank that left the program while its peers were still in a collective: it exited without an error, having run
fewer steps (an uneven number of batches, an early return or sys.exit on some ranks). Two ways a paste shows it:

- The rank's own exit: PyTorch warns at the end of a program whose process group was never destroyed
  ("[rank1]:[W ... ProcessGroupNCCL.cpp:1575] Warning: WARNING: destroy_process_group() was not called before program
  exit"). A rank that printed that and no error of its own reached the end of its program; if another rank then lost
  its collective (NCCL's "remote process exited", a closed connection, a watchdog timeout), the first left early
  (benchmarks/results/faults-1xH200-2026-12-06: NCCL 2.28.9, rank 1 calls sys.exit(0) after three all_reduces).
- torchrun's failure summary (torch/distributed/elastic/multiprocessing/errors) lists every local worker that ended
  with an error: under "Root Cause (first observed failure):" the first, under "Failures:" the others, or
  "<NO_OTHER_FAILURES>". A peer at a loopback address is a process of the same host, so one of those workers. When the
  summary's only failure is the rank that read "Connection closed by peer [127.0.0.1]" (Gloo), the peer that closed
  it exited with 0 (tests/analyze/data/rank-abort's early exit).
- NCCL's own teardown: each rank that frees its communicator logs "comm 0x... rank R nranks N ... - Destroy COMPLETE"
  or "- Abort COMPLETE" (src/init.cc, ncclCommDestroy / ncclCommAbort; PyTorch 2.3 - 2.6's destroy_process_group
  aborts). Where a paste that reports a hang, and no error or timeout, shows some ranks of a communicator tearing it
  down and not the others, those ranks were done while the rest still waited in a collective (EleutherAI/sparsify#68:
  ranks 1 - 3 of 4 freed theirs after the last step, rank 0 hung in one more, an uneven split of the data). A
  watchdog's timeout aborts too, but it says so: a paste with an error or a timeout is left to those lines.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding
from ncclkit.logs.paste import COMM_FIELDS, HANG_WORDS
from ncclkit.logs.paste_code import ENTRY_LINES, ROOT_CAUSE
from ncclkit.logs.patterns_table_notices import NOT_DESTROYED

__all__ = ["peer_left_findings"]

_NO_OTHERS = "<NO_OTHER_FAILURES>"
_RANK = re.compile(r"^\s*rank\s*:\s*(\d+) \(local_rank: \d+\)")
_EXITCODE = re.compile(r"^\s*exitcode\s*:\s*(-?\d+)\b")
# Gloo's read of a closed or reset connection (pair.cc), as the failing rank printed it under torch's [rankN]: prefix
_CLOSED = re.compile(r"^\[rank(\d+)\]:.*(?:Connection closed by peer|Connection reset by peer) \[(127\.[\d.]+)\]")
_PREFIX = re.compile(r"^\[rank(\d+)\]:")
# A rank's line that reports a failure of its own: torch's error-level log line, a traceback, an exception
_OWN_ERROR = re.compile(r"^\[rank(\d+)\]:(?:\[E\d| Traceback|.*\w(?:Error|Exception)\b:)")
# A rank that lost its collective to a peer: NCCL's remote error under PyTorch, a closed connection, a timeout
_LOST = re.compile(r"^\[rank(\d+)\]:.*(?:raised the following async exception|remote process exit|Connection closed by|"
                   r"reset by peer|Watchdog caught collective operation timeout)")
# src/init.cc's last line of a communicator freed by ncclCommDestroy or ncclCommAbort
_TORN_DOWN = re.compile(r"\b" + COMM_FIELDS + r"\b.* - (?:Destroy|Abort) COMPLETE")
_FAILED = re.compile(r"\b(?:error|exception|timed? ?out|timeout|traceback|failed)\b", re.IGNORECASE)
_FIX = ("make every rank run the same number of steps and collectives (the same number of batches: "
        "DistributedSampler(drop_last=True), or torch.distributed.algorithms.Join for uneven inputs) and call "
        "dist.destroy_process_group() at the end on every rank")


def peer_left_findings(text: str) -> list[Finding]:
    """The finding of a peer that left early, when the paste shows one."""
    lines = text.splitlines()
    return (_exited_clean(lines) if NOT_DESTROYED in text else []) or \
        (_summary_clean(lines) if _NO_OTHERS in text else []) or \
        (_torn_down_early(lines) if " COMPLETE" in text else [])


def _exited_clean(lines: list[str]) -> list[Finding]:
    """A rank that warned at its program's exit and printed no error, while another rank lost its collective."""
    exited = {m[1]: no for no, m in ((no, _PREFIX.match(line)) for no, line in enumerate(lines, 1))
              if m and NOT_DESTROYED in lines[no - 1]}
    # a rank that failed warns the same as it exits (after its traceback): it left for its error
    failed = {m[1] for m in map(_OWN_ERROR.match, lines) if m}
    clean = sorted(set(exited) - failed, key=int)
    lost = next(((no, m[1]) for no, m in ((no, _LOST.match(line)) for no, line in enumerate(lines, 1))
                 if m and m[1] not in clean), None)
    if lost is None or not clean:
        return []
    rank, at = clean[0], exited[clean[0]]
    return [_left(rank, f"rank {rank} reached the end of its program (PyTorch's warning at exit that its process group "
                        f"was not destroyed, line {at}) and printed no error, while rank {lost[1]} was still in a "
                        f"collective and lost it (line {lost[0]}): rank {rank} had no more collectives to run",
                  [at, lost[0]])]


def _summary_clean(lines: list[str]) -> list[Finding]:
    """The rank torchrun's summary names alone read a close from a loopback peer: that peer exited with 0."""
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
    return [_left(rank, f"rank {rank}'s peer on this host ({closed[1]}) closed the connection (line {closed[0]}), and "
                        f"torchrun saw no other of its workers fail ({_NO_OTHERS}, line {others}): that peer exited "
                        "without an error, with no more collectives to run, while this rank was still in its own",
                  [closed[0], others])]


def _torn_down_early(lines: list[str]) -> list[Finding]:
    """Some ranks of a communicator freed it, the others did not, in a paste of a hang that shows no failure."""
    torn: dict[int, tuple[int, int]] = {}  # rank -> (nranks, line)
    for no, line in enumerate(lines, 1):
        if (m := _TORN_DOWN.search(line)) is not None:
            torn.setdefault(int(m[1]), (int(m[2]), no))
    sizes = {n for n, _ in torn.values()}
    if len(sizes) != 1 or not any(HANG_WORDS.search(line) for line in lines) or any(map(_FAILED.search, lines)):
        return []
    (nranks,) = sizes
    stayed = [r for r in range(nranks) if r not in torn]
    # many ranks missing is more likely a paste of one node's lines than ranks that stayed behind
    if not stayed or len(stayed) > 4:
        return []
    done = sorted(torn)
    at = sorted(torn[r][1] for r in done)[:4]
    return [_left(", ".join(map(str, stayed)),
                  f"rank(s) {', '.join(map(str, done))} of {nranks} freed their communicator (NCCL's \"Destroy\" or "
                  f"\"Abort COMPLETE\", lines {', '.join(map(str, at))}) with no error while the job hung: they were "
                  f"done, and rank(s) {', '.join(map(str, stayed))} still waited in a collective they no longer issue",
                  at)]


def _left(rank: str, why: str, lines: list[int]) -> Finding:
    """The finding about a rank (the one that left, or the one that saw its peer leave)."""
    return Finding.root_error("log.peer_left_early", f"rank {rank}",
                              f"{why} (fewer batches on some ranks, an early return or sys.exit)", _FIX,
                              Cause.APPLICATION_BUG, lines, alternatives=[str(Cause.HANG_COLLECTIVE_MISMATCH)])
