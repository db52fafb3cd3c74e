"""`ncclkit plan` arithmetic against hand-computed cases and the 2xH200 reference figures."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from ncclkit.cli.main import main
from ncclkit.errors import NcclkitError
from ncclkit.plan import Strategy, bench_bandwidth, constant_bandwidth, plan_step
from ncclkit.plan.bandwidth import line_rate_bandwidth

MIB = 1024 * 1024


def _plan(**kw):
    base = {"num_params": 163_000_000, "world_size": 2, "strategy": Strategy.DDP,
            "grad_dtype": "fp32", "param_dtype": "fp32", "bandwidth": constant_bandwidth(3.5)}
    return plan_step(**{**base, **kw})


def test_reference_socket_case() -> None:
    # data/measurements/README.md: 652 MB of fp32 grads at 3.5 GB/s busbw on 2 ranks -> ~186 ms.
    p = _plan()
    assert p.comm_bytes_per_step == 652_000_000
    assert p.comm_time_ms == pytest.approx(652e6 / 3.5e9 * 1e3)  # all_reduce on 2 ranks: F = 1
    assert 180 < p.comm_time_ms < 190


def test_ddp_eight_ranks_uses_the_busbw_factor() -> None:
    # 1e9 fp32 params = 4 GB all-reduced on 8 ranks at 100 GB/s busbw: 4e9 * 2*7/8 / 100e9 = 70 ms.
    p = _plan(num_params=10**9, world_size=8, bandwidth=constant_bandwidth(100))
    assert p.comm_time_ms == pytest.approx(70.0)
    (op,) = p.ops
    assert op.collective == "all_reduce" and op.num_messages == -(-4 * 10**9 // (25 * MIB))


def test_fsdp_volume_and_time() -> None:
    # bf16 params and grads, 1e9 params, 4 ranks, 50 GB/s: AG 2 GB twice + RS 2 GB, each
    # 2e9 * 3/4 / 50e9 = 30 ms -> 90 ms, 6 GB.
    p = _plan(num_params=10**9, world_size=4, strategy=Strategy.FSDP, grad_dtype="bf16",
              param_dtype="bf16", bandwidth=constant_bandwidth(50))
    assert [o.collective for o in p.ops] == ["all_gather", "all_gather", "reduce_scatter"]
    assert p.comm_bytes_per_step == 6 * 10**9
    assert p.comm_time_ms == pytest.approx(90.0)


@pytest.mark.parametrize("strategy,weights,grads,optimizer", [
    # 1000 params on 4 GPUs, bf16 weights and grads: AdamW 12 B/param (fp32 master, m, v).
    (Strategy.DDP, 2000, 2000, 12000),
    (Strategy.ZERO1, 2000, 2000, 3000),
    (Strategy.ZERO2, 2000, 500, 3000),
    (Strategy.ZERO3, 500, 500, 3000),
    (Strategy.FSDP, 500, 500, 3000),
])
def test_memory_per_gpu(strategy, weights, grads, optimizer) -> None:
    p = _plan(num_params=1000, world_size=4, strategy=strategy, grad_dtype="bf16",
              param_dtype="bf16")
    m = p.memory
    assert (m.weights_bytes, m.grads_bytes, m.optimizer_bytes) == (weights, grads, optimizer)
    assert m.total_bytes == weights + grads + optimizer


def test_memory_fp32_has_no_master_copy_and_shards_round_up() -> None:
    p = _plan(num_params=1001, world_size=4, strategy=Strategy.ZERO3)
    # ceil(1001/4) = 251 params per shard: fp32 weights 4 B, grads 4 B, m+v 8 B.
    assert (p.memory.weights_bytes, p.memory.grads_bytes, p.memory.optimizer_bytes) == \
        (1004, 1004, 2008)


def test_zero12_volume() -> None:
    p = _plan(num_params=1000, world_size=2, strategy=Strategy.ZERO2, grad_dtype="fp32",
              param_dtype="bf16")
    assert [(o.collective, o.size_bytes) for o in p.ops] == [("reduce_scatter", 4000),
                                                           ("all_gather", 2000)]


def test_single_gpu_has_no_communication() -> None:
    p = _plan(world_size=1)
    assert p.ops == () and p.comm_time_ms == 0


def test_bench_interpolation_and_bucket_lookup(tmp_path: Path) -> None:
    bench = {"schema_version": 1, "samples": [
        {"collective": "all_reduce", "size_bytes": 1 * MIB, "busbw_gbps": 1.0},
        {"collective": "all_reduce", "size_bytes": 4 * MIB, "busbw_gbps": 3.0, "in_place": True},
        {"collective": "all_reduce", "size_bytes": 4 * MIB, "busbw_gbps": 5.0},
        {"collective": "all_reduce", "size_bytes": 16 * MIB, "busbw_gbps": 99.0, "wrong": 3},
        {"collective": "all_gather", "size_bytes": 1 * MIB, "busbw_gbps": 7.0},
    ]}
    path = tmp_path / "bench.json"
    path.write_text(json.dumps(bench))
    bw = bench_bandwidth(path)
    assert bw.busbw_gbps("all_reduce", 2 * MIB) == pytest.approx(2.5)  # halfway in log2, mean 4
    assert bw.busbw_gbps("all_reduce", 64 * MIB) == pytest.approx(4.0)  # clamped; wrong row skipped
    assert bw.busbw_gbps("all_reduce", 1) == pytest.approx(1.0)
    assert bw.busbw_gbps("all_gather", 8 * MIB) == pytest.approx(7.0)
    assert bw.busbw_gbps("reduce_scatter", 2 * MIB) == pytest.approx(2.5)  # falls back to all_reduce
    # 10 MiB of grads in 2 MiB buckets at 2.5 GB/s, 2 ranks: 5 x 2 MiB / 2.5e9.
    p = _plan(num_params=10 * MIB // 4, bucket_bytes=2 * MIB, bandwidth=bw)
    assert p.comm_time_ms == pytest.approx(10 * MIB / 2.5e9 * 1e3)


def test_reference_nccl_tests_socket_table_predicts_186ms(data: Path, tmp_path: Path) -> None:
    # The forced-socket nccl-tests table, as bench samples: 3.53 GB/s at 32 MiB, 3.08 at 8 MiB.
    rows = []
    for line in (data / "measurements/nccl-tests-allreduce-2xH200-forced-socket.txt").read_text(
            ).splitlines():
        parts = line.split()
        if len(parts) > 8 and parts[0].isdigit():
            rows.append({"collective": "all_reduce", "size_bytes": int(parts[0]),
                         "busbw_gbps": float(parts[7])})
    path = tmp_path / "b.json"
    path.write_text(json.dumps({"schema_version": 1, "samples": rows}))
    p = _plan(num_params=163_000_000, bandwidth=bench_bandwidth(path))
    assert 177 * 0.85 < p.comm_time_ms < 177 * 1.15  # the measured 177 ms, within 15%


def test_line_rate() -> None:
    bw = line_rate_bandwidth(line_rate_gbits=400, nics_per_node=8, efficiency=0.9)
    assert bw.busbw_gbps("all_reduce", 1) == pytest.approx(360.0)


@pytest.mark.parametrize("content,match", [
    ("not json", "not JSON"), ('{"samples": []}', "samples"),
    ('{"samples": [{"collective": "all_reduce"}]}', r"samples\[0\]"),
    ('{"samples": [{"collective": "all_reduce", "size_bytes": 8, "busbw_gbps": 0}]}', "positive"),
])
def test_bad_bench_files(tmp_path: Path, content: str, match: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(NcclkitError, match=match):
        bench_bandwidth(path)


def _cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["plan", *argv])
    return code, out.getvalue()


def test_cli_contract_keys_and_preset() -> None:
    code, text = _cli("--model-size", "163m", "--world-size", "2", "--busbw-gbps", "3.5", "--json")
    assert code == 0
    data = json.loads(text)
    assert data["schema_version"] == 1
    assert set(data["memory_per_gpu_bytes"]) == {"weights", "grads", "optimizer", "total"}
    assert isinstance(data["comm_bytes_per_step"], int) and 650e6 < data["comm_bytes_per_step"] < 655e6
    assert 185 < data["comm_time_ms"] < 188


def test_cli_nodes_and_errors(capsys) -> None:
    code, text = _cli("--params", "1.4B", "--gpus-per-node", "8", "--nodes", "2", "--strategy",
                      "zero3", "--line-rate-gbits", "400", "--nics-per-node", "8", "--json")
    assert code == 0 and json.loads(text)["world_size"] == 16
    assert _cli("--params", "lots", "--world-size", "2", "--busbw-gbps", "1")[0] == 2
    assert _cli("--params", "1M", "--world-size", "0", "--busbw-gbps", "1")[0] == 2
    assert _cli("--params", "1M", "--world-size", "2", "--busbw-gbps", "-1")[0] == 2
    assert _cli("--params", "1M", "--world-size", "2", "--bench", "/nonexistent.json")[0] == 2
    assert "fix:" in capsys.readouterr().err
