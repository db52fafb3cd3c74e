"""Point-to-point traffic split over two communicators, one per direction (ncclkit.logs.p2p_order), on the COLL
trace that shows it and on traces of the same operations that cannot deadlock that way."""

from __future__ import annotations

from line_reading import ids

from ncclkit.logs.analyze import analyze_text

# NVIDIA/nccl#584, rank 1's NCCL_DEBUG_SUBSYS=COLL trace: Recv on one two-rank communicator, Send on another.
_RECV = ("ubuntu:199574:201142 [1] NCCL INFO Recv: opCount da0 sendbuff (nil) recvbuff 0x7f526c000000 count 2420736 "
         "datatype 7 op 0 root 0 comm 0x7f516c002e10 [nranks=2] stream 0x55f1de7279a0\n")
_SEND = ("ubuntu:199574:201142 [1] NCCL INFO Send: opCount d98 sendbuff 0x7f526f13c000 recvbuff (nil) count 2420736 "
         "datatype 7 op 0 root 1 comm 0x7f5128002e10 [nranks=2] stream 0x55f1de727ae0\n")


def test_sends_and_receives_on_two_communicators_lead() -> None:
    f = analyze_text(_RECV + _SEND + _RECV + _SEND + _SEND)["findings"][0]
    assert (f["id"], f["cause"]) == ("log.p2p_split_comms", "hang_collective_mismatch")
    assert "sends only on communicator 0x7f5128002e10 and receives only on 0x7f516c002e10" in f["message"]
    assert f["evidence"]["lines"] == [1, 2]


def test_both_directions_on_one_communicator_or_a_short_trace_is_no_split() -> None:
    one_comm = _RECV + _SEND.replace("0x7f5128002e10", "0x7f516c002e10") + _RECV
    assert "log.p2p_split_comms" not in ids(one_comm)
    # each communicator carrying both directions (a pipeline's two neighbours)
    both = one_comm + _SEND + _RECV.replace("0x7f516c002e10", "0x7f5128002e10")
    assert "log.p2p_split_comms" not in ids(both)
    assert "log.p2p_split_comms" not in ids(_RECV + _SEND)
