"""The same paste in the forms it reaches an issue: a launcher's (torchrun, pdsh) or a log collector's prefix on every
line, inside GitHub's collapsed section, beside a node's listings (ibstat, nvidia-smi topo -m) or the reports an
issue template asks for (collect_env, nvidia-smi), or copied from a terminal that broke its lines at 80 columns. Over
every fifth labelled case whose cause analyze names first as pasted, the lead must survive: all but 1% under
prefixes, all but 5% under the terminal's breaks (a table a terminal wrapped cannot be told from a table's own rows)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from line_reading import terminal_copy

from ncclkit.logs.analyze import analyze_text

HERE = Path(__file__).parent
SEVERITY = {"error": 0, "warning": 1, "info": 2}


def _lead(text: str) -> str | None:
    found = [(SEVERITY.get(f["severity"], 3), i, f["cause"])
             for i, f in enumerate(analyze_text(text, name="paste")["findings"]) if f.get("cause")]
    return min(found)[2] if found else None


@cache
def _named_first() -> tuple[tuple[str, str], ...]:
    """(text, cause) of every fifth visible case, by name, whose label analyze names first as pasted."""
    cases = []
    for labels in sorted(HERE.glob("corpus-*/labels.json")):
        for name, label in sorted(json.loads(labels.read_text(encoding="utf-8")).items()):
            if label["cause_visible_in_artifact"]:
                cases.append((labels.parent / "cases" / name, {label["root_cause"], *label["also_acceptable"]}))
    out = []
    for path, want in cases[::5]:
        text = path.read_text(encoding="utf-8", errors="replace")
        lead = _lead(text)
        if lead in want:
            out.append((text, lead))
    return tuple(out)


_NODE_CMD = {name: (HERE.parent / "data/nodes/dgx-h100-ib-ok/cmd" / name).read_text(encoding="utf-8")
             for name in ("ibstat.txt", "nvidia-smi-topo-m.txt")}
_REPORTS = {name: (HERE.parent / "data/reports-h100-2026-12-07" / name).read_text(encoding="utf-8")
            for name in ("collect_env.txt", "nvidia-smi.txt")}
FORMS: dict[str, tuple[Callable[[str], str], float]] = {
    "torchrun": (lambda t: "\n".join("[rank0]: " + line if line.strip() else line for line in t.split("\n")), 0.99),
    "kubectl --timestamps": (lambda t: "\n".join("2026-05-01T12:00:00.123456789Z " + line
                                                 for line in t.split("\n")), 0.99),
    # pdsh's host before each line of a node (DeepSpeed's multi-node launcher)
    "pdsh": (lambda t: "\n".join("worker-0: " + line if line.strip() else line for line in t.split("\n")), 0.99),
    # GitHub's collapsed section around a long log, a code fence inside it
    "<details>": (lambda t: "<details>\n<summary>log</summary>\n\n```\n" + t + "\n```\n</details>\n", 0.99),
    "terminal of 80 columns": (terminal_copy, 0.95),
    # a healthy node's listings pasted after it, or its topology before it (the repository's DGX H100 snapshot)
    "+ ibstat": (lambda t: t.rstrip("\n") + "\n\n$ ibstat\n" + _NODE_CMD["ibstat.txt"], 0.99),
    "nvidia-smi topo -m +": (lambda t: "$ nvidia-smi topo -m\n" + _NODE_CMD["nvidia-smi-topo-m.txt"] + "\n" + t, 0.99),
    # what issue templates ask for above the error, printed on an H100 (tests/data/reports-h100-2026-12-07)
    "collect_env +": (lambda t: _REPORTS["collect_env.txt"] + "\n" + t, 0.99),
    "nvidia-smi +": (lambda t: "$ nvidia-smi\n" + _REPORTS["nvidia-smi.txt"] + "\n" + t, 0.99),
}


@pytest.mark.parametrize("form", FORMS)
def test_the_lead_survives_the_form_a_paste_arrives_in(form: str) -> None:
    change, floor = FORMS[form]
    cases = _named_first()
    lost = [text.split("\n", 1)[0][:80] for text, lead in cases if _lead(change(text)) != lead]
    assert len(cases) >= 150 and len(lost) <= (1 - floor) * len(cases), (len(lost), len(cases), lost[:10])
