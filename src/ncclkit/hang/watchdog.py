"""PyTorch ProcessGroupNCCL watchdog and dump-signal lines -> RankTrace records (no per-op history).

The lines (torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp, 2.4-2.13):
  [PG ID 0 PG GUID 0(default_pg) Rank 0]  failure detected by watchdog at work sequence id: 6 PG status:
      last enqueued work: 6, last completed work: 5
  [PG ID 0 PG GUID 0(default_pg) Rank 1] Received a dump signal due to a collective timeout from rank 0 ...
      Last enqueued NCCL work: 5, last completed NCCL work: 5.
  [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=6, OpType=ALLREDUCE, NumelIn=1048576, ...
The last line of each rank and group wins (the numbers only grow).
"""

from __future__ import annotations

import re

from ncclkit.hang.records import GroupTrace, Op, RankTrace

__all__ = ["has_watchdog_lines", "read_timeouts", "read_watchdog", "timeout_groups_named"]

# torch 2.3 - 2.4 name the group "[PG 0 (default_pg) Rank 3]" or "[PG 0 Rank 3]". A collector that cut a long line
# ("... last enqueued \nNCCL work: 2082", mila-iqia/milabench#269) continues it on the next line, which names no rank
# of its own.
_STATE = re.compile(r"\[PG (?:ID )?(\S+?)(?: PG GUID ([^\s(]*))?(?: ?\(([^)]*)\))? Rank (\d+)\]"
                    r"[^\n]*?(?:\n(?![^\n]*Rank \d+\])[^\n]*?)?last enqueued\s+(?:NCCL )?work: (-?\d+), "
                    r"last completed (?:NCCL )?work: (-?\d+)", re.IGNORECASE)
# An OpType a pager cut ("OpType=_ALLGATHER_BA[451/1919]", modelscope/ms-swift#5409) names no collective: the line
# is not read, rather than compared as another collective.
_TIMEOUT = re.compile(r"\[(?:PG (?:ID )?(\S+?) (?:PG GUID [^\]]*? |\([^)]*\) )?)?Rank (\d+)\][^\n]*?"
                      r"Watchdog caught collective operation timeout:\s+WorkNCCL\(SeqNum=(\d+), "
                      r"OpType=(\w+)(?![\w\[])(?:, NumelIn=(\d+))?")


def has_watchdog_lines(text: str) -> bool:
    return _STATE.search(text) is not None


def read_watchdog(text: str, name: str) -> list[RankTrace]:
    traces: dict[int, RankTrace] = {}
    for m in _STATE.finditer(text):
        rank = int(m.group(4))
        t = traces.setdefault(rank, RankTrace(rank=rank, source=name, backend="nccl"))
        # The GUID tells groups apart: two subgroups of different ranks can share a local PG ID (NVIDIA/nccl#1610:
        # "PG ID 11 PG GUID 119" on one rank, "PG ID 11 PG GUID 112" on another).
        key = m.group(2) or m.group(1)
        g = t.groups.setdefault(key, GroupTrace(pg_id=key, name=m.group(2) or m.group(1), desc=m.group(3) or ""))
        g.last_enqueued, g.last_completed = int(m.group(5)), int(m.group(6))
    _add_timeouts(text, traces, name, lone=False)
    return [traces[r] for r in sorted(traces)]


def read_timeouts(text: str, name: str) -> list[RankTrace]:
    """Records of the ranks' "Watchdog caught collective operation timeout" lines alone (a paste without the
    state lines): each says which collective its rank waits in, not what it enqueued or completed."""
    traces: dict[int, RankTrace] = {}
    _add_timeouts(text, traces, name, lone=True)
    return [traces[r] for r in sorted(traces)]


def timeout_groups_named(text: str) -> bool:
    """True when every watchdog timeout line names its process group ("[PG ID 2 PG GUID 3 Rank 1]", torch 2.4+)."""
    return all(m.group(1) for m in _TIMEOUT.finditer(text))


def _add_timeouts(text: str, traces: dict[int, RankTrace], name: str, lone: bool) -> None:
    """Each timeout line's collective, as an op of its rank's group. `lone`: a rank and group without a state line
    are made; else a line of a rank without one is skipped, and one naming no group goes to the rank's group."""
    for m in _TIMEOUT.finditer(text):
        rank, gid = int(m.group(2)), m.group(1) or "0"
        if lone:
            g = traces.setdefault(rank, RankTrace(rank=rank, source=name, backend="nccl")).groups.setdefault(
                gid, GroupTrace(pg_id=gid))
        elif rank in traces:
            g = traces[rank].groups.get(gid) or next(iter(traces[rank].groups.values()))
        else:
            continue
        seq = int(m.group(3))
        if g.op(seq) is None:
            g.ops.append(Op(seq=seq, name=m.group(4).lower().replace("allreduce", "all_reduce"),
                            in_sizes=[[int(m.group(5))]] if m.group(5) else [], state="started"))
