"""NodeFacts back from the JSON that `facts_to_json` wrote (doctor's and cluster's "facts").

The report draws the topology of a doctor result file with the same helpers (ncclkit.topology) that
doctor used on the live node, so the facts must be real NodeFacts again. The reverse follows the
dataclass type hints: tuples, dicts (int keys were written as strings), nested dataclasses and
`X | None`. Keys the facts classes do not know (a newer writer) are ignored; a missing required
field or a wrong type raises ValueError, which the caller turns into an error naming the file.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any

from ncclkit import facts as facts_mod
from ncclkit import facts_health
from ncclkit.facts import NodeFacts

__all__ = ["facts_from_json"]


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, {**vars(facts_health), **vars(facts_mod)})


def _build(tp: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        inner = [a for a in args if a is not type(None)]
        return _build(inner[0], value, where)
    if dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            raise ValueError(f"{where}: expected an object, got {type(value).__name__}")
        hints = _hints(tp)
        kwargs = {f.name: _build(hints[f.name], value[f.name], f"{where}.{f.name}")
                  for f in dataclasses.fields(tp) if f.name in value}
        try:
            return tp(**kwargs)
        except TypeError as exc:
            raise ValueError(f"{where}: {exc}") from None
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, got {type(value).__name__}")
        return tuple(_build(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict):
            raise ValueError(f"{where}: expected an object, got {type(value).__name__}")
        key_tp, val_tp = args
        return {_build(key_tp, k, where): _build(val_tp, v, f"{where}[{k}]") for k, v in value.items()}
    if tp is int and isinstance(value, str):
        try:
            return int(value)  # dict keys such as numa_nodes' were written as strings
        except ValueError:
            raise ValueError(f"{where}: {value!r} is not an integer") from None
    if tp is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if tp in (str, int, float, bool) and not isinstance(value, tp):
        raise ValueError(f"{where}: expected {tp.__name__}, got {type(value).__name__}")
    return value


def facts_from_json(data: Any) -> NodeFacts:
    """NodeFacts of a `facts` object; ValueError naming the first bad field."""
    return _build(NodeFacts, data, "facts")
