"""The CLI root: options interleaved with a trailing file list, unknown options, no command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ncclkit.cli.main import main


def test_files_may_follow_options(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = data / "corpus/ibstat/nccl1591-mt4129-ndr400-ib.txt"
    b = data / "corpus/show_gids/nccl1538-k8s-roce-mlx5-0-3.txt"
    assert main(["analyze", str(a), "--json", str(b)]) in (0, 1)
    out = json.loads(capsys.readouterr().out)
    assert [d["kind"] for d in out] == ["ibstat", "show_gids"]


def test_unknown_option_is_an_error_not_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "x.log", "--no-such-flag"]) == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --no-such-flag" in err and "fix:" in err


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "COMMAND" in capsys.readouterr().out
