"""The parts every node-scenario generator (tests/scenarios/build_scenarios*.py) builds with: where the trees go
(OUT), the node ids a healthy node must not show, link rates, subjects, expect(), the DGX-like node shapes, and
building the scenarios a generator names."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

from nodebuilder import Gid, NodeBuilder, Port

OUT = Path(os.environ.get("NCCLKIT_NODES_OUT", "nodes-out")).resolve()

# The catalogue ids (CONTRACTS.md section 3) a node can produce, plus ncclkit's own node ids that a
# healthy node must not show either.
NODE_IDS = ("gpu.none", "gpu.driver_missing", "rdma.none", "ib.port_down", "ib.rate_mismatch",
            "ib.ipoib_missing", "gdr.unavailable", "gdr.peermem_version", "gdr.distance",
            "pcie.link_degraded", "os.memlock_low", "roce.gid_missing", "topo.flattened",
            "env.gid_index_invalid", "env.hca_unknown", "env.ifname_unknown", "env.ib_disabled",
            "env.p2p_disabled", "env.gdr_disabled")

NDR = "400 Gb/sec (4X NDR)"
HDR = "200 Gb/sec (4X HDR)"
ROCE_100 = "100 Gb/sec (4X EDR)"
ROCE_200 = "200 Gb/sec (4X HDR)"
DOWN_RATE = "10 Gb/sec (4X SDR)"


def smi_id(bdf: str) -> str:
    """nvidia-smi's spelling of a bus id: 00000000:1B:00.0."""
    dom, bus, rest = bdf.split(":")
    return f"0000{dom}:{bus}:{rest}".upper()


def gpu_subject(index: int, bdf: str) -> dict:
    return {"subject": f"GPU{index}", "subject_alt": [bdf, smi_id(bdf)]}


def pci_subject(bdf: str, *names: str) -> dict:
    return {"subject": bdf, "subject_alt": [smi_id(bdf), *names]}


def expect(must: list[dict], *, allow: tuple[str, ...] = (), env: dict | None = None) -> dict:
    """must + every other node id as must_not (except `allow`: ids an expert would accept either way)."""
    must_ids = {m["id"] for m in must}
    return {"must": must, "must_not": [i for i in NODE_IDS if i not in must_ids and i not in allow],
            "env_expect": env or {}}


# -- building blocks ----------------------------------------------------------------------------------
def switch_pair(rc_bus: int) -> dict[str, object]:
    """One PCIe Gen5 switch under root port <rc>:01.0 holding a NIC (dn .00.0) and a GPU (dn .03.0),
    numbered like a DGX H100 (pci0000:15 -> 15:01.0 -> 16:00.0 -> 17:00.0/18:00.0, 17:03.0/1b:00.0)."""
    rc, rp, up = f"pci0000:{rc_bus:02x}", f"0000:{rc_bus:02x}:01.0", f"0000:{rc_bus + 1:02x}:00.0"
    dn_nic, dn_gpu = f"0000:{rc_bus + 2:02x}:00.0", f"0000:{rc_bus + 2:02x}:03.0"
    return {"nic": f"0000:{rc_bus + 3:02x}:00.0", "gpu": f"0000:{rc_bus + 6:02x}:00.0",
            "nic_path": [rc, rp, up, dn_nic], "gpu_path": [rc, rp, up, dn_gpu], "dn_nic": dn_nic,
            "dn_gpu": dn_gpu, "root_port": rp, "upstream": up}


DGX_BUSES = (0x15, 0x3D, 0x4C, 0x5B, 0x97, 0xBD, 0xCB, 0xD9)


