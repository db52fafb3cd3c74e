"""NCCL's own choices on a node, re-done from NodeFacts: IB ports, socket interfaces, RoCE GID index.

Each function follows the NCCL code path named in its docstring (nccl-internals.md sections 1, 2, 5)
for the NCCL version in the facts; `version=None` means unknown and picks the newest behaviour.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from ncclkit.facts import GidEntry, IbDevice, IbPort, NetIface, NodeFacts
from ncclkit.nccllist import MAX_IFS, parse_nccl_int, parse_nccl_list
from ncclkit.ncclver import NcclVersion, parse_nccl_version

__all__ = ["IfaceAddr", "auto_gid_index", "best_roce_v2_ipv4_index", "gid_at", "gid_is_good", "nccl_ib_ports",
           "nccl_interfaces", "nccl_version", "pci_path_key", "port_device", "usable_ports",
           "ver_at_least"]

GID_AUTO_SINCE: NcclVersion = (2, 21, 0)
_VIRTUAL_PREFIXES = ("docker", "lo", "virbr")  # NCCL's own demotions (virbr since 2.28)
_VIRBR_SINCE: NcclVersion = (2, 28, 0)


def nccl_version(facts: NodeFacts) -> NcclVersion | None:
    return parse_nccl_version(facts.nccl.version)


def ver_at_least(version: NcclVersion | None, since: NcclVersion, *, unknown: bool = True) -> bool:
    """`version >= since`; `unknown` is the answer when the version is not known."""
    return unknown if version is None else version >= since


# -- IB ports (ncclIbInitDevices, src/transport/net_ib/init.cc) ----------------------------------
def usable_ports(facts: NodeFacts) -> list[IbPort]:
    """Ports NCCL can open: ACTIVE and link layer InfiniBand or Ethernet (state != ACTIVE is skipped)."""
    return [p for p in facts.ib_ports
            if p.state_id == 4 and (p.link_layer or "").lower() in ("infiniband", "ethernet")]


def nccl_ib_ports(facts: NodeFacts, env: dict[str, str]) -> list[IbPort]:
    """The ports NCCL's IB transport will use under `env` (NCCL_IB_HCA applied, 32-port cap)."""
    value = env.get("NCCL_IB_HCA")
    ports = usable_ports(facts)
    if value:
        lst = parse_nccl_list(value, version=nccl_version(facts))
        ports = [p for p in ports if lst.selects(p.device, p.port)]
    return ports[:32]


def port_device(facts: NodeFacts, port: IbPort) -> IbDevice | None:
    return next((d for d in facts.ib_devices if d.name == port.device), None)


def pci_path_key(bdf: str | None) -> str | None:
    """ncclIbGetPciPath: the PCI function is set to 0 (and, with NCCL_IB_MERGE_VFS=1, the device
    digits too), so the ports of one NIC share a path and are merged."""
    if not bdf:
        return None
    return bdf[:-4] + "00.0" if len(bdf) >= 4 else bdf


# -- Socket interfaces (ncclFindInterfaces, src/misc/socket.cc) ---------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class IfaceAddr:
    """An interface NCCL would list, with the first address it takes for it (None: not known)."""

    iface: NetIface
    address: str | None
    family: str  # "inet", "inet6" or "unknown"


def _first_address(iface: NetIface, family: str | None) -> tuple[str | None, str] | None:
    if iface.ipv4 and family in (None, "AF_INET"):
        return iface.ipv4[0].split("/")[0], "inet"
    v6 = [a.split("/")[0] for a in iface.ipv6 if a.split("/")[0] != "::1"]  # IPv6 loopback skipped
    if v6 and family in (None, "AF_INET6"):
        return v6[0], "inet6"
    if not iface.addresses_known and family is None:
        if iface.kind == "loopback":
            return "127.0.0.1", "inet"
        return (None, "unknown") if not iface.is_virtual else None
    return None


def _category(name: str, version: NcclVersion | None) -> int:
    """NCCL's search order: ib* first, then all but docker/lo/virbr, then docker, lo, virbr."""
    if name.startswith("ib"):
        return 0
    if name.startswith("docker"):
        return 2
    if name.startswith("lo"):
        return 3
    if name.startswith("virbr") and ver_at_least(version, _VIRBR_SINCE):
        return 4
    return 1


