"""Classify one WARN / error line: regex -> category, cause, role, severity, explanation, fix.

The rows live in patterns_table.py and the modules it gathers (rules as data); this module holds
the row type, the first-match classifier and the decoders that turn an error string into a cause:
the ibv_wc_status of an IB completion WARN (every format NCCL printed, including 2.28.7+
`status=IBV_WC_...(N) ... vendor_err=N`), the CUDA error of a "Cuda failure" / "CUDA error" line,
and the errno of a failed verbs call.

`role` says how a line relates to the root cause: "root" lines state one, "likely" lines name one only
by what such a line most often was (they rank after the roots that state theirs), "collateral" lines
are consequences of an error elsewhere (a peer that went away, a generic NCCL return code), "noise"
lines look alarming but state no problem (NCCL logs a missing optional net plugin, for instance).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from ncclkit.causes import Cause
from ncclkit.findings import Severity
from ncclkit.logs.cuda_errors import cuda_reading
from ncclkit.logs.ib_status import completion_status

__all__ = ["DIALLED_NAME", "NCCL_RESULT_NAMES", "PATTERNS", "ErrorClass", "LogPattern", "class_of", "classify_error"]


@dataclass(frozen=True, slots=True, kw_only=True)
class LogPattern:
    """One row of the table: `regex` is searched in the whole line."""

    regex: re.Pattern[str]
    category: str
    severity: Severity
    explanation: str
    fix: str
    cause: Cause | None
    role: str = "root"
    alternatives: tuple[Cause, ...] = ()
    # False where the row has already read what the line's status or errno means (its category's decoder below
    # would override it: UCX states the memlock limit itself, patterns_table_mpi).
    decode: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class ErrorClass:
    """What `classify_error` found for one line."""

    category: str
    severity: Severity
    explanation: str
    fix: str
    cause: Cause | None = None
    role: str = "root"
    alternatives: tuple[Cause, ...] = ()


# ncclResult_t values, as printed in the "file.cc:NNN -> N" return-code traces (src/include/nccl.h).
NCCL_RESULT_NAMES = {1: "ncclUnhandledCudaError", 2: "ncclSystemError", 3: "ncclInternalError",
                     4: "ncclInvalidArgument", 5: "ncclInvalidUsage", 6: "ncclRemoteError",
                     7: "ncclInProgress"}

C = Cause
# The errno text of a failed verbs call (ibvwrap.cc prints "Call to ibv_X failed with error %s"):
# ENOMEM from a registration or QP/CQ creation is most often the locked-memory limit (unless the paste shows it
# unlimited: diagnose_rules.FACT_RULES); EFAULT registering GPU memory is GPUDirect RDMA (no peer-memory client);
# EPERM/EACCES is a container without IPC_LOCK. The names as words: "EFAULT" is also in "default" (libfabric
# cxi's "Failed to find valid default rgroup and vni").
_VERBS_ERRNO: tuple[tuple[re.Pattern[str], Cause, str, tuple[Cause, ...]], ...] = tuple(
    (re.compile(r, re.IGNORECASE), cause, why, alts) for r, cause, why, alts in (
        (r"Cannot allocate memory|\bENOMEM\b|errno:? 12\b", C.MEMLOCK_OR_ULIMIT,
         "ENOMEM: the locked-memory limit (ulimit -l) is too low for it, or the device's own resources ran out",
         (C.IB_RESOURCE_ERROR,)),
        (r"Bad address|\bEFAULT\b", C.GDR_UNAVAILABLE,
         "EFAULT: the NIC could not pin GPU memory (no nvidia_peermem / DMA-BUF)", (C.IB_RESOURCE_ERROR,)),
        # EOPNOTSUPP from ibv_reg_dmabuf_mr: the RDMA driver or kernel cannot register DMA-BUF memory (MOFED
        # or kernel older than DMA-BUF support for its NIC); NCCL_DMABUF_ENABLE=0 goes back to peer memory.
        (r"Operation not supported|\bEOPNOTSUPP\b|errno:? 95\b", C.GDR_UNAVAILABLE,
         "EOPNOTSUPP: the RDMA driver or kernel cannot register this memory (DMA-BUF of GPU memory needs a recent "
         "MOFED/rdma-core and kernel 5.12+)", (C.NCCL_VERSION_MISMATCH, C.IB_RESOURCE_ERROR)),
        (r"Operation not permitted|Permission denied|\bEPERM\b|\bEACCES\b", C.MEMLOCK_OR_ULIMIT,
         "EPERM: the process may not lock memory (container without IPC_LOCK, memlock limit)",
         (C.IB_RESOURCE_ERROR,)),
    ))
_VERBS_CATEGORIES = frozenset({"ibv_reg_mr_failed", "ibv_create_qp_failed", "ibv_create_cq_failed"})
_VERBS_FIX = {
    C.MEMLOCK_OR_ULIMIT: "raise the locked-memory limit where the job runs: `ulimit -l unlimited` (limits.d "
                         "`* - memlock unlimited`, docker --ulimit memlock=-1:-1, k8s IPC_LOCK); check it inside "
                         "the launcher (`mpirun ... sh -c 'ulimit -l'`)",
    C.GDR_UNAVAILABLE: "`modprobe nvidia_peermem` (or use DMA-BUF: kernel 5.12+, open driver; where DMA-BUF "
                       "registration is not supported, NCCL_DMABUF_ENABLE=0 or a newer MOFED); as a test "
                       "NCCL_NET_GDR_LEVEL=LOC",
}


def _p(regex: str, category: str, severity: Severity, explanation: str, fix: str, cause: Cause | None,
       role: str = "root", alternatives: tuple[Cause, ...] = (), decode: bool = True) -> LogPattern:
    return LogPattern(regex=re.compile(regex, re.IGNORECASE), category=category, severity=severity,
                      explanation=explanation, fix=fix, cause=cause, role=role, alternatives=alternatives,
                      decode=decode)


from ncclkit.logs.patterns_table import rows  # noqa: E402  (the table uses _p above)

PATTERNS: tuple[LogPattern, ...] = rows(_p)


# NCCL 2.30.7 names the function after a source line: a WARN's ("misc/ibvwrap.cc:185 (wrap_ibv_alloc_pd) NCCL WARN
# ...", src/debug.cc ncclDebugLogV; a net plugin's WARN has none) and INFO_LOC's (include/debug.h: return-code traces
# "graph/xml.cc:469 (ncclTopoGetXmlFromFile) -> 2", "Call to X returned ..., retrying"). __func__ is "operator()"
# inside a lambda. The rows spell the older "file:line NCCL WARN" form, which _WARN_FUNC restores.
NCCL_FUNC = r"\((?:\w+|operator\(\))\)"
_WARN_FUNC = re.compile(r"(\.(?:cc|cu|cuh|cpp|h|c):\d+ )" + NCCL_FUNC + r" (?=NCCL WARN )")


def classify_error(text: str) -> ErrorClass:
    """Classify one WARN/error line; IB completion and CUDA errors get their status decoded."""
    if ") NCCL " in text:
        text = _WARN_FUNC.sub(r"\1", text)
    for pat in PATTERNS:
        if pat.regex.search(text):
            cls = ErrorClass(category=pat.category, severity=pat.severity, explanation=pat.explanation,
                             fix=pat.fix, cause=pat.cause, role=pat.role, alternatives=pat.alternatives)
            decode = _DECODERS.get(pat.category) if pat.decode else None
            return decode(text, cls) if decode else cls
    return ErrorClass(category="other", severity=Severity.WARNING, explanation="an unclassified warning",
                      fix="read the message in context", cause=None, role="collateral")


def class_of(category: str) -> ErrorClass:
    """The class of the last row of `category` (for evidence that is not a line of its own): rows go from the most
    specific to the most general, so the last one explains the category without a source's own details (the first
    "abort" row is aws-ofi-nccl's, the first "shm_error" row UCC's)."""
    pat = next(p for p in reversed(PATTERNS) if p.category == category)
    return ErrorClass(category=pat.category, severity=pat.severity, explanation=pat.explanation, fix=pat.fix,
                      cause=pat.cause, role=pat.role, alternatives=pat.alternatives)


# socket.cc socketFinalizeAccept's WARN "wrong magic %lx != %lx" (2.18 - 2.26; 2.30.7 logs a mismatch at
# INFO and discards the connection): the first value is the 8 bytes the peer sent, read little-endian.
_MAGIC = re.compile(r"wrong magic (?:0x)?([0-9a-fA-F]{1,16}) ?!=")


def _foreign(text: str, cls: ErrorClass) -> ErrorClass:
    """A foreign connection whose first bytes are text came from another protocol's client (an HTTP
    "GET /met" of a metrics scraper): NCCL before 2.30.7 retried the handshake inside the accept loop of
    its proxy and RAS threads and could hang there (NVIDIA/nccl#1808; 2.30.7 discards the connection)."""
    m = _MAGIC.search(text)
    if not m:
        return cls
    sent = int(m.group(1), 16).to_bytes(8, "little").rstrip(b"\0")
    if not sent or not all(32 <= b < 127 for b in sent):
        return cls
    return replace(cls, cause=C.OTHER, alternatives=(C.FIREWALL_OR_PORT_BLOCKED, C.APPLICATION_BUG),
                   explanation=f"a client of another protocol connected to NCCL's port (its first bytes read "
                               f"{sent.decode()!r}: a metrics scraper, health check or port scanner); NCCL before "
                               "2.30.7 retries the handshake in its proxy and RAS accept loops and can hang there "
                               "(NVIDIA/nccl#1808)",
                   fix="keep scrapers and probes off the nodes' ephemeral ports (restrict their targets or filter "
                       "them from outside the job), or upgrade to NCCL 2.30.7+, which discards such connections")


_BARRIER_COUNTS = re.compile(r"world_size=(\d+), worker_count=(\d+)")


_BARRIER_KEY = re.compile(r"store_based_barrier_key:(\d+)")


def _barrier(text: str, cls: ErrorClass) -> ErrorClass:
    """More workers than world_size checked in to the store barrier: processes of another job (or of a
    stale run) share MASTER_ADDR:MASTER_PORT, or WORLD_SIZE is smaller than the ranks launched. Fewer, at a key
    past the first: every process group created before it passed its barrier through the same store, so the store
    is reachable, and some ranks did not create this group (c10d counts new_group calls into the key; every rank
    must make each call, members or not: deepspeedai/Megatron-DeepSpeed#338 timed out at key 32)."""
    m = _BARRIER_COUNTS.search(text)
    key = _BARRIER_KEY.search(text)
    if m and key and int(key.group(1)) > 1 and int(m.group(2)) < int(m.group(1)):
        return replace(cls, cause=C.HANG_COLLECTIVE_MISMATCH, alternatives=(C.RANK_CRASHED_ELSEWHERE,),
                       explanation=f"only {m.group(2)} of {m.group(1)} ranks reached the barrier of process group "
                                   f"{key.group(1)}: the groups before it passed theirs through the same store, so "
                                   "the ranks missing did not create this group (or died or lagged before it)",
                       fix="make every rank call new_group for every group, in the same order, even ranks that "
                           "are not members; then read the missing ranks' output for an error or a slow step")
    if not m or int(m.group(2)) <= int(m.group(1)):
        return cls
    return replace(cls, cause=C.APPLICATION_BUG, alternatives=(C.RANK_CRASHED_ELSEWHERE,),
                   explanation=f"{m.group(2)} workers checked in to a store barrier of world_size {m.group(1)}: "
                               "processes of another job or a stale run share MASTER_ADDR:MASTER_PORT, or "
                               "WORLD_SIZE is smaller than the number of ranks launched",
                   fix="give each job its own MASTER_PORT, kill stale runs (`ss -tnp | grep PORT`), and make "
                       "WORLD_SIZE equal the ranks launched (nnodes x nproc_per_node)")


_OOM_SIZES = re.compile(r"Tried to allocate ([\d.]+) ([GMK]iB)[^\n]*? of which ([\d.]+) ([GMK]iB) is free")
_OTHER_PROCESS = re.compile(r"Process \d+ has ([\d.]+) ([GMK]iB) memory in use")
_MIB = {"KiB": 1 / 1024, "MiB": 1.0, "GiB": 1024.0}


def _shared_gpu(text: str, cls: ErrorClass) -> ErrorClass:
    """Other processes on a GPU that ran out of memory caused it only if freeing theirs would have made room: three
    bare CUDA contexts of 474 MiB beside a 4.35 GiB request with 1.70 GiB free leave an OOM either way
    (modelscope/ms-swift#6301); they are still worth naming."""
    sizes = _OOM_SIZES.search(text)
    if sizes is None:
        return cls
    asked, free = (float(sizes.group(i)) * _MIB[sizes.group(i + 1)] for i in (1, 3))
    others = sum(float(n) * _MIB[unit] for n, unit in _OTHER_PROCESS.findall(text))
    if others >= asked - free:
        return cls
    return replace(cls, category="oom", cause=C.OOM, alternatives=(C.APPLICATION_BUG,),
                   explanation=f"the GPU ran out of memory: {asked / 1024:.2f} GiB asked, {free / 1024:.2f} GiB "
                               f"free, and the other processes on it hold only {others / 1024:.2f} GiB, so even "
                               "without them the allocation fails (their CUDA contexts on this GPU still mean a rank "
                               "did not select its own device)",
                   fix="lower the memory per GPU (batch size, sequence length, activation checkpointing, ZeRO/FSDP "
                       "sharding or offload); and call torch.cuda.set_device(local_rank) before any CUDA work so no "
                       "rank opens a context on another rank's GPU")


def _completion(text: str, cls: ErrorClass) -> ErrorClass:
    wc = completion_status(text)
    if wc is None:
        return cls
    peer = f"peer {wc.peer}, " if wc.peer else ""  # perftest and older NCCL name no peer
    parts = [f"{cls.explanation}: {peer}status {wc.status} = {wc.name} ({wc.meaning})"]
    if wc.vendor:
        parts.append("vendor syndrome " + wc.vendor)
    fix = cls.fix
    if wc.cause is C.ACS_IOMMU_P2P:
        fix = ("disable PCIe ACS on the switches between GPU and NIC (`setpci`/BIOS) and set the IOMMU to "
               "passthrough (iommu=pt), or test with NCCL_NET_GDR_LEVEL=LOC to confirm")
    elif wc.cause is C.HANG_COLLECTIVE_MISMATCH:
        fix = "make every rank issue the same collectives with the same sizes (TORCH_DISTRIBUTED_DEBUG=DETAIL)"
    return ErrorClass(category=cls.category, severity=cls.severity, explanation="; ".join(parts), fix=fix,
                      cause=wc.cause, role=wc.role, alternatives=wc.alternatives)


def _verbs(text: str, cls: ErrorClass) -> ErrorClass:
    for regex, cause, why, alts in _VERBS_ERRNO:
        if regex.search(text):
            return ErrorClass(category=cls.category, severity=cls.severity, explanation=f"{cls.explanation}: {why}",
                              fix=_VERBS_FIX[cause], cause=cause, role="root", alternatives=alts)
    return cls


def _cuda(text: str, cls: ErrorClass) -> ErrorClass:
    reading = cuda_reading(text)
    if reading is None:
        return cls
    fix = reading.fix or _CAUSE_FIX.get(reading.cause, cls.fix)
    if not reading.fix and "fabric" in reading.why:
        fix = "start nvidia-fabricmanager (`systemctl status nvidia-fabricmanager`), same version as the driver"
    return ErrorClass(category=cls.category, severity=cls.severity, explanation=f"{cls.explanation}: {reading.why}",
                      fix=fix, cause=reading.cause, role=reading.role, alternatives=reading.alternatives)


_CAUSE_FIX = {
    C.OOM: "free GPU memory: smaller batch/model shard, fewer NCCL channels (NCCL_MAX_NCHANNELS), or NCCL_BUFFSIZE "
           "lower; check no other process holds the GPU (`nvidia-smi`)",
    C.ACS_IOMMU_P2P: "disable PCIe ACS / set iommu=pt, or NCCL_P2P_DISABLE=1 as a workaround",
    C.APPLICATION_BUG: "call torch.cuda.set_device(local_rank) and give each rank its own GPU",
}


# ENETUNREACH / EADDRNOTAVAIL: the kernel has no route from the chosen source to that address, or the
# source address is not on this host: a wrong interface or address (a docker bridge, a link-local IPv6
# address without its scope, a MASTER_ADDR on another network), not a filter on the way.
_UNROUTABLE = re.compile(r"Network is unreachable|Cannot assign requested address|ENETUNREACH|EADDRNOTAVAIL|"
                         r"errno:? (?:101|99)\b", re.IGNORECASE)


# An IPv4 address no host has, as the address a rank dials: a netmask or broadcast (255.x.x.x), "any"
# (0.0.0.0), multicast (224 - 239.x.x.x). The launcher was given it: MASTER_ADDR or the rendezvous endpoint
# set to the wrong value (hiyouga/LlamaFactory#3715 dialled 255.255.0.0).
_NOT_A_HOST = re.compile(r"(?<![\d.])(?:255\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0|2(?:2[4-9]|3\d)\.\d{1,3}\.\d{1,3}"
                         r"\.\d{1,3})(?![\d.])")


# EINVAL from connect(): the address itself is unusable (one of another family than the socket, an IPv6
# link-local one without its scope), not a filter; a firewall answers with a refusal, a timeout or "no route".
# c10d prints it when a host name resolved to such an address or not at all (monarch PR#1571: a GCP internal
# name no node could resolve).
_INVALID_ADDRESS = re.compile(r"errno:? 22\b|Invalid argument|EINVAL")
# The peer a connection was to reach, named by a host name rather than an address, as c10d prints it ("trying to
# connect to (NAME, PORT)", "connect/validate to host NAME:PORT", "failed to connect to [NAME]:PORT"). A name starts
# with a letter, so IPv4 addresses never match, and an IPv6 one ("[fe80::1]:29500") has no digits after its first
# colon. diagnose.py reads the names it gives.
DIALLED_NAME = re.compile(r"connect to \(([A-Za-z][\w.-]*), \d+\)|connect/validate to host ([A-Za-z][\w.-]*):\d+|"
                          r"connect to \[?([A-Za-z][\w.-]*)\]?:\d+")


def _connect(text: str, cls: ErrorClass) -> ErrorClass:
    if _INVALID_ADDRESS.search(text):
        named = bool(DIALLED_NAME.search(text))
        return replace(cls, cause=C.HOSTNAME_RESOLUTION if named else C.WRONG_INTERFACE,
                       alternatives=(C.WRONG_INTERFACE,) if named else (C.HOSTNAME_RESOLUTION,),
                       explanation=f"{cls.explanation}: the address dialled is not usable here (EINVAL: what the "
                                   "name resolved to, or the address given, is of another family or lacks its "
                                   "scope), not a filter on the way",
                       fix="make every node resolve the rank-0 host's name to its address on the network that joins "
                           "the nodes (`getent ahosts <name>`), or set MASTER_ADDR to that IPv4 address")
    bad = _NOT_A_HOST.search(text)
    if bad:
        return replace(cls, cause=C.WRONG_INTERFACE, alternatives=(C.APPLICATION_BUG, C.HOSTNAME_RESOLUTION),
                       explanation=f"{cls.explanation}: {bad.group(0)} is not a host's address (a netmask or "
                                   "broadcast, 'any' or multicast), so the address the ranks dial was set wrong",
                       fix="set MASTER_ADDR (or the rendezvous endpoint, NCCL_COMM_ID) to the address of the rank-0 "
                           "node on the network that joins the nodes (`hostname -I` there)")
    if not _UNROUTABLE.search(text):
        return cls
    return replace(cls, cause=C.WRONG_INTERFACE, alternatives=(C.HOSTNAME_RESOLUTION, C.FIREWALL_OR_PORT_BLOCKED),
                   explanation=f"{cls.explanation}: the address is not reachable from the interface used (no route "
                               "to its network, or a source address this host does not have)",
                   fix="set NCCL_SOCKET_IFNAME (and GLOO_SOCKET_IFNAME) to the interface of the network that joins "
                       "the nodes, and MASTER_ADDR to an address on it (`ip route get <peer address>` shows the way)")


# ibvwrap.cc printIbModifyQpHint (2.28+): moving a QP to RTR that fails with ETIMEDOUT "in many cases ...
# occurs when NICs are not cross-rail connected" (NCCL_CROSS_NIC=0 confirms it); EINVAL is the GID index
# forced by NCCL_IB_GID_INDEX, the row's own cause.
_QP_TIMEDOUT = re.compile(r"failed with (?:error )?110\b|Connection timed out|ETIMEDOUT")


def _modify_qp(text: str, cls: ErrorClass) -> ErrorClass:
    if not _QP_TIMEDOUT.search(text):
        return cls
    return replace(cls, cause=C.TOPOLOGY_OR_NUMA, alternatives=(C.GID_INDEX_OR_ROCE_CONFIG, C.IB_PORT_DOWN_OR_LINK),
                   explanation=f"{cls.explanation}; timed out (ETIMEDOUT): the two NICs never reached each other, "
                               "most often because they sit on different rails that are not connected to each "
                               "other (NCCL's own hint for this error)",
                   fix="set NCCL_CROSS_NIC=0 so each rail only talks to the same rail on the other nodes (or "
                       "route the rails to each other); then check both ports' GIDs (`show_gids`) and links")


# Categories whose line carries a status, errno or count that refines the row's cause.
_DECODERS: dict[str, Callable[[str, ErrorClass], ErrorClass]] = {
    "ib_completion_error": _completion, "cuda_error": _cuda, "socket_foreign": _foreign,
    "store_barrier": _barrier, "socket_connect_failed": _connect, "ibv_modify_qp_failed": _modify_qp,
    "framework_usage": _shared_gpu,
    # libfabric's EFA provider registers memory through verbs too: its errno means what a verbs call's does
    # ("Libfabric error: (-12) Cannot allocate memory", awsome-distributed-ai#647: ulimit -l was 65536).
    **{c: _verbs for c in (*_VERBS_CATEGORIES, "ofi_error")}}
