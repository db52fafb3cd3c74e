"""One collective's size sweep on this rank: buffers, warm-up, the check, the timed window.

As nccl-tests does it (src/common.cu of NVIDIA/nccl-tests 2.19.6): two buffers of max_bytes each
for the whole sweep (AllocateBuffs), which every row and iteration takes a slice of; -w calls at
every size from min to max, doubling, before the first row (TimeTest); per row the timed window
(timing: BenchTime), then one checked call (inputs from collectives.pattern, the output poisoned
first so an unwritten element counts as wrong). The direct engine issues its calls from the
compiled loop (cloop); torch.distributed, gloo and custom records from Python.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ncclkit.bench.collectives import Buffers, Collective, Sizing, pattern
from ncclkit.launchenv import LaunchEnv
from ncclkit.bench.engines import DirectEngine, torch_dtype
from ncclkit.bench.results import BenchConfig
from ncclkit.bench.timing import Window, time_compiled, time_python

__all__ = ["Local", "Sweep", "sweep_collective"]

# Relative tolerance of the check: inputs are small integers, so only avg's division rounds.
_RTOL = {"float": 1e-6, "double": 1e-12, "half": 1e-3, "bfloat16": 1e-2}


@dataclass(frozen=True, slots=True, kw_only=True)
class Local:
    """One row as this rank measured it, before the exchange."""

    collective: str
    size_bytes: int
    count: int
    algbw_bytes: int
    in_place: bool
    algo: str | None
    time_us: float
    wrong: int
    checked: bool
    iter_us: tuple[float, ...] = ()


def _count_wrong(torch: Any, got: Any, want: Any, dtype_name: str) -> int:
    if dtype_name in _RTOL:
        g, w = (
            got.float() if got.element_size() < 4 else got,
            want.float() if want.element_size() < 4 else want,
        )
        ok = torch.isclose(g, w, rtol=_RTOL[dtype_name], atol=0.0)
    else:
        ok = got == want
    return int((~ok).sum().item())


@dataclass(frozen=True, slots=True, kw_only=True)
class Sweep:
    """What stays the same for every row of one NCCL_ALGO pass: the parts each row runs on."""

    torch: Any
    engine: Any
    config: BenchConfig
    ctx: LaunchEnv
    device: Any
    stream: Any  # a CUDA stream on GPUs, None on CPUs
    algo: str | None
    window: Window


@dataclass(frozen=True, slots=True, kw_only=True)
class _Space:
    """One collective's send and receive buffers, max_bytes each, as nccl-tests allocates them
    once (common.cu AllocateBuffs) and every row and iteration takes a slice of."""

    send: Any
    recv: Any
    dtype: Any
    elem: int


def _buffers(sw: Sweep, coll: Collective, sz: Sizing, in_place: bool, space: _Space,
             offset: int) -> Buffers:
    """The row's buffers at `offset` elements (startColl's shift), in-place offsets applied."""
    if in_place:
        whole = space.recv[offset : offset + max(sz.send_elems, sz.recv_elems)]
        s_off, r_off = coll.in_place_offsets(sw.ctx.rank, sz)
        send, recv = whole[s_off : s_off + sz.send_elems], whole[r_off : r_off + sz.recv_elems]
    else:
        send = space.send[offset : offset + sz.send_elems]
        recv = space.recv[offset : offset + sz.recv_elems]
    return Buffers(send=send, recv=recv, sizing=sz, rank=sw.ctx.rank, nranks=sw.ctx.world_size,
                   root=sw.config.root if coll.rooted else -1, op=sw.config.op)


def _steps(config: BenchConfig, sz: Sizing) -> int:
    # startColl: steps = maxbytes / max(sendBytes, expectedBytes), at least 1
    return max(config.max_bytes // sz.size_bytes, 1) if sz.size_bytes else 1


def sweep_collective(sw: Sweep, coll: Collective, sizes: list[int],
                     size_done: Callable[[list[Local]], None]) -> None:
    """Every size's rows (out-of-place, in-place), handed to `size_done` as each size ends."""
    torch, engine = sw.torch, sw.engine
    dtype = torch_dtype(torch, sw.config.dtype)
    elem = torch.empty((), dtype=dtype).element_size()
    n = max(sw.config.max_bytes // elem, 1)
    space = _Space(send=engine.alloc(n, dtype, sw.device), recv=engine.alloc(n, dtype, sw.device),
                   dtype=dtype, elem=elem)
    try:
        _warm_up(sw, coll, space)
        for size in sizes:
            sz = coll.sizing(size, elem, sw.ctx.world_size)
            if sz.count == 0:
                continue  # below one 16-byte group per rank: nothing to move
            size_done([_time_and_check(sw, coll, sz, in_place, space)
                       for in_place in (False, True)])
    finally:
        del space
        engine.release()


def _issuer(sw: Sweep, coll: Collective, sz: Sizing, in_place: bool,
            space: _Space) -> tuple[Any, Any]:
    """(compiled-loop arguments or None, Python issue(i)) for one row."""
    steps = _steps(sw.config, sz)
    shift = sz.size_bytes // space.elem
    if isinstance(sw.engine, DirectEngine) and sw.stream is not None:
        b0 = _buffers(sw, coll, sz, in_place, space, 0)
        args = sw.engine.coll_args(coll.name, b0, shift=sz.size_bytes, steps=steps,
                                   stream=sw.stream.cuda_stream)
        if args is not None:
            return args, None
    distinct = min(steps, max(sw.config.iters, sw.config.warmup_iters, 1))
    views = [_buffers(sw, coll, sz, in_place, space, shift * k) for k in range(distinct)]
    return None, lambda i: coll.call(sw.engine, views[i % len(views)])


def _issue_n(sw: Sweep, args: Any, issue: Any, n: int) -> None:
    """n untimed calls from iteration 0, then the stream wait (completeColl)."""
    if args is not None:
        loop = sw.engine.loop()
        loop.issue(args, 0, n)
        loop.wait(args, sw.window.timeout_s)
        return
    if sw.stream is None:
        for i in range(n):
            issue(i)
        return
    with sw.torch.cuda.stream(sw.stream):
        for i in range(n):
            issue(i)
    sw.stream.synchronize()


def _warm_up(sw: Sweep, coll: Collective, space: _Space) -> None:
    """TimeTest's warm-up: -w out-of-place calls at every size from min to max, doubling."""
    if sw.config.warmup_iters <= 0:
        return
    size = sw.config.min_bytes
    while size <= sw.config.max_bytes and size > 0:
        sz = coll.sizing(size, space.elem, sw.ctx.world_size)
        if sz.count > 0:
            args, issue = _issuer(sw, coll, sz, False, space)
            sw.engine.set_timing(True)
            try:
                _issue_n(sw, args, issue, sw.config.warmup_iters)
            finally:
                sw.engine.set_timing(False)
        size *= 2


def _check(sw: Sweep, coll: Collective, b: Buffers, dtype: Any) -> tuple[int, bool]:
    torch, stream, config = sw.torch, sw.stream, sw.config
    poison = float("nan") if dtype.is_floating_point else 0
    b.recv.fill_(poison)  # pattern() never yields 0, so an unwritten element is wrong
    b.send.copy_(pattern(torch, b.rank, b.sizing.send_elems, op=config.op, dtype=dtype,
                         device=sw.device))
    if stream is not None:
        stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(stream):
            coll.call(sw.engine, b)
        stream.synchronize()
    else:
        coll.call(sw.engine, b)
    want = coll.expected(torch, b, dtype)
    if want is None:
        return 0, False
    return _count_wrong(torch, b.recv, want, config.dtype), True


def _time_and_check(sw: Sweep, coll: Collective, sz: Sizing, in_place: bool,
                    space: _Space) -> Local:
    """BenchTime's order: the "Sync" call, the barrier, the timed window, then the data check. The
    check's own calls and kernels come after the window they could disturb; a check before it made
    every row follow one, where nccl-tests' first row follows none (it was 1.2x faster than its
    second there, and than ncclkit's first: benchmarks/results/bench-vs-nccl-tests-1xH200-2026-12-01).
    nccl-tests also fills its buffers before the window (initData); doing the same with torch's
    kernels and allocator made ncclkit's first row 1.23x nccl-tests' in graph mode, where the
    fill after the window keeps it at 1.05 (benchmarks/results/bench-wait-1xH200-2026-12-01), so
    the fill stays with the check."""
    args, issue = _issuer(sw, coll, sz, in_place, space)
    sw.engine.set_timing(True)
    try:
        _issue_n(sw, args, issue, 1)  # BenchTime's "Sync" call
        sw.window.barrier()
        if args is not None:
            t = time_compiled(sw.torch, sw.engine.loop(), args, sw.stream, sw.window)
        else:
            t = time_python(sw.torch, issue, sw.stream, sw.window)
    finally:
        sw.engine.set_timing(False)
    wrong, checked = 0, False
    if sw.config.check and (coll.checks_in_place or not in_place):
        wrong, checked = _check(sw, coll, _buffers(sw, coll, sz, in_place, space, 0), space.dtype)
    return Local(collective=coll.name, size_bytes=sz.size_bytes, count=sz.count,
                 algbw_bytes=sz.algbw_bytes, in_place=in_place, algo=sw.algo,
                 time_us=t.seconds * 1e6, wrong=wrong, checked=checked, iter_us=t.iter_us)
