"""Readable text summary of `analyze` results (the JSON objects of CONTRACTS section 5)."""

from __future__ import annotations

from typing import Any

__all__ = ["render_text"]

_TAG = {"error": "ERROR", "warning": "WARN ", "info": "info "}


def _facts(r: dict[str, Any]) -> list[str]:
    kind = r.get("kind")
    if kind == "nccl_log":
        gdr = {True: "yes", False: "no", None: "unknown"}[r.get("gdr")]
        hosts = r.get("hosts") or []
        return [f"NCCL {r.get('nccl_version') or '?'}, {r.get('nranks') or '?'} ranks, "
                f"{len(hosts)} host(s){': ' + ', '.join(hosts[:6]) if hosts else ''}"
                f"{' ...' if len(hosts) > 6 else ''}",
                f"network {r.get('network') or '?'}, transports "
                f"{', '.join(r.get('transports') or []) or 'none shown'}, GPUDirect RDMA {gdr}",
                f"{len(r.get('errors') or [])} distinct error line(s)"]
    if kind == "nccl_tests":
        peak, avg = r.get("peak_busbw_gbps"), r.get("avg_busbw_gbps")
        return [f"{r.get('collective') or 'collective ?'}, {r.get('nranks') or '?'} ranks, "
                f"{len(r.get('rows') or [])} sizes",
                f"peak busbw {peak if peak is not None else '?'} GB/s, average "
                f"{avg if avg is not None else '?'} GB/s, wrong values "
                f"{r['wrong_total'] if r.get('wrong_total') is not None else '?'}"]
    if kind == "topo":
        if r.get("gpu_p2p") and not r.get("gpus"):
            return [f"{len(r['gpu_p2p'])} GPU row(s) of peer-to-peer verdicts (nvidia-smi topo -p2p)"]
        return [f"{len(r.get('gpus') or [])} GPU row(s), NICs: {', '.join(r.get('nics') or []) or 'none'}"]
    if kind in ("ibstat", "ibv_devinfo"):
        if not r.get("ports"):
            return [f"no {kind} ports found in this input (is --kind right?)"]
        return [f"{p['device']}:{p['port'] if p['port'] is not None else '-'} {p['state'] or '?'}/"
                f"{p['phys_state'] or '?'} {p['rate_gbps'] if p['rate_gbps'] is not None else '?'} Gb/s "
                f"{p['link_layer'] or ''}".rstrip() for p in r.get("ports") or []]
    if kind in ("flight_recorder", "watchdog"):
        return [f"group {g['process_group']}: last enqueued " + ", ".join(f"{k} #{v}" for k, v in
                g["last_enqueued"].items()) for g in r.get("groups") or []]
    if kind == "ras":
        rep = r.get("report") or {}
        # The text report names a communicator only in its Errors/Warnings; its table counts all of them.
        n_comms = len(rep.get("comms") or []) or sum(g["comms"] for g in rep.get("groups") or [])
        return [f"NCCL {rep.get('nccl_version') or '?'} RAS report ({rep.get('format')}), {n_comms} communicator(s)"]
    if kind == "show_gids":
        rec = r.get("recommended_gid_index") or {}
        return [f"{len(r.get('gids') or [])} GID(s); RoCE v2 IPv4 index per port: "
                + (", ".join(f"{k}={v}" for k, v in rec.items()) or "none")]
    return []


def _lead(findings: list[dict[str, Any]]) -> tuple[list[str], set[int]]:
    """"Most likely cause" (the first finding that states one), its evidence lines and fix, then the
    other causes the paste shows; returns the lines and the indices of the findings they covered."""
    ranked = [(i, f) for i, f in enumerate(findings) if f.get("cause")]
    if not ranked:
        return [], set()
    i, top = ranked[0]
    if top["id"] == "log.alternative":  # no line states a cause: what the bare error most often stands for
        source = (top.get("evidence") or {}).get("for")
        alts = [(j, f) for j, f in ranked if f["id"] == "log.alternative"]
        out = [f"   No line states a cause; in resolved threads {source} alone most often meant:"]
        out += [f"     - {f['cause']}" for _, f in alts]
        out.append("")
        return out, {j for j, _ in alts}
    ev = top.get("evidence") or {}
    lines = ev.get("lines") or []
    # No line is one ncclkit knows: the lead is a guess from the words of the failure lines, and says so.
    heading = {"log.error_words": "Possible cause (from the words of its failure lines)",
               "log.base_rate": "No cause in this paste; what pastes like it most often turned out to be"}.get(
        top["id"], "Most likely cause")
    out = [f"   {heading}: {top['cause']} ({top['id']} [{top.get('subject')}], {top['severity']})",
           f"     {top['message']}"]
    if lines:
        out.append("     evidence: line " + ", ".join(str(n) for n in lines[:10]) + (" ..." if len(lines) > 10 else ""))
    if ev.get("env"):
        out.append("     set by the environment: " + ", ".join(f"{k}={v}" for k, v in ev["env"].items()))
    if top.get("fix"):
        out.append(f"     fix: {top['fix']}")
    covered = {i}
    alts = [(j, f) for j, f in ranked[1:] if f["cause"] != top["cause"] and f["severity"] != "info"
            or f["id"] == "log.alternative"]
    if alts:
        out.append("   Alternatives:")
        seen: set[str] = set()
        for j, f in alts:
            if f["cause"] in seen:
                continue
            seen.add(f["cause"])
            covered.add(j)
            out.append(f"     - {f['cause']} ({f['id']}): {f['message'][:160]}")
    out.append("")
    return out, covered


def render_text(results: list[dict[str, Any]]) -> str:
    """One block per file: the most likely cause with its evidence and fix, the alternatives, the
    facts, then the other findings (errors first) with their fixes."""
    out: list[str] = []
    for r in results:
        out.append(f"== {r.get('file')} ({r.get('kind')})")
        findings = r.get("findings") or []
        lead, covered = _lead(findings)
        out.extend(lead)
        out.extend(f"   {line}" for line in _facts(r))
        for k, f in enumerate(findings):
            if k in covered:
                continue
            out.append(f"   {_TAG.get(f['severity'], f['severity'])} {f['id']} [{f['subject']}]: {f['message']}")
            if f.get("fix"):
                out.append(f"          fix: {f['fix']}")
            by_transport = (f.get("evidence") or {}).get("by_transport")
            if by_transport:
                for name, d in by_transport.items():
                    pairs = d["pairs"]
                    shown = " ".join(pairs[:12]) + (" ..." if len(pairs) > 12 else "")
                    out.append(f"          {name:<16} {shown}")
        out.append("")
    return "\n".join(out)
