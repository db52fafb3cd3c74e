"""recommend_env on facts built in code: each variable's value and reason, and agreement with the validators."""

from __future__ import annotations

from dataclasses import replace

import doctor_facts as df

from ncclkit.facts import GpuInfo, IbDevice, NetIface, PciDevice
from ncclkit.findings import Severity
from ncclkit.nccl.params import parse_nccl_list
from ncclkit.doctor import recommend_checked as recommend_env
from ncclkit.rules.env import check_env_vars


def env_errors(facts, rec):
    env = {k: v for k, v in facts.nccl.env.items() if k not in rec.unset} | rec.env
    return [f.id for f in check_env_vars(facts, env) if f.severity == Severity.ERROR]


def test_healthy_sets_nothing_and_says_why():
    facts = df.healthy()
    rec = recommend_env(facts)
    assert rec.env == {}
    for var in ("NCCL_IB_HCA", "NCCL_SOCKET_IFNAME", "NCCL_NET_GDR_LEVEL", "NCCL_IB_TIMEOUT"):
        assert rec.reasons[var].startswith("leave unset")
    p = rec.prediction
    # no ifindex in these facts: interfaces in name order, ib* first
    assert p["net"]["plugin"] == "IB" and p["bootstrap"]["interface"] == "ibp154s0"
    assert "ibp154s0" in rec.reasons["NCCL_SOCKET_IFNAME"]
    assert p["gdr"]["GPU0"] == {**p["gdr"]["GPU0"], "gdr": True, "nic": "mlx5_0", "path": "PIX"}
    assert p["transports"]["GPU0-GPU1"]["transport"] == "P2P/CUMEM"  # NVLink, 2.21 -> cuMem
    j = rec.to_json()
    assert j["schema_version"] == 1 and set(j) >= {"env", "reasons", "prediction"}


def with_storage_port(facts):
    """A third IB port on its own root complex, away from both GPUs: a storage HCA."""
    bdf = "0000:c1:00.0"
    dev = PciDevice(bdf=bdf, class_code="0x020700", numa_node=1, path=("pci0000:c0", "0000:c0:01.0", bdf))
    facts = df.with_pci(facts, dev)
    return replace(facts, ib_devices=facts.ib_devices + (
        IbDevice(name="mlx5_10", pci_bdf=bdf, numa_node=1, ports=(df.ib_port("mlx5_10", rate_gbps=200.0),)),))


def test_hca_leaves_out_storage_and_prefix_traps():
    facts = with_storage_port(df.healthy())
    rec = recommend_env(facts)
    value = rec.env["NCCL_IB_HCA"]
    assert value == "=mlx5_0:1,mlx5_1:1"
    lst = parse_nccl_list(value)
    assert not lst.selects("mlx5_10", 1)  # '=' keeps mlx5_1 from taking mlx5_10
    assert "mlx5_10:1" in rec.reasons["NCCL_IB_HCA"] and "storage" in rec.reasons["NCCL_IB_HCA"]
    assert [p["port"] for p in rec.prediction["hca_ports"]] == ["mlx5_0:1", "mlx5_1:1"]
    assert env_errors(facts, rec) == []


def test_hca_drops_roce_next_to_ib():
    facts = df.healthy()
    bdf = "0000:0b:00.0"
    facts = df.with_pci(facts, PciDevice(bdf=bdf, class_code="0x020000", numa_node=0,
                                         path=("pci0000:00", "0000:00:1c.0", bdf)))
    roce = df.ib_port("mlx5_2", link_layer="Ethernet", rate_gbps=100.0, gids=df.roce_gids("10.9.0.5"))
    facts = replace(facts, ib_devices=facts.ib_devices + (IbDevice(name="mlx5_2", pci_bdf=bdf, ports=(roce,)),))
    rec = recommend_env(facts)
    assert rec.env["NCCL_IB_HCA"] == "=mlx5_0:1,mlx5_1:1"
    assert "RoCE" in rec.reasons["NCCL_IB_HCA"]
    assert "NCCL_IB_GID_INDEX" not in rec.env  # no RoCE port is used


