"""Run and time the reference training job on every rank (imports torch); rank 0 returns the JSON.

A step is `accum` micro-batches of forward+backward, all but the last under no_sync, then AdamW.
The same step with every micro-batch under no_sync (no gradient traffic at all) gives the compute
time; their difference is the communication that backward did not hide (exposed_comm_ms).
Each configuration gets a fresh model so that no DDP reducer or optimizer state carries over.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import math
import os
import statistics
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import torch
import torch.distributed as dist
from torch import nn

from ncclkit.train.advice import RunStats, recommend
from ncclkit.train.comm import busbw_sweep, grad_sync_ms
from ncclkit.train.config import num_params, preset
from ncclkit.train.dist import DistContext, init_distributed, max_over_ranks, synchronize
from ncclkit.train.model import Block, Gpt, synthetic_batches
from ncclkit.train.options import TrainOptions

if TYPE_CHECKING:
    from torch.distributed.fsdp import FSDPModule

__all__ = ["run_job"]

_MIB = 1024 * 1024
_BATCH_POOL = 4  # distinct micro-batches cycled through; enough to defeat any caching


class _Job:
    def __init__(self, opts: TrainOptions, ctx: DistContext) -> None:
        self.opts, self.ctx = opts, ctx
        self.cfg = preset(opts.model_size)
        self.batches = synthetic_batches(self.cfg, micro_batch=opts.micro_batch,
                                         count=_BATCH_POOL, seed=1000 + ctx.rank,
                                         device=ctx.device)

    def _build(self, bucket_mb: float | None) -> tuple[nn.Module, torch.optim.Optimizer,
                                                       Callable[[], contextlib.AbstractContextManager]]:
        torch.manual_seed(0)  # the same initial weights on every rank
        model: nn.Module = Gpt(self.cfg).to(self.ctx.device)
        no_sync: Callable[[], contextlib.AbstractContextManager] = contextlib.nullcontext
        if self.ctx.distributed and self.opts.strategy == "ddp":
            ids = [self.ctx.local_rank] if self.ctx.device.type == "cuda" else None
            model = nn.parallel.DistributedDataParallel(
                model, device_ids=ids, bucket_cap_mb=bucket_mb, gradient_as_bucket_view=True)
            no_sync = model.no_sync
        elif self.ctx.distributed:
            from torch.distributed.fsdp import fully_shard

            for module in model.modules():
                if isinstance(module, Block):
                    fully_shard(module)
            no_sync = _fsdp_no_sync(fully_shard(model))  # the same module, as an FSDPModule
        # Fused AdamW for plain tensors on CUDA; FSDP's sharded DTensor parameters keep the
        # default (foreach) implementation.
        fused = True if self.ctx.device.type == "cuda" and not (
            self.ctx.distributed and self.opts.strategy == "fsdp") else None  # None: AdamW's default
        opt = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=fused)
        return model, opt, no_sync

    def _autocast(self) -> contextlib.AbstractContextManager:
        if self.opts.dtype == "bf16":
            return torch.autocast(self.ctx.device.type, dtype=torch.bfloat16)
        return contextlib.nullcontext()

    def _step(self, model: nn.Module, opt: torch.optim.Optimizer, no_sync: Callable,
              accum: int, *, sync: bool, index: int) -> None:
        for i in range(accum):
            x, y = self.batches[(index * accum + i) % _BATCH_POOL]
            skip = not (sync and i == accum - 1)
            with no_sync() if skip else contextlib.nullcontext(), self._autocast():
                loss = model(x, y) / accum
                loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    def _timed(self, model: nn.Module, opt: torch.optim.Optimizer, no_sync: Callable,
               accum: int, *, sync: bool, warmup: int, steps: int) -> list[float]:
        for i in range(warmup):
            self._step(model, opt, no_sync, accum, sync=sync, index=i)
        times_ms = []
        for i in range(steps):
            synchronize(self.ctx)
            t0 = time.perf_counter()
            self._step(model, opt, no_sync, accum, sync=sync, index=i)
            synchronize(self.ctx)
            times_ms.append((time.perf_counter() - t0) * 1e3)
        return max_over_ranks(self.ctx, times_ms)

    def measure(self, bucket_mb: float | None, accum: int) -> RunStats:
        o = self.opts
        model, opt, no_sync = self._build(bucket_mb)
        # Long accumulated steps need fewer repetitions for a stable median.
        warmup = math.ceil(o.warmup_steps / accum) if o.warmup_steps else 0
        steps = max(3, math.ceil(o.steps / accum))
        synced = self._timed(model, opt, no_sync, accum, sync=True, warmup=warmup, steps=steps)
        nosync = None
        if self.ctx.distributed:
            nosync = statistics.median(self._timed(
                model, opt, no_sync, accum, sync=False, warmup=min(warmup, 2),
                steps=max(3, math.ceil(o.nosync_steps / accum))))
        del model, opt, no_sync
        self._release()
        tokens = o.micro_batch * self.cfg.seq_len * accum
        eff = None
        if o.baseline_tokens_per_s:
            eff = tokens / (statistics.median(synced) / 1e3) / o.baseline_tokens_per_s
        return RunStats(bucket_mb=bucket_mb, accum=accum, step_ms=statistics.median(synced),
                        step_nosync_ms=nosync, tokens_per_step_per_gpu=tokens,
                        step_ms_samples=tuple(synced), scaling_efficiency=eff)

    def _release(self) -> None:
        gc.collect()
        if self.ctx.device.type == "cuda":
            torch.cuda.empty_cache()


def _fsdp_no_sync(model: FSDPModule) -> Callable[[], contextlib.AbstractContextManager]:
    @contextlib.contextmanager
    def no_sync() -> Iterator[None]:
        model.set_requires_gradient_sync(False)  # FSDP2: skip the reduce-scatter of this backward
        try:
            yield
        finally:
            model.set_requires_gradient_sync(True)
    return no_sync


def _sweep_sizes(ctx: DistContext) -> list[int]:
    if ctx.device.type == "cuda":
        return [s * _MIB for s in (1, 4, 16, 64, 256)]
    return [s * 1024 for s in (64, 256, 1024)]  # gloo on CPU: keep tests fast


def run_job(opts: TrainOptions) -> dict[str, Any] | None:
    """Run every configuration; the JSON result on rank 0, None on the other ranks."""
    ctx = init_distributed(opts)
    try:
        return _run(opts, ctx)
    finally:
        if ctx.distributed:
            dist.destroy_process_group()


def _run(opts: TrainOptions, ctx: DistContext) -> dict[str, Any] | None:
    job = _Job(opts, ctx)
    ddp = ctx.distributed and opts.strategy == "ddp"
    buckets: list[float | None] = list(opts.bucket_mbs) if ddp else [None]
    runs = [job.measure(b, opts.accum) for b in buckets]
    # The 1-GPU time of one micro-batch, from the baseline's per-GPU throughput.
    baseline_step_ms = (opts.micro_batch * job.cfg.seq_len / opts.baseline_tokens_per_s * 1e3
                        if opts.baseline_tokens_per_s else None)
    rec = recommend(runs, baseline_step_ms=baseline_step_ms,
                    target_efficiency=opts.target_efficiency, max_accum=opts.max_accum)
    measured = next((r for r in runs if (r.bucket_mb, r.accum) == (rec.bucket_mb, rec.accum)),
                    None)
    if measured is None and opts.verify and ctx.distributed:
        measured = job.measure(rec.bucket_mb, rec.accum)
        runs.append(measured)
    rec = dataclasses.replace(rec, measured=measured)
    count = num_params(job.cfg)
    first_bucket = buckets[0] if buckets[0] is not None else 25.0
    comm_ms = samples = None
    if ctx.distributed and opts.measure_busbw:
        comm_ms = grad_sync_ms(ctx, num_params=count, bucket_bytes=int(first_bucket * _MIB),
                               strategy=opts.strategy)
        samples = busbw_sweep(ctx, sizes_bytes=_sweep_sizes(ctx), iters=5)
    if ctx.rank != 0:
        return None
    return _result(opts, ctx, job, runs, rec, count, comm_ms, samples)


def _result(opts: TrainOptions, ctx: DistContext, job: _Job, runs: list[RunStats], rec: Any,
            count: int, comm_ms: float | None, samples: list[dict] | None) -> dict[str, Any]:
    first = runs[0]
    cfg = job.cfg
    bench = None
    if samples is not None:
        bench = {"schema_version": 1, "nranks": ctx.world_size, "backend": opts.backend,
                 "mode": "eager", "samples": samples, "findings": []}
    nccl_version = None
    if opts.backend == "nccl":
        raw = torch.cuda.nccl.version()  # a tuple in torch 2.x, an int code in older releases
        nccl_version = ".".join(map(str, raw)) if isinstance(raw, tuple) else str(raw)
    return {
        "schema_version": 1,
        "model": {"size": opts.model_size, "params": count, "num_layers": cfg.num_layers,
                  "width": cfg.width, "seq_len": cfg.seq_len, "vocab_size": cfg.vocab_size},
        "world_size": ctx.world_size, "backend": opts.backend, "device": opts.device,
        "device_name": (torch.cuda.get_device_name(ctx.device) if ctx.device.type == "cuda"
                        else "cpu"),
        "strategy": opts.strategy if ctx.distributed else "single",
        "dtype": opts.dtype, "micro_batch": opts.micro_batch, "accum": first.accum,
        "bucket_mb": first.bucket_mb,
        **{k: v for k, v in first.to_json().items() if k not in ("bucket_mb", "accum")},
        "comm_ms": None if comm_ms is None else round(comm_ms, 3),
        # fp32 gradients all-reduced (DDP); FSDP gathers fp32 parameters twice and
        # reduce-scatters the gradients once.
        "comm_bytes_per_step": (None if not ctx.distributed
                                else count * 4 * (1 if opts.strategy == "ddp" else 3)),
        "baseline": ({"tokens_per_s_per_gpu": opts.baseline_tokens_per_s}
                     if opts.baseline_tokens_per_s else None),
        "runs": [r.to_json() for r in runs],
        "recommendation": rec.to_json(),
        "bench": bench,
        "nccl_env": {k: v for k, v in sorted(os.environ.items()) if k.startswith("NCCL_")},
        "torch_version": torch.__version__,
        "nccl_version": nccl_version,
    }
