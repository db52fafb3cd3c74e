"""GPU runs of the bench harness (2+ GPUs): every collective right, graph and eager, both engines."""

from __future__ import annotations

import pytest

from conftest import have_gpu

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not have_gpu(), reason="needs NVIDIA GPUs")]


def _gpus() -> int:
    try:
        import torch
    except ImportError:
        return 0
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


@pytest.mark.parametrize("engine", ["direct", "torch"])
@pytest.mark.parametrize("graph_launches", [0, 3])
def test_every_collective_is_correct_on_gpus(engine: str, graph_launches: int) -> None:
    from ncclkit.bench.dist import spawn_local
    from ncclkit.bench.results import BenchConfig, BenchResult

    if _gpus() < 2:
        pytest.skip("needs 2 GPUs")
    cfg = BenchConfig(collectives=("all_reduce", "all_gather", "reduce_scatter", "alltoall",
                                   "broadcast", "reduce", "sendrecv"),
                      min_bytes=1024, max_bytes=4 * 2**20, step_factor=64, iters=3,
                      warmup_iters=1, backend="nccl", engine=engine,
                      graph_launches=graph_launches, timeout_s=60)
    res = BenchResult.from_json(spawn_local(cfg.to_json(), 2, timeout_s=120))
    assert res.mode == ("graph" if graph_launches else "eager")
    assert res.nccl_version and res.nccl_version >= 20000
    assert {s.collective for s in res.samples} == set(cfg.collectives)
    for s in res.samples:
        assert s.wrong == 0, s
        assert s.time_us > 0 and s.busbw_gbps > 0
    assert all(r.gpu_name for r in res.ranks)
