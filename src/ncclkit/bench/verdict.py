"""Judge a BenchResult: bandwidth per size range against the link it should reach, wrong results, stragglers.

The expected bandwidth comes from the node's facts (doctor's probe: active NVLink count and GPU
generation, PCIe link, RDMA port rates, Ethernet speed) or from flags, times the share of line
rate a healthy link reaches in nccl-tests (docs/bandwidth.md and shared/reference/peers.md:
Ring over NVLink 4 reaches 0.72 of the 2xH200 line rate at 4 GB and 0.82 on 8xH100; one NDR
400G NIC carries 46-49 GB/s of busbw, about 0.94 of its 50 GB/s).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

from ncclkit.bench.results import BenchResult, BenchSample
from ncclkit.facts import pcie_gen_of_gts
from ncclkit.findings import Finding, Severity

__all__ = ["BANDWIDTH_MIN_BYTES", "LATENCY_MAX_BYTES", "LinkExpectation", "check_result",
           "expectation_from", "nvlink_link_gbyte"]

LATENCY_MAX_BYTES = 64 * 2**10  # sizes where time, not bandwidth, is the figure of merit
BANDWIDTH_MIN_BYTES = 256 * 2**20  # sizes where busbw has reached its plateau

# Share of line rate that counts as healthy, per path (module docstring).
_EFFICIENCY = {"NVLink": 0.65, "PCIe": 0.75, "NIC": 0.90}
# Published or measured figures quoted beside a verdict (peers.md section 3; measurements/README.md)
_REFERENCE = {
    "NVLink": "2xH200 NVLink 4, NCCL 2.28.9 Ring: 328 GB/s at 1 GB, 345 at 4 GB (measurements); "
              "8xH100 Ring ~370 (nccl-tests#212); 8xH200 NVLS off 365.6 at 8 GB",
    "PCIe": "PCIe Gen5 x16 moves ~50 GB/s of payload; Gen4 x16 ~25",
    "NIC": "~12 GB/s busbw per 100G NIC, ~24 per 200G, 46-49 per NDR 400G (nccl-tests#119, #290)",
}
# Small-message all_reduce latency, 2xH200 over NVLink, NCCL 2.28.9 (measurements/README.md)
_LATENCY_REF_US = {"graph": 5.7, "eager": 12.7}


def nvlink_link_gbyte(compute_capability: str | None) -> float | None:
    """Per-link, per-direction NVLink rate by GPU generation (GB/s), as nvidia-smi nvlink -s shows."""
    major = (compute_capability or "").split(".")[0]
    return {"7": 25.0, "8": 25.0, "9": 26.5625, "10": 50.0}.get(major)


@dataclass(frozen=True, slots=True, kw_only=True)
class LinkExpectation:
    path: str  # "NVLink", "PCIe" or "NIC"
    line_rate_gbyte: float  # the bottleneck's line rate per direction, GB/s
    source: str  # where the line rate came from

    @property
    def expected_busbw_gbps(self) -> float:
        return self.line_rate_gbyte * _EFFICIENCY[self.path]


def _gpu_pcie_link(facts: Any, gpu: Any) -> tuple[int | None, int | None]:
    """GPU's current PCIe generation and width: NVML/nvidia-smi, else the sysfs link of its bus id."""
    if gpu.pcie_gen_current and gpu.pcie_width_current:
        return gpu.pcie_gen_current, gpu.pcie_width_current
    dev = (getattr(facts, "pci", None) or {}).get(gpu.bus_id)
    if dev is None:
        return None, None
    return pcie_gen_of_gts(dev.current_link_speed_gts), dev.current_link_width


