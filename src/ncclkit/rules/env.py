"""check_env_vars(facts, env) -> env.* findings: NCCL variables that select nothing, the wrong thing,
or turn off a transport this node has (CONTRACTS.md section 3; subject = the variable name).

The list variables are matched with NCCL's own rules (ncclkit.nccl.params), and the choices NCCL then
makes are asked of the ncclkit.nccl model for the NCCL version in the facts.
"""

from __future__ import annotations

from collections.abc import Callable

from ncclkit.causes import Cause
from ncclkit.facts import IbPort, NodeFacts
from ncclkit.findings import Finding, Severity
from ncclkit.nccl.gdr import gdr_support, predict_gdr
from ncclkit.nccl.gid import best_roce_v2_ipv4_index, gid_at
from ncclkit.nccl.ifaces import bootstrap_interface, comm_id_address, nccl_interfaces
from ncclkit.nccl.net import choose_net
from ncclkit.nccl.params import MAX_IFS, NcclList, env_int, parse_level, parse_nccl_int, parse_nccl_list
from ncclkit.nccl.ports import nccl_ib_ports, usable_ports
from ncclkit.nccl.versions import GID_AUTO, IB_GID_FLID, nccl_version, ver_at_least
from ncclkit.recommend.nccl_env import hca_recommendation, ifname_recommendation
from ncclkit.topofile import check_topo_text

__all__ = ["check_env_vars", "check_nccl_defaults"]

_DEMOTED = ("docker", "lo", "virbr")


def _f(id_: str, severity: Severity, var: str, message: str, fix: str, **evidence: object) -> Finding:
    return Finding(id=id_, severity=severity, subject=var, message=message, fix=fix, evidence=dict(evidence))


def _gid(facts: NodeFacts, env: dict[str, str]) -> list[Finding]:
    raw = env.get("NCCL_IB_GID_INDEX", "")
    index = parse_nccl_int(raw)
    if index is None:
        return []
    version = nccl_version(facts)
    ports = [p for p in nccl_ib_ports(facts, env)] or usable_ports(facts)
    roce = [p for p in ports if p.is_roce]
    var = "NCCL_IB_GID_INDEX"
    if not roce:
        if ports and ver_at_least(version, IB_GID_FLID):
            # ncclIbGetGidIndex, v2.22.3-1+: IB ports take the FLID branch and never read the variable.
            return [_f("env.gid_index_invalid", Severity.ERROR, var,
                       f"NCCL_IB_GID_INDEX={raw} is set on an InfiniBand-only node: NCCL 2.22+ ignores it "
                       "on IB ports (it picks the GID itself)",
                       "unset NCCL_IB_GID_INDEX", value=raw, nccl_version=facts.nccl.version)]
        bad = [p.name for p in ports if (g := gid_at(p, index)) is None or g.is_empty]
        if bad and index >= 0:
            return [_f("env.gid_index_invalid", Severity.ERROR, var,
                       f"NCCL_IB_GID_INDEX={raw} names an empty GID on InfiniBand port(s) {', '.join(bad)}",
                       "unset NCCL_IB_GID_INDEX (InfiniBand uses GID 0)", value=raw, ports=bad)]
        return []
    if index < 0:
        if ver_at_least(version, GID_AUTO):
            return []  # -1 is the automatic choice from 2.21
        return [_f("env.gid_index_invalid", Severity.ERROR, var,
                   f"NCCL_IB_GID_INDEX={raw}: NCCL {facts.nccl.version} has no automatic GID choice "
                   "(2.21+), so a negative index fails",
                   _gid_fix(roce, version), value=raw)]
    problems: dict[str, str] = {}
    for p in roce:
        g = gid_at(p, index)
        if g is None or g.is_empty:
            problems[p.name] = "empty"
        elif g.is_link_local:
            problems[p.name] = f"link-local ({g.gid}, {g.gid_type or 'type unknown'})"
        elif g.roce_version == 1:
            problems[p.name] = f"RoCE v1 ({g.gid})"
        elif g.gid_type is None:
            problems[p.name] = "not readable (no gid_attrs/types entry: absent in this namespace)"
    if not problems:
        return []
    right = {p.name: best_roce_v2_ipv4_index(p) for p in roce}
    detail = "; ".join(f"{n}: {why}" for n, why in problems.items())
    return [_f("env.gid_index_invalid", Severity.ERROR, var,
               f"NCCL_IB_GID_INDEX={raw} names a GID that does not route over RoCE v2 ({detail})",
               _gid_fix(roce, version), value=raw, problems=problems, roce_v2_ipv4_index=right)]


