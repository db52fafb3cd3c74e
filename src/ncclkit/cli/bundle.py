"""`ncclkit bundle OUT.tar.gz [FILE...] [--root SNAPSHOT] [--no-redact] [--force]`: one archive for an issue.

Packs a redacted snapshot of this node (or of --root), the NCCL logs and ncclkit result JSON
given as FILEs (redacted with the same mapping), doctor's JSON of the snapshot and a README.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ncclkit.errors import ExitCode

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "bundle", help="pack a redacted snapshot, NCCL logs and results into one .tar.gz for an issue",
        description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("out", metavar="OUT.tar.gz", help="the archive to write")
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="NCCL logs, nccl-tests outputs and ncclkit result JSON files to include")
    p.add_argument("--root", metavar="DIR|TAR", default=None,
                   help="bundle this snapshot folder or .tar.gz instead of the live node")
    p.add_argument("--no-redact", action="store_true",
                   help="keep host names and addresses (only for bundles that stay inside your site)")
    p.add_argument("--force", action="store_true", help="replace OUT if it exists")
    return p


def run(args: argparse.Namespace) -> int:
    from ncclkit.bundle import write_bundle
    from ncclkit.probe.root import NodeRoot

    result = write_bundle(Path(args.out), root=NodeRoot.open(args.root), files=[Path(f) for f in args.files],
                          redact=not args.no_redact, force=args.force)
    print(f"bundle written: {result.path} ({result.size_bytes / 1e6:.2f} MB, {len(result.logs)} log(s), "
          f"{len(result.results)} result(s), {'redacted' if result.redacted else 'NOT redacted'})")
    return int(ExitCode.OK)
