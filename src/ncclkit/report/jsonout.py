"""JSON output of reports: one object, keys in the order the contract lists them, 2-space indent.

Dicts are emitted in insertion order (the `to_json()` methods build them in contract order; facts
lists and maps are sorted by the probe), so the same input always prints the same bytes.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

__all__ = ["dumps", "write_json"]


def _default(obj: Any) -> Any:
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")


def dumps(obj: Any) -> str:
    """ASCII JSON text with a stable layout."""
    return json.dumps(obj, indent=2, ensure_ascii=True, default=_default)


def write_json(obj: Any, out: TextIO) -> None:
    out.write(dumps(obj))
    out.write("\n")
