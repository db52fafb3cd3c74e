"""GPU health: per-GPU fields of `nvidia-smi -q -x` (fabric state, ECC, row remapping, retired
pages, persistence, recovery action, VBIOS), XID events from the kernel log, and the Fabric
Manager service state.

The XML fields are the ones nvidia-smi 535-580 writes (`<fabric><state>`, `<ecc_errors><volatile>`,
`<remapped_rows>`, `<gpu_recovery_action>`); "N/A" reads as unknown. XIDs are the driver's
`NVRM: Xid (PCI:0000:18:00): 79, pid=..., ...` lines; dmesg timestamps count seconds since boot.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ncclkit.facts_health import GpuHealth, Xid
from ncclkit.probe.parse import parse_bdf, parse_int
from ncclkit.probe.root import NodeRoot

__all__ = ["DMESG", "FABRIC_MANAGER", "NVLINK_ERRORS", "parse_fabric_manager", "parse_gpu_health",
           "parse_nvlink_errors", "parse_xids"]

DMESG = "dmesg.txt"
FABRIC_MANAGER = "systemctl-is-active-nvidia-fabricmanager.txt"
NVLINK_ERRORS = "nvidia-smi-nvlink-e.txt"
_NVLINK_GPU = re.compile(r"^GPU\s+(\d+)\s*:")
_NVLINK_COUNTER = re.compile(r"^\s*Link\s+\d+\s*:\s*([A-Za-z][A-Za-z ]*?)\s*:\s*(\d+)\s*$")
_XID = re.compile(r"^(?:\[\s*(\d+\.\d+)\]\s*)?.*?NVRM: Xid \(PCI:([0-9a-fA-F:.]+)\):\s*(\d+),?\s*(.*)$")
_UNITS = ("active", "inactive", "failed", "activating", "deactivating", "reloading", "unknown")


def _text(elem: ET.Element | None, path: str) -> str | None:
    if elem is None:
        return None
    value = (elem.findtext(path) or "").strip()
    return None if not value or value.upper() == "N/A" else value


def _yes(elem: ET.Element, path: str) -> bool | None:
    value = _text(elem, path)
    return None if value is None else value.lower() == "yes"


def _sum(elem: ET.Element, paths: tuple[str, ...]) -> int | None:
    values = [parse_int(_text(elem, p), 10) for p in paths]
    known = [v for v in values if v is not None]
    return sum(known) if known else None


_UNCORRECTABLE = ("dram_uncorrectable", "sram_uncorrectable_parity", "sram_uncorrectable_secded",
                  "sram_uncorrectable", "double_bit/device_memory", "double_bit/register_file")


def parse_gpu_health(text: str) -> tuple[GpuHealth, ...]:
    """Health of each <gpu> of an `nvidia-smi -q -x` document; () when it is not one."""
    try:
        doc = ET.fromstring(text)  # noqa: S314 - local captured file, no entity expansion
    except ET.ParseError:
        return ()
    out = []
    for gpu in doc.findall("gpu"):
        bus_id = parse_bdf(gpu.get("id")) or parse_bdf(_text(gpu, "pci/pci_bus_id"))
        if bus_id is None:
            continue
        # Older drivers: <volatile><double_bit><device_memory>; newer: <volatile><dram_uncorrectable>.
        volatile = gpu.find("ecc_errors/volatile")
        aggregate = gpu.find("ecc_errors/aggregate")
        out.append(GpuHealth(
            bus_id=bus_id,
            persistence_mode=_text(gpu, "persistence_mode"),
            fabric_state=_text(gpu, "fabric/state"),
            fabric_status=_text(gpu, "fabric/status"),
            fabric_health=_text(gpu, "fabric/health/summary"),
            vbios_version=_text(gpu, "vbios_version"),
            ecc_mode=_text(gpu, "ecc_mode/current_ecc"),
            ecc_volatile_uncorrectable=_sum(volatile, _UNCORRECTABLE) if volatile is not None else None,
            ecc_aggregate_uncorrectable=_sum(aggregate, _UNCORRECTABLE) if aggregate is not None else None,
            retired_pending=_yes(gpu, "retired_pages/pending_retirement"),
            remap_pending=_yes(gpu, "remapped_rows/remapped_row_pending"),
            remap_failure=_yes(gpu, "remapped_rows/remapped_row_failure"),
            remapped_uncorrectable=parse_int(_text(gpu, "remapped_rows/remapped_row_unc"), 10),
            recovery_action=_text(gpu, "gpu_recovery_action"),
        ))
    return tuple(out)


def parse_xids(text: str) -> tuple[Xid, ...]:
    """Every `NVRM: Xid (PCI:...)` line of a kernel log (`dmesg`, `journalctl -k`)."""
    out = []
    for line in text.splitlines():
        m = _XID.match(line.strip())
        if not m:
            continue
        raw = m.group(2)
        bus_id = parse_bdf(raw if "." in raw else f"{raw}.0")
        if bus_id is None:
            continue
        out.append(Xid(bus_id=bus_id, code=int(m.group(3)), text=m.group(4).strip()[:200],
                       seconds_since_boot=float(m.group(1)) if m.group(1) else None))
    return tuple(out)


# Other kernel-log captures a snapshot may carry (dmesg -T, journalctl -k, syslog's kern.log).
_KERNEL_LOGS = ("cmd/dmesg-T.txt", "cmd/journalctl-k.txt", "var/log/kern.log", "var/log/syslog",
                "var/log/messages")


def read_xids(root: NodeRoot) -> tuple[Xid, ...] | None:
    """XIDs of the kernel log; None when no kernel log could be read (root needed on many hosts)."""
    text = root.command(DMESG)
    if text is None and not root.live:
        text = next((t for rel in _KERNEL_LOGS if (t := root.read_text(rel)) is not None), None)
    return None if text is None else parse_xids(text)


def parse_fabric_manager(text: str | None) -> str | None:
    """`systemctl is-active nvidia-fabricmanager` -> "active", "inactive", ...; None otherwise."""
    first = (text or "").strip().splitlines()[:1]
    return first[0].strip() if first and first[0].strip() in _UNITS else None


def parse_nvlink_errors(text: str) -> dict[int, dict[str, int]]:
    """`nvidia-smi nvlink -e` ("GPU 0: ...", then "\t Link 3: Replay Errors: 0") -> per-GPU sums."""
    out: dict[int, dict[str, int]] = {}
    current: int | None = None
    for line in text.splitlines():
        gpu = _NVLINK_GPU.match(line)
        if gpu:
            current = int(gpu.group(1))
            out.setdefault(current, {})
            continue
        m = _NVLINK_COUNTER.match(line)
        if m and current is not None:
            name = m.group(1).strip()
            out[current][name] = out[current].get(name, 0) + int(m.group(2))
    return out
