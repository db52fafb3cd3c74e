"""Judges of the PCIe peer-to-peer evidence users paste: CUDA's p2pBandwidthLatencyTest sample and
the ACS control registers read with setpci.

- p2pBandwidthLatencyTest prints each GPU pair's copy bandwidth with P2P disabled (through host
  memory) and enabled. P2P that is slower than the copy through the host means the peer writes are
  redirected to the root complex (PCIe ACS) or translated by an IOMMU, which also stalls NCCL's P2P
  transport; "CANNOT Access Peer" (simpleP2P: "Peer access from <GPU> (GPU0) -> <GPU> (GPU1) : No") means the
  driver offers no P2P between the pair (NCCL uses SHM).
- `setpci -s BDF ECAP_ACS+0x6.w` (or a switch's ACS control at f2a.w) prints one 16-bit ACS control
  word per bridge: any bit set (SrcValid, ReqRedir, CmpltRedir, UpstreamFwd) sends peer traffic up.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity

__all__ = ["PCIE_TEST", "check_pcie_tests"]

PCIE_TEST = re.compile(r"P2P \(Peer-to-Peer\) GPU Bandwidth|P2P=(?:Enabled|Disabled) Bandwidth|"
                       r"setpci\b[^\n]*(?:ECAP_ACS|f2a\.w)|CANNOT Access Peer|Peer access from [^\n(]*\(GPU\d",
                       re.IGNORECASE)
_MATRIX = re.compile(r"^\s*(Unidirectional|Bidirectional) P2P=(Enabled|Disabled) Bandwidth[^\n]*\n"
                     r"\s*D\\D[^\n]*\n((?:\s*\d+(?:\s+\d+(?:\.\d+)?)+\s*\n?)+)", re.MULTILINE)
_NO_PEER = re.compile(r"Device=(\d+) CANNOT Access Peer Device=(\d+)|Peer access from [^\n(]*\(GPU(\d+)\) -> "
                      r"[^\n(]*\(GPU(\d+)\) : No\b")
_ACS_READ = re.compile(r"^[^\n]*setpci\b[^\n]*(?:ECAP_ACS\+0?x?6\.w|f2a\.w)[^\n]*\n((?:[ \t]*(?:\[sudo\][^\n]*|"
                       r"[0-9a-fA-F]{4})[ \t]*\n?)+)", re.MULTILINE | re.IGNORECASE)
# P2P below half the bandwidth of the copy through host memory: a path that works would be faster.
_SLOW_RATIO = 0.5


def _matrices(text: str) -> dict[tuple[str, str], dict[tuple[int, int], float]]:
    out: dict[tuple[str, str], dict[tuple[int, int], float]] = {}
    for m in _MATRIX.finditer(text):
        cells: dict[tuple[int, int], float] = {}
        for row in m.group(3).splitlines():
            values = row.split()
            if values:
                src = int(values[0])
                cells.update(((src, dst), float(v)) for dst, v in enumerate(values[1:]) if dst != src)
        out[(m.group(1), m.group(2))] = cells
    return out


def _line_of(text: str, needle: str) -> int:
    return text.count("\n", 0, max(text.find(needle), 0)) + 1


def _slow_p2p(text: str) -> list[Finding]:
    mats = _matrices(text)
    for direction in ("Unidirectional", "Bidirectional"):
        off, on = mats.get((direction, "Disabled")), mats.get((direction, "Enabled"))
        if not off or not on:
            continue
        pairs = sorted(p for p in on if p in off and on[p] < _SLOW_RATIO * off[p])
        if not pairs:
            continue
        worst = min(pairs, key=lambda p: on[p] / off[p])
        return [Finding(
            id="p2ptest.p2p_slow", severity=Severity.ERROR, subject=f"GPU{worst[0]}->GPU{worst[1]}",
            message=f"p2pBandwidthLatencyTest: with P2P enabled GPU{worst[0]}->GPU{worst[1]} moves "
                    f"{on[worst]:g} GB/s against {off[worst]:g} GB/s through host memory ({len(pairs)} of "
                    f"{len(on)} pairs below half, {direction.lower()}): peer-to-peer writes are redirected by "
                    "PCIe ACS or translated by an IOMMU, which also stalls NCCL's P2P transport",
            fix="disable ACS on the PCIe switches (BIOS, or `setpci -s BDF ECAP_ACS+0x6.w=0000`) and boot with "
                "iommu=pt (or the IOMMU off in the BIOS); NCCL_P2P_DISABLE=1 confirms it and works around it",
            cause=Cause.ACS_IOMMU_P2P,
            evidence={"pairs": [f"{a}->{b}" for a, b in pairs[:16]], "lines": [_line_of(text, f"{direction} P2P=E")],
                      "alternatives": [str(Cause.CUDA_OR_DRIVER)], "role": "root"})]
    return []


def _no_peer(text: str) -> list[Finding]:
    found = list(_NO_PEER.finditer(text))
    if not found:
        return []
    pairs = sorted({(int(m[1] or m[3]), int(m[2] or m[4])) for m in found})
    return [Finding(
        id="p2ptest.no_peer_access", severity=Severity.WARNING, subject=f"GPU{pairs[0][0]}->GPU{pairs[0][1]}",
        message=f"the driver offers no peer-to-peer access between {len(pairs)} GPU pair(s) "
                f"({', '.join(f'{a}->{b}' for a, b in pairs[:6])}): NCCL moves their data through shared host "
                "memory (SHM), and libraries that need P2P (custom all-reduce kernels) fail",
        fix="GeForce, GPUs under different CPU sockets and many VM or PCIe-switch setups have no P2P: expect SHM "
            "speed, or check ACS / the IOMMU (`lspci -vvv | grep ACSCtl`) and the hypervisor's P2P support",
        cause=Cause.ACS_IOMMU_P2P,
        evidence={"pairs": [f"{a}->{b}" for a, b in pairs[:16]],
                  "lines": [text.count("\n", 0, found[0].start()) + 1], "role": "root",
                  "alternatives": [str(Cause.TOPOLOGY_OR_NUMA)]})]


def _acs_reads(text: str) -> list[Finding]:
    for m in _ACS_READ.finditer(text):
        words = [w for w in m.group(1).split() if re.fullmatch(r"[0-9a-fA-F]{4}", w)]
        on = [w for w in words if int(w, 16) != 0]
        if on:
            return [Finding(
                id="pcie.acs_enabled", severity=Severity.ERROR, subject="setpci",
                message=f"{len(on)} of {len(words)} bridges read with setpci have ACS control bits set "
                        f"({on[0]}: source validation / request and completion redirect): peer-to-peer traffic "
                        "between GPUs, and between GPU and NIC, is sent up to the root complex",
                fix="disable ACS in the BIOS, or `sudo setpci -s BDF ECAP_ACS+0x6.w=0000` on each bridge (until "
                    "reboot; not on virtualisation hosts that need it)",
                cause=Cause.ACS_IOMMU_P2P,
                evidence={"values": words[:32], "lines": [text.count("\n", 0, m.start()) + 1], "role": "root"})]
    return []


def check_pcie_tests(text: str) -> list[Finding]:
    """Findings of a pasted p2pBandwidthLatencyTest run or setpci ACS read (none when there is neither)."""
    if not PCIE_TEST.search(text):
        return []
    return _slow_p2p(text) + _no_peer(text) + _acs_reads(text)
