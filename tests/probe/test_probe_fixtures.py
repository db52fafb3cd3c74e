"""collect() over every shared node snapshot: key facts as whole objects, determinism, speed."""

from __future__ import annotations

import dataclasses
import shutil
import time
from pathlib import Path

import pytest

from ncclkit.facts import GidEntry, GpuInfo, IbPort, NvLink, PciDevice, PeerMemFacts
from ncclkit.probe.collect import collect
from ncclkit.probe.root import NodeRoot


def _nodes(data: Path) -> list[Path]:
    return sorted(d for d in (data / "nodes").iterdir() if d.is_dir())


def _collect(data: Path, name: str):
    return collect(NodeRoot.open(str(data / "nodes" / name)))


def test_every_fixture_collects_deterministically(data, tmp_path):
    nodes = _nodes(data)
    assert len(nodes) >= 4
    for node in nodes:
        facts = collect(NodeRoot.open(str(node)))
        assert facts.host and facts.captured_at, node.name
        assert facts.gpus, node.name
        assert facts == collect(NodeRoot.open(str(node))), node.name
        # A copy elsewhere gives the same facts but for `source`.
        copy = shutil.copytree(node, tmp_path / node.name, symlinks=True)
        again = collect(NodeRoot.open(str(copy)))
        assert dataclasses.replace(again, source=facts.source) == facts, node.name
        assert list(facts.pci) == sorted(facts.pci)
        assert [d.name for d in facts.ib_devices] == sorted(d.name for d in facts.ib_devices)
        assert [i.name for i in facts.ifaces] == sorted(i.name for i in facts.ifaces)


def test_dgx_h100_ib_ok(data):
    f = _collect(data, "dgx-h100-ib-ok")
    assert (f.host, f.captured_at, f.driver_version, f.cuda_version) == (
        "dgx-h100-017", "2026-03-14T08:21:37Z", "550.90.07", "12.4")
    assert f.gpu_source == "nvidia-smi-q-x.xml"
    assert len(f.gpus) == 8
    assert f.gpus[0] == GpuInfo(index=0, name="NVIDIA H100 80GB HBM3", bus_id="0000:1b:00.0",
                                uuid="GPU-75115e58-3eb5-344c-0056-b067302f19f7", numa_node=0,
                                pcie_gen_current=5, pcie_gen_max=5, pcie_width_current=16, pcie_width_max=16)
    assert [g.numa_node for g in f.gpus] == [0, 0, 0, 0, 1, 1, 1, 1]
    assert [p.name for p in f.ib_ports] == [f"mlx5_{i}:1" for i in range(8)]
    assert all(p.is_active and p.rate_gbps == 400.0 and p.link_layer == "InfiniBand" for p in f.ib_ports)
    assert f.ib_ports[0] == IbPort(
        device="mlx5_0", port=1, state="ACTIVE", state_id=4, phys_state="LinkUp", phys_state_id=5,
        rate_gbps=400.0, rate_text="400 Gb/sec (4X NDR)", link_layer="InfiniBand", lid="0x1a4",
        gids=(GidEntry(index=0, gid="fe80:0000:0000:0000:b83f:d203:0044:93b7", gid_type="IB/RoCE v1"),))
    mlx0 = f.ib_devices[0]
    assert (mlx0.pci_bdf, mlx0.numa_node, mlx0.netdevs, mlx0.fw_ver, mlx0.node_type) == (
        "0000:18:00.0", 0, ("ibp24s0",), "28.39.2048", "1: CA")
    ipoib = [i for i in f.ifaces if i.kind == "ipoib"]
    assert len(ipoib) == 8
    assert all(i.ipv4 and i.addresses_known and i.is_up and i.pci_bdf for i in ipoib)
    assert f.iface("ibp24s0").ipv4 == ("192.168.10.17/24",)
    eno1 = f.iface("eno1")
    assert (eno1.pci_bdf, eno1.is_virtual, eno1.ipv4, eno1.speed_mbps) == (
        "0000:0a:00.0", False, ("10.141.0.17/16",), 10000)
    assert f.iface("lo").is_virtual and f.iface("lo").kind == "loopback"
    # GPU0 and mlx5_0 share the PCIe switch: path chains with their common bridges, bridges included.
    assert f.pci["0000:1b:00.0"].path == ("pci0000:15", "0000:15:01.0", "0000:16:00.0", "0000:17:03.0",
                                          "0000:1b:00.0")
    assert f.pci["0000:18:00.0"] == PciDevice(
        bdf="0000:18:00.0", vendor="0x15b3", device="0x1021", class_code="0x020700", numa_node=0,
        current_link_speed_gts=32.0, current_link_width=16, max_link_speed_gts=32.0, max_link_width=16,
        local_cpulist="0-55,112-167",
        path=("pci0000:15", "0000:15:01.0", "0000:16:00.0", "0000:17:00.0", "0000:18:00.0"), driver="mlx5_core")
    assert f.pci["0000:17:00.0"].class_code == "0x060400"
    assert f.pci["0000:1b:00.0"].driver == "nvidia"
    assert f.peermem == PeerMemFacts(nv_mem=True, nv_mem_nc=True, nvidia_peermem_module=True,
                                     kernel_release="5.15.0-1056-nvidia", open_kernel_module=True,
                                     dmabuf_possible=True)
    assert (f.os.memlock_unlimited, f.os.memlock_soft_bytes) == (True, None)
    assert "nvidia_peermem" in f.os.modules and "mlx5_ib" in f.os.modules
    assert f.os.os_name == "Ubuntu 22.04.5 LTS"
    assert f.numa_nodes == {0: "0-55,112-167", 1: "56-111,168-223"}
    assert (f.nccl.version, f.nccl.version_source, f.nccl.env, f.nccl.env_source) == (
        "2.21.5", "cmd/nccl-version.txt", {}, "cmd/env.txt")
    assert f.topo_matrix and "GPU0" in f.topo_matrix
    assert f.issues == ()


