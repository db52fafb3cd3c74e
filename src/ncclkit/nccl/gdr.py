"""GPUDirect RDMA: THE model of whether NCCL uses it, per NIC and per GPU. Rules, env and reports ask here.

NIC capability: `ncclIbGdrSupport` (src/transport/net_ib.cc; net_ib/gdr.cc from v2.29.7-1) tests
peer-memory files with access(F_OK), once; the list depends on the version (`peermem_paths_checked`).
Otherwise dma-buf: `ncclIbDmaBufSupport` plus the communicator's `dmaBufSupported` (src/init.cc,
v2.13+), which needs NCCL_DMABUF_ENABLE != 0; the per-NIC flag is `CUDA || (commDmaBuf && DMABUF)`
(`ncclTopoPopulateNics`, src/graph/topo.cc v2.24+), so NCCL_DMABUF_ENABLE=0 on a dma-buf-only node
means no GDR.

Per GPU and NIC: `ncclTopoCheckGdr` (src/graph/paths.cc). The distance (the PXN peer's for a PXN
path) must be <= the level: NCCL_NET_GDR_LEVEL through `ncclGetLevel` (params.parse_level), else
the default, which changed with Grace (C2C) support:
- <= 2.25: PXB, no C2C handling;
- 2.26: PXB; NCCL_NET_GDR_C2C (default 0) rewrites PHB from a C2C GPU to C2C (v2.26.2-1 :433);
- 2.27-2.28: PXB; NCCL_NET_GDR_C2C=1 by default rewrites a P2C distance to C2C (v2.28.9-1 :467);
- 2.29+: P2C when NCCL_NET_GDR_C2C=1, else PXB; P2C compared directly (v2.29.7-1 :460).
Mode PCI when the GPU's CPU link is C2C and the distance is not C2C (2.26-2.28) / not P2C (2.29+).
Not modelled: send-side GDR off on pre-Ampere GPUs without an NVLink peer (NCCL_NET_GDR_READ=-2;
the receive side keeps GDR) and GPUs without cudaDevAttrGPUDirectRDMASupported (GeForce): a snapshot
records neither the read/write split nor the attribute.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ncclkit.facts import GpuInfo, IbDevice, IbPort, NodeFacts
from ncclkit.nccl.p2p import path_bw
from ncclkit.nccl.params import env_int, parse_level, path_order
from ncclkit.nccl.paths import NicPath, gdr_path_name, gpu_gpu_link, gpu_is_c2c, gpu_nic_paths, nccl_level_of
from ncclkit.nccl.ports import nccl_uses_port
from ncclkit.nccl.versions import (DMABUF, GDR_C2C_DEFAULT, GDR_C2C_OPTIN, GDR_LEVEL_P2C, NV_MEM_NC_PROBED, PEERMEM_MODULE,
                                   PXN, NcclVersion, nccl_version, parse_nccl_version, ver_at_least)

__all__ = ["DEFAULT_GDR_LEVEL", "GdrRule", "GdrSupport", "GpuGdr", "default_gdr_level", "gdr_by_distance",
           "gdr_rule", "gdr_support", "nearest_nic", "peermem_paths_checked", "predict_gdr", "usable_rdma_devices"]

DEFAULT_GDR_LEVEL = "PXB"

NV_MEM = "sys/kernel/mm/memory_peers/nv_mem/version"
NV_MEM_NC = "sys/kernel/mm/memory_peers/nv_mem_nc/version"
NVIDIA_PEERMEM = "sys/module/nvidia_peermem/version"
LEGACY_PEERMEM = "sys/kernel/mm/memory_peers/nvidia-peermem/version"
NV_PEER_MEM = "sys/module/nv_peer_mem"


@dataclass(frozen=True, slots=True, kw_only=True)
class GdrSupport:
    """The peer-memory evidence on the node, and what the node's NCCL version makes of it."""

    seen: tuple[str, ...]  # the present peer-memory evidence, as paths
    nccl_sees_peermem: bool | None  # None when the NCCL version is unknown
    dmabuf: bool | None  # dma-buf usable by this NCCL (None: unknown)
    nic_capable: bool  # NCCL marks its IB NICs GDR-capable (unknown version: judged as recent)
    reason: str

    @property
    def any_peermem(self) -> bool:
        return bool(self.seen)

    @property
    def available(self) -> bool:
        """Some GDR mechanism exists on the node, whatever this NCCL version looks at."""
        return self.any_peermem or bool(self.dmabuf)


