"""benchmarks/train_scaling.sh: parses, and its CPU dry run (tiny model, gloo) produces every file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks/train_scaling.sh"


def test_script_parses() -> None:
    subprocess.run(["bash", "-n", str(SCRIPT)], check=True, timeout=10)


@pytest.mark.slow
def test_dry_run_writes_the_files(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    done = subprocess.run(["bash", str(SCRIPT)], capture_output=True, text=True, timeout=240,
                          env={**os.environ, "OUT": str(tmp_path), "DRY_RUN": "1",
                               "PYTHON": sys.executable})
    assert done.returncode == 0, done.stderr[-3000:]
    names = {p.name for p in tmp_path.iterdir()}
    assert {"train-1gpu.json", "train-nvlink.json", "train-socket.json", "bench-nvlink.json",
            "bench-socket.json", "plan-nvlink.json", "plan-socket.json", "summary.md"} <= names
    summary = (tmp_path / "summary.md").read_text()
    assert "| 1 GPU |" in summary and "| forced socket |" in summary and "missing" not in summary
