"""A rank that joins a job whose store is at MASTER_ADDR:MASTER_PORT and never reaches it (the store is never
started): what torch prints then is what a user pastes. Run by test_c10d_live.py."""

import datetime
import os

import torch.distributed as dist

dist.init_process_group("gloo", init_method="env://", rank=1, world_size=2,
                        timeout=datetime.timedelta(seconds=float(os.environ["STORE_TIMEOUT_S"])))
