"""NCCL RAS reports (`ncclras` text, `ncclras -f json`, or this package's client) -> RasReport records.

Layouts from NCCL's src/ras/client_support.cc (2.28-2.30). The text report names ranks only where
they are outliers ("Rank 1 has launched up to operation 5 -- GPU 0 managed by process 469 on node
10.0.0.2"); groups of ranks are given as counts ("30 ranks have launched up to operation 640").
NCCL 2.28.9's JSON misses the comma after a missing rank's "nvml_dev" (seen in
tests/hang/data/gpu-nccl-2.28.9/ras-dead.json): a value line followed by a key line gets its comma back.
"""

from __future__ import annotations

import json
import re
import textwrap
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["RasComm", "RasError", "RasGroup", "RasRank", "RasReport", "looks_like_ras", "read_ras"]

_TEXT_MARK = re.compile(r"^(?:Job summary|Communicators\.\.\.|Group\s+Comms\s+Nodes)", re.MULTILINE)
_VERSION = re.compile(r"^NCCL version (\S+)", re.MULTILINE)
_COMM_HEAD = re.compile(r"^#(\d+-\d+) \(([0-9a-fA-F]+)\) (\w+)")
_COMM_HEAD_ANY = re.compile(r"^#\d+-\d+ \([0-9a-fA-F]+\) (?:MISMATCH|INCOMPLETE|ERROR)$", re.MULTILINE)
# The job-level DEAD section (ras/client_support.cc): "N job process(es) is/are considered dead (unreachable via the
# RAS network)", the whole report where no communicator answered ("No communicator data collected!").
_DEAD_JOB = re.compile(r"job process(?:es)? (?:is|are) considered dead \(unreachable via the RAS network\)")
_PROCESS = re.compile(r"^\s+Process (\d+) on node (\S+) managing GPUs? (.+?)\s*$")
_RANK = re.compile(r"^\s+Rank (\d+)(?: has launched up to operation (\d+)| (has not launched any operations)|"
                   r" has status (\w+)| reported (.+?))? -- (?:GPUs? (.+?) managed by process (\d+) on node (\S+)|"
                   r"\[process information not found\])\s*$")
_GROUP_COUNT = re.compile(r"^\s+(\d+) ranks (?:have launched up to operation (\d+)|(have not launched any operations)|"
                          r"have status (\w+))")
_COLL = re.compile(r"different (\w+) operation counts")
_MISSING = re.compile(r"^\s+The missing ranks?: ([\d, ]+)$")
# client_support.cc rasClientRunComms (2.24 - 2.30): one row per group of like communicators, "%5d  %8d  %8d  %8s
# %8d  %8d  %8s  %6s" = group, comms in it, nodes per comm, ranks per node ("8" or "4-8"), ranks per comm, ranks in
# the group, status (NOCOMM/INIT/RUNNING/FINALIZE/ABORT), errors (OK, MISMATCH, ERROR, INCOMPLETE, ...).
_GROUP_ROW = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+(?:-\d+)?)\s+(\d+)\s+(\d+)\s+([A-Z]+)\s+([A-Z_]+)\s*$")
_MISSING_COMMA = re.compile(r'([0-9"el\]}])([ \t]*\n[ \t]*")')


class RasError(ValueError):
    """Not a readable RAS report (one-line reason)."""


@dataclass(slots=True)
class RasRank:
    rank: int | None
    host: str | None = None
    pid: int | None = None
    gpu: str | None = None
    counts: dict[str, int] = field(default_factory=dict)  # collective -> operations launched
    status: str | None = None  # INIT/RUNNING/... (text) when RAS lists it
    async_error: int = 0
    abort: bool = False
    dead: bool = False
    unresponsive: bool = False

    def who(self) -> str:
        name = f"rank{self.rank}" if self.rank is not None else f"pid{self.pid}"
        return f"{self.host}/{name}" if self.host else name


@dataclass(slots=True)
class RasComm:
    hash: str
    size: int | None = None
    ranks: list[RasRank] = field(default_factory=list)
    missing: list[RasRank] = field(default_factory=list)
    # text only: per collective, (ranks in the group, operations launched, listed ranks)
    count_groups: dict[str, list[tuple[int, int, list[int]]]] = field(default_factory=dict)
    status_groups: list[tuple[int, str, list[int]]] = field(default_factory=list)


@dataclass(slots=True)
class RasGroup:
    """A row of the text report's communicator table: like communicators counted together."""

    comms: int
    ranks_per_comm: int
    status: str
    errors: str


@dataclass(slots=True)
class RasReport:
    format: str
    nccl_version: str | None = None
    comms: list[RasComm] = field(default_factory=list)
    groups: list[RasGroup] = field(default_factory=list)  # text: the communicator table's rows
    dead: list[RasRank] = field(default_factory=list)  # processes RAS calls dead (text DEAD section)
    timeouts: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def looks_like_ras(head: str) -> bool:
    s = head.lstrip()
    if s.startswith("{"):
        return '"communicators"' in head and '"nccl_version"' in head
    # a whole report, or only its Errors/Warnings part pasted (no header)
    return (bool(_VERSION.search(head)) and len(_TEXT_MARK.findall(head)) >= 2 or bool(_COMM_HEAD_ANY.search(head))
            or bool(_DEAD_JOB.search(head)))


def read_ras(text: str) -> RasReport:
    if text.lstrip().startswith("{"):
        return _read_json(text)
    # A report quoted indented as a whole (NCCL's ras.rst, a reply's block): its own layout starts at column 0.
    text = textwrap.dedent(text)
    if not looks_like_ras(text):
        raise RasError("no RAS report header (Job summary / Communicators)")
    return _read_text(text)


