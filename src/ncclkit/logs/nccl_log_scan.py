"""One block of NCCL_DEBUG output into LogState: the hot path of the log reader (nccl_log).

No per-line Python. A block (read into one reused buffer) costs one `findall` of _LINE
(one match per NCCL line, so its length also counts the NCCL lines), counting the non-empty matches
straight into LogState.pairs at C speed (a channel tail such as "0[0] -> 1[1] [send] via NET/IB/0"
repeats once per channel; the few other keys of the block are the last ones pairs gained, taken out
again for Python), `count(b"\n")`, and bytes.find for the rare lines those keys say are there (WARN,
"Using network", "#  Rank"). Python then runs once per distinct fact message. Words of non-NCCL lines
(_OTHER_WORDS: tracebacks, launcher, kernel) are searched only in blocks that have a line which is
neither an NCCL line nor the empty line NCCL prints before a WARN; a pure NCCL_DEBUG_FILE block skips
those passes. Per 8 MiB block of benchmarks/analyze_stream.py's log: findall ~13 ms, counting ~7 ms
(hashing the new tail objects), WARN and "Using network" finds ~4.5 ms, newline count ~2.7 ms.

Hosts: every line of the first LogState.line_hosts_left (set by the reader) gives its host; after that hosts come from the lines
each rank prints at init ("Using network X", all versions, section 7) and from WARN/error lines,
which avoids parsing the prefix of millions of channel lines.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from itertools import islice

from ncclkit.logs.nccl_log_state import MAX_PAIRS, MAX_TRACES, LogState
from ncclkit.logs.nccl_tests import DTYPES
from ncclkit.logs.paste import BAR1_TOTAL, MAX_COLL_OPS

__all__ = ["Buffer", "scan_block"]

# One match per NCCL line (every alternative runs to the end of the line), one C-speed pass. The
# group is:
# - channel lines: ": " + the tail after "Channel 00/0 : ", e.g. ": 0[0] -> 1[1] [send] via NET/IB/0"
#   (2.4: "Ring 00 : 1 -> 0 [receive] via NET/Socket/0"; "CollNet 05/0 : 5 [receive] via ...");
# - fact lines: the text after "NCCL INFO ": init lines ("comm 0x.. rank 0 nranks 16", "ncclCommInit..
#   comm ..", 2.30 "[Rank 0] ncclCommInitRankConfig .. - Init START"), NET/, env, plugin and GDR lines,
#   NCCLCHECK traces "init.cc:1 -> 2";
# - rare lines: the text after "NCCL " (WARN/failure/error/version);
# - empty for any other "NCCL <WORD> " line (no allocation: b"" is shared).
# Possessive repeats (*+) never give back characters: none of them can be followed by what they
# consume, so they match what the plain form matches without backtracking on a failed line; any other
# INFO line is consumed in the INFO branch instead of retrying the WARN and <WORD> alternatives.
_LINE = re.compile(
    rb"NCCL (?:INFO (?:(?:Channel|Ring|CollNet|Tree) [^:\n]*+(?=: )|(?=NET/|NCCL|Using network |P2P plugin|"
    rb"Initialized NET|GPU Direct|comm |ncclComm|Init|nranks|nRanks|\[Rank |[a-z/_.][\w./\-]*+:\d+ -> \d|"
    rb"[A-Z][A-Za-z]++: opCount |Failed|Call to|Could not|Unable|Cuda failure|Bootstrap : Using|NET : Using|"
    rb"ncclMaxSharedMem|GDRDMA not|No peer memory client|DMA_BUF_SUPPORT|Current version of ROCm|CONFIG_DMABUF|"
    rb"Legacy IPC|libgdrapi|NCCL internal DMA-BUF|config->algSelection|"
    rb"RAS declaring)|"
    rb"[^\n]*+)|(?=WARN|ATTN|failure|error|version)|[A-Z]{4,5} [^\n]*+)([^\n]*)")
# Rare lines: found with bytes.find (long literals, memchr for "#") or a literal-led regex.
# NCCL 2.32 added the ATTN level (6), printed as WARN is: a condition that needs attention but may not fail.
_RARE_WORDS = {w: b"NCCL " + w for w in (b"WARN", b"ATTN", b"failure", b"error", b"version")}
# Words on lines that are not NCCL lines (tracebacks, launcher, kernel, verbs), one bytes.find pass each
# (twice as fast as a regex search per word, and far faster than one alternation of them all). No word
# contains another: the shorter one finds the same lines.
_OTHER_WORDS: tuple[bytes, ...] = (
    b"rror", b"imeout", b"timed out", b"out of memory", b"RLIMIT_MEMLOCK", b"Xid", b"IO_PAGE_FAULT", b"DMAR",
    b"exitcode", b"SIGKILL", b"Killed", b"name resolution", b"Name or service", b"already in use", b"refused",
    b"Fail", b"fail", b"FAIL", b"ismatch", b"abric", b"Segmentation", b"nvidia-nccl", b"peermem", b"peer_mem",
    b" -H ", b" --host", b" -host ", b"ACSCtl", b"NCCL_IB_DISABLE", b"firewall", b"open port",
    b"Unable to resolve hostname", b"Unable to find address", b"Duplicate GPU", b"with NCCL 1.", b"libnccl",
    b"nccl-repo", b"nccl-local-repo", b"device-specific driver", b"/dev/shm has only", b"% /dev/shm",
    b"Link down", b"Port module event", b"No devices were found", b"cannot be retrieved. err=-", b"SIGBUS",
    b"return code = -", b"Signal 7", b"expected, but not set", b"has not been initialized", b"finished reduction",
    b"No backend type", b"Tensors must", b"closed by peer", b"closing signal", b"watchdog got stuck",
    b"Heartbeat monitor", b"ERROR", b"fallen off", b"health compromised",
    # perftest (patterns_table_system)
    b"Couldn't ", b"Unable to create QP", b"Unable to open file descriptor", b"IB device ",
    # the stacks around NCCL (patterns_table_stacks): launchers, engines, Ray
    b"died", b"marked dead", b"as dead by", b"PCIe-only", b"ostfile", b"orld_size", b"orld size", b"via ssh",
    b"not installed", b"devices but", b"not match", b"MASTER_ADDR", b"main process IP", b"CUDA has been initialized",
    b"CUDA is already initialized", b"local_rank > 0", b"Distributed backend is not", b"backend not set",
    b"not on the cpu", b"CUDA_DEVICE_MAX_CONNECTIONS", b"interface", b"driver service", b"different address",
    b"master address", b"local ip", b"Set as localhost", b"available slots", b"subset of ranks", b"is stalled for",
    b"NCCLUniqueID", b"P2P access status", b"RTX 4000 series", b"capacity is unbalanced",
    b"Insufficient", b"/dev/shm size", b"has been shut down", b"Killing subprocess", b"Terminating remaining",
    b"crashed with exit", b"sigquit", b"re-initialize CUDA", b"GPU resources", b"visible CUDA devices",
    b"each token must be in", b"not reproducible", b"occupied by other",
    b"Too many open files", b"Unable to load NCCL", b"No OpKernel", b"fi_getinfo",
    b"does not support", b"NET/OFI", b"Aborted", b"core dumped",
    b"ncclUnhandled", b"not yet initialized",
    b"neither AF_INET", b"insufficient", b"abort(",
    # PyTorch c10d / elastic misuse and teardown lines (patterns_table_host, patterns_table)
    b"backend constrained", b"not on device passed", b"devices are not known", b"Expecting one tensor",
    b"process group twice", b"is out of range", b"device_id parameter", b"monitored_barrier", b"not part of group",
    b"LOCAL_RANK is not", b"accelerator support", b"is not available", b"requires NCCL", b"only allowed with NCCL",
    b"death signal", b"SignalException", b"dump signal", b"PGNCCL's watchdog", b"watchdog hang",
    b"likely closed", b"can't be empty", b"doesn't have ",
    # launches and rendezvous: Lightning's rank claims, ColossalAI, c10d's completed rendezvous, Windows builds
    b"GLOBAL_RANK: ", b"processes registered", b"Completed store-based barrier", b"torch environment",
    b"NCCL support is not compiled", b"rendezvous: path", b"assign requested address", b"does not exist",
    b"SIGSEGV",
    # the host's network stack and limits in dmesg and the journal (patterns_table_kernel)
    b"table overflow", b"SYN flooding", b"orphaned sockets", b"too long to send", b"table full, dropping",
    b"martian source", b"link status d", b"NIC Link is Down", b"file-max limit", b"oom-kill", b"oom_reaper",
    b"segfault at", b"pids controller", b"fork: ", b"for limit item", b"Could not set limit", b"cannot modify limit",
    # the CUDA libraries (patterns_table_cudalibs), the NVLink fabric's software (patterns_table_health)
    b"Unable to load any of", b"CliqueIDs", b"channel recovery", b"cliqueSize", b"for faulty rank",
    # JAX's and Ray's distributed layers (patterns_table_jaxray)
    b"Coordination service has stopped", b"different incarnation", b"tasks have crashed", b"out of sync",
    b"GCS may have been killed", b"Unknown flags in XLA_FLAGS", b"coordinator_address", b"num_processes",
    b"Automatic Distributed initialization", b"completionMode", b"cannot be scheduled", b"No available node types",
    b"memory pressure", b"rendezvous store", b"NCCL hang detected",
    b"node preemption",
    # PyTorch 2.12 - 2.14 (patterns_table_newest)
    b"symmetric", b"WindowNCCL", b"ProcessGroupNCCL::shrink", b"cannot shrink", b"Call reconfigure",
    b"TORCHCOMM_RANK", b"CPU-capable backend", b"duplicate entries", b"must be initialized",
    b"mesh_dim_name", b"Mesh dim name", b"shard or replicate", b"require NCCL", b"nccl4py", b"clique_ids",
    # the libraries under NCCL (patterns_table_net)
    b"incompatible", b"backend '", b"No suitable GID",
    b"Unreachable remote", b"never received a response", b"Unresponsive receiver", b"unresponsive",
    b"disabling GDR", b"eligible providers", b"GPUDirect RDMA", b"GDR disabled", b"retry count",
    b"no usable transports", b"messages transport", b"is unreachable", b"modifying QP", b"shmget(",
    b"shared memory", b"maximal number of files", b"SHArP", b"Aggregation Manager", b"sharp_am",
    # Slurm, Open MPI and Ray launcher lines (patterns_table_host)
    b"CANCELLED AT", b"Exited with exit code", b"process returned", b"non-zero exit", b"ORTE ", b"PRTE ",
    b"command not found", b"Host key verification", b"Permission denied", b"enough slots", b"unable to launch",
    b"locked memory", b"queue pair", b"async event", b"Thread creation",
    b"pthread_create", b"CUMEM", b"old driver", b"dynamic smem",
    # health checks, the GPU driver and the NIC drivers' faults (patterns_table_health)
    b"mlx5_core", b"bnxt_", b"ionic ", b"irdma", b"[[Health]]", b"is lost", b"NvLink", b"XID ", b"__ib_umem_get",
    b"Peer memory ", b"Thermal violations", b"PCIe replays", b"stress level", b"GFLOPs for GPU", b"SSH tunnel",
    b"libnvidia-ml", b"requires GPU driver", b"\"warning\" : \"", b"| Warning: ", b"nvidia-persistenced",
    b"Container Runtime Hook", b"nvidia-container-cli", b"default runtime", b"not active",
    # Kubernetes events and the RDMA device plugins (patterns_table_k8s)
    b"EmptyDir volume", b"System OOM", b"The node was low", b"The node had condition", b"Preempted by",
    b"node shutdown", b"devices unavailable", b"enough resource", b"TopologyAffinity", b"Topology locality",
    b"untolerated taint", b"affinity/selector", b"not rdma device", b"RDMA subsystem", b"rlimit type",
    # NCCL's INFO "NET/IB : GPU Direct RDMA Disabled for HCA" pasted without its prefix
    b"Direct RDMA Disabled",
    # rdma-core's and perftest's lines (patterns_table_system)
    b"can't read sgid", b"RDMA_CM_EVENT_", b"No IB devices", b"Did not detect devices",
    b"cuInit(0) returned", b"device(s) that support CUDA", b"QP size", b"severely limit", b"kernel ABI version",
    b"config directory",
    # torch/cuda/__init__.py on a GPU newer than the wheel
    b"is not compatible with the current",
    # PyTorch's recent distributed lines, the engines' launch checks, a library's own needs
    b"CDI container", b"belong to the given group", b"join collective #", b"joined collective #",
    b"must be divisible by number of nodes", b"is not found in the NCCL", b"is in use",
    # a subject and its state in any program's words (patterns_table_generic)
    b"not supported", b"nsupported", b"DOWN", b"eer access", b"nvalid",
    # schedulers, MPI launchers, Kubernetes, JAX/XLA, NVSHMEM, the peer-memory module (patterns_table_cluster)
    b"unable to reach each other", b"not enough space", b"Read -1, expected",
    b"attempt to run as root", b"direct launched using", b"No PMIx server", b"unable to reliably start", b"HYDU_",
    b"Waiting indefinitely", b"unhealthy", b"waiting for master", b"low on resource",
    b"may be stuck", b"proxy variable", b"MEM_FRACTION", b"enumerated as an mlx5",
    b"mlx5dv_devx_uar", b"Unable to create ah", b"NICs were assigned", b"same number of PEs", b"NVRM",
    b"Unresponsive remote", b"(downgraded)", b"HAMI-core",
    b"Userbuffers",
    b"requires CUDA P2P", b"CUDA IPC supports only", b"PEER_",
    b"unsatisfied condition", b"CDI devices", b"unprivileged container", b"nvidia_uvm is not loaded", b"IMEX channel",
    b"/dev/infiniband", b"Rdma Devices", b"device pool", b"RDMA resources", b"No RDMA devices", b"RDMA device spec",
    b"pyxis:", b"no IP addresses", b"default network is ready", b"No available RNIC",
    b"is not accessible", b"no active ports", b"No usable port", b"LAN address", b"DMABUF is",
    b"CudaIpc import", b"EtcdStoragePlugin", b"remote agent", b"NIXL_ERR",
    b"UCX backend bound", b"UCX version is", b"no common backend",
    # fabric diagnostics and ROCm (patterns_table_fabric, patterns_table_rocm)
    b"LinkDownedCounter", b"_err_phy:", b"link_down_events_phy", b"Polling", b"Could be", b"LinkUp",
    b"Peer ports operating", b"link state is", b"Link configured as", b"PhysLinkState", b"LinkState:",
    b"LinkWidthActive", b"master SM", b"link with ", b"Status Opcode", b"state is Down", b"state is Init",
    b"state is Armed", b"PortXmitDiscards",
    b"discards", b"pause_storm", b"packet_seq_err", b"out_of_sequence", b"PCIe bandwidth", b"ACSViol",
    b"HSA_FORCE_FINE_GRAIN_PCIE", b"NUMA auto balancing", b"ROCm runtime library", b"missing symbol", b"SMI init",
    b"device index not found", b"libamd_smi", b"topo/nodes", b"dmabuf feature", b"CONFIG_PCI_P2PDMA",
    b"DMA_BUF_SUPPORT", b"GDRDMA not enabled", b"peer memory client", b"XGMI", b"xgmi",
    b"Unable to initialize shared", b"Memory access fault", b"amdgpu:")
# A pasted command or script that sets NCCL variables (paste.launch_env).
_LAUNCH_ENV = re.compile(rb"\bNCCL_[A-Z0-9_]+=[^\s=]|os\.environ\[.NCCL_")
# INFO lines that carry a cause (newer NCCL logs failures and fallbacks at INFO): "Call to ibv_modify_qp
# failed ... retrying", "Call to connect returned Connection refused, retrying", "Failed to open ...",
# "ncclMaxSharedMem %d exceeds device/fn maxSharedMem %zu" (enqueue.cc before 2.26), "Could not open XML
# topology file %s : %s" (graph/xml.cc: NCCL_TOPO_FILE names no readable file; NCCL goes on detecting), and
# RCCL's lines of GPUDirect RDMA unavailable ("GDRDMA not enabled. Could not find memory_peers directory ...").
_INFO_CAUSE = re.compile(rb"[Ff]ail|refused|retrying|[Ee]rror|unreachable|RLIMIT|dlerror|undefined symbol|required by|"
                         rb"disabling GDR|eligible providers|provider supporting GPUDirect|"
                         rb"exceeds device|Could not open XML|"
                         # RCCL's INFO lines of GPUDirect RDMA not available (patterns_table_rocm)
                         rb"GDRDMA not enabled|No peer memory client|does not support dmabuf|should be set for DMA_BUF|"
                         # NCCL's RAS declaring a peer dead (ras/peers.cc)
                         rb"as DEAD|"
                         # p2p.cc: peer-to-peer refused (WSL's legacy IPC, cudaDeviceEnablePeerAccess)
                         rb"Legacy IPC not supported|Could not enable P2P|"
                         # 2.32: a tuning choice refused, DMA-BUF absent for its internal GDRCopy backend
                         rb"cannot be honored|does not support DMA-BUF")
_ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")
# nccl-tests "#  Rank  0 Group  0 Pid ... on host device", its header "# nThread 1 nGpus 8 minBytes ..." and
# "# NCCL Tests compiled with NCCL 1.0" (legacy NCCL).
_RANK_HEADER = re.compile(rb"# {1,3}(?:Rank|nThread \d|NCCL Tests compiled with NCCL 1\.)")
_USING_NEEDLE = b"NCCL INFO Using network "
# nvidia-smi -q's BAR1 total over its two lines (paste.BAR1_TOTAL)
_BAR1 = re.compile(BAR1_TOTAL.pattern.encode())
# COLL lines as paste.COLL_LINE reads them (name, opCount, count, datatype, op, root, nranks)
_COLL_POS = re.compile(rb"NCCL INFO (\w+): opCount (\w+) [^\n]*?count (\d+) datatype (\d+) op (\d+) root (-?\d+)"
                       rb"[^\n]*?nranks=(\d+)")
# NCCLCHECK's trace of a failed call, "graph/xml.cc:469 -> 2" (debug.h): the error propagated
_TRACE_KEY = re.compile(rb"([\w./-]+\.(?:cc|h|cu)):\d+ -> (\d+)")
# nccl-tests result rows: "  8388608  2097152  float  sum  -1  ..." (size, count, type first; a launcher
# prefix such as "[1,0]<stdout>:" may come before).
_TEST_ROW = re.compile(rb"\n[^\n\d]{0,40}?\d+ +\d+ +(?:" + b"|".join(sorted(d.encode() for d in DTYPES)) + rb") ")
# The text before " [dev] " of each line: host:pid:tid plus any launcher noise.
_HEAD_PLAIN = re.compile(rb"\n([\w.\-]+ ?:\d+:\d+) \[\d+\] ")
_HEAD = re.compile(rb"\n([^\n]{0,200}?:\d+:\d+) ?\[\d+\] ")
_FIRST_PREFIX = re.compile(r"([A-Za-z0-9_][\w.\-]*) ?:(\d+):(\d+) \[(\d+)\]")

Buffer = bytes | bytearray  # a block: a file range is read into one reused bytearray


def scan_block(st: LogState, buf: Buffer, end: int | None = None) -> None:
    """Add the facts of buf[:end] (whole lines, the last one ending in a newline) to `st`; `end`
    spares the copy of a slice."""
    end = len(buf) if end is None else end
    if buf.find(b"\x1b", 0, end) >= 0:  # colour codes from a log viewer or a coloured launcher
        buf = _ANSI.sub(b"", buf[:end])
        end = len(buf)
    if st.first_host is None:
        first = buf[:end].lstrip()[:400].split(b"\n", 1)[0].decode("utf-8", "replace")
        m = _FIRST_PREFIX.search(first)
        st.first_host = m.group(1) if m else ""
    if st.line_hosts_left > 0:
        _line_hosts(st, buf, end)
    lines = buf.count(b"\n", 0, end)
    found = _LINE.findall(buf, 0, end)
    st.nccl_lines += len(found)
    needles: list[bytes] = [b"#"]
    _keys(st, buf, end, found, needles)
    if not {"net_without_gdr", "socket_channel"} <= st.fact_lines.keys():
        _note_net_channels(st, buf, end)
    if buf.find(b": opCount ", 0, end) >= 0:
        _note_coll_lines(st, buf, end)
    if buf.find(b"BAR1 Memory Usage", 0, end) >= 0:
        _note_bar1(st, buf, end)
    if st.test_headers or buf.find(b"# nThread ", 0, end) >= 0:
        st.test_rows += len(_TEST_ROW.findall(buf, 0, end))
    spots = _rare_spots(st, buf, end, needles)
    # Lines that are neither NCCL lines nor the empty line NCCL prints before a WARN: only then can
    # an error word stand on a line of its own (each NCCL line gave exactly one match above).
    if lines - len(found) > _empty_lines_before(buf, spots):
        for word in _OTHER_WORDS:
            at = buf.find(word, 0, end)
            while at >= 0:
                spots.add(buf.rfind(b"\n", 0, at) + 1)
                at = buf.find(word, buf.find(b"\n", at, end) + 1 or end, end)  # from the next line on
        spots.update(buf.rfind(b"\n", 0, m.start()) + 1 for m in _LAUNCH_ENV.finditer(buf, 0, end))
    if spots:
        numbers = _LineNumbers(buf, st.lines_total)
        for s in sorted(spots):
            e = buf.find(b"\n", s, end)
            line = buf[s:e].decode("utf-8", "replace")
            st.rare_line(numbers.at(s), line)
            # NCCL >= 2.13 errors raised through PyTorch end with "Last error:" and, on the next line
            # without any prefix, ncclGetLastError()'s text: the real cause (the WARN message).
            if line.rstrip().endswith("Last error:") and e + 1 < end:
                cause = buf[e + 1:buf.find(b"\n", e + 1, end)].decode("utf-8", "replace")
                st.cause_line(numbers.at(e + 1), cause)
    st.lines_total += lines


def _empty_lines_before(c: Buffer, starts: set[int]) -> int:
    """How many of the lines starting at `starts` follow an empty line (NCCL prints one before WARN)."""
    return sum(1 for s in starts if (c[s - 2:s] == b"\n\n" if s > 1 else s == 1 and c[:1] == b"\n"))


def _line_hosts(st: LogState, buf: Buffer, end: int) -> None:
    """Hosts of all lines that start in the first HOST_SCAN_BYTES of the log."""
    cut = buf.find(b"\n", st.line_hosts_left - 1, end) + 1 if end > st.line_hosts_left else end
    region = b"\n" + buf[:cut]
    st.line_hosts_left -= cut
    found = _HEAD_PLAIN.findall(region)
    if len(found) < region.count(b"] NCCL "):
        found = _HEAD.findall(region)  # launcher noise before host:pid:tid: the slower lazy form
    for head in set(found):
        st.host_of(head.decode("utf-8", "replace") + " [0]")


def _keys(st: LogState, c: Buffer, end: int, found: list[bytes], needles: list[bytes]) -> None:
    """Counts the channel tails of a block into st.pairs and hands its fact messages to `st`; adds to
    `needles` the rare searches the block needs."""
    pairs = st.pairs
    if len(pairs) >= MAX_PAIRS:  # keep counting transports, no longer per rank pair
        keys = Counter(filter(None, found))
        for key, count in keys.items():
            if key[:2] == b": ":
                st.pairs_truncated = True
                if (v := key.rfind(b" via ")) >= 0:
                    st.overflow_transports[key[v + 5:]] += count
        others = [(key, count) for key, count in keys.items() if key[:2] != b": "]
    else:
        # Every key of the block is counted into pairs at C speed (no per-key Python for the ~12k
        # channel tails of a block); the keys new to pairs come last in its insertion order, and the
        # non-channel ones among them (all of them: they are taken out again below) are the block's
        # fact and rare messages, in the order of their first line as in a Counter of the block.
        known = len(pairs)
        pairs.update(filter(None, found))
        fresh = [key for key in islice(pairs, known, None) if key[:2] != b": "]
        others = [(key, pairs.pop(key)) for key in fresh]
    env: dict[str, list[tuple[str, int, bytes]]] = {}
    for key, count in others:
        needle = _rare_needle(key)
        if needle is None and _INFO_CAUSE.search(key) and key[:2] != b": ":
            needle = b"NCCL INFO " + key
        if needle is not None:
            if needle not in needles:
                needles.append(needle)
            continue
        rest = key.decode("utf-8", "replace")
        if rest.startswith("NCCL_") and " set " in rest:
            env.setdefault(rest.split(" ", 1)[0], []).append((rest, count, key))
        else:
            st.info(rest, count)
    for values in env.values():
        if len(values) > 1:  # one variable with several values: the last line in the block wins
            values.sort(key=lambda v: c.rfind(b"NCCL INFO " + v[2], 0, end))
        for rest, count, _ in values:
            st.info(rest, count)
    for key, _ in others:
        trace = _TRACE_KEY.match(key)
        if trace:
            pos = c.find(b"NCCL INFO " + key, 0, end) if len(st.traces) < MAX_TRACES else -1
            if pos >= 0:
                st.traces.append((st.lines_total + 1 + c.count(b"\n", 0, pos), trace.group(1).decode("ascii"),
                                  int(trace.group(2))))
            continue
        fact = _fact_of(key)
        if fact is not None and fact not in st.fact_lines:
            pos = c.find(b"NCCL INFO " + key, 0, end)
            if pos >= 0:
                st.note(fact, st.lines_total + 1 + c.count(b"\n", 0, pos))


def _note_coll_lines(st: LogState, c: Buffer, end: int) -> None:
    """First line of each distinct COLL call (NCCL_DEBUG_SUBSYS=COLL) per opCount: the evidence of a
    collective mismatch. One pass over the block, line numbers counted forward."""
    pos, no = 0, st.lines_total + 1
    for m in _COLL_POS.finditer(c, 0, end):
        key = tuple(g.decode("ascii", "replace") for g in m.group(7, 2, 1, 3, 4, 5, 6))
        if key in st.coll_lines:
            continue
        if len(st.coll_lines) >= 2 * MAX_COLL_OPS:
            return
        no += c.count(b"\n", pos, m.start())
        pos = m.start()
        st.coll_lines[key] = no


def _note_bar1(st: LogState, c: Buffer, end: int) -> None:
    """`nvidia-smi -q`'s BAR1 total, two lines that say one thing: handed to the classifier as one line."""
    for m in _BAR1.finditer(c, 0, end):
        no = st.lines_total + 1 + c.count(b"\n", 0, m.start(1))
        st.rare_line(partial(int, no), f"BAR1 Memory Usage Total : {int(m.group(1))} MiB")


