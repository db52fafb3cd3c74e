"""NCCL bugs of known releases (diagnose_rules.KNOWN_BUGS, read in NCCL's tags): the error they cause names the
bug and the release that fixed it, inside the range only, and only for the error the bug produces."""

from __future__ import annotations

import pytest

from ncclkit.logs.analyze import analyze_text


def paste(version: str, cuda_error: str) -> str:
    """LlamaFactory#1169's shape: PyTorch's error with the NCCL version, then ncclGetLastError's text."""
    return (f"torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:"
            f"1331, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version {version}\n"
            f"ncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure '{cuda_error}'\n")


def lead(text: str) -> dict[str, object]:
    return next(f for f in analyze_text(text)["findings"] if f["cause"])


@pytest.mark.parametrize("version", ["2.18.1", "2.18.3", "2.18.5"])
def test_the_218_async_copy_bug_is_named_with_its_fix(version: str) -> None:
    """channel.cc 2.18.1 - 2.18.5, fixed by "Fix cudaMemcpyAsync bug" (Fixes #957) in 2.18.6-1."""
    got = lead(paste(version, "invalid argument"))
    assert got["cause"] == "other" and "2.18.6" in str(got["fix"]) and "nccl#957" in str(got["message"])


@pytest.mark.parametrize(("version", "error", "cause"), [("2.18.6", "invalid argument", "other"),
                                                         ("2.17.1", "invalid argument", "other"),
                                                         ("2.18.5", "out of memory", "oom")])
def test_outside_the_range_or_for_another_error_the_bug_is_not_named(version: str, error: str, cause: str) -> None:
    got = lead(paste(version, error))
    assert got["cause"] == cause and "nccl#957" not in str(got["message"]) and "2.18.6 or newer" not in str(got["fix"])


def topo_log(version: str, warn: str) -> str:
    return (f"node1:1:1 [0] NCCL INFO NCCL version {version}+cuda12.8\n"
            f"node1:1:2 [0] graph/topo.h:230 NCCL WARN {warn}\n")


def test_the_non_local_nic_search_bug_is_named_in_its_releases() -> None:
    """NeMo-Run#266 (2.25.1), NeMo#13996: fixed in 2.27.3-1 ("Fix the graph search to exclude non-local NICs")."""
    got = lead(topo_log("2.25.1", "Could not find NET with id 0"))
    assert got["cause"] == "other" and "2.27.3" in str(got["fix"])
    assert lead(topo_log("2.27.3", "Could not find NET with id 0"))["cause"] == "topology_or_numa"
    assert lead(topo_log("2.25.1", "Could not find a path for pattern 1, falling back to simple order"))["cause"] \
        == "topology_or_numa"
