"""Measure pairwise bandwidth in rounds over the run's process group (gloo: the nodes' TCP path).

Every rank runs the same rounds from the same plan; in a pair (a, b), a sends `size_bytes`
`iters` times to b, then b to a, each message timed up to a one-byte acknowledgement. Ranks
outside the round's pairs wait at the round's barrier. The plan of pass 2 is decided on rank 0
(pairs.plan_pass2) and broadcast.
"""

from __future__ import annotations

import time
from typing import Any

from ncclkit.cluster.pairs import Pair, PairResult, plan_pass1, plan_pass2, slow_pairs
from ncclkit.cluster.rendezvous import Session, bounded_call

__all__ = ["run_pair_passes"]


def _one_way(dist: Any, torch: Any, src: int, dst: int, me: int, size_bytes: int,
             iters: int) -> float | None:
    """GB/s from src to dst as measured on src (None on dst): the best of `iters` timed messages,
    each up to a one-byte acknowledgement, so one scheduling hiccup on a busy host does not
    make a healthy pair look slow."""
    buf = torch.empty(size_bytes, dtype=torch.uint8)
    ack = torch.zeros(1, dtype=torch.uint8)
    best_s = float("inf")
    for i in range(iters + 1):  # message 0 warms up: connection set-up and page faults
        if me == src:
            start = time.perf_counter()
            dist.send(buf, dst)
            dist.recv(ack, dst)
            if i:
                best_s = min(best_s, time.perf_counter() - start)
        else:
            dist.recv(buf, src)
            dist.send(ack, src)
    return size_bytes / best_s / 1e9 if me == src else None


def _run_rounds(session: Session, rounds: list[list[Pair]], size_bytes: int,
                iters: int) -> list[PairResult]:
    """This rank's measured pairs (only where it is `a`), after all rounds."""
    import torch

    dist, me = session.dist, session.cenv.rank
    mine: list[PairResult] = []
    for i, rnd in enumerate(rounds):
        pair = next((p for p in rnd if me in p), None)

        def work(pair: Pair | None = pair) -> None:
            if pair is not None:
                a, b = pair
                ab = _one_way(dist, torch, a, b, me, size_bytes, iters)
                ba = _one_way(dist, torch, b, a, me, size_bytes, iters)
                if me == a:
                    # b's timing of b->a is kept on b; a reports a->b and fetches b->a below.
                    back = torch.zeros(1, dtype=torch.float64)
                    dist.recv(back, b)
                    mine.append(PairResult(a=a, b=b, a_to_b_gbps=float(ab), b_to_a_gbps=float(back)))
                else:
                    dist.send(torch.tensor([ba], dtype=torch.float64), a)
            dist.barrier()

        bounded_call(work, session.timeout_s + 5, f"bandwidth round {i + 1}")
    return mine


def run_pair_passes(session: Session, size_bytes: int,
                    iters: int) -> tuple[list[PairResult], list[PairResult]] | None:
    """(pass 1, pass 2) results on rank 0, None elsewhere."""
    ranks = list(range(session.cenv.world_size))
    p1_mine = _run_rounds(session, plan_pass1(ranks), size_bytes, iters)
    gathered = session.gather(p1_mine, "bandwidth pass 1 results")
    pass1 = [r for part in gathered or [] for r in part]
    plan = [plan_pass2(pass1, slow_pairs(pass1))] if session.cenv.rank == 0 else [None]
    bounded_call(lambda: session.dist.broadcast_object_list(plan, src=0), session.timeout_s + 5,
                 "bandwidth pass 2 plan")
    p2_mine = _run_rounds(session, plan[0], size_bytes, iters)
    gathered = session.gather(p2_mine, "bandwidth pass 2 results")
    if session.cenv.rank != 0:
        return None
    return pass1, [r for part in gathered or [] for r in part]
