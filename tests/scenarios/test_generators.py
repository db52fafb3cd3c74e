"""The built node trees are made at test time: the generators must give the same bytes every time,
each registered scenario must produce its folder, and no tree may be committed that they could make."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import subprocess
from pathlib import Path

from nodes import CAPTURED, GENERATORS, build_all, built_dir, built_names, captured_names

REPO = Path(__file__).resolve().parents[2]


def tree_digest(root: Path) -> dict[str, str]:
    """Every entry under root: file bytes, link target or 'dir', by relative path."""
    out: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath, name)
            rel = str(p.relative_to(root))
            if p.is_symlink():
                out[rel] = "-> " + os.readlink(p)
            elif p.is_dir():
                out[rel] = "dir"
            else:
                out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def registered() -> list[str]:
    names: list[str] = []
    for gen in GENERATORS:
        spec = importlib.util.spec_from_file_location(f"_reg_{gen.stem}", gen)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        names += list(module.SCENARIOS)
    return names


def test_second_build_is_byte_identical(tmp_path: Path) -> None:
    first, second = tree_digest(built_dir()), tree_digest(build_all(tmp_path / "again"))
    assert len(first) > 1000
    assert first == second, sorted(set(first.items()) ^ set(second.items()))[:10]


def test_every_registered_scenario_builds_one_folder() -> None:
    names = registered()
    assert len(names) == len(set(names)), "a scenario name is registered twice"
    assert sorted(names) == built_names()
    assert sorted(p.name for p in built_dir().iterdir()) == built_names()


def test_no_committed_tree_is_a_built_one() -> None:
    assert not set(captured_names()) & set(built_names())
    tracked = subprocess.run(["git", "ls-files", "tests"], cwd=REPO, capture_output=True, text=True,
                             check=False).stdout.splitlines()
    if not tracked:  # not a git checkout (an sdist): nothing to compare
        return
    built = set(built_names())
    committed = {Path(t).parts[3] for t in tracked if t.startswith("tests/data/nodes/") and
                 len(Path(t).parts) > 4}
    assert committed == set(captured_names()) and not committed & built
    assert all(not t.startswith("tests/fixtures/") for t in tracked)
    assert CAPTURED.is_dir()
