"""Python's faulthandler stacks of a real NCCL hang on one GPU, as users paste them into an issue.

Two ranks share GPU 0; each sets its own NCCL_HOSTID, so NCCL treats them as two hosts and runs NET/Socket between
them over loopback. Both run a training loop under torchelastic's @record (whose error handler turns on
faulthandler for all threads, as torchrun's scripts do): a DataLoader with one worker feeds each step's all_reduce.
Rank 1's data never comes after its first batch (its worker sleeps), so rank 0 waits in the second step's
collective.
- watchdog-abort: a 20 s timeout; rank 0's watchdog catches it and logs the failed collective's stack. Under torch
  2.11 the process then lived on (its heartbeat monitor ends it minutes later): no faulthandler dump came within the
  script's 80 s (benchmarks/results/faulthandler-1xH100-2026-12-07).
- dump-on-demand: a 600 s timeout; after their first step the ranks call faulthandler.dump_traceback_later(25 s,
  rank 1 3 s later, exit=True), as a user who wants to see where a hang sits does: each prints its threads' stacks
  and exits (one after the other: two dumps written at once into one file would mix their lines).
Writes under $OUT: <scenario>.log (both ranks' output, interleaved as a launcher prints it) and faulthandler.json
(per scenario: exit codes, seconds). Every job keeps the variables that keep NVLink multicast off.
Usage, from the repository root: OUT=/dir python3 benchmarks/faulthandler_gpu.py [scenario ...]; BACKEND=gloo runs
the same job on the CPU (dump-on-demand only: Gloo has no watchdog that aborts).
"""

from __future__ import annotations

import os
import time

from pyspy_gpu import run_scenarios, start_two_ranks, wait_or_kill  # two hosts over loopback, as the py-spy jobs

OUT = os.environ.get("OUT", "out")
SCENARIOS = ("watchdog-abort", "dump-on-demand")
BACKEND = os.environ.get("BACKEND", "nccl")  # gloo: the same job on the CPU (no watchdog abort there)
LIMIT_S = 80  # a rank still alive then is killed

RANK = r'''
import datetime, faulthandler, os, time
import torch
import torch.distributed as dist
from torch.distributed.elastic.multiprocessing.errors import record

rank, scenario = int(os.environ["RANK"]), os.environ["SCENARIO"]


class Shards(torch.utils.data.Dataset):
    def __init__(self, stalls: bool) -> None:
        self.stalls, self.rank_pid = stalls, os.getpid()  # the rank, parent of the loader's worker

    def __len__(self) -> int:
        return 8

    def __getitem__(self, i: int) -> torch.Tensor:
        if self.stalls and i >= 2:
            while os.getppid() == self.rank_pid:  # a shard that never arrives while its rank lives
                time.sleep(0.2)
        return torch.ones(4)


@record
def main() -> None:
    timeout = datetime.timedelta(seconds=20 if scenario == "watchdog-abort" else 600)
    if os.environ["BACKEND"] == "nccl":
        torch.cuda.set_device(0)
        dist.init_process_group("nccl", timeout=timeout, device_id=torch.device("cuda:0"))
    else:
        dist.init_process_group("gloo", timeout=timeout)
    t = torch.ones(1 << 20, device="cuda" if os.environ["BACKEND"] == "nccl" else "cpu")
    loader = torch.utils.data.DataLoader(Shards(stalls=rank == 1), batch_size=2, num_workers=1)
    for step, batch in enumerate(loader):
        x = t * batch.sum()
        dist.all_reduce(x)
        if x.is_cuda:
            torch.cuda.synchronize()
        print(f"rank {rank}: step {step} done", flush=True)
        if step == 0 and scenario == "dump-on-demand":
            faulthandler.dump_traceback_later(25 + 3 * rank, exit=True)  # one rank after the other, as users dump


main()
'''


def run(scenario: str) -> dict[str, object]:
    log = open(os.path.join(OUT, f"{scenario}.log"), "w")
    ranks = start_two_ranks(RANK, log, {"SCENARIO": scenario, "BACKEND": BACKEND})
    start = time.monotonic()
    wait_or_kill(ranks, start + LIMIT_S)
    log.close()
    return {"scenario": scenario, "exit_codes": [p.returncode for p in ranks],
            "seconds": round(time.monotonic() - start, 1)}


def main() -> None:
    run_scenarios(run, SCENARIOS, "faulthandler")


if __name__ == "__main__":
    main()
