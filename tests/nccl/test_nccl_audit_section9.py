"""The NCCL model against each input of the 2026-12 fidelity audit (section 9) that showed a wrong
prediction, with NCCL's answer read from its source (file and tag cited per test)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import doctor_facts as df
from ncclkit.cluster.proof_judge import _same_network
from ncclkit.facts import GidEntry, GpuInfo, IbDevice, NetIface, NodeFacts
from ncclkit.nccl.gdr import gdr_by_distance, gdr_support
from ncclkit.nccl.gid import auto_gid_index, gid_choice
from ncclkit.nccl.ifaces import bootstrap_interface, nccl_interfaces
from ncclkit.nccl.params import parse_level
from ncclkit.nccl.ports import nccl_ib_ports, net_devices
from ncclkit.nccl.predict import predict
from ncclkit.rules import run_rules
from ncclkit.rules.env import check_env_vars


def _ver(facts: NodeFacts, version: str, env: dict[str, str] | None = None) -> NodeFacts:
    return replace(facts, nccl=replace(facts.nccl, version=version, env=env or {}))


# -- 1. External net plugins ---------------------------------------------------------------------
def _efa() -> NodeFacts:
    base = df.healthy()
    efa = df.ib_port("rdmap16s27", link_layer="Unspecified", rate_gbps=100.0)
    dev = IbDevice(name="rdmap16s27", pci_bdf=df.NIC0, numa_node=0, ports=(efa,))
    return replace(base, ib_devices=(dev,))


def test_efa_node_uses_the_libfabric_plugin_not_socket():
    # net_ib.cc never opens a port whose link layer is unspecified; aws-ofi-nccl (libnccl-net.so) does.
    pred = predict(_efa(), {})
    assert (pred["net"]["plugin"], pred["net"]["external"]) == ("Libfabric", True)
    assert pred["hca_ports"] == []  # the internal IB port rules do not apply to a plugin


def test_nccl_net_plugin_names_the_external_plugin():
    pred = predict(df.healthy(), {"NCCL_NET_PLUGIN": "libnccl-net-gib.so"})
    assert pred["net"]["external"] and pred["net"]["plugin"] == "libnccl-net-gib.so"


@pytest.mark.parametrize(("want", "got", "external", "same"), [
    ("IB", "IBext_v8", False, True),  # HPC-X/SHARP plugin: the IB verbs transport under another name
    ("IB", "Socket", False, False),
    ("Libfabric", "AWS Libfabric", True, True),
    ("Libfabric", "Socket", True, False),
])
def test_proof_judge_network_names(want, got, external, same):
    assert _same_network(want, got, external) is same


# -- 4. NET inside the node ----------------------------------------------------------------------
def _two_sockets_no_nvlink() -> NodeFacts:
    base = df.healthy()
    return replace(base, gpus=tuple(replace(g, nvlinks=()) for g in base.gpus))


def test_cross_socket_pair_uses_net_with_close_fast_nics():
    # ncclTopoCheckNet (src/graph/paths.cc): both GPUs reach a 400G NIC at PIX over Gen5 x16 (48 GB/s),
    # more than any inter-CPU link (ERP_QPI_BW 40, topo.h): NET/IB, with or without NCCL_P2P_DISABLE.
    for env in ({}, {"NCCL_P2P_DISABLE": "1"}):
        pair = predict(_two_sockets_no_nvlink(), env)["transports"]["GPU0-GPU1"]
        assert pair["transport"] == "NET", pair
    pair = predict(_two_sockets_no_nvlink(), {"NCCL_NET_DISABLE_INTRA": "1"})["transports"]["GPU0-GPU1"]
    assert pair["transport"] == "SHM"
    # With NVLink between them (the audit's env-p2p-disabled fixture has 18 active links per GPU) the
    # GPU-GPU path stays NVL, whose bandwidth beats any NIC: NCCL_P2P_DISABLE=1 gives SHM, not NET.
    nvl = predict(df.healthy(), {"NCCL_P2P_DISABLE": "1"})["transports"]["GPU0-GPU1"]
    assert nvl["transport"] == "SHM"


# -- 6. NCCL_NET=IB that cannot be met -----------------------------------------------------------
def test_forced_ib_without_ports_aborts_init():
    facts = df.with_port(df.with_port(df.healthy(), "mlx5_0", df.ib_port("mlx5_0", active=False)),
                         "mlx5_1", df.ib_port("mlx5_1", active=False))
    pred = predict(facts, {"NCCL_NET": "IB"})
    assert pred["net"]["plugin"] is None and pred["net"]["init_fails"]
    assert "env.net_unmet" in df.ids(check_env_vars(facts, {"NCCL_NET": "IB"}))
    assert predict(facts, {})["net"]["plugin"] == "Socket"  # without NCCL_NET: the fallback


# -- 7. NCCL_COMM_ID -------------------------------------------------------------------------------
def _eth_only() -> NodeFacts:
    base = df.healthy()
    return replace(base, ifaces=tuple(i for i in base.ifaces if not i.name.startswith("ib")))


def test_comm_id_picks_the_bootstrap_interface_by_subnet():
    # bootstrapNetInit (src/bootstrap.cc): the COMM_ID subnet wins over NCCL_SOCKET_IFNAME.
    env = {"NCCL_SOCKET_IFNAME": "lo", "NCCL_COMM_ID": "10.0.0.9:29500"}
    boot = bootstrap_interface(_eth_only(), env)
    assert (boot.interface, boot.fails) == ("eno1", False)
    assert [a.iface.name for a in nccl_interfaces(_eth_only(), env)] == ["lo"]  # OOB and NET/Socket
    virtual = [f for f in check_env_vars(_eth_only(), env) if f.id == "env.ifname_virtual"]
    assert virtual and "bootstrap over" not in virtual[0].message


def test_comm_id_outside_every_subnet_fails_init():
    env = {"NCCL_COMM_ID": "172.31.9.9:29500"}
    assert bootstrap_interface(_eth_only(), env).fails
    assert predict(_eth_only(), env)["bootstrap"]["interface"] is None
    assert "env.comm_id_unreachable" in df.ids(check_env_vars(_eth_only(), env))


def test_comm_id_subnet_pass_comes_before_the_generic_pass():
    # ncclFindInterfaces (src/misc/socket.cc): ib*, then the COMM_ID subnet, then the rest.
    base = _eth_only()
    extra = NetIface(name="ens1f0np0", type=1, operstate="up", flags=0x1003, ipv4=("172.16.0.5/24",),
                     addresses_known=True, ifindex=1)
    facts = replace(base, ifaces=(*base.ifaces, extra))
    assert nccl_interfaces(facts, {})[0].iface.name == "ens1f0np0"
    assert [a.iface.name for a in nccl_interfaces(facts, {"NCCL_COMM_ID": "10.0.3.3:1"})] == ["eno1"]


# -- 8. vNIC merging -------------------------------------------------------------------------------
def _dual_function(guid_b: str = "0xb8ce:f603:00a1:0047", layer_b: str = "Ethernet") -> NodeFacts:
    """One dual-port ConnectX card: functions .0 and .1 of one PCI device (RoCE on both)."""
    base = df.healthy()
    bdf0, bdf1 = df.NIC0, df.NIC0[:-1] + "1"
    gids = df.roce_gids("10.1.0.5")
    a = IbDevice(name="mlx5_0", pci_bdf=bdf0, numa_node=0, sys_image_guid="0xb8ce:f603:00a1:0047",
                 ports=(df.ib_port("mlx5_0", link_layer="Ethernet", gids=gids),))
    b = IbDevice(name="mlx5_1", pci_bdf=bdf1, numa_node=0, sys_image_guid=guid_b,
                 ports=(df.ib_port("mlx5_1", link_layer=layer_b, gids=gids),))
    pci = dict(base.pci)
    pci[bdf1] = replace(pci[bdf0], bdf=bdf1, path=(*pci[bdf0].path[:-1], bdf1))
    return replace(base, ib_devices=(a, b), pci=pci)


def _names(facts: NodeFacts, env: dict[str, str] | None = None) -> list[str]:
    env = env or {}
    return [d.name for d in net_devices(facts, nccl_ib_ports(facts, env), env)]


def test_merge_needs_the_same_sys_image_guid_2_20_to_2_23():
    # ncclIbFindMatchingDev (src/transport/net_ib.cc v2.23.4-1): pciPath, guid and link layer.
    same = _ver(_dual_function(), "2.23.4")
    assert _names(same) == ["{mlx5_0:1, mlx5_1:1}"]
    assert _names(_ver(_dual_function(guid_b="0xb8ce:f603:00a1:0048"), "2.23.4")) == ["mlx5_0:1", "mlx5_1:1"]
    assert _names(same, {"NCCL_IB_MERGE_NICS": "0"}) == ["mlx5_0:1", "mlx5_1:1"]
    assert _names(_ver(_dual_function(), "2.19.3")) == ["mlx5_0:1", "mlx5_1:1"]


def test_mixed_single_and_dual_port_nics_disable_merging_2_22_2_23():
    base = _dual_function()
    lone = IbDevice(name="mlx5_2", pci_bdf=df.NIC1, numa_node=1,
                    ports=(df.ib_port("mlx5_2", link_layer="Ethernet", gids=df.roce_gids("10.2.0.5")),))
    facts = replace(base, ib_devices=(*base.ib_devices, lone))
    assert _names(_ver(facts, "2.21.5")) == ["{mlx5_0:1, mlx5_1:1}", "mlx5_2:1"]
    assert _names(_ver(facts, "2.22.3")) == ["mlx5_0:1", "mlx5_1:1", "mlx5_2:1"]


def test_2_24_fusion_by_merge_level_and_link_layer():
    # ncclTopoAutoMerge (src/graph/topo.cc v2.24.3-1+), ncclIbMakeVDeviceInternal refuses mixed layers.
    facts = _ver(_dual_function(), "2.28.9")
    assert _names(facts) == ["mlx5_0+mlx5_1"]
    assert _names(facts, {"NCCL_NET_MERGE_LEVEL": "LOC"}) == ["mlx5_0:1", "mlx5_1:1"]
    assert _names(facts, {"NCCL_IB_MERGE_VFS": "0"}) == ["mlx5_0+mlx5_1"]  # same function digits: .0/.1
    assert _names(_ver(_dual_function(layer_b="InfiniBand"), "2.28.9")) == ["mlx5_0:1", "mlx5_1:1"]


# -- 10. Grace C2C -------------------------------------------------------------------------------
def _gh200(version: str) -> NodeFacts:
    base = df.healthy()
    gpu_bdf, nic_bdf = "0009:01:00.0", "0000:01:00.0"
    gpu = GpuInfo(index=0, name="NVIDIA GH200 480GB", bus_id=gpu_bdf, numa_node=0)
    devs = {gpu_bdf: df.pci(gpu_bdf, ("pci0009:00", "0009:00:00.0"), cls="0x030200"),
            nic_bdf: df.pci(nic_bdf, ("pci0000:00", "0000:00:00.0"), cls="0x020700")}
    nic = replace(base.ib_devices[0], pci_bdf=nic_bdf, numa_node=0)
    return _ver(replace(base, gpus=(gpu,), ib_devices=(nic,), pci=devs), version)


@pytest.mark.parametrize(("version", "env", "gdr", "mode"), [
    ("2.28.9", {}, True, "Default"),  # P2C rewritten to C2C <= PXB (paths.cc v2.28.9-1 :467)
    ("2.28.9", {"NCCL_NET_GDR_LEVEL": "PXB"}, True, "Default"),
    ("2.28.9", {"NCCL_NET_GDR_LEVEL": "PIX"}, True, "Default"),
    ("2.28.9", {"NCCL_NET_GDR_LEVEL": "C2C"}, True, "Default"),
    ("2.28.9", {"NCCL_NET_GDR_C2C": "0"}, False, None),
    ("2.26.2", {}, False, None),  # NCCL_NET_GDR_C2C defaults to 0 in 2.26
    ("2.26.2", {"NCCL_NET_GDR_C2C": "1"}, True, "Default"),  # PHB rewritten to C2C (v2.26.2-1 :433)
    ("2.26.2", {"NCCL_NET_GDR_LEVEL": "PHB"}, True, "PCI"),
    ("2.29.7", {}, True, "Default"),  # default level P2C (v2.29.7-1 :460)
    ("2.29.7", {"NCCL_NET_GDR_LEVEL": "PXB"}, False, None),
])
def test_grace_c2c_gdr_by_version(version, env, gdr, mode):
    entry = predict(_gh200(version), env)["gdr"]["GPU0"]
    assert entry["gdr"] is gdr, entry
    assert entry.get("mode") == mode
    # env.gdr_disabled only when NCCL really loses GDR that the default gives.
    lost = [f for f in check_env_vars(_gh200(version), env) if f.id == "env.gdr_disabled"]
    assert bool(lost) == (not gdr and "NCCL_NET_GDR_LEVEL" in env and version != "2.26.2")


# -- 11. NCCL_NET_GDR_LEVEL parsing --------------------------------------------------------------
@pytest.mark.parametrize(("value", "nccl"), [("phb", None), ("Phb", None), ("2abc", "PXB"), ("2x", "PXB"),
                                             ("010", "SYS"), ("PHB", "PHB"), ("C2C", "C2C")])
def test_gdr_level_parsed_as_ncclgetlevel(value, nccl):
    assert parse_level(value) == nccl
    assert parse_level("C2C", (2, 25, 1)) is None  # not a name before v2.26 (topoPathTypeStr)


def test_lower_case_level_is_ignored_and_flagged():
    far = df.with_port(df.healthy(), "mlx5_0", df.ib_port("mlx5_0", active=False))
    far = replace(far, gpus=tuple(replace(g, nvlinks=()) for g in far.gpus))
    assert not predict(far, {"NCCL_NET_GDR_LEVEL": "sys"})["gdr"]["GPU0"]["gdr"]
    assert predict(far, {"NCCL_NET_GDR_LEVEL": "SYS"})["gdr"]["GPU0"]["gdr"]
    assert "env.gdr_level_invalid" in df.ids(check_env_vars(far, {"NCCL_NET_GDR_LEVEL": "sys"}))
    assert "env.gdr_level_invalid" not in df.ids(check_env_vars(far, {"NCCL_NET_GDR_LEVEL": "2abc"}))


# -- 12. NCCL_DMABUF_ENABLE=0 --------------------------------------------------------------------
def _dmabuf_only() -> NodeFacts:
    base = df.healthy()
    return replace(base, peermem=replace(base.peermem, nv_mem=False, nv_mem_nc=False, nvidia_peermem_module=False),
                   os=replace(base.os, modules=("nvidia", "mlx5_ib")))


def test_dmabuf_enable_0_on_a_dmabuf_only_node():
    # dmaBufSupported (src/init.cc) needs NCCL_DMABUF_ENABLE != 0; the NIC flag is CUDA || (dmabuf && DMABUF).
    facts, env = _dmabuf_only(), {"NCCL_DMABUF_ENABLE": "0"}
    assert predict(facts, {})["gdr"]["GPU0"]["gdr"]
    assert not gdr_support(facts, env).nic_capable
    assert not any(e["gdr"] for e in predict(facts, env)["gdr"].values())
    found = [f for f in check_env_vars(facts, env) if f.subject == "NCCL_DMABUF_ENABLE"]
    assert [f.id for f in found] == ["env.gdr_disabled"]


# -- 13. NCCL_IB_GID_INDEX on IB from 2.22 -------------------------------------------------------
def test_gid_index_is_ignored_on_ib_from_2_22():
    facts = _ver(df.healthy(), "2.22.3")
    found = [f for f in check_env_vars(facts, {"NCCL_IB_GID_INDEX": "3"}) if f.id == "env.gid_index_invalid"]
    assert found and "2.22+ ignores it" in found[0].message and "empty GID" not in found[0].message
    port = facts.ib_ports[0]
    assert gid_choice(port, {"NCCL_IB_GID_INDEX": "3"}, (2, 22, 3)).index == 0
    assert gid_choice(port, {"NCCL_IB_GID_INDEX": "3"}, (2, 21, 5)).index == 3


def test_ib_port_uses_the_routable_flid_gid_from_2_22():
    # ncclIbExtractFlid: GID bytes 4-5; NCCL_IB_ROUTABLE_FLID_GID_INDEX defaults to 1.
    flid = GidEntry(index=1, gid="fec0:0000:0012:0000:0e42:a1ff:fe00:0001")
    port = replace(df.ib_port("mlx5_0"), gids=(GidEntry(index=0, gid="fe80::1"), flid))
    assert gid_choice(port, {}, (2, 22, 3)).index == 1


# -- 14. GID selection variables -----------------------------------------------------------------
def _roce_port():
    return df.ib_port("mlx5_0", link_layer="Ethernet", gids=df.roce_gids("10.1.0.5"))


@pytest.mark.parametrize(("env", "index"), [
    ({}, 3),
    ({"NCCL_IB_ADDR_RANGE": "10.1.0.5"}, 3),  # no '/': envIbAddrRange ignores it
    ({"NCCL_IB_ADDR_RANGE": "fd00::/8"}, 3),  # not an AF_INET address: ignored
    ({"NCCL_IB_ADDR_RANGE": "10.9.0.0/16"}, 0),  # a real range without the GID: nothing qualifies
    ({"NCCL_IB_ADDR_RANGE": "10.1.0.0/16"}, 3),
    ({"NCCL_IB_ROCE_VERSION_NUM": "0"}, 2),  # version 0 honoured: stops at the first IPv4 GID
    ({"NCCL_IB_ROCE_VERSION_NUM": "1"}, 2),
])
def test_auto_gid_variables(env, index):
    assert auto_gid_index(_roce_port(), env) == index


# -- 16. NIC order: bandwidth first --------------------------------------------------------------
def test_gpu_takes_the_faster_nic_before_the_closer_one():
    # ncclTopoGetLocalNet (src/graph/topo.cc): highest path bandwidth, then lowest path type.
    base = df.healthy()
    slow = df.ib_port("mlx5_0", rate_gbps=100.0)
    far_fast = IbDevice(name="mlx5_2", pci_bdf="0000:19:00.0", numa_node=0, ports=(df.ib_port("mlx5_2"),))
    pci = dict(base.pci)
    pci["0000:19:00.0"] = df.pci("0000:19:00.0", ("pci0000:15", "0000:15:01.0", "0000:16:00.0", "0000:17:05.0",
                                                  "0000:18:01.0"), cls="0x020700")
    facts = replace(df.with_port(base, "mlx5_0", slow), pci=pci)
    facts = replace(facts, ib_devices=(*facts.ib_devices, far_fast))
    assert gdr_by_distance(facts)[0].nic.device.name == "mlx5_2"


# -- code review P2: ACTIVE but not LinkUp --------------------------------------------------------
def test_active_port_not_linkup_rules_and_prediction_agree():
    port = replace(df.ib_port("mlx5_0"), phys_state="LinkErrorRecovery", phys_state_id=6)
    facts = df.with_port(df.healthy(), "mlx5_0", port)
    found = df.ids(run_rules(facts))
    assert "ib.port_down" in found and "gdr.distance" not in found
    assert predict(facts, {})["gdr"]["GPU0"]["nic"] == "mlx5_0"


# -- 2. Whether RDMA can be opened ---------------------------------------------------------------
def test_no_uverbs_node_or_libibverbs_means_socket():
    # buildIbvSymbols (src/misc/ibvsymbols.cc) and ibv_open_device: sysfs shows the host's HCAs anyway.
    from ncclkit.facts import RdmaAccess

    for rdma in (RdmaAccess(uverbs=(), libibverbs="libibverbs.so.1", libibverbs_known=True),
                 RdmaAccess(uverbs=("uverbs0", "uverbs1"), libibverbs=None, libibverbs_known=True)):
        facts = replace(df.healthy(), rdma=rdma)
        assert predict(facts, {})["net"]["plugin"] == "Socket"
        assert not any(e["gdr"] for e in predict(facts, {})["gdr"].values())
        assert "rdma.none" in df.ids(run_rules(facts))
    assert predict(df.healthy(), {})["net"]["plugin"] == "IB"  # not recorded: not assumed missing


# -- 5. AMD x86 with <= 2 GPUs ---------------------------------------------------------------------
def test_amd_two_gpus_use_p2p_across_sockets_from_2_23_4():
    # ncclTopoCheckP2p (src/graph/paths.cc v2.23.4-1): p2pLevel = PATH_SYS on AMD x86 with <= 2 GPUs.
    base = _two_sockets_no_nvlink()
    amd = replace(base, os=replace(base.os, cpu_vendor="AuthenticAMD"), ib_devices=())
    assert predict(_ver(amd, "2.23.4"), {})["transports"]["GPU0-GPU1"]["transport"].startswith("P2P")
    assert predict(_ver(amd, "2.21.5"), {})["transports"]["GPU0-GPU1"]["transport"] == "SHM"
    intel = replace(amd, os=replace(amd.os, cpu_vendor="GenuineIntel"))
    assert predict(_ver(intel, "2.23.4"), {})["transports"]["GPU0-GPU1"]["transport"] == "SHM"


def test_efa_ports_are_not_called_down():
    from ncclkit.recommend import recommend_env

    reason = recommend_env(_efa(), []).reasons["NCCL_IB_HCA"]
    assert "EFA" in reason and "down" not in reason
