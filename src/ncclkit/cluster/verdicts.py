"""Findings about the run itself: nodes that never joined or stopped answering, unreachable pairs.

Subjects follow CONTRACTS.md section 3: a node as `HOST/rankN ADDR` (just `rankN` when it never
said who it is), a blocked connection as `a->b:port`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ncclkit.cluster.launchenv import ClusterEnv
from ncclkit.cluster.model import NodeInfo, node_label
from ncclkit.findings import Finding, Severity

__all__ = ["missing_findings", "phase_failed"]


def missing_findings(ranks: Sequence[int], notes: Sequence[dict[str, Any]], master: NodeInfo,
                     cenv: ClusterEnv, timeout_s: float, phase: str,
                     infos: dict[int, NodeInfo] | None = None) -> list[Finding]:
    """cluster.node_missing per rank, plus cluster.unreachable where the node told rank 0's probe
    port that it could not reach MASTER_ADDR:MASTER_PORT."""
    infos = infos or {}
    by_rank = {int(n["rank"]): n for n in notes if str(n.get("rank", "")).isdigit()}
    master_name = f"{master.label}" if not cenv.agent_store else f"master {cenv.master_addr}"
    out: list[Finding] = []
    for rank in ranks:
        note = by_rank.get(rank)
        if rank in infos:
            name = infos[rank].label
        elif note is not None:
            name = node_label(rank, note.get("host"), note.get("peer_addr"))
        else:
            name = node_label(rank)
        if phase == "join":
            message = f"{name} did not join within {timeout_s:g}s"
            fix = ("check that the process started on that node with the same MASTER_ADDR, "
                   "MASTER_PORT and WORLD_SIZE, and that it can reach rank 0")
        else:
            message = f"{name} stopped answering (its heartbeat stopped) during: {phase}"
            fix = "look at that node's process (killed? out of memory? its log) and its network"
        if note is not None:
            message += (f"; it reported that it cannot reach {cenv.master_addr}:{cenv.master_port}: "
                        f"{note.get('error')}")
        out.append(Finding(id="cluster.node_missing", severity=Severity.ERROR, subject=name,
                           message=message, evidence={"rank": rank, "phase": phase,
                                                      "timeout_s": timeout_s},
                           fix=fix))
        if note is not None:
            port = int(note.get("port", cenv.master_port))
            out.append(Finding(
                id="cluster.unreachable", severity=Severity.ERROR,
                subject=f"{name}->{master_name}:{port}",
                message=f"{name} cannot connect to {cenv.master_addr}:{port} (the rendezvous port) "
                        f"although it reached rank 0's probe port: {note.get('error')}",
                evidence={"src": name, "dst": master_name, "port": port, "error": note.get("error")},
                fix=f"open TCP port {port} from {name} to {cenv.master_addr} (firewall, security "
                    f"group or NetworkPolicy)"))
    return out


def phase_failed(what: str) -> Finding:
    """A phase failed with every node still alive (a timeout or an error inside a collective)."""
    return Finding(id="cluster.phase_failed", severity=Severity.ERROR, subject="cluster",
                   message=f"the run stopped: {what}", evidence={"error": what},
                   fix="re-run with a longer --timeout; if it repeats, run `ncclkit doctor` on "
                       "each node and check the network between them")
