"""A job on several GeForce RTX 40-series GPUs that the reporter says hangs (`log.geforce_p2p_hang`).

The Ada GeForce cards (RTX 4060 - 4090) have no peer-to-peer access over PCIe, and some drivers hung NCCL's P2P
transport on consumer cards (545 on RTX 3090s, NVIDIA/nccl#1127, settled by going back to 535; 560,
dmlc/xgboost#11242, fixed in 570): it then waits forever on copies that never land. P2P through an IOMMU or an
ACS-enabled PCIe switch hangs the same way on any card. The resolved threads of tests/diagnosis in which a reporter
told of a job on RTX 4090s stuck with nothing printed were settled so, by NCCL_P2P_DISABLE=1 or the driver
(deepspeedai/DeepSpeed#4433: stuck on 4090s where 3090s ran; NVIDIA/nccl-tests#117; rickyang1114/DDP-practice#1: a
DDP constructor stuck on five 4090s; InternLM/lmdeploy#1750: a server on 2 x 4090 that never answered under driver
545). A reporter's words are a symptom, so the reading is a warning: a line that names a cause leads before it.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.logs.paste import HANG_WORDS

__all__ = ["geforce_p2p_findings"]

# "RTX 4090", "GeForce 4080", "2x4090", "4090 GPUs", "4090 * 5"; not a bare number ("port 4090")
_ADA = re.compile(r"\b(?:RTX|GeForce)\s?40[6-9]0(?:\s?Ti)?\b|\b\d+\s?[x×*]\s?(?:RTX\s?)?40[6-9]0\b|"
                  r"\b40[6-9]0(?:\s?Ti)?s?\s?(?:GPUs?|gpus?|cards?|\s?[x×*]\s?\d)", re.IGNORECASE)
_FIX = ("export NCCL_P2P_DISABLE=1 for the job (NCCL then copies through host memory); if it runs, keep it, or update "
        "the driver and check that IOMMU is off or in passthrough and ACS off on the PCIe switches (`ncclkit doctor`), "
        "then try P2P again with nccl-tests' all_reduce_perf")


def geforce_p2p_findings(text: str) -> list[Finding]:
    """The finding of a paste that tells of a job on GeForce RTX 40-series GPUs that hangs."""
    ada = _ADA.search(text)
    hang = HANG_WORDS.search(text) if ada else None
    if ada is None or hang is None:
        return []
    lines = sorted({text.count("\n", 0, ada.start()) + 1, text.count("\n", 0, hang.start()) + 1})
    return [Finding(
        id="log.geforce_p2p_hang", severity=Severity.WARNING, subject="NCCL_P2P_DISABLE",
        message=(f"a job on GeForce RTX 40-series GPUs ({ada.group(0).strip()}) that the reporter says hangs "
                 f"({hang.group(0)}; line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines))}): these cards "
                 "have no peer-to-peer access, and where the driver reports it or an IOMMU or PCIe switch blocks it, "
                 "NCCL's P2P transport waits forever"),
        fix=_FIX, cause=Cause.ACS_IOMMU_P2P,
        evidence={"role": "root", "lines": lines,
                  "alternatives": [str(Cause.CUDA_OR_DRIVER), str(Cause.APPLICATION_BUG)]})]
