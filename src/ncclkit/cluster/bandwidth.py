"""Measure pairwise bandwidth in rounds: over NCCL where every node can (bw_backend), else gloo.

Every rank runs the same rounds from the same plan; the plan of pass 2 is decided on rank 0
(pairs.plan_pass2) and broadcast. Over NCCL each pair is timed by the two nodes' pair workers
(nccl_pairs). Over gloo (the nodes' TCP path), in a pair (a, b) a sends `size_bytes` `iters`
times to b, then b to a, each message timed up to a one-byte acknowledgement; ranks outside the
round's pairs wait at the round's barrier.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ncclkit.cluster.bw_backend import (
    BackendChoice,
    NodeBwStatus,
    choose_backend,
    fallback_finding,
    local_wants_worker,
    resolve_iters,
)
from ncclkit.cluster.nccl_pairs import WorkerSlot, merge_sides, run_nccl_rounds
from ncclkit.cluster.pair_worker import DEFAULT_WARMUP_ITERS
from ncclkit.cluster.pairs import (
    Pair,
    PairResult,
    judge_pairs,
    plan_pass1,
    plan_pass2,
    slow_pairs,
)
from ncclkit.cluster.rendezvous import Session, bounded_call
from ncclkit.findings import Finding

if TYPE_CHECKING:
    from ncclkit.cluster.runner import ClusterOptions

__all__ = ["BandwidthRun", "judge_run", "run_pair_passes"]


@dataclass(frozen=True, slots=True, kw_only=True)
class BandwidthRun:
    """Rank 0's view of the phase: the transport, the two passes and each node's NCCL side."""

    choice: BackendChoice
    iters: int
    warmup_iters: int | None  # NCCL only; gloo's first message warms up
    pass1: list[PairResult]
    pass2: list[PairResult]
    nodes: list[tuple[NodeBwStatus, dict[str, Any] | None]] = field(default_factory=list)


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
                    assert ab is not None  # a sent a->b, so a timed it
                    # b's timing of b->a is kept on b; a reports a->b and fetches b->a below.
                    back = torch.zeros(1, dtype=torch.float64)
                    dist.recv(back, b)
                    mine.append(PairResult(a=a, b=b, a_to_b_gbps=float(ab), b_to_a_gbps=float(back)))
                else:
                    dist.send(torch.tensor([ba], dtype=torch.float64), a)
            dist.barrier()

        bounded_call(work, session.timeout_s + 5, f"bandwidth round {i + 1}")
    return mine


def _visible_gpus() -> int:
    import torch

    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def _device(gpus: int) -> int:
    """One GPU per node: LOCAL_RANK's where the launcher set it and it exists, else the first."""
    raw = os.environ.get("LOCAL_RANK", "0")
    local = int(raw) if raw.isdigit() else 0
    return local if local < gpus else 0


def _local_status(session: Session, opts: ClusterOptions,
                  host: str) -> tuple[NodeBwStatus, WorkerSlot | None]:
    gpus = _visible_gpus()
    nccl = bool(session.dist.is_nccl_available())
    if not local_wants_worker(opts.bw_backend, gpus, nccl):
        return NodeBwStatus(rank=session.cenv.rank, gpus=gpus, nccl_in_torch=nccl), None
    slot = WorkerSlot(session, _device(gpus), opts.log_dir, host)
    error = slot.start()
    status = NodeBwStatus(rank=session.cenv.rank, gpus=gpus, nccl_in_torch=nccl,
                          worker_error=error, worker=slot.hello)
    return status, slot if error is None else None


def _exchange_choice(session: Session, requested: str, status: NodeBwStatus,
                     label: Callable[[int], str]) -> tuple[BackendChoice, list[NodeBwStatus]]:
    """Every node's status to rank 0, which picks the transport and tells everyone."""
    statuses = session.gather(status, "bandwidth transport check") or []
    box: list[Any] = [choose_backend(requested, statuses, label) if session.cenv.rank == 0
                      else None]
    bounded_call(lambda: session.dist.broadcast_object_list(box, src=0), session.timeout_s + 5,
                 "bandwidth transport choice")
    return box[0], statuses


