"""Findings from a RAS report (NCCL's own view of every communicator of a live job).

What RAS can tell (NCCL src/ras/client_support.cc): which processes it considers dead or
unresponsive, which ranks are missing from a communicator, each rank's status, and per collective
type how many operations each rank has *launched*. It cannot see completions: equal counts on a
stuck job mean every rank is inside the same operation.
"""

from __future__ import annotations

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.hang.judge import NODE_CHECKS
from ncclkit.hang.ras import RasComm, RasRank, RasReport

__all__ = ["judge_ras"]


def _names(ranks: list[RasRank]) -> str:
    return ",".join(r.who() for r in ranks)


def _where(r: RasRank) -> str:
    where = f" (process {r.pid} on {r.host}, GPU {r.gpu})" if r.pid is not None else ""
    return f"rank {r.rank if r.rank is not None else '?'}{where}"


def judge_ras(rep: RasReport) -> list[Finding]:
    out: list[Finding] = []
    named_dead: set[tuple[str | None, int | None]] = set()
    for comm in rep.comms:
        if comm.missing:
            dead = [m for m in comm.missing if m.dead or m.unresponsive]
            named_dead.update((m.host, m.pid) for m in dead)
            what = ("considered dead by RAS (its process stopped answering)" if dead
                    else "missing from the communicator (never created it, or left)")
            out.append(Finding(
                id="hang.rank_missing", severity=Severity.ERROR, subject=_names(comm.missing),
                message=f"communicator {comm.hash}: " + "; ".join(_where(m) for m in comm.missing) + f" {what}",
                fix="read that process's end on its host: its own log and traceback, `dmesg` (OOM killer, NVRM "
                    "Xid); the other ranks only wait for it",
                cause=Cause.RANK_CRASHED_ELSEWHERE,
                evidence={"communicator": comm.hash, "size": comm.size,
                          "missing": [{"rank": m.rank, "host": m.host, "pid": m.pid, "gpu": m.gpu,
                                       "dead": m.dead, "unresponsive": m.unresponsive} for m in comm.missing]}))
        out += _errors(comm)
        out += _counts(comm)
        out += _status(comm)
    stray = [d for d in rep.dead if (d.host, d.pid) not in named_dead]
    if stray and not any(f.id == "hang.rank_missing" for f in out):
        out.append(Finding(
            id="hang.rank_missing", severity=Severity.ERROR, subject=_names(stray),
            message="RAS considers dead or got no data from: "
                    + "; ".join(f"process {d.pid} on {d.host} (GPU {d.gpu})" for d in stray),
            fix="read that process's end on its host (traceback, `dmesg`: OOM killer, NVRM Xid)",
            cause=Cause.RANK_CRASHED_ELSEWHERE, evidence={"dead": [[d.host, d.pid, d.gpu] for d in stray]}))
    # A healthy report lists no communicator by hash (only the Errors and Warnings sections do): its table's rows,
    # all RUNNING with no error, say the same of every communicator (NVIDIA/nccl#1730: 256 ranks, one watchdog timeout).
    healthy = bool(rep.groups) and all(g.status == "RUNNING" and g.errors == "OK" for g in rep.groups)
    if not out and (rep.comms or healthy):
        n_comms = len(rep.comms) or sum(g.comms for g in rep.groups)
        out.append(Finding(
            id="hang.all_in_collective", severity=Severity.WARNING,
            subject=",".join(c.hash for c in rep.comms) or f"{n_comms} communicator(s)",
            message=f"RAS sees every rank of {n_comms} communicator(s) alive with equal operation counts: "
                    "if the job is stuck, every rank is inside the same operation (RAS counts launches, not "
                    "completions) - the communication itself is stuck",
            fix=NODE_CHECKS, cause=None,
            evidence={"communicators": [c.hash for c in rep.comms], "timeouts": rep.timeouts}))
    return out


def _groups(comm: RasComm, coll: str) -> list[tuple[int, int, list[int]]]:
    """(ranks, operations launched, named ranks) per distinct count of one collective type."""
    if comm.count_groups.get(coll):
        return comm.count_groups[coll]
    by: dict[int, list[int]] = {}
    for r in comm.ranks:
        if coll in r.counts and r.rank is not None:
            by.setdefault(r.counts[coll], []).append(r.rank)
    return [(len(v), k, sorted(v)) for k, v in by.items()]


