"""PCIe peer-to-peer rules: pcie.acs_enabled (ACS redirect on a switch port between a GPU and its
NIC or another GPU) and pcie.iommu_translated (GPUs/NICs behind a translating IOMMU).

With P2P Request/Completion Redirect set on a downstream switch port, peer traffic that could turn
around inside the switch is sent up to the root complex (and its IOMMU): GPUDirect RDMA then hangs,
fails with completion status 4 (local protection error), or runs at a fraction of its bandwidth
(NCCL troubleshooting guide, "PCI Access Control Services"; NCCL prints "HINT: ... ACS is enabled",
src/transport/net_ib). Only pairs below a common bridge are judged: across root ports the traffic
crosses the root complex anyway, and NCCL's default GDR level (PXB) does not use those paths.
"""

from __future__ import annotations

from itertools import combinations

from ncclkit.causes import Cause
from ncclkit.facts import NodeFacts, PciDevice
from ncclkit.findings import Finding, Severity
from ncclkit.rules.common import evidence, gpu_by_bdf, gpu_name

__all__ = ["check_acs", "check_aer", "check_iommu"]

_TRANSLATED = ("dma", "dma-fq")
# Correctable errors since boot above which a link is marginal (replays cost bandwidth long
# before the link fails); any uncorrectable one is reported.
_AER_CORRECTABLE = 100


def _label(facts: NodeFacts, bdf: str) -> str:
    gpu = gpu_by_bdf(facts).get(bdf)
    if gpu is not None:
        return gpu_name(gpu)
    dev = next((d for d in facts.ib_devices if d.pci_bdf == bdf), None)
    return dev.name if dev is not None else bdf


def _endpoints(facts: NodeFacts) -> list[PciDevice]:
    bdfs = [g.bus_id for g in facts.gpus] + [d.pci_bdf for d in facts.ib_devices if d.pci_bdf]
    return [facts.pci[b] for b in dict.fromkeys(bdfs) if b in facts.pci and facts.pci[b].path]


def _between(a: PciDevice, b: PciDevice) -> list[str]:
    """Switch ports the traffic between a and b crosses below their root port: the ports under the
    lowest common bridge, and that bridge itself when it is a switch port rather than the root port
    (root ports keep ACS on for IOMMU isolation; traffic between root ports crosses the root complex
    anyway). Empty when a and b meet only at the root complex."""
    common = 0
    for x, y in zip(a.path[:-1], b.path[:-1], strict=False):
        if x != y:
            break
        common += 1
    if common < 2:  # only "pciDDDD:BB" shared
        return []
    meeting = [a.path[common - 1]] if common >= 3 else []  # path[1] is the root port
    return meeting + list(a.path[common:-1]) + list(b.path[common:-1])


def check_acs(facts: NodeFacts) -> list[Finding]:
    """pcie.acs_enabled (error): a bridge between a GPU and a NIC (or two GPUs) redirects P2P."""
    acs = {s.bdf: s for s in facts.health.acs}
    if not acs:
        return []
    gpus = set(gpu_by_bdf(facts))
    pairs: dict[str, list[str]] = {}
    for a, b in combinations(_endpoints(facts), 2):
        if a.bdf not in gpus and b.bdf not in gpus:
            continue  # NIC-NIC traffic is not peer-to-peer
        for bridge in _between(a, b):
            state = acs.get(bridge)
            if state is not None and state.redirects:
                pairs.setdefault(bridge, []).append(f"{_label(facts, a.bdf)}<->{_label(facts, b.bdf)}")
    out = []
    for bridge, between in sorted(pairs.items()):
        state = acs[bridge]
        bits = [n for n, on in (("ReqRedir", state.request_redirect), ("CmpltRedir", state.completion_redirect)) if on]
        out.append(Finding(
            id="pcie.acs_enabled", severity=Severity.ERROR, subject=bridge, cause=Cause.ACS_IOMMU_P2P,
            message=(f"PCIe ACS {'+'.join(bits)} is on at bridge {bridge}, between {', '.join(sorted(set(between)))}: "
                     "peer-to-peer and GPUDirect RDMA traffic is forced up to the root complex (hangs, "
                     "IB completion status 4, or a fraction of the bandwidth)"),
            fix=(f"sudo setpci -s {bridge} ECAP_ACS+0x6.w=0000   # turns ACS redirect off until reboot; "
                 "make it permanent in the BIOS (ACS / PCIe ACS control: disabled) or with a boot script "
                 "that does this for every switch port (not for passthrough VMs, which need ACS)"),
            evidence=evidence(f"ACS control ({state.source})", "+".join(bits), "ReqRedir- CmpltRedir-",
                              pairs=sorted(set(between)))))
    return out


