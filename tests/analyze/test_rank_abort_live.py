"""Jobs whose rank aborts (under torchrun, gloo on CPU): glibc aborting one on a corrupted heap
(tests/analyze/heap_abort_job.py), and libstdc++ aborting one that left the program early with its process group's
thread running (tests/analyze/early_exit_job.py). analyze must lead with the aborted rank's own line, not with the
connection the surviving rank saw reset. The output of such runs is kept in data/rank-abort (see its README); the
double free is made again where torch is installed (the early exit aborts in one run of about twelve only)."""

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
    kept = HERE / "data" / "rank-abort" / "torchrun-double-free.log"
    assert _lead(kept) == ("log.crash", "other", "free(): double free detected in tcache 2")


def test_the_kept_early_exit_leads_with_the_rank_that_left() -> None:
    kept = HERE / "data" / "rank-abort" / "torchrun-early-exit.log"
    assert _lead(kept) == ("log.exit_without_cleanup", "application_bug",
                           "terminate called without an active exception")


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
