"""Who am I in the bench job (rank, world size, local rank, rendezvous) and local rank spawning.

`from_env` reads the launcher's variables through ncclkit.launchenv (torchrun, mpirun, srun); a
process started by none of them is rank 0 of 1. `spawn_local` starts N ranks of this machine itself
(`--nproc N`) on 127.0.0.1 and a free port.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from ncclkit.bench.results import BenchResult, BenchSample
from ncclkit.errors import NcclkitError
from ncclkit.launchenv import LaunchEnv, first_slurm_host, read_launch_env
from ncclkit.procspawn import free_port, start_rank, stop_ranks

__all__ = ["OnRows", "first_slurm_host", "from_env", "spawn_local"]

# rank 0's hook for each size's rows (runner.run_rank): the result without samples, the samples
OnRows = Callable[[BenchResult, list[BenchSample]], None]

_TERM_GRACE_S = 10.0  # a rank that failed gets time to print its own error
_PORT_ATTEMPTS = 3  # rendezvous ports tried when the one picked is taken before rank 0 listens

def from_env(env: Mapping[str, str] | None = None) -> LaunchEnv:
    """The launcher's variables (ncclkit.launchenv), checked; a lone process is rank 0 of 1."""
    launch = read_launch_env(env)
    if launch is None:
        return LaunchEnv(rank=0, world_size=1, local_rank=0, master_addr="127.0.0.1",
                         master_port=free_port(), launcher="single", agent_store=False)
    return launch


def spawn_local(config_json: dict, nproc: int, *, timeout_s: float,
                extra_pythonpath: str | None = None, on_rows: OnRows | None = None) -> dict:
    """Run `nproc` ranks of ncclkit.bench.worker here; return rank 0's result JSON.

    With `on_rows`, each size's rows go to it as rank 0 writes them (runner.run_rank's hook),
    read from rank 0's rows file while the ranks run.

    Every wait is bounded: a rank that exits non-zero ends the others after a grace period, and
    the whole run is ended after `timeout_s` without progress from rank 0. The environment is
    passed through unchanged (NCCL_* variables included) plus the rank variables.
    """
    taken = 0
    for _ in range(_PORT_ATTEMPTS):
        try:
            return _spawn_once(config_json, nproc, free_port(), timeout_s=timeout_s,
                               extra_pythonpath=extra_pythonpath, on_rows=on_rows)
        except _PortTaken as exc:
            taken = exc.port
    raise NcclkitError(f"{_PORT_ATTEMPTS} free ports in a row were taken before rank 0 could listen "
                       f"on them (last: {taken})",
                       hint="another program is opening ports on 127.0.0.1 quickly; start the ranks "
                            "with torchrun and a fixed --master-port")


class _PortTaken(Exception):
    """Rank 0 could not listen on the port picked for it: someone took it in between."""

    def __init__(self, port: int) -> None:
        super().__init__(port)
        self.port = port


