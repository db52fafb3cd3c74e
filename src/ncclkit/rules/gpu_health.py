"""GPU health rules: NVSwitch fabric and Fabric Manager, XID events, uncorrectable ECC, pending or
failed row remapping, a pending recovery action, persistence mode, and inactive NVLinks.

Fields as nvidia-smi -q -x / NVML report them (ncclkit.probe.health_gpu). XID meanings follow
NVIDIA's XID catalogue (docs.nvidia.com/deploy/xid-errors): the hardware ones make NCCL fail with
"unhandled cuda error" or hang until the GPU is reset or the node drained.
"""

from __future__ import annotations

from ncclkit.causes import Cause
from ncclkit.facts import NodeFacts
from ncclkit.findings import Finding, Severity
from ncclkit.rules.common import evidence, gpu_by_bdf, gpu_name

__all__ = ["check_fabric", "check_gpu_memory", "check_nvlink_errors", "check_nvlink_inactive", "check_persistence",
           "check_xid"]

_SMI = "cmd/nvidia-smi-q-x.xml"
# XIDs that mean the GPU (or its NVLink/memory) needs a reset or service, and those an application
# usually causes (bad kernel, out-of-range access, killed process): the rest are warnings.
_HARDWARE_XIDS = {48: "double-bit ECC error", 61: "micro-controller breakpoint", 62: "micro-controller halt",
                  63: "row remapping / page retirement event", 64: "row remapping / page retirement failure",
                  74: "NVLink error", 79: "GPU has fallen off the bus", 92: "high single-bit ECC rate",
                  94: "contained ECC error", 95: "uncontained ECC error", 119: "GSP RPC timeout",
                  120: "GSP error", 121: "C2C link error", 140: "unrecovered ECC error",
                  143: "GPU initialization failure", 145: "NVLink (NVLE) error", 149: "NVLink error",
                  154: "GPU recovery action changed"}
_APP_XIDS = {13: "graphics engine exception", 31: "GPU memory page fault", 43: "GPU stopped processing",
             45: "preemptive cleanup", 68: "video decoder exception", 69: "graphics engine class error"}
_READY = ("completed", "not supported")
_DEGRADED = ("unhealthy", "limited capacity", "degraded bandwidth")
# NVLink error counters since driver load at which a link is marginal (imbue's cluster-health warns
# at 5): replays and CRC errors come before links drop; any recovery means the link retrained.
_NVLINK_ERROR_LIMIT = 5


def _subject(facts: NodeFacts, bdf: str) -> str:
    gpu = gpu_by_bdf(facts).get(bdf)
    return gpu_name(gpu) if gpu is not None else bdf


def check_fabric(facts: NodeFacts) -> list[Finding]:
    """gpu.fabric_not_ready (error) per GPU whose NVLink fabric registration did not complete;
    gpu.fabric_manager_inactive (error) when NVSwitches exist and the service is not running."""
    out = []
    for g in facts.health.gpus:
        state, status = g.fabric_state, g.fabric_status
        bad_state = state is not None and state.lower() not in _READY
        bad_status = (state or "").lower() == "completed" and status is not None and status.lower() != "success"
        degraded = not (bad_state or bad_status) and (g.fabric_health or "").lower() in _DEGRADED
        if degraded:
            out.append(Finding(
                id="gpu.fabric_not_ready", severity=Severity.WARNING, subject=_subject(facts, g.bus_id),
                cause=Cause.CUDA_OR_DRIVER,
                message=(f"NVLink fabric of {_subject(facts, g.bus_id)} is registered but its health is "
                         f"{g.fabric_health!r}: NVLink bandwidth through the switches is reduced"),
                fix=("nvidia-smi -q | grep -A12 Fabric   # which health bit is set; then check NVSwitch trays and "
                     "the Fabric Manager log, and reset the GPU"),
                evidence=evidence(f"{_SMI} <fabric><health><summary>", g.fabric_health, "Healthy")))
        if bad_state or bad_status:
            out.append(Finding(
                id="gpu.fabric_not_ready", severity=Severity.ERROR, subject=_subject(facts, g.bus_id),
                cause=Cause.CUDA_OR_DRIVER,
                message=(f"NVLink fabric state is {state!r} (status {status!r}) on {_subject(facts, g.bus_id)}: "
                         "CUDA init fails (error 802, system not yet initialized) or NCCL's NVLS bind fails"),
                fix=("sudo systemctl restart nvidia-fabricmanager && sudo nvidia-smi -r   # then check "
                     "`nvidia-smi -q | grep -A3 Fabric` shows State Completed, Status Success; "
                     "journalctl -u nvidia-fabricmanager says why it failed"),
                evidence=evidence(f"{_SMI} <fabric>", {"state": state, "status": status},
                                  {"state": "Completed", "status": "Success"})))
    fm = facts.health.fabric_manager
    if facts.health.nvswitches and fm is not None and fm != "active":
        out.append(Finding(
            id="gpu.fabric_manager_inactive", severity=Severity.ERROR, subject="nvidia-fabricmanager",
            cause=Cause.CUDA_OR_DRIVER,
            message=(f"{len(facts.health.nvswitches)} NVSwitch(es) but nvidia-fabricmanager is {fm}: GPUs "
                     "cannot use NVLink through the switches (CUDA error 802, NVLS bind failures)"),
            fix=("sudo systemctl enable --now nvidia-fabricmanager   # its version must equal the driver's "
                 f"({facts.driver_version or 'see nvidia-smi'}); then reset the GPUs or reboot"),
            evidence=evidence("systemctl is-active nvidia-fabricmanager", fm, "active",
                              nvswitches=list(facts.health.nvswitches))))
    return out


