"""An NCCL release older than the GPUs of the paste (logs/gpu_support.py): named only when every NCCL
version shown predates the GPU's architecture, and for that architecture's GPUs only."""

from __future__ import annotations

import pytest

from ncclkit.logs.analyze import analyze_text

HEADER = ("# nThread 1 nGpus 1 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20\n"
          "#  Rank  0 Group  0 Pid   3595 on      test1 device  0 [0x81] NVIDIA {gpu}\n"
          "NCCL version {version}+cuda12.8\n")


def older(gpu: str, version: str) -> bool:
    return "log.nccl_older_than_gpu" in {f["id"] for f in analyze_text(HEADER.format(gpu=gpu, version=version))["findings"]}


@pytest.mark.parametrize(("gpu", "version"), [("GeForce RTX 5090", "2.25.1"), ("B200", "2.24.3"),
                                              ("H100 80GB HBM3", "2.14.3")])
def test_a_release_before_the_architecture_is_named(gpu: str, version: str) -> None:
    """nccl-tests#287 / #291 (RTX 5090 on 2.25.1), NVIDIA/nccl#1611 (GB200 on 2.21.5), milabench#183 (H100)."""
    assert older(gpu, version)
    got = next(f for f in analyze_text(HEADER.format(gpu=gpu, version=version))["findings"] if f["cause"])
    assert got["id"] == "log.nccl_older_than_gpu" and got["cause"] == "other"


@pytest.mark.parametrize(("gpu", "version"), [("GeForce RTX 5090", "2.26.2"), ("B200", "2.25.1"),
                                              ("H100 80GB HBM3", "2.15.1"), ("A100-SXM4-80GB", "2.7.8"),
                                              ("GeForce RTX 4090", "2.14.3")])
def test_a_release_that_knows_the_gpu_is_not_named(gpu: str, version: str) -> None:
    assert not older(gpu, version)


def test_without_a_version_nothing_is_claimed() -> None:
    assert "log.nccl_older_than_gpu" not in {f["id"] for f in analyze_text(
        "#  Rank  0 Group  0 Pid   3595 on test1 device  0 [0x81] NVIDIA H100 80GB HBM3\n")["findings"]}
