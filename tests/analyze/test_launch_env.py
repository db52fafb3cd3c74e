"""NCCL variables that a pasted command or script sets count as the environment NCCL ran with (as its
own "NCCL_X set by environment to v" lines do); text that only quotes a variable does not."""

from __future__ import annotations

import pytest

from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.paste import launch_env


@pytest.mark.parametrize(("line", "want"), [
    ("mpirun -np 2 -pernode -hostfile host.txt -x NCCL_SOCKET_IFNAME=enp6s0 ./build/all_reduce_perf -g 2",
     [("NCCL_SOCKET_IFNAME", "enp6s0")]),
    ("export NCCL_TOPO_FILE=/azure-nhc/topofiles/ndv5-topo.xml", [("NCCL_TOPO_FILE", "/azure-nhc/topofiles/ndv5-topo.xml")]),
    ("NCCL_IB_DISABLE=1 NCCL_DEBUG=INFO torchrun --nproc_per_node 8 train.py",
     [("NCCL_IB_DISABLE", "1"), ("NCCL_DEBUG", "INFO")]),
    ("$ CUDA_VISIBLE_DEVICES=0,1 NCCL_P2P_LEVEL=NVL python t.py", [("NCCL_P2P_LEVEL", "NVL")]),
    ("docker run --gpus all -e NCCL_SOCKET_IFNAME=\"eth0\" img", [("NCCL_SOCKET_IFNAME", "eth0")]),
    ("os.environ['NCCL_P2P_DISABLE'] = '1'", [("NCCL_P2P_DISABLE", "1")]),
    # quoting a variable is not setting it
    ("fengyun: Test NCCL failure common.cu:961 'unhandled system error (run with NCCL_DEBUG=INFO for details)'", []),
    ("node1:1:1 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0", []),
    ("if os.environ.get('NCCL_P2P_DISABLE') == '1':", []),
])
def test_launch_env_reads_what_a_command_sets(line: str, want: list[tuple[str, str]]) -> None:
    assert launch_env(line) == want


def test_a_topology_file_set_on_the_command_line_is_named() -> None:
    """Azure/azurehpc-health-checks#142: busbw 15 GB/s against 431 with NCCL_TOPO_FILE forced by mpirun -x."""
    text = ("ERROR:  nhc:  Health check failed:  check_nccl_allreduce: NCCL allreduce, BUS BW (expected >=431.0 GB/s, "
            "but measured 15.1043 GB/s). FaultCode: NHC2010\n"
            "root@vm:/azure-nhc# mpirun -np 8 --map-by ppr:8:node -x NCCL_SOCKET_IFNAME=eth0 "
            "-x NCCL_TOPO_FILE=/azure-nhc/topofiles/ndv5-topo.xml /opt/nccl-tests/build/all_reduce_perf -b 16G -g 1\n")
    found = analyze_text(text)["findings"]
    topo = next(f for f in found if f["id"] == "log.env_set" and f["subject"] == "NCCL_TOPO_FILE")
    assert topo["cause"] == "topology_or_numa" and topo["evidence"]["lines"] == [2]


def test_the_command_line_itself_is_no_error_line() -> None:
    """A launch line that sets NCCL_SOCKET_IFNAME states a setting, not a failed interface lookup."""
    text = ("mpirun -np 3\n-x NCCL_SOCKET_IFNAME=net1\n-host 10.10.60.17,10.10.60.18\n"
            "[1723337199.099229] [ai-worker03:1382 :0] tl_shm_team.c:617 TL_SHM ERROR Child failed to attach to "
            "shmseg, errno: Invalid argument\n")
    ids = [f["id"] for f in analyze_text(text)["findings"] if f["cause"]]
    # UCC's shm team without a shared IPC namespace (openucx/ucx#10055)
    assert "log.no_interface" not in ids and ids[0] == "log.shm_error"


def test_nccl_own_setting_wins_over_the_pasted_command() -> None:
    text = ("NCCL_SOCKET_IFNAME=eth0 torchrun train.py\n"
            "node1:1:1 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to ib0\n")
    found = analyze_text(text)["findings"]
    env = next(f for f in found if f["id"] == "log.env_set" and f["subject"] == "NCCL_SOCKET_IFNAME")
    assert env["evidence"]["NCCL_SOCKET_IFNAME"] == "ib0"


IB_LOG = ("node1:1:2 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.0.0.1<0>\n"
          "node1:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 8[0] [send] via NET/IB/0\n"
          "node1:1:2 [0] NCCL INFO GPU Direct RDMA Disabled for HCA 0 'mlx5_0'\n")


def test_ib_disabled_counts_where_the_paste_sets_it() -> None:
    got = [(f["id"], f["cause"]) for f in analyze_text("mpirun -np 16 -x NCCL_IB_DISABLE=1 ./all_reduce_perf -b 8\n"
                                                       "# Avg bus bandwidth    : 1.2\n")["findings"] if f["cause"]]
    assert ("log.ib_disabled", "socket_fallback") in got


@pytest.mark.parametrize("prose", ["I already tried NCCL_IB_DISABLE=1 but it did not help.",
                                   "With NCCL_IB_DISABLE=1 it still hangs."])
def test_a_workaround_reported_without_effect_is_not_the_cause(prose: str) -> None:
    got = analyze_text("node1:1:2 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n" + prose + "\n")
    assert "log.ib_disabled" not in {f["id"] for f in got["findings"]}


def test_ib_disabled_mentioned_beside_a_log_that_used_ib_is_not_in_effect() -> None:
    """The NCCL of the log ran NET/IB: whatever the paste says about NCCL_IB_DISABLE=1, it did not apply."""
    got = analyze_text(IB_LOG + "export NCCL_IB_DISABLE=1\n")
    assert "log.ib_disabled" not in {f["id"] for f in got["findings"]}
    assert got["findings"][0]["cause"] == "gdr_unavailable"