def check_xid(facts: NodeFacts) -> list[Finding]:
    """gpu.xid: XID events since boot, one finding per GPU and code (error for hardware XIDs)."""
    groups: dict[tuple[str, int], list] = {}
    for x in facts.health.xids or ():
        groups.setdefault((x.bus_id, x.code), []).append(x)
    out = []
    for (bdf, code), events in sorted(groups.items()):
        if code in _HARDWARE_XIDS:
            severity, meaning = Severity.ERROR, _HARDWARE_XIDS[code]
            fix = (f"drain this node and reset the GPU (sudo nvidia-smi -r -i {bdf}) or reboot; if XID {code} "
                   "comes back, run the vendor diagnostics (dcgmi diag -r 3) and replace the GPU/board")
        elif code in _APP_XIDS:
            severity, meaning = Severity.INFO, _APP_XIDS[code]
            fix = "usually the application (a bad kernel or memory access): check the job that ran then"
        else:
            severity, meaning = Severity.WARNING, "see NVIDIA's XID catalogue"
            fix = f"look XID {code} up in https://docs.nvidia.com/deploy/xid-errors/ and act on its recommendation"
        last = events[-1]
        out.append(Finding(
            id="gpu.xid", severity=severity, subject=_subject(facts, bdf), cause=Cause.CUDA_OR_DRIVER,
            message=f"XID {code} ({meaning}) on {_subject(facts, bdf)}, {len(events)} time(s) since boot: {last.text}",
            fix=fix,
            evidence=evidence("kernel log (NVRM: Xid)", {"code": code, "count": len(events),
                                                         "last_seconds_since_boot": last.seconds_since_boot},
                              "no XID")))
    return out


def check_gpu_memory(facts: NodeFacts) -> list[Finding]:
    """gpu.ecc_uncorrectable, gpu.memory_repair_pending, gpu.row_remap_failed, gpu.recovery_action."""
    out = []
    for g in facts.health.gpus:
        name = _subject(facts, g.bus_id)

        def add(fid: str, message: str, fix: str, observed: object, expected: object, source: str, name: str = name) -> None:
            out.append(Finding(id=fid, severity=Severity.ERROR, subject=name, cause=Cause.CUDA_OR_DRIVER,
                               message=f"{name}: {message}", fix=fix,
                               evidence=evidence(f"{_SMI} {source}", observed, expected)))
        if g.ecc_volatile_uncorrectable:
            add("gpu.ecc_uncorrectable", f"{g.ecc_volatile_uncorrectable} uncorrectable ECC error(s) since the "
                "driver loaded: kernels on this GPU fail (NCCL: unhandled cuda error)",
                f"drain the node, reset the GPU (sudo nvidia-smi -r -i {g.bus_id}); replace it if they recur",
                g.ecc_volatile_uncorrectable, 0, "<ecc_errors><volatile>")
        if g.remap_pending or g.retired_pending:
            add("gpu.memory_repair_pending", "a row remapping / page retirement is pending and takes effect "
                "only after a GPU reset; until then the bad memory stays in use",
                f"sudo nvidia-smi -r -i {g.bus_id}   # with no process on the GPU; or reboot the node",
                {"remapped_row_pending": g.remap_pending, "pending_retirement": g.retired_pending}, "No",
                "<remapped_rows>/<retired_pages>")
        if g.remap_failure:
            add("gpu.row_remap_failed", "row remapping failed (no spare rows left): the GPU memory cannot be "
                "repaired", "take the GPU out of service and ask the vendor for a replacement (RMA)",
                "Yes", "No", "<remapped_rows><remapped_row_failure>")
        if g.recovery_action and g.recovery_action.lower() not in ("none", "n/a"):
            add("gpu.recovery_action", f"the driver asks for recovery action {g.recovery_action!r}",
                "do what it says: 'Reset' -> sudo nvidia-smi -r; 'Reboot' -> reboot the node; "
                "'Drain P2P' -> stop peer-to-peer jobs, then reset", g.recovery_action, "None",
                "<gpu_recovery_action>")
    return out


