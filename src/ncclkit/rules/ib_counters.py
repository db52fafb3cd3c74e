"""IB/RoCE port counter rules: ib.link_flaps and ib.port_errors.

Judged as the change over a short interval when the port was read twice (`doctor --interval`,
snapshot cmd/ib-counters.json), else the totals since the counters were last cleared (boot),
with the rate per hour of uptime. The kernel shows PMA PortCounters: symbol_error and the rcv/xmit
error counters are 16-bit, link_error_recovery and link_downed 8-bit, and they stop at their
maximum (IBA 16.1.3.5), so a saturated value means "at least".
"""

from __future__ import annotations

from ncclkit.facts import NodeFacts
from ncclkit.facts_health import IbCounters
from ncclkit.findings import Finding, Severity
from ncclkit.rules.common import evidence

__all__ = ["check_ib_counters"]

_SOURCE = "sys/class/infiniband/*/ports/*/counters"
_ERRORS = ("symbol_error", "link_error_recovery", "port_rcv_errors", "local_link_integrity_errors",
           "excessive_buffer_overrun_errors", "port_rcv_remote_physical_errors", "port_xmit_discards")
# Totals since boot that point to a marginal link rather than the odd event of a cable reseat.
_TOTAL_LIMITS = {"symbol_error": 1000, "link_error_recovery": 10, "port_rcv_errors": 1000,
                 "local_link_integrity_errors": 10, "excessive_buffer_overrun_errors": 10,
                 "port_rcv_remote_physical_errors": 1000, "port_xmit_discards": 10000}
_FIX = ("check the cable and transceiver of {port} (`mlxlink -d {dev} -p {num} -m -c -e` shows BER and "
        "errors; `ibqueryerrors` the fabric view), reseat or replace it; clear the counters with "
        "`perfquery -x -R` and watch them again")


def _per_hour(value: int, uptime: float | None) -> str:
    return f", {value * 3600 / uptime:.1f}/h over {uptime / 3600:.1f} h since boot" if uptime else ""


def _fix(port: str) -> str:
    dev, _, num = port.partition(":")
    return _FIX.format(port=port, dev=dev, num=num or "1")


def _flaps(c: IbCounters, uptime: float | None) -> Finding | None:
    delta = c.deltas.get("link_downed")
    total = c.totals.get("link_downed", 0)
    if delta:
        message = f"link went down {delta} time(s) during the {c.interval_s:g} s interval: the link is flapping now"
        severity = Severity.ERROR
    elif total > 0:
        message = f"link went down {total} time(s) since the counters were cleared{_per_hour(total, uptime)}"
        severity = Severity.WARNING
    else:
        return None
    return Finding(id="ib.link_flaps", severity=severity, subject=c.port,
                   message=f"{c.port}: {message}; every flap stalls NCCL until the IB timeout and can abort the job",
                   fix=_fix(c.port),
                   evidence=evidence(f"{_SOURCE}/link_downed", delta if delta else total, 0,
                                     interval_s=c.interval_s, uptime_s=uptime))


def _errors(c: IbCounters, uptime: float | None) -> Finding | None:
    rising = {k: v for k, v in c.deltas.items() if k in _ERRORS and v > 0}
    if rising:
        shown = ", ".join(f"{k} +{v}" for k, v in sorted(rising.items()))
        message = f"error counters rose during the {c.interval_s:g} s interval ({shown})"
        observed: object = rising
    elif not c.deltas:
        high = {k: v for k, v in c.totals.items() if k in _TOTAL_LIMITS and v >= _TOTAL_LIMITS[k]}
        if not high:
            return None
        shown = ", ".join(f"{k} {v}{_per_hour(v, uptime)}" for k, v in sorted(high.items()))
        message = f"high error counters since the counters were cleared ({shown})"
        observed = high
    else:
        return None
    return Finding(id="ib.port_errors", severity=Severity.WARNING, subject=c.port,
                   message=(f"{c.port}: {message}: a marginal link retransmits, slows every ring through it "
                            "and tends to fail later (IB completion error 12, retry exceeded)"),
                   fix=_fix(c.port),
                   evidence=evidence(_SOURCE, observed, "no increase", interval_s=c.interval_s, uptime_s=uptime))


def check_ib_counters(facts: NodeFacts) -> list[Finding]:
    out: list[Finding] = []
    for c in facts.health.ib_counters:
        out += [f for f in (_flaps(c, facts.health.uptime_s), _errors(c, facts.health.uptime_s)) if f is not None]
    return out
