"""One block of NCCL_DEBUG output into LogState: the hot path of the log reader (nccl_log).

No per-line Python. A block (read into one reused buffer) costs one `findall` of _LINE
(one match per NCCL line, so its length also counts the NCCL lines), counting the non-empty matches
straight into LogState.pairs at C speed (a channel tail such as "0[0] -> 1[1] [send] via NET/IB/0"
repeats once per channel; the few other keys of the block are the last ones pairs gained, taken out
again for Python), `count(b"\n")`, and bytes.find for the rare lines those keys say are there (WARN,
"Using network", "#  Rank"). Python then runs once per distinct fact message. Words of non-NCCL lines
(nccl_log_words.OTHER_WORDS: tracebacks, launcher, kernel) are searched only in blocks that have a line which is
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
from ncclkit.logs.nccl_log_words import INFO_CAUSE, OTHER_WORDS
from ncclkit.logs.nccl_tests import DTYPES
from ncclkit.logs.paste import BAR1_TOTAL, COLL_FIELDS, LAUNCH_ENV, MAX_COLL_OPS, NCCL_PREFIX, note_coll_call
from ncclkit.logs.paste_code import TRIED_LOOKBACK, tried_settings, under_frame
from ncclkit.logs.patterns import NCCL_FUNC

__all__ = ["Buffer", "scan_block"]

# One match per NCCL line (every alternative runs to the end of the line), one C-speed pass. The
# group is:
# - channel lines: ": " + the tail after "Channel 00/0 : ", e.g. ": 0[0] -> 1[1] [send] via NET/IB/0"
#   (2.4: "Ring 00 : 1 -> 0 [receive] via NET/Socket/0"; "CollNet 05/0 : 5 [receive] via ...");
# - fact lines: the text after "NCCL INFO ": init lines ("comm 0x.. rank 0 nranks 16", "ncclCommInit..
#   comm ..", 2.30 "[Rank 0] ncclCommInitRankConfig .. - Init START"), NET/, env, plugin and GDR lines,
#   NCCLCHECK traces "init.cc:1 -> 2"; NCCL 2.30.7 puts "file:line (func) " before a trace's "->" and before
#   "Call to X returned ..., retrying" (INFO_LOC, include/debug.h and checks.h);
# - rare lines: the text after "NCCL " (WARN/failure/error/version);
# - empty for any other "NCCL <WORD> " line (no allocation: b"" is shared).
# Possessive repeats (*+) never give back characters: none of them can be followed by what they
# consume, so they match what the plain form matches without backtracking on a failed line; any other
# INFO line is consumed in the INFO branch instead of retrying the WARN and <WORD> alternatives.
# UCC's TL/NCCL ("ucc_tl_nccl ... TL_NCCL ERROR NCCL error 6 ...") is UCC's own log line, not NCCL's "NCCL ERROR".
_FUNC = NCCL_FUNC.encode()
# An issue template's "NCCL version: 2.4.2" is the reporter's line, not NCCL's ("NCCL version 2.4.2+cuda9.0", no colon):
# a paste of such a template and prose is a report (horovod/horovod#992), not a log.
_LINE = re.compile(
    rb"NCCL (?<!_NCCL )(?:INFO (?:(?:Channel|Ring|CollNet|Tree) [^:\n]*+(?=: )|(?=NET/|NCCL|Using network |"
    rb"Using (?:in|ex)ternal Network |CUDA Dev \d|P2P plugin|"
    rb"Initialized NET|GPU Direct|comm |ncclComm|Init|nranks|nRanks|\[Rank |"
    rb"[a-z/_.][\w./\-]*+:\d++(?: " + _FUNC + rb")? -> \d|"
    rb"[A-Z][A-Za-z]++: opCount |Failed|(?:[a-z/_.][\w./\-]*+:\d++ " + _FUNC + rb" )?Call to|"
    rb"Could not|Unable|Cuda failure|Bootstrap ?: Using|NET : Using|"
    rb"ncclMaxSharedMem|GDRDMA not|No peer memory client|DMA_BUF_SUPPORT|Current version of ROCm|CONFIG_DMABUF|"
    rb"Legacy IPC|libgdrapi|NCCL internal DMA-BUF|config->algSelection|PROFILER/Plugin|TUNER/Plugin|"
    rb"RAS declaring|P2P is disabled|P2P not supported|peer query failed|Count not open|External network plugin|"
    rb"socketPollConnect|ncclOsSocketPollConnect|Plugin Path : |dlvsym failed)|"
    rb"[^\n]*+)|(?=WARN|ATTN|failure|error|version(?!:))|[A-Z]{4,5} [^\n]*+)([^\n]*)")
# Rare lines: found with bytes.find (long literals, memchr for "#") or a literal-led regex.
# NCCL 2.32 added the ATTN level (6), printed as WARN is: a condition that needs attention but may not fail.
_RARE_WORDS = {w: b"NCCL " + w for w in (b"WARN", b"ATTN", b"failure", b"error", b"version")}
# A pasted command or script that sets NCCL variables (paste.launch_env).
_LAUNCH_ENV = re.compile(LAUNCH_ENV.pattern.encode())
_ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")
# nccl-tests "#  Rank  0 Group  0 Pid ... on host device", its header "# nThread 1 nGpus 8 minBytes ...", its
# results' column header ("#       size         count      type   redop ...") and "# NCCL Tests compiled with NCCL
# 1.0" (legacy NCCL).
_RANK_HEADER = re.compile(rb"# {1,3}(?:Rank|nThread \d|NCCL Tests compiled with NCCL 1\.)|#\s+size\s+count\s+type")
_USING_NEEDLE = b"NCCL INFO Using network "
# NCCL 2.3 (init.cu initNet): "Using internal Network IB" / "Using external Network <plugin>", one line a rank.
_USING_NEEDLES = (_USING_NEEDLE, b"NCCL INFO Using internal Network ", b"NCCL INFO Using external Network ")
# Whether each host loaded an external net plugin or ran NCCL's internal one (net.cc 2.12 - 2.18 "NET/Plugin : No
# plugin found", 2.19 - 2.25 "NET/Plugin: No plugin found (%s)" / "Using internal network plugin.", 2.26+ plugin_open.cc
# "NET/Plugin: Could not find: libnccl-net.so"; a plugin's "Loaded net plugin %s", HPC-X's "Plugin Path : %s"): hosts
# that differ run different network code (NVIDIA/nccl#1634: libnccl-net.so on part of the hosts).
_PLUGIN_NEEDLES = {b"NCCL INFO " + k: v for k, v in (
    (b"NET/Plugin : No plugin found", "internal"), (b"NET/Plugin: No plugin found", "internal"),
    (b"NET/Plugin: Using internal network plugin", "internal"),
    (b"NET/Plugin: Could not find: libnccl-net.so", "internal"),
    (b"NET/Plugin: Loaded net plugin ", "external"), (b"NET/Plugin : Loaded net plugin ", "external"),
    (b"Plugin Path : ", "external"))}
# nvidia-smi -q's BAR1 total over its two lines (paste.BAR1_TOTAL)
_BAR1 = re.compile(BAR1_TOTAL.pattern.encode())
# COLL lines as paste.COLL_LINE reads them (name, opCount, count, datatype, op, root, nranks; not Send/Recv)
_COLL_POS = re.compile(b"NCCL INFO " + COLL_FIELDS.encode())
# The `host:pid` in front of a COLL line, within the line's first 200 bytes.
_COLL_PROCESS = re.compile(rb"([\w.-]+:\d+):\d+ \[\d+\] NCCL INFO $")
# NCCLCHECK's trace of a failed call, "graph/xml.cc:469 -> 2" (debug.h): the error propagated. NCCL 2.30.7 names
# the function after the line (INFO_LOC in include/debug.h: "graph/xml.cc:469 (ncclTopoGetXmlFromFile) -> 2").
_TRACE_KEY = re.compile(rb"([\w./-]+\.(?:cc|h|cu)):\d+ (?:" + _FUNC + rb" )?-> (\d+)")
# nccl-tests result rows: "  8388608  2097152  float  sum  -1  ..." (size, count, type first; a launcher
# prefix such as "[1,0]<stdout>:" may come before).
_TEST_ROW = re.compile(rb"\n[^\n\d]{0,40}?\d+ +\d+ +(?:" + b"|".join(sorted(d.encode() for d in DTYPES)) + rb") ")
# The text before " [dev] " of each line: host:pid:tid plus any launcher noise.
_HEAD_PLAIN = re.compile(rb"\n([\w.\-]+ ?:\d+:\d+) \[\d+\] ")
_HEAD = re.compile(rb"\n([^\n]{0,200}?:\d+:\d+) ?\[\d+\] ")
_FIRST_PREFIX = re.compile(NCCL_PREFIX)

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
        for word in OTHER_WORDS:
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
            if s > 1 and under_frame(buf[buf.rfind(b"\n", 0, s - 1) + 1:s - 1].decode("utf-8", "replace"), line):
                continue
            if s > 1 and _LAUNCH_ENV.search(buf, s, e) and tried_settings(_lines_above(buf, s)):
                continue
            st.rare_line(numbers.at(s), line)
            # NCCL >= 2.13 errors raised through PyTorch end with "Last error:" and, on the next line
            # without any prefix, ncclGetLastError()'s text: the real cause (the WARN message).
            if line.rstrip().endswith("Last error:") and e + 1 < end:
                cause = buf[e + 1:buf.find(b"\n", e + 1, end)].decode("utf-8", "replace")
                st.cause_line(numbers.at(e + 1), cause)
    st.lines_total += lines


def _lines_above(c: Buffer, start: int) -> list[str]:
    """Up to TRIED_LOOKBACK lines of block `c` above the line that starts at `start`, nearest last."""
    first = start
    for _ in range(TRIED_LOOKBACK):
        if first <= 0:
            break
        first = c.rfind(b"\n", 0, first - 1) + 1
    return bytes(c[first:start]).decode("utf-8", "replace").splitlines()


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
        if needle is None and INFO_CAUSE.search(key) and key[:2] != b": ":
            needle = b"NCCL INFO " + key
        if needle is not None:
            if needle not in needles:
                needles.append(needle)
            if needle not in _PLUGIN_NEEDLES:  # a plugin line is also one of the facts below
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
    collective mismatch; and the opCounts under which one process logged two different calls. One pass over the
    block, line numbers counted forward."""
    pos, no = 0, st.lines_total + 1
    for m in _COLL_POS.finditer(c, 0, end):
        key = tuple(g.decode("ascii", "replace") for g in m.group(7, 2, 1, 3, 4, 5, 6))
        proc = _COLL_PROCESS.search(c, max(c.rfind(b"\n", 0, m.start()) + 1, m.start() - 200), m.start(1))
        if proc is not None:
            note_coll_call(st.coll_by_process, st.coll_shared_ops, proc.group(1).decode("ascii", "replace"), key)
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
    for using in _USING_NEEDLES:
        if key.startswith(using[10:]):
            return using
    for needle in _PLUGIN_NEEDLES:
        if key.startswith(needle[10:]):
            return needle
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
        if needle in _PLUGIN_NEEDLES:
            for i in _find_all(c, end, needle):
                s = c.rfind(b"\n", 0, i) + 1
                which = _PLUGIN_NEEDLES[needle]
                st.net_plugin(st.host_of_bytes(bytes(c[s:i])), which)
                if f"net_plugin:{which}" not in st.fact_lines:
                    st.note(f"net_plugin:{which}", st.lines_total + 1 + c.count(b"\n", 0, i))
                eol = c.find(b"\n", i, end)
                if INFO_CAUSE.search(c, i, eol if eol >= 0 else end):
                    spots.add(s)  # still classified as the line it is (a plugin that failed to load)
        elif needle in _USING_NEEDLES:
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
