"""`ncclkit` argument parsing and dispatch; NcclkitError -> message on stderr and exit code 2."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from ncclkit import __version__
from ncclkit.errors import ExitCode, NcclkitError

__all__ = ["build_parser", "main"]

# Each name is a module ncclkit.cli.<name> with add_parser(subparsers) and run(args) -> int.
COMMANDS = ("doctor", "snapshot", "env", "analyze", "hang", "bench", "cluster", "launch", "train", "plan",
            "report", "bundle")


class _Parser(argparse.ArgumentParser):
    """Command-line mistakes as one message plus a fix line, like every other ncclkit error."""

    def error(self, message: str) -> NoReturn:
        self.exit(int(ExitCode.CANNOT_RUN), f"{self.prog}: error: {message}\n"
                  f"  fix: see `{self.prog} --help`\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ncclkit",
        description="Read a GPU node, predict and verify what NCCL does, and make it fast.")
    parser.add_argument("--version", action="version", version=f"ncclkit {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"ncclkit.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"ncclkit.cli.{name}":
                continue  # command not built into this installation
            raise
        p = module.add_parser(sub)
        # A trailing list of positionals (FILE...) may be interleaved with options, as users type
        # `ncclkit bundle OUT.tar.gz --root DIR a.log`; argparse alone stops the list at the option.
        trailing = [a.dest for a in p._actions if not a.option_strings and a.nargs in ("*", "+")]
        p.set_defaults(_run=module.run, _intermixed=trailing[-1] if trailing else None, _parser=p)
    return parser


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    args, extras = parser.parse_known_args(argv)
    if extras:
        dest = getattr(args, "_intermixed", None)
        if dest is None or any(e.startswith("-") and e != "-" for e in extras):
            # The subcommand's own parser: its --help is the one that lists the right flags.
            sub: argparse.ArgumentParser = getattr(args, "_parser", None) or parser
            sub.error(f"unrecognized arguments: {' '.join(extras)}")
        setattr(args, dest, [*(getattr(args, dest) or []), *extras])
    return args


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = _parse(parser, argv)
    except SystemExit as exc:  # --help, --version (0) or a refused argument (2, message printed)
        return exc.code if isinstance(exc.code, int) else int(ExitCode.CANNOT_RUN)
    if not getattr(args, "_run", None):
        parser.print_help()
        return int(ExitCode.CANNOT_RUN)
    try:
        return int(args._run(args))
    except NcclkitError as exc:
        print(f"ncclkit {args.command}: {exc}", file=sys.stderr)
        return int(ExitCode.CANNOT_RUN)
    except KeyboardInterrupt:
        print(f"ncclkit {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return int(ExitCode.OK)
    except Exception as exc:  # noqa: BLE001 - last line of defence: a message, never a traceback
        if args.debug:
            raise
        print(f"ncclkit {args.command}: internal error: {type(exc).__name__}: {exc}\n"
              "  fix: re-run with `ncclkit --debug ...` and report the traceback", file=sys.stderr)
        return int(ExitCode.CANNOT_RUN)