def _counts(comm: RasComm) -> list[Finding]:
    out = []
    by_rank = {r.rank: r for r in comm.ranks}
    colls = set(comm.count_groups) | {k for r in comm.ranks for k in r.counts}
    for coll in sorted(colls):
        groups = _groups(comm, coll)
        if len(groups) < 2:
            continue
        top = max(g[1] for g in groups)
        behind = [g for g in groups if g[1] < top]
        ahead = [g for g in groups if g[1] == top]
        n_behind, n_ahead = sum(g[0] for g in behind), sum(g[0] for g in ahead)
        extra = n_ahead < n_behind
        suspects = ahead if extra else behind
        named = [by_rank.get(r) or RasRank(rank=r) for g in suspects for r in g[2]]
        counted = "; ".join(f"{g[0]} rank(s) at {g[1]}" for g in sorted(groups, key=lambda g: -g[1]))
        who = _names(named) if named else f"{sum(g[0] for g in suspects)} rank(s)"
        where = "; ".join(_where(r) for r in named if r.pid is not None)
        if extra:
            # RAS counts launches: the few wait in #top, which the rest have not launched. Either the rest never
            # will (a collective only some ranks call) or they are held before it (host work, another group);
            # the count alone cannot tell, and with many ranks behind the second is as likely (NVIDIA/nccl#1911).
            fid, msg = "hang.rank_extra_collective", (
                f"communicator {comm.hash}: {who} launched {coll} up to operation {top}, more than the others "
                f"({counted}): either the few issued a collective the rest never call, or the {n_behind} "
                f"rank(s) behind are held before it")
            fix = ("`py-spy dump --pid PID` one of the ranks behind: if it sits in host work or another process "
                   "group, that is the hang; if it went past that point, find the collective only some ranks call "
                   "(under `if rank == 0`, an extra barrier on one path) and make every rank call it, or none")
        else:
            low = min(g[1] for g in behind)
            fid, msg = "hang.rank_not_launched", (
                f"communicator {comm.hash}: {who} launched {coll} only up to operation {low} while the others "
                f"wait in operation {top} ({counted})")
            fix = ("find what that rank does instead of the collective (data loading, checkpointing, an exception, "
                   "a wait on another group): `py-spy dump --pid PID` on its host shows where it is")
        # One operation apart is also what a running job shows at an instant (NCCL's ras.rst: "not a cause for
        # concern, as long as the counts increase"), and what a hang where a rank skipped one collective shows
        # (tests/hang/data/gpu-nccl-2.28.9/ras-hang.txt, an H200 run): still the finding, with the second look
        # that tells them apart.
        if max(g[1] for g in groups) - min(g[1] for g in groups) == 1:
            msg += "; run `ncclras` again: counts that still move mean a running job, not this hang"
        out.append(Finding(
            id=fid, severity=Severity.ERROR, subject=who, message=msg + (f"; {where}" if where else ""), fix=fix,
            cause=Cause.HANG_COLLECTIVE_MISMATCH,
            evidence={"communicator": comm.hash, "collective": coll,
                      "groups": [{"ranks": g[0], "launched": g[1], "named": g[2]} for g in groups]}))
    return out


def _status(comm: RasComm) -> list[Finding]:
    states = {s for _, s, _ in comm.status_groups}
    if len(states) < 2 or "INIT" not in states:
        return []
    init = [r for n, s, rs in comm.status_groups if s == "INIT" for r in rs]
    return [Finding(
        id="hang.rank_not_launched", severity=Severity.ERROR,
        subject=",".join(f"rank{r}" for r in init) or "some ranks",
        message=f"communicator {comm.hash}: ranks differ in status ({', '.join(sorted(states))}); those in INIT "
                "never finished creating the communicator - a hang inside initialisation",
        fix="read those ranks' NCCL_DEBUG=INFO log for the bootstrap or transport step they stopped in; "
            "check `ncclkit doctor` on their hosts",
        cause=Cause.HANG_COLLECTIVE_MISMATCH,
        evidence={"communicator": comm.hash, "status_groups": comm.status_groups})]


def _errors(comm: RasComm) -> list[Finding]:
    bad = [r for r in comm.ranks if r.async_error or r.abort]
    if not bad:
        return []
    return [Finding(
        id="hang.rank_async_error", severity=Severity.ERROR, subject=_names(bad),
        message=f"communicator {comm.hash}: " + "; ".join(_where(r) for r in bad)
                + " reported an asynchronous NCCL error or abort; the other ranks are collateral",
        fix="read the first NCCL WARN on those hosts (NCCL_DEBUG=WARN is enough) and `ncclkit analyze` it",
        cause=None, evidence={"communicator": comm.hash,
                              "ranks": [{"rank": r.rank, "async_error": r.async_error, "abort": r.abort} for r in bad]})]
