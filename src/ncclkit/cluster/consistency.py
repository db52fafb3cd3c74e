"""Cross-node consistency rules: NodeEntry list -> cluster.version_mismatch / cluster.config_mismatch.

Pure functions over the facts every node gathered. For each attribute the value most nodes share
is taken as the reference (ties go to the group holding the lowest rank) and every other node is
named in its own finding, so the odd node stands out in a 1000-node job. A node whose value is
unknown (None: not readable there) is left out of that comparison, never reported as different.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ncclkit.cluster.model import NodeEntry
from ncclkit.facts import NodeFacts
from ncclkit.findings import Finding, Severity

__all__ = ["MUST_MATCH_ENV", "check_consistency", "check_gid_index", "node_errors", "odd_nodes"]

# NCCL variables that must be equal on every rank. Each one changes something that both ends of a
# connection, or all ranks of a collective, must agree on: the transport and its wire settings
# (IB traffic class / service level / GID index, timeout), the protocol, algorithm and channel
# choices (NCCL computes them per rank; different answers hang or corrupt the collective), and the
# buffer sizes both sides allocate. Names that may differ per node are left out on purpose:
# NCCL_SOCKET_IFNAME and NCCL_IB_HCA (device names differ between node types), NCCL_DEBUG*,
# NCCL_TOPO_FILE, NCCL_HOSTID.
MUST_MATCH_ENV: tuple[str, ...] = (
    "NCCL_NET", "NCCL_NET_PLUGIN", "NCCL_IB_DISABLE", "NCCL_IB_GID_INDEX", "NCCL_IB_ROCE_VERSION_NUM",
    "NCCL_IB_TC", "NCCL_IB_SL", "NCCL_IB_TIMEOUT", "NCCL_IB_RETRY_CNT", "NCCL_IB_QPS_PER_CONNECTION",
    "NCCL_IB_SPLIT_DATA_ON_QPS", "NCCL_IB_ADAPTIVE_ROUTING", "NCCL_IB_AR_THRESHOLD",
    "NCCL_PROTO", "NCCL_ALGO", "NCCL_MIN_NCHANNELS", "NCCL_MAX_NCHANNELS", "NCCL_MIN_CTAS",
    "NCCL_MAX_CTAS", "NCCL_BUFFSIZE", "NCCL_LL_BUFFSIZE", "NCCL_LL128_BUFFSIZE", "NCCL_NTHREADS",
    "NCCL_CROSS_NIC", "NCCL_COLLNET_ENABLE", "NCCL_NVLS_ENABLE", "NCCL_P2P_NET_CHUNKSIZE",
    "NCCL_NET_GDR_LEVEL", "NCCL_NET_GDR_READ", "NCCL_SOCKET_NTHREADS", "NCCL_NSOCKS_PERTHREAD",
    "NCCL_SOCKET_FAMILY", "NCCL_CUMEM_ENABLE", "NCCL_PXN_DISABLE",
)
_UNSET = "(unset)"


@dataclass(frozen=True, slots=True, kw_only=True)
class _Attr:
    finding_id: str
    name: str  # as shown to users
    value: Callable[[NodeEntry], Any]  # None: unknown on that node
    fix: str
    fewer_is_odd: bool = False  # a count: with no majority, the nodes with less are the odd ones


def _groups(values: dict[int, Any]) -> dict[Any, list[int]]:
    groups: dict[Any, list[int]] = {}
    for rank in sorted(values):
        if values[rank] is not None:
            groups.setdefault(values[rank], []).append(rank)
    return groups


def odd_nodes(values: dict[int, Any], *, fewer_is_odd: bool = False) -> tuple[Any, list[int]]:
    """(reference value, ranks that differ) for rank -> value (None values ignored). With no
    majority the reference is the largest value for a count (fewer_is_odd), else None (a tie:
    no node can be blamed) with every rank listed."""
    groups = _groups(values)
    if len(groups) < 2:
        return (next(iter(groups)) if groups else None), []
    top = max(len(rs) for rs in groups.values())
    leaders = [v for v, rs in groups.items() if len(rs) == top]
    if len(leaders) > 1 and not fewer_is_odd:
        return None, sorted(r for rs in groups.values() for r in rs)
    reference = max(leaders) if len(leaders) > 1 else leaders[0]
    return reference, sorted(r for v, rs in groups.items() if v != reference for r in rs)


def _active_ports(f: NodeFacts) -> list[Any]:
    return [p for p in f.ib_ports if p.is_active]


def _gpu_count(e: NodeEntry) -> int | None:
    return len(e.facts.gpus) if e.facts.gpu_source is not None else None


def _ipoib_subnets(e: NodeEntry) -> tuple[str, ...] | None:
    nets = {str(ipaddress.ip_interface(a).network) for i in e.facts.ifaces if i.kind == "ipoib"
            for a in i.ipv4}
    return tuple(sorted(nets)) if any(i.kind == "ipoib" for i in e.facts.ifaces) else None


def _rdma_mtus(e: NodeEntry) -> tuple[int, ...] | None:
    names = {n for d in e.facts.ib_devices for n in d.netdevs}
    mtus = [i.mtu for i in e.facts.ifaces
            if (i.name in names or i.kind == "ipoib") and i.mtu is not None]
    return tuple(sorted(set(mtus))) if mtus else None  # the values, not how many ports have them


def _bootstrap_mtu(e: NodeEntry) -> int | None:
    if not e.addr:
        return None
    return next((i.mtu for i in e.facts.ifaces
                 if any(a.split("/")[0] == e.addr for a in i.ipv4)), None)


def _env(key: str) -> Callable[[NodeEntry], str | None]:
    def value(e: NodeEntry) -> str | None:
        if e.facts.nccl.env_source is None:
            return None
        return e.facts.nccl.env.get(key, _UNSET)
    return value


def _sorted_set(values: Any) -> tuple[str, ...] | None:
    out = tuple(sorted({v for v in values if v}))
    return out or None


def _plugins(e: NodeEntry) -> tuple[str, ...] | None:
    """Net plugin libraries found on the node's library path; () when none, None when not looked."""
    found = e.facts.health.conf.net_plugins
    return None if found is None else tuple(sorted(p.rsplit("/", 1)[-1] for p in found)) or ("(none)",)


