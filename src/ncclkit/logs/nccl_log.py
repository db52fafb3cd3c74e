"""Streaming reader of NCCL_DEBUG output (NCCL 2.4 - 2.30): facts, channel transports and error lines.

Reads lines one at a time and keeps only small per-run state, so a multi-GB log of thousands of ranks
fits in a few MB. Accepts one file per rank or all ranks mixed, with or without the
`host:pid:tid [dev]` prefix (nccl-internals.md section 0), with launcher noise in front of it
(pdsh `host: `, mpirun `[1,0]<stdout>:`, `[0] `, CloudWatch columns, editor line numbers).

Hot path: every line is searched once for "NCCL " and dispatched on the first 4 characters of the
message, so most lines cost a few string operations and no regex; the `host:pid:tid [dev]` prefix is
parsed once per distinct prefix string (a bounded cache).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any, BinaryIO

from ncclkit.logs.nccl_log_model import (
    LogError,
    NcclLogSummary,
    TransportUse,
    normalize_transport,
)
from ncclkit.logs.patterns import NCCL_RESULT_NAMES, classify_error

__all__ = ["LogError", "NcclLogSummary", "TransportUse", "normalize_transport", "parse_nccl_log",
           "parse_nccl_log_stream"]

MAX_ERRORS = 200          # distinct error messages kept (repeats are counted, not stored)
MAX_PAIRS = 50_000        # distinct (channel segment, transport) keys kept for the transport map
MAX_PREFIX_CACHE = 8192   # distinct line prefixes remembered before the cache is reset
ERROR_TEXT_CHARS = 500
CHUNK_BYTES = 4 << 20     # scan unit; whole lines only
MAX_LINE_BYTES = 64 << 20

# Bulk passes over each chunk (bytes). Channel lines: "Channel 00/0 : 0[0] -> 1[1] [send] via NET/IB/0"
# (2.4: "Ring 00 : 1 -> 0 [receive] via NET/Socket/0"; CollNet: "CollNet 05/0 : 5 [receive] via ...").
_CHAN = re.compile(rb"NCCL INFO (?:Channel|Ring|CollNet|Tree) [^:\n]*: ([^\n]*)")
_VIA = re.compile(rb" via ([^\n]*)")
# The text before " [dev] " of each line: host:pid:tid plus any launcher noise (parsed once per value).
_HEAD_PLAIN = re.compile(rb"\n([\w.\-]+ ?:\d+:\d+) \[\d+\] ")
_HEAD = re.compile(rb"\n([^\n]{0,200}?:\d+:\d+) ?\[\d+\] ")
# Lines handled one by one: WARN/errors, version, and the few INFO lines that carry facts.
_INTEREST = re.compile(rb"NCCL (?:WARN|failure|error|version|INFO (?:Using network|NET/|NCCL|P2P plugin|"
                       rb"Initialized NET|GPU Direct|nranks))|Test NCCL failure")
_KEYS = (b"nranks ", b"nRanks ", b"rror", b"imeout", b"# Rank", b"#  Rank", b"#   Rank")
_TRACE_LINE = re.compile(rb" -> (\d+)(?: \[[^\]\n]*\])?[ \t]*\r?\n")

_PREFIX = re.compile(r"([A-Za-z0-9_][\w.\-]*) ?:(\d+):(\d+) \[(\d+)\]")
_VERSION = re.compile(r"NCCL version (\d+\.\d+\.\d+)")
_NRANKS = re.compile(r"\bn[Rr]anks (\d+)")
_RANK_LINE = re.compile(r"#\s*Rank\s+(\d+)\s+(?:Group\s+\d+\s+)?Pid\s+\d+\s+on\s+(\S+)\s+device")
_ENV = re.compile(r"(NCCL_\w+) set (?:by environment )?to (\S+?)\.?$")
_TRACE = re.compile(r"(\S+:\d+) -> (\d+)")
_PAIR = re.compile(r"(\d+)(?:\[[^\]]*\])?\s*->\s*(\d+)")
_SPEED = re.compile(r"speed=(\d+)")
_GDR_REASON = re.compile(r"GPU Direct RDMA Disabled for (.*)")
_DIGITS = re.compile(r"\d+")
_ERROR_WORDS = ("rror", "ailure", "ailed", "imeout", "timed out", "ERROR", "abort", "Abort")

# First 4 characters of an INFO message -> handler number (see _Parser.consume).
_DISPATCH = {"Chan": 1, "Ring": 1, "Coll": 1, "Tree": 1, "Usin": 2, "NET/": 3, "NCCL": 4,
             "P2P ": 5, "Plug": 5, "Init": 5, "Assi": 5, "Fail": 5, "GPU ": 6, "Boot": 7}


class _Parser:
    """Mutable state of one streaming pass; `summary()` freezes it."""

    def __init__(self) -> None:
        self.lines_total = 0
        self.nccl_lines = 0
        self.hosts: set[str] = set()
        self.first_host: str | None = None
        self.versions: Counter[str] = Counter()
        self.nranks: int | None = None
        self.test_ranks: set[int] = set()
        self.networks: Counter[str] = Counter()
        self.networks_by_host: dict[str, set[str]] = {}
        self.plugins: set[str] = set()
        self.env: dict[str, str] = {}
        self.pairs: Counter[bytes] = Counter()
        self.overflow_transports: Counter[bytes] = Counter()
        self.heads: set[bytes] = set()
        self.pairs_truncated = False
        self.gdr_enabled_lines = 0
        self.gdr_disabled: list[str] = []
        self.no_ib_device = False
        self.ib_devices: list[str] = []
        self.socket_devices = False
        self.nic_speed_mbps: int | None = None
        self.errors: dict[str, list[Any]] = {}
        self.return_codes: dict[int, str] = {}

    # -- slow paths (rare lines) -------------------------------------------------------------
    def _host_of(self, prefix: str) -> str:
        m = _PREFIX.search(prefix)
        host = m.group(1) if m else ""
        if host:
            self.hosts.add(host)
        return host

    def _add_error(self, line_no: int, line: str) -> None:
        text = line.strip()[:ERROR_TEXT_CHARS]
        k = text.find("NCCL WARN ")
        # Ranks repeat one message with their own addresses and ids: count them as one.
        key = _DIGITS.sub("#", text[k + 10:] if k >= 0 else text)
        entry = self.errors.get(key)
        if entry is not None:
            entry[1] += 1
        elif len(self.errors) < MAX_ERRORS:
            self.errors[key] = [line_no, 1, text, classify_error(text)]

    def _other_line(self, line_no: int, line: str) -> None:
        if "Rank" in line and "#" in line:
            m = _RANK_LINE.search(line)
            if m:
                self.test_ranks.add(int(m.group(1)))
                self.hosts.add(m.group(2))
                return
        if "nccl" in line.lower() or "SHARP" in line or "sharp" in line:
            if any(w in line for w in _ERROR_WORDS):
                self._add_error(line_no, line)

    def _info(self, code: int, host: str, rest: str) -> None:
        if code == 2:  # "Using network IB" (not "Using 256 threads", "Using non-device net plugin")
            net = rest[14:].strip() if rest.startswith("Using network ") else ""
            if net:
                self.networks[net] += 1
                if host:
                    self.networks_by_host.setdefault(host, set()).add(net)
        elif code == 3:  # NET/IB, NET/Socket, NET/Plugin lines
            if rest.startswith("NET/IB") and "Using [" in rest:
                devs = re.findall(r"\[\d+\]\s*([\w.+\-]+:\d+)", rest.split(";")[0])
                if devs and len(self.ib_devices) < 64:
                    self.ib_devices.extend(d for d in devs if d not in self.ib_devices)
            elif rest.startswith("NET/Socket") and "Using [" in rest:
                self.socket_devices = True
            elif "No device found" in rest:
                self.no_ib_device = True
            elif "GPU Direct RDMA" in rest:
                self._gdr_line(rest)
            elif "speed=" in rest:
                m = _SPEED.search(rest)
                if m:
                    self.nic_speed_mbps = max(self.nic_speed_mbps or 0, int(m.group(1)))
            elif rest.startswith("NET/Plugin") and ("Loaded net plugin" in rest or "Using" in rest):
                self.plugins.add(rest.split(":", 1)[-1].strip()[:80])
        elif code == 4:  # "NCCL version ...", "NCCL_X set by environment to Y."
            if rest.startswith("NCCL version"):
                m = _VERSION.search(rest)
                if m:
                    self.versions[m.group(1)] += 1
            elif " set " in rest:
                m = _ENV.search(rest.strip())
                if m and len(self.env) < 256:
                    self.env[m.group(1)] = m.group(2)
        elif code == 5:  # plugin lines: "P2P plugin IBext_v8", "Initialized NET plugin IB"
            if rest.startswith("P2P plugin "):
                self.plugins.add(rest[11:].strip())
            elif rest.startswith("Initialized NET plugin "):
                self.plugins.add(rest[23:].strip())
            elif "ranks " in rest:
                self._nranks(rest)
        elif code == 6:  # 2.25+: "GPU Direct RDMA Enabled for GPU 0 / HCA 0 (distance 4 <= 5) ..."
            self._gdr_line(rest)
        elif "ranks " in rest:
            self._nranks(rest)
        elif " -> " in rest:
            m = _TRACE.search(rest)
            if m:
                code_n = int(m.group(2))
                self.return_codes.setdefault(code_n, m.group(1))

    def _nranks(self, rest: str) -> None:
        m = _NRANKS.search(rest)
        if m:
            n = int(m.group(1))
            self.nranks = n if self.nranks is None else max(self.nranks, n)

    def _gdr_line(self, rest: str) -> None:
        if "Disabled" in rest:
            m = _GDR_REASON.search(rest)
            if m and len(self.gdr_disabled) < 16 and m.group(1) not in self.gdr_disabled:
                self.gdr_disabled.append(m.group(1).strip())
            elif not m and len(self.gdr_disabled) < 16:
                self.gdr_disabled.append(rest.strip()[:160])
        elif "Enabled" in rest:
            self.gdr_enabled_lines += 1

    # -- chunk scanner -----------------------------------------------------------------------
    def consume_chunk(self, chunk: bytes) -> None:
        """Scan whole lines (bytes ending in a newline) with C-level regex/find passes; only the
        rare interesting lines are decoded and handled in Python."""
        c = b"\n" + chunk
        if self.first_host is None:
            first = chunk.lstrip()[:400].split(b"\n", 1)[0].decode("utf-8", "replace")
            m = _PREFIX.search(first)
            self.first_host = m.group(1) if m else ""
        if len(self.pairs) < MAX_PAIRS:
            self.pairs.update(_CHAN.findall(c))
        else:
            self.pairs_truncated = True
            self.overflow_transports.update(_VIA.findall(c))
        heads = self.heads
        found = _HEAD_PLAIN.findall(c)
        if len(found) < c.count(b"] NCCL "):
            found = _HEAD.findall(c)  # launcher noise before host:pid:tid: the slower lazy form
        for head in set(found) - heads:
            if len(heads) >= MAX_PREFIX_CACHE:
                heads.clear()
            heads.add(head)
            self._host_of(head.decode("utf-8", "replace") + " [0]")
        spots: dict[int, int] = {}
        for m in _INTEREST.finditer(c):
            spots[c.rfind(b"\n", 0, m.start()) + 1] = 0
        for key in _KEYS:
            i = c.find(key)
            while i >= 0:
                s = c.rfind(b"\n", 0, i) + 1
                spots[s] = 0
                i = c.find(b"\n", i)
                i = c.find(key, i) if i >= 0 else -1
        for m in _TRACE_LINE.finditer(c):
            spots[c.rfind(b"\n", 0, m.start()) + 1] = 0
        line_no, last = self.lines_total, 0
        for s in sorted(spots):
            e = c.find(b"\n", s)
            line_no += c.count(b"\n", last, s)
            last = s
            self._line(line_no, c[s:e if e >= 0 else len(c)].decode("utf-8", "replace"))
        self.lines_total += chunk.count(b"\n")
        self.nccl_lines += c.count(b"NCCL ")

    def _line(self, line_no: int, line: str) -> None:
        i = line.find("NCCL ")
        tag = line[i + 5:i + 9] if i >= 0 else ""
        if tag == "INFO":
            host = self._host_of(line[:i])
            rest = line[i + 10:]
            self._info(_DISPATCH.get(rest[:4], 0), host, rest)
        elif tag == "WARN":
            self._host_of(line[:i])
            self._add_error(line_no, line)
        elif tag == "vers":
            m = _VERSION.search(line, i)
            if m:
                self.versions[m.group(1)] += 1
        else:
            self._other_line(line_no, line)

    # -- result ------------------------------------------------------------------------------
    def summary(self) -> NcclLogSummary:
        transport_map: list[TransportUse] = []
        transports: set[str] = set()
        net_gdr = net_nogdr = False
        merged: Counter[tuple[str, str]] = Counter()
        for tail, count in self.pairs.items():
            text = tail.decode("utf-8", "replace")
            v = text.rfind(" via ")
            if v >= 0:
                merged[(text[:v].strip(), text[v + 5:].strip())] += count
        for raw_b, count in self.overflow_transports.items():
            merged[("", raw_b.decode("utf-8", "replace").strip())] += count
        for (seg, raw), count in merged.items():
            norm = normalize_transport(raw)
            transports.add(norm)
            upper = raw.upper()
            if upper.startswith("NET/") or upper.startswith("COLLNET/"):
                if "GDRDMA" in upper:
                    net_gdr = True
                elif upper.startswith("NET/"):
                    net_nogdr = True
            m = _PAIR.search(seg)
            transport_map.append(TransportUse(
                src_rank=int(m.group(1)) if m else None, dst_rank=int(m.group(2)) if m else None,
                transport=norm, raw=raw, channels=count))
        transport_map.sort(key=lambda t: (t.transport, t.src_rank if t.src_rank is not None else -1,
                                          t.dst_rank if t.dst_rank is not None else -1))
        if net_gdr:
            gdr: bool | None = True
        elif net_nogdr:
            gdr = False
        elif self.gdr_enabled_lines:
            gdr = True
        elif self.gdr_disabled:
            gdr = False
        else:
            gdr = None
        hosts = set(self.hosts)
        # A paste often cuts the first line mid-hostname ("ask-7677-54l6r" for "task-7677-54l6r").
        first = self.first_host
        if first and first in hosts and any(h != first and h.endswith(first) for h in hosts):
            hosts.discard(first)
        nranks = self.nranks
        if nranks is None and self.test_ranks:
            nranks = max(self.test_ranks) + 1
        errors = tuple(
            LogError(line_no=e[0], count=e[1], text=e[2], category=e[3].category,
                     severity=e[3].severity, explanation=e[3].explanation, fix=e[3].fix)
            for e in sorted(self.errors.values(), key=lambda e: e[0]))
        return NcclLogSummary(
            nccl_version=self.versions.most_common(1)[0][0] if self.versions else None,
            nranks=nranks, hosts=tuple(sorted(hosts)), transports=tuple(sorted(transports)),
            network=self._network(transports), gdr=gdr, errors=errors,
            versions=tuple(sorted(self.versions)),
            networks_by_host={h: tuple(sorted(v)) for h, v in sorted(self.networks_by_host.items())},
            plugins=tuple(sorted(self.plugins)), env=dict(self.env),
            transport_map=tuple(transport_map), transport_map_truncated=self.pairs_truncated,
            net_without_gdr=net_nogdr, gdr_disabled_reasons=tuple(self.gdr_disabled),
            no_ib_device=self.no_ib_device, ib_devices=tuple(self.ib_devices),
            nic_speed_mbps=self.nic_speed_mbps,
            return_codes={c: f"{NCCL_RESULT_NAMES.get(c, 'code ' + str(c))} first raised at {site}"
                          for c, site in sorted(self.return_codes.items())},
            lines_total=self.lines_total, nccl_lines=self.nccl_lines)

    def _network(self, transports: set[str]) -> str | None:
        if self.networks:
            return self.networks.most_common(1)[0][0]
        nets = {t.split("/")[1] for t in transports if t.startswith("NET/")}
        if len(nets) == 1:
            return nets.pop()
        if self.ib_devices:
            return "IB"
        if self.socket_devices:
            return "Socket"
        return None


def parse_nccl_log(lines: Iterable[str]) -> NcclLogSummary:
    """Read NCCL debug output given as lines (a list, a text file object, any iterable of str)."""
    parser = _Parser()
    batch: list[str] = []
    size = 0
    for line in lines:
        batch.append(line if line.endswith("\n") else line + "\n")
        size += len(line)
        if size >= CHUNK_BYTES:
            parser.consume_chunk("".join(batch).encode("utf-8", "surrogateescape"))
            batch.clear()
            size = 0
    if batch:
        parser.consume_chunk("".join(batch).encode("utf-8", "surrogateescape"))
    return parser.summary()


def parse_nccl_log_stream(stream: BinaryIO) -> NcclLogSummary:
    """Read NCCL debug output from a binary stream in 4 MiB blocks (memory stays bounded)."""
    parser = _Parser()
    carry = b""
    while True:
        block = stream.read(CHUNK_BYTES)
        if not block:
            break
        block = carry + block
        cut = block.rfind(b"\n") + 1
        if cut == 0 and len(block) < MAX_LINE_BYTES:
            carry = block
            continue
        if cut == 0:
            cut = len(block)  # a giant line without newline: scan it as is
        carry = block[cut:]
        parser.consume_chunk(block[:cut] if block[cut - 1:cut] == b"\n" else block[:cut] + b"\n")
    if carry:
        parser.consume_chunk(carry + b"\n")
    return parser.summary()
