"""Which transport measures the pairwise bandwidth (pure): NCCL where every node can run it, else gloo.

On GPU nodes the training network is what NCCL uses between nodes (IB/RoCE, or NET/Socket when
RDMA is missing), and pairwise health checks measure exactly that (nccl-tests between node
pairs); gloo measures the nodes' TCP path, which is all CPU-only nodes have. NCCL is chosen only
when every node has a visible GPU, a torch with NCCL, and a pair worker that started: a pair
needs both of its ends, and pairs measured with different transports cannot share a median.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ncclkit.findings import Finding, Severity

__all__ = ["BACKEND_CHOICES", "BackendChoice", "NodeBwStatus", "choose_backend",
           "fallback_finding", "local_wants_worker", "resolve_iters"]

BACKEND_CHOICES = ("auto", "nccl", "gloo")

# Messages per direction when --bw-iters is not given. gloo: each message is timed on its own
# (the best one counts), a few suffice. NCCL: nccl-tests' default -n 20, timed as one window.
DEFAULT_ITERS = {"gloo": 4, "nccl": 20}


@dataclass(frozen=True, slots=True, kw_only=True)
class NodeBwStatus:
    """What one node can do for the bandwidth test, as it reports it to rank 0."""

    rank: int
    gpus: int  # visible CUDA devices
    nccl_in_torch: bool  # torch.distributed.is_nccl_available()
    worker_error: str | None = None  # why its NCCL pair worker did not start (None: started or not tried)
    worker: dict[str, Any] | None = None  # the worker's hello: device, bus_id, nccl_version

    @property
    def nccl_ready(self) -> bool:
        return self.worker is not None and self.worker_error is None

    def to_json(self, label: str) -> dict[str, Any]:
        out: dict[str, Any] = {"node": label, "gpus": self.gpus, "nccl_in_torch": self.nccl_in_torch,
                               "worker_error": self.worker_error}
        for key in ("device", "gpu_name", "bus_id", "nccl_version"):
            out[key] = (self.worker or {}).get(key)
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class BackendChoice:
    backend: str  # "nccl" or "gloo"
    reason: str | None = None  # why not NCCL, when gloo measures
    warn: bool = False  # NCCL was expected (asked for, or every node has a GPU) but could not run


def local_wants_worker(requested: str, gpus: int, nccl_in_torch: bool) -> bool:
    """Start this node's NCCL worker? Not when gloo is asked for or NCCL cannot run here."""
    return requested != "gloo" and gpus > 0 and nccl_in_torch


def choose_backend(requested: str, nodes: Sequence[NodeBwStatus],
                   label: Callable[[int], str]) -> BackendChoice:
    """NCCL when asked or auto and every node's worker is ready; gloo with the reason otherwise."""
    if requested == "gloo":
        return BackendChoice(backend="gloo", reason="--bw-backend gloo")
    no_gpu = [n for n in nodes if n.gpus == 0]
    no_nccl = [n for n in nodes if n.gpus and not n.nccl_in_torch]
    failed = [n for n in nodes if n.gpus and n.nccl_in_torch and not n.nccl_ready]
    if not (no_gpu or no_nccl or failed):
        return BackendChoice(backend="nccl")

    def names(group: list[NodeBwStatus]) -> str:
        return ", ".join(label(n.rank) for n in group)

    parts = []
    if no_gpu:
        parts.append(f"no visible CUDA GPU on {names(no_gpu)}")
    if no_nccl:
        parts.append(f"torch without NCCL on {names(no_nccl)}")
    parts += [f"the NCCL pair worker on {label(n.rank)} failed: {n.worker_error}" for n in failed]
    # A GPU cluster measured over TCP is not what its users asked for; a CPU-only one is normal.
    warn = requested == "nccl" or (not no_gpu and bool(failed or no_nccl))
    return BackendChoice(backend="gloo", reason="; ".join(parts), warn=warn)


def resolve_iters(iters: int | None, backend: str) -> int:
    return iters if iters is not None else DEFAULT_ITERS[backend]


def fallback_finding(choice: BackendChoice, requested: str) -> Finding:
    """cluster.bandwidth_fallback: the pairs were measured over gloo (TCP) instead of NCCL."""
    return Finding(
        id="cluster.bandwidth_fallback", severity=Severity.WARNING, subject="cluster",
        message=f"pairwise bandwidth measured over gloo (TCP), not NCCL: {choice.reason}",
        evidence={"requested": requested, "backend": choice.backend, "reason": choice.reason},
        fix="make torch with CUDA and NCCL and a GPU visible on every node (check "
            "CUDA_VISIBLE_DEVICES and the worker error above), then re-run")
