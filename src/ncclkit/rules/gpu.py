"""GPU presence rules: gpu.none, gpu.driver_missing."""

from __future__ import annotations

from ncclkit.facts import NodeFacts
from ncclkit.findings import Finding, Severity
from ncclkit.rules.common import evidence

__all__ = ["check_driver_missing", "check_gpu_none"]


def check_gpu_none(facts: NodeFacts) -> list[Finding]:
    """gpu.none (error): no NVIDIA GPU at all (neither the driver nor the PCI bus shows one)."""
    if facts.gpus:
        return []
    return [Finding(
        id="gpu.none", severity=Severity.ERROR, subject="GPU",
        message="no NVIDIA GPU found: NCCL needs CUDA devices",
        fix="nvidia-smi   # run on a GPU node; if it fails, install/load the NVIDIA driver",
        evidence=evidence(facts.gpu_source or "nvml / cmd/nvidia-smi-q-x.xml / sys/bus/pci/devices", 0, ">= 1"))]


def check_driver_missing(facts: NodeFacts) -> list[Finding]:
    """gpu.driver_missing (error): GPUs on the PCI bus but the nvidia kernel module is not loaded."""
    if facts.gpu_source != "sysfs" or not facts.os.modules or "nvidia" in facts.os.modules:
        return []
    bdfs = [g.bus_id for g in facts.gpus]
    return [Finding(
        id="gpu.driver_missing", severity=Severity.ERROR, subject=",".join(f"GPU{g.index}" for g in facts.gpus),
        message=(f"{len(bdfs)} NVIDIA GPU(s) on the PCI bus ({', '.join(bdfs)}) but the nvidia kernel module "
                 "is not loaded: CUDA, and so NCCL, cannot use them"),
        fix="sudo modprobe nvidia && nvidia-smi   # if it fails: dmesg | grep -i nvrm",
        evidence=evidence("proc/modules", "nvidia not loaded", "nvidia loaded", bus_ids=bdfs))]
