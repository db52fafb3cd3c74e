"""Shared pytest fixtures: where ../shared is, and markers that skip without GPUs or root."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("NCCLKIT_SHARED", REPO.parent / "shared"))


@pytest.fixture(scope="session")
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"shared data not found at {SHARED} (set NCCLKIT_SHARED)")
    return SHARED


def have_gpu() -> bool:
    return shutil.which("nvidia-smi") is not None and Path("/dev/nvidia0").exists()


def have_netns() -> bool:
    return os.geteuid() == 0 and shutil.which("ip") is not None
