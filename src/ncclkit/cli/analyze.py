"""`ncclkit analyze FILE... | -`: read NCCL logs, nccl-tests output, topo matrices, port and GID listings.

Prints a text summary, or with --json the list of CONTRACTS section 5 objects (one per input).
Exit code: 0 no error finding, 1 an error finding (or an unreadable file), 2 no input could be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ncclkit.cli.argtypes import positive_float
from ncclkit.errors import ExitCode, NcclkitError
from ncclkit.logs.analyze import KINDS, analyze_path, analyze_stream
from ncclkit.logs.render import render_text

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "analyze", help="read NCCL logs, nccl-tests output, topo/ibstat/show_gids listings",
        description="Read NCCL_DEBUG logs, nccl-tests output (text or -J JSON), `nvidia-smi topo -m`, "
                    "ibstat/ibstatus/ibv_devinfo/ibv_devices or show_gids, and report findings.")
    p.add_argument("files", nargs="+", metavar="FILE", help="input files, or - for stdin")
    p.add_argument("--json", action="store_true", help="print the JSON list (CONTRACTS section 5)")
    p.add_argument("--kind", choices=[k for k in KINDS if k != "unknown"],
                   help="skip detection and read every input as this kind")
    p.add_argument("--line-rate-gbps", type=positive_float, default=None, metavar="GBPS",
                   help="NIC line rate per GPU in Gb/s, for the nccl-tests bandwidth verdict")
    return p


def run(args: argparse.Namespace) -> int:
    results: list[dict[str, Any]] = []
    unreadable: list[str] = []
    for name in args.files:
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
            results.append({"file": name, "kind": "unknown", "findings": [{
                "id": "input.unreadable", "severity": "error", "subject": name, "message": exc.message,
                "evidence": {}, "fix": exc.hint, "cause": None}]})
    if len(unreadable) == len(args.files):
        raise NcclkitError("no input could be read: " + ", ".join(unreadable),
                           hint="check the paths (use - to read stdin)")
    if args.json:
        json.dump(results, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_text(results))
    errors = any(f["severity"] == "error" for r in results for f in r["findings"])
    return int(ExitCode.FINDINGS if errors else ExitCode.OK)
