"""`ncclkit snapshot OUT [--root SRC] [--tar] [--redact] [--force] [--json]`: capture a node.

Writes the live node (or the snapshot SRC) in the layout of CONTRACTS.md section 1, so that every
command can read it back with `--root OUT`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

from ncclkit.cli.argtypes import interval_seconds
from ncclkit.errors import ExitCode
from ncclkit.probe.root import NodeRoot
from ncclkit.probe.snapshot import MAX_FILE_BYTES, write_snapshot

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "snapshot", help="capture this node (sysfs, proc, command outputs) into a folder or .tar.gz",
        description="Capture what ncclkit reads from this node into OUT, for `--root OUT` elsewhere "
                    "or for a bug report.")
    p.add_argument("out", metavar="OUT", help="folder to create (must be new or empty)")
    p.add_argument("--root", metavar="SRC", default=None,
                   help="capture this snapshot folder or .tar.gz instead of the live node")
    p.add_argument("--tar", action="store_true", help="write OUT.tar.gz (or OUT, if it ends in .tar.gz)")
    p.add_argument("--redact", action="store_true",
                   help="replace host names, IP/MAC addresses, GUIDs, GPU UUIDs and serials with placeholders")
    p.add_argument("--force", action="store_true", help="write into a non-empty OUT")
    p.add_argument("--interval", metavar="SECONDS", type=interval_seconds, default=3.0,
                   help="read the IB port error counters twice, this far apart (default 3; 0: once)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    return p


def run(args: argparse.Namespace) -> int:
    root = NodeRoot.open(args.root)
    result = write_snapshot(root, Path(args.out), tar=args.tar, redact=args.redact, force=args.force,
                            interval_s=args.interval)
    if args.json:
        data = {
            "schema_version": 1,
            "path": str(result.path),
            "num_files": result.num_files,
            "num_links": result.num_links,
            "size_bytes": result.size_bytes,
            "skipped": list(result.skipped),
            "redaction": dataclasses.asdict(result.redaction) if result.redaction else None,
        }
        print(json.dumps(data, indent=1))
        return int(ExitCode.OK)
    print(f"snapshot written: {result.path} ({result.num_files} files, {result.num_links} links, "
          f"{result.size_bytes / 1e6:.2f} MB)")
    if result.redaction:
        r = result.redaction
        print(f"redacted: {r.hosts} host names, {r.ipv4} IPv4 and {r.ipv6_prefixes} IPv6 prefixes, "
              f"{r.macs} MACs, {r.guids} GUIDs, {r.uuids} UUIDs, {r.serials} serials")
    for rel in result.skipped:
        print(f"warning: {rel} left out: larger than {MAX_FILE_BYTES} bytes", file=sys.stderr)
    return int(ExitCode.OK)
