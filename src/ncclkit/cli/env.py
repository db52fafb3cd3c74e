"""`ncclkit env`: recommend this node's NCCL environment, validate the one in force, predict NCCL's choices.

Reads the node (live or --root), the environment to check (the process's, the snapshot's cmd/env.txt,
or --check FILE), and optionally an NCCL topology file; prints the recommendation in the asked format.
Exit 1 when validation finds an error, 2 on bad input, else 0. Writes a file only for --topo-out.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from collections.abc import Callable
from pathlib import Path

from ncclkit.errors import ExitCode, NcclkitError
from ncclkit.facts import NodeFacts
from ncclkit.findings import exit_code_for, sort_findings
from ncclkit.inputfile import read_input_bytes, read_input_text
from ncclkit.outputfile import check_output_file, write_output_file
from ncclkit.probe.root import NodeRoot
from ncclkit.recommend import recommend_env
from ncclkit.recommend.render import FORMATS, render, render_explain
from ncclkit.rules.env import check_env_vars
from ncclkit.topofile import check_topo_text, write_topo_xml

__all__ = ["add_parser", "parse_env_file", "run"]

_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = subparsers.add_parser("env", help="recommend, validate and explain the NCCL environment",
                              description=__doc__)
    p.add_argument("--root", metavar="DIR|TAR", help="a snapshot folder or .tar.gz instead of this node")
    p.add_argument("--json", action="store_true", help="print JSON (same as --format json)")
    p.add_argument("--format", choices=FORMATS, help="output form (default: shell)")
    p.add_argument("--explain", action="store_true", help="say what NCCL will choose and why")
    p.add_argument("--check", metavar="FILE", help="validate KEY=VALUE lines from FILE instead of the env in force")
    p.add_argument("--topo-out", metavar="FILE", help="write an NCCL_TOPO_FILE for this node to FILE")
    p.add_argument("--topo-file", metavar="FILE", help="check an NCCL topology XML file against this node")
    return p


def parse_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines (optional `export `, quotes, # comments); a bad line raises naming file:line."""
    text = read_input_text(path, flag="--check",
                           hint="give a file of KEY=VALUE lines, e.g. a snapshot's cmd/env.txt")
    env: dict[str, str] = {}
    first_line: dict[str, int] = {}
    for num, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("export "):
            stripped = stripped[len("export "):].lstrip()
        key, eq, value = stripped.partition("=")
        if not eq or not _KEY.match(key):
            raise NcclkitError(f"{path}:{num}: {line.strip()!r} is not KEY=VALUE",
                               hint="write one variable per line, e.g. NCCL_IB_HCA==mlx5_0:1")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        if key in env and env[key] != value:
            # A shell keeps the last one; which one the user meant is not knowable, so ask.
            raise NcclkitError(f"{path}:{num}: {key} set again ({env[key]!r} on line "
                               f"{first_line[key]}, {value!r} here)",
                               hint=f"keep one {key}= line")
        env[key] = value
        first_line.setdefault(key, num)
    return env


def _read_on_node(root: NodeRoot) -> Callable[[str], str | None]:
    def read(path: str) -> str | None:
        return Path(path).read_text(errors="replace") if root.live and Path(path).is_file() else (
            None if root.live else root.read_text(path.lstrip("/")))
    return read


def run(args: argparse.Namespace) -> int:
    from ncclkit.probe.collect import collect

    if args.topo_out:
        check_output_file(args.topo_out, flag="--topo-out")
    root = NodeRoot.open(args.root)
    facts: NodeFacts = collect(root)
    if args.check:
        env = parse_env_file(Path(args.check))
        facts = dataclasses.replace(facts, nccl=dataclasses.replace(facts.nccl, env=env, env_source=args.check))
    findings = check_env_vars(facts, dict(facts.nccl.env), read_file=_read_on_node(root))
    if args.topo_file:
        data = read_input_bytes(args.topo_file, flag="--topo-file", hint="give an NCCL topology XML file")
        findings += check_topo_text(facts, data.decode("utf-8", errors="replace"), args.topo_file)
    findings = sort_findings(findings)
    rec = recommend_env(facts, findings)
    if args.topo_out:
        write_output_file(args.topo_out, write_topo_xml(facts), flag="--topo-out")
        # Absolute: NCCL opens the path from the working directory of each rank, not this one.
        print(f"wrote {args.topo_out}: set NCCL_TOPO_FILE={Path(args.topo_out).resolve()} to use it",
              file=sys.stderr)
    fmt = "json" if args.json else (args.format or "shell")
    if args.explain and fmt != "json":
        sys.stdout.write(render_explain(rec, findings))
    else:
        sys.stdout.write(render(rec, fmt, findings))
        if fmt == "json":
            sys.stdout.write("\n")
        elif fmt in ("shell", "torchrun", "slurm") and findings:
            for f in findings:
                print(f"[{f.severity}] {f.id} {f.subject}: {f.message}\n  fix: {f.fix}", file=sys.stderr)
    return int(ExitCode.FINDINGS) if exit_code_for(findings) else int(ExitCode.OK)
