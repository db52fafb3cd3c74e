"""Interface addresses: `ip -j addr` (live or cmd/ip-j-addr.json), else ioctl + proc/net/if_inet6 live.

NCCL's bootstrap and its IB out-of-band interface need an interface with an IP address
(nccl-internals.md section 5), so addresses are facts of their own, separate from sysfs.
"""

from __future__ import annotations

import fcntl
import ipaddress
import json
import socket
import struct
from dataclasses import dataclass

from ncclkit.probe.common import IssueLog, uncaptured_reason
from ncclkit.probe.root import NodeRoot

__all__ = ["IpLink", "parse_ip_json", "read_addresses", "read_live_addresses_json"]

SOURCE = "net.addresses"
IP_JSON = "ip-j-addr.json"
# linux/sockios.h
_SIOCGIFADDR = 0x8915
_SIOCGIFNETMASK = 0x891B
# proc/net/if_inet6: "<32 hex digits> <ifindex> <prefixlen> <scope> <flags> <name>"
_INET6_FIELDS = 6
_INET6_HEX_DIGITS = 32
# net/if.h IFF_* bits, for interfaces that only `ip -j addr` knows (flags given as names there).
IFF_BITS = {"UP": 0x1, "BROADCAST": 0x2, "DEBUG": 0x4, "LOOPBACK": 0x8, "POINTOPOINT": 0x10,
            "NOTRAILERS": 0x20, "RUNNING": 0x40, "NOARP": 0x80, "PROMISC": 0x100, "ALLMULTI": 0x200,
            "MASTER": 0x400, "SLAVE": 0x800, "MULTICAST": 0x1000, "LOWER_UP": 0x10000,
            "DORMANT": 0x20000, "ECHO": 0x40000}
# `ip` link_type -> ARPHRD number (linux/if_arp.h), as sysfs `type` gives it.
ARPHRD = {"ether": 1, "infiniband": 32, "loopback": 772, "none": 65534}


@dataclass(frozen=True, slots=True, kw_only=True)
class IpLink:
    """One interface as an address source sees it."""

    name: str
    ipv4: tuple[str, ...] = ()
    ipv6: tuple[str, ...] = ()
    operstate: str | None = None
    mtu: int | None = None
    type: int | None = None
    address: str | None = None
    flags: int | None = None
    ifindex: int | None = None


def parse_ip_json(text: str) -> dict[str, IpLink] | None:
    """`ip -j addr` output -> name -> IpLink; None when it is not that JSON."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, list):
        return None
    out: dict[str, IpLink] = {}
    for item in data:
        if not isinstance(item, dict) or not isinstance(item.get("ifname"), str):
            continue
        v4: list[str] = []
        v6: list[str] = []
        for addr in item.get("addr_info") or []:
            if not isinstance(addr, dict) or "local" not in addr:
                continue
            text_addr = f"{addr['local']}/{addr.get('prefixlen', 32 if addr.get('family') == 'inet' else 128)}"
            (v4 if addr.get("family") == "inet" else v6).append(text_addr)
        flags = item.get("flags")
        mtu = item.get("mtu")
        out[item["ifname"]] = IpLink(
            name=item["ifname"],
            ipv4=tuple(v4),
            ipv6=tuple(v6),
            operstate=str(item["operstate"]).lower() if item.get("operstate") else None,
            mtu=mtu if isinstance(mtu, int) else None,
            type=ARPHRD.get(str(item.get("link_type"))),
            address=item.get("address") if isinstance(item.get("address"), str) else None,
            flags=sum(IFF_BITS.get(f, 0) for f in flags) if isinstance(flags, list) else None,
            ifindex=item["ifindex"] if isinstance(item.get("ifindex"), int) else None,
        )
    return out


def read_addresses(root: NodeRoot, names: list[str], issues: IssueLog) -> dict[str, IpLink] | None:
    """Addresses by interface; None when no address source could be read at all."""
    text = root.command(IP_JSON)
    if text is not None:
        parsed = parse_ip_json(text)
        if parsed is not None:
            return parsed
        issues.add(SOURCE, f"cmd/{IP_JSON}", "not the JSON list that `ip -j addr` prints")
    elif not root.live:
        issues.add(SOURCE, f"cmd/{IP_JSON}", f"{uncaptured_reason(root, IP_JSON)}: interface addresses unknown")
    if root.live:
        return _read_live_fallback(root, names)
    return None


def read_live_addresses_json(root: NodeRoot, names: list[str]) -> str:
    """The live fallback's addresses written in `ip -j addr`'s shape, for snapshots of nodes without `ip`."""
    items = []
    for name, link in sorted(_read_live_fallback(root, names).items()):
        addrs = [{"family": fam, "local": a.split("/")[0], "prefixlen": int(a.split("/")[1])}
                 for fam, group in (("inet", link.ipv4), ("inet6", link.ipv6)) for a in group]
        items.append({"ifname": name, "addr_info": addrs})
    return json.dumps(items)


def _read_live_fallback(root: NodeRoot, names: list[str]) -> dict[str, IpLink]:
    """Without `ip`: the primary IPv4 address by ioctl and IPv6 from proc/net/if_inet6."""
    v6: dict[str, list[str]] = {}
    for line in (root.read_text("proc/net/if_inet6") or "").splitlines():
        fields = line.split()
        if len(fields) != _INET6_FIELDS or len(fields[0]) != _INET6_HEX_DIGITS:
            continue
        try:
            addr = ipaddress.IPv6Address(bytes.fromhex(fields[0]))
            plen = int(fields[2], 16)
        except ValueError:
            continue
        v6.setdefault(fields[5], []).append(f"{addr}/{plen}")
    out: dict[str, IpLink] = {}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for name in names:
            v4 = _ioctl_ipv4(sock, name)
            out[name] = IpLink(name=name, ipv4=(v4,) if v4 else (), ipv6=tuple(v6.get(name, ())))
    return out


def _ioctl_ipv4(sock: socket.socket, name: str) -> str | None:
    req = struct.pack("256s", name.encode()[:15])
    try:
        addr = socket.inet_ntoa(fcntl.ioctl(sock.fileno(), _SIOCGIFADDR, req)[20:24])
        mask = socket.inet_ntoa(fcntl.ioctl(sock.fileno(), _SIOCGIFNETMASK, req)[20:24])
    except OSError:
        return None  # EADDRNOTAVAIL: no IPv4 address on this interface
    return f"{addr}/{ipaddress.IPv4Network(f'0.0.0.0/{mask}').prefixlen}"
