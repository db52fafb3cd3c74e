"""Judge the error lines of one paste together: which one is the root cause, which are collateral.

Readers give one classified record per distinct error line (patterns.py: cause, role, alternatives);
this module turns them into findings and reasons across lines, versions and context the way a
maintainer reads a thread:
- a variable set by the environment plus the error it produces (CONTEXT_RULES, data in diagnose_rules);
- the NCCL version plus what that version looks for (VERSION_RULES), and bugs of known releases (KNOWN_BUGS);
- a root-cause line anywhere makes the consequences (a peer that went away, "remote process exited",
  generic NCCL return codes, "see WARN above") collateral: they drop to info;
- how the findings are then ordered, most likely cause first, is ranking.py's.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.logs.nccl_log_model import LogError, NcclLogSummary
from ncclkit.logs.nccl_log_state import STORE_BARRIER_WAIT
from ncclkit.logs.diagnose_addresses import interface_reason, no_net_reason, unresolved_reason
from ncclkit.logs.diagnose_rules import CONTEXT_RULES, ENV_RULES, FACT_RULES, KNOWN_BUGS, VERSION_RULES, KnownBug
from ncclkit.logs.ib_status import completion_status
from ncclkit.logs.patterns import NCCL_FUNC
from ncclkit.logs.return_codes import ONE_GPU_EACH, ONE_GPU_EACH_FIX
from ncclkit.nccl.versions import parse_nccl_version, version_text

__all__ = ["env_findings", "error_findings"]

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
# Which line of a group of error lines speaks for it (min is stable: the first of the best role).
_SPEAKS = {"root": 0, "likely": 1}
# init.cc: rank R names the lowest rank i with its host hash and bus id ("Duplicate GPU detected : rank R and
# rank i"); the host hash is the hostname plus the kernel's boot_id, or NCCL_HOSTID (misc/utils.cc).
_DUPLICATE = re.compile(r"Duplicate GPU detected : rank (\d+) and rank (\d+)")
_HOST = re.compile(r"([A-Za-z0-9_][\w.\-]*) ?:\d+:\d+ \[\d+\]")
_SOCKET_CATEGORIES = frozenset({"socket_connect_failed", "socket_closed", "bootstrap_error", "timeout"})
# NCCL's own lines about GPUDirect RDMA (net_ib "GPU Direct RDMA Disabled for HCA", "GDRDMA", an NCCL prefix).
_NCCL_GDR_LINE = re.compile(r"NET/IB|GPU Direct RDMA|GDRDMA|NCCL")
# ProcessGroupNCCL's "WorkNCCL(SeqNum=1, OpType=..." (2.0+): the first collective of its process group.
_FIRST_WORK = re.compile(r"WorkNCCL\(SeqNum=1,")
# The verbs calls that find or open a device (not a queue pair or a registration on one that opened).
_NO_DEVICE_CALL = re.compile(r"Unable to open device|ibv_open_device failed|ibv_get_device_list failed|"
                             r"Failed to open device")
# srun waiting for a step that is being stopped.
_KILLWAIT = re.compile(r"Job step aborted: Waiting up to")
_NVLS_CUDA = re.compile(r"nvls\.cc:\d+ (?:" + NCCL_FUNC + r" )?NCCL WARN Cuda failure")
_BANNER = re.compile(r"\*\*\* (?:Aborted at \d+|SIGTERM received at)")
# A line logged as a warning: c10d's "[W socket.cpp:N]", a Rust or Go logger's " WARN " level.
_WARNED = re.compile(r"\[W|(?:^|\s)WARN(?:ING)?\s")
# Failure handlers' banners (Open MPI's, glog's, abseil's) and the signal they name when it is SIGABRT.
_ANY_BANNER = re.compile(r"\*\*\* (?:Process received signal|Aborted at \d+|SIG[A-Z]+ received at)")
_ABORT_SIGNAL = re.compile(r"Signal: Aborted \(6\)|\bSIGABRT\b")
# An engine's report of its own worker's death (vLLM's "Worker VllmWorkerProcess pid 1159 died, exit code: -6", "Worker
# proc VllmWorker-1 died unexpectedly"), not a launcher's summary printed after the fact (torchrun's ChildFailedError).
_WORKER_DIED = re.compile(r"\bdied(?:, exit code| unexpectedly)")
# torchrun's agents meet at an exit barrier on the store that node 0's agent serves once their workers end: an agent
# still waiting when that agent has already left sees the connection closed (torch/distributed/elastic/agent/server/
# api.py "Error waiting on exit barrier", then DistNetworkError "Connection was likely closed").
_EXIT_BARRIER = re.compile(r"Error waiting on exit barrier")
_BARRIER_CLOSED = re.compile(r"exit barrier|Connection was likely closed|DistNetworkError")
_STORE_CLOSED = re.compile(r"Connection was likely closed")
_P2P_INVALID = re.compile(r"transport/p2p\.cc:\d+ (?:" + NCCL_FUNC + r" )?NCCL WARN Cuda failure "
                          r"(?:1 )?'invalid argument'")
_SEV = {E: 0, W: 1, I: 2}  # most severe first


def env_findings(s: NcclLogSummary) -> list[Finding]:
    """`log.env_set` for each variable of ENV_RULES the log shows set (unless a rule already used it)."""
    out = []
    explained = {c for rule in CONTEXT_RULES if rule.env in s.env for c in rule.categories}
    for rule in ENV_RULES:
        value = s.env.get(rule.env)
        # A variable that a context rule already tied to an error of this log is named there.
        if value is not None and rule.applies(value) and not (rule.env == "NCCL_SOCKET_IFNAME"
                                      and any(e.category in explained for e in s.errors)):
            # An interface list that NCCL used ("Bootstrap : Using eth0:10.7.147.73<0>") in a paste that shows no
            # failure at all names no cause: a config echo quoted about something else (NVIDIA/nccl#1584). Alone,
            # it stays the lead (ray-project/ray#42652: Ray's injected list broke the job).
            quiet = (rule.env == "NCCL_SOCKET_IFNAME" and bool(s.socket_ifaces)
                     and all(e.role == "noise" for e in s.errors))
            out.append(Finding(id="log.env_set", severity=rule.severity, subject=rule.env,
                               message=rule.why.format(v=value), fix=rule.fix, cause=rule.cause, no_cause=quiet,
                               evidence={rule.env: value, "role": "root",
                                         "lines": [s.fact_lines[f"env:{rule.env}"]]
                                         if f"env:{rule.env}" in s.fact_lines else []}))
    return out


def _fabric_not_at_fault(s: NcclLogSummary, errs: list[LogError]) -> bool:
    """Fabric-manager lines that the paste shows to be no fault of the fabric: its service failed because no NVSwitch
    is there to manage (NVIDIA/gpu-operator#610), or each is an nvls.cc CUDA failure NCCL went on from, a buffer's
    NVLS registration falling back to copies (its "failed to NVLS register sendbuff" next, NVIDIA/nccl#1584: the call
    returned success) or the communicator's teardown (commReclaim's cleanup failure next, NVIDIA/nccl-tests#365 after
    "testing done"). At init the same CUDA failure is the fabric's (NVIDIA/nccl#976)."""
    if "fm_nothing_to_do" in s.fact_lines:
        return True
    after = [t for t in s.errors if t.category == "comm_teardown" or "failed to NVLS register" in t.text]
    return all(_NVLS_CUDA.search(e.text) and any(0 < t.line_no - e.line_no <= 2 for t in after) for e in errs)


