"""PCIe state NCCL's peer traffic depends on: ACS on bridges, IOMMU groups, NVSwitch functions.

ACS: the ACS extended capability (PCIe spec, capability id 0x000D) of each bridge, read-only from
sys/bus/pci/devices/<bdf>/config (the extended space past 256 bytes needs root) or from a captured
`lspci -vvv` ("ACSCtl:" line). Config space is never written. IOMMU: the group each GPU and NIC is
in and its default domain type (sys/kernel/iommu_groups/<n>/type: identity = passthrough, DMA or
DMA-FQ = translated), plus proc/cmdline.
"""

from __future__ import annotations

import re

from ncclkit.facts import PciDevice
from ncclkit.facts_health import AcsState
from ncclkit.probe.common import IssueLog, read_attr
from ncclkit.probe.parse import parse_bdf
from ncclkit.probe.pci import list_pci_bdfs, pci_dir
from ncclkit.probe.root import NodeRoot

__all__ = ["AER_FILES", "LSPCI", "parse_acs_config", "parse_aer", "parse_lspci_acs", "read_acs", "read_aer",
           "read_iommu", "read_nvswitches"]

# sysfs AER statistics (drivers/pci/pcie/aer.c): one "<name> <count>" a line, then TOTAL_ERR_*.
AER_FILES = {"correctable": "aer_dev_correctable", "nonfatal": "aer_dev_nonfatal", "fatal": "aer_dev_fatal"}

SOURCE = "pci.acs"
LSPCI = "lspci-vvv.txt"
BRIDGE_CLASS = "0x0604"
NVSWITCH_CLASS = "0x0680"  # "Bridge: other", how NVSwitches enumerate (vendor 0x10de)
_EXT_START, _CONFIG_SIZE, _ACS_ID, _MAX_CAPS = 0x100, 4096, 0x000D, 96
_BITS = {"source_validation": 0, "request_redirect": 2, "completion_redirect": 3, "egress_control": 5,
         "direct_translated": 6}
_LSPCI_NAMES = {"source_validation": "SrcValid", "request_redirect": "ReqRedir",
                "completion_redirect": "CmpltRedir", "egress_control": "EgressCtrl",
                "direct_translated": "DirectTrans"}
_DEVICE_LINE = re.compile(r"^((?:[0-9a-fA-F]{4,8}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7])\s")
_FLAG = re.compile(r"(\w+)([+-])")


def parse_acs_config(data: bytes) -> int | None:
    """The ACS control word from raw config space; None when the extended space was not readable
    (256 bytes or less: a non-root read) or the function has no ACS capability."""
    if len(data) <= _EXT_START:
        return None
    offset, seen = _EXT_START, 0
    while _EXT_START <= offset <= min(len(data), _CONFIG_SIZE) - 8 and seen < _MAX_CAPS:
        header = int.from_bytes(data[offset:offset + 4], "little")
        if header in (0, 0xFFFFFFFF):
            return None
        if header & 0xFFFF == _ACS_ID:
            return int.from_bytes(data[offset + 6:offset + 8], "little")
        offset, seen = (header >> 20) & 0xFFC, seen + 1
    return None


def _state(bdf: str, source: str, flags: dict[str, bool]) -> AcsState:
    return AcsState(bdf=bdf, source=source, **flags)


def parse_lspci_acs(text: str) -> dict[str, dict[str, bool]]:
    """`lspci -vvv` (with or without -D) -> bdf -> ACS control flags, for functions with an ACSCtl line."""
    out: dict[str, dict[str, bool]] = {}
    current: str | None = None
    for line in text.splitlines():
        m = _DEVICE_LINE.match(line)
        if m:
            current = parse_bdf(m.group(1))
            continue
        stripped = line.strip()
        if current and stripped.startswith("ACSCtl:"):
            flags = dict(_FLAG.findall(stripped[len("ACSCtl:"):]))
            out[current] = {key: flags.get(name) == "+" for key, name in _LSPCI_NAMES.items()}
    return out


