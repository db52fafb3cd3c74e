"""The collectives each rank logged under TORCH_DISTRIBUTED_DEBUG=DETAIL (pure: text -> list[Finding]).

ProcessGroupWrapper logs every collective a rank issues, before it runs: "[Rank 1] Running collective:
CollectiveFingerPrint(SequenceNumber=3, OpType=BROADCAST, TensorShape=[1], ...)" (c10d ProcessGroupWrapper.cpp, PyTorch
1.13+). Where a job hung, each rank's last such line is where it stopped: ranks at one sequence number with another
operation or shape issued different collectives, and a rank whose last number is behind the others' never issued the
collective they wait in (Lightning-AI/pytorch-lightning#19106: rank 1 at broadcast #3 of one element while ranks 0 and
2 ran broadcast #4 of 73 bytes, ranks logging different keys).
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.hang.judge import rank_list

__all__ = ["fingerprint_findings"]

# Sequence numbers count per process group: a prefix that names the group ("[PG ID 1 PG GUID 3 Rank 2]") keeps
# each group's ranks apart; without one, every line is taken as the one group's.
_RUNNING = re.compile(r"\[(?:PG ID (\S+) [^\]]*?)?Rank (\d+)\] Running collective: CollectiveFingerPrint\("
                      r"SequenceNumber=(\d+), OpType=(\w+)(?:, TensorShape=(\[[^\]]*\]))?")

_FIX = ("make every rank issue the same collectives in the same order with the same shapes: look for a rank-dependent "
        "branch, an early exit or an uneven number of batches before that collective on the rank(s) named")


def fingerprint_findings(text: str) -> list[Finding]:
    if "Running collective: CollectiveFingerPrint(" not in text:
        return []
    groups: dict[str, dict[int, tuple[int, int, str, str]]] = {}  # group -> rank -> (line, number, op, shape)
    for no, line in enumerate(text.splitlines(), 1):
        m = _RUNNING.search(line)
        if m:
            groups.setdefault(m[1] or "", {})[int(m[2])] = (no, int(m[3]), m[4], m[5] or "")
    return next((found for last in groups.values() if len(last) >= 2 for found in [_judge(last)] if found), [])


def _judge(last: dict[int, tuple[int, int, str, str]]) -> list[Finding]:
    """One process group's ranks by the last collective each logged."""
    top = max(seq for _, seq, _, _ in last.values())
    ahead = sorted(r for r, v in last.items() if v[1] == top)
    behind = sorted(r for r, v in last.items() if v[1] < top)
    kinds = {(v[2], v[3]) for v in last.values() if v[1] == top}
    lines = sorted(v[0] for v in last.values())[:8]
    names = rank_list(behind)
    if len(kinds) > 1:
        shown = "; ".join(f"rank{r}: {last[r][2]} {last[r][3]}".rstrip() for r in ahead)
        return [Finding.root_error(
            "log.collective_mismatch", rank_list(ahead),
            f"the ranks' last logged collective #{top} differs ({shown}): they issued different collectives",
            _FIX, Cause.HANG_COLLECTIVE_MISMATCH, lines)]
    if not behind:
        return []
    op, shape = last[ahead[0]][2], last[ahead[0]][3]
    stopped = ", ".join(f"rank{r} #{last[r][1]} {last[r][2]} {last[r][3]}".rstrip() for r in behind)
    # A paste cut while the job ran also ends with ranks one collective apart: a warning that names them, which a
    # hang confirms.
    return [Finding(
        id="hang.rank_not_launched", severity=Severity.WARNING, subject=names,
        message=f"under TORCH_DISTRIBUTED_DEBUG=DETAIL the last collective {names} logged is behind the others' "
                f"({stopped}; {rank_list(ahead)} at #{top} {op} {shape}".rstrip() + "): if the "
                f"job hung there, {names} never issued #{top}",
        fix=_FIX, cause=Cause.HANG_COLLECTIVE_MISMATCH,
        evidence={"role": "root", "lines": lines,
                  "last_sequence": {f"rank{r}": v[1] for r, v in sorted(last.items())}})]
