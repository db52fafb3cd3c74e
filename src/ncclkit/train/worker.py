"""Entry point of one spawned training rank: `python -m ncclkit.train.worker OPTIONS.json RESULT.json`.

Reads TrainOptions from the file, runs the job with the rank taken from the environment
(`ncclkit.train.spawn` sets it) and, on rank 0, writes the result JSON. Errors the user can fix go
to stderr as one message; the exit code is 2 then.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ncclkit.errors import ExitCode, NcclkitError
from ncclkit.procexit import end_process
from ncclkit.train.options import TrainOptions


def main(argv: list[str]) -> int:
    options_path, result_path = Path(argv[0]), Path(argv[1])
    from ncclkit.train.loop import run_job  # imports torch

    try:
        result = run_job(TrainOptions.read(options_path))
    except NcclkitError as exc:
        print(f"ncclkit train: {exc}", file=sys.stderr)
        return int(ExitCode.CANNOT_RUN)
    if result is not None:
        tmp = result_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(result, indent=2))
        tmp.replace(result_path)  # the launcher never reads a half-written file
    return 0


if __name__ == "__main__":
    end_process(main(sys.argv[1:]))
