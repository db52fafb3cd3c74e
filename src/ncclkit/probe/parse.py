"""Pure parsers: one sysfs / procfs / command text value in, a typed value (or None) out.

Every function here takes the raw text of one file or line and never raises: garbage, an empty
string or None gives None, so that readers can turn "could not parse" into a ProbeIssue.
"""

from __future__ import annotations

import ipaddress
import re

__all__ = [
    "parse_bdf",
    "parse_cpulist",
    "parse_env_lines",
    "parse_gid_ipv4",
    "parse_ib_rate",
    "parse_ib_state",
    "parse_int",
    "parse_kernel_release",
    "parse_kernel_version",
    "parse_limits_memlock",
    "parse_os_release",
    "parse_pci_speed",
    "parse_ulimit_l",
    "parse_width",
]

# sysfs `state` / `phys_state`: "4: ACTIVE", "5: LinkUp" (drivers/infiniband/core/sysfs.c).
_STATE = re.compile(r"^\s*(\d+)\s*:\s*([A-Za-z][A-Za-z_ ]*?)\s*$")
# sysfs `rate`: "400 Gb/sec (4X NDR)", "2.5 Gb/sec (1X SDR)", "10 Gb/sec (4X SDR)".
_RATE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*Gb/sec\b")
# sysfs `current_link_speed`: "16.0 GT/s PCIe", older kernels "8 GT/s", and "Unknown".
_PCI_SPEED = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*GT/s\b")
# "0000:1b:00.0"; nvidia-smi writes "00000000:1B:00.0" (8-digit domain), some tools "1b:00.0".
_BDF = re.compile(r"^\s*(?:([0-9a-fA-F]{1,8}):)?([0-9a-fA-F]{1,2}):([0-9a-fA-F]{1,2})\.([0-7])\s*$")
_KERNEL_RELEASE = re.compile(r"^Linux version (\S+)")
_KERNEL_VERSION = re.compile(r"^(\d+)\.(\d+)")
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_MAX_PCI_DOMAIN = 0xFFFF
_MAX_PCI_DEVICE = 0x1F
_CPU_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")
# Large cpulists are real (1024-CPU hosts); this only bounds garbage like "0-999999999".
_MAX_CPUS = 1 << 16


def parse_int(text: str | None, base: int = 0) -> int | None:
    """An integer in decimal or 0x-hex ("0x1003", "65536", "-1"); None for anything else."""
    if text is None:
        return None
    try:
        return int(text.strip(), base)
    except ValueError:
        return None


def parse_ib_state(text: str | None) -> tuple[int, str] | None:
    """"4: ACTIVE" -> (4, "ACTIVE"); "5: LinkUp" -> (5, "LinkUp")."""
    m = _STATE.match(text or "")
    return (int(m.group(1)), m.group(2)) if m else None


def parse_ib_rate(text: str | None) -> float | None:
    """"400 Gb/sec (4X NDR)" -> 400.0 (Gb/s, as the kernel prints it)."""
    m = _RATE.match(text or "")
    return float(m.group(1)) if m else None


def parse_pci_speed(text: str | None) -> float | None:
    """"16.0 GT/s PCIe" or "8 GT/s" -> GT/s; "Unknown" (no link, virtual functions) -> None."""
    m = _PCI_SPEED.match(text or "")
    value = float(m.group(1)) if m else None
    return value if value is not None and 0 < value <= 256 else None  # PCIe 7.0 is 128 GT/s


def parse_width(text: str | None) -> int | None:
    """PCIe link width: sysfs "16", nvidia-smi "16x"; 0, garbage and more than x32 (the widest
    link the PCIe spec defines) -> None."""
    value = parse_int((text or "").strip().rstrip("xX"), 10)
    return value if value is not None and 0 < value <= 32 else None


