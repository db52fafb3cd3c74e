#!/usr/bin/env python3
"""Build the node scenarios, each as OUT/<name>/ (snapshot tree + expected.json).

Each scenario is a small, realistic node written with tests/nodebuilder.py (link files, like the
captured trees in tests/data/nodes) plus an expected.json in the format of tests/data/nodes/README.md. The
expectations say what an NCCL expert demands of `ncclkit doctor` / `ncclkit env` on that node (per
nccl-internals.md), not what the tool happens to print.

The trees are not committed: tests/nodes.py builds every scenario of every
tests/scenarios/build_scenarios*.py at test time (OUT = $NCCLKIT_NODES_OUT, a temp folder).
A new scenario is a function that writes NodeBuilder(OUT, host=name, ...) and returns expect(...),
registered in the SCENARIOS dict of its module; the parts they share are tests/scenarios/scenario_kit.py's.

usage: NCCLKIT_NODES_OUT=DIR python tests/scenarios/build_scenarios.py [NAME...]   (no name: all)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scenario_kit import (
    DGX_BUSES,
    DOWN_RATE,
    HDR,
    NDR,
    OUT,
    ROCE_100,
    ROCE_200,
    build_named,
    expect,
    gpu_subject,
    ib_node,
    pci_subject,
    roce_node,
    smi_id,
    switch_pair,
)
from nodebuilder import Gid, NodeBuilder, Port  # tests/ is on the path once scenario_kit is imported

# -- scenarios ------------------------------------------------------------------------------------------
def pcie_x8_nic() -> dict:
    """mlx5_1 trained at x8 of x16 (both ends of its link show x8); GPU3 at Gen3 of Gen5 (8 GT/s)."""
    b = ib_node("pcie-x8-nic", gpus=4, nic_kw={1: {"width": (8, 16)}}, gpu_kw={3: {"gen": (3, 5)}})
    s1, s3 = switch_pair(DGX_BUSES[1]), switch_pair(DGX_BUSES[3])
    b.bridge(s1["dn_nic"], width=(8, 16)).bridge(s3["dn_gpu"], gen=(3, 5), numa=1)
    b.meta(note="mlx5_1 (0000:3f:00.0) at x8 of x16 and GPU3 (0000:64:00.0) at 8 GT/s of 32 GT/s; "
                "their switch downstream ports show the same link. Everything else at max.")
    b.write()
    return expect([{"id": "pcie.link_degraded", **pci_subject(s1["nic"], "mlx5_1")},
                   {"id": "pcie.link_degraded", **pci_subject(s3["gpu"], "GPU3")}],
                  env={"NCCL_IB_HCA": {"includes_all": [f"mlx5_{i}" for i in range(4)]}})


def pcie_bridge_gen4() -> dict:
    """The switch uplink (root port <-> switch upstream port) of GPU0/mlx5_0 trained at Gen4 of Gen5."""
    b = ib_node("pcie-uplink-gen4", gpus=2)
    sw = switch_pair(DGX_BUSES[0])
    b.bridge(sw["root_port"], gen=(4, 5)).bridge(sw["upstream"], gen=(4, 5))
    b.meta(note="root port 0000:15:01.0 and switch upstream port 0000:16:00.0 at 16 GT/s of 32: the "
                "uplink shared by GPU0 and mlx5_0 is degraded; the endpoints run at max.")
    b.write()
    return expect([{"id": "pcie.link_degraded", "subject": sw["upstream"],
                    "subject_alt": [smi_id(sw["upstream"]), sw["root_port"], smi_id(sw["root_port"])]}])


def roce_healthy_223() -> dict:
    roce_node("roce-healthy-223").write()
    return expect([], env={"NCCL_IB_GID_INDEX": {"one_of": [None, "3"]},
                           "NCCL_IB_HCA": {"includes_all": ["mlx5_0", "mlx5_1"]},
                           "NCCL_IB_DISABLE": {"one_of": [None, "0"]},
                           "NCCL_SOCKET_IFNAME": {"excludes": ["lo"]}})


def roce_no_ipv4() -> dict:
    """ens1f1np1 has no IPv4: mlx5_1's GID table holds only link-local GIDs."""
    roce_node("roce-no-ipv4", ipv4=("10.1.0.5/24", None)).write()
    return expect([{"id": "roce.gid_missing", "subject": "mlx5_1:1", "subject_alt": ["mlx5_1"]}],
                  env={"NCCL_IB_HCA": {"includes_all": ["mlx5_0"]},
                       "NCCL_IB_GID_INDEX": {"one_of": [None, "3"]}})


