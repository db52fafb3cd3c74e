"""A job whose rank glibc aborts on a corrupted heap (tests/analyze/heap_abort_job.py under torchrun, gloo on CPU):
analyze must lead with glibc's abort, not with the connection the surviving rank saw reset. The output of one such
run is kept in data/heap-abort (see its README) and read where torch is missing."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from ncclkit.logs.analyze import analyze_path

HERE = Path(__file__).resolve().parent


def _lead(path: Path) -> tuple[str, str | None, str]:
    f = analyze_path(path)["findings"][0]
    lines = path.read_text().splitlines()
    return f["id"], f.get("cause"), lines[f["evidence"]["lines"][0] - 1]


def test_the_kept_run_leads_with_glibcs_abort() -> None:
    kept = HERE / "data" / "heap-abort" / "torchrun-double-free.log"
    assert _lead(kept) == ("log.crash", "other", "free(): double free detected in tcache 2")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_live_run_leads_with_glibcs_abort(tmp_path: Path) -> None:
    pytest.importorskip("torch.distributed")
    run = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2", "--master_port",
                          str(_free_port()), str(HERE / "heap_abort_job.py")],
                         capture_output=True, text=True, timeout=180)
    assert run.returncode != 0, "the job did not fail"
    log = tmp_path / "run.log"
    log.write_text(run.stdout + run.stderr)
    found = _lead(log)
    assert found[:2] == ("log.crash", "other"), found
    assert "double free" in found[2]