def _gid_fix(roce: list[IbPort], version: tuple[int, int, int] | None) -> str:
    right = {best_roce_v2_ipv4_index(p) for p in roce}
    if ver_at_least(version, GID_AUTO, unknown=False):
        return "unset NCCL_IB_GID_INDEX  # NCCL 2.21+ picks the RoCE v2 IPv4 GID itself"
    if len(right) == 1 and None not in right:
        return f"export NCCL_IB_GID_INDEX={right.pop()}  # the RoCE v2 GID with an IPv4 address"
    return "give each RoCE netdev an IPv4 address and use the index of its RoCE v2 IPv4 GID (show_gids)"


def _hca(facts: NodeFacts, env: dict[str, str]) -> list[Finding]:

    raw = env.get("NCCL_IB_HCA")
    if raw is None or not facts.ib_ports:
        return []
    setting, compute = hca_recommendation(facts)
    var, version = "NCCL_IB_HCA", nccl_version(facts)
    lst = parse_nccl_list(raw, version=version)
    all_ports = facts.ib_ports
    selected = [p for p in all_ports if lst.selects(p.device, p.port)]
    active = {p.name for p in usable_ports(facts)}
    good = [p for p in selected if p.name in active]
    down = [p.name for p in selected if p.name not in active]
    spaces = " (entries keep their spaces: ' mlx5_1' is not mlx5_1)" if any(
        e.name != e.name.strip() for e in lst.entries) else ""
    out: list[Finding] = []
    usable = ", ".join(sorted(active)) or "none"
    if not good:
        what = f"only ports that are down ({', '.join(down)})" if down else "no device/port"
        out.append(_f("env.hca_unknown", Severity.ERROR, var,
                      f"NCCL_IB_HCA={raw!r} selects {what}{spaces}: NCCL finds no IB device and falls back "
                      "to NET/Socket", _pasteable_fix(var, setting.value),
                      value=raw, active_ports=sorted(active)))
        return out
    if down and not lst.exclude:
        out.append(_f("env.hca_unknown", Severity.ERROR, var,
                      f"NCCL_IB_HCA={raw!r} selects port(s) that are down: {', '.join(down)} (NCCL skips "
                      "them, so this node runs with fewer NICs than its peers)",
                      "bring the port up, or drop it from NCCL_IB_HCA on every node", value=raw, down=down))
    dead = [e.name + (f":{e.port}" if e.port is not None else "") for e in lst.entries
            if not any(e.matches(p.device, p.port, exact=lst.exact) for p in all_ports)]
    if dead and not out and not lst.exclude:
        # Like a down port: the device meant is not used, so this node runs fewer NICs than its peers.
        out.append(_f("env.hca_unknown", Severity.ERROR, var,
                      f"NCCL_IB_HCA={raw!r} names {', '.join(repr(d) for d in dead)}, which "
                      f"{'matches' if len(dead) == 1 else 'match'} no device/port here{spaces}: NCCL "
                      "silently runs without it, on fewer NICs than intended",
                      _pasteable_fix(var, setting.value) + f" (usable ports: {usable})",
                      value=raw, unknown_entries=dead))
    elif dead and not out:
        out.append(_f("env.hca_entry_unknown", Severity.WARNING, var,
                      f"NCCL_IB_HCA entries {', '.join(repr(d) for d in dead)} match no device/port{spaces} "
                      "(harmless in an exclude list, but likely a typo)",
                      f"remove them; usable ports: {usable}", value=raw, unknown_entries=dead))
    over = lst.prefix_overreach({d.name for d in facts.ib_devices})
    if over:
        desc = "; ".join(f"{k} also matches {', '.join(v)}" for k, v in over.items())
        out.append(_f("env.hca_prefix_ambiguous", Severity.WARNING, var,
                      f"NCCL_IB_HCA={raw!r} uses prefix matching: {desc}",
                      f"write exact names with '=': NCCL_IB_HCA={_exact(facts, lst)}", value=raw,
                      also_matches={k: list(v) for k, v in over.items()}))
    out += _hca_subset(raw, setting.value, compute, good)
    layers = {p.is_roce for p in good}
    if len(layers) > 1:
        out.append(_f("env.hca_mixed_link_layer", Severity.WARNING, var,
                      f"NCCL_IB_HCA={raw!r} selects both InfiniBand and RoCE ports: NCCL cannot connect "
                      "one kind to the other (`Attempted to connect incompatible devices`)",
                      "select one kind only (the compute fabric)", value=raw))
    return out


