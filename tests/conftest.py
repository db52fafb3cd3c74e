"""Shared pytest fixtures: the test data in the repository, and markers that skip without GPUs or root."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"
BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture(scope="session")
def data() -> Path:
    """tests/data: corpus/ (public artifacts, SOURCES.tsv, labels.json), measurements/, nodes/."""
    return DATA


def have_gpu() -> bool:
    return shutil.which("nvidia-smi") is not None and Path("/dev/nvidia0").exists()


def have_netns() -> bool:
    return os.geteuid() == 0 and shutil.which("ip") is not None


def run_benchmark(script: str, out: Path, *args: str, timeout_s: int, **env: str) -> None:
    """Run benchmarks/<script> as a device test does, its files written under `out`; fail with its output's end."""
    run = subprocess.run([sys.executable, str(BENCHMARKS / script), *args], env=dict(os.environ, OUT=str(out), **env),
                         capture_output=True, text=True, timeout=timeout_s)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
