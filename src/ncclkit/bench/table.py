"""Render a BenchResult as nccl-tests prints it (src/util.cu of nccl-tests 2.19.6), one block a collective.

Column widths, number formats (getFloatStr), the `#wrong` N/A, the footer and the
`# Collective test starting/concluded` lines follow nccl-tests byte for byte, so people's eyes and
scripts (and ncclkit's own nccl-tests parser) keep working. Extra information (per-rank spread,
the engine and mode) goes on `#` comment lines, which nccl-tests readers skip.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from ncclkit import __version__
from ncclkit.bench.collectives import get_collective
from ncclkit.bench.ntjson import iter_stats
from ncclkit.bench.results import BenchResult, BenchSample

__all__ = ["TableStream", "float_str", "render_table"]


def float_str(value: float, width: int) -> str:
    """nccl-tests' getFloatStr: 2 decimals, then 1, then 0, then exponent, to fit `width`."""
    for fmt in (f"%{width}.2f", f"%{width}.1f", f"%{width}.0f"):
        text = fmt % value
        if len(text) <= width:
            return text
    return (f"%{width}.1e" if width >= 7 else f"%{width}.0e") % value


def _body(s: BenchSample | None, per_iter: bool, skip: int) -> str:
    if s is None:
        return "  %7s  %6s  %6s  %6s" % ("", "", "", "") + ("  %7s" % "" * 4 if per_iter else "")
    wrong = "%6g" % float(s.wrong) if s.checked else "   N/A"
    out = "  %7s  %6s  %6s  %s" % (float_str(s.time_us, 7), float_str(s.algbw_gbps, 6),
                                   float_str(s.busbw_gbps, 6), wrong)
    if per_iter:  # util.cu writePerIterReport: i_min i_max i_p99 i_cv%
        st = iter_stats(s.iter_time_us[skip:]) if s.iter_time_us[skip:] else None
        vals = (st.min, st.max, st.p99, st.cv_pct) if st else (0.0, 0.0, 0.0, 0.0)
        out += "".join("  %7s" % float_str(v, 7) for v in vals)
    return out


