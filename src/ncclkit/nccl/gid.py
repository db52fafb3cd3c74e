"""Which GID index NCCL's IB transport uses on a port.

`ncclIbGetGidIndex` / `ncclUpdateGidIndex` (src/transport/net_ib.cc v2.21.5-1 .. v2.28.9-1,
src/transport/net_ib/connect.cc from v2.29.7-1):
- IB ports, v2.22.3-1+: NCCL_IB_ROUTABLE_FLID_GID_INDEX (default 1) when that GID has a non-zero FLID,
  else 0; NCCL_IB_GID_INDEX is not read for IB (in v2.21 only the receive side ran the walk on IB).
- RoCE ports: NCCL_IB_GID_INDEX >= 0 is used as given. Up to v2.20 it defaults to 0; from v2.21 the
  default -1 walks indexes 1..gid_tbl_len-1 from 0 (`auto_gid_index`).
- NCCL_IB_ADDR_RANGE (`envIbAddrRange`) is ignored without a `/`, when the address does not parse
  in NCCL_IB_ADDR_FAMILY's family, or when the mask is too large; the mask is strtol (no digits: 0).
- NCCL_IB_ROCE_VERSION_NUM defaults to 2 and is used as given (0 included).
- `configuredGid`: a GID is unusable only when it is all zero or exactly `fe80::` (prefix with a zero
  interface id); a link-local GID with an interface id counts as configured.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from ncclkit.facts import GidEntry, IbPort
from ncclkit.nccl.params import env_int, parse_nccl_int
from ncclkit.nccl.versions import GID_AUTO, IB_GID_FLID, NcclVersion, ver_at_least

__all__ = ["GidChoice", "auto_gid_index", "best_roce_v2_ipv4_index", "gid_at", "gid_choice"]


def gid_at(port: IbPort, index: int) -> GidEntry | None:
    return next((g for g in port.gids if g.index == index), None)


def _family(g: GidEntry | None) -> str:
    """getGidAddrFamily: v4-mapped (::ffff:a.b.c.d) or its ff0e:: multicast form is AF_INET."""
    if g is None:
        return "AF_INET6"  # an all-zero GID is not v4-mapped
    text = g.gid.lower().replace(":", "")
    if g.ipv4 or text.startswith("00000000000000000000ffff") or text.startswith("ff0e0000000000000000ffff"):
        return "AF_INET"
    return "AF_INET6"


def _configured(g: GidEntry | None) -> bool:
    """configuredGid: not all zero and not exactly fe80:: (interface id zero)."""
    if g is None or g.is_empty:
        return False
    text = g.gid.lower().replace(":", "")
    return not (text.startswith("fe800000") and text[8:].strip("0") == "")


def _addr_range(env: dict[str, str], family: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network | None:
    """envIbAddrRange: the range NCCL filters on, or None when NCCL ignores the variable."""
    value = env.get("NCCL_IB_ADDR_RANGE") or ""
    if "/" not in value:
        return None
    addr, mask_text = value.split("/", 1)
    try:
        ip = ipaddress.IPv4Address(addr) if family == "AF_INET" else ipaddress.IPv6Address(addr)
    except ValueError:
        return None  # inet_pton fails in the wanted family: "ignoring address"
    mask = parse_nccl_int(mask_text.split()[0] if mask_text.split() else "") or 0
    if mask < 0 or mask > (32 if family == "AF_INET" else 128):
        return None
    return ipaddress.ip_network(f"{ip}/{mask}", strict=False)


def _in_range(g: GidEntry | None, net: ipaddress.IPv4Network | ipaddress.IPv6Network | None) -> bool:
    if net is None:
        return True
    if g is None:
        return False
    try:
        addr = ipaddress.ip_address(g.ipv4) if g.ipv4 else ipaddress.ip_address(g.gid)
    except ValueError:
        return False
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None and net.version == 4:
        addr = addr.ipv4_mapped
    return addr.version == net.version and addr in net


def auto_gid_index(port: IbPort, env: dict[str, str]) -> int:
    """The index NCCL 2.21+ picks on a RoCE port with NCCL_IB_GID_INDEX unset (step by step)."""
    want_family = "AF_INET6" if env.get("NCCL_IB_ADDR_FAMILY") == "AF_INET6" else "AF_INET"
    want_version = env_int(env, "NCCL_IB_ROCE_VERSION_NUM", 2)
    net = _addr_range(env, want_family)
    # gid_tbl_len is not in sysfs; entries past the last one read are empty, and an empty entry can
    # only win the family branch, which needs the other family than index 0's: walk one further.
    table_len = max((g.index for g in port.gids), default=0) + 2
    current = 0
    for cand_index in range(1, table_len):
        cur, cand = gid_at(port, current), gid_at(port, cand_index)
        cand_family = _family(cand)
        if cand_family != _family(cur) and cand_family == want_family and _in_range(cand, net):
            current = cand_index
            continue
        if cand_family != want_family or not _configured(cand) or not _in_range(cand, net):
            continue
        # A GID whose gid_attrs/types entry cannot be read (EINVAL in a container) has no version.
        cur_ver = cur.roce_version if cur else None
        cand_ver = cand.roce_version if cand else None
        if (cur_ver != cand_ver or not _configured(cur)) and cand_ver == want_version:
            current = cand_index
    return current


@dataclass(frozen=True, slots=True, kw_only=True)
class GidChoice:
    index: int
    why: str


def gid_choice(port: IbPort, env: dict[str, str], version: NcclVersion | None) -> GidChoice:
    """The GID index NCCL uses on `port` under `env` for `version`."""
    forced = parse_nccl_int(env.get("NCCL_IB_GID_INDEX", ""))
    if not port.is_roce:
        if ver_at_least(version, IB_GID_FLID):
            flid_index = env_int(env, "NCCL_IB_ROUTABLE_FLID_GID_INDEX", 1)
            g = gid_at(port, flid_index)
            # The FLID is GID bytes 4-5 (ncclIbExtractFlid); 0 on fabrics without routing.
            flid = int(g.gid.replace(":", "")[8:12] or "0", 16) if g and len(g.gid.replace(":", "")) == 32 else 0
            if flid:
                return GidChoice(index=flid_index, why="IB: routable FLID GID (2.22+)")
            return GidChoice(index=0, why="IB: GID 0 (2.22+ ignores NCCL_IB_GID_INDEX on IB)")
        if forced is not None and forced >= 0:
            return GidChoice(index=forced, why="NCCL_IB_GID_INDEX")
        return GidChoice(index=0, why="IB: GID 0")
    if forced is not None and forced >= 0:
        return GidChoice(index=forced, why="NCCL_IB_GID_INDEX")
    if ver_at_least(version, GID_AUTO):
        return GidChoice(index=auto_gid_index(port, env), why="auto (2.21+)")
    return GidChoice(index=0, why="default 0 (NCCL <= 2.20)")


def best_roce_v2_ipv4_index(port: IbPort) -> int | None:
    """Lowest index with a configured IPv4 RoCE v2 GID: what a RoCE v2 fabric needs; None if none."""
    for g in sorted(port.gids, key=lambda e: e.index):
        if _configured(g) and not g.is_link_local and _family(g) == "AF_INET" and g.roce_version == 2:
            return g.index
    return None
