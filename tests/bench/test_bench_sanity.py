"""Row sanity (bench.no_time, bench.time_implausible, bench.shared_gpu), the -J document and -I.

Rows are the figures of real runs on one H200 (benchmarks/results/bench-vs-nccl-tests-1xH200-
2026-12-01: --engine torch in graph mode, 0.1-0.2 us a call at every size up to 1 GB; nccl-tests'
16 MB all_reduce in 10.08 us; two ranks on one GPU at 4.5 ms a call).
"""

from __future__ import annotations

import json

import pytest

from ncclkit.bench.ntjson import iter_stats, json_paths, nccl_tests_json
from ncclkit.bench.results import BenchConfig, BenchResult, BenchSample, RankInfo
from ncclkit.bench.sanity import check_sanity, min_traffic_bytes
from ncclkit.bench.table import render_table
from ncclkit.logs.nccl_tests import parse_nccl_tests, parse_nccl_tests_json

H200 = {"gpu_name": "NVIDIA H200", "mem_gbyte": 4915.2, "l2_bytes": 60 * 2**20}


def _rank(rank: int, **kw: object) -> RankInfo:
    base = dict(rank=rank, host="vm", pid=100 + rank, local_rank=rank, device=f"cuda:{rank}",
                bus_id=f"0000:0{rank}:00.0", boot_id="b1", **H200)
    base.update(kw)
    return RankInfo(**base)


def _row(size: int, t: float, in_place: bool = False, coll: str = "all_reduce",
         **kw: object) -> BenchSample:
    base = dict(collective=coll, size_bytes=size, count=size // 4, dtype="float", redop="sum",
                root=-1, in_place=in_place, time_us=t, algbw_gbps=size / t / 1e3,
                busbw_gbps=0.0, wrong=0, checked=True, time_us_min=t, time_us_max=t,
                rank_time_us=(t,))
    base.update(kw)
    return BenchSample(**base)


def _result(samples: list[BenchSample], ranks: list[RankInfo], engine: str = "direct",
            **cfg: object) -> BenchResult:
    config = BenchConfig(min_bytes=8, max_bytes=2**30, step_factor=2, backend="nccl",
                         engine=engine, graph_launches=10, **cfg)
    return BenchResult(nranks=len(ranks), backend="nccl", engine=engine, mode="graph",
                       config=config, nccl_version=22809, ranks=tuple(ranks),
                       samples=tuple(samples))


def test_torch_engine_on_one_rank_is_flagged_not_printed_silently() -> None:
    res = _result([_row(8, 0.1), _row(2**30, 0.1), _row(2**24, 10.08)], [_rank(0)], "torch")
    marked, findings = check_sanity(res)
    ids = {f.id: f for f in findings}
    assert set(ids) == {"bench.no_time", "bench.time_implausible"}
    assert "torch.distributed skips" in ids["bench.no_time"].message
    assert [s.marks for s in marked.samples] == [
        ("bench.no_time",), ("bench.no_time", "bench.time_implausible"), ()]
    assert ids["bench.time_implausible"].evidence["bound"] == "memory"
    assert str(ids["bench.time_implausible"].severity) == "error"


def test_the_l2_cache_may_serve_a_small_working_set() -> None:
    # 1 MB rows rotate through 20 x 2 MB = 40 MB: under the 60 MB L2, so 1.0 us is possible
    res = _result([_row(2**20, 1.0)], [_rank(0)])
    assert check_sanity(res)[1] == []
    # 16 MB in 5.69 us (the old figure) with rotation: 5.9 TB/s, over HBM
    res = _result([_row(2**24, 5.69)], [_rank(0)])
    assert [f.id for f in check_sanity(res)[1]] == ["bench.time_implausible"]


def test_one_rank_in_place_rows_moved_nothing() -> None:
    res = _result([_row(2**20, 0.8, in_place=True), _row(2**20, 2.2)], [_rank(0)])
    marked, findings = check_sanity(res)
    assert [s.marks for s in marked.samples] == [("bench.no_time",), ()]
    assert "one-rank in-place" in findings[0].message or findings[0].evidence["nranks"] == 1
    assert min_traffic_bytes("all_reduce", 100, 1, True) == 0
    assert min_traffic_bytes("all_gather", 100, 2, False) == 100


def test_busbw_over_the_link_rate_is_implausible() -> None:
    row = _row(2**30, 1000.0, busbw_gbps=500.0)
    res = _result([row], [_rank(0), _rank(1)])
    findings = check_sanity(res, line_rate_gbyte=450.0)[1]
    assert [f.id for f in findings] == ["bench.time_implausible"]
    assert findings[0].evidence["bound"] == "link"
    assert check_sanity(res, line_rate_gbyte=477.0)[1] == []  # within 5% of line rate


