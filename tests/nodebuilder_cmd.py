"""Command outputs for tests/nodebuilder.py: `nvidia-smi -q -x`, `nvidia-smi nvlink -s`, `ip -j addr`.

Only the elements and keys that real captures have and ncclkit reads are written, in their real
spelling (8-digit upper-case PCI domain in nvidia-smi, "16x" widths, upper-case `ip` operstate).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

__all__ = ["ip_entry", "render_nvlink_status", "render_smi_xml"]

ARPHRD_LOOPBACK = 772
ARPHRD_INFINIBAND = 32


def _smi_bus_id(bdf: str) -> str:
    dom, bus, rest = bdf.split(":")
    return f"0000{dom}:{bus}:{rest}".upper()


def render_smi_xml(gpus: Sequence[dict], driver: str, cuda: str) -> str:
    """gpus: dicts with bdf, name, uuid, gen (cur, max), width (cur, max); in index order."""
    doc = ET.Element("nvidia_smi_log")
    ET.SubElement(doc, "driver_version").text = driver
    ET.SubElement(doc, "cuda_version").text = cuda
    ET.SubElement(doc, "attached_gpus").text = str(len(gpus))
    for index, gpu in enumerate(gpus):
        bus_id = _smi_bus_id(gpu["bdf"])
        node = ET.SubElement(doc, "gpu", id=bus_id)
        for tag, text in (("product_name", gpu["name"]), ("uuid", gpu["uuid"]), ("minor_number", str(index))):
            ET.SubElement(node, tag).text = text
        pci = ET.SubElement(node, "pci")
        dom, bus, rest = bus_id.split(":")
        for tag, text in (("pci_bus", bus), ("pci_device", rest[:2]), ("pci_domain", dom[4:]),
                          ("pci_bus_id", bus_id)):
            ET.SubElement(pci, tag).text = text
        link = ET.SubElement(pci, "pci_gpu_link_info")
        gen, width = ET.SubElement(link, "pcie_gen"), ET.SubElement(link, "link_widths")
        ET.SubElement(gen, "max_link_gen").text = str(gpu["gen"][1])
        ET.SubElement(gen, "current_link_gen").text = str(gpu["gen"][0])
        ET.SubElement(width, "max_link_width").text = f"{gpu['width'][1]}x"
        ET.SubElement(width, "current_link_width").text = f"{gpu['width'][0]}x"
    ET.indent(doc, space="\t")
    return '<?xml version="1.0" ?>\n' + ET.tostring(doc, encoding="unicode")


def render_nvlink_status(gpus: Sequence[dict]) -> str | None:
    """`nvidia-smi nvlink -s` for GPUs with an "nvlinks" list of bools; None when none has links."""
    lines: list[str] = []
    for index, gpu in enumerate(gpus):
        if gpu["nvlinks"]:
            lines.append(f"GPU {index}: {gpu['name']} (UUID: {gpu['uuid']})")
            lines += [f"\t Link {n}: {'26.562 GB/s' if up else '<inactive>'}" for n, up in enumerate(gpu["nvlinks"])]
    return "\n".join(lines) if lines else None


def ip_entry(*, index: int, name: str, kind: int, mtu: int, operstate: str, mac: str,
             ipv4: Sequence[str], ipv6: Sequence[str]) -> dict:
    """One element of `ip -j addr`; addresses as "a.b.c.d/len"."""
    up = operstate in ("up", "unknown")
    addr_info = [{"family": "inet", "local": a.split("/")[0], "prefixlen": int(a.split("/")[1]),
                  "scope": "host" if kind == ARPHRD_LOOPBACK else "global", "label": name} for a in ipv4]
    addr_info += [{"family": "inet6", "local": a.split("/")[0], "prefixlen": int(a.split("/")[1]),
                   "scope": "global"} for a in ipv6]
    flags = ["LOOPBACK"] if kind == ARPHRD_LOOPBACK else ["BROADCAST", "MULTICAST"]
    return {"ifindex": index, "ifname": name, "flags": [*flags, "UP", "LOWER_UP"] if up else flags,
            "mtu": mtu, "operstate": operstate.upper(),
            "link_type": {ARPHRD_LOOPBACK: "loopback", ARPHRD_INFINIBAND: "infiniband"}.get(kind, "ether"),
            "address": mac, "addr_info": addr_info}