def _pasteable_fix(var: str, recommended: str | None) -> str:
    """What to paste: the recommended value, or unset when NCCL's own choice is the right one."""
    if recommended is None:
        return f"unset {var}   # NCCL's own choice is right on this node"
    return f"export {var}={recommended}"


def _hca_subset(raw: str, recommended: str | None, wanted: list[IbPort], good: list[IbPort]) -> list[Finding]:
    """ACTIVE compute ports the value leaves out: NCCL then runs fewer rails than the node has (a
    one-rail NCCL_IB_HCA on an 8-NIC node gives 1/8 of its inter-node bandwidth, without an error)."""
    chosen = {p.name for p in good}
    missed = [p.name for p in wanted if p.name not in chosen]
    if not missed:
        return []
    fix = _pasteable_fix("NCCL_IB_HCA", recommended)
    return [_f("env.hca_subset", Severity.WARNING, "NCCL_IB_HCA",
               f"NCCL_IB_HCA={raw!r} leaves out {len(missed)} of the {len(wanted)} ACTIVE compute ports "
               f"({', '.join(missed)}): NCCL runs on {len(chosen)} rail(s), about {len(chosen)}/{len(wanted)} "
               "of this node's inter-node bandwidth", fix,
               value=raw, selected=sorted(chosen), left_out=missed)]


def _exact(facts: NodeFacts, lst: NcclList | None = None) -> str:
    ports = usable_ports(facts)
    if lst is not None:
        ports = [p for p in ports if lst.selects(p.device, p.port)]
    return "=" + ",".join(p.name for p in ports)


