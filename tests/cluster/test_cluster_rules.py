"""Pure parts of `ncclkit cluster`: launcher env, cross-node consistency, pair schedule/verdicts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ncclkit.cluster.consistency import check_consistency, odd_nodes
from ncclkit.cluster.launchenv import read_cluster_env
from ncclkit.cluster.model import NodeEntry
from ncclkit.cluster.pairs import (
    PairResult,
    judge_pairs,
    plan_pass1,
    plan_pass2,
    slow_pairs,
)
from ncclkit.errors import NcclkitError
from ncclkit.facts import (
    GidEntry,
    GpuInfo,
    IbDevice,
    IbPort,
    NcclFacts,
    NetIface,
    NodeFacts,
)


def _port(dev: str, rate: float = 400.0, layer: str = "InfiniBand", gids=()) -> IbPort:
    return IbPort(device=dev, port=1, state="ACTIVE", state_id=4, phys_state="LinkUp",
                  phys_state_id=5, rate_gbps=rate, link_layer=layer, gids=tuple(gids))


def _facts(host: str, **kw) -> NodeFacts:
    base = NodeFacts(
        host=host, source="live", driver_version="580.159.04", cuda_version="13.0",
        gpus=tuple(GpuInfo(index=i, bus_id=f"0000:{0x18 + i:02x}:00.0") for i in range(8)),
        gpu_source="nvml",
        ib_devices=tuple(IbDevice(name=f"mlx5_{i}", ports=(_port(f"mlx5_{i}"),), netdevs=(f"ib{i}",))
                         for i in range(4)),
        ifaces=(NetIface(name="eth0", mtu=9000, type=1, ipv4=("10.0.0.1/24",)),
                *(NetIface(name=f"ib{i}", mtu=4092, type=32, ipv4=(f"10.1{i}.0.5/16",))
                  for i in range(4))),
        nccl=NcclFacts(version="2.28.9", env={"NCCL_IB_HCA": "mlx5"}, env_source="process"))
    return replace(base, **kw)


def _entries(*facts: NodeFacts) -> list[NodeEntry]:
    return [NodeEntry(rank=i, host=f.host, addr=f"10.0.0.{i + 1}", facts=f)
            for i, f in enumerate(facts)]


def test_env_by_hand_and_torchrun() -> None:
    env = {"RANK": "2", "WORLD_SIZE": "4", "MASTER_ADDR": "10.0.0.1", "MASTER_PORT": "29400"}
    c = read_cluster_env(env)
    assert (c.rank, c.world_size, c.master_addr, c.master_port, c.agent_store) == (
        2, 4, "10.0.0.1", 29400, False)
    c = read_cluster_env({**env, "TORCHELASTIC_USE_AGENT_STORE": "True", "TORCHELASTIC_RUN_ID": "j7"})
    assert c.agent_store and c.launcher == "torchrun" and "j7" in c.store_prefix


def test_env_slurm_and_mpirun_need_master_addr() -> None:
    c = read_cluster_env({"SLURM_PROCID": "1", "SLURM_NTASKS": "2", "MASTER_ADDR": "n0"})
    assert (c.rank, c.world_size, c.master_port, c.launcher) == (1, 2, 29500, "slurm")
    c = read_cluster_env({"OMPI_COMM_WORLD_RANK": "0", "OMPI_COMM_WORLD_SIZE": "3",
                          "MASTER_ADDR": "n0", "MASTER_PORT": "1234"})
    assert (c.rank, c.world_size, c.launcher) == (0, 3, "mpirun")
    with pytest.raises(NcclkitError, match="MASTER_ADDR"):
        read_cluster_env({"SLURM_PROCID": "1", "SLURM_NTASKS": "2"})


@pytest.mark.parametrize("env, match", [
    ({}, "no rank found"),
    ({"RANK": "x", "WORLD_SIZE": "2", "MASTER_ADDR": "a"}, "RANK='x'"),
    ({"RANK": "2", "WORLD_SIZE": "2", "MASTER_ADDR": "a"}, "outside"),
    ({"RANK": "0", "WORLD_SIZE": "2", "MASTER_ADDR": "a", "MASTER_PORT": "70000"}, "not a TCP port"),
])
def test_env_errors_name_the_variable(env, match) -> None:
    with pytest.raises(NcclkitError, match=match):
        read_cluster_env(env)


def test_odd_nodes_majority_and_tie() -> None:
    assert odd_nodes({0: "a", 1: "a", 2: "b", 3: None}) == ("a", [2])
    assert odd_nodes({0: "b", 1: "a"}) == (None, [0, 1])  # tie: no node can be blamed
    assert odd_nodes({0: 8, 1: 4}, fewer_is_odd=True) == (8, [1])  # a count: the one with fewer
    assert odd_nodes({0: None, 1: None}) == (None, [])


def test_consistent_nodes_give_no_finding() -> None:
    assert check_consistency(_entries(_facts("a"), _facts("b"), _facts("c"))) == []


def test_versions_and_config_name_the_odd_node() -> None:
    ok = _facts("a")
    odd = _facts("c", nccl=NcclFacts(version="2.21.5", env={"NCCL_IB_HCA": "mlx5", "NCCL_PROTO": "LL"},
                                     env_source="process"),
                 gpus=ok.gpus[:7],
                 ib_devices=(*ok.ib_devices[:3],
                             replace(ok.ib_devices[3], ports=(_port("mlx5_3", rate=200.0),))),
                 ifaces=tuple(replace(i, mtu=2044) if i.name == "ib0" else i for i in ok.ifaces))
    found = check_consistency(_entries(ok, _facts("b"), odd))
    got = {(f.id, f.evidence["attribute"]) for f in found}
    assert got == {("cluster.version_mismatch", "NCCL version"),
                   ("cluster.config_mismatch", "GPU count"),
                   ("cluster.config_mismatch", "active RDMA port rates (Gb/s)"),
                   ("cluster.config_mismatch", "MTU of RDMA/IPoIB interfaces"),
                   ("cluster.config_mismatch", "NCCL_PROTO")}
    assert {f.subject for f in found} == {"c/rank2 10.0.0.3"}
    proto = next(f for f in found if f.evidence["attribute"] == "NCCL_PROTO")
    assert proto.evidence["value"] == "LL" and proto.evidence["expected"] == "(unset)"


def test_unknown_values_are_not_mismatches() -> None:
    blind = _facts("b", driver_version=None, gpu_source=None, gpus=(),
                   nccl=NcclFacts(version=None, env_source=None))
    assert check_consistency(_entries(_facts("a"), blind)) == []


def test_ipoib_subnet_and_link_layer() -> None:
    ok = _facts("a")
    odd = _facts("b", ifaces=tuple(replace(i, ipv4=("10.99.0.5/16",)) if i.name == "ib1" else i
                                   for i in ok.ifaces),
                 ib_devices=tuple(replace(d, ports=(_port(d.name, layer="Ethernet"),))
                                  for d in ok.ib_devices))
    found = check_consistency(_entries(ok, _facts("c"), odd))
    assert {f.evidence["attribute"] for f in found} == {"IPoIB subnets", "RDMA link layers"}


def test_gid_index_invalid_on_one_node() -> None:
    v2 = GidEntry(index=3, gid="0000:0000:0000:0000:0000:ffff:0a00:0001", gid_type="RoCE v2",
                  ipv4="10.0.0.1")
    empty = GidEntry(index=3, gid="0000:0000:0000:0000:0000:0000:0000:0000", gid_type="RoCE v2")
    env = NcclFacts(version="2.28.9", env={"NCCL_IB_GID_INDEX": "3"}, env_source="process")

    def roce(gid: GidEntry, host: str) -> NodeFacts:
        return _facts(host, nccl=env, ib_devices=(IbDevice(
            name="mlx5_0", ports=(_port("mlx5_0", layer="Ethernet", gids=(gid,)),)),))

    found = check_consistency(_entries(roce(v2, "a"), roce(v2, "b"), roce(empty, "c")))
    assert [(f.id, f.subject, f.evidence["ports"]) for f in found] == [
        ("cluster.config_mismatch", "c/rank2 10.0.0.3", {"mlx5_0:1": "empty"})]


def test_pass1_pairs_disjoint_and_odd_node() -> None:
    assert plan_pass1([0, 1, 2, 3]) == [[(0, 1), (2, 3)]]
    assert plan_pass1([0, 1, 2]) == [[(0, 1)], [(0, 2)]]
    assert plan_pass1([0]) == []


def _r(a: int, b: int, gbps: float) -> PairResult:
    return PairResult(a=a, b=b, a_to_b_gbps=gbps, b_to_a_gbps=gbps * 1.1)


def test_slow_node_found_by_second_pass() -> None:
    pass1 = [_r(0, 1, 40), _r(2, 3, 5), _r(4, 5, 41), _r(6, 7, 39)]
    assert slow_pairs(pass1) == [pass1[1]]
    rounds = plan_pass2(pass1, slow_pairs(pass1))
    assert rounds == [[(0, 2), (1, 3)]]
    pass2 = [_r(0, 2, 40), _r(1, 3, 4)]
    [f] = judge_pairs(pass1, pass2, lambda r: f"n{r}/rank{r}", "gloo")
    assert f.id == "cluster.slow_pair" and f.subject == "n2/rank2<->n3/rank3"
    assert "n3/rank3 is slow with every partner" in f.message


def test_slow_link_when_both_nodes_fine_elsewhere() -> None:
    pass1 = [_r(0, 1, 40), _r(2, 3, 5), _r(4, 5, 41)]
    pass2 = [_r(0, 2, 40), _r(1, 3, 39)]
    [f] = judge_pairs(pass1, pass2, lambda r: f"rank{r}", "gloo")
    assert "link or path between rank2 and rank3 is slow" in f.message


def test_no_baseline_no_verdict() -> None:
    assert judge_pairs([_r(0, 1, 1.0)], [], str, "gloo") == []
    assert judge_pairs([_r(0, 1, 10), _r(2, 3, 10)], [], str, "gloo") == []
