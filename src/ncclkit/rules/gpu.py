"""GPU presence rules: gpu.none."""

from __future__ import annotations

from ncclkit.facts import NodeFacts
from ncclkit.findings import Finding, Severity
from ncclkit.rules.common import evidence

__all__ = ["check_gpu_none"]

_NVIDIA_VENDOR = "0x10de"


def check_gpu_none(facts: NodeFacts) -> list[Finding]:
    """gpu.none (error): the driver reports no NVIDIA GPU; says so when PCI still shows some."""
    if facts.gpus:
        return []
    on_bus = sorted(d.bdf for d in facts.pci.values()
                    if (d.vendor or "").lower() == _NVIDIA_VENDOR and (d.class_code or "").startswith("0x03"))
    if on_bus:
        message = (f"{len(on_bus)} NVIDIA GPU(s) on the PCI bus ({', '.join(on_bus)}) but the driver "
                   "reports none: NCCL cannot use them")
        fix = "sudo modprobe nvidia && nvidia-smi   # then check `dmesg | grep -i nvrm` for driver errors"
    else:
        message = "no NVIDIA GPU found: NCCL needs CUDA devices"
        fix = "nvidia-smi   # run on a GPU node; if it fails, install/load the NVIDIA driver"
    return [Finding(id="gpu.none", severity=Severity.ERROR, subject="GPU", message=message, fix=fix,
                    evidence=evidence(facts.gpu_source or "nvml / cmd/nvidia-smi-q-x.xml", 0, ">= 1",
                                      pci_nvidia_gpus=on_bus))]
