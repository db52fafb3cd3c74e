"""Local ranks as subprocesses, one way: a free port, each rank in its own session (process group),
and one way to stop them (SIGTERM to the group, SIGKILL after a grace period), so that grandchildren
a rank started (compilers, NCCL proxy helpers) end with it. Used by `bench --nproc` and `train --nproc`.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Mapping, Sequence
from typing import IO

__all__ = ["free_port", "start_rank", "stop_ranks"]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_rank(cmd: Sequence[str], env: Mapping[str, str], log: IO[bytes] | IO[str]) -> subprocess.Popen[bytes]:
    """Start one rank in a new session, its output (stdout and stderr) to `log`."""
    return subprocess.Popen(list(cmd), env=dict(env), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def stop_ranks(procs: Sequence[subprocess.Popen[bytes]], grace_s: float) -> None:
    """SIGTERM every running rank's process group, then SIGKILL what is left after `grace_s`."""
    for p in procs:
        if p.poll() is None:
            _signal_group(p, signal.SIGTERM)
    end = time.monotonic() + grace_s
    for p in procs:
        try:
            p.wait(timeout=max(0.1, end - time.monotonic()))
        except subprocess.TimeoutExpired:
            _signal_group(p, signal.SIGKILL)
            p.wait()


def _signal_group(p: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    try:
        os.killpg(p.pid, sig)
    except ProcessLookupError:
        pass  # the group is gone already
