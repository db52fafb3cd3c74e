"""Time one row as nccl-tests' BenchTime does (src/common.cu of NVIDIA/nccl-tests 2.19.6).

One untimed call and a stream wait, a barrier, then the host clock (steady clock) from just after
the barrier to the end of a stream wait after `iters` calls (eager) or after `graph_launches`
launches of a CUDA graph that holds `iters` calls (-G; captured in thread-local mode between two
barriers). Iteration i reads and writes the buffers at an offset of (i % steps) x the row's
bytes, steps = max_bytes / row bytes (startColl), so a small row does not time the L2 cache.
The result is seconds per call on this rank; the runner averages ranks like nccl-tests'
Allreduce(deltaSec, average).

The direct engine runs the window in compiled code (cloop/loop.c); torch.distributed and gloo run
it from Python. `timer="events"` bounds the same window with CUDA events instead of the host
clock (the device time of the calls, without launch gaps at the ends): labelled in the output.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ncclkit.errors import NcclkitError

__all__ = ["RowTiming", "Window", "spinning_barrier", "time_calls", "time_compiled",
           "time_python"]


def spinning_barrier(dist: Any, timeout_s: float, rank: int) -> Callable[[], None]:
    """A barrier that keeps this thread busy until every rank arrived, as nccl-tests' barriers do
    (its thread barrier spins on a shared counter, MPI_Barrier polls). gloo's own barrier sleeps
    in a socket wait; the CPU then idles, and the first graph launch after it (which uploads the
    graph) runs slower: on one H200, 1 ms of idle before a -G 10 window of 8-byte all_reduces
    adds 0.08 us a call, 100 ms adds 0.26 us, where nccl-tests' window follows its barrier at
    once (benchmarks/results/bench-wait-1xH200-2026-12-01, graph_window_probe.py)."""

    def barrier() -> None:
        work = dist.barrier(async_op=True)
        deadline = time.monotonic() + timeout_s
        while not work.is_completed():
            if time.monotonic() > deadline:
                raise NcclkitError(f"rank {rank}: not every rank reached the bench barrier "
                                   f"within {timeout_s:g} s",
                                   hint="a rank died or is stuck; see the other ranks' output")
        work.wait()  # raises gloo's error, if the barrier failed

    return barrier


@dataclass(frozen=True, slots=True, kw_only=True)
class Window:
    iters: int
    graph_launches: int  # 0: eager
    timer: str  # "host" (nccl-tests) or "events"
    per_iter: bool  # -I: a CUDA event around every call (eager only)
    barrier: Callable[[], None]
    timeout_s: float = 0.0  # bound of each stream wait of the compiled loop (<= 0: none)


@dataclass(frozen=True, slots=True, kw_only=True)
class RowTiming:
    seconds: float  # per call, this rank
    iter_us: tuple[float, ...] = ()  # -I: each call's device time, this rank


def _events_pair(torch: Any, stream: Any) -> tuple[Any, Any]:
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record(stream)
    return start, end


def time_compiled(torch: Any, loop: Any, args: Any, stream: Any, w: Window) -> RowTiming:
    """The window in loop.c; `args` a cloop.CollArgs for iteration 0."""
    handle = loop.capture(args, w.iters) if w.graph_launches > 0 else None
    try:
        if handle is not None:
            w.barrier()  # BenchTime: "Resync CPU, restart timing, launch cuda graph"
        events = pair = None
        if w.per_iter and handle is None:
            events = loop.cudart.events(w.iters + 1)
        if w.timer == "events":
            pair = _events_pair(torch, stream)
        sync = pair is None
        if handle is None:
            sec = loop.time_eager(args, w.iters, events, sync, w.timeout_s)
            calls = w.iters
        else:
            sec = loop.time_graph(handle, args, w.graph_launches, sync, w.timeout_s)
            calls = w.iters * w.graph_launches
        if pair is not None:
            pair[1].record(stream)
            pair[1].synchronize()
            sec = pair[0].elapsed_time(pair[1]) * 1e-3
        iter_us: tuple[float, ...] = ()
        if events is not None:
            iter_us = tuple(ms * 1e3 for ms in loop.elapsed_ms(events, w.iters))
            loop.cudart.free_events(events)
        return RowTiming(seconds=sec / calls, iter_us=iter_us)
    finally:
        if handle is not None:
            loop.free(handle)


def time_python(torch: Any, issue: Callable[[int], None], stream: Any | None,
                w: Window) -> RowTiming:
    """The window from Python: torch.distributed (NCCL or gloo) or a custom collective record."""
    if stream is None:  # gloo on CPUs: every call returns when it is done
        w.barrier()
        t0 = time.perf_counter()
        for i in range(w.iters):
            issue(i)
        return RowTiming(seconds=(time.perf_counter() - t0) / w.iters)
    cuda = torch.cuda
    graph = None
    if w.graph_launches > 0:
        graph = cuda.CUDAGraph()
        # thread_local capture, as nccl-tests does: NCCL may allocate while connecting peers
        # lazily, which global capture mode forbids.
        with cuda.graph(graph, stream=stream, capture_error_mode="thread_local"):
            for i in range(w.iters):
                issue(i)
        w.barrier()
    events = None
    with cuda.stream(stream):
        pair = _events_pair(torch, stream) if w.timer == "events" else None
        t0 = time.perf_counter()
        if graph is not None:
            for _ in range(w.graph_launches):
                graph.replay()
        else:
            if w.per_iter:
                events = [cuda.Event(enable_timing=True) for _ in range(w.iters + 1)]
            for i in range(w.iters):
                if events:
                    events[i].record(stream)
                issue(i)
            if events:
                events[-1].record(stream)
        if pair is not None:
            pair[1].record(stream)
        stream.synchronize()
        sec = time.perf_counter() - t0
    if pair is not None:
        sec = pair[0].elapsed_time(pair[1]) * 1e-3
    iter_us = tuple(events[i].elapsed_time(events[i + 1]) * 1e3
                    for i in range(w.iters)) if events else ()
    del graph
    calls = w.iters * (w.graph_launches or 1)
    return RowTiming(seconds=sec / calls, iter_us=iter_us)


def time_calls(torch: Any, issue: Callable[[], None], *, iters: int, warmup_iters: int,
               graph_launches: int, stream: Any | None, barrier: Callable[[], None]) -> float:
    """Average time of one `issue()` in us, bounded by CUDA events; `stream` None: CPU (gloo).

    The pair timing of `ncclkit cluster` (cluster/pair_worker.py): one untimed call right before
    the start event lines the two ranks up on the GPU, so the host-side skew of its barrier stays
    out of a one-way figure. The bench rows use the nccl-tests window above instead.
    """
    if stream is None:
        for _ in range(warmup_iters):
            issue()
        barrier()
        t0 = time.perf_counter()
        for _ in range(iters):
            issue()
        return (time.perf_counter() - t0) * 1e6 / iters

    cuda = torch.cuda
    with cuda.stream(stream):
        for _ in range(warmup_iters):
            issue()
    stream.synchronize()
    start, end = cuda.Event(enable_timing=True), cuda.Event(enable_timing=True)
    if graph_launches <= 0:
        barrier()
        with cuda.stream(stream):
            issue()  # lines the ranks up on the GPU (module docstring)
            start.record(stream)
            for _ in range(iters):
                issue()
            end.record(stream)
        end.synchronize()
        return start.elapsed_time(end) * 1e3 / iters

    graph = cuda.CUDAGraph()
    # thread_local capture, as nccl-tests does (common.cu BenchTime): NCCL may allocate while
    # connecting peers lazily, which global capture mode forbids.
    with cuda.graph(graph, stream=stream, capture_error_mode="thread_local"):
        for _ in range(iters):
            issue()
    stream.synchronize()
    barrier()
    with cuda.stream(stream):
        graph.replay()  # warm-up replay, also lines the ranks up
        start.record(stream)
        for _ in range(graph_launches):
            graph.replay()
        end.record(stream)
    end.synchronize()
    elapsed_us = start.elapsed_time(end) * 1e3
    del graph
    return elapsed_us / (iters * graph_launches)
