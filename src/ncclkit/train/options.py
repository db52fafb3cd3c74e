"""What one `ncclkit train` job runs: options shared by the launcher and every worker (no torch).

They travel to spawned workers as a JSON file, so every field is plain data.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ncclkit.errors import NcclkitError
from ncclkit.train.config import PRESETS

__all__ = ["TrainOptions"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainOptions:
    model_size: str = "163m"
    micro_batch: int = 16
    """Sequences per GPU per micro-batch (each seq_len tokens)."""
    accum: int = 1
    """Micro-batches per optimizer step; all but the last run under no_sync."""
    bucket_mbs: tuple[float, ...] = (25.0,)
    """DDP bucket_cap_mb candidates (MiB, as DDP counts); the first is the configuration as given."""
    strategy: str = "ddp"  # "ddp" or "fsdp"
    dtype: str = "bf16"  # autocast dtype: "bf16" or "fp32" (no autocast)
    device: str = "cuda"  # "cuda" or "cpu"
    backend: str = "nccl"  # "nccl" or "gloo"
    warmup_steps: int = 5
    steps: int = 20
    nosync_steps: int = 10
    measure_busbw: bool = True
    """Time all_reduce at 1-256 MiB and the step's own gradient sync in isolation."""
    verify: bool = True
    """Measure the recommended configuration when it was not among the runs."""
    target_efficiency: float = 0.96
    max_accum: int = 32
    baseline_tokens_per_s: float | None = None
    """Tokens/s of the same model and micro-batch on one GPU: gives scaling_efficiency."""
    timeout_s: float = 300.0
    """Bound on joining the process group and on every collective."""

    def __post_init__(self) -> None:
        checks = [
            (self.model_size in PRESETS, f"model size {self.model_size!r}",
             f"one of {', '.join(PRESETS)}"),
            (self.micro_batch >= 1, f"micro batch {self.micro_batch}", "at least 1"),
            (self.accum >= 1, f"accumulation {self.accum}", "at least 1"),
            (bool(self.bucket_mbs) and all(b > 0 for b in self.bucket_mbs),
             f"bucket sizes {self.bucket_mbs}", "positive MiB values, e.g. 25,100"),
            (self.strategy in ("ddp", "fsdp"), f"strategy {self.strategy!r}", "ddp or fsdp"),
            (self.dtype in ("bf16", "fp32"), f"dtype {self.dtype!r}", "bf16 or fp32"),
            (self.device in ("cuda", "cpu"), f"device {self.device!r}", "cuda or cpu"),
            (self.backend in ("nccl", "gloo"), f"backend {self.backend!r}", "nccl or gloo"),
            (not (self.backend == "nccl" and self.device == "cpu"), "nccl on cpu",
             "use --backend gloo with --device cpu"),
            (self.steps >= 1 and self.warmup_steps >= 0 and self.nosync_steps >= 1,
             f"steps {self.steps}/{self.warmup_steps}/{self.nosync_steps}", "steps >= 1"),
            (0 < self.target_efficiency < 1, f"target efficiency {self.target_efficiency}",
             "between 0 and 1"),
            (self.max_accum >= 1, f"max accumulation {self.max_accum}", "at least 1"),
            (self.timeout_s > 0, f"timeout {self.timeout_s}", "positive seconds"),
        ]
        for ok, what, fix in checks:
            if not ok:
                raise NcclkitError(f"train: invalid {what}", hint=fix)

    def replace(self, **changes: Any) -> TrainOptions:
        return dataclasses.replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["bucket_mbs"] = list(self.bucket_mbs)
        return d

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrainOptions:
        data = dict(data)
        data["bucket_mbs"] = tuple(data["bucket_mbs"])
        return cls(**data)

    def write(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json()))

    @classmethod
    def read(cls, path: Path) -> TrainOptions:
        return cls.from_json(json.loads(path.read_text()))
