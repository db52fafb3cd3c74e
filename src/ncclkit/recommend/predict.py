"""Predict what NCCL will choose on a node under an environment: net, ports, GDR, bootstrap, transports.

Produces the `prediction` object of `ncclkit env --json` (plain JSON data). Each choice follows the
NCCL code path of nccl-internals.md section 9 ("Prediction checklist") for the version in the facts,
so a later run's NCCL_DEBUG=INFO log can confirm or refute it line by line.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ncclkit.facts import GpuInfo, IbPort, NodeFacts
from ncclkit.gdr import gdr_support
from ncclkit.nccllist import parse_nccl_int
from ncclkit.ncclver import NcclVersion
from ncclkit.recommend.select import (auto_gid_index, nccl_ib_ports, nccl_interfaces, nccl_version,
                                      pci_path_key, port_device, ver_at_least)
from ncclkit.topology import (default_gdr_level, gdr_level_from_env, gdr_path_name, gpu_gpu_link,
                              gpu_nic_paths, is_flattened, nccl_level_of)

__all__ = ["LEVEL_ORDER", "nvlink_count", "parse_level", "predict", "predict_gdr"]

LEVEL_ORDER = {"LOC": 0, "NVL": 1, "NVB": 2, "C2C": 3, "PIX": 4, "PXB": 5, "P2C": 6, "PXN": 7,
               "PHB": 8, "SYS": 9}
_LEGACY = {0: "LOC", 1: "PIX", 2: "PXB", 3: "PHB"}
_PXN_SINCE: NcclVersion = (2, 12, 0)
_CUMEM_SINCE: NcclVersion = (2, 19, 0)
_MERGE_SINCE: NcclVersion = (2, 20, 0)
_VNIC_SINCE: NcclVersion = (2, 24, 0)


def parse_level(value: str | None) -> str | None:
    """ncclGetLevel: an exact path-type name, or a legacy integer (0 LOC, 1 PIX, 2 PXB, 3 PHB, 4+ SYS).
    Anything else is ignored by NCCL (the default level stays): None."""
    if not value:
        return None
    if value in LEVEL_ORDER:
        return value
    if value[0].isdigit():
        num = parse_nccl_int(value) or 0
        return _LEGACY.get(num, "SYS")
    return None


def nvlink_count(facts: NodeFacts, a: GpuInfo, b: GpuInfo) -> int | None:
    """NVLinks joining two GPUs (0: joined, count unknown); None when they are not joined."""
    return gpu_gpu_link(facts, a, b).nvlinks


def _net(facts: NodeFacts, env: dict[str, str], ports: list[IbPort], oob: bool) -> tuple[str, str]:
    forced = (env.get("NCCL_NET") or "").lower()
    if forced == "socket":
        return "Socket", "NCCL_NET=Socket restricts NCCL to the socket transport"
    if (parse_nccl_int(env.get("NCCL_IB_DISABLE", "")) or 0) != 0:
        return "Socket", "NCCL_IB_DISABLE is set: IB init fails and NET falls back to Socket"
    if not facts.ib_ports:
        return "Socket", "no RDMA device: NET/IB finds no device and NET/Socket is used"
    if not ports:
        return "Socket", ("no ACTIVE IB/RoCE port passes NCCL_IB_HCA: `NET/IB : No device found.` "
                          "and NET/Socket is used")
    if not oob:
        return "Socket", "no IP interface for IB's out-of-band exchange: IB init fails, Socket is tried"
    kinds = sorted({"IB" if not p.is_roce else "RoCE" for p in ports})
    return "IB", (f"{len(ports)} ACTIVE {'/'.join(kinds)} port(s) pass the filters; the internal IB "
                  "transport is used (a libnccl-net.so plugin, if installed, would be tried first)")


def _port_entry(facts: NodeFacts, port: IbPort, env: dict[str, str], version: NcclVersion | None) -> dict[str, Any]:
    out: dict[str, Any] = {"port": port.name, "link_layer": "RoCE" if port.is_roce else "IB",
                           "rate_gbps": port.rate_gbps,
                           "speed_mbps": int(port.rate_gbps * 1000) if port.rate_gbps else None}
    if port.is_roce:
        forced = parse_nccl_int(env.get("NCCL_IB_GID_INDEX", ""))
        if forced is not None and forced >= 0:
            out["gid_index"], out["gid_why"] = forced, "NCCL_IB_GID_INDEX"
        elif ver_at_least(version, (2, 21, 0)):
            out["gid_index"], out["gid_why"] = auto_gid_index(port, env), "auto (2.21+)"
        else:
            out["gid_index"], out["gid_why"] = 0, "default 0 (NCCL <= 2.20)"
    return out


def _net_devices(facts: NodeFacts, ports: list[IbPort], version: NcclVersion | None) -> list[dict[str, Any]]:
    """NICs as NCCL counts them: ports of one PCI device merged from 2.20 (vNICs named a+b from 2.24)."""
    groups: dict[str, list[IbPort]] = {}
    for p in ports:
        dev = port_device(facts, p)
        key = pci_path_key(dev.pci_bdf if dev else None) if ver_at_least(version, _MERGE_SINCE) else None
        groups.setdefault(key or p.name, []).append(p)
    out = []
    for members in groups.values():
        if len(members) > 1 and ver_at_least(version, _VNIC_SINCE):
            name = "+".join(p.device for p in members)
        elif len(members) > 1:
            name = "{" + ", ".join(p.name for p in members) + "}"
        else:
            name = members[0].name
        speed = sum(int((p.rate_gbps or 0) * 1000) for p in members)
        out.append({"name": name, "ports": [p.name for p in members], "speed_mbps": speed or None})
    return out


def predict_gdr(facts: NodeFacts, env: dict[str, str], ports: list[IbPort], plugin: str) -> dict[str, Any]:
    version = nccl_version(facts)
    devices = {p.device for p in ports}
    paths = {i: [np for np in lst if np.device.name in devices and np.path is not None]
             for i, lst in gpu_nic_paths(facts).items()}
    env_level = gdr_level_from_env(env)
    sup = gdr_support(facts)
    capable, cap_why = sup.nic_capable, sup.reason
    pxn_on = ver_at_least(version, _PXN_SINCE) and (parse_nccl_int(env.get("NCCL_PXN_DISABLE", "")) or 0) == 0
    out: dict[str, Any] = {}
    for gpu in facts.gpus:
        key = f"GPU{gpu.index}"
        near = paths.get(gpu.index, [])
        best = near[0] if near else None
        level = env_level or default_gdr_level(facts, gpu)
        entry: dict[str, Any] = {"gdr": False, "nic": best.device.name if best else None,
                                 "path": best.path.name if best and best.path else None, "via": None,
                                 "level": level}
        if plugin != "IB":
            entry["why"] = "NET/Socket never uses GPUDirect RDMA"
        elif not capable:
            entry["why"] = cap_why
        elif best is None or best.path is None:
            entry["why"] = "no PCI path to any NIC is known"
        elif LEVEL_ORDER[gdr_path_name(facts, gpu, best.path)] <= LEVEL_ORDER[level]:
            entry["gdr"] = True
            c2c = (f" ({gdr_path_name(facts, gpu, best.path)} for NCCL: NVLink-C2C GPU, known from its name "
                   f"{gpu.name})" if gdr_path_name(facts, gpu, best.path) == "P2C" else "")
            entry["why"] = f"{best.device.name} is {best.path.name}{c2c} <= level {level}; {cap_why}"
        else:
            entry["why"] = (f"nearest NIC {best.device.name} is {best.path.name} "
                            f"({gdr_path_name(facts, gpu, best.path)} for NCCL) > level {level}")
            peer = _pxn_peer(facts, gpu, paths, level) if pxn_on else None
            if peer is not None:
                entry.update(gdr=True, nic=peer[1], path=peer[2], via=f"PXN through GPU{peer[0]}")
                entry["why"] += (f"; PXN: NVLink peer GPU{peer[0]} reaches {peer[1]} at {peer[2]} "
                                 "and sends for it with GDR")
        out[key] = entry
    return out


def _pxn_peer(facts: NodeFacts, gpu: GpuInfo, paths: dict[int, list[Any]],
              level: str) -> tuple[int, str, str] | None:
    """An NVLink peer with a NIC at <= PXB and within the GDR level (ncclTopoComputePaths, PXN).

    NICs are tried nearest to `gpu` first (the one its rings would use), then peers by index."""
    limit = min(LEVEL_ORDER["PXB"], LEVEL_ORDER[level])
    peers = [p for p in facts.gpus if p.index != gpu.index and nvlink_count(facts, gpu, p) is not None]
    for own in paths.get(gpu.index, []):
        for peer in peers:
            hit = next((np for np in paths.get(peer.index, []) if np.device.name == own.device.name), None)
            if hit is not None and LEVEL_ORDER[nccl_level_of(hit.path)] <= limit:
                return peer.index, hit.device.name, hit.path.name
    return None


def _transports(facts: NodeFacts, env: dict[str, str]) -> dict[str, Any]:
    version = nccl_version(facts)
    p2p_off = (parse_nccl_int(env.get("NCCL_P2P_DISABLE", "")) or 0) == 1
    shm_off = (parse_nccl_int(env.get("NCCL_SHM_DISABLE", "")) or 0) == 1
    level = "LOC" if p2p_off else (parse_level(env.get("NCCL_P2P_LEVEL")) or "PXB")
    cumem = parse_nccl_int(env.get("NCCL_CUMEM_ENABLE", ""))
    label = "P2P/CUMEM" if ver_at_least(version, _CUMEM_SINCE) and cumem != 0 else "P2P/IPC"
    out: dict[str, Any] = {}
    for a, b in combinations(facts.gpus, 2):
        nvl = nvlink_count(facts, a, b)
        if nvl is not None:
            link, path = (f"NV{nvl}" if nvl else "NVLink"), "NVL"
        else:
            pci = gpu_gpu_link(facts, a, b).path
            link = pci.name if pci else "unknown"
            path = nccl_level_of(pci) if pci else None
        if path is None:
            kind, why = "unknown", "no PCI path between the two GPUs is known"
        elif LEVEL_ORDER[path] <= LEVEL_ORDER[level]:
            read = path == "NVL" and a.compute_capability == b.compute_capability == "8.0"
            kind = label + ("/read" if read else "")
            why = f"{link} path ({path}) <= P2P level {level}"
        elif not shm_off:
            kind = "SHM"
            why = ("P2P disabled by NCCL_P2P_DISABLE" if p2p_off
                   else f"{link} path ({path}) > P2P level {level}: through host memory")
        else:
            kind, why = "NET", "neither P2P nor SHM is allowed: traffic goes through the NIC"
        out[f"GPU{a.index}-GPU{b.index}"] = {"transport": kind, "link": link, "why": why}
    return out


def predict(facts: NodeFacts, env: dict[str, str]) -> dict[str, Any]:
    """What NCCL (the version in the facts) will choose on this node with `env` in force."""
    version = nccl_version(facts)
    ports = nccl_ib_ports(facts, env)
    ifaces = nccl_interfaces(facts, env)
    plugin, net_why = _net(facts, env, ports, bool(ifaces))
    boot: dict[str, Any]
    if ifaces:
        first = ifaces[0]
        boot = {"interface": first.iface.name, "address": first.address,
                "why": ("the first match of NCCL_SOCKET_IFNAME" if len(env.get("NCCL_SOCKET_IFNAME", "")) > 1
                        else "NCCL's order: ib* first, then any but docker/lo/virbr, then those")}
        if env.get("NCCL_COMM_ID"):
            boot["why"] = "NCCL_COMM_ID is set: the interface in its subnet is used"
    else:
        boot = {"interface": None, "address": None,
                "why": "no running interface with an address matches: `Bootstrap : no socket interface found`"}
    flat = is_flattened(facts)
    topo_note = ("every GPU and NIC sits directly on a root bus with numa_node -1 (a VM hiding the host's PCI "
                 "tree): NCCL sees all GPU-NIC and GPU-GPU PCI paths as PHB, so GDR is off at the "
                 "default level, NIC choice per GPU is arbitrary and PCIe P2P is off (NVLink still works)"
                 if flat else "PCI tree read from sysfs; NCCL computes the same paths")
    if env.get("NCCL_TOPO_FILE"):
        topo_note += f"; NCCL_TOPO_FILE={env['NCCL_TOPO_FILE']} overrides what it describes"
    return {
        "nccl_version": facts.nccl.version,
        "net": {"plugin": plugin, "why": net_why},
        "hca_ports": [_port_entry(facts, p, env, version) for p in ports] if plugin == "IB" else [],
        "net_devices": _net_devices(facts, ports, version) if plugin == "IB" else [],
        "bootstrap": boot,
        "gdr": predict_gdr(facts, env, ports, plugin),
        "transports": _transports(facts, env),
        "topology": {"flattened": flat, "why": topo_note},
    }
