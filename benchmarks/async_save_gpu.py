"""torch.distributed.checkpoint's async_save beside a barrier on the same group, under NCCL on one GPU, as users
run it (KempnerInstitute/KempnerForge#104: a deadlock on their NCCL clusters).

Two ranks share GPU 0; each sets its own NCCL_HOSTID, so NCCL treats them as two hosts and runs NET/Socket between
them over loopback. The group is "cpu:gloo,cuda:nccl", which async_save needs (it refuses a group with no CPU
backend). Each rank saves a CUDA state dict with async_save and then calls dist.barrier(); rank 1's save plans 2 s
longer and rank 0's main thread waits 1 s, so rank 0's save thread reaches its first collective before rank 0's
barrier and rank 1's barrier comes before rank 1's save's collective (tests/analyze/async_save_job.py does the same
under Gloo on the CPU). Scenarios:
- default-group: the save uses the default group (20 s NCCL timeout); each rank prints its threads' stacks with
  faulthandler 40 s after it is ready and exits, if it has not ended before;
- own-group: the save gets a gloo group of its own (the fix ncclkit prints); both ranks should finish.
Writes under $OUT: <scenario>.log (both ranks' output, interleaved as a launcher prints it) and async_save.json
(per scenario: exit codes, seconds, whether each rank got past its barrier and saved).
Usage, from the repository root: OUT=/dir python3 benchmarks/async_save_gpu.py [scenario ...]
"""

from __future__ import annotations

import os
import tempfile
import time

from pyspy_gpu import run_scenarios, start_two_ranks, wait_or_kill  # two hosts over loopback, as the py-spy jobs

OUT = os.environ.get("OUT", "out")
SCENARIOS = ("default-group", "own-group")
LIMIT_S = 75  # a rank still alive then is killed
CKPT = tempfile.mkdtemp(prefix="async_save_gpu.")  # the checkpoints, outside $OUT

RANK = r'''
import datetime, faulthandler, os, time
import torch
import torch.distributed as dist
import torch.distributed.checkpoint as dcp
from torch.distributed.checkpoint.default_planner import DefaultSavePlanner

rank, scenario = int(os.environ["RANK"]), os.environ["SCENARIO"]
torch.cuda.set_device(0)
dist.init_process_group("cpu:gloo,cuda:nccl", timeout=datetime.timedelta(seconds=20),
                        device_id=torch.device("cuda:0"))
group = dist.new_group(backend="gloo") if scenario == "own-group" else None


class SlowPlanner(DefaultSavePlanner):
    def create_local_plan(self):
        if rank == 1:
            time.sleep(2)
        return super().create_local_plan()


dist.barrier()
print(f"rank {rank} ready", flush=True)
faulthandler.dump_traceback_later(40, exit=True)
state = {"weight": torch.full((1024, 1024), float(rank), device="cuda")}
saving = dcp.async_save(state, checkpoint_id=os.path.join(os.environ["CKPT"], scenario), planner=SlowPlanner(),
                        process_group=group)
if rank == 0:
    time.sleep(1)
dist.barrier()
print(f"rank {rank} past its barrier", flush=True)
saving.result()
print(f"rank {rank} saved", flush=True)
faulthandler.cancel_dump_traceback_later()
dist.destroy_process_group()
'''


def run(scenario: str) -> dict[str, object]:
    path = os.path.join(OUT, f"{scenario}.log")
    with open(path, "w") as log:
        ranks = start_two_ranks(RANK, log, {"SCENARIO": scenario, "CKPT": CKPT})
        start = time.monotonic()
        wait_or_kill(ranks, start + LIMIT_S)
    text = open(path).read()
    return {"scenario": scenario, "exit_codes": [p.returncode for p in ranks],
            "seconds": round(time.monotonic() - start, 1),
            "past_barrier": [f"rank {r} past its barrier" in text for r in (0, 1)],
            "saved": [f"rank {r} saved" in text for r in (0, 1)]}


def main() -> None:
    run_scenarios(run, SCENARIOS, "async_save")


if __name__ == "__main__":
    main()
