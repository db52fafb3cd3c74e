"""View data for the measured side of the report: busbw plots, cluster matrices, predicted vs observed.

Reads bench JSON (CONTRACTS.md section 6, plus its `compare` rows), analyze JSON of nccl-tests
outputs and NCCL logs (section 5), cluster JSON (section 7, plus its `bandwidth` and `proof`
sections) and the `prediction` of doctor/env results (ncclkit.nccl.predict).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ncclkit.report.plots import RefLine, Series, busbw_svg, heatmap_svg
from ncclkit.report.sources import Source
from ncclkit.report.views import slug

__all__ = ["BenchView", "ClusterView", "TransportRow", "bench_views", "cluster_views", "transport_rows"]


@dataclass(frozen=True, slots=True, kw_only=True)
class BenchView:
    collective: str
    anchor: str
    svg: str
    peaks: list[tuple[str, float, int]]  # series label, peak busbw GB/s, at size
    notes: list[str]  # where the reference lines come from


def _base(name: str) -> str:
    return os.path.basename(name) or name


def _bench_series(src: Source, out: dict[str, list[Series]], lines: dict[str, list[RefLine]],
                  notes: dict[str, list[str]]) -> None:
    data = src.data
    groups: dict[tuple[str, str | None, bool], list[dict[str, Any]]] = {}
    for s in data.get("samples") or []:
        groups.setdefault((s["collective"], s.get("algo"), bool(s.get("in_place"))), []).append(s)
    for (coll, algo, in_place), rows in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1] or "", kv[0][2])):
        if in_place and (coll, algo, False) in groups:
            continue  # out-of-place is nccl-tests' headline figure; in-place only when alone
        rows = sorted(rows, key=lambda r: r["size_bytes"])
        label = f"ncclkit {data.get('backend', '')} ({_base(src.name)})"
        label += f" NCCL_ALGO={algo}" if algo else ""
        label += " in-place" if in_place else ""
        out.setdefault(coll, []).append(Series(label=label, sizes_bytes=tuple(r["size_bytes"] for r in rows),
                                               busbw_gbps=tuple(float(r["busbw_gbps"]) for r in rows)))
    compare = data.get("compare") or {}
    theirs: dict[str, list[tuple[int, float]]] = {}
    for r in compare.get("rows") or []:
        if r.get("theirs_busbw_gbps") and not r.get("in_place"):
            theirs.setdefault(r["collective"], []).append((r["size_bytes"], float(r["theirs_busbw_gbps"])))
    for coll, pts in theirs.items():
        pts.sort()
        out.setdefault(coll, []).append(Series(
            label=f"nccl-tests ({_base(str(compare.get('file', '')))})", reference=True,
            sizes_bytes=tuple(p[0] for p in pts), busbw_gbps=tuple(p[1] for p in pts)))
    for f in data.get("findings") or []:
        ev = f.get("evidence") or {}
        coll = str(f.get("subject", "")).split(" ")[0]
        if "expected_busbw_gbps" not in ev:
            continue
        found = lines.setdefault(coll, [])
        exp = RefLine(label=f"expected busbw ({ev.get('path', '?')})", value_gbps=float(ev["expected_busbw_gbps"]),
                      kind="expected")
        rate = RefLine(label="line rate", value_gbps=float(ev.get("line_rate_gbyte") or 0), kind="line_rate")
        for line in (exp, rate):
            if line.value_gbps > 0 and line not in found:
                found.append(line)
        for key, text in (("source", "line rate from {}"), ("reference", "reference figures: {}")):
            note = text.format(ev.get(key))
            if ev.get(key) and note not in notes.setdefault(coll, []):
                notes[coll].append(note)


def _nccl_tests_series(src: Source, out: dict[str, list[Series]]) -> None:
    for item in src.data:
        if item.get("kind") != "nccl_tests" or not item.get("rows"):
            continue
        rows = sorted(item["rows"], key=lambda r: r["size_bytes"])
        coll = item.get("collective") or "unknown collective"
        out.setdefault(coll, []).append(Series(
            label=f"nccl-tests ({_base(str(item.get('file') or src.name))})", reference=True,
            sizes_bytes=tuple(r["size_bytes"] for r in rows),
            busbw_gbps=tuple(float(r.get("busbw_gbps") or 0) for r in rows)))


def bench_views(sources: list[Source]) -> list[BenchView]:
    series: dict[str, list[Series]] = {}
    lines: dict[str, list[RefLine]] = {}
    notes: dict[str, list[str]] = {}
    for src in sources:
        if src.kind == "bench":
            _bench_series(src, series, lines, notes)
        elif src.kind == "analyze":
            _nccl_tests_series(src, series)
    out = []
    for coll in sorted(series):
        anchor = f"busbw-{slug(coll)}"
        peaks = []
        for s in series[coll]:
            if s.busbw_gbps:
                i = max(range(len(s.busbw_gbps)), key=lambda k: s.busbw_gbps[k])
                peaks.append((s.label, s.busbw_gbps[i], s.sizes_bytes[i]))
        out.append(BenchView(collective=coll, anchor=anchor, peaks=peaks, notes=notes.get(coll, []),
                             svg=busbw_svg(coll, series[coll], lines.get(coll, []), element_id=f"{anchor}-svg")))
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class ClusterView:
    source: str
    anchor: str
    nodes: list[str]
    srcs: list[str]
    dsts: list[str]
    reach: list[list[dict[str, Any] | None]]  # [src][dst] -> {"ok", "error", "port"} or None
    heatmap: str
    pairs: list[dict[str, Any]]
    # Big jobs (the report keeps failures only): one row per node instead of the matrix:
    # (node, failed connects from it, failed connects to it, the ids of findings naming it).
    per_node: list[tuple[str, int, int, str]] | None = None
    counts: dict[str, Any] | None = None


_MATRIX_MAX_NODES = 16  # the cluster report keeps every row up to here (cluster/runner.py)


def _per_node(data: dict[str, Any], rows: list[dict[str, Any]]) -> list[tuple[str, int, int, str]]:
    labels = [f"{d.get('host')}/rank{d.get('rank')}" for d in data.get("nodes") or []]
    out_fail: dict[str, int] = {}
    in_fail: dict[str, int] = {}
    for r in rows:
        if not r.get("ok"):
            src, dst = str(r["src"]).split()[0], str(r["dst"]).split()[0]
            out_fail[src] = out_fail.get(src, 0) + 1
            in_fail[dst] = in_fail.get(dst, 0) + 1
    named: dict[str, set[str]] = {}
    for f in data.get("findings") or []:
        head = str(f.get("subject", "")).split()[0] if f.get("subject") else ""
        named.setdefault(head, set()).add(str(f.get("id")))
    return [(n, out_fail.get(n, 0), in_fail.get(n, 0), ", ".join(sorted(named.get(n, set()))))
            for n in labels]


def _ordered(values: list[str]) -> list[str]:
    return list(dict.fromkeys(values))


def _bandwidth(data: dict[str, Any], anchor: str) -> tuple[str, list[dict[str, Any]]]:
    pairs = (data.get("bandwidth") or {}).get("pairs") or []
    if not pairs:
        return "", []
    labels = _ordered([p["a"] for p in pairs] + [p["b"] for p in pairs])
    pos = {label: i for i, label in enumerate(labels)}
    matrix: list[list[float | None]] = [[None] * len(labels) for _ in labels]
    # Pass 2 re-measures the suspect pairs on their own: its figure replaces pass 1's.
    for p in sorted(pairs, key=lambda p: p.get("pass", 1)):
        matrix[pos[p["a"]]][pos[p["b"]]] = p.get("a_to_b_gbps")
        matrix[pos[p["b"]]][pos[p["a"]]] = p.get("b_to_a_gbps")
    return heatmap_svg(labels, matrix, element_id=f"{anchor}-heatmap"), pairs


def cluster_views(sources: list[Source]) -> list[ClusterView]:
    out = []
    for n, src in enumerate(s for s in sources if s.kind == "cluster"):
        data = src.data
        rows = data.get("reachability") or []
        anchor = f"cluster-{n}"
        nodes = [f"{d.get('host')}/rank{d.get('rank')}" for d in data.get("nodes") or []]
        srcs = _ordered([str(r["src"]) for r in rows])
        dsts = _ordered([str(r["dst"]) for r in rows])
        cells: dict[tuple[str, str], dict[str, Any]] = {}
        for r in rows:
            prev = cells.get((str(r["src"]), str(r["dst"])))
            if prev is None or (prev["ok"] and not r["ok"]):
                cells[(str(r["src"]), str(r["dst"]))] = {"ok": bool(r["ok"]), "error": r.get("error") or "",
                                                         "port": r.get("port")}
        heat, pairs = _bandwidth(data, anchor)
        big = len(nodes) > _MATRIX_MAX_NODES
        out.append(ClusterView(source=src.name, anchor=anchor, nodes=nodes,
                               srcs=[] if big else srcs, dsts=[] if big else dsts,
                               reach=[] if big else [[cells.get((s, d)) for d in dsts] for s in srcs],
                               heatmap=heat, pairs=pairs,
                               per_node=_per_node(data, rows) if big else None,
                               counts=data.get("reachability_counts")))
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class TransportRow:
    where: str
    what: str
    predicted: str
    observed: str
    status: str  # "match", "mismatch" or "not seen" (the log does not show that path)
    why: str


def _family(label: str) -> str:
    return label.split("/")[0].upper()


def _compare(where: str, pred: dict[str, Any], obs: dict[str, Any]) -> list[TransportRow]:
    """Network, GDR and intra-node transports of one prediction against one parsed NCCL log."""
    rows = []
    transports = [str(t) for t in obs.get("transports") or []]
    net = (pred.get("net") or {})
    want_net, got_net = net.get("plugin"), obs.get("network")
    used = any(t.startswith("NET/") for t in transports)
    # NCCL loads its NET transport even on one node; it only says something when traffic used it.
    observed = str(got_net or "not in log") + ("" if used or not got_net else " (loaded, not used)")
    rows.append(TransportRow(where=where, what="network", predicted=str(want_net or "-"),
                             observed=observed, why=str(net.get("why") or ""),
                             status="not seen" if not used or not want_net else
                             ("match" if got_net == want_net else "mismatch")))
    gdr = pred.get("gdr") or {}
    on = sorted(k for k, v in gdr.items() if isinstance(v, dict) and v.get("gdr"))
    want_gdr = bool(on) if want_net == "IB" else False
    got_gdr = obs.get("gdr")
    if got_gdr is None and any(t.startswith("NET/") for t in transports):
        got_gdr = any(t.endswith("/GDRDMA") for t in transports)
    rows.append(TransportRow(where=where, what="GPUDirect RDMA",
                             predicted=f"on for {', '.join(on)}" if want_gdr else "off",
                             observed="not in log" if got_gdr is None else ("on" if got_gdr else "off"),
                             status="not seen" if got_gdr is None else ("match" if got_gdr == want_gdr else "mismatch"),
                             why="; ".join(sorted({str(v.get('why')) for v in gdr.values() if isinstance(v, dict)}))[:400]))
    intra_pred = sorted({str(v.get("transport")) for v in (pred.get("transports") or {}).values()
                         if isinstance(v, dict) and v.get("transport")})
    intra_obs = sorted({t for t in transports if not t.startswith("NET/") and t != "CollNet"})
    status = ("not seen" if not intra_obs or not intra_pred else
              "match" if {_family(t) for t in intra_pred} == {_family(t) for t in intra_obs} else "mismatch")
    rows.append(TransportRow(where=where, what="inside the node", predicted=", ".join(intra_pred) or "-",
                             observed=", ".join(intra_obs) or "not in log", status=status, why=""))
    return rows


def transport_rows(sources: list[Source]) -> list[TransportRow]:
    """Cluster proof runs first (prediction and log per rank), then predictions x NCCL logs given."""
    out: list[TransportRow] = []
    for src in sources:
        if src.kind != "cluster":
            continue
        for node in (src.data.get("proof") or {}).get("nodes") or []:
            for w in node.get("ranks") or []:
                if w.get("observed"):
                    out += _compare(f"{node.get('node')} rank {w.get('rank')}", node.get("prediction") or {},
                                    w["observed"])
    # A doctor prediction is compared only with logs of its own node (by host name): logs of
    # other clusters would give mismatches that mean nothing. env JSON names no host.
    given = [(s.name, (s.data.get("env") or {}).get("prediction") if s.kind == "doctor"
              else s.data.get("prediction"), s.data.get("host") if s.kind == "doctor" else None)
             for s in sources if s.kind in ("doctor", "env")]
    predictions = [(n, p, h) for n, p, h in given if isinstance(p, dict)]
    logs = [item for s in sources if s.kind == "analyze" for item in s.data if item.get("kind") == "nccl_log"]
    for log in logs:
        hosts = set(log.get("hosts") or [])
        mine = [(n, p) for n, p, h in predictions if h is None or h in hosts]
        if not mine:
            why = "no prediction given" if not predictions else "no prediction for its hosts"
            out += _compare(f"{_base(str(log.get('file')))} ({why})", {}, log)
        for name, pred in mine:
            out += _compare(f"{_base(name)} vs {_base(str(log.get('file')))}", pred, log)
    return out
