#!/usr/bin/env python3
"""Time `ncclkit doctor --root DIR` in-process (probe + rules + env + JSON), median of N runs.

usage: scripts/bench_doctor.py [--root DIR] [-n N] [--budget-s 1.0]
Default root: tests/data/nodes/dgx-h100-ib-ok. Exit 1 when the median exceeds the budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from ncclkit.doctor import run_doctor
from ncclkit.probe.root import NodeRoot
from ncclkit.report.jsonout import dumps

_DGX = Path(__file__).resolve().parents[1] / "tests" / "data" / "nodes" / "dgx-h100-ib-ok"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=str(_DGX))
    ap.add_argument("-n", type=int, default=7, help="timed runs (after one warm-up)")
    ap.add_argument("--budget-s", type=float, default=1.0)
    args = ap.parse_args()
    root = NodeRoot.open(args.root)
    dumps(run_doctor(root).to_json())  # warm-up: imports and caches out of the timing
    times_s = []
    for _ in range(max(args.n, 1)):
        t0 = time.perf_counter()
        dumps(run_doctor(root).to_json())
        times_s.append(time.perf_counter() - t0)
    median_s = statistics.median(times_s)
    print(f"doctor --root {args.root}: median {median_s * 1000:.1f} ms over {len(times_s)} runs "
          f"(min {min(times_s) * 1000:.1f}, max {max(times_s) * 1000:.1f}; budget {args.budget_s:g} s)")
    return 0 if median_s < args.budget_s else 1


if __name__ == "__main__":
    sys.exit(main())
