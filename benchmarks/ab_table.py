"""Per size, the median over rounds of several nccl-tests-format outputs, and each one's ratio to
the first; then, per tool, each round's (process's) median over the sizes up to 4 KB, where a
one-GPU row is a launch-bound copy, to show how far one process differs from the next.
Usage: python3 benchmarks/ab_table.py DIR BASE OTHER... (DIR holds BASE.txt, ...; the rounds of
one tool are appended in one file, each after a "=== round N" line)."""

from __future__ import annotations

import re
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from ncclkit.logs.nccl_tests import parse_nccl_tests  # noqa: E402

TOLERANCE = 0.03


def rounds(path: Path) -> list[dict[int, float]]:
    parts = [p for p in re.split(r"=== round \d+\n", path.read_text()) if p.strip()]
    return [{r.size_bytes: r.time_us for r in parse_nccl_tests(p).rows if r.time_us is not None}
            for p in parts]


def main(folder: Path, names: list[str]) -> None:
    runs = {k: rounds(folder / f"{k}.txt") for k in names}
    base, others = names[0], names[1:]
    head = [f"{base} (us)"] + [c for o in others for c in (f"{o} (us)", f"{o}/{base}")]
    print("| size (B) | " + " | ".join(head) + " |\n" + "|---" * (len(head) + 1) + "|")
    ratios: dict[str, list[float]] = {o: [] for o in others}
    for size in sorted(set().union(*(r for r in runs[base]))):
        med = {k: statistics.median(r[size] for r in v if size in r) for k, v in runs.items()
               if any(size in r for r in v)}
        if base not in med:
            continue
        cells = [f"{med[base]:.2f}"]
        for o in others:
            if o not in med:
                cells += ["-", "-"]
                continue
            ratios[o].append(med[o] / med[base])
            cells += [f"{med[o]:.2f}", f"{med[o] / med[base]:.3f}"]
        print(f"| {size} | " + " | ".join(cells) + " |")
    for o, rs in ratios.items():
        if rs:
            print(f"\n{o}/{base}: median ratio {statistics.median(rs):.3f}, "
                  f"{sum(abs(r - 1) <= TOLERANCE for r in rs)} of {len(rs)} sizes within "
                  f"+-{TOLERANCE:.0%}, {len(runs[o])} rounds")
    print("\nper round, median us over 8 B - 4 KB:")
    for k, v in runs.items():
        per = [statistics.median(t for s, t in r.items() if s <= 4096) for r in v
               if any(s <= 4096 for s in r)]
        print(f"- {k}: " + ", ".join(f"{x:.3f}" for x in per))


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