_STACK_FIX = ("install the same HCA firmware, MLNX/DOCA OFED or rdma-core, net plugin, GPU VBIOS and kernel "
              "on every node (one image); mixed stacks hang or fail at connection setup")
_VERSION_FIX = ("install the same NVIDIA driver, CUDA, NCCL and net plugin on every node (one "
                "container image); mixed NCCL versions can fail at init or hang")
_CONFIG_FIX = "make the odd node match the others, or leave it out of the job"
_ATTRS: tuple[_Attr, ...] = (
    _Attr(finding_id="cluster.version_mismatch", name="NVIDIA driver version",
          value=lambda e: e.facts.driver_version, fix=_VERSION_FIX),
    _Attr(finding_id="cluster.version_mismatch", name="CUDA version",
          value=lambda e: e.facts.cuda_version, fix=_VERSION_FIX),
    _Attr(finding_id="cluster.version_mismatch", name="HCA firmware (fw_ver)",
          value=lambda e: _sorted_set(d.fw_ver for d in e.facts.ib_devices), fix=_STACK_FIX),
    _Attr(finding_id="cluster.version_mismatch", name="OFED (ofed_info -s)",
          value=lambda e: e.facts.rdma.ofed_version, fix=_STACK_FIX),
    _Attr(finding_id="cluster.version_mismatch", name="rdma-core (libibverbs)",
          value=lambda e: e.facts.rdma.rdma_core_version, fix=_STACK_FIX),
    _Attr(finding_id="cluster.version_mismatch", name="net plugin libraries (libnccl-net*.so)",
          value=_plugins, fix=_STACK_FIX),
    _Attr(finding_id="cluster.version_mismatch", name="GPU VBIOS",
          value=lambda e: _sorted_set(g.vbios_version for g in e.facts.health.gpus), fix=_STACK_FIX),
    _Attr(finding_id="cluster.version_mismatch", name="kernel release",
          value=lambda e: e.facts.peermem.kernel_release, fix=_STACK_FIX),
    _Attr(finding_id="cluster.version_mismatch", name="NCCL version",
          value=lambda e: e.facts.nccl.version, fix=_VERSION_FIX),
    _Attr(finding_id="cluster.version_mismatch", name="torch version",
          value=lambda e: e.facts.nccl.torch_version, fix=_VERSION_FIX),
    _Attr(finding_id="cluster.version_mismatch", name="net plugin (NCCL_NET_PLUGIN)",
          value=_env("NCCL_NET_PLUGIN"), fix=_VERSION_FIX),
    _Attr(finding_id="cluster.config_mismatch", name="GPU count", value=_gpu_count, fewer_is_odd=True,
          fix="check `nvidia-smi` on the odd node: a GPU fell off the bus or is hidden"),
    _Attr(finding_id="cluster.config_mismatch", name="active RDMA port count", fewer_is_odd=True,
          value=lambda e: len(_active_ports(e.facts)),
          fix="bring the missing ports up (ibstat) or fix NCCL_IB_HCA; NCCL uses fewer rails there"),
    _Attr(finding_id="cluster.config_mismatch", name="active RDMA port rates (Gb/s)",
          value=lambda e: tuple(sorted({p.rate_gbps for p in _active_ports(e.facts)
                                        if p.rate_gbps is not None})) or None,
          fix="a port trained at a lower rate: reseat or replace the cable/transceiver"),
    _Attr(finding_id="cluster.config_mismatch", name="RDMA link layers",
          value=lambda e: tuple(sorted({p.link_layer or "?" for p in _active_ports(e.facts)}))
          or None,
          fix="every node must use the same fabric (InfiniBand or RoCE) for NCCL"),
    _Attr(finding_id="cluster.config_mismatch", name="MTU of RDMA/IPoIB interfaces",
          value=_rdma_mtus, fix="set the same MTU on the odd node's RDMA interfaces"),
    _Attr(finding_id="cluster.config_mismatch", name="MTU of the bootstrap interface",
          value=_bootstrap_mtu, fix="set the same MTU on every node's bootstrap interface"),
    _Attr(finding_id="cluster.config_mismatch", name="IPoIB subnets", value=_ipoib_subnets,
          fix="put the odd node's IPoIB interfaces in the subnets the others use"),
    *(_Attr(finding_id="cluster.config_mismatch", name=key, value=_env(key),
            fix=f"export the same {key} on every node (launcher env, not per-node shell files)")
      for key in MUST_MATCH_ENV if key != "NCCL_NET_PLUGIN"),
)


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


