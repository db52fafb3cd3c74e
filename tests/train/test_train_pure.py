"""Model shapes, the advice arithmetic and option validation (no process group)."""

from __future__ import annotations

import pytest

from ncclkit.errors import NcclkitError
from ncclkit.train.advice import RunStats, efficiency_with_accum, recommend
from ncclkit.train.config import PRESETS, num_params, parse_count
from ncclkit.train.options import TrainOptions


@pytest.mark.parametrize("size", ["tiny", "25m"])
def test_num_params_matches_the_torch_model(size: str) -> None:
    torch = pytest.importorskip("torch")
    from ncclkit.train.model import Gpt

    with torch.device("meta"):
        model = Gpt(PRESETS[size])
    assert sum(p.numel() for p in model.parameters()) == num_params(PRESETS[size])


def test_163m_is_the_reference_model() -> None:
    # 652 MB of fp32 gradients (data/measurements/README.md).
    assert 652e6 <= num_params(PRESETS["163m"]) * 4 < 653e6


def test_parse_count() -> None:
    assert parse_count("163M") == 163_000_000 and parse_count("1.4b") == 1_400_000_000
    assert parse_count("12345") == 12345
    with pytest.raises(NcclkitError):
        parse_count("1e9")


def _run(bucket, step, nosync, accum=1, tokens=16384):
    return RunStats(bucket_mb=bucket, accum=accum, step_ms=step, step_nosync_ms=nosync,
                    tokens_per_step_per_gpu=tokens * accum)


def test_nvlink_like_runs_need_no_accumulation() -> None:
    # Reference NVLink figures: 51.4 ms alone, 53.1 ms in DDP -> 1.7 ms exposed; 0.968.
    rec = recommend([_run(25, 53.1, 51.4), _run(100, 53.6, 51.3)], baseline_step_ms=51.4,
                    target_efficiency=0.96, max_accum=32)
    assert rec.bucket_mb == 25 and rec.accum == 1
    assert rec.predicted_efficiency == pytest.approx(51.4 / 53.1, rel=1e-3)


def test_socket_like_runs_hit_the_cap_and_blame_the_network() -> None:
    # Reference socket figures: 228.3 ms vs 51.4 alone -> 177 ms exposed.
    rec = recommend([_run(25, 228.3, 51.4)], baseline_step_ms=51.4, target_efficiency=0.96,
                    max_accum=32)
    assert rec.accum == 32
    assert "83 accumulated" in " ".join(rec.reasons) and "NET/Socket" in " ".join(rec.reasons)
    assert rec.predicted_efficiency == pytest.approx(32 * 51.4 / (32 * 51.4 + 176.9), rel=1e-3)
    rec = recommend([_run(25, 228.3, 51.4)], baseline_step_ms=51.4, target_efficiency=0.96,
                    max_accum=128)
    assert rec.accum == 83  # 0.96 * 176.9 / (0.04 * 51.4) = 82.6
    assert efficiency_with_accum(compute_ms=51.4, exposed_ms=176.9, accum=83) >= 0.96
    assert efficiency_with_accum(compute_ms=51.4, exposed_ms=176.9, accum=82) < 0.96


def test_per_token_comparison_across_accumulation() -> None:
    rec = recommend([_run(25, 100.0, 50.0), _run(25, 160.0, 100.0, accum=2)],
                    baseline_step_ms=None, target_efficiency=0.5, max_accum=8)
    assert rec.accum == 1 or rec.bucket_mb == 25  # the accum-2 run is faster per token
    assert recommend([_run(None, 10.0, None)], baseline_step_ms=None, target_efficiency=0.9,
                     max_accum=8).accum == 1


def test_slow_without_network_is_not_blamed_on_it() -> None:
    rec = recommend([_run(25, 80.0, 79.0)], baseline_step_ms=50.0, target_efficiency=0.96,
                    max_accum=32)
    assert rec.accum == 1 and "not the network" in rec.reasons[-1]


@pytest.mark.parametrize("change", [{"micro_batch": 0}, {"bucket_mbs": ()}, {"bucket_mbs": (-1.0,)},
                                    {"strategy": "zero9"}, {"device": "cpu"},
                                    {"target_efficiency": 1.5}, {"model_size": "huge"}])
def test_options_validation(change) -> None:
    with pytest.raises(NcclkitError):
        TrainOptions(**change)


def test_options_round_trip(tmp_path) -> None:
    opts = TrainOptions(device="cpu", backend="gloo", bucket_mbs=(1.0, 2.5), accum=3)
    opts.write(tmp_path / "o.json")
    assert TrainOptions.read(tmp_path / "o.json") == opts
