"""An NCCL release older than the GPUs it runs on, from the GPU names and the NCCL version a paste shows.

NCCL builds native kernels per GPU architecture (makefiles/common.mk, read in the tags): compute_90
(Hopper) from 2.15.1, compute_100 and compute_120 (Blackwell) from 2.25.1; before, the GPU runs NCCL's
kernels JIT-compiled from an older architecture's PTX and NCCL's topology and tuning do not know it.
Blackwell consumer GPUs (sm_120) also needed 2.26.2 ("Fix shared memory usage on recent Blackwell GPUs").
Threads: milabench#183 (H100, 2.14.3: topology search failed), NVIDIA/nccl#1611 (GB200, 2.21.5:
"free(): corrupted"), NVIDIA/nccl#1637 and nccl-tests#287/#291 (RTX 5090, 2.25.1).
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.logs.paste import NCCL_VERSION_LINE, package_version
from ncclkit.nccl.versions import NcclVersion, parse_nccl_version, version_text

__all__ = ["check_gpu_support"]

# (GPU names, architecture, first NCCL release that supports it)
_ARCHS: tuple[tuple[re.Pattern[str], str, NcclVersion], ...] = (
    (re.compile(r"\bRTX (?:50[6-9]0|PRO [4-6]000 Blackwell)\b|\bRTX PRO 6000\b", re.IGNORECASE), "sm_120", (2, 26, 2)),
    (re.compile(r"\b(?:GB[23]00|B[123]00)\b"), "sm_100", (2, 25, 1)),
    (re.compile(r"\b(?:GH200|H100|H200|H800|H20)\b"), "sm_90", (2, 15, 1)),
)


def _versions(text: str) -> list[NcclVersion]:
    """Every NCCL version the paste names: NCCL's and PyTorch's lines, package and library listings."""
    named = [m.group(1) for m in NCCL_VERSION_LINE.finditer(text)]
    named += [v for pkg, v in filter(None, map(package_version, text.splitlines())) if pkg != "aws-ofi-nccl"]
    return [v for v in map(parse_nccl_version, named) if v is not None]


def check_gpu_support(text: str) -> list[Finding]:
    """`log.nccl_older_than_gpu` when every NCCL version the paste names predates its GPUs' support."""
    gpus = [(gpu, arch, first) for names, arch, first in _ARCHS if (gpu := names.search(text))]
    parsed = _versions(text) if gpus else []  # the listing scan only where a GPU of the table is named
    if not parsed:
        return []
    newest = max(parsed)
    for gpu, arch, first in gpus:
        if newest < first:
            shown, since = version_text(newest), version_text(first)
            return [Finding(
                id="log.nccl_older_than_gpu", severity=Severity.WARNING, subject=gpu.group(0),
                message=f"NCCL {shown} predates the {gpu.group(0)} ({arch}): NCCL supports that architecture from "
                        f"{since}; before, its kernels run JIT-compiled from older PTX and its "
                        "topology and tuning do not know the GPU (init failures, crashes, hangs)",
                fix=f"use NCCL {since} or newer (a newer framework build or container, or "
                    "`pip install -U nvidia-nccl-cu12`)",
                cause=Cause.OTHER,
                evidence={"nccl_version": shown, "gpu": gpu.group(0), "arch": arch, "role": "root",
                          "lines": [text.count("\n", 0, gpu.start()) + 1],
                          "alternatives": [str(Cause.NCCL_VERSION_MISMATCH)]})]
    return []
