"""The merge of two LogStates of consecutive byte ranges of one log (nccl_log reads a large file in two processes):
the later range's facts folded into the first's, its line numbers shifted by the first's line count."""

from __future__ import annotations

from ncclkit.logs.nccl_log_state import (MAX_ENV, MAX_ERRORS, MAX_GDR_REASONS, MAX_IB_DEVICES, MAX_PAIRS, MAX_TRACES,
                                        LogState)
from ncclkit.logs.paste import MAX_COLL_OPS, note_coll_call

__all__ = ["merge"]


def merge(first: LogState, later: LogState) -> None:
    """Fold into `first` the state of the byte range that follows it (`later`'s line numbers are local)."""
    offset = first.lines_total
    first.lines_total += later.lines_total
    first.nccl_lines += later.nccl_lines
    first.hosts |= later.hosts
    first.versions.update(later.versions)
    if later.nranks is not None:
        first.nranks = later.nranks if first.nranks is None else max(first.nranks, later.nranks)
    first.test_ranks |= later.test_ranks
    first.test_rank_host = {**later.test_rank_host, **first.test_rank_host}
    for gpu, ranks in later.test_gpus.items():
        first.test_gpus.setdefault(gpu, set()).update(ranks)
    first.test_headers += later.test_headers
    first.test_min_ranks = max(first.test_min_ranks, later.test_min_ranks)
    first.link_local_ifaces.update(later.link_local_ifaces)
    for name, addrs in later.iface_v4.items():
        first.iface_v4.setdefault(name, set()).update(addrs)
    if later.build_cuda is not None:
        first.build_cuda = later.build_cuda if first.build_cuda is None else min(first.build_cuda, later.build_cuda)
    first.test_rows += later.test_rows
    if later.nnodes is not None:
        first.nnodes = later.nnodes if first.nnodes is None else max(first.nnodes, later.nnodes)
    if later.local_ranks is not None:
        first.local_ranks = later.local_ranks if first.local_ranks is None else max(first.local_ranks,
                                                                                    later.local_ranks)
    first.networks.update(later.networks)
    for host, nets in later.networks_by_host.items():
        first.networks_by_host.setdefault(host, set()).update(nets)
    for host, which in later.net_plugin_by_host.items():
        first.net_plugin_by_host.setdefault(host, set()).update(which)
    first.plugins |= later.plugins
    for name, value in later.env.items():
        if len(first.env) < MAX_ENV or name in first.env:
            first.env[name] = value
    if len(first.pairs) < MAX_PAIRS:
        first.pairs.update(later.pairs)
    else:
        first.pairs_truncated = True
        for tail, count in later.pairs.items():
            v = tail.rfind(b" via ")
            if v >= 0:
                first.overflow_transports[tail[v + 5:]] += count
    first.overflow_transports.update(later.overflow_transports)
    first.pairs_truncated |= later.pairs_truncated
    first.gdr_enabled_lines += later.gdr_enabled_lines
    for reason in later.gdr_disabled:
        if len(first.gdr_disabled) < MAX_GDR_REASONS and reason not in first.gdr_disabled:
            first.gdr_disabled.append(reason)
    first.no_ib_device |= later.no_ib_device
    for dev in later.ib_devices:
        if dev not in first.ib_devices and len(first.ib_devices) < MAX_IB_DEVICES:
            first.ib_devices.append(dev)
    first.socket_devices |= later.socket_devices
    for name in later.socket_ifaces:
        if name not in first.socket_ifaces and len(first.socket_ifaces) < 16:
            first.socket_ifaces.append(name)
    if later.nic_speed_mbps is not None:
        first.nic_speed_mbps = max(first.nic_speed_mbps or 0, later.nic_speed_mbps)
    for key, (line_no, count, text, cls) in later.errors.items():
        entry = first.errors.get(key)
        if entry is not None:
            entry[1] += count
        elif len(first.errors) < MAX_ERRORS:
            first.errors[key] = [line_no + offset, count, text, cls]
    for code, site in later.return_codes.items():
        first.return_codes.setdefault(code, site)
    if not first.launch_hosts and later.launch_hosts:
        first.launch_hosts, first.launch_line = later.launch_hosts, later.launch_line + offset
    for pkg, vers in later.packages.items():
        first.packages.setdefault(pkg, set()).update(vers)
    for fact, line_no in later.fact_lines.items():
        first.note(fact, line_no + offset)
    for call, line_no in later.coll_lines.items():
        if len(first.coll_lines) < 2 * MAX_COLL_OPS:
            first.coll_lines.setdefault(call, line_no + offset)
    first.traces.extend((n + offset, src, code) for n, src, code in later.traces[:MAX_TRACES - len(first.traces)])
    for (process, nranks, op), call in later.coll_by_process.items():
        note_coll_call(first.coll_by_process, first.coll_shared_ops, process, (nranks, op, *call))
    first.coll_shared_ops |= later.coll_shared_ops
    for op_key, ops in later.coll_ops.items():
        if len(first.coll_ops) < MAX_COLL_OPS or op_key in first.coll_ops:
            first.coll_ops.setdefault(op_key, set()).update(ops)
