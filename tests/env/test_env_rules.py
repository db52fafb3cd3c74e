"""check_env_vars: each env.* finding on facts built in code (doctor_facts.healthy and variants)."""

from __future__ import annotations

from dataclasses import replace

import doctor_facts as df
import pytest

from ncclkit.facts import IbDevice, NetIface
from ncclkit.rules.env import check_env_vars


def roce_node(version: str = "2.19.3"):
    facts = df.healthy()
    port = df.ib_port("mlx5_0", link_layer="Ethernet", rate_gbps=100.0, gids=df.roce_gids("10.1.0.5"))
    facts = df.with_port(facts, "mlx5_0", port)
    facts = replace(facts, ib_devices=facts.ib_devices[:1])
    return replace(facts, nccl=replace(facts.nccl, version=version))


def found(facts, **env):
    return [(f.id, f.subject, str(f.severity)) for f in check_env_vars(facts, env)]


def test_healthy_empty_env_is_clean():
    assert found(df.healthy()) == []


@pytest.mark.parametrize(("index", "bad"), [("0", True), ("1", True), ("2", True), ("3", False), ("7", True)])
def test_gid_index_roce(index, bad):
    got = found(roce_node(), NCCL_IB_GID_INDEX=index)
    assert (("env.gid_index_invalid", "NCCL_IB_GID_INDEX", "error") in got) == bad


def test_gid_index_fix_depends_on_version():
    old = check_env_vars(roce_node("2.19.3"), {"NCCL_IB_GID_INDEX": "1"})[0]
    new = check_env_vars(roce_node("2.23.4"), {"NCCL_IB_GID_INDEX": "1"})[0]
    assert "NCCL_IB_GID_INDEX=3" in old.fix and old.evidence["roce_v2_ipv4_index"] == {"mlx5_0:1": 3}
    assert new.fix.startswith("unset")
    assert found(roce_node("2.23.4"), NCCL_IB_GID_INDEX="-1") == []
    assert found(roce_node("2.20.5"), NCCL_IB_GID_INDEX="-1")[0][0] == "env.gid_index_invalid"


def test_gid_index_on_ib_only_node():
    facts = df.healthy()
    assert found(facts, NCCL_IB_GID_INDEX="3")[0][0] == "env.gid_index_invalid"  # 2.21: empty GID
    ib_gid = (df.roce_gids(None)[0],)
    facts = df.with_port(facts, "mlx5_0", df.ib_port("mlx5_0", gids=ib_gid))
    facts = df.with_port(facts, "mlx5_1", df.ib_port("mlx5_1", gids=ib_gid))
    assert found(facts, NCCL_IB_GID_INDEX="0") == []
    newer = replace(facts, nccl=replace(facts.nccl, version="2.23.4"))
    assert found(newer, NCCL_IB_GID_INDEX="0")[0][0] == "env.gid_index_invalid"  # ignored on IB


def test_hca_unknown_down_and_prefix():
    facts = df.healthy()
    assert found(facts, NCCL_IB_HCA="mlx4_0")[0][:2] == ("env.hca_unknown", "NCCL_IB_HCA")
    assert found(facts, NCCL_IB_HCA=" mlx5_0")[0][0] == "env.hca_unknown"
    assert found(facts, NCCL_IB_HCA="^mlx5")[0][0] == "env.hca_unknown"
    down = df.with_port(facts, "mlx5_1", df.ib_port("mlx5_1", active=False))
    assert found(down, NCCL_IB_HCA="=mlx5_1")[0][0] == "env.hca_unknown"
    assert ("env.hca_unknown", "NCCL_IB_HCA", "error") in found(down, NCCL_IB_HCA="=mlx5_0,mlx5_1")
    assert found(down, NCCL_IB_HCA="=mlx5_0") == []
    many = replace(facts, ib_devices=facts.ib_devices + (
        IbDevice(name="mlx5_10", pci_bdf="0000:c0:00.0", ports=(df.ib_port("mlx5_10"),)),))
    got = check_env_vars(many, {"NCCL_IB_HCA": "mlx5_1"})
    # mlx5_0 is ACTIVE and left out as well: env.hca_subset (a rail fewer than the node has).
    assert [f.id for f in got] == ["env.hca_prefix_ambiguous", "env.hca_subset"]
    assert got[0].evidence["also_matches"] == {"mlx5_1": ["mlx5_10"]}
    assert [f[0] for f in found(many, NCCL_IB_HCA="=mlx5_1")] == ["env.hca_subset"]
    assert found(many, NCCL_IB_HCA="=mlx5_0,mlx5_1,mlx5_10") == []
    assert found(facts, NCCL_IB_HCA="=mlx5_0:1,mlx5_7:1")[0][0] == "env.hca_unknown"  # mlx5_7 absent
    assert found(facts, NCCL_IB_HCA="^mlx5_7")[0][0] == "env.hca_entry_unknown"  # harmless exclude


