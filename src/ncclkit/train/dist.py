"""Join the job's process group from the launcher's environment, with every wait bounded (imports torch).

The launcher's variables are read by ncclkit.launchenv (torchrun and `ncclkit train --nproc`, srun,
mpirun). A single process without them runs as a world of one, without a process group.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

import torch
import torch.distributed as dist

from ncclkit.errors import NcclkitError
from ncclkit.launchenv import read_launch_env
from ncclkit.train.options import TrainOptions

__all__ = ["DistContext", "init_distributed", "max_over_ranks", "synchronize"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DistContext:
    rank: int
    world_size: int
    local_rank: int
    device: torch.device

    @property
    def distributed(self) -> bool:
        return self.world_size > 1


def init_distributed(opts: TrainOptions) -> DistContext:
    launch = read_launch_env()
    rank, world_size = (launch.rank, launch.world_size) if launch else (0, 1)
    local_rank = launch.local_rank if launch else 0
    if opts.device == "cuda":
        if not torch.cuda.is_available():
            raise NcclkitError("no CUDA device visible to torch",
                               hint="run on a GPU node, or use --device cpu --backend gloo")
        if local_rank >= torch.cuda.device_count():
            raise NcclkitError(f"local rank {local_rank} but only {torch.cuda.device_count()} GPUs",
                               hint="lower --nproc(-per-node) or fix CUDA_VISIBLE_DEVICES")
        device = torch.device("cuda", local_rank)
        torch.cuda.set_device(device)
    else:
        device = torch.device("cpu")
    if launch is not None and world_size > 1:
        addr = f"{launch.master_addr}:{launch.master_port}"
        device_id = device if opts.backend == "nccl" else None  # None: init_process_group's default
        # Under torchrun's agent store the default env:// init joins that store as a client;
        # otherwise rank 0 hosts the store at the address the launcher (or Slurm's node list) gave.
        init_method = None if launch.agent_store else f"tcp://{addr}"
        try:
            dist.init_process_group(opts.backend, init_method=init_method, rank=rank,
                                    world_size=world_size, timeout=timedelta(seconds=opts.timeout_s),
                                    device_id=device_id)
        except (RuntimeError, ValueError) as exc:
            raise NcclkitError(
                f"rank {rank}: could not join the {world_size}-rank group at {addr} within "
                f"{opts.timeout_s:g} s: {str(exc).splitlines()[0]}",
                hint="check that every rank started and can reach MASTER_ADDR:MASTER_PORT "
                     "(ncclkit cluster)") from None
    return DistContext(rank=rank, world_size=world_size, local_rank=local_rank, device=device)


def synchronize(ctx: DistContext) -> None:
    if ctx.device.type == "cuda":
        torch.cuda.synchronize(ctx.device)


def max_over_ranks(ctx: DistContext, values: list[float]) -> list[float]:
    """Element-wise maximum across ranks: the slowest rank sets a synchronous step's pace."""
    if not ctx.distributed:
        return values
    t = torch.tensor(values, dtype=torch.float64, device=ctx.device)
    dist.all_reduce(t, op=dist.ReduceOp.MAX)
    return t.tolist()
