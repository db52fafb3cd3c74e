"""py-spy dumps of a real hang (tests/analyze/pyspy_skip_job.py: two gloo ranks on CPU, rank 0 in a broadcast that
rank 1 never calls): analyze must name the rank outside the collective. The two dumps of one such run are kept in
data/pyspy-live (torch 2.13.0+cpu, py-spy 0.4.3, 2026-12-06) and read where py-spy or torch is missing. So is the
dump of a process whose main thread joins a child that does not finish (tests/analyze/child_join_job.py, the same
day), which analyze must name as that wait."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from local_ports import free_port

from ncclkit.logs.analyze import analyze_path

HERE = Path(__file__).resolve().parent
JOB = HERE / "pyspy_skip_job.py"


def _lead(path: Path) -> tuple[str, str | None, str]:
    f = analyze_path(path)["findings"][0]
    return f["id"], f.get("cause"), f["subject"]


def test_the_kept_dumps_name_the_rank_outside_the_broadcast() -> None:
    kept = HERE / "data" / "pyspy-live" / "one-rank-in-broadcast.txt"
    assert _lead(kept) == ("log.rank_outside_collective", "hang_collective_mismatch", "process 9611")


def test_the_kept_dump_names_the_wait_for_a_child() -> None:
    kept = HERE / "data" / "pyspy-live" / "main-thread-joins-child.txt"
    assert _lead(kept) == ("log.main_thread_blocked", "application_bug", "MainThread")



def test_live_dumps_name_the_rank_outside_the_broadcast(tmp_path: Path) -> None:
    pytest.importorskip("torch.distributed")
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        pytest.skip("py-spy is not installed")
    port = str(free_port())
    ranks = [subprocess.Popen([sys.executable, str(JOB), str(r), port], stdout=subprocess.PIPE, text=True)
             for r in (0, 1)]
    try:
        for proc in ranks:  # both ranks past their all_reduces (a rank that fails exits: gloo's timeout is 120 s)
            line = proc.stdout.readline() if proc.stdout else ""
            assert line.startswith("rank"), f"a rank did not get past its all_reduces: {line!r}"
        time.sleep(1)
        dumps = [subprocess.run([spy, "dump", "--pid", str(p.pid)], capture_output=True, text=True, timeout=60)
                 for p in ranks]
        if any(d.returncode != 0 for d in dumps):
            pytest.skip(f"py-spy could not read the processes here: {dumps[0].stderr.strip()[:200]}")
    finally:
        for p in ranks:
            p.kill()
            p.wait(timeout=30)
    log = tmp_path / "dumps.txt"
    log.write_text("".join(d.stdout for d in dumps))
    assert _lead(log) == ("log.rank_outside_collective", "hang_collective_mismatch", f"process {ranks[1].pid}")


def test_a_live_dump_names_the_wait_for_a_child(tmp_path: Path) -> None:
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        pytest.skip("py-spy is not installed")
    # a session of its own, so that the child (which outlives a killed parent) goes with it
    job = subprocess.Popen([sys.executable, str(HERE / "child_join_job.py")], stdout=subprocess.PIPE, text=True,
                           start_new_session=True)
    try:
        assert job.stdout is not None and job.stdout.readline() == "joining\n"
        time.sleep(1)
        dump = subprocess.run([spy, "dump", "--pid", str(job.pid)], capture_output=True, text=True, timeout=60)
        if dump.returncode != 0:
            pytest.skip(f"py-spy could not read the process here: {dump.stderr.strip()[:200]}")
    finally:
        os.killpg(job.pid, signal.SIGKILL)
        job.wait(timeout=30)
    log = tmp_path / "dump.txt"
    log.write_text(dump.stdout)
    assert _lead(log) == ("log.main_thread_blocked", "application_bug", "MainThread")
