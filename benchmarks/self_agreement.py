"""How far nccl-tests agrees with itself, beside how far ncclkit agrees with it, from a runs.json of
bench_vs_nccl_tests.py: per mode and size band, out-of-place rows, the share within +-3% of
(a) nccl-tests' even rounds against its odd rounds (medians) and (b) ncclkit against nccl-tests
(medians of all rounds), and the median of (b)'s ratios. Rows where both tools take under 0.5 us
(one-rank no-ops) are left out, as in the report.
Usage: python3 benchmarks/self_agreement.py RUNS.json"""

from __future__ import annotations

import json
import statistics
import sys

COLLS = ("all_reduce", "all_gather", "reduce_scatter", "alltoall", "broadcast", "sendrecv")
BANDS = {"8 B - 64 KB": (0, 1 << 16), "128 KB - 16 MB": (1 << 17, 1 << 24),
         "32 MB - 1 GB": (1 << 25, 1 << 30)}


def _med(rounds: list[dict], size: str, pick=lambda i: True) -> float | None:
    vals = [r[size]["oop"] for i, r in enumerate(rounds) if pick(i) and size in r
            and r[size].get("oop")]
    return statistics.median(vals) if vals else None


def main(path: str) -> None:
    runs = json.load(open(path))["runs"]
    print("| mode | sizes | nccl-tests vs itself (even/odd rounds) | ncclkit vs nccl-tests | "
          "median ratio |\n|---|---|---|---|---|")
    for mode in ("graph", "eager"):
        for band, (lo, hi) in BANDS.items():
            total = self_ok = kit_ok = 0
            ratios = []
            for c in COLLS:
                nt, kit = runs.get(f"nt {mode} {c}"), runs.get(f"kit {mode} {c}")
                if not nt or not kit:
                    continue
                for s in sorted(set().union(*nt), key=int):
                    if not lo <= int(s) <= hi:
                        continue
                    even = _med(nt, s, lambda i: i % 2 == 0)
                    odd = _med(nt, s, lambda i: i % 2 == 1)
                    n, k = _med(nt, s), _med(kit, s)
                    if None in (even, odd, n, k) or max(n, k) < 0.5:
                        continue
                    total += 1
                    self_ok += abs(even / odd - 1) <= 0.03
                    kit_ok += abs(k / n - 1) <= 0.03
                    ratios.append(k / n)
            if total:
                print(f"| {mode} | {band} | {self_ok} of {total} | {kit_ok} of {total} | "
                      f"{statistics.median(ratios):.3f} |")


if __name__ == "__main__":
    main(sys.argv[1])
