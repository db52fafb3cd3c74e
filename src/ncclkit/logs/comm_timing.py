"""What a paste's own timings say of its communication: a profiler table whose NCCL kernels take most of the GPU's
time (`log.comm_bound_profile`), and a timed loop whose first call dwarfs the rest (`log.first_call_setup`).

torch.profiler's `key_averages().table()` lists each op and kernel with its share of the GPU's time ("Self CUDA %";
"Self Device %" in the releases that name any accelerator so). NCCL's kernels are named after their collective
(ncclKernel_AllGather_RING_LL_Sum_int8_t before NCCL 2.19, ncclDevKernel_... after); c10d's ops above them
(c10d::_allgather_base_), record_param_comms and torch 2.11's nccl:all_reduce rows repeat the same time, so only the
kernels are summed. A kernel's time includes its wait for the slowest rank: one compute-heavy job on one H100 gave
its NCCL kernel 50% of the GPU's time in one run and 7% in the next, two ranks time-slicing the GPU
(benchmarks/results/profile-comm-1xH100-2026-12-07). FSDP across 4 nodes whose all-gather kernels took 54.65% of the
GPU's time was settled by sharding within a node and replicating across (HYBRID_SHARD, pytorch/pytorch#102434).

A first call is not a steady one: NCCL connects a collective's peers at its first call where cuMem is supported
(init.cc, NCCL_RUNTIME_CONNECT=1 by default since 2.22) and point-to-point peers at their first send/recv, PyTorch
creates the NCCL communicator at the first collective unless init_process_group is given device_id, and CUDA loads a
kernel at its first launch. A loop whose first send/recv took 214 ms and every later one 3 - 14 us was that set-up,
not a slow transport (NVIDIA/nccl#1487).
"""

from __future__ import annotations

import re
import statistics

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity

__all__ = ["comm_timing_findings"]

_PROFILE_HEADER = re.compile(r"\bSelf (?:CUDA|Device|XPU) %")
_NCCL_KERNEL = re.compile(r"^nccl\w*?Kernel_([A-Za-z]*)")
_COMM_SHARE_PCT = 40.0  # NCCL kernels' share of the GPU's time from which communication sets the pace
_CELLS = re.compile(r"\s{2,}")

_TIMED = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?(us|µs|usec|ms|msec|s|sec|secs|seconds)\b(?!/)")
_UNIT_S = {"us": 1e-6, "µs": 1e-6, "usec": 1e-6, "ms": 1e-3, "msec": 1e-3,
           "s": 1.0, "sec": 1.0, "secs": 1.0, "seconds": 1.0}
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_MIN_CALLS = 4
# The first call this many times the median of the others is set-up, not its steady cost: on one H100 over NET/Socket
# the first all_reduce of a lazily created communicator took 90 - 140 times the later ones, 14 times with the
# communicator created at init (its peers still connected at the first call), 2 - 6 times with both at init
# (benchmarks/results/first-call-1xH100-2026-12-07).
_FIRST_RATIO = 10.0
_MIN_FIRST_S = 0.01


def _seconds(value_s: float) -> str:
    """A time in the unit a reader would write it in."""
    if value_s < 1e-3:
        return f"{round(value_s * 1e6, 3):g} us"
    return f"{round(value_s * 1e3, 3):g} ms" if value_s < 1 else f"{round(value_s, 3):g} s"


def _profile_share(lines: list[str]) -> tuple[float, str, list[int]] | None:
    """The largest share of GPU time NCCL kernels take in one profiler table, the collective of its largest row, and
    the lines that show it (the header, then the kernels' rows)."""
    best: tuple[float, str, list[int]] | None = None
    for at, header in enumerate(lines):
        if not _PROFILE_HEADER.search(header):
            continue
        names = _CELLS.split(header.strip())
        column = next(i for i, name in enumerate(names) if _PROFILE_HEADER.search(name))
        rows: list[tuple[float, str, int]] = []
        for no in range(at + 1, len(lines)):
            cells = _CELLS.split(lines[no].strip())
            if _PROFILE_HEADER.search(lines[no]) or (len(cells) < 2 and not set(lines[no].strip()) <= {"-", ""}):
                break
            if len(cells) != len(names) or not (kernel := _NCCL_KERNEL.match(cells[0])):
                continue
            try:
                rows.append((float(cells[column].rstrip("%")), kernel[1] or "NCCL", no + 1))
            except ValueError:
                continue
        share = sum(pct for pct, _, _ in rows)
        if rows and (best is None or share > best[0]):
            top = max(rows)
            best = (share, top[1], [at + 1] + [no for _, _, no in rows])
    return best


