"""torch.profiler's table of a real job, once bound by its communication and once by its compute.

A real two-rank job under torchrun on one GPU (each rank its own NCCL_HOSTID, so NCCL runs NET/Socket over loopback
between two "hosts", as benchmarks/faults_gpu.py does) profiles ten steps of a matrix product and an all_reduce, and
rank 0 prints `prof.key_averages().table(...)` as users paste it. In "comm-bound" the all_reduce moves 64 MiB over
the sockets and the product is small; in "compute-heavy" the product is large and the all_reduce 4 KiB, yet each
rank's NCCL kernel still waits out the other rank's product on the shared GPU; "one-rank-compute" is the same work
with one rank, where NCCL has no peer to wait for. The console output is kept verbatim as profile-<variant>.log
(tests/analyze/test_profile_runs.py reads it).

Usage, from the repository root: OUT=/dir python3 benchmarks/profile_comm_gpu.py
Writes $OUT/profile-<variant>.log and $OUT/profile.json (per variant: command, variables, exit code, seconds).
"""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
import time

from faults_gpu import SAFE_ENV, SOCKET_ENV  # the same two hosts over loopback as the faults' jobs

OUT = os.environ.get("OUT", "out")
# variant -> (ranks, matrix side, all_reduce elements of float32)
VARIANTS = {"comm-bound": (2, 256, 16 << 20), "compute-heavy": (2, 8192, 1 << 10),
            "one-rank-compute": (1, 8192, 1 << 10)}
STEPS = 10


def worker(side: int, elements: int) -> None:
    import torch
    import torch.distributed as dist
    from torch.profiler import ProfilerActivity, profile

    rank = int(os.environ["RANK"])
    os.environ["NCCL_HOSTID"] = f"simhost{rank}"  # read by NCCL at init: two "hosts" on one GPU
    torch.cuda.set_device(0)
    dist.init_process_group("nccl", device_id=torch.device("cuda:0"))
    a = torch.randn(side, side, device="cuda")
    grad = torch.ones(elements, device="cuda")
    for _ in range(3):  # warm-up: the communicator's connection and the kernels' first launch stay out of the table
        dist.all_reduce(grad)
        a @ a
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        for _ in range(STEPS):
            a @ a
            dist.all_reduce(grad)
        torch.cuda.synchronize()
    if rank == 0:
        print(prof.key_averages().table(sort_by="self_cuda_time_total", row_limit=12), flush=True)
    dist.destroy_process_group()


def main() -> int:
    os.makedirs(OUT, exist_ok=True)
    results = []
    for port, (name, (ranks, side, elements)) in enumerate(VARIANTS.items(), 29720):
        env = {**os.environ, **SAFE_ENV, **SOCKET_ENV}
        cmd = [sys.executable, "-m", "torch.distributed.run", "--nproc-per-node", str(ranks), "--master-port",
               str(port), os.path.abspath(__file__), "--worker", str(side), str(elements)]
        start = time.time()
        with open(os.path.join(OUT, f"profile-{name}.log"), "w") as log:
            rc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, timeout=240).returncode
        results.append({"variant": name, "variables": dict(SOCKET_ENV), "ranks": ranks, "matrix_side": side,
                        "all_reduce_bytes": elements * 4, "command": " ".join(cmd[1:]), "exit_code": rc,
                        "seconds": round(time.time() - start, 1)})
        print(name, rc, flush=True)
    with open(os.path.join(OUT, "profile.json"), "w") as f:
        json.dump({"date": datetime.date.today().isoformat(), "results": results}, f, indent=1)
    return 0 if all(r["exit_code"] == 0 for r in results) else 1


if __name__ == "__main__":
    if "--worker" in sys.argv:
        at = sys.argv.index("--worker")
        worker(int(sys.argv[at + 1]), int(sys.argv[at + 2]))
    else:
        sys.exit(main())
