"""Time one collective call on this rank: eager loop, or CUDA-graph replay like nccl-tests -G.

Returns microseconds per call as this rank saw them. On GPUs the window is bounded by CUDA events
on the bench stream, and one untimed call (or graph replay) runs right before the start event:
its completion lines the ranks up on the GPU, so the host-side skew of the barrier (tens of us
between processes) stays out of the figure, as it does in nccl-tests' single-process `-g N` runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

__all__ = ["time_calls"]


def time_calls(torch: Any, issue: Callable[[], None], *, iters: int, warmup_iters: int,
               graph_launches: int, stream: Any | None, barrier: Callable[[], None]) -> float:
    """Average time of one `issue()` in us; `stream` None means CPU (gloo), no CUDA at all."""
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
