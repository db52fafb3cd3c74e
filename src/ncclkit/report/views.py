"""Plain view data for the HTML template: findings, node topologies, recommended environments.

Everything here reads the JSON of the sources (CONTRACTS.md sections 2, 4, 5) and the NodeFacts of
doctor results; nothing is escaped here: the template (autoescape on) escapes all text.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ncclkit.facts import NodeFacts
from ncclkit.report.sources import Source
from ncclkit.report.topo_svg import topology_svg
from ncclkit.nccl.paths import gpu_nic_paths, nccl_level_of

__all__ = ["EnvView", "FindingView", "NodeView", "env_views", "finding_views", "node_views", "slug"]

_ORDER = {"error": 0, "warning": 1, "info": 2}


def slug(text: str) -> str:
    """An HTML id fragment: letters, digits and dashes only."""
    out = "".join(c if c.isalnum() else "-" for c in text.lower())
    return "-".join(p for p in out.split("-") if p) or "x"


@dataclass(frozen=True, slots=True, kw_only=True)
class FindingView:
    severity: str
    id: str
    subject: str
    message: str
    fix: str
    evidence: str  # pretty JSON, "" when empty
    source: str


def _finding(f: dict[str, Any], source: str) -> FindingView:
    evidence = f.get("evidence") or {}
    return FindingView(severity=str(f.get("severity", "info")), id=str(f.get("id", "?")),
                       subject=str(f.get("subject", "")), message=str(f.get("message", "")),
                       fix=str(f.get("fix") or ""), source=source,
                       evidence=json.dumps(evidence, indent=2, sort_keys=True) if evidence else "")


def finding_views(sources: list[Source]) -> list[FindingView]:
    """Every finding of every source, errors first, then by source order."""
    out: list[FindingView] = []
    for src in sources:
        if src.kind == "analyze":
            for item in src.data:
                out += [_finding(f, f"{src.name}: {item.get('file')}" if src.name != item.get("file")
                                 else src.name) for f in item.get("findings") or []]
        elif src.kind != "env":
            out += [_finding(f, src.name) for f in src.data.get("findings") or []]
    return sorted(out, key=lambda f: _ORDER.get(f.severity, 3))


@dataclass(frozen=True, slots=True, kw_only=True)
class NodeView:
    """One doctor result: its facts summary, its drawing and the GPU x NIC path-type table."""

    host: str
    source: str
    anchor: str
    summary: list[tuple[str, str]]
    svg: str
    nics: list[str]
    rows: list[dict[str, Any]]  # {"gpu", "cells": [(path name, css class)], "gdr", "gdr_on", "why"}
    flattened_note: str


def _path_cells(facts: NodeFacts) -> dict[int, dict[str, tuple[str, str]]]:
    """GPU index -> NIC name -> (label, css class); NODE shows NCCL's PHB beside it."""
    out: dict[int, dict[str, tuple[str, str]]] = {}
    for index, paths in gpu_nic_paths(facts).items():
        out[index] = {}
        for p in paths:
            if p.path is None:
                out[index][p.device.name] = ("?", "path-unknown")
                continue
            label = p.path.name
            if nccl_level_of(p.path) != p.path.name:
                label += f" ({nccl_level_of(p.path)})"
            out[index][p.device.name] = (label, f"path-{p.path.name.lower()}")
    return out


def _summary(facts: NodeFacts, env: dict[str, Any]) -> list[tuple[str, str]]:
    pm = facts.peermem
    peer = [n for n, ok in (("nv_mem", pm.nv_mem), ("nvidia_peermem", pm.nvidia_peermem_module),
                            ("nv_peer_mem", pm.nv_peer_mem_module)) if ok]
    ports = facts.ib_ports
    active = sum(1 for p in ports if p.is_active)
    pred = env.get("prediction") or {}
    return [
        ("GPUs", f"{len(facts.gpus)} x {facts.gpus[0].name or '?'}" if facts.gpus else "none"),
        ("driver / CUDA", f"{facts.driver_version or '?'} / {facts.cuda_version or '?'}"),
        ("NCCL", f"{facts.nccl.version or 'unknown'} (from {facts.nccl.version_source or '-'})"),
        ("RDMA ports", f"{active} of {len(ports)} active" if ports else "none"),
        ("peer memory", ", ".join(peer) or "none"),
        ("dma-buf", {True: "possible", False: "no", None: "unknown"}[pm.dmabuf_possible]),
        ("NCCL net (predicted)", str((pred.get("net") or {}).get("plugin") or "-")),
        ("captured", facts.captured_at or "-"),
    ]


def node_views(sources: list[Source]) -> list[NodeView]:
    out = []
    for n, src in enumerate(s for s in sources if s.kind == "doctor" and s.facts is not None):
        facts = src.facts
        assert facts is not None
        env = src.data.get("env") or {}
        pred = env.get("prediction") or {}
        anchor = f"node-{n}-{slug(facts.host)}"
        cells = _path_cells(facts)
        nics = [d.name for d in facts.ib_devices]
        rows = []
        for gpu in facts.gpus:
            gdr = (pred.get("gdr") or {}).get(f"GPU{gpu.index}") or {}
            row_cells = [cells.get(gpu.index, {}).get(nic, ("?", "path-unknown")) for nic in nics]
            rows.append({"gpu": f"GPU{gpu.index}", "cells": row_cells,
                         "gdr": ("on" if gdr.get("gdr") else "off") if gdr else "-",
                         "gdr_on": bool(gdr.get("gdr")), "why": str(gdr.get("why") or "")})
        topo = pred.get("topology") or {}
        out.append(NodeView(host=facts.host, source=src.name, anchor=anchor, summary=_summary(facts, env),
                            svg=topology_svg(facts, pred, element_id=f"topology-svg-{n}"), nics=nics,
                            rows=rows, flattened_note=str(topo.get("why") or "") if topo.get("flattened") else ""))
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class EnvView:
    source: str
    env: list[tuple[str, str, str]]  # name, value, reason
    unset: list[str]
    left_out: list[tuple[str, str]]  # variables NCCL gets right by itself: name, reason


def env_views(sources: list[Source]) -> list[EnvView]:
    out = []
    for src in sources:
        env = src.data if src.kind == "env" else (src.data.get("env") if src.kind == "doctor" else None)
        if not isinstance(env, dict):
            continue
        values = env.get("env") or {}
        reasons = env.get("reasons") or {}
        out.append(EnvView(source=src.name,
                           env=[(k, str(v), str(reasons.get(k, ""))) for k, v in values.items()],
                           unset=[str(u) for u in env.get("unset") or []],
                           left_out=[(k, str(r)) for k, r in reasons.items() if k not in values]))
    return out