def run_pair_passes(session: Session, opts: ClusterOptions, host: str,
                    label: Callable[[int], str]) -> BandwidthRun | None:
    """Both passes on every rank; the BandwidthRun on rank 0, None elsewhere."""
    if session.cenv.world_size < 2:
        return BandwidthRun(choice=BackendChoice(backend="gloo", reason="one node: no pairs"),
                            iters=resolve_iters(opts.bw_iters, "gloo"), warmup_iters=None,
                            pass1=[], pass2=[])
    status, slot = _local_status(session, opts, host)
    try:
        choice, statuses = _exchange_choice(session, opts.bw_backend, status, label)
        if choice.backend != "nccl" and slot is not None:
            slot.close()
            slot = None
        iters = resolve_iters(opts.bw_iters, choice.backend)
        size = opts.bw_size_bytes

        def measure(rounds: list[list[Pair]], pass_no: int) -> list[Any]:
            if choice.backend == "nccl":
                return run_nccl_rounds(session, slot, rounds, pass_no, size, iters,
                                       DEFAULT_WARMUP_ITERS, label)
            return _run_rounds(session, rounds, size, iters)

        def combine(parts: list[Any] | None) -> list[PairResult]:
            flat = [r for part in parts or [] for r in part]
            return merge_sides(flat, label) if choice.backend == "nccl" else flat

        ranks = list(range(session.cenv.world_size))
        pass1 = combine(session.gather(measure(plan_pass1(ranks), 1), "bandwidth pass 1 results"))
        plan = [plan_pass2(pass1, slow_pairs(pass1))] if session.cenv.rank == 0 else [None]
        bounded_call(lambda: session.dist.broadcast_object_list(plan, src=0),
                     session.timeout_s + 5, "bandwidth pass 2 plan")
        p2_rounds = plan[0]
        assert p2_rounds is not None  # rank 0's plan, received by every rank
        p2_mine = measure(p2_rounds, 2)
        observed = slot.observed() if slot is not None else None
        gathered = session.gather((p2_mine, observed), "bandwidth pass 2 results")
    finally:
        if slot is not None:
            slot.close()
    if session.cenv.rank != 0 or gathered is None:
        return None
    return BandwidthRun(choice=choice, iters=iters,
                        warmup_iters=DEFAULT_WARMUP_ITERS if choice.backend == "nccl" else None,
                        pass1=pass1, pass2=combine([part for part, _ in gathered]),
                        nodes=list(zip(statuses, [obs for _, obs in gathered], strict=True)))


def _pair_json(p: PairResult, label: Callable[[int], str], pass_no: int) -> dict[str, Any]:
    out: dict[str, Any] = {"pass": pass_no, "a": label(p.a), "b": label(p.b),
                           "a_to_b_gbps": round(p.a_to_b_gbps, 3),
                           "b_to_a_gbps": round(p.b_to_a_gbps, 3)}
    if p.busbw_gbps is not None:
        out["busbw_gbps"] = round(p.busbw_gbps, 3)
    if p.error is not None:
        out["error"] = p.error
    return out


def judge_run(run: BandwidthRun, label: Callable[[int], str], requested: str, size_bytes: int,
              ) -> tuple[dict[str, Any], list[Finding]]:
    """The report's `bandwidth` section and the phase's findings."""
    backend = run.choice.backend
    nodes = []
    for status, observed in run.nodes:
        row = status.to_json(label(status.rank))
        if observed is not None:
            row.update(observed)
        nodes.append(row)
    networks = sorted({n["network"] for n in nodes if n.get("network")})
    section: dict[str, Any] = {
        "backend": backend, "fallback_reason": run.choice.reason if backend == "gloo" else None,
        # NCCL: each direction is one-way ncclSend/ncclRecv, busbw_gbps both at once (nccl-tests
        # sendrecv_perf with 2 ranks); gloo: each direction is send + one-byte acknowledgement.
        "op": "sendrecv" if backend == "nccl" else "send",
        "network": ",".join(networks) or None,
        "size_bytes": size_bytes, "iters": run.iters, "warmup_iters": run.warmup_iters,
        "pairs": [_pair_json(p, label, 1) for p in run.pass1]
        + [_pair_json(p, label, 2) for p in run.pass2],
        "nodes": nodes}
    findings = judge_pairs(run.pass1, run.pass2, label, backend)
    if run.choice.warn:
        findings.append(fallback_finding(run.choice, requested))
    return section, findings
