"""One rank of a two-rank gloo job on CPU that leaves early: after an all_reduce, rank 1 calls sys.exit(0) without
destroying its process group, while rank 0 goes on to its next all_reduces. Run under torchrun.

Usage: torchrun --nproc_per_node 2 early_exit_job.py"""

from __future__ import annotations

import datetime
import sys

import torch
import torch.distributed as dist

dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=60))
tensor = torch.ones(4)
dist.all_reduce(tensor)
if dist.get_rank() == 1:
    sys.exit(0)  # a rank that thinks it is done
for _ in range(3):
    dist.all_reduce(tensor)