def check_persistence(facts: NodeFacts) -> list[Finding]:
    """gpu.persistence_off (info): the driver tears the GPUs down between jobs (slow, racy init)."""
    off = [g for g in facts.health.gpus if (g.persistence_mode or "").lower() == "disabled"]
    if not off:
        return []
    return [Finding(
        id="gpu.persistence_off", severity=Severity.INFO, subject=", ".join(_subject(facts, g.bus_id) for g in off),
        cause=Cause.CUDA_OR_DRIVER,
        message="persistence mode is off: every job re-initialises the GPUs (seconds per start, and "
                "NCCL's first collective waits for it)",
        fix="sudo systemctl enable --now nvidia-persistenced   # or: sudo nvidia-smi -pm 1",
        evidence=evidence(f"{_SMI} <persistence_mode>", "Disabled", "Enabled"))]


def check_nvlink_inactive(facts: NodeFacts) -> list[Finding]:
    """nvlink.inactive (warning): a GPU has fewer active NVLinks than its siblings of the same model.

    Compared with siblings, not a constant: some boards run fewer links by design (H100 NVL pairs).
    """
    by_model: dict[str | None, list] = {}
    for g in facts.gpus:
        if g.nvlinks:
            by_model.setdefault(g.name, []).append(g)
    out = []
    for gpus in by_model.values():
        best = max(sum(lk.active for lk in g.nvlinks) for g in gpus)
        if len(gpus) < 2 or best == 0:
            continue
        for g in gpus:
            active = sum(lk.active for lk in g.nvlinks)
            if active < best:
                down = [lk.link for lk in g.nvlinks if not lk.active]
                out.append(Finding(
                    id="nvlink.inactive", severity=Severity.WARNING, subject=gpu_name(g), cause=Cause.CUDA_OR_DRIVER,
                    message=(f"{gpu_name(g)} has {active} active NVLinks, its siblings {best}: links "
                             f"{', '.join(map(str, down))} are down, so every ring through {gpu_name(g)} is slower"
                             + (" and its traffic falls back to PCIe" if active == 0 else "")),
                    fix=(f"nvidia-smi nvlink -s -i {g.index}; reset the GPU (sudo nvidia-smi -r -i {g.index}) or "
                         "reboot; if links stay down, reseat the NVLink bridge / call hardware service"),
                    evidence=evidence("NVLink state (NVML / nvidia-smi nvlink -s)", active, best, inactive_links=down)))
    return out


def check_nvlink_errors(facts: NodeFacts) -> list[Finding]:
    """nvlink.errors (warning): NVLink replay / recovery / CRC error counters of a GPU at 5 or more."""
    gpus = {g.index: g for g in facts.gpus}
    out = []
    for index, counters in sorted(facts.health.nvlink_errors.items()):
        high = {k: v for k, v in counters.items() if v >= _NVLINK_ERROR_LIMIT}
        if not high:
            continue
        name = gpu_name(gpus[index]) if index in gpus else f"GPU{index}"
        out.append(Finding(
            id="nvlink.errors", severity=Severity.WARNING, subject=name, cause=Cause.CUDA_OR_DRIVER,
            message=(f"{name} NVLinks counted {', '.join(f'{v} {k}' for k, v in sorted(high.items()))} since the "
                     "driver loaded: a marginal link retransmits (slower rings) and tends to go down later"),
            fix=(f"nvidia-smi nvlink -e -i {index} to see which link; reset the GPU (sudo nvidia-smi -r -i {index}) "
                 "and watch the counters; if they keep rising, hardware service (NVLink bridge / baseboard)"),
            evidence=evidence("nvidia-smi nvlink -e", counters, f"< {_NVLINK_ERROR_LIMIT} each")))
    return out
