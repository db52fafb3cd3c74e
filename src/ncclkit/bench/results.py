"""Typed bench results and their JSON form (CONTRACTS.md section 6, plus additive fields).

A sample is one (collective, size, in-place or not) row; its time is the average over ranks, like
nccl-tests' default `-a 1`, and the per-rank times stay in `rank_time_us` so that a straggler
can be named (see verdict.check_stragglers).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from ncclkit.findings import Finding

__all__ = ["BenchConfig", "BenchResult", "BenchSample", "RankInfo"]



@dataclass(frozen=True, slots=True, kw_only=True)
class BenchConfig:
    """What to run: nccl-tests' flags (-b -e -f -i -n -w -c -d -o -r -G) and ours."""

    collectives: tuple[str, ...] = ("all_reduce",)
    min_bytes: int = 32 * 2**20
    max_bytes: int = 32 * 2**20
    step_factor: int = 1
    step_bytes: int = 2**20
    iters: int = 20
    warmup_iters: int = 1
    check: int = 1
    dtype: str = "float"
    op: str = "sum"
    root: int = 0
    graph_launches: int = 0  # nccl-tests -G: replays of a graph holding `iters` calls; 0 = eager
    backend: str = "gloo"
    engine: str = "torch"  # "torch" or "direct" (NCCL through ctypes)
    algos: tuple[str, ...] = ()  # NCCL_ALGO values to sweep; () = NCCL's own choice
    net_only: bool = False
    timeout_s: float = 120.0
    libnccl: str | None = None
    alloc: str = "nccl"  # direct engine buffers: "nccl" (ncclMemAlloc, like nccl-tests) or "torch"
    timer: str = "host"  # "host": nccl-tests' host clock window; "events": CUDA events around it
    per_iter: bool = False  # nccl-tests -I 1: CUDA event around every eager call
    per_iter_skip: int = 0  # nccl-tests -K: leading iterations left out of the -I summary

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BenchConfig:
        kw = dict(data)
        kw["collectives"] = tuple(kw.get("collectives", ()))
        kw["algos"] = tuple(kw.get("algos", ()))
        return cls(**kw)

    def sizes(self) -> list[int]:
        """nccl-tests' size loop: min..max, times the factor when > 1, else plus step bytes."""
        out, size = [], self.min_bytes
        while size <= self.max_bytes:
            out.append(size)
            size = size * self.step_factor if self.step_factor > 1 else size + self.step_bytes
            if size <= 0:
                break
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class RankInfo:
    rank: int
    host: str
    pid: int
    local_rank: int
    device: str  # "cuda:0" or "cpu"
    gpu_name: str | None = None
    bus_id: str | None = None  # "0000:18:00.0"
    # Which machine this is for certain (/proc/sys/kernel/random/boot_id), and the NCCL_HOSTID
    # the rank ran with: NCCL's host hash is hostname + boot id unless NCCL_HOSTID overrides it
    # (misc/utils.cc getHostHash), so two ranks can share one GPU while NCCL sees two hosts.
    boot_id: str | None = None
    nccl_hostid: str | None = None
    mem_gbyte: float | None = None  # device memory bandwidth, GB/s (clock x bus width)
    l2_bytes: int | None = None

    def label(self) -> str:
        where = f"GPU{self.device.split(':')[-1]} {self.bus_id}" if self.bus_id else self.device
        return f"{self.host}/rank{self.rank} ({where})"


@dataclass(frozen=True, slots=True, kw_only=True)
class BenchSample:
    collective: str
    size_bytes: int
    count: int
    dtype: str
    redop: str  # as nccl-tests prints it: the op, or "none"
    root: int  # -1 when not rooted
    in_place: bool
    time_us: float  # average over ranks
    algbw_gbps: float
    busbw_gbps: float
    wrong: int  # summed over ranks; 0 when not checked
    checked: bool
    time_us_min: float
    time_us_max: float
    rank_time_us: tuple[float, ...] = ()
    algo: str | None = None  # NCCL_ALGO in force, when swept
    # -I: each iteration's device time, the max over ranks (nccl-tests ReduceProcessMaxIterTimes)
    iter_time_us: tuple[float, ...] = ()
    marks: tuple[str, ...] = ()  # ids of the sanity findings that make this row suspect

    def to_json(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["rank_time_us"] = list(self.rank_time_us)
        d["iter_time_us"] = list(self.iter_time_us)
        d["marks"] = list(self.marks)
        return d

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BenchSample:
        kw = dict(data)
        kw["rank_time_us"] = tuple(kw.get("rank_time_us", ()))
        kw["iter_time_us"] = tuple(kw.get("iter_time_us", ()))
        kw["marks"] = tuple(kw.get("marks", ()))
        return cls(**kw)


@dataclass(frozen=True, slots=True, kw_only=True)
class BenchResult:
    nranks: int
    backend: str
    engine: str
    mode: str  # "graph" or "eager"
    config: BenchConfig
    nccl_version: int | None = None  # NCCL_VERSION_CODE, e.g. 22809
    ranks: tuple[RankInfo, ...] = ()
    samples: tuple[BenchSample, ...] = ()
    findings: tuple[Finding, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": 1,
            "nranks": self.nranks,
            "backend": self.backend,
            "engine": self.engine,
            "mode": self.mode,
            "nccl_version": self.nccl_version,
            "config": self.config.to_json(),
            "ranks": [dataclasses.asdict(r) for r in self.ranks],
            "samples": [s.to_json() for s in self.samples],
            "findings": [f.to_json() for f in self.findings],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BenchResult:
        from ncclkit.findings import Severity  # noqa: PLC0415 - only for the reverse mapping

        samples = [BenchSample.from_json(s) for s in data["samples"]]
        findings = tuple(
            Finding(id=f["id"], severity=Severity(f["severity"]), subject=f["subject"],
                    message=f["message"], fix=f.get("fix", ""), evidence=f.get("evidence", {}))
            for f in data.get("findings", ()))
        return cls(nranks=data["nranks"], backend=data["backend"], engine=data["engine"],
                   mode=data["mode"], nccl_version=data.get("nccl_version"),
                   config=BenchConfig.from_json(data["config"]),
                   ranks=tuple(RankInfo(**r) for r in data.get("ranks", ())),
                   samples=tuple(samples), findings=findings)
