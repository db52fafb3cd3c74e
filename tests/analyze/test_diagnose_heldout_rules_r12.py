"""Rules added after measuring round 12 of the held-out threads (tests/diagnosis/corpus-heldout-r12-*),
each tested on the text that carries it and on the text that would prove it wrong."""

from __future__ import annotations

import pytest

from ncclkit.logs.analyze import analyze_text


def causes(text: str) -> list[tuple[str, str]]:
    return [(f["id"], f["cause"]) for f in analyze_text(text)["findings"] if f["cause"]]


def test_dmabuf_registration_not_supported_is_gpudirect_not_a_resource_limit() -> None:
    """NVIDIA/nccl#778: ibv_reg_dmabuf_mr fails with EOPNOTSUPP where the IB driver predates DMA-BUF; the
    fix is NCCL_DMABUF_ENABLE=0 (peer memory) or a newer driver."""
    line = "misc/ibvwrap.cc:288 NCCL WARN Call to ibv_reg_dmabuf_mr failed with error Operation not supported\n"
    got = analyze_text(line)["findings"]
    assert (got[0]["id"], got[0]["cause"]) == ("log.ibv_reg_mr_failed", "gdr_unavailable")
    assert "NCCL_DMABUF_ENABLE=0" in got[0]["fix"]


@pytest.mark.parametrize(("errno_text", "cause"), [("Cannot allocate memory", "memlock_or_ulimit"),
                                                   ("Operation not permitted", "memlock_or_ulimit"),
                                                   ("Bad address", "gdr_unavailable")])
def test_other_registration_errnos_keep_their_cause(errno_text: str, cause: str) -> None:
    got = causes(f"misc/ibvwrap.cc:288 NCCL WARN Call to ibv_reg_mr failed with error {errno_text}\n")
    assert got[0] == ("log.ibv_reg_mr_failed", cause)


@pytest.mark.parametrize("line", [
    # jax-ml/jax#18391: XLA could not dlopen libnccl (cuda12_local install without the NCCL wheel)
    "external/xla/xla/service/gpu/nccl_utils.cc:133: NCCL operation ncclGetUniqueId(&id) failed: Unable to load "
    "NCCL library. Multi-GPU collectives will not work.;",
    "2023-11-05 10:00:00.1: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic "
    "library 'libnccl.so.2'; dlerror: libnccl.so.2: cannot open shared object file: No such file or directory",
])
def test_a_framework_that_cannot_load_nccl_names_the_library(line: str) -> None:
    assert causes(line + "\n")[0] == ("log.nccl_library_missing", "other")


def test_a_net_plugin_that_cannot_be_loaded_is_not_nccl_missing() -> None:
    got = causes("node1:1:1 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.\n")
    assert ("log.nccl_library_missing", "other") not in got
