"""One local rank started by `ncclkit bench --nproc N`: read the config JSON, run, write rank 0's result.

Usage (by dist.spawn_local only): python -m ncclkit.bench.worker CONFIG.json [RESULT.json]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ncclkit.bench.dist import from_env
from ncclkit.bench.results import BenchConfig
from ncclkit.bench.runner import run_rank
from ncclkit.errors import NcclkitError
from ncclkit.procexit import end_process


def main(argv: list[str]) -> int:
    config = BenchConfig.from_json(json.loads(Path(argv[0]).read_text()))
    ctx = from_env()
    try:
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