def nccl_interfaces(facts: NodeFacts, env: dict[str, str]) -> list[IfaceAddr]:
    """Interfaces NCCL finds, in its order; the first is bootstrap's and IB's out-of-band one.

    getifaddrs lists every IPv4 address before any IPv6 one, so an interface with IPv4 comes before
    an IPv6-only one; each interface is used once, with its first address, and must be running.
    """
    version = nccl_version(facts)
    fam_env = env.get("NCCL_SOCKET_FAMILY")
    family = fam_env if fam_env in ("AF_INET", "AF_INET6") else None
    listed: list[IfaceAddr] = []
    # getifaddrs walks interfaces by ifindex; facts list them by name.
    by_index = sorted(facts.ifaces, key=lambda i: (i.ifindex is None, i.ifindex or 0, i.name))
    for iface in by_index:
        if not iface.is_up:
            continue
        got = _first_address(iface, family)
        if got is not None:
            listed.append(IfaceAddr(iface=iface, address=got[0], family=got[1]))
    listed.sort(key=lambda a: 0 if a.family in ("inet", "unknown") else 1)
    value = env.get("NCCL_SOCKET_IFNAME") or ""
    if len(value) > 1:  # NCCL ignores a value of one character
        lst = parse_nccl_list(value, version=version, max_entries=MAX_IFS)
        return [a for a in listed if lst.selects(a.iface.name)][:MAX_IFS]
    ordered = sorted(listed, key=lambda a: _category(a.iface.name, version))
    return ordered[:MAX_IFS]


# -- RoCE GID (ncclIbGetGidIndex, src/transport/net_ib/connect.cc) -----------------------------
def gid_at(port: IbPort, index: int) -> GidEntry | None:
    return next((g for g in port.gids if g.index == index), None)


def _family(g: GidEntry | None) -> str:
    if g is None:
        return "AF_INET6"  # an all-zero GID is not v4-mapped
    text = g.gid.lower().replace(":", "")
    if g.ipv4 or text.startswith("00000000000000000000ffff") or text.startswith("ff0e0000000000000000ffff"):
        return "AF_INET"
    return "AF_INET6"


def _valid(g: GidEntry | None) -> bool:
    return g is not None and not g.is_empty and not g.is_link_local


def _in_range(g: GidEntry | None, cidr: str | None) -> bool:
    if not cidr or g is None:
        return True
    try:
        net = ipaddress.ip_network(cidr, strict=False)
        addr = ipaddress.ip_address(g.ipv4) if g.ipv4 else ipaddress.ip_address(g.gid)
    except ValueError:
        return True  # an invalid NCCL_IB_ADDR_RANGE matches everything
    return addr.version == net.version and addr in net


def auto_gid_index(port: IbPort, env: dict[str, str]) -> int:
    """The index NCCL 2.21+ picks with NCCL_IB_GID_INDEX unset (ncclUpdateGidIndex, step by step)."""
    want_family = "AF_INET6" if env.get("NCCL_IB_ADDR_FAMILY") == "AF_INET6" else "AF_INET"
    want_version = parse_nccl_int(env.get("NCCL_IB_ROCE_VERSION_NUM", "")) or 2
    cidr = env.get("NCCL_IB_ADDR_RANGE")
    table_len = max((g.index for g in port.gids), default=0) + 1
    current = 0
    for cand_index in range(1, table_len):
        cur, cand = gid_at(port, current), gid_at(port, cand_index)
        cand_family = _family(cand)
        if cand_family != _family(cur) and cand_family == want_family and _in_range(cand, cidr):
            current = cand_index
            continue
        if cand_family != want_family or not _valid(cand) or not _in_range(cand, cidr):
            continue
        # A GID whose gid_attrs/types entry cannot be read (EINVAL in a container) has no version.
        cur_ver = cur.roce_version if cur else None
        cand_ver = cand.roce_version if cand else None
        if (cur_ver != cand_ver or not _valid(cur)) and cand_ver == want_version:
            current = cand_index
    return current


def best_roce_v2_ipv4_index(port: IbPort) -> int | None:
    """Lowest index with a valid IPv4 RoCE v2 GID: what a RoCE v2 fabric needs; None if none."""
    for g in sorted(port.gids, key=lambda e: e.index):
        if _valid(g) and _family(g) == "AF_INET" and g.roce_version == 2:
            return g.index
    return None


def gid_is_good(port: IbPort, index: int) -> bool:
    g = gid_at(port, index)
    return _valid(g) and _family(g) == "AF_INET" and g is not None and g.roce_version == 2
