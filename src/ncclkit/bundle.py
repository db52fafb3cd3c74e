"""`ncclkit bundle OUT.tar.gz`: a node snapshot, NCCL logs and result files in one archive for a bug report.

The archive holds one folder that is itself a snapshot (CONTRACTS.md section 1), so
`ncclkit doctor --root OUT.tar.gz` reads it, plus README.txt and ncclkit-bundle/ with index.json,
doctor.json (doctor run on the snapshot as packed), logs/ and results/. By default everything is
redacted with ONE mapping (ncclkit.redact.Redactor), so a host or address has the same
placeholder in the snapshot, the logs and the results. Host names and addresses that only the
logs or results know (the other nodes of a job) are learned from NCCL's log prefix
(`host:pid:tid [dev] NCCL ...`), the `host`/`hosts`/`addr` fields of result JSON and any IPv4
address in them. Nothing is written outside OUT; the archive appears only when complete.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ncclkit import __version__
from ncclkit.errors import NcclkitError
from ncclkit.inputfile import require_regular_file
from ncclkit.probe.root import NodeRoot
from ncclkit.probe.snapshot import MAX_FILE_BYTES, capture_tree
from ncclkit.redact import Redactor, apply_to_tree, tree_entries

__all__ = ["BundleResult", "write_bundle"]

BUNDLE_DIR = "ncclkit-bundle"
_LOG_PREFIX = re.compile(r"^([A-Za-z0-9][\w.-]*):\d+:\d+ \[\d+\] ", re.MULTILINE)
_IPV4 = re.compile(r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w]|\.\d)")
_HOST_KEYS = ("host", "hosts", "hostname")


@dataclass(frozen=True, slots=True, kw_only=True)
class BundleResult:
    path: Path
    size_bytes: int
    logs: tuple[str, ...]  # names inside the archive (after redaction)
    results: tuple[str, ...]
    redacted: bool


def _archive_name(out: Path) -> str:
    if not out.name.endswith(".tar.gz"):
        raise NcclkitError(f"bundle: {out} does not end in .tar.gz", hint=f"name it {out.name}.tar.gz")
    return out.name.removesuffix(".tar.gz") or "ncclkit-bundle"


def _copy_inputs(files: list[Path], dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    names: list[str] = []
    for src in files:
        if not src.is_file():
            raise NcclkitError(f"{src} is not a file", hint="give NCCL log and result files")
        if src.stat().st_size > MAX_FILE_BYTES * 16:
            size = src.stat().st_size
            raise NcclkitError(f"{src} is {size / 2**20:.1f} MiB, over the "
                               f"{MAX_FILE_BYTES * 16 / 2**20:g} MiB limit per file",
                               hint="cut the log to the failing run (e.g. with grep or tail)")
        # Only the base name travels (paths carry user names); a clash gets a numbered name.
        name, n = src.name, 1
        while name in names:
            n += 1
            name = f"{n}-{src.name}"
        try:
            shutil.copyfile(src, dest / name)
        except OSError as exc:
            raise NcclkitError(f"bundle: cannot read {src} ({exc.strerror or exc})", hint="check the file") from None
        names.append(name)


def _json_hosts(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key in _HOST_KEYS and isinstance(item, str):
                yield item
            elif key in _HOST_KEYS and isinstance(item, list):
                yield from (h for h in item if isinstance(h, str))
            else:
                yield from _json_hosts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _json_hosts(item)


def _identities(text: str) -> tuple[set[str], set[str]]:
    """Host names and IPv4 addresses named in a log or result text (module docstring)."""
    hosts = set(_LOG_PREFIX.findall(text))
    try:
        hosts.update(_json_hosts(json.loads(text)))
    except ValueError:
        pass
    return hosts, set(_IPV4.findall(text))


def _read(path: Path) -> str | None:
    data = path.read_bytes()
    return None if b"\0" in data else data.decode("utf-8", errors="surrogateescape")


def _rename_inputs(folder: Path, hosts: dict[str, str]) -> None:
    """Host names inside the names of the copied logs/results (`nccl-gpu7-rank0.log`): the redactor
    replaces a host only where it stands alone, but a file name joins it to other words with dashes."""
    for p in sorted(folder.rglob("*"), reverse=True):
        name = p.name
        for orig in sorted(hosts, key=len, reverse=True):
            if hosts[orig]:
                name = re.sub(rf"(?<![A-Za-z0-9]){re.escape(orig)}(?![A-Za-z0-9])", hosts[orig], name)
        if name != p.name and not (p.parent / name).exists():
            p.rename(p.parent / name)


def _redact(tree: Path) -> None:
    """Redact the whole tree with one Redactor: snapshot files by their snapshot path, the rest as text."""
    redactor = Redactor()
    files, entries = tree_entries(tree)
    links = [p for _rel, p in entries]
    texts = {rel: t for rel, p in files if (t := _read(p)) is not None}
    hosts: set[str] = set()
    addrs: set[str] = set()
    for rel, text in texts.items():
        redactor.learn(rel, text)
        redactor.learn_name(rel)
        if rel.startswith(f"{BUNDLE_DIR}/"):
            h, a = _identities(text)
            hosts |= h
            addrs |= a
    for p in links:
        redactor.learn_name(os.readlink(p))
    for host in sorted(hosts):
        redactor.learn_host(host)
    for addr in sorted(addrs):
        redactor.learn_address(addr)
    redactor.freeze()
    apply_to_tree(redactor, tree, files, texts, links)
    _rename_inputs(tree / BUNDLE_DIR, redactor.hosts)


_README = """ncclkit bundle
==============
Made by ncclkit {version} at {created} for an issue report.
Redacted: {redacted}{redaction_note}

