"""A pasted `nvidia-smi nvlink -s` with links down (pure: text -> list[Finding]).

The node check compares a GPU's active NVLinks with its siblings' (rules.gpu_health.check_nvlink_inactive); a paste
often holds one GPU only (Azure/azhpc-diagnostics#73: "Link 3: <inactive>" beside links at 25.781 GB/s on an SXM2
V100). A GPU that lists some links active and others "<inactive>" has links down whatever its siblings show; one with
every link inactive may have no NVLink at all (a PCIe board), so it is not read.
"""

from __future__ import annotations

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.probe.smi import parse_nvlink_status

__all__ = ["nvlink_paste_findings"]


def nvlink_paste_findings(text: str) -> list[Finding]:
    if "<inactive>" not in text:
        return []
    out = []
    for gpu, links in parse_nvlink_status(text).items():
        down = [lk.link for lk in links if not lk.active]
        active = len(links) - len(down)
        if down and active:
            out.append(Finding(
                id="nvlink.inactive", severity=Severity.WARNING, subject=f"GPU {gpu}", cause=Cause.CUDA_OR_DRIVER,
                message=f"GPU {gpu} lists {active} active NVLinks and {len(down)} inactive (links "
                        f"{', '.join(map(str, down))}): those links are down, so every ring through GPU {gpu} is "
                        "slower",
                fix=f"nvidia-smi nvlink -s -i {gpu}; reset the GPU (sudo nvidia-smi -r -i {gpu}) or reboot; if the "
                    "links stay down, reseat the NVLink bridge or call hardware service",
                evidence={"role": "root", "inactive_links": down, "active_links": active}))
    return out
