"""Run a size sweep of collectives on this rank and, on rank 0, assemble the BenchResult.

For each NCCL_ALGO value it makes the engine and runs every collective's sweep (sweep.py: rows
timed as nccl-tests times them). torch.distributed (gloo) is the control plane everywhere:
rendezvous, the NCCL unique id, barriers and the exchange of per-rank times after each size; rank 0
averages each row over ranks at once, as nccl-tests' Allreduce(deltaSec, average), and hands it on.
"""

from __future__ import annotations

import dataclasses
import datetime
import os
import socket
from typing import Any

from ncclkit.bench.collectives import Collective, busbw_gbps, get_collective
from ncclkit.bench.dist import OnRows
from ncclkit.launchenv import LaunchEnv
from ncclkit.bench.engines import DirectEngine, TorchEngine
from ncclkit.bench.results import BenchConfig, BenchResult, BenchSample, RankInfo
from ncclkit.bench.sweep import Local, Sweep, sweep_collective
from ncclkit.bench.timing import Window, spinning_barrier
from ncclkit.errors import NcclkitError

__all__ = ["NET_ONLY_ENV", "run_rank"]

# Keep NCCL off NVLink (P2P, NVLS) and shared memory so the NIC carries every byte. NCCL reads
# these once per process (NCCL_PARAM caches them), so they are set before the first communicator.
NET_ONLY_ENV = {"NCCL_P2P_DISABLE": "1", "NCCL_SHM_DISABLE": "1", "NCCL_NVLS_ENABLE": "0"}

def _log(msg: str) -> None:
    print(msg, flush=True)  # without a row hook, the progress signal of a launcher's rank 0


def _boot_id() -> str | None:
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as f:
            return f.read().strip() or None
    except OSError:
        return None


def _rank_info(torch: Any, ctx: LaunchEnv, device: Any) -> RankInfo:
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


def _init(torch: Any, config: BenchConfig, ctx: LaunchEnv) -> Any:
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


def _make_engine(torch: Any, config: BenchConfig, ctx: LaunchEnv) -> Any:
    dist = torch.distributed
    if config.backend == "gloo":
        return TorchEngine(torch, dist.group.WORLD)
    if config.engine == "torch":
        return TorchEngine(torch, dist.new_group(backend="nccl"))
    from ncclkit.bench.ncclffi import NcclLib  # noqa: PLC0415 - GPU runs only

    lib = NcclLib(config.libnccl)
    box = [lib.unique_id() if ctx.rank == 0 else None]
    dist.broadcast_object_list(box, src=0)
    uid = box[0]
    assert uid is not None  # rank 0's unique id, received by every rank
    return DirectEngine(
        torch, lib, uid, ctx.world_size, ctx.rank, nccl_alloc=config.alloc == "nccl"
    )

def _nccl_version(torch: Any, engine: Any) -> int | None:
    if isinstance(engine, DirectEngine):
        return engine.comm.lib.version()
    try:
        major, minor, patch = torch.cuda.nccl.version()
    except (AttributeError, RuntimeError, TypeError):
        return None
    return major * 10000 + minor * 100 + patch


def run_rank(config: BenchConfig, ctx: LaunchEnv,
             on_rows: OnRows | None = None) -> BenchResult | None:
    """Run the whole sweep on this rank; rank 0 gets the result, the others None.

    After each size every rank's times are exchanged and rank 0 averages them at once (as
    nccl-tests' Allreduce per size); rank 0 then calls `on_rows(shell, samples)`, `shell` being
    the result without samples, so the row can be printed before the next size runs.
    """
    import torch  # noqa: PLC0415 - heavy, and only the bench needs it

    if config.net_only:
        os.environ.update(NET_ONLY_ENV)
    colls = [get_collective(c) for c in config.collectives]
    by_name = {c.name: c for c in colls}
    device = _init(torch, config, ctx)
    dist = torch.distributed
    try:
        infos: list[Any] = [None] * ctx.world_size
        dist.all_gather_object(infos, _rank_info(torch, ctx, device))
        stream = torch.cuda.Stream(device) if device.type == "cuda" else None
        samples: list[BenchSample] = []
        shell = _shell(config, ctx, infos, None, device.type == "cuda")
        saved_algo = os.environ.get("NCCL_ALGO")

        def size_done(rows: list[Local]) -> None:
            # the control plane is gloo for both backends, so this exchange is the same code on GPUs
            everyone: list[Any] = [None] * ctx.world_size
            dist.all_gather_object(everyone, rows)
            if ctx.rank != 0:
                return
            new = _samples(config, ctx, by_name, everyone)
            samples.extend(new)
            if on_rows is not None:
                on_rows(shell, new)
            else:
                _log(f"# {rows[0].collective} {rows[0].size_bytes} B done")

        for algo in config.algos or (None,):
            if algo is not None:
                os.environ["NCCL_ALGO"] = algo  # read by NCCL at each communicator's init
            engine = _make_engine(torch, config, ctx)
            if shell.nccl_version is None and config.backend == "nccl":
                shell = dataclasses.replace(shell, nccl_version=_nccl_version(torch, engine))
            window = Window(iters=config.iters, graph_launches=config.graph_launches
                            if device.type == "cuda" else 0, timer=config.timer,
                            per_iter=config.per_iter,
                            barrier=spinning_barrier(dist, config.timeout_s, ctx.rank),
                            timeout_s=config.timeout_s)
            sweep = Sweep(torch=torch, engine=engine, config=config, ctx=ctx, device=device,
                           stream=stream, algo=algo, window=window)
            try:
                for coll in colls:
                    sweep_collective(sweep, coll, config.sizes(), size_done)
            finally:
                engine.close()
                if saved_algo is None:
                    os.environ.pop("NCCL_ALGO", None)
                else:
                    os.environ["NCCL_ALGO"] = saved_algo
    finally:
        dist.destroy_process_group()
    if ctx.rank != 0:
        return None
    return dataclasses.replace(shell, samples=tuple(samples))


def _samples(config: BenchConfig, ctx: LaunchEnv, by_name: dict[str, Collective],
             everyone: list[list[Local]]) -> list[BenchSample]:
    """One size's rows, each averaged over the ranks (nccl-tests' Allreduce(deltaSec, average))."""
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
    return samples


def _shell(config: BenchConfig, ctx: LaunchEnv, infos: list[RankInfo],
           nccl_version: int | None, on_gpu: bool) -> BenchResult:
    """The result before its samples: what a table's header needs."""
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
    )
