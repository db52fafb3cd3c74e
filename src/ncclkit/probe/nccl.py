"""Read the NCCL version in use and the NCCL-related environment into NcclFacts.

Live: torch's NCCL (that is what training uses), found without importing torch (5 s on a GPU
node): the libnccl.so.2 of the nvidia-nccl wheel torch loads, or one in torch/lib, asked with
ncclGetVersion(); torch is imported only when neither exists (a build with NCCL linked in). Else
ncclGetVersion() of the libnccl.so.2 the dynamic loader finds; the environment of this process.
Snapshot: cmd/torch-nccl.txt ("2.11.0+cu130 13.0 (2, 28, 9)"), cmd/nccl-version.txt, cmd/env.txt.
Then NCCL's config files (NCCL_CONF_FILE or ~/.nccl.conf, and etc/nccl.conf) are applied under the
environment with NCCL's precedence (ncclkit.nccl.config): `env` is what NCCL reads.
"""

from __future__ import annotations

import ctypes
import importlib
import importlib.util
import os
import re
import sys
import warnings
from collections.abc import Mapping
from pathlib import Path

from ncclkit.facts import NcclFacts
from ncclkit.nccl.config import apply_conf_files, conf_file_order
from ncclkit.nccl.versions import parse_nccl_version
from ncclkit.probe.common import IssueLog, uncaptured_reason
from ncclkit.probe.parse import parse_env_lines
from ncclkit.probe.root import NodeRoot, is_error_output

__all__ = ["ENV_EXACT", "ENV_PREFIXES", "NOT_READ_BY_NCCL", "filter_env", "parse_torch_nccl", "read_nccl",
           "torch_libnccl"]

SOURCE_VERSION = "nccl.version"
SOURCE_ENV = "nccl.env"
# TORCH_*: ProcessGroupNCCL's own settings (flight recorder, dump on timeout, error handling) decide
# whether a hang leaves evidence (ncclkit.hang.evidence).
ENV_PREFIXES = ("NCCL_", "UCX_", "MASTER_", "TORCH_")
ENV_EXACT = ("CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER")
# NCCL_-named variables that NCCL itself never reads: kept in the facts (they tell what the image
# ships) but no rule, recommendation or cross-node comparison may treat them as NCCL settings.
# NVIDIA's containers set NCCL_VERSION to the NCCL they install (e.g. "2.28.3-1"); the NCCL a job
# loads (torch's bundled one) may differ, and NCCL's param.cc never looks the variable up.
NOT_READ_BY_NCCL = {"NCCL_VERSION": "set by NVIDIA's container image; NCCL does not read it"}
_TUPLE = re.compile(r"\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)")


def filter_env(env: Mapping[str, str]) -> dict[str, str]:
    """The variables that steer NCCL and its launch, sorted by name."""
    return {k: env[k] for k in sorted(env) if k.startswith(ENV_PREFIXES) or k in ENV_EXACT}


def _version(text: str | int | None) -> str | None:
    """"2.28.9" from any form parse_nccl_version() takes; None for garbage."""
    version = parse_nccl_version(text)
    return ".".join(map(str, version)) if version else None


def parse_torch_nccl(text: str) -> tuple[str | None, str | None]:
    """"2.11.0+cu130 13.0 (2, 28, 9)" (torch, CUDA, torch.cuda.nccl.version()) -> (torch, nccl)."""
    fields = text.strip().split()
    if not fields:
        return None, None
    torch_version = fields[0] if re.match(r"^\d+\.\d+", fields[0]) else None
    # The NCCL version is the tuple; without one, the last field (an int code or a dotted version).
    m = _TUPLE.search(text)
    return torch_version, _version(m.group(0) if m else (fields[-1] if len(fields) > 1 else None))


_TORCH_VERSION = re.compile(r"""^__version__\s*=\s*['"]([^'"]+)['"]""", re.M)


def _torch_dir() -> Path | None:
    try:
        spec = importlib.util.find_spec("torch")  # locates the package, imports nothing
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or []) if spec else []
    return Path(locations[0]) if locations else None


def torch_libnccl(torch_dir: Path) -> Path | None:
    """The libnccl a pip torch loads: nvidia-nccl's wheel beside torch in site-packages
    (nvidia/nccl/lib, or nvidia/cu13/lib in the CUDA 13 layout), or one in torch/lib."""
    names = ("libnccl.so.2", "libnccl.so")
    for sub in ("nvidia/nccl/lib", "nvidia/cu13/lib", "nvidia/cu12/lib", "torch/lib"):
        for name in names:
            cand = torch_dir.parent / sub / name
            if cand.is_file():
                return cand
    return None


