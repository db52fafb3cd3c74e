"""The pieces of a node description that tests/nodebuilder.py's NodeBuilder writes: RDMA ports and their GID
tables (RoCE's as the kernel fills them), PCI functions with their sysfs attributes, network interfaces."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["GEN_SPEED", "ZERO_GID", "Gid", "Iface", "PciFunction", "Port", "pci_attrs", "roce_gids"]

GEN_SPEED = {1: "2.5 GT/s PCIe", 2: "5.0 GT/s PCIe", 3: "8.0 GT/s PCIe", 4: "16.0 GT/s PCIe",
             5: "32.0 GT/s PCIe", 6: "64.0 GT/s PCIe"}
ZERO_GID = "0000:0000:0000:0000:0000:0000:0000:0000"


@dataclass(frozen=True)
class Gid:
    gid: str
    type: str | None = None
    ndev: str | None = None


@dataclass(frozen=True)
class Port:
    num: int = 1
    state: str | None = "4: ACTIVE"
    phys: str | None = "5: LinkUp"
    rate: str | None = "400 Gb/sec (4X NDR)"
    link_layer: str | None = "InfiniBand"
    lid: str | None = None
    gids: list[Gid | str | None] | None = None  # None entries: unused all-zero slots


def _groups(hex32: str) -> str:
    return ":".join(hex32[i:i + 4] for i in range(0, 32, 4))


def roce_gids(netdev: str, mac: str, ipv4: str | None) -> list[Gid | str | None]:
    """The GID table of a RoCE port: link-local v1/v2 (EUI-64 of the MAC), IPv4 v1/v2, 2 free slots."""
    b = [int(x, 16) for x in mac.split(":")]
    eui = [b[0] ^ 2, b[1], b[2], 0xFF, 0xFE, b[3], b[4], b[5]]
    ll = _groups("fe80000000000000" + "".join(f"{x:02x}" for x in eui))
    table: list[Gid | str | None] = [Gid(ll, "IB/RoCE v1", netdev), Gid(ll, "RoCE v2", netdev)]
    if ipv4:
        v4 = "".join(f"{int(x):02x}" for x in ipv4.split("/")[0].split("."))
        mapped = _groups("00000000000000000000ffff" + v4)
        table += [Gid(mapped, "IB/RoCE v1", netdev), Gid(mapped, "RoCE v2", netdev)]
    return [*table, None, None]


@dataclass
class PciFunction:
    bdf: str
    chain: list[str]  # root complex and bridges above the device
    attrs: dict[str, str]
    driver: str | None = None


@dataclass
class Iface:
    name: str
    ipv4: list[str] = field(default_factory=list)
    ipv6: list[str] = field(default_factory=list)
    pci: str | None = None
    type: int | None = None
    mtu: int | None = None
    operstate: str = "up"
    mac: str | None = None
    speed_mbps: int | None = None
    in_ip_json: bool = True


def pci_attrs(*, vendor: str, device: str, class_code: str, numa: int, gen: tuple[int, int],
               width: tuple[int, int]) -> dict[str, str]:
    return {"vendor": vendor, "device": device, "class": class_code, "numa_node": str(numa),
            "current_link_speed": GEN_SPEED[gen[0]], "max_link_speed": GEN_SPEED[gen[1]],
            "current_link_width": str(width[0]), "max_link_width": str(width[1]),
            "local_cpulist": "0-31" if numa <= 0 else "32-63"}
