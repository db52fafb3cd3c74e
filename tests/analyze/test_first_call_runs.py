"""A real job's first collective next to its later ones (benchmarks/first_call_gpu.py, run on one H100 with NCCL 2.28.9:
benchmarks/results/first-call-1xH100-2026-12-07). Its console output, kept verbatim, is read by `analyze`: the loops
whose first call paid the communicator's creation or its peers' connection are named, the one that did both at init
is not. On a GPU the runs are made again and must show the same."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
from conftest import have_gpu, run_benchmark

from ncclkit.logs.analyze import analyze_path

ROOT = Path(__file__).resolve().parents[2]
LOGS = Path(__file__).resolve().parent / "data" / "first-call-2.28.9"
RUN = json.loads((ROOT / "benchmarks" / "results" / "first-call-1xH100-2026-12-07" / "run2" / "first_call.json")
                 .read_text())["results"]


def _ratio(variant: str) -> float:
    """The slowest rank's first call over the median of its later ones, as run 2 measured them."""
    calls = next(r["calls_us"] for r in RUN if r["variant"] == variant)
    return max(times[0] / statistics.median(times[1:]) for times in calls.values())


@pytest.mark.parametrize("variant", ["default", "eager-init", "runtime-connect-0"])
def test_a_first_call_that_paid_the_set_up_is_named(variant: str) -> None:
    assert _ratio(variant) >= 10
    lead = analyze_path(LOGS / f"first-call-{variant}.log")["findings"][0]
    assert (lead["id"], lead["cause"]) == ("log.first_call_setup", "other")
    # the cited lines are the timed calls of both ranks, interleaved as torchrun printed them
    assert len(lead["evidence"]["lines"]) == 20


def test_a_job_that_set_up_at_init_has_no_first_call_to_name() -> None:
    assert _ratio("connect-at-init") < 10
    found = analyze_path(LOGS / "first-call-connect-at-init.log")["findings"]
    assert "log.first_call_setup" not in {f["id"] for f in found}


@pytest.mark.gpu
@pytest.mark.skipif(not have_gpu(), reason="needs an NVIDIA GPU")
def test_the_first_call_measured_again_on_this_gpu(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    run_benchmark("first_call_gpu.py", tmp_path, timeout_s=400)
    results = {r["variant"]: r for r in json.loads((tmp_path / "first_call.json").read_text())["results"]}
    first = {v: max(times[0] for times in r["calls_us"].values()) for v, r in results.items()}
    # both at init leave the first call far cheaper than the lazily created communicator's
    assert first["connect-at-init"] * 5 < first["default"], first
    found = analyze_path(tmp_path / "first-call-default.log")["findings"][0]
    assert found["id"] == "log.first_call_setup"