def _known_bug(cat: str, text: str, version: str | None) -> KnownBug | None:
    ver = parse_nccl_version(version)
    return next((b for b in KNOWN_BUGS if ver is not None and b.low <= ver < b.fixed and b.category == cat
                 and b.text.search(text)), None)


def _demoted(cause: Cause | None, alternatives: list[Cause], new: Cause) -> list[Cause]:
    """The alternatives once context names `new` the cause: the old cause first, `new` and repeats dropped."""
    return list(dict.fromkeys(a for a in (cause, *alternatives) if a is not None and a != new))


def _error_before_abort(errors: tuple[LogError, ...], banners: list[LogError]) -> LogError | None:
    """The error line printed before failure-handler banners that announce SIGABRT (the signal line right after a
    banner, or the banner itself), where every line of the group is such a banner; else None."""
    aborts = [e.line_no for e in errors if _ABORT_SIGNAL.search(e.text)]
    if not all(_ANY_BANNER.search(b.text) and (_ABORT_SIGNAL.search(b.text) or any(
            0 < n - b.line_no <= 3 for n in aborts)) for b in banners):
        return None
    return next((e for e in errors if e.line_no < banners[0].line_no and e.severity == E
                 and e.category not in ("crash", "abort", "process_aborted")), None)


def _closed_exit_barrier(s: NcclLogSummary) -> LogError | None:
    """torchrun's exit barrier whose store closed under it, in a paste where no worker failed: the agents' teardown
    after a job that ended, not a failure (the lines of a group must all be of it as well)."""
    barrier = next((e for e in s.errors if _EXIT_BARRIER.search(e.text)), None)
    if barrier is None or not any(_STORE_CLOSED.search(e.text) for e in s.errors):
        return None
    failed = any(e.category == "worker_failed" or (e.severity == E and e.cause is not None and e.role != "noise"
                                                   and not _BARRIER_CLOSED.search(e.text)) for e in s.errors)
    return None if failed else barrier


