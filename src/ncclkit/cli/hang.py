"""`ncclkit hang`: why is this job stuck? Asks NCCL's RAS service of the running job on this node
(NCCL_RAS_ADDR, default localhost:28028), and/or reads the flight-recorder dumps of every rank
(--dumps DIR), and names the rank, the collective and the reason.

Exit code: 0 nothing wrong found, 1 an error finding, 2 could not run (RAS not reachable, no dumps).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from ncclkit.cli.argtypes import positive_float
from ncclkit.errors import ExitCode, NcclkitError
from ncclkit.outputfile import check_output_file, write_output_file

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "hang", help="name the rank and collective a stuck job waits on (NCCL RAS, flight-recorder dumps)",
        description="Query NCCL's RAS service of the job running on this node (NCCL 2.24+) and/or read "
                    "PyTorch flight-recorder dumps of every rank, and say which rank never launched the "
                    "collective the others wait in, which one issued a different or extra one, which one "
                    "died, or whether all are inside the same collective (then the network or GPU is stuck).")
    p.add_argument("--dumps", metavar="DIR|PREFIX", default=None,
                   help="folder of flight-recorder dumps, or their prefix (TORCH_FR_DUMP_TEMP_FILE, e.g. "
                        "/tmp/ncclkit_fr_rank_); without --ras, RAS is not asked")
    p.add_argument("--ras", action="store_true", help="with --dumps: ask RAS too")
    p.add_argument("--ras-addr", metavar="HOST:PORT", default=None,
                   help="RAS listener (default: $NCCL_RAS_ADDR, else localhost:28028)")
    p.add_argument("--timeout", type=positive_float, default=20.0, metavar="S",
                   help="give up on RAS after S seconds in all (default 20)")
    p.add_argument("--save", metavar="FILE", default=None, help="also write RAS's own report to FILE")
    p.add_argument("--json", action="store_true", help="print the analyze objects as JSON")
    return p


def run(args: argparse.Namespace) -> int:
    # The readers load here, not when the parser is built: every other command starts faster.
    from ncclkit.hang.analyze import analyze_hang, list_dir, merge
    from ncclkit.hang.rasclient import parse_ras_addr, query_ras
    from ncclkit.logs.analyze import analyze_path

    if args.save:
        check_output_file(args.save, flag="--save")
    results: list[dict[str, Any]] = []
    if args.dumps:
        results += [analyze_path(f) for f in list_dir(args.dumps)]
        if not any(r["kind"] == "flight_recorder" for r in results):
            raise NcclkitError(f"--dumps {args.dumps}: no flight-recorder dump in the folder",
                               hint="set TORCH_FR_BUFFER_SIZE, TORCH_NCCL_DUMP_ON_TIMEOUT=1 and TORCH_FR_DUMP_TEMP_FILE "
                                    "before the job starts (`ncclkit launch --hang-evidence`)")
        results = [r for r in results if r["kind"] in ("flight_recorder", "ras", "inspector")]
    if not args.dumps or args.ras:
        host, port = parse_ras_addr(args.ras_addr or os.environ.get("NCCL_RAS_ADDR"))
        try:
            reply = query_ras(host, port, fmt="json", verbose=True, timeout_s=args.timeout)
        except NcclkitError as exc:
            if not results:
                raise
            # The dumps still say something: RAS's silence is reported next to their verdict.
            print(f"ncclkit hang: {exc}", file=sys.stderr)
            return _print(args, merge(results))
        if args.save:
            write_output_file(args.save, reply.text, flag="--save")
        if not reply.text.strip():
            raise NcclkitError(f"RAS at {reply.addr} sent an empty report", hint="query again")
        results.append(analyze_hang("ras", reply.text.encode(), f"ras://{reply.addr}"))
    return _print(args, merge(results))


def _print(args: argparse.Namespace, results: list[dict[str, Any]]) -> int:
    from ncclkit.logs.render import render_text

    if args.json:
        json.dump(results, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_text(results))
    errors = any(f["severity"] == "error" for r in results for f in r["findings"])
    return int(ExitCode.FINDINGS if errors else ExitCode.OK)
