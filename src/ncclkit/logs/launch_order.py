"""The order of a launch's words: what torchrun, accelerate launch and deepspeed take as their own, and what they hand
to the training script.

These launchers read their own options up to the first positional word, the training script, and pass every word
after it to the script untouched (torch/distributed/run.py: `training_script_args` is argparse.REMAINDER; accelerate's
launch and deepspeed's runner the same). So:
- torchrun, accelerate launch and deepspeed run their script with the Python they run under themselves: `python`
  written where the script belongs becomes the script, a file the interpreter cannot open, so every worker exits
  with code 2 (hiyouga/LlamaFactory#297). Their --no-python / --no_python options run an executable instead, and
  there `python` is the program;
- torchrun's (and torch.distributed.launch's) own options written after the script (`python -m
  torch.distributed.launch train.py --nnodes 1 --nproc_per_node 4`) are the script's arguments: the launcher runs
  with its defaults, one process on one node, and the script ignores them or stops at an unrecognised argument
  (tianrun-chen/SAM-Adapter-PyTorch#42: four GPUs, one used). Where the same option comes before the script too, the
  script may take one of its own of that name, and nothing is said.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ncclkit.causes import Cause
from ncclkit.findings import Finding

__all__ = ["NPROC", "TORCH_LAUNCH", "commands", "order_findings"]

# The launcher, then "python" (or python3.10) as a word of its own before any *.py: the interpreter in the script's
# place. A line that ends in a backslash continues the command.
_PYTHON_AS_SCRIPT = re.compile(r"(?:\btorchrun|\baccelerate\s+launch|^\s*deepspeed|"
                               r"-m\s+torch\.distributed\.(?:run|launch))\b"
                               r"(?:(?!\.py\b)[^\n])*?\s(python[\d.]*)(?=\s|$)")
_NO_PYTHON = re.compile(r"--no[-_]python\b")
TORCH_LAUNCH = re.compile(r"\btorchrun\b|-m\s+torch\.distributed\.(?:run|launch)\b")
# torchrun's processes per node: `--nproc_per_node=4`, `--nproc-per-node 4`, `--nproc_per_node "8"`
NPROC = re.compile(r"--nproc[_-]per[_-]node(?:=|\s+)[\"']?(\d+)\b")
_SCRIPT = re.compile(r"\s[\w./-]+\.py(?=\s|$)")
# torchrun's options that set how many processes start where (torch/distributed/run.py's parser); a script seldom
# takes one of these names as its own
_PLACEMENT = re.compile(r"--(?:nproc[_-]per[_-]node|nnodes|node[_-]rank|rdzv[_-](?:backend|endpoint|id)|standalone)\b")


def commands(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(first line, command) of each command, a line that ends in a backslash joined to the next."""
    start, command = 0, ""
    for no, line in enumerate(lines, 1):
        if not command:
            start = no
        command += line.rstrip().removesuffix("\\") + " "
        if not line.rstrip().endswith("\\"):
            yield start, command
            command = ""


def _interpreter_as_script(lines: list[str]) -> tuple[int, str] | None:
    """(line, word) of a launch that names the interpreter where its script belongs, None if none does."""
    for start, command in commands(lines):
        found = _PYTHON_AS_SCRIPT.search(command)
        if found and not _NO_PYTHON.search(command):
            return start, found[1]
    return None


def _options_after_script(lines: list[str]) -> tuple[int, list[str]] | None:
    """(line, options) of a torchrun launch whose placement options all follow its script, None if none does."""
    for start, command in commands(lines):
        launch = TORCH_LAUNCH.search(command)
        script = _SCRIPT.search(command, launch.end()) if launch else None
        if launch is None or script is None or _PLACEMENT.search(command, launch.end(), script.start()):
            continue
        after = _PLACEMENT.findall(command, script.end())
        if after:
            return start, list(dict.fromkeys(after))
    return None


def order_findings(lines: list[str], launched: bool) -> list[Finding]:
    """The findings of a launch whose words are out of their order; `launched`: the paste names a launcher."""
    out = []
    interpreter = _interpreter_as_script(lines) if launched else None
    if interpreter is not None:
        no, word = interpreter
        out.append(Finding.root_error(
            "log.launcher_runs_python", "training_script",
            f"line {no} gives the launcher `{word}` where the training script belongs ({lines[no - 1].strip()[:120]}): "
            "torchrun, accelerate launch and deepspeed start the script with their own Python, so each worker is "
            f"told to run a file named {word}, cannot open it and exits (exit code 2)",
            f"drop `{word}` after the launcher: `accelerate launch train.py ...`, `torchrun --nproc_per_node=N "
            "train.py ...`, `deepspeed train.py ...`", Cause.APPLICATION_BUG, [no]))
    late = _options_after_script(lines) if launched else None
    if late is not None:
        no, options = late
        out.append(Finding.root_error(
            "log.launcher_options_after_script", options[0],
            f"line {no} writes the launcher's {', '.join(options)} after the training script "
            f"({lines[no - 1].strip()[:120]}): torchrun hands every word after the script to the script, so it runs "
            "with its defaults, one process on one node (one GPU used), and the script ignores them or stops at an "
            "unrecognised argument",
            "put the launcher's options before the script: `torchrun --nnodes=1 --nproc_per_node=4 train.py "
            "<script arguments>`", Cause.APPLICATION_BUG, [no]))
    return out
