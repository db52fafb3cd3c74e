"""The NCCL environment each node of a launch gets: from a snapshot (probe + recommend), or from
`ncclkit env --json` output, plus the NCCL_DEBUG settings of a first verification run.

Names must be environment-variable names and values printable text: both end up in shell
scripts and manifests, and a newline or NUL in either has no legitimate NCCL use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ncclkit.errors import NcclkitError
from ncclkit.inputfile import read_input_json
from ncclkit.nccl.debug import verification_subsys

__all__ = ["DEBUG_ENV", "NodeEnv", "env_from_json", "env_from_root", "validate_env"]

# The first run's mask (ncclkit.nccl.debug): every node may run another NCCL, and names an older
# NCCL does not know are ignored, so the newest mask serves all.
DEBUG_ENV = {"NCCL_DEBUG": "INFO", "NCCL_DEBUG_SUBSYS": verification_subsys(None)}

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,127}$")


@dataclass(frozen=True, slots=True, kw_only=True)
class NodeEnv:
    env: dict[str, str]
    reasons: dict[str, str] = field(default_factory=dict)
    facts: Any = None  # NodeFacts when read from a snapshot, for preflight
    source: str = ""


def validate_env(env: dict[str, Any], *, source: str) -> dict[str, str]:
    out = {}
    for name, value in env.items():
        if not isinstance(name, str) or not _NAME.match(name):
            raise NcclkitError(f"{source}: {name!r} is not an environment variable name",
                               hint="names are letters, digits and '_', not starting with a digit")
        text = str(value) if isinstance(value, (str, int, float)) else None
        if text is None or not text.isprintable():
            raise NcclkitError(f"{source}: {name}={value!r} is not a printable single-line value",
                               hint="NCCL values are short text such as mlx5_0:1,mlx5_1:1")
        out[name] = text
    return out


def env_from_json(path: Path) -> NodeEnv:
    """`ncclkit env --json` output (CONTRACTS.md section 4), or a plain {"NAME": "value"} object."""
    data = read_input_json(path, flag="--env-json",
                           hint="pass the output of `ncclkit env --root DIR --json`")
    if not isinstance(data, dict):
        raise NcclkitError(f"{path}: not a JSON object", hint="expected {\"env\": {...}}")
    env = data.get("env", data if "schema_version" not in data else None)
    if not isinstance(env, dict):
        raise NcclkitError(f"{path}: no 'env' object", hint="expected {\"env\": {\"NAME\": \"value\"}}")
    reasons = data.get("reasons")
    reasons = reasons if isinstance(reasons, dict) else {}
    return NodeEnv(env=validate_env(env, source=str(path)),
                   reasons={str(k): str(v) for k, v in reasons.items()}, source=str(path))


def env_from_root(root: str) -> NodeEnv:
    """Probe a snapshot (or `/`) and recommend its NCCL environment (`ncclkit env`'s answer)."""
    try:
        from ncclkit.probe.collect import collect
        from ncclkit.doctor import recommend_checked
    except ImportError as exc:
        raise NcclkitError(f"cannot derive the NCCL environment from {root}: {exc}",
                           hint="pass --env-json FILE (the output of `ncclkit env --json`)") from None
    from ncclkit.probe.root import NodeRoot

    facts = collect(NodeRoot.open(root))
    rec = recommend_checked(facts)
    return NodeEnv(env=validate_env(dict(rec.env), source=f"recommendation for {root}"),
                   reasons=dict(rec.reasons), facts=facts, source=root)
