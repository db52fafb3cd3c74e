"""Mixed-precision mistakes made for real: the exceptions torch itself raises for tensors of two precisions and for
GradScaler misuse, on this machine's CPU build, read back as a user pastes them (the exception's last line under a
traceback), and the same mistakes made on a GPU under torchrun (their logs kept from a device run; the GPU test at
the end makes them again where a GPU is present). The rows of log.dtype_mismatch and GradScaler's no-gradient check
are tested on torch's own words, not on copies of them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import have_gpu, run_benchmark
from ncclkit.logs.analyze import analyze_path, analyze_text

torch = pytest.importorskip("torch")
nn = torch.nn


def _raised(make: Callable[[], object]) -> str:
    """`Type: message` of the exception `make` raises, as a traceback's last line prints it."""
    try:
        make()
    except Exception as e:  # noqa: BLE001 - whatever torch raises is the text under test
        return f"{type(e).__name__}: {e}"
    raise AssertionError("torch raised nothing")


def _lead(last_line: str) -> tuple[str, str]:
    paste = ('Traceback (most recent call last):\n  File "train.py", line 41, in <module>\n'
             "    loss = model(batch).sum()\n" + last_line + "\n")
    found = next(f for f in analyze_text(paste)["findings"] if f["cause"])
    return found["id"], found["cause"]


def _half_weights() -> object:
    return nn.Linear(8, 8).half()(torch.randn(4, 8))


def _half_matmul() -> object:
    return torch.randn(4, 8, dtype=torch.float16) @ torch.randn(8, 2)


def _double_input_conv() -> object:
    return nn.Conv2d(3, 8, 3)(torch.randn(1, 3, 8, 8, dtype=torch.float64))


def _scaler_over_fp16_params() -> object:
    model = nn.Linear(8, 1).half()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu")
    scaler.scale(model(torch.randn(4, 8).half()).float().sum()).backward()
    return scaler.step(opt)


def _scaler_without_grads() -> object:
    used, unused = nn.Linear(8, 1), nn.Linear(8, 1)
    opt = torch.optim.SGD(unused.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu")
    scaler.scale(used(torch.randn(4, 8)).sum()).backward()
    return scaler.step(opt)


@pytest.mark.parametrize("make", [_half_weights, _half_matmul, _double_input_conv, _scaler_over_fp16_params])
def test_tensors_of_two_precisions_as_torch_words_them(make: Callable[[], object]) -> None:
    assert _lead(_raised(make)) == ("log.dtype_mismatch", "application_bug")


def test_gradscaler_with_no_gradient_to_check() -> None:
    line = _raised(_scaler_without_grads)
    assert "No inf checks were recorded" in line
    assert _lead(line) == ("log.framework_usage", "application_bug")


def test_one_precision_throughout_raises_nothing_to_read() -> None:
    # the same layer and input in one precision: the healthy run prints no exception, and its output names no cause
    out = nn.Linear(8, 8).half()(torch.randn(4, 8).half())
    assert out.dtype == torch.float16
    assert not [f for f in analyze_text(f"step 1 loss {out.float().sum().item():.3f}\n")["findings"] if f["cause"]]


# The same mistakes made on one H100 under torchrun with NCCL 2.28.9 and torch 2.11 (benchmarks/precision_gpu.py,
# benchmarks/results/precision-1xH100-2026-12-06): torchrun's whole output, both ranks' tracebacks and its summary.
ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data" / "precision-gpu-2.28.9"
RESULTS = json.loads((ROOT / "benchmarks" / "results" / "precision-1xH100-2026-12-06" / "precision.json").read_text())
_EXPECTED = {"allgather-fp16-into-bf16": "log.dtype_mismatch", "linear-half-weights": "log.dtype_mismatch",
             "conv-half-input": "log.dtype_mismatch", "gradscaler-fp16-params": "log.dtype_mismatch",
             "gradscaler-no-grads": "log.framework_usage"}


def _file_lead(path: Path) -> tuple[str, str]:
    found = next(f for f in analyze_path(path)["findings"] if f["cause"])
    return found["id"], found["cause"]


@pytest.mark.parametrize("scenario", sorted(_EXPECTED))
def test_torchruns_output_of_each_mistake_on_the_gpu(scenario: str) -> None:
    run = next(r for r in RESULTS["results"] if r["scenario"] == scenario)
    assert run["exit_code"] == 1 and run["rank0_exception"] in (DATA / f"{scenario}.log").read_text()
    assert _file_lead(DATA / f"{scenario}.log") == (_EXPECTED[scenario], "application_bug")


@pytest.mark.gpu
@pytest.mark.skipif(not have_gpu(), reason="needs an NVIDIA GPU")
def test_the_mistakes_made_again_on_this_gpu(tmp_path: Path) -> None:
    run_benchmark("precision_gpu.py", tmp_path, *sorted(_EXPECTED), timeout_s=900)
    for scenario, fid in _EXPECTED.items():
        assert _file_lead(tmp_path / f"{scenario}.log") == (fid, "application_bug")
