"""Real result files for the report tests: doctor on the shared fixtures, analyze on the shared
measurements, a bench result judged by bench's own verdict code, and a real 2-rank `ncclkit cluster`
run over loopback."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from ncclkit.bench.results import BenchConfig, BenchResult, BenchSample, RankInfo
from ncclkit.bench.verdict import LinkExpectation, check_result
from ncclkit.doctor import run_doctor
from ncclkit.logs.analyze import analyze_path
from ncclkit.logs.nccl_tests import parse_nccl_tests
from ncclkit.probe.root import NodeRoot


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=1))
    return path


def doctor_json(data: Path, node: str) -> dict[str, Any]:
    return run_doctor(NodeRoot.open(str(data / "nodes" / node))).to_json()


def analyze_json(data: Path) -> list[dict[str, Any]]:
    m = data / "measurements"
    return [analyze_path(m / "nccl-debug-2xH200-nvlink-2.28.9.log"),
            analyze_path(m / "nccl-tests-allreduce-2xH200-nvlink.txt")]


def bench_json(data: Path) -> dict[str, Any]:
    """all_reduce at the sizes of the 2xH200 nccl-tests run, 5% slower, judged against NVLink 4."""
    text = (data / "measurements" / "nccl-tests-allreduce-2xH200-nvlink.txt").read_text()
    rows = parse_nccl_tests(text).rows
    samples = []
    for r in rows:
        t = r.time_us * 1.05
        algbw = r.size_bytes / t / 1e3
        samples.append(BenchSample(collective="all_reduce", size_bytes=r.size_bytes, count=r.count, dtype="float",
                                   redop="sum", root=-1, in_place=False, time_us=t, algbw_gbps=algbw,
                                   busbw_gbps=algbw, wrong=0, checked=True, time_us_min=t, time_us_max=t,
                                   rank_time_us=(t, t)))
    result = BenchResult(nranks=2, backend="nccl", engine="direct", mode="graph", config=BenchConfig(),
                         ranks=(RankInfo(rank=0, host="vm", pid=1, local_rank=0, device="cuda:0"),
                                RankInfo(rank=1, host="vm", pid=2, local_rank=1, device="cuda:1")),
                         samples=tuple(samples))
    exp = LinkExpectation(path="NVLink", line_rate_gbyte=478.0, source="test: 18 NVLink 4 links")
    findings = tuple(check_result(result, exp))
    return dataclasses.replace(result, findings=findings).to_json()


def cluster_json(tmp: Path, port: int) -> dict[str, Any]:
    """Rank 0's JSON of a real two-rank `ncclkit cluster` on loopback (gloo, no GPU needed)."""
    procs = []
    for rank in (0, 1):
        env = {**os.environ, "RANK": str(rank), "WORLD_SIZE": "2", "MASTER_ADDR": "127.0.0.1",
               "MASTER_PORT": str(port)}
        procs.append(subprocess.Popen([sys.executable, "-m", "ncclkit", "cluster", "--json", "--timeout", "30"],
                                      env=env, cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    outs = [p.communicate(timeout=90) for p in procs]
    assert outs[0][0].strip(), f"rank 0 printed nothing: {outs[0][1][-2000:]}"
    return json.loads(outs[0][0])

