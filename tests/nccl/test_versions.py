"""NCCL version forms read as comparable tuples (ncclkit.nccl.versions)."""

from __future__ import annotations

import pytest

from ncclkit.nccl.versions import parse_nccl_version, version_text


@pytest.mark.parametrize(("text", "want"), [
    ("2.28.9", (2, 28, 9)), ("2.21.5+cuda12.4", (2, 21, 5)), ("(2, 28, 9)", (2, 28, 9)), (22809, (2, 28, 9)),
    ("2708", (2, 7, 8)),
    # PyTorch 1.9 - 1.10 printed NCCL_VERSION_CODE 21003 with the pre-2.9 divisors
    ("21.0.3", (2, 10, 3)), ("21.1.4", (2, 11, 4)), ("21.2.12", (2, 12, 12)),
    ("not a version", None), (None, None),
])
def test_forms(text: str | int | None, want: tuple[int, int, int] | None) -> None:
    assert parse_nccl_version(text) == want


def test_text() -> None:
    assert version_text((2, 18, 6)) == "2.18.6" and version_text(None) == "(unknown version)"
