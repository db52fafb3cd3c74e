"""Run a size sweep of collectives on this rank and, on rank 0, assemble the BenchResult.

The one place that owns the sweep: for each NCCL_ALGO value, collective, size and in-place flag
it takes the buffers a Collective record asks for out of two max-size allocations, runs one
checked call (inputs from collectives.pattern, output poisoned first so an unwritten element
counts as wrong), then times `iters` calls as nccl-tests does (timing). torch.distributed (gloo)
is the control plane everywhere:
rendezvous, the NCCL unique id, barriers and the final exchange of per-rank times.
"""

from __future__ import annotations

import datetime
import os
import socket
from dataclasses import dataclass
from typing import Any

from ncclkit.bench.collectives import (Buffers, Collective, Sizing, busbw_gbps, get_collective,
                                       pattern)
from ncclkit.bench.dist import DistContext
from ncclkit.bench.engines import DirectEngine, TorchEngine, torch_dtype
from ncclkit.bench.results import BenchConfig, BenchResult, BenchSample, RankInfo
from ncclkit.bench.timing import Window, time_compiled, time_python
from ncclkit.errors import NcclkitError

__all__ = ["NET_ONLY_ENV", "run_rank"]

# Keep NCCL off NVLink (P2P, NVLS) and shared memory so the NIC carries every byte. NCCL reads
# these once per process (NCCL_PARAM caches them), so they are set before the first communicator.
NET_ONLY_ENV = {"NCCL_P2P_DISABLE": "1", "NCCL_SHM_DISABLE": "1", "NCCL_NVLS_ENABLE": "0"}

# Relative tolerance of the check: inputs are small integers, so only avg's division rounds.
_RTOL = {"float": 1e-6, "double": 1e-12, "half": 1e-3, "bfloat16": 1e-2}


@dataclass(frozen=True, slots=True, kw_only=True)
class _Local:
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


def _log(msg: str) -> None:
    print(msg, flush=True)  # rank logs double as the progress signal of dist.spawn_local


def _boot_id() -> str | None:
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as f:
            return f.read().strip() or None
    except OSError:
        return None


def _rank_info(torch: Any, ctx: DistContext, device: Any) -> RankInfo:
    name = bus = mem = l2 = None
    if device.type == "cuda":
        props = torch.cuda.get_device_properties(device)
        name = props.name
        if hasattr(props, "pci_bus_id"):
            bus = f"{props.pci_domain_id:04x}:{props.pci_bus_id:02x}:{props.pci_device_id:02x}.0"
        clock_khz, width = getattr(props, "memory_clock_rate", 0), getattr(
            props, "memory_bus_width", 0)
        # double data rate: two transfers of width/8 bytes per memory clock
        mem = 2 * width / 8 * clock_khz * 1e3 / 1e9 if clock_khz and width else None
        l2 = getattr(props, "L2_cache_size", None) or None
    return RankInfo(
        boot_id=_boot_id(),
        nccl_hostid=os.environ.get("NCCL_HOSTID"),
        mem_gbyte=mem,
        l2_bytes=l2,
        rank=ctx.rank,
        host=socket.gethostname(),
        pid=os.getpid(),
        local_rank=ctx.local_rank,
        device=str(device),
        gpu_name=name,
        bus_id=bus,
    )


def _init(torch: Any, config: BenchConfig, ctx: DistContext) -> Any:
    dist = torch.distributed
    if config.backend == "nccl":
        if not torch.cuda.is_available():
            raise NcclkitError(
                "--backend nccl needs CUDA GPUs, and torch sees none",
                hint="use --backend gloo on CPUs, or a CUDA build of torch",
            )
        if ctx.local_rank >= torch.cuda.device_count():
            raise NcclkitError(
                f"local rank {ctx.local_rank} has no GPU: this node has "
                f"{torch.cuda.device_count()}",
                hint="start at most one rank per GPU on each node",
            )
        torch.cuda.set_device(ctx.local_rank)
        device = torch.device("cuda", ctx.local_rank)
    else:
        device = torch.device("cpu")
    try:
        dist.init_process_group(
            "gloo",
            init_method=f"tcp://{ctx.master_addr}:{ctx.master_port}",
            rank=ctx.rank,
            world_size=ctx.world_size,
            timeout=datetime.timedelta(seconds=config.timeout_s),
        )
    except Exception as exc:  # torch raises DistStoreError, RuntimeError or ValueError here
        raise NcclkitError(
            f"rank {ctx.rank} of {ctx.world_size} could not meet the others at "
            f"{ctx.master_addr}:{ctx.master_port} within {config.timeout_s:.0f} s: {exc}",
            hint="check that every rank started, MASTER_ADDR is rank 0's reachable address and "
            "MASTER_PORT is free and open",
        ) from exc
    return device


