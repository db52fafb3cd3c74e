"""Records the cluster check passes between nodes and into its report, and how nodes are named.

A node is named `HOST/rankN`, plus its bootstrap address where known (CONTRACTS.md section 7):
`gpu7/rank1 10.0.0.8`. Records travel through the c10d store as JSON, so each has to/from_json.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ncclkit.facts import NodeFacts

__all__ = ["NodeEntry", "NodeInfo", "ReachRow", "node_label"]


def node_label(rank: int, host: str | None = None, addr: str | None = None) -> str:
    """`gpu7/rank1 10.0.0.8`; `rank1` alone when the host is unknown."""
    name = f"{host}/rank{rank}" if host else f"rank{rank}"
    return f"{name} {addr}" if addr else name


@dataclass(frozen=True, slots=True, kw_only=True)
class NodeInfo:
    """What a node publishes when it joins: who it is and where its probe listener is."""

    rank: int
    host: str
    addr: str  # the local address of its connection to MASTER_ADDR: its bootstrap address
    probe_port: int
    probe_error: str | None = None  # why the listener could not open (port in use...)

    @property
    def label(self) -> str:
        return node_label(self.rank, self.host, self.addr)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NodeInfo:
        return cls(rank=int(data["rank"]), host=str(data["host"]), addr=str(data["addr"]),
                   probe_port=int(data["probe_port"]), probe_error=data.get("probe_error"))


@dataclass(frozen=True, slots=True, kw_only=True)
class ReachRow:
    """One bounded TCP connect: CONTRACTS.md section 7 `reachability` item."""

    src: str
    dst: str
    port: int
    ok: bool
    error: str | None = None
    time_ms: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"src": self.src, "dst": self.dst, "port": self.port, "ok": self.ok,
                "error": self.error}


@dataclass(frozen=True, slots=True, kw_only=True)
class NodeEntry:
    """A node as the cross-node rules see it: its name parts and its facts."""

    rank: int
    host: str
    addr: str | None
    facts: NodeFacts

    @property
    def label(self) -> str:
        return node_label(self.rank, self.host, self.addr)
