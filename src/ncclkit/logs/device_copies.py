"""A tensor printed on one GPU, then its copy printed on another GPU as zeros: a peer-to-peer copy that returned no
data and no error.

PyTorch copies between GPUs of one process with CUDA's peer-to-peer DMA when the GPUs can reach each other. Where the
IOMMU or the PCIe switches' ACS redirect that DMA, the copy completes without an error and the destination holds
zeros (pytorch/pytorch#84803: `tensor([1], device='cuda:0')`, then `x.to(1)` gives `tensor([0], device='cuda:1')`,
fixed by turning the IOMMU off; Dasharo/dasharo-issues#436: two K80s, right again with `iommu=soft` or `iommu=off`).
NCCL's P2P transport reads the same wrong data, so its collectives return garbage or hang. A copy through the host
(`.to('cpu').to(1)`) is right, which is how the reporters told it apart.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding

__all__ = ["copy_findings"]

# `tensor([1, 2], device='cuda:0')` as Python prints it on one line (a REPL's ">" or "> " before it)
_TENSOR = re.compile(r"^\W{0,3}tensor\(\[([-\d.e+, ]+)\], device='cuda:(\d+)'\)\s*$")


def copy_findings(text: str) -> list[Finding]:
    """The finding of a tensor whose copy on another GPU, printed right after it, is all zeros."""
    if "device='cuda:" not in text:
        return []
    before: tuple[int, list[float], str] | None = None
    for no, line in enumerate(text.splitlines(), 1):
        m = _TENSOR.match(line)
        if not m:
            continue
        try:
            values = [float(v) for v in m[1].split(",") if v.strip()]
        except ValueError:
            continue
        if before and no - before[0] <= 4 and before[2] != m[2] and len(values) == len(before[1]) \
                and any(before[1]) and not any(values):
            return [Finding.root_error(
                "log.p2p_copy_zeros", f"cuda:{before[2]} -> cuda:{m[2]}",
                f"a tensor on cuda:{before[2]} (line {before[0]}) reads as zeros once copied to cuda:{m[2]} (line "
                        f"{no}), with no error: the GPU-to-GPU (peer-to-peer) copy returned no data, as it does where "
                        "the IOMMU or the PCIe switches' ACS redirect peer DMA; NCCL's P2P transport reads the same",
                "confirm with CUDA's p2pBandwidthLatencyTest (its verification) or a copy through the host "
                "(`x.to('cpu').to(1)` is right); boot with the IOMMU in passthrough or off (`iommu=pt`, `intel_iommu=off` / "
                "`amd_iommu=off`) and disable ACS on the PCIe switches (BIOS or `setpci`); until then "
                "NCCL_P2P_DISABLE=1", Cause.ACS_IOMMU_P2P, [before[0], no])]
        before = (no, values, m[2])
    return []
