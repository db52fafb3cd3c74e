"""`ncclkit bench` prints each size's row as the size ends, as nccl-tests does (ux-audit item 9).

The CLI runs as a subprocess with 2 gloo ranks; its stdout is read from a pipe line by line, each
line stamped with the time it arrived.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ncclkit.procspawn import free_port

pytest.importorskip("torch")
SRC = str(Path(__file__).resolve().parents[2] / "src")


Lines = queue.Queue[tuple[float, str | None]]  # (arrival time, line); None: the pipe ended


def _start(args: list[str], env: dict[str, str] | None = None, sigint: bool = False) -> subprocess.Popen[str]:
    env = dict(env or os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (SRC, env.get("PYTHONPATH")) if p)
    # A test run started in the background of a non-interactive shell (`.ci/run &`) inherits SIGINT ignored, and a
    # Python started so keeps ignoring it: give the CLI the terminal's default, as a user's Ctrl-C finds it.
    reset = (lambda: signal.signal(signal.SIGINT, signal.SIG_DFL)) if sigint else None
    return subprocess.Popen([sys.executable, "-m", "ncclkit", "bench", *args], env=env, preexec_fn=reset,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _stamped(proc: subprocess.Popen[str]) -> Lines:
    """(arrival time, line) for every stdout line, then (time, None) at the end of the pipe."""
    lines: Lines = queue.Queue()

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put((time.monotonic(), line.rstrip("\n")))
        lines.put((time.monotonic(), None))

    threading.Thread(target=pump, daemon=True).start()
    return lines


def _drain(lines: Lines, timeout_s: float) -> list[tuple[float, str]]:
    out: list[tuple[float, str]] = []
    end = time.monotonic() + timeout_s
    while True:
        t, line = lines.get(timeout=max(0.1, end - time.monotonic()))
        if line is None:
            return out
        out.append((t, line))


def _rows(stamped: list[tuple[float, str]]) -> list[tuple[float, list[str]]]:
    return [(t, ln.split()) for t, ln in stamped if ln.strip() and not ln.startswith("#")]


def test_9_rows_stream_before_the_last_size_is_measured() -> None:
    iters = 40
    proc = _start(["--nproc", "2", "--backend", "gloo", "-b", "64K", "-e", "4M", "-f", "8",
                   "-n", str(iters), "--timeout", "60"])
    stamped = _drain(_stamped(proc), 120)
    assert proc.wait(timeout=30) == 0, proc.stderr.read() if proc.stderr else ""
    rows = _rows(stamped)
    assert [int(r[0]) for _, r in rows] == [65536, 524288, 4194304]
    lines = [ln for _, ln in stamped]
    # header first, the summary after the last row
    first = [ln.split() for ln in lines].index(rows[0][1])
    last = [ln.split() for ln in lines].index(rows[-1][1])
    assert lines.index("# Collective test starting: all_reduce_perf") < first
    assert any(ln.startswith("# Avg bus bandwidth") for ln in lines[last:])
    assert any(ln.startswith("# Per-rank time, out-of-place") for ln in lines[last:])
    # The last size's timed window (iters calls of its out-of-place time, then as many in-place)
    # ran after the first row was known; printed at once, the first row arrives that much before
    # the last. Gathered at the end, all rows arrive within a few milliseconds of each other.
    window_s = iters * (float(rows[-1][1][5]) + float(rows[-1][1][9])) * 1e-6
    gap = rows[-1][0] - rows[0][0]
    assert window_s > 0.1, f"the last size took only {window_s:.3f} s: make it slower"
    assert gap >= 0.5 * window_s, f"first row {gap:.3f} s before the last; window {window_s:.3f} s"


def test_9_ctrl_c_keeps_the_printed_rows_and_exits_130() -> None:
    proc = _start(["--nproc", "2", "--backend", "gloo", "-b", "64K", "-e", "16M", "-f", "4",
                   "-n", "40", "--timeout", "60"], sigint=True)
    lines = _stamped(proc)
    seen: list[str] = []
    end = time.monotonic() + 120
    while not _rows([(0.0, ln) for ln in seen]):
        _, line = lines.get(timeout=max(0.1, end - time.monotonic()))
        assert line is not None, "the sweep ended before its first row"
        seen.append(line)
    proc.send_signal(signal.SIGINT)
    seen += [ln for _, ln in _drain(lines, 60)]
    rc = proc.wait(timeout=30)
    err = proc.stderr.read() if proc.stderr else ""
    assert rc == 130, err
    assert err.strip().splitlines()[-1] == "ncclkit bench: interrupted", err
    assert "Traceback" not in err
    rows = _rows([(0.0, ln) for ln in seen])
    sizes = [int(r[0]) for _, r in rows]
    assert sizes and sizes[0] == 65536 and 16777216 not in sizes, seen
    assert not any(ln.startswith("# Avg bus bandwidth") for ln in seen)
    # the local ranks (their pids are in the header) were ended with the CLI
    pids = [int(ln.split()[6]) for ln in seen if ln.startswith("#  Rank ")]
    assert len(pids) == 2
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_9_under_a_launcher_rank_0_streams_and_the_others_stay_quiet() -> None:
    port = str(free_port())
    procs = []
    for rank in range(2):
        env = dict(os.environ, RANK=str(rank), WORLD_SIZE="2", LOCAL_RANK=str(rank),
                   MASTER_ADDR="127.0.0.1", MASTER_PORT=port)
        procs.append(_start(["--backend", "gloo", "-b", "1K", "-e", "16K", "-f", "4", "-n", "3",
                             "--timeout", "60"], env))
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [e for _, e in outs]
    rows = [ln.split() for ln in outs[0][0].splitlines() if ln.strip() and not ln.startswith("#")]
    assert [int(r[0]) for r in rows] == [1024, 4096, 16384]
    assert "# Avg bus bandwidth" in outs[0][0] and outs[1][0] == ""
