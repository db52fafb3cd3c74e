"""Time collectives on the job's own process group (imports torch): busbw by size, and a step's
gradient sync on its own, with nothing to overlap it.

busbw follows nccl-tests (CONTRACTS.md section 6): algbw = size_bytes / time, busbw = algbw x
2(n-1)/n for all_reduce. The samples use the bench contract's keys so that `ncclkit plan --bench`
reads the file `ncclkit train --bench-json` writes. Times are torch eager calls, which for 1 MiB
and up agree with nccl-tests within a few percent (shared/measurements/README.md).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import torch
import torch.distributed as dist

from ncclkit.train.dist import DistContext, max_over_ranks, synchronize

__all__ = ["busbw_sweep", "grad_sync_ms"]

# DDP puts the first gradients of backward into a small bucket so that communication starts early
# (torch.distributed's _DEFAULT_FIRST_BUCKET_BYTES, 1 MiB).
_FIRST_BUCKET_BYTES = 1024 * 1024


def busbw_sweep(ctx: DistContext, *, sizes_bytes: list[int], iters: int,
                repeats: int = 3) -> list[dict[str, Any]]:
    """all_reduce (float32 sum, in place) at each size: one bench sample per size.

    As nccl-tests does, `iters` calls are issued back to back and timed together (a sync per
    call would add the host's round trip to every call, about 20-50 us, and understate busbw at
    the bucket sizes DDP uses); `repeats` such batches give the mean, min and max.
    """
    n = ctx.world_size
    samples = []
    for size in sizes_bytes:
        count = size // 4
        buf = torch.empty(count, dtype=torch.float32, device=ctx.device)
        buf.fill_(float(ctx.rank + 1))
        dist.all_reduce(buf)  # warm-up (connection setup, registration) and the correctness check
        wrong = int((buf != n * (n + 1) / 2).sum().item())
        batches_us = []
        for _ in range(repeats):
            buf.zero_()  # stays zero under repeated sums: no overflow, no denormals
            synchronize(ctx)
            t0 = time.perf_counter()
            for _ in range(iters):
                dist.all_reduce(buf)
            synchronize(ctx)
            batches_us.append((time.perf_counter() - t0) * 1e6 / iters)
        mean_us, min_us, max_us = max_over_ranks(
            ctx, [statistics.fmean(batches_us), min(batches_us), max(batches_us)])
        algbw = size / (mean_us * 1e-6) / 1e9
        samples.append({
            "collective": "all_reduce", "size_bytes": count * 4, "dtype": "float32",
            "time_us": round(mean_us, 2), "algbw_gbps": round(algbw, 3),
            "busbw_gbps": round(algbw * 2 * (n - 1) / n, 3), "in_place": True, "wrong": wrong,
            "time_us_min": round(min_us, 2), "time_us_max": round(max_us, 2)})
        del buf
    return samples


def _chunks(total_elems: int, bucket_elems: int) -> list[int]:
    first = min(total_elems, _FIRST_BUCKET_BYTES // 4)
    out, rest = [first], total_elems - first
    while rest > 0:
        out.append(min(bucket_elems, rest))
        rest -= out[-1]
    return out


def grad_sync_ms(ctx: DistContext, *, num_params: int, bucket_bytes: int, strategy: str,
                 iters: int = 3) -> float:
    """Median time of one step's gradient (DDP) or parameter+gradient (FSDP) traffic, alone.

    DDP: all_reduce of fp32 gradients in a 1 MiB first bucket and then bucket_bytes buckets, one
    after another on one stream, as the reducer issues them. FSDP (FULL_SHARD, fp32 parameters):
    all_gather for forward, again for backward, and reduce_scatter of the gradients, in
    bucket-sized units.
    """
    n = ctx.world_size
    bucket_elems = max(1, bucket_bytes // 4)
    shard = -(-num_params // n)
    flat = torch.zeros(shard * n, dtype=torch.float32, device=ctx.device)
    chunks = _chunks(num_params, bucket_elems)
    unit = max(n, (bucket_elems // n) * n)  # FSDP units divide evenly among the ranks

    def one_step() -> None:
        if strategy == "ddp":
            offset = 0
            for c in chunks:
                dist.all_reduce(flat[offset:offset + c])
                offset += c
            return
        for _pass in ("forward", "backward"):
            for off in range(0, flat.numel(), unit):
                full = flat[off:off + unit]
                dist.all_gather_into_tensor(full, full[: full.numel() // n].clone())
        for off in range(0, flat.numel(), unit):
            full = flat[off:off + unit]
            out = torch.empty(full.numel() // n, dtype=flat.dtype, device=flat.device)
            dist.reduce_scatter_tensor(out, full)

    times_ms = []
    for i in range(iters + 1):
        synchronize(ctx)
        t0 = time.perf_counter()
        one_step()
        synchronize(ctx)
        if i:
            times_ms.append((time.perf_counter() - t0) * 1e3)
    return max_over_ranks(ctx, [statistics.median(times_ms)])[0]
