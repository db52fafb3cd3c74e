"""Frozen dataclass records back from their JSON, checked against the type hints.

Follows the hints: tuples, dicts (int keys written as strings), nested dataclasses and `X | None`.
Keys a class does not know (a newer writer) are ignored; a missing required field or a wrong type
raises ValueError naming the field, which the caller turns into an error naming the file.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any

__all__ = ["build_typed"]


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def build_typed(tp: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        inner = [a for a in args if a is not type(None)]
        return build_typed(inner[0], value, where)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            raise ValueError(f"{where}: expected an object, got {type(value).__name__}")
        hints = _hints(tp)
        kwargs = {f.name: build_typed(hints[f.name], value[f.name], f"{where}.{f.name}")
                  for f in dataclasses.fields(tp) if f.name in value}
        try:
            return tp(**kwargs)
        except TypeError as exc:
            raise ValueError(f"{where}: {exc}") from None
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, got {type(value).__name__}")
        return tuple(build_typed(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict):
            raise ValueError(f"{where}: expected an object, got {type(value).__name__}")
        key_tp, val_tp = args
        return {build_typed(key_tp, k, where): build_typed(val_tp, v, f"{where}[{k}]") for k, v in value.items()}
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
