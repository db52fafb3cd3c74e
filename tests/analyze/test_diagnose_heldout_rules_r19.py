"""Rules from round 19 of the held-out measurement, and the INFO lines of NCCL's source that name a cause.

hiyouga/LlamaFactory#3715: a c10d client dialling 255.255.0.0 (a netmask) was read as a firewall; an
address no host has names the address the launcher was given. NCCL's own hint for an ibv_modify_qp
failure with ETIMEDOUT (ibvwrap.cc printIbModifyQpHint) names rails that are not cross-connected. The
INFO lines are from NCCL 2.23 - 2.30's source (graph/xml.cc, os/linux.cc, net_ib/p2p_resiliency*.cc).
"""

from __future__ import annotations

import pytest

from line_reading import IN_NCCL_LOG, assert_reads, lead

from ncclkit.logs.analyze import analyze_text


@pytest.mark.parametrize("address", ["[::ffff:255.255.0.0]:29500", "[::ffff:0.0.0.0]:29500", "[239.1.2.3]:29500"])
def test_dialling_an_address_no_host_has_names_the_address_given(address: str) -> None:
    line = (f"[W socket.cpp:663] [c10d] The client socket has failed to connect to {address} "
            "(errno: 110 - Connection timed out).")
    assert_reads(line, "log.socket_connect_failed", "wrong_interface")
    found = analyze_text(line + "\n")["findings"][0]
    assert "MASTER_ADDR" in found["fix"] and "not a host's address" in found["message"]


@pytest.mark.parametrize("address", ["[::ffff:10.0.0.255]:29500", "[node-0.cluster]:29500", "[::ffff:10.255.0.7]:29500"])
def test_an_ordinary_address_keeps_the_connect_rows_cause(address: str) -> None:
    line = (f"[W socket.cpp:663] [c10d] The client socket has failed to connect to {address} "
            "(errno: 110 - Connection timed out).")
    assert_reads(line, "log.socket_connect_failed", "firewall_or_port_blocked")


def test_modify_qp_timed_out_names_rails_not_cross_connected() -> None:
    line = ("node1:1:2 [5] NCCL WARN Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx5_5:1, "
            "curr state INIT, next state RTR, local GID index 3, local GID ::ffff:10.1.5.2, remote GID ::ffff:10.1.6.3")
    assert_reads(line, "log.ibv_modify_qp_failed", "topology_or_numa")
    found = analyze_text(line + "\n")["findings"]
    assert "NCCL_CROSS_NIC=0" in found[0]["fix"]
    assert [f["cause"] for f in found if f["id"] == "log.alternative"][:1] == ["gid_index_or_roce_config"]


@pytest.mark.parametrize("errno", ["22 Invalid argument", "19 No such device", "101 Network is unreachable"])
def test_other_modify_qp_errnos_keep_the_gid(errno: str) -> None:
    line = (f"node1:1:2 [5] NCCL WARN Call to ibv_modify_qp failed with {errno}, on dev mlx5_5:1, curr state INIT, "
            "next state RTR, local GID index 3")
    assert_reads(line, "log.ibv_modify_qp_failed", "gid_index_or_roce_config")


def test_a_topology_file_nccl_cannot_open_is_a_topology_warning() -> None:
    line = "node1:1:1 [0] NCCL INFO Could not open XML topology file /opt/microsoft/ndv5-topo.xml : No such file or directory"
    found = analyze_text(IN_NCCL_LOG.format(line))["findings"]
    first = next(f for f in found if f["cause"])
    assert (first["id"], first["cause"], first["severity"]) == ("log.topology_error", "topology_or_numa", "warning")


def test_nccl_s_resiliency_giving_up_on_a_port_names_the_link() -> None:
    line = "node1:1:9 [0] NCCL INFO NET/IB: mlx5_0: Marking device 0 as permanently failed (send comm=0x55d0c1e2f0a0)"
    assert lead(IN_NCCL_LOG.format(line)) == ("log.ib_port_event", "ib_port_down_or_link")


@pytest.mark.parametrize("line", [
    "node1:1:1 [0] NCCL INFO fallocate: Failed to extend /dev/shm/nccl-Ab12Cd to 9637888 bytes, error: Interrupted "
    "system call (4) - retrying",
    "node1:1:1 [0] NCCL INFO mkstemp: Failed to create /dev/shm/nccl-Ab12Cd, error: Interrupted system call (4) - retrying",
])
def test_shared_memory_calls_retried_after_a_signal_are_not_a_shm_problem(line: str) -> None:
    assert lead(IN_NCCL_LOG.format(line)) is None
    assert lead(line.split("NCCL INFO ", 1)[1] + "\n") is None
    real = "node1:1:1 [0] NCCL WARN Error: failed to extend /dev/shm/nccl-Ab12Cd to 9637888 bytes, error: No space left on device (28)"
    assert lead(IN_NCCL_LOG.format(line + "\n" + real)) == ("log.shm_error", "shm_too_small")
