"""Rules added after measuring round 14 of the held-out threads (tests/diagnosis/corpus-heldout-r14-*),
from their hidden-cause threads (all visible causes were named): lines that are not causes must not
lead. Each is tested on the text that carries it and on the text that would prove it wrong."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text


def ids(text: str) -> set[str]:
    return {f["id"] for f in analyze_text(text)["findings"]}


def test_the_sharp_plugin_announcing_its_path_is_no_collnet_failure() -> None:
    """NVIDIA/nccl#1320 (an ACS hang): HPC-X's SHARP plugin loaded fine and said where from."""
    text = ("llm207:149:149 [0] NCCL INFO NET/Plugin: Loaded coll plugin SHARP (v5)\n"
            "llm207:149:157 [1] NCCL INFO Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so\n")
    assert "log.collnet_sharp_error" not in ids(text)
    failed = "llm207:149:157 [1] NCCL WARN NET/IB : SHARP coll init failed: sharp_coll_init error -8\n"
    assert "log.collnet_sharp_error" in ids(failed)


def test_summaries_that_differ_are_runs_pasted_to_compare() -> None:
    """NVIDIA/nccl#1272 pasted the summaries of two runs (24.2 and 18.3 GB/s) to compare settings;
    nccl-tests#27's two alike summaries (3.94145, 3.94156) are one launch whose processes ran alone."""
    assert "tests.duplicated_output" not in ids("# Avg bus bandwidth    : 24.2382 \n# Avg bus bandwidth    : 18.3153 \n")
    alike = ("# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 3.94145 \n#\n"
             "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 3.94156 \n")
    assert "tests.duplicated_output" in ids(alike)
