"""NCCL Inspector output (profiler plugin, plugins/profiler/inspector/README.md, format v4.0) -> findings.

One JSON object per completed collective and communicator: header {id, rank, n_ranks, nnodes},
metadata {hostname, pid, ...}, coll_perf {coll, coll_sn, ...}. The Inspector writes only completed
operations, so per communicator a rank whose last coll_sn is behind the others' is the one that did not
finish; a rank with no record at all is reported missing (its file may also just not have been given).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity

__all__ = ["InspectorRank", "judge_inspector", "looks_like_inspector", "read_inspector"]


@dataclass(slots=True)
class InspectorRank:
    comm: str
    rank: int
    n_ranks: int | None
    host: str | None
    pid: int | None
    last_sn: int
    last_coll: str

    def who(self) -> str:
        return f"{self.host}/rank{self.rank}" if self.host else f"rank{self.rank}"


def looks_like_inspector(head: str) -> bool:
    s = head.lstrip()
    return s.startswith("{") and '"coll_perf"' in head and '"header"' in head


def _objects(text: str):
    dec = json.JSONDecoder()
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t\r\n,":
            i += 1
        if i >= n:
            return
        try:
            obj, i = dec.raw_decode(text, i)
        except json.JSONDecodeError:
            nl = text.find("\n", i)  # a torn last line (the file is appended while the job runs)
            if nl < 0:
                return
            i = nl + 1
            continue
        yield obj


def read_inspector(text: str) -> list[InspectorRank]:
    last: dict[tuple[str, int], InspectorRank] = {}
    for obj in _objects(text):
        if not isinstance(obj, dict):
            continue
        h, meta, perf = obj.get("header") or {}, obj.get("metadata") or {}, obj.get("coll_perf") or {}
        if not isinstance(h, dict) or not isinstance(perf, dict) or not isinstance(h.get("rank"), int):
            continue
        sn = perf.get("coll_sn")
        if not isinstance(sn, int):
            continue
        key = (str(h.get("id")), h["rank"])
        if key not in last or sn >= last[key].last_sn:
            last[key] = InspectorRank(comm=key[0], rank=key[1], n_ranks=h.get("n_ranks"),
                                      host=meta.get("hostname") if isinstance(meta, dict) else None,
                                      pid=meta.get("pid") if isinstance(meta, dict) else None,
                                      last_sn=sn, last_coll=str(perf.get("coll")))
    return list(last.values())


def judge_inspector(ranks: list[InspectorRank]) -> list[Finding]:
    out: list[Finding] = []
    for comm in sorted({r.comm for r in ranks}):
        rs = sorted((r for r in ranks if r.comm == comm), key=lambda r: r.rank)
        n = max((r.n_ranks or 0) for r in rs)
        seen = {r.rank for r in rs}
        missing = [i for i in range(n) if i not in seen]
        if missing and len(seen) > 1:
            out.append(Finding(
                id="hang.rank_missing", severity=Severity.WARNING, subject=",".join(f"rank{i}" for i in missing),
                message=f"communicator {comm}: no Inspector record from rank(s) {missing} of {n}",
                fix="pass every rank's Inspector file (NCCL_INSPECTOR_DUMP_DIR on each node); a rank that never "
                    "completed one collective has none", cause=Cause.RANK_CRASHED_ELSEWHERE,
                evidence={"communicator": comm, "n_ranks": n, "seen": sorted(seen)}))
        top = max(r.last_sn for r in rs)
        behind = [r for r in rs if r.last_sn < top]
        if behind and len(rs) > 1:
            out.append(_behind(comm, behind, rs, top))
    return out


def _behind(comm: str, behind: list[InspectorRank], rs: list[InspectorRank], top: int) -> Finding:
    ev: dict[str, Any] = {"communicator": comm, "last_coll_sn": {r.who(): r.last_sn for r in rs}}
    where = "; ".join(f"{r.who()} (pid {r.pid}) last completed {r.last_coll} #{r.last_sn}" for r in behind)
    return Finding(
        id="hang.rank_not_launched", severity=Severity.ERROR, subject=",".join(r.who() for r in behind),
        message=f"communicator {comm}: the others completed up to collective #{top}; {where}",
        fix="look at what those ranks did after that collective: their log, and `py-spy dump --pid PID` if alive",
        cause=Cause.HANG_COLLECTIVE_MISMATCH, evidence=ev)
