"""Read the result files a report renders and tell their kind from their shape.

Kinds (CONTRACTS.md): doctor (section 2), env (4), analyze (5: a list, or one object of it),
bench (6), cluster (7), and "findings" (an object holding only findings, as `bench --ib` prints).
A file that is not JSON is analyzed like `ncclkit analyze FILE` when analyze recognises it (an NCCL
log, an nccl-tests output); anything else is an error that names the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ncclkit.bench.results import BenchSample
from ncclkit.cluster.model import ReachRow
from ncclkit.nccl.predict import Prediction
from ncclkit.errors import NcclkitError
from ncclkit.typedjson import build_typed
from ncclkit.facts import NodeFacts
from ncclkit.factsjson import facts_from_json
from ncclkit.inputfile import require_regular_file

__all__ = ["KINDS", "Source", "detect_kind", "load_source", "source_from_doctor"]

KINDS = ("doctor", "env", "analyze", "bench", "cluster", "findings")
_MAX_JSON_BYTES = 256 << 20
_SHAPES = ("doctor JSON (`ncclkit doctor --json`), env JSON (`ncclkit env --json`), analyze JSON "
           "(`ncclkit analyze --json`), bench JSON (`ncclkit bench --json`), cluster JSON "
           "(`ncclkit cluster --json`), or an NCCL log / nccl-tests output")


@dataclass(frozen=True, slots=True, kw_only=True)
class Source:
    """One input of the report: its name (file path, or "doctor (this node)"), kind and data."""

    name: str
    kind: str
    data: Any  # the parsed JSON (a list for analyze)
    facts: NodeFacts | None = None  # doctor: the facts as NodeFacts, for the topology helpers


def _is_finding_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(f, dict) and "id" in f and "severity" in f
                                           for f in value)


def detect_kind(data: Any) -> str | None:
    """The kind of a parsed result, from its keys; None when it is none of KINDS."""
    if isinstance(data, list):
        ok = all(isinstance(d, dict) and "kind" in d and "file" in d for d in data)
        return "analyze" if data and ok else None
    if not isinstance(data, dict):
        return None
    keys = set(data)
    if {"host", "facts", "findings"} <= keys:
        return "doctor"
    if {"nodes", "reachability"} <= keys:
        return "cluster"
    if {"samples", "nranks"} <= keys:
        return "bench"
    if {"file", "kind"} <= keys:
        return "analyze"
    if {"env", "reasons"} <= keys:
        return "env"
    if keys <= {"schema_version", "findings"} and _is_finding_list(data.get("findings")):
        return "findings"
    return None


def _check(name: str, kind: str, data: Any) -> None:
    """The fields each renderer indexes, so that a damaged file fails here with its name."""
    items = data if isinstance(data, list) else [data]
    for item in items:
        if not _is_finding_list(item.get("findings", [])):
            raise NcclkitError(f"{name}: {kind} result with a malformed `findings` list",
                               hint="each finding needs at least `id` and `severity`; regenerate the file")
    predictions = {"doctor": lambda d: (d.get("env") or {}).get("prediction"), "env": lambda d: d.get("prediction")}
    if kind in predictions:
        for item in items:
            pred = predictions[kind](item)
            try:
                if pred is not None:
                    Prediction.from_json(pred)
            except ValueError as exc:
                raise NcclkitError(f"{name}: {kind} result with a bad prediction field: {exc}",
                                   hint=f"regenerate it with `ncclkit {kind} --json`") from None
    # Rows are read back into the records that wrote them: a missing field or a wrong type (a string
    # where a number belongs) is named here, not met as a TypeError while rendering.
    rows = {"bench": ("samples", BenchSample, "give the output of `ncclkit bench --json`"),
            "cluster": ("reachability", ReachRow, "give the output of `ncclkit cluster --json` (printed by rank 0)")}
    if kind in rows:
        key, record, hint = rows[kind]
        if not isinstance(data.get(key) or [], list):
            raise NcclkitError(f"{name}: {kind} result whose `{key}` is not a list", hint=hint)
        try:
            for i, row in enumerate(data.get(key) or []):
                build_typed(record, row, f"{key}[{i}]")
        except ValueError as exc:
            raise NcclkitError(f"{name}: {kind} result with a bad field: {exc}", hint=hint) from None


def load_source(path: str | Path) -> Source:
    """Read one result file; NcclkitError naming it when it cannot be read or has no known shape."""
    # Read twice (head, then all): a FIFO or device would block or lose its data.
    p = require_regular_file(path, hint="check the path of the result file")
    try:
        size = p.stat().st_size
        with p.open("rb") as f:
            head = f.read(min(size, 64))
    except OSError as exc:
        raise NcclkitError(f"{path}: cannot read ({exc.strerror or exc})", hint="check the file") from None
    if head.lstrip()[:1] not in (b"{", b"["):
        return _analyzed(p)
    # `[` also starts torchrun's `[rank0]:` prefixes, DeepSpeed timestamps and Open MPI's
    # `[1,0]<stdout>:` tags: what is not JSON is read as a log, as `analyze` does.
    if size > _MAX_JSON_BYTES:
        return _analyzed(p, not_json=f"{size} bytes is too large for a result JSON")
    try:
        data = json.loads(p.read_bytes())
    except (ValueError, UnicodeDecodeError) as exc:
        return _analyzed(p, not_json=f"not valid JSON ({exc})")
    kind = detect_kind(data)
    if kind is None:
        raise NcclkitError(f"{path}: not an ncclkit result (no known shape)", hint=f"give a {_SHAPES}")
    if kind == "analyze" and isinstance(data, dict):
        data = [data]
    _check(str(path), kind, data)
    facts = None
    if kind == "doctor":
        try:
            facts = facts_from_json(data["facts"])
        except ValueError as exc:
            raise NcclkitError(f"{path}: doctor result with unreadable facts ({exc})",
                               hint="regenerate it with `ncclkit doctor --json`") from None
    return Source(name=str(path), kind=kind, data=data, facts=facts)


def _analyzed(path: Path, *, not_json: str | None = None) -> Source:
    from ncclkit.logs.analyze import analyze_path

    result = analyze_path(path)
    if result.get("kind") == "unknown":
        if not_json:
            raise NcclkitError(f"{path}: {not_json}, nor a log analyze recognises",
                               hint="give the complete output of an ncclkit command run with --json")
        raise NcclkitError(f"{path}: neither an ncclkit result JSON nor a log analyze recognises",
                           hint=f"give a {_SHAPES}")
    return Source(name=str(path), kind="analyze", data=[result])


def source_from_doctor(name: str, report_json: dict[str, Any], facts: NodeFacts) -> Source:
    """A doctor run made by the report itself (this node or --root)."""
    return Source(name=name, kind="doctor", data=report_json, facts=facts)