def expectation_from(facts: Any | None, *, single_node: bool, net_only: bool,
                     nvlink_gbyte: float | None = None, pcie_gbyte: float | None = None,
                     nic_gbit: float | None = None, nics: int | None = None,
                     expect_busbw_gbyte: float | None = None) -> LinkExpectation | None:
    """The link that bounds busbw here; flags win over facts; None when nothing is known."""
    if expect_busbw_gbyte:
        path = "NIC" if net_only or not single_node else "NVLink"
        return LinkExpectation(path=path, line_rate_gbyte=expect_busbw_gbyte / _EFFICIENCY[path],
                               source="--expect-busbw")
    if single_node and not net_only:
        if nvlink_gbyte:
            return LinkExpectation(path="NVLink", line_rate_gbyte=nvlink_gbyte,
                                   source="--nvlink-gbyte")
        gpus = tuple(getattr(facts, "gpus", ()) or ())
        links = [sum(1 for lk in g.nvlinks if lk.active) for g in gpus]
        rate = nvlink_link_gbyte(gpus[0].compute_capability) if gpus else None
        if gpus and min(links) > 0 and rate:
            return LinkExpectation(
                path="NVLink", line_rate_gbyte=min(links) * rate,
                source=f"facts: {min(links)} active NVLink links per GPU x {rate} GB/s "
                       f"(sm {gpus[0].compute_capability})")
        if pcie_gbyte:
            return LinkExpectation(path="PCIe", line_rate_gbyte=pcie_gbyte, source="--pcie-gbyte")
        gen, width = _gpu_pcie_link(facts, gpus[0]) if gpus else (None, None)
        if gen and width:
            per_lane = {3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}.get(gen)
            if per_lane:
                return LinkExpectation(path="PCIe", line_rate_gbyte=per_lane * width,
                                       source=f"facts: GPU0 PCIe Gen{gen} x{width}")
        return None
    if nic_gbit:
        count = nics or 1
        return LinkExpectation(path="NIC", line_rate_gbyte=nic_gbit * count / 8,
                               source=f"--nic-gbit {nic_gbit:g} x {count} NIC(s)")
    ports = [p for p in getattr(facts, "ib_ports", ()) or () if p.is_active and p.rate_gbps]
    if ports:
        return LinkExpectation(
            path="NIC", line_rate_gbyte=sum(p.rate_gbps for p in ports) / 8,
            source="facts: " + ", ".join(f"{p.name} {p.rate_gbps:g} Gb/s" for p in ports))
    eth = [i for i in getattr(facts, "ifaces", ()) or ()
           if i.kind == "ethernet" and i.is_up and (i.speed_mbps or 0) > 0]
    if eth:
        best = max(eth, key=lambda i: i.speed_mbps or 0)
        return LinkExpectation(path="NIC", line_rate_gbyte=(best.speed_mbps or 0) / 8000,
                               source=f"facts: {best.name} {best.speed_mbps} Mb/s (no RDMA port)")
    return None


def _range_label(lo: int, hi: int | None) -> str:
    def fmt(n: int) -> str:
        for unit, div in (("GB", 2**30), ("MB", 2**20), ("KB", 2**10)):
            if n >= div and n % div == 0:
                return f"{n // div} {unit}"
        return f"{n} B"
    return f">= {fmt(lo)}" if hi is None else f"<= {fmt(hi)}"


def _bandwidth(name: str, rows: list[BenchSample], exp: LinkExpectation | None) -> Finding | None:
    big = [s for s in rows if s.size_bytes >= BANDWIDTH_MIN_BYTES and not s.in_place]
    if not big:
        return None
    best = max(big, key=lambda s: s.busbw_gbps)
    subject = f"{name} {_range_label(BANDWIDTH_MIN_BYTES, None)}"
    evidence: dict[str, Any] = {"peak_busbw_gbps": round(best.busbw_gbps, 2),
                                "at_size_bytes": best.size_bytes}
    if exp is None:
        return Finding(id="bench.no_expectation", severity=Severity.INFO, subject=subject,
                       message=f"peak busbw {best.busbw_gbps:.1f} GB/s; the link rate is unknown, "
                               "so there is no verdict",
                       fix="pass --nvlink-gbyte, --pcie-gbyte or --nic-gbit N [--nics K], or "
                           "--expect-busbw GBPS", evidence=evidence)
    want = exp.expected_busbw_gbps
    ratio = best.busbw_gbps / want if want else 0.0
    evidence |= {"expected_busbw_gbps": round(want, 1), "line_rate_gbyte": round(
        exp.line_rate_gbyte, 2), "ratio": round(ratio, 3), "path": exp.path,
        "source": exp.source, "reference": _REFERENCE[exp.path]}
    if ratio >= 0.9:
        return Finding(id="bench.busbw_ok", severity=Severity.INFO, subject=subject,
                       message=f"peak busbw {best.busbw_gbps:.1f} GB/s is {ratio:.0%} of the "
                               f"{want:.0f} GB/s a healthy {exp.path} reaches", evidence=evidence)
    sev = Severity.WARNING if ratio >= 0.5 else Severity.ERROR
    fix = {"NVLink": "check `nvidia-smi nvlink -s` for inactive links and `ncclkit doctor`; "
                     "make sure NCCL_P2P_DISABLE / NCCL_SHM_DISABLE are not set",
           "PCIe": "check `ncclkit doctor` for downtrained PCIe links (pcie.link_degraded)",
           "NIC": "run `ncclkit doctor` (GDR, port rates, NCCL_IB_HCA) and `ncclkit bench --ib`; "
                  "on 2 nodes also compare --algo ring,tree"}[exp.path]
    return Finding(id="bench.busbw_low", severity=sev, subject=subject,
                   message=f"peak busbw {best.busbw_gbps:.1f} GB/s is only {ratio:.0%} of the "
                           f"{want:.0f} GB/s expected over {exp.path}", fix=fix, evidence=evidence)