def _ifname(facts: NodeFacts, env: dict[str, str]) -> list[Finding]:

    raw = env.get("NCCL_SOCKET_IFNAME")
    if raw is None:
        return []
    var = "NCCL_SOCKET_IFNAME"
    with_addr = [a.iface.name for a in nccl_interfaces(facts, {}, all_passes=True)]
    if len(raw) <= 1:
        return [_f("env.ifname_ignored", Severity.WARNING, var,
                   f"NCCL_SOCKET_IFNAME={raw!r} is ignored: NCCL reads it only when longer than one character",
                   "set the full interface name, or unset it", value=raw)]
    chosen = nccl_interfaces(facts, env)
    if not chosen:
        return [_f("env.ifname_unknown", Severity.ERROR, var,
                   f"NCCL_SOCKET_IFNAME={raw!r} matches no running interface with an address: bootstrap "
                   "fails (`Bootstrap : no socket interface found`) and IB has no out-of-band interface",
                   _pasteable_fix(var, ifname_recommendation(facts).value),
                   value=raw, interfaces_with_address=with_addr)]
    out: list[Finding] = []
    first = chosen[0].iface.name
    if first.startswith(_DEMOTED) or chosen[0].iface.kind == "loopback":
        # With NCCL_COMM_ID set, bootstrapNetInit takes the COMM_ID subnet's interface and ignores
        # NCCL_SOCKET_IFNAME (src/bootstrap.cc); IB's out-of-band exchange and NET/Socket still use it.
        uses = ("NCCL's IB out-of-band exchange and NET/Socket use" if comm_id_address(env) is not None
                else "makes NCCL bootstrap over")
        out.append(_f("env.ifname_virtual", Severity.WARNING, var,
                      f"NCCL_SOCKET_IFNAME={raw!r}: {uses} {first}, which does not reach "
                      "other nodes", "name the interface that carries node-to-node traffic", value=raw))
    lst = parse_nccl_list(raw, version=nccl_version(facts), max_entries=MAX_IFS)
    over = lst.prefix_overreach(i.name for i in facts.ifaces)
    if over:
        desc = "; ".join(f"{k} also matches {', '.join(v)}" for k, v in over.items())
        out.append(_f("env.ifname_prefix_ambiguous", Severity.WARNING, var,
                      f"NCCL_SOCKET_IFNAME={raw!r} is a prefix: {desc}",
                      f"write NCCL_SOCKET_IFNAME=={first} for this exact interface", value=raw))
    return out


def _disabled(facts: NodeFacts, env: dict[str, str]) -> list[Finding]:
    out: list[Finding] = []
    rdma = usable_ports(facts)
    if rdma and (parse_nccl_int(env.get("NCCL_IB_DISABLE", "")) or 0) != 0:
        out.append(_f("env.ib_disabled", Severity.WARNING, "NCCL_IB_DISABLE",
                      f"NCCL_IB_DISABLE={env['NCCL_IB_DISABLE']} while {len(rdma)} RDMA port(s) are ACTIVE: "
                      "inter-node traffic uses NET/Socket", "unset NCCL_IB_DISABLE",
                      ports=[p.name for p in rdma]))
    if rdma and (env.get("NCCL_NET") or "").lower() == "socket":
        out.append(_f("env.ib_disabled", Severity.WARNING, "NCCL_NET",
                      "NCCL_NET=Socket while RDMA ports are ACTIVE: inter-node traffic uses NET/Socket",
                      "unset NCCL_NET", ports=[p.name for p in rdma]))
    net = choose_net(facts, env, nccl_ib_ports(facts, env), bool(nccl_interfaces(facts, env)))
    if net.fails:
        out.append(_f("env.net_unmet", Severity.ERROR, "NCCL_NET", net.why,
                      "unset NCCL_NET, or make the network it names usable on this node",
                      value=env.get("NCCL_NET", "")))
    if len(facts.gpus) > 1:
        for var in ("NCCL_P2P_DISABLE", "NCCL_SHM_DISABLE"):
            if (parse_nccl_int(env.get(var, "")) or 0) == 1:
                out.append(_f("env.p2p_disabled", Severity.WARNING, var,
                              f"{var}=1 left set: traffic between this node's GPUs takes a slower path",
                              f"unset {var}", value=env[var]))
        if env.get("NCCL_P2P_LEVEL") in ("LOC", "0"):
            out.append(_f("env.p2p_disabled", Severity.WARNING, "NCCL_P2P_LEVEL",
                          "NCCL_P2P_LEVEL=LOC turns P2P off between all local GPUs", "unset NCCL_P2P_LEVEL"))
    return out


def _comm_id(facts: NodeFacts, env: dict[str, str]) -> list[Finding]:
    boot = bootstrap_interface(facts, env)
    if comm_id_address(env) is None or not boot.fails:
        return []
    return [_f("env.comm_id_unreachable", Severity.ERROR, "NCCL_COMM_ID", boot.why,
               "set NCCL_COMM_ID to an address:port of rank 0 in a subnet this node has an interface in",
               value=env["NCCL_COMM_ID"])]


