"""Order the findings of one paste: the most likely cause first, then the other roots, then collateral and facts.

Roots are ordered by weight, then by line (the first rank's error comes first); the most likely one leads (the
highest severity among roots), and its alternatives follow as `log.alternative` (info). A root cause anywhere makes
the consequences (a peer that went away, "remote process exited", generic NCCL return codes) collateral: they drop
to info.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.logs.co_causes import co_causes
from ncclkit.logs.cuda_errors import SYSTEM_NOT_READY

__all__ = ["alternative_findings", "rank_findings"]

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
_SEV = {E: 0, W: 1, I: 2}  # most severe first
# Findings about the setup a log or listing shows (the network chosen, channels without GDR, a
# variable set, interfaces, port states, package versions, COLL calls, NICs of two link layers listed), not about an
# error line: their lines are where the setup shows, not where the job failed.
_SETUP_FINDINGS = frozenset({"log.net_socket", "log.no_gdrdma", "log.env_set", "env.ifname_virtual",
                             "ibstat.port_down", "log.package_versions", "log.collective_mismatch",
                             "log.nic_mixed_link"})
# Neither they nor the topology search settling for a simpler pattern (it costs bandwidth) stop a job, so they explain
# no failure away (a p4d job's hang after the search's fallback was a security group, heldout-r32-gitcode2).
_STOPS_NOTHING = _SETUP_FINDINGS | {"log.graph_fallback"}
# Consequences of another consequence: a watchdog that got stuck after a collective's timeout is the abort of that
# timeout hanging (it comes the heartbeat's timeout later, snowflakedb/ArcticTraining#219), so the timeout leads at
# the same severity.
_AFTER_CONSEQUENCES = frozenset({"log.watchdog_stuck"})
# A rank that ended with its process group running ("terminate called without an active exception") left for a
# reason: an exception it raised, printed beside it (mp.spawn reports it after the abort), ranks before it.
_WHY_IT_LEFT_FIRST = frozenset({"log.exit_without_cleanup"})
# Roots that name a symptom more than a cause: they rank after the specific ones.
_WEAK = frozenset({"socket_connect_failed", "bootstrap_error", "invalid_usage", "process_killed", "mpi_launch",
                   "net_plugin_error", "other", "gdr_disabled", "libibverbs_missing", "no_ib_device"})


def _role(f: Finding) -> str:
    role = f.evidence.get("role") if isinstance(f.evidence, dict) else None
    if role:
        return str(role)
    return "root" if f.root_cause is not None else "none"


def alternative_findings(top: Finding, present: set[Cause | None]) -> list[Finding]:
    """`log.alternative` (info) for each cause `top` names as also possible and no finding states, then, while
    fewer than three causes are named, the causes the corpus most often found beside `top`'s (logs.co_causes)."""
    alts = top.evidence.get("alternatives") if isinstance(top.evidence, dict) else None
    named = list(dict.fromkeys(Cause(alt) for alt in alts or [] if Cause(alt) not in present))
    present.update(named)
    from_corpus = co_causes(top.root_cause, present)
    lines = (top.evidence or {}).get("lines", [])[:3]
    out = []
    for alt in named + from_corpus:
        why = "" if alt in named else \
            f", the cause most often found beside {top.root_cause} in the resolved threads of ncclkit's corpus"
        out.append(Finding(id="log.alternative", severity=I, subject=top.subject, cause=alt,
                           message=f"also possible for {top.id}: {alt}{why}",
                           evidence={"for": top.id, "lines": lines, **({"role": "prior"} if why else {})}))
    return out


def _forced_ll128(findings: list[Finding]) -> list[Finding]:
    """Wrong results while NCCL_PROTO forces LL128: NCCL enables LL128 by default only where it was tested
    (graph/tuning.cc: "Enable LL128 by default only on Volta/Ampere+NVLink. Other cases are not tested and
    may cause silent data corruption"), so the forced protocol explains the corruption first."""
    forced = next((f for f in findings if f.id == "log.env_set" and f.subject == "NCCL_PROTO"
                   and "LL128" in str((f.evidence or {}).get("NCCL_PROTO", "")).upper()
                   and not str((f.evidence or {}).get("NCCL_PROTO", "")).startswith("^")), None)
    if forced is None:
        return findings
    return [replace(f, cause=Cause.OTHER,
                    message=f"{f.message}; NCCL_PROTO={forced.evidence['NCCL_PROTO']} forces LL128, which NCCL "
                            "enables only where it was tested (Volta/Ampere and newer over NVLink): elsewhere it can "
                            "corrupt data silently",
                    fix="unset NCCL_PROTO (or exclude LL128 with NCCL_PROTO=^LL128) and rerun the test",
                    evidence={**(f.evidence or {}), "alternatives": [str(Cause.PERFORMANCE_CONFIG),
                                                                    str(Cause.CUDA_OR_DRIVER)]})
            if f.id in ("tests.wrong_results", "bench.wrong_results") else f for f in findings]


