"""Shared pytest fixtures: the test data in the repository, and markers that skip without GPUs or root."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="session")
def data() -> Path:
    """tests/data: corpus/ (public artifacts, SOURCES.tsv, labels.json), measurements/, nodes/."""
    return DATA


def have_gpu() -> bool:
    return shutil.which("nvidia-smi") is not None and Path("/dev/nvidia0").exists()


def have_netns() -> bool:
    return os.geteuid() == 0 and shutil.which("ip") is not None
