"""The probe plan and the attribution of failed probes to nodes (pure)."""

from __future__ import annotations

import pytest

from ncclkit.cluster.probeplan import Failure, attribute, slow_nodes, targets


def test_full_mesh_up_to_the_threshold() -> None:
    ranks = list(range(8))
    assert targets(3, ranks, seed=1, mesh_max=8) == [0, 1, 2, 4, 5, 6, 7]


@pytest.mark.parametrize("n", [65, 1000, 10000])
def test_sampled_plan_is_constant_per_node_and_covers_everyone_twice(n: int) -> None:
    ranks = list(range(n))
    plan = {r: targets(r, ranks, seed=42) for r in ranks}
    assert max(len(t) for t in plan.values()) <= 6
    probed_by: dict[int, int] = {r: 0 for r in ranks}
    for r, ts in plan.items():
        assert r not in ts
        assert {(r - 1) % n, (r + 1) % n} <= set(ts)  # ring neighbours, always
        for t in ts:
            probed_by[t] += 1
    assert min(probed_by.values()) >= 2


def test_seed_repeats_and_changes_the_draw() -> None:
    ranks = list(range(200))
    assert targets(7, ranks, seed=5) == targets(7, ranks, seed=5)
    assert any(targets(r, ranks, seed=5) != targets(r, ranks, seed=6) for r in ranks)


def _fail(src: int, dst: int, kind: str = "probe") -> Failure:
    return Failure(src=src, dst=dst, port_kind=kind, port=29501, error="no answer")


def test_blocked_node_is_named_not_its_pairs() -> None:
    # 5 nodes full mesh; node 3 drops incoming connections: everyone else fails on it only.
    ok = {r: {d for d in range(5) if d not in (r, 3)} for r in range(5) if r != 3}
    ok[3] = {0, 1, 2, 4}
    att = attribute([_fail(s, 3) for s in (0, 1, 2, 4)], ok)
    assert list(att.blocked_in) == [(3, "probe")] and not att.pairs and not att.blocked_out


def test_one_bad_pair_stays_a_pair() -> None:
    ok = {r: {d for d in range(4) if d != r} for r in range(4)}
    ok[1].discard(2)
    att = attribute([_fail(1, 2)], ok)
    assert not att.blocked_in and not att.blocked_out
    assert att.pairs == [_fail(1, 2)]


def test_node_that_cannot_connect_out() -> None:
    ok = {r: {d for d in range(4) if d not in (r,)} for r in range(4)}
    ok[2] = set()
    att = attribute([_fail(2, d) for d in (0, 1, 3)], ok)
    assert list(att.blocked_out) == [2] and not att.blocked_in and not att.pairs


def test_ephemeral_range_blocked_but_probe_port_open() -> None:
    ok = {r: {d for d in range(4) if d != r} for r in range(4)}
    att = attribute([_fail(s, 1, "ephemeral") for s in (0, 2, 3)], ok)
    assert list(att.blocked_in) == [(1, "ephemeral")]


def test_slow_node_needs_both_directions_slow() -> None:
    # ring 0->1->2->3->4->0; node 2's link is throttled: 1->2 and 2->3 are slow.
    transfers = [(0, 1, 900.0), (1, 2, 5.0), (2, 3, 4.0), (3, 4, 1100.0), (4, 0, 1000.0)]
    assert list(slow_nodes(transfers)) == [2]
    # three nodes, one throttled: two of the three streams are slow, node 2 still stands out
    assert list(slow_nodes([(0, 1, 900.0), (1, 2, 5.0), (2, 0, 6.0)])) == [2]
    # one slow stream alone names nobody (it could be the other end's)
    assert slow_nodes([(0, 1, 900.0), (1, 2, 5.0), (2, 3, 800.0), (3, 0, 1000.0)]) == {}


def test_slow_node_rule_is_linear_enough_for_a_fleet() -> None:
    import time

    # 10,000 nodes, two streams out each, one throttled node: named, in well under a second.
    n = 10_000
    transfers = [(r, (r + k) % n, 5.0 if 7 in (r, (r + k) % n) else 900.0 + r % 50) for r in range(n)
                 for k in (1, 2)]
    start = time.monotonic()
    assert list(slow_nodes(transfers)) == [7]
    assert time.monotonic() - start < 2.0


def test_connects_to_a_node_that_died_are_counted_not_judged() -> None:
    # Node 3 joined, then died in the reachability phase: the connects to it failed, its own summary
    # never came. Without `gone` they read as a closed port on node 3 (or per pair).
    from ncclkit.cluster.model import NodeInfo
    from ncclkit.cluster.reachphase import judge_summaries

    infos = {r: NodeInfo(rank=r, host=f"n{r}", addr=f"10.0.0.{r + 1}", probe_port=29501) for r in range(4)}
    refused = "connect: [Errno 111] Connection refused"

    def summary(r: int) -> dict:
        fails = [{"src": f"10.0.0.{r + 1}", "dst_rank": 3, "dst": "10.0.0.4", "port_kind": "probe", "port": 29501,
                  "ok": False, "error": refused}]
        ok_to = [d for d in range(3) if d != r]
        return {"failures": fails, "ok_to": ok_to, "connects": 3, "ok": 2, "rows": [], "bulk": []}

    summaries = {r: summary(r) for r in range(3)}
    label = lambda r: infos[r].label  # noqa: E731
    judged, _, _ = judge_summaries(summaries, infos, label, False)
    assert [f.id for f in judged] == ["cluster.unreachable"]
    found, _, counts = judge_summaries(summaries, infos, label, False, frozenset({3}))
    assert found == [] and counts["failed"] == 3 and counts["failed_to_missing"] == 3
