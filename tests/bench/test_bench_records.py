"""Collective records without torch: nccl-tests' busbw factors, size/count columns, and the formats."""

from __future__ import annotations

import pytest

from ncclkit.bench.collectives import COLLECTIVES, busbw_gbps, get_collective
from ncclkit.bench.results import BenchConfig
from ncclkit.bench.table import float_str
from ncclkit.errors import NcclkitError

# CONTRACTS.md section 6 / nccl-tests src/*.cu <Coll>GetBw
FACTORS = {"all_reduce": lambda n: 2 * (n - 1) / n, "all_gather": lambda n: (n - 1) / n,
           "reduce_scatter": lambda n: (n - 1) / n, "alltoall": lambda n: (n - 1) / n,
           "broadcast": lambda n: 1.0, "reduce": lambda n: 1.0, "sendrecv": lambda n: 1.0}


@pytest.mark.parametrize("name", sorted(FACTORS))
@pytest.mark.parametrize("n", [2, 3, 4, 8, 16])
def test_busbw_factor_matches_nccl_tests(name: str, n: int) -> None:
    assert COLLECTIVES[name].busbw_factor(n) == pytest.approx(FACTORS[name](n))


def test_every_issue_collective_is_there() -> None:
    assert set(COLLECTIVES) == set(FACTORS)


def test_sharded_sizes_round_to_16_bytes_like_nccl_tests() -> None:
    # all_gather_perf -b 1000 on 3 ranks, float: count = 250, base = 83 & ~3 = 80
    s = COLLECTIVES["all_gather"].sizing(1000, 4, 3)
    assert (s.count, s.send_elems, s.recv_elems, s.size_bytes) == (80, 80, 240, 960)
    assert s.algbw_bytes == 960
    r = COLLECTIVES["reduce_scatter"].sizing(1000, 4, 3)
    assert (r.count, r.send_elems, r.recv_elems, r.size_bytes) == (80, 240, 80, 960)
    a = COLLECTIVES["alltoall"].sizing(1 << 20, 2, 8)  # half: groups of 8 elements
    assert a.count == (1 << 20) // 2 // 8 and a.size_bytes == 1 << 20
    d = COLLECTIVES["all_gather"].sizing(1000, 8, 3)  # double: groups of 2
    assert d.count == 41 & ~1


def test_algbw_and_busbw_use_gb_per_second() -> None:
    s = COLLECTIVES["all_reduce"].sizing(1 << 30, 4, 2)
    algbw, busbw = busbw_gbps(COLLECTIVES["all_reduce"], s.algbw_bytes, 3271.01, 2)
    assert algbw == pytest.approx(328.26, abs=0.01)  # nccl-tests' 1 GB row on 2xH200
    assert busbw == pytest.approx(algbw)  # 2(n-1)/n = 1 for n = 2
    ag = COLLECTIVES["all_gather"].sizing(1 << 30, 4, 4)
    algbw, busbw = busbw_gbps(COLLECTIVES["all_gather"], ag.algbw_bytes, 1000.0, 4)
    assert busbw == pytest.approx(algbw * 0.75)


def test_size_sweep_follows_nccl_tests_flags() -> None:
    assert BenchConfig(min_bytes=8, max_bytes=64, step_factor=2).sizes() == [8, 16, 32, 64]
    assert BenchConfig(min_bytes=8, max_bytes=30, step_bytes=10).sizes() == [8, 18, 28]


@pytest.mark.parametrize(("value", "width", "text"), [
    (12436.6, 7, "12436.6"), (3271.01, 7, "3271.01"), (345.35, 6, "345.35"),
    (1700.33, 6, "1700.3"), (123456.0, 6, "123456"), (0.0, 6, "  0.00"), (1.5e7, 6, " 2e+07")])
def test_number_format_is_nccl_tests_getfloatstr(value: float, width: int, text: str) -> None:
    assert float_str(value, width) == text


def test_unknown_collective_names_the_choices() -> None:
    with pytest.raises(NcclkitError, match="all_reduce"):
        get_collective("allreduce_v2")
    assert get_collective("allreduce").name == "all_reduce"
    assert get_collective("bench_faulty:FAULTY_ALL_REDUCE").name == "all_reduce"
