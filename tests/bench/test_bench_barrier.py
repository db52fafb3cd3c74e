"""The bench barrier (timing.spinning_barrier) on real gloo process groups: it returns once every
rank arrived, and a rank that never arrives ends the wait at the bound with an error naming the
waiting rank, instead of gloo's sleep or a hang."""

from __future__ import annotations

import multiprocessing
import socket
import time

import pytest

torch = pytest.importorskip("torch")
dist = pytest.importorskip("torch.distributed")

from ncclkit.bench.timing import spinning_barrier  # noqa: E402
from ncclkit.errors import NcclkitError  # noqa: E402


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _peer(port: int, arrive: bool, hold_s: float) -> None:
    import datetime  # noqa: PLC0415

    import torch.distributed as d  # noqa: PLC0415

    d.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=1, world_size=2,
                         timeout=datetime.timedelta(seconds=30))
    if arrive:
        d.barrier()
    time.sleep(hold_s)
    d.destroy_process_group()


@pytest.mark.parametrize("arrive", [True, False])
def test_spinning_barrier_waits_for_every_rank_and_is_bounded(arrive: bool) -> None:
    import datetime  # noqa: PLC0415

    port = _port()
    ctx = multiprocessing.get_context("spawn")
    peer = ctx.Process(target=_peer, args=(port, arrive, 0.5 if arrive else 4.0))
    peer.start()
    try:
        dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=0,
                                world_size=2, timeout=datetime.timedelta(seconds=30))
        barrier = spinning_barrier(dist, 1.5, rank=0)
        t0 = time.monotonic()
        if arrive:
            barrier()
            assert time.monotonic() - t0 < 1.5
        else:
            with pytest.raises(NcclkitError, match=r"rank 0: not every rank reached the bench "
                                                   r"barrier within 1.5 s"):
                barrier()
            assert 1.5 <= time.monotonic() - t0 < 3.0
    finally:
        peer.join(timeout=30)
        if peer.is_alive():
            peer.kill()
        if dist.is_initialized():
            dist.destroy_process_group()
