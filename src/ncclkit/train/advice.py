"""From measured runs to a recommended DDP bucket size and gradient accumulation (pure, no torch).

Model of a step with k accumulated micro-batches: compute k*c (c: one micro-batch's forward and
backward plus its share of the optimizer step, from the step without gradient sync) plus the
exposed communication e (the step with sync minus the step without; the part of the gradient
all-reduce that backward did not hide). Gradients are synchronised once per optimizer step, so
efficiency(k) = r * k*c / (k*c + e), where r is the 1-GPU step time over the no-sync step time
(about 1; below 1 when the wrapped model is slower than the bare one for reasons other than the
network). The recommended k is the smallest one reaching the target efficiency.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Recommendation", "RunStats", "efficiency_with_accum", "recommend"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RunStats:
    """One measured configuration (times are medians, the slowest rank's)."""

    bucket_mb: float | None  # None: not DDP (one GPU, or FSDP)
    accum: int
    step_ms: float
    step_nosync_ms: float | None  # None when world_size == 1
    tokens_per_step_per_gpu: int
    step_ms_samples: tuple[float, ...] = ()
    scaling_efficiency: float | None = None

    @property
    def exposed_comm_ms(self) -> float | None:
        if self.step_nosync_ms is None:
            return None
        return self.step_ms - self.step_nosync_ms

    @property
    def tokens_per_s_per_gpu(self) -> float:
        return self.tokens_per_step_per_gpu / (self.step_ms / 1e3)

    def to_json(self) -> dict[str, Any]:
        exposed = self.exposed_comm_ms
        return {
            "bucket_mb": self.bucket_mb, "accum": self.accum, "step_ms": round(self.step_ms, 3),
            "step_nosync_ms": None if self.step_nosync_ms is None else round(self.step_nosync_ms, 3),
            "exposed_comm_ms": None if exposed is None else round(exposed, 3),
            "tokens_per_step_per_gpu": self.tokens_per_step_per_gpu,
            "tokens_per_s_per_gpu": round(self.tokens_per_s_per_gpu, 1),
            "scaling_efficiency": (None if self.scaling_efficiency is None
                                   else round(self.scaling_efficiency, 4)),
            "step_ms_samples": [round(t, 3) for t in self.step_ms_samples],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Recommendation:
    bucket_mb: float | None
    accum: int
    predicted_efficiency: float | None
    reasons: tuple[str, ...] = ()
    measured: RunStats | None = field(default=None)

    def to_json(self) -> dict[str, Any]:
        return {"bucket_mb": self.bucket_mb, "accum": self.accum,
                "predicted_efficiency": (None if self.predicted_efficiency is None
                                         else round(self.predicted_efficiency, 4)),
                "reasons": list(self.reasons),
                "measured": None if self.measured is None else self.measured.to_json()}


def efficiency_with_accum(*, compute_ms: float, exposed_ms: float, accum: int,
                          ratio: float = 1.0) -> float:
    """Predicted scaling efficiency with `accum` micro-batches of compute_ms each."""
    work = accum * compute_ms
    return ratio * work / (work + max(0.0, exposed_ms))


def recommend(runs: list[RunStats], *, baseline_step_ms: float | None, target_efficiency: float,
              max_accum: int) -> Recommendation:
    """Fastest bucket among `runs`, then the smallest accumulation reaching target_efficiency."""
    synced = [r for r in runs if r.step_nosync_ms is not None]
    if not synced:
        return Recommendation(bucket_mb=None, accum=1, predicted_efficiency=None,
                              reasons=("one GPU: nothing to synchronise",))
    # Compare per token so that runs with different accumulation are comparable.
    best = min(synced, key=lambda r: r.step_ms / r.tokens_per_step_per_gpu)
    assert best.step_nosync_ms is not None
    compute_ms = best.step_nosync_ms / best.accum
    exposed_ms = max(0.0, best.exposed_comm_ms or 0.0)
    ratio = min(1.0, baseline_step_ms / compute_ms) if baseline_step_ms else 1.0
    reasons = []
    if best.bucket_mb is not None and len({r.bucket_mb for r in synced}) > 1:
        tried = ", ".join(f"{r.bucket_mb:g}" for r in sorted(synced, key=lambda r: r.step_ms))
        reasons.append(f"bucket_cap_mb={best.bucket_mb:g} gave the shortest step "
                       f"(fastest first: {tried} MiB)")
    if ratio <= target_efficiency:
        reasons.append(f"even without gradient sync a step takes {compute_ms:.1f} ms against "
                       f"{baseline_step_ms:.1f} ms on one GPU: the gap is not the network, and "
                       "accumulation cannot close it")
        accum = 1
    else:
        # Smallest k with ratio*k*c/(k*c+e) >= target.
        need = math.ceil(target_efficiency * exposed_ms / ((ratio - target_efficiency) * compute_ms))
        accum = max(1, need)
        if accum > max_accum:
            reasons.append(
                f"{exposed_ms:.1f} ms of gradient sync is exposed per step against "
                f"{compute_ms:.1f} ms of compute: reaching {target_efficiency:.2f} would take "
                f"{need} accumulated micro-batches; capped at {max_accum}. Fix the network path "
                "instead (ncclkit doctor: a job that falls back to NET/Socket or loses P2P shows "
                "exactly this)")
            accum = max_accum
        elif accum > 1:
            reasons.append(f"{exposed_ms:.1f} ms of gradient sync is exposed per step: "
                           f"accumulating {accum} micro-batches (no_sync) hides it below "
                           f"{1 - target_efficiency:.0%} of the step; this multiplies the global "
                           "batch by the same factor")
        else:
            reasons.append(f"{exposed_ms:.1f} ms of gradient sync is exposed per "
                           f"{compute_ms:.1f} ms step: no accumulation needed")
    predicted = efficiency_with_accum(compute_ms=compute_ms, exposed_ms=exposed_ms, accum=accum,
                                      ratio=ratio)
    return Recommendation(bucket_mb=best.bucket_mb, accum=accum, predicted_efficiency=predicted,
                          reasons=tuple(reasons))
