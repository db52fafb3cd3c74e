"""Hang evidence in `ncclkit analyze` (CONTRACTS section 10): one object per input of kind
`flight_recorder`, `ras` or `inspector`, then `merge()` judges the dumps of several ranks together as
one job (one `flight_recorder` object; the watchdog lines of several logs likewise)."""

from __future__ import annotations

import os
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from ncclkit.errors import NcclkitError
from ncclkit.findings import Finding, Severity, sort_findings
from ncclkit.hang.frdump import DumpError, looks_like_dump, looks_like_pickle_dump, read_dump
from ncclkit.hang.inspector import InspectorRank, judge_inspector, looks_like_inspector, read_inspector
from ncclkit.hang.judge import judge_traces, summary
from ncclkit.hang.ras import RasError, looks_like_ras, read_ras
from ncclkit.hang.rasjudge import judge_ras
from ncclkit.hang.records import RankTrace
from ncclkit.hang.watchdog import has_watchdog_lines, read_timeouts, read_watchdog, timeout_groups_named

__all__ = ["HANG_KINDS", "analyze_hang", "detect_hang_kind", "list_dir", "merge", "ras_parts", "watchdog_fields"]

HANG_KINDS = ("flight_recorder", "ras", "inspector")
MAX_DIR_FILES = 4096


def detect_hang_kind(head: bytes, head_text: str) -> str | None:
    if looks_like_pickle_dump(head) or looks_like_dump(head_text):
        return "flight_recorder"
    if looks_like_ras(head_text):
        return "ras"
    if looks_like_inspector(head_text):
        return "inspector"
    return None


def _obj(name: str, kind: str, fields: dict[str, Any], findings: list[Finding]) -> dict[str, Any]:
    return {"file": name, "kind": kind, **fields, "findings": [f.to_json() for f in sort_findings(findings)]}


def analyze_hang(kind: str, data: bytes, name: str) -> dict[str, Any]:
    if kind == "flight_recorder":
        try:
            trace = read_dump(data, name)
        except DumpError as exc:
            return _obj(name, kind, {"files": [name], "traces": [], "unreadable": {name: str(exc)}},
                        [_unreadable(name, str(exc))])
        return _fr_object(name, [name], [trace], {})
    text = data.decode("utf-8", errors="replace")
    if kind == "ras":
        fields, found = ras_parts(text, name)
        return _obj(name, kind, fields, found)
    return _inspector_object(name, [name], read_inspector(text))


def ras_parts(text: str, name: str) -> tuple[dict[str, Any], list[Finding]]:
    """The fields and findings of a RAS report (analyze adds those of the log lines pasted with it)."""
    try:
        rep = read_ras(text)
    except RasError as exc:
        return {}, [_unreadable(name, str(exc))]
    return {"report": rep.to_json()}, judge_ras(rep)


def _inspector_object(name: str, files: list[str], ranks: list[InspectorRank]) -> dict[str, Any]:
    return _obj(name, "inspector", {"files": files, "ranks": [asdict(r) for r in ranks]}, judge_inspector(ranks))


def _unreadable(name: str, why: str) -> Finding:
    return Finding(id="hang.dump_unreadable", severity=Severity.WARNING, subject=name,
                   message=f"{name}: {why}", cause=None,
                   fix="pass the complete file (a dump still being written is cut short); the other ranks' "
                       "files are judged without it")


def _fr_object(name: str, files: list[str], traces: list[RankTrace], unreadable: dict[str, str]) -> dict[str, Any]:
    findings = [_unreadable(f, why) for f, why in unreadable.items()]
    empty = [t for t in traces if not any(g.ops or g.last_enqueued is not None for g in t.groups.values())]
    for t in empty:
        findings.append(Finding(
            id="hang.dump_empty", severity=Severity.WARNING, subject=t.who(), cause=None,
            message=f"{t.source}: the dump records no process group and no collective",
            fix="turn the recorder on before the job starts (TORCH_FR_BUFFER_SIZE=2000); for NCCL process "
                "groups on torch <= 2.11 dump with _dump_nccl_trace_json(), _dump_fr_trace_json() reads another buffer"))
    live = [t for t in traces if t not in empty]
    ranks = [t.rank for t in live]
    dup = sorted({r for r in ranks if r is not None and ranks.count(r) > 1})
    if dup or None in ranks:
        findings.append(Finding(
            id="hang.dump_rank_unknown", severity=Severity.WARNING, subject=name, cause=None,
            message=f"rank not known from the file name (or given twice: {dup})" if dup else
                    "a file name does not end in the rank number; its dump is left out of the comparison",
            fix="keep torch's names (TORCH_FR_DUMP_TEMP_FILE prefix + rank), e.g. nccl_trace_rank_3"))
        live = [t for t in live if t.rank is not None and t.rank not in dup]
    if len(live) > 1:
        findings += judge_traces(live)
    elif live:
        findings.append(Finding(
            id="hang.single_dump", severity=Severity.INFO, subject=live[0].who(), cause=None,
            message=f"{live[0].source}: one rank's dump alone; a hang is judged by comparing the ranks",
            fix="pass every rank's dump together, or the folder they were written to"))
    return _obj(name, "flight_recorder", {"files": files, "groups": summary(live),
                                          "traces": [t.to_json() for t in traces],
                                          **({"unreadable": unreadable} if unreadable else {})}, findings)


