"""nccl-tests' `-J FILE` JSON document for a BenchResult, and -I's per-iteration statistics.

Keys, nesting and value types follow src/util.cu of NVIDIA/nccl-tests 2.19.6 (JSON_FILE_VERSION
3: jsonOutputInit, writeDeviceReport, writeBenchmarkLine*, writePerIterReport,
writeResultFooter), so tools that read nccl-tests' JSON read ncclkit's. One document holds one
collective, as one nccl-tests binary writes; ncclkit's own additions sit under "ncclkit".
"""

from __future__ import annotations

import math
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ncclkit.bench.collectives import get_collective
from ncclkit.bench.results import BenchResult, BenchSample
from ncclkit.probe.nccl import filter_env

__all__ = ["IterStats", "iter_stats", "json_paths", "nccl_tests_json"]

JSON_FILE_VERSION = 3
_TIME_FORMAT = "%Y-%m-%d %H:%M:%S"  # util.cu TIME_STRING_FORMAT


@dataclass(frozen=True, slots=True)
class IterStats:
    min: float
    max: float
    avg: float
    p50: float
    p95: float
    p99: float
    stdev: float

    @property
    def cv_pct(self) -> float:
        return self.stdev / self.avg * 100.0 if self.avg > 0 else 0.0


def _pct_index(n: int, pct: int) -> int:
    return min(n - 1, (n * pct + 99) // 100 - 1)  # util.cu percentileIndex


def iter_stats(times: tuple[float, ...] | list[float]) -> IterStats:
    """util.cu computeIterStats: p50 is sorted[n/2], stdev the population one."""
    s = sorted(times)
    n = len(s)
    avg = sum(s) / n
    return IterStats(min=s[0], max=s[-1], avg=avg, p50=s[n // 2], p95=s[_pct_index(n, 95)],
                     p99=s[_pct_index(n, 99)],
                     stdev=math.sqrt(sum((x - avg) ** 2 for x in s) / n))


def _num(v: float) -> float | str:
    return "nan" if math.isnan(v) else v  # util.cu jsonDouble writes NaN as a string


def _body(s: BenchSample) -> dict[str, Any]:
    return {"time": _num(s.time_us), "alg_bw": _num(s.algbw_gbps), "bus_bw": _num(s.busbw_gbps),
            "nwrong": float(s.wrong) if s.checked else None}


def _per_iter(s: BenchSample, skip: int) -> dict[str, Any]:
    st = iter_stats(s.iter_time_us[skip:])
    return {"skipped_iterations": skip, "min_us": st.min, "max_us": st.max, "avg_us": st.avg,
            "p50_us": st.p50, "p95_us": st.p95, "p99_us": st.p99, "stdev_us": st.stdev,
            "cv_pct": st.cv_pct, "times_us": list(s.iter_time_us)}


def nccl_tests_json(result: BenchResult, collective: str, *, argv: list[str],
                    start: float, end: float) -> dict[str, Any]:
    c = result.config
    rows: dict[int, list[BenchSample | None]] = {}
    for sample in result.samples:
        if sample.collective == collective:
            rows.setdefault(sample.size_bytes, [None, None])[1 if sample.in_place else 0] = sample
    results, bws, wrong = [], [], 0
    for size, (oop, ip) in rows.items():
        first = oop or ip
        assert first is not None
        rec: dict[str, Any] = {"size": size, "count": first.count, "type": first.dtype,
                               "redop": first.redop, "root": "%6i" % first.root}
        for key, s in (("out_of_place", oop), ("in_place", ip)):
            rec[key] = _body(s) if s else None
            if s is not None:
                bws.append(s.busbw_gbps)
                wrong += s.wrong
                if s.iter_time_us:
                    rec[f"{key}_per_iter"] = _per_iter(s, c.per_iter_skip)
        rec["actual_iterations"] = c.iters
        rec["experiment_name"] = ""
        if oop and oop.marks or ip and ip.marks:
            rec["ncclkit_marks"] = sorted({*(oop.marks if oop else ()), *(ip.marks if ip else ())})
        results.append(rec)
    config = {"nthreads": 1, "ngpus": 1, "minimum_bytes": c.min_bytes, "maximum_bytes": c.max_bytes,
              **({"step_factor": c.step_factor} if c.step_factor > 1 else
                 {"step_bytes": c.step_bytes}),
              "warmup_iters": c.warmup_iters, "iterations": c.iters, "aggregated_iterations": 1,
              "validation": c.check, "graph": c.graph_launches if result.mode == "graph" else 0,
              "blocking_collectives": False, "per_iter_timing": c.per_iter,
              "per_iter_skip": c.per_iter_skip, "parallel_init": False,
              "devices": [{"rank": r.rank, "group": 0, "pid": r.pid, "hostname": r.host,
                           "device": int(r.device.split(":")[-1]) if ":" in r.device else -1,
                           "device_hex": (r.bus_id or "cpu").rsplit(".", 1)[0],
                           "device_info": r.gpu_name or "CPU"} for r in result.ranks]}
    return {"version": JSON_FILE_VERSION, "start_time": time.strftime(_TIME_FORMAT,
                                                                      time.localtime(start)),
            "args": [f"{get_collective(collective).binary}", *argv],
            "env": [f"{k}={v}" for k, v in filter_env(os.environ).items()],  # NCCL_*, not secrets
            "nccl_version": result.nccl_version or 0, "config": config, "results": results,
            "out_of_bounds": {"count": wrong, "okay": wrong == 0},
            "average_bus_bandwidth": {"bandwidth": sum(bws) / len(bws) if bws else 0.0,
                                      "okay": "unchecked"},
            "errors": [], "end_time": time.strftime(_TIME_FORMAT, time.localtime(end)),
            "ncclkit": {"engine": result.engine, "mode": result.mode, "timer": c.timer,
                        "command": " ".join(sys.argv)}}


def json_paths(path: str, collectives: list[str]) -> dict[str, Path]:
    """FILE for one collective; FILE's stem + '-<binary>' + suffix for each of several."""
    p = Path(path)
    if len(collectives) == 1:
        return {collectives[0]: p}
    return {c: p.with_name(f"{p.stem}-{get_collective(c).binary}{p.suffix}") for c in collectives}
