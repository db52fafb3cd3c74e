"""One local rank started by `ncclkit bench --nproc N`: read the config JSON, run, write rank 0's result.

Usage (by dist.spawn_local only): python -m ncclkit.bench.worker CONFIG.json [RESULT.json]
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from ncclkit.bench.dist import from_env
from ncclkit.bench.results import BenchConfig
from ncclkit.bench.runner import run_rank
from ncclkit.errors import NcclkitError


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
    code = main(sys.argv[1:])
    sys.stdout.flush()
    sys.stderr.flush()
    # The result is written: end here. torch's gloo/store threads can abort at interpreter
    # teardown ("terminate called without an active exception"), which would turn 0 into SIGABRT.
    os._exit(code)
