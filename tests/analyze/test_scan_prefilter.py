"""The log scanner reads a non-NCCL line only when a word of its prefilter (nccl_log_words.OTHER_WORDS)
is on it; a classifier row whose words the prefilter lacks is never used inside a log. Every line of the
diagnosis corpora that the classifier names a cause for must therefore reach it when pasted alone."""

from __future__ import annotations

import re
from pathlib import Path

from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.nccl_log_words import OTHER_WORDS
from ncclkit.logs.paste_text import undecorate
from ncclkit.logs.paste_code import quoted_code
from ncclkit.logs.patterns import classify_error

CORPORA = Path(__file__).parent.parent / "diagnosis"
# Lines the scanner reads on purpose without classifying them as errors: commands (their settings are read
# as the job's environment), status lines of tools that state no failure, frames of a stack dump.
_NOT_ERRORS = re.compile(r"^(?:.*?[#$]\s+|`|root@\S+\s+|.*&&\s*|(?:[A-Z_][A-Z0-9_]*=\S*\s+)+)?"
                         r"(?:mpirun|srun|kubectl|torchrun|docker|fi_info|python|modinfo|dmesg)\b|"
                         r"^-x |^provider: |^DEV\s+PORT|\bINFO\b|^frame #|^Exception raised from|TIMEOUT\(ms\)|"
                         r"UB_TIMEOUT|^shm +\d|watchdog thread started|default subnet GID prefix|CUDA driver "
                         r"version: \d|total processes killed|job has been aborted|run it on two servers|"
                         r"Manually set the network interface|^Initialized NET plugin|"
                         # a command's continuation line, a frame of a py-spy/gdb stack dump, a numbered line of
                         # pasted source code, a frame of a Python traceback
                         r"^--\w|\((?:lib\w+\.so[.\d]*|[\w/]+\.cc:\d+)\)$|^\d+\s+\S.*\);$|"
                         r"^File \"[^\"]+\", line \d+, in |^raise \w[\w.]*\(|"
                         # a row of a table the reporter wrote ("| 1 | `recvProxyProgress` polling `ibv_poll_cq` |"):
                         # a description, no line a program printed
                         r"^\|.*\|$|"
                         # a program's trace of the call it makes, with its arguments ("ibv_reg_mr(pd 0x23f8ec0, ...)")
                         r"^\w+\((?:\w+ (?:= )?0x[0-9a-f]+|\w+ = \w+)(?:, [^()]*)?\)$")


def test_every_line_the_classifier_names_reaches_it_in_a_log() -> None:
    lines = {line.strip() for case in CORPORA.glob("corpus-*/cases/*")
             for line in undecorate(case.read_text(errors="replace")).splitlines()}
    missed = []
    for line in sorted(lines):
        cls = classify_error(line)
        # the scanner skips quoted code on purpose (a traceback's source line, a gdb frame "#2  0x... in f ()")
        if len(line) < 9 or cls.cause is None or cls.category == "noise" or "NCCL WARN" in line \
                or _NOT_ERRORS.search(line) or quoted_code(line):
            continue
        if f"log.{cls.category}" not in {f["id"] for f in analyze_text(line + "\n")["findings"]}:
            missed.append((cls.category, line[:120]))
    assert missed == []


def test_no_prefilter_word_contains_another() -> None:
    # The shorter word already finds every line the longer one would: one bytes.find pass each is spent once.
    assert len(set(OTHER_WORDS)) == len(OTHER_WORDS)
    assert [(a, b) for a in OTHER_WORDS for b in OTHER_WORDS if a != b and a in b] == []
