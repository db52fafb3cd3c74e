"""The node snapshots the tests read.

- Captured trees (a real capture, and the public reference snapshots with their expected.json) are
  committed under tests/data/nodes/.
- Built trees are never committed: every scenario registered in the SCENARIOS dict of a
  tests/scenarios/build_scenarios*.py module is generated once per test process into a temp folder
  (about 2 s), by running each module as a script with NCCLKIT_NODES_OUT set, exactly as by hand.
  tests/scenarios/test_generators.py checks that a second build gives the same bytes.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CAPTURED = TESTS / "data" / "nodes"
GENERATORS = sorted((TESTS / "scenarios").glob("build_scenarios*.py"))


def build_all(out: Path) -> Path:
    """Run every generator into `out`; a generator that fails stops the test session with its output."""
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "NCCLKIT_NODES_OUT": str(out)}
    for gen in GENERATORS:
        proc = subprocess.run([sys.executable, str(gen)], env=env, capture_output=True, text=True,
                              timeout=300, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"{gen.name} failed (exit {proc.returncode}): {proc.stderr[-2000:]}")
    return out


@cache
def built_dir() -> Path:
    """The built scenarios of this test process, generated on first use and removed at exit."""
    tmp = Path(tempfile.mkdtemp(prefix="ncclkit-nodes-"))
    atexit.register(shutil.rmtree, tmp, True)
    return build_all(tmp / "nodes")


def built_names() -> list[str]:
    return sorted(p.parent.name for p in built_dir().glob("*/expected.json"))


def captured_names() -> list[str]:
    return sorted(p.name for p in CAPTURED.iterdir() if (p / "meta.json").is_file())


def node(name: str) -> Path:
    """The snapshot folder of a captured or built node, by name."""
    captured = CAPTURED / name
    if captured.is_dir():
        return captured
    built = built_dir() / name
    if not built.is_dir():
        raise KeyError(f"no node snapshot named {name!r} (captured: {captured_names()}, "
                       f"built: {built_names()})")
    return built
