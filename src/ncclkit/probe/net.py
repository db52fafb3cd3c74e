"""Read sys/class/net/<if> (state, mtu, type, flags, PCI function) plus addresses into NetIface.

An interface that only the address source knows (a capture that missed its sysfs entry) is kept
too, with what `ip -j addr` says about it, so that no interface with an address is lost.
"""

from __future__ import annotations

from ncclkit.facts import NetIface
from ncclkit.probe.common import IssueLog, bdf_of_path, read_attr, read_int_attr
from ncclkit.probe.netaddr import ARPHRD, IpLink, read_addresses
from ncclkit.probe.root import NodeRoot

__all__ = ["read_ifaces"]

SOURCE = "net"
CLASS_DIR = "sys/class/net"


def read_ifaces(root: NodeRoot, issues: IssueLog) -> tuple[NetIface, ...]:
    """Every interface, sorted by name."""
    names = [n for n in root.list_dir(CLASS_DIR) if root.is_dir(f"{CLASS_DIR}/{n}")]
    addrs = read_addresses(root, names, issues)
    out = {name: _read_iface(root, name, addrs, issues) for name in names}
    for name, link in (addrs or {}).items():
        if name not in out:
            out[name] = _from_link(link)
    return tuple(out[n] for n in sorted(out))


def _read_iface(root: NodeRoot, name: str, addrs: dict[str, IpLink] | None, issues: IssueLog) -> NetIface:
    base = root.realpath(f"{CLASS_DIR}/{name}")
    is_virtual = base.startswith("sys/devices/virtual/")
    speed = read_int_attr(root, f"{base}/speed", issues, SOURCE)
    link = (addrs or {}).get(name)
    return NetIface(
        name=name,
        operstate=read_attr(root, f"{base}/operstate"),
        mtu=read_int_attr(root, f"{base}/mtu", issues, SOURCE),
        type=read_int_attr(root, f"{base}/type", issues, SOURCE),
        address=read_attr(root, f"{base}/address"),
        flags=read_int_attr(root, f"{base}/flags", issues, SOURCE, base=16),
        # The kernel reports -1 (SPEED_UNKNOWN) for links without a negotiated speed.
        speed_mbps=speed if speed is not None and speed >= 0 else None,
        pci_bdf=None if is_virtual else bdf_of_path(base),
        is_virtual=is_virtual,
        ipv4=link.ipv4 if link else (),
        ipv6=link.ipv6 if link else (),
        addresses_known=link is not None,
        ifindex=read_int_attr(root, f"{base}/ifindex", issues, SOURCE),
    )


def _from_link(link: IpLink) -> NetIface:
    return NetIface(
        name=link.name,
        operstate=link.operstate,
        mtu=link.mtu,
        type=link.type,
        address=link.address,
        flags=link.flags,
        is_virtual=link.type == ARPHRD["loopback"],  # sysfs would say; only loopback is certain
        ipv4=link.ipv4,
        ipv6=link.ipv6,
        addresses_known=True,
        ifindex=link.ifindex,
    )
