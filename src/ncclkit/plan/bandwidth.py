"""Bus bandwidth for `plan`: a constant, line rates, or a bench JSON (CONTRACTS.md section 6) by size.

busbw is nccl-tests' figure (algbw x 2(n-1)/n for all_reduce, x (n-1)/n for all_gather and
reduce_scatter): the rate every link of a ring carries, so one figure describes the path for all
three collectives. A bench file is interpolated per collective, linearly in log2(size_bytes)
between its samples and clamped to the end samples outside them; a collective the file has no
samples of uses the all_reduce samples (ring algorithms move data at the same link rate).
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ncclkit.errors import NcclkitError
from ncclkit.inputfile import read_input_json

__all__ = ["Bandwidth", "bench_bandwidth", "constant_bandwidth", "line_rate_bandwidth"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Bandwidth:
    """busbw (GB/s, 1e9 B/s) by collective and message size."""

    source: str
    """What the figures come from: "--busbw-gbps", "line rate ..." or the bench file path."""
    curves: dict[str, tuple[tuple[int, float], ...]] = field(default_factory=dict)
    """collective -> ((size_bytes, busbw_gbps), ...) sorted by size; "*" matches every collective."""
    measured: bool = False
    """From a bench: far above its largest size the figure would be a guess (small messages are
    latency-bound), so such sizes are refused."""

    def busbw_gbps(self, collective: str, size_bytes: int) -> float:
        curve = self.curves.get(collective) or self.curves.get("all_reduce") or self.curves.get("*")
        if not curve:
            raise NcclkitError(f"{self.source}: no {collective} or all_reduce samples",
                               hint="run `ncclkit bench --collective all_reduce --json` for the file")
        sizes = [s for s, _ in curve]
        i = bisect.bisect_left(sizes, size_bytes)
        if i == 0:
            return curve[0][1]
        if i == len(curve):
            if self.measured and size_bytes > 16 * sizes[-1]:  # up to 16x: the curve has flattened
                raise NcclkitError(f"{self.source}: the bench reaches {sizes[-1]} B, but the plan needs "
                                   f"{collective} of {size_bytes} B: its busbw would be a guess",
                                   hint=f"re-run the bench up to that size: ncclkit bench -e {size_bytes} --json")
            return curve[-1][1]
        (s0, b0), (s1, b1) = curve[i - 1], curve[i]
        if s1 == s0:
            return b1
        frac = (math.log2(size_bytes) - math.log2(s0)) / (math.log2(s1) - math.log2(s0))
        return b0 + frac * (b1 - b0)


def constant_bandwidth(busbw_gbps: float) -> Bandwidth:
    if not busbw_gbps > 0:
        raise NcclkitError(f"--busbw-gbps {busbw_gbps}: must be positive",
                           hint="give the bus bandwidth in GB/s, e.g. --busbw-gbps 3.5")
    return Bandwidth(source="--busbw-gbps", curves={"*": ((1, busbw_gbps),)})


def line_rate_bandwidth(*, line_rate_gbits: float, nics_per_node: int,
                        efficiency: float) -> Bandwidth:
    """Inter-node busbw estimated from NIC line rates.

    A ring across nodes crosses every node boundary once per channel and NCCL spreads channels over
    all NICs, so ring busbw approaches the node's total NIC rate (Gb/s / 8 -> GB/s) times the
    fraction of line rate the transport achieves (efficiency; about 0.9 for IB with GDR).
    """
    if not (line_rate_gbits > 0 and nics_per_node > 0 and 0 < efficiency <= 1):
        raise NcclkitError(
            f"line rate {line_rate_gbits} Gb/s x {nics_per_node} NICs x {efficiency}: out of range",
            hint="--line-rate-gbits > 0, --nics-per-node >= 1, 0 < --link-efficiency <= 1")
    rate = line_rate_gbits / 8.0 * nics_per_node * efficiency
    return Bandwidth(source=f"line rate {nics_per_node} x {line_rate_gbits:g} Gb/s x {efficiency:g}",
                     curves={"*": ((1, rate),)})


def _fail(path: Path, what: str) -> NcclkitError:
    return NcclkitError(f"{path}: {what}",
                        hint="pass the output of `ncclkit bench ... --json` (docs/CONTRACTS.md section 6)")


def bench_bandwidth(path: Path) -> Bandwidth:
    """Read a bench JSON; samples at one size (in-place and out-of-place) are averaged."""
    data: Any = read_input_json(path, flag="--bench",
                                hint="pass the output of `ncclkit bench ... --json` (docs/CONTRACTS.md section 6)")
    samples = data.get("samples") if isinstance(data, dict) else None
    if not isinstance(samples, list) or not samples:
        raise _fail(path, "no 'samples' list")
    by_coll: dict[str, dict[int, list[float]]] = {}
    for n, s in enumerate(samples):
        try:
            coll, size, busbw = str(s["collective"]), int(s["size_bytes"]), float(s["busbw_gbps"])
            wrong = int(s.get("wrong", 0) or 0)
        except (KeyError, TypeError, ValueError, OverflowError):
            raise _fail(path, f"samples[{n}] lacks collective, size_bytes or busbw_gbps, or one of "
                              "them (or wrong) is not a number") from None
        if wrong > 0 or size <= 0 or not busbw > 0:
            continue  # a wrong result or a latency-only row tells nothing about bandwidth
        by_coll.setdefault(coll, {}).setdefault(size, []).append(busbw)
    if not by_coll:
        raise _fail(path, "no sample with a positive size and busbw and no wrong results")
    curves = {c: tuple((sz, sum(v) / len(v)) for sz, v in sorted(sizes.items()))
              for c, sizes in by_coll.items()}
    return Bandwidth(source=str(path), curves=curves, measured=True)