def _gdr(facts: NodeFacts, env: dict[str, str]) -> list[Finding]:
    out: list[Finding] = []
    ports = nccl_ib_ports(facts, env)
    raw = env.get("NCCL_NET_GDR_LEVEL")
    if raw is not None and raw.strip() and parse_level(raw, nccl_version(facts)) is None:
        out.append(_f("env.gdr_level_invalid", Severity.WARNING, "NCCL_NET_GDR_LEVEL",
                      f"NCCL_NET_GDR_LEVEL={raw!r} is not a level: NCCL ignores it and keeps its default "
                      "(names are case-sensitive)", "use LOC, PIX, PXB, PHB or SYS (or unset it)", value=raw))
    base = {k: v for k, v in env.items() if k not in ("NCCL_NET_GDR_LEVEL", "NCCL_DMABUF_ENABLE")}
    if not ports or not gdr_support(facts, base).nic_capable:
        return out
    by_default = predict_gdr(facts, base, ports, "IB")
    now = predict_gdr(facts, env, ports, "IB")
    lost = sorted(g for g, e in by_default.items() if e["gdr"] and not now[g]["gdr"])
    if lost:
        out.append(_f("env.gdr_disabled", Severity.WARNING, "NCCL_NET_GDR_LEVEL",
                      f"NCCL_NET_GDR_LEVEL={raw} turns GPUDirect RDMA off for {', '.join(lost)} although "
                      "their NIC is close enough by default", "unset NCCL_NET_GDR_LEVEL", value=raw, gpus=lost))
    old = env.get("NCCL_IB_GDR_LEVEL")
    if old is not None and parse_level(old) == "LOC":
        out.append(_f("env.gdr_disabled", Severity.WARNING, "NCCL_IB_GDR_LEVEL",
                      f"NCCL_IB_GDR_LEVEL={old} asks for GPUDirect RDMA off; NCCL reads this old name only "
                      "before 2.4.0, so it has no effect now but turns GDR off if renamed",
                      "unset NCCL_IB_GDR_LEVEL", value=old))
    # dmaBufSupported (src/init.cc) needs NCCL_DMABUF_ENABLE != 0: with no peer memory, GDR goes.
    only_dmabuf = not gdr_support(facts, base).nccl_sees_peermem
    if only_dmabuf and env_int(env, "NCCL_DMABUF_ENABLE", 1) == 0 and any(
            e["gdr"] for e in by_default.values()):
        out.append(_f("env.gdr_disabled", Severity.WARNING, "NCCL_DMABUF_ENABLE",
                      "NCCL_DMABUF_ENABLE=0 while dma-buf is this node's only GPUDirect RDMA path",
                      "unset NCCL_DMABUF_ENABLE", value=env["NCCL_DMABUF_ENABLE"]))
    return out


def _topo(facts: NodeFacts, env: dict[str, str], read_file: Callable[[str], str | None] | None) -> list[Finding]:
    path = env.get("NCCL_TOPO_FILE")
    if not path or read_file is None:
        return []
    return check_topo_text(facts, read_file(path), path)


def check_env_vars(facts: NodeFacts, env: dict[str, str], *,
                   read_file: Callable[[str], str | None] | None = None) -> list[Finding]:
    """env.* findings for the NCCL variables in `env` on this node.

    `read_file(path)` reads a file named by a variable (NCCL_TOPO_FILE) on the node, None if absent;
    without it such files are not checked. Only the variables named below are judged, so names NCCL
    never reads (probe.nccl.NOT_READ_BY_NCCL: NCCL_VERSION from NVIDIA's images) give no finding,
    and nor do they make recommend_env "unset" anything.
    """
    return (_gid(facts, env) + _hca(facts, env) + _ifname(facts, env) + _comm_id(facts, env)
            + _disabled(facts, env) + _gdr(facts, env) + _topo(facts, env, read_file) + _numbers(env))


