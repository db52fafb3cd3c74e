"""The table of benchmarks/check_effect_device.sh's outputs: per size, the median over rounds of
nccl-tests and ncclkit with and without the data check, and their ratios.
Usage: python3 benchmarks/check_effect_table.py DIR   (DIR holds {nt,kit}-c{0,1}.txt)"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ab_table import rounds  # noqa: E402


def main(folder: Path) -> None:
    runs = {k: rounds(folder / f"{k}.txt") for k in ("nt-c0", "kit-c0", "nt-c1", "kit-c1")}
    print("| size (B) | nccl-tests -c 0 (us) | ncclkit --check 0 (us) | ratio | nccl-tests -c 1 (us) | "
          "ncclkit --check 1 (us) | ratio |\n|---|---|---|---|---|---|---|")
    ratios: dict[int, list[float]] = {0: [], 1: []}
    for size in sorted(runs["nt-c0"][0]):
        med = {k: statistics.median(r[size] for r in v if size in r) for k, v in runs.items()}
        cells = []
        for c in (0, 1):
            ratio = med[f"kit-c{c}"] / med[f"nt-c{c}"]
            ratios[c].append(ratio)
            cells += [f"{med[f'nt-c{c}']:.2f}", f"{med[f'kit-c{c}']:.2f}", f"{ratio:.3f}"]
        print(f"| {size} | " + " | ".join(cells) + " |")
    for c, rs in ratios.items():
        print(f"\ncheck {c}: median ratio {statistics.median(rs):.3f}, "
              f"{sum(abs(r - 1) <= 0.03 for r in rs)} of {len(rs)} sizes within +-3%")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
