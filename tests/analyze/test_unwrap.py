"""A paste copied from a terminal that broke its long lines at the terminal's width is read as the lines the program
printed (logs/paste_text.unwrap): each continuation joins the line above it in place, so line numbers do not change.
Lines of one length that are records of their own (every rank's same line, tables, separators) stay as they are."""

from __future__ import annotations

from pathlib import Path

import pytest

from line_reading import lead, terminal_copy

from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.paste_text import unwrap

TESTS = Path(__file__).resolve().parents[1]


def _cases(name: str) -> Path:
    return next(TESTS.glob(f"diagnosis/corpus-*/cases/{name}"))


def test_a_wrapped_watchdog_timeout_is_one_line_again() -> None:
    # pytorch/torchtune#1165 as pasted: the terminal broke "Timeout(ms)" between "Timeo" and "ut(ms)"
    text = _cases("torchtune1165-gemma-lora-save-allgather-timeout.txt").read_text()
    joined, count = unwrap(text)
    assert count == 3 and len(joined.split("\n")) == len(text.split("\n"))
    assert sum("Timeout(ms)=600000) ran for" in line for line in joined.split("\n")) == 3
    ids = [f["id"] for f in analyze_text(text, name="paste")["findings"]]
    assert "input.unwrapped" in ids


@pytest.mark.parametrize("name", ["nccltests188-socket-vs-ib-wrong-type.txt",
                                  "ucx8229-ibv-create-cq-enomem-memlock-64k.txt",
                                  "fastmoe149-single-gpu-use-nccl-comm-null.txt",
                                  "megatron1509-load-optim-nccl-calloc-oom.txt"])
def test_a_paste_wrapped_at_80_columns_reads_as_the_original(name: str) -> None:
    text = _cases(name).read_text()
    assert lead(terminal_copy(text)) == lead(text)


def test_the_evidence_line_is_the_wrapped_lines_first_piece() -> None:
    line = ("node1:1234:1300 [0] transport/net_ib.cc:1695 NCCL WARN NET/IB: Got completion from peer 10.0.0.2<50123> "
            "with status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_SEND(0) len=0 vendor_err=129 hca mlx5_0")
    text = "node1:1234:1234 [0] NCCL INFO NCCL version 2.28.9+cuda12.9\n" + terminal_copy(line) + "\n"
    found = analyze_text(text, name="paste")["findings"]
    lead = next(f for f in found if f.get("cause"))
    assert lead["id"] == "log.ib_completion_error" and lead["evidence"]["lines"] == [2]


@pytest.mark.parametrize("path", [
    "diagnosis/corpus-heldout-r9-torch-old/cases/pytorch58177-unhandled-cuda-error-nccl248-torch15.txt",  # ranks
    "diagnosis/corpus-heldout-r58-lists/cases/ompiusers201207-dual-ioh-cuipcopenmemhandle-205.txt",  # dashes
    "diagnosis/corpus-heldout-r44-recent2026/cases/torchcomms3612-gb200-cliqueid-sentinel-merges-clusters-ctranipc.txt",
    "diagnosis/corpus-heldout-perf/cases/nccl949-a100-vm-sriov-ib-internode-slow-acs.txt",  # lspci's tree
    "data/corpus/nccl_tests/a3mega-h100-2node-allreduce-8G.txt",  # a table's rows
])
def test_lines_of_one_length_that_are_records_stay(path: str) -> None:
    text = (TESTS / path).read_text()
    assert unwrap(text) == (text, 0)


def test_one_line_broken_once_at_80_columns_is_joined() -> None:
    # NVIDIA/nccl-tests#206 alone, copied from a terminal of 80 columns: the break falls at a space
    line = "misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory"
    wrapped = terminal_copy(line)
    assert wrapped.split("\n")[1] == "allocate memory"
    assert unwrap(wrapped) == (line + "\n", 1)
    assert lead(wrapped + "\n") == lead(line + "\n") == ("log.ibv_reg_mr_failed", "memlock_or_ulimit")


def test_one_line_of_another_width_or_an_indented_next_line_is_not_joined() -> None:
    line = "misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory"
    at_100 = terminal_copy(line + " on mlx5_0 port 1 of node gpu-node-017", 100)
    assert unwrap(at_100) == (at_100, 0)
    # cp2k's output: a row of exactly 80 columns, then an indented row of its own
    table = ("  Total energy:                                     -262.4671943378 -2.62E+02 a1\n"
             "  Decoupling Energy:                                            0.0000000000\n")
    assert len(table.split("\n")[0]) == 80 and unwrap(table) == (table, 0)
