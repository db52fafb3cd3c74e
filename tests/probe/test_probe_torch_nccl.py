"""doctor learns torch's NCCL without importing torch (5 s on a GPU node, issue 15).

A site-packages laid out as pip installs torch 2.11 and its NCCL wheel: torch/version.py and
nvidia/nccl/lib/libnccl.so.2 (or nvidia/cu13/lib, or torch/lib). The library is a real shared
object built here with the system C compiler that answers ncclGetVersion like NCCL 2.28.9.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ncclkit.probe import nccl as probe_nccl

pytestmark = pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler")


def _site(tmp: Path, lib_dir: str | None, version: str = "2.11.0+cu130") -> Path:
    (tmp / "torch").mkdir()
    (tmp / "torch" / "__init__.py").write_text("raise ImportError('doctor must not import me')\n")
    (tmp / "torch" / "version.py").write_text(f"__version__ = '{version}'\ngit_version = 'x'\n")
    if lib_dir:
        src = tmp / "v.c"
        src.write_text("int ncclGetVersion(int *v) { *v = 22809; return 0; }\n")
        out = tmp / lib_dir / "libnccl.so.2"
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["cc", "-shared", "-fPIC", "-o", str(out), str(src)], check=True)
    return tmp / "torch"


@pytest.mark.parametrize("lib_dir", ["nvidia/nccl/lib", "nvidia/cu13/lib", "torch/lib"])
def test_version_from_the_wheel_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        lib_dir: str) -> None:
    tdir = _site(tmp_path, lib_dir)
    monkeypatch.setattr(probe_nccl, "_torch_dir", lambda: tdir)
    monkeypatch.delitem(sys.modules, "torch", raising=False)
    assert probe_nccl.torch_libnccl(tdir) == tmp_path / lib_dir / "libnccl.so.2"
    assert probe_nccl._torch_version() == ("2.11.0+cu130", "2.28.9")


def test_cpu_torch_has_no_nccl_and_is_not_imported(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    tdir = _site(tmp_path, None, version="2.13.0+cpu")
    monkeypatch.setattr(probe_nccl, "_torch_dir", lambda: tdir)
    monkeypatch.delitem(sys.modules, "torch", raising=False)
    assert probe_nccl._torch_version() == ("2.13.0+cpu", None)


def test_a_cuda_torch_without_a_separate_library_must_be_asked(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    tdir = _site(tmp_path, None)  # NCCL linked into libtorch_cuda: only torch can tell
    monkeypatch.setattr(probe_nccl, "_torch_dir", lambda: tdir)
    assert probe_nccl._torch_version_fast() is None
