"""Cross-node software stack (HCA firmware, OFED, rdma-core, net plugin, VBIOS, kernel) and the probe
of a port from NCCL's ephemeral range."""

from __future__ import annotations

import socket
from dataclasses import replace

from ncclkit.cluster.consistency import check_consistency
from ncclkit.cluster.model import NodeEntry, NodeInfo
from ncclkit.cluster.reach import EPHEMERAL_LABEL, ephemeral_jobs, open_ephemeral_listener, probe
from ncclkit.facts import IbDevice, NodeFacts, PeerMemFacts
from ncclkit.facts_health import GpuHealth, HealthFacts, NcclConfFacts, RdmaUserspace


def _node(host: str, *, fw: str = "28.39.2048", ofed: str = "MLNX_OFED_LINUX-23.10-1.1.9.0",
          plugins: tuple[str, ...] | None = (), vbios: str = "96.00.74.00.01",
          kernel: str = "5.15.0-1056-nvidia") -> NodeFacts:
    return NodeFacts(
        host=host, source="live",
        ib_devices=tuple(IbDevice(name=f"mlx5_{i}", fw_ver=fw) for i in range(2)),
        peermem=PeerMemFacts(kernel_release=kernel),
        health=HealthFacts(gpus=(GpuHealth(bus_id="0000:18:00.0", vbios_version=vbios),),
                           rdma=RdmaUserspace(source="live", ofed_version=ofed),
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
    nodes = [_node("a"), _node("b"), replace(_node("c", plugins=None), health=HealthFacts())]
    assert check_consistency(_entries(*nodes)) == []


def test_ephemeral_listener_is_reachable_and_in_the_range() -> None:
    listener = open_ephemeral_listener("127.0.0.1")
    assert listener is not None
    try:
        lo, hi = (int(x) for x in open("/proc/sys/net/ipv4/ip_local_port_range").read().split())
        assert lo <= listener.port <= hi
        info = NodeInfo(rank=1, host="b", addr="127.0.0.1", probe_port=1, ephemeral_port=listener.port)
        assert NodeInfo.from_json(info.to_json()) == info
        jobs = ephemeral_jobs(0, [(1, info.label, info.addr, info.ephemeral_port), (0, "me", "x", 5)])
        assert jobs == [(f"{info.label} ({EPHEMERAL_LABEL})", "127.0.0.1", listener.port)]
        row = probe("a", jobs[0][0], jobs[0][1], jobs[0][2], 2.0, {"kind": "probe"})
        assert row.ok, row.error
    finally:
        listener.close()
    # A closed ephemeral port answers "refused" within the bound, naming the port.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    row = probe("a", "b", "127.0.0.1", port, 2.0)
    assert not row.ok and str(port) in (row.error or "")
