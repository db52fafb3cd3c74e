"""IB/RoCE port error counters: sys/class/infiniband/<dev>/ports/<p>/counters/<name> (one decimal
a file, the PMA PortCounters the kernel reads: drivers/infiniband/core/sysfs.c), and proc/uptime.

Judged as deltas over a short interval when the port was read twice: live (`doctor --interval`),
or in a snapshot from cmd/ib-counters.json ({"interval_s", "before": {"mlx5_0:1": {name: n}}}, the
tree holding the second reading). A single reading is judged against the time since boot.
"""

from __future__ import annotations

import json
import time

from ncclkit.facts import IbDevice
from ncclkit.facts_health import IbCounters
from ncclkit.probe.common import IssueLog, read_attr
from ncclkit.probe.parse import parse_int
from ncclkit.probe.root import NodeRoot

__all__ = ["ERROR_COUNTERS", "SAMPLES", "read_counters", "read_ib_counters", "read_uptime"]

SOURCE = "infiniband.counters"
SAMPLES = "ib-counters.json"
# The link-health counters of the IB PortCounters attribute (IBA 16.1.3.5); data/packet counters
# and port_xmit_wait (congestion, not errors) are left out.
ERROR_COUNTERS = ("symbol_error", "link_error_recovery", "link_downed", "port_rcv_errors",
                  "port_rcv_remote_physical_errors", "port_xmit_discards", "local_link_integrity_errors",
                  "excessive_buffer_overrun_errors", "port_rcv_switch_relay_errors",
                  "port_xmit_constraint_errors", "port_rcv_constraint_errors", "VL15_dropped")


def read_counters(root: NodeRoot, devices: tuple[IbDevice, ...]) -> dict[str, dict[str, int]]:
    """"mlx5_0:1" -> counter -> value, for the ports whose counters folder is readable."""
    out: dict[str, dict[str, int]] = {}
    for dev in devices:
        for port in dev.ports:
            base = f"sys/class/infiniband/{dev.name}/ports/{port.port}/counters"
            values = {}
            for name in ERROR_COUNTERS:
                value = parse_int(read_attr(root, f"{base}/{name}"), 10)
                if value is not None and value >= 0:
                    values[name] = value
            if values:
                out[port.name] = values
    return out


def _samples(root: NodeRoot, issues: IssueLog) -> tuple[dict[str, dict[str, int]], float | None]:
    text = root.read_text(f"cmd/{SAMPLES}")
    if text is None:
        return {}, None
    try:
        doc = json.loads(text)
        interval = float(doc["interval_s"])
        before = {str(p): {str(k): int(v) for k, v in c.items()} for p, c in doc["before"].items()}
    except (ValueError, KeyError, TypeError, AttributeError):
        issues.add(SOURCE, f"cmd/{SAMPLES}", "not {\"interval_s\", \"before\": {port: {counter: n}}}")
        return {}, None
    return before, interval


def read_ib_counters(root: NodeRoot, devices: tuple[IbDevice, ...], issues: IssueLog,
                     interval_s: float = 0.0) -> tuple[IbCounters, ...]:
    """Counters of every port; with a second reading (live interval or snapshot samples), deltas."""
    first = read_counters(root, devices)
    if not first:
        return ()
    interval: float | None
    if root.live and interval_s > 0:
        time.sleep(interval_s)
        before, after, interval = first, read_counters(root, devices), interval_s
    elif not root.live:
        before, interval = _samples(root, issues)
        after = first
    else:
        before, after, interval = {}, first, None
    out = []
    for port, totals in sorted(after.items()):
        old = before.get(port, {})
        # A counter that went down was cleared (perfquery -x -R) in between: no delta for it.
        deltas = {k: v - old[k] for k, v in totals.items() if k in old and v >= old[k]}
        out.append(IbCounters(port=port, totals=totals, deltas=deltas,
                              interval_s=interval if deltas or old else None))
    return tuple(out)


def read_uptime(root: NodeRoot) -> float | None:
    """Seconds since boot from proc/uptime ("12345.67 54321.00")."""
    text = read_attr(root, "proc/uptime")
    try:
        return float(text.split()[0]) if text else None
    except ValueError:
        return None
