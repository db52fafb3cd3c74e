"""RDMA port listings -> one PortInfo per port: `ibstat`, `ibstatus`, `ibv_devinfo [-v]`, `ibv_devices`,
iproute2's `rdma link` ("link mlx5_0/1 ... state ACTIVE physical_state LINK_UP netdev eth2"), MOFED's
`ibdev2netdev` ("mlx5_1 port 1 ==> ib1 (Down)": the state only).

States are normalised to the kernel's words (ACTIVE, DOWN, INIT, ARMED; LinkUp, Disabled, Polling,
...) whatever the tool printed ("Active", "4: ACTIVE", "PORT_ACTIVE (4)"). `rate_gbps` comes from
ibstat's `Rate:`, ibstatus' `rate: 100 Gb/sec`, or ibv_devinfo -v's active_width x active_speed;
plain ibv_devinfo and ibv_devices do not show it (None). ibv_devinfo -v GID lines are kept too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any

from ncclkit.logs.gids import GidEntry, ipv4_of_gid

__all__ = ["IBDEV2NETDEV", "RDMA_LINK", "PortInfo", "PortListing", "parse_ports"]

_STATE_BY_CODE = {1: "DOWN", 2: "INIT", 3: "ARMED", 4: "ACTIVE", 5: "ACTIVE_DEFER"}
_PHYS_BY_CODE = {1: "Sleep", 2: "Polling", 3: "Disabled", 4: "PortConfigurationTraining", 5: "LinkUp",
                 6: "LinkErrorRecovery", 7: "PhyTest"}
_PHYS_WORDS = {p.lower(): p for p in _PHYS_BY_CODE.values()} | {"link_up": "LinkUp"}
_CODE = re.compile(r"\((\d+)\)|^(\d+):")
_GID = re.compile(r"GID\[\s*(\d+)\]:\s*([0-9a-fA-F:.]+)(?:,\s*(.*))?")
_NUM = re.compile(r"(\d+(?:\.\d+)?)")
# `ibdev2netdev | column -t` pads the fields with several spaces (imbue-ai/cluster-health#4).
IBDEV2NETDEV = re.compile(r"^[ \t]*([\w.\-]+)[ \t]+port[ \t]+(\d+)[ \t]+==>[ \t]+(\S+)[ \t]+\((Up|Down)\)",
                          re.MULTILINE)
RDMA_LINK = re.compile(r"^[ \t]*link ([\w.\-]+)/(\d+)\b[^\n]*?\bstate (\w+)(?:[^\n]*?\bphysical_state (\w+))?",
                       re.MULTILINE)


@dataclass(frozen=True, slots=True, kw_only=True)
class PortInfo:
    device: str
    port: int | None
    state: str | None
    phys_state: str | None
    rate_gbps: float | None
    link_layer: str | None
    node_guid: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"device": self.device, "port": self.port, "state": self.state,
                "phys_state": self.phys_state, "rate_gbps": self.rate_gbps, "link_layer": self.link_layer}


@dataclass(frozen=True, slots=True, kw_only=True)
class PortListing:
    tool: str                      # "ibstat", "ibstatus", "ibv_devinfo", "ibv_devices"
    ports: tuple[PortInfo, ...]
    gids: tuple[GidEntry, ...] = field(default=())
    state_lines: dict[str, int] = field(default_factory=dict)  # "mlx5_0:1" -> line of its state


def _state(raw: str | None) -> str | None:
    if not raw:
        return None
    m = _CODE.search(raw.strip())
    if m:
        return _STATE_BY_CODE.get(int(m.group(1) or m.group(2)), raw.strip())
    word = raw.strip().upper().replace("PORT_", "")
    return word or None


def _phys(raw: str | None) -> str | None:
    if not raw:
        return None
    m = _CODE.search(raw.strip())
    if m:
        return _PHYS_BY_CODE.get(int(m.group(1) or m.group(2)), raw.strip())
    word = raw.strip().split()[0]
    return _PHYS_WORDS.get(word.lower(), word)


def _rate(raw: str | None) -> float | None:
    m = _NUM.search(raw or "")
    return float(m.group(1)) if m else None


class _Builder:
    """Accumulates key/value lines of the current (device, port) and emits PortInfo."""

    def __init__(self) -> None:
        self.ports: list[PortInfo] = []
        self.gids: list[GidEntry] = []
        self.device: str | None = None
        self.port: int | None = None
        self.values: dict[str, str] = {}
        self.state_line = 0
        self.state_lines: dict[str, int] = {}

    def flush(self) -> None:
        v = self.values
        if self.device and v:
            rate = _rate(v.get("rate"))
            if rate is None and v.get("active_width") and v.get("active_speed"):
                width, speed = _rate(v["active_width"]), _rate(v["active_speed"])
                rate = width * speed if width and speed else None
            if any(k in v for k in ("state", "phys_state", "rate", "link_layer", "active_speed")):
                if self.state_line:
                    subject = f"{self.device}:{self.port}" if self.port is not None else self.device
                    self.state_lines.setdefault(subject, self.state_line)
                self.ports.append(PortInfo(
                    device=self.device, port=self.port, state=_state(v.get("state")),
                    phys_state=_phys(v.get("phys_state")), rate_gbps=rate,
                    link_layer=v.get("link_layer")))
        self.values = {}
        self.state_line = 0

    def start(self, device: str | None, port: int | None) -> None:
        self.flush()
        if device is not None:
            self.device = device
        self.port = port


def _key(raw: str) -> str:
    key = raw.strip().lower().replace(" ", "_")
    return {"physical_state": "phys_state", "phys_state": "phys_state", "link_layer": "link_layer"}.get(key, key)


def parse_ports(text: str) -> PortListing:
    """Any of the five tools' output (the tool is recognised from its layout)."""
    if re.search(r"^\s*device\s+node GUID", text, re.MULTILINE):
        return _parse_ibv_devices(text)
    if RDMA_LINK.search(text):
        return _parse_rdma_link(text)
    if IBDEV2NETDEV.search(text):
        return _parse_ibdev2netdev(text)
    b = _Builder()
    tool = "ibv_devinfo"
    for line_no, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s:
            continue
        m = re.match(r"CA '([^']+)'", s)
        if m:  # ibstat
            tool = "ibstat"
            b.start(m.group(1), None)
            continue
        m = re.match(r"Infiniband device '([^']+)' port (\d+) status:", s)
        if m:  # ibstatus
            tool = "ibstatus"
            b.start(m.group(1), int(m.group(2)))
            continue
        m = re.match(r"hca_id:\s*(\S+)", s)
        if m:
            b.start(m.group(1), None)
            continue
        m = re.match(r"Port (\d+):$", s) or re.match(r"port:\s*(\d+)$", s)
        if m:
            b.start(None, int(m.group(1)))
            continue
        m = _GID.search(s)
        if m and b.device is None:
            b.device = _device_from_command(text)
        if m and b.device:
            kind = (m.group(3) or "").strip()
            ver = "v2" if "v2" in kind else ("v1" if "v1" in kind else None)
            b.gids.append(GidEntry(device=b.device, port=b.port or 1, index=int(m.group(1)),
                                   gid=m.group(2), ipv4=ipv4_of_gid(m.group(2)), roce_version=ver,
                                   netdev=None))
            continue
        if ":" in s:
            k, _, v = s.partition(":")
            key = _key(k)
            if key in ("state", "phys_state", "rate", "link_layer", "active_width", "active_speed"):
                if b.device is None:
                    b.device = _device_from_command(text)  # partial paste of `ibv_devinfo -d X -v`
                b.values[key] = v.strip()
                if key in ("state", "phys_state") and not b.state_line:
                    b.state_line = line_no
    b.flush()
    return PortListing(tool=tool, ports=tuple(b.ports), gids=tuple(b.gids), state_lines=b.state_lines)


