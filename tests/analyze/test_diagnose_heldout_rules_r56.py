"""Rules from round 56 of the held-out measurement (NCCL and net-plugin issues, PyTorch's forums and distributed
issues, research codebases), each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, lead


# pytorch/pytorch#143858: init_method="tcp://localhost:35980" under torchrun, whose agent hosts the store elsewhere.
def test_a_refused_connect_to_the_nodes_own_loopback_is_the_launch() -> None:
    assert_reads("[I1226 11:25:16.460453259 socket.cpp:919] [c10d - trace] The server socket on localhost:35980 is "
                 "not yet listening (errno: 111 - Connection refused), will retry.", "log.socket_connect_failed",
                 "application_bug")
    assert_reads("[W socket.cpp:663] [c10d] The client socket has failed to connect to [localhost]:29500 (errno: 111 - "
                 "Connection refused).", "log.socket_connect_failed", "application_bug")
    # Another node's address refused: the firewall, the interface or the peer, not this node's launch.
    assert_reads("[c10d - trace] The server socket on 10.0.3.7:29500 is not yet listening (errno: 111 - Connection "
                 "refused), will retry.", "log.socket_connect_failed", "firewall_or_port_blocked")
    # NCCL's and Gloo's loopback forms are the interface they chose (a host name resolving to 127.0.x.x).
    assert lead("node1:77:77 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 127.0.0.1<41327> "
                "failed : Software caused connection abort\n") != ("log.socket_connect_failed", "application_bug")
    assert lead("timed out connecting: SO_ERROR: Connection refused, remote=[127.0.0.1]:41527\n") != (
        "log.socket_connect_failed", "application_bug")


# pytorch/pytorch#65463: the reporter's own words for the rendezvous port clash.
def test_address_is_already_in_use_in_a_reporters_words() -> None:
    assert_reads("I got an error that address is already in use when using RPC framework.", "log.port_in_use",
                 "application_bug")
    assert lead("an address that is in use by another interface was skipped\n") is None