def error_findings(s: NcclLogSummary, name: str) -> list[Finding]:
    """One finding per (category, cause) of the error lines, in line order, with context applied."""
    groups: dict[tuple[str, str | None], list[LogError]] = {}
    for e in s.errors:
        groups.setdefault((e.category, e.cause), []).append(e)
    out: list[Finding] = []
    ver = parse_nccl_version(s.nccl_version)
    loopback = next((e for e in s.errors if e.category == "hostname_loopback"), None)
    plugin = next((e for e in s.errors if e.category == "net_plugin_error" and "UCX error" in e.text), None)
    barrier = _closed_exit_barrier(s)
    for (cat, _), errs in groups.items():
        if cat == "ib_disabled" and s.network == "IB":
            continue  # the paste mentions NCCL_IB_DISABLE=1, but the NCCL of this log used IB: not in effect
        if cat == "fabric_manager" and _fabric_not_at_fault(s, errs):
            continue
        # The group speaks with its first line that states a cause of its own, a stated root before a likely one
        # (Xid 45's cleanup before the Xid 79 that caused it, "unhandled cuda error" before its CUDA error).
        # Among lines of one role the most severe speaks (a watchdog's timeout before PyTorch's banner about it).
        first = min(errs, key=lambda e: (_SPEAKS.get(e.role, len(_SPEAKS)), _SEV[e.severity]))
        kind = cat  # the finding's id, unless context names another
        m = _HOST.search(first.text)
        cause, role, message, fix, severity = first.cause, first.role, first.explanation, first.fix, first.severity
        alternatives = list(first.alternatives)
        evidence: dict = {"lines": [e.line_no for e in errs][:20], "occurrences": sum(e.count for e in errs),
                          "role": role}
        for rule in CONTEXT_RULES:
            value = s.env.get(rule.env)
            if value is not None and cat in rule.categories and (not rule.values or value in rule.values) and not (
                    rule.since and ver is not None and ver < rule.since):
                cause, alternatives, role = rule.cause, _demoted(cause, alternatives, rule.cause), "root"
                message = f"{message}; {rule.why.format(v=value)}"
                evidence.update(role=role, env={rule.env: value})
        for fact in FACT_RULES:
            at = s.fact_lines.get(fact.fact)
            if at is None or cat not in fact.categories or fact.from_cause not in (None, cause) or (
                    fact.text is not None and not any(fact.text.search(e.text) for e in errs)):
                continue
            cause, role = fact.cause, "root"
            alternatives = _demoted(first.cause, alternatives, cause)
            message, fix = f"{message}; {fact.why.format(line=at)}", fact.fix
            evidence.update(role=role, lines=[at, *evidence["lines"]])
        wc = completion_status(first.text) if cat == "ib_completion_error" else None
        mlx5_old = next((e for e in s.errors if e.category == "libmlx5_old"), None) \
            if wc is not None and wc.name == "IBV_WC_LOC_PROT_ERR" else None
        if mlx5_old is not None:
            # A libmlx5 without MLX5_1.25's symbols (its dlvsym line) and then a local protection error: the buffer
            # was registered without mlx5's DMA-BUF path, not blocked by ACS (sgl-project/sglang#23143: the distro
            # rdma-core of Ubuntu 24.04; DOCA-OFED's user space fixed it).
            cause, role = Cause.GDR_UNAVAILABLE, "root"
            alternatives = _demoted(first.cause, alternatives, cause)
            message += (f"; libmlx5 lacks the MLX5_1.25 symbols (line {mlx5_old.line_no}), so the buffer was "
                        "registered without mlx5's DMA-BUF path")
            fix = "install rdma-core / libmlx5 from DOCA-OFED (MLX5_1.25) in the image; to test, NCCL_DMABUF_ENABLE=0"
            evidence.update(role=role, lines=[mlx5_old.line_no, *evidence["lines"]])
        bug = next((b for b in (_known_bug(cat, e.text, s.nccl_version) for e in errs) if b), None)
        if bug is not None:
            cause, alternatives, role = Cause.OTHER, _demoted(cause, alternatives, Cause.OTHER), "root"
            evidence["role"] = role
            message = f"{message}; {bug.what}"
            fix = f"upgrade NCCL to {version_text(bug.fixed)} or newer (this job runs {s.nccl_version})"
        if cat == "cuda_error" and any(_P2P_INVALID.search(e.text) for e in errs) and (
                "P2P/CUMEM" in s.transports or s.env.get("NCCL_CUMEM_ENABLE") == "0"):
            # p2p.cc failing to import a peer's buffer where the processes of one communicator map memory two ways:
            # cuMem (P2P/CUMEM) on one side, legacy CUDA IPC (NCCL_CUMEM_ENABLE=0, which vLLM sets in its workers) on
            # the other; a trainer's weight-sync group with vLLM (NVIDIA-NeMo/RL#636, NovaSky-AI/SkyRL#143: match it).
            # Any line of the category: proxy.cc may print the same failure first (vllm-project/vllm#5477).
            cause, role = Cause.APPLICATION_BUG, "root"
            alternatives = _demoted(first.cause, alternatives, cause)
            message += ("; this communicator's processes map peer memory two ways (cuMem, P2P/CUMEM, and legacy CUDA "
                        "IPC, NCCL_CUMEM_ENABLE=0): one cannot import the other's buffer")
            fix = ("make NCCL_CUMEM_ENABLE the same in every process of the communicator (trainer and inference "
                   "engine: vLLM sets 0 in its workers, so set NCCL_CUMEM_ENABLE=0 in the trainer too, or unset it on "
                   "both sides); NCCL_P2P_DISABLE=1 only as a slow stopgap")
            evidence.update(role=role)
        died = next((e for e in s.errors if e.category == "worker_failed" and e.line_no < first.line_no
                     and _WORKER_DIED.search(e.text)), None) if cat == "timeout" else None
        if died is not None:
            # An engine reporting its worker dead before the peers' collective timed out (vLLM's "Worker
            # VllmWorkerProcess pid 1159 died, exit code: -6", vllm-project/vllm#6042): the peers waited for it.
            cause, role = Cause.RANK_CRASHED_ELSEWHERE, "root"
            alternatives = _demoted(first.cause, alternatives, cause)
            message += f"; a worker exited before it (line {died.line_no}): the others waited in the collective for it"
            fix = "read that worker's own first error (above the exit line): that is the cause; the timeout follows"
            evidence.update(role=role, lines=[died.line_no, *evidence["lines"]])
        if cat == "timeout" and s.nodes == 1 and Cause.ACS_IOMMU_P2P not in alternatives:
            # Every rank on one node: the collective ran over P2P/SHM, where a hang without an error is
            # what PCIe ACS or an IOMMU in translation mode does to peer-to-peer DMA.
            alternatives.append(Cause.ACS_IOMMU_P2P)
        if cat == "timeout" and any(_FIRST_WORK.search(e.text) for e in errs):
            # The process group's first collective: PyTorch creates the communicator and NCCL connects its peers
            # there (lazy init), so a transport that never connects hangs in it as well as a rank that never came.
            setup = Cause.ACS_IOMMU_P2P if (s.nodes or 1) == 1 else Cause.FIREWALL_OR_PORT_BLOCKED
            if setup not in alternatives:
                alternatives.append(setup)
            message += ("; it is the process group's first collective (SeqNum=1), where NCCL sets up its "
                        "connections: a transport that cannot connect (P2P blocked by ACS or the IOMMU on one node, "
                        "traffic dropped between nodes) hangs here too")
        if cat == "version_mismatch" and "captured in a graph" in first.text and s.nccl_build_cuda is not None \
                and s.nccl_build_cuda < (11, 3):
            # strongstream.cc names two conditions; the version line shows which: an NCCL built before CUDA 11.3
            # (vllm-project/vllm#3069: a wheel pulled NCCL 2.19.3+cuda11.0), whatever the driver.
            alternatives = _demoted(cause, alternatives, Cause.NCCL_VERSION_MISMATCH)
            cause = Cause.NCCL_VERSION_MISMATCH
            build = ".".join(map(str, s.nccl_build_cuda))
            message = f"{message}; this NCCL was built with CUDA {build} (its version line), older than 11.3"
            fix = ("install an NCCL built with CUDA 11.3 or newer (the nvidia-nccl-cu11/cu12 wheel your torch pins, or "
                   "the torch wheel for your CUDA)")
        if cat == "system_error" and cause is None and max(s.nodes or 0, len(s.hosts)) >= 2 \
                and Cause.SHM_TOO_SMALL in alternatives:
            # Shared memory joins ranks of one node only: with the ranks on several nodes the network causes of a
            # bare ncclSystemError come first (verl-project/verl#108: a connect between nodes), shared memory last.
            network = [a for a in alternatives if a in (Cause.WRONG_INTERFACE, Cause.FIREWALL_OR_PORT_BLOCKED)]
            alternatives = network + [a for a in alternatives if a not in network and a is not Cause.SHM_TOO_SMALL] \
                + [Cause.SHM_TOO_SMALL]
        if cat == "ibv_call_failed" and (s.no_ib_device or any(e.category == "no_ib_device" for e in s.errors)) \
                and all(_NO_DEVICE_CALL.search(e.text) for e in errs):
            # net_ib.cc ncclIbInit skips a device ibv_open_device refuses and, with none left, says "No device
            # found": NCCL goes on over sockets (a container given the device's sysfs entry but not its /dev
            # node; THUDM/GLM#123 ran on one host over shared memory, where it changes nothing). A transfer engine
            # listing devices where ibv_devinfo finds none needs its TCP mode or the device (kvcache-ai/Mooncake#75).
            cause, alternatives, role = Cause.SOCKET_FALLBACK, _demoted(cause, alternatives,
                                                                         Cause.SOCKET_FALLBACK), "likely"
            severity = W
            message = (f"{message}; no usable RDMA device is left: NCCL then uses sockets between nodes (ranks on one "
                       "node do not need it), other transports need their TCP mode or the device in the container")
            evidence.update(role=role)
        elif cat == "ibv_call_failed" and s.network == "IB" and s.ib_devices \
                and all(_NO_DEVICE_CALL.search(e.text) for e in errs):
            # The same skip with devices left: NCCL goes on over the ones it opened ("NET/IB : Using [0]mlx5_1:1/RoCE
            # ...", zai-org/ImageReward#65): a device it could not open fails nothing by itself.
            kind, cause, alternatives, role, severity = "ib_device_skipped", None, [], "collateral", W
            message = (f"{message}; NCCL skipped it and uses the devices it opened ({', '.join(s.ib_devices[:4])}): no "
                       "failure by itself, unless those devices were meant for this job")
            evidence.update(role=role)
        # srun's KillWait line ("Job step aborted: Waiting up to N seconds") is printed when the step's stop
        # reaches srun, before or after slurmstepd's "CANCELLED ... DUE TO TIME LIMIT" (ZettaAI/zetta_utils#671).
        killwait = cat == "worker_failed" and all(_KILLWAIT.search(e.text) for e in errs)
        ended = cat == "process_killed" or (cat == "remote_exited" and all(
            "_step_signal" in e.text or "closing signal SIGTERM" in e.text for e in errs))
        stopped = next((e for e in s.errors if e.category == "job_stopped" and (killwait or e.line_no < first.line_no)),
                       None) if killwait or ended else None
        if stopped is not None:
            # Slurm kills a cancelled step's tasks with SIGKILL after its grace period ("_step_signal: Terminating",
            # then srun's "tasks 0-7: Killed"): the stop named before, not the OOM killer; torchrun's agent, stopped
            # itself, sends its workers SIGTERM (pytorch/pytorch#116974: "Received 15 death signal" first).
            cause, alternatives, role = Cause.OTHER, [], "noise"
            message = (f"the launcher ending the tasks of a step that was stopped from outside (line "
                       f"{stopped.line_no}: cancelled, or past its time limit): not a failure of its own")
            fix = f"read why the job was stopped (line {stopped.line_no}): its time limit, preemption or an scancel"
            evidence.update(role=role)
        term = next((e for e in s.errors if "closing signal SIGTERM" in e.text), None) if cat == "crash" else None
        if term is not None and all(_BANNER.search(e.text) and e.line_no > term.line_no for e in errs):
            # Failure handlers (glog's, Folly's, absl's) catch SIGTERM too: banners printed after torchrun sent its
            # workers SIGTERM, with no other signal named, are those workers stopping (uccl-project/uccl#303).
            cause, alternatives, role, severity = Cause.RANK_CRASHED_ELSEWHERE, [], "collateral", W
            message = (f"{message}; printed after the launcher sent its workers SIGTERM (line {term.line_no}): the "
                       "workers' failure handlers reporting that stop, after another worker's error")
            evidence.update(role=role)
        before = _error_before_abort(s.errors, errs) if cat == "crash" else None
        if before is not None:
            # The banner announces SIGABRT: the process aborting itself on the uncaught exception or failed check it
            # printed before ("terminate called ... what(): NCCL failure: unhandled cuda error", then Open MPI's
            # "Signal: Aborted (6)", baidu-research/DeepBench#97): that error speaks, the banner follows from it.
            cause, alternatives, role = Cause.OTHER, [], "collateral"
            message = f"{message}; the signal is SIGABRT, after the error of line {before.line_no}: that error's abort"
            evidence.update(role=role)
        if cat == "mpi_transport" and plugin is not None:
            # NCCL's UCX net plugin names the UCX call that failed (nccl-rdma-sharp-plugins UCXCHECK): the UCX ERROR
            # lines of the process are that plugin's transport, not mpirun's (NVIDIA/nccl#1175).
            cause, alternatives, role, severity = Cause.NET_PLUGIN_ERROR, [], "collateral", W
            message = f"{message}; NCCL's UCX network plugin reports this failure (line {plugin.line_no}): not mpirun's"
            evidence.update(role=role)
        if barrier is not None and cat in ("remote_exited", "socket_closed", "socket_connect_failed") and all(
                _BARRIER_CLOSED.search(e.text) for e in errs):
            # Made for real: tests/analyze/test_netns_faults.py's healthy two-node run, under load, where node 1's
            # agent reached the barrier after node 0's had exited; both workers had finished their work.
            kind, cause, alternatives, role = "exit_barrier", None, [], "noise"
            message = (f"torchrun's agent lost the store at its exit barrier (line {barrier.line_no}) after the "
                       "workers ended: node 0's agent had already left, teardown and no failure while no worker failed")
            evidence.update(role=role)
        if cat == "invalid_usage" and s.shared_test_gpus:
            # nccl-tests lists each rank's host and GPU before NCCL starts, and NCCL's init lines name each rank's bus
            # id: two ranks on one GPU of one host is what NCCL refuses ("Duplicate GPU detected", ncclInvalidUsage;
            # init.cc), whatever else is set.
            cause, alternatives, role = (Cause.APPLICATION_BUG, _demoted(cause, alternatives, Cause.APPLICATION_BUG),
                                         "root")
            message = f"{message}; the log puts {s.shared_test_gpus[0]} on one GPU: {ONE_GPU_EACH}"
            fix = ONE_GPU_EACH_FIX
            evidence.update(role=role, shared_gpu=list(s.shared_test_gpus))
        pair = next((m for m in map(_DUPLICATE.search, (e.text for e in errs)) if m), None) \
            if cat == "duplicate_gpu" else None
        if pair and abs(int(pair[1]) - int(pair[2])) >= 8 and Cause.HOSTNAME_RESOLUTION not in alternatives:
            # Ranks a node apart: a placement that interleaves nodes (Ray's bundles, NVIDIA-NeMo/RL#3155), or the
            # same local GPU of two nodes NCCL takes for one host (Modal's sandboxes, lasgroup/SDPO#39).
            alternatives.append(Cause.HOSTNAME_RESOLUTION)
        no_net = no_net_reason(s, errs) if cat == "no_interface" else None
        if no_net is not None:
            alternatives = _demoted(cause, alternatives, no_net[2])
            message, fix, cause = f"{message}; {no_net[0]}", no_net[1], no_net[2]
        closed = cat == "socket_closed"
        iface = (unresolved_reason(errs, s.errors) or interface_reason(errs, s.errors, loopback, closed)) \
            if cat in _SOCKET_CATEGORIES else None
        if iface is not None:  # the address the peers got does not join nodes: the interface is the cause
            alternatives = _demoted(cause, [*alternatives, Cause.WRONG_INTERFACE], iface[2])
            cause, role = iface[2], "root"
            message, fix = f"{message}; {iface[0]}", iface[1]
            evidence.update(role=role, peer_address=True)
        elif cat in ("bootstrap_error", "socket_connect_failed") and s.socket_ifaces:
            message += (f"; NCCL's sockets use {', '.join(s.socket_ifaces[:4])} (NCCL_SOCKET_IFNAME selects it): "
                        "it must be the network that joins the nodes")
            evidence["socket_interfaces"] = list(s.socket_ifaces[:8])
        fid, done = f"log.{kind}", s.fact_lines.get("rendezvous_done")
        if cat == "socket_connect_failed" and done and all(e.line_no < done and _WARNED.search(e.text) for e in errs):
            # c10d warns each failed try ("[W socket.cpp] ... client socket has failed to connect", Windows'
            # 10049 on an IPv6 try) and tries the next address; a rendezvous completed after it was a retry. So is
            # a client's warned refusal it reconnected from (NVIDIA/srt-slurm#217: Dynamo's etcd lease, 0.5 s), and
            # `ray start --head` probing for a GCS before it starts its own ("WARNING utils.py:1242 -- Unable to
            # connect to GCS at ...", then "Ray runtime started.": ray-project/ray#26477).
            fid, cause, role, alternatives = "log.connect_retried", None, "noise", []
            message += (f"; the rendezvous or connection completed afterwards (line {done}): a retried address, "
                        "not the failure")
            evidence["role"] = role
        elif cat == "store_barrier" and done and "barrier_wait_after_done" not in s.fact_lines \
                and all(e.line_no < done and STORE_BARRIER_WAIT in e.text for e in errs):
            # torch 1.x's _store_based_barrier logs "Waiting in store based barrier ..." every 10 s until every rank
            # has arrived, then "Completed store-based barrier for key:..." (Lightning-Universe/lightning-flash#1182:
            # six ranks in a healthy start): a wait that ended, not the failure, unless a wait follows the completion.
            fid, cause, role, alternatives = "log.barrier_waited", None, "noise", []
            message = (f"ranks waited in the process group's store barrier, and it completed afterwards (line {done}): "
                       "every rank arrived, the wait ended; not a failure")
            fix = "nothing to fix for it; if the job failed later, read the first error after the barrier"
            evidence["role"] = role
        if alternatives:
            evidence["alternatives"] = [str(a) for a in alternatives]
        out.append(Finding(
            id=fid, severity=I if role == "noise" else severity,
            subject=m.group(1) if m else name, message=f"{message} (line {first.line_no}: {first.text[:200]})",
            fix=fix, evidence=evidence, cause=cause))
    # A GPU too far from its NIC ("(distance A > B)") is the placement, which no peer-memory module changes.
    # Only NCCL's own word that it turned GDR off: another tool saying the module is not loaded at all (the GPU
    # Operator's validator) is no module this NCCL failed to detect.
    hca_gdr_off = [r for r in s.gdr_disabled_reasons if "HCA" in r and "(distance " not in r] or [
        e.text for e in s.errors if e.category == "gdr_disabled" and _NCCL_GDR_LINE.search(e.text)]
    for vrule in VERSION_RULES:
        if ver is not None and vrule.low <= ver < vrule.high and hca_gdr_off:
            out.append(Finding(id=vrule.finding_id, severity=W, subject="nvidia_peermem",
                               message=vrule.message.format(v=s.nccl_version), fix=vrule.fix, cause=vrule.cause,
                               evidence={"nccl_version": s.nccl_version, "gdr": hca_gdr_off[:2], "role": "root"}))
    return out
