"""`ncclkit report [--root SNAPSHOT] [RESULT...] --out report.html`: one self-contained HTML page.

RESULT files are the JSON of doctor, env, analyze, bench and cluster (their kind is told from
their shape) or raw NCCL logs / nccl-tests outputs (analyzed on the way). Doctor runs now on
--root, or on this node when no doctor result is given (unless --no-doctor).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ncclkit.errors import NcclkitError

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "report", help="render doctor, env, bench, analyze and cluster results into one HTML page",
        description=("Render findings, the node topology, busbw plots, the cluster matrices and "
                     "predicted vs observed transports into one HTML page that works offline. "
                     "Exit code 0 when the page was written, 2 when it could not be."))
    p.add_argument("results", nargs="*", metavar="RESULT",
                   help="result JSON files (doctor/env/analyze/bench/cluster --json) or NCCL logs "
                        "and nccl-tests outputs")
    p.add_argument("--root", metavar="DIR|TAR", default=None,
                   help="run doctor on this snapshot folder or .tar.gz and include it")
    p.add_argument("--no-doctor", action="store_true",
                   help="do not run doctor on this node when no doctor result is given")
    p.add_argument("--out", metavar="FILE", required=True, help="the HTML file to write ('-': stdout)")
    return p


def _render(render_html: Any, sources: list[Any]) -> str:
    """The page; a result file whose fields have the wrong types (hand-edited, another tool's) is
    named with the error instead of failing as an internal error."""
    try:
        return render_html(sources)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        for src in sources:
            try:
                render_html([src])
            except (TypeError, ValueError, KeyError, AttributeError, IndexError) as one:
                raise NcclkitError(f"{src.name}: a field has an unexpected type or value "
                                   f"({type(one).__name__}: {one})",
                                   hint="give the unmodified output of the ncclkit command that "
                                        "wrote it (run with --json)") from None
        raise NcclkitError(f"the inputs do not fit together ({type(exc).__name__}: {exc})",
                           hint="report the inputs with fewer files to find the one at fault") from None


def run(args: argparse.Namespace) -> int:
    from ncclkit.doctor import run_doctor
    from ncclkit.probe.root import NodeRoot
    from ncclkit.report.html import render_html, write_html
    from ncclkit.report.sources import load_source, source_from_doctor

    sources = [load_source(path) for path in args.results]
    if args.root is not None or (not args.no_doctor and not any(s.kind == "doctor" for s in sources)):
        report = run_doctor(NodeRoot.open(args.root))
        name = f"doctor --root {args.root}" if args.root else "doctor (this node)"
        # A doctor JSON of the same node given as a file already is this node: show it once.
        if not any(s.kind == "doctor" and s.data.get("host") == report.facts.host for s in sources):
            sources.insert(0, source_from_doctor(name, report.to_json(), report.facts))
    if not sources:
        raise NcclkitError("nothing to report: no result files and --no-doctor",
                           hint="give result files, --root SNAPSHOT, or drop --no-doctor")
    text = _render(render_html, sources)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        write_html(text, Path(args.out))
        print(f"report written: {args.out} ({len(sources)} input(s))", file=sys.stderr)
    return 0