def _spawn_once(config_json: dict, nproc: int, port: int, *, timeout_s: float,
                extra_pythonpath: str | None, on_rows: OnRows | None) -> dict:
    with tempfile.TemporaryDirectory(prefix="ncclkit-bench-") as tmp:
        out_path = Path(tmp) / "result.json"
        rows = _RowsFile(Path(tmp) / "rows.jsonl", on_rows)
        cfg_path = Path(tmp) / "config.json"
        cfg_path.write_text(json.dumps(config_json))
        procs: list[subprocess.Popen] = []
        logs = []
        for rank in range(nproc):
            env = dict(os.environ, RANK=str(rank), WORLD_SIZE=str(nproc), LOCAL_RANK=str(rank),
                       LOCAL_WORLD_SIZE=str(nproc), MASTER_ADDR="127.0.0.1",
                       MASTER_PORT=str(port), NCCLKIT_LAUNCHER="ncclkit")
            if extra_pythonpath:
                env["PYTHONPATH"] = os.pathsep.join(
                    p for p in (extra_pythonpath, env.get("PYTHONPATH")) if p)
            log = open(Path(tmp) / f"rank{rank}.log", "w+b")  # noqa: SIM115 - closed below
            logs.append(log)
            cmd = [sys.executable, "-m", "ncclkit.bench.worker", str(cfg_path)]
            if rank == 0:
                cmd += [str(out_path), str(rows.path)]
            procs.append(start_rank(cmd, env, log))
        try:
            _wait_all(procs, timeout_s, progress=out_path.parent, poll=rows.read)
            rows.read()
        finally:
            stop_ranks(procs, _TERM_GRACE_S)
            texts = []
            for log in logs:
                log.seek(0)
                texts.append(log.read().decode(errors="replace"))
                log.close()
        bad = [(r, p.returncode) for r, p in enumerate(procs) if p.returncode != 0]
        if bad and not rows.started and "EADDRINUSE" in texts[0]:
            # free_port() let the port go before rank 0's store bound it, and another process
            # took it in between (seen once in ~100 runs on a busy host): pick another one
            raise _PortTaken(port)
        if bad:
            rank, rc = bad[0]
            tail = "\n".join(texts[rank].strip().splitlines()[-15:])
            raise NcclkitError(f"local rank {rank} of {nproc} exited with code {rc}:\n{tail}",
                               hint="see the rank's message above; re-run with NCCL_DEBUG=WARN")
        if not out_path.exists():
            raise NcclkitError("rank 0 finished without writing a result",
                               hint="re-run with --debug to see its log")
        return json.loads(out_path.read_text())


class _RowsFile:
    """Rank 0's rows file (worker.py), read up to its last whole line at each poll."""

    def __init__(self, path: Path, on_rows: OnRows | None) -> None:
        self.path, self._on_rows, self._offset = path, on_rows, 0
        self._shell: BenchResult | None = None

    @property
    def started(self) -> bool:
        """Rank 0 wrote something: the ranks met, so the port is not the problem."""
        return self.path.exists() and self.path.stat().st_size > 0

    def read(self) -> None:
        if self._on_rows is None or not self.path.exists():
            return
        with self.path.open("rb") as f:
            f.seek(self._offset)
            data = f.read()
        whole = data[: data.rfind(b"\n") + 1]
        self._offset += len(whole)
        for line in whole.decode().splitlines():
            rec = json.loads(line)
            if "shell" in rec:
                self._shell = BenchResult.from_json(rec["shell"])
            elif self._shell is not None:
                self._on_rows(self._shell, [BenchSample.from_json(s) for s in rec["samples"]])


def _wait_all(procs: list[subprocess.Popen], timeout_s: float, progress: Path,
              poll: Callable[[], None]) -> None:
    """Wait for every rank; stop early when one fails; give up after `timeout_s` of no progress."""
    last_change, last_mtime = time.monotonic(), 0.0
    while True:
        codes = [p.poll() for p in procs]
        if all(c is not None for c in codes):
            return
        failed = [r for r, c in enumerate(codes) if c not in (None, 0)]
        if failed:
            deadline = time.monotonic() + 5.0  # let the others print their own error
            while time.monotonic() < deadline and any(p.poll() is None for p in procs):
                time.sleep(0.1)
            return
        poll()
        mtime = max((f.stat().st_mtime for f in progress.iterdir()), default=0.0)
        if mtime != last_mtime:
            last_mtime, last_change = mtime, time.monotonic()
        if time.monotonic() - last_change > timeout_s:
            raise NcclkitError(
                f"local ranks made no progress for {timeout_s:.0f} s "
                f"(still running: {[r for r, c in enumerate(codes) if c is None]})",
                hint="a rank is stuck in a collective; raise --timeout for very large sizes, "
                     "or re-run with NCCL_DEBUG=INFO")
        time.sleep(0.05)