def test_down_port_left_to_nccl():
    facts = df.with_port(df.healthy(), "mlx5_1", df.ib_port("mlx5_1", active=False))
    rec = recommend_env(facts)
    assert "NCCL_IB_HCA" not in rec.env
    assert "mlx5_1:1 not ACTIVE" in rec.reasons["NCCL_IB_HCA"]
    assert [p["port"] for p in rec.prediction["hca_ports"]] == ["mlx5_0:1"]
    # GPU1 lost its PIX NIC; NVLink peer GPU0 has a PIX NIC: PXN keeps GDR
    assert rec.prediction["gdr"]["GPU1"]["via"] == "PXN through GPU0"


def test_socket_ifname_set_when_nccl_would_pick_wrong():
    facts = df.healthy()
    ifaces = tuple(replace(i, ifindex=n) for n, i in enumerate(facts.ifaces) if not i.name.startswith("ib")) + (
        NetIface(name="ib0", type=32, operstate="up", flags=0x1003, ipv6=("fe80::1/64",), addresses_known=True,
                 ifindex=2),
        NetIface(name="docker0", type=1, operstate="up", flags=0x1003, is_virtual=True,
                 ipv4=("172.17.0.1/16",), addresses_known=True, ifindex=3),
        NetIface(name="eno10", type=1, operstate="up", flags=0x1003, ipv4=("10.5.0.5/16",), addresses_known=True,
                 ifindex=9))
    facts = replace(facts, ifaces=ifaces)
    rec = recommend_env(facts)
    # NCCL takes ib* first even with only a link-local IPv6 address: pin eno1 ('=' because of eno10)
    assert rec.env["NCCL_SOCKET_IFNAME"] == "=eno1"
    assert "ib0" in rec.reasons["NCCL_SOCKET_IFNAME"]
    assert rec.prediction["bootstrap"]["interface"] == "eno1"
    assert env_errors(facts, rec) == []


def test_gid_by_version():
    facts = df.healthy()
    port = df.ib_port("mlx5_0", link_layer="Ethernet", rate_gbps=100.0, gids=df.roce_gids("10.1.0.5"))
    facts = replace(df.with_port(facts, "mlx5_0", port), ib_devices=df.with_port(facts, "mlx5_0", port).ib_devices[:1])
    old = replace(facts, nccl=replace(facts.nccl, version="2.19.3", env={"NCCL_IB_GID_INDEX": "1"}))
    rec = recommend_env(old)
    assert rec.env["NCCL_IB_GID_INDEX"] == "3" and "2.19.3" in rec.reasons["NCCL_IB_GID_INDEX"]
    assert rec.prediction["hca_ports"][0]["gid_index"] == 3
    assert env_errors(old, rec) == []
    new = replace(facts, nccl=replace(facts.nccl, version="2.21.5", env={"NCCL_IB_GID_INDEX": "1"}))
    rec = recommend_env(new)
    assert "NCCL_IB_GID_INDEX" not in rec.env and rec.unset == ("NCCL_IB_GID_INDEX",)
    assert "2.21" in rec.reasons["NCCL_IB_GID_INDEX"]
    assert rec.prediction["hca_ports"][0] | {} == {**rec.prediction["hca_ports"][0], "gid_index": 3}
    # container GID table with a gap (index 2 missing, v2 IPv4 at 5): auto still finds it
    gap = tuple(g for g in df.roce_gids("10.1.0.5") if g.index < 2) + tuple(
        replace(g, index=g.index + 2) for g in df.roce_gids("10.1.0.5") if g.index >= 2)
    new_gap = df.with_port(new, "mlx5_0", replace(port, gids=gap))
    assert recommend_env(new_gap).prediction["hca_ports"][0]["gid_index"] == 5


