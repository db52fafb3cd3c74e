"""Lines of a paste that are code or commands, not errors, though they hold an error's words: the source line a
Python traceback quotes under its frame, a quoted line of code, and a shell prompt with a command typed to look at
the machine. The log readers (nccl_log_scan, nccl_log_state) skip them. And lines that failed nothing: the exception
Python printed and discarded ("Exception ignored in: ..."), the workers torchrun's summary lists as killed after
another failed first; analyze drops what only they show."""

from __future__ import annotations

import re

from ncclkit.logs.paste_text import RANK_PREFIXES
from ncclkit.logs.patterns import classify_error

__all__ = ["ENTRY_LINES", "FRAME", "RANK_TAG", "ROOT_CAUSE", "TRIED_LOOKBACK", "ignored_exception_lines", "quoted_code",
           "teardown_kill_lines", "tried_settings", "typed_command", "under_frame"]

# A traceback's source line ("    raise RuntimeError(...)", "  File ...") repeats words, not errors (nor is a "#"
# comment, except nccl-tests' header, a markdown heading a user made of an error line ("### HCC STATUS_CHECK Error:
# ...", ROCm/tensorflow-upstream#92), Sarus's error trace "#0   function at File.cpp:59 message", Logger.cpp, and a
# driver's kernel message a guide shows as a comment under its dmesg command, "# mlx5_core 0000:65:01.0: ..." in
# Mooncake's troubleshooting page) ...
# An lldb frame ("frame #3: 0x... libtorch_cuda.so`c10d::ProcessGroupNCCL::abort() + 664") names functions, not errors.
# Not a native frame of Python's faulthandler ('File "misc/cudawrap.cc", line 92, in ncclCuMemHostEnable()'): it names
# the C/C++ function a process died in, which rows read (vllm-project/vllm#27868).
_QUOTED_CODE = re.compile(r'^\s*(?:File "(?![^"\n]*\.(?:cc|cu|cpp|cxx|c|h)")|raise |except |if |return |def |'
                          r'(?:\*\s*)?frame #\d+: 0x|#(?!#+ | NCCL Tests compiled|\d+\s+\w+ at [\w.]+:\d*\s|'
                          r' (?:\[[\d.\s]+\] )?(?:mlx5_core|mlx5_ib|NVRM|bnxt_en|irdma) ))')
# IPython's and Jupyter's listing of each frame's source numbers its lines, right-aligned or after an arrow ("    159
# \"Cannot re-initialize CUDA in forked subprocess. \" + msg)", "--> 161     torch._C._cuda_init()";
# chenyuntc/pytorch-book#80): a library's source, not the error, which follows the listing unnumbered. A table's row
# from its first column (sacct's "1234.0           python ...") is no listing.
_NUMBERED_SOURCE = re.compile(r"^(?:-+> ?| +)\d{1,5} {4,}\S")
# ... except a raise of string literals only: its message is the error's own text, and users who cut the
# traceback short paste just that line ('raise RuntimeError("Distributed package doesn't have NCCL " "built in")').
# An f-string's words are its text too, and a message continued on the next line shows its first part only
# ('raise RuntimeError(f"Mismatch in number of params: ours is {len(params)}, "', LSimon95/megatts2#18).
_LITERAL_RAISE = re.compile(r"""^\s*raise [\w.]+\(\s*(?:f?(?:"[^"\n]*"|'[^'\n]*')\s*)+(?:\)\s*|,?\s*)$""")


def quoted_code(line: str) -> bool:
    """A line of source code a traceback quotes, whose words are no error of their own."""
    return bool(_QUOTED_CODE.search(line) or _NUMBERED_SOURCE.match(line)) and not _LITERAL_RAISE.match(line)


# A Python traceback's frame line: its file, line and function.
FRAME = re.compile(r'^\s*File "([^"\n]+)", line (\d+), in (\S+)')
# A launcher's rank tag at the start of a line.
RANK_TAG = re.compile("|".join(RANK_PREFIXES))
_EXCEPTION = re.compile(r"^\s*(?:[\w.]+(?:Error|Exception|Timeout)|torch\.distributed\.[\w.]+):")


# A shell prompt and a command typed to look at the machine ("[root@n120 ~]# modprobe -v nv_peer_mem", "root@node4:~#
# dmesg -T | grep NVRM"): its arguments name the words its output will hold, not a failure (Mellanox/nv_peer_memory#84,
# akash-network/support#244). Other typed commands keep their words (a build's NCCL_HOME names the NCCL it uses).
_PROMPT = re.compile(r"^\s*(?:\(\S+\)\s+)?(?:\[[\w.-]+@[\w.-]+[^\]\n]*\]|[\w.-]+@[\w.-]+:[^\s#$]*)\s?[#$]\s+(?:sudo )?"
                     r"(?:dmesg|journalctl|grep|egrep|modprobe|modinfo|lsmod|insmod|cat|less|tail|head|ls|lspci|"
                     r"nvidia-smi|ibstat|ibv_devinfo|ibdev2netdev|show_gids|systemctl|dkms)\b")


def typed_command(line: str) -> bool:
    """The line is a shell prompt with a command typed to look at the machine."""
    return bool(_PROMPT.match(line))


