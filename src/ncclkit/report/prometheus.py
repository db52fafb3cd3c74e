"""Prometheus metrics of a doctor result (and optionally a bench result) for node_exporter's textfile collector.

Reads the doctor JSON (CONTRACTS.md section 2: facts, findings, env prediction) and a bench JSON
(section 6); produces Prometheus text exposition through prometheus_client (the `report` extra,
imported lazily). Metric names carry the `ncclkit_` prefix and their unit:

  ncclkit_ib_port_active{device,port,link_layer}        1 when ACTIVE and LinkUp
  ncclkit_ib_port_rate_gbps{device,port,link_layer}     the port's rate, Gb/s
  ncclkit_gdr_supported                                 1 when NCCL's IB transport can do GDR here
  ncclkit_gdr_ready{gpu}                                1 when NCCL is predicted to use GDR for the GPU
  ncclkit_gpus                                          GPUs seen
  ncclkit_findings{severity}                            findings by severity (all three always present)
  ncclkit_finding{id,severity,subject}                  1 per finding, to alert on a specific id
  ncclkit_doctor_timestamp_seconds                      when the metrics were made (staleness alerts)
  ncclkit_bench_busbw_gbps{collective,size_bytes,algo}  last measured busbw, out-of-place rows
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, TextIO

from ncclkit.errors import NcclkitError
from ncclkit.factsjson import facts_from_json

__all__ = ["build_registry", "emit_metrics", "render_prometheus", "write_textfile"]

_SEVERITIES = ("error", "warning", "info")


def _client() -> Any:
    try:
        import prometheus_client
    except ImportError:
        raise NcclkitError("Prometheus output needs prometheus_client, which is not installed",
                           hint="pip install 'ncclkit[report]' (in a clone: pip install -e '.[report]')") from None
    return prometheus_client


def _node_metrics(pc: Any, reg: Any, doctor: dict[str, Any]) -> None:
    from ncclkit.nccl.gdr import gdr_support

    try:
        facts = facts_from_json(doctor["facts"])
    except (KeyError, ValueError) as exc:
        raise NcclkitError(f"doctor result with unreadable facts ({exc})",
                           hint="regenerate it with `ncclkit doctor --json`") from None
    labels = ("device", "port", "link_layer")
    active = pc.Gauge("ncclkit_ib_port_active", "RDMA port is ACTIVE and LinkUp (1) or not (0)",
                      labels, registry=reg)
    rate = pc.Gauge("ncclkit_ib_port_rate_gbps", "RDMA port rate in Gb/s as the kernel reports it",
                    labels, registry=reg)
    for port in facts.ib_ports:
        key = (port.device, str(port.port), port.link_layer or "unknown")
        active.labels(*key).set(1 if port.is_active else 0)
        if port.rate_gbps is not None:
            rate.labels(*key).set(port.rate_gbps)
    supported = gdr_support(facts).nic_capable
    pc.Gauge("ncclkit_gdr_supported", "NCCL's IB transport can use GPUDirect RDMA on this node (peer "
             "memory or dma-buf)", registry=reg).set(1 if supported and facts.ib_devices else 0)
    ready = pc.Gauge("ncclkit_gdr_ready", "NCCL is predicted to use GPUDirect RDMA for this GPU",
                     ("gpu",), registry=reg)
    gdr = ((doctor.get("env") or {}).get("prediction") or {}).get("gdr") or {}
    for gpu in facts.gpus:
        entry = gdr.get(f"GPU{gpu.index}")
        ready.labels(f"GPU{gpu.index}").set(1 if isinstance(entry, dict) and entry.get("gdr") else 0)
    pc.Gauge("ncclkit_gpus", "NVIDIA GPUs seen by ncclkit doctor", registry=reg).set(len(facts.gpus))


def _finding_metrics(pc: Any, reg: Any, findings: list[dict[str, Any]]) -> None:
    counts = pc.Gauge("ncclkit_findings", "ncclkit doctor findings by severity", ("severity",), registry=reg)
    for sev in _SEVERITIES:
        counts.labels(sev).set(sum(1 for f in findings if f.get("severity") == sev))
    each = pc.Gauge("ncclkit_finding", "one ncclkit doctor finding (always 1)", ("id", "severity", "subject"),
                    registry=reg)
    for f in findings:
        each.labels(str(f.get("id")), str(f.get("severity")), str(f.get("subject", ""))).set(1)


def _bench_metrics(pc: Any, reg: Any, bench: dict[str, Any]) -> None:
    gauge = pc.Gauge("ncclkit_bench_busbw_gbps", "last measured bus bandwidth (out-of-place), GB/s",
                     ("collective", "size_bytes", "algo"), registry=reg)
    samples = [s for s in bench.get("samples") or [] if not s.get("in_place")]
    for s in samples or bench.get("samples") or []:
        gauge.labels(str(s["collective"]), str(s["size_bytes"]), str(s.get("algo") or "")).set(float(s["busbw_gbps"]))


def build_registry(doctor: dict[str, Any], *, bench: dict[str, Any] | None = None,
                   now_s: float | None = None) -> Any:
    """A fresh prometheus_client CollectorRegistry holding the metrics of the module docstring."""
    pc = _client()
    reg = pc.CollectorRegistry()
    _node_metrics(pc, reg, doctor)
    _finding_metrics(pc, reg, doctor.get("findings") or [])
    pc.Gauge("ncclkit_doctor_timestamp_seconds", "Unix time these metrics were made",
             registry=reg).set(time.time() if now_s is None else now_s)
    if bench is not None:
        _bench_metrics(pc, reg, bench)
    return reg


def render_prometheus(registry: Any) -> str:
    """The text exposition format (what node_exporter's textfile collector reads)."""
    return _client().generate_latest(registry).decode("utf-8")


def write_textfile(registry: Any, path: Path) -> None:
    """Write `path` atomically (prometheus_client writes a temporary file beside it, then renames)."""
    if path.suffix != ".prom":
        raise NcclkitError(f"--textfile {path}: node_exporter's textfile collector reads only *.prom files",
                           hint=f"name it e.g. {path.with_suffix('.prom').name}")
    if not path.parent.is_dir():
        raise NcclkitError(f"--textfile {path}: folder {path.parent} does not exist",
                           hint="give the folder of node_exporter's --collector.textfile.directory")
    try:
        _client().write_to_textfile(str(path), registry)
    except OSError as exc:
        raise NcclkitError(f"--textfile {path}: cannot write ({exc.strerror or exc})",
                           hint="check the folder's permissions") from None


def emit_metrics(doctor: dict[str, Any], *, bench_path: str | None, textfile: str | None, out: TextIO) -> None:
    """`ncclkit doctor --format prometheus [--bench FILE] [--textfile PATH]`: to `out` or to PATH."""
    from ncclkit.report.sources import load_source

    bench = None
    if bench_path is not None:
        src = load_source(bench_path)
        if src.kind != "bench":
            raise NcclkitError(f"--bench {bench_path}: a {src.kind} result, not a bench result",
                               hint="give the output of `ncclkit bench --json`")
        bench = src.data
    registry = build_registry(doctor, bench=bench)
    if textfile is not None:
        write_textfile(registry, Path(textfile))
    else:
        out.write(render_prometheus(registry))
