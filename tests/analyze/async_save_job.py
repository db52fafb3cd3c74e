"""One rank of a two-rank gloo job on CPU that saves a checkpoint with torch.distributed.checkpoint's async_save and
then calls dist.barrier() on the same (default) group, as KempnerInstitute/KempnerForge#104's CheckpointManager did.
The save plans on its own thread with collectives (gather_object's all_gather); rank 1's plan takes 2 s and rank 0's
main thread waits 1 s, so rank 0 issues the save's all_gather first and rank 1 its barrier first: each rank waits in
a collective its peer does not match. Each rank prints "rank N ready" before the save. With "own-group" the save gets
a gloo group of its own (the fix ncclkit prints), and both ranks finish; with "dump-after" each rank prints Python's
faulthandler dump of its threads 6 s after it is ready, to stderr, and exits (as faulthandler.dump_traceback_later
does for a user who wants to see where a hang sits).

Usage: python async_save_job.py RANK PORT CHECKPOINT_DIR [own-group | dump-after]"""

from __future__ import annotations

import datetime
import faulthandler
import sys
import time

import torch
import torch.distributed as dist
import torch.distributed.checkpoint as dcp
from torch.distributed.checkpoint.default_planner import DefaultSavePlanner

rank, port, checkpoint = int(sys.argv[1]), sys.argv[2], sys.argv[3]
dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=2,
                        timeout=datetime.timedelta(seconds=120))
save_group = dist.new_group(backend="gloo") if sys.argv[4:] == ["own-group"] else None


class SlowPlanner(DefaultSavePlanner):
    """The planner of a large model: rank 1's local plan takes longer (the state dict of more parameters)."""

    def create_local_plan(self):  # type: ignore[no-untyped-def]
        if rank == 1:
            time.sleep(2)
        return super().create_local_plan()


dist.barrier()
print(f"rank {rank} ready", flush=True)
if sys.argv[4:] == ["dump-after"]:
    faulthandler.dump_traceback_later(6, exit=True)
saving = dcp.async_save({"weight": torch.full((8, 8), float(rank))}, checkpoint_id=checkpoint, planner=SlowPlanner(),
                        process_group=save_group)
if rank == 0:
    time.sleep(1)
dist.barrier()  # on the group the save's thread is using
saving.result()
print(f"rank {rank} saved", flush=True)