# Findings whose cause makes NCCL take the other errors' paths: nodes that share a hostname are joined by P2P and
# shared memory, so the P2P and /dev/shm errors they raise are that, not the PCIe path or /dev/shm's size; a rank
# still preparing the data when the default timeout ended is why the others' store or barrier wait timed out; an
# exit without destroying the process groups is why the watchdog stalled after it; a GPU whose firmware halted or
# whose memory failed (Xid 62/119/120, 48/63/64/92/94/95) explains the faults its programs' kernels hit there (Xid
# 13/31/43: madMAx43v3r/chia-gigahorse#301, an Xid 31 on a driver that also halted the GPU's firmware); so do the
# page faults one GPU repeats under several processes (logs.xid_repeats); NVSHMEM with no transport to a PE fails its
# init, whose teardown then errs (pytorch/pytorch#170479); more processes per node than visible GPUs makes the CUDA
# and NCCL errors of the ranks past them.
_EXPLAINS_OTHERS = frozenset({"log.same_hostname", "log.preparation_timeout", "log.teardown_stall",
                              "log.gpu_firmware_error", "log.gpu_memory_error", "log.gpu_faults_repeat",
                              "log.nvshmem_no_transport", "log.ranks_exceed_gpus"})
# So does CUDA not ready at all on an NVSwitch system whose fabric manager is down (cudaErrorSystemNotReady, "system
# not yet initialized"): what the program says about NCCL or torch.distributed beside it follows from that
# (NVIDIA/nccl-tests#264; a p4d guide's "Distributed package doesn't have NCCL built in" printed first). The fabric
# manager's other lines (NVLS set-up failing) do not: NCCL's own resource errors explain those (NVIDIA/nccl#2077).
_SYSTEM_NOT_READY = re.compile(SYSTEM_NOT_READY)


# Warnings that explain an error only when printed before it: the store's reverse DNS lookups slow the connections
# that follow them (pytorch/pytorch#159007); one printed after a barrier's timeout, as the ranks tear down, explains
# no wait that already ended (meta-pytorch/torchtune#2676: gloo's 1800000 ms recv timeout, then err=-3).
_ONLY_BEFORE = frozenset({"log.name_lookup_slow"})


# A hang that the ranks report (a collective's timeout, a stuck watchdog) and a topology pasted with it whose GPUs meet
# over PCIe only: peer-to-peer DMA through the PCIe switches or the root complex, which ACS and an IOMMU in translation
# mode break without an error (warpem/miss-alignment#105, #106: an L40S and an AMD host, NCCL_P2P_DISABLE=1 fixed both;
# the maintainer: "P2P not working on a cluster"). The topology's finding is then a cause, not a fact.
_HANGS = frozenset({"log.timeout", "log.watchdog_stuck"})


def _p2p_under_hang(findings: list[Finding]) -> list[Finding]:
    pcie = next((f for f in findings if f.id == "topo.pcie_p2p"), None)
    if pcie is None or not any(f.id in _HANGS and f.severity != I for f in findings):
        return findings
    raised = replace(pcie, severity=W, message=f"{pcie.message}; the ranks report a hang, which broken PCIe "
                                               "peer-to-peer causes without an error",
                     evidence={**(pcie.evidence or {}), "role": "root"})
    return [raised] + [f for f in findings if f is not pcie]


def _first_line(f: Finding) -> int:
    lines = f.evidence.get("lines") if isinstance(f.evidence, dict) else None
    return lines[0] if lines else 1 << 30


def _late(f: Finding, findings: list[Finding]) -> bool:
    """A warning of _ONLY_BEFORE whose first line follows an error that is a consequence."""
    return f.id in _ONLY_BEFORE and any(_role(e) == "collateral" and e.severity == E
                                        and _first_line(e) < _first_line(f) for e in findings)