def watchdog_fields(head_text: str, name: str) -> tuple[dict[str, Any], list[Finding]]:
    """For an NCCL/PyTorch log: its watchdog records, and findings when they cover two ranks or more."""
    traces = read_watchdog(head_text, name) if has_watchdog_lines(head_text) else []
    found = judge_traces(traces) if len(traces) > 1 else []
    # A rank that printed only its timeout line still shows the collective it waits in: ranks at one sequence number
    # that name different collectives or sizes issued different ones (NVIDIA/nccl#1409: rank7 BROADCAST, rank3
    # ALLREDUCE at #80078). Which rank is behind needs the enqueued and completed counts such a line does not give.
    # Lines without "PG ID" (torch before 2.4) name no group, and two groups can reach one sequence number: then the
    # reading is a warning that says so.
    seen = {t.rank for t in traces}
    lone = [t for t in read_timeouts(head_text, name) if t.rank not in seen] if "Watchdog caught" in head_text else []
    if lone and len(traces) + len(lone) > 1 and not any(f.id == "hang.collective_mismatch" for f in found):
        mismatch = [f for f in judge_traces(traces + lone) if f.id == "hang.collective_mismatch"]
        if mismatch:
            if not timeout_groups_named(head_text):
                mismatch = [replace(f, severity=Severity.WARNING, message=f"{f.message}; the timeout lines name no "
                                    "process group, so this holds if these ranks wait in one group") for f in mismatch]
            found, traces = found + mismatch, traces + lone
    return ({"watchdog": [t.to_json() for t in traces]}, found) if traces else ({}, [])


def merge(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Flight-recorder (and Inspector) objects of several files -> one each; watchdog records of several
    logs -> one object."""
    fr = [r for r in results if r.get("kind") == "flight_recorder"]
    out = [r for r in results if r.get("kind") not in ("flight_recorder", "inspector")]
    ins = [r for r in results if r.get("kind") == "inspector"]
    if len(ins) > 1:
        files = [f for r in ins for f in r.get("files") or [r["file"]]]
        ins = [_inspector_object(_common_name(files), files, [InspectorRank(**d) for r in ins for d in r["ranks"]])]
    out += ins
    if len(fr) > 1:
        files = [f for r in fr for f in r.get("files") or [r["file"]]]
        traces = [RankTrace.from_json(t) for r in fr for t in r.get("traces") or []]
        unreadable = {k: v for r in fr for k, v in (r.get("unreadable") or {}).items()}
        fr = [_fr_object(_common_name(files), files, traces, unreadable)]
    logs = [r for r in results if r.get("watchdog")]
    if len(logs) > 1:
        traces = [RankTrace.from_json(t) for r in logs for t in r["watchdog"]]
        by_rank = {t.rank: t for t in traces}  # a rank seen in several logs: the last file wins
        found = judge_traces(list(by_rank.values())) if len(by_rank) > 1 else []
        out.append(_obj(", ".join(r["file"] for r in logs), "watchdog",
                        {"files": [r["file"] for r in logs], "groups": summary(list(by_rank.values()))}, found))
    return fr + out


def _common_name(files: list[str]) -> str:
    """The folder several files share (the object's `file`), else their names."""
    if all(f != "-" for f in files) and len(set(files)) > 1:
        common = os.path.commonpath(files)
        if common:
            return common
    return files[0] if len(set(files)) == 1 else ", ".join(files)


def list_dir(path: str | Path) -> list[str]:
    """The regular files of a folder (one level, sorted): several ranks' dumps given as a folder; or
    the files that start with a dump prefix (TORCH_FR_DUMP_TEMP_FILE, e.g. /tmp/ncclkit_fr_rank_)."""
    folder, prefix = (str(path), "") if os.path.isdir(path) else os.path.split(str(path))
    try:
        names = sorted(n for n in os.listdir(folder or ".") if n.startswith(prefix))
    except OSError as exc:
        raise NcclkitError(f"{path}: cannot list the folder ({exc.strerror or exc})", hint="check the path") from None
    files = [os.path.join(folder, n) for n in names if not n.startswith(".") and os.path.isfile(os.path.join(folder, n))]
    if not files:
        raise NcclkitError(f"{path}: " + ("the folder holds no file" if not prefix else "no file starts with that prefix"),
                           hint="pass the folder the dumps were written to, or the dump prefix")
    if len(files) > MAX_DIR_FILES:
        raise NcclkitError(f"{path}: {len(files)} files, more than {MAX_DIR_FILES}",
                           hint="pass the dump files of the job only")
    return files
