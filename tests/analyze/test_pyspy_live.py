"""py-spy dumps of a real hang (tests/analyze/pyspy_skip_job.py: two gloo ranks on CPU, rank 0 in a broadcast that
rank 1 never calls): analyze must name the rank outside the collective. The two dumps of one such run are kept in
data/pyspy-live (torch 2.13.0+cpu, py-spy 0.4.3, 2026-12-06) and read where py-spy or torch is missing. So is the
dump of a process whose main thread joins a child that does not finish (tests/analyze/child_join_job.py, the same
day), which analyze must name as that wait, and the dumps of a save by torch.distributed.checkpoint's async_save
beside a barrier on the same group (tests/analyze/async_save_job.py, 2026-12-08: each rank's main thread in barrier,
its save thread in all_gather), which analyze must name as the two threads' collectives; with the save given a group
of its own, as the fix says, the same job finishes."""

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


def _py_spy() -> str:
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        pytest.skip("py-spy is not installed")
    return spy


def _dump_ranks(ranks: list[subprocess.Popen[str]], settle_s: float, log: Path) -> Path:
    """Once each rank has printed its "rank ..." line and `settle_s` more seconds have passed, both ranks' py-spy
    dumps in `log`, as a user pastes them; the ranks are killed either way."""
    spy = _py_spy()
    try:
        for proc in ranks:  # a rank that fails exits (gloo's timeout is 120 s)
            line = proc.stdout.readline() if proc.stdout else ""
            assert line.startswith("rank"), f"a rank did not get to its hang: {line!r}"
        time.sleep(settle_s)
        assert all(p.poll() is None for p in ranks), "a rank ended: the job did not hang"
        dumps = [subprocess.run([spy, "dump", "--pid", str(p.pid)], capture_output=True, text=True, timeout=60)
                 for p in ranks]
        if any(d.returncode != 0 for d in dumps):
            pytest.skip(f"py-spy could not read the processes here: {dumps[0].stderr.strip()[:200]}")
    finally:
        for p in ranks:
            p.kill()
            p.wait(timeout=30)
    log.write_text("".join(d.stdout for d in dumps))
    return log


def test_the_kept_dumps_name_the_rank_outside_the_broadcast() -> None:
    kept = HERE / "data" / "pyspy-live" / "one-rank-in-broadcast.txt"
    assert _lead(kept) == ("log.rank_outside_collective", "hang_collective_mismatch", "process 9611")


def test_the_kept_dump_names_the_wait_for_a_child() -> None:
    kept = HERE / "data" / "pyspy-live" / "main-thread-joins-child.txt"
    assert _lead(kept) == ("log.main_thread_blocked", "application_bug", "MainThread")


def test_live_dumps_name_the_rank_outside_the_broadcast(tmp_path: Path) -> None:
    pytest.importorskip("torch.distributed")
    port = str(free_port())
    ranks = [subprocess.Popen([sys.executable, str(JOB), str(r), port], stdout=subprocess.PIPE, text=True)
             for r in (0, 1)]
    log = _dump_ranks(ranks, 1, tmp_path / "dumps.txt")
    assert _lead(log) == ("log.rank_outside_collective", "hang_collective_mismatch", f"process {ranks[1].pid}")


def test_a_live_dump_names_the_wait_for_a_child(tmp_path: Path) -> None:
    spy = _py_spy()
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


def _start_async_save(port: str, checkpoint: Path, *extra: str) -> list[subprocess.Popen[str]]:
    return [subprocess.Popen([sys.executable, str(HERE / "async_save_job.py"), str(r), port, str(checkpoint), *extra],
                             stdout=subprocess.PIPE, text=True) for r in (0, 1)]


def test_the_kept_dumps_name_the_save_threads_collective_beside_the_barrier() -> None:
    kept = HERE / "data" / "pyspy-live" / "async-save-beside-barrier.txt"
    assert _lead(kept) == ("log.concurrent_collectives", "application_bug", "MainThread, AsyncCheckpointExecutor_0")


def test_live_async_save_beside_a_barrier_hangs_and_its_own_group_ends_it(tmp_path: Path) -> None:
    pytest.importorskip("torch.distributed.checkpoint")
    # rank 1's plan takes 2 s: 6 s after they are ready both ranks are in their mismatched collectives
    log = _dump_ranks(_start_async_save(str(free_port()), tmp_path / "hung"), 6, tmp_path / "dumps.txt")
    assert _lead(log)[:2] == ("log.concurrent_collectives", "application_bug")
    # the fix: a group of the save's own; both ranks save and exit
    fixed = _start_async_save(str(free_port()), tmp_path / "fixed", "own-group")
    outputs = [p.communicate(timeout=90)[0] for p in fixed]
    assert [p.returncode for p in fixed] == [0, 0]
    assert all(f"rank {r} saved" in out for r, out in enumerate(outputs))