def _fact_of(key: bytes) -> str | None:
    """The fact an INFO message shows that a finding points to by its line, if any."""
    if key.startswith((b"NET/Socket", b"NET : Using interface")) and b"Using" in key:
        return "net_socket"
    if key.startswith(b"NCCL_") and b" set " in key:
        return "env:" + key.split(b" ", 1)[0].decode("ascii", "replace")
    if b"GPU Direct RDMA Disabled" in key:
        return "gdr_disabled"
    if key.startswith(b"Bootstrap : Using"):
        return "bootstrap_ifaces"
    return None


def _note_net_channels(st: LogState, c: Buffer, end: int) -> None:
    """The first channel line of the block over NET/Socket, and over another NET/ without /GDRDMA."""
    i = c.find(b" via NET/", 0, end)
    for _ in range(64):  # the first lines suffice: a log that has any has them early
        if i < 0 or {"net_without_gdr", "socket_channel"} <= st.fact_lines.keys():
            return
        e = c.find(b"\n", i, end)
        tail = c[i:e if e >= 0 else end]
        fact = "socket_channel" if tail.startswith(b" via NET/Socket") else (
            "net_without_gdr" if b"GDRDMA" not in tail else None)
        if fact is not None and fact not in st.fact_lines:
            st.note(fact, st.lines_total + 1 + c.count(b"\n", 0, i))
        i = c.find(b" via NET/", i + 9, end)


