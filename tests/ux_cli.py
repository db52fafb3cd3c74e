"""Running the CLI as a user does, for the UX audit's tests (test_ux_audit.py, test_ux_audit_reports.py)."""

from __future__ import annotations

import pytest

from ncclkit.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `ncclkit *argv`."""
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def ids(findings: list[dict]) -> set[str]:
    return {f["id"] for f in findings}
