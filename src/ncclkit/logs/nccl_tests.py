"""nccl-tests output (the text table of any collective, and the `-J` JSON file) -> NcclTestsResult.

Layout (nccl-internals.md section 8, nccl-tests src/util.cu): columns `size count type redop root`
then `time algbw busbw #wrong` out-of-place and again in-place. Older builds have no `root` column
and print the max `error` instead of `#wrong`; broadcast/reduce tables have no `redop`; `-I` adds
per-iteration columns; `-S` adds a timestamp. Rows are read by shape, not by position, so pasted
tables with launcher prefixes (`[1,0]<stdout>:`) and no header still parse.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["RANK_LINE", "RANK_PID", "NcclTestsResult", "TestRow", "looks_like_row", "parse_nccl_tests",
           "parse_nccl_tests_json"]

DTYPES = frozenset({"float", "half", "double", "int8", "uint8", "int32", "uint32", "int64", "uint64",
                    "bfloat16", "f8e4m3", "f8e5m2", "int", "char", "uint", "fp8_e4m3", "fp8_e5m2"})
COLLECTIVES = ("all_reduce", "all_gather", "reduce_scatter", "alltoallv", "alltoall", "broadcast",
               "reduce", "gather", "scatter", "sendrecv", "hypercube")
_COLL_PERF = re.compile(r"\b(" + "|".join(COLLECTIVES) + r")_perf")
_COLL_WORD = re.compile(r"(?<![\w/])(" + "|".join(COLLECTIVES) + r")\b")
# "#  Rank  0 Group  0 Pid  1234 on  host-a device  0 [0x1b] NVIDIA H200" (also read by nccl_log_state).
# "#  Rank  1 Group  0 Pid   1166 on  node7 device  0 [0000:00:06] NVIDIA H200": rank, host, PCI bus id.
# The "#" is lost where a paste outside a code block renders it as a heading (nccl-tests#254).
RANK_LINE = re.compile(r"(?:#\s*)?\bRank\s+(\d+)\s+(?:Group\s+\d+\s+)?Pid\s+\d+\s+on\s+(\S+)\s+device"
                       r"(?:\s+\d+\s+\[\s*([0-9A-Fa-fx:.]+)\])?")
RANK_PID = re.compile(r"\bPid\s+(\d+)")  # the process of a rank listing's line
_AVG = re.compile(r"Avg bus bandwidth\s*:\s*([-+\d.eE]+|nan)")
_OUT_OF_BOUNDS = re.compile(r"Out of bounds values\s*:\s*(\d+)\s+(?:FAILED|OK)")
_VERSION = re.compile(r"NCCL version (\d+\.\d+\.\d+)|nccl-library=(\d+)")
_HEADER = re.compile(r"^\s*#\s*size\s+count\b")


@dataclass(frozen=True, slots=True, kw_only=True)
class TestRow:
    """One size of the sweep; `wrong` is the #wrong count (or the max error of old builds)."""

    size_bytes: int
    count: int
    type: str
    redop: str | None
    root: int | None
    time_us: float | None
    algbw_gbps: float | None
    busbw_gbps: float | None
    wrong: float | int | None
    ip_time_us: float | None
    ip_algbw_gbps: float | None
    ip_busbw_gbps: float | None
    ip_wrong: float | int | None

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}


@dataclass(frozen=True, slots=True, kw_only=True)
class NcclTestsResult:
    """A parsed nccl-tests run; `to_json()` gives exactly the CONTRACTS section 5 fields."""

    collective: str | None
    nranks: int | None
    rows: tuple[TestRow, ...]
    avg_busbw_gbps: float | None
    wrong_total: int | None
    avg_busbw_lines: tuple[float, ...] = ()
    hosts: tuple[str, ...] = ()
    wrong_column: str | None = None      # "#wrong", "error" or None (unknown / N/A)
    nccl_version: str | None = None
    source: str = "text"                  # "text" or "json"
    duplicated_sizes: tuple[int, ...] = field(default=())
    avg_lines: tuple[int, ...] = ()       # line numbers of the "Avg bus bandwidth" lines (text)
    rank0_pids: int = 0                   # distinct processes that each call themselves rank 0 (text)
    tests_named: tuple[str, ...] = ()     # the distinct tests ("alltoall" of alltoall_perf) the text names

    @property
    def peak_busbw_gbps(self) -> float | None:
        values = [r.busbw_gbps for r in self.rows if r.busbw_gbps is not None]
        return max(values) if values else None

    @property
    def peak_row(self) -> TestRow | None:
        rows = [r for r in self.rows if r.busbw_gbps is not None]
        return max(rows, key=lambda r: r.busbw_gbps or 0.0) if rows else None

    def wrong_sizes(self) -> list[int]:
        """Sizes of the rows with a failed check: a #wrong count above 0, or an old build's max error out of bounds."""
        if self.wrong_column == "error":
            return [r.size_bytes for r in self.rows
                    if any(_out_of_bounds(r.type, v, self.nranks) for v in _checked_errors(r, self.collective))]
        return [r.size_bytes for r in self.rows if (r.wrong or 0) > 0 or (r.ip_wrong or 0) > 0]

    def to_json(self) -> dict[str, Any]:
        return {"collective": self.collective, "nranks": self.nranks,
                "rows": [r.to_json() for r in self.rows], "peak_busbw_gbps": self.peak_busbw_gbps,
                "avg_busbw_gbps": self.avg_busbw_gbps, "wrong_total": self.wrong_total}