def check_gid_index(entries: Sequence[NodeEntry]) -> list[Finding]:
    """NCCL_IB_GID_INDEX as set on each node must name a usable RoCE v2 IPv4 GID on every active
    RoCE port there (NCCL uses it as given, nccl-internals.md section 2); one node without it
    cannot connect to the others."""
    out: list[Finding] = []
    for e in entries:
        raw = e.facts.nccl.env.get("NCCL_IB_GID_INDEX")
        if raw is None or not raw.strip().lstrip("-").isdigit():
            continue
        index = int(raw)
        bad: dict[str, str] = {}
        for port in _active_ports(e.facts):
            if not port.is_roce:
                continue
            gid = next((g for g in port.gids if g.index == index), None)
            if gid is None or gid.is_empty:
                bad[port.name] = "empty"
            elif gid.is_link_local or gid.ipv4 is None:
                bad[port.name] = "link-local or IPv6 only"
            elif gid.roce_version == 1:
                bad[port.name] = "RoCE v1"
        if bad:
            where = ", ".join(f"{p} ({why})" for p, why in sorted(bad.items()))
            out.append(Finding(
                id="cluster.config_mismatch", severity=Severity.WARNING, subject=e.label,
                message=f"NCCL_IB_GID_INDEX={index} is not a usable RoCE v2 IPv4 GID on {e.label}: "
                        f"{where}",
                evidence={"attribute": "NCCL_IB_GID_INDEX validity", "gid_index": index,
                          "ports": bad},
                fix="run `ncclkit doctor` on that node and use the GID index it recommends there "
                    "(the same index must be valid on every node)"))
    return out


def check_consistency(entries: Sequence[NodeEntry]) -> list[Finding]:
    """All cross-node findings for the gathered nodes (fewer than 2 nodes: none)."""
    if len(entries) < 2:
        return []
    by_rank = {e.rank: e for e in entries}
    out: list[Finding] = []
    for attr in _ATTRS:
        values = {e.rank: attr.value(e) for e in entries}
        reference, odd = odd_nodes(values, fewer_is_odd=attr.fewer_is_odd)
        if reference is None and odd:
            shown = "; ".join(f"{_show(v)} on {', '.join(by_rank[r].label for r in rs)}"
                              for v, rs in _groups(values).items())
            out.append(Finding(
                id=attr.finding_id, severity=Severity.WARNING, subject="cluster",
                message=f"{attr.name}: the nodes differ and no value has a majority: {shown}",
                evidence={"attribute": attr.name,
                          "values": {by_rank[r].label: v for r, v in sorted(values.items())}},
                fix=attr.fix.replace("the odd node", "each node")))
            continue
        num_same = sum(1 for v in values.values() if v == reference)
        for rank in odd:
            e = by_rank[rank]
            out.append(Finding(
                id=attr.finding_id, severity=Severity.WARNING, subject=e.label,
                message=f"{attr.name} is {_show(values[rank])} on {e.label} but {_show(reference)} "
                        f"on {num_same} other node(s)",
                evidence={"attribute": attr.name, "value": values[rank], "expected": reference,
                          "values": {by_rank[r].label: v for r, v in sorted(values.items())}},
                fix=attr.fix))
    return out + check_gid_index(entries)


def node_errors(entries: Sequence[NodeEntry]) -> list[Finding]:
    """Each node's own error findings (doctor's rules on its facts), named by node: a node with a
    port down or a 64 KiB memlock fails the job even when every node is alike. GPU findings are
    left to the GPU count comparison and the proof run: a CPU-only (gloo) cluster is a valid run."""
    from ncclkit.rules import run_rules  # the node rules are heavier than the cluster ones: late

    return [Finding(id=f.id, severity=f.severity, subject=f.subject, message=f"on {e.label}: {f.message}",
                    fix=f.fix, cause=f.cause, no_cause=f.no_cause, evidence={**f.evidence, "node": e.label})
            for e in entries for f in run_rules(e.facts)
            if f.severity == Severity.ERROR and not f.id.startswith("gpu.")]
