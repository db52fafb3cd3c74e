"""Read the node's NVIDIA GPUs: NVML live, else `nvidia-smi -q -x` (live or cmd/), else sysfs.

NUMA nodes come from the PCI function's sysfs numa_node when the source lacks them (-1 kept: the
kernel does not know, as on flattened VMs). NVLink state from `nvidia-smi nvlink -s` fills in
what the XML does not carry.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ncclkit.facts import GpuInfo
from ncclkit.probe.common import IssueLog, read_attr, read_int_attr, uncaptured_reason
from ncclkit.probe.nvml import NvmlUnavailableError, read_nvml
from ncclkit.probe.pci import nvidia_gpu_bdfs, pci_dir
from ncclkit.probe.root import NodeRoot
from ncclkit.probe.smi import SmiReport, parse_nvlink_status, parse_smi_xml

__all__ = ["GpuFacts", "read_gpus"]

SOURCE = "gpu"
SMI_XML = "nvidia-smi-q-x.xml"
SMI_NVLINK = "nvidia-smi-nvlink-s.txt"


@dataclass(frozen=True, slots=True, kw_only=True)
class GpuFacts:
    gpus: tuple[GpuInfo, ...] = ()
    source: str | None = None  # "nvml", "nvidia-smi-q-x.xml", "sysfs" or None
    driver_version: str | None = None
    cuda_version: str | None = None


def read_gpus(root: NodeRoot, modules: tuple[str, ...], issues: IssueLog) -> GpuFacts:
    report, source, failures = _read_report(root, issues)
    driver_fallback = read_attr(root, "sys/module/nvidia/version")
    if report is None:
        sysfs_gpus = nvidia_gpu_bdfs(root)
        # No GPU source on a node without NVIDIA GPUs or driver is a fact, not a probe failure.
        if sysfs_gpus or "nvidia" in modules:
            for path, why in failures:
                issues.add(SOURCE, path, why)
        if not sysfs_gpus:
            return GpuFacts(driver_version=driver_fallback)
        issues.add(SOURCE, "sys/bus/pci/devices", "GPUs listed from sysfs only: no name, UUID or NVLink data")
        report = SmiReport(driver_version=None, cuda_version=None,
                           gpus=tuple(GpuInfo(index=i, bus_id=b) for i, b in enumerate(sysfs_gpus)))
        source = "sysfs"
    gpus = tuple(_complete(root, gpu, issues) for gpu in report.gpus)
    if source != "nvml" and not any(g.nvlinks for g in gpus):
        gpus = _with_nvlink_status(root, gpus)
    return GpuFacts(gpus=gpus, source=source,
                    driver_version=report.driver_version or driver_fallback,
                    cuda_version=report.cuda_version)


def _read_report(root: NodeRoot, issues: IssueLog) -> tuple[SmiReport | None, str | None, list[tuple[str, str]]]:
    """The best GPU report, or None and why each source failed."""
    failures: list[tuple[str, str]] = []
    if root.live:
        try:
            return read_nvml(), "nvml", failures
        except NvmlUnavailableError as exc:
            failures.append(("nvml", str(exc)))
    text = root.command(SMI_XML)
    if text is None:
        why = "not available" if root.live else uncaptured_reason(root, SMI_XML)
        failures.append((f"cmd/{SMI_XML}", f"`nvidia-smi -q -x` {why}"))
        return None, None, failures
    report = parse_smi_xml(text)
    if report is None:
        issues.add(SOURCE, f"cmd/{SMI_XML}", "not an nvidia-smi XML document (truncated or garbage)")
        return None, None, failures
    return report, SMI_XML, failures


def _complete(root: NodeRoot, gpu: GpuInfo, issues: IssueLog) -> GpuInfo:
    if gpu.numa_node is not None:
        return gpu
    base = pci_dir(root, gpu.bus_id)
    return dataclasses.replace(gpu, numa_node=read_int_attr(root, f"{base}/numa_node", issues, SOURCE))


def _with_nvlink_status(root: NodeRoot, gpus: tuple[GpuInfo, ...]) -> tuple[GpuInfo, ...]:
    text = root.command(SMI_NVLINK)
    if text is None:
        return gpus
    links = parse_nvlink_status(text)
    return tuple(dataclasses.replace(g, nvlinks=links.get(g.index, ())) for g in gpus)