def _num(tok: str) -> float | None:
    try:
        value = float(tok)
    except ValueError:
        return None
    return value if math.isfinite(value) else None  # inf (a 0.00 us time) is no measurement: JSON has no inf


def _wrong(tok: str) -> float | int | None:
    value = _num(tok)
    if value is None:
        return None  # "N/A" when run with -c 0
    return int(value) if value.is_integer() else value


def _row_start(tokens: list[str]) -> int:
    """Index where `size count type` starts (launcher prefixes come first), or -1."""
    for i in range(min(len(tokens) - 2, 4)):
        if tokens[i].isdigit() and tokens[i + 1].isdigit() and tokens[i + 2] in DTYPES:
            return i
    return -1


# A launcher's rank tag glued to a column: a prefixing tool that tags every write, and nccl-tests writes a row in
# pieces ("[0]   33554432 ... sum      -1[0]    2180.1   15.39   29.50      0[0] ...", NVIDIA/nccl#1453), so
# the tag lands after the root and after the out-of-place error count.
_GLUED_TAG = re.compile(r"(?<=\S)\[\d+(?:,\d+)?\](?:<std(?:out|err)>:)?")


def _row_tokens(line: str) -> list[str]:
    return (_GLUED_TAG.sub(" ", line) if "[" in line else line).split()


def looks_like_row(line: str) -> bool:
    """True for a line shaped like a result row (used by kind detection)."""
    tokens = _row_tokens(line)
    return len(tokens) >= 11 and _row_start(tokens) >= 0


def _parse_row(tokens: list[str]) -> TestRow | None:
    start = _row_start(tokens)
    if start < 0:
        return None
    size, count, dtype = int(tokens[start]), int(tokens[start + 1]), tokens[start + 2]
    rest = tokens[start + 3:]
    redop = None
    if rest and not _is_number(rest[0]):
        redop, rest = rest[0], rest[1:]
    # What remains: [root] + 4 (or 8 with -I) out-of-place + the same in-place [+ timestamp].
    root = None
    if len(rest) in (9, 11, 17, 19) and _is_int(rest[0]):
        root, rest = int(rest[0]), rest[1:]
    width = 8 if len(rest) >= 16 else 4
    if len(rest) < 2 * width:
        if len(rest) < 4:
            return None
        rest = rest + ["nan"] * (2 * width - len(rest))  # out-of-place only (trace replay tables)
    oop, ip = rest[:width], rest[width:2 * width]
    return TestRow(size_bytes=size, count=count, type=dtype, redop=redop, root=root,
                   time_us=_num(oop[0]), algbw_gbps=_num(oop[1]), busbw_gbps=_num(oop[2]),
                   wrong=_wrong(oop[3]), ip_time_us=_num(ip[0]), ip_algbw_gbps=_num(ip[1]),
                   ip_busbw_gbps=_num(ip[2]), ip_wrong=_wrong(ip[3]))


def _is_number(tok: str) -> bool:
    return _num(tok) is not None or tok.upper() == "N/A"


def _is_int(tok: str) -> bool:
    return tok.removeprefix("-").isdigit()  # one sign: `--1` is no number


def _detect_collective(text: str) -> str | None:
    m = _COLL_PERF.search(text)
    if m:
        return m.group(1)
    for line in text.splitlines():
        if not looks_like_row(line):
            m = _COLL_WORD.search(line)
            if m:
                return m.group(1)
    return None