def roce_gid0_219() -> dict:
    """NCCL 2.19 with NCCL_IB_GID_INDEX=0 (link-local RoCE v1): must be 3 (2.19 has no auto choice)."""
    roce_node("roce-gid0-nccl219", nccl="2.19.3", peermem="nv_mem").env(NCCL_IB_GID_INDEX="0").write()
    return expect([{"id": "env.gid_index_invalid", "subject": "NCCL_IB_GID_INDEX"}],
                  env={"NCCL_IB_GID_INDEX": {"one_of": ["3"]}})


def roce_219_unset() -> dict:
    """NCCL 2.19, GID index unset: NCCL uses index 0 (link-local RoCE v1); 3 is the RoCE v2 IPv4 GID."""
    roce_node("roce-nccl219-unset", nccl="2.19.3", peermem="nv_mem").write()
    return expect([], env={"NCCL_IB_GID_INDEX": {"one_of": ["3"]}})


def roce_memlock() -> dict:
    """RoCE node in a container started without --ulimit memlock: 64 KiB."""
    roce_node("roce-memlock-64k").memlock(65536).write()
    return expect([{"id": "os.memlock_low", "subject": None}],
                  env={"NCCL_IB_GID_INDEX": {"one_of": [None, "3"]}})


def ib_rate_mismatch() -> dict:
    """mlx5_5 at HDR: GPU5's own NIC now has less path bandwidth (25 GB/s) than mlx5_4 through the CPU
    (48 GB/s), and NCCL takes the highest-bandwidth NIC first (ncclTopoGetLocal, src/graph/topo.cc),
    so gdr.distance for GPU5 (PHB, through PXN) is NCCL's own view and allowed."""
    ib_node("ib-rate-mismatch", rates={5: HDR}).write()
    return expect([{"id": "ib.rate_mismatch", "subject": "mlx5_5:1", "subject_alt": ["mlx5_5"]}],
                  allow=("gdr.distance",),
                  env={"NCCL_IB_HCA": {"includes_all": [f"mlx5_{i}" for i in range(8)]}})


def ib_no_ipoib() -> dict:
    """IPoIB interfaces are up with only their fe80:: link-local IPv6; eno1 carries the IPv4 address.
    NCCL's order takes ib* first and does not skip link-local IPv6, so unset it would bootstrap over
    ibp24s0's fe80:: address: NCCL_SOCKET_IFNAME must name eno1."""
    b = ib_node("ib-no-ipoib", gpus=4, ipoib=False)
    for i in range(4):
        netdev = f"ibp{int(switch_pair(DGX_BUSES[i])['nic'][5:7], 16)}s0"
        b.iface(netdev, ipv6=[f"fe80::ba3f:d203:{i:x}:1/64"])
    b.write()
    return expect([{"id": "ib.ipoib_missing", "subject": None}],
                  env={"NCCL_SOCKET_IFNAME": {"one_of": ["eno1", "=eno1", "eno"], "excludes": ["lo"]},
                       "NCCL_IB_HCA": {"includes_all": [f"mlx5_{i}" for i in range(4)]}})


