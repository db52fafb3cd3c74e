"""Small shared helpers for rule modules: evidence dicts and the names NCCL prints for things."""

from __future__ import annotations

from typing import Any

from ncclkit.facts import GpuInfo, NodeFacts

__all__ = ["evidence", "gpu_by_bdf", "gpu_name", "pip_nccl_package"]


def evidence(source: str, observed: Any, expected: Any, **extra: Any) -> dict[str, Any]:
    """The evidence dict every finding carries: what was seen, what was wanted, where it was read."""
    return {"observed": observed, "expected": expected, "source": source, **extra}


def gpu_name(gpu: GpuInfo) -> str:
    """`GPU2`: the index nvidia-smi and NCCL's topology print."""
    return f"GPU{gpu.index}"


def gpu_by_bdf(facts: NodeFacts) -> dict[str, GpuInfo]:
    return {g.bus_id.lower(): g for g in facts.gpus}


def pip_nccl_package(facts: NodeFacts) -> str:
    """The NCCL wheel matching the node's CUDA major version (nvidia-nccl-cu12 when unknown)."""
    major = (facts.cuda_version or "12").split(".", 1)[0]
    return f"nvidia-nccl-cu{major if major.isdigit() and int(major) >= 12 else '12'}"
