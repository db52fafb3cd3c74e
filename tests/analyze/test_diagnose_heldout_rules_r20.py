"""Rules from rounds 20 and 21 of the held-out measurement (Chinese-community and infrastructure repos, libraries
next to NCCL, serving engines).

NVIDIA/nccl#1638 and nccl-tests#248 (seen while round 20 was scored, both Istio sidecars in Kubernetes): nccl-tests
on two pods printed the header, the ranks and NCCL's bootstrap lines, then nothing. A connection that is refused
fails at once with an error; one that stays silent is dropped on the way, and the ranks never connect.
"""

from __future__ import annotations

import pytest

from ncclkit.logs.analyze import analyze_text

HEAD = ("# nThread 1 nGpus 1 minBytes 8 maxBytes 1073741824 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 "
        "validation: 1 graph: 0\n#\n# Using devices\n"
        "#  Rank  0 Group  0 Pid   9688 on {a} device  0 [0x01] NVIDIA H100 80GB HBM3\n"
        "#  Rank  1 Group  0 Pid   9991 on {b} device  0 [0x01] NVIDIA H100 80GB HBM3\n"
        "{a}:9688:9688 [0] NCCL INFO Bootstrap : Using eth0:192.168.107.33<0>\n"
        "{a}:9688:9688 [0] NCCL INFO NCCL version 2.22.3+cuda12.6\n"
        "{b}:9991:9991 [0] NCCL INFO Bootstrap : Using eth0:192.168.107.34<0>\n")
TWO = HEAD.format(a="worker-0", b="worker-1")


def causes(text: str) -> list[tuple[str, str]]:
    return [(f["id"], f["cause"]) for f in analyze_text(text)["findings"] if f["cause"]]


def test_nccl_tests_on_two_nodes_that_never_connect_point_at_dropped_traffic() -> None:
    found = causes(TWO)
    assert found[0] == ("log.multi_node_stall", "firewall_or_port_blocked")
    assert ("log.alternative", "wrong_interface") in found[1:3]
    first = next(f for f in analyze_text(TWO)["findings"] if f["cause"])
    assert first["severity"] == "warning" and "sidecar" in first["fix"]


@pytest.mark.parametrize("extra", [
    # result rows: the test ran
    "           8             2     float     sum    24.43    0.00    0.00  0e+00    24.06    0.00    0.00  0e+00\n",
    # the ranks connected (a channel line)
    "worker-0:9688:9700 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] via NET/Socket/0\n",
    # a refused connection states its own error
    "worker-1:9991:9991 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 192.168.107.33<41234> "
    "failed : Connection refused\n",
])
def test_rows_a_connection_or_an_error_are_no_multi_node_stall(extra: str) -> None:
    assert "log.multi_node_stall" not in {i for i, _ in causes(TWO + extra)}


def test_one_node_is_the_single_node_stall_instead() -> None:
    one = HEAD.format(a="gpu-box", b="gpu-box")
    found = {i for i, _ in causes(one)}
    assert "log.multi_node_stall" not in found and "log.single_node_stall" in found


def test_an_engine_that_finds_no_peer_to_peer_names_p2p() -> None:
    """LLMServe/DistServe#39 (round 21): PCIe RTX 4090s without P2P."""
    text = ("(ParaWorker pid=1955026) Error: Peer-to-peer access is unsupported on this platform.\n"
            "(ParaWorker pid=1955026) In the current version of distserve, it is necessary to use a platform that "
            "supports GPU P2P access.\n")
    assert causes(text)[0] == ("log.p2p_error", "acs_iommu_p2p")


def test_a_pasted_environment_is_settings_not_an_error() -> None:
    """NVIDIA/nccl#307 (round 22) pasted its variables as lines of their own ("NCCL_SOCKET_IFNAME=eth") beside
    ibstatus: they are the job's settings, not a failure to find an interface; the GID lines are a listing."""
    text = ("NCCL_IB_HCA=^mlx5_2\nNCCL_SOCKET_IFNAME=eth\n\n"
            "Infiniband device 'mlx5_0' port 1 status:\n\tdefault gid:\t fe80:0000:0000:0000:b859:9f03:00d4:fe72\n"
            "\tbase lid:\t 0x2ed\n\tsm lid:\t\t 0x10d\n\tstate:\t\t 4: ACTIVE\n\tphys state:\t 5: LinkUp\n"
            "\trate:\t\t 100 Gb/sec (4X EDR)\n\tlink_layer:\t InfiniBand\n")
    found = analyze_text(text)["findings"]
    assert not [f for f in found if f["severity"] == "error"]
    assert {"log.no_interface", "log.gid_error"}.isdisjoint(f["id"] for f in found)