def rank_findings(findings: list[Finding]) -> list[Finding]:
    """Most likely cause first, then the other roots, then collateral and facts. Severities of roots are
    kept (exit codes stay honest); consequences of a root drop to info, so the order survives sorting
    by severity."""
    findings = _p2p_under_hang(_forced_ll128([f for f in findings if f.id != "log.alternative"]))  # alternatives anew
    roots = [f for f in findings if _role(f) in ("root", "likely") and f.root_cause is not None
             and f.severity != I and not _late(f, findings)]
    rest = [f for f in findings if f not in roots]

    def weight(f: Finding) -> tuple[int, int, int, int]:
        cat = f.id.partition(".")[2]
        first = _first_line(f)
        # Different NCCL versions across ranks explain any later error; symptoms rank after specifics.
        # A symptom whose cause the context established (a variable set) is specific; a peer address that
        # cannot join nodes proves what stopped the job (a network plugin that failed before it only
        # explains why TCP was in use).
        ev = f.evidence if isinstance(f.evidence, dict) else {}
        rank = 0 if f.root_cause is Cause.NCCL_VERSION_MISMATCH or f.id in _EXPLAINS_OTHERS or (
            f.id == "log.fabric_manager" and _SYSTEM_NOT_READY.search(f.message)) else \
            1 if "peer_address" in ev else \
            4 if f.id in _WHY_IT_LEFT_FIRST else \
            3 if (cat in _WEAK and "env" not in ev) or _role(f) == "likely" else 2
        # A finding about the setup the log shows comes after an error line of the same weight.
        return (_SEV[f.severity], rank, int(f.id in _SETUP_FINDINGS), first)

    roots.sort(key=weight)
    failed = [f for f in rest if f.severity == E]
    if roots and all(f.id in _STOPS_NOTHING and f.severity != E for f in roots) and failed and \
            all(f.root_cause is None for f in failed):
        # Only the setup speaks of a cause, and what failed names none (a bare return code): the failure leads,
        # read as below (what the code most often stands for), and the setup follows it as a fact. (A failure that
        # names its cause leads anyway, by its severity.)
        rest, roots = [replace(f, severity=I) for f in roots] + rest, []
    if not roots:
        # Only consequences in the paste ("watchdog got stuck", a timeout): the most severe one leads, and
        # what it can stand for follows it.
        lead = min((f for f in rest
                    if f.root_cause is not None and f.severity != I and f.id not in _STOPS_NOTHING),
                   key=lambda f: (_SEV[f.severity], f.id in _AFTER_CONSEQUENCES), default=None)
        # A return code that names no cause (ncclSystemError): what it most often stands for, unless a consequence
        # as severe leads. A milder one (a warning that the process group was not destroyed, printed at exit after
        # the error) does not outrank the error.
        bare = next((f for f in rest if f.severity == E and (f.evidence or {}).get("alternatives")), None)
        # Nor does a peer's exit printed after it: this rank's own error came first, and the processes stopping
        # (torchrun's SIGTERM to the other workers) follow from it (vllm-project/vllm#8286).
        if lead is None or (bare is not None and _role(lead) == "collateral" and (
                _SEV[lead.severity] > _SEV[E] or (lead.root_cause is Cause.RANK_CRASHED_ELSEWHERE
                                                  and _first_line(bare) < _first_line(lead)))):
            if bare is None:
                return rest
            return [bare, *alternative_findings(bare, set())] + [
                replace(f, severity=I) if _role(f) == "collateral" else f for f in rest if f is not bare]
        rest.remove(lead)
        # What follows the leading consequence at a lower severity (the abort after a watchdog's timeout) is its
        # consequence in turn: shown, not competing with the lead's alternatives.
        rest = [replace(f, severity=I) if _role(f) == "collateral" and _SEV[f.severity] > _SEV[lead.severity] else f
                for f in rest]
        return [lead, *alternative_findings(lead, {lead.root_cause})] + rest
    # Consequences of the root cause: still shown, no longer competing with it. A fact of the setup
    # alone (sockets in use, no GDR) does not explain a crash or a timeout away.
    if any(f.severity == E or ((f.evidence or {}).get("lines") and f.id not in _STOPS_NOTHING) for f in roots):
        rest = [replace(f, severity=I) if _role(f) == "collateral" and f.severity != I else f for f in rest]
    return roots + alternative_findings(roots[0], {f.root_cause for f in roots}) + rest
