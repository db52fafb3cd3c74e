"""Placeholder allocation for redaction: original address or id -> a valid value of the same kind.

Every mapper is built from the full set of originals first (`freeze`), so that no placeholder
equals an original and the mapping does not depend on the order files are read in. Used by
ncclkit.redact, which finds the values in a snapshot and rewrites them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from ipaddress import IPv4Address, IPv4Network, IPv6Address
from typing import Any

__all__ = ["GuidMapper", "IdMapper", "Ipv4Mapper", "Ipv6Mapper", "eui64_to_mac", "fmt_like", "fmt_v6_like",
           "is_hex_bytes", "mac_mapper", "mac_to_eui64", "parse_v6", "valid_v4",
           "redactable_v4"]

# Blocks a redacted IPv4 network is moved into: the private block it came from, or 10/8 for a
# public address, so that the result still looks like a private address of the same prefix length.
_PRIVATE_BLOCKS = tuple(IPv4Network(n) for n in
                        ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16"))
_PUBLIC_TARGET = IPv4Network("10.0.0.0/8")
# A network of unknown prefix (an address seen only in a GID or an env value) is taken as a /24.
_DEFAULT_PREFIX = 24
_ULA_PREFIX = 0xFD00 << 48  # fd00::/8 upper 64 bits: redacted global IPv6 /64 prefixes go here
_LINK_LOCAL_PREFIX = 0xFE80 << 48
_MAC_BASE = 0x02_00_00_00_00_00  # locally administered unicast MACs
_GUID_BASE = 0x1000_0000_0000_0000  # never EUI-64 shaped (no ff:fe in bytes 3-4)
_MAX_TRIES = 1 << 20


def redactable_v4(addr: IPv4Address) -> bool:
    """Addresses that identify a host; loopback, 0.0.0.0, multicast, broadcast stay."""
    return not (addr.is_loopback or addr.is_unspecified or addr.is_multicast or addr.is_reserved
                or int(addr) >> 24 == 0)


def eui64_to_mac(iid: int) -> int | None:
    """The MAC inside an EUI-64 interface id (ff:fe in the middle, universal/local bit flipped)."""
    if (iid >> 24) & 0xFFFF != 0xFFFE:
        return None
    mac = ((iid >> 40) << 24) | (iid & 0xFFFFFF)
    return mac ^ (0x02 << 40)


def mac_to_eui64(mac: int) -> int:
    mac ^= 0x02 << 40
    return ((mac >> 24) << 40) | (0xFFFE << 24) | (mac & 0xFFFFFF)


class IdMapper:
    """Opaque ids (MACs, GUIDs, UUIDs, serials): original -> base + n, skipping originals."""

    def __init__(self, make: Callable[[int, Any], Any], *, keep: Iterable[Any] = ()) -> None:
        self._make = make  # (n, original) -> the n-th placeholder
        self._keep = set(keep)
        self.originals: set[Any] = set()
        self._map: dict[Any, Any] = {}

    def add(self, value: Any) -> None:
        if value not in self._keep:
            self.originals.add(value)

    def freeze(self) -> None:
        n = 0
        for value in sorted(self.originals, key=str):
            while True:
                n += 1
                cand = self._make(n, value)
                if cand not in self.originals:
                    break
            self._map[value] = cand

    def get(self, value: Any) -> Any:
        return self._map.get(value)

    def __len__(self) -> int:
        return len(self._map)


def mac_mapper() -> IdMapper:
    return IdMapper(lambda n, _v: _MAC_BASE + n, keep=(0, 0xFFFF_FFFF_FFFF))


class GuidMapper:
    """64-bit ids: node/port/system GUIDs and IPv6 interface ids, consistent with the MAC mapper.

    An EUI-64 shaped id is the MAC of an Ethernet port (RoCE link-local GIDs, port GUIDs of
    ConnectX Ethernet ports), so it is mapped through the MAC to stay equal to the redacted MAC.
    """

    def __init__(self, macs: IdMapper) -> None:
        self._macs = macs
        self._ids = IdMapper(lambda n, _v: _GUID_BASE + n, keep=(0, (1 << 64) - 1))

    def add(self, value: int) -> None:
        if value < 1 << 16:  # ::1-like small interface ids name nobody
            return
        mac = eui64_to_mac(value)
        if mac is not None:
            self._macs.add(mac)
        else:
            self._ids.add(value)

    def freeze(self) -> None:
        self._ids.freeze()

    def get(self, value: int) -> int | None:
        if value < 1 << 16:
            return None
        mac = eui64_to_mac(value)
        if mac is not None:
            new = self._macs.get(mac)
            return None if new is None else mac_to_eui64(new)
        value_new: int | None = self._ids.get(value)
        return value_new

    @property
    def originals(self) -> set[Any]:
        return self._ids.originals

    def __len__(self) -> int:
        return len(self._ids)


class Ipv4Mapper:
    """IPv4 addresses: each network moves to a free network of the same prefix in the same block.

    Host bits are kept, so addresses of one subnet stay in one subnet and a broadcast address stays
    the broadcast address of the moved network.
    """

    def __init__(self) -> None:
        self.networks: set[IPv4Network] = set()
        self.originals: set[IPv4Address] = set()
        self._net_map: dict[IPv4Network, IPv4Network] = {}
        self._map: dict[IPv4Address, IPv4Address] = {}

    def add(self, addr: IPv4Address, prefixlen: int | None = None) -> None:
        if not redactable_v4(addr):
            return
        self.originals.add(addr)
        if prefixlen is not None and 0 < prefixlen < 32:
            self.networks.add(IPv4Network((addr, prefixlen), strict=False))

    def in_known_network(self, addr: IPv4Address) -> bool:
        return redactable_v4(addr) and any(addr in n for n in self.networks)

    def _network_of(self, addr: IPv4Address) -> IPv4Network:
        known = [n for n in self.networks if addr in n]
        if known:
            return max(known, key=lambda n: n.prefixlen)
        return IPv4Network((addr, _DEFAULT_PREFIX), strict=False)

    def _allocate(self, net: IPv4Network) -> IPv4Network:
        block = next((b for b in _PRIVATE_BLOCKS if net.subnet_of(b)), _PUBLIC_TARGET)
        if net.prefixlen <= block.prefixlen:
            return net  # the whole block: only the host bits can move (see _host)
        taken = list(self._net_map.values())
        for tries, cand in enumerate(block.subnets(new_prefix=net.prefixlen)):
            if tries > _MAX_TRIES:
                break
            if any(a in cand for a in self.originals) or any(cand.overlaps(t) for t in taken):
                continue
            return cand
        raise ValueError(f"no free placeholder network for {net}")

    def freeze(self) -> None:
        host_counter: dict[IPv4Network, int] = {}
        for addr in sorted(self.originals):
            net = self._network_of(addr)
            if net not in self._net_map:
                self._net_map[net] = self._allocate(net)
            new_net = self._net_map[net]
            if new_net != net:
                self._map[addr] = new_net.network_address + (int(addr) - int(net.network_address))
                continue
            # Network kept (a /8 or shorter): number the hosts instead, skipping originals.
            while True:
                host_counter[net] = host_counter.get(net, 0) + 1
                cand = net.network_address + host_counter[net]
                if cand not in self.originals:
                    break
            self._map[addr] = cand

    def get(self, addr: IPv4Address) -> IPv4Address | None:
        return self._map.get(addr)

    def __len__(self) -> int:
        return len(self._map)


class Ipv6Mapper:
    """IPv6 addresses and GIDs, kept valid of their kind.

    IPv4-mapped GIDs (::ffff:a.b.c.d, what RoCE v2 uses) map their IPv4 part; link-local fe80::/64
    keeps its prefix and maps the interface id (the port GUID on IB, the EUI-64 of the MAC on
    RoCE); other unicast /64 prefixes move into fd00::/8 (unique local) and map their interface id.
    """

    def __init__(self, v4: Ipv4Mapper, guids: GuidMapper) -> None:
        self._v4 = v4
        self._guids = guids
        self._prefixes = IdMapper(lambda n, _v: _ULA_PREFIX + n)

    @staticmethod
    def _kept(addr: IPv6Address) -> bool:
        return addr.is_loopback or addr.is_unspecified or addr.is_multicast

    def add(self, addr: IPv6Address) -> None:
        if self._kept(addr):
            return
        if addr.ipv4_mapped is not None:
            self._v4.add(addr.ipv4_mapped)
            return
        value = int(addr)
        self._guids.add(value & ((1 << 64) - 1))
        if value >> 64 != _LINK_LOCAL_PREFIX:
            self._prefixes.add(value >> 64)

    def freeze(self) -> None:
        self._prefixes.freeze()

    def get(self, addr: IPv6Address) -> IPv6Address | None:
        if self._kept(addr):
            return None
        if addr.ipv4_mapped is not None:
            new4 = self._v4.get(addr.ipv4_mapped)
            return None if new4 is None else IPv6Address((0xFFFF << 32) | int(new4))
        value = int(addr)
        prefix, iid = value >> 64, value & ((1 << 64) - 1)
        new_iid = self._guids.get(iid)
        new_prefix = prefix if prefix == _LINK_LOCAL_PREFIX else self._prefixes.get(prefix)
        if new_prefix is None:
            new_prefix = prefix
        if new_iid is None:
            new_iid = iid
        new = IPv6Address((int(new_prefix) << 64) | int(new_iid))
        return None if new == addr else new

    @property
    def originals(self) -> set[Any]:
        return self._prefixes.originals


# -- value helpers shared with redact.py ---------------------------------------------------
def is_hex_bytes(groups: list[str], count: int) -> bool:
    return len(groups) == count and all(len(g) == 2 for g in groups)


def fmt_like(template: str, value: int, groups: int, width: int) -> str:
    text = ":".join(f"{(value >> (width * 4 * (groups - 1 - i))) & ((1 << (width * 4)) - 1):0{width}x}"
                    for i in range(groups))
    return text.upper() if template.isupper() else text


def fmt_v6_like(template: str, addr: IPv6Address) -> str:
    text = addr.exploded if len(template) == 39 else addr.compressed
    return text.upper() if template.isupper() else text


def valid_v4(text: str) -> bool:
    try:
        IPv4Address(text)
    except ValueError:
        return False
    return True


def parse_v6(text: str) -> IPv6Address | None:
    if text.count(":") < 2:
        return None
    try:
        return IPv6Address(text)
    except ValueError:
        return None
