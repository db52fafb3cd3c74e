#!/usr/bin/env python3
"""Second round of node scenarios (OUT/<name>/, see build_scenarios.py): node shapes build_scenarios.py does
not cover - RoCE LAG bonds, VLAN GIDs, Hyper-V style VFs, Grace-Hopper, two IB fabrics, a dual-port
NIC with one port down under NCCL_IB_HCA, deep PCIe switch trees, memlock corner cases and NCCL list
syntax corner cases.

Expectations follow NCCL's real rules (nccl-internals.md), with the section named in each docstring.

usage: NCCLKIT_NODES_OUT=DIR python tests/scenarios/build_scenarios2.py [NAME...]   (no name: all of this round)
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scenario_kit import (
    DGX_BUSES,
    HDR,
    NDR,
    OUT,
    ROCE_100,
    build_named,
    expect,
    gpu_subject,
    ib_node,
    switch_pair,
)
from nodebuilder import Gid, NodeBuilder, Port, roce_gids

DOWN_RATE = "10 Gb/sec (4X SDR)"
ROCE_25 = "25 Gb/sec (1X EDR)"


# -- RoCE LAG bond ------------------------------------------------------------------------------------
def roce_lag(name: str, nccl: str) -> NodeBuilder:
    """ConnectX-6 Dx in RoCE LAG: one RDMA device mlx5_bond_0 (PCI function .0) over bond0, whose
    slaves ens1f0np0/ens1f1np1 are the card's two functions. GIDs carry bond0 (ndevs) and its IPv4."""
    b = NodeBuilder(OUT, host=name, link_files=True)
    rc, rp, up = "pci0000:40", "0000:40:01.0", "0000:41:00.0"
    for i in range(4):
        b.gpu(f"0000:{0x43 + i:02x}:00.0", [rc, rp, up, f"0000:42:{i + 1:02x}.0"], name="NVIDIA H100 PCIe")
    nic_path = [rc, rp, up, "0000:42:00.0"]
    mac = "b8:ce:f6:4a:10:20"
    b.iface("lo", ipv4=["127.0.0.1/8"])
    b.iface("bond0", ipv4=["10.1.0.5/24"], mac=mac, mtu=9000)
    b.ib_device("mlx5_bond_0", "0000:47:00.0", nic_path, gen=(4, 4), hca_type="MT4125", fw_ver="22.39.1002",
                ports=[Port(1, rate=ROCE_100, link_layer="Ethernet",
                            gids=roce_gids("bond0", mac, "10.1.0.5/24"))])
    b.pci_device("0000:47:00.1", nic_path, vendor="0x15b3", device="0x101d", gen=(4, 4), driver="mlx5_core")
    for fn in range(2):
        b.iface(f"ens1f{fn}np{fn}", pci=f"0000:47:00.{fn}", mac=mac, mtu=9000)
    b.iface("eno1", ipv4=["10.0.0.4/16"], pci="0000:03:00.0")
    b.module("nvidia_peermem", version="550.90.07").module("bonding").peermem()
    b.memlock("unlimited").nccl_version(nccl).numa_nodes({0: "0-63"})
    return b


def roce_lag_223() -> dict:
    """NCCL 2.23 picks the RoCE v2 IPv4 GID (index 3, ndev bond0) itself (section 2, auto mode)."""
    roce_lag("roce-lag-bond-223", "2.23.4").write()
    return expect([], env={"NCCL_IB_GID_INDEX": {"one_of": [None, "3"]},
                           "NCCL_IB_HCA": {"includes_all": ["mlx5_bond_0"]},
                           "NCCL_SOCKET_IFNAME": {"excludes": ["lo"]},
                           "NCCL_IB_DISABLE": {"one_of": [None, "0"]}})


