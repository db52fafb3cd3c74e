#!/usr/bin/env python3
"""Node scenarios of NCCL's variables set on a node (OUT/<name>/, see build_scenarios.py): NCCL_IB_HCA's prefixes,
typos, unknown and down ports; NCCL_SOCKET_IFNAME; NCCL_IB_DISABLE, NCCL_P2P_DISABLE, NCCL_NET_GDR_LEVEL; a GID index
on InfiniBand. Each expects what `ncclkit env` must say of the variable on that node.

usage: NCCLKIT_NODES_OUT=DIR python tests/scenarios/build_scenarios_env.py [NAME...]   (no name: all)
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scenario_kit import (
    DOWN_RATE,
    ROCE_100,
    ROCE_200,
    build_named,
    expect,
    ib_node,
    roce_node,
)
from nodebuilder import Port  # tests/ is on the path once scenario_kit is imported


# -- scenarios ------------------------------------------------------------------------------------------
def hca_prefix() -> dict:
    """NCCL_IB_HCA=mlx5_1 meant one compute HCA, but prefix matching also takes the 4 storage RoCE
    ports mlx5_10..mlx5_13 (two dual-port 200GbE cards on their own root ports)."""
    b = ib_node("env-hca-prefix", gpus=2)
    for card in range(2):
        for fn in range(2):
            idx = 10 + card * 2 + fn
            netdev = f"ens{5 + card}f{fn}np{fn}"
            b.ib_device(f"mlx5_{idx}", f"0000:{0xe1 + card:02x}:00.{fn}",
                        [f"pci0000:{0xe0 + card * 8:02x}", f"0000:{0xe0 + card * 8:02x}:01.0"], numa=1,
                        netdev=netdev, ports=[Port(1, rate=ROCE_200, link_layer="Ethernet")])
            b.iface(netdev, ipv4=[f"10.60.{card}.{fn + 10}/24"])
    b.env(NCCL_IB_HCA="mlx5_1")
    b.write()
    storage = [f"mlx5_{i}" for i in range(10, 14)]
    return expect([{"id": "env.hca_prefix_ambiguous", "subject": "NCCL_IB_HCA"}],
                  env={"NCCL_IB_HCA": {"excludes": storage, "includes_all": ["mlx5_0", "mlx5_1"]}})


def hca_unknown() -> dict:
    ib_node("env-hca-unknown", gpus=4).env(NCCL_IB_HCA="mlx5_9").write()
    return expect([{"id": "env.hca_unknown", "subject": "NCCL_IB_HCA"}],
                  env={"NCCL_IB_HCA": {"excludes": ["mlx5_9"],
                                       "includes_all": [f"mlx5_{i}" for i in range(4)]}})


def hca_typo() -> dict:
    """NCCL_IB_HCA lists mlx5_0..mlx5_2 and mlx5_9 (meant mlx5_3): NCCL runs on 3 of the 4 NICs."""
    ib_node("env-hca-typo", gpus=4).env(NCCL_IB_HCA="mlx5_0,mlx5_1,mlx5_2,mlx5_9").write()
    return expect([{"id": "env.hca_unknown", "subject": "NCCL_IB_HCA"}],
                  env={"NCCL_IB_HCA": {"excludes": ["mlx5_9"],
                                       "includes_all": [f"mlx5_{i}" for i in range(4)]}})


def ifname_eth0() -> dict:
    """NCCL_SOCKET_IFNAME=eth0 copied from another cluster; this node has eno1 / ens* names."""
    b = roce_node("env-ifname-eth0")
    b.env(NCCL_SOCKET_IFNAME="eth0").write()
    return expect([{"id": "env.ifname_unknown", "subject": "NCCL_SOCKET_IFNAME"}],
                  env={"NCCL_SOCKET_IFNAME": {"excludes": ["eth0", "lo"]}})


def hca_down_port() -> dict:
    """NCCL_IB_HCA names mlx5_2 only, whose port is DOWN/Polling: NCCL finds no device."""
    ib_node("env-hca-down-port", gpus=4, nic_kw={2: {"ports": [
        Port(1, state="1: DOWN", phys="2: Polling", rate=DOWN_RATE)]}}).env(NCCL_IB_HCA="=mlx5_2").write()
    return expect([{"id": "env.hca_unknown", "subject": "NCCL_IB_HCA"},
                   {"id": "ib.port_down", "subject": "mlx5_2:1", "subject_alt": ["mlx5_2"]}],
                  allow=("gdr.distance",),
                  env={"NCCL_IB_HCA": {"excludes": ["mlx5_2"], "includes_all": ["mlx5_0", "mlx5_1", "mlx5_3"]}})


def ifname_ib0() -> dict:
    """NCCL_SOCKET_IFNAME=ib0 on a node whose IPoIB interfaces use predictable names (ibp24s0...)."""
    ib_node("env-ifname-ib0", gpus=2).env(NCCL_SOCKET_IFNAME="ib0").write()
    return expect([{"id": "env.ifname_unknown", "subject": "NCCL_SOCKET_IFNAME"}],
                  env={"NCCL_SOCKET_IFNAME": {"excludes": ["lo"]}})


def ifname_no_address() -> dict:
    """NCCL_SOCKET_IFNAME=eno2: the interface exists but is down without an address."""
    b = ib_node("env-ifname-no-address", gpus=2)
    b.iface("eno2", pci="0000:0a:00.1", operstate="down")
    b.env(NCCL_SOCKET_IFNAME="eno2").write()
    return expect([{"id": "env.ifname_unknown", "subject": "NCCL_SOCKET_IFNAME"}],
                  env={"NCCL_SOCKET_IFNAME": {"excludes": ["lo", "eno2"]}})


def hca_exclude_ok() -> dict:
    """Storage node done right: NCCL_IB_HCA=^mlx5_8 keeps the 8 compute HCAs, drops the RoCE port."""
    b = ib_node("env-hca-exclude-ok")
    b.ib_device("mlx5_8", "0000:a1:00.0", ["pci0000:a0", "0000:a0:01.0"], numa=1, netdev="ens8f0np0",
                ports=[Port(1, rate=ROCE_100, link_layer="Ethernet")], gen=(4, 4))
    b.iface("ens8f0np0", ipv4=["172.16.8.17/16"])
    b.env(NCCL_IB_HCA="^mlx5_8", NCCL_SOCKET_IFNAME="eno1").write()
    return expect([], env={"NCCL_IB_HCA": {"excludes": ["mlx5_8"],
                                           "includes_all": [f"mlx5_{i}" for i in range(8)]}})


def ib_disabled() -> dict:
    ib_node("env-ib-disabled", gpus=4).env(NCCL_IB_DISABLE="1").write()
    return expect([{"id": "env.ib_disabled", "subject": "NCCL_IB_DISABLE"}],
                  env={"NCCL_IB_DISABLE": {"one_of": [None, "0"]}})


def p2p_disabled() -> dict:
    ib_node("env-p2p-disabled", gpus=4).env(NCCL_P2P_DISABLE="1").write()
    return expect([{"id": "env.p2p_disabled", "subject": "NCCL_P2P_DISABLE"}],
                  env={"NCCL_P2P_DISABLE": {"one_of": [None, "0"]}})


def gdr_level(value: str, name: str) -> dict:
    ib_node(name, gpus=4).env(NCCL_NET_GDR_LEVEL=value).write()
    return expect([{"id": "env.gdr_disabled", "subject": "NCCL_NET_GDR_LEVEL"}],
                  env={"NCCL_NET_GDR_LEVEL": {"one_of": [None, "PIX", "PXB", "1", "2"]}})


def gid_index_on_ib() -> dict:
    """NCCL_IB_GID_INDEX=3 left over from a RoCE cluster, on an IB-only node with NCCL 2.23."""
    ib_node("env-gid-on-ib-223", gpus=2, nccl="2.23.4").env(NCCL_IB_GID_INDEX="3").write()
    return expect([{"id": "env.gid_index_invalid", "subject": "NCCL_IB_GID_INDEX"}],
                  env={"NCCL_IB_GID_INDEX": {"one_of": [None]}})


SCENARIOS: dict[str, Callable[[], dict]] = {
    "env-hca-prefix": hca_prefix,
    "env-hca-unknown": hca_unknown,
    "env-hca-typo": hca_typo,
    "env-ifname-eth0": ifname_eth0,
    "env-ib-disabled": ib_disabled,
    "env-p2p-disabled": p2p_disabled,
    "env-gdr-level-loc": lambda: gdr_level("LOC", "env-gdr-level-loc"),
    "env-gdr-level-0": lambda: gdr_level("0", "env-gdr-level-0"),
    "env-gid-on-ib-223": gid_index_on_ib,
    "env-hca-down-port": hca_down_port,
    "env-ifname-ib0": ifname_ib0,
    "env-ifname-no-address": ifname_no_address,
    "env-hca-exclude-ok": hca_exclude_ok,
}


def main(argv: list[str]) -> int:
    return build_named(SCENARIOS, argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