def parse_nccl_tests(text: str) -> NcclTestsResult:
    """Parse nccl-tests stdout (or a `-J` JSON document); never raises on odd input."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:
            doc = json.loads(stripped)
        except ValueError:
            doc = None
        if isinstance(doc, dict):
            return parse_nccl_tests_json(doc)
    rows: list[TestRow] = []
    avgs: list[float] = []
    ranks: dict[int, str] = {}
    wrong_column: str | None = None
    version = None
    avg_lines: list[int] = []
    rank0_pids: set[str] = set()
    # the summary's "Out of bounds values : N FAILED" (or "0 OK"): nccl-tests' own count of failed checks, which
    # outranks a count recomputed from an old build's max-error column
    failed: int | None = None
    for line_no, line in enumerate(text.splitlines(), 1):
        if "Out of bounds" in line and (m := _OUT_OF_BOUNDS.search(line)):
            failed = (failed or 0) + int(m.group(1))
            continue
        m = RANK_LINE.search(line) if "Rank" in line else None
        if m:
            ranks[int(m.group(1))] = m.group(2)
            if m.group(1) == "0":
                rank0_pids.add(RANK_PID.findall(line)[0])
            continue
        if "#" in line:
            if _HEADER.match(line):
                wrong_column = "error" if " error" in line else "#wrong"
                continue
            m = _AVG.search(line)
            if m:
                value = _num(m.group(1))
                if value is not None:
                    avgs.append(value)
                    avg_lines.append(line_no)
                continue
        if version is None and ("NCCL version" in line or "nccl-library=" in line):
            m = _VERSION.search(line)
            if m:
                version = m.group(1) or _code_version(m.group(2))
        row = ((_side_by_side(line) if "|" in line else None) or _parse_row(_row_tokens(line))) if len(line) > 30 \
            else None
        if row is not None:
            rows.append(row)
    return _result(rows, avgs, ranks, wrong_column, version, _detect_collective(text), "text",
                   tuple(avg_lines), len(rank0_pids), failed, tuple(dict.fromkeys(_COLL_PERF.findall(text))))


def _code_version(code: str) -> str | None:
    n = int(code)
    return f"{n // 10000}.{(n % 10000) // 100}.{n % 100}" if n >= 20900 else None


def _side_by_side(line: str) -> TestRow | None:
    """The left row of two tables pasted side by side ("... 0  |       1048576 ...", ROCm/rccl#1352's before and
    after), read as one row they shift every column; a compose log's "trainer-1  | " prefix leaves no row on the
    left and is read whole."""
    left = line.split("|", 1)[0]
    return _parse_row(_row_tokens(left)) if len(left) > 30 else None


# Old builds' largest error a check accepts per element type, times (nranks - 1) (common.cu DeltaMaxValue and
# CheckData before the #wrong column, nccl-tests 8274cb4): a larger max error counted one "Out of bounds value".
_MAX_DELTA = {"half": 1e-2, "bfloat16": 1e-2, "float": 1e-5, "double": 1e-12}


def _out_of_bounds(dtype: str, error: float | None, nranks: int | None) -> bool:
    """An old build's max error its check rejected; without the rank listing, only an error no job under 1,024 ranks
    would accept (NVIDIA/nccl#698: float 3e+00 on 8 ranks)."""
    factor = max(nranks - 1, 1) if nranks else 1023
    return error is not None and error > _MAX_DELTA.get(dtype, 0.0) * factor


def _checked_errors(row: TestRow, collective: str | None) -> tuple[float | int | None, ...]:
    """The max errors of a row an old build checked: not alltoall's in-place one, printed but never counted
    (NVIDIA/nccl-tests#78: 1e+00 in place beside "Out of bounds values : 0 OK"; newer builds print N/A there)."""
    return (row.wrong,) if collective == "alltoall" else (row.wrong, row.ip_wrong)


def _errors_out_of_bounds(rows: list[TestRow], nranks: int | None, collective: str | None) -> int | None:
    """The checks an old build's max-error column shows failed, as its summary line would count them."""
    values = [(r.type, v) for r in rows for v in _checked_errors(r, collective) if v is not None]
    return sum(_out_of_bounds(t, v, nranks) for t, v in values) if values else None


def _result(rows: list[TestRow], avgs: list[float], ranks: dict[int, str], wrong_column: str | None,
            version: str | None, collective: str | None, source: str,
            avg_lines: tuple[int, ...] = (), rank0_pids: int = 0, failed: int | None = None,
            tests_named: tuple[str, ...] = ()) -> NcclTestsResult:
    if wrong_column is None and rows:
        # No header: integer values mean #wrong counts, fractions mean the old max-error column.
        values = [r.wrong for r in rows if r.wrong is not None]
        wrong_column = "#wrong" if values and all(isinstance(v, int) for v in values) else None
    wrong_total = None
    if wrong_column == "#wrong":
        counts = [v for r in rows for v in (r.wrong, r.ip_wrong) if isinstance(v, int)]
        wrong_total = sum(counts) if counts else None
    elif wrong_column == "error":
        wrong_total = failed if failed is not None else _errors_out_of_bounds(
            rows, (max(ranks) + 1) if ranks else None, collective)
    if failed and not wrong_total:
        wrong_total = failed
    seen: dict[tuple[int, str, str | None, int | None], float] = {}
    dups: list[int] = []
    for r in rows:
        key = (r.size_bytes, r.type, r.redop, r.root)
        # Sizes below ranks x 16 B round down to 0 elements in reduce_scatter, all_gather and alltoall
        # (reduce_scatter.cu: count/nranks & -(16/eltSize)): repeated 0 rows are one run's (nccl-tests#128).
        # Copies of one launch measure alike; a size whose bandwidth differs by more than a tenth is another run
        # put beside it (NVIDIA/nccl#527: one 1 GiB row per node count, 230 to 30 GB/s).
        if key in seen and r.size_bytes and r.size_bytes not in dups and _alike(seen[key], r.busbw_gbps or 0.0):
            dups.append(r.size_bytes)
        seen.setdefault(key, r.busbw_gbps or 0.0)
    return NcclTestsResult(
        collective=collective, nranks=(max(ranks) + 1) if ranks else None, rows=tuple(rows),
        avg_busbw_gbps=avgs[0] if avgs else None, wrong_total=wrong_total,
        avg_busbw_lines=tuple(avgs), hosts=tuple(sorted(set(ranks.values()))),
        wrong_column=wrong_column, nccl_version=version, source=source, duplicated_sizes=tuple(dups),
        avg_lines=avg_lines, rank0_pids=rank0_pids, tests_named=tests_named)


def _alike(a: float, b: float) -> bool:
    return abs(a - b) <= 0.1 * max(a, b)


def parse_nccl_tests_json(doc: dict[str, Any]) -> NcclTestsResult:
    """The `-J FILE` document of nccl-tests >= 2.17 (JSON_FILE_VERSION 2, src/util.cu)."""
    rows: list[TestRow] = []
    for res in doc.get("results") or []:
        if not isinstance(res, dict):
            continue
        oop = res.get("out_of_place")
        oop = oop if isinstance(oop, dict) else {}
        ip = res.get("in_place")
        ip = ip if isinstance(ip, dict) else {}
        root = str(res.get("root", "")).strip()
        rows.append(TestRow(
            size_bytes=_int(res.get("size")) or 0, count=_int(res.get("count")) or 0,
            type=str(res.get("type") or ""), redop=res.get("redop"),
            root=int(root) if _is_int(root) else None,
            time_us=_float(oop.get("time", oop.get("cpu_time"))), algbw_gbps=_float(oop.get("alg_bw")),
            busbw_gbps=_float(oop.get("bus_bw")), wrong=_jwrong(oop.get("nwrong")),
            ip_time_us=_float(ip.get("time", ip.get("cpu_time"))), ip_algbw_gbps=_float(ip.get("alg_bw")),
            ip_busbw_gbps=_float(ip.get("bus_bw")), ip_wrong=_jwrong(ip.get("nwrong"))))
    config = doc.get("config")
    config = config if isinstance(config, dict) else {}
    devices = config.get("devices") or doc.get("devices") or []
    ranks = {int(d["rank"]): str(d.get("hostname", "")) for d in devices
             if isinstance(d, dict) and isinstance(d.get("rank"), int)}
    avg = doc.get("average_bus_bandwidth")
    avgs = [v] if isinstance(avg, dict) and (v := _float(avg.get("bandwidth"))) is not None else []
    args = " ".join(str(a) for a in doc.get("args") or [])
    code = doc.get("nccl_version")
    version = _code_version(str(code)) if isinstance(code, int) else None
    wrong_column = "#wrong" if any(r.wrong is not None for r in rows) else None
    return _result(rows, avgs, ranks, wrong_column, version, _detect_collective(args) if args else None,
                   "json")


def _float(v: Any) -> float | None:
    if isinstance(v, bool) or v is None:
        return None
    try:
        f = float(v)
    except (TypeError, ValueError, OverflowError):
        return None
    return f if math.isfinite(f) else None


def _int(v: Any) -> int | None:
    f = _float(v)
    return int(f) if f is not None else None


def _jwrong(v: Any) -> int | float | None:
    f = _float(v)
    if f is None:
        return None
    return int(f) if f.is_integer() else f
