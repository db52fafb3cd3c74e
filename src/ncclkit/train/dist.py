"""Join the job's process group from torchrun's environment, with every wait bounded (imports torch).

Reads RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR and MASTER_PORT as torchrun (and `ncclkit train
--nproc`) set them. A single process without them runs as a world of one, without a process group.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import timedelta

import torch
import torch.distributed as dist

from ncclkit.errors import NcclkitError
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


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise NcclkitError(f"{name}={raw!r} is not an integer",
                           hint="start through torchrun or `ncclkit train --nproc N`") from None


def init_distributed(opts: TrainOptions) -> DistContext:
    rank, world_size = _env_int("RANK", 0), _env_int("WORLD_SIZE", 1)
    local_rank = _env_int("LOCAL_RANK", 0)
    if opts.device == "cuda":
        if not torch.cuda.is_available():
            raise NcclkitError("no CUDA device visible to torch",
                               hint="run on a GPU node, or use --device cpu --backend gloo")
        if local_rank >= torch.cuda.device_count():
            raise NcclkitError(f"LOCAL_RANK {local_rank} but only {torch.cuda.device_count()} GPUs",
                               hint="lower --nproc(-per-node) or fix CUDA_VISIBLE_DEVICES")
        device = torch.device("cuda", local_rank)
        torch.cuda.set_device(device)
    else:
        device = torch.device("cpu")
    if world_size > 1:
        addr = f"{os.environ.get('MASTER_ADDR', '?')}:{os.environ.get('MASTER_PORT', '?')}"
        kwargs = {"device_id": device} if opts.backend == "nccl" else {}
        try:
            dist.init_process_group(opts.backend, rank=rank, world_size=world_size,
                                    timeout=timedelta(seconds=opts.timeout_s), **kwargs)
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
