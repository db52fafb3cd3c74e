"""Shared plumbing of the probe readers: the issue log and typed reads of one sysfs attribute.

Readers never raise for bad node data: they record a ProbeIssue (root-relative path, so that a
live read and a snapshot of it give the same issues) and carry on with None.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from ncclkit.facts import ProbeIssue
from ncclkit.probe.parse import parse_bdf, parse_int
from ncclkit.probe.root import NodeRoot, is_error_output

__all__ = ["BDF_COMPONENT", "IssueLog", "bdf_of_path", "guard", "read_attr", "read_int_attr", "read_parsed",
           "uncaptured_reason"]

T = TypeVar("T")
D = TypeVar("D")

# A path component that names a PCI function: "0000:18:00.0" (sysfs always writes the domain).
BDF_COMPONENT = re.compile(r"^[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]$")


class IssueLog:
    """Ordered, de-duplicated ProbeIssues of one collect() run."""

    def __init__(self) -> None:
        self._items: dict[tuple[str, str, str], ProbeIssue] = {}

    def add(self, source: str, path: str, message: str) -> None:
        key = (source, path, message)
        if key not in self._items:
            self._items[key] = ProbeIssue(source=source, path=path, message=message)

    def items(self) -> tuple[ProbeIssue, ...]:
        return tuple(self._items.values())


_FALLBACK = object()


def _read_direct(root: NodeRoot, rel: str) -> str | object | None:
    """Open base/rel as the OS sees it: text, None (absent), or _FALLBACK (a link file in the way).

    The OS follows real symlinks as NodeRoot.resolve() does (sysfs links are relative), so a direct
    open is the same read without resolve()'s per-component checks, which dominate collect() time.
    """
    try:
        text = (root.base / rel).read_text(errors="replace")
    except (FileNotFoundError, IsADirectoryError):
        return None
    except (OSError, ValueError):
        return _FALLBACK  # NotADirectoryError: a link file (snapshot copy) on the way
    if text.startswith(("../", "/")) and "\n" not in text.strip():
        return _FALLBACK  # the file is itself a link file
    return text


def read_attr(root: NodeRoot, rel: str) -> str | None:
    """One attribute file, whitespace-stripped; None when absent, unreadable or empty."""
    text = _read_direct(root, rel)
    if text is _FALLBACK:
        text = root.read_text(rel)
    if not isinstance(text, str):
        return None
    text = text.strip()
    return text or None


def read_parsed(root: NodeRoot, rel: str, parse: Callable[[str], T | None], issues: IssueLog,
                source: str) -> T | None:
    """Read and parse one attribute; a present but unparsable value becomes a ProbeIssue."""
    text = read_attr(root, rel)
    if text is None:
        return None
    value = parse(text)
    if value is None:
        issues.add(source, rel, f"unexpected value {text[:80]!r}")
    return value


def read_int_attr(root: NodeRoot, rel: str, issues: IssueLog, source: str, base: int = 10) -> int | None:
    return read_parsed(root, rel, lambda t: parse_int(t, base), issues, source)


def bdf_of_path(resolved: str) -> str | None:
    """The last PCI function on a resolved sys/devices path (the device a netdev/HCA sits on)."""
    for comp in reversed(resolved.split("/")):
        if BDF_COMPONENT.match(comp):
            return parse_bdf(comp)
    return None


def uncaptured_reason(root: NodeRoot, name: str) -> str:
    """Why a snapshot's cmd/<name> gave no output: "not captured", or what the file holds instead."""
    text = root.read_text(f"cmd/{name}")
    if text is None:
        return "not captured"
    if not text.strip():
        return "captured output is empty"
    if is_error_output(text):
        return f"captured output is an error message ({text.strip().splitlines()[0][:80]!r})"
    return "not captured"


def guard(issues: IssueLog, source: str, default: D, fn: Callable[[], T]) -> T | D:
    """fn(), or `default` with the failure recorded: one broken source must not hide the others."""
    try:
        return fn()
    except Exception as exc:  # noqa: BLE001 - any reader bug becomes a probe issue, never a traceback
        issues.add(source, "", f"reader failed: {type(exc).__name__}: {exc}")
        return default
