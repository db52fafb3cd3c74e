"""Records produced by the NCCL log reader (nccl_log.py) and the transport-name normalisation."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ncclkit.causes import Cause
from ncclkit.findings import Severity

__all__ = ["LogError", "NcclLogSummary", "TransportUse", "normalize_transport", "quoted_line"]

# Python's header above a traceback's frames. A line can carry it after its own text: IPython's
# "TimeoutError        Traceback (most recent call last)", or an exception re-raised with the traceback as its
# message ("NameError: Traceback (most recent call last):", dmlc/dgl#3369). Evidence quotes such a line up to the
# header: the frames follow on their own lines, and whoever checks ncclkit's output for a crash of its own looks
# for this header.
_TRACEBACK_HEADER = "Traceback (most recent call last)"


def quoted_line(text: str) -> str:
    """A pasted line as evidence quotes it: up to a traceback header it carries."""
    k = text.find(_TRACEBACK_HEADER)
    return text if k < 0 else text[:k].rstrip() or "Traceback"


@dataclass(frozen=True, slots=True, kw_only=True)
class LogError:
    """One distinct WARN/error message; `count` is how many lines repeated it."""

    line_no: int
    text: str
    category: str
    severity: Severity
    explanation: str
    fix: str
    count: int = 1
    cause: Cause | None = None
    role: str = "root"  # "root", "likely", "collateral" or "noise" (patterns.py)
    alternatives: tuple[Cause, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"line_no": self.line_no, "text": self.text, "category": self.category,
                "explanation": self.explanation, "fix": self.fix}


@dataclass(frozen=True, slots=True, kw_only=True)
class TransportUse:
    """Channels between two ranks over one transport (direction as NCCL logged it). On a `[receive]` line the
    rank left of the arrow is the remote sender and the logging rank is `dst_rank` (net.cc's recv setup prints
    peer -> self), so `local_rank` is the rank of the host that wrote the line."""

    src_rank: int | None
    dst_rank: int | None
    transport: str
    raw: str
    channels: int
    receive: bool = False

    @property
    def local_rank(self) -> int | None:
        return self.dst_rank if self.receive else self.src_rank

    @property
    def remote_rank(self) -> int | None:
        return self.src_rank if self.receive else self.dst_rank


@dataclass(frozen=True, slots=True, kw_only=True)
class NcclLogSummary:
    """What one NCCL debug log shows. `to_json()` gives exactly the CONTRACTS section 5 fields."""

    nccl_version: str | None
    nranks: int | None
    hosts: tuple[str, ...]
    transports: tuple[str, ...]
    network: str | None
    gdr: bool | None
    errors: tuple[LogError, ...]
    versions: tuple[str, ...] = ()
    networks_by_host: dict[str, tuple[str, ...]] = field(default_factory=dict)
    net_plugin_by_host: dict[str, tuple[str, ...]] = field(default_factory=dict)  # "internal"/"external" per host
    nccl_build_cuda: tuple[int, int] | None = None  # "NCCL version 2.19.3+cuda11.0": the CUDA it was built with
    link_local_ifaces: tuple[str, ...] = ()  # socket interfaces NCCL listed with an IPv6 link-local address
    socket_addrs: tuple[str, ...] = ()  # "eth0:172.17.0.3": every IPv4 address NCCL listed for its sockets
    plugins: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    transport_map: tuple[TransportUse, ...] = ()
    transport_map_truncated: bool = False
    net_without_gdr: bool = False
    gdr_disabled_reasons: tuple[str, ...] = ()
    no_ib_device: bool = False
    ib_devices: tuple[str, ...] = ()
    nic_speed_mbps: int | None = None
    return_codes: dict[int, str] = field(default_factory=dict)
    lines_total: int = 0
    nccl_lines: int = 0  # lines with "NCCL INFO/WARN/..." (0: not an NCCL debug log)
    package_versions: dict[str, tuple[str, ...]] = field(default_factory=dict)  # pasted pip/apt listings
    coll_mismatch: tuple[str, ...] = ()  # COLL lines of one opCount that differ between ranks
    coll_mismatch_lines: tuple[int, ...] = ()  # the first line of each of them
    launch_hosts: tuple[str, ...] = ()  # hosts of a pasted launcher command (mpirun -H a,b)
    launch_line: int = 0
    socket_ifaces: tuple[str, ...] = ()  # interfaces of the "Bootstrap : Using" / "NET/Socket : Using" lines
    test_headers: int = 0  # nccl-tests "# nThread ..." headers: one per job, one per process without MPI
    test_rows: int = 0  # nccl-tests result rows
    # ranks on one GPU of one host, by nccl-tests' listing or NCCL's init lines: "ranks 0, 1 on node7 (0000:00:06)"
    shared_test_gpus: tuple[str, ...] = ()
    solo_test_processes: int = 0  # processes of a Rank-0-only nccl-tests listing, each calling itself Rank 0
    nodes: int | None = None  # nodes of the job when the log proves it (NCCL's nNodes, a full nccl-tests listing)
    local_ranks: int | None = None  # NCCL's localRanks (2.20+), else a full nccl-tests listing's: most ranks on one node
    fact_lines: dict[str, int] = field(default_factory=dict)  # first line of each fact a finding cites

    def to_json(self, *, include_map: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "nccl_version": self.nccl_version, "nranks": self.nranks, "hosts": list(self.hosts),
            "transports": list(self.transports), "network": self.network, "gdr": self.gdr,
            "errors": [e.to_json() for e in self.errors]}
        if include_map:
            out["transport_map"] = [
                {"src_rank": t.src_rank, "dst_rank": t.dst_rank, "transport": t.transport,
                 "raw": t.raw, "channels": t.channels} for t in self.transport_map]
        return out


_TRANSPORT_CACHE: dict[str, str] = {}


def normalize_transport(raw: str) -> str:
    """`NET/IB/3/GDRDMA` -> `NET/IB/GDRDMA`, `P2P/CUMEM/read` -> `P2P/CUMEM`, `SHM/direct/direct` and `direct shared
    memory` -> `SHM`, `P2P/direct pointer` -> `P2P/direct`, `COLLNET/SHARP/5/GDRDMA` -> `CollNet` (section 7)."""
    hit = _TRANSPORT_CACHE.get(raw)
    if hit is not None:
        return hit
    parts = raw.strip().split("/")
    head = parts[0].upper()
    if head == "NET" and len(parts) > 1:
        name = parts[1]
        norm = f"NET/{name}/GDRDMA" if "GDRDMA" in raw else f"NET/{name}"
    elif head == "COLLNET":
        norm = "CollNet"
    elif head == "P2P" and len(parts) > 1:
        # "direct pointer" (same process), "CUMEM", "IPC", "MNNVL", "indirect/3[3]"
        norm = "P2P/" + parts[1].split(" ")[0]
    elif head.startswith("SHM") or "shared memory" in raw:
        # NCCL 2.7 - 2.8's shm.cc words its channels "via direct shared memory" (older ones "via shared memory")
        norm = "SHM"
    else:
        norm = parts[0].split(" ")[0]
    if len(_TRANSPORT_CACHE) < 4096:
        _TRANSPORT_CACHE[raw] = norm
    return norm
