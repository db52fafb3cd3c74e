"""A stale lock of torch's JIT extension build, made for real (tests/analyze/extension_lock_hang.py, torch CPU): the
process waits in FileBaton.wait and faulthandler dumps its stack. analyze must name the lock, not a timeout of the
job (faulthandler's "Timeout (0:00:03)!" is its own announcement).

The dump of one such run is kept in data/extension-lock (torch 2.13.0+cpu, 2026-12-06) and read where torch is
missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ncclkit.logs.analyze import analyze_path

HERE = Path(__file__).resolve().parent


def _lead(path: Path) -> tuple[str, str | None]:
    f = analyze_path(path)["findings"][0]
    return f["id"], f.get("cause")


def test_the_kept_dump_names_the_stale_lock() -> None:
    kept = HERE / "data" / "extension-lock" / "faulthandler-dump.log"
    assert _lead(kept) == ("log.extension_lock_wait", "other")
    ids = [f["id"] for f in analyze_path(kept)["findings"]]
    assert "log.timeout" not in ids


def test_a_live_stale_lock_is_named(tmp_path: Path) -> None:
    pytest.importorskip("torch.utils.cpp_extension")
    source = tmp_path / "ext.cpp"
    source.write_text("int f() { return 1; }\n")
    env = {**os.environ, "TORCH_EXTENSIONS_DIR": str(tmp_path / "root")}
    done = subprocess.run([sys.executable, str(HERE / "extension_lock_hang.py"), str(source), "3"], env=env,
                          capture_output=True, text=True, timeout=120)
    log = tmp_path / "dump.log"
    log.write_text(done.stdout + done.stderr)
    assert "file_baton.py" in log.read_text(), log.read_text()[-2000:]
    assert _lead(log) == ("log.extension_lock_wait", "other")