def ib_no_ipoib_netdev() -> dict:
    """IB HCAs without any IPoIB netdev (ib_ipoib not loaded); eno1 is the only addressed interface."""
    b = NodeBuilder(OUT, host="ib-no-ipoib-netdev", link_files=True)
    for i in range(2):
        sw = switch_pair(DGX_BUSES[i])
        b.gpu(sw["gpu"], sw["gpu_path"], numa=i, nvlinks=18)
        b.ib_device(f"mlx5_{i}", sw["nic"], sw["nic_path"], numa=i)
    b.iface("lo", ipv4=["127.0.0.1/8"]).iface("eno1", ipv4=["10.0.0.31/16"], pci="0000:0a:00.0")
    b.module("nvidia_peermem", version="550.90.07").peermem().nccl_version("2.23.4").write()
    return expect([{"id": "ib.ipoib_missing", "subject": None}],
                  env={"NCCL_SOCKET_IFNAME": {"selects_any": ["eno1"], "excludes": ["lo"]},
                       "NCCL_IB_HCA": {"includes_all": ["mlx5_0", "mlx5_1"]}})


def ib_dualport_disabled() -> dict:
    """Dual-port ConnectX-7: mlx5_0 port 2 administratively disabled, port 1 fine."""
    b = ib_node("ib-dualport-p2-disabled", gpus=2, nic_kw={0: {"ports": [
        Port(1), Port(2, state="1: DOWN", phys="3: Disabled", rate=DOWN_RATE)]}})
    b.write()
    return expect([{"id": "ib.port_down", "subject": "mlx5_0:2"}],
                  env={"NCCL_IB_HCA": {"includes_all": ["mlx5_0", "mlx5_1"]}})


def gdr_far_nic() -> dict:
    """2-socket PCIe server, 2 L40S without NVLink: GPU0 on the NIC's root complex but another root
    port (PHB), GPU1 on the other socket (SYS). The only NIC is mlx5_0 on socket 0."""
    b = NodeBuilder(OUT, host="gdr-far-nic", link_files=True)
    b.gpu("0000:17:00.0", ["pci0000:16", "0000:16:01.0"], numa=0, name="NVIDIA L40S", gen=(4, 4))
    b.gpu("0000:ca:00.0", ["pci0000:c9", "0000:c9:01.0"], numa=1, name="NVIDIA L40S", gen=(4, 4))
    b.ib_device("mlx5_0", "0000:1a:00.0", ["pci0000:16", "0000:16:03.0"], numa=0, netdev="ibp26s0",
                ports=[Port(1, rate=HDR)], gen=(4, 4))
    b.iface("lo", ipv4=["127.0.0.1/8"]).iface("ibp26s0", ipv4=["192.168.50.3/24"])
    b.iface("eno8303", ipv4=["10.20.0.3/16"], pci="0000:04:00.0")
    b.module("nvidia_peermem", version="550.90.07").peermem().nccl_version("2.21.5")
    b.write()
    return expect([{"id": "gdr.distance", **gpu_subject(0, "0000:17:00.0")},
                   {"id": "gdr.distance", **gpu_subject(1, "0000:ca:00.0")}],
                  env={"NCCL_IB_HCA": {"includes_all": ["mlx5_0"]},
                       "NCCL_NET_GDR_LEVEL": {"one_of": [None, "PHB", "3"]}})


def peermem_nccl(version: str, name: str, *, dmabuf: bool = False) -> dict:
    """Inbox nvidia_peermem only (no MLNX_OFED memory_peers files); proprietary driver (no dma-buf),
    or with `dmabuf` the open module on kernel 5.15, where only dma-buf could still give GDR."""
    b = ib_node(name, gpus=2, nccl=version)
    b.peermem(nv_mem=False).driver(open_module=dmabuf)
    b.write()
    if version.startswith("2.21"):
        # NCCL <= 2.22 tests only memory_peers/nv_mem(_nc) and memory_peers/nvidia-peermem: GDR off.
        return expect([{"id": "gdr.peermem_version", "subject": None}], allow=("gdr.unavailable",))
    return expect([])


