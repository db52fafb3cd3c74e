"""The frozen NcclLogSummary of a finished log read (nccl_log_state.LogState): transports and GDR
from the channel lines, hosts, ranks and nodes, the network chosen, errors in line order."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ncclkit.findings import Severity
from ncclkit.logs.nccl_log_model import LogError, NcclLogSummary, TransportUse
from ncclkit.logs.nccl_log_state import LogState
from ncclkit.logs.paste import coll_mismatch
from ncclkit.logs.patterns import NCCL_RESULT_NAMES, class_of
from ncclkit.logs.patterns_table_source import TRACE_SITES
from ncclkit.logs.transport_map import transport_map_of

__all__ = ["summarize"]


def summarize(st: LogState) -> NcclLogSummary:
    """The frozen summary of a finished read."""
    transports: set[str] = set()
    transport_map, net_gdr, net_nogdr = transport_map_of(st.pairs, st.overflow_transports, transports)
    if net_gdr:
        gdr: bool | None = True
    elif net_nogdr:
        gdr = False
    elif st.gdr_enabled_lines:
        gdr = True
    elif st.gdr_disabled:
        gdr = False
    else:
        gdr = None
    hosts = set(st.hosts)
    # A paste often cuts the first line mid-hostname ("ask-7677-54l6r" for "task-7677-54l6r").
    first = st.first_host
    if first and first in hosts and any(h != first and h.endswith(first) for h in hosts):
        hosts.discard(first)
    nranks = st.nranks
    if nranks is None and st.test_ranks:
        nranks = max(st.test_ranks) + 1
    trace_lines = [t[0] for t in st.traces]
    errors = tuple(_fatal_if_traced(
        LogError(line_no=e[0], count=e[1], text=e[2], category=e[3].category,
                 severity=e[3].severity, explanation=e[3].explanation, fix=e[3].fix,
                 cause=e[3].cause, role=e[3].role, alternatives=e[3].alternatives), trace_lines)
        for e in sorted(st.errors.values(), key=lambda e: e[0]))
    errors += _traced_errors(st, errors)
    mismatch = coll_mismatch(st.coll_ops, st.coll_lines, st.coll_shared_ops)
    return NcclLogSummary(
        nccl_version=st.versions.most_common(1)[0][0] if st.versions else None,
        nranks=nranks, hosts=tuple(sorted(hosts)), transports=tuple(sorted(transports)),
        network=_network(st, transports), gdr=gdr, errors=errors,
        versions=tuple(sorted(st.versions)),
        networks_by_host={h: tuple(sorted(v)) for h, v in sorted(st.networks_by_host.items())},
        net_plugin_by_host={h: tuple(sorted(v)) for h, v in sorted(st.net_plugin_by_host.items())},
        nccl_build_cuda=st.build_cuda, link_local_ifaces=tuple(sorted(st.link_local_ifaces)),
        socket_addrs=tuple(f"{name}:{a}" for name, addrs in sorted(st.iface_v4.items()) for a in sorted(addrs))[:16],
        plugins=tuple(sorted(st.plugins)), env=dict(st.env),
        transport_map=tuple(transport_map), transport_map_truncated=st.pairs_truncated,
        net_without_gdr=net_nogdr, gdr_disabled_reasons=tuple(st.gdr_disabled),
        no_ib_device=st.no_ib_device, ib_devices=tuple(st.ib_devices),
        nic_speed_mbps=st.nic_speed_mbps,
        return_codes={c: f"{NCCL_RESULT_NAMES.get(c, 'code ' + str(c))} first raised at {site}"
                      for c, site in sorted(st.return_codes.items())},
        lines_total=st.lines_total, nccl_lines=st.nccl_lines,
        package_versions={p: tuple(sorted(v)) for p, v in sorted(st.packages.items())},
        coll_mismatch=mismatch[0], coll_mismatch_lines=mismatch[1], launch_hosts=tuple(st.launch_hosts),
        launch_line=st.launch_line, socket_ifaces=tuple(st.socket_ifaces), nodes=_nodes(st, transport_map),
        local_ranks=st.local_ranks if st.local_ranks is not None else _listed_local_ranks(st),
        shared_test_gpus=_shared_gpus(st),
        solo_test_processes=len(st.test_rank0_pids) if st.test_ranks == {0} else 0,
        test_headers=st.test_headers, test_rows=st.test_rows, fact_lines=dict(st.fact_lines))


def _shared_gpus(st: LogState) -> tuple[str, ...]:
    """Ranks placed on one GPU of one host: by nccl-tests' listing, or by the ranks' "comm 0x.. rank N nranks M cudaDev
    D busId B" lines under one host name (amazon-science/polygon-transformer#29: both ranks "busId 19000", then
    ncclInvalidUsage and "Abort COMPLETE"). One process's ranks in several communicators share its GPU too, so the
    readers use this only beside NCCL's invalid-usage error, what it returns for two ranks on one GPU."""
    listed = [((h, bus), r) for (h, bus), r in sorted(st.test_gpus.items()) if len(r) > 1]
    if len(st.hosts) == 1 and not listed:
        by_bus: dict[str, set[int]] = {}
        for rank, bus in st.init_gpus.items():
            by_bus.setdefault(bus, set()).add(rank)
        listed = [((next(iter(st.hosts)), bus), r) for bus, r in sorted(by_bus.items()) if len(r) > 1]
    return tuple(f"ranks {', '.join(map(str, sorted(r)))} on {h} ({bus})" for (h, bus), r in listed)[:8]