def _parse_rdma_link(text: str) -> PortListing:
    """`rdma link [show]`: one line a port; a port listed again (the same command run several times)
    is kept each time, so a flapping link shows all its states."""
    return _one_line_a_port(text, RDMA_LINK, "rdma link", lambda m: (_state(m.group(3)), _phys(m.group(4))))


def _parse_ibdev2netdev(text: str) -> PortListing:
    """`ibdev2netdev`: "(Up)" or "(Down)" is the netdev's operstate, which is the port's link for an Ethernet
    (RoCE) netdev; no physical state or rate. An IPoIB netdev (ib*) that is down says nothing of its RDMA port: on
    a pure InfiniBand fabric without IPoIB addresses every one reads Down while the ports are ACTIVE
    (imbue-ai/cluster-health#4), so its state is left unknown."""
    return _one_line_a_port(text, IBDEV2NETDEV, "ibdev2netdev", _ibdev2netdev_state)


def _ibdev2netdev_state(m: re.Match[str]) -> tuple[str | None, str | None]:
    if m.group(4) == "Up":
        return "ACTIVE", None
    return (None if m.group(3).startswith("ib") else "DOWN"), None


def _one_line_a_port(text: str, regex: re.Pattern[str], tool: str,
                     states: Callable[[re.Match[str]], tuple[str | None, str | None]]) -> PortListing:
    """Listings whose every match is one port: device in group 1, port in group 2."""
    ports: list[PortInfo] = []
    lines: dict[str, int] = {}
    for m in regex.finditer(text):
        state, phys = states(m)
        ports.append(PortInfo(device=m.group(1), port=int(m.group(2)), state=state, phys_state=phys,
                              rate_gbps=None, link_layer=None))
        lines.setdefault(f"{m.group(1)}:{m.group(2)}", text.count("\n", 0, m.start()) + 1)
    return PortListing(tool=tool, ports=tuple(ports), state_lines=lines)


def _device_from_command(text: str) -> str | None:
    m = re.search(r"-d\s+([\w.\-]+)", text)
    return m.group(1) if m else "unknown"


def _parse_ibv_devices(text: str) -> PortListing:
    ports = []
    for line in text.splitlines():
        tokens = line.split()
        if len(tokens) == 2 and re.fullmatch(r"[0-9a-fA-F]{16}", tokens[1]):
            ports.append(PortInfo(device=tokens[0], port=None, state=None, phys_state=None,
                                  rate_gbps=None, link_layer=None, node_guid=tokens[1].lower()))
    return PortListing(tool="ibv_devices", ports=tuple(ports))