def read_acs(root: NodeRoot, pci: dict[str, PciDevice], issues: IssueLog) -> tuple[tuple[AcsState, ...], str | None]:
    """ACS of every bridge in `pci`: config space first, then cmd/lspci-vvv.txt; (states, source)."""
    bridges = [d.bdf for d in pci.values() if (d.class_code or "").lower().startswith(BRIDGE_CLASS)]
    lspci_text = root.command(LSPCI)
    lspci = parse_lspci_acs(lspci_text) if lspci_text else {}
    states: list[AcsState] = []
    sources: set[str] = set()
    unreadable = 0  # config space present but cut at 256 bytes (read without root), or live and unreadable
    for bdf in bridges:
        try:
            data = (root.base / pci_dir(root, bdf) / "config").read_bytes()[:_CONFIG_SIZE]
        except OSError:
            data = b""
        word = parse_acs_config(data) if len(data) > _EXT_START else None
        if word is not None:
            states.append(_state(bdf, "config", {k: bool(word >> b & 1) for k, b in _BITS.items()}))
            sources.add("config")
        elif bdf in lspci:
            states.append(_state(bdf, "lspci", lspci[bdf]))
            sources.add("lspci")
        elif data or root.live:
            unreadable += 1
    if unreadable and not sources and bridges:
        issues.add(SOURCE, "sys/bus/pci/devices/*/config",
                   f"ACS of {unreadable} bridge(s) unknown: extended config space needs root (or capture "
                   "`lspci -vvv` as root)")
    source = None if not sources else "+".join(sorted(sources))
    return tuple(sorted(states, key=lambda s: s.bdf)), source


def read_iommu(root: NodeRoot, bdfs: list[str]) -> tuple[dict[str, str], int | None, str | None]:
    """(bdf -> group type for the devices that have a group and a type, group count, proc/cmdline)."""
    types: dict[str, str] = {}
    for bdf in bdfs:
        link = root.readlink(f"{pci_dir(root, bdf)}/iommu_group")
        if link is None:
            continue
        group = link.rstrip("/").rsplit("/", 1)[-1]
        kind = read_attr(root, f"sys/kernel/iommu_groups/{group}/type")
        if kind:
            types[bdf] = kind
    groups_dir = "sys/kernel/iommu_groups"
    count = len(root.list_dir(groups_dir)) if root.is_dir(groups_dir) else (0 if root.live else None)
    return types, count, read_attr(root, "proc/cmdline")


def read_nvswitches(root: NodeRoot) -> tuple[str, ...]:
    """NVIDIA functions of class 0x0680 (NVSwitch), as HGX/DGX boards expose them."""
    out = []
    for bdf in list_pci_bdfs(root):
        base = pci_dir(root, bdf)
        cls = (read_attr(root, f"{base}/class") or "").lower()
        if cls.startswith(NVSWITCH_CLASS) and (read_attr(root, f"{base}/vendor") or "").lower() == "0x10de":
            out.append(bdf)
    return tuple(out)


def parse_aer(text: str) -> int | None:
    """The TOTAL_ERR_* count of one aer_dev_* file; None when it has no total line."""
    for line in text.splitlines():
        fields = line.split()
        if len(fields) == 2 and fields[0].startswith("TOTAL_ERR_") and fields[1].isdigit():
            return int(fields[1])
    return None


def read_aer(root: NodeRoot, pci: dict[str, PciDevice]) -> dict[str, dict[str, int]]:
    """bdf -> AER totals since boot, for the GPUs, NICs and bridges in `pci` that expose them."""
    out: dict[str, dict[str, int]] = {}
    for bdf in pci:
        base = pci_dir(root, bdf)
        counts = {kind: n for kind, name in AER_FILES.items()
                  if (n := parse_aer(read_attr(root, f"{base}/{name}") or "")) is not None}
        if counts:
            out[bdf] = counts
    return out
