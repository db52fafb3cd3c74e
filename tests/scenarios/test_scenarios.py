"""Every built node scenario (tests/scenarios/build_scenarios*.py, built at test time by tests/nodes.py)
and the real capture h200x2-device-live through the real CLI.

For each tree: `ncclkit doctor --root DIR --json`, `ncclkit env --root DIR --json` and the text report
run in-process; the findings and env must meet the tree's expected.json with the acceptance rules
(tests/data/nodes/README.md: must / must_not / env_expect with NCCL's list matching), the exit
code must be 0 or 1 (a finding, never "could not run"), and no command may raise.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ncclkit.cli.main import main

from nodes import built_dir, built_names, node

SCENARIOS = [node(n) for n in [*built_names(), "h200x2-device-live"]]


def _selects(value: str, name: str) -> bool:
    """NCCL's list rules (utils.cc matchIfList) as the acceptance scorer applies them: `^` excludes,
    `=` asks for exact names, otherwise prefix match; `:port` does not matter for a device name."""
    v = value.strip()
    exclude = v.startswith("^")
    v = v[1:] if exclude else v
    exact = v.startswith("=")
    v = v[1:] if exact else v
    tokens = [p.strip().partition(":")[0] for p in v.split(",") if p.strip()]
    hit = any(name == t if exact else name.startswith(t) for t in tokens)
    return hit != exclude


def env_misses(env: dict[str, str], expect: dict) -> list[str]:
    misses = []
    for var, rule in expect.items():
        val = env.get(var)
        val = None if val is None else str(val)
        if "one_of" in rule and val not in [None if x is None else str(x) for x in rule["one_of"]]:
            misses.append(f"{var}={val!r} not in {rule['one_of']}")
        if val is None:
            continue
        misses += [f"{var}={val!r} selects {d}" for d in rule.get("excludes", []) if _selects(val, d)]
        misses += [f"{var}={val!r} misses {d}" for d in rule.get("includes_all", []) if not _selects(val, d)]
        if "selects_any" in rule and not any(_selects(val, d) for d in rule["selects_any"]):
            misses.append(f"{var}={val!r} selects none of {rule['selects_any']}")
    return misses


def doctor_misses(findings: list[dict], expected: dict) -> list[str]:
    misses = []
    for m in expected.get("must", []):
        names = [n.lower() for n in [m.get("subject"), *(m.get("subject_alt") or [])] if n is not None]
        hit = [f for f in findings if f["id"] == m["id"]
               and (m.get("subject") is None or any(n in str(f.get("subject", "")).lower() for n in names))]
        if not hit:
            misses.append(f"missing {m['id']} {m.get('subject')}")
    ids = {f["id"] for f in findings}
    misses += [f"unexpected {bad}" for bad in expected.get("must_not", []) if bad in ids]
    return misses


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_scenarios_exist():
    assert len(SCENARIOS) >= 14, f"expected the generated scenarios under {built_dir()}"


@pytest.mark.parametrize("root", SCENARIOS, ids=[p.name for p in SCENARIOS])
def test_scenario(root: Path, capsys):
    expected = json.loads((root / "expected.json").read_text())
    rc, out, err = _run(capsys, "doctor", "--root", str(root), "--json")
    assert "Traceback" not in err and rc in (0, 1), f"{root.name}: doctor rc={rc} stderr={err[-400:]}"
    doc = json.loads(out)
    findings = doc["findings"]
    has_error = any(f["severity"] == "error" for f in findings)
    assert rc == int(has_error), f"{root.name}: exit code {rc} does not follow the error findings"
    for f in findings:
        assert f["subject"] and f["message"] and isinstance(f["evidence"], dict), f
    rc_env, out_env, err_env = _run(capsys, "env", "--root", str(root), "--json")
    assert "Traceback" not in err_env and rc_env in (0, 1), f"{root.name}: env rc={rc_env} {err_env[-400:]}"
    env = json.loads(out_env)["env"]
    misses = doctor_misses(findings, expected) + env_misses(env, expected.get("env_expect", {}))
    assert not misses, f"{root.name}: " + "; ".join(misses)
    rc_txt, text, err_txt = _run(capsys, "doctor", "--root", str(root))
    assert rc_txt == rc and "Traceback" not in err_txt
    for f in findings:  # every finding shows up in the report, by id and subject
        assert f"{f['id']}" in text and str(f["subject"]) in text, (root.name, f["id"])


def test_checker_can_fail():
    """The matching above rejects what NCCL would reject (prefix overreach, excluded names)."""
    assert env_misses({"NCCL_IB_HCA": "mlx5_1"}, {"NCCL_IB_HCA": {"excludes": ["mlx5_10"]}})
    assert not env_misses({"NCCL_IB_HCA": "=mlx5_1:1"}, {"NCCL_IB_HCA": {"excludes": ["mlx5_10"]}})
    assert env_misses({"NCCL_IB_HCA": "^mlx5_8"}, {"NCCL_IB_HCA": {"excludes": ["mlx5_8"],
                                                                   "includes_all": ["mlx5_0"]}}) == []
    assert env_misses({}, {"NCCL_IB_GID_INDEX": {"one_of": ["3"]}})
    assert doctor_misses([{"id": "gdr.distance", "subject": "GPU1"}],
                         {"must": [{"id": "gdr.distance", "subject": "GPU0"}], "must_not": ["gpu.none"]})
