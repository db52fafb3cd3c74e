"""NCCL-or-gloo choice of the pairwise bandwidth test, NCCL pair results, and the bounds around the
NCCL pair worker: a real child process that hangs or dies, a real store barrier that times out."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from ncclkit.cluster.bandwidth import BandwidthRun, judge_run
from ncclkit.cluster.bw_backend import (
    BackendChoice,
    NodeBwStatus,
    choose_backend,
    local_wants_worker,
    resolve_iters,
)
from ncclkit.cluster.launchenv import ClusterEnv
from ncclkit.cluster.nccl_pairs import PairSide, PairWorker, merge_sides, store_barrier
from ncclkit.cluster.pairs import PairResult, judge_pairs, plan_pass2, slow_pairs
from ncclkit.cluster.rendezvous import PeerTimeout, Session

HELLO = {"ready": True, "device": 0, "bus_id": "0000:18:00.0", "nccl_version": 22809}


def _gpu(rank: int, error: str | None = None) -> NodeBwStatus:
    return NodeBwStatus(rank=rank, gpus=8, nccl_in_torch=True, worker_error=error,
                        worker=None if error else HELLO)


def _label(r: int) -> str:
    return f"node{r}/rank{r}"


def test_every_node_ready_measures_with_nccl() -> None:
    choice = choose_backend("auto", [_gpu(0), _gpu(1), _gpu(2)], _label)
    assert choice == BackendChoice(backend="nccl")
    assert resolve_iters(None, "nccl") == 20 and resolve_iters(None, "gloo") == 4
    assert resolve_iters(7, "nccl") == 7


def test_cpu_node_means_gloo_without_warning() -> None:
    cpu = NodeBwStatus(rank=1, gpus=0, nccl_in_torch=False)
    choice = choose_backend("auto", [_gpu(0), cpu], _label)
    assert (choice.backend, choice.warn) == ("gloo", False)
    assert choice.reason == "no visible CUDA GPU on node1/rank1"
    assert not local_wants_worker("auto", 0, True)


def test_failed_worker_on_gpu_cluster_falls_back_with_warning() -> None:
    choice = choose_backend("auto", [_gpu(0), _gpu(1, "RuntimeError: CUDA error: no device")],
                            _label)
    assert (choice.backend, choice.warn) == ("gloo", True)
    assert "NCCL pair worker on node1/rank1 failed: RuntimeError: CUDA error" in choice.reason
    torchless = NodeBwStatus(rank=0, gpus=8, nccl_in_torch=False)
    assert choose_backend("auto", [torchless, _gpu(1)], _label).reason == \
        "torch without NCCL on node0/rank0"


def test_asked_for_nccl_on_cpu_nodes_warns_and_gloo_when_asked() -> None:
    cpu = [NodeBwStatus(rank=r, gpus=0, nccl_in_torch=False) for r in range(2)]
    assert choose_backend("nccl", cpu, _label).warn
    choice = choose_backend("gloo", [_gpu(0), _gpu(1)], _label)
    assert (choice.backend, choice.warn) == ("gloo", False)
    assert not local_wants_worker("gloo", 8, True) and local_wants_worker("auto", 1, True)


def _ok(a_us: float, b_us: float, bi_us: float, size: int = 16 << 20) -> dict:
    return {"ok": True, "a_to_b_us": a_us, "b_to_a_us": b_us, "bidir_us": bi_us,
            "count": size // 4, "algbw_bytes": size}


def test_merge_sides_busbw_and_errors() -> None:
    size = 16 << 20
    sides = [PairSide(a=0, b=1, role=0, reply=_ok(419.43, 838.86, 500.0)),
             PairSide(a=0, b=1, role=1, reply=_ok(419.43, 838.86, 500.0)),
             PairSide(a=2, b=3, role=1, reply={"ok": False, "error": "ncclCommInitRank failed"}),
             PairSide(a=2, b=3, role=0, reply={"ok": False, "error": "no answer within 10 s"})]
    good, bad = merge_sides(sides, _label)
    # sendrecv busbw factor is 1: bytes / time
    assert good.a_to_b_gbps == pytest.approx(size / 419.43e-6 / 1e9)
    assert good.b_to_a_gbps == pytest.approx(good.a_to_b_gbps / 2)
    assert good.busbw_gbps == pytest.approx(size / 500e-6 / 1e9) and good.error is None
    assert (bad.a, bad.b, bad.gbps) == (2, 3, 0.0)
    assert bad.error == ("node2/rank2: no answer within 10 s; "
                         "node3/rank3: ncclCommInitRank failed")
    # one end failed after the exchange: the other end's figures stand
    [half] = merge_sides([PairSide(a=0, b=1, role=0, reply={"ok": False, "error": "x"}),
                          PairSide(a=0, b=1, role=1, reply=_ok(100.0, 100.0, 100.0))], _label)
    assert half.error is None and half.a_to_b_gbps > 0


def _r(a: int, b: int, gbps: float, error: str | None = None) -> PairResult:
    return PairResult(a=a, b=b, a_to_b_gbps=gbps, b_to_a_gbps=gbps, error=error)


def test_failed_pair_is_an_error_even_without_baseline() -> None:
    [f] = judge_pairs([_r(0, 1, 0.0, "NCCL error 6")], [], _label, "nccl")
    assert (f.id, f.severity, f.subject) == ("cluster.pair_failed", "error",
                                             "node0/rank0<->node1/rank1")
    assert "NCCL between node0/rank0 and node1/rank1 failed: NCCL error 6" in f.message


def test_failed_pair_is_a_suspect_for_pass_two_and_does_not_skew_the_median() -> None:
    pass1 = [_r(0, 1, 45.0), _r(2, 3, 0.0, "timeout"), _r(4, 5, 44.0)]
    assert slow_pairs(pass1) == [pass1[1]]  # median over 45 and 44, not over the 0
    assert plan_pass2(pass1, slow_pairs(pass1)) == [[(0, 2), (1, 3)]]
    pass2 = [_r(0, 2, 0.0, "timeout"), _r(1, 3, 46.0)]
    [f] = judge_pairs(pass1, pass2, _label, "nccl")
    assert f.id == "cluster.pair_failed"
    assert "node2/rank2 is slow with every partner" in f.message
    assert f.evidence["pass2"][0] == {"pair": "node0/rank0<->node2/rank2", "gbps": 0.0,
                                      "error": "timeout"}


def test_bandwidth_section_names_backend_network_and_nodes() -> None:
    status = [_gpu(0), _gpu(1)]
    observed = {"network": "IB", "transports": ["NET/IB/GDRDMA"], "gdr": True, "logs": []}
    run = BandwidthRun(choice=BackendChoice(backend="nccl"), iters=20, warmup_iters=5,
                       pass1=[PairResult(a=0, b=1, a_to_b_gbps=48.1, b_to_a_gbps=47.9,
                                         busbw_gbps=95.0)],
                       pass2=[], nodes=[(s, observed) for s in status])
    section, findings = judge_run(run, _label, "auto", 1 << 24)
    assert findings == []
    assert (section["backend"], section["op"], section["network"]) == ("nccl", "sendrecv", "IB")
    assert section["fallback_reason"] is None
    assert section["pairs"] == [{"pass": 1, "a": "node0/rank0", "b": "node1/rank1",
                                 "a_to_b_gbps": 48.1, "b_to_a_gbps": 47.9, "busbw_gbps": 95.0}]
    assert [(n["node"], n["bus_id"], n["network"]) for n in section["nodes"]] == [
        ("node0/rank0", "0000:18:00.0", "IB"), ("node1/rank1", "0000:18:00.0", "IB")]
    fallback = BandwidthRun(choice=choose_backend("nccl", [NodeBwStatus(rank=0, gpus=0,
                                                                        nccl_in_torch=False)],
                                                  _label), iters=4, warmup_iters=None,
                            pass1=[], pass2=[])
    section, findings = judge_run(fallback, _label, "nccl", 1 << 24)
    assert section["backend"] == "gloo" and section["network"] is None
    assert [(f.id, f.severity) for f in findings] == [("cluster.bandwidth_fallback", "warning")]


def _worker(tmp_path: Path, code: str) -> PairWorker:
    return PairWorker([sys.executable, "-c", code], {}, tmp_path / "w.stderr")


def test_hung_worker_is_killed_at_the_deadline(tmp_path: Path) -> None:
    w = _worker(tmp_path, "import time; time.sleep(60)")
    start = time.monotonic()
    reply = w.read(1.0, "bandwidth pass 1 round 1, NCCL with node1/rank1")
    assert time.monotonic() - start < 5
    assert not reply["ok"] and reply["error"] == (
        "bandwidth pass 1 round 1, NCCL with node1/rank1: no answer from the NCCL worker "
        "within 1 s (killed)")
    assert w.proc.poll() is not None


def test_dead_worker_reports_its_exit_and_last_stderr_line(tmp_path: Path) -> None:
    w = _worker(tmp_path, "import sys; print('{\"ready\": true}', flush=True); "
                          "sys.stdin.readline(); sys.stderr.write('NCCL WARN boom\\n'); sys.exit(3)")
    assert w.read(10, "start") == {"ready": True}
    assert w.send({"cmd": "pair"})
    reply = w.read(10, "pair")
    assert reply["error"] == "pair: the NCCL worker exited with code 3: NCCL WARN boom"


def test_real_pair_worker_without_cuda_says_why(tmp_path: Path) -> None:
    import torch

    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA: the worker would start")
    spec = {"device": 0, "master_addr": "127.0.0.1", "master_port": 1, "prefix": "x/",
            "timeout_s": 5}
    w = PairWorker([sys.executable, "-m", "ncclkit.cluster.pair_worker", json.dumps(spec)],
                   {**__import__("os").environ}, tmp_path / "w.stderr")
    hello = w.read(60, "NCCL worker start")
    w.close()
    assert hello["ready"] is False
    assert "CUDA" in hello["error"] or "cuda" in hello["error"], hello


def test_store_barrier_names_the_rank_that_never_came() -> None:
    from ncclkit.procspawn import free_port

    cenv = ClusterEnv(rank=0, world_size=3, master_addr="127.0.0.1", master_port=free_port(),
                      launcher="env", agent_store=False, store_prefix="t/")
    session = Session(cenv, 5.0)
    try:
        session.set_json("bw/r/1", 1)  # rank 1 arrived, rank 2 did not
        session.store.add("bw/r/count", 1)
        start = time.monotonic()
        with pytest.raises(PeerTimeout, match=r"round 1: no word from rank2 by the deadline"):
            store_barrier(session, "bw/r", time.monotonic() + 0.5, "round 1")
        assert time.monotonic() - start < 3
    finally:
        session.close()
