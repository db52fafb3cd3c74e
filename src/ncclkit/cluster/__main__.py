"""`python -m ncclkit.cluster ARGS` (also `torchrun ... -m ncclkit.cluster`): the `ncclkit cluster`
command without loading the other commands (a node may lack their optional dependencies)."""

import argparse
import sys

from ncclkit.cli import cluster as cli
from ncclkit.errors import ExitCode, NcclkitError

parser = argparse.ArgumentParser(prog="ncclkit")
cli.add_parser(parser.add_subparsers(dest="command"))
args = parser.parse_args(["cluster", *sys.argv[1:]])
try:
    sys.exit(cli.run(args))
except NcclkitError as exc:
    print(f"ncclkit cluster: {exc}", file=sys.stderr)
    sys.exit(int(ExitCode.CANNOT_RUN))
