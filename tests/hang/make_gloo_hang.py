"""Make a real 3-rank gloo hang and dump each rank's flight recorder (JSON and pickle forms).

    python tests/hang/make_gloo_hang.py SCENARIO OUTDIR [PORT]

SCENARIO: skip  - rank 1 skips the 4th all_reduce and goes on to the next collective (a broadcast)
          stall - rank 2 is stuck (sleeps) before the 4th all_reduce; its dump is taken while stuck
          dead  - rank 2 exits before the 4th all_reduce and leaves no dump
Writes OUTDIR/rank<N>.json (`_dump_fr_trace_json()`) and OUTDIR/pickle/rank<N> (`_dump_fr_trace()`,
with stack frames, the form torchfrtrace reads). Once the ranks are in step the gloo timeout is 4 s,
so a run takes several seconds after torch is imported; a rank still running after 170 s is killed.
"""

from __future__ import annotations

import datetime
import os
import sys
import threading
import time

WORLD = 3
TIMEOUT_S = 4.0  # the collectives' timeout once the ranks are in step
START_TIMEOUT_S = 150.0  # joining the group: three ranks importing torch on a loaded machine


def _write(path: str, data: bytes) -> None:
    """Whole or not at all: a rank killed at the deadline leaves no half-written dump."""
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)


def _dump(out: str, rank: int) -> None:
    from torch._C._distributed_c10d import _dump_fr_trace, _dump_fr_trace_json

    _write(os.path.join(out, f"rank{rank}.json"), _dump_fr_trace_json())
    os.makedirs(os.path.join(out, "pickle"), exist_ok=True)
    _write(os.path.join(out, "pickle", f"rank{rank}"), _dump_fr_trace())


def train_step(t, rank: int, scenario: str) -> None:
    import torch.distributed as dist

    if scenario == "skip" and rank == 1:
        dist.broadcast(t, 0)  # this rank skipped the all_reduce below
        return
    if scenario == "stall" and rank == 2:
        time.sleep(3 * TIMEOUT_S + 60)  # a data loader that never returns
    if scenario == "dead" and rank == 2:
        os._exit(3)
    dist.all_reduce(t)
    dist.broadcast(t, 0)


def worker(rank: int, scenario: str, out: str, port: int) -> None:
    os.environ.setdefault("TORCH_FR_BUFFER_SIZE", "2000")  # the recorder is off without a buffer size
    import torch
    import torch.distributed as dist

    dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=WORLD,
                            timeout=datetime.timedelta(seconds=START_TIMEOUT_S))
    t = torch.ones(1024)
    for _ in range(3):
        dist.all_reduce(t)
    # In step now: from here a collective that waits TIMEOUT_S is a hang.
    dist.distributed_c10d._set_pg_timeout(datetime.timedelta(seconds=TIMEOUT_S))
    if scenario == "stall" and rank == 2:
        # The peers time out after TIMEOUT_S; the dump is taken then, while this rank is still stuck.
        threading.Timer(2 * TIMEOUT_S, lambda: (_dump(out, rank), os._exit(0))).start()
    try:
        train_step(t, rank, scenario)
    except RuntimeError as exc:
        print(f"rank {rank}: {str(exc).splitlines()[0][:160]}", file=sys.stderr)
    _dump(out, rank)
    os._exit(0)


def main() -> int:
    scenario, out = sys.argv[1], sys.argv[2]
    port = int(sys.argv[3]) if len(sys.argv) > 3 else 29561
    if len(sys.argv) > 4:  # child process
        worker(int(sys.argv[4]), scenario, out, port)
    import subprocess

    os.makedirs(out, exist_ok=True)
    procs = [subprocess.Popen([sys.executable, __file__, scenario, out, str(port), str(r)])
             for r in range(WORLD)]
    deadline = time.monotonic() + START_TIMEOUT_S + 20
    for p in procs:
        try:
            p.wait(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