def test_gdr_level_phb_when_nic_behind_host_bridge():
    facts = df.healthy()
    # Move each NIC out of its GPU's switch onto another root port of the same root complex: PHB.
    moved = {df.NIC0: ("pci0000:15", "0000:15:02.0", df.NIC0), df.NIC1: ("pci0000:97", "0000:97:02.0", df.NIC1)}
    for bdf, path in moved.items():
        facts = df.with_pci(facts, replace(facts.pci[bdf], path=path))
    gpus = tuple(replace(g, nvlinks=()) for g in facts.gpus)
    facts = replace(facts, gpus=gpus)
    rec = recommend_env(facts)
    assert rec.env["NCCL_NET_GDR_LEVEL"] == "PHB"
    assert "cost" in rec.reasons["NCCL_NET_GDR_LEVEL"]
    assert rec.prediction["gdr"]["GPU0"]["gdr"] is True  # with the recommended level
    assert rec.prediction["transports"]["GPU0-GPU1"]["transport"] == "SHM"  # SYS between sockets


def test_gdr_level_left_unset_across_sockets():
    facts = df.healthy()
    facts = df.with_pci(facts, replace(facts.pci[df.NIC0], path=("pci0000:97", "0000:97:02.0", df.NIC0), numa_node=1))
    facts = replace(facts, gpus=tuple(replace(g, nvlinks=()) for g in facts.gpus))
    rec = recommend_env(facts)
    assert "NCCL_NET_GDR_LEVEL" not in rec.env
    assert "NODE" in rec.reasons["NCCL_NET_GDR_LEVEL"] or "SYS" in rec.reasons["NCCL_NET_GDR_LEVEL"]


def flattened_vm():
    facts = df.healthy()
    pci = {b: PciDevice(bdf=b, class_code=facts.pci[b].class_code, numa_node=-1, path=("pci0000:00", b))
           for b in (df.GPU0, df.GPU1, df.NIC0, df.NIC1)}
    return replace(facts, pci=pci, gpus=tuple(replace(g, numa_node=-1) for g in facts.gpus))


def test_flattened_vm_with_rdma():
    rec = recommend_env(flattened_vm())
    assert rec.prediction["topology"]["flattened"] is True
    assert rec.env["NCCL_NET_GDR_LEVEL"] == "PHB"
    assert "NCCL_TOPO_FILE" in rec.reasons["NCCL_NET_GDR_LEVEL"]
    assert "provider" in rec.reasons["NCCL_TOPO_FILE"]
    withfile = flattened_vm()
    withfile = replace(withfile, nccl=replace(withfile.nccl, env={"NCCL_TOPO_FILE": "/opt/topo.xml"}))
    assert "NCCL_NET_GDR_LEVEL" not in recommend_env(withfile).env


def test_mixed_gpus_and_unset_harmful():
    facts = df.healthy()
    facts = replace(facts, gpus=(facts.gpus[0], replace(facts.gpus[1], name="NVIDIA L40S")),
                    nccl=replace(facts.nccl, env={"NCCL_P2P_DISABLE": "1", "NCCL_IB_DISABLE": "1"}))
    rec = recommend_env(facts)
    assert rec.env["CUDA_DEVICE_ORDER"] == "PCI_BUS_ID"
    assert rec.unset == ("NCCL_IB_DISABLE", "NCCL_P2P_DISABLE")
    assert rec.prediction["net"]["plugin"] == "IB"  # predicted with the harmful ones removed


def test_old_nccl_gets_ib_timeout():
    facts = df.healthy()
    rec = recommend_env(replace(facts, nccl=replace(facts.nccl, version="2.10.3")))
    assert rec.env["NCCL_IB_TIMEOUT"] == "20" and "14" in rec.reasons["NCCL_IB_TIMEOUT"]
    assert "2.13" not in rec.verification["NCCL_DEBUG_SUBSYS"] and "ENV" not in rec.verification["NCCL_DEBUG_SUBSYS"]


def test_no_gpu_single_port():
    facts = replace(df.healthy(), gpus=(GpuInfo(index=0, bus_id=df.GPU0, name="NVIDIA H100 80GB HBM3"),))
    rec = recommend_env(facts)
    assert rec.prediction["transports"] == {}
