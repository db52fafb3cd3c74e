"""The reachability phase at any scale: what one node probes and reports, and rank 0's verdicts.

Each node probes the master port, then each of its planned peers (probeplan.targets) on the probe
port and on the peer's ephemeral-range listener, and sends a bulk stream to the next two nodes on
the ring.
It publishes a summary (counts, the failures in full, the peers it reached, the bulk rates) under
`reach/<rank>` in the store: rank 0 reads summaries, never per-pair rows from everyone, so what
crosses the wire and what rank 0 holds grows with N, not N^2.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ncclkit.cluster.model import NodeInfo
from ncclkit.cluster.probeplan import Failure, attribute, slow_nodes, targets
from ncclkit.cluster.reach import bulk_transfer, probe
from ncclkit.findings import Finding, Severity

__all__ = ["judge_summaries", "probe_budget_s", "run_probes"]

_MAX_WORKERS = 64


def probe_budget_s(connect_timeout_s: float, n_connects: int) -> float:
    """Wall time one node's probes can take: rounds of at most 64 parallel connects, each bounded,
    plus two bulk transfers (each bounded by twice a connect)."""
    rounds = max(1, -(-n_connects // _MAX_WORKERS))
    return rounds * connect_timeout_s + 4 * connect_timeout_s


def run_probes(me: NodeInfo, infos: dict[int, NodeInfo], master: tuple[str, int], seed: int,
               mesh_max: int, connect_timeout_s: float, bulk_bytes: int,
               keep_rows: bool) -> dict[str, Any]:
    """Probe this node's planned peers; the summary it publishes (JSON-ready). Every row only
    when `keep_rows` (--full), else the failures alone."""
    ranks = sorted(infos)
    peers = [infos[r] for r in targets(me.rank, ranks, seed, mesh_max)]
    message = {"kind": "probe", "src": me.label}
    jobs: list[tuple[str, int | None, str, int]] = [(f"master {master[0]}", None, master[0], master[1])]
    for p in peers:
        if p.probe_error is None:
            jobs.append((p.label, p.rank, p.addr, p.probe_port))
        if p.ephemeral_port is not None:
            jobs.append((p.label, p.rank, p.addr, p.ephemeral_port))
    with ThreadPoolExecutor(max_workers=min(_MAX_WORKERS, len(jobs))) as pool:
        rows = list(pool.map(lambda j: probe(me.label, j[0], j[2], j[3], connect_timeout_s, message),
                             jobs))
    summary: dict[str, Any] = {"rank": me.rank, "connects": len(rows), "ok": sum(r.ok for r in rows),
                               "ok_to": sorted({j[1] for j, r in zip(jobs, rows, strict=True)
                                                if r.ok and j[1] is not None}),
                               "failures": []}
    if keep_rows:
        summary["rows"] = [r.to_json() for r in rows]
    for (_, rank, _, port), row in zip(jobs, rows, strict=True):
        if not row.ok:
            kind = "master" if rank is None else ("probe" if port == infos[rank].probe_port
                                                  else "ephemeral")
            summary["failures"].append({**row.to_json(), "dst_rank": rank, "port_kind": kind})
    summary["bulk"] = []
    for dst in _stream_targets(me.rank, ranks) if bulk_bytes > 0 else []:
        if infos[dst].probe_error is None:
            mbps, error = bulk_transfer(infos[dst].addr, infos[dst].probe_port, bulk_bytes,
                                        2 * connect_timeout_s)
            summary["bulk"].append({"dst": dst, "mbps": None if mbps is None else round(mbps, 1),
                                    "error": error})
    return summary


def _stream_targets(rank: int, ranks: list[int]) -> list[int]:
    """The next and the one after on the ring: every node then has two streams out and two in,
    so one dead or blocked neighbour still leaves a slow link two measurements."""
    if len(ranks) < 3:
        return []
    i = ranks.index(rank)
    return sorted({ranks[(i + k) % len(ranks)] for k in (1, 2)} - {rank})


def judge_summaries(summaries: dict[int, dict[str, Any]], infos: dict[int, NodeInfo],
                    label: Callable[[int], str], full: bool,
                    gone: frozenset[int] = frozenset()) -> tuple[list[Finding], list[dict[str, Any]],
                                                                 dict[str, Any]]:
    """Findings, the report rows (failures; every row when `full`) and the counts (with every
    bulk stream: two per node, so linear in N). Connects to the nodes of `gone` (they joined, then
    sent no summary: cluster.node_missing names them) failed because they died, not because a
    port is closed: they are counted, not judged."""
    failures = [Failure(src=r, dst=f["dst_rank"], port_kind=f["port_kind"], port=f["port"],
                        error=f["error"] or "")
                for r, s in sorted(summaries.items()) for f in s["failures"]
                if f.get("dst_rank") is not None and f["dst_rank"] not in gone]
    ok = {r: set(s["ok_to"]) for r, s in summaries.items()}
    att = attribute(failures, ok)
    findings: list[Finding] = []
    by_node: dict[int, list[Failure]] = {}
    for (dst, _kind), fs in sorted(att.blocked_in.items()):
        by_node.setdefault(dst, []).extend(fs)
    for dst, fs in by_node.items():
        kinds = sorted({f.port_kind for f in fs})
        ports = sorted({f.port for f in fs})
        what = " and ".join("its probe port" if k == "probe" else
                            "a port of the ephemeral range (where NCCL's bootstrap and socket "
                            "transport listen)" for k in kinds)
        findings.append(Finding(
            id="cluster.unreachable", severity=Severity.ERROR, subject=label(dst),
            message=f"{len({f.src for f in fs})} node(s) cannot connect to {label(dst)} on {what}, "
                    f"port(s) {', '.join(map(str, ports))}, while they reach other nodes: "
                    f"{fs[0].error}",
            evidence={"dst": label(dst), "port_kinds": kinds, "ports": ports,
                      "from": sorted({label(f.src) for f in fs}), "error": fs[0].error},
            fix=_open_fix("ephemeral" if "ephemeral" in kinds else "probe", ports, label(dst))))
    for src, fs in sorted(att.blocked_out.items()):
        findings.append(Finding(
            id="cluster.unreachable", severity=Severity.ERROR, subject=label(src),
            message=f"{label(src)} cannot connect to any of the {len({f.dst for f in fs})} nodes it "
                    f"probed, which other nodes reach: {fs[0].error}",
            evidence={"src": label(src), "to": sorted({label(f.dst) for f in fs}),
                      "error": fs[0].error},
            fix=f"allow outgoing TCP from {label(src)} to the other nodes (its firewall OUTPUT "
                f"rules, security group or NetworkPolicy egress)"))
    for f in att.pairs:
        findings.append(Finding(
            id="cluster.unreachable", severity=Severity.ERROR,
            subject=f"{label(f.src)}->{label(f.dst)}:{f.port}",
            message=f"{label(f.src)} cannot connect to {label(f.dst)} port {f.port}: {f.error}",
            evidence={"src": label(f.src), "dst": label(f.dst), "port": f.port, "error": f.error},
            fix=_open_fix(f.port_kind, [f.port], label(f.dst), src=label(f.src))))
    for r, s in sorted(summaries.items()):
        for f in s["failures"]:
            if f.get("dst_rank") is None:  # the master port, probed again after the join
                findings.append(Finding(
                    id="cluster.unreachable", severity=Severity.ERROR,
                    subject=f"{label(r)}->{f['dst']}:{f['port']}",
                    message=f"{label(r)} cannot connect to {f['dst']} port {f['port']}: {f['error']}",
                    evidence={"src": label(r), "dst": f["dst"], "port": f["port"],
                              "error": f["error"]},
                    fix=_open_fix("probe", [f["port"]], f["dst"], src=label(r))))
    findings += [Finding(
        id="cluster.probe_unavailable", severity=Severity.WARNING, subject=i.label,
        message=f"{i.probe_error}; connections to this node were not tested",
        evidence={"probe_port": i.probe_port, "error": i.probe_error},
        fix="pass a free port with --probe-port (the same on every node)")
        for _, i in sorted(infos.items()) if i.probe_error]
    findings += _slow_findings(summaries, label)
    keys = ("src", "dst", "port", "ok", "error")
    rows = [row if full else {k: row[k] for k in keys}
            for _, s in sorted(summaries.items()) for row in (s["rows"] if full else s["failures"])]
    counts: dict[str, Any] = {"connects": sum(s["connects"] for s in summaries.values()),
                              "ok": sum(s["ok"] for s in summaries.values())}
    counts["failed"] = counts["connects"] - counts["ok"]
    if gone:
        counts["failed_to_missing"] = sum(f.get("dst_rank") in gone for s in summaries.values()
                                          for f in s["failures"])
    counts["streams"] = [{"src": label(r), "dst": label(b["dst"]), "mbps": b.get("mbps"),
                          "error": b.get("error")}
                         for r, s in sorted(summaries.items()) for b in s.get("bulk") or []]
    return findings, rows, counts


def _open_fix(kind: str, ports: list[int], dst: str, src: str = "the other nodes") -> str:
    if kind == "ephemeral":
        return (f"open TCP from {src} to {dst} on the whole ephemeral range (`sysctl "
                f"net.ipv4.ip_local_port_range`, usually 32768-60999), not only the master port: "
                f"NCCL's bootstrap and socket transport listen there; or pin it with NCCL's "
                f"port-range variables where your NCCL has them")
    return (f"open TCP port(s) {', '.join(map(str, ports))} from {src} to {dst} (firewall, security "
            f"group or NetworkPolicy)")


def _slow_findings(summaries: dict[int, dict[str, Any]], label: Callable[[int], str]) -> list[Finding]:
    transfers = [(r, b["dst"], float(b["mbps"])) for r, s in sorted(summaries.items())
                 for b in s.get("bulk") or [] if b.get("mbps") is not None]
    return [Finding(
        id="cluster.slow_node", severity=Severity.WARNING, subject=label(node),
        message=f"{label(node)} moves data at {best:.0f} MB/s at best, in and out, against a median "
                f"of {median:.0f} MB/s between the other nodes: its link is throttled or degraded",
        evidence={"best_mbps": round(best, 1), "median_mbps": round(median, 1)},
        fix=f"on {label(node)}: check the link speed and errors (`ethtool`, `ip -s link`, "
            f"`mlxlink`), traffic shaping (`tc qdisc show`) and CPU load; then run `ncclkit doctor` there")
        for node, (best, median) in slow_nodes(transfers).items()]