def dmabuf_only() -> dict:
    """Open GPU kernel module, kernel 6.5, no peer-memory module: NCCL 2.23 uses dma-buf for GDR."""
    b = ib_node("dmabuf-only", gpus=2, nccl="2.23.4", peermem_module=False)
    b.peermem(nv_mem=False).driver("560.35.03", "12.6", open_module=True).kernel("6.5.0-1024-nvidia")
    b.write()
    return expect([], env={"NCCL_DMABUF_ENABLE": {"one_of": [None, "1"]}})


def no_peermem_no_dmabuf() -> dict:
    """IB node, proprietary driver on kernel 5.4, no peer memory: GPUDirect RDMA is off."""
    b = ib_node("gdr-unavailable", gpus=2, nccl="2.23.4", peermem_module=False)
    b.peermem(nv_mem=False).driver(open_module=False).kernel("5.4.0-182-generic")
    b.write()
    return expect([{"id": "gdr.unavailable", "subject": None}])


def vm_flattened() -> dict:
    """Cloud VM: 4 A100 + 4 HDR IB VFs all directly on pci0000:00 with numa_node -1 (host tree hidden)."""
    b = NodeBuilder(OUT, host="vm-flattened-ib", link_files=True)
    for i in range(4):
        b.gpu(f"0000:00:{0x10 + i:02x}.0", ["pci0000:00"], numa=-1, name="NVIDIA A100-SXM4-80GB",
              nvlinks=12, gen=(4, 4))
        # PCI device numbers stop at 0x1f: the VFs sit at 00:14.0-00:17.0, after the GPUs.
        b.ib_device(f"mlx5_{i}", f"0000:00:{0x14 + i:02x}.0", ["pci0000:00"], numa=-1, gen=(4, 4),
                    netdev=f"ib{i}", ports=[Port(1, rate=HDR)], hca_type="MT4124")
        b.iface(f"ib{i}", ipv4=[f"172.16.{i}.5/16"])
    b.iface("lo", ipv4=["127.0.0.1/8"]).iface("eth0", ipv4=["10.1.0.5/24"], pci="0000:00:05.0")
    b.module("nvidia_peermem", version="535.183.01").peermem().nccl_version("2.21.5")
    b.numa_nodes({0: "0-95"}).write()
    return expect([{"id": "topo.flattened", "subject": None}], allow=("gdr.distance",),
                  env={"NCCL_IB_HCA": {"includes_all": [f"mlx5_{i}" for i in range(4)]},
                       "NCCL_NET_GDR_LEVEL": {"one_of": [None, "PHB", "SYS", "3", "4"]}})


def storage_roce() -> dict:
    """8 compute NDR IB HCAs + mlx5_8, a 100GbE RoCE storage NIC on the CPU root port."""
    b = ib_node("storage-roce-nic")
    b.ib_device("mlx5_8", "0000:a1:00.0", ["pci0000:a0", "0000:a0:01.0"], numa=1, netdev="ens8f0np0",
                ports=[Port(1, rate=ROCE_100, link_layer="Ethernet")], gen=(4, 4))
    b.iface("ens8f0np0", ipv4=["172.16.8.17/16"])
    b.write()
    return expect([], env={"NCCL_IB_HCA": {"excludes": ["mlx5_8"],
                                           "includes_all": [f"mlx5_{i}" for i in range(8)]}})


def docker_virbr(nccl: str, name: str) -> dict:
    """RoCE node whose interface list starts with virbr0 and docker0 (lower ifindex), real NIC ens*."""
    b = NodeBuilder(OUT, host=name, link_files=True)
    b.iface("lo", ipv4=["127.0.0.1/8"])
    b.iface("virbr0", ipv4=["192.168.122.1/24"]).iface("docker0", ipv4=["172.17.0.1/16"])
    rc, rp = "pci0000:30", "0000:30:01.0"
    b.gpu("0000:32:00.0", [rc, rp, "0000:31:00.0", "0000:31:01.0"], name="NVIDIA A100-SXM4-80GB", nvlinks=12,
          gen=(4, 4))
    b.gpu("0000:33:00.0", [rc, rp, "0000:31:00.0", "0000:31:02.0"], name="NVIDIA A100-SXM4-80GB", nvlinks=12,
          gen=(4, 4))
    b.ib_device("mlx5_0", "0000:34:00.0", [rc, rp, "0000:31:00.0", "0000:31:03.0"], netdev="ens3np0",
                ports=[Port(1, rate=ROCE_200, link_layer="Ethernet")], gen=(4, 4))
    b.iface("ens3np0", ipv4=["10.8.3.21/24"])
    b.module("nvidia_peermem", version="535.183.01").peermem().nccl_version(nccl)
    b.write()
    return expect([], env={"NCCL_SOCKET_IFNAME": {"excludes": ["docker0", "lo", "virbr0"],
                                                  "selects_any": ["ens3np0"]},
                           "NCCL_IB_GID_INDEX": {"one_of": [None, "3"]}})


