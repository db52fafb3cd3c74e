"""Sanity of every bench row: figures no GPU can produce are findings, and the rows are marked.

- bench.no_time: a call under 0.5 us, or any one-rank in-place call. No NCCL kernel finishes that
  fast (a one-rank all_reduce replayed from a CUDA graph takes about 1 us on an H200); the call
  moved nothing: torch skipped it (a one-rank group, issue 15: 0.1 us for 1 GB), or it was a
  one-rank in-place call, which NCCL returns from at once (input and output are one buffer), so
  its time is launch overhead only, in nccl-tests too.
- bench.time_implausible: a time that implies more bytes a second than the GPU's memory can move
  (each rank reads its input and writes its output at least once; only checked when the loop's
  working set, rotating offsets included, is larger than the L2 cache, which may serve it), or
  more busbw than the link's line rate.
- bench.shared_gpu: two ranks on one GPU (same machine by boot id, same PCI bus id). NCCL refuses
  that only when their host hashes match (init.cc "Duplicate GPU detected"); with NCCL_HOSTID set
  differently it runs, and the GPU time-slices between the processes (4.5 ms per 8-byte
  all_reduce on one H200, measurements 2026-12-01).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ncclkit.bench.results import BenchResult, BenchSample, RankInfo
from ncclkit.findings import Finding, Severity

__all__ = ["NO_TIME_US", "check_sanity", "min_traffic_bytes"]

NO_TIME_US = 0.5
_FULL_COPY = ("all_reduce", "alltoall", "sendrecv")  # every rank reads and writes all S bytes


def min_traffic_bytes(collective: str, size_bytes: int, nranks: int, in_place: bool) -> int:
    """Fewest bytes of one rank's memory one call must touch (reads plus writes)."""
    if nranks == 1:
        return 0 if in_place else 2 * size_bytes  # a copy, or nothing at all
    return 2 * size_bytes if collective in _FULL_COPY else size_bytes


def _working_set(result: BenchResult, s: BenchSample) -> int:
    c = result.config
    steps = max(c.max_bytes // s.size_bytes, 1) if s.size_bytes else 1
    return min(steps, c.iters) * 2 * s.size_bytes


def _mem_check(result: BenchResult, s: BenchSample) -> dict[str, Any] | None:
    mems = [r.mem_gbyte for r in result.ranks if r.mem_gbyte]
    l2s = [r.l2_bytes for r in result.ranks if r.l2_bytes]
    traffic = min_traffic_bytes(s.collective, s.size_bytes, result.nranks, s.in_place)
    if not mems or not traffic or s.time_us <= 0:
        return None
    if _working_set(result, s) <= max(l2s, default=0):
        return None
    rate = traffic / (s.time_us * 1e-6) / 1e9
    if rate <= min(mems):
        return None
    return {"bound": "memory", "implied_gbyte_s": round(rate, 1),
            "memory_gbyte_s": round(min(mems), 1), "min_traffic_bytes": traffic}


def _link_check(result: BenchResult, s: BenchSample, line_rate: float | None) -> dict | None:
    if result.nranks < 2 or not line_rate or s.busbw_gbps <= line_rate * 1.05:
        return None
    return {"bound": "link", "busbw_gbps": round(s.busbw_gbps, 1),
            "line_rate_gbyte": round(line_rate, 1)}


def _same_gpu(ranks: tuple[RankInfo, ...]) -> list[list[RankInfo]]:
    groups: dict[tuple[str, str], list[RankInfo]] = {}
    for r in ranks:
        if r.bus_id:
            groups.setdefault((r.boot_id or r.host, r.bus_id), []).append(r)
    return [g for g in groups.values() if len(g) > 1]


def _label(s: BenchSample) -> str:
    return f"{s.collective} {s.size_bytes} B {'in-place' if s.in_place else 'out-of-place'}"


def check_sanity(result: BenchResult, line_rate_gbyte: float | None = None,
                 ) -> tuple[BenchResult, list[Finding]]:
    """The result with suspect rows marked, and one finding per kind of problem."""
    marks: dict[int, list[str]] = {}
    no_time, implausible = [], []
    for i, s in enumerate(result.samples):
        if s.time_us < NO_TIME_US or result.nranks == 1 and s.in_place:
            marks.setdefault(i, []).append("bench.no_time")
            no_time.append(s)
        why = _mem_check(result, s) or _link_check(result, s, line_rate_gbyte)
        if why:
            marks.setdefault(i, []).append("bench.time_implausible")
            implausible.append((s, why))
    findings = []
    if no_time:
        first = no_time[0]
        torch = result.engine == "torch"
        findings.append(Finding(
            id="bench.no_time", severity=Severity.WARNING, subject=first.collective,
            message=f"{len(no_time)} rows moved no data, first {_label(first)} at "
                    f"{first.time_us:.2f} us a call"
                    + (" (torch.distributed skips collectives on a one-rank group)" if torch
                       and result.nranks == 1 else
                       " (a one-rank in-place call has nothing to do)" if result.nranks == 1
                       else ""),
            fix="run with 2+ ranks" + (" or --engine direct" if torch else "")
                + "; these rows are no measure of NCCL",
            evidence={"rows": [_label(s) for s in no_time[:10]], "engine": result.engine,
                      "nranks": result.nranks}))
    if implausible:
        first, why = implausible[0]
        findings.append(Finding(
            id="bench.time_implausible", severity=Severity.ERROR, subject=first.collective,
            message=f"{len(implausible)} rows are faster than the hardware allows, first "
                    f"{_label(first)} at {first.time_us:.2f} us ("
                    + (f"{why['implied_gbyte_s']} GB/s of memory traffic, the GPU moves "
                       f"{why['memory_gbyte_s']}" if why["bound"] == "memory" else
                       f"busbw {why['busbw_gbps']} GB/s over a {why['line_rate_gbyte']} GB/s "
                       "link") + "): the timing window missed work",
            fix="compare with nccl-tests on the same node (benchmarks/bench_vs_nccl_tests.py); "
                "time with --timer events to see the device time",
            evidence={"rows": [_label(s) for s, _ in implausible[:10]], **why}))
    for group in _same_gpu(result.ranks):
        for i in range(len(result.samples)):
            marks.setdefault(i, []).append("bench.shared_gpu")
        names = ", ".join(f"rank {r.rank} (pid {r.pid})" for r in group)
        ids = sorted({r.nccl_hostid or "-" for r in group})
        findings.append(Finding(
            id="bench.shared_gpu", severity=Severity.ERROR,
            subject=f"{group[0].host} GPU {group[0].bus_id}",
            message=f"{names} run on the same GPU {group[0].bus_id} of {group[0].host}; NCCL let "
                    f"it pass because their host hashes differ (NCCL_HOSTID {', '.join(ids)}), "
                    "and the GPU time-slices between them: every time is the sharing's",
            fix="give every rank its own GPU (CUDA_VISIBLE_DEVICES / LOCAL_RANK) and unset "
                "NCCL_HOSTID",
            evidence={"ranks": [r.rank for r in group], "bus_id": group[0].bus_id,
                      "nccl_hostid": ids}))
    samples = tuple(dataclasses.replace(s, marks=tuple(dict.fromkeys(marks[i])))
                    if i in marks else s for i, s in enumerate(result.samples))
    return dataclasses.replace(result, samples=samples), findings
