"""`show_gids` tables (and the `GID[ i]:` lines of `ibv_devinfo -v`) -> GID entries and, per port,
the GID index a RoCE v2 fabric needs.

The listing is turned into the same records the node probe builds (facts.IbPort with its GIDs), and
the index is asked of the NCCL model (ncclkit.nccl.gid.best_roce_v2_ipv4_index): the lowest
configured IPv4 RoCE v2 GID, which NCCL 2.21+ also picks by itself on real GID tables.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ncclkit import facts
from ncclkit.nccl.gid import best_roce_v2_ipv4_index
from ncclkit.probe.parse import parse_gid_ipv4

__all__ = ["GidEntry", "ipv4_of_gid", "none_found", "parse_show_gids", "recommend_gid_index"]

_HEADER = re.compile(r"^\s*DEV\s+PORT\s+INDEX\s+GID", re.IGNORECASE)
_IPV4 = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}$")
_VER = re.compile(r"^v\d$", re.IGNORECASE)
# show_gids' last line counts the rows it printed (MLNX_OFED / DOCA's script: "n_gids_found=0").
_NONE_FOUND = re.compile(r"^\s*n_gids_found=0\s*$", re.MULTILINE)


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


def as_ports(entries: tuple[GidEntry, ...] | list[GidEntry]) -> list[facts.IbPort]:
    """The listing as the probe's records: one RoCE port per device:port with its GID table."""
    by_port: dict[tuple[str, int], list[facts.GidEntry]] = {}
    for e in entries:
        kind = {"v2": "RoCE v2", "v1": "IB/RoCE v1"}.get(e.roce_version or "")
        by_port.setdefault((e.device, e.port), []).append(
            facts.GidEntry(index=e.index, gid=e.gid, gid_type=kind, ndev=e.netdev, ipv4=e.ipv4 or ipv4_of_gid(e.gid)))
    return [facts.IbPort(device=dev, port=port, link_layer="Ethernet", gids=tuple(gids))
            for (dev, port), gids in by_port.items()]


def recommend_gid_index(entries: tuple[GidEntry, ...] | list[GidEntry]) -> dict[str, int]:
    """{"mlx5_0:1": 3, ...}: per port, the lowest configured RoCE v2 IPv4 GID index."""
    best = {p.name: best_roce_v2_ipv4_index(p) for p in as_ports(entries)}
    return {k: v for k, v in sorted(best.items()) if v is not None}


def none_found(text: str) -> bool:
    """True when show_gids says it found no GID at all: no RDMA port of the host (or pod) has one."""
    return bool(_NONE_FOUND.search(text))