def test_roce_2nic_gid(data):
    f = _collect(data, "roce-2nic-gid")
    assert len(f.gpus) == 4
    ports = f.ib_ports
    assert [p.name for p in ports] == ["mlx5_0:1", "mlx5_1:1"]
    assert all(p.is_roce and p.is_active and p.rate_gbps == 100.0 for p in ports)
    ll = "fe80:0000:0000:0000:a288:c2ff:fe12:abb1"
    v4 = "0000:0000:0000:0000:0000:ffff:0a01:0005"
    assert ports[0].gids == (
        GidEntry(index=0, gid=ll, gid_type="IB/RoCE v1", ndev="ens1f0np0"),
        GidEntry(index=1, gid=ll, gid_type="RoCE v2", ndev="ens1f0np0"),
        GidEntry(index=2, gid=v4, gid_type="IB/RoCE v1", ndev="ens1f0np0", ipv4="10.1.0.5"),
        GidEntry(index=3, gid=v4, gid_type="RoCE v2", ndev="ens1f0np0", ipv4="10.1.0.5"),
    )
    assert ports[0].gids[3].roce_version == 2 and ports[0].gids[1].is_link_local
    assert ports[1].gids[3].ipv4 == "10.1.1.5"
    assert [d.netdevs for d in f.ib_devices] == [("ens1f0np0",), ("ens1f1np1",)]
    assert f.iface("ens1f0np0").ipv4 == ("10.1.0.5/24",) and f.iface("ens1f0np0").mtu == 9000
    assert f.peermem == PeerMemFacts(kernel_release="5.4.0-182-generic", open_kernel_module=False,
                                     dmabuf_possible=False)
    assert f.nccl.version == "2.19.3"
    assert f.nccl.env == {"NCCL_DEBUG": "INFO", "NCCL_IB_GID_INDEX": "1", "NCCL_SOCKET_IFNAME": "eno1"}
    assert f.issues == ()


def test_ib_port_down_memlock(data):
    f = _collect(data, "ib-port-down-memlock")
    by_name = {p.name: p for p in f.ib_ports}
    assert len(by_name) == 4
    down = by_name["mlx5_2:1"]
    assert (down.state, down.state_id, down.phys_state, down.phys_state_id, down.rate_gbps, down.lid) == (
        "DOWN", 1, "Polling", 2, 10.0, "0xffff")
    assert not down.is_active
    assert all(by_name[n].is_active and by_name[n].rate_gbps == 200.0 for n in ("mlx5_0:1", "mlx5_1:1", "mlx5_3:1"))
    assert (f.os.memlock_soft_bytes, f.os.memlock_unlimited) == (65536, False)
    assert f.iface("ibp147s0").ipv4 == () and f.iface("ibp147s0").operstate == "down"
    assert f.peermem.nvidia_peermem_module and f.peermem.open_kernel_module is False
    assert f.peermem.dmabuf_possible is False
    assert f.nccl.version == "2.18.5"
    assert f.issues == ()


def test_h200x2_vm_no_rdma(data):
    f = _collect(data, "h200x2-vm-no-rdma")
    assert (f.host, f.driver_version, f.cuda_version) == ("vm", "580.159.04", "13.0")
    assert f.ib_devices == ()
    links = tuple(NvLink(link=n, active=True) for n in range(18))
    assert f.gpus == (
        GpuInfo(index=0, name="NVIDIA H200", bus_id="0000:00:06.0", uuid="GPU-00000000-0000-0000-0000-00000000000X",
                numa_node=-1, pcie_gen_current=5, pcie_gen_max=5, pcie_width_current=16, pcie_width_max=16,
                nvlinks=links),
        GpuInfo(index=1, name="NVIDIA H200", bus_id="0000:00:07.0", uuid="GPU-00000000-0000-0000-0000-00000000000X",
                numa_node=-1, pcie_gen_current=5, pcie_gen_max=5, pcie_width_current=16, pcie_width_max=16,
                nvlinks=links),
    )
    assert f.pci["0000:00:06.0"].numa_node == -1
    assert f.pci["0000:00:06.0"].path == ("pci0000:00", "0000:00:06.0")
    eth0 = f.iface("eth0")
    assert (eth0.pci_bdf, eth0.is_virtual, eth0.addresses_known, eth0.mtu) == ("0000:00:03.0", False, False, 1400)
    assert f.iface("ifb0").is_virtual
    assert (f.nccl.version, f.nccl.version_source, f.nccl.torch_version) == (
        "2.28.9", "cmd/torch-nccl.txt", "2.11.0+cu130")
    assert f.peermem.open_kernel_module is True and not f.peermem.nvidia_peermem_module
    assert f.os.memlock_unlimited is True
    assert f.numa_nodes == {0: "0-31"}
    # The real capture lacks `ip -j addr` and env.txt: both said, nothing else.
    assert {(i.source, i.path) for i in f.issues} == {("net.addresses", "cmd/ip-j-addr.json"),
                                                      ("nccl.env", "cmd/env.txt")}


def test_collect_is_fast_on_dgx(data):
    root = NodeRoot.open(str(data / "nodes" / "dgx-h100-ib-ok"))
    collect(root)
    start = time.perf_counter()
    collect(root)
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize("name", ["dgx-h100-ib-ok", "roce-2nic-gid"])
def test_bridges_present_for_every_chain(data, name):
    f = _collect(data, name)
    for dev in f.pci.values():
        for hop in dev.path[1:]:
            assert hop in f.pci, (dev.bdf, hop)