def _latency(name: str, label: str, rows: list[BenchSample], mode: str,
             path: str | None) -> Finding | None:
    small = [s for s in rows if s.size_bytes <= LATENCY_MAX_BYTES and not s.in_place]
    if not small or name != "all_reduce":
        return None
    med = statistics.median(s.time_us for s in small)
    evidence: dict[str, Any] = {"median_time_us": round(med, 2), "sizes": len(small), "mode": mode}
    ref = _LATENCY_REF_US.get(mode) if path == "NVLink" else None
    msg = f"median all_reduce time {med:.1f} us at sizes {_range_label(0, LATENCY_MAX_BYTES)}"
    if ref is None:
        return Finding(id="bench.latency", severity=Severity.INFO, subject=f"{label} latency",
                       message=msg, evidence=evidence)
    evidence["reference_us"] = ref
    if med > 3 * ref:
        return Finding(id="bench.latency", severity=Severity.WARNING, subject=f"{label} latency",
                       message=f"{msg}: over 3x the {ref} us NCCL reaches on NVLink ({mode})",
                       fix="time with CUDA graphs (the default) and --engine direct; a busy host "
                           "or CPU frequency scaling also inflates launch latency",
                       evidence=evidence)
    return Finding(id="bench.latency", severity=Severity.INFO, subject=f"{label} latency",
                   message=f"{msg} (reference {ref} us on 2xH200 NVLink, {mode})",
                   evidence=evidence)


def _wrong(result: BenchResult) -> list[Finding]:
    bad = [s for s in result.samples if s.wrong]
    if not bad:
        return []
    first = bad[0]
    return [Finding(
        id="bench.wrong_results", severity=Severity.ERROR, subject=first.collective,
        message=f"{sum(s.wrong for s in bad)} wrong elements in {len(bad)} rows, first at "
                f"{first.collective} {first.size_bytes} B "
                f"{'in-place' if first.in_place else 'out-of-place'}",
        fix="a data corruption: run `ncclkit doctor`, check GPU XID errors in dmesg, and rerun "
            "with NCCL_ALGO/NCCL_PROTO pinned to find the path that corrupts",
        evidence={"rows": [{"collective": s.collective, "size_bytes": s.size_bytes,
                            "in_place": s.in_place, "wrong": s.wrong} for s in bad[:10]]})]


def check_stragglers(result: BenchResult, *, min_time_us: float = 50.0,
                     threshold: float = 0.10) -> list[Finding]:
    """Name a rank whose time differs from the others' median by > threshold in most rows.

    A rank that starts late makes the others wait: its own time is the short one. A rank whose
    GPU or link is slow shows the long time. Needs 3 ranks to tell which one is odd.
    """
    if result.nranks < 3:
        return []
    flagged: dict[int, list[float]] = {}
    rows = [s for s in result.samples if s.time_us >= min_time_us and len(s.rank_time_us) > 2]
    for s in rows:
        med = statistics.median(s.rank_time_us)
        odd = max(range(len(s.rank_time_us)), key=lambda r: abs(s.rank_time_us[r] - med))
        dev = (s.rank_time_us[odd] - med) / med if med else 0.0
        if abs(dev) > threshold:
            flagged.setdefault(odd, []).append(dev)
    out = []
    for rank, devs in flagged.items():
        if len(devs) < max(2, len(rows) // 2):
            continue
        info = next((r for r in result.ranks if r.rank == rank), None)
        label = info.label() if info else f"rank{rank}"
        mean = statistics.mean(devs)
        why = ("the others wait for it: it starts its calls late (a busy or slow host, CPU "
               "contention, or another job on its GPU)" if mean < 0 else
               "its calls take longer than the others': a slow GPU or a slow link into it")
        out.append(Finding(
            id="bench.rank_straggler", severity=Severity.WARNING, subject=label,
            message=f"{label} differs from the median rank by {mean:+.0%} in {len(devs)} of "
                    f"{len(rows)} rows; {why}",
            fix="compare `nvidia-smi -q -d PERFORMANCE,CLOCK` and `ncclkit doctor` on that node; "
                "rerun without it to confirm",
            evidence={"rank": rank, "rows": len(devs), "mean_deviation": round(mean, 3)}))
    return out


def check_result(result: BenchResult, exp: LinkExpectation | None) -> list[Finding]:
    """All findings of a run: wrong results, then per collective bandwidth and latency, then stragglers."""
    findings = _wrong(result)
    by_coll: dict[tuple[str, str | None], list[BenchSample]] = {}
    for s in result.samples:
        by_coll.setdefault((s.collective, s.algo), []).append(s)
    for (name, algo), rows in by_coll.items():
        label = f"{name} NCCL_ALGO={algo}" if algo else name
        # one rank moves no bytes between GPUs (busbw factor 0): there is no link to judge
        bandwidth = _bandwidth(label, rows, exp) if result.nranks > 1 else None
        for f in (_latency(name, label, rows, result.mode, exp.path if exp else None),
                  bandwidth):
            if f is not None:
                findings.append(f)
    return findings + check_stragglers(result)
