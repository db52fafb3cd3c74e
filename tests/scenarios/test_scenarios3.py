"""Round-two node scenarios (tests/scenarios/build_scenarios3.py), generated into a temporary
folder and run through the real CLI: each must raise its findings and none of the others."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ncclkit.cli.main import main

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_scenarios3  # noqa: E402
from test_scenarios import doctor_misses  # noqa: E402


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, dict]]:
    out = tmp_path_factory.mktemp("nodes3")
    return out, build_scenarios3.build_all(out)


@pytest.mark.parametrize("name", list(build_scenarios3.SCENARIOS))
def test_scenario3(name: str, built: tuple[Path, dict[str, dict]], capsys: pytest.CaptureFixture[str]) -> None:
    out, expected = built
    rc = main(["doctor", "--root", str(out / name), "--json"])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and rc in (0, 1), captured.err[-400:]
    findings = json.loads(captured.out)["findings"]
    misses = doctor_misses(findings, expected[name])
    assert not misses, f"{name}: {misses}; got {[(f['id'], f['subject']) for f in findings]}"
    assert rc == int(any(f["severity"] == "error" for f in findings))


def test_new_ids_covered(built: tuple[Path, dict[str, dict]]) -> None:
    _, expected = built
    fired = {m["id"] for exp in expected.values() for m in exp["must"]}
    missing = set(build_scenarios3.NEW_IDS) - fired
    assert not missing, f"no scenario makes these fire: {sorted(missing)}"