def ib_node(name: str, *, gpus: int = 8, nccl: str = "2.21.5", rates: dict[int, str] | None = None,
            ipoib: bool = True, nvlinks: int = 18, gpu_name: str = "NVIDIA H100 80GB HBM3",
            gpu_kw: dict[int, dict] | None = None, nic_kw: dict[int, dict] | None = None,
            peermem_module: bool = True) -> NodeBuilder:
    """DGX-H100-like: GPUn and mlx5_n (NDR IB, IPoIB ibp<bus>s0) behind one switch each, eno1, peermem.
    gpu_kw / nic_kw: per-index keyword overrides for NodeBuilder.gpu / ib_device."""
    b = NodeBuilder(OUT, host=name, link_files=True)
    rates, gpu_kw, nic_kw = rates or {}, gpu_kw or {}, nic_kw or {}
    for i in range(gpus):
        sw = switch_pair(DGX_BUSES[i])
        numa = 0 if i < gpus // 2 or gpus == 1 else 1
        b.gpu(sw["gpu"], sw["gpu_path"], **{"numa": numa, "nvlinks": nvlinks, "name": gpu_name,
                                            **gpu_kw.get(i, {})})
        netdev = f"ibp{int(sw['nic'][5:7], 16)}s0"
        b.ib_device(f"mlx5_{i}", sw["nic"], sw["nic_path"], **{"numa": numa, "netdev": netdev,
                    "ports": [Port(1, rate=rates.get(i, NDR))], **nic_kw.get(i, {})})
        b.iface(netdev, ipv4=[f"192.168.{10 + i}.17/24"] if ipoib else [])
    b.iface("lo", ipv4=["127.0.0.1/8"], ipv6=["::1/128"])
    b.iface("eno1", ipv4=["10.0.0.17/16"], pci="0000:0a:00.0")
    if peermem_module:
        b.module("nvidia_peermem", version="550.90.07").peermem()
    b.memlock("unlimited").nccl_version(nccl)
    b.numa_nodes({0: "0-55,112-167", 1: "56-111,168-223"})
    return b


def roce_node(name: str, *, nccl: str = "2.23.4", ipv4: tuple[str | None, ...] = ("10.1.0.5/24", "10.1.1.5/24"),
              peermem: str = "module+nv_mem") -> NodeBuilder:
    """4 H100 PCIe on one Gen5 switch with a dual-port ConnectX-6 Dx (mlx5_0/mlx5_1, 100GbE RoCE)."""
    b = NodeBuilder(OUT, host=name, link_files=True)
    rc, rp, up = "pci0000:40", "0000:40:01.0", "0000:41:00.0"
    for i in range(4):
        dn = f"0000:42:{i + 1:02x}.0"
        b.gpu(f"0000:{0x43 + i:02x}:00.0", [rc, rp, up, dn], name="NVIDIA H100 PCIe")
    nic_path = [rc, rp, up, "0000:42:00.0"]
    for port_fn, addr in enumerate(ipv4):
        netdev = f"ens1f{port_fn}np{port_fn}"
        b.ib_device(f"mlx5_{port_fn}", f"0000:47:00.{port_fn}", nic_path, netdev=netdev, gen=(4, 4),
                    ports=[Port(1, rate=ROCE_100, link_layer="Ethernet")], hca_type="MT4125",
                    fw_ver="22.39.1002")
        b.iface(netdev, ipv4=[addr] if addr else [], mtu=9000)
    b.iface("lo", ipv4=["127.0.0.1/8"])
    b.iface("eno1", ipv4=["10.0.0.4/16"], pci="0000:03:00.0")
    if "module" in peermem:
        b.module("nvidia_peermem", version="550.90.07")
    if "nv_mem" in peermem:
        b.peermem()
    if peermem == "none":
        b.driver(open_module=False)
    b.memlock("unlimited").nccl_version(nccl).numa_nodes({0: "0-63"})
    return b


def build_into(name: str, scenario: Callable[[], dict]) -> None:
    """Write OUT/<name>/ afresh with `scenario` and its expected.json."""
    target = OUT / name
    if target.exists():
        shutil.rmtree(target)
    exp = scenario()
    if not target.is_dir():
        raise SystemExit(f"{name}: the scenario function wrote no tree at {target}")
    (target / "expected.json").write_text(json.dumps(exp, indent=2) + "\n")


def build_named(scenarios: dict[str, Callable[[], dict]], argv: list[str]) -> int:
    """Build the scenarios named in argv (all when none); 2 on an unknown name."""
    names = argv or list(scenarios)
    unknown = [n for n in names if n not in scenarios]
    if unknown:
        print(f"unknown scenario(s): {', '.join(unknown)}; known: {', '.join(scenarios)}", file=sys.stderr)
        return 2
    for name in names:
        build_into(name, scenarios[name])
        print(f"wrote {OUT / name}")
    return 0
