"""The pairwise bandwidth phase over NCCL on one host with 2 GPUs, as two simulated nodes
(NCCL_HOSTID=node0/node1, one GPU each, so NCCL goes through its network transport between them):
a healthy pair measured with NCCL, and a pair whose one end cannot start NCCL reported as failed
within the timeout while its other end hangs in ncclCommInitRank."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import have_gpu

from ncclkit.procspawn import free_port

REPO = Path(__file__).resolve().parents[2]


def _two_gpus() -> bool:
    if not have_gpu():
        return False
    import torch

    return torch.cuda.is_available() and torch.cuda.device_count() >= 2


pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not _two_gpus(), reason="needs 2 NVIDIA GPUs")]


def _run_pair(tmp_path: Path, timeout_s: int, rank1_env: dict[str, str] | None = None,
              ) -> tuple[list[int], list[str], dict]:
    port = free_port()
    procs = []
    for r in (0, 1):
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("RANK", "WORLD_SIZE", "MASTER_", "LOCAL_RANK", "TORCHELASTIC"))}
        env.update(RANK=str(r), WORLD_SIZE="2", MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port),
                   NCCL_HOSTID=f"node{r}", CUDA_VISIBLE_DEVICES=str(r),
                   PYTHONPATH=str(REPO / "src"), NCCL_NVLS_ENABLE="0")
        if r == 1 and rank1_env:
            env.update(rank1_env)
        cmd = [sys.executable, "-m", "ncclkit", "cluster", "--json", "-v", "--timeout",
               str(timeout_s), "--proof", "off", "--probe-port", str(free_port()),
               "--log-dir", str(tmp_path / "logs"), "--bw-size", str(32 << 20)]
        procs.append(subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True, cwd=tmp_path))
    outs = [p.communicate(timeout=3 * timeout_s + 60) for p in procs]
    codes = [p.returncode for p in procs]
    assert outs[0][0].strip(), f"no report from rank 0: {outs[0][1]}"
    return codes, [e for _, e in outs], json.loads(outs[0][0])


def test_pair_measured_with_nccl(tmp_path: Path) -> None:
    codes, errs, report = _run_pair(tmp_path, 60)
    bw = report["bandwidth"]
    print(json.dumps(bw, indent=1))
    assert codes == [0, 0], errs
    assert bw["backend"] == "nccl" and bw["fallback_reason"] is None, bw
    assert bw["op"] == "sendrecv" and bw["iters"] == 20 and bw["warmup_iters"] == 5
    # Two host ids on one machine without RDMA devices: NCCL's socket transport, or IB where
    # the machine has HCAs; never P2P/SHM, which need one host id.
    assert bw["network"] in ("Socket", "IB"), bw["network"]
    assert all(not t.startswith(("P2P", "SHM")) for n in bw["nodes"] for t in n["transports"])
    [pair] = bw["pairs"]
    assert "error" not in pair, pair
    assert pair["a_to_b_gbps"] > 0.05 and pair["b_to_a_gbps"] > 0.05 and pair["busbw_gbps"] > 0.05
    assert len({n["bus_id"] for n in bw["nodes"]}) == 2  # one GPU each, distinct
    assert all(n["nccl_version"] for n in bw["nodes"])
    ids = {f["id"] for f in report["findings"]}
    assert not ids & {"cluster.pair_failed", "cluster.bandwidth_fallback"}, report["findings"]
    logs = [Path(p) for n in bw["nodes"] for p in n["logs"]]
    assert logs and all("Using network" in p.read_text() for p in logs)


def test_failed_nccl_pair_reported_within_the_timeout(tmp_path: Path) -> None:
    timeout_s = 20
    start = time.monotonic()
    # Rank 1's NCCL finds no interface for its bootstrap and fails; rank 0 waits in
    # ncclCommInitRank for a peer that never connects, until its worker is killed.
    codes, errs, report = _run_pair(tmp_path, timeout_s, {"NCCL_SOCKET_IFNAME": "nkbogus0"})
    elapsed_s = time.monotonic() - start
    print(json.dumps(report["bandwidth"], indent=1), f"elapsed {elapsed_s:.1f} s")
    assert codes == [1, 1], errs
    assert report["bandwidth"]["backend"] == "nccl"
    [f] = [f for f in report["findings"] if f["id"] == "cluster.pair_failed"]
    assert f["severity"] == "error"
    # Both ends say what happened to them: rank 1 its NCCL error, rank 0 (stuck in init) the kill.
    assert "/rank1" in f["evidence"]["error"] and "NCCL error" in f["evidence"]["error"]
    assert f"no answer from the NCCL worker within {timeout_s} s (killed)" in f["message"]
    assert elapsed_s < 3 * timeout_s + 45
