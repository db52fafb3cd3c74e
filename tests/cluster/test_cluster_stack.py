"""Cross-node software stack: HCA firmware, OFED, rdma-core, net plugin libraries, VBIOS, kernel."""

from __future__ import annotations

from dataclasses import replace

from ncclkit.cluster.consistency import check_consistency
from ncclkit.cluster.model import NodeEntry
from ncclkit.facts import IbDevice, NodeFacts, PeerMemFacts, RdmaAccess
from ncclkit.facts_health import GpuHealth, HealthFacts, NcclConfFacts


def _node(host: str, *, fw: str = "28.39.2048", ofed: str = "MLNX_OFED_LINUX-23.10-1.1.9.0",
          plugins: tuple[str, ...] | None = (), vbios: str = "96.00.74.00.01",
          kernel: str = "5.15.0-1056-nvidia") -> NodeFacts:
    return NodeFacts(
        host=host, source="live",
        ib_devices=tuple(IbDevice(name=f"mlx5_{i}", fw_ver=fw) for i in range(2)),
        peermem=PeerMemFacts(kernel_release=kernel),
        rdma=RdmaAccess(source="live", ofed_version=ofed),
        health=HealthFacts(gpus=(GpuHealth(bus_id="0000:18:00.0", vbios_version=vbios),),
                           conf=NcclConfFacts(net_plugins=plugins)))


def _entries(*facts: NodeFacts) -> list[NodeEntry]:
    return [NodeEntry(rank=i, host=f.host, addr=f"10.0.0.{i + 1}", facts=f) for i, f in enumerate(facts)]


def test_odd_stack_is_named() -> None:
    nodes = [_node("a"), _node("b"), _node("c", fw="28.36.1010", plugins=("/usr/lib/libnccl-net.so",),
                                              kernel="5.15.0-1040-nvidia")]
    findings = check_consistency(_entries(*nodes))
    named = {f.evidence["attribute"] for f in findings if f.id == "cluster.version_mismatch"}
    assert named == {"HCA firmware (fw_ver)", "net plugin libraries (libnccl-net*.so)", "kernel release"}
    assert all("c" in f.subject for f in findings)


def test_same_stack_and_unknowns_are_quiet() -> None:
    nodes = [_node("a"), _node("b"), replace(_node("c", plugins=None), health=HealthFacts(), rdma=RdmaAccess())]
    assert check_consistency(_entries(*nodes)) == []
