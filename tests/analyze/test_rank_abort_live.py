"""Jobs whose rank aborts (gloo on CPU): glibc aborting one on a corrupted heap (tests/analyze/heap_abort_job.py
under torchrun), and libstdc++ aborting one that left the program early with its process group's thread running
(tests/analyze/early_exit_job.py under torchrun; tests/analyze/spawn_raise_job.py under mp.spawn, whose exception
leads where its report shows it). analyze must lead with the aborted rank's own line, not with the
connection the surviving rank saw reset; and where the rank that left exited cleanly, with the peer that saw it leave.
The output of such runs is kept in data/rank-abort (see its README) and made again where torch is installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from local_ports import free_port

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
    clean = HERE / "data" / "rank-abort" / "torchrun-early-exit-clean.log"
    found = _lead(clean)
    assert found[:2] == ("log.peer_left_early", "application_bug")
    assert "Connection closed by peer [127.0.0.1]" in found[2]



def _torchrun(job: str, log: Path) -> tuple[str, str | None, str]:
    """The lead finding of a two-rank torchrun of this job's output."""
    run = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2", "--master_port",
                          str(free_port()), str(HERE / job)], capture_output=True, text=True, timeout=180)
    assert run.returncode != 0, "the job did not fail"
    log.write_text(run.stdout + run.stderr)
    return _lead(log)


def test_a_live_run_leads_with_glibcs_abort(tmp_path: Path) -> None:
    pytest.importorskip("torch.distributed")
    found = _torchrun("heap_abort_job.py", tmp_path / "run.log")
    assert found[:2] == ("log.crash", "other"), found
    assert "double free" in found[2]


def test_a_live_early_exit_leads_with_the_rank_that_left(tmp_path: Path) -> None:
    pytest.importorskip("torch.distributed")
    found = _torchrun("early_exit_job.py", tmp_path / "run.log")
    # which of the two the run shows is a race of rank 1's exit with its process group's thread (see the README)
    assert found[:2] in (("log.peer_left_early", "application_bug"), ("log.exit_without_cleanup", "application_bug")), \
        found


def test_the_kept_spawn_runs_lead_with_the_exception_where_it_shows() -> None:
    kept = HERE / "data" / "rank-abort"
    assert _lead(kept / "spawn-raise-and-abort.log") == ("log.program_error", "application_bug",
                                                         "KeyError: 'batch_size'")
    assert _lead(kept / "spawn-abort-error-lost.log") == ("log.exit_without_cleanup", "application_bug",
                                                          "terminate called without an active exception")


def test_a_live_spawn_run_leads_with_the_rank_that_raised(tmp_path: Path) -> None:
    pytest.importorskip("torch.distributed")
    run = subprocess.run([sys.executable, str(HERE / "spawn_raise_job.py"), str(free_port())],
                         capture_output=True, text=True, timeout=180)
    assert run.returncode != 0, "the job did not fail"
    log = tmp_path / "run.log"
    log.write_text(run.stdout + run.stderr)
    found = _lead(log)
    # spawn reports rank 1's KeyError, unless rank 1's abort at exit let rank 0's error be reported first
    if "KeyError" in log.read_text():
        assert found == ("log.program_error", "application_bug", "KeyError: 'batch_size'"), found
    else:
        assert found[:2] == ("log.exit_without_cleanup", "application_bug"), found


def test_a_peer_that_left_is_read_only_where_the_summary_and_the_address_show_it(tmp_path: Path) -> None:
    clean = (HERE / "data" / "rank-abort" / "torchrun-early-exit-clean.log").read_text()
    variants = {
        # the peer at another node's address may have failed there, where this torchrun does not see it
        "another node": clean.replace("[127.0.0.1]:1967", "[10.0.0.2]:1967"),
        # another worker of this torchrun failed too: the summary lists it
        "another failure": clean.replace("<NO_OTHER_FAILURES>", "[1]:\n  rank      : 1 (local_rank: 1)\n"
                                                                "  exitcode  : -6 (pid: 2673)"),
        # the root-cause worker died on a signal of its own
        "a signal": clean.replace("exitcode  : 1 (pid: 2672)", "exitcode  : -9 (pid: 2672)"),
    }
    for what, text in variants.items():
        assert text != clean, what
        log = tmp_path / "variant.log"
        log.write_text(text)
        assert "log.peer_left_early" not in {f["id"] for f in analyze_path(log)["findings"]}, what
