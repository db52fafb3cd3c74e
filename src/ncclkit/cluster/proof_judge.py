"""Compare what NCCL did in the proof run (parsed per-rank logs) with the prediction (pure).

Inputs: per node, the workers' results (global rank, bus id, parsed log with its transport map)
and the node's facts. The prediction is ncclkit.nccl.predict.predict(facts, env in force): `net.plugin`
(IB, Socket or an external plugin) between nodes, `gdr["GPUk"]["gdr"]` per GPU, `transports["GPUa-GPUb"]` inside a node.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ncclkit.cluster.model import NodeEntry
from ncclkit.findings import Finding, Severity
from ncclkit.nccl.net import is_ib_family
from ncclkit.nccl.predict import predict

__all__ = ["judge", "transport_family"]

_FIX = ("run `ncclkit env --explain` on that node and compare with the NCCL log named in the "
        "evidence; a different transport means a device, driver module or variable NCCL saw "
        "differently than the facts say")


def transport_family(label: str | None) -> str | None:
    """"P2P/CUMEM" -> "P2P", "NET/IB/GDRDMA" -> "NET", "SHM" -> "SHM"."""
    return label.split("/")[0].upper() if label else None


def _gpu_index(entry: NodeEntry, bus_id: str | None) -> int | None:
    if not bus_id:
        return None
    want = bus_id.lower()
    return next((g.index for g in entry.facts.gpus if g.bus_id.lower().endswith(want[-12:])), None)


def _pair_transport(observed: dict[str, Any], a: int, b: int) -> str | None:
    uses = [t["transport"] for t in observed.get("transport_map", [])
            if {t.get("src_rank"), t.get("dst_rank")} == {a, b}]
    return uses[0] if uses else None


def _mismatch(subject: str, what: str, predicted: Any, observed: Any, evidence: dict[str, Any]) -> Finding:
    return Finding(id="cluster.transport_mismatch", severity=Severity.ERROR, subject=subject,
                   message=f"{what}: predicted {predicted}, NCCL used {observed}",
                   evidence={"predicted": predicted, "observed": observed, **evidence}, fix=_FIX)


def _predict(entry: NodeEntry) -> dict[str, Any]:
    return predict(entry.facts, dict(entry.facts.nccl.env))


def _same_network(want: str | None, got: str | None, external: bool) -> bool:
    """Whether the log's network is the predicted one. The SHARP/HPC-X plugin's `IBext_vN` is the IB
    verbs transport under another name; an external plugin predicted from EFA devices or
    NCCL_NET_PLUGIN may name itself differently (`Libfabric`, `AWS Libfabric`): any external
    network then matches, but not the internal IB or Socket."""
    if want == got or (is_ib_family(want) and is_ib_family(got)):
        return True
    return external and got not in (None, "IB", "Socket")


def judge(results: Sequence[dict[str, Any]], entries: Sequence[NodeEntry],
          gpus_per_node: Sequence[int]) -> tuple[dict[str, Any], list[Finding]]:
    """(report section, findings) for the gathered proof results."""
    by_rank = {e.rank: e for e in entries}
    multi_node = len(gpus_per_node) > 1
    findings: list[Finding] = []
    nodes_json: list[dict[str, Any]] = []
    checks = 0
    for res in sorted(results, key=lambda r: r["node_rank"]):
        entry = by_rank[res["node_rank"]]
        pred = _predict(entry)
        workers = res["workers"]
        local_ranks = {w["rank"]: _gpu_index(entry, w.get("bus_id")) for w in workers}
        for w in workers:
            gpu = local_ranks[w["rank"]]
            gpu_name = f"GPU{gpu}" if gpu is not None else f"cuda:{w.get('device')}"
            subject = f"{entry.label} {gpu_name}"
            ev = {"rank": w["rank"], "log": w["log"]}
            if not w.get("ok"):
                errs = [e.get("explanation") or e.get("text") for e in w["observed"]["errors"]][:3]
                findings.append(Finding(
                    id="cluster.proof_failed", severity=Severity.ERROR, subject=subject,
                    message=f"the NCCL proof rank {w['rank']} failed: {w.get('error')}",
                    evidence={**ev, "log_errors": errs, "returncode": w.get("returncode")},
                    fix="read the NCCL log named in the evidence (`ncclkit analyze LOG`)"))
                continue
            obs = w["observed"]
            nets = sorted({t for t in obs["transports"] if t.startswith("NET/")})
            if multi_node:
                want = pred["net"]["plugin"]
                checks += 1
                if not _same_network(want, obs.get("network"), bool(pred["net"].get("external"))):
                    findings.append(_mismatch(subject, "network between nodes", want,
                                              obs.get("network"), {**ev, "why": pred["net"]["why"]}))
                want_gdr = bool(pred["gdr"].get(gpu_name, {}).get("gdr")) if want == "IB" else False
                got_gdr = any(t.endswith("/GDRDMA") for t in nets)
                if nets and want == "IB" and is_ib_family(obs.get("network")):
                    checks += 1
                    if want_gdr != got_gdr:
                        findings.append(_mismatch(
                            subject, "GPUDirect RDMA", "GDRDMA" if want_gdr else "no GDRDMA",
                            ", ".join(nets), {**ev, "why": pred["gdr"].get(gpu_name, {}).get("why")}))
            for other, other_gpu in sorted(local_ranks.items()):
                if other <= w["rank"] or gpu is None or other_gpu is None:
                    continue
                key = f"GPU{min(gpu, other_gpu)}-GPU{max(gpu, other_gpu)}"
                want_t = pred["transports"].get(key, {}).get("transport")
                got_t = _pair_transport(obs, w["rank"], other)
                checks += 1
                if transport_family(want_t) != transport_family(got_t):
                    findings.append(_mismatch(f"{entry.label} {key}", "transport inside the node",
                                              want_t, got_t, {**ev, "peer_rank": other,
                                              "why": pred["transports"].get(key, {}).get("why")}))
        nodes_json.append({"node": entry.label, "prediction": {
            "net": pred["net"], "gdr": pred["gdr"], "transports": pred["transports"]},
            "ranks": workers})
    if checks and not findings:
        findings.append(Finding(
            id="cluster.proof_ok", severity=Severity.INFO, subject="cluster",
            message=f"NCCL's own logs match all {checks} predicted transport choice(s)",
            evidence={"checks": checks}))
    return {"gpus_per_node": list(gpus_per_node), "nodes": nodes_json}, findings
