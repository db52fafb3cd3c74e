"""The one user-facing exception and the process exit codes."""

from __future__ import annotations

from enum import IntEnum

__all__ = ["ExitCode", "NcclkitError"]


class ExitCode(IntEnum):
    """Exit codes shared by every command (CONTRACTS.md section 2)."""

    OK = 0
    FINDINGS = 1  # at least one error finding
    CANNOT_RUN = 2  # bad input or the command could not run at all


class NcclkitError(Exception):
    """A problem the user can fix: printed as one message plus a hint, never a traceback."""

    def __init__(self, message: str, *, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message}\n  fix: {self.hint}" if self.hint else self.message
