"""The finding-id catalogue (docs/findings.md) matches the ids the source can emit.

Users script against finding ids, so every id the code can emit must be documented, every documented
id must still be emitted, and the minimum catalogue of CONTRACTS.md section 3 must stay emitted.

Ids are collected from the source with `ast`, no import of the commands:
- `id=`/`finding_id=` keyword arguments and `"id":` dict keys holding a string literal, or a name
  bound to one at module level (topofile.FINDING_ID);
- the literal passed to a module's helper whose parameter flows into `Finding(id=<param>)`
  (rules/env.py `_f("env.xxx", ...)`);
- any other string literal shaped like an id under an area that holds ids (a literal picked from a
  table, e.g. `for var, fid in ((..., "env.p2p_disabled"), ...)`), minus NOT_IDS;
- `id=f"log.{cat}"`: expanded over the categories of the WARN pattern table (logs/patterns.py) plus
  the fallback category of `classify_error`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "ncclkit"
DOC = ROOT / "docs" / "findings.md"

ID_RE = re.compile(r"^[a-z][a-z0-9]*\.[a-z][a-z0-9_]*$")
# Dotted literals under an id area that are not finding ids: file names and probe source labels
# (the latter appear as the subject of probe.source_missing, not as ids).
FILE_SUFFIXES = ("json", "txt", "xml", "log", "gz", "tar", "prom", "html", "py", "md", "csv", "svg",
                 "sh", "so", "yaml", "yml", "env_file")
NOT_IDS = frozenset({"nccl.version", "nccl.env", "kmod.modules", "kmod.peermem", "net.addresses"})
# The documented form of an id row: "| `area.name` |" at the start of a table row.
DOC_ROW = re.compile(r"^\|\s*`?([a-z][a-z0-9]*\.[a-z][a-z0-9_]*)`?\s*\|", re.MULTILINE)
CONTRACT_ROW = DOC_ROW


def _str(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _module_constants(tree: ast.Module) -> dict[str, str]:
    out: dict[str, str] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            value = _str(stmt.value)
            if value is not None:
                out[stmt.targets[0].id] = value
    return out


def _call_name(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _id_helpers(tree: ast.Module) -> dict[str, tuple[int, str]]:
    """name -> (position, parameter name) for functions that pass a parameter as `id=`."""
    out: dict[str, tuple[int, str]] = {}
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef):
            continue
        params = [a.arg for a in fn.args.posonlyargs + fn.args.args]
        for node in ast.walk(fn):
            if isinstance(node, ast.Call):
                for kw in node.keywords:
                    if kw.arg == "id" and isinstance(kw.value, ast.Name) and kw.value.id in params:
                        out[fn.name] = (params.index(kw.value.id), kw.value.id)
    return out


def _log_categories() -> set[str]:
    from ncclkit.logs.patterns import PATTERNS, classify_error

    cats = {p.category for p in PATTERNS}
    # A line no pattern matches still becomes a finding, under the fallback category.
    cats.add(classify_error("\x00 matches no pattern \x00").category)
    return cats


def collect_ids() -> tuple[set[str], set[str]]:
    """(ids found in a finding context, other id-shaped literals) over src/ncclkit."""
    contextual: set[str] = set()
    literals: set[str] = set()
    templates: set[str] = set()
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        consts = _module_constants(tree)
        helpers = _id_helpers(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and ID_RE.match(node.value):
                literals.add(node.value)
            if isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values):
                    if _str(k) == "id" and _str(v) is not None:
                        contextual.add(_str(v))  # type: ignore[arg-type]
            if not isinstance(node, ast.Call):
                continue
            for kw in node.keywords:
                if kw.arg not in ("id", "finding_id"):
                    continue
                if _str(kw.value) is not None:
                    contextual.add(_str(kw.value))  # type: ignore[arg-type]
                elif isinstance(kw.value, ast.Name) and kw.value.id in consts:
                    contextual.add(consts[kw.value.id])
                elif isinstance(kw.value, ast.JoinedStr):
                    templates.add("".join(_str(v) or "{}" for v in kw.value.values))
            helper = helpers.get(_call_name(node) or "")
            if helper is not None:
                pos, pname = helper
                arg = node.args[pos] if len(node.args) > pos else next(
                    (k.value for k in node.keywords if k.arg == pname), None)
                if _str(arg) is not None:
                    contextual.add(_str(arg))  # type: ignore[arg-type]
    contextual = {i for i in contextual if ID_RE.match(i)}
    for template in templates:
        assert template == "log.{}", (
            f"id template {template!r}: teach tests/test_findings_catalogue.py where its values come from")
        contextual |= {f"log.{c}" for c in _log_categories()}
    return contextual, literals


def emitted_ids() -> set[str]:
    contextual, literals = collect_ids()
    areas = {i.split(".")[0] for i in contextual}
    tabled = {s for s in literals if s.split(".")[0] in areas and s.split(".")[1] not in FILE_SUFFIXES}
    return contextual | (tabled - NOT_IDS)


def documented_ids() -> list[str]:
    return DOC_ROW.findall(DOC.read_text(encoding="utf-8"))


def test_collector_sees_every_emission_form() -> None:
    """The collector itself must find one id of each form, or the checks below prove nothing."""
    ids = emitted_ids()
    for sample in ("gpu.none",               # Finding(id="...")
                   "env.hca_unknown",        # rules/env.py helper _f("...")
                   "env.topo_file_invalid",  # module constant FINDING_ID
                   "input.unreadable",       # {"id": "..."} in cli/analyze.py
                   "cluster.config_mismatch",  # finding_id="..."
                   "log.ib_completion_error", "log.other"):  # f"log.{cat}" from the table
        assert sample in ids, sample
    assert not (ids & NOT_IDS)
    assert len(ids) > 60


def test_every_emitted_id_is_documented() -> None:
    missing = sorted(emitted_ids() - set(documented_ids()))
    assert not missing, f"ids the code emits but docs/findings.md does not list: {missing}"


def test_every_documented_id_is_emitted() -> None:
    stale = sorted(set(documented_ids()) - emitted_ids())
    assert not stale, f"docs/findings.md lists ids no code emits any more: {stale}"


def test_each_id_documented_once() -> None:
    ids = documented_ids()
    twice = sorted({i for i in ids if ids.count(i) > 1})
    assert not twice, f"documented more than once in docs/findings.md: {twice}"


def test_contract_catalogue_is_emitted() -> None:
    contracts = ROOT / "docs" / "CONTRACTS.md"
    text = contracts.read_text(encoding="utf-8")
    m = re.search(r"^## 3\..*?$(.*?)^## ", text, re.MULTILINE | re.DOTALL)
    assert m, "CONTRACTS.md has no section 3"
    required = set(CONTRACT_ROW.findall(m.group(1)))
    assert len(required) >= 20, sorted(required)
    absent = sorted(required - emitted_ids())
    assert not absent, f"CONTRACTS.md section 3 ids no code emits: {absent}"


DOC_CAUSE_ROW = re.compile(r"^\|\s*`([a-z][a-z0-9]*\.[a-z][a-z0-9_]*)`\s*\|.*\|\s*(`[a-z0-9_]+`|-)\s*\|\s*$",
                           re.MULTILINE)


def test_every_documented_id_states_its_cause() -> None:
    """docs/findings.md's last column is the id's default cause (CONTRACTS.md section 9), as the code has it."""
    from ncclkit.causes import Cause, default_cause

    text = DOC.read_text(encoding="utf-8")
    rows = dict((fid, col.strip("`")) for fid, col in DOC_CAUSE_ROW.findall(text))
    assert set(rows) == set(documented_ids()), sorted(set(documented_ids()) - set(rows))
    wrong = {}
    for fid, col in rows.items():
        code = default_cause(fid)
        if (None if col == "-" else col) != (None if code is None else str(code)):
            wrong[fid] = (col, code)
        assert col == "-" or col in {str(c) for c in Cause}, (fid, col)
    assert not wrong, f"docs/findings.md cause column differs from ncclkit.causes: {wrong}"


def test_every_log_category_is_documented_with_its_cause() -> None:
    """analyze's f"log.{category}" ids are built from the line classifier's rows, which the collector above cannot
    see through: each category a row names must be a documented id with an entry in ncclkit.causes."""
    from ncclkit.causes import CAUSE_BY_ID

    ids = {f"log.{c}" for c in _log_categories()}
    assert len(ids) > 100
    undocumented = sorted(ids - set(documented_ids()))
    assert not undocumented, f"line categories docs/findings.md does not list: {undocumented}"
    no_cause = sorted(i for i in ids if i not in CAUSE_BY_ID)
    assert not no_cause, f"line categories without an entry in ncclkit.causes: {no_cause}"