def no_gpu() -> dict:
    """A CPU login/storage node with one IB HCA and no GPU."""
    b = NodeBuilder(OUT, host="no-gpu", link_files=True)
    b.ib_device("mlx5_0", "0000:41:00.0", ["pci0000:40", "0000:40:01.0"], netdev="ibp65s0")
    b.iface("lo", ipv4=["127.0.0.1/8"]).iface("ibp65s0", ipv4=["192.168.10.90/24"])
    b.iface("eno1", ipv4=["10.0.0.90/16"], pci="0000:03:00.0")
    b.nccl_version(None).write()
    return expect([{"id": "gpu.none", "subject": None}])


def no_rdma() -> dict:
    """8 GPU cloud node with Ethernet only and a 64 KiB memlock: no RDMA, so memlock does not matter."""
    b = NodeBuilder(OUT, host="no-rdma-eth", link_files=True)
    for i in range(4):
        sw = switch_pair(DGX_BUSES[i])
        b.gpu(sw["gpu"], sw["gpu_path"], numa=0, nvlinks=18)
    b.iface("lo", ipv4=["127.0.0.1/8"])
    b.iface("ens5", ipv4=["172.31.7.12/20"], pci="0000:00:05.0", speed_mbps=100000)
    b.iface("docker0", ipv4=["172.17.0.1/16"])
    b.memlock(65536).nccl_version("2.21.5").write()
    return expect([{"id": "rdma.none", "subject": None}],
                  env={"NCCL_SOCKET_IFNAME": {"excludes": ["docker0", "lo"]},
                       "NCCL_IB_DISABLE": {"one_of": [None, "0", "1"]}})


def malformed() -> dict:
    """Garbage rate strings, error text in cmd/ files, no nvidia-smi XML, an unreadable GID."""
    b = ib_node("malformed-cmds", gpus=2, nic_kw={1: {"ports": [
        Port(1, rate="garbage", gids=[Gid("not-a-gid", "IB/RoCE v1"), "zzzz"])]}})
    sw0 = switch_pair(DGX_BUSES[0])
    b.cmd("nvidia-smi-q-x.xml", None)
    b.cmd("ibstat.txt", "bash: ibstat: command not found")
    b.cmd("ibv_devinfo-v.txt", "Failed to get IB devices list: Function not implemented")
    b.cmd("ip-j-addr.json", "bash: ip: command not found")
    b.cmd("nccl-version.txt", "Traceback (most recent call last):\nModuleNotFoundError: No module named 'torch'")
    b.cmd("ulimit-l.txt", "sh: ulimit: not found")
    b.cmd("nvidia-smi-topo-m.txt", "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.")
    b.file(f"sys/devices/{'/'.join(sw0['nic_path'])}/{sw0['nic']}/current_link_width", "unknown")
    b.file(f"sys/devices/{'/'.join(sw0['gpu_path'])}/{sw0['gpu']}/max_link_speed", "Unknown")
    b.file("proc/self/limits", "this is not a limits table")
    b.write()
    # GPUs are still on the PCI bus (vendor 0x10de, class 0x0302); the unreadable rate/limits give
    # no rate or memlock verdict; nothing here is a reason to claim a degraded link.
    return expect([], allow=("ib.ipoib_missing", "gdr.peermem_version", "gpu.driver_missing"))