def peermem_paths_checked(version: NcclVersion | None) -> tuple[str, ...]:
    """The files `ncclIbGdrSupport` tests, by NCCL version (unknown: the newest list)."""
    if ver_at_least(version, PEERMEM_MODULE):
        return (NV_MEM, NV_MEM_NC, NVIDIA_PEERMEM)
    if ver_at_least(version, NV_MEM_NC_PROBED):
        return (NV_MEM, NV_MEM_NC)
    # <= 2.21 looked for the legacy nvidia-peermem entry, never for the module itself.
    return (NV_MEM, LEGACY_PEERMEM)


def gdr_support(facts: NodeFacts, env: dict[str, str] | None = None) -> GdrSupport:
    """NIC-side GDR for the node under `env` (default: the env in force)."""
    env = facts.nccl.env if env is None else env
    pm = facts.peermem
    present = {
        NV_MEM: pm.nv_mem,
        NV_MEM_NC: pm.nv_mem_nc,
        NVIDIA_PEERMEM: pm.nvidia_peermem_module or "nvidia_peermem" in facts.os.modules,
        LEGACY_PEERMEM: pm.legacy_nvidia_peermem,
        NV_PEER_MEM: pm.nv_peer_mem_module or "nv_peer_mem" in facts.os.modules,
    }
    seen = tuple(k for k, v in present.items() if v)
    version = parse_nccl_version(facts.nccl.version)
    found = [p for p in peermem_paths_checked(version) if p in seen]
    dmabuf = pm.dmabuf_possible if ver_at_least(version, DMABUF) else False
    dmabuf_off = env_int(env, "NCCL_DMABUF_ENABLE", 1) == 0
    if found:
        capable, reason = True, "peer memory found (" + ", ".join(p.split("/")[-2] for p in found) + ")"
    elif dmabuf and dmabuf_off:
        capable, reason = False, ("NCCL_DMABUF_ENABLE=0 turns dma-buf off and there is no peer-memory module: "
                                  "no NIC is GDR-capable")
    elif dmabuf:
        capable, reason = True, "no peer-memory module, but dma-buf is possible (open GPU module, kernel >= 5.12)"
    elif present[NVIDIA_PEERMEM]:
        capable, reason = False, ("nvidia_peermem is loaded but this NCCL version only probes "
                                  "memory_peers/nv_mem (it checks sys/module/nvidia_peermem from 2.23)")
    else:
        capable, reason = False, "no peer-memory module (nvidia_peermem / nv_peer_mem) and no dma-buf"
    return GdrSupport(seen=seen, nccl_sees_peermem=None if version is None else bool(found),
                      dmabuf=dmabuf, nic_capable=capable, reason=reason)


@dataclass(frozen=True, slots=True, kw_only=True)
class GdrRule:
    """ncclTopoCheckGdr's distance test for one GPU and NIC path."""

    within: bool
    distance: str  # the path type compared (after NCCL's C2C rewrite)
    path: str  # the GPU->NIC path type NCCL computed
    level: str
    mode: str  # "Default" or "PCI" (meaningful when within)


def _gdr_c2c(env: dict[str, str], version: NcclVersion | None) -> bool:
    default = 1 if ver_at_least(version, GDR_C2C_DEFAULT) else 0
    return ver_at_least(version, GDR_C2C_OPTIN) and env_int(env, "NCCL_NET_GDR_C2C", default) != 0


def default_gdr_level(facts: NodeFacts, env: dict[str, str] | None = None) -> str:
    """NCCL's default GDR level: P2C from 2.29 when NCCL_NET_GDR_C2C=1 (the default), else PXB."""
    env = facts.nccl.env if env is None else env
    version = nccl_version(facts)
    return "P2C" if ver_at_least(version, GDR_LEVEL_P2C) and _gdr_c2c(env, version) else DEFAULT_GDR_LEVEL


