"""The status of an RDMA work completion, as NCCL, perftest and the tools on libibverbs print it: its number,
its enum name (NCCL 2.28.7+) or libibverbs' own text (ibv_wc_status_str, rdma-core libibverbs/enum_strs.c),
with what it means, the cause it points to and the mlx5 vendor syndrome next to it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ncclkit.causes import Cause

C = Cause
# enum ibv_wc_status (infiniband/verbs.h): name, meaning, cause, role, alternatives. NCCL prints the
# number ("error 12", "status=12") or, from 2.28.7, the name and number ("status=IBV_WC_..(12)").
_WC_STATUS: dict[int, tuple[str, str, Cause, str, tuple[Cause, ...]]] = {
    1: ("IBV_WC_LOC_LEN_ERR", "a receive buffer was too small: the two ranks disagree on sizes",
        C.HANG_COLLECTIVE_MISMATCH, "root", (C.APPLICATION_BUG,)),
    2: ("IBV_WC_LOC_QP_OP_ERR", "local QP operation error", C.IB_RESOURCE_ERROR, "root", ()),
    4: ("IBV_WC_LOC_PROT_ERR", "local protection error: the NIC could not access the registered "
        "buffer; with GPUDirect RDMA this usually means PCIe ACS/IOMMU blocks peer-to-peer DMA "
        "between NIC and GPU", C.ACS_IOMMU_P2P, "root", (C.GDR_UNAVAILABLE, C.IB_TIMEOUT_OR_RETRY)),
    5: ("IBV_WC_WR_FLUSH_ERR", "work request flushed: the QP was already in error (look for the "
        "first completion error before this one), or the NICs cannot reach each other",
        C.IB_TIMEOUT_OR_RETRY, "collateral", ()),
    8: ("IBV_WC_LOC_ACCESS_ERR", "local access error on the registered memory", C.ACS_IOMMU_P2P, "root",
        (C.GDR_UNAVAILABLE,)),
    9: ("IBV_WC_REM_INV_REQ_ERR", "the remote side rejected the request", C.IB_TIMEOUT_OR_RETRY, "root", ()),
    10: ("IBV_WC_REM_ACCESS_ERR", "remote access error: the peer's NIC could not access its registered "
         "memory (PCIe ACS/IOMMU or GPUDirect RDMA on the peer)", C.ACS_IOMMU_P2P, "root",
         (C.GDR_UNAVAILABLE, C.IB_TIMEOUT_OR_RETRY)),
    11: ("IBV_WC_REM_OP_ERR", "the remote side could not complete the operation", C.IB_TIMEOUT_OR_RETRY,
         "root", ()),
    12: ("IBV_WC_RETRY_EXC_ERR", "transport retry counter exceeded: the peer never acknowledged "
         "(link or switch down, peer process gone, or on RoCE a lossy fabric without PFC/ECN)",
         C.IB_TIMEOUT_OR_RETRY, "root", (C.IB_PORT_DOWN_OR_LINK, C.GID_INDEX_OR_ROCE_CONFIG)),
    13: ("IBV_WC_RNR_RETRY_EXC_ERR", "receiver-not-ready retries exceeded: the peer stopped posting",
         C.IB_TIMEOUT_OR_RETRY, "root", (C.RANK_CRASHED_ELSEWHERE,)),
    20: ("IBV_WC_RESP_TIMEOUT_ERR", "response timeout", C.IB_TIMEOUT_OR_RETRY, "root", ()),
    21: ("IBV_WC_GENERAL_ERR", "general error", C.IB_TIMEOUT_OR_RETRY, "root", ()),
}
_WC_BY_NAME = {v[0]: k for k, v in _WC_STATUS.items()}
# mlx5 CQE vendor syndromes seen in NCCL completion errors ("vendor err 129" = 0x81).
_VENDOR_SYNDROME = {
    0x81: "0x81 = remote transport retry exceeded (no ACK from the peer)",
    0x51: "0x51 = local protection / memory-key violation",
    0x32: "0x32 = work request flushed after an earlier error",
    0x88: "0x88 = remote NAK: invalid request",
}
# Older net_ib.cc printed "from peer with error" with no address (nccl#1052's 2.18 log).
_COMPLETION = re.compile(r"completion (?:from peer (?:(?P<peer>\S+) )?)?with (?:error |status=)"
                         r"(?:(?P<name>IBV_WC_\w+)\()?(?P<status>\d+)"
                         r"(?:.*?vendor[ _]err(?:or)?[ =]?(?P<vendor>\d+))?", re.IGNORECASE)
# perftest (perftest_resources.h): " Failed status 12: wr_id 0 syndrom 0x81", newer " Failed status-IBV_WC_RETRY_EXC_ERR
# (12): wr_id 0 syndrom 0x81"; the syndrome is the vendor error in hex.
_PERFTEST_STATUS = re.compile(r"Failed status[- ](?:(?P<name>IBV_WC_\w+) \()?(?P<status>\d+)\)?: wr_id \S+"
                              r"(?: syndrom 0x(?P<vendor>[0-9a-fA-F]+))?")

# rdma-core libibverbs/enum_strs.c ibv_wc_status_str(): the text tools print instead of, or beside, the number
# (uccl "status=12(transport retry counter exceeded)", programs calling ibv_wc_status_str). "general error" and
# "fatal error" are too common as words to stand for a status without the number.
_WC_TEXT = {"local length error": 1, "local qp operation error": 2, "local protection error": 4,
            "work request flushed error": 5, "local access error": 8, "remote invalid request error": 9,
            "remote access error": 10, "remote operation error": 11, "transport retry counter exceeded": 12,
            "rnr retry counter exceeded": 13, "response timeout error": 20}
WC_TEXT_WORDS = "|".join(re.escape(w) for w in _WC_TEXT)
_WC_BY_TEXT = re.compile(r"(?:status[=: ]\s*(?P<status>\d+)\s*\(\s*)?(?P<text>" + WC_TEXT_WORDS + r")"
                         r"(?:.*?vendor[ _]err(?:or)?[ =:]?(?:0x(?P<hex>[0-9a-fA-F]+)|(?P<vendor>\d+)))?", re.IGNORECASE)

# The status's name alone, as programs print it from their own completion loop (monarch's RDMABuffer).
_BARE_NAME = re.compile(r"\bIBV_WC_[A-Z_]+_ERR\b")


@dataclass(frozen=True)
class WcStatus:
    """One decoded work-completion status."""

    status: int
    name: str
    meaning: str
    cause: Cause
    role: str
    alternatives: tuple[Cause, ...]
    peer: str
    vendor: str | None  # the vendor syndrome, explained where known


def completion_status(text: str) -> WcStatus | None:
    """The work-completion status a line reports, if it names one."""
    vendor: int | None = None
    m = _COMPLETION.search(text) or _PERFTEST_STATUS.search(text)
    if m:
        status = int(m.group("status"))
        if m.group("name") and m.group("name").upper() in _WC_BY_NAME:
            status = _WC_BY_NAME[m.group("name").upper()]
        if m.group("vendor"):
            vendor = int(m.group("vendor"), 16 if m.re is _PERFTEST_STATUS else 10)
        peer = m.groupdict().get("peer") or ""  # perftest names no peer
    elif (bare := _BARE_NAME.search(text)) and bare[0] in _WC_BY_NAME:
        status, peer = _WC_BY_NAME[bare[0]], ""
    else:
        t = _WC_BY_TEXT.search(text)
        if not t:
            return None
        status = int(t.group("status")) if t.group("status") else _WC_TEXT[t.group("text").lower()]
        vendor = int(t.group("hex"), 16) if t.group("hex") else int(t.group("vendor")) if t.group("vendor") else None
        peer = ""
    name, meaning, cause, role, alts = _WC_STATUS.get(
        status, (f"ibv_wc_status {status}", "see infiniband/verbs.h", C.IB_TIMEOUT_OR_RETRY, "root", ()))
    explained = None if vendor is None else _VENDOR_SYNDROME.get(vendor, f"0x{vendor:x}")
    return WcStatus(status, name, meaning, cause, role, alts, peer, explained)