def malformed_sysfs() -> dict:
    """sysfs and cmd/ damage: binary GIDs, empty and directory-shaped attribute files, dangling and
    looping link files, truncated nvidia-smi XML and ip JSON, a bad numa_node, junk in env.txt."""
    b = ib_node("malformed-sysfs", gpus=2)
    sw0, sw1 = switch_pair(DGX_BUSES[0]), switch_pair(DGX_BUSES[1])
    nic0 = f"sys/devices/{'/'.join(sw0['nic_path'])}/{sw0['nic']}"
    b.cmd("nvidia-smi-q-x.xml", '<?xml version="1.0" ?>\n<nvidia_smi_log>\n<driver_version>550.90.07</dri')
    b.cmd("ip-j-addr.json", '[{"ifindex": 1, "ifname": "lo", "addr_info": [{"family": "inet", "loc')
    b.cmd("env.txt", "NCCL_DEBUG=INFO\nthis line has no equals sign\n=novalue\nNCCL_IB_TIMEOUT=22\n")
    b.file(f"{nic0}/numa_node", "garbage")
    b.file(f"{nic0}/infiniband/mlx5_0/ports/1/state", "")
    b.file("sys/class/net/bogus0", "../../devices/virtual/net/bogus0")
    b.file("sys/class/infiniband/mlx5_9", "../../class/infiniband/mlx5_9")
    root = b.write()
    gid = root / nic0 / "infiniband/mlx5_0/ports/1/gids/0"
    gid.write_bytes(b"\xff\xfe\x00garbage\x80")
    rate = root / f"sys/devices/{'/'.join(sw1['nic_path'])}/{sw1['nic']}/infiniband/mlx5_1/ports/1/rate"
    rate.unlink()
    rate.mkdir()
    # mlx5_0's state is unreadable: no verdict on it; mlx5_1 is healthy; the GPUs are on the PCI bus.
    return expect([], allow=("ib.ipoib_missing", "gdr.peermem_version", "gpu.driver_missing",
                             "ib.port_down"))


SCENARIOS: dict[str, Callable[[], dict]] = {
    "pcie-x8-nic": pcie_x8_nic,
    "pcie-uplink-gen4": pcie_bridge_gen4,
    "roce-healthy-223": roce_healthy_223,
    "roce-no-ipv4": roce_no_ipv4,
    "roce-gid0-nccl219": roce_gid0_219,
    "roce-memlock-64k": roce_memlock,
    "ib-rate-mismatch": ib_rate_mismatch,
    "ib-no-ipoib": ib_no_ipoib,
    "ib-dualport-p2-disabled": ib_dualport_disabled,
    "gdr-far-nic": gdr_far_nic,
    "peermem-only-nccl221": lambda: peermem_nccl("2.21.5", "peermem-only-nccl221"),
    "peermem-only-nccl221-dmabuf": lambda: peermem_nccl("2.21.5", "peermem-only-nccl221-dmabuf", dmabuf=True),
    "peermem-only-nccl223": lambda: peermem_nccl("2.23.4", "peermem-only-nccl223"),
    "dmabuf-only": dmabuf_only,
    "gdr-unavailable": no_peermem_no_dmabuf,
    "storage-roce-nic": storage_roce,
    "docker-virbr-nccl221": lambda: docker_virbr("2.21.5", "docker-virbr-nccl221"),
    "docker-virbr-nccl228": lambda: docker_virbr("2.28.9", "docker-virbr-nccl228"),
    "no-gpu": no_gpu,
    "no-rdma-eth": no_rdma,
    "malformed-cmds": malformed,
    "malformed-sysfs": malformed_sysfs,
    "ib-no-ipoib-netdev": ib_no_ipoib_netdev,
    "roce-nccl219-unset": roce_219_unset,
    "vm-flattened-ib": vm_flattened,
}


def main(argv: list[str]) -> int:
    return build_named(SCENARIOS, argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
