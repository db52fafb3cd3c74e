"""Findings about the layout of the job a log shows (pure: parsed log -> list[Finding]): output of several separate
nccl-tests jobs taken for one, a test that stalls before any result on one node or on several, and nodes that share
one host name and so look like one node to NCCL."""

from __future__ import annotations

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.logs.nccl_log import NcclLogSummary

__all__ = ["layout_findings", "turned_off"]

E, W = Severity.ERROR, Severity.WARNING


def turned_off(env: dict[str, str], var: str) -> bool:
    """NCCL_P2P_DISABLE / NCCL_SHM_DISABLE set to 1, or NCCL_P2P_LEVEL to LOC (0): that intra-node transport is off."""
    return env.get(var) in (("LOC", "0") if var == "NCCL_P2P_LEVEL" else ("1",))


def layout_findings(s: NcclLogSummary) -> list[Finding]:
    return [*_same_hostname(s), *_separate_test_jobs(s), *_single_node_stall(s), *_multi_node_stall(s),
            *_mixed_link_layers(s),
            *_teardown_stall(s)]


def _separate_test_jobs(s: NcclLogSummary) -> list[Finding]:
    """A launcher starts nccl-tests on several hosts and the output has one header per process: an
    MPI job prints its header once, from its main process (nccl-tests common.cu run() takes rank and
    size from MPI only when built with MPI=1), so each process ran alone on its own GPUs."""
    if s.test_headers < 2 or len(s.launch_hosts) < 2:
        return []
    return [Finding.root_error(
        "log.tests_not_one_job", "nccl-tests",
        f"the launcher starts nccl-tests on {len(s.launch_hosts)} hosts, but the output has "
                f"{s.test_headers} headers: every process ran its own one-node test instead of joining one "
                "MPI job (nccl-tests built without MPI=1, or run with another MPI than it was built with)",
        "rebuild nccl-tests with `make MPI=1 MPI_HOME=<the MPI that mpirun belongs to>` and launch it with that "
        "mpirun; `ldd build/all_reduce_perf | grep mpi` shows which MPI it uses", Cause.OTHER, [s.launch_line],
        headers=s.test_headers, launch_hosts=list(s.launch_hosts), alternatives=[str(Cause.APPLICATION_BUG)])]


def _teardown_stall(s: NcclLogSummary) -> list[Finding]:
    """The watchdog stalled after the program ended: ProcessGroupNCCL's "destroy_process_group() was not called
    before program exit" (printed when the interpreter tears the default group down) comes before "watchdog got
    stuck" / "Heartbeat monitor timed out", so the groups were being destroyed implicitly at exit, where the
    collectives of many subgroups can block the teardown (modelscope/ms-swift#7992, fixed by destroying the groups
    explicitly at the end of the run, PR #8385). A stall with no exit before it stays the hang it looks like."""
    exit_line = next((e.line_no for e in s.errors if "destroy_process_group() was not called" in e.text), 0)
    stall = next((e.line_no for e in s.errors if e.category == "watchdog_stuck" and e.line_no > exit_line), 0)
    if not exit_line or not stall:
        return []
    return [Finding.root_error(
        "log.teardown_stall", "destroy_process_group",
        f"the watchdog stalled (line {stall}) after the program had ended without destroying its process "
                f"groups (line {exit_line}): they were torn down implicitly at exit, which can block on the "
                "communicators of many subgroups (expert or tensor parallel)",
        "call `dist.destroy_process_group()` on every rank at the end of the run (after a final barrier), before "
        "the interpreter exits", Cause.APPLICATION_BUG, [exit_line, stall],
        alternatives=[str(Cause.HANG_COLLECTIVE_MISMATCH)])]