def _traced_errors(st: LogState, errors: tuple[LogError, ...]) -> tuple[LogError, ...]:
    """A failure whose WARN the paste does not hold, read from where its return-code trace passes
    (patterns_table_source.TRACE_SITES): only when no line already names a cause."""
    if any(e.role in ("root", "likely") and e.cause is not None for e in errors):
        return ()
    out: list[LogError] = []
    for line_no, src, code in sorted(st.traces):
        for suffix, codes, category in TRACE_SITES:
            if src.endswith(suffix) and code in codes and all(e.category != category for e in out):
                cls = class_of(category)
                out.append(LogError(
                    line_no=line_no, text=f"{src} -> {code} ({NCCL_RESULT_NAMES.get(code, code)})",
                    category=category, severity=Severity.ERROR, fix=cls.fix, cause=cls.cause, role=cls.role,
                    alternatives=cls.alternatives,
                    explanation=f"{cls.explanation} (NCCL's return-code trace fails in {src}; the WARN that "
                                f"says why is not in the paste)"))
    return tuple(out)


def _fatal_if_traced(e: LogError, traces: list[int]) -> LogError:
    """A warning NCCL usually survives ("Could not find real path of ...") that a return-code trace
    follows within two lines ("graph/xml.cc:469 -> 2", NCCLCHECK in debug.h) did fail the call this
    time: it is an error, and the most likely cause of the failure it started."""
    if e.severity != Severity.WARNING or not any(e.line_no < t <= e.line_no + 2 for t in traces):
        return e
    return replace(e, severity=Severity.ERROR,
                   explanation=e.explanation + " (here it failed NCCL's call: a return-code trace follows it)")


def _nodes(st: LogState, transport_map: list[TransportUse]) -> int | None:
    """NCCL's nNodes, else one node where no communicator has a second rank (before 2.20, "comm 0x.. rank 0 nranks 1":
    THUDM/SwissArmyTransformer#179's single-rank job led by its socket fallback), else the hosts of a complete
    nccl-tests rank listing (rank 0 prints every rank), else one node where every rank's ncclCommInitRank line shows
    under one host name, each on its own GPU (before NCCL 2.20's nNodes; two nodes of one host name would repeat a bus
    id), or where every rank of the communicator prints its ring connection and each goes over P2P or SHM, which join
    GPUs of one node only (pytorch/pytorch#7019: NCCL 2.2's "0[0] -> 1[1] via P2P/direct pointer"; multi-node NVLink's
    P2P/MNNVL excepted)."""
    if st.nnodes is not None:
        return st.nnodes
    if st.nranks == 1:
        return 1
    if st.nranks and len(st.hosts) == 1 and set(st.init_gpus) == set(range(st.nranks)) and \
            len(set(st.init_gpus.values())) == st.nranks:
        return 1
    if st.nranks and transport_map and not st.pairs_truncated and \
            all(t.transport.startswith(("P2P", "SHM")) and t.transport != "P2P/MNNVL" for t in transport_map) and \
            {t.src_rank for t in transport_map} == set(range(st.nranks)):
        return 1
    if _listing_complete(st):
        return len(set(st.test_rank_host.values()))
    return None


def _listing_complete(st: LogState) -> bool:
    """nccl-tests' rank listing holds every rank: a listing cut short (a paste of its first lines) has fewer ranks
    than one process drives."""
    return bool(st.test_ranks) and st.test_ranks == set(range(max(st.test_ranks) + 1)) and \
        len(st.test_ranks) >= st.test_min_ranks


def _listed_local_ranks(st: LogState) -> int | None:
    """The most ranks on one host of a complete nccl-tests listing, where NCCL printed no localRanks (before 2.20,
    or a paste of the test's output alone): one rank per host makes NCCL_P2P/SHM settings moot as NCCL's own
    "localRanks 1" does (NVIDIA/nccl-tests#293: "-H a:1,b:1 ... -x NCCL_SHM_DISABLE=1" made no difference)."""
    if not _listing_complete(st) or len(st.test_rank_host) != len(st.test_ranks):
        return None
    return max(Counter(st.test_rank_host.values()).values())


def _network(st: LogState, transports: set[str]) -> str | None:
    if st.networks:
        return st.networks.most_common(1)[0][0]
    nets = {t.split("/")[1] for t in transports if t.startswith("NET/")}
    if len(nets) == 1:
        return nets.pop()
    if st.ib_devices:
        return "IB"
    if st.socket_devices:
        return "Socket"
    return None
