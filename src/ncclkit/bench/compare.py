"""`--compare FILE`: ncclkit's samples side by side with an nccl-tests output, matched by size.

The nccl-tests text (or -J JSON) is read by ncclkit.logs.nccl_tests.parse_nccl_tests, the same
parser `ncclkit analyze` uses; rows pair up by (size, in-place) for the collective that file holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ncclkit.bench.results import BenchResult
from ncclkit.bench.table import float_str
from ncclkit.errors import NcclkitError
from ncclkit.inputfile import read_input_bytes

__all__ = ["CompareRow", "compare_with_nccl_tests", "render_compare"]


@dataclass(frozen=True, slots=True, kw_only=True)
class CompareRow:
    collective: str
    size_bytes: int
    in_place: bool
    ours_time_us: float
    ours_busbw_gbps: float
    theirs_time_us: float | None
    theirs_busbw_gbps: float | None

    @property
    def time_ratio(self) -> float | None:
        """ours / theirs: above 1 means ncclkit measured a longer time."""
        return self.ours_time_us / self.theirs_time_us if self.theirs_time_us else None

    @property
    def busbw_ratio(self) -> float | None:
        return self.ours_busbw_gbps / self.theirs_busbw_gbps if self.theirs_busbw_gbps else None

    def to_json(self) -> dict[str, Any]:
        return {"collective": self.collective, "size_bytes": self.size_bytes,
                "in_place": self.in_place, "ours_time_us": self.ours_time_us,
                "ours_busbw_gbps": self.ours_busbw_gbps, "theirs_time_us": self.theirs_time_us,
                "theirs_busbw_gbps": self.theirs_busbw_gbps, "time_ratio": self.time_ratio,
                "busbw_ratio": self.busbw_ratio}


def compare_with_nccl_tests(result: BenchResult, text: str, *, source: str) -> list[CompareRow]:
    try:
        from ncclkit.logs.nccl_tests import parse_nccl_tests  # noqa: PLC0415 - optional module
    except ImportError as exc:
        raise NcclkitError("--compare needs ncclkit.logs.nccl_tests, missing in this install",
                           hint="reinstall ncclkit") from exc
    theirs = parse_nccl_tests(text)
    if not theirs.rows:
        raise NcclkitError(f"--compare {source}: no nccl-tests result rows found",
                           hint="give the stdout of an nccl-tests binary (or its -J JSON file)")
    coll = theirs.collective
    if coll is None:
        # A pasted table without its header lines: take the run's one collective, never a guess.
        ours = sorted({s.collective for s in result.samples})
        if len(ours) != 1:
            raise NcclkitError(f"--compare {source}: the file does not name its collective (no "
                               "'Collective test starting' or *_perf line)",
                               hint="run the bench with the one collective that file measured: -c NAME")
        coll = ours[0]
    by_size = {r.size_bytes: r for r in theirs.rows}
    out = []
    for s in result.samples:
        if s.collective != coll or s.algo is not None and len(result.config.algos) > 1:
            continue
        row = by_size.get(s.size_bytes)
        t = b = None
        if row is not None:
            t, b = ((row.ip_time_us, row.ip_busbw_gbps) if s.in_place
                    else (row.time_us, row.busbw_gbps))
        out.append(CompareRow(collective=coll, size_bytes=s.size_bytes, in_place=s.in_place,
                              ours_time_us=s.time_us, ours_busbw_gbps=s.busbw_gbps,
                              theirs_time_us=t, theirs_busbw_gbps=b))
    if not any(r.theirs_time_us for r in out):
        raise NcclkitError(f"--compare {source}: no size of this run appears in that {coll} table",
                           hint="run the same -b/-e/-f sizes and collective as the nccl-tests file")
    return out


def render_compare(rows: list[CompareRow], source: str) -> str:
    lines = [f"# Compared with {source} (nccl-tests); ratio = ncclkit / nccl-tests",
             "# %12s  %8s  %9s  %9s  %6s  %8s  %8s  %6s" % (
                 "size", "place", "time(us)", "nt(us)", "ratio", "busbw", "nt busbw", "ratio")]
    for r in rows:
        def f(v: float | None, w: int) -> str:
            return float_str(v, w) if v is not None else "-".rjust(w)
        lines.append("  %12d  %8s  %9s  %9s  %6s  %8s  %8s  %6s" % (
            r.size_bytes, "in" if r.in_place else "out", f(r.ours_time_us, 9),
            f(r.theirs_time_us, 9), f(r.time_ratio, 6), f(r.ours_busbw_gbps, 8),
            f(r.theirs_busbw_gbps, 8), f(r.busbw_ratio, 6)))
    return "\n".join(lines) + "\n"


def read_compare_file(path: str) -> str:
    data = read_input_bytes(path, flag="--compare", allow_empty=False,
                            hint="give the path of a saved nccl-tests output")
    return data.decode("utf-8", errors="replace")