def gdr_rule(facts: NodeFacts, env: dict[str, str], gpu: GpuInfo, nic: NicPath,
             level: str | None = None) -> GdrRule:
    """Whether `nic` is close enough to `gpu` for GDR under `env` (`level` overrides the env's)."""
    version = nccl_version(facts)
    assert nic.path is not None
    path = gdr_path_name(facts, gpu, nic.path)
    level = level or parse_level(env.get("NCCL_NET_GDR_LEVEL"), version) or default_gdr_level(facts, env)
    c2c_on = _gdr_c2c(env, version)
    distance = path  # 2.29+ (and an unknown version): P2C is compared directly
    if ver_at_least(version, GDR_LEVEL_P2C):
        pass
    elif ver_at_least(version, GDR_C2C_DEFAULT):
        distance = "C2C" if c2c_on and path == "P2C" else path
    elif ver_at_least(version, GDR_C2C_OPTIN):
        distance = "C2C" if c2c_on and path == "PHB" and gpu_is_c2c(gpu) else path
    order = path_order(version)
    within = order[distance] <= order[level]
    c2c_target = "P2C" if ver_at_least(version, GDR_LEVEL_P2C) else "C2C"
    mode = "PCI" if gpu_is_c2c(gpu) and ver_at_least(version, GDR_C2C_OPTIN) and distance != c2c_target else "Default"
    return GdrRule(within=within, distance=distance, path=path, level=level, mode=mode)


def usable_rdma_devices(facts: NodeFacts) -> tuple[IbDevice, ...]:
    """RDMA devices with a port NCCL opens (ports.nccl_uses_port): the ones its IB transport keeps."""
    return tuple(d for d in facts.ib_devices if any(nccl_uses_port(p) for p in d.ports))


def _nccl_nic_order(facts: NodeFacts, paths: list[NicPath]) -> list[NicPath]:
    """ncclTopoGetLocal (src/graph/topo.cc): the highest path bandwidth first, then the lowest path
    type (`p2p.path_bw`: equal within 1%, unknown bandwidth sorts as the best)."""
    known = [p for p in paths if p.path is not None]
    best_first = sorted(known, key=lambda p: (p.path or 0, p.device.name))
    bws = {p.device.name: path_bw(facts, p) for p in known}
    top = max((b for b in bws.values() if b is not None), default=None)
    if top is None:
        return best_first
    return sorted(best_first, key=lambda p: 0 if (bws[p.device.name] or top) >= top * 0.99 else 1)


def nearest_nic(facts: NodeFacts, gpu: GpuInfo) -> NicPath | None:
    """The NIC NCCL gives a GPU among the usable ones; None if no path is known."""
    usable = {d.name for d in usable_rdma_devices(facts)}
    paths = [p for p in gpu_nic_paths(facts).get(gpu.index, []) if p.device.name in usable]
    ordered = _nccl_nic_order(facts, paths)
    return ordered[0] if ordered else None


@dataclass(frozen=True, slots=True, kw_only=True)
class GpuGdr:
    """Whether a GPU's NIC is within NCCL's GDR distance."""

    gpu: GpuInfo
    nic: NicPath | None
    level: str  # NCCL path type name of the level in force
    within_level: bool


def gdr_by_distance(facts: NodeFacts, *, level: str | None = None, use_env: bool = True) -> list[GpuGdr]:
    """Per GPU: its NIC and whether the path passes ncclTopoCheckGdr's distance test (`level`, else
    the env's unless `use_env` is False, else NCCL's default for the version)."""
    env = dict(facts.nccl.env) if use_env else {k: v for k, v in facts.nccl.env.items()
                                                if k != "NCCL_NET_GDR_LEVEL"}
    out = []
    for gpu in facts.gpus:
        nic = nearest_nic(facts, gpu)
        if nic is None or nic.path is None:
            gpu_level = level or parse_level(env.get("NCCL_NET_GDR_LEVEL"), nccl_version(facts)) \
                or default_gdr_level(facts, env)
            out.append(GpuGdr(gpu=gpu, nic=nic, level=gpu_level, within_level=False))
            continue
        rule = gdr_rule(facts, env, gpu, nic, level)
        out.append(GpuGdr(gpu=gpu, nic=nic, level=rule.level, within_level=rule.within))
    return out


