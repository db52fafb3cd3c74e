"""Predict one training step's communication volume, time and per-GPU memory (`ncclkit plan`).

Derivation (nccl-tests definitions, CONTRACTS.md section 6; nccl-internals.md section 8):

* A collective on a message of S bytes (nccl-tests' size column: the whole buffer for all_reduce,
  the whole gathered output for all_gather, the whole input for reduce_scatter) takes
  t = S / algbw, and busbw = algbw x F with F = 2(n-1)/n for all_reduce and (n-1)/n for
  all_gather and reduce_scatter. Hence t = S x F / busbw. The busbw that is measured already holds
  F, so S / busbw alone is right only where F = 1 (all_reduce on 2 ranks) and off by F elsewhere
  (F = 1/2 for reduce_scatter on 2 ranks, F -> 2 for all_reduce on many ranks).
* The check against shared/measurements/README.md: 163M params of fp32 gradients = 652 MB,
  all_reduce on 2 ranks (F = 1) at the socket path's 3.5 GB/s busbw: 652e6 / 3.5e9 = 186 ms.
* Messages: DDP all-reduces gradient buckets of --bucket-mb MiB (DDP's bucket_cap_mb), so with a
  bench file the busbw is looked up at the bucket size, not at the whole gradient; ZeRO and FSDP
  move one message per bucket-sized unit as well.
* Per optimizer step (one micro-batch, world_size > 1):
    DDP          all_reduce(grads)                                     volume P*g
    ZeRO-1, -2   reduce_scatter(grads) + all_gather(updated params)    P*g + P*w
    ZeRO-3, FSDP all_gather(params) forward and backward + reduce_scatter(grads)  2*P*w + P*g
  (P params, g grad bytes, w bytes of the working parameter copy; FSDP is FULL_SHARD, which frees
  gathered parameters after forward and gathers them again for backward.)
* Memory per GPU with AdamW: weights P*w, grads P*g, optimizer 8 bytes/param (fp32 m and v) plus
  4 bytes/param of fp32 master weights when w is not fp32 (bf16/fp16 weights). ZeRO-1 shards the
  optimizer states over n GPUs, ZeRO-2 also the gradients, ZeRO-3 and FSDP also the weights; a
  shard holds ceil(P/n) params (FSDP pads its flat parameter to a multiple of n).
  Activations, the CUDA context and allocator slack are not counted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ncclkit.errors import NcclkitError
from ncclkit.plan.bandwidth import Bandwidth

__all__ = ["DTYPE_BYTES", "CommOp", "MemoryPerGpu", "StepPlan", "Strategy", "busbw_factor",
           "plan_step"]

DTYPE_BYTES = {"fp32": 4, "bf16": 2, "fp16": 2}
_MIB = 1024 * 1024


class Strategy(StrEnum):
    DDP = "ddp"
    ZERO1 = "zero1"
    ZERO2 = "zero2"
    ZERO3 = "zero3"
    FSDP = "fsdp"


def busbw_factor(collective: str, world_size: int) -> float:
    """nccl-tests' busbw / algbw ratio."""
    n = world_size
    if collective == "all_reduce":
        return 2 * (n - 1) / n
    if collective in ("all_gather", "reduce_scatter"):
        return (n - 1) / n
    raise ValueError(f"no busbw factor for {collective}")


@dataclass(frozen=True, slots=True, kw_only=True)
class CommOp:
    """One kind of collective in a step, split into messages of at most message_bytes."""

    collective: str
    purpose: str  # "grads", "params forward", ...
    size_bytes: int  # total over the messages (sum of nccl-tests size columns)
    message_bytes: int
    num_messages: int
    busbw_gbps: float  # at message_bytes (and at the last, smaller message for its share)
    time_ms: float

    def to_json(self) -> dict[str, Any]:
        return {"collective": self.collective, "purpose": self.purpose,
                "size_bytes": self.size_bytes, "message_bytes": self.message_bytes,
                "num_messages": self.num_messages, "busbw_gbps": round(self.busbw_gbps, 3),
                "time_ms": round(self.time_ms, 3)}


@dataclass(frozen=True, slots=True, kw_only=True)
class MemoryPerGpu:
    weights_bytes: int
    grads_bytes: int
    optimizer_bytes: int

    @property
    def total_bytes(self) -> int:
        return self.weights_bytes + self.grads_bytes + self.optimizer_bytes


