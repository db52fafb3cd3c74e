"""PCIe link rules on PciDevice facts: pcie.link_degraded for GPUs, NICs and the bridges above them.

A link trains to the lower maximum of its two ends, so a device whose current speed/width is below
its own maximum is fine when the link partner (the neighbour on its PCI chain) cannot go faster: a
Gen4 NIC below a Gen5 switch port shows the port at 16 GT/s of 32. Each degraded link is reported
once, on the lowest device that shows it.
"""

from __future__ import annotations

from ncclkit.facts import PCIE_GEN_GTS, NodeFacts, PciDevice
from ncclkit.findings import Finding, Severity
from ncclkit.rules.common import evidence, gpu_by_bdf, gpu_name

__all__ = ["check_link_degraded"]



def _targets(facts: NodeFacts) -> dict[str, str]:
    """bdf -> NCCL-style name of every GPU and NIC worth checking."""
    names = {bdf: gpu_name(g) for bdf, g in gpu_by_bdf(facts).items()}
    for dev in facts.ib_devices:
        if dev.pci_bdf:
            names.setdefault(dev.pci_bdf.lower(), dev.name)
    for iface in facts.ifaces:
        if iface.pci_bdf and not iface.is_virtual:
            names.setdefault(iface.pci_bdf.lower(), iface.name)
    return names


def _with_gpu_fallback(facts: NodeFacts, dev: PciDevice) -> PciDevice:
    # GPUs whose sysfs link files are missing: NVML / nvidia-smi give generations instead.
    gpu = gpu_by_bdf(facts).get(dev.bdf.lower())
    if gpu is None or dev.current_link_speed_gts is not None:
        return dev
    return PciDevice(bdf=dev.bdf, path=dev.path, numa_node=dev.numa_node,
                     current_link_speed_gts=PCIE_GEN_GTS.get(gpu.pcie_gen_current or 0),
                     max_link_speed_gts=PCIE_GEN_GTS.get(gpu.pcie_gen_max or 0),
                     current_link_width=gpu.pcie_width_current, max_link_width=gpu.pcie_width_max)


def _below(cur: float | None, top: float | None, neighbour_tops: list[float]) -> bool:
    """cur < top, unless a link partner's maximum explains it."""
    if cur is None or top is None or cur >= top:
        return False
    return not any(n <= cur for n in neighbour_tops)


def _degraded(dev: PciDevice, neighbours: list[PciDevice]) -> tuple[bool, bool]:
    speed = _below(dev.current_link_speed_gts, dev.max_link_speed_gts,
                   [n.max_link_speed_gts for n in neighbours if n.max_link_speed_gts is not None])
    width = _below(dev.current_link_width, dev.max_link_width,
                   [n.max_link_width for n in neighbours if n.max_link_width is not None])
    return speed, width


def check_link_degraded(facts: NodeFacts) -> list[Finding]:
    """pcie.link_degraded (warning): a GPU, NIC or bridge on their chain runs below its max speed/width."""
    targets = _targets(facts)
    neighbours: dict[str, set[str]] = {}
    below: dict[str, set[str]] = {}  # bridge bdf -> target names under it
    for bdf, name in targets.items():
        dev = facts.pci.get(bdf)
        if dev is None or not dev.path:
            continue
        chain = [c for c in dev.path[1:] if c in facts.pci]
        for i, link_bdf in enumerate(chain):
            nbrs = neighbours.setdefault(link_bdf, set())
            nbrs.update(chain[max(i - 1, 0):i] + chain[i + 1:i + 2])
            below.setdefault(link_bdf, set()).add(name)
    flagged: dict[str, tuple[PciDevice, bool, bool]] = {}
    for bdf, nbrs in neighbours.items():
        dev = _with_gpu_fallback(facts, facts.pci[bdf])
        speed, width = _degraded(dev, [facts.pci[n] for n in nbrs])
        if speed or width:
            flagged[bdf] = (dev, speed, width)
    # One finding per link, on the device that owns it: an endpoint itself, else the endpoint right below
    # a flagged root/downstream port (that port's link status is the endpoint's link).
    owners: dict[str, tuple[PciDevice, bool, bool]] = {}
    for bdf, (dev, speed, width) in sorted(flagged.items()):
        children = sorted(n for n in neighbours[bdf] if facts.pci[n].path[:-1] == dev.path)
        endpoints = [c for c in children if c in targets]
        if bdf in targets:
            owner = bdf
        elif endpoints:
            owner = endpoints[0]
        elif any(c in flagged and (flagged[c][0].current_link_speed_gts, flagged[c][0].current_link_width)
                 == (dev.current_link_speed_gts, dev.current_link_width) for c in children):
            continue  # the same link, reported on the device below
        else:
            owner = bdf
        if owner not in owners or owner == bdf:
            owners[owner] = (dev, speed, width)
    out = []
    for owner, (dev, speed, width) in sorted(owners.items()):
        out.append(_finding(facts, owner, dev, targets.get(owner), sorted(below[owner] - {targets.get(owner)}),
                            speed=speed, width=width))
    return out


def _fmt(speed: float | None, width: int | None) -> str:
    return f"{speed:g} GT/s x{width}" if speed is not None and width is not None else (
        f"{speed:g} GT/s" if speed is not None else f"x{width}")


def _finding(facts: NodeFacts, owner: str, dev: PciDevice, name: str | None, under: list[str], *,
             speed: bool, width: bool) -> Finding:
    """`owner` is the link's device (subject); `dev` the one whose link status shows the degradation."""
    cur = _fmt(dev.current_link_speed_gts, dev.current_link_width)
    top = _fmt(dev.max_link_speed_gts, dev.max_link_width)
    ratio = ((dev.current_link_speed_gts or 1) * (dev.current_link_width or 1)) / (
        (dev.max_link_speed_gts or 1) * (dev.max_link_width or 1))
    what = name or f"PCIe bridge above {', '.join(under)}"
    parts = [p for p, bad in (("speed", speed), ("width", width)) if bad]
    message = (f"{what} ({owner}) PCIe link runs at {cur}, its maximum is {top} "
               f"({' and '.join(parts)} degraded, about {ratio:.0%} of the bandwidth)")
    if owner != dev.bdf:
        message += f" (seen on the port above it, {dev.bdf})"
    is_gpu = owner in gpu_by_bdf(facts)
    if is_gpu and speed and not width:
        message += "; GPUs lower their PCIe speed when idle, so re-check while a job runs"
    short = owner.split(":", 1)[1] if owner.count(":") == 2 else owner
    return Finding(
        id="pcie.link_degraded", severity=Severity.WARNING, subject=owner,
        message=message,
        fix=(f"sudo lspci -vv -s {short} | grep -E 'LnkCap:|LnkSta:'   # reseat the card, check the "
             "slot/riser and BIOS link settings"),
        evidence=evidence(f"sys/bus/pci/devices/{dev.bdf}/current_link_speed, current_link_width", cur, top,
                          device=name, devices_below=under))
