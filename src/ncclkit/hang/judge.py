"""Findings from RankTraces (flight-recorder dumps, watchdog lines) judged together as one job.

Per process group (PyTorch numbers its collectives per group, collective_seq_id, from 1):
1. ranks of the group that left no trace -> hang.rank_missing;
2. the first sequence number that all traced ranks recorded with different collectives, sizes or
   dtypes -> hang.collective_mismatch, naming the minority (torchfrtrace's COLLECTIVE_TYPE_MISMATCH,
   SIZE_OR_SYNTAX_MISMATCH and COLLECTIVE_DTYPE_MISMATCH, torch/distributed/flight_recorder/
   components/utils.py: it names every rank unlike its first one; we name the side fewer ranks are on);
3. ranks whose last enqueued number is behind the others' -> hang.rank_not_launched (the collective
   the others wait in); a minority ahead -> hang.rank_extra_collective;
4. every rank enqueued the same number and it is not completed everywhere -> hang.all_in_collective:
   the program agrees, the communication itself is stuck.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.hang.records import GroupTrace, Op, RankTrace

__all__ = ["NODE_CHECKS", "judge_traces", "rank_list", "summary"]

NODE_CHECKS = ("run `ncclkit doctor` on the job's nodes (ports, GIDs, GDR); read `dmesg` for NVRM Xid and "
               "link flaps; compare IB port counters (`perfquery -x`: symbol/link errors, port_xmit_wait) "
               "before and after; set NCCL_DEBUG=INFO and read the first WARN of each rank")


def rank_list(ranks: list[int]) -> str:
    return ",".join(f"rank{r}" for r in sorted(ranks))


def _members(group_id: str, traces: list[RankTrace]) -> tuple[list[int] | None, dict[int, GroupTrace]]:
    """The group's ranks (from any dump that lists them) and each traced rank's view of it."""
    views: dict[int, GroupTrace] = {}
    listed: list[int] | None = None
    for t in traces:
        g = t.groups.get(group_id)
        if g is None or t.rank is None:
            continue
        views[t.rank] = g
        if g.ranks and (listed is None or len(g.ranks) > len(listed)):
            listed = g.ranks
    return listed, views


def judge_traces(traces: list[RankTrace]) -> list[Finding]:
    findings: list[Finding] = []
    group_ids = sorted({k for t in traces for k in t.groups}, key=lambda k: (len(k), k))
    for gid in group_ids:
        listed, views = _members(gid, traces)
        if not views:
            continue
        label = next(iter(views.values())).label()
        findings += _judge_group(label, listed, views, {t.rank: t for t in traces if t.rank is not None})
    return findings


def _judge_group(label: str, listed: list[int] | None, views: dict[int, GroupTrace],
                 by_rank: dict[int, RankTrace]) -> list[Finding]:
    out: list[Finding] = []
    enq = {r: g.enqueued() for r, g in views.items()}
    top = max(enq.values())
    leader = views[max(enq, key=lambda r: enq[r])]
    waited = leader.op(top)
    missing = sorted(set(listed or []) - set(views))
    if missing:
        where = f"; the others last enqueued #{top} {waited.shape() if waited else ''}".rstrip()
        out.append(Finding(
            id="hang.rank_missing", severity=Severity.ERROR, subject=rank_list(missing),
            message=f"process group {label}: {rank_list(missing)} left no dump{where} - that rank most "
                    "likely crashed or was killed, and the others wait for it",
            fix="read the end of that rank's own log (Python traceback, OOM killer in `dmesg`, NVRM Xid); "
                "if it did write one, pass its dump too",
            evidence={"process_group": label, "group_ranks": listed, "dumps_from": sorted(views),
                      "others_last_enqueued": top}))
    mismatch = _first_mismatch(views)
    if mismatch:
        out.append(_mismatch_finding(label, *mismatch, by_rank))
        return out
    # NCCL runs asynchronously: a rank enqueues past what it completed, and waits in the first collective it did not
    # complete. A rank is behind only when it did not enqueue the collective another rank waits in (mila-iqia/
    # milabench#269: rank3 enqueued #2082 and, like rank12 at #2070, waits in #2070: neither is behind). Gloo's
    # flight recorder marks no completion (every entry stays "scheduled"), so only NCCL's counts are read.
    nccl = all(by_rank.get(r) is not None and by_rank[r].backend == "nccl" for r in views)
    waits = {r: min(enq[r], g.last_completed + 1) if nccl and g.last_completed is not None else enq[r]
             for r, g in views.items()}
    stuck = max(waits.values())
    if stuck < top:
        waited = views[max(waits, key=lambda r: waits[r])].op(stuck)
    behind = sorted(r for r, e in enq.items() if e < stuck)
    if behind:
        ahead = sorted(r for r in enq if enq[r] == top)
        if len(ahead) < len(behind):
            out.append(_extra_finding(label, ahead, behind, enq, views))
        else:
            out.append(_not_launched_finding(label, behind, ahead, enq, views, waited, stuck))
        return out
    if missing or stuck < 1:
        return out
    done = {r: g.last_completed for r, g in views.items()}
    if all(c is not None and c >= stuck for c in done.values()) and (waited is None or waited.state == "completed"):
        return out
    out.append(_all_in_finding(label, listed, views, stuck, waited, done))
    return out


def _all_in_finding(label: str, listed: list[int] | None, views: dict[int, GroupTrace], seq: int, waited: Op | None,
                    done: dict[int, int | None]) -> Finding:
    states = {r: (op.state if (op := g.op(seq)) else "?") for r, g in views.items()}
    what = f"#{seq}{' ' + waited.shape() if waited else ''} and it did not complete"
    evidence: dict[str, Any] = {"process_group": label, "sequence": seq, "states": states, "last_completed": done}
    # Watchdog lines list no group: ranks numbered below the highest one shown exist (rank2 and rank7 of a job of 8,
    # OpenRLHF/OpenRLHF#1126), and any of the unseen may be the one behind, so "every rank" is not shown.
    unseen = sorted(set(range(max(views) + 1)) - set(views)) if listed is None else []
    if not unseen:
        return Finding(
            id="hang.all_in_collective", severity=Severity.ERROR, subject=f"{label} #{seq}",
            message=f"process group {label}: every rank ({rank_list(list(views))}) enqueued {what} - the program "
                    "agrees, the communication itself is stuck (network, GPU or NVLink)",
            fix=NODE_CHECKS, cause=None, evidence=evidence)
    return Finding(
        id="hang.all_in_collective", severity=Severity.WARNING, subject=f"{label} #{seq}",
        message=f"process group {label}: the ranks shown ({rank_list(list(views))}) all enqueued {what}; "
                f"{len(unseen)} rank(s) below rank{max(views)} left nothing here, and one of them may be behind (a "
                "rank busy elsewhere, such as rank 0 saving a checkpoint alone) - or every rank is inside it and the "
                "communication is stuck",
        fix="read every rank's last lines (or pass all ranks' flight-recorder dumps: TORCH_NCCL_TRACE_BUFFER_SIZE="
            "2000 TORCH_NCCL_DUMP_ON_TIMEOUT=1); if every rank is in it: " + NODE_CHECKS,
        cause=None, evidence={**evidence, "ranks_unseen": unseen[:64]})


def _first_mismatch(views: dict[int, GroupTrace]) -> tuple[int, dict[int, Op]] | None:
    seqs = set.intersection(*({o.seq for o in g.ops} for g in views.values()))
    for seq in sorted(seqs):
        ops = {r: g.op(seq) for r, g in views.items()}
        if len({o.signature() for o in ops.values() if o}) > 1:
            return seq, {r: o for r, o in ops.items() if o}
    return None


def _mismatch_finding(label: str, seq: int, ops: dict[int, Op], by_rank: dict[int, RankTrace]) -> Finding:
    sides = Counter(o.signature() for o in ops.values())
    common = sides.most_common(1)[0][0]
    tie = len(sides) > 1 and list(sides.values()).count(sides[common]) > 1
    odd = sorted(r for r, o in ops.items() if o.signature() != common)
    kinds = [k for k, i in (("collective", 0), ("sizes", 1), ("dtypes", 2))
             if len({o.signature()[i] for o in ops.values()}) > 1]
    majority = next(o for o in ops.values() if o.signature() == common)
    odd_op = ops[odd[0]]
    where = f" at {odd_op.frames[0]}" if odd_op.frames else ""
    who = rank_list(odd)
    if by_rank.get(odd[0]) and by_rank[odd[0]].host:
        who = f"{by_rank[odd[0]].host}/{who}"
    message = (f"process group {label}, collective #{seq}: {rank_list(odd)} issued {odd_op.shape()}{where} "
               f"while {rank_list([r for r in ops if r not in odd])} issued {majority.shape()} "
               f"({'/'.join(kinds)} differ)")
    if tie:
        message += "; as many ranks are on each side, either may be the one off the intended path"
    return Finding(
        id="hang.collective_mismatch", severity=Severity.ERROR, subject=who, message=message,
        fix="make every rank of the group issue the same collectives in the same order with the same shapes: "
            "look for a collective inside an `if` on rank or data (early exit, uneven batch, MoE routing); "
            "TORCH_DISTRIBUTED_DEBUG=DETAIL checks each call",
        cause=Cause.HANG_COLLECTIVE_MISMATCH,
        evidence={"process_group": label, "sequence": seq, "differs": kinds,
                  "ops": {f"rank{r}": {"op": o.shape(), "state": o.state, "frames": o.frames}
                          for r, o in sorted(ops.items())}})


def _not_launched_finding(label: str, behind: list[int], ahead: list[int], enq: dict[int, int],
                          views: dict[int, GroupTrace], waited: Op | None, waited_seq: int) -> Finding:
    last = {f"rank{r}": enq[r] for r in sorted(enq)}
    stopped = {}
    for r in behind:
        op = views[r].op(enq[r])
        if op and op.frames:
            stopped[f"rank{r}"] = op.frames[0]
    after = "; their last collective was called from " + ", ".join(
        f"{k}: {v}" for k, v in stopped.items()) if stopped else ""
    what = f"#{waited_seq} {waited.shape()}" if waited else f"#{waited_seq}"
    waited_at = f" (called at {waited.frames[0]})" if waited and waited.frames else ""
    return Finding(
        id="hang.rank_not_launched", severity=Severity.ERROR, subject=rank_list(behind),
        message=f"process group {label}: {rank_list(ahead)} {'waits' if len(ahead) == 1 else 'wait'} in {what}{waited_at}, which {rank_list(behind)} "
                f"never enqueued (last enqueued: {', '.join(f'{k} #{v}' for k, v in last.items())}){after}",
        fix="find what that rank does between its last collective and this one (data loading, a checkpoint "
            "write, an exception swallowed, a wait on another group); `py-spy dump --pid PID` on it shows "
            "where it is now",
        cause=Cause.HANG_COLLECTIVE_MISMATCH,
        evidence={"process_group": label, "waited_in": waited_seq, "last_enqueued": last,
                  "stopped_after": stopped, "waited_op": waited.shape() if waited else None})


def _extra_finding(label: str, ahead: list[int], behind: list[int], enq: dict[int, int],
                   views: dict[int, GroupTrace]) -> Finding:
    top = max(enq.values())
    first_extra = min(enq[r] for r in behind) + 1
    op = views[ahead[0]].op(first_extra)
    at = f" {op.shape()}" + (f" at {op.frames[0]}" if op.frames else "") if op else ""
    return Finding(
        id="hang.rank_extra_collective", severity=Severity.ERROR, subject=rank_list(ahead),
        message=f"process group {label}: {rank_list(ahead)} enqueued up to #{top} while "
                f"{rank_list(behind)} stopped at #{first_extra - 1}: the few issued collective(s) the "
                f"others never did, from #{first_extra}{at}",
        fix="find the collective only some ranks call (a log/metric all_reduce under `if rank == 0`, an extra "
            "barrier on one code path) and make every rank of the group call it, or none",
        cause=Cause.HANG_COLLECTIVE_MISMATCH,
        evidence={"process_group": label, "last_enqueued": {f"rank{r}": enq[r] for r in sorted(enq)}})


def summary(traces: list[RankTrace]) -> list[dict[str, Any]]:
    """Per group, each rank's last enqueued/completed number (the object's `groups` field)."""
    out = []
    for gid in sorted({k for t in traces for k in t.groups}, key=lambda k: (len(k), k)):
        listed, views = _members(gid, traces)
        if views:
            out.append({"process_group": next(iter(views.values())).label(), "ranks": listed,
                        "last_enqueued": {f"rank{r}": g.enqueued() for r, g in sorted(views.items())},
                        "last_completed": {f"rank{r}": g.last_completed for r, g in sorted(views.items())}})
    return out
