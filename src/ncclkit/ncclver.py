"""NCCL version strings ("2.28.9", "2.21.5+cuda12.4", "(2, 28, 9)", 22809) as comparable tuples."""

from __future__ import annotations

import re

__all__ = ["NcclVersion", "parse_nccl_version"]

NcclVersion = tuple[int, int, int]

_DOTTED = re.compile(r"(\d+)\s*[.,]\s*(\d+)\s*[.,]\s*(\d+)")


def parse_nccl_version(text: str | int | None) -> NcclVersion | None:
    """Parse the forms NCCL, torch and users write; None when it is not a version."""
    if text is None:
        return None
    stripped = str(text).strip()
    if isinstance(text, int) or (stripped.isascii() and stripped.isdigit()):
        code = int(stripped)
        # NCCL_VERSION_CODE: major*10000 + minor*100 + patch since 2.9; major*1000 + minor*100 before.
        if code >= 20900:
            return (code // 10000, (code % 10000) // 100, code % 100)
        if code >= 2000:
            return (code // 1000, (code % 1000) // 100, code % 100)
        return None
    m = _DOTTED.search(str(text))
    return (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None
