"""Findings from a parsed NCCL log and nccl-tests output (pure: parsed record -> list[Finding]); the
pasted tool outputs (topo -m, port listings, show_gids) are judged in tool_checks.py."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.logs.diagnose import env_findings, error_findings
from ncclkit.logs.diagnose_addresses import VIRTUAL_ADDR
from ncclkit.logs.layout_checks import layout_findings, turned_off
from ncclkit.logs.ranking import rank_findings
from ncclkit.logs.nccl_log import NcclLogSummary
from ncclkit.logs.nccl_tests import NcclTestsResult
from ncclkit.logs.return_codes import return_code_finding
from ncclkit.nccl.gdr import peermem_paths_checked
from ncclkit.nccl.versions import NET_SOCKET_ONLY_AS_FALLBACK, PEERMEM_MODULE, parse_nccl_version, ver_at_least

__all__ = ["check_log", "check_tests"]

# Without a known line rate: the fastest per-GPU NIC shipping today (800 Gb/s) bounds inter-node busbw.
MAX_NIC_GBPS = 800.0
E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
# 2.4 - 2.6 print ">=" (transport/net.cc); "(distance PHB >= PHB)" is nccl_log_state's reading of 2.4's NIC distances
_GDR_DISTANCE = re.compile(r"\(distance (?:\d+|[A-Z]{3,4}) >=? (?:\d+|PHB)\)")


_NET_PROBE = re.compile(r"(?<![\w/])(?:plugin/)?net(?:_v\d+)?\.cc:")
# NET/IB's own init refusing (no device, NCCL_IB_DISABLE) where the log names sockets as the network: 2.28's
# "transport/net_ib.cc:852 -> 3" before "Failed to initialize NET plugin IB" (device-faults-2.28.9 logs).
_IB_PROBE = re.compile(r"(?<![\w/])(?:transport/)?net_ib(?:/\w+)?\.cc:")


def _probing(site: str, network: str | None) -> bool:
    return network is not None and bool(_NET_PROBE.search(site) or (network == "Socket" and _IB_PROBE.search(site)))


def check_log(s: NcclLogSummary, name: str) -> list[Finding]:
    out: list[Finding] = error_findings(s, name)
    # A WARN that says why comes first; lines read at info only (a missing libibverbs, noise) do not say it.
    # Codes raised while NCCL tried the networks in turn, when the log then names the one it uses, were handled: net.cc
    # skips a network whose init fails (NVIDIA/nccl#1053: "net.cc:79 -> 3" from the IB plugin NCCL_IBEXT_DISABLE=1
    # turned off, then "Using network Socket").
    codes = {code: site for code, site in s.return_codes.items() if not _probing(site, s.network)}
    if codes and not any(e.severity != I for e in s.errors):
        # Loopback is what a one-node job may bootstrap on: not counted.
        unreachable = tuple(a for _, _, a in (p.partition(":") for p in s.socket_addrs)
                            if VIRTUAL_ADDR.fullmatch(a) and not a.startswith("127."))
        out.append(return_code_finding(codes, name, unreachable, s.shared_test_gpus))
    nets = {t for t in s.transports if t.startswith("NET/")}
    multi = len(s.hosts) >= 2
    # "NET/Socket : Using" / "Using network Socket" alone: NCCL tries a plugin, then IB, and takes
    # sockets last (net.cc ncclNetInit), so the line says RDMA was not usable (NCCL >= 2.5; before, it
    # listed the bootstrap interfaces on every node); one node needs no network.
    socket_line_proves = ver_at_least(parse_nccl_version(s.nccl_version), NET_SOCKET_ONLY_AS_FALLBACK)
    # "NET/IB : No device found." with no other network named: NCCL's IB transport found no usable port
    # and, without a net plugin, NET/Socket is the only network left (net.cc tries plugin, IB, Socket).
    ib_found_none = s.no_ib_device and not nets and not s.plugins and s.network in (None, "Socket")
    if "NET/Socket" in nets or (s.network == "Socket" and socket_line_proves) or ib_found_none:
        # The fallback and what caused it: a variable, a library that did not load, no device.
        verbs = next((e for e in s.errors if e.category in ("libibverbs_missing", "verbs_provider_missing")), None)
        why = "NCCL_IB_DISABLE=1 is set" if s.env.get("NCCL_IB_DISABLE") == "1" else (
            (f"libibverbs could not be loaded (line {verbs.line_no})" if verbs.category == "libibverbs_missing"
             else f"libibverbs has no provider for the RDMA device (line {verbs.line_no})") if verbs else
            "NET/IB found no device" if s.no_ib_device else "no RDMA network was selected")
        out.append(Finding(
            id="log.net_socket", severity=W, subject=s.hosts[0] if len(s.hosts) == 1 else "inter-node",
            message=(f"inter-node traffic uses NET/Socket (TCP), not RDMA: {why}" if multi or "NET/Socket" in nets
                     else f"NCCL chose NET/Socket (TCP) as its network, so traffic between nodes (if this job spans "
                          f"nodes) goes over TCP, not RDMA: {why}"),
            fix="make the RDMA devices visible to NCCL (rdma-core, device plugin, NCCL_IB_HCA) and unset "
                "NCCL_IB_DISABLE; on purpose-built TCP clouds use the vendor net plugin",
            evidence={"transports": sorted(nets), "network": s.network, "hosts": list(s.hosts[:16]),
                      "lines": fact_lines(s, "network:Socket", "net_socket", "socket_channel")
                      + ([verbs.line_no] if verbs else [])}))
    # Channels without /GDRDMA, or (an excerpt without channel lines) NET/IB's own "GPU Direct RDMA
    # Disabled for HCA" lines (graph/topo.cc) with no GDR-enabled line.
    if s.net_without_gdr and any(t.startswith("NET/") and t != "NET/Socket" for t in nets) or (
            not nets and s.gdr is False and any("HCA" in r for r in s.gdr_disabled_reasons)):
        reasons = list(s.gdr_disabled_reasons)
        # paths.cc "GPU Direct RDMA Disabled for GPU g / HCA n (distance A > B)": the GPU-NIC path is longer than
        # the GDR level (PXB unless NCCL_NET_GDR_LEVEL is set): the placement, not the peer-memory module. The
        # per-HCA line (net_ib.cc "(no module)" before 2.19, topo.cc after) says the NIC takes no GPU pointers:
        # no peer-memory module seen and no DMA-BUF.
        far = bool(reasons) and all(_GDR_DISTANCE.search(r) for r in reasons)
        out.append(Finding(
            id="log.no_gdrdma", severity=W, subject="inter-node",
            message="RDMA channels without /GDRDMA: data is staged through host memory"
                    + (f" ({reasons[0]})" if reasons else ""),
            fix="place each GPU under the same PCIe switch as its NIC (PIX/PXB) or raise NCCL_NET_GDR_LEVEL" if far
            else _peermem_fix(s.nccl_version),
            cause=Cause.TOPOLOGY_OR_NUMA if far else None,
            evidence={"gdr_disabled": reasons[:8], "lines": fact_lines(s, "net_without_gdr", "gdr_disabled")}))
    # NCCL's "localRanks 1" (2.20+, init.cc): no two ranks share a node, so P2P and SHM settings change nothing
    # (NVIDIA/nccl-tests#373); a line that states the setting (DeepSpeed's launcher echoing it) has its finding already.
    stated = {f.id for f in out}
    for var in ("NCCL_P2P_DISABLE", "NCCL_SHM_DISABLE", "NCCL_P2P_LEVEL"):
        if turned_off(s.env, var) and s.local_ranks != 1 and "log.p2p_disabled" not in stated:
            # P2P is turned off most often to get past P2P that hangs: PCIe ACS or the IOMMU (NVIDIA/nccl#203).
            alternatives = [str(Cause.ACS_IOMMU_P2P)] if "P2P" in var else []
            out.append(Finding(id="log.p2p_disabled", severity=W, subject=var,
                               message=f"{var}={s.env[var]} in the log: intra-node traffic cannot use "
                                       f"{'P2P (NVLink/PCIe)' if 'P2P' in var else 'shared memory'}",
                               fix=f"unset {var} unless it works around a known bug; where P2P hangs without it, "
                                   "PCIe ACS or the IOMMU is what to fix (disable ACS, boot with iommu=pt)",
                               evidence={var: s.env[var], "alternatives": alternatives}))
    # NCCL_IB_DISABLE=1 echoed by NCCL (param.cc) with no socket channel or network line to say it: the job runs
    # without RDMA between nodes (log.net_socket names the variable when the fallback itself shows).
    if s.env.get("NCCL_IB_DISABLE") == "1" and s.network != "IB" and not stated & {"log.net_socket", "log.ib_disabled"}:
        out.append(Finding(id="log.ib_disabled", severity=W, subject="NCCL_IB_DISABLE",
                           message="NCCL_IB_DISABLE=1 in the log: NCCL uses no RDMA device (InfiniBand or RoCE), so "
                                   "traffic between nodes goes over TCP sockets",
                           fix="unset NCCL_IB_DISABLE where the nodes have RDMA NICs",
                           evidence={"NCCL_IB_DISABLE": "1", "lines": fact_lines(s, "env:NCCL_IB_DISABLE")}))
    level = s.env.get("NCCL_NET_GDR_LEVEL") or s.env.get("NCCL_IB_GDR_LEVEL")
    if level in ("0", "LOC"):
        out.append(Finding(id="log.gdr_level_off", severity=W, subject="NCCL_NET_GDR_LEVEL",
                           message=f"NCCL_NET_GDR_LEVEL={level} turns GPUDirect RDMA off",
                           fix="unset NCCL_NET_GDR_LEVEL", evidence={"NCCL_NET_GDR_LEVEL": level}))
    # One host whose channels between its own ranks (a rank that also logs from this host) go over the network:
    # a channel to a rank this host never shows is most likely on another node (one GPU per node, or a rank's own
    # excerpt), which alone proves nothing. A `[receive]` line names its remote sender first (NVIDIA/nccl#1453:
    # "8[0] -> 0[0] [receive]" on rank 0's host, rank 8 on the next node).
    local_ranks = {t.local_rank for t in s.transport_map if t.local_rank is not None}
    local_net = any(t.transport.startswith("NET") and t.remote_rank in local_ranks and t.remote_rank != t.local_rank
                    for t in s.transport_map)
    if len(s.hosts) == 1 and local_net and s.local_ranks != 1 and not any(
            t.startswith(("P2P", "SHM")) for t in s.transports):
        out.append(Finding(
            id="log.intra_node_net", severity=I, subject=s.hosts[0],
            message="ranks of this one host talk to each other over the network, and no channel uses P2P or "
                    "SHM: P2P and shared memory are unavailable between its GPUs",
            fix="check NCCL_P2P_DISABLE / NCCL_SHM_DISABLE, `nvidia-smi topo -m` (P2P across the PCIe path, ACS) "
                "and that the ranks of one node share /dev/shm and their IPC namespace (one container per node, not "
                "per GPU)", evidence={"transports": list(s.transports)}))
    if len(s.versions) > 1:  # an error elsewhere in the log is then most likely its consequence
        out.append(Finding(id="cluster.version_mismatch", severity=E if s.errors else W, subject="NCCL",
                           message=f"ranks report different NCCL versions: {', '.join(s.versions)}",
                           fix="install the same NCCL build on every node", evidence={"versions": list(s.versions)}))
    nets_seen = Counter(n for v in s.networks_by_host.values() for n in v)
    if len(nets_seen) > 1:
        out.append(Finding(id="cluster.version_mismatch", severity=W, subject="net plugin",
                           message="hosts use different networks/plugins: " + ", ".join(
                               f"{n} on {c} host(s)" for n, c in nets_seen.most_common()),
                           fix="install the same net plugin (or none) and the same NCCL_NET settings on every node",
                           evidence={"networks_by_host": {h: list(v) for h, v in list(s.networks_by_host.items())[:32]}}))
    # Hosts that each say one thing, and not the same thing: an external net plugin on some, NCCL's internal
    # network on the others (a library installed on part of the nodes).
    plugin = {h: v[0] for h, v in s.net_plugin_by_host.items() if len(v) == 1}
    if len(set(plugin.values())) > 1 and len(nets_seen) <= 1:
        ext = sorted(h for h, v in plugin.items() if v == "external")
        internal = sorted(h for h, v in plugin.items() if v == "internal")
        out.append(Finding(id="cluster.version_mismatch", severity=E if s.errors else W, subject="net plugin",
                           message=f"{', '.join(ext[:4])} loaded an external net plugin (libnccl-net.so) and "
                                   f"{', '.join(internal[:4])} did not (NCCL's internal network): the hosts run "
                                   "different network code",
                           fix="install the same net plugin on every node (or remove it everywhere): `ldconfig -p | "
                               "grep libnccl-net` and LD_LIBRARY_PATH on each node show which one loads",
                           evidence={"external": ext[:16], "internal": internal[:16], "role": "root",
                                     "lines": fact_lines(s, "net_plugin:external", "net_plugin:internal")}))
    differ = {p: v for p, v in s.package_versions.items() if len(v) > 1}
    if differ:
        out.append(Finding(id="log.package_versions", severity=E, subject=", ".join(differ),
                           message="the pasted package listings show different versions: " + "; ".join(
                               f"{p} {' vs '.join(v)}" for p, v in differ.items()),
                           fix="keep one NCCL: remove the other packages or library files (`ldconfig -p | grep "
                               "libnccl` and LD_LIBRARY_PATH show which one loads), and install the same version "
                               "on every node and in every container",
                           evidence={"versions": {p: list(v) for p, v in differ.items()}, "role": "root",
                                     "lines": fact_lines(s, *(f"package:{p}:{x}" for p, v in differ.items()
                                                              for x in v))}))
    if s.coll_mismatch:
        out.append(Finding(id="log.collective_mismatch", severity=E, subject="COLL",
                           message="ranks logged different collectives for the same operation: "
                                   + "; ".join(s.coll_mismatch),
                           fix="make every rank issue the same collectives with the same sizes and dtypes "
                               "(TORCH_DISTRIBUTED_DEBUG=DETAIL names the first that differs)",
                           evidence={"calls": list(s.coll_mismatch), "role": "root",
                                     "lines": list(s.coll_mismatch_lines)}))
    if s.solo_test_processes > 1:  # nccl-tests' listing inside an NCCL log (work-chausat/temp's alltoall.log)
        out.append(Finding(id="tests.duplicated_output", severity=W, subject="nccl-tests",
                           message=f"{s.solo_test_processes} processes each list themselves as Rank 0 of a one-rank "
                                   "test" + _SOLO_RUNS, fix=_MPI1_FIX,
                           evidence={"rank0_processes": s.solo_test_processes, "role": "root",
                                     "lines": fact_lines(s, "test_rank0")}))
    out.extend(env_findings(s))
    out.extend(layout_findings(s))
    out.extend(_virtual_interface(s))
    if s.transport_map:
        out.append(_transport_map_finding(s))
    if s.nccl_lines == 0:
        out.append(Finding(id="log.no_nccl_lines", severity=I, subject=name,
                           message="no NCCL debug lines found", fix="run with NCCL_DEBUG=INFO"))
    # One node: NCCL's own count, or (a log without it) sockets on loopback only: a job over several nodes would fail
    # to connect, not run (NVIDIA/nccl#1126; nccl#259: "since you only run NCCL on a single node ... not relevant").
    loopback = bool(s.socket_addrs) and all(a.partition(":")[2].startswith("127.") for a in s.socket_addrs)
    if s.nodes == 1 or s.nodes is None and loopback and len(s.hosts) < 2:
        out = [_one_node(f) for f in out]
    if s.local_ranks == 1:  # one rank a node: the P2P and SHM settings (a launcher's echo of them too) change nothing
        out = [_one_node(f, _INTRA_NODE_ONLY, "no two ranks of this log share a node: no intra-node traffic")
               for f in out]
    return rank_findings(out)


def _peermem_fix(version: str | None) -> str:
    """Peer memory for GPUDirect RDMA, as the NCCL of the log looks for it (nccl.gdr.peermem_paths_checked): before
    PEERMEM_MODULE NCCL tests only MOFED's memory_peers files, so the driver's nvidia_peermem alone goes unseen."""
    fix = "load nvidia_peermem (`modprobe nvidia_peermem`) or use DMA-BUF (open kernel driver, kernel 5.12+)"
    parsed = parse_nccl_version(version) if version else None
    if parsed is None:
        return fix + ("; if nvidia_peermem is loaded already, an NCCL before 2.23.4 does not see it (it looks only "
                      "for MOFED's /sys/kernel/mm/memory_peers files): upgrade NCCL or use DMA-BUF")
    if not ver_at_least(parsed, PEERMEM_MODULE):
        files = ", ".join("/" + f for f in peermem_paths_checked(parsed))
        fix += (f"; if nvidia_peermem is loaded already, NCCL {version} does not see it (it looks only for "
                f"{files}): upgrade NCCL to 2.23.4+ or use DMA-BUF")
    return fix


def fact_lines(s: NcclLogSummary, *facts: str) -> list[int]:
    """The log lines (first of each) that show these facts, in line order."""
    return sorted({s.fact_lines[f] for f in facts if f in s.fact_lines})


# What only inter-node traffic uses: on one node NCCL connects every pair through P2P, SHM or (between
# processes that cannot share memory) NET loopback, so these explain no failure there.
_INTER_NODE_ONLY = frozenset({"log.libibverbs_missing", "log.verbs_provider_missing", "log.no_ib_device",
                              "log.ib_disabled", "log.gdr_disabled", "log.net_socket", "log.no_gdrdma",
                              "log.gdr_level_off", "env.ifname_virtual"})
# What only traffic between GPUs of one node uses.
_INTRA_NODE_ONLY = frozenset({"log.p2p_disabled"})


def _one_node(f: Finding, ids: frozenset[str] = _INTER_NODE_ONLY,
              why: str = "every rank of this log is on one node: no inter-node traffic depends on it") -> Finding:
    # An INFO line read as a cause (a missing libibverbs) loses its cause too (NVIDIA/nccl#2094: a one-node run of
    # 8 ranks led by the socket fallback its GIN probe printed).
    if f.id not in ids or (f.severity == I and f.cause is None):
        return f
    evidence = {**(f.evidence if isinstance(f.evidence, dict) else {}), "role": "none", "nodes": 1}
    return replace(f, severity=I, evidence=evidence, no_cause=True, message=f"{f.message} ({why})")


# Interfaces that do not join nodes: loopback, container bridges and veths, libvirt, tunnels.
_VIRTUAL_IF = re.compile(r"^(?:lo|docker\d*|veth\w*|virbr\w*|br-\w+|cni\w*|flannel\S*|cali\w*|tun\w*|tunl\w*|"
                         r"ip6tnl\w*|ip_vti\w*|sit\d*|kube-ipvs\d*)$")
_SOCKET_ERRORS = frozenset({"socket_connect_failed", "socket_closed", "bootstrap_error", "timeout", "system_error",
                            "remote_exited", "no_interface"})


def _virtual_interface(s: NcclLogSummary) -> list[Finding]:
    """NCCL bootstraps or carries sockets over an interface that does not reach other nodes (it takes
    the first interfaces it finds unless NCCL_SOCKET_IFNAME says otherwise; misc/socket.cc)."""
    failing = any(e.category in _SOCKET_ERRORS for e in s.errors)
    # Loopback is what a one-node job may use; bridges, veths and tunnels never join nodes. NCCL takes lo only
    # when nothing else is up, or when NCCL_SOCKET_IFNAME names it (misc/socket.cc ncclFindInterfaces: "^docker,lo,
    # virbr" first), so lo listed beside another interface was asked for (kubeflow/pytorch-operator#202).
    # An IPv6 link-local address (fe80::) reaches only its own link: across nodes it is no address to give peers.
    # One host's log of a job whose node count it does not show: a link-local interface listed beside a routable one
    # (skypilot-org/skypilot#4448, Azure's Accelerated-Networking VF enP<n>s<n> beside eth0) is one a job across
    # nodes dials and cannot reach; alone, it may be all a one-node job needs.
    one_host = len(s.hosts) < 2 and s.nodes is None
    routable = any(i not in s.link_local_ifaces and not _VIRTUAL_IF.match(i) for i in s.socket_ifaces)
    bad = [i for i in s.socket_ifaces
           if _VIRTUAL_IF.match(i) and (i != "lo" or len(s.hosts) >= 2 or len(s.socket_ifaces) > 1)
           or i in s.link_local_ifaces and (len(s.hosts) >= 2 or (s.nodes or 0) >= 2 or one_host and routable)]
    if not bad:
        return []
    good = [i for i in s.socket_ifaces if i not in bad]
    # A host whose only socket interface has a link-local address gives its peers on other hosts no address they
    # can reach: that stops the job by itself.
    failing = failing or not good and any(i in s.link_local_ifaces and not _VIRTUAL_IF.match(i) for i in bad)
    return [Finding(
        id="env.ifname_virtual", severity=E if failing else W, subject="NCCL_SOCKET_IFNAME",
        message=f"NCCL uses {', '.join(bad)} for its sockets"
                + (f" (besides {', '.join(good)})" if good else "")
                + ": loopback, container-bridge and tunnel interfaces"
                + (" and link-local addresses (fe80::, 169.254.x.x)" if set(bad) & set(s.link_local_ifaces) else "")
                + " do not reach the other nodes" + (" (if this job spans nodes)" if one_host else ""),
        fix=f"export NCCL_SOCKET_IFNAME={good[0] if good else '<the interface that joins the nodes>'} on every node",
        # While no socket failed the interfaces only may stop the job: the network the log shows (sockets for
        # want of an RDMA device, Oneflow-Inc/oneflow#9115) comes first.
        evidence={"interfaces": list(s.socket_ifaces), "virtual": bad, "role": "root" if failing else "likely",
                  "lines": fact_lines(s, "bootstrap_ifaces", "net_socket")},
        cause=Cause.WRONG_INTERFACE)]


def _transport_map_finding(s: NcclLogSummary) -> Finding:
    per: dict[str, dict] = {}
    for t in s.transport_map:
        d = per.setdefault(t.transport, {"pairs": set(), "channels": 0})
        if t.src_rank is not None and len(d["pairs"]) < 64:
            d["pairs"].add(f"{t.src_rank}->{t.dst_rank}")
        d["channels"] += t.channels
    summary = {k: {"channels": v["channels"], "pairs": sorted(v["pairs"], key=_pair_key)} for k, v in per.items()}
    text = "; ".join(f"{k}: {len(v['pairs'])} rank pair(s), {v['channels']} channel(s)" for k, v in summary.items())
    return Finding(id="log.transport_map", severity=I, subject="channels",
                   message=f"per-channel transports: {text}"
                           + (" (map truncated)" if s.transport_map_truncated else ""),
                   evidence={"by_transport": summary})


def _size_overflow(r: NcclTestsResult, bad: list[int]) -> Finding:
    """Wrong values only at 2 GiB and above (smaller sizes right or not run): a count or offset that overflows 32 bits
    in that NCCL or nccl-tests release, not data corrupted on the way (NVIDIA/nccl-tests#37: wrong at exactly 4 GiB,
    "I fixed it in master")."""
    return Finding(
        id="tests.wrong_results", severity=E, subject=r.collective or "collective",
        message=f"{r.wrong_total} wrong values, only at sizes of 2 GiB and above (first at {bad[0]} B; no smaller size "
                "is wrong): a size that overflows 32 bits in this NCCL or nccl-tests release",
        fix="upgrade NCCL and nccl-tests; until then keep single operations below 2 GiB (-e 1G)",
        cause=Cause.OTHER, evidence={"wrong_total": r.wrong_total, "sizes_bytes": bad[:16], "role": "root",
                                     "alternatives": [str(Cause.CUDA_OR_DRIVER)]})


_SOLO_RUNS = ": every MPI process ran its own single-rank test"
_MPI1_FIX = "rebuild nccl-tests with MPI=1 (make MPI=1 MPI_HOME=...) before running it under mpirun"


def _pair_key(p: str) -> tuple[int, int]:
    a, _, b = p.partition("->")
    return (int(a), int(b)) if a.isdigit() and b.isdigit() else (0, 0)


def check_tests(r: NcclTestsResult, name: str, line_rate_gbps: float | None) -> list[Finding]:
    out: list[Finding] = []
    # Several summaries with a table, or alike (nccl-tests#27: 3.94145 and 3.94156): one launch whose every
    # process ran alone and printed its own. Summaries that differ are runs pasted to compare (nccl#1272), and
    # those of tests of different names are a script's sequence (alltoall_perf, then sendrecv_perf).
    avgs = [a for a in r.avg_busbw_lines if a > 0]
    alike = len(avgs) > 1 and max(avgs) <= 1.05 * min(avgs)
    # Every process of the listing is rank 0 (distinct Pids, nccl-tests#254): the same launch, seen before its table.
    solo = r.rank0_pids > 1 and r.nranks == 1
    if r.duplicated_sizes or (len(r.avg_busbw_lines) > 1 and (r.rows or alike) and len(r.tests_named) < 2) or solo:
        out.append(Finding(
            id="tests.duplicated_output", severity=W, subject=name,
            message=(f"{r.rank0_pids} processes each list themselves as Rank 0" if solo and not r.avg_busbw_lines
                     else f"{len(r.avg_busbw_lines)} 'Avg bus bandwidth' lines / repeated sizes "
                          f"{list(r.duplicated_sizes[:6])}") + _SOLO_RUNS, fix=_MPI1_FIX,
            evidence={"avg_busbw_gbps": list(r.avg_busbw_lines), "duplicated_sizes": list(r.duplicated_sizes),
                      "rank0_processes": r.rank0_pids, "lines": list(r.avg_lines[:10])}))
    peak = r.peak_row
    if peak is None:
        return [Finding(id="tests.no_rows", severity=W, subject=name,
                        message="no nccl-tests result rows found (the run failed or the paste is cut)",
                        fix="look at the error lines; rerun the test"), *out]
    out.append(Finding(
        id="tests.bandwidth", severity=I, subject=r.collective or "collective",
        message=f"peak busbw {peak.busbw_gbps:.2f} GB/s at {peak.size_bytes} B"
                + (f", average {r.avg_busbw_gbps:g} GB/s" if r.avg_busbw_gbps is not None else "")
                + (f", {r.nranks} ranks" if r.nranks else ""),
        evidence={"peak_busbw_gbps": peak.busbw_gbps, "size_bytes": peak.size_bytes,
                  "avg_busbw_gbps": r.avg_busbw_gbps, "rows": len(r.rows)}))
    if r.wrong_total:
        bad = r.wrong_sizes()
        if bad and min(bad) >= 1 << 31:
            out.append(_size_overflow(r, bad))
            return out
        what = "checks over the max error" if r.wrong_column == "error" else "wrong values"
        out.append(Finding(id="tests.wrong_results", severity=E, subject=r.collective or "collective",
                           message=f"{r.wrong_total} {what} (first at {bad[0] if bad else '?'} B): "
                                   "data was corrupted in transit or in a GPU",
                           fix="rerun with NCCL_PROTO=Simple and then NCCL_ALGO=Ring to isolate the protocol; "
                               "check GPU health (Xid errors), PCIe ACS, and NIC firmware",
                           # Corruption on the way: a GPU/driver fault first, then PCIe P2P through ACS
                           # or an IOMMU, then an NCCL bug fixed by an upgrade.
                           evidence={"wrong_total": r.wrong_total, "sizes_bytes": bad[:16], "role": "root",
                                     "alternatives": ["acs_iommu_p2p", "other"]}))
    multi_node = len(r.hosts) >= 2
    limit_gbps = line_rate_gbps or MAX_NIC_GBPS
    # A ring sends busbw out of each node in total, spread over its rails (one channel per NIC), so
    # the bound is the node's NIC bandwidth: at most one NIC per GPU on rail-optimized nodes. Above
    # it, Tree/NVLS reduced inside the node first.
    per_node = max(1, (r.nranks or 0) // len(r.hosts)) if multi_node else 1
    limit_gBps = limit_gbps / 8.0 * per_node
    if multi_node and peak.busbw_gbps is not None and peak.busbw_gbps > 1.05 * limit_gBps:
        out.append(Finding(
            id="tests.busbw_above_nic", severity=W, subject=r.collective or "collective",
            message=f"busbw {peak.busbw_gbps:.1f} GB/s on {len(r.hosts)} nodes exceeds what {per_node} "
                    f"x {limit_gbps:g} Gb/s NICs per node (one per GPU) can carry ({limit_gBps:.1f} GB/s): "
                    "Tree/NVLSTree reduce inside the node first, so busbw overstates the network",
            fix="measure the network with NCCL_ALGO=Ring (and NCCL_NVLS_ENABLE=0)",
            evidence={"peak_busbw_gbps": peak.busbw_gbps, "nic_limit_gbytes_s": limit_gBps,
                      "gpus_per_node": per_node, "hosts": list(r.hosts)}))
    elif line_rate_gbps and peak.busbw_gbps is not None:
        ratio = peak.busbw_gbps / limit_gBps
        good = ratio >= 0.8
        out.append(Finding(
            id="tests.line_rate", severity=I if good else W, subject=r.collective or "collective",
            message=f"peak busbw is {100 * ratio:.0f}% of the "
                    + (f"{per_node} x " if per_node > 1 else "") + f"{line_rate_gbps:g} Gb/s line rate "
                    + ("(good)" if good else "(below the 80% a healthy fabric reaches)"),
            fix="" if good else "check GDRDMA in the NCCL log, NIC/GPU PCIe placement, and port rates",
            # A good verdict names no cause (NVIDIA/nccl-tests#119: "it's perfect"); it must not fill the lead.
            no_cause=good,
            evidence={"ratio": round(ratio, 3), "line_rate_gbps": line_rate_gbps, "nics": per_node}))
    return out
