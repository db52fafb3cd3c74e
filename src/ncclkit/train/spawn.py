"""Start N local training ranks as subprocesses (`ncclkit train --nproc N`) and collect rank 0's JSON.

No torch here: each rank is `python -m ncclkit.train.worker` with RANK, LOCAL_RANK, WORLD_SIZE,
MASTER_ADDR=127.0.0.1 and a free MASTER_PORT, as torchrun would set them. Each rank's output goes
to a log file (NCCL_DEBUG lines included); a rank that fails or outlives the deadline stops the
others, and the error names it and quotes the end of its log.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ncclkit.errors import NcclkitError
from ncclkit.procspawn import free_port, start_rank, stop_ranks
from ncclkit.train.options import TrainOptions

__all__ = ["run_local"]

_LOG_TAIL_LINES = 15
_POLL_S = 0.2
_TERM_GRACE_S = 5.0


def _tail(path: Path) -> str:
    lines = path.read_text(errors="replace").splitlines()[-_LOG_TAIL_LINES:]
    return "\n".join("    " + line for line in lines)


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    stop_ranks(procs, _TERM_GRACE_S)


def run_local(opts: TrainOptions, *, nproc: int, deadline_s: float,
              log_dir: Path | None = None, tag: str = "train") -> dict[str, Any]:
    """Run the job on `nproc` local ranks; rank 0's result. Bounded by deadline_s in total."""
    if nproc < 1:
        raise NcclkitError(f"--nproc {nproc}", hint="at least 1 process")
    with tempfile.TemporaryDirectory(prefix="ncclkit-train-") as tmp:
        work = Path(tmp)
        logs = log_dir or work
        logs.mkdir(parents=True, exist_ok=True)
        options, result = work / "options.json", work / "result.json"
        opts.write(options)
        port = free_port()
        procs, log_paths = [], []
        for rank in range(nproc):
            env = dict(os.environ, RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE=str(nproc),
                       LOCAL_WORLD_SIZE=str(nproc), MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
            if opts.device == "cpu":
                # Ranks sharing the host's cores must not each start one thread per core.
                env.setdefault("OMP_NUM_THREADS", str(max(1, (os.cpu_count() or 1) // nproc)))
            log_paths.append(logs / f"{tag}-rank{rank}.log")
            with log_paths[-1].open("w") as log:
                procs.append(start_rank([sys.executable, "-m", "ncclkit.train.worker", str(options), str(result)],
                                        env, log))
        _wait(procs, log_paths, deadline_s)
        if not result.exists():
            raise NcclkitError(f"rank 0 exited without a result ({log_paths[0]})",
                               hint="read the log above:\n" + _tail(log_paths[0]))
        return json.loads(result.read_text())


def _wait(procs: list[subprocess.Popen], log_paths: list[Path], deadline_s: float) -> None:
    end = time.monotonic() + deadline_s
    try:
        while any(p.poll() is None for p in procs):
            failed = next((r for r, p in enumerate(procs) if p.poll() not in (None, 0)), None)
            if failed is not None:
                _stop(procs)
                code = procs[failed].returncode
                raise NcclkitError(
                    f"rank {failed} failed (exit code {code}); the other ranks were stopped. "
                    f"End of {log_paths[failed]}:\n{_tail(log_paths[failed])}",
                    hint="fix what the log names; rerun with --log-dir DIR to keep every log")
            if time.monotonic() > end:
                waiting = [r for r, p in enumerate(procs) if p.poll() is None]
                _stop(procs)
                raise NcclkitError(
                    f"ranks {waiting} still running after {deadline_s:g} s; stopped. End of "
                    f"{log_paths[waiting[0]]}:\n{_tail(log_paths[waiting[0]])}",
                    hint="raise --deadline, lower --steps, or look for a hang in the log")
            time.sleep(_POLL_S)
    except KeyboardInterrupt:
        _stop(procs)
        raise
    failed = next((r for r, p in enumerate(procs) if p.returncode != 0), None)
    if failed is not None:
        raise NcclkitError(
            f"rank {failed} failed (exit code {procs[failed].returncode}). End of "
            f"{log_paths[failed]}:\n{_tail(log_paths[failed])}",
            hint="fix what the log names; rerun with --log-dir DIR to keep every log")
