"""`ncclkit doctor [--root DIR|TAR] [--json] [--format text|json]`: diagnose a node for NCCL."""

from __future__ import annotations

import argparse
import sys

from ncclkit.cli.argtypes import interval_seconds
from ncclkit.doctor import run_doctor
from ncclkit.probe.root import NodeRoot
from ncclkit.report.jsonout import write_json
from ncclkit.report.text import make_console, render_text

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "doctor", help="read a node (or a snapshot) and report what stops NCCL from running fast",
        description=("Read GPUs, RDMA ports, PCIe topology, GPUDirect RDMA and OS limits of this node "
                     "(or of a snapshot) and print findings with ready-to-paste fixes. Exit code: 0 no "
                     "error finding, 1 at least one, 2 could not run."))
    p.add_argument("--root", metavar="DIR|TAR", default=None,
                   help="a snapshot folder or its .tar.gz (default: this machine)")
    p.add_argument("--interval", metavar="SECONDS", type=interval_seconds, default=3.0,
                   help="live node: read the IB port error counters twice, this far apart, and judge "
                        "their change (default 3; 0: one reading, judged against the uptime)")
    p.add_argument("--json", action="store_true", help="print the JSON report (same as --format json)")
    p.add_argument("--format", choices=("text", "json", "prometheus"), default="text",
                   help="output format (prometheus: node_exporter textfile metrics)")
    p.add_argument("--textfile", metavar="PATH.prom", default=None,
                   help="write the Prometheus metrics to this file atomically instead of stdout")
    p.add_argument("--bench", metavar="FILE", default=None,
                   help="with prometheus output: add the busbw of this `ncclkit bench --json` result")
    return p


def run(args: argparse.Namespace) -> int:
    report = run_doctor(NodeRoot.open(args.root), interval_s=args.interval)
    if args.format == "prometheus" or args.textfile:
        # prometheus_client is an optional extra: imported only for this output.
        from ncclkit.report.prometheus import emit_metrics

        emit_metrics(report.to_json(), bench_path=args.bench, textfile=args.textfile, out=sys.stdout)
    elif args.json or args.format == "json":
        write_json(report.to_json(), sys.stdout)
    else:
        render_text(report, make_console(sys.stdout))
    return report.exit_code
