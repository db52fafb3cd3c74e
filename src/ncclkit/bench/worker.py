"""One local rank started by `ncclkit bench --nproc N`: read the config JSON, run, write rank 0's result.

Usage (by dist.spawn_local only):
    python -m ncclkit.bench.worker CONFIG.json [RESULT.json ROWS.jsonl]
Rank 0 appends each size's rows to ROWS.jsonl as they are known (the first line the result
without samples), so that the parent can print them during the sweep.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TextIO

from ncclkit.bench.dist import from_env
from ncclkit.bench.results import BenchConfig, BenchResult, BenchSample
from ncclkit.bench.runner import run_rank
from ncclkit.errors import NcclkitError
from ncclkit.procexit import end_process


def _append(rows: TextIO, shell: BenchResult, samples: list[BenchSample]) -> None:
    if rows.tell() == 0:
        rows.write(json.dumps({"shell": shell.to_json()}) + "\n")
    rows.write(json.dumps({"samples": [s.to_json() for s in samples]}) + "\n")
    rows.flush()  # one whole line at a time: the parent reads up to the last newline


def main(argv: list[str]) -> int:
    config = BenchConfig.from_json(json.loads(Path(argv[0]).read_text()))
    ctx = from_env()
    try:
        if len(argv) > 2:
            with open(argv[2], "a", encoding="utf-8") as rows:
                result = run_rank(config, ctx, on_rows=lambda shell, samples: _append(
                    rows, shell, samples))
        else:
            result = run_rank(config, ctx)
    except NcclkitError as exc:
        print(f"ncclkit bench rank {ctx.rank}: {exc}", file=sys.stderr, flush=True)
        return 2
    if result is not None and len(argv) > 1:
        tmp = Path(argv[1] + ".tmp")
        tmp.write_text(json.dumps(result.to_json()))
        tmp.replace(argv[1])
    return 0


if __name__ == "__main__":
    end_process(main(sys.argv[1:]))
