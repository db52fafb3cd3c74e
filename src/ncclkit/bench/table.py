"""Render a BenchResult as nccl-tests prints it (src/util.cu of nccl-tests 2.19.6), one block a collective.

Column widths, number formats (getFloatStr), the `#wrong` N/A, the footer and the
`# Collective test starting/concluded` lines follow nccl-tests byte for byte, so people's eyes and
scripts (and ncclkit's own nccl-tests parser) keep working. Extra information (per-rank spread,
the engine and mode) goes on `#` comment lines, which nccl-tests readers skip.
"""

from __future__ import annotations

from collections import defaultdict

from ncclkit import __version__
from ncclkit.bench.collectives import get_collective
from ncclkit.bench.ntjson import iter_stats
from ncclkit.bench.results import BenchResult, BenchSample

__all__ = ["float_str", "render_table"]


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


def render_table(result: BenchResult) -> str:
    """The whole text output: one nccl-tests block per (NCCL_ALGO, collective), in run order."""
    groups: dict[tuple[str | None, str], dict[int, list[BenchSample | None]]] = {}
    for s in result.samples:
        rows = groups.setdefault((s.algo, s.collective), defaultdict(lambda: [None, None]))
        rows[s.size_bytes][1 if s.in_place else 0] = s
    blocks = []
    for (algo, name), by_size in groups.items():
        try:
            binary = get_collective(name).binary
        except Exception:  # noqa: BLE001 - a custom record read back from JSON: keep its name
            binary = f"{name}_perf"
        lines = _header(result, binary, algo)
        rows = [(size, oop, ip) for size, (oop, ip) in by_size.items()]
        bws, wrong = [], 0
        for size, oop, ip in rows:
            first = oop or ip
            assert first is not None
            c = result.config
            lines.append("%12d  %12d  %8s  %6s  %6s" % (size, first.count, first.dtype,
                                                        first.redop, "%6i" % first.root)
                         + _body(oop, c.per_iter, c.per_iter_skip)
                         + _body(ip, c.per_iter, c.per_iter_skip))
            marked = [f"{place}: {', '.join(s.marks)}" for place, s in
                      (("out-of-place", oop), ("in-place", ip)) if s is not None and s.marks]
            if marked:  # a comment line, so nccl-tests readers still see the row as it is
                lines.append(f"#  ^ suspect row ({'; '.join(marked)}): see the findings below")
            for s in (oop, ip):
                if s is not None:
                    bws.append(s.busbw_gbps)
                    wrong += s.wrong
        avg = sum(bws) / len(bws) if bws else 0.0
        lines.append("# %-20s : %d %s" % ("Out of bounds values", wrong,
                                          "FAILED" if wrong else "OK"))
        lines.append("# %-20s : %g " % ("Avg bus bandwidth", avg))
        lines.append("#")
        if result.nranks > 1:
            lines += _spread(rows)
            lines.append("#")
        lines.append(f"# Collective test concluded: {binary}")
        lines.append("#")
        blocks.append("\n".join(lines))
    return "\n".join(blocks) + "\n"
