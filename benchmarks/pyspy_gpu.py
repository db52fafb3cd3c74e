"""py-spy dumps of real NCCL hangs on one GPU, taken as users take them for an issue.

Two ranks share GPU 0; each sets its own NCCL_HOSTID, so NCCL treats them as two hosts and runs NET/Socket between
them over loopback. After 3 all_reduces:
- destroy-after-peer-exit: rank 1 raises and exits; rank 0 launches an all_reduce rank 1 never joins, fails in its
  own code while it is in flight, and calls dist.destroy_process_group() on its way out (pytorch/torchtitan#1342's
  "other trainers had exceptions mid-collective" and the trainer that hung at exit);
- destroy-while-peer-stuck: the same, but rank 1 does not exit: it sleeps in a function of its own;
- peer-in-other-work: rank 1 sleeps in a function of its own (a stand-in for a data wait) while rank 0 waits in the
  4th all_reduce.
While the ranks run, py-spy dumps every rank still alive (`py-spy dump --pid`, 20 s after the fault); the dumps are
concatenated as a user pastes them. Writes under $OUT: <scenario>.log (both ranks' output), <scenario>-pyspy.txt and
pyspy.json (per scenario: whether rank 0 returned from destroy_process_group or the collective, seconds).
Usage, from the repository root: OUT=/dir PYSPY=/path/to/py-spy python3 benchmarks/pyspy_gpu.py
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from typing import IO

from faults_gpu import SAFE_ENV, SOCKET_ENV  # the same two hosts over loopback as the faults' jobs

OUT = os.environ.get("OUT", "out")
PYSPY = os.environ.get("PYSPY", "py-spy")
SCENARIOS = ("destroy-after-peer-exit", "destroy-while-peer-stuck", "peer-in-other-work")
HANG_S = 20  # how long after the fault the dump is taken
LIMIT_S = 90  # a rank still alive then is killed

RANK = r'''
import datetime, os, sys, time
import torch
import torch.distributed as dist

rank, scenario = int(os.environ["RANK"]), os.environ["SCENARIO"]
torch.cuda.set_device(0)
dist.init_process_group("nccl", timeout=datetime.timedelta(seconds=60), device_id=torch.device("cuda:0"))
t = torch.ones(1 << 20, device="cuda")
for _ in range(3):
    dist.all_reduce(t)
torch.cuda.synchronize()
print(f"rank {rank}: 3 all_reduces done", flush=True)


def load_next_batch():
    time.sleep(3600)


if scenario.startswith("destroy-"):
    if rank == 1 and scenario == "destroy-after-peer-exit":
        raise RuntimeError("rank 1 fails in its own code")
    if rank == 1:
        load_next_batch()
    work = dist.all_reduce(t, async_op=True)
    time.sleep(2)
    try:
        raise RuntimeError("rank 0 fails while its all_reduce is in flight")
    except RuntimeError as e:
        print(f"rank 0: {e}; destroying the process group", flush=True)
        dist.destroy_process_group()
        print("rank 0: destroy_process_group returned", flush=True)
        raise
else:
    if rank == 1:
        load_next_batch()
    dist.all_reduce(t)
    torch.cuda.synchronize()
    print(f"rank {rank}: 4th all_reduce done", flush=True)
'''


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_two_ranks(code: str, log: IO[str], env: dict[str, str]) -> list[subprocess.Popen[bytes]]:
    """Ranks 0 and 1 of `code`, both on GPU 0 as two hosts (their own NCCL_HOSTID), writing to `log`."""
    port = free_port()
    return [subprocess.Popen([sys.executable, "-u", "-c", code], stdout=log, stderr=subprocess.STDOUT,
                             env={**os.environ, **SAFE_ENV, **SOCKET_ENV, **env, "RANK": str(rank), "WORLD_SIZE": "2",
                                  "LOCAL_RANK": "0", "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(port),
                                  "NCCL_HOSTID": f"host{rank}"})
            for rank in (0, 1)]


def wait_or_kill(ranks: list[subprocess.Popen[bytes]], deadline: float) -> None:
    """Wait for the ranks until `deadline` (time.monotonic()); kill those still running then."""
    for proc in ranks:
        try:
            proc.wait(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def run(scenario: str) -> dict[str, object]:
    log = open(os.path.join(OUT, f"{scenario}.log"), "w")
    ranks = start_two_ranks(RANK, log, {"SCENARIO": scenario})
    start = time.monotonic()
    time.sleep(HANG_S + 10)  # init, 3 all_reduces, the fault, then HANG_S
    dumps = []
    for proc in ranks:
        if proc.poll() is None:
            spy = subprocess.run([PYSPY, "dump", "--pid", str(proc.pid)], capture_output=True, text=True,
                                 timeout=60)
            dumps.append(spy.stdout if spy.returncode == 0 else f"py-spy failed: {spy.stderr.strip()}\n")
    with open(os.path.join(OUT, f"{scenario}-pyspy.txt"), "w") as f:
        f.write("".join(dumps))
    alive = [proc.poll() is None for proc in ranks]
    wait_or_kill(ranks, start + LIMIT_S)
    log.close()
    return {"scenario": scenario, "alive_at_dump": alive, "exit_codes": [p.returncode for p in ranks],
            "seconds": round(time.monotonic() - start, 1), "dumped": len(dumps)}


def run_scenarios(run: Callable[[str], dict[str, object]], scenarios: tuple[str, ...], name: str,
                  about: dict[str, str] | None = None) -> None:
    """Run the scenarios the command line names (all of them when it names none), print their results and write
    them, with the date and `about`, to $OUT/<name>.json."""
    os.makedirs(OUT, exist_ok=True)
    results = [run(s) for s in (sys.argv[1:] or scenarios)]
    with open(os.path.join(OUT, f"{name}.json"), "w") as f:
        json.dump({"date": time.strftime("%Y-%m-%d"), **(about or {}), "results": results}, f, indent=1)
    print(json.dumps(results, indent=1))


def main() -> None:
    run_scenarios(run, SCENARIOS, "pyspy", {"py-spy": PYSPY})


if __name__ == "__main__":
    main()