def check_iommu(facts: NodeFacts) -> list[Finding]:
    """pcie.iommu_translated (warning): GPUs/NICs in IOMMU groups with a translating DMA domain, or
    an IOMMU turned on at boot without passthrough, on a node where P2P or GDR matters."""
    h = facts.health
    if not (facts.ib_devices or len(facts.gpus) > 1):
        return []
    translated = sorted(b for b, kind in h.iommu_groups.items() if kind.lower() in _TRANSLATED)
    words = (h.cmdline or "").split()
    if translated:
        devices = [_label(facts, b) for b in translated]
        shown = {b: h.iommu_groups[b] for b in translated}
        source = "sys/bus/pci/devices/*/iommu_group -> sys/kernel/iommu_groups/*/type"
    elif not h.iommu_groups and any(w in ("intel_iommu=on", "amd_iommu=on", "amd_iommu=force_isolation")
                                    for w in words) and "iommu=pt" not in words and h.iommu_group_count != 0:
        devices, shown, source = ["all devices"], {"cmdline": h.cmdline or ""}, "proc/cmdline"
    else:
        return []
    return [Finding(
        id="pcie.iommu_translated", severity=Severity.WARNING, subject="IOMMU", cause=Cause.ACS_IOMMU_P2P,
        message=(f"the IOMMU translates DMA for {', '.join(devices)}: every GPU<->NIC and GPU<->GPU PCIe "
                 "transfer goes through address translation, which hangs peer-to-peer on many boards "
                 "and costs all-reduce bandwidth"),
        fix=("add iommu=pt to the kernel command line (GRUB_CMDLINE_LINUX in /etc/default/grub, then "
             "sudo update-grub && sudo reboot), or turn VT-d/AMD-Vi off in the BIOS on bare metal"),
        evidence=evidence(source, shown, "identity (passthrough) or no IOMMU"))]


def check_aer(facts: NodeFacts) -> list[Finding]:
    """pcie.aer_errors (warning): uncorrectable AER errors, or many correctable ones, since boot on
    a GPU, a NIC or a bridge above them."""
    out = []
    for bdf, counts in sorted(facts.health.aer.items()):
        bad = {k: v for k, v in counts.items() if (k != "correctable" and v > 0) or v >= _AER_CORRECTABLE}
        if not bad:
            continue
        shown = ", ".join(f"{v} {k}" for k, v in sorted(bad.items()))
        out.append(Finding(
            id="pcie.aer_errors", severity=Severity.WARNING, subject=bdf, cause=Cause.OTHER,
            message=(f"PCIe AER counted {shown} error(s) since boot at {_label(facts, bdf)} ({bdf}): a marginal "
                     "link retries transfers (slower NCCL traffic through it) and tends to fail later"),
            fix=(f"sudo lspci -vvv -s {bdf} | grep -A4 -E 'UESta|CESta'; journalctl -k | grep -i 'AER'; reseat "
                 "the card or riser, check the slot in the BIOS; replace the device if the count keeps rising"),
            evidence=evidence(f"sys/bus/pci/devices/{bdf}/aer_dev_*", counts,
                              {"fatal": 0, "nonfatal": 0, "correctable": f"< {_AER_CORRECTABLE}"})))
    return out
