"""Which kind of artifact a text is, from its content (CONTRACTS section 5 kinds).

Each kind has line signatures that other artifacts do not produce; the head of the input (the first
1 MiB is enough for every tool's output) is scored and the strongest kind wins. An NCCL log that
carries an nccl-tests table is `nccl_tests` only when the table dominates the NCCL lines.
"""

from __future__ import annotations

import re

from ncclkit.logs.nccl_tests import looks_like_row

__all__ = ["HEAD_BYTES", "KINDS", "detect_kind", "is_binary"]

KINDS = ("nccl_log", "nccl_tests", "topo", "ibstat", "ibv_devinfo", "show_gids", "unknown")
HEAD_BYTES = 1 << 20

_SHOW_GIDS = re.compile(r"^\s*DEV\s+PORT\s+INDEX\s+GID", re.IGNORECASE | re.MULTILINE)
_IBSTAT = re.compile(r"^\s*CA '[^']+'\s*$", re.MULTILINE)
_IBSTATUS = re.compile(r"^\s*Infiniband device '[^']+' port \d+ status:", re.MULTILINE)
_DEVINFO = re.compile(r"^\s*(?:hca_id:|GID\[\s*\d+\]:|phys_state:\s|device\s+node GUID)", re.MULTILINE)
_TOPO = re.compile(r"^\s*GPU0\s+(?:X\s|GPU1|NIC0|mlx)", re.MULTILINE)
_TESTS_MARK = re.compile(r"^\s*#\s*(?:size\s+count\b|Avg bus bandwidth|Out of bounds values)", re.MULTILINE)
_NCCL_LINE = re.compile(r"NCCL (?:INFO|WARN|TRACE|CALL|version)|Test NCCL failure")


def is_binary(head: bytes) -> bool:
    """NUL bytes or mostly non-text bytes: not something a tool printed."""
    if not head:
        return False
    if b"\x00" in head[:65536]:
        return True
    sample = head[:65536]
    control = sum(1 for b in sample if b < 9 or 13 < b < 32)
    return control > len(sample) * 0.10


def detect_kind(head: str) -> str:
    """One of KINDS for the first part of a text (decoded with errors="replace")."""
    stripped = head.lstrip()
    if stripped.startswith("{") and '"results"' in head:
        return "nccl_tests"  # nccl-tests -J JSON
    nccl_lines = len(_NCCL_LINE.findall(head))
    if _SHOW_GIDS.search(head):
        return "show_gids"
    if _IBSTAT.search(head):
        return "ibstat"
    if _IBSTATUS.search(head):
        return "ibstat"
    if _TOPO.search(head) and nccl_lines < 5:
        return "topo"
    rows = sum(1 for line in head.splitlines() if len(line) > 30 and looks_like_row(line))
    marks = len(_TESTS_MARK.findall(head))
    if rows and (marks or rows >= 2) and 4 * (rows + marks) >= nccl_lines:
        return "nccl_tests"
    if nccl_lines:
        return "nccl_log"
    if _DEVINFO.search(head):
        return "ibv_devinfo"
    if rows:
        return "nccl_tests"
    return "unknown"