def test_ifname():
    facts = df.healthy()
    assert found(facts, NCCL_SOCKET_IFNAME="eth0")[0] == ("env.ifname_unknown", "NCCL_SOCKET_IFNAME", "error")
    assert found(facts, NCCL_SOCKET_IFNAME="eno1") == []
    assert found(facts, NCCL_SOCKET_IFNAME="^eno,ib,lo") [0][0] == "env.ifname_unknown"
    assert found(facts, NCCL_SOCKET_IFNAME="lo")[0][0] == "env.ifname_virtual"
    assert found(facts, NCCL_SOCKET_IFNAME="e")[0][0] == "env.ifname_ignored"
    dead = replace(facts, ifaces=facts.ifaces + (NetIface(name="eth9", type=1, operstate="down", flags=0x1002,
                                                           ipv4=(), addresses_known=True),))
    assert found(dead, NCCL_SOCKET_IFNAME="eth9")[0][0] == "env.ifname_unknown"


def test_disabled_transports():
    facts = df.healthy()
    assert found(facts, NCCL_IB_DISABLE="1") == [("env.ib_disabled", "NCCL_IB_DISABLE", "warning")]
    assert found(facts, NCCL_IB_DISABLE="0") == []
    assert found(facts, NCCL_NET="Socket")[0][:2] == ("env.ib_disabled", "NCCL_NET")
    assert found(facts, NCCL_P2P_DISABLE="1") == [("env.p2p_disabled", "NCCL_P2P_DISABLE", "warning")]
    assert found(facts, NCCL_SHM_DISABLE="1") == [("env.p2p_disabled", "NCCL_SHM_DISABLE", "warning")]
    no_rdma = replace(facts, ib_devices=())
    assert found(no_rdma, NCCL_IB_DISABLE="1") == []


def test_gdr_level():
    facts = df.healthy()
    assert found(facts, NCCL_NET_GDR_LEVEL="LOC") == [("env.gdr_disabled", "NCCL_NET_GDR_LEVEL", "warning")]
    assert found(facts, NCCL_NET_GDR_LEVEL="0")[0][0] == "env.gdr_disabled"  # legacy integer 0 = LOC
    assert found(facts, NCCL_NET_GDR_LEVEL="PIX") == []
    assert found(facts, NCCL_NET_GDR_LEVEL="SYS") == []
    assert found(facts, NCCL_NET_GDR_LEVEL="close")[0][0] == "env.gdr_level_invalid"
    assert found(facts, NCCL_IB_GDR_LEVEL="0")[0][:2] == ("env.gdr_disabled", "NCCL_IB_GDR_LEVEL")
    no_peermem = replace(facts, peermem=replace(facts.peermem, nv_mem=False, nv_mem_nc=False,
                                                nvidia_peermem_module=False, dmabuf_possible=False))
    assert found(no_peermem, NCCL_NET_GDR_LEVEL="LOC") == []  # nothing to turn off