def _make_engine(torch: Any, config: BenchConfig, ctx: DistContext) -> Any:
    dist = torch.distributed
    if config.backend == "gloo":
        return TorchEngine(torch, dist.group.WORLD)
    if config.engine == "torch":
        return TorchEngine(torch, dist.new_group(backend="nccl"))
    from ncclkit.bench.ncclffi import NcclLib  # noqa: PLC0415 - GPU runs only

    lib = NcclLib(config.libnccl)
    box = [lib.unique_id() if ctx.rank == 0 else None]
    dist.broadcast_object_list(box, src=0)
    return DirectEngine(
        torch, lib, box[0], ctx.world_size, ctx.rank, nccl_alloc=config.alloc == "nccl"
    )


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
class _Sweep:
    """What stays the same for every row of one NCCL_ALGO pass: the parts each row runs on."""

    torch: Any
    engine: Any
    config: BenchConfig
    ctx: DistContext
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


def _buffers(sw: _Sweep, coll: Collective, sz: Sizing, in_place: bool, space: _Space,
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


def _sweep_collective(sw: _Sweep, coll: Collective, sizes: list[int]) -> list[_Local]:
    torch, engine = sw.torch, sw.engine
    dtype = torch_dtype(torch, sw.config.dtype)
    elem = torch.empty((), dtype=dtype).element_size()
    n = max(sw.config.max_bytes // elem, 1)
    space = _Space(send=engine.alloc(n, dtype, sw.device), recv=engine.alloc(n, dtype, sw.device),
                   dtype=dtype, elem=elem)
    rows = []
    try:
        _warm_up(sw, coll, space)
        for size in sizes:
            sz = coll.sizing(size, elem, sw.ctx.world_size)
            if sz.count == 0:
                continue  # below one 16-byte group per rank: nothing to move
            for in_place in (False, True):
                rows.append(_check_and_time(sw, coll, sz, in_place, space))
            if sw.ctx.rank == 0:
                _log(f"# {coll.name} {size} B done")
    finally:
        del space
        engine.release()
    return rows


def _issuer(sw: _Sweep, coll: Collective, sz: Sizing, in_place: bool,
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


def _issue_n(sw: _Sweep, args: Any, issue: Any, n: int) -> None:
    """n untimed calls from iteration 0, then the stream sync (completeColl)."""
    if args is not None:
        loop = sw.engine.loop()
        loop.issue(args, 0, n)
        loop.sync(args.stream)
        return
    if sw.stream is None:
        for i in range(n):
            issue(i)
        return
    with sw.torch.cuda.stream(sw.stream):
        for i in range(n):
            issue(i)
    sw.stream.synchronize()


def _warm_up(sw: _Sweep, coll: Collective, space: _Space) -> None:
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


def _check(sw: _Sweep, coll: Collective, b: Buffers, dtype: Any) -> tuple[int, bool]:
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


def _check_and_time(sw: _Sweep, coll: Collective, sz: Sizing, in_place: bool,
                    space: _Space) -> _Local:
    wrong, checked = 0, False
    if sw.config.check and (coll.checks_in_place or not in_place):
        wrong, checked = _check(sw, coll, _buffers(sw, coll, sz, in_place, space, 0), space.dtype)
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
    return _Local(collective=coll.name, size_bytes=sz.size_bytes, count=sz.count,
                  algbw_bytes=sz.algbw_bytes, in_place=in_place, algo=sw.algo,
                  time_us=t.seconds * 1e6, wrong=wrong, checked=checked, iter_us=t.iter_us)


def _nccl_version(torch: Any, engine: Any) -> int | None:
    if isinstance(engine, DirectEngine):
        return engine.comm.lib.version()
    try:
        major, minor, patch = torch.cuda.nccl.version()
    except (AttributeError, RuntimeError, TypeError):
        return None
    return major * 10000 + minor * 100 + patch


def run_rank(config: BenchConfig, ctx: DistContext) -> BenchResult | None:
    """Run the whole sweep on this rank; rank 0 gets the result, the others None."""
    import torch  # noqa: PLC0415 - heavy, and only the bench needs it

    if config.net_only:
        os.environ.update(NET_ONLY_ENV)
    colls = [get_collective(c) for c in config.collectives]
    device = _init(torch, config, ctx)
    dist = torch.distributed
    try:
        infos: list[Any] = [None] * ctx.world_size
        dist.all_gather_object(infos, _rank_info(torch, ctx, device))
        stream = torch.cuda.Stream(device) if device.type == "cuda" else None
        rows: list[_Local] = []
        nccl_version = None
        saved_algo = os.environ.get("NCCL_ALGO")
        for algo in config.algos or (None,):
            if algo is not None:
                os.environ["NCCL_ALGO"] = algo  # read by NCCL at each communicator's init
            engine = _make_engine(torch, config, ctx)
            nccl_version = nccl_version or (
                _nccl_version(torch, engine) if config.backend == "nccl" else None
            )
            window = Window(iters=config.iters, graph_launches=config.graph_launches
                            if device.type == "cuda" else 0, timer=config.timer,
                            per_iter=config.per_iter, barrier=dist.barrier)
            sweep = _Sweep(torch=torch, engine=engine, config=config, ctx=ctx, device=device,
                           stream=stream, algo=algo, window=window)
            try:
                for coll in colls:
                    rows += _sweep_collective(sweep, coll, config.sizes())
            finally:
                engine.close()
                if saved_algo is None:
                    os.environ.pop("NCCL_ALGO", None)
                else:
                    os.environ["NCCL_ALGO"] = saved_algo
        everyone: list[Any] = [None] * ctx.world_size
        dist.all_gather_object(everyone, rows)
    finally:
        dist.destroy_process_group()
    if ctx.rank != 0:
        return None
    return _assemble(config, ctx, colls, everyone, infos, nccl_version, device.type == "cuda")


def _assemble(
    config: BenchConfig,
    ctx: DistContext,
    colls: list[Collective],
    everyone: list[list[_Local]],
    infos: list[RankInfo],
    nccl_version: int | None,
    on_gpu: bool,
) -> BenchResult:
    by_name = {c.name: c for c in colls}
    samples = []
    for i, row in enumerate(everyone[0]):
        times = tuple(rank_rows[i].time_us for rank_rows in everyone)
        avg = sum(times) / len(times)
        coll = by_name[row.collective]
        algbw, busbw = busbw_gbps(coll, row.algbw_bytes, avg, ctx.world_size)
        samples.append(
            BenchSample(
                collective=row.collective,
                size_bytes=row.size_bytes,
                count=row.count,
                dtype=config.dtype,
                redop=config.op if coll.reduces else "none",
                root=config.root if coll.rooted else -1,
                in_place=row.in_place,
                time_us=avg,
                algbw_gbps=algbw,
                busbw_gbps=busbw,
                wrong=sum(r[i].wrong for r in everyone),
                checked=any(r[i].checked for r in everyone),
                time_us_min=min(times),
                time_us_max=max(times),
                rank_time_us=times,
                algo=row.algo,
                iter_time_us=tuple(max(vals) for vals in zip(*(r[i].iter_us for r in everyone))),
            )
        )
    mode = "graph" if on_gpu and config.graph_launches > 0 else "eager"
    engine = "direct" if config.backend == "nccl" and config.engine == "direct" else "torch"
    return BenchResult(
        nranks=ctx.world_size,
        backend=config.backend,
        engine=engine,
        mode=mode,
        config=config,
        nccl_version=nccl_version,
        ranks=tuple(infos),
        samples=tuple(samples),
    )