This folder is a node snapshot: `ncclkit doctor --root <this folder or the .tar.gz>` reads it.
  meta.json, sys/, proc/, cmd/   what ncclkit reads from the node (ncclkit docs/CONTRACTS.md section 1)
  {bdir}/doctor.json   `ncclkit doctor --json` of this snapshot as packed
  {bdir}/logs/         NCCL logs and other text given to `ncclkit bundle` ({nlogs})
  {bdir}/results/      ncclkit result JSON given to `ncclkit bundle` ({nresults})
  {bdir}/index.json    the list of these files
Render it all: ncclkit report --root <this folder> {bdir}/results/*.json {bdir}/logs/* --out report.html
"""


# Keys of ncclkit's result JSON that hold a path on the user's machine (snapshot folder, log file):
# paths often carry user or customer names, so only the base name travels.
_PATH_KEYS = ("source", "file")


def _strip_local_paths(folder: Path) -> None:
    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: (f"<local>/{Path(v).name}" if k in _PATH_KEYS and isinstance(v, str)
                        and v.startswith("/") else strip(v)) for k, v in value.items()}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    for path in sorted(folder.glob("*")) if folder.is_dir() else []:
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        path.write_text(json.dumps(strip(data), indent=1) + "\n")


def _write_index(tree: Path, *, redact: bool, live: bool) -> None:
    """index.json and README.txt, written after redaction so that they list the redacted names."""
    def names(sub: str) -> list[str]:
        return sorted(p.relative_to(tree).as_posix() for p in (tree / BUNDLE_DIR / sub).iterdir())

    created = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    logs, results = names("logs"), names("results")
    index = {"schema_version": 1, "ncclkit_version": __version__, "created_at": created, "redacted": redact,
             "snapshot_of": "live node" if live else "a snapshot", "logs": logs, "results": results}
    (tree / BUNDLE_DIR / "index.json").write_text(json.dumps(index, indent=1) + "\n")
    (tree / "README.txt").write_text(_README.format(
        version=__version__, created=created, redacted="yes" if redact else "NO (made with --no-redact)",
        redaction_note=(": host names, IP/MAC addresses, GUIDs, GPU UUIDs and serials are placeholders, "
                        "the same one everywhere in this bundle") if redact else "",
        bdir=BUNDLE_DIR, nlogs=len(logs), nresults=len(results)))


def _is_result(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            head = f.read(64).lstrip()[:1]
    except OSError as exc:
        raise NcclkitError(f"bundle: cannot read {path} ({exc.strerror or exc})", hint="check the file") from None
    return head in (b"{", b"[") and path.suffix.lower() == ".json"


def write_bundle(out: Path, *, root: NodeRoot, files: list[Path], redact: bool = True,
                 force: bool = False) -> BundleResult:
    """Write OUT (.tar.gz): snapshot of `root`, `files` (JSON results or logs), README and index."""
    from ncclkit.doctor import run_doctor

    out = Path(out).absolute()
    name = _archive_name(out)
    if out.exists() and not force:
        raise NcclkitError(f"bundle: {out} already exists", hint="give a new name or add --force")
    if not out.parent.is_dir():
        raise NcclkitError(f"bundle: folder {out.parent} does not exist", hint=f"mkdir -p {out.parent}")
    if out.is_dir():
        raise NcclkitError(f"bundle: {out} is a folder", hint="give a new file name ending in .tar.gz")
    for f in files:  # before any work: a FIFO would block and a folder cannot be packed as a log
        require_regular_file(f, hint="give NCCL logs, nccl-tests outputs or ncclkit result JSON files")
    tmp = Path(tempfile.mkdtemp(prefix=".ncclkit-bundle-", dir=out.parent))
    try:
        tree = tmp / name
        tree.mkdir()
        capture_tree(root, tree, redacted=redact)
        results = [f for f in files if _is_result(f)]
        logs = [f for f in files if f not in results]
        _copy_inputs(logs, tree / BUNDLE_DIR / "logs")
        _copy_inputs(results, tree / BUNDLE_DIR / "results")
        if redact:
            _strip_local_paths(tree / BUNDLE_DIR / "results")
            _redact(tree)
        _write_index(tree, redact=redact, live=root.live)
        # Doctor on the packed (redacted) snapshot: its JSON needs no redaction of its own, and
        # its source is the bundle's folder, not the temporary one next to OUT.
        doctor = run_doctor(replace(NodeRoot.open(str(tree)), label=name))
        (tree / BUNDLE_DIR / "doctor.json").write_text(json.dumps(doctor.to_json(), indent=2) + "\n")
        archive = tmp / out.name
        with tarfile.open(archive, "w:gz") as tf:
            tf.add(tree, arcname=name)
        archive.replace(out)
        packed = sorted(p.relative_to(tree).as_posix() for p in (tree / BUNDLE_DIR).rglob("*") if p.is_file())
        return BundleResult(path=out, size_bytes=out.stat().st_size, redacted=redact,
                            logs=tuple(p for p in packed if p.startswith(f"{BUNDLE_DIR}/logs/")),
                            results=tuple(p for p in packed if p.startswith(f"{BUNDLE_DIR}/results/")))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
