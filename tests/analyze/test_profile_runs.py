"""torch.profiler's table of a real job (benchmarks/profile_comm_gpu.py, run on one H100 with torch 2.11 and NCCL
2.28.9: benchmarks/results/profile-comm-1xH100-2026-12-07). Its console output, kept verbatim, is read by `analyze`:
the run whose NCCL kernel took nearly all the GPU's time is named bound by its communication, the runs whose matrix
product took it are not. On a GPU the runs are made again and must show the same for the communication-bound one."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import have_gpu, run_benchmark

from ncclkit.logs.analyze import analyze_path

LOGS = Path(__file__).resolve().parent / "data" / "profile-2.28.9"


def test_a_real_profile_bound_by_its_all_reduce_is_named() -> None:
    lead = analyze_path(LOGS / "profile-comm-bound.log")["findings"][0]
    assert (lead["id"], lead["cause"], lead["subject"]) == ("log.comm_bound_profile", "performance_config",
                                                            "AllReduce")
    # ncclDevKernel_AllReduce_Sum_f32_RING_LL's row alone: record_param_comms and nccl:all_reduce repeat its time
    assert lead["evidence"]["comm_share_pct"] == 99.99


@pytest.mark.parametrize("variant", ["compute-heavy", "one-rank-compute"])
def test_a_real_profile_of_compute_is_not_named_bound_by_communication(variant: str) -> None:
    found = analyze_path(LOGS / f"profile-{variant}.log")["findings"]
    assert "log.comm_bound_profile" not in {f["id"] for f in found}


@pytest.mark.gpu
@pytest.mark.skipif(not have_gpu(), reason="needs an NVIDIA GPU")
def test_the_profile_made_again_on_this_gpu(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    run_benchmark("profile_comm_gpu.py", tmp_path, timeout_s=400)
    lead = analyze_path(tmp_path / "profile-comm-bound.log")["findings"][0]
    assert lead["id"] == "log.comm_bound_profile" and lead["evidence"]["comm_share_pct"] >= 90
    found = analyze_path(tmp_path / "profile-one-rank-compute.log")["findings"]
    assert "log.comm_bound_profile" not in {f["id"] for f in found}
