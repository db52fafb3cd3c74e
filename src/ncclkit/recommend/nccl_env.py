"""recommend_env(facts) -> EnvRecommendation: the NCCL variables to set on this node, each with a reason.

A variable NCCL already gets right is left out and its reason says so. The decisions follow NCCL's
logic for the version in the facts (nccl-internals.md sections 1-6), not folklore.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ncclkit.facts import IbPort, NodeFacts
from ncclkit.findings import Finding, Severity
from ncclkit.nccl.gdr import gdr_support, predict_gdr
from ncclkit.nccl.gid import auto_gid_index, best_roce_v2_ipv4_index, gid_at
from ncclkit.nccl.ifaces import nccl_interfaces
from ncclkit.nccl.net import efa_ports
from ncclkit.nccl.params import format_exact_list
from ncclkit.nccl.paths import PathType, gpu_is_c2c, gpu_nic_paths, is_flattened
from ncclkit.nccl.ports import usable_ports
from ncclkit.nccl.predict import predict
from ncclkit.nccl.debug import verification_subsys
from ncclkit.nccl.versions import GID_AUTO, NcclVersion, nccl_version, ver_at_least, version_text
from ncclkit.recommend.model import EnvRecommendation, EnvSetting

__all__ = ["recommend_env"]

# Interfaces that never reach other nodes: container, VM, overlay and tunnel devices.
_NOT_NODE_IFACES = ("docker", "lo", "virbr", "veth", "br-", "cni", "flannel", "cali", "cilium",
                    "vxlan", "genev", "tun", "tap", "ifb", "lxc", "kube", "weave", "tailscale", "wg",
                    "zt", "dummy")


def _near_gpu(facts: NodeFacts) -> set[str]:
    """RDMA devices within PXB of at least one GPU: the compute NICs of a GPU node."""
    return {np.device.name for lst in gpu_nic_paths(facts).values() for np in lst
            if np.path is not None and np.path <= PathType.PXB}


def _hca(facts: NodeFacts) -> tuple[EnvSetting, list[IbPort]]:
    name = "NCCL_IB_HCA"
    active = usable_ports(facts)
    plugin_ports = efa_ports(facts)
    down = [p.name for p in facts.ib_ports if p not in active and p not in plugin_ports]
    if not facts.ib_ports:
        return EnvSetting(name=name, value=None, reason="no RDMA device on this node: nothing to select"), []
    if plugin_ports and not active:
        return EnvSetting(name=name, value=None, reason=(
            f"the ACTIVE ports ({', '.join(p.name for p in plugin_ports)}) are AWS EFA, which NCCL's IB "
            "transport never opens: the aws-ofi-nccl plugin selects them (its own FI_* variables), "
            "NCCL_IB_HCA does not apply")), []
    if not active:
        return EnvSetting(name=name, value=None, reason=(
            f"no ACTIVE port ({', '.join(down)} down): NCCL will fall back to NET/Socket; bring the "
            "ports up first (see ib.port_down)")), []
    ib = [p for p in active if not p.is_roce]
    keep = ib or active
    left_out: list[str] = []
    if ib and len(ib) < len(active):
        roce = [p.name for p in active if p.is_roce]
        left_out.append(f"{', '.join(roce)} (Ethernet/RoCE next to an InfiniBand compute fabric: "
                        "front-end or storage; NCCL cannot connect IB to RoCE)")
    near = _near_gpu(facts)
    if near and not is_flattened(facts) and any(p.device not in near for p in keep):
        far = [p for p in keep if p.device not in near]
        if len(far) < len(keep):
            left_out.append(f"{', '.join(p.name for p in far)} (no GPU within PXB while the "
                            "compute NICs sit next to the GPUs: storage or front-end ports)")
            keep = [p for p in keep if p.device in near]
    skipped = f"; {', '.join(down)} not ACTIVE, which NCCL skips by itself (fix the port)" if down else ""
    if len(keep) == len(active):
        return EnvSetting(name=name, value=None, reason=(
            f"leave unset: NCCL already uses every ACTIVE port ({', '.join(p.name for p in active)})"
            f"{skipped}")), keep
    value = format_exact_list((p.device, p.port) for p in keep)
    reason = (f"use only the compute ports {', '.join(p.name for p in keep)}; left out: "
              f"{'; '.join(left_out)}{skipped}. Written with '=' and ':port' so that prefix matching "
              "cannot also select mlx5_1x or other ports")
    return EnvSetting(name=name, value=value, reason=reason), keep


def hca_recommendation(facts: NodeFacts) -> tuple[EnvSetting, list[IbPort]]:
    """NCCL_IB_HCA as recommended, and the ACTIVE ports NCCL should then use between nodes."""
    return _hca(facts)


def ifname_recommendation(facts: NodeFacts) -> EnvSetting:
    """NCCL_SOCKET_IFNAME as recommended (value None: NCCL's own choice is right)."""
    return _ifname(facts)


def _good_iface(name: str, address: str | None, family: str, kind: str) -> bool:
    if kind == "loopback" or name.startswith(_NOT_NODE_IFACES):
        return False
    if family == "unknown":
        return True
    return family == "inet" and address is not None and not address.startswith(("127.", "169.254."))


def _ifname(facts: NodeFacts) -> EnvSetting:
    name = "NCCL_SOCKET_IFNAME"
    auto = nccl_interfaces(facts, {}, all_passes=True)
    good = [a for a in auto if _good_iface(a.iface.name, a.address, a.family, a.iface.kind)]
    first = auto[0] if auto else None
    if not good:
        what = f"NCCL would use {first.iface.name}" if first else "NCCL finds no interface at all"
        return EnvSetting(name=name, value=None, reason=(
            f"no interface with a routable IPv4 address that could reach other nodes ({what}): "
            "give the node-to-node interface an address, then set NCCL_SOCKET_IFNAME to it"))
    target = good[0]
    unknown = " (addresses not captured: assumed it has one)" if target.family == "unknown" else ""
    addr = f" {target.address}" if target.address else ""
    if first is not None and first.iface.name == target.iface.name:
        return EnvSetting(name=name, value=None, reason=(
            f"leave unset: NCCL's own order (ib* first, then any but docker/lo/virbr) already picks "
            f"{target.iface.name}{addr}{unknown} for bootstrap and IB's out-of-band exchange"))
    others = [i.name for i in facts.ifaces if i.name != target.iface.name]
    ambiguous = any(o.startswith(target.iface.name) for o in others)
    value = ("=" if ambiguous else "") + target.iface.name
    why_not = f"NCCL's own order would pick {first.iface.name} ({first.address or 'no IPv4'})" if first else ""
    return EnvSetting(name=name, value=value, reason=(
        f"bootstrap and IB's out-of-band exchange must use {target.iface.name}{addr}, the interface "
        f"that reaches the other nodes; {why_not}"
        + ("; '=' because a longer name shares its prefix" if ambiguous else "")))


def _gid(facts: NodeFacts, ports: list[IbPort], version: NcclVersion | None) -> EnvSetting | None:
    name = "NCCL_IB_GID_INDEX"
    roce = [p for p in ports if p.is_roce]
    if not roce:
        if "NCCL_IB_GID_INDEX" in facts.nccl.env:
            return EnvSetting(name=name, value=None, reason=(
                "leave unset: no RoCE port is used; on InfiniBand NCCL picks the GID itself "
                "(and ignores this variable from 2.23)"))
        return None
    best = {p.name: best_roce_v2_ipv4_index(p) for p in roce}
    missing = [n for n, i in best.items() if i is None]
    if missing:
        return EnvSetting(name=name, value=None, reason=(
            f"{', '.join(missing)} has no RoCE v2 GID with an IPv4 address, so no index can work: give "
            "its netdev an IPv4 address (see roce.gid_missing)"))
    if ver_at_least(version, GID_AUTO, unknown=False):
        auto = {p.name: auto_gid_index(p, {}) for p in roce}
        if auto == best:
            return EnvSetting(name=name, value=None, reason=(
                f"leave unset: NCCL {version_text(version)} (2.21+) picks the RoCE v2 IPv4 GID by itself "
                f"({', '.join(f'{n}: {i}' for n, i in auto.items())}), also where indexes differ "
                "between ports, nodes or containers"))
    values = Counter(best.values())
    if len(values) > 1:
        return EnvSetting(name=name, value=None, reason=(
            f"ports need different indexes ({', '.join(f'{n}: {i}' for n, i in best.items())}): one "
            "NCCL_IB_GID_INDEX cannot serve them; upgrade to NCCL 2.21+ (automatic per port) or "
            "restrict NCCL_IB_HCA to ports sharing an index"))
    index = next(iter(values))
    when = (f"NCCL {version_text(version)} uses index 0 unless told (automatic choice is 2.21+)"
            if version is not None else "the NCCL version is unknown and versions before 2.21 use index 0")
    zero = gid_at(roce[0], 0)
    what0 = ("an empty entry" if zero is None or zero.is_empty else
             f"{'a link-local' if zero.is_link_local else 'a'} {zero.gid_type or 'untyped'} GID ({zero.gid})")
    return EnvSetting(name=name, value=str(index), reason=(
        f"index {index} is the RoCE v2 GID with an IPv4 address on {', '.join(best)}; {when}, "
        f"and index 0 here is {what0}, which does not route between RoCE v2 subnets"))


def _gdr_level(facts: NodeFacts, ports: list[IbPort], env: dict[str, str]) -> EnvSetting | None:
    name = "NCCL_NET_GDR_LEVEL"
    if not ports:
        return None
    sup = gdr_support(facts)
    capable, cap_why = sup.nic_capable, sup.reason
    if not capable:
        return EnvSetting(name=name, value=None, reason=(
            f"GPUDirect RDMA is unavailable ({cap_why}); no level can turn it on: load nvidia_peermem "
            "(or use dma-buf) first"))
    if is_flattened(facts) and env.get("NCCL_TOPO_FILE"):
        return EnvSetting(name=name, value=None, reason=(
            f"leave unset: NCCL_TOPO_FILE={env['NCCL_TOPO_FILE']} tells NCCL which NIC is near which GPU, "
            "and the default level then gives GDR to the near pairs only"))
    if is_flattened(facts):
        return EnvSetting(name=name, value="PHB", reason=(
            "this VM hides the PCI tree (all devices directly on root buses, numa_node -1), so every GPU-NIC "
            "path looks PHB and the default level PXB turns GDR off for all GPUs. PHB turns it back on; "
            "cost: NCCL can no longer tell near from far NICs, so a GPU may do GDR to a NIC across the "
            "host. Better: the provider's NCCL_TOPO_FILE, then leave this unset"))
    per_gpu = predict_gdr(facts, env, ports, "IB")
    off = {g: e for g, e in per_gpu.items() if not e["gdr"]}
    if not off:
        levels = "/".join(sorted({e["level"] for e in per_gpu.values()}))
        c2c = "; P2C covers an NVLink-C2C GPU's path to a NIC on its own CPU" if "P2C" in levels else ""
        return EnvSetting(name=name, value=None, reason=(
            f"leave unset: the default level ({levels}{c2c}) already gives every GPU GDR to a near NIC "
            "(directly or through an NVLink peer, PXN)"))
    by_index = {f"GPU{g.index}": g for g in facts.gpus}
    c2c_off = [g for g, e in off.items() if e["path"] in ("PHB", "NODE") and gpu_is_c2c(by_index[g])]
    if c2c_off and len(c2c_off) == len(off):
        # GPU-C2C-CPU-PCIe-NIC: NCCL 2.27+ calls it P2C and allows GDR by default; older versions
        # see PHB and stage through host memory (nccl-internals.md sections 3 and 4).
        return EnvSetting(name=name, value="PHB", reason=(
            f"NVLink-C2C GPU(s) {', '.join(c2c_off)} reach their NIC through their own CPU: NCCL "
            f"{version_text(nccl_version(facts))} types that path PHB, beyond the default PXB, while NCCL 2.27+ "
            "types it P2C and uses GDR by default. PHB gives the same result now; after upgrading to "
            "2.27+ leave it unset"))
    phb = [g for g, e in off.items() if e["path"] == "PHB"]
    if phb and len(phb) == len(off):
        return EnvSetting(name=name, value="PHB", reason=(
            f"{', '.join(phb)} reach their nearest NIC only through the CPU host bridge (PHB), so the "
            "default level PXB stages their traffic through host memory. PHB allows GDR across the "
            "root complex; cost: on some CPUs peer-to-peer through the root complex is slower than "
            "staging, so compare busbw with and without it"))
    far = ", ".join(f"{g} ({e['path']})" for g, e in off.items())
    return EnvSetting(name=name, value=None, reason=(
        f"leave unset: {far} have no NIC within PXB; GDR across host bridges or sockets (NODE/SYS) is "
        "usually slower than NCCL's staging, so the default is right. Better: NICs next to those GPUs"))


def _fabric(facts: NodeFacts, ports: list[IbPort], version: NcclVersion | None) -> list[EnvSetting]:
    if not ports:
        return []
    out = []
    if version is not None and version < (2, 14, 0):
        out.append(EnvSetting(name="NCCL_IB_TIMEOUT", value="20", reason=(
            f"NCCL {version_text(version)} defaults to 14 (4.096 us x 2^14 = 67 ms per try): large or "
            "busy fabrics hit IBV_WC_RETRY_EXC_ERR; 20 (about 4 s per try) is what NCCL 2.23+ uses")))
    else:
        default = 20 if ver_at_least(version, (2, 23, 0)) else 18
        out.append(EnvSetting(name="NCCL_IB_TIMEOUT", value=None, reason=(
            f"leave unset: the default {default} (4.096 us x 2^{default} per try, 7 tries) suits most "
            "fabrics; raise to 22 only on very large or congested fabrics that log IBV_WC_RETRY_EXC_ERR")))
    out.append(EnvSetting(name="NCCL_IB_RETRY_CNT", value=None, reason=(
        "leave unset: the default 7 is already the largest value the 3-bit IB retry field holds")))
    if ver_at_least(version, (2, 12, 0)):  # NCCL_IB_PCI_RELAXED_ORDERING (net_ib.cc v2.12.7-1)
        vm = " It matters most in VMs, where PCIe writes are otherwise strictly ordered." if is_flattened(facts) else ""
        out.append(EnvSetting(name="NCCL_IB_PCI_RELAXED_ORDERING", value=None, reason=(
            "leave unset: the default 2 turns relaxed ordering on wherever the verbs library supports it "
            f"(ibv_reg_mr_iova2); 1 behaves the same.{vm}")))
    out.append(EnvSetting(name="NCCL_IB_DISABLE", value=None, reason=(
        "leave unset: NCCL uses the RDMA ports (NET/IB); 1 would force slow NET/Socket")))
    if len({p.device for p in ports}) > 1:
        out.append(EnvSetting(name="NCCL_CROSS_NIC", value=None, reason=(
            "leave unset: the default 2 keeps each ring on the same NIC index on every node "
            "(rail-aligned) and crosses only when that gains bandwidth; 0 only for rail-only fabrics")))
    return out


def _gpus(facts: NodeFacts) -> list[EnvSetting]:
    out = []
    names = {g.name for g in facts.gpus if g.name}
    if len(names) > 1:
        out.append(EnvSetting(name="CUDA_DEVICE_ORDER", value="PCI_BUS_ID", reason=(
            f"GPU models differ ({', '.join(sorted(names))}): CUDA numbers fastest first, nvidia-smi and "
            "NCCL's topology by PCI bus; PCI_BUS_ID makes the indexes agree")))
    elif facts.gpus:
        out.append(EnvSetting(name="CUDA_DEVICE_ORDER", value=None, reason=(
            "leave unset: all GPUs are the same model, so CUDA's order already equals PCI bus order")))
    if len(facts.gpus) > 1:
        out.append(EnvSetting(name="NCCL_P2P_DISABLE", value=None, reason=(
            "leave unset: NCCL uses NVLink/PCIe P2P between local GPUs where the path allows it")))
    return out


def _topo_file(facts: NodeFacts, env: dict[str, str]) -> EnvSetting | None:
    if env.get("NCCL_TOPO_FILE"):
        return EnvSetting(name="NCCL_TOPO_FILE", value=None, reason=(
            f"already set to {env['NCCL_TOPO_FILE']}: keep it if `ncclkit env --topo-file` finds it "
            "consistent with this node"))
    if is_flattened(facts):
        return EnvSetting(name="NCCL_TOPO_FILE", value=None, reason=(
            "not written by ncclkit: the VM hides which NIC sits next to which GPU, so only the "
            "provider knows the layout. Use the provider's topology XML (set NCCL_TOPO_FILE to it) and "
            "check it with `ncclkit env --topo-file FILE`"))
    return None


def _verification(version: NcclVersion | None) -> list[EnvSetting]:
    subsys = verification_subsys(version)
    return [
        EnvSetting(name="NCCL_DEBUG", value="INFO", reason=(
            "verification run only: INFO prints the transport, NIC and GDR choices to compare with the "
            "prediction (`ncclkit analyze` reads the log)")),
        EnvSetting(name="NCCL_DEBUG_SUBSYS", value=subsys, reason=(
            "verification run only: adds NET and GRAPH to the default mask so the per-HCA GDR and "
            "topology lines show"
            + ("; BOOTSTRAP carries the bootstrap line from 2.23" if "BOOTSTRAP" in subsys else ""))),
        EnvSetting(name="NCCL_DEBUG_FILE", value="/tmp/nccl.%h.%p.log", reason=(
            "verification run only: one log per host (%h) and process (%p) instead of interleaved stdout")),
    ]


def recommend_env(facts: NodeFacts, env_findings: Iterable[Finding]) -> EnvRecommendation:
    """The variables to set on this node, a reason for each, and NCCL's predicted choices with them.

    `env_findings` are the env.* findings of the variables in force (rules.env.check_env_vars): a
    variable they flag and the recommendation does not replace is listed to unset."""
    version = nccl_version(facts)
    current = dict(facts.nccl.env)
    hca, ports = _hca(facts)
    settings: list[EnvSetting] = [hca, _ifname(facts)]
    optional = [_gid(facts, ports, version), _gdr_level(facts, ports, current), _topo_file(facts, current)]
    settings += [s for s in optional if s is not None]
    settings += _fabric(facts, ports, version) + _gpus(facts)
    recommended = {s.name: s.value for s in settings if s.value is not None}
    # Variables in force that a validator flags, and that the recommendation does not replace.
    flagged = {f.subject for f in env_findings
               if f.severity in (Severity.ERROR, Severity.WARNING)}
    unset = tuple(sorted(n for n in flagged if n in current and n not in recommended))
    effective = {k: v for k, v in current.items() if k not in unset}
    effective.update(recommended)
    prediction = predict(facts, effective)
    prediction["env_assumed"] = effective
    return EnvRecommendation.from_settings(settings, prediction=prediction, unset=unset,
                                           verification=_verification(version),
                                           nccl_version=facts.nccl.version)
