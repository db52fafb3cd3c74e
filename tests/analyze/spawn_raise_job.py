"""A two-rank gloo job on CPU under torch.multiprocessing.spawn whose rank 1 raises (a KeyError on a config key)
after its first all_reduce, while rank 0 goes on to the next one.

Usage: python spawn_raise_job.py PORT"""

from __future__ import annotations

import datetime
import sys

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def work(rank: int, port: str) -> None:
    dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=2,
                            timeout=datetime.timedelta(seconds=60))
    tensor = torch.ones(4)
    dist.all_reduce(tensor)
    if rank == 1:
        config = {"lr": 0.1}
        print(config["batch_size"])  # a key this rank's code expects
    dist.all_reduce(tensor)


if __name__ == "__main__":
    mp.spawn(work, args=(sys.argv[1],), nprocs=2)