def _single_node_stall(s: NcclLogSummary) -> list[Finding]:
    """nccl-tests on one node that printed its header and ranks, then no result row and no error: its
    first collective never completed. Between GPUs of one node NCCL uses P2P and SHM; a silent hang
    there is what PCIe ACS or an IOMMU in translation mode does to peer-to-peer DMA (NCCL's
    troubleshooting guide, "PCI Access Control Services"), and NCCL_P2P_DISABLE=1 tells it apart."""
    if not s.test_headers or s.test_rows or s.nodes != 1 or any(e.severity == E for e in s.errors):
        return []
    started = f"nccl-tests started on one node ({s.nranks or '?'} ranks)"
    off = next((v for v in ("NCCL_P2P_DISABLE", "NCCL_P2P_LEVEL") if turned_off(s.env, v)), None)
    if off and not turned_off(s.env, "NCCL_SHM_DISABLE"):
        # P2P off: the GPUs' traffic goes through shared memory, where ACS and the IOMMU play no part and a
        # container's small /dev/shm stalls it (NVIDIA/nccl#606: NCCL_P2P_LEVEL=LOC, fixed by a larger /dev/shm).
        cause, alternatives = Cause.SHM_TOO_SMALL, [Cause.CUDA_OR_DRIVER]
        message = (f"{started} with {off}={s.env[off]} but printed no result row and no error: with P2P off the "
                   "GPUs exchange data through shared memory (/dev/shm), and a /dev/shm too small for NCCL's buffers "
                   "(a container's 64 MB) stalls it")
        fix = ("enlarge /dev/shm (`df -h /dev/shm`; docker --shm-size=1g or --ipc=host, a memory-backed emptyDir in "
               "Kubernetes), then rerun")
    else:
        cause, alternatives = Cause.ACS_IOMMU_P2P, [Cause.CUDA_OR_DRIVER, Cause.SHM_TOO_SMALL]
        message = (f"{started} but printed no result row and no error: the first collective did not complete. On "
                   "one node the usual cause is PCIe peer-to-peer blocked by ACS or an IOMMU in translation mode (GPUs "
                   "without NVLink, AMD and VT-d hosts, VMs)")
        fix = ("rerun with NCCL_P2P_DISABLE=1: if it completes, disable ACS (`lspci -vvv | grep ACSCtl` shows it; "
               "BIOS or `setpci`) and boot with iommu=pt (or amd_iommu=off / intel_iommu=off); in a VM, enable "
               "P2P in the hypervisor")
    evidence: dict[str, object] = {"ranks": s.nranks, "nodes": 1, "role": "root",
                                   "alternatives": [str(c) for c in alternatives]}
    if off and f"env:{off}" in s.fact_lines:
        evidence["lines"] = [s.fact_lines[f"env:{off}"]]
    return [Finding(id="log.single_node_stall", severity=W, subject="nccl-tests", cause=cause, message=message,
                    fix=fix, evidence=evidence)]


def _multi_node_stall(s: NcclLogSummary) -> list[Finding]:
    """nccl-tests on several nodes that printed its header and ranks, then no result row, no error and no
    connection (channel) line: NCCL's bootstrap between the nodes never completed. A connection refused
    fails at once with an error; one that stays silent is traffic dropped on the way (a firewall or
    NetworkPolicy that drops, a service mesh's sidecar taking the pods' ports) or an address the other node
    cannot reach."""
    several = (s.nodes or 0) >= 2 or len(s.hosts) >= 2
    # The results' column header is printed once every rank's communicator exists: the nodes did connect, and what
    # stopped the test came later (NVIDIA/nccl#2112: a profiler plugin's crash in the first collective).
    if not s.test_headers or s.test_rows or not several or s.transports or "tests_columns" in s.fact_lines or \
            any(e.severity == E for e in s.errors):
        return []
    return [Finding(
        id="log.multi_node_stall", severity=W, subject="nccl-tests", cause=Cause.FIREWALL_OR_PORT_BLOCKED,
        message=f"nccl-tests started on {s.nodes or len(s.hosts)} nodes but printed no result row, no error and no "
                "connection line: the ranks never connected. A silent stop there is TCP traffic dropped between "
                "the nodes (a firewall or NetworkPolicy that drops, a service-mesh sidecar such as Istio's taking "
                "the pods' ports) or an address the other node cannot reach",
        fix="open all TCP ports between the nodes (NCCL's bootstrap uses ephemeral ports; `nc -zv <peer> <port>`), "
            "keep the pods out of the service mesh (Istio: sidecar.istio.io/inject: \"false\"), and set "
            "NCCL_SOCKET_IFNAME to the interface that joins the nodes",
        evidence={"nodes": s.nodes or len(s.hosts), "hosts": list(s.hosts[:8]), "role": "root",
                  "alternatives": [str(Cause.WRONG_INTERFACE), str(Cause.HOSTNAME_RESOLUTION)]})]