def roce_lag_219() -> dict:
    """NCCL 2.19 uses GID index 0 (link-local RoCE v1 of bond0) unless told: 3 must be set (section 2)."""
    roce_lag("roce-lag-bond-219", "2.19.3").write()
    return expect([], env={"NCCL_IB_GID_INDEX": {"one_of": ["3"]},
                           "NCCL_IB_HCA": {"includes_all": ["mlx5_bond_0"]}})


def roce_vlan_219() -> dict:
    """RoCE over VLAN 100: the physical netdevs have no address, ens1f<n>np<n>.100 carry IPv4. GID table:
    0/1 link-local of the port, 2/3 link-local of the VLAN, 4/5 the VLAN's IPv4 v1/v2. NCCL 2.19 would
    use index 0: 5 is the only right value (section 2)."""
    b = NodeBuilder(OUT, host="roce-vlan-gid5-nccl219", link_files=True)
    rc, rp, up = "pci0000:40", "0000:40:01.0", "0000:41:00.0"
    for i in range(2):
        b.gpu(f"0000:{0x43 + i:02x}:00.0", [rc, rp, up, f"0000:42:{i + 1:02x}.0"], name="NVIDIA H100 PCIe")
    b.iface("lo", ipv4=["127.0.0.1/8"])
    for fn in range(2):
        phys, vlan, mac = f"ens1f{fn}np{fn}", f"ens1f{fn}np{fn}.100", f"b8:ce:f6:4a:11:{fn:02x}"
        b.iface(phys, mac=mac, mtu=9000)
        b.iface(vlan, ipv4=[f"10.100.{fn}.5/24"], mac=mac, mtu=9000)
        ll = roce_gids(phys, mac, None)[:2]
        vlan_ll = [Gid(g.gid, g.type, vlan) for g in ll if isinstance(g, Gid)]
        v4 = roce_gids(vlan, mac, f"10.100.{fn}.5/24")[2:4]
        b.ib_device(f"mlx5_{fn}", f"0000:47:00.{fn}", [rc, rp, up, "0000:42:00.0"], netdev=phys, gen=(4, 4),
                    hca_type="MT4125", ports=[Port(1, rate=ROCE_100, link_layer="Ethernet",
                                                   gids=[*ll, *vlan_ll, *v4, None, None])])
    b.iface("eno1", ipv4=["10.0.0.4/16"], pci="0000:03:00.0")
    b.module("nvidia_peermem", version="550.90.07").peermem()
    b.memlock("unlimited").nccl_version("2.19.3").numa_nodes({0: "0-63"}).write()
    return expect([], env={"NCCL_IB_GID_INDEX": {"one_of": ["5"]},
                           "NCCL_IB_HCA": {"includes_all": ["mlx5_0", "mlx5_1"]}})


# -- VMs and Grace --------------------------------------------------------------------------------------
def azure_vf() -> dict:
    """Azure NDv5-like VM: 8 H100 and 8 NDR IB VFs (mlx5_ib0..7), plus mlx5_an0, the Ethernet VF of
    accelerated networking behind eth0. Hyper-V gives every device its own PCI domain and root bus
    (pci0001:00, pci0101:00, ...) with numa_node -1, so NCCL hangs them all under one <cpu numaid=-1>
    and every GPU-NIC path is PHB (section 4, "Walking up"). The provider ships a topology XML; ncclkit
    does not write one. No IPoIB address: eth0 carries bootstrap."""
    b = NodeBuilder(OUT, host="azure-ndv5-vf", link_files=True)
    for i in range(8):
        b.gpu(f"{i + 1:04x}:00:00.0", numa=-1, nvlinks=18, name="NVIDIA H100 80GB HBM3")
        b.ib_device(f"mlx5_ib{i}", f"{0x101 + i:04x}:00:00.0", numa=-1, ports=[Port(1, rate=NDR)],
                    hca_type="MT4130", board_id="MSF0000000001")
    b.iface("lo", ipv4=["127.0.0.1/8"])
    b.iface("eth0", ipv4=["10.0.0.4/24"], mac="00:0d:3a:5e:11:22", speed_mbps=40000)
    b.ib_device("mlx5_an0", "c5a1:00:02.0", numa=-1, netdev="enP50593s1", gen=(3, 3), width=(8, 8),
                hca_type="MT4122", ports=[Port(1, rate="40 Gb/sec (4X FDR10)", link_layer="Ethernet",
                                               gids=roce_gids("eth0", "00:0d:3a:5e:11:22", "10.0.0.4/24"))])
    b.iface("enP50593s1", mac="00:0d:3a:5e:11:22")
    b.module("nvidia_peermem", version="550.90.07").peermem().nccl_version("2.23.4")
    b.numa_nodes({0: "0-47", 1: "48-95"}).write()
    ib = [f"mlx5_ib{i}" for i in range(8)]
    return expect([{"id": "topo.flattened", "subject": None}, {"id": "ib.ipoib_missing", "subject": None}],
                  env={"NCCL_IB_HCA": {"excludes": ["mlx5_an0"], "includes_all": ib},
                       "NCCL_TOPO_FILE": {"one_of": [None]},
                       "NCCL_NET_GDR_LEVEL": {"one_of": [None, "PHB", "SYS", "3", "4"]},
                       "NCCL_SOCKET_IFNAME": {"excludes": ["lo"], "selects_any": ["eth0"]}})


