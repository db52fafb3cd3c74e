"""Parse `nvidia-smi -q -x` (XML) and `nvidia-smi nvlink -s` (text) into GpuInfo records.

Pure functions over captured text. GPU indices follow the order of <gpu> elements, which is the
order nvidia-smi numbers GPUs (PCI bus order), not <minor_number>.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from ncclkit.facts import GpuInfo, NvLink
from ncclkit.probe.parse import parse_bdf, parse_int, parse_width

__all__ = ["SmiReport", "parse_nvlink_status", "parse_smi_xml"]

_NVLINK_GPU = re.compile(r"^GPU\s+(\d+)\s*:")
_NVLINK_LINK = re.compile(r"^\s*Link\s+(\d+)\s*:\s*(.*?)\s*$")


@dataclass(frozen=True, slots=True, kw_only=True)
class SmiReport:
    driver_version: str | None
    cuda_version: str | None
    gpus: tuple[GpuInfo, ...]


def _text(elem: ET.Element | None, path: str) -> str | None:
    """Child text, with nvidia-smi's "N/A" and empty values read as None."""
    if elem is None:
        return None
    value = (elem.findtext(path) or "").strip()
    return None if not value or value.upper() == "N/A" else value


def parse_smi_xml(text: str) -> SmiReport | None:
    """The XML of `nvidia-smi -q -x`; None when it is not such a document."""
    try:
        # The document carries a DOCTYPE but no entities; ElementTree does not fetch DTDs.
        doc = ET.fromstring(text)  # noqa: S314 - local captured file, no entity expansion
    except ET.ParseError:
        return None
    if doc.tag != "nvidia_smi_log":
        return None
    gpus: list[GpuInfo] = []
    for index, gpu in enumerate(doc.findall("gpu")):
        bus_id = parse_bdf(gpu.get("id")) or parse_bdf(_text(gpu, "pci/pci_bus_id"))
        if bus_id is None:
            continue
        link = gpu.find("pci/pci_gpu_link_info")
        gpus.append(GpuInfo(
            index=index,
            name=_text(gpu, "product_name"),
            bus_id=bus_id,
            uuid=_text(gpu, "uuid"),
            pcie_gen_current=parse_int(_text(link, "pcie_gen/current_link_gen"), 10),
            pcie_gen_max=parse_int(_text(link, "pcie_gen/max_link_gen"), 10),
            pcie_width_current=parse_width(_text(link, "link_widths/current_link_width")),
            pcie_width_max=parse_width(_text(link, "link_widths/max_link_width")),
        ))
    return SmiReport(
        driver_version=_text(doc, "driver_version"),
        cuda_version=_text(doc, "cuda_version"),
        gpus=tuple(gpus),
    )


def parse_nvlink_status(text: str) -> dict[int, tuple[NvLink, ...]]:
    """`nvidia-smi nvlink -s`: GPU index -> links; "<inactive>" links are not active."""
    out: dict[int, list[NvLink]] = {}
    current: int | None = None
    for line in text.splitlines():
        gpu = _NVLINK_GPU.match(line)
        if gpu:
            current = int(gpu.group(1))
            out.setdefault(current, [])
            continue
        link = _NVLINK_LINK.match(line)
        if link and current is not None:
            state = link.group(2).lower()
            active = bool(state) and "inactive" not in state and "n/a" not in state
            out[current].append(NvLink(link=int(link.group(1)), active=active))
    return {gpu: tuple(sorted(links, key=lambda lk: lk.link)) for gpu, links in out.items()}
