"""Tensors a program printed with their GPUs.

A tensor printed on one GPU, then its copy printed on another GPU as zeros: a peer-to-peer copy that returned no
data and no error.

PyTorch copies between GPUs of one process with CUDA's peer-to-peer DMA when the GPUs can reach each other. Where the
IOMMU or the PCIe switches' ACS redirect that DMA, the copy completes without an error and the destination holds
zeros (pytorch/pytorch#84803: `tensor([1], device='cuda:0')`, then `x.to(1)` gives `tensor([0], device='cuda:1')`,
fixed by turning the IOMMU off; Dasharo/dasharo-issues#436: two K80s, right again with `iommu=soft` or `iommu=off`).
NCCL's P2P transport reads the same wrong data, so its collectives return garbage or hang. A copy through the host
(`.to('cpu').to(1)`) is right, which is how the reporters told it apart.

A program that put its model on a GPU other than the first (`device="cuda:2"`) and then printed a tensor of the run
on cuda:0 (or a device query answering 0): PyTorch makes a tensor asked for with device="cuda" or `.cuda()` on the
current device, GPU 0 until torch.cuda.set_device, so code that drops the index mixes GPUs
(TransformerLensOrg/TransformerLens#217: the model on cuda:2, its activation cache on 0; a library's own code, fixed
there by passing the model's device on).
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding

__all__ = ["copy_findings", "default_gpu_findings"]

# `tensor([1, 2], device='cuda:0')` as Python prints it on one line (a REPL's ">" or "> " before it)
_TENSOR = re.compile(r"^\W{0,3}tensor\(\[([-\d.e+, ]+)\], device='cuda:(\d+)'\)\s*$")

# The program's choice of a GPU past the first: `device="cuda:2"`, `.to("cuda:1")`, `torch.device("cuda:3")`
_PINNED = re.compile(r"""(?:\bdevice\s*=\s*|\.to\(\s*|torch\.device\(\s*)["']cuda:([1-9]\d*)["']""")
# A tensor as Python prints it ("x=tensor([0., 1.], device='cuda:1')"): a value on its GPU, not the program's choice
_PRINTED = re.compile(r"(?<!torch\.)\btensor\(\[[-\d.e+,\s\[\]]*\], device=")
# A device query in the code (x.get_device(), x.device), and a printed answer on the first GPU: a tensor's
# device='cuda:0', or the query's bare 0 / cuda:0
_QUERY = re.compile(r"\.get_device\(\)|\.device\b")
_ON_FIRST = re.compile(r"device='cuda:0'|^\s*(?:cuda:)?0\s*$")


def default_gpu_findings(text: str) -> list[Finding]:
    """The finding of a run pinned to a GPU past the first that printed a tensor on the first."""
    if "cuda:" not in text:
        return []
    lines = text.splitlines()
    pinned = next(((no, m[1]) for no, line in enumerate(lines, 1)
                   if (m := _PINNED.search(line)) and not _PRINTED.search(line)), None)
    if pinned is None:
        return []
    after = lines[pinned[0]:]
    queried = any(_QUERY.search(line) for line in after)
    first = next((no for no, line in enumerate(after, pinned[0] + 1)
                  if _ON_FIRST.search(line) and (queried or "device=" in line)), None)
    if first is None:
        return []
    gpu = f"cuda:{pinned[1]}"
    return [Finding.root_error(
        "log.tensor_on_default_gpu", gpu,
        f"line {pinned[0]} puts the run on {gpu} and line {first} shows a tensor of it on cuda:0: a tensor made with "
        "device='cuda' or .cuda() goes to the current device, GPU 0 unless torch.cuda.set_device is called, so code "
        "(the program's or a library's) that drops the index mixes the two GPUs",
        f"call torch.cuda.set_device({pinned[1]}) before building the model (or run with "
        f"CUDA_VISIBLE_DEVICES={pinned[1]} and cuda:0), and pass the model's device to every tensor the code makes; "
        "where a library makes it, update the library", Cause.APPLICATION_BUG, [pinned[0], first],
        alternatives=[str(Cause.OTHER)])]


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