def _profile_findings(lines: list[str]) -> list[Finding]:
    found = _profile_share(lines)
    if found is None or found[0] < _COMM_SHARE_PCT:
        return []
    share, collective, cited = found
    return [Finding(
        id="log.comm_bound_profile", severity=Severity.WARNING, subject=collective,
        message=(f"the profiler's table gives NCCL's kernels {round(share, 2):g}% of the GPU's time (lines "
                 f"{cited[0]}-{cited[-1]}, {collective} the largest): the steps wait on communication (a kernel's "
                 "time includes its wait for the slowest rank), so how much is exchanged and how it overlaps the "
                 "compute set the pace"),
        fix=("exchange less across nodes and overlap the rest: FSDP's HYBRID_SHARD (shard within a node, replicate "
             "across), forward/backward prefetch, larger DDP buckets (bucket_cap_mb) or gradient accumulation; then "
             "measure the links with nccl-tests (all_gather_perf, all_reduce_perf -b 8 -e 1G -f 2) against their "
             "rated speed, and rerun with NCCL_DEBUG=INFO to see which transport (NET/IB, NET/Socket) each peer uses"),
        cause=Cause.PERFORMANCE_CONFIG,
        evidence={"role": "root", "lines": cited[:20], "comm_share_pct": round(share, 2),
                  "alternatives": [str(Cause.TOPOLOGY_OR_NUMA), str(Cause.OTHER)]})]


def _first_call_findings(lines: list[str]) -> list[Finding]:
    """A loop that prints one time per call, whose first call took far longer than the others."""
    series: dict[str, list[tuple[float, int]]] = {}
    for no, line in enumerate(lines, 1):
        if "it/s" in line or "s/it" in line:  # tqdm's rate: its first step includes the whole start
            continue
        if (m := _TIMED.search(line)) is None:
            continue
        series.setdefault(_NUMBER.sub("#", line.strip()), []).append((float(m[1]) * _UNIT_S[m[2]], no))
    for timed in series.values():
        if len(timed) < _MIN_CALLS:
            continue
        first_s, first_no = timed[0]
        steady_s = statistics.median(s for s, _ in timed[1:])
        if first_s < _MIN_FIRST_S or first_s < _FIRST_RATIO * max(steady_s, 1e-9):
            continue
        return [Finding(
            id="log.first_call_setup", severity=Severity.WARNING, subject="NCCL_RUNTIME_CONNECT",
            message=(f"the first timed call took {_seconds(first_s)} (line {first_no}) and the later ones a median "
                     f"of {_seconds(steady_s)}: the first call pays one-time set-up, not its steady cost (NCCL "
                     "connects a collective's peers at its first call since 2.22 and point-to-point peers at their "
                     "first send/recv, PyTorch creates its NCCL communicator at the first collective, CUDA loads a "
                     "kernel at its first launch)"),
            fix=("time only after a few untimed warm-up iterations (as nccl-tests' -w does) and synchronize the "
                 "stream before reading the clock; to pay the set-up at init instead, set NCCL_RUNTIME_CONNECT=0 "
                 "(NCCL 2.22 and later) and pass device_id to torch.distributed.init_process_group"),
            cause=Cause.OTHER,
            evidence={"role": "root", "lines": [no for _, no in timed][:20],
                      "alternatives": [str(Cause.PERFORMANCE_CONFIG)]})]
    return []


def comm_timing_findings(text: str) -> list[Finding]:
    """The findings of a paste's timings: a profiler table dominated by NCCL's kernels, a first call's set-up."""
    lines = text.splitlines()
    # only a paste with a profiler's header is scanned for its table
    return (_profile_findings(lines) if "Self " in text else []) + _first_call_findings(lines)
