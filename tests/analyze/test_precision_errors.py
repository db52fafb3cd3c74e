"""Mixed-precision mistakes made for real: the exceptions torch itself raises for tensors of two precisions and for
GradScaler misuse, on this machine's CPU build, read back as a user pastes them (the exception's last line under a
traceback). The rows of log.dtype_mismatch and GradScaler's no-gradient check are tested on torch's own words, not
on copies of them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ncclkit.logs.analyze import analyze_text

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
