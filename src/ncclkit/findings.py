"""Finding records (CONTRACTS.md section 2/3/9): id, severity, subject, message, evidence, fix, cause."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ncclkit.causes import Cause, default_cause

__all__ = ["Finding", "Severity", "exit_code_for", "sort_findings"]


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """One diagnosis. `id` is stable and dotted (`ib.port_down`); `subject` names the thing as NCCL does."""

    id: str
    severity: Severity
    subject: str
    message: str
    fix: str = ""
    evidence: dict[str, Any] = field(default_factory=dict)
    # None: the id's default cause (ncclkit.causes); a judge that knows better passes one.
    cause: Cause | None = None
    # True: this instance states no cause at all, whatever its id's default (a fact that cannot matter here).
    no_cause: bool = False

    @classmethod
    def root_error(cls, fid: str, subject: str, message: str, fix: str, cause: Cause, lines: list[int],
                   **evidence: object) -> Finding:
        """An error that states the root of what a paste shows, citing the lines that show it."""
        return cls(id=fid, severity=Severity.ERROR, subject=subject, message=message, fix=fix, cause=cause,
                   evidence={"role": "root", "lines": lines, **evidence})

    @property
    def root_cause(self) -> Cause | None:
        """The cause this finding states: the judge's own, else the default of its id."""
        if self.no_cause:
            return None
        return self.cause if self.cause is not None else default_cause(self.id)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "severity": str(self.severity),
            "subject": self.subject,
            "message": self.message,
            "evidence": self.evidence,
            "fix": self.fix,
            "cause": None if self.root_cause is None else str(self.root_cause),
        }


def sort_findings(findings: list[Finding]) -> list[Finding]:
    """Errors first, then warnings, then info; stable within a severity."""
    return sorted(findings, key=lambda f: _ORDER[f.severity])


def exit_code_for(findings: list[Finding]) -> int:
    """0 when no error finding, 1 otherwise (CONTRACTS.md section 2)."""
    return 1 if any(f.severity == Severity.ERROR for f in findings) else 0