def _mixed_link_layers(s: NcclLogSummary) -> list[Finding]:
    """NET/IB's device list holds InfiniBand and RoCE ports together ("[8]mlx5_bond_0:1/RoCE" after eight "/IB"):
    NCCL uses every port it lists, so the GPUs it pairs with the odd ones cross to a network the other nodes' GPUs
    are not on ("Attempted to connect incompatible devices") or run at its speed (stas00/ml-engineering's network
    debug notes: a front-end bond among the compute HCAs)."""
    by_kind: dict[str, list[str]] = {}
    for dev in s.ib_devices:
        name, _, kind = dev.partition("/")
        if kind:
            by_kind.setdefault(kind, []).append(name)
    if len(by_kind) < 2:
        return []
    kind = min(by_kind, key=lambda k: len(by_kind[k]))
    odd = by_kind[kind]
    return [Finding(
        id="log.nic_mixed_link", severity=W, subject="NCCL_IB_HCA",
        message=f"NCCL lists InfiniBand and RoCE ports together ({len(by_kind['IB'])} InfiniBand, "
                f"{len(by_kind['RoCE'])} RoCE): it uses every port it lists, so the GPUs it pairs with the {kind} "
                f"one{'s' if len(odd) > 1 else ''} ({', '.join(odd[:4])}) reach another network than the other "
                "nodes' GPUs, or run at its speed",
        fix=f"leave the odd ports out: NCCL_IB_HCA=^{','.join(odd[:4])} (or list the compute HCAs with "
            "NCCL_IB_HCA==...)", cause=Cause.TOPOLOGY_OR_NUMA,
        evidence={"ports": {k: v[:16] for k, v in by_kind.items()}, "role": "root",
                  "alternatives": [str(Cause.PERFORMANCE_CONFIG), str(Cause.GID_INDEX_OR_ROCE_CONFIG)]})]


def _same_hostname(s: NcclLogSummary) -> list[Finding]:
    """Several machines print one host name, and the ranks use intra-node transports or report a shared GPU (or fail
    to set up P2P or shared memory): NCCL tells nodes apart by hostname (host hash), so nodes with one hostname
    look like one node to it. Several machines: the launcher names several hosts, or one interface name is listed
    with several addresses (horovod/horovod#148, #110: two machines called node1)."""
    if len(s.hosts) > 1 or any(t.startswith("NET/") for t in s.transports):
        return []
    by_iface: dict[str, list[str]] = {}
    for pair in s.socket_addrs:
        name, _, addr = pair.partition(":")
        by_iface.setdefault(name, []).append(addr)
    machines = max(by_iface.values(), key=len, default=[])
    launched = len(s.launch_hosts) >= 2
    several = list(s.launch_hosts) if launched else machines
    # A P2P or shared-memory setup that fails says "local" only under a host name that many machines share by
    # default; elsewhere it is the node's own P2P or /dev/shm problem (one node's log of a two-node job).
    shared_default = bool(s.hosts) and s.hosts[0].split(".")[0] in _DEFAULT_HOSTNAMES
    local = any(t.startswith(("P2P", "SHM")) for t in s.transports) or any(
        e.category == "duplicate_gpu" or shared_default and e.category in ("p2p_error", "shm_error")
        for e in s.errors)
    if len(several) < 2 or not local:
        return []
    named = s.hosts[0] if s.hosts else ""
    source = "the launcher starts ranks on" if launched else "NCCL's interface lines show"
    return [Finding(
        id="log.same_hostname", severity=E, subject=named or "hostname",
        message=f"{source} {len(several)} hosts ({', '.join(several[:4])}) but NCCL sees one host name"
                f"{' (' + named + ')' if named else ''} and connects the ranks as if they shared a node: the nodes "
                "have the same hostname",
        fix="give every node (container, pod) a unique hostname; NCCL_HOSTID can override it",
        evidence={"launch_hosts": list(s.launch_hosts), "addresses": machines if len(machines) > 1 else [],
                  "hosts": list(s.hosts), "lines": [s.launch_line] if s.launch_line else [], "role": "root"})]


# Host names a machine has until someone names it: images and containers that keep them share them.
_DEFAULT_HOSTNAMES = frozenset({"localhost", "ubuntu", "debian", "node", "host"})