def predict_gdr(facts: NodeFacts, env: dict[str, str], ports: list[IbPort], plugin: str | None) -> dict[str, Any]:
    """Per GPU, whether NCCL's internal IB uses GDR with `ports` kept: the `gdr` map of the prediction."""
    version = nccl_version(facts)
    devices = {p.device for p in ports}
    paths = {i: _nccl_nic_order(facts, [np for np in lst if np.device.name in devices])
             for i, lst in gpu_nic_paths(facts).items()}
    sup = gdr_support(facts, env)
    pxn_on = ver_at_least(version, PXN) and env_int(env, "NCCL_PXN_DISABLE", 0) == 0
    out: dict[str, Any] = {}
    for gpu in facts.gpus:
        near = paths.get(gpu.index, [])
        best = near[0] if near else None
        rule = gdr_rule(facts, env, gpu, best) if best is not None else None
        level = rule.level if rule else (parse_level(env.get("NCCL_NET_GDR_LEVEL"), version)
                                         or default_gdr_level(facts, env))
        entry: dict[str, Any] = {"gdr": False, "nic": best.device.name if best else None,
                                 "path": best.path.name if best and best.path else None, "via": None,
                                 "level": level}
        if plugin != "IB":
            entry["why"] = ("NET/Socket never uses GPUDirect RDMA" if plugin == "Socket"
                            else "the network is not NCCL's internal IB: its own GDR logic applies")
        elif not sup.nic_capable:
            entry["why"] = sup.reason
        elif best is None or rule is None:
            entry["why"] = "no PCI path to any NIC is known"
        elif rule.within:
            entry["gdr"] = True
            shown = rule.path if rule.distance == rule.path else f"{rule.path}, compared as {rule.distance}"
            c2c = f" ({shown} for NCCL: NVLink-C2C GPU {gpu.name})" if gpu_is_c2c(gpu) else ""
            entry["mode"] = rule.mode
            entry["why"] = f"{best.device.name} is {entry['path']}{c2c} <= level {level}; {sup.reason}"
        else:
            entry["why"] = (f"nearest NIC {best.device.name} is {entry['path']} "
                            f"({rule.distance} for NCCL) > level {level}")
            peer = _pxn_peer(facts, env, gpu, paths, level) if pxn_on else None
            if peer is not None:
                entry.update(gdr=True, nic=peer[1], path=peer[2], via=f"PXN through GPU{peer[0]}")
                entry["why"] += (f"; PXN: NVLink peer GPU{peer[0]} reaches {peer[1]} at {peer[2]} "
                                 "and sends for it with GDR")
        out[f"GPU{gpu.index}"] = entry
    return out


def _pxn_peer(facts: NodeFacts, env: dict[str, str], gpu: GpuInfo, paths: dict[int, list[NicPath]],
              level: str) -> tuple[int, str, str] | None:
    """An NVLink peer with a NIC at <= PXB that passes the GDR test (ncclTopoComputePaths, PXN;
    ncclTopoCheckGdr uses the intermediate GPU's distance). NICs nearest to `gpu` first."""
    order = path_order(nccl_version(facts))
    peers = [p for p in facts.gpus if p.index != gpu.index and gpu_gpu_link(facts, gpu, p).nvlinks is not None]
    for own in paths.get(gpu.index, []):
        for peer in peers:
            hit = next((np for np in paths.get(peer.index, []) if np.device.name == own.device.name), None)
            if hit is None or hit.path is None or order[nccl_level_of(hit.path)] > order["PXB"]:
                continue
            if gdr_rule(facts, env, peer, hit, level).within:
                return peer.index, hit.device.name, hit.path.name
    return None
