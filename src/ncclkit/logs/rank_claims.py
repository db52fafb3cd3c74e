"""Two processes that join one group as the same rank (pure: text -> list[Finding]).

A rank is a process's place in a group of world_size members; the group's setup waits until every place is taken,
so two processes taking one place leave another empty and the setup waits for a member that never comes (no error,
a hang or a timeout). Frameworks that set up their own NCCL groups print each member's place as it joins: the RL
trainers' weight-broadcast groups under Ray ("(Worker pid=4410) ... (localhost:29501, rank=1, world_size=3)",
PrimeIntellect-ai/prime-rl#2199: two local data-parallel workers both took rank 1, the trainer stalled) and NCCL's
own init line ("host:pid:tid [d] NCCL INFO ncclCommInitRank comm 0x.. rank 1 nranks 3 ... commId 0x..").

A paste of several attempts repeats every place with new processes, so a place counts as taken twice only while
fewer places are taken than there are processes claiming them (a retry that claims 0 and 1 again with two new
processes fills both places). Lightning's claims name no process and are read by the log state, start by start
(paste.RankClaims).
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding

__all__ = ["rank_claim_findings"]

# The process printing a line: Ray's "(Name pid=N)" / "(Name pid=N, ip=A)" prefix, or NCCL's "host:pid:tid [d]".
_RAY_PID = re.compile(r"\(\w+ pid=(\d+)(?:, ip=([\d.]+))?\)")
_NCCL_PID = re.compile(r"^\s*(?:\[\S+\]\s*)?([\w.-]+):(\d+):\d+ \[\d+\] NCCL ")
# A place in a group keyed by its rendezvous address: "(host:port, rank=R, world_size=W)".
_ADDR_CLAIM = re.compile(r"\(([\w.-]+:\d+), rank=(\d+), world_size=(\d+)\)")
# NCCL's init line of a communicator: its rank, size and commId.
_NCCL_CLAIM = re.compile(r"\brank (\d+) nr?anks (\d+)\b.*\bcommId (0x[0-9a-f]+)")


def rank_claim_findings(text: str) -> list[Finding]:
    if "world_size=" not in text and "commId" not in text:
        return []
    # (group, world size) -> rank -> {process: first line}
    groups: dict[tuple[str, int], dict[int, dict[str, int]]] = {}
    for no, line in enumerate(text.splitlines(), 1):
        claim = _claim(line)
        if claim:
            group, size, rank, proc = claim
            groups.setdefault((group, size), {}).setdefault(rank, {}).setdefault(proc, no)
    for (group, size), ranks in groups.items():
        procs = {p for holders in ranks.values() for p in holders}
        twice = sorted(r for r, holders in ranks.items() if len(holders) > 1)
        if twice and len(ranks) < min(size, len(procs)):
            return [_finding(group, size, twice[0], ranks)]
    return []


def _claim(line: str) -> tuple[str, int, int, str] | None:
    ray, nccl = _RAY_PID.search(line), _NCCL_PID.match(line)
    if ray:
        m = _ADDR_CLAIM.search(line)
        proc = f"pid {ray[1]}" + (f" on {ray[2]}" if ray[2] else "")
        return (m[1], int(m[3]), int(m[2]), proc) if m and int(m[2]) < int(m[3]) else None
    if nccl:
        m = _NCCL_CLAIM.search(line)
        return (m[3], int(m[2]), int(m[1]), f"pid {nccl[2]} on {nccl[1]}") if m and int(m[1]) < int(m[2]) else None
    return None


def _finding(group: str, size: int, rank: int, ranks: dict[int, dict[str, int]]) -> Finding:
    holders = ranks[rank]
    empty = [r for r in range(size) if r not in ranks]
    shown = ", ".join(sorted(holders)[:4])
    where = f"the group at {group}" if not group.startswith("0x") else f"communicator {group}"
    missing = (f"; rank{'s' if len(empty) > 1 else ''} {', '.join(map(str, empty[:4]))} "
               f"{'are' if len(empty) > 1 else 'is'} taken by none of them" if empty else "")
    return Finding.root_error(
        "log.rank_claimed_twice", f"rank {rank}",
        f"{len(holders)} processes ({shown}) join {where} as rank {rank} of {size}{missing}: the group's setup "
        "waits for a member that never comes (a hang or a timeout, no error of its own)",
        "give every process its own rank in the group: derive it from the process's own index (its local or "
        "data-parallel rank, LOCAL_RANK) rather than from a group it is alone in, so that the ranks run 0 .. "
        "world_size-1 once each; print rank and world size per process to check",
        Cause.APPLICATION_BUG, sorted(holders.values()),
        alternatives=[str(Cause.HANG_COLLECTIVE_MISMATCH)])
