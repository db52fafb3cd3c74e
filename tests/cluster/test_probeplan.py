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
