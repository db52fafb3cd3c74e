"""The inputs of tests/analyze/data/heldout_like (formats users paste that the corpus lacks:
NCCL 2.4 to 2.30 logs with launcher prefixes, ANSI codes, CRLF, timestamps, plugins, PyTorch errors;
nccl-tests variants and -J JSON; topo/ibstat/ibv_devinfo/show_gids variants) scored against their
hand labels (labels.json, the corpus schema) with the same judge as tests/data/corpus.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ncclkit.cli.main import main
from ncclkit.logs.analyze import analyze_path, analyze_text

from analyze_labels import label_misses

DATA = Path(__file__).parent / "data" / "heldout_like"


def test_every_fact_of_every_file() -> None:
    labels = json.loads((DATA / "labels.json").read_text())
    assert len(labels) >= 30
    misses: list[str] = []
    for rel, lab in sorted(labels.items()):
        misses += label_misses(rel, lab, analyze_path(DATA / rel))
    assert not misses, "\n".join(misses)


def test_every_labelled_file_exists_and_every_file_is_labelled() -> None:
    labels = json.loads((DATA / "labels.json").read_text())
    on_disk = {str(p.relative_to(DATA)) for p in DATA.rglob("*") if p.is_file() and p.name != "labels.json"}
    assert on_disk == set(labels)


def test_last_error_line_after_pytorch_error_is_the_cause() -> None:
    out = analyze_path(DATA / "nccl_logs" / "torch-distbackenderror-remote-last-error.txt")
    cause = [e for e in out["errors"] if e["text"].startswith("NET/IB : Got completion")]
    assert cause and cause[0]["category"] == "ib_completion_error"
    assert "IBV_WC_RETRY_EXC_ERR" in cause[0]["explanation"]


def test_ansi_codes_do_not_reach_hosts_or_error_text() -> None:
    out = analyze_path(DATA / "nccl_logs" / "ansi-colour-shm-cuda-oom.txt")
    assert out["hosts"] == ["ws-4090"]
    assert all("\x1b" not in e["text"] for e in out["errors"])
    assert [e["category"] for e in out["errors"]] == ["cuda_error"]


def test_show_gids_rows_without_header_need_gid_and_version() -> None:
    rows = "mlx5_2\t1\t3\t0000:0000:0000:0000:0000:ffff:0a00:0002\t10.0.0.2\tv2\teth2\n" * 2
    assert analyze_text(rows)["recommended_gid_index"] == {"mlx5_2:1": 3}
    # Two numbers after a name are not enough: a plain table is not a GID listing.
    assert analyze_text("eth0 1 2 3 4 5\neth1 1 2 3 4 5\n")["kind"] == "unknown"


def test_cli_scores_one_file_of_each_kind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = ["nccl_logs/v2265-warn-timestamp-crlf-timeout.txt", "nccl_tests/alltoall-J.json",
             "topo/esc-underline-4gpu-2nic-numa-cols.txt", "ibstat/ibstatus-two-ports.txt",
             "show_gids/rows-only-no-header-bond.txt"]
    assert main(["analyze", *(str(DATA / f) for f in files), "--json"]) in (0, 1)
    kinds = [o["kind"] for o in json.loads(capsys.readouterr().out)]
    assert kinds == ["nccl_log", "nccl_tests", "topo", "ibstat", "show_gids"]
