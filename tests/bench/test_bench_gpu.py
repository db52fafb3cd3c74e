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


@pytest.mark.parametrize("graph_launches", [0, 3])
def test_compiled_loop_on_one_gpu(graph_launches: int) -> None:
    """The direct engine's compiled loop: every collective right, times sane, -I in eager."""
    from ncclkit.bench.dist import spawn_local
    from ncclkit.bench.results import BenchConfig, BenchResult
    from ncclkit.bench.sanity import check_sanity

    if _gpus() < 1:
        pytest.skip("needs a GPU")
    cfg = BenchConfig(collectives=("all_reduce", "all_gather", "reduce_scatter", "alltoall",
                                   "broadcast", "sendrecv"),
                      min_bytes=8, max_bytes=64 * 2**20, step_factor=64, iters=4,
                      warmup_iters=1, backend="nccl", engine="direct",
                      graph_launches=graph_launches, per_iter=not graph_launches, timeout_s=60)
    res = BenchResult.from_json(spawn_local(cfg.to_json(), 1, timeout_s=120))
    marked, findings = check_sanity(res)
    assert "bench.time_implausible" not in {f.id for f in findings}
    for s in marked.samples:
        assert s.wrong == 0, s
        if s.in_place:
            assert s.marks == ("bench.no_time",)  # one rank in place: NCCL has nothing to do
        else:
            assert s.time_us > 0.5 and not s.marks, s
            assert len(s.iter_time_us) == (0 if graph_launches else 4)