def under_frame(previous: str, line: str) -> bool:
    """The source line a Python traceback prints under its frame line ("    outputs = self._read_list(timeout)"):
    the code's words, not an error (ray-project/ray's compiled graphs; sweep 12 file 126). Only a word row reads it
    wrongly (a `timeout` argument as a timeout): rows written for a source line keep it (DeepSpeed's
    "self._setup_mpi_environment()", patterns_table_suites)."""
    frame, code = RANK_TAG.sub("", previous, count=1), RANK_TAG.sub("", line, count=1)
    # Python prints the source line indented deeper than its frame; in the output of several ranks interleaved, the
    # line after a frame may be another rank's exception (hiyouga/LlamaFactory#1196: a store timeout right after a
    # frame of main_process_first).
    deeper = len(code) - len(code.lstrip()) > len(frame) - len(frame.lstrip())
    return bool(FRAME.match(frame)) and deeper and not _EXCEPTION.match(code) and not _LITERAL_RAISE.match(code) \
        and classify_error(line).category in _WORD_CATEGORIES


# Rows that read a word, which a line of code holds as a name.
_WORD_CATEGORIES = frozenset({"timeout"})


# Prose that introduces settings the user tried without effect ("I have tried the following ..., but it still not
# work" above a block of exports, agiresearch/InstructGLM#3): the block lists workarounds, not the failing run's
# settings. The block may hold blank lines and a line or two of code between the prose and the exports. Both words
# are needed: "I tried to run with the following settings" introduces the run's own.
_TRIED = re.compile(r"\b(?:tried|attempted)\b.*\b(?:following|below|these|those)\b", re.IGNORECASE)
_NO_EFFECT = re.compile(r"\bstill\b|\bno (?:luck|effect|change)\b|\bnot (?:work|help)|"
                        r"\bdid ?n[o']t (?:work|help)|\bwithout success\b|\bnone of\b", re.IGNORECASE)
_SETTING = re.compile(r"^\s*(?:export\s+|set\s+)?[A-Z][A-Z0-9_]*=")
TRIED_LOOKBACK = 12  # lines above a setting searched for the prose that introduces its block


def tried_settings(above: list[str]) -> bool:
    """The lines `above` a setting (nearest last) introduce it as a workaround tried without effect."""
    others = 0
    for line in reversed(above):
        if not line.strip() or _SETTING.match(line):
            continue
        if _TRIED.search(line):
            return bool(_NO_EFFECT.search(line))
        others += 1
        if others > 2:
            return False
    return False


# CPython's unraisable hook: an exception raised where nothing can catch it (a destructor, a callback) is printed under
# "Exception ignored in: <function X.__del__ ...>" and discarded; the exception line that ends the block stopped
# nothing (vllm-project/vllm#4114: a communicator's __del__ after its __init__ had failed, whose own traceback follows).
_IGNORED = re.compile(r"\bException ignored in\b")
_EXCEPTION_LINE = re.compile(r"^\s*(?:[\w.]+\.)?\w*(?:Error|Exception|Exit|Interrupt)\b(?::|\s*$)")
_BLOCK_LINES = 40  # a traceback printed under the notice is short; past this the notice has no exception line


def ignored_exception_lines(text: str) -> frozenset[int]:
    """The line numbers of exceptions Python reported as ignored."""
    if "Exception ignored in" not in text:
        return frozenset()
    out: set[int] = set()
    notice = 0
    for no, line in enumerate(text.splitlines(), 1):
        if _IGNORED.search(line):
            notice = no
        elif notice and no - notice <= _BLOCK_LINES and _EXCEPTION_LINE.match(line):
            out.add(no)
            notice = 0
    return frozenset(out)


# torchrun's failure summary (torch/distributed/elastic/multiprocessing/errors): under "Root Cause (first observed
# failure):" the worker that failed first, under "Failures:" the others, each with the time it ended. The agent stops
# the others with SIGTERM and, after its 30 s grace (api.py _close), SIGKILL: a "-9" / "Signal 9 (SIGKILL)" entry that
# ended after the first failure is its teardown, not the OOM killer (vllm-project/speculators#1115: rank 1 failed at
# 13:02:58, rank 0 was killed at 13:03:29). One that ended with it (the node's OOM killer taking several) stays read.
ROOT_CAUSE = re.compile(r"^\s*Root Cause \(first observed failure\):")
_TIME = re.compile(r"^\s*time\s*:\s*(\d{4}-\d\d-\d\d_\d\d:\d\d:\d\d)")
_KILLED = re.compile(r"^\s*(?:exitcode\s*:\s*-9\b|traceback\s*:\s*Signal 9 \(SIGKILL\))")
ENTRY_LINES = 10  # a summary entry's fields: time, host, rank, exitcode, error_file, traceback


def teardown_kill_lines(text: str) -> frozenset[int]:
    """The line numbers of the SIGKILLs torchrun's summary lists for workers it stopped after another failed first."""
    if "Root Cause (first observed failure)" not in text:
        return frozenset()
    lines = text.splitlines()
    out: set[int] = set()
    killed: list[tuple[int, str]] = []  # (line, the time its entry ended) under "Failures:"
    when = ""
    for no, line in enumerate(lines, 1):
        stamp = _TIME.match(line)
        if line.strip() == "Failures:":
            killed, when = [], ""
        elif stamp:
            when = stamp[1]
        elif _KILLED.match(line) and when:
            killed.append((no, when))
        elif ROOT_CAUSE.match(line):
            first = next((m[1] for m in map(_TIME.match, lines[no:no + ENTRY_LINES]) if m), None)
            out.update(k for k, t in killed if first and t > first)
            killed = []
    return frozenset(out)