def parse_bdf(text: str | None) -> str | None:
    """Normalise a PCI address to sysfs form: "00000000:1B:00.0" -> "0000:1b:00.0"."""
    m = _BDF.match(text or "")
    if not m:
        return None
    domain = int(m.group(1) or "0", 16)
    if domain > _MAX_PCI_DOMAIN:
        return None
    bus, dev, fn = int(m.group(2), 16), int(m.group(3), 16), m.group(4)
    if dev > _MAX_PCI_DEVICE:
        return None
    return f"{domain:04x}:{bus:02x}:{dev:02x}.{fn}"


def parse_limits_memlock(text: str | None) -> tuple[int | None, bool] | None:
    """proc/<pid>/limits -> (soft limit in bytes or None when unlimited, unlimited?)."""
    for line in (text or "").splitlines():
        if not line.startswith("Max locked memory"):
            continue
        fields = line[len("Max locked memory"):].split()
        if not fields:
            return None
        if fields[0] == "unlimited":
            return (None, True)
        value = parse_int(fields[0], 10)
        return (value, False) if value is not None and value >= 0 else None
    return None


def parse_ulimit_l(text: str | None) -> tuple[int | None, bool] | None:
    """`ulimit -l` output (KiB, or "unlimited") -> (bytes or None, unlimited?)."""
    lines = [ln.strip() for ln in (text or "").splitlines() if ln.strip()]
    if len(lines) != 1:
        return None
    if lines[0] == "unlimited":
        return (None, True)
    kib = parse_int(lines[0], 10)
    return (kib * 1024, False) if kib is not None and kib >= 0 else None


def _unquote(value: str) -> str:
    """Drop one pair of matching surrounding quotes, as a shell would."""
    if len(value) > 1 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def parse_os_release(text: str | None) -> dict[str, str]:
    """etc/os-release KEY=value lines (values optionally quoted) -> dict; bad lines skipped."""
    out: dict[str, str] = {}
    for raw in (text or "").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        if not _ENV_NAME.match(key):
            continue
        out[key] = _unquote(value.strip())
    return out


def parse_cpulist(text: str | None) -> tuple[int, ...] | None:
    """"0-55,112-167" -> (0, ..., 55, 112, ..., 167); "" -> (); garbage -> None."""
    if text is None:
        return None
    cpus: list[int] = []
    body = text.strip()
    if not body:
        return ()
    for part in body.split(","):
        m = _CPU_RANGE.match(part.strip())
        if not m:
            return None
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) is not None else lo
        if hi < lo or hi >= _MAX_CPUS:
            return None
        cpus.extend(range(lo, hi + 1))
    return tuple(sorted(set(cpus)))


def parse_gid_ipv4(gid: str | None) -> str | None:
    """An IPv4-mapped GID ("0000:...:ffff:0a01:0005" or "::ffff:10.1.0.5") -> "10.1.0.5"."""
    try:
        addr = ipaddress.IPv6Address((gid or "").strip())
    except ValueError:
        return None
    mapped = addr.ipv4_mapped
    return str(mapped) if mapped is not None else None


def parse_kernel_release(text: str | None) -> str | None:
    """proc/version "Linux version 5.15.0-119-generic (...)" -> "5.15.0-119-generic"."""
    m = _KERNEL_RELEASE.match((text or "").strip())
    return m.group(1) if m else None


def parse_kernel_version(release: str | None) -> tuple[int, int] | None:
    """"5.15.0-119-generic" -> (5, 15)."""
    m = _KERNEL_VERSION.match(release or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def parse_env_lines(text: str | None) -> tuple[dict[str, str], list[str]]:
    """cmd/env.txt KEY=VALUE lines -> (variables, lines that were not KEY=VALUE)."""
    env: dict[str, str] = {}
    bad: list[str] = []
    for raw in (text or "").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        line = line.removeprefix("export ").strip()
        key, sep, value = line.partition("=")
        if not sep or not _ENV_NAME.match(key):
            bad.append(raw)
            continue
        env[key] = _unquote(value)
    return env, bad