def _torch_version_fast() -> tuple[str | None, str | None] | None:
    """(torch version, NCCL version) read beside the torch package; None: torch must be asked."""
    tdir = _torch_dir()
    if tdir is None:
        return None
    try:
        m = _TORCH_VERSION.search((tdir / "version.py").read_text(errors="replace"))
    except OSError:
        m = None
    torch_version = m.group(1) if m else None
    lib = torch_libnccl(tdir)
    version = _libnccl_version(str(lib)) if lib else None
    if version is None:
        # a CPU build has no NCCL at all: nothing to learn from importing it
        return (torch_version, None) if torch_version and "+cpu" in torch_version else None
    return torch_version, version


def _torch_version() -> tuple[str | None, str | None]:
    """(torch version, NCCL version of torch); never raises, never imports torch if absent."""
    if "torch" not in sys.modules:
        fast = _torch_version_fast()
        if fast is not None:
            return fast
        if importlib.util.find_spec("torch") is None:
            return None, None
    try:
        # torch warns on import when NumPy is missing or mismatched; that is noise for a probe.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch = importlib.import_module("torch")
        torch_version = str(torch.__version__)
    except Exception:  # noqa: BLE001 - a broken torch install only means "not known"
        return None, None
    try:
        return torch_version, _version(str(torch.cuda.nccl.version()))
    except Exception:  # noqa: BLE001 - CPU builds have no NCCL and raise various errors
        return torch_version, None


def _libnccl_version(path: str = "libnccl.so.2") -> str | None:
    try:
        lib = ctypes.CDLL(path)
        code = ctypes.c_int(0)
        if lib.ncclGetVersion(ctypes.byref(code)) != 0:
            return None
    except (OSError, AttributeError):
        return None
    return _version(code.value)


def _read_version(root: NodeRoot, issues: IssueLog) -> tuple[str | None, str | None, str | None]:
    """(version, source, torch version)."""
    if root.live:
        torch_version, version = _torch_version()
        if version:
            return version, "torch", torch_version
        version = _libnccl_version()
        return version, ("libnccl" if version else None), torch_version
    torch_version = None
    text = root.command("torch-nccl.txt")
    if text is not None:
        torch_version, version = parse_torch_nccl(text)
        if version:
            return version, "cmd/torch-nccl.txt", torch_version
        issues.add(SOURCE_VERSION, "cmd/torch-nccl.txt", f"no NCCL version in {text[:80]!r}")
    text = root.command("nccl-version.txt")
    if text is not None:
        version = _version(text.strip())
        if version:
            return version, "cmd/nccl-version.txt", torch_version
        issues.add(SOURCE_VERSION, "cmd/nccl-version.txt", f"not a version: {text[:80]!r}")
    else:
        issues.add(SOURCE_VERSION, "cmd/nccl-version.txt",
                   f"{uncaptured_reason(root, 'nccl-version.txt')}: NCCL version unknown")
    return None, None, torch_version


def _read_env(root: NodeRoot, issues: IssueLog) -> tuple[dict[str, str], str | None]:
    if root.live:
        return filter_env(os.environ), "process"
    # Read directly, not through command(): an empty env.txt is data (nothing set), not an error.
    text = root.read_text("cmd/env.txt")
    if text is None:
        issues.add(SOURCE_ENV, "cmd/env.txt", "not captured: NCCL environment unknown")
        return {}, None
    if text.strip() and is_error_output(text):
        issues.add(SOURCE_ENV, "cmd/env.txt", f"holds an error, not variables: {text.strip()[:80]!r}")
        return {}, None
    env, bad = parse_env_lines(text)
    if bad:
        issues.add(SOURCE_ENV, "cmd/env.txt", f"{len(bad)} line(s) not KEY=VALUE, e.g. {bad[0][:60]!r}")
    return filter_env(env), "cmd/env.txt"


def _conf_files(root: NodeRoot, env: dict[str, str], version: str | None) -> list[tuple[str, str]]:
    """The config files NCCL would read that exist on the node, in precedence order."""
    home = os.environ.get("HOME") if root.live else None  # a snapshot does not know the job's HOME
    out = []
    for path in conf_file_order(env, home, parse_nccl_version(version)):
        text = root.read_text(path.lstrip("/")) if path.startswith("/") else None
        if text is not None:
            out.append((path, text))
    return out


def read_nccl(root: NodeRoot, issues: IssueLog) -> NcclFacts:
    version, version_source, torch_version = _read_version(root, issues)
    env, env_source = _read_env(root, issues)
    applied, origin = apply_conf_files(env, _conf_files(root, env, version))
    return NcclFacts(version=version, version_source=version_source, torch_version=torch_version,
                     env=filter_env(applied), env_source=env_source,
                     env_from_files={k: v for k, v in origin.items() if k in filter_env(applied)})