def _header(result: BenchResult, binary: str, algo: str | None) -> list[str]:
    c = result.config
    step = f"{c.step_factor}(factor)" if c.step_factor > 1 else f"{c.step_bytes}(bytes)"
    nccl = f" nccl-library={result.nccl_version}" if result.nccl_version else ""
    lines = [
        f"# ncclkit bench {__version__} (nccl-tests layout){nccl} backend {result.backend} "
        f"engine {result.engine} mode {result.mode}" + (f" NCCL_ALGO={algo}" if algo else ""),
        f"# Collective test starting: {binary}",
        f"# nThread 1 nGpus 1 minBytes {c.min_bytes} maxBytes {c.max_bytes} step: {step} "
        f"warmup iters: {c.warmup_iters} iters: {c.iters} agg iters: 1 validation: {c.check} "
        f"graph: {c.graph_launches if result.mode == 'graph' else 0} unalign: 0",
        "#",
        "# Using devices",
    ]
    for r in result.ranks:
        dev = int(r.device.split(":")[-1]) if ":" in r.device else -1
        bus = r.bus_id.rsplit(".", 1)[0] if r.bus_id else "cpu"
        lines.append("#  Rank %2d Group %2d Pid %6d on %10s device %2d [%s] %s"
                     % (r.rank, 0, r.pid, r.host, dev, bus, r.gpu_name or "CPU"))
    timer = {"host": "", "events": " timer: CUDA events (device time, not nccl-tests' host clock)"}
    if c.timer != "host":
        lines[0] += timer[c.timer]
    if c.per_iter:
        lines.append("# Per-Iteration Report: CUDA event timing; i_* uses max over process rows"
                     + (f"; summary skips first {c.per_iter_skip} iterations"
                        if c.per_iter_skip else "") + " ")
    if c.per_iter:
        half = "  %7s  %6s  %6s  %6s  %7s  %7s  %7s  %7s"  # time algbw busbw #wrong i_* x4
        h = "# %10s  %12s  %8s  %6s  %6s" + half + half + " "
        return lines + [
            "#",
            "# %10s  %12s  %8s  %6s  %6s              out-of-place (+ per-iteration)          "
            "                      in-place (+ per-iteration)" % ("", "", "", "", ""),
            h % ("size", "count", "type", "redop", "root", "time", "algbw", "busbw", "#wrong",
                 "i_min", "i_max", "i_p99", "i_cv%", "time", "algbw", "busbw", "#wrong", "i_min",
                 "i_max", "i_p99", "i_cv%"),
            h % ("(B)", "(elements)", "", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(us)",
                 "(us)", "(%)", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(us)", "(us)", "(%)")]
    lines += [
        "#",
        "# %10s  %12s  %8s  %6s  %6s           out-of-place                       in-place          "
        % ("", "", "", "", ""),
        "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s  %7s  %6s  %6s  %6s "
        % ("size", "count", "type", "redop", "root", "time", "algbw", "busbw", "#wrong", "time",
           "algbw", "busbw", "#wrong"),
        "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s  %7s  %6s  %6s  %6s "
        % ("(B)", "(elements)", "", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(GB/s)",
           "(GB/s)", ""),
    ]
    return lines


def _spread(rows: list[tuple[int, BenchSample | None, BenchSample | None]]) -> list[str]:
    out = ["# Per-rank time, out-of-place (us):        size      min (rank)       avg      "
           "max (rank)"]
    for size, oop, _ip in rows:
        if oop is None or not oop.rank_time_us:
            continue
        t = oop.rank_time_us
        lo, hi = min(range(len(t)), key=t.__getitem__), max(range(len(t)), key=t.__getitem__)
        out.append("#%46d  %9s (%d)  %9s  %9s (%d)" % (size, float_str(t[lo], 9), lo,
                                                       float_str(oop.time_us, 9),
                                                       float_str(t[hi], 9), hi))
    return out


def _binary(name: str) -> str:
    try:
        return get_collective(name).binary
    except Exception:  # noqa: BLE001 - a custom record read back from JSON: keep its name
        return f"{name}_perf"


Row = tuple[int, BenchSample | None, BenchSample | None]


def _row_line(result: BenchResult, row: Row) -> str:
    size, oop, ip = row
    first = oop or ip
    assert first is not None
    c = result.config
    return ("%12d  %12d  %8s  %6s  %6s" % (size, first.count, first.dtype, first.redop,
                                           "%6i" % first.root)
            + _body(oop, c.per_iter, c.per_iter_skip) + _body(ip, c.per_iter, c.per_iter_skip))


def _marked(row: Row) -> str | None:
    marked = [f"{place}: {', '.join(s.marks)}" for place, s in
              (("out-of-place", row[1]), ("in-place", row[2])) if s is not None and s.marks]
    return "; ".join(marked) if marked else None


def _footer(result: BenchResult, binary: str, rows: list[Row]) -> list[str]:
    """util.cu's end of a test: out-of-bounds count, average busbw; then ours, the spread."""
    bws = [s.busbw_gbps for _, oop, ip in rows for s in (oop, ip) if s is not None]
    wrong = sum(s.wrong for _, oop, ip in rows for s in (oop, ip) if s is not None)
    avg = sum(bws) / len(bws) if bws else 0.0
    lines = ["# %-20s : %d %s" % ("Out of bounds values", wrong, "FAILED" if wrong else "OK"),
             "# %-20s : %g " % ("Avg bus bandwidth", avg), "#"]
    if result.nranks > 1:
        lines += _spread(rows)
        lines.append("#")
    return lines + [f"# Collective test concluded: {binary}", "#"]


def _pair(samples: list[BenchSample]) -> Row:
    oop = next((s for s in samples if not s.in_place), None)
    ip = next((s for s in samples if s.in_place), None)
    return (samples[0].size_bytes, oop, ip)


def render_table(result: BenchResult) -> str:
    """The whole text output: one nccl-tests block per (NCCL_ALGO, collective), in run order."""
    groups: dict[tuple[str | None, str], dict[int, list[BenchSample | None]]] = {}
    for s in result.samples:
        sizes = groups.setdefault((s.algo, s.collective), defaultdict(lambda: [None, None]))
        sizes[s.size_bytes][1 if s.in_place else 0] = s
    blocks = []
    for (algo, name), by_size in groups.items():
        binary = _binary(name)
        lines = _header(result, binary, algo)
        rows: list[Row] = [(size, oop, ip) for size, (oop, ip) in by_size.items()]
        for row in rows:
            lines.append(_row_line(result, row))
            marked = _marked(row)
            if marked:  # a comment line, so nccl-tests readers still see the row as it is
                lines.append(f"#  ^ suspect row ({marked}): see the findings below")
        blocks.append("\n".join(lines + _footer(result, binary, rows)))
    return "\n".join(blocks) + "\n"


class TableStream:
    """render_table's text as the sweep goes, as nccl-tests prints it (each size's row once the
    ranks' times are averaged): a block's header before its first row, each row when its size is
    done, the block's footer when the next block starts or at `finish`. Suspect-row marks come
    from the whole result, so `finish` lists them after the last block instead of under the row."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self._write = write
        self._key: tuple[str | None, str] | None = None
        self._shell: BenchResult | None = None
        self._rows: list[Row] = []
        self.printed = False

    def rows(self, shell: BenchResult, samples: list[BenchSample]) -> None:
        """One size's samples (out-of-place and in-place), `shell` the result without samples."""
        key = (samples[0].algo, samples[0].collective)
        text = ""
        if key != self._key:
            text += self._close()
            self._key, self._shell, self._rows = key, shell, []
            text += "\n".join(_header(shell, _binary(key[1]), key[0])) + "\n"
        row = _pair(samples)
        self._rows.append(row)
        self._write(text + _row_line(shell, row) + "\n")
        self.printed = True

    def _close(self) -> str:
        if self._key is None or self._shell is None:
            return ""
        return "\n".join(_footer(self._shell, _binary(self._key[1]), self._rows)) + "\n"

    def finish(self, result: BenchResult) -> str:
        """The last block's footer and the suspect rows of the whole result."""
        out = self._close()
        self._key = None
        for s in result.samples:
            if s.marks:
                place = "in-place" if s.in_place else "out-of-place"
                out += (f"#  ^ suspect row {s.collective} {s.size_bytes} B ({place}: "
                        f"{', '.join(s.marks)}): see the findings below\n")
        return out
