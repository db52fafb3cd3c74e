"""`ncclkit analyze FILE... | -`: read NCCL logs, nccl-tests output, topo matrices, port and GID listings.

Prints a text summary, or with --json the list of CONTRACTS section 5 objects (one per input).
Exit code: 0 no error finding, 1 an error finding (or an unreadable file), 2 no input could be read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from ncclkit.cli.argtypes import positive_float
from ncclkit.errors import ExitCode, NcclkitError
from ncclkit.logs.detect import KINDS

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "analyze", help="read NCCL logs, nccl-tests output, topo/ibstat/show_gids listings",
        description="Read NCCL_DEBUG logs, nccl-tests output (text or -J JSON), `nvidia-smi topo -m`, "
                    "ibstat/ibstatus/ibv_devinfo/ibv_devices, show_gids, PyTorch flight-recorder dumps, "
                    "NCCL RAS reports or Inspector output, and report findings.")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="input files, or - for stdin; a folder stands for the files in it (e.g. the "
                        "flight-recorder dumps of every rank, judged together)")
    p.add_argument("--json", action="store_true", help="print the JSON list (docs/CONTRACTS.md section 5)")
    p.add_argument("--kind", choices=[k for k in KINDS if k != "unknown"],
                   help="skip detection and read every input as this kind")
    p.add_argument("--line-rate-gbps", type=positive_float, default=None, metavar="GBPS",
                   help="NIC line rate per GPU in Gb/s, for the nccl-tests bandwidth verdict")
    return p


def _unreadable(name: str, message: str, fix: str) -> dict[str, Any]:
    return {"file": name, "kind": "unknown", "findings": [{
        "id": "input.unreadable", "severity": "error", "subject": name, "message": message,
        "evidence": {}, "fix": fix, "cause": None}]}


def run(args: argparse.Namespace) -> int:
    # The readers load here, not when the parser is built: every other command starts faster.
    from ncclkit.hang.analyze import list_dir, merge
    from ncclkit.logs.analyze import analyze_path, analyze_stream
    from ncclkit.logs.render import render_text

    results: list[dict[str, Any]] = []
    unreadable: list[str] = []
    names = [f for n in args.files for f in (list_dir(n) if n != "-" and os.path.isdir(n) else [n])]
    for name in names:
        try:
            if name == "-":
                if sys.stdin is None:
                    raise NcclkitError("-: stdin is closed", hint="pipe the log in, or give its path")
                results.append(analyze_stream(sys.stdin.buffer, name="-", kind=args.kind,
                                              line_rate_gbps=args.line_rate_gbps))
            else:
                results.append(analyze_path(name, kind=args.kind, line_rate_gbps=args.line_rate_gbps))
        except NcclkitError as exc:
            print(f"ncclkit analyze: {exc}", file=sys.stderr)
            unreadable.append(name)
            results.append(_unreadable(name, exc.message, exc.hint))
        except (ValueError, TypeError, IndexError, KeyError, OverflowError) as exc:
            # A reader bug on one odd input must not cost the report of every other file.
            message = f"could not be read: {type(exc).__name__}: {exc}"
            print(f"ncclkit analyze: {name}: {message}", file=sys.stderr)
            unreadable.append(name)
            results.append(_unreadable(name, message, "report this input as an ncclkit bug; the "
                                                      "other files are read"))
    if len(unreadable) == len(names):
        raise NcclkitError("no input could be read: " + ", ".join(unreadable),
                           hint="check the paths (use - to read stdin)")
    results = merge(results)  # several ranks' hang evidence -> one object per job
    if args.json:
        json.dump(results, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_text(results))
    errors = any(f["severity"] == "error" for r in results for f in r["findings"])
    return int(ExitCode.FINDINGS if errors else ExitCode.OK)
