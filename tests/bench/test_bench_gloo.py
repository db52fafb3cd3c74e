"""The whole harness on CPUs: gloo with 2-4 local ranks, as `ncclkit bench --nproc N` runs it."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from ncclkit.bench.collectives import COLLECTIVES
from ncclkit.bench.dist import spawn_local
from ncclkit.bench.results import BenchConfig, BenchResult
from ncclkit.bench.table import render_table
from ncclkit.cli.main import main

torch = pytest.importorskip("torch")
TESTS = str(Path(__file__).resolve().parents[1])


@pytest.fixture(scope="module")
def three_ranks() -> BenchResult:
    cfg = BenchConfig(collectives=tuple(COLLECTIVES), min_bytes=64, max_bytes=16384,
                      step_factor=16, iters=3, warmup_iters=1, backend="gloo", timeout_s=60)
    return BenchResult.from_json(spawn_local(cfg.to_json(), 3, timeout_s=90))


def test_every_collective_is_checked_and_right(three_ranks: BenchResult) -> None:
    res = three_ranks
    assert res.nranks == 3 and res.backend == "gloo" and res.mode == "eager"
    names = {s.collective for s in res.samples}
    assert names == set(COLLECTIVES)
    for s in res.samples:
        unchecked = s.in_place and s.collective in ("alltoall", "sendrecv")
        assert s.checked is (not unchecked), s
        assert s.wrong == 0, s


def test_bandwidth_uses_nccl_tests_definitions(three_ranks: BenchResult) -> None:
    for s in three_ranks.samples:
        coll = COLLECTIVES[s.collective]
        sizing = coll.sizing(s.size_bytes if not coll.shards else s.count * 3 * 4, 4, 3)
        assert sizing.count == s.count
        assert s.algbw_gbps == pytest.approx(sizing.algbw_bytes / (s.time_us * 1e3))
        assert s.busbw_gbps == pytest.approx(s.algbw_gbps * coll.busbw_factor(3))
        assert len(s.rank_time_us) == 3
        assert s.time_us_min <= s.time_us <= s.time_us_max
        assert s.time_us == pytest.approx(sum(s.rank_time_us) / 3)


def test_json_has_the_contract_shape(three_ranks: BenchResult) -> None:
    doc = json.loads(json.dumps(three_ranks.to_json()))
    assert doc["schema_version"] == 1 and doc["nranks"] == 3
    assert doc["backend"] == "gloo" and doc["mode"] in ("graph", "eager")
    need = {"collective": str, "size_bytes": int, "dtype": str, "time_us": float,
            "algbw_gbps": float, "busbw_gbps": float, "in_place": bool, "wrong": int,
            "time_us_min": float, "time_us_max": float}
    for s in doc["samples"]:
        for key, typ in need.items():
            assert isinstance(s[key], typ), (key, s[key])
    assert isinstance(doc["findings"], list)
    assert BenchResult.from_json(doc) == three_ranks


def test_table_reads_back_through_our_nccl_tests_parser(three_ranks: BenchResult) -> None:
    from ncclkit.logs.nccl_tests import parse_nccl_tests

    text = render_table(three_ranks)
    blocks = re.findall(r"# ncclkit bench .*?# Collective test concluded: \w+", text, re.S)
    assert len(blocks) == len(COLLECTIVES)
    for block in blocks:
        parsed = parse_nccl_tests(block)
        ours = [s for s in three_ranks.samples if s.collective == parsed.collective]
        assert ours, parsed.collective
        assert parsed.nranks == 3
        assert parsed.wrong_total in (0, None)
        by_size = {(s.size_bytes, s.in_place): s for s in ours}
        assert len(parsed.rows) == len(ours) // 2
        for row in parsed.rows:
            oop, ip = by_size[(row.size_bytes, False)], by_size[(row.size_bytes, True)]
            assert row.count == oop.count and row.type == "float"
            assert row.time_us == pytest.approx(oop.time_us, rel=1e-3)
            assert row.busbw_gbps == pytest.approx(oop.busbw_gbps, abs=0.006)
            assert row.ip_time_us == pytest.approx(ip.time_us, rel=1e-3)
            assert row.redop == ("sum" if COLLECTIVES[parsed.collective].reduces else "none")


def test_a_corrupted_result_is_caught(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    # the ranks must import this ncclkit too (PYTHONPATH may point at a checkout's src)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        p for p in (TESTS, os.environ.get("PYTHONPATH")) if p))
    rc = main(["bench", "--nproc", "2", "-c", "bench_faulty:FAULTY_ALL_REDUCE", "-b", "256",
               "-e", "1K", "-f", "4", "-n", "2", "--json", "--timeout", "60"])
    doc = json.loads(capsys.readouterr().out)
    assert rc == 1
    assert [s["wrong"] for s in doc["samples"]] == [1, 1, 1, 1]  # rank 1, element 0, each row
    ids = {f["id"]: f for f in doc["findings"]}
    assert ids["bench.wrong_results"]["severity"] == "error"


def test_four_ranks_through_the_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["bench", "--nproc", "4", "-c", "all_gather,reduce_scatter", "-b", "4K", "-e", "4K",
               "-n", "2", "--timeout", "60"])
    out = capsys.readouterr().out
    assert rc == 0
    assert out.count("#  Rank ") == 8  # 4 ranks x 2 blocks
    rows = [ln.split() for ln in out.splitlines() if ln.strip() and not ln.startswith("#")]
    assert [r[:3] for r in rows] == [["4096", "256", "float"]] * 2
    for r in rows:  # busbw = algbw x 3/4
        assert float(r[7]) == pytest.approx(float(r[6]) * 0.75, abs=0.011)


def test_json_file_reads_back_like_the_table(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "res.json"
    rc = main(["bench", "--nproc", "2", "-c", "all_reduce,sendrecv", "-b", "64", "-e", "1K",
               "-f", "4", "-n", "2", "-J", str(out), "--timeout", "60"])
    table = capsys.readouterr().out
    assert rc == 0
    from ncclkit.logs.nccl_tests import parse_nccl_tests, parse_nccl_tests_json

    blocks = table.split("# Collective test starting: ")[1:]
    for name, block in zip(("all_reduce", "sendrecv"), blocks, strict=True):
        doc = json.loads((tmp_path / f"res-{name}_perf.json").read_text())
        assert doc["version"] == 3 and doc["config"]["iterations"] == 2
        got = [(r.size_bytes, r.time_us) for r in parse_nccl_tests_json(doc).rows]
        want = [(r.size_bytes, r.time_us) for r in parse_nccl_tests(block).rows]
        assert [s for s, _ in got] == [s for s, _ in want] == [64, 256, 1024]
        # the table rounds to 7 characters (2 decimals, 1 from 10000 us): compare to that
        assert all(t == pytest.approx(w, rel=1e-4, abs=0.006) for (_, t), (_, w) in zip(got, want))


def test_per_iteration_timing_needs_eager_gpus(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["bench", "--nproc", "2", "-b", "64", "-e", "64", "-I", "1"])
    err = capsys.readouterr().err
    assert rc == 2 and "-I 1" in err and "--eager" in err
    assert "Traceback" not in err


def test_streamed_table_is_the_whole_table(three_ranks: BenchResult) -> None:
    """TableStream fed size by size (as run_rank hands rows on) prints render_table's text."""
    import dataclasses

    from ncclkit.bench.table import TableStream

    out: list[str] = []
    stream = TableStream(out.append)
    shell = dataclasses.replace(three_ranks, samples=())
    samples = list(three_ranks.samples)
    for i in range(0, len(samples), 2):  # out-of-place, in-place: one size
        pair = samples[i:i + 2]
        assert pair[0].size_bytes == pair[1].size_bytes and not pair[0].in_place
        stream.rows(shell, pair)
    assert len(out) == len(samples) // 2  # one write a size, header and footers riding along
    assert "".join(out) + stream.finish(three_ranks) == render_table(three_ranks)
    marked = dataclasses.replace(three_ranks, samples=(
        dataclasses.replace(samples[0], marks=("bench.no_time",)), *samples[1:]))
    stream = TableStream(out.append)
    stream.rows(shell, samples[:2])
    tail = stream.finish(marked)
    assert tail.endswith(f"#  ^ suspect row {samples[0].collective} {samples[0].size_bytes} B "
                         "(out-of-place: bench.no_time): see the findings below\n")
    assert "# Collective test concluded" in tail


def test_a_port_taken_before_rank_0_listens_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    """free_port() lets its port go before rank 0's store binds it; when another process takes
    it in between, the ranks are started again on another port instead of failing the run."""
    import socket  # noqa: PLC0415

    import ncclkit.bench.dist as dist_mod  # noqa: PLC0415

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    picks = [int(taken.getsockname()[1])]
    real = dist_mod.free_port
    monkeypatch.setattr(dist_mod, "free_port", lambda: picks.pop() if picks else real())
    cfg = BenchConfig(collectives=("all_reduce",), min_bytes=64, max_bytes=64, iters=1,
                      warmup_iters=0, backend="gloo", timeout_s=30)
    try:
        res = BenchResult.from_json(spawn_local(cfg.to_json(), 2, timeout_s=60))
    finally:
        taken.close()
    assert not picks  # the taken port was tried first
    assert [s.size_bytes for s in res.samples if not s.in_place] == [64]