def gh200(name: str, nccl: str) -> NodeBuilder:
    """GH200: one Hopper GPU joined to its Grace CPU by NVLink-C2C; the ConnectX-7 hangs off the CPU's
    own root port (domain 0000), the GPU off domain 0009. Both on NUMA 0."""
    b = NodeBuilder(OUT, host=name, link_files=True)
    b.gpu("0009:01:00.0", ["pci0009:00", "0009:00:00.0"], numa=0, name="NVIDIA GH200 480GB")
    b.ib_device("mlx5_0", "0000:01:00.0", ["pci0000:00", "0000:00:00.0"], numa=0, netdev="ibp1s0",
                ports=[Port(1, rate=NDR)])
    b.iface("lo", ipv4=["127.0.0.1/8"]).iface("ibp1s0", ipv4=["192.168.20.7/24"])
    b.iface("enP5p1s0f0", ipv4=["10.0.3.7/16"], pci="0005:01:00.0")
    b.module("nvidia_peermem", version="560.35.03").peermem().driver("560.35.03", "12.6")
    b.kernel("6.8.0-1013-nvidia-64k").os_name("Ubuntu 24.04.1 LTS")
    b.memlock("unlimited").nccl_version(nccl).numa_nodes({0: "0-71"})
    return b


def gh200_228() -> dict:
    """NCCL 2.27+: GPU-C2C-CPU-PCIe-NIC is P2C and the default GDR level is P2C (NCCL_NET_GDR_C2C=1):
    GDR on, nothing to report (section 3, step 3)."""
    gh200("gh200-c2c-nccl228", "2.28.9").write()
    return expect([], env={"NCCL_NET_GDR_LEVEL": {"one_of": [None]},
                           "NCCL_IB_HCA": {"includes_all": ["mlx5_0"]}})


def gh200_226() -> dict:
    """NCCL 2.26 has no P2C: the same path is PHB, beyond the PXB default, so GPU0 gets no GDR
    (section 3 step 3, section 4 table). PHB as a level, or an upgrade to 2.27+, restores it."""
    gh200("gh200-c2c-nccl226", "2.26.2").write()
    return expect([{"id": "gdr.distance", **gpu_subject(0, "0009:01:00.0")}],
                  env={"NCCL_NET_GDR_LEVEL": {"one_of": [None, "PHB", "3"]}})


