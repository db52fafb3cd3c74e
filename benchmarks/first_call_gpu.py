"""What a job's first collective costs next to its later ones, and where NCCL_RUNTIME_CONNECT=0 moves that cost.

A real two-rank job under torchrun on one GPU (each rank its own NCCL_HOSTID, so NCCL runs NET/Socket over loopback
between two "hosts", as benchmarks/faults_gpu.py does) times its process group's init and ten all_reduces of 1 MiB,
each synchronized, and prints one line per call as users time their loops ("Rank 0 time taken: 214477 us",
NVIDIA/nccl#1487). Four variants: NCCL's defaults with PyTorch's lazy communicator; init_process_group(device_id=...),
which creates the communicator at init; NCCL_RUNTIME_CONNECT=0, which has NCCL connect the peers when it creates the
communicator; and both, which does all of it at init. The console output
is kept verbatim as first-call-<variant>.log (tests/analyze/test_first_call_runs.py reads it).

Usage, from the repository root: OUT=/dir python3 benchmarks/first_call_gpu.py
Writes $OUT/first-call-<variant>.log and $OUT/first_call.json (per variant: command, variables, exit code, seconds,
each rank's init time and call times).
"""

from __future__ import annotations

import datetime
import json
import os
import re
import subprocess
import sys
import time

from faults_gpu import SAFE_ENV, SOCKET_ENV  # the same two hosts over loopback as the faults' jobs

OUT = os.environ.get("OUT", "out")
VARIANTS = {"default": {}, "eager-init": {"EAGER_INIT": "1"}, "runtime-connect-0": {"NCCL_RUNTIME_CONNECT": "0"},
            "connect-at-init": {"NCCL_RUNTIME_CONNECT": "0", "EAGER_INIT": "1"}}
CALLS = 10
# The ranks share torchrun's console, so one rank's line may run into the other's ("... 399657 usRank 0 init took").
_TIMED = re.compile(r"Rank (\d) time taken: (\d+) us")
_INIT = re.compile(r"Rank (\d) init took: (\d+) us")


def worker() -> None:
    import torch
    import torch.distributed as dist

    rank = int(os.environ["RANK"])
    os.environ["NCCL_HOSTID"] = f"simhost{rank}"  # read by NCCL at init: two "hosts" on one GPU
    torch.cuda.set_device(0)
    start = time.perf_counter()
    eager = {"device_id": torch.device("cuda:0")} if os.environ.get("EAGER_INIT") else {}
    dist.init_process_group("nccl", **eager)
    print(f"Rank {rank} init took: {round((time.perf_counter() - start) * 1e6)} us", flush=True)
    x = torch.ones(1 << 18, device="cuda")  # 1 MiB of float32
    for _ in range(CALLS):
        torch.cuda.synchronize()
        start = time.perf_counter()
        dist.all_reduce(x)
        torch.cuda.synchronize()
        print(f"Rank {rank} time taken: {round((time.perf_counter() - start) * 1e6)} us", flush=True)
    dist.destroy_process_group()


def main() -> int:
    os.makedirs(OUT, exist_ok=True)
    results = []
    for port, (name, variables) in enumerate(VARIANTS.items(), 29700):
        env = {**os.environ, **SAFE_ENV, **SOCKET_ENV, **variables}
        cmd = [sys.executable, "-m", "torch.distributed.run", "--nproc-per-node", "2", "--master-port", str(port),
               os.path.abspath(__file__), "--worker"]
        start = time.time()
        with open(os.path.join(OUT, f"first-call-{name}.log"), "w") as log:
            rc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, timeout=240).returncode
        text = open(os.path.join(OUT, f"first-call-{name}.log")).read()
        calls: dict[str, list[int]] = {}
        for r, us in _TIMED.findall(text):
            calls.setdefault(r, []).append(int(us))
        results.append({"variant": name, "variables": {**SOCKET_ENV, **variables},
                        "command": " ".join(cmd[1:]), "exit_code": rc, "seconds": round(time.time() - start, 1),
                        "init_us": {r: int(us) for r, us in _INIT.findall(text)}, "calls_us": calls})
        print(name, rc, results[-1]["init_us"], calls, flush=True)
    with open(os.path.join(OUT, "first_call.json"), "w") as f:
        json.dump({"date": datetime.date.today().isoformat(), "results": results}, f, indent=1)
    return 0 if all(r["exit_code"] == 0 for r in results) else 1


if __name__ == "__main__":
    if "--worker" in sys.argv:
        worker()
    else:
        sys.exit(main())
