"""`show_gids` tables (and the `GID[ i]:` lines of `ibv_devinfo -v`) -> GID entries and, per port,
the GID index NCCL should use on RoCE.

NCCL's own choice (2.21+, nccl-internals.md section 2) is the lowest index whose GID is valid
(not zero, not fe80::/64), IPv4-mapped (`::ffff:a.b.c.d`) and RoCE v2; <= 2.20 used index 0 unless
NCCL_IB_GID_INDEX was set. `recommend_gid_index` applies that rule.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from typing import Any

from ncclkit.probe.parse import parse_gid_ipv4

__all__ = ["GidEntry", "ipv4_of_gid", "parse_show_gids", "recommend_gid_index"]

_HEADER = re.compile(r"^\s*DEV\s+PORT\s+INDEX\s+GID", re.IGNORECASE)
_IPV4 = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}$")
_VER = re.compile(r"^v\d$", re.IGNORECASE)


@dataclass(frozen=True, slots=True, kw_only=True)
class GidEntry:
    device: str
    port: int
    index: int
    gid: str
    ipv4: str | None
    roce_version: str | None   # "v1" / "v2"
    netdev: str | None

    def to_json(self) -> dict[str, Any]:
        return {"device": self.device, "port": self.port, "index": self.index, "gid": self.gid,
                "ipv4": self.ipv4, "roce_version": self.roce_version, "netdev": self.netdev}


# One parser for IPv4-mapped GIDs, shared with the sysfs reader (probe/infiniband.py).
ipv4_of_gid = parse_gid_ipv4


def _valid(gid: str) -> bool:
    try:
        addr = ipaddress.IPv6Address(gid.strip())
    except ValueError:
        return False
    return not addr.is_unspecified and not addr.is_link_local


def parse_show_gids(text: str) -> tuple[GidEntry, ...]:
    """Rows `DEV PORT INDEX GID [IPv4] VER DEV`; the IPv4 column is empty for non-IPv4 GIDs."""
    entries: list[GidEntry] = []
    seen_header = False
    for line in text.splitlines():
        if _HEADER.match(line):
            seen_header = True
            continue
        tokens = line.split()
        if len(tokens) < 5 or not tokens[1].isdigit() or not tokens[2].isdigit():
            continue
        # Rows pasted without the header line are taken when they carry a GID and a RoCE version.
        if not seen_header and (":" not in tokens[3] or not any(_VER.match(t) for t in tokens[4:])):
            continue
        dev, port, index, gid = tokens[0], int(tokens[1]), int(tokens[2]), tokens[3]
        rest = tokens[4:]
        ipv4 = rest.pop(0) if rest and _IPV4.match(rest[0]) else None
        ver = rest.pop(0) if rest and _VER.match(rest[0]) else None
        netdev = rest[0] if rest else None
        entries.append(GidEntry(device=dev, port=port, index=index, gid=gid,
                                ipv4=ipv4 or ipv4_of_gid(gid), roce_version=ver.lower() if ver else None,
                                netdev=netdev))
    return tuple(entries)


def recommend_gid_index(entries: tuple[GidEntry, ...] | list[GidEntry]) -> dict[str, int]:
    """{"mlx5_0:1": 3, ...}: per port, the lowest valid RoCE v2 IPv4 GID index (NCCL 2.21+ auto rule)."""
    best: dict[str, int] = {}
    for e in entries:
        if e.roce_version != "v2" or not (e.ipv4 or ipv4_of_gid(e.gid)) or not _valid(e.gid):
            continue
        key = f"{e.device}:{e.port}"
        if key not in best or e.index < best[key]:
            best[key] = e.index
    return dict(sorted(best.items()))
