"""NodeFacts built in code for rule and topology tests (rules are pure functions of facts).

`healthy()` is a 2-socket node: GPU0 + mlx5_0 behind one PCIe switch on NUMA 0, GPU1 + mlx5_1 behind
another on NUMA 1, NDR InfiniBand ports ACTIVE with IPoIB addresses, nvidia_peermem, memlock
unlimited, NCCL 2.21.5. Tests derive broken variants with dataclasses.replace and the helpers here.
"""

from __future__ import annotations

from dataclasses import replace

from ncclkit.facts import (GidEntry, GpuInfo, IbDevice, IbPort, NcclFacts, NetIface, NodeFacts, NvLink,
                           OsFacts, PciDevice, PeerMemFacts)


def pci(bdf: str, chain: tuple[str, ...], *, numa: int = 0, cls: str = "0x060400", gts: float = 32.0,
        width: int = 16, cur_gts: float | None = None, cur_width: int | None = None,
        vendor: str = "0x15b3") -> PciDevice:
    return PciDevice(bdf=bdf, vendor=vendor, class_code=cls, numa_node=numa, path=(*chain, bdf),
                     max_link_speed_gts=gts, max_link_width=width,
                     current_link_speed_gts=gts if cur_gts is None else cur_gts,
                     current_link_width=width if cur_width is None else cur_width)


def switch_tree(rc: str, root_port: str, up: str, downs: list[str], ends: dict[str, tuple[str, str]],
                numa: int) -> dict[str, PciDevice]:
    """rc -> root port -> switch upstream -> downstream ports -> endpoints {bdf: (down port, class)}."""
    base = (rc,)
    devs = {root_port: pci(root_port, base, numa=numa),
            up: pci(up, (rc, root_port), numa=numa)}
    for d in downs:
        devs[d] = pci(d, (rc, root_port, up), numa=numa)
    for bdf, (down, cls) in ends.items():
        vendor = "0x10de" if cls.startswith("0x03") else "0x15b3"
        devs[bdf] = pci(bdf, (rc, root_port, up, down), numa=numa, cls=cls, vendor=vendor)
    return devs


def ib_port(dev: str, *, port: int = 1, active: bool = True, rate_gbps: float = 400.0,
            link_layer: str = "InfiniBand", gids: tuple[GidEntry, ...] = ()) -> IbPort:
    return IbPort(device=dev, port=port, state="ACTIVE" if active else "DOWN", state_id=4 if active else 1,
                  phys_state="LinkUp" if active else "Polling", phys_state_id=5 if active else 2,
                  rate_gbps=rate_gbps if active else 10.0,
                  rate_text=f"{rate_gbps:g} Gb/sec (4X NDR)" if active else "10 Gb/sec (4X SDR)",
                  link_layer=link_layer, gids=gids)


def roce_gids(ipv4: str | None) -> tuple[GidEntry, ...]:
    """Index 0/1 link-local v1/v2, 2/3 IPv4 v1/v2 (when an address exists), like real mlx5 tables."""
    ll = "fe80:0000:0000:0000:0e42:a1ff:fe00:0001"
    gids = [GidEntry(index=0, gid=ll, gid_type="IB/RoCE v1", ndev="ens1f0np0"),
            GidEntry(index=1, gid=ll, gid_type="RoCE v2", ndev="ens1f0np0")]
    if ipv4:
        v4 = "0000:0000:0000:0000:0000:ffff:0a01:0005"
        gids += [GidEntry(index=2, gid=v4, gid_type="IB/RoCE v1", ndev="ens1f0np0", ipv4=ipv4),
                 GidEntry(index=3, gid=v4, gid_type="RoCE v2", ndev="ens1f0np0", ipv4=ipv4)]
    return tuple(gids)


GPU0, GPU1 = "0000:1b:00.0", "0000:9d:00.0"
NIC0, NIC1 = "0000:18:00.0", "0000:9a:00.0"


def healthy() -> NodeFacts:
    tree = switch_tree("pci0000:15", "0000:15:01.0", "0000:16:00.0", ["0000:17:00.0", "0000:17:03.0"],
                       {NIC0: ("0000:17:00.0", "0x020700"), GPU0: ("0000:17:03.0", "0x030200")},
                       numa=0)
    tree |= switch_tree("pci0000:97", "0000:97:01.0", "0000:98:00.0", ["0000:99:00.0", "0000:99:03.0"],
                        {NIC1: ("0000:99:00.0", "0x020700"), GPU1: ("0000:99:03.0", "0x030200")}, numa=1)
    gpus = (
        GpuInfo(index=0, name="NVIDIA H100 80GB HBM3", bus_id=GPU0, numa_node=0, pcie_gen_current=5,
                pcie_gen_max=5, pcie_width_current=16, pcie_width_max=16, compute_capability="9.0",
                nvlinks=tuple(NvLink(link=i, active=True, remote_bus_id=GPU1) for i in range(4))),
        GpuInfo(index=1, name="NVIDIA H100 80GB HBM3", bus_id=GPU1, numa_node=1, pcie_gen_current=5,
                pcie_gen_max=5, pcie_width_current=16, pcie_width_max=16, compute_capability="9.0",
                nvlinks=tuple(NvLink(link=i, active=True, remote_bus_id=GPU0) for i in range(4))),
    )
    ib = (IbDevice(name="mlx5_0", pci_bdf=NIC0, numa_node=0, netdevs=("ibp24s0",), ports=(ib_port("mlx5_0"),)),
          IbDevice(name="mlx5_1", pci_bdf=NIC1, numa_node=1, netdevs=("ibp154s0",), ports=(ib_port("mlx5_1"),)))
    ifaces = (
        NetIface(name="lo", type=772, operstate="unknown", flags=0x49, is_virtual=True,
                 ipv4=("127.0.0.1/8",), addresses_known=True),
        NetIface(name="eno1", type=1, operstate="up", flags=0x1003, pci_bdf="0000:0a:00.0",
                 ipv4=("10.0.0.5/16",), addresses_known=True),
        NetIface(name="ibp24s0", type=32, operstate="up", flags=0x1003, pci_bdf=NIC0,
                 ipv4=("192.168.10.5/24",), addresses_known=True),
        NetIface(name="ibp154s0", type=32, operstate="up", flags=0x1003, pci_bdf=NIC1,
                 ipv4=("192.168.11.5/24",), addresses_known=True),
    )
    return NodeFacts(
        host="node1", source="test", driver_version="550.90.07", cuda_version="12.4", gpus=gpus,
        gpu_source="nvml", ib_devices=ib, ifaces=ifaces, pci=tree, numa_nodes={0: "0-55", 1: "56-111"},
        peermem=PeerMemFacts(nv_mem=True, nv_mem_nc=True, nvidia_peermem_module=True,
                             kernel_release="5.15.0", open_kernel_module=True, dmabuf_possible=True),
        os=OsFacts(memlock_unlimited=True, modules=("nvidia", "nvidia_peermem", "mlx5_ib")),
        nccl=NcclFacts(version="2.21.5", version_source="test", env={}, env_source="test"),
    )


def with_port(facts: NodeFacts, dev_name: str, port: IbPort) -> NodeFacts:
    """facts with device `dev_name`'s ports replaced by [port]."""
    devs = tuple(replace(d, ports=(port,)) if d.name == dev_name else d for d in facts.ib_devices)
    return replace(facts, ib_devices=devs)


def with_pci(facts: NodeFacts, dev: PciDevice) -> NodeFacts:
    return replace(facts, pci={**facts.pci, dev.bdf: dev})


def ids(findings: list) -> list[str]:
    return [f.id for f in findings]