# NCCL_PARAM integers NCCL reads with strtoll (src/misc/param.cc): "true" or "yes" read as 0, so a
# switch meant on stays off, without a word from NCCL. (NCCL_IB_GID_INDEX has its own rule.)
_INT_PARAMS = ("NCCL_IB_DISABLE", "NCCL_P2P_DISABLE", "NCCL_SHM_DISABLE", "NCCL_NET_GDR_READ",
               "NCCL_NVLS_ENABLE", "NCCL_CUMEM_ENABLE", "NCCL_COLLNET_ENABLE", "NCCL_IB_TIMEOUT",
               "NCCL_IB_RETRY_CNT", "NCCL_IB_TC", "NCCL_IB_SL", "NCCL_IB_QPS_PER_CONNECTION",
               "NCCL_PXN_DISABLE", "NCCL_IB_PCI_RELAXED_ORDERING", "NCCL_IB_ADAPTIVE_ROUTING")
# The IB fields these are written into (ibv_qp_attr): timeout is 5 bits, retry_cnt 3 bits.
_RANGES = {"NCCL_IB_TIMEOUT": (0, 31), "NCCL_IB_RETRY_CNT": (0, 7), "NCCL_IB_SL": (0, 15),
           "NCCL_IB_TC": (0, 255)}


def _numbers(env: dict[str, str]) -> list[Finding]:
    out: list[Finding] = []
    for var in _INT_PARAMS:
        raw = env.get(var)
        if raw is None or not raw.strip():
            continue
        text = raw.strip().lstrip("+-")
        if not text[:1].isdigit():
            out.append(_f("env.value_invalid", Severity.WARNING, var,
                          f"{var}={raw!r} is not a number: NCCL reads it as 0"
                          + (", which disables nothing" if var.endswith("_DISABLE") else
                             ", which leaves it off" if var.endswith("_ENABLE") else ""),
                          f"write a number, e.g. export {var}=1", value=raw))
            continue
        lo_hi = _RANGES.get(var)
        value = parse_nccl_int(raw)
        if lo_hi and value is not None and not lo_hi[0] <= value <= lo_hi[1]:
            out.append(_f("env.value_invalid", Severity.WARNING, var,
                          f"{var}={raw!r} is outside {lo_hi[0]}-{lo_hi[1]}, what the InfiniBand field "
                          "holds: the value is cut or the QP setup fails",
                          f"export {var}={min(max(value, lo_hi[0]), lo_hi[1])}   # or unset it",
                          value=raw, range=list(lo_hi)))
    return out


# Variables whose recommendation means NCCL's own choice on this node is wrong, not just slower.
_DEFAULT_WRONG = {"NCCL_SOCKET_IFNAME": Cause.WRONG_INTERFACE,
                  "NCCL_IB_GID_INDEX": Cause.GID_INDEX_OR_ROCE_CONFIG,
                  "NCCL_IB_HCA": Cause.TOPOLOGY_OR_NUMA}


def check_nccl_defaults(facts: NodeFacts, recommended: dict[str, str],
                        reasons: dict[str, str]) -> list[Finding]:
    """A variable the recommendation sets that the env in force leaves unset: NCCL's default here
    picks the wrong interface, GID or ports (bootstrap on virbr0, a link-local RoCE v1 GID)."""
    return [Finding(id="env.nccl_default_wrong", severity=Severity.WARNING, subject=var,
                    message=f"{var} is unset and NCCL's own choice on this node is wrong: "
                            f"{reasons.get(var, '')}",
                    fix=f"export {var}={recommended[var]}", cause=cause,
                    evidence={"recommended": recommended[var]})
            for var, cause in _DEFAULT_WRONG.items()
            if var in recommended and var not in facts.nccl.env]
