"""The table that classifies NCCL WARN / error lines: regex -> category, severity, explanation, fix.

Built from NCCL's own WARN sites (nccl-internals.md section 7, "Common WARNs") and the lines users
paste into bug reports (shared/corpus/nccl_logs; each entry names one example it was checked on).
`classify_error(text)` returns the first matching pattern, most specific first; IB completion errors
get their ibv_wc_status and mlx5 vendor syndrome decoded into the explanation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ncclkit.findings import Severity

__all__ = ["NCCL_RESULT_NAMES", "PATTERNS", "ErrorClass", "LogPattern", "classify_error"]


@dataclass(frozen=True, slots=True, kw_only=True)
class LogPattern:
    """One row of the table: `regex` is searched in the whole line."""

    regex: re.Pattern[str]
    category: str
    severity: Severity
    explanation: str
    fix: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ErrorClass:
    """What `classify_error` found for one line."""

    category: str
    severity: Severity
    explanation: str
    fix: str


def _p(regex: str, category: str, severity: Severity, explanation: str, fix: str) -> LogPattern:
    return LogPattern(regex=re.compile(regex, re.IGNORECASE), category=category, severity=severity,
                      explanation=explanation, fix=fix)


E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# ncclResult_t values, as printed in the "file.cc:NNN -> N" return-code traces (src/include/nccl.h).
NCCL_RESULT_NAMES = {1: "ncclUnhandledCudaError", 2: "ncclSystemError", 3: "ncclInternalError",
                     4: "ncclInvalidArgument", 5: "ncclInvalidUsage", 6: "ncclRemoteError",
                     7: "ncclInProgress"}

# enum ibv_wc_status (infiniband/verbs.h); NCCL prints the number ("error 4", "status=12").
_WC_STATUS = {
    1: ("IBV_WC_LOC_LEN_ERR", "a receive buffer was too small: the two ranks disagree on sizes"),
    2: ("IBV_WC_LOC_QP_OP_ERR", "local QP operation error"),
    4: ("IBV_WC_LOC_PROT_ERR", "local protection error: the NIC could not access the registered "
        "buffer; with GPUDirect RDMA this usually means PCIe ACS/IOMMU blocks peer-to-peer DMA "
        "between NIC and GPU"),
    5: ("IBV_WC_WR_FLUSH_ERR", "work request flushed: the QP was already in error (look for the "
        "first completion error before this one), or the NICs cannot reach each other"),
    8: ("IBV_WC_LOC_ACCESS_ERR", "local access error on the registered memory"),
    9: ("IBV_WC_REM_INV_REQ_ERR", "the remote side rejected the request"),
    10: ("IBV_WC_REM_ACCESS_ERR", "remote access error: the peer's memory key/registration is wrong"),
    11: ("IBV_WC_REM_OP_ERR", "the remote side could not complete the operation"),
    12: ("IBV_WC_RETRY_EXC_ERR", "transport retry counter exceeded: the peer never acknowledged "
         "(link or switch down, peer process gone, or on RoCE a lossy fabric without PFC/ECN)"),
    13: ("IBV_WC_RNR_RETRY_EXC_ERR", "receiver-not-ready retries exceeded: the peer stopped posting"),
    20: ("IBV_WC_RESP_TIMEOUT_ERR", "response timeout"),
    21: ("IBV_WC_GENERAL_ERR", "general error"),
}
# mlx5 CQE vendor syndromes seen in NCCL completion errors ("vendor err 129" = 0x81).
_VENDOR_SYNDROME = {
    0x81: "0x81 = remote transport retry exceeded (no ACK from the peer)",
    0x51: "0x51 = local protection / memory-key violation",
    0x32: "0x32 = work request flushed after an earlier error",
    0x88: "0x88 = remote NAK: invalid request",
}

_COMPLETION = re.compile(r"completion from peer (?P<peer>\S+) with (?:error |status=)(?P<status>\d+)"
                         r"(?:.*?vendor[ _]err(?:or)?[ =]?(?P<vendor>\d+))?", re.IGNORECASE)

PATTERNS: tuple[LogPattern, ...] = (
    # e.g. "ib_plugin.c:1105 NCCL WARN NET/IB : Got completion from peer 10.0.35.1<49189> with error 4,
    # opcode 5327, len 5327, vendor err 81 (Send)" (nccltests252); 2.19+: "status=IBV_WC_RETRY_EXC_ERR(12)".
    _p(r"Got completion from peer", "ib_completion_error", E,
       "an RDMA transfer to a peer failed at the NIC", "see the decoded status; check `ibstat` on both "
       "nodes, cables/switch ports, and on RoCE the PFC/ECN configuration; raise NCCL_IB_TIMEOUT for "
       "retry-exceeded errors on large fabrics"),
    # "Call to ibv_create_qp failed" (nccl562).
    _p(r"ibv_create_qp", "ibv_create_qp_failed", E,
       "NCCL could not create an RDMA queue pair: locked-memory limit too low, too many QPs, or the "
       "device is unusable in this container", "set `ulimit -l unlimited` (docker: --ulimit memlock=-1; "
       "k8s: IPC_LOCK and a memlock limit), and lower NCCL_IB_QPS_PER_CONNECTION if raised"),
    _p(r"ibv_create_cq", "ibv_create_cq_failed", E,
       "NCCL could not create an RDMA completion queue (locked memory or device resources)",
       "set `ulimit -l unlimited` for the job and check `ibv_devinfo` works inside the container"),
    _p(r"ibv_reg_mr|ibv_reg_dmabuf_mr|regMr", "ibv_reg_mr_failed", E,
       "registering GPU or host memory with the NIC failed: memlock limit, or GPUDirect RDMA broken "
       "(nvidia_peermem not loaded, or DMA-BUF unsupported)", "set `ulimit -l unlimited`; `modprobe "
       "nvidia_peermem` (or use a driver/kernel with DMA-BUF); as a test, NCCL_NET_GDR_LEVEL=LOC"),
    # "Call to ibv_modify_qp failed with error Network is unreachable" (nccltests185).
    _p(r"ibv_modify_qp", "ibv_modify_qp_failed", E,
       "connecting the RDMA queue pair failed: on RoCE usually a wrong/empty GID index or no route "
       "between the two ports' subnets; on IB a port that is down", "run `show_gids` on both nodes and "
       "set NCCL_IB_GID_INDEX to the RoCE v2 IPv4 index (NCCL >= 2.21 picks it itself); make sure the "
       "HCAs in NCCL_IB_HCA are ACTIVE and can reach each other"),
    # aws-ofi-nccl: "NET/OFI Request completed with error. RC: 5. Error: Input/output error. ...".
    _p(r"NET/OFI", "ofi_error", E,
       "the AWS OFI (libfabric/EFA) network plugin failed a request or could not set up",
       "check the EFA devices (`fi_info -p efa`), that aws-ofi-nccl matches the NCCL version, and that "
       "the security group allows all traffic between the nodes"),
    _p(r"\bGID\b|gid index|ncclIbRoceGetVersionNum|ncclIbGetGidIndex", "gid_error", E,
       "NCCL could not read or use the RoCE GID of a port", "check `show_gids`: the port needs a RoCE v2 "
       "GID with an IPv4 address; set NCCL_IB_GID_INDEX to it"),
    _p(r"async fatal event|async event: port error|port error", "ib_port_event", E,
       "an RDMA port went down while the job ran", "check the link (`ibstat`, switch logs) and rerun"),
    _p(r"incompatible devices", "ib_mixed_link_layers", E,
       "InfiniBand and RoCE ports were mixed in one connection",
       "restrict NCCL_IB_HCA to ports of one link layer"),
    # "Failed to open libibverbs.so[.1]" (nccl257, pytorch68893).
    _p(r"libibverbs", "libibverbs_missing", W,
       "libibverbs is not installed or not visible: NCCL cannot use RDMA and falls back to sockets",
       "install rdma-core / libibverbs1 (in the container too) or set NCCL_IBVERBS_LIB; ignore on "
       "nodes without RDMA"),
    _p(r"No device found|No IB device|no usable RDMA", "no_ib_device", W,
       "NCCL found no usable RDMA port, so inter-node traffic uses TCP sockets",
       "check `ibstat`/`ibv_devinfo` inside the job, device plugins in containers, and NCCL_IB_HCA"),
    _p(r"GPU Direct RDMA Disabled|peer ?mem|nv_peer_mem|nvidia.peermem|GDR.*disabled", "gdr_disabled", W,
       "GPUDirect RDMA is off: inter-node data is staged through host memory",
       "`modprobe nvidia_peermem` (or use DMA-BUF), and keep GPU and NIC under one PCIe switch (PIX/PXB)"),
    # "Bootstrap Root : rank 1 of 8 ranks has already checked in" (lightning14986).
    _p(r"already checked in", "bootstrap_duplicate_rank", E,
       "two processes claimed the same rank: the launcher started the job twice or ranks are wrong",
       "check RANK/WORLD_SIZE/node_rank per node and that no stale job uses the same MASTER_PORT"),
    _p(r"Duplicate GPU detected|Multiple Ranks are using the same GPU", "duplicate_gpu", E,
       "two ranks use the same GPU", "set CUDA_VISIBLE_DEVICES / LOCAL_RANK so each rank has its own GPU"),
    _p(r"Mismatched NCCL version|version mismatch", "version_mismatch", E,
       "ranks run different NCCL versions", "install the same NCCL (and torch) build on every node"),
    # Before bootstrap_error: "Bootstrap : no socket interface found" (bootstrapNetInit, src/bootstrap.cc)
    # means no usable interface, not an unreachable MASTER_ADDR.
    _p(r"No usable listening interface|no socket interface found|No IP interface|"
       r"Failed to initialize any NET plugin", "no_interface", E,
       "NCCL found no usable network interface", "set NCCL_SOCKET_IFNAME to an interface with an address"),
    _p(r"Bootstrap|bootstrap", "bootstrap_error", E,
       "the ranks could not exchange their startup information over TCP",
       "check MASTER_ADDR/MASTER_PORT reachability, firewalls, and NCCL_SOCKET_IFNAME on every node"),
    # "socketProgress: Connection closed by remote peer localhost<56086>" (nccltests217).
    _p(r"Connection closed by remote peer|closed by remote|Connection reset|Socket recv failed|"
       r"socket recv|Broken pipe", "socket_closed", E,
       "a peer closed its TCP connection: that process died or aborted first",
       "find the first error on the other ranks (this is usually a consequence)"),
    _p(r"connect to .* failed|Connection refused|No route to host|Network is unreachable|"
       r"socketStartConnect|Connect to", "socket_connect_failed", E,
       "a TCP connection to a peer failed: wrong interface chosen, firewall, or the peer is not up",
       "set NCCL_SOCKET_IFNAME to the interface that joins the nodes; open the ports between nodes"),
    _p(r"timed? ?out|Timeout|Watchdog caught", "timeout", E,
       "an operation or connection timed out: a peer hung or the network dropped traffic",
       "look for the first error on any rank; check the inter-node path with `ncclkit cluster`"),
    _p(r"\babort|ncclCommAbort|Aborting", "abort", E,
       "a communicator was aborted", "find the first error on any rank; this is usually a consequence"),
    _p(r"remote process exited|ncclRemoteError|remote error", "remote_exited", E,
       "a peer process exited or a network error broke the connection",
       "find the rank that exited first (OOM, crash, killed) or the failing link"),
    # Before shm_error and collnet_sharp_error, which these lines would also match: the NVLS bind
    # failure names "NVLink SHARP" (src/transport/nvls.cc) and logind's RemoveIPC shows up as a
    # failed unlink of NCCL's segment (src/os/linux.cc), not as a full /dev/shm.
    _p(r"Failed to bind NVLink SHARP|NVLS\) Multicast|Fabric Manager or NVSwitches", "nvls_fabric", E,
       "NVLS multicast memory could not be bound: the Fabric Manager or NVSwitch fabric is not ready",
       "run `ncclkit doctor` on the node (fabric state, nvidia-fabricmanager); restart the Fabric Manager "
       "and reset the GPUs, or export NCCL_NVLS_ENABLE=0 to run without NVLS"),
    _p(r"unlink shared memory .* failed", "shm_removed", E,
       "NCCL's shared memory segment was removed under the job: systemd-logind RemoveIPC=yes deletes a "
       "user's segments when their last session ends",
       "set RemoveIPC=no in /etc/systemd/logind.conf.d/ and restart systemd-logind; run jobs as a "
       "system user or keep a session open"),
    _p(r"/dev/shm|failed to extend|shm_open|SHM", "shm_error", E,
       "the shared memory segment could not be created: /dev/shm too small",
       "docker: --shm-size=1g or --ipc=host; k8s: mount an emptyDir with medium Memory on /dev/shm"),
    _p(r"SHARP|sharp_|Failed to lock .*tree|CollNet", "collnet_sharp_error", E,
       "the SHARP / CollNet plugin failed to set up in-network reduction",
       "check the SHARP aggregation manager and quotas, or disable with NCCL_COLLNET_ENABLE=0"),
    _p(r"NET/Plugin|plugin", "net_plugin_error", W,
       "the network plugin failed to load or initialise",
       "check NCCL_NET_PLUGIN, the plugin's path in LD_LIBRARY_PATH, and that it matches the NCCL version"),
    # "Cuda failure 'invalid argument'" (nccl957).
    _p(r"Cuda failure|cuda error|unhandled cuda error|CUDA error|ncclUnhandledCudaError", "cuda_error", E,
       "a CUDA call inside NCCL failed", "check the driver/CUDA compatibility, GPU health (`nvidia-smi`, "
       "Xid errors in dmesg) and CUDA_VISIBLE_DEVICES"),
    # "Test NCCL failure common.cu:961 'unhandled system error ...'" (nccl1332).
    _p(r"unhandled system error|ncclSystemError|system error", "system_error", E,
       "NCCL got an error from the OS, a socket or the RDMA stack",
       "rerun with NCCL_DEBUG=INFO (and NCCL_DEBUG_SUBSYS=INIT,NET) and read the first WARN above it"),
    _p(r"internal error|ncclInternalError", "internal_error", E,
       "NCCL reported an internal error", "read the WARN lines before it; check versions match everywhere"),
    _p(r"invalid usage|ncclInvalidUsage|invalid argument|ncclInvalidArgument", "invalid_usage", E,
       "NCCL was called incorrectly (mismatched collectives, bad buffer or count)",
       "check that every rank calls the same collectives in the same order with the same sizes"),
    # "[Proxy Service 1] Failed to execute operation Connect from rank 1, retcode 2" (nccltests185).
    _p(r"Proxy|proxy", "proxy_error", E,
       "the NCCL proxy thread failed an operation (usually after a network error)",
       "read the first WARN before this one; it names the real cause"),
    _p(r"NCCL error|NCCL failure|NCCL WARN", "nccl_error", E,
       "NCCL reported a problem", "read the message; rerun with NCCL_DEBUG=INFO for context"),
)


def classify_error(text: str) -> ErrorClass:
    """Classify one WARN/error line; IB completion errors get status and syndrome decoded."""
    for pat in PATTERNS:
        if pat.regex.search(text):
            explanation = pat.explanation
            if pat.category == "ib_completion_error":
                explanation = _explain_completion(text, explanation)
            return ErrorClass(category=pat.category, severity=pat.severity, explanation=explanation,
                              fix=pat.fix)
    return ErrorClass(category="other", severity=Severity.WARNING,
                      explanation="an unclassified warning", fix="read the message in context")


def _explain_completion(text: str, base: str) -> str:
    m = _COMPLETION.search(text)
    if not m:
        return base
    status = int(m.group("status"))
    name, meaning = _WC_STATUS.get(status, (f"ibv_wc_status {status}", "see infiniband/verbs.h"))
    parts = [f"{base}: peer {m.group('peer')}, status {status} = {name} ({meaning})"]
    if m.group("vendor"):
        vendor = int(m.group("vendor"))
        parts.append("vendor syndrome " + _VENDOR_SYNDROME.get(vendor, f"0x{vendor:x}"))
    return "; ".join(parts)
