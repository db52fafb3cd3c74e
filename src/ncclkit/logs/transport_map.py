"""Which transport each rank pair used, from the channel lines of an NCCL log
("0[0] -> 1[1] [send] via NET/IB/0/GDRDMA"), counted by nccl_log_state.LogState."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ncclkit.logs.nccl_log_model import TransportUse, normalize_transport

__all__ = ["transport_map_of"]

_PAIR = re.compile(r"(\d+)(?:\[[^\]]*\])?\s*->\s*(\d+)")  # "0[0] -> 1[1]", 2.4: "1 -> 0"


def transport_map_of(pairs: Mapping[bytes, int], overflow: Mapping[bytes, int],
                     transports: set[str]) -> tuple[list[TransportUse], bool, bool]:
    """The per-pair transport rows of the channel tails counted in `pairs` (and the transports of
    the tails beyond the pair limit, `overflow`); adds each normalized transport to `transports`.
    Returns (rows, some NET transport used GDR, some NET transport did not). Send channels without GDR beside
    channels with it do not count: NCCL reads GPU memory over RDMA (sends) only where enabled, "GPU Direct RDMA
    Enabled ... read 0" (net.cc netGetGdrSupport; NVIDIA/nccl-tests#36), while a receive without it is GDR missing
    on that node (NVIDIA/nccl#897)."""
    merged: dict[tuple[str, str], int] = {}
    get = merged.get
    for tail, count in pairs.items():
        seg, via, raw = tail[2:].decode("utf-8", "replace").rpartition(" via ")
        if via:
            key = (seg.strip(), raw.strip())
            merged[key] = get(key, 0) + count
    for raw_b, count in overflow.items():
        key = ("", raw_b.decode("utf-8", "replace").strip())
        merged[key] = get(key, 0) + count
    # A few distinct transports for thousands of rank pairs: classify each transport once.
    kinds: dict[str, tuple[str, bool, bool]] = {}  # raw -> (normalized, NET+GDR, NET without)
    rows: list[tuple[int, int, str, str, int | None, int | None, int, bool]] = []
    send_nogdr = other_nogdr = False
    for (seg, raw), count in merged.items():
        kind = kinds.get(raw)
        if kind is None:
            upper = raw.upper()
            net = upper.startswith(("NET/", "COLLNET/"))
            kind = kinds[raw] = (normalize_transport(raw), net and "GDRDMA" in upper,
                                 net and "GDRDMA" not in upper and upper.startswith("NET/"))
        if kind[2]:
            send_nogdr, other_nogdr = send_nogdr or "[send]" in seg, other_nogdr or "[send]" not in seg
        m = _PAIR.search(seg)
        src, dst = (int(m.group(1)), int(m.group(2))) if m else (None, None)
        rows.append((-1 if src is None else src, -1 if dst is None else dst, kind[0], raw, src, dst,
                     count, "[receive]" in seg))
    rows.sort(key=lambda r: (r[2], r[0], r[1]))  # stable: ties keep the order of first lines
    transports.update(k[0] for k in kinds.values())
    out = [TransportUse(src_rank=r[4], dst_rank=r[5], transport=r[2], raw=r[3], channels=r[6], receive=r[7])
           for r in rows]
    gdr = any(k[1] for k in kinds.values())
    return out, gdr, other_nogdr or (send_nogdr and not gdr)