# -- IB shapes ------------------------------------------------------------------------------------------
def frontend_roce_numa1() -> dict:
    """4 GPUs with NDR IB compute NICs (IPoIB up, no address), plus mlx5_4, a 100GbE RoCE front-end NIC
    on NUMA 1's root port that carries the node's only routable IPv4 (no eno1)."""
    b = ib_node("ib-frontend-roce-numa1", gpus=4, ipoib=False, nccl="2.23.4")
    b.ib_device("mlx5_4", "0000:c1:00.0", ["pci0000:c0", "0000:c0:01.0"], numa=1, netdev="ens9f0np0",
                gen=(4, 4), hca_type="MT4125", ports=[Port(1, rate=ROCE_100, link_layer="Ethernet")])
    b.iface("ens9f0np0", ipv4=["10.40.2.17/16"], mtu=9000)
    b.iface("eno1", ipv4=[], operstate="down")
    b.write()
    compute = [f"mlx5_{i}" for i in range(4)]
    return expect([{"id": "ib.ipoib_missing", "subject": None}],
                  env={"NCCL_IB_HCA": {"excludes": ["mlx5_4"], "includes_all": compute},
                       "NCCL_SOCKET_IFNAME": {"excludes": ["lo", "eno1"], "selects_any": ["ens9f0np0"]}})


def two_fabrics() -> dict:
    """mlx5_0/1 ConnectX-7 NDR 400 on one fabric, mlx5_2/3 ConnectX-6 HDR 200 on an older one: NCCL
    uses all four, and rings are paced by the 200G ones (ib.rate_mismatch on mlx5_2:1, mlx5_3:1)."""
    cx6 = {"hca_type": "MT4123", "fw_ver": "20.39.1002"}
    b = ib_node("ib-two-fabrics-hdr-ndr", gpus=4, rates={2: HDR, 3: HDR}, nic_kw={2: cx6, 3: cx6})
    b.write()
    return expect([{"id": "ib.rate_mismatch", "subject": "mlx5_2:1", "subject_alt": ["mlx5_2"]},
                   {"id": "ib.rate_mismatch", "subject": "mlx5_3:1", "subject_alt": ["mlx5_3"]}],
                  env={"NCCL_IB_HCA": {"includes_all": ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]}})


def dualport_down_hca() -> dict:
    """Dual-port mlx5_0, port 2 DOWN/Polling; NCCL_IB_HCA=mlx5_0,mlx5_1 (no port) selects mlx5_0:2 too,
    which NCCL skips: this node runs one port fewer than its peers (CONTRACTS env.hca_unknown)."""
    b = ib_node("ib-dualport-p2-down-hca", gpus=2, nic_kw={0: {"ports": [
        Port(1), Port(2, state="1: DOWN", phys="2: Polling", rate=DOWN_RATE)]}})
    b.env(NCCL_IB_HCA="mlx5_0,mlx5_1").write()
    return expect([{"id": "ib.port_down", "subject": "mlx5_0:2"},
                   {"id": "env.hca_unknown", "subject": "NCCL_IB_HCA"}],
                  env={"NCCL_IB_HCA": {"excludes": ["mlx5_0:2"], "includes_all": ["mlx5_0", "mlx5_1"]}})


def pxb_two_switches() -> dict:
    """HGX A100-like: under one root port, switch A holds the NIC and switch B; switch B holds the two
    GPUs. GPU<->NIC crosses two switches without a host bridge: PXB, within the default GDR level."""
    b = NodeBuilder(OUT, host="pcie-pxb-two-switch", link_files=True)
    rc, rp, up_a = "pci0000:30", "0000:30:01.0", "0000:31:00.0"
    for i in range(2):
        b.gpu(f"0000:{0x35 + i:02x}:00.0", [rc, rp, up_a, "0000:32:02.0", "0000:33:00.0", f"0000:34:{i:02x}.0"],
              name="NVIDIA A100-SXM4-80GB", nvlinks=12, gen=(4, 4))
    b.ib_device("mlx5_0", "0000:38:00.0", [rc, rp, up_a, "0000:32:01.0"], netdev="ibp56s0", gen=(4, 4),
                hca_type="MT4123", ports=[Port(1, rate=HDR)])
    b.iface("lo", ipv4=["127.0.0.1/8"]).iface("ibp56s0", ipv4=["192.168.30.5/24"])
    b.iface("eno1", ipv4=["10.0.0.5/16"], pci="0000:03:00.0")
    b.module("nvidia_peermem", version="535.183.01").peermem().nccl_version("2.21.5").write()
    return expect([], env={"NCCL_NET_GDR_LEVEL": {"one_of": [None]},
                           "NCCL_IB_HCA": {"includes_all": ["mlx5_0"]}})


