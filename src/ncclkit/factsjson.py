"""NodeFacts back from the JSON that `facts_to_json` wrote (doctor's and cluster's "facts").

The report draws the topology of a doctor result file with the same helpers (ncclkit.nccl.paths) that
doctor used on the live node, so the facts must be real NodeFacts again. The reverse follows the
dataclass type hints: tuples, dicts (int keys were written as strings), nested dataclasses and
`X | None`. Keys the facts classes do not know (a newer writer) are ignored; a missing required
field or a wrong type raises ValueError, which the caller turns into an error naming the file.
"""

from __future__ import annotations

from typing import Any

from ncclkit.facts import NodeFacts
from ncclkit.typedjson import build_typed

__all__ = ["facts_from_json"]


def facts_from_json(data: Any) -> NodeFacts:
    """NodeFacts of a `facts` object; ValueError naming the first bad field."""
    return build_typed(NodeFacts, data, "facts")