def test_two_ranks_on_one_gpu_are_named() -> None:
    ranks = [_rank(0, bus_id="0000:00:06.0", local_rank=0, nccl_hostid="host0"),
             _rank(1, bus_id="0000:00:06.0", local_rank=0, nccl_hostid="host1")]
    res = _result([_row(8, 4490.19), _row(8, 4532.76, in_place=True)], ranks)
    marked, findings = check_sanity(res)
    f = {x.id: x for x in findings}["bench.shared_gpu"]
    assert f.evidence == {"ranks": [0, 1], "bus_id": "0000:00:06.0",
                          "nccl_hostid": ["host0", "host1"]}
    assert "NCCL_HOSTID" in f.fix and str(f.root_cause) == "application_bug"
    assert all("bench.shared_gpu" in s.marks for s in marked.samples)
    table = render_table(marked)
    assert "#  ^ suspect row (out-of-place: bench.shared_gpu; in-place: bench.shared_gpu)" in table
    # the marks are comment lines: an nccl-tests reader still gets the row as it is
    assert [r.time_us for r in parse_nccl_tests(table).rows] == [4490.19]
    # same bus id on two machines (boot ids differ) is two GPUs
    other = [_rank(0, bus_id="0000:00:06.0"), _rank(1, bus_id="0000:00:06.0", boot_id="b2")]
    assert check_sanity(_result([_row(8, 30.0)], other))[1] == []


def test_marks_survive_the_json_round_trip() -> None:
    res, _ = check_sanity(_result([_row(8, 0.1)], [_rank(0)], "torch"))
    back = BenchResult.from_json(json.loads(json.dumps(res.to_json())))
    assert back.samples[0].marks == ("bench.no_time",)


def test_json_document_is_nccl_tests_format() -> None:
    rows = [_row(8, 1.08), _row(8, 0.02, in_place=True), _row(2**20, 2.19),
            _row(2**20, 0.03, in_place=True)]
    res, _ = check_sanity(_result(rows, [_rank(0)]))
    doc = json.loads(json.dumps(nccl_tests_json(res, "all_reduce", argv=["-b", "8"], start=0.0,
                                                end=1.0)))
    # top-level and per-row keys of nccl-tests 2.19.6 (src/util.cu, JSON_FILE_VERSION 3)
    assert {"version", "start_time", "args", "env", "nccl_version", "config", "results",
            "out_of_bounds", "average_bus_bandwidth", "errors", "end_time"} <= set(doc)
    assert doc["version"] == 3 and doc["args"][0] == "all_reduce_perf"
    rec = doc["results"][0]
    assert {"size", "count", "type", "redop", "root", "out_of_place", "in_place",
            "actual_iterations", "experiment_name"} <= set(rec)
    assert set(rec["out_of_place"]) == {"time", "alg_bw", "bus_bw", "nwrong"}
    assert rec["root"] == "    -1" and rec["ncclkit_marks"] == ["bench.no_time"]
    assert doc["config"]["devices"][0]["device_hex"] == "0000:00:00"
    parsed = parse_nccl_tests_json(doc)
    assert [(r.size_bytes, r.time_us, r.ip_time_us) for r in parsed.rows] == [
        (8, 1.08, 0.02), (2**20, 2.19, 0.03)]
    assert json_paths("out/r.json", ["all_reduce"]) == {"all_reduce": json_paths(
        "out/r.json", ["all_reduce"])["all_reduce"]}
    assert str(json_paths("out/r.json", ["all_reduce", "sendrecv"])["sendrecv"]) == \
        "out/r-sendrecv_perf.json"


def test_per_iteration_statistics_follow_compute_iter_stats() -> None:
    times = [5.0, 1.0, 4.0, 2.0, 3.0, 100.0]
    st = iter_stats(times)
    # sorted 1 2 3 4 5 100: p50 = sorted[n/2] = 4, p99 index min(n-1, ceil(0.99 n) - 1) = 5
    assert (st.min, st.max, st.p50, st.p99) == (1.0, 100.0, 4.0, 100.0)
    assert st.avg == pytest.approx(115 / 6)
    assert st.cv_pct == pytest.approx(st.stdev / st.avg * 100)
    row = _row(8, 5.2, iter_time_us=(9.0, 5.0, 5.5, 5.1))
    res = _result([row], [_rank(0)], per_iter=True, per_iter_skip=1)
    table = render_table(res)
    assert "i_min" in table and "summary skips first 1 iterations" in table
    line = next(ln for ln in table.splitlines() if ln.strip().startswith("8 "))
    assert line.split()[9:13] == ["5.00", "5.50", "5.50", "4.15"]  # cv: stdev 0.216 of 5.2
    doc = nccl_tests_json(res, "all_reduce", argv=[], start=0.0, end=0.0)
    per = doc["results"][0]["out_of_place_per_iter"]
    assert per["skipped_iterations"] == 1 and per["times_us"] == [9.0, 5.0, 5.5, 5.1]
    assert per["min_us"] == 5.0