def mgmt_roce_25g() -> dict:
    """4 NDR IB compute NICs plus a dual-port 25GbE ConnectX-4 Lx (mlx5_4, mlx5_5) for management:
    NCCL cannot join IB to RoCE, and the 25G ports must stay out of NCCL_IB_HCA."""
    b = ib_node("ib-mgmt-roce-25g", gpus=4)
    for fn in range(2):
        netdev = f"ens3f{fn}np{fn}"
        b.ib_device(f"mlx5_{4 + fn}", f"0000:a1:00.{fn}", ["pci0000:a0", "0000:a0:03.0"], numa=1,
                    netdev=netdev, gen=(3, 3), width=(8, 8), hca_type="MT4117", fw_ver="14.32.1010",
                    ports=[Port(1, rate=ROCE_25, link_layer="Ethernet")])
        b.iface(netdev, ipv4=[f"172.20.{fn}.17/24"])
    b.write()
    return expect([], env={"NCCL_IB_HCA": {"excludes": ["mlx5_4", "mlx5_5"],
                                           "includes_all": [f"mlx5_{i}" for i in range(4)]}})


# -- GDR evidence by version ------------------------------------------------------------------------------
def nccl218_nvmem() -> dict:
    """NCCL 2.18 with MLNX_OFED: nvidia_peermem registers memory_peers/nv_mem, which every NCCL version
    checks (section 3 (a)): GDR on although 2.18 never looks at sys/module/nvidia_peermem."""
    ib_node("nccl218-mofed-nvmem", gpus=2, nccl="2.18.6").driver(open_module=False).write()
    return expect([])


# -- OS limits --------------------------------------------------------------------------------------------
def _limits(soft: str, hard: str) -> str:
    return ("Limit                     Soft Limit           Hard Limit           Units\n"
            f"Max locked memory         {soft:<20} {hard:<20} bytes")


def memlock_soft_low() -> dict:
    """Soft 64 KiB, hard unlimited (a shell that never raised it): ibv_reg_mr checks the soft limit."""
    b = ib_node("memlock-soft64k-hard-unlimited", gpus=2).memlock(65536)
    b.file("proc/self/limits", _limits("65536", "unlimited")).write()
    return expect([{"id": "os.memlock_low", "subject": None}])


def memlock_8g() -> dict:
    """8 GiB memlock on an RDMA node: large, but not unlimited (CONTRACTS os.memlock_low)."""
    ib_node("memlock-8g", gpus=2).memlock(8 << 30).write()
    return expect([{"id": "os.memlock_low", "subject": None}])


# -- env list syntax --------------------------------------------------------------------------------------
def ifname_exclude_ok() -> dict:
    """NCCL_SOCKET_IFNAME=^docker,lo: a valid exclude list (section 5) that leaves ens3np0."""
    b = NodeBuilder(OUT, host="env-ifname-exclude-docker-lo", link_files=True)
    b.iface("lo", ipv4=["127.0.0.1/8"]).iface("docker0", ipv4=["172.17.0.1/16"])
    b.gpu("0000:32:00.0", ["pci0000:30", "0000:30:01.0", "0000:31:00.0", "0000:31:01.0"],
          name="NVIDIA A100-SXM4-80GB", nvlinks=12, gen=(4, 4))
    b.ib_device("mlx5_0", "0000:34:00.0", ["pci0000:30", "0000:30:01.0", "0000:31:00.0", "0000:31:03.0"],
                netdev="ens3np0", ports=[Port(1, rate="200 Gb/sec (4X HDR)", link_layer="Ethernet")], gen=(4, 4))
    b.iface("ens3np0", ipv4=["10.8.3.21/24"])
    b.module("nvidia_peermem", version="535.183.01").peermem().nccl_version("2.23.4")
    b.env(NCCL_SOCKET_IFNAME="^docker,lo").write()
    return expect([], env={"NCCL_SOCKET_IFNAME": {"excludes": ["docker0", "lo"]},
                           "NCCL_IB_GID_INDEX": {"one_of": [None, "3"]}})


