"""Rules from round 40 of the held-out measurement (Google Cloud's GPU networking), each tested on the text that
carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes


# NVIDIA/aicr#1662: a gVNIC took a GPU NIC's PCI slot on a3-megagpu; TCPXO's RxDM exited, NET/FasTrak was refused.
def test_tcpxo_refused_on_its_own_transport_is_the_plugins_daemon() -> None:
    assert_reads("I0101 fastrak_gpumem_manager.cc:88] Number of GPUs detected in the PCI tree 7 is not equal to the "
                 "actual number of GPUs reported by CUDA 8", "log.net_plugin_error", "net_plugin_error")
    got = causes("- Every NCCL rank fails with `connect() error: 111: Connection refused` on `NET/FasTrak`, and the "
                 "launcher mpirun tears the run down\n")
    assert got[:2] == [("log.net_plugin_error", "net_plugin_error"), ("log.alternative", "topology_or_numa")]
    # A refusal on NCCL's own sockets stays a socket connection failure.
    plain = causes("node1:1:1 [0] misc/socket.cc:564 NCCL WARN Net : Connect to 10.1.1.2<40031> failed : Connection "
                   "refused\n")
    assert plain[0][0] == "log.socket_connect_failed"
