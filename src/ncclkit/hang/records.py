"""Records read from hang evidence: what each rank of a process group had issued when it stopped.

One `RankTrace` per rank and source (a flight-recorder dump, or the watchdog lines of one rank);
its `GroupTrace`s hold, per process group, the last enqueued/started/completed sequence numbers and
the recorded collectives. The RAS and Inspector readers have their own records (ras.py,
inspector.py). Every record round-trips through JSON, so that the analyze objects of several files
can be judged together afterwards.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["GroupTrace", "Op", "RankTrace", "short_frame"]


@dataclass(slots=True)
class Op:
    """One recorded collective: its number within the group and what it moved."""

    seq: int
    name: str  # "all_reduce", "broadcast" (profiling_name without "nccl:"/"gloo:")
    in_sizes: list[Any] = field(default_factory=list)
    in_dtypes: list[str] = field(default_factory=list)
    out_sizes: list[Any] = field(default_factory=list)
    out_dtypes: list[str] = field(default_factory=list)
    state: str = ""  # scheduled, started, completed
    frames: list[str] = field(default_factory=list)  # the caller's frames, innermost first

    def signature(self) -> tuple[str, str, str]:
        return (self.name, repr(self.in_sizes) + repr(self.out_sizes), repr(self.in_dtypes) + repr(self.out_dtypes))

    def shape(self) -> str:
        sizes = "x".join(str(s) for s in self.in_sizes[0]) if self.in_sizes and self.in_sizes[0] else "?"
        dtype = self.in_dtypes[0] if self.in_dtypes else "?"
        return f"{self.name}({sizes} {dtype})"


@dataclass(slots=True)
class GroupTrace:
    """A rank's view of one process group."""

    pg_id: str
    name: str = ""
    desc: str = ""
    ranks: list[int] | None = None  # global ranks of the group, when the dump says
    last_enqueued: int | None = None
    last_started: int | None = None
    last_completed: int | None = None
    ops: list[Op] = field(default_factory=list)

    def label(self) -> str:
        return f"{self.name or self.pg_id}({self.desc})" if self.desc else (self.name or self.pg_id)

    def op(self, seq: int) -> Op | None:
        return next((o for o in self.ops if o.seq == seq), None)

    def enqueued(self) -> int:
        """The last sequence number this rank issued (-1: none)."""
        if self.last_enqueued is not None:
            return self.last_enqueued
        return max((o.seq for o in self.ops), default=-1)


@dataclass(slots=True)
class RankTrace:
    rank: int | None
    source: str  # the file it came from
    backend: str = ""  # nccl, gloo (from profiling names)
    host: str | None = None
    pid: int | None = None
    version: str = ""
    groups: dict[str, GroupTrace] = field(default_factory=dict)

    def who(self) -> str:
        name = f"rank{self.rank}" if self.rank is not None else self.source
        return f"{self.host}/{name}" if self.host else name

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> RankTrace:
        groups = {}
        for k, g in (d.get("groups") or {}).items():
            ops = [Op(**o) for o in g.get("ops") or []]
            groups[k] = GroupTrace(**{**g, "ops": ops})
        return cls(**{**d, "groups": groups})


def short_frame(frame: dict[str, Any]) -> str:
    """"train_step (train.py:39)" from a flight-recorder frame {name, filename, line}."""
    path = str(frame.get("filename") or "?")
    return f"{frame.get('name') or '?'} ({path.rsplit('/', 1)[-1]}:{frame.get('line', '?')})"
