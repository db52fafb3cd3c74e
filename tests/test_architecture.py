"""The static gates: the import direction (import-linter contracts in pyproject.toml) and mypy on the
whole package, the NCCL model with every definition typed (pyproject.toml [tool.mypy]). Both tools
come with the `test` extra; a missing tool fails."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.run(args, cwd=REPO, env=env, capture_output=True, text=True, timeout=600, check=False)


def _tool(name: str) -> str:
    path = Path(sys.executable).parent / name
    if not path.exists():
        pytest.fail(f"{name} is not installed next to {sys.executable}: pip install -e '.[test]'")
    return str(path)


def test_import_contracts_kept():
    done = _run([_tool("lint-imports"), "--no-cache"])
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "BROKEN" not in done.stdout


def test_package_is_mypy_clean():
    done = _run([sys.executable, "-m", "mypy", "--no-incremental"])
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
