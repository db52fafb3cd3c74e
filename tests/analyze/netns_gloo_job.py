"""A two-node torch.distributed job (gloo) run by tests/analyze/test_netns_faults.py: three all_reduces."""

import datetime

import torch
import torch.distributed as dist

dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=20))
t = torch.ones(1 << 16)
for _ in range(3):
    dist.all_reduce(t)
print("rank", dist.get_rank(), "done", t[0].item())
dist.destroy_process_group()