def _rare_needle(key: bytes) -> bytes | None:
    """The literal that finds the lines of a rare key ("WARN ...", "Using network IB"), if it is one."""
    if key.startswith(b"Using network "):
        return _USING_NEEDLE
    for word, needle in _RARE_WORDS.items():
        if key.startswith(word):
            return needle
    return None


def _find_all(c: Buffer, end: int, needle: bytes) -> Iterator[int]:
    i = c.find(needle, 0, end)
    while i >= 0:
        yield i
        i = c.find(needle, i + len(needle), end)


def _rare_spots(st: LogState, c: Buffer, end: int, needles: list[bytes]) -> set[int]:
    """Line starts of rare lines (each once); "Using network" lines are handled here."""
    spots: set[int] = set()
    for needle in needles:
        if needle == _USING_NEEDLE:
            for i in _find_all(c, end, needle):
                s = c.rfind(b"\n", 0, i) + 1
                net = c[i + len(needle):c.find(b"\n", i, end)].decode("utf-8", "replace").strip()
                st.using_network(st.host_of_bytes(bytes(c[s:i])), net)
                if f"network:{net}" not in st.fact_lines:
                    st.note(f"network:{net}", st.lines_total + 1 + c.count(b"\n", 0, i))
        else:
            for i in _find_all(c, end, needle):
                if needle != b"#" or _RANK_HEADER.match(c, i, end):
                    spots.add(c.rfind(b"\n", 0, i) + 1)
    return spots


class _LineNumbers:
    """1-based line number of a line start in block `c`, counted only when asked for (a new error),
    forward from the last one asked for."""

    def __init__(self, c: Buffer, before: int) -> None:
        self._c, self._pos, self._no = c, 0, before + 1

    def at(self, start: int) -> Callable[[], int]:
        def line_no() -> int:
            self._no += self._c.count(b"\n", self._pos, start)
            self._pos = start
            return self._no
        return line_no
