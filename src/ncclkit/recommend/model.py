"""EnvRecommendation: the variables to set on a node, why, and what NCCL will then choose.

`to_json()` is the object of CONTRACTS.md section 4 (doctor's JSON embeds it as "env").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["EnvRecommendation", "EnvSetting", "SCHEMA_VERSION"]

SCHEMA_VERSION = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class EnvSetting:
    """One variable: `value` None means "leave unset" (NCCL already does the right thing)."""

    name: str
    value: str | None
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EnvRecommendation:
    env: dict[str, str]
    """Variables to set, in a stable order."""
    reasons: dict[str, str]
    """A reason for every variable in `env` and for the important ones deliberately left unset."""
    prediction: dict[str, Any]
    """What NCCL will choose with `env` applied (see ncclkit.nccl.predict)."""
    unset: tuple[str, ...] = ()
    """Variables in force now that must be removed (they slow or break NCCL here)."""
    verification: dict[str, str] = field(default_factory=dict)
    """Extra variables for one verification run whose log proves the prediction."""
    nccl_version: str | None = None

    @classmethod
    def from_settings(cls, settings: list[EnvSetting], *, prediction: dict[str, Any],
                      unset: tuple[str, ...], verification: list[EnvSetting],
                      nccl_version: str | None) -> EnvRecommendation:
        env = {s.name: s.value for s in settings if s.value is not None}
        reasons = {s.name: s.reason for s in settings}
        reasons.update({s.name: s.reason for s in verification})
        return cls(env=env, reasons=reasons, prediction=prediction, unset=unset,
                   verification={s.name: s.value for s in verification if s.value is not None},
                   nccl_version=nccl_version)

    def to_json(self) -> dict[str, Any]:
        return {"schema_version": SCHEMA_VERSION, "env": dict(self.env), "reasons": dict(self.reasons),
                "prediction": self.prediction, "unset": list(self.unset),
                "verification": dict(self.verification), "nccl_version": self.nccl_version}
