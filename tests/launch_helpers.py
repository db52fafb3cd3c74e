"""Helpers for launch tests: run `ncclkit launch` in-process and run its scripts against fake tools."""

from __future__ import annotations

import contextlib
import io
import json
import os
import stat
import subprocess
from pathlib import Path
from typing import Any

from ncclkit.cli.main import main

# A stand-in for torchrun/srun/mpirun/scontrol: prints its argv as JSON (one object a line),
# so a test sees exactly the words the shell handed over.
_FAKE = """#!/usr/bin/env python3
import json, os, sys
print(json.dumps({"tool": os.path.basename(sys.argv[0]), "argv": sys.argv[1:],
                  "env": {k: v for k, v in os.environ.items() if k.startswith(("NCCL_", "MASTER_"))}}))
"""
_FAKE_SRUN = """#!/bin/bash
# runs the task once, as one node would: srun [options] bash -c SCRIPT
while [ "${1#-}" != "$1" ]; do shift; done
exec "$@"
"""
_FAKE_SCONTROL = """#!/bin/bash
printf '%s\\n' node-a node-b
"""


def launch_json(*argv: str) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["launch", "--json", *argv])
    return code, json.loads(out.getvalue()) if out.getvalue() else {}


def fake_bin(tmp: Path) -> Path:
    bin_dir = tmp / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name, text in (("torchrun", _FAKE), ("mpirun", _FAKE), ("srun", _FAKE_SRUN),
                       ("scontrol", _FAKE_SCONTROL)):
        path = bin_dir / name
        path.write_text(text)
        path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return bin_dir


def run_script(text: str, tmp: Path, env: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Execute a generated script with the fake tools first on PATH; their JSON lines."""
    script = tmp / "script.sh"
    script.write_text(text)
    full_env = {"PATH": f"{fake_bin(tmp)}:{os.environ['PATH']}", "HOME": str(tmp),
                **(env or {})}
    done = subprocess.run(["bash", str(script)], capture_output=True, text=True, env=full_env,
                          cwd=tmp, timeout=30, check=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def bash_n(text: str, tmp: Path) -> None:
    path = tmp / "check.sh"
    path.write_text(text)
    subprocess.run(["bash", "-n", str(path)], check=True, capture_output=True, timeout=10)