def _read_json(text: str) -> RasReport:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError:
        try:
            raw = json.loads(_MISSING_COMMA.sub(r"\1,\2", text))
        except json.JSONDecodeError as exc:
            raise RasError(f"not complete JSON ({exc}); was the report cut short?") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("communicators"), list):
        raise RasError("no communicators list: not an NCCL RAS JSON report")
    rep = RasReport(format="json", nccl_version=str(raw.get("nccl_version") or "") or None,
                    timeouts=int((raw.get("ras") or {}).get("timeouts_count") or 0))
    for c in raw["communicators"]:
        if not isinstance(c, dict):
            continue
        comm = RasComm(hash=str(c.get("hash") or "?"), size=c.get("size") if isinstance(c.get("size"), int) else None)
        for r in c.get("ranks") or []:
            if isinstance(r, dict):
                st = r.get("status") or {}
                comm.ranks.append(RasRank(
                    rank=r.get("rank"), host=r.get("host"), pid=r.get("pid"), gpu=str(r.get("cuda_dev", "?")),
                    counts={str(k): int(v) for k, v in (r.get("collective_counts") or {}).items()
                            if isinstance(v, int)},
                    async_error=int(st.get("async_error") or 0), abort=bool(st.get("abort_flag"))))
        for r in c.get("missing_ranks") or []:
            if isinstance(r, dict):
                st = r.get("status") or {}
                comm.missing.append(RasRank(
                    rank=r.get("rank"), host=r.get("host"), pid=r.get("pid"), gpu=str(r.get("cuda_dev", "?")),
                    dead=bool(st.get("considered_dead")), unresponsive=bool(st.get("unresponsive"))))
        rep.comms.append(comm)
    return rep


def _rank_from(m: re.Match[str]) -> RasRank:
    return RasRank(rank=int(m.group(1)), gpu=m.group(6), pid=int(m.group(7)) if m.group(7) else None,
                   host=m.group(8))


def _read_text(text: str) -> RasReport:
    v = _VERSION.search(text)
    rep = RasReport(format="text", nccl_version=v.group(1) if v else None)
    block = ""
    comm: RasComm | None = None
    comms: dict[str, RasComm] = {}
    coll = ""
    for line in text.splitlines():
        if line in ("Errors", "Warnings"):
            block, comm = "", None  # a new section: no comm or block of the last one applies
            continue
        head = _COMM_HEAD.match(line)
        if head:
            comm = comms.setdefault(head.group(2), RasComm(hash="0x" + head.group(2).lstrip("0")))
            block, coll = head.group(3), ""
            continue
        row = _GROUP_ROW.match(line) if block.startswith("Group") else None
        if row:
            rep.groups.append(RasGroup(comms=int(row.group(2)), ranks_per_comm=int(row.group(5)),
                                       status=row.group(7), errors=row.group(8)))
            continue
        if line and not line[0].isspace():
            block, comm = line.strip(), None
            if line.startswith("TIMEOUT"):
                rep.timeouts = max(rep.timeouts, 1)
            continue
        p = _PROCESS.match(line)
        if p and block in ("DEAD", "INCOMPLETE"):  # INCOMPLETE: a process that sent RAS no data (ras.rst)
            rep.dead.append(RasRank(rank=None, pid=int(p.group(1)), host=p.group(2), gpu=p.group(3),
                                    dead=block == "DEAD", unresponsive=block == "INCOMPLETE"))
            continue
        m = _MISSING.match(line)
        if m and comm is not None and block == "INCOMPLETE":  # "The missing rank: 21" (no process named)
            comm.missing.extend(RasRank(rank=int(r)) for r in re.findall(r"\d+", m.group(1)))
            continue
        if comm is None:
            continue
        c = _COLL.search(line)
        if c:
            coll = c.group(1)
            comm.count_groups.setdefault(coll, [])
            continue
        g = _GROUP_COUNT.match(line)
        if g:
            if g.group(4):
                comm.status_groups.append((int(g.group(1)), g.group(4), []))
            elif coll:
                comm.count_groups[coll].append((int(g.group(1)), int(g.group(2) or 0), []))
            continue
        r = _RANK.match(line)
        if not r:
            continue
        rank = _rank_from(r)
        assert rank.rank is not None  # _rank_from reads it from the line
        if block == "INCOMPLETE":
            comm.missing.append(rank)
        elif r.group(4):  # "Rank R has status S"
            rank.status = r.group(4)
            comm.status_groups.append((1, r.group(4), [rank.rank]))
            comm.ranks.append(rank)
        elif r.group(2) or r.group(3):  # "Rank R has launched up to operation K" (a group of one)
            if coll:
                comm.count_groups[coll].append((1, int(r.group(2) or 0), [rank.rank]))
                rank.counts[coll] = int(r.group(2) or 0)
            comm.ranks.append(rank)
        elif r.group(5):  # "Rank R reported <error>"
            rank.async_error = 1
            comm.ranks.append(rank)
        else:  # a member of the group counted on the line before
            groups = comm.count_groups.get(coll) if coll else None
            if groups:
                groups[-1][2].append(rank.rank)
                rank.counts[coll] = groups[-1][1]
            elif comm.status_groups:
                comm.status_groups[-1][2].append(rank.rank)
            comm.ranks.append(rank)
    for comm in comms.values():
        for gone in comm.missing:
            if gone.pid is None and len(rep.dead) == 1 and len(comm.missing) == 1:  # the one process RAS named
                named = rep.dead[0]
                gone.pid, gone.host, gone.gpu, gone.unresponsive = named.pid, named.host, named.gpu, named.unresponsive
            gone.dead = any(d.dead and d.pid == gone.pid and d.host == gone.host for d in rep.dead)
    rep.comms = list(comms.values())
    return rep
