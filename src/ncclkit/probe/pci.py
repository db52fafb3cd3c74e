"""Read sys/bus/pci/devices/<bdf> (resolved into sys/devices/pci*/...) into PciDevice records.

Besides the GPUs and NICs themselves, every bridge on their path to the root complex is read:
topology code needs the chain to tell PIX / PXB / PHB apart (NCCL walks the same parents, see
nccl-internals.md section 4), and a bridge that trained below its maximum slows every device below it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ncclkit.facts import PciDevice
from ncclkit.probe.common import BDF_COMPONENT, IssueLog, read_attr, read_int_attr, read_parsed
from ncclkit.probe.parse import parse_bdf, parse_pci_speed, parse_width
from ncclkit.probe.root import NodeRoot

__all__ = ["collect_pci", "list_pci_bdfs", "nvidia_gpu_bdfs", "pci_dir", "read_pci_device"]

SOURCE = "pci"
NVIDIA_VENDOR = "0x10de"
# PCI base classes: 0x02 network controller (Ethernet 0x0200, InfiniBand 0x0207), 0x03 display.
NET_CLASS_PREFIX = "0x02"
DISPLAY_CLASS_PREFIX = "0x03"


def pci_dir(root: NodeRoot, bdf: str) -> str:
    """Root-relative resolved sys/devices/... folder of a PCI function."""
    return root.realpath(f"sys/bus/pci/devices/{bdf}")


def list_pci_bdfs(root: NodeRoot) -> list[str]:
    """Every PCI function the kernel lists, normalised and sorted."""
    return sorted({b for name in root.list_dir("sys/bus/pci/devices") if (b := parse_bdf(name))})


def _chain(resolved: str) -> tuple[str, ...]:
    """("pci0000:15", "0000:15:01.0", ..., "0000:18:00.0") from "sys/devices/pci0000:15/..."."""
    parts = resolved.split("/")
    try:
        start = next(i for i, c in enumerate(parts) if c.startswith("pci") and ":" in c)
    except StopIteration:
        return ()
    chain = [parts[start]]
    for comp in parts[start + 1:]:
        if not BDF_COMPONENT.match(comp):
            break
        chain.append(comp)
    return tuple(chain)


def read_pci_device(root: NodeRoot, bdf: str, issues: IssueLog) -> PciDevice | None:
    """One PCI function; None (with an issue) when sysfs does not have it."""
    base = pci_dir(root, bdf)
    if not root.is_dir(base):
        issues.add(SOURCE, f"sys/bus/pci/devices/{bdf}", "PCI device not found in sysfs")
        return None
    driver_link = root.readlink(f"{base}/driver")
    return PciDevice(
        bdf=bdf,
        vendor=read_attr(root, f"{base}/vendor"),
        device=read_attr(root, f"{base}/device"),
        class_code=read_attr(root, f"{base}/class"),
        numa_node=read_int_attr(root, f"{base}/numa_node", issues, SOURCE),
        current_link_speed_gts=_speed(root, f"{base}/current_link_speed", issues),
        current_link_width=read_parsed(root, f"{base}/current_link_width", parse_width, issues, SOURCE),
        max_link_speed_gts=_speed(root, f"{base}/max_link_speed", issues),
        max_link_width=read_parsed(root, f"{base}/max_link_width", parse_width, issues, SOURCE),
        local_cpulist=read_attr(root, f"{base}/local_cpulist"),
        path=_chain(base),
        driver=driver_link.rstrip("/").rsplit("/", 1)[-1] if driver_link else None,
    )


def _speed(root: NodeRoot, rel: str, issues: IssueLog) -> float | None:
    text = read_attr(root, rel)
    # "Unknown" is what the kernel prints for a link it cannot read (VFs, some VMs): not garbage.
    if text is None or text.lower().startswith("unknown"):
        return None
    value = parse_pci_speed(text)
    if value is None:
        issues.add(SOURCE, rel, f"unexpected value {text[:80]!r}")
    return value


def _is_interesting(class_code: str | None, vendor: str | None) -> bool:
    cls = (class_code or "").lower()
    if cls.startswith(NET_CLASS_PREFIX):
        return True
    return cls.startswith(DISPLAY_CLASS_PREFIX) and (vendor or "").lower() == NVIDIA_VENDOR


def collect_pci(root: NodeRoot, wanted: Iterable[str], issues: IssueLog) -> dict[str, PciDevice]:
    """GPUs, NICs (`wanted` plus every NVIDIA display / network function in sysfs) and their bridges."""
    out: dict[str, PciDevice] = {}
    for bdf in sorted(set(wanted)):
        dev = read_pci_device(root, bdf, issues)
        if dev is not None:
            out[bdf] = dev
    for bdf in list_pci_bdfs(root):
        if bdf in out:
            continue
        base = pci_dir(root, bdf)
        if _is_interesting(read_attr(root, f"{base}/class"), read_attr(root, f"{base}/vendor")):
            dev = read_pci_device(root, bdf, issues)
            if dev is not None:
                out[bdf] = dev
    bridges = {c for dev in out.values() for c in dev.path[1:-1]} - out.keys()
    for bdf in sorted(bridges):
        dev = read_pci_device(root, bdf, issues)
        if dev is not None:
            out[bdf] = dev
    return dict(sorted(out.items()))


def nvidia_gpu_bdfs(root: NodeRoot) -> list[str]:
    """PCI functions that are NVIDIA display / 3D controllers (GPUs as the kernel sees them)."""
    out = []
    for bdf in list_pci_bdfs(root):
        base = pci_dir(root, bdf)
        vendor, cls = read_attr(root, f"{base}/vendor"), read_attr(root, f"{base}/class")
        if (vendor or "").lower() == NVIDIA_VENDOR and (cls or "").lower().startswith(DISPLAY_CLASS_PREFIX):
            out.append(bdf)
    return out
