"""Which socket interfaces NCCL lists, and which one bootstraps (NCCL_COMM_ID included).

`ncclFindInterfaces` (src/misc/socket.cc, v2.18.1-1 .. v2.28.9-1; the search moved to
`ncclOsFindInterfaces`, src/os/linux.cc, in v2.29.7-1):
- NCCL_SOCKET_IFNAME longer than one character: only matching interfaces (list syntax of params);
- otherwise passes, each tried only when the ones before found nothing: `ib`, the interface whose
  subnet holds NCCL_COMM_ID's address (`ncclFindInterfaceMatchSubnet`), `^docker,lo` (`^docker,lo,virbr`
  from v2.28.3-1), `docker`, `lo`, then `virbr` (v2.28.3-1+);
- within a pass getifaddrs order (IPv4 addresses by ifindex, then IPv6), IFF_RUNNING, `::1` skipped,
  NCCL_SOCKET_FAMILY (exactly AF_INET or AF_INET6), one address per name, MAX_IFS (16).

`bootstrapNetInit` (src/bootstrap.cc, all versions): with NCCL_COMM_ID set, the bootstrap interface
comes only from the subnet match (NCCL_SOCKET_IFNAME, the ib preference, IFF_RUNNING and
NCCL_SOCKET_FAMILY play no part); no match is WARN `NET/Socket : No usable listening interface
found` and init fails. Without it, the first interface of `ncclFindInterfaces`.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from ncclkit.facts import NetIface, NodeFacts
from ncclkit.nccl.params import MAX_IFS, parse_nccl_list
from ncclkit.nccl.versions import VIRBR_DEMOTED, NcclVersion, nccl_version, ver_at_least

__all__ = ["Bootstrap", "IfaceAddr", "bootstrap_interface", "comm_id_address", "nccl_interfaces"]


@dataclass(frozen=True, slots=True, kw_only=True)
class IfaceAddr:
    """An interface NCCL would list, with the first address it takes for it (None: not known)."""

    iface: NetIface
    address: str | None
    family: str  # "inet", "inet6" or "unknown"


@dataclass(frozen=True, slots=True, kw_only=True)
class Bootstrap:
    """The bootstrap interface NCCL takes (None: init fails), and why."""

    interface: str | None
    address: str | None
    why: str
    fails: bool = False  # NCCL WARNs and ncclCommInitRank fails


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


def _listed(facts: NodeFacts, env: dict[str, str]) -> list[IfaceAddr]:
    """Every running interface with the address NCCL takes, in getifaddrs order."""
    fam_env = env.get("NCCL_SOCKET_FAMILY")
    family = fam_env if fam_env in ("AF_INET", "AF_INET6") else None
    by_index = sorted(facts.ifaces, key=lambda i: (i.ifindex is None, i.ifindex or 0, i.name))
    listed: list[IfaceAddr] = []
    for iface in by_index:
        if not iface.is_up:
            continue
        got = _first_address(iface, family)
        if got is not None:
            listed.append(IfaceAddr(iface=iface, address=got[0], family=got[1]))
    listed.sort(key=lambda a: 0 if a.family in ("inet", "unknown") else 1)
    return listed


def comm_id_address(env: dict[str, str]) -> str | None:
    """The host part of NCCL_COMM_ID (`ip:port`, `[ipv6]:port`); None when unset or one character."""
    value = env.get("NCCL_COMM_ID") or ""
    if len(value) <= 1:
        return None
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    return value.rsplit(":", 1)[0]


def _subnet_match(facts: NodeFacts, address: str) -> IfaceAddr | None:
    """ncclFindInterfaceMatchSubnet: the first address (getifaddrs order) whose subnet holds it."""
    try:
        remote = ipaddress.ip_address(address)
    except ValueError:
        return None  # a host name: NCCL resolves it; ncclkit cannot without the network
    by_index = sorted(facts.ifaces, key=lambda i: (i.ifindex is None, i.ifindex or 0, i.name))
    for fam in ("inet", "inet6"):
        for iface in by_index:
            for cidr in (iface.ipv4 if fam == "inet" else iface.ipv6):
                try:
                    net = ipaddress.ip_interface(cidr).network
                except ValueError:
                    continue
                if remote.version == net.version and remote in net:
                    return IfaceAddr(iface=iface, address=cidr.split("/")[0], family=fam)
    return None


def _pass_of(name: str, version: NcclVersion | None) -> int:
    if name.startswith("ib"):
        return 0
    if name.startswith("virbr") and ver_at_least(version, VIRBR_DEMOTED):
        return 5
    if name.startswith("docker"):
        return 3
    if name.startswith("lo"):
        return 4
    return 2


def nccl_interfaces(facts: NodeFacts, env: dict[str, str], *, all_passes: bool = False) -> list[IfaceAddr]:
    """Interfaces `ncclFindInterfaces` returns, in its order: IB's out-of-band one is the first,
    NET/Socket uses them all (up to MAX_IFS). `all_passes` lists the later passes' interfaces too
    (what NCCL would fall to, for advice), without the MAX_IFS cap."""
    version = nccl_version(facts)
    listed = _listed(facts, env)
    value = env.get("NCCL_SOCKET_IFNAME") or ""
    if len(value) > 1:  # NCCL ignores a value of one character
        lst = parse_nccl_list(value, version=version, max_entries=MAX_IFS)
        return [a for a in listed if lst.selects(a.iface.name)][:MAX_IFS]
    passes: dict[int, list[IfaceAddr]] = {}
    for a in listed:
        passes.setdefault(_pass_of(a.iface.name, version), []).append(a)
    comm_id = comm_id_address(env)
    if comm_id is not None and not passes.get(0):
        hit = _subnet_match(facts, comm_id)
        if hit is not None:
            return [hit]
    if all_passes:
        return [a for key in sorted(passes) for a in passes[key]]
    for key in sorted(passes):
        if passes[key]:
            return passes[key][:MAX_IFS]
    return []


def bootstrap_interface(facts: NodeFacts, env: dict[str, str]) -> Bootstrap:
    """bootstrapNetInit's choice under `env`."""
    comm_id = comm_id_address(env)
    if comm_id is not None:
        hit = _subnet_match(facts, comm_id)
        if hit is None:
            return Bootstrap(interface=None, address=None, fails=True,
                             why=(f"NCCL_COMM_ID={env['NCCL_COMM_ID']}: no local interface is in the subnet of "
                                  f"{comm_id}: `NET/Socket : No usable listening interface found`, init fails"))
        return Bootstrap(interface=hit.iface.name, address=hit.address,
                         why=(f"NCCL_COMM_ID is set: the interface in the subnet of {comm_id} is used "
                              "(NCCL_SOCKET_IFNAME and NCCL's order play no part)"))
    ifaces = nccl_interfaces(facts, env)
    if not ifaces:
        return Bootstrap(interface=None, address=None, fails=True,
                         why="no running interface with an address matches: `Bootstrap : no socket interface found`")
    first = ifaces[0]
    why = ("the first match of NCCL_SOCKET_IFNAME" if len(env.get("NCCL_SOCKET_IFNAME", "")) > 1
           else "NCCL's order: ib* first, then any but docker/lo/virbr, then those")
    return Bootstrap(interface=first.iface.name, address=first.address, why=why)
