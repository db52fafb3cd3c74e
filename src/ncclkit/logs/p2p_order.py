"""Point-to-point traffic split over two communicators, one per direction (pure: text -> list[Finding]).

NCCL's COLL trace (NCCL_DEBUG_SUBSYS=COLL) prints every Send and Recv as it is enqueued, with its communicator. A
process that sends only on one two-rank communicator and receives only on another has the two directions on two
communicators whose operations NCCL does not order against each other: a send may wait until the peer posts the
matching receive, so when the peer posts its own sends and receives in another order both processes wait, each in
its first operation (NVIDIA/nccl#584: "the ordering does matter or it could cause hangs"). One communicator with
the send and the receive of a step in one ncclGroupStart/ncclGroupEnd (torch's batch_isend_irecv) cannot deadlock
that way.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity

__all__ = ["p2p_order_findings"]

_P2P = re.compile(r"^([\w.-]+:\d+):\d+ \[\d+\] NCCL INFO (Send|Recv): opCount \w+ .*\bcomm (0x[0-9a-f]+) "
                  r"\[nranks=2\]")
_MIN_OPS = 3  # a trace, not one line of each


def p2p_order_findings(text: str) -> list[Finding]:
    if "NCCL INFO Send: opCount" not in text or "NCCL INFO Recv: opCount" not in text:
        return []
    # process -> communicator -> {direction: first line}
    seen: dict[str, dict[str, dict[str, int]]] = {}
    count = 0
    for no, line in enumerate(text.splitlines(), 1):
        m = _P2P.match(line)
        if m:
            count += 1
            seen.setdefault(m[1], {}).setdefault(m[3], {}).setdefault(m[2], no)
    if count < _MIN_OPS:
        return []
    for proc, comms in seen.items():
        sends = [c for c, d in comms.items() if set(d) == {"Send"}]
        recvs = [c for c, d in comms.items() if set(d) == {"Recv"}]
        if sends and recvs and len(comms) == 2:
            lines = sorted([comms[sends[0]]["Send"], comms[recvs[0]]["Recv"]])
            return [Finding(
                id="log.p2p_split_comms", severity=Severity.WARNING, subject=f"comm {sends[0]}",
                message=f"process {proc} sends only on communicator {sends[0]} and receives only on {recvs[0]} "
                        "(two-rank communicators, one per direction): NCCL does not order the operations of two "
                        "communicators against each other and a send can wait for its matching receive, so a peer "
                        "that posts its sends and receives in another order leaves both processes waiting",
                fix="post each step's send and receive on one communicator inside one ncclGroupStart/"
                    "ncclGroupEnd (torch: dist.batch_isend_irecv with both P2POp), or post them in the same order "
                    "on both ranks",
                cause=Cause.HANG_COLLECTIVE_MISMATCH,
                evidence={"role": "likely", "lines": lines, "process": proc,
                          "alternatives": [str(Cause.APPLICATION_BUG)]})]
    return []
