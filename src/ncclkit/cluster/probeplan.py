"""Which peers each node probes, and which node or pair a set of failed probes points to (pure).

A full mesh costs N(N-1) connects and as many report rows: 4,032 at 64 nodes, about a million at
1,000. Up to MESH_MAX_NODES nodes every node still probes every other (one round of at most 64
parallel connects, the matrix a person can read). Above it each node probes its two ring
neighbours plus RANDOM_PEERS peers drawn from a seeded generator (the seed is printed, so a run can
be repeated): every node is then probed by at least two others (its ring neighbours), which is what
lets a blocked node be told from one bad pair, and each node's work is constant in N.

Attribution, from the failed and the good probes together:
- a node that at least two different peers failed to reach on a port while those peers reached
  others is blocked inbound (a firewall on that node, a dead listener);
- a node whose own probes failed towards at least two nodes that others reached is blocked
  outbound;
- any other failure is a pair: both ends work with others.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

__all__ = ["MESH_MAX_NODES", "RANDOM_PEERS", "Attribution", "Failure", "attribute", "slow_nodes",
           "targets"]

MESH_MAX_NODES = 64
RANDOM_PEERS = 4
# A node whose bulk transfers in both directions run below this share of the median transfer is
# slow. Looser than the bandwidth pass's 0.6: these are single TCP streams of a few MiB, timed on
# hosts that may be busy; a throttled or downtrained link is 10x+ off, scheduling noise is not.
SLOW_SHARE = 0.25


def targets(rank: int, ranks: Sequence[int], seed: int, mesh_max: int = MESH_MAX_NODES,
            random_peers: int = RANDOM_PEERS) -> list[int]:
    """The ranks `rank` probes: all others up to mesh_max nodes, else ring neighbours + random."""
    others = [r for r in ranks if r != rank]
    if len(ranks) <= mesh_max:
        return others
    order = sorted(ranks)
    i = order.index(rank)
    chosen = {order[(i - 1) % len(order)], order[(i + 1) % len(order)]}
    rng = random.Random(f"{seed}:{rank}")  # str seeds hash deterministically (not PYTHONHASHSEED)
    pool = [r for r in others if r not in chosen]
    chosen.update(rng.sample(pool, min(random_peers, len(pool))))
    return sorted(chosen)


@dataclass(frozen=True, slots=True)
class Failure:
    src: int
    dst: int
    port_kind: str  # "probe" | "ephemeral"
    port: int
    error: str


@dataclass(slots=True)
class Attribution:
    """Node-level verdicts first; what is left are pair failures."""

    blocked_in: dict[tuple[int, str], list[Failure]] = field(default_factory=dict)
    blocked_out: dict[int, list[Failure]] = field(default_factory=dict)
    pairs: list[Failure] = field(default_factory=list)


def attribute(failures: Iterable[Failure], ok: dict[int, set[int]]) -> Attribution:
    """Name blocked nodes from failed probes; `ok[src]` is the set of dsts src reached."""
    failures = list(failures)
    reached_by: dict[int, set[int]] = defaultdict(set)
    for src, dsts in ok.items():
        for dst in dsts:
            reached_by[dst].add(src)
    out = Attribution()
    by_dst: dict[tuple[int, str], list[Failure]] = defaultdict(list)
    by_src: dict[int, list[Failure]] = defaultdict(list)
    for f in failures:
        by_dst[(f.dst, f.port_kind)].append(f)
        by_src[f.src].append(f)
    taken: set[Failure] = set()
    for src, fs in sorted(by_src.items()):
        # Blocked outbound: its targets answered others, so the fault is on this node's side.
        dsts = {f.dst for f in fs}
        if len(dsts) >= 2 and all(reached_by[d] - {src} for d in dsts) and not ok.get(src):
            out.blocked_out[src] = fs
            taken.update(fs)
    for key, fs in sorted(by_dst.items()):
        fs = [f for f in fs if f not in taken]
        srcs = {f.src for f in fs}
        # Sources that reached some other node: the fault is not theirs.
        healthy = {s for s in srcs if ok.get(s, set()) - {key[0]}}
        if len(healthy) >= 2:
            out.blocked_in[key] = fs
            taken.update(fs)
    out.pairs = [f for f in failures if f not in taken]
    return out


def slow_nodes(transfers: Sequence[tuple[int, int, float]]) -> dict[int, tuple[float, float]]:
    """Nodes whose every bulk transfer (src, dst, MB/s), in and out, is below SLOW_SHARE of the
    median of the transfers that do not involve them (so one slow node among three still stands
    out); value: (its best transfer, that median)."""
    involved: dict[int, list[float]] = defaultdict(list)
    for src, dst, mbps in transfers:
        involved[src].append(mbps)
        involved[dst].append(mbps)
    # One sorted list for all nodes: each node's median skips its own few streams by position, so
    # rank 0's work stays N log N at fleet scale (not a re-sort of every stream per node).
    everyone = sorted(t[2] for t in transfers)
    out: dict[int, tuple[float, float]] = {}
    for node, rates in sorted(involved.items()):
        if len(rates) < 2 or len(everyone) == len(rates):
            continue
        median = _median_without(everyone, rates)
        if max(rates) < SLOW_SHARE * median:
            out[node] = (max(rates), median)
    return out


def _median_without(ordered: list[float], removed: list[float]) -> float:
    """ordered[len // 2] of `ordered` (sorted) once the values `removed` (each present) are taken out."""
    skip = sorted(bisect_left(ordered, v) for v in removed)
    for i in range(1, len(skip)):  # equal values sit at consecutive positions
        skip[i] = max(skip[i], skip[i - 1] + 1)
    k = (len(ordered) - len(removed)) // 2
    for pos in skip:
        if pos <= k:
            k += 1
    return ordered[k]
