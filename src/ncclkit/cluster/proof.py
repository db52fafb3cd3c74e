"""Proof run: a short real NCCL job on every visible GPU of every node, its per-rank NCCL_DEBUG=INFO
logs parsed (logs.nccl_log) and compared with the prediction (ncclkit.nccl.predict) for the env in
force: network IB vs Socket between nodes, GDRDMA per GPU, and P2P/SHM between local GPUs.
Every difference is a cluster.transport_mismatch.

Skipped, with an info finding, where a node has no visible GPU or facts come from a snapshot.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ncclkit.nccl.debug import verification_subsys
from ncclkit.cluster.model import NodeInfo
from ncclkit.cluster.proof_judge import judge
from ncclkit.cluster.rendezvous import Session, bounded_call
from ncclkit.findings import Finding, Severity

if TYPE_CHECKING:
    from ncclkit.cluster.runner import ClusterOptions

__all__ = ["ProofPlan", "exchange_plan", "judge", "run_local", "skipped_finding"]

# Subsystems that print what the comparison needs: transports per channel (INIT|P2P/SHM/NET),
# `Using network`, and the per-HCA GDR lines that only the NET subsystem shows
# (nccl-internals.md section 0: the default mask hides NET-only lines).
_DEBUG_SUBSYS = verification_subsys(None, graph=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class ProofPlan:
    gpus_per_node: tuple[int, ...]  # by node rank
    reason: str | None = None  # why it does not run

    @property
    def active(self) -> bool:
        return self.reason is None

    @property
    def world_size(self) -> int:
        return sum(self.gpus_per_node)


def _visible_gpus() -> int:
    import torch

    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def exchange_plan(session: Session, opts: ClusterOptions) -> ProofPlan:
    """Every rank reports its visible GPU count; rank 0 decides and broadcasts the plan."""
    local = 0 if opts.proof == "off" or opts.root else _visible_gpus()
    counts = session.gather(local, "proof GPU counts")
    box: list[Any] = [None]
    if session.cenv.rank == 0:
        per_node = tuple(int(c) for c in counts or [])
        reason = None
        if opts.proof == "off":
            reason = "--proof off"
        elif opts.root:
            reason = "--root: the facts come from a snapshot, not this machine"
        elif not all(per_node):
            idle = [r for r, c in enumerate(per_node) if not c]
            reason = f"no visible CUDA GPU on rank(s) {', '.join(map(str, idle))}"
        box[0] = ProofPlan(gpus_per_node=per_node, reason=reason)
    bounded_call(lambda: session.dist.broadcast_object_list(box, src=0), session.timeout_s + 5,
                 "proof plan")
    return box[0]


def skipped_finding(plan: ProofPlan, opts: ClusterOptions) -> Finding:
    severity = Severity.WARNING if opts.proof == "on" else Severity.INFO
    return Finding(id="cluster.proof_skipped", severity=severity, subject="cluster",
                   message=f"proof run skipped: {plan.reason}",
                   evidence={"gpus_per_node": list(plan.gpus_per_node)},
                   fix="run on the GPU nodes themselves to prove NCCL's transport choices")


def _spec(session: Session, rank: int, device: int, plan: ProofPlan) -> dict[str, Any]:
    cenv = session.cenv
    return {"rank": rank, "device": device, "world_size": plan.world_size,
            "master_addr": cenv.master_addr, "master_port": cenv.master_port,
            "prefix": cenv.store_prefix + "proof/", "timeout_s": session.timeout_s}


def run_local(session: Session, me: NodeInfo, plan: ProofPlan, opts: ClusterOptions) -> dict[str, Any]:
    """Start this node's workers (one per visible GPU), wait for them (bounded), parse their logs."""
    from ncclkit.logs.nccl_log import parse_nccl_log

    base = sum(plan.gpus_per_node[:me.rank])
    log_dir = Path(opts.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    procs: list[tuple[int, Path, subprocess.Popen[str]]] = []
    for device in range(plan.gpus_per_node[me.rank]):
        rank = base + device
        log = (log_dir / f"nccl-{me.host}-rank{rank}.log").resolve()
        log.unlink(missing_ok=True)
        env = {**os.environ, "NCCL_DEBUG": "INFO", "NCCL_DEBUG_FILE": str(log)}
        env.setdefault("NCCL_DEBUG_SUBSYS", _DEBUG_SUBSYS)
        cmd = [sys.executable, "-m", "ncclkit.cluster.proof_worker",
               json.dumps(_spec(session, rank, device, plan))]
        procs.append((rank, log, subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE,
                                                  stderr=subprocess.PIPE, text=True)))
    deadline = time.monotonic() + session.timeout_s
    workers: list[dict[str, Any]] = []
    for rank, log, proc in procs:
        try:
            stdout, stderr = proc.communicate(timeout=max(deadline - time.monotonic(), 0.1))
        except subprocess.TimeoutExpired:
            proc.kill()
            stdout, stderr = proc.communicate()
            stderr = f"killed after {session.timeout_s:g}s\n{stderr}"
        lines = [ln for ln in stdout.splitlines() if ln.startswith("{")]
        result = json.loads(lines[-1]) if lines else {"ok": False}
        if not result.get("ok") and not result.get("error"):
            result["error"] = (stderr.strip().splitlines() or ["no output"])[-1]
        text = log.read_text(errors="replace").splitlines() if log.exists() else []
        summary = parse_nccl_log(text)
        workers.append({**result, "rank": rank, "returncode": proc.returncode, "log": str(log),
                        "observed": summary.to_json(include_map=True)})
    return {"node_rank": me.rank, "workers": workers}

