"""Running state of one NCCL log read (nccl_log.py fills it): what each kind of line adds (nccl_log_merge folds
two states of consecutive byte ranges; nccl_log_summary.summarize freezes it).

The scanner hands over either distinct INFO messages with how often they occurred (`info`, bulk
lines deduplicated at C speed) or single decoded lines (`rare_line`: WARN/error lines, nccl-tests
rank lines), so the Python code here runs per distinct message, never per log line.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from collections.abc import Callable
from typing import Any

from ncclkit.logs.deepspeed_world import deepspeed_world
from ncclkit.logs.nccl_log_model import quoted_line
from ncclkit.logs.nccl_log_netfacts import MAX_GDR_REASONS, MAX_IB_DEVICES, NetFacts
from ncclkit.logs.nccl_log_words import INFO_CAUSE
from ncclkit.logs.nccl_tests import RANK_LINE, RANK_PID
from ncclkit.logs.paste import (COLL_LINE, COMM_FIELDS, LAUNCH_HOSTS, MAX_COLL_OPS, NCCL_PREFIX, NCCL_VERSION_LINE,
                                RANK_CLAIM, RankClaims, launch_env, package_version)
from ncclkit.logs.paste_code import quoted_code, typed_command
from ncclkit.findings import Severity
from ncclkit.logs.patterns import NCCL_FUNC, ErrorClass, classify_error
from ncclkit.logs.patterns_table_fabric import FM_NOTHING_TO_DO
from ncclkit.logs.patterns_table_system import GPU_TEST_BUFFER
from ncclkit.nccl.versions import parse_nccl_version, version_text

__all__ = ["ERROR_TEXT_CHARS", "MAX_ENV", "MAX_ERRORS", "MAX_GDR_REASONS", "MAX_IB_DEVICES", "MAX_PAIRS",
           "MAX_PREFIX_CACHE", "MAX_TRACES", "LogState"]

MAX_ERRORS = 200          # distinct error messages kept (repeats are counted, not stored)
MAX_PAIRS = 50_000        # distinct (channel segment, transport) keys kept for the transport map
MAX_PREFIX_CACHE = 8192   # distinct line prefixes remembered before the cache is reset
MAX_ENV = 256
ERROR_TEXT_CHARS = 500
MAX_HARMLESS = 4096

_PREFIX = re.compile(NCCL_PREFIX)
_NRANKS = re.compile(r"\bn[Rr]anks (\d+)")
# init.cc (2.20+): "comm %p rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL %d".
_NNODES = re.compile(r"\bnNodes (\d+)")
_LOCAL_RANKS = re.compile(r"\blocalRanks (\d+)")
# DeepSpeed's launcher (deepspeed/launcher/launch.py main): "nnodes=1, num_local_procs=1, node_rank=0", the job's
# layout before any NCCL line (tdrussell/diffusion-pipe#2: one GPU, NCCL_P2P_DISABLE and NCCL_IB_DISABLE set).
_DS_LAYOUT = re.compile(r"\bnnodes=(\d+), num_local_procs=(\d+), node_rank=\d+")
# "ncclCommInitRank comm 0x.. rank 1 nranks 4 cudaDev 1 busId 61000" (Init COMPLETE before 2.19), "comm 0x.. rank 1
# nranks 4 cudaDev 1 nvmlDev 3 busId 61000 commId 0x.. - Init START" (2.19+, vllm-project/vllm#8978)
_INIT_RANK = re.compile(r"(?:^|ncclCommInitRank(?:Config)? )" + COMM_FIELDS)
_ENV = re.compile(r"(NCCL_\w+) set (?:by environment )?to (\S+?)\.?$")
_TRACE = re.compile(r"(\S+:\d+) (?:" + NCCL_FUNC + r" )?-> (\d+)")
MAX_TRACES = 64
# Numbers make no message distinct, except Gloo's willRetry flag: "failed to connect, willRetry=1" is a try it repeats
# (healthy runs print it while a peer's listener comes up), "willRetry=0" of the same text the failure.
_DIGITS = re.compile(r"(?<!willRetry=)\d+")
_TEST_GPUS = re.compile(r"# nThread (\d+) nGpus (\d+)")
_BUILD_CUDA = re.compile(r"\+cuda(\d+)\.(\d+)")
# Lines that change how others read (fact, its lines, whether only a line read as harmless counts; the first is noted):
# perftest's GPU buffer and a fabric manager with no NVSwitch to manage (harmless lines); a traceback re-raised from a
# DataLoader worker (torch >= 1.4: "Caught X in DataLoader worker process N"; older torch: "RuntimeError: Traceback
# (most recent call last):", the worker's text as the parent's exception message); the locked-memory limit shown
# unlimited where the job ran (a command that set it and went on, `ulimit -a`'s line).
_NOTED: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    ("gpu_test_buffer", re.compile(GPU_TEST_BUFFER), True),
    ("fm_nothing_to_do", re.compile(FM_NOTHING_TO_DO), True),
    ("dataloader_worker", re.compile(r"Caught \w+ in DataLoader worker process \d+|"
                                     r"^\W*\w*Error: Traceback \(most recent call last\):"), False),
    ("memlock_unlimited", re.compile(r"ulimit -l unlimited\s*(?:&&|;)|max locked memory\s+\(kbytes, -l\)\s+unlimited"),
     False),
    ("store_connecting", re.compile(r"c10d::TCPStore::(?:TCPStore\(|waitForWorkers\(\)|ping\(\))|"
                                    r", in (?:init_process_group|_create_c10d_store)\s*$"), False),
    ("expandable_segments", re.compile(r"expandable_segments:True"), False),
    # its frame, or the source line of get_connection it quotes
    ("resource_sharer", re.compile(r"multiprocessing/resource_sharer\.py|Client\(address, authkey=process\."
                                   r"current_process\(\)\.authkey\)"), False),
    # a frame of Python's HTTP client (urllib's opener, http.client's request)
    ("http_request", re.compile(r"/urllib/request\.py\b|/http/client\.py\b"), False),
    # the library named as NCCL 2 (its INFO banner "NCCL version 2.x", the reporter's "using NCCL 2.0")
    ("nccl2_library", re.compile(r"\bNCCL (?:version )?2\.\d+"), False),
    # DeepSpeed's launcher without a hostfile (launcher/runner.py fetch_hostfile): it runs on this node alone
    ("no_hostfile", re.compile(r"Unable to find hostfile, will proceed with training with local resources"), False))
# An installed package's top level running (a frame "site-packages/dask_cuda/cli.py", line 61, in <module>"): what
# raises right under it raised while that package was imported, against the versions of the packages beside it.
_PACKAGE_IMPORT = re.compile(r'File "[^"\n]*[/\\](?:site|dist)-packages[/\\][^"\n]+", line \d+, in <module>')
# torch 1.x's _store_based_barrier, every 10 s until every rank arrived (diagnose reads the waits it logged)
STORE_BARRIER_WAIT = "Waiting in store based barrier"
_TEST_COLUMNS = re.compile(r"^\s*#\s+size\s+count\s+type\b")
_EMPTY_PREFIXED = re.compile(r"^\s*(?:\[[^\]]*\]:?\s*)*$")  # "", "[rank3]: ": nothing after the prefix
_ERROR_WORDS = ("rror", "ailure", "ailed", "imeout", "timed out", "ERROR", "abort", "Abort")


class LogState(NetFacts):
    """Mutable facts of one streaming pass (or of one byte range of it); `summary()` freezes them."""

    def __init__(self) -> None:
        self.lines_total = 0
        self.nccl_lines = 0
        self.hosts: set[str] = set()
        self.first_host: str | None = None
        self.versions: Counter[str] = Counter()
        self.nranks: int | None = None
        self.test_ranks: set[int] = set()
        self.test_rank_host: dict[int, str] = {}  # nccl-tests' "#  Rank N ... on HOST" listing
        self.test_gpus: dict[tuple[str, str], set[int]] = {}  # (host, PCI bus id) of that listing -> ranks
        self.test_rank0_pids: set[str] = set()  # the processes that listing names as Rank 0
        self.test_headers = 0  # nccl-tests "# nThread N nGpus N ..." header lines
        self.test_min_ranks = 0  # nThread x nGpus of the header: the ranks of one process
        self.test_rows = 0  # nccl-tests result rows after a header
        self.nnodes: int | None = None
        self.local_ranks: int | None = None  # NCCL's localRanks: this comm's ranks on the printing node
        self.init_gpus: dict[int, str] = {}  # rank -> PCI bus id of its "ncclCommInitRank comm ... rank N" line
        self.networks: Counter[str] = Counter()
        self.networks_by_host: dict[str, set[str]] = {}
        self.net_plugin_by_host: dict[str, set[str]] = {}  # "internal" / "external" per host
        self.build_cuda: tuple[int, int] | None = None  # the oldest "+cudaX.Y" of the NCCL version lines
        self.link_local_ifaces: set[str] = set()  # socket interfaces listed with an fe80:: address
        self.iface_v4: dict[str, set[str]] = {}  # socket interface -> the IPv4 addresses it was listed with
        self.plugins: set[str] = set()
        self.env: dict[str, str] = {}
        self.pairs: Counter[bytes] = Counter()  # ": " + channel tail "0[0] -> 1[1] via X" -> lines
        self.overflow_transports: Counter[bytes] = Counter()
        self.pairs_truncated = False
        self.host_of_head: dict[bytes, str] = {}
        self.line_hosts_left = 0  # bytes still to read in which every line gives its host
        self.gdr_enabled_lines = 0
        self.gdr_disabled: list[str] = []
        self.no_ib_device = False
        self.ib_devices: list[str] = []
        self.socket_devices = False
        self.socket_ifaces: list[str] = []
        self.nic_speed_mbps: int | None = None
        self.errors: dict[str, list[Any]] = {}
        self.return_codes: dict[int, str] = {}
        self.nic_path_unresolved = False  # "Could not find real path of /sys/class/net/..." seen
        self.packages: dict[str, set[str]] = {}
        self.harmless: set[str] = set()  # lines already classified as no error (skipped on repeat)
        self.launch_hosts: list[str] = []
        self.launch_line = 0
        self.coll_ops: dict[tuple[str, str], set[tuple[str, ...]]] = {}
        self.fact_lines: dict[str, int] = {}  # first line of each fact a finding points to ("env:NCCL_X", ...)
        # Each distinct NCCLCHECK return-code trace "misc/socket.cc:567 -> 2": (first line, file, code)
        self.traces: list[tuple[int, str, int]] = []
        self.coll_lines: dict[tuple[str, ...], int] = {}  # (nranks, opCount, call...) -> first line
        self.coll_by_process: dict[tuple[str, str, str], tuple[str, ...]] = {}  # (host:pid, nranks, opCount) -> call
        self.coll_shared_ops: set[tuple[str, str]] = set()  # (nranks, opCount) one process logged two calls under
        self.rank_claims = RankClaims()
        self.package_import_line = 0  # the last frame of an installed package's import (_PACKAGE_IMPORT)

    def note(self, fact: str, line_no: int) -> None:
        """Remember the first line that shows `fact` (the evidence line of its finding)."""
        if fact not in self.fact_lines and len(self.fact_lines) < MAX_ENV + 32:
            self.fact_lines[fact] = line_no

    # -- hosts -------------------------------------------------------------------------------
    def host_of(self, prefix: str) -> str:
        """Host of the `host:pid:tid [dev]` text in front of "NCCL " (launcher noise allowed)."""
        m = _PREFIX.search(prefix)
        host = m.group(1) if m else ""
        if host:
            self.hosts.add(host)
        return host

    def host_of_bytes(self, head: bytes) -> str:
        """host_of for raw line heads; one regex per distinct head (a few per rank)."""
        host = self.host_of_head.get(head)
        if host is None:
            if len(self.host_of_head) >= MAX_PREFIX_CACHE:
                self.host_of_head.clear()
            host = self.host_of_head[head] = self.host_of(head.decode("utf-8", "replace"))
        return host

    def net_plugin(self, host: str, which: str) -> None:
        """One line saying whether `host` loaded an external net plugin or runs NCCL's internal network."""
        if host and (len(self.net_plugin_by_host) < MAX_IB_DEVICES or host in self.net_plugin_by_host):
            self.net_plugin_by_host.setdefault(host, set()).add(which)

    def using_network(self, host: str, net: str) -> None:
        """One "NCCL INFO Using network X" line (every rank prints it once at init)."""
        if net:
            self.networks[net] += 1
            if host:
                self.networks_by_host.setdefault(host, set()).add(net)

    # -- single lines ------------------------------------------------------------------------
    def rare_line(self, line_no: Callable[[], int], line: str) -> None:
        """A line found by a rare-word search; `line_no()` gives its number (asked only for a new
        error). INFO lines are skipped: their facts come from `info`."""
        i = line.find("NCCL ")
        # NCCL's level is a word of its own ("NCCL INFO ", "NCCL WARN "); a reporter's "... from NCCL INFO." is prose
        # quoting the line it saw (facebookresearch/fairchem#597), read as that line
        tag = line[i + 5:i + 9] if i >= 0 and line[i + 9:i + 10] == " " else ""
        if tag == "INFO":
            # A rare word also finds INFO lines of no cause ("NET/OFI Setting FI_EFA_FORK_SAFE"): INFO_CAUSE's only.
            if self._seen(line) or not INFO_CAUSE.search(line.encode("utf-8", "replace")):
                return
            cls = classify_error(line)
            if cls.role != "collateral" and cls.category != "other":
                self.harmless.discard(_DIGITS.sub("#", line.strip()[:ERROR_TEXT_CHARS]))
                self.host_of(line[:i])
                self._add_error(line_no, line, cls, info=True)
            return
        if tag in ("WARN", "ATTN"):
            self.host_of(line[:i])
            self._add_error(line_no, line)
        else:  # NCCL's version banner (2.4 prints it without INFO) or a line of another program
            if "NCCL version" in line:  # also PyTorch's "NCCL error in: ..., NCCL version 2.19.3"
                self._version(line, 1)
            self._other_line(line_no, line)

    def _version(self, text: str, count: int) -> None:
        """Count the NCCL version `text` names (PyTorch 1.9's "21.0.3" read as 2.10.3)."""
        m = NCCL_VERSION_LINE.search(text)
        version = parse_nccl_version(m.group(1)) if m else None
        if version:
            self.versions[version_text(version)] += count
        build = _BUILD_CUDA.search(text)  # "NCCL version 2.19.3+cuda11.0": the CUDA this NCCL was built with
        if build:
            cuda = (int(build.group(1)), int(build.group(2)))
            self.build_cuda = cuda if self.build_cuda is None else min(self.build_cuda, cuda)

    def cause_line(self, line_no: Callable[[], int], line: str) -> None:
        """The line after "Last error:" (ncclGetLastError text, no NCCL prefix): an error itself."""
        if not _EMPTY_PREFIXED.match(line):
            self._add_error(line_no, line)

    def _add_error(self, line_no: Callable[[], int], line: str, cls: ErrorClass | None = None,
                   info: bool = False) -> None:
        text = line.strip()[:ERROR_TEXT_CHARS]
        k = max(text.find("NCCL WARN "), text.find("NCCL ATTN "))
        # Ranks repeat one message with their own addresses and ids: count them as one.
        key = _DIGITS.sub("#", text[k + 10:] if k >= 0 else text)
        entry = self.errors.get(key)
        if entry is not None:
            entry[1] += 1
        elif len(self.errors) < MAX_ERRORS:
            cls = cls or classify_error(text)
            if info:  # NCCL itself logged it below WARN: one level lower here too
                cls = replace(cls, severity=Severity.WARNING if cls.severity == Severity.ERROR else Severity.INFO)
            self.errors[key] = [line_no(), 1, quoted_line(text), cls]

    def _seen(self, line: str) -> bool:
        """Count a repeat of a known error line (or skip a line already judged harmless) without
        classifying it again; True when done."""
        key = _DIGITS.sub("#", line.strip()[:ERROR_TEXT_CHARS])
        entry = self.errors.get(key)
        if entry is not None:
            entry[1] += 1
            return True
        if key in self.harmless:
            return True
        if len(self.harmless) >= MAX_HARMLESS:
            self.harmless.clear()
        self.harmless.add(key)  # removed again below when the line turns out to be an error
        return False

    def _other_line(self, line_no: Callable[[], int], line: str) -> None:
        if line.lstrip().startswith("# nThread ") and " nGpus " in line:
            self.test_headers += 1  # printed once per job by its main process (nccl-tests util.cu)
            m = _TEST_GPUS.search(line)
            if m:  # each process drives nThread x nGpus GPUs: a listing has at least that many ranks
                self.test_min_ranks = max(self.test_min_ranks, int(m.group(1)) * int(m.group(2)))
            return
        if _TEST_COLUMNS.match(line):
            # common.cu run() prints it after ncclCommInitRank returned on every rank (parallel init, -p 1, aside)
            self.note("tests_columns", line_no())
            return
        if "Rank" in line and "Pid" in line:
            m = RANK_LINE.search(line)
            if m:
                self.test_ranks.add(int(m.group(1)))
                self.hosts.add(m.group(2))
                if len(self.test_rank_host) < 65536:
                    self.test_rank_host[int(m.group(1))] = m.group(2)
                if m.group(3) and len(self.test_gpus) < 4096:
                    self.test_gpus.setdefault((m.group(2), m.group(3)), set()).add(int(m.group(1)))
                if m.group(1) == "0" and len(self.test_rank0_pids) < 64 and (pid := RANK_PID.search(line)):
                    self.test_rank0_pids.add(pid.group(1))
                    self.note("test_rank0", line_no())
                return
        if ", in <module>" in line and _PACKAGE_IMPORT.search(line):
            self.package_import_line = line_no()
        if STORE_BARRIER_WAIT in line and "rendezvous_done" in self.fact_lines:
            self.note("barrier_wait_after_done", line_no())  # a later barrier (another key) still waits
        # Lightning's "All distributed processes registered", c10d's completed barrier, a client's reconnect (Dynamo's
        # to etcd), `ray start`'s "Ray runtime started." (its head or node is up)
        if "processes registered" in line or "Completed store-based barrier" in line or \
                "Successfully reconnected to" in line or "Ray runtime started" in line:
            self.note("rendezvous_done", line_no())
            return
        if "num_local_procs=" in line and (m := _DS_LAYOUT.search(line)):
            self._at_least(nnodes=int(m.group(1)), local_ranks=int(m.group(2)))
            return
        if "--world_info=" in line and (world := deepspeed_world(line)):
            self._at_least(nnodes=len(world), local_ranks=max(len(gpus) for gpus in world.values()))
        if "GLOBAL_RANK: " in line and (m := RANK_CLAIM.search(line)):
            self._rank_claim(line_no, m.group(1), m.group(2))
            return
        settings = launch_env(line)
        for name, value in settings:  # a pasted command's variables; NCCL's own lines win
            if name not in self.env and len(self.env) < MAX_ENV:
                self.env[name] = value
                self.note(f"env:{name}", line_no())
        m = LAUNCH_HOSTS.search(line)
        if m and not self.launch_hosts:
            self.launch_hosts = sorted({h.split(":")[0] for h in m.group(1).split(",")})[:64]
            self.launch_line = line_no()
            return
        cls: ErrorClass | None = None
        pkg = package_version(line)
        if pkg:
            if len(self.packages) < 32:
                if pkg[1] not in self.packages.get(pkg[0], ()):
                    self.note(f"package:{pkg[0]}:{pkg[1]}", line_no())
                self.packages.setdefault(pkg[0], set()).add(pkg[1])
            cls = classify_error(line)
            # pip: "... which is incompatible." or "... which is not installed."; the kernel: "segfault at ... in
            # libnccl.so.2.21.5[...]"
            if cls.category not in ("version_mismatch", "crash", "nccl_library_missing"):
                return
        # Lines of the framework, launcher, kernel or verbs around NCCL: kept when they state a cause
        # (a traceback's "RuntimeError: CUDA error: out of memory"), or mention NCCL and an error.
        if self._seen(line):
            return
        cls = cls or classify_error(line)
        # A command's settings are no error, but RDMA off, lo let in (ifname) and DeepSpeed's broken pdsh line are.
        if settings and cls.category not in ("ib_disabled", "framework_release", "ifname_allows_lo") or \
                typed_command(line):
            return
        for fact, noted, harmless_only in _NOTED:
            if (cls.category == "noise" or not harmless_only) and fact not in self.fact_lines and noted.search(line):
                self.note(fact, line_no())
        if cls.category not in ("other", "noise") or (
                "nccl" in line.lower() and any(w in line for w in _ERROR_WORDS)):
            if cls.category == "noise" or quoted_code(line):
                return
            self.harmless.discard(_DIGITS.sub("#", line.strip()[:ERROR_TEXT_CHARS]))
            if cls.category == "program_error" and self.package_import_line and \
                    line_no() - self.package_import_line <= 3:  # the frame, its code line, carets, the exception
                self.note("package_import", self.package_import_line)
            self._add_error(line_no, line, cls)

    def _at_least(self, **counts: int) -> None:
        """Raise the job's counts (nranks, nnodes, local_ranks) to what a line states: NCCL's per communicator, a
        launcher's for the job; the largest seen is the job's."""
        for attr, value in counts.items():
            seen = getattr(self, attr)
            setattr(self, attr, value if seen is None else max(seen, value))

    def _rank_claim(self, line_no: Callable[[], int], rank: str, world: str) -> None:
        if world == "1":
            self._add_error(line_no, "GLOBAL_RANK 0 of a world of 1: the job runs as a single process")
        elif self.rank_claims.repeated(line_no(), rank, world):
            self._add_error(line_no, f"GLOBAL_RANK {rank} initialized by two launcher tasks of one start "
                                     f"(a world of {world}): the launcher's tasks per node and the program's "
                                     "devices per node disagree (Slurm --ntasks-per-node, Lightning devices)")

    # -- distinct INFO messages --------------------------------------------------------------
    def info(self, rest: str, count: int) -> None:
        """`count` INFO lines with the message `rest` (the text after "NCCL INFO ")."""
        head = rest[:4]
        if head == "NET/" or rest.startswith("NET : Using interface"):
            self._net_line(rest, count)
        elif head == "NCCL":  # "NCCL version ...", "NCCL_X set by environment to Y."
            if rest.startswith("NCCL version"):
                self._version(rest, count)
            elif " set " in rest:
                m = _ENV.search(rest.strip())
                if m and (len(self.env) < MAX_ENV or m.group(1) in self.env):
                    self.env[m.group(1)] = m.group(2)
        elif rest.startswith(("Bootstrap : Using", "Bootstrap: Using")):  # 2.24+ drops the space (bootstrap.cc)
            self._ifaces(rest)
        elif rest.startswith("P2P plugin "):
            self.plugins.add(rest[11:].strip())
        elif rest.startswith("Initialized NET plugin "):
            self.plugins.add(rest[23:].strip())
        elif head == "GPU ":  # 2.25+: "GPU Direct RDMA Enabled for GPU 0 / HCA 0 (distance 4 <= 5) ..."
            self._gdr_line(rest, count)
        elif head == "CUDA" and " NIC distance :" in rest:
            self._nic_distance(rest)
        elif "anks " in rest:  # "nranks 16" (Init COMPLETE), "nRanks 2 nNodes 1" (2.20+)
            counted = ((attr, regex.search(rest)) for attr, regex in
                       (("nranks", _NRANKS), ("nnodes", _NNODES), ("local_ranks", _LOCAL_RANKS)))
            self._at_least(**{attr: int(m.group(1)) for attr, m in counted if m})
            m = _INIT_RANK.search(rest)
            if m:
                self.init_gpus[int(m.group(1))] = m.group(3)
        elif ": opCount " in rest:
            m = COLL_LINE.search(rest)
            if m and (len(self.coll_ops) < MAX_COLL_OPS or (m.group(7), m.group(2)) in self.coll_ops):
                self.coll_ops.setdefault((m.group(7), m.group(2)), set()).add(m.group(1, 3, 4, 5, 6))
        elif rest.startswith("Could not find real path of /sys/class/net/"):
            self.nic_path_unresolved = True
        elif " -> " in rest:  # NCCLCHECK trace "transport/net.cc:1302 -> 6": the first site per code
            m = _TRACE.search(rest)
            # NCCL 2.4's ncclNetPciPath (include/net.h:19) returns ncclSystemError for a NIC without a PCI path (a
            # virtual NIC) and init goes on without it (OpenNMT/OpenNMT-py#1606: rings set up after it).
            if m and not (self.nic_path_unresolved and m.group(1).startswith("include/net.h:")):
                self.return_codes.setdefault(int(m.group(2)), m.group(1))