def ifname_exact_miss() -> dict:
    """NCCL_SOCKET_IFNAME==eth: '=' asks for the exact name 'eth', and the node has eth0 only."""
    b = NodeBuilder(OUT, host="env-ifname-exact-eth", link_files=True)
    for i in range(2):
        sw = switch_pair(DGX_BUSES[i])
        b.gpu(sw["gpu"], sw["gpu_path"], nvlinks=18)
        b.ib_device(f"mlx5_{i}", sw["nic"], sw["nic_path"], netdev=f"ibp{int(sw['nic'][5:7], 16)}s0")
        b.iface(f"ibp{int(sw['nic'][5:7], 16)}s0", ipv4=[f"192.168.{10 + i}.9/24"])
    b.iface("lo", ipv4=["127.0.0.1/8"]).iface("eth0", ipv4=["10.0.0.9/16"], pci="0000:0a:00.0")
    b.module("nvidia_peermem", version="550.90.07").peermem().nccl_version("2.23.4")
    b.env(NCCL_SOCKET_IFNAME="=eth").write()
    return expect([{"id": "env.ifname_unknown", "subject": "NCCL_SOCKET_IFNAME"}],
                  env={"NCCL_SOCKET_IFNAME": {"excludes": ["lo"]}})


def hca_exclude_down() -> dict:
    """NCCL_IB_HCA=^mlx5_2 leaves out the port that is down: a correct setting, only ib.port_down."""
    b = ib_node("env-hca-exclude-down", gpus=4, nic_kw={2: {"ports": [
        Port(1, state="1: DOWN", phys="2: Polling", rate=DOWN_RATE)]}})
    b.env(NCCL_IB_HCA="^mlx5_2").write()
    return expect([{"id": "ib.port_down", "subject": "mlx5_2:1", "subject_alt": ["mlx5_2"]}],
                  allow=("gdr.distance",),
                  env={"NCCL_IB_HCA": {"excludes": ["mlx5_2"], "includes_all": ["mlx5_0", "mlx5_1", "mlx5_3"]}})


SCENARIOS: dict[str, Callable[[], dict]] = {
    "roce-lag-bond-223": roce_lag_223,
    "roce-lag-bond-219": roce_lag_219,
    "roce-vlan-gid5-nccl219": roce_vlan_219,
    "azure-ndv5-vf": azure_vf,
    "gh200-c2c-nccl228": gh200_228,
    "gh200-c2c-nccl226": gh200_226,
    "ib-frontend-roce-numa1": frontend_roce_numa1,
    "ib-two-fabrics-hdr-ndr": two_fabrics,
    "ib-dualport-p2-down-hca": dualport_down_hca,
    "pcie-pxb-two-switch": pxb_two_switches,
    "ib-mgmt-roce-25g": mgmt_roce_25g,
    "nccl218-mofed-nvmem": nccl218_nvmem,
    "memlock-soft64k-hard-unlimited": memlock_soft_low,
    "memlock-8g": memlock_8g,
    "env-ifname-exclude-docker-lo": ifname_exclude_ok,
    "env-ifname-exact-eth": ifname_exact_miss,
    "env-hca-exclude-down": hca_exclude_down,
}


def main(argv: list[str]) -> int:
    return build_named(SCENARIOS, argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
