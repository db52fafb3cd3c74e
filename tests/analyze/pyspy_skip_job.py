"""One rank of a two-rank gloo job on CPU that goes out of step: after three all_reduces rank 0 broadcasts, rank 1
never calls the broadcast and does other work (a sleep). Each rank prints "rank N ready" before it parts ways.

Usage: python pyspy_skip_job.py RANK PORT"""

from __future__ import annotations

import datetime
import sys
import time

import torch
import torch.distributed as dist

rank, port = int(sys.argv[1]), sys.argv[2]
dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=2,
                        timeout=datetime.timedelta(seconds=120))
tensor = torch.ones(4)
for _ in range(3):
    dist.all_reduce(tensor)
print(f"rank {rank} ready", flush=True)
if rank == 0:
    dist.broadcast(tensor, src=0)
else:
    time.sleep(120)
