"""Render an EnvRecommendation: shell exports, dotenv, JSON, torchrun and Slurm snippets, and --explain text."""

from __future__ import annotations

import json
import shlex
from typing import Any

from ncclkit.findings import Finding
from ncclkit.recommend.model import EnvRecommendation

__all__ = ["FORMATS", "render", "render_explain"]

FORMATS = ("shell", "dotenv", "json", "torchrun", "slurm")


def _comment(text: str) -> str:
    return "# " + text.replace("\n", " ")


def _exports(rec: EnvRecommendation) -> list[str]:
    lines = []
    for name in rec.unset:
        lines.append(_comment(f"{name}: in force now and harmful here (see findings)"))
        lines.append(f"unset {name}")
    for name, value in rec.env.items():
        lines.append(_comment(f"{name}: {rec.reasons.get(name, '')}"))
        lines.append(f"export {name}={shlex.quote(value)}")
    return lines


def _left_unset(rec: EnvRecommendation) -> list[str]:
    return [_comment(f"{n} unset: {r}") for n, r in rec.reasons.items()
            if n not in rec.env and n not in rec.verification]


def _verify(rec: EnvRecommendation, prefix: str) -> list[str]:
    if not rec.verification:
        return []
    out = ["# For one verification run (compare the log with `ncclkit env --explain`):"]
    out += [f"# {prefix}{n}={shlex.quote(v)}" for n, v in rec.verification.items()]
    return out


def render(rec: EnvRecommendation, fmt: str, findings: list[Finding] | None = None) -> str:
    """The recommendation in one of FORMATS (json also carries the findings)."""
    if fmt == "json":
        data: dict[str, Any] = rec.to_json()
        data["findings"] = [f.to_json() for f in findings or []]
        return json.dumps(data, indent=2, sort_keys=False)
    if fmt == "dotenv":
        lines = [f"{n}={v}" for n, v in rec.env.items()]
        return "\n".join(lines) + ("\n" if lines else "")
    head = [f"# NCCL environment for this node (NCCL {rec.nccl_version or 'version unknown'})"]
    if fmt == "shell":
        body = _exports(rec) + _left_unset(rec) + _verify(rec, "export ")
    elif fmt == "torchrun":
        body = _exports(rec) + _verify(rec, "export ")
        body += ["torchrun --nnodes \"$NNODES\" --nproc-per-node \"$GPUS_PER_NODE\" \\",
                 "  --rdzv-backend c10d --rdzv-endpoint \"$MASTER_ADDR:$MASTER_PORT\" train.py"]
    elif fmt == "slurm":
        exports = ",".join(["ALL"] + [f"{n}={v}" for n, v in rec.env.items()])
        body = ["#SBATCH --ntasks-per-node=1"] + _exports(rec) + _verify(rec, "export ")
        body += [f"srun --export={shlex.quote(exports)} \\",
                 "  torchrun --nnodes \"$SLURM_NNODES\" --nproc-per-node \"$GPUS_PER_NODE\" \\",
                 "  --rdzv-backend c10d --rdzv-endpoint \"$MASTER_ADDR:$MASTER_PORT\" train.py"]
    else:
        raise ValueError(f"unknown format {fmt!r}")
    return "\n".join(head + body) + "\n"


def render_explain(rec: EnvRecommendation, findings: list[Finding]) -> str:
    """What NCCL will choose on this node, in words, then the reasons and findings."""
    p = rec.prediction
    out = [f"NCCL {p.get('nccl_version') or '(version unknown)'} on this node, with the recommended env:"]
    out.append(f"  network: NET/{p['net']['plugin']} - {p['net']['why']}")
    for port in p.get("hca_ports", []):
        gid = f", GID index {port['gid_index']} ({port['gid_why']})" if "gid_index" in port else ""
        out.append(f"  port {port['port']} {port['link_layer']} {port['rate_gbps']} Gb/s "
                   f"(speed {port['speed_mbps']}){gid}")
    if any(len(d["ports"]) > 1 for d in p.get("net_devices", [])):
        out.append("  NICs as NCCL counts them: " + ", ".join(d["name"] for d in p["net_devices"]))
    b = p["bootstrap"]
    out.append(f"  bootstrap/OOB: {b['interface'] or 'none'} {b['address'] or ''} - {b['why']}")
    for gpu, g in p.get("gdr", {}).items():
        out.append(f"  {gpu}: GDR {'yes' if g['gdr'] else 'no'}"
                   f"{' via ' + g['via'] if g.get('via') else ''} - {g['why']}")
    for pair, t in p.get("transports", {}).items():
        out.append(f"  {pair}: {t['transport']} ({t['link']}) - {t['why']}")
    out.append(f"  topology: {p['topology']['why']}")
    out.append("")
    out.append("Variables:")
    for name, reason in rec.reasons.items():
        val = rec.env.get(name) or rec.verification.get(name)
        state = f"{name}={val}" if val is not None else f"{name} (unset)"
        tag = " [verification run]" if name in rec.verification else ""
        out.append(f"  {state}{tag}: {reason}")
    for name in rec.unset:
        out.append(f"  unset {name}: in force now and flagged below")
    if findings:
        out.append("")
        out.append("Findings on the environment in force:")
        for f in findings:
            out.append(f"  [{f.severity}] {f.id} {f.subject}: {f.message}")
            if f.fix:
                out.append(f"      fix: {f.fix}")
    return "\n".join(out) + "\n"