@dataclass(frozen=True, slots=True, kw_only=True)
class StepPlan:
    num_params: int
    world_size: int
    strategy: Strategy
    grad_dtype: str
    param_dtype: str
    bucket_bytes: int
    bandwidth_source: str
    ops: tuple[CommOp, ...]
    memory: MemoryPerGpu

    @property
    def comm_bytes_per_step(self) -> int:
        return sum(op.size_bytes for op in self.ops)

    @property
    def comm_time_ms(self) -> float:
        return sum(op.time_ms for op in self.ops)

    def to_json(self) -> dict[str, Any]:
        m = self.memory
        return {
            "schema_version": 1,
            "comm_bytes_per_step": self.comm_bytes_per_step,
            "comm_time_ms": round(self.comm_time_ms, 3),
            "memory_per_gpu_bytes": {"weights": m.weights_bytes, "grads": m.grads_bytes,
                                     "optimizer": m.optimizer_bytes, "total": m.total_bytes},
            "params": self.num_params,
            "world_size": self.world_size,
            "strategy": str(self.strategy),
            "grad_dtype": self.grad_dtype,
            "param_dtype": self.param_dtype,
            "bucket_bytes": self.bucket_bytes,
            "bandwidth_source": self.bandwidth_source,
            "comm_ops": [op.to_json() for op in self.ops],
        }


def _op(collective: str, purpose: str, size_bytes: int, *, bucket_bytes: int, world_size: int,
        bandwidth: Bandwidth) -> CommOp:
    full, rest = divmod(size_bytes, bucket_bytes)
    factor = busbw_factor(collective, world_size)
    busbw_full = bandwidth.busbw_gbps(collective, bucket_bytes) if full else 0.0
    time_s = full * bucket_bytes * factor / (busbw_full * 1e9) if full else 0.0
    if rest:
        time_s += rest * factor / (bandwidth.busbw_gbps(collective, rest) * 1e9)
    return CommOp(collective=collective, purpose=purpose, size_bytes=size_bytes,
                  message_bytes=min(bucket_bytes, size_bytes), num_messages=full + (1 if rest else 0),
                  busbw_gbps=busbw_full or bandwidth.busbw_gbps(collective, rest),
                  time_ms=time_s * 1e3)


def _memory(p: int, n: int, strategy: Strategy, g: int, w: int) -> MemoryPerGpu:
    shard = math.ceil(p / n)
    optimizer_per_param = 8 + (4 if w != 4 else 0)  # fp32 m, v (+ fp32 master copy)
    shard_opt = strategy != Strategy.DDP
    shard_grads = strategy in (Strategy.ZERO2, Strategy.ZERO3, Strategy.FSDP)
    shard_weights = strategy in (Strategy.ZERO3, Strategy.FSDP)
    return MemoryPerGpu(weights_bytes=(shard if shard_weights else p) * w,
                        grads_bytes=(shard if shard_grads else p) * g,
                        optimizer_bytes=(shard if shard_opt else p) * optimizer_per_param)


def plan_step(*, num_params: int, world_size: int, strategy: Strategy, grad_dtype: str,
              param_dtype: str, bucket_bytes: int = 25 * _MIB,
              bandwidth: Bandwidth) -> StepPlan:
    if num_params <= 0:
        raise NcclkitError(f"--params {num_params}: must be positive", hint="e.g. --params 163M")
    if world_size < 1:
        raise NcclkitError(f"world size {world_size}: must be at least 1",
                           hint="--world-size W, or --gpus-per-node G --nodes N")
    if bucket_bytes <= 0:
        raise NcclkitError(f"bucket of {bucket_bytes} bytes", hint="--bucket-mb must be positive")
    for flag, dtype in (("--grad-dtype", grad_dtype), ("--param-dtype", param_dtype)):
        if dtype not in DTYPE_BYTES:
            raise NcclkitError(f"{flag} {dtype!r} is not known", hint=f"use {', '.join(DTYPE_BYTES)}")
    g, w = DTYPE_BYTES[grad_dtype], DTYPE_BYTES[param_dtype]
    grads, params = num_params * g, num_params * w

    def op(collective: str, purpose: str, size_bytes: int) -> CommOp:
        return _op(collective, purpose, size_bytes, bucket_bytes=bucket_bytes, world_size=world_size,
                   bandwidth=bandwidth)

    ops: list[CommOp] = []
    if world_size > 1:
        if strategy == Strategy.DDP:
            ops = [op("all_reduce", "grads", grads)]
        elif strategy in (Strategy.ZERO1, Strategy.ZERO2):
            ops = [op("reduce_scatter", "grads", grads),
                   op("all_gather", "updated params", params)]
        else:
            ops = [op("all_gather", "params forward", params),
                   op("all_gather", "params backward", params),
                   op("reduce_scatter", "grads", grads)]
    return StepPlan(num_params=num_params, world_size=world_size, strategy=strategy,
                    grad_dtype=grad_dtype, param_dtype=param_dtype, bucket_bytes=bucket_bytes,
                    bandwidth_source=bandwidth.source, ops=tuple(ops),
                    memory=_memory(num_params, world_size, strategy, g, w))
