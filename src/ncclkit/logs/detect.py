"""Which kind of artifact a text is, from its content (CONTRACTS section 5 kinds).

Each kind has line signatures that other artifacts do not produce; the head of the input (the first
1 MiB is enough for every tool's output) is scored and the strongest kind wins. An NCCL log that
carries an nccl-tests table is `nccl_tests` only when the table dominates the NCCL lines.
"""

from __future__ import annotations

import re

from ncclkit.hang.analyze import detect_hang_kind
from ncclkit.logs.nccl_tests import looks_like_row
from ncclkit.logs.ports import IBDEV2NETDEV, RDMA_LINK
from ncclkit.textclean import ANSI_ESCAPE, strip_ansi

__all__ = ["ANSI_ESCAPE", "HEAD_BYTES", "KINDS", "detect_kind", "is_binary", "strip_ansi"]

KINDS = ("nccl_log", "nccl_tests", "topo", "ibstat", "ibv_devinfo", "show_gids", "flight_recorder", "ras",
         "inspector", "unknown")
HEAD_BYTES = 1 << 20

_SHOW_GIDS = re.compile(r"^\s*DEV\s+PORT\s+INDEX\s+GID", re.IGNORECASE | re.MULTILINE)
# A show_gids data row pasted without its header: "mlx5_0  1  3  0000:...:0a00:0001  10.0.0.1  v2  eth0".
_GID_ROW = re.compile(r"^\s*\S+\s+\d+\s+\d+\s+[0-9a-fA-F]{1,4}(?::[0-9a-fA-F]{0,4}){2,7}\s+(?:\S+\s+)?v[12]\s+\S+\s*$",
                      re.MULTILINE)
_IBSTAT = re.compile(r"^\s*CA '[^']+'\s*$", re.MULTILINE)
_IBSTATUS = re.compile(r"^\s*Infiniband device '[^']+' port \d+ status:", re.MULTILINE)
_DEVINFO = re.compile(r"^\s*(?:hca_id:|GID\[\s*\d+\]:|phys_state:\s|device\s+node GUID)", re.MULTILINE)
_TOPO = re.compile(r"^\s*GPU0\s+(?:X\s|GPU1|NIC0|mlx)", re.MULTILINE)
# "#" optional: a paste outside a code block loses it (markdown renders "# Avg bus bandwidth" as a heading).
_TESTS_MARK = re.compile(r"^\s*#?\s*(?:size\s+count\b|Avg bus bandwidth\s*:|Out of bounds values\s*:)", re.MULTILINE)
_TESTS_RANK = re.compile(r"^\s*#?\s*Rank\s+\d+\s+Group\s+\d+\s+Pid\s+\d+\s+on\s", re.MULTILINE)
# PyTorch's ProcessGroupNCCL errors (watchdog, DistBackendError, "ncclSystemError: ...") count as NCCL
# lines too: users often paste only those when NCCL_DEBUG was not set.
_NCCL_LINE = re.compile(r"NCCL (?:INFO|WARN|ATTN|TRACE|CALL|version|watchdog|error)|Test NCCL failure|ProcessGroupNCCL\.cpp|"
                        r"\bnccl(?:System|Internal|Remote|UnhandledCuda|InvalidUsage|InvalidArgument)Error\b")


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
    head = strip_ansi(head)
    hang = detect_hang_kind(b"", head)  # flight-recorder JSON, RAS report, Inspector JSONL (ncclkit.hang)
    if hang:
        return hang
    stripped = head.lstrip()
    if stripped.startswith("{") and '"results"' in head:
        return "nccl_tests"  # nccl-tests -J JSON
    nccl_lines = len(_NCCL_LINE.findall(head))
    rows = sum(1 for line in head.splitlines() if len(line) > 30 and looks_like_row(line))
    marks = len(_TESTS_MARK.findall(head))
    if marks and (rows or marks >= 2) and 4 * (rows + marks) >= nccl_lines:
        # A table of results is the artifact; a port listing or topology matrix pasted with it is read too
        # (paste.embedded), where the other way round the table would be lost.
        return "nccl_tests"
    if _SHOW_GIDS.search(head):
        return "show_gids"
    if _IBSTAT.search(head):
        return "ibstat"
    if _IBSTATUS.search(head) or ((RDMA_LINK.search(head) or IBDEV2NETDEV.search(head)) and nccl_lines < 5):
        return "ibstat"
    if _TOPO.search(head) and nccl_lines < 5:
        return "topo"
    if rows >= 2 and 4 * rows >= nccl_lines:
        return "nccl_tests"
    if nccl_lines:
        return "nccl_log"
    if _DEVINFO.search(head):
        return "ibv_devinfo"
    if len(_GID_ROW.findall(head)) >= 2:
        return "show_gids"
    if rows or _TESTS_RANK.search(head):
        return "nccl_tests"  # its device listing alone: the test stopped before the table
    return "unknown"
