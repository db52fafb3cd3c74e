"""Pairwise bandwidth schedule and verdicts (pure): which node pairs to test in which round, and
which pair, node or link is slow.

As cluster health checks do, pass 1 splits the nodes into disjoint pairs that run at the same time
(each node in one pair per round, so the fabric is loaded like a real job's rings). A pair well
below the median is suspect; pass 2 pairs each suspect node with a node whose pass-1 pair was good:
a node slow with a good partner too is the slow node, two nodes fine with others share a slow link.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ncclkit.findings import Finding, Severity

__all__ = ["SLOW_FRACTION", "PairResult", "judge_pairs", "plan_pass1", "plan_pass2", "slow_pairs"]

# A pair below this share of the median pair bandwidth is "well below the others'". Healthy pairs
# on one fabric land within ~10-20% of each other; a downtrained link or a sick node is 2x+ off.
SLOW_FRACTION = 0.6

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class PairResult:
    a: int
    b: int
    a_to_b_gbps: float
    b_to_a_gbps: float
    busbw_gbps: float | None = None  # NCCL: both ways at once, nccl-tests sendrecv_perf busbw
    error: str | None = None  # NCCL: the pair could not be measured (both directions are 0)

    @property
    def gbps(self) -> float:
        """The slower direction: the one a ring through this pair is held to."""
        return min(self.a_to_b_gbps, self.b_to_a_gbps)


def plan_pass1(ranks: Sequence[int]) -> list[list[Pair]]:
    """Disjoint pairs in one round; an odd node out gets a second round with the first node."""
    ranks = list(ranks)
    if len(ranks) < 2:
        return []
    rounds = [[(ranks[i], ranks[i + 1]) for i in range(0, len(ranks) - 1, 2)]]
    if len(ranks) % 2:
        rounds.append([(ranks[0], ranks[-1])])
    return rounds


def _median_gbps(results: Sequence[PairResult]) -> float | None:
    """Median of the measured pairs; None with fewer than 2 (no baseline)."""
    measured = [r.gbps for r in results if r.error is None]
    return statistics.median(measured) if len(measured) >= 2 else None


def _is_bad(r: PairResult, median: float | None, fraction: float) -> bool:
    return r.error is not None or (median is not None and r.gbps < fraction * median)


def slow_pairs(results: Sequence[PairResult], fraction: float = SLOW_FRACTION) -> list[PairResult]:
    """Failed pairs, and pairs below fraction x the median of the measured pairs (none of these
    with fewer than 2 measured pairs: no baseline)."""
    median = _median_gbps(results)
    return [r for r in results if _is_bad(r, median, fraction)]


def plan_pass2(pass1: Sequence[PairResult], slow: Sequence[PairResult]) -> list[list[Pair]]:
    """Rounds pairing each suspect node with a good node (spread over the good ones), skipping
    pairs already measured in pass 1."""
    suspects = sorted({r for p in slow for r in (p.a, p.b)})
    good = sorted({r for p in pass1 for r in (p.a, p.b)} - set(suspects))
    if not good:
        return []
    done = {frozenset((p.a, p.b)) for p in pass1}
    todo = [(g, s) for i, s in enumerate(suspects) for g in [good[i % len(good)]]
            if frozenset((g, s)) not in done]
    rounds: list[list[Pair]] = []
    for pair in todo:  # greedy: a node takes part in at most one pair per round
        for rnd in rounds:
            if not {pair[0], pair[1]} & {r for p in rnd for r in p}:
                rnd.append(pair)
                break
        else:
            rounds.append([pair])
    return rounds


def judge_pairs(pass1: Sequence[PairResult], pass2: Sequence[PairResult],
                label: Callable[[int], str], backend: str,
                fraction: float = SLOW_FRACTION) -> list[Finding]:
    """cluster.slow_pair for every slow pass-1 pair and cluster.pair_failed for every pair NCCL
    could not measure, saying whether a node or the link is to blame."""
    slow = slow_pairs(pass1, fraction)
    if not slow:
        return []
    everything = [*pass1, *pass2]
    # Pass 2 is judged against pass 1's median: its pairs are mostly suspects, so their own
    # median would be low and hide them.
    median = _median_gbps(pass1)
    bad_pairs = {frozenset((p.a, p.b)) for p in everything if _is_bad(p, median, fraction)}

    def fine_with_others(node: int, other: int) -> bool | None:
        """True: fast with some third node; False: slow with every third node; None: untested."""
        seen = [frozenset((r.a, r.b)) not in bad_pairs for r in everything
                if node in (r.a, r.b) and other not in (r.a, r.b)]
        return any(seen) if seen else None

    out: list[Finding] = []
    for p in slow:
        a_ok, b_ok = fine_with_others(p.a, p.b), fine_with_others(p.b, p.a)
        if a_ok and b_ok:
            verdict = (f"both nodes are fast with other partners: the link or path between "
                       f"{label(p.a)} and {label(p.b)} is slow")
            fix = "check the cables, switch ports and routes between these two nodes"
        elif a_ok is False or b_ok is False:
            culprits = [label(r) for r, ok in ((p.a, a_ok), (p.b, b_ok)) if ok is False]
            verdict = f"{' and '.join(culprits)} is slow with every partner: that node is slow"
            fix = ("run `ncclkit doctor` on that node (port rate, PCIe link, GDR) and check its "
                   "NIC counters; drain it if it stays slow")
        else:
            verdict = "not enough good nodes to tell whether a node or the link is slow"
            fix = "re-run with more nodes, or test each of the two nodes against a known good one"
        if p.error is not None:
            out.append(_failed_finding(p, label, verdict, fix, backend, pass2))
            continue
        assert median is not None  # a measured pair is only slow against a baseline
        out.append(Finding(
            id="cluster.slow_pair", severity=Severity.WARNING,
            subject=f"{label(p.a)}<->{label(p.b)}",
            message=f"{p.gbps:.2f} GB/s between {label(p.a)} and {label(p.b)}, under "
                    f"{fraction:.0%} of the median pair ({median:.2f} GB/s); {verdict}",
            evidence={"gbps": round(p.gbps, 3), "a_to_b_gbps": round(p.a_to_b_gbps, 3),
                      "b_to_a_gbps": round(p.b_to_a_gbps, 3), "median_gbps": round(median, 3),
                      "backend": backend,
                      "pass2": [{"pair": f"{label(r.a)}<->{label(r.b)}", "gbps": round(r.gbps, 3)}
                                for r in pass2 if {r.a, r.b} & {p.a, p.b}]},
            fix=fix))
    return out


def _failed_finding(p: PairResult, label: Callable[[int], str], verdict: str, fix: str,
                    backend: str, pass2: Sequence[PairResult]) -> Finding:
    return Finding(
        id="cluster.pair_failed", severity=Severity.ERROR, subject=f"{label(p.a)}<->{label(p.b)}",
        message=f"{backend.upper()} between {label(p.a)} and {label(p.b)} failed: {p.error}; "
                f"{verdict}",
        evidence={"error": p.error, "backend": backend,
                  "pass2": [{"pair": f"{label(r.a)}<->{label(r.b)}", "gbps": round(r.gbps, 3),
                             "error": r.error} for r in pass2 if {r.a, r.b} & {p.a, p.b}]},
        fix=f"{fix}; the NCCL logs of both nodes (--log-dir, nccl-bw-*.log) say where it stopped")
