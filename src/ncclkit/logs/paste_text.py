"""The text of a paste restored to what its tools printed, before any reader reads it; line numbers do not change
(but where `unflatten` splits lines run together, which it counts).

- `unflatten`: log lines run together on one line (a rendered issue copied back, a chat message) split again.
- `unwrap`: lines a terminal broke at its width (tmux, screen, a console's copy) joined again, in place: the
  continuation's text moves up to the line it belongs to and its own line is left empty, so no number changes.
- `undecorate`: what a forum, a log collector or a launcher put in front of every line (markdown
  quotes "> ", `kubectl logs --timestamps` / `docker logs -t` times, `kubectl logs --prefix`, Ray's
  "(Worker pid=N)", srun's "N: ", torchrun's "[rankN]:", journald, docker compose, CRI and vLLM logging
  prefixes, docker's json-file records, a common indent) and HTML entities or no-break spaces of a
  paste copied from a web page, taken off so that listings and tables are read as their tools print
  them.
- `normalize`: NCCL lines whose "NCCL " marker was trimmed ("include/socket.h:344 WARN ...", NCCL
  2.0-2.3 "host:pid:tid [0] INFO 0 -> 1 via P2P/IPC") and bare channel tails ("9[1a000] -> 2[6b000]
  [send] via NET/IB/0/GDRDMA") get it back.
"""

from __future__ import annotations

import html
import json
import re
import textwrap
from collections import Counter

__all__ = ["RANK_PREFIXES", "normalize", "undecorate", "unflatten", "unwrap"]

# "graph/xml.h:101 WARN ...", "[1] init.cc:1247 NCCL WARN" is already fine.
# Also a line that starts with the level, when the message is one only NCCL prints ("INFO NET/IB : GPU
# Direct RDMA Disabled for HCA 0 'mlx5_0'" quoted without its host prefix); other tools' "INFO ..." lines
# (vLLM's "INFO 12-01 10:00:00 ...", Python logging) start differently and stay as they are.
_BARE_LEVEL = re.compile(r"^(?P<pre>[^\n]*?(?:\w\.(?:cc|cu|cuh|h|c|cpp):\d+ |:\d+:\d+ \[\d+\] )|(?P<bare>[ \t>]*))"
                         r"(?P<lvl>WARN|INFO) (?(bare)(?=NET/|Bootstrap|Channel \d|NCCL_\w+ set|comm 0x|Using network|"
                         r"GPU Direct|P2P|Connected all|Trees|Ring \d|Call to|Failed|Could not|\w+\.cc:\d+))", re.MULTILINE)
# A channel tail without "NCCL INFO Channel NN/N : " in front (after any launcher prefix).
_BARE_CHANNEL = re.compile(r"^(?P<pre>(?:[^\n]*?NCCL INFO |[ \t]*))(?P<tail>\d+(?:\[[0-9a-fA-F]+\])? ?-> ?\d+"
                           r"(?:\[[0-9a-fA-F]+\])?(?: \[(?:send|receive)\])? via [A-Za-z][A-Za-z0-9]*/\S*)\s*$",
                           re.MULTILINE)

# Pastes that lost their line breaks (a rendered issue copied back, a chat message): log lines run
# together on one line. Where one starts: an NCCL line (with or without host:pid:tid and [dev]),
# or a launcher's rank prefix (srun "10: ", torchrun "[rank3]: ") that recurs on the line.
_RUN_NCCL = re.compile(r"(?:(?<=\s)|^)(?:[\w.\-]+:\d+:\d+ )?(?:\[\d+\] )?NCCL (?:INFO|WARN) ")
_RUN_RANK = re.compile(r"(?:(?<=\s)|^)(\d{1,5}: |\[rank\d+\]: )")
_RUN_MIN_CHARS = 120


def unflatten(text: str) -> tuple[str, int]:
    """`text` with log lines that were run together on one line split again, and how many lines
    were split (0: `text` unchanged)."""
    out: list[str] = []
    split = 0
    for line in text.split("\n"):
        if len(line) >= _RUN_MIN_CHARS:
            starts = [m.start() for m in _RUN_NCCL.finditer(line)]
            if len(starts) < 2:
                ranks = [(m.start(), m.group(1)) for m in _RUN_RANK.finditer(line)]
                counts = Counter(r for _, r in ranks).most_common(1)
                # a bare "2: " recurs in prose and messages ("[ERROR] 2: [engine.cpp] Error Code 2: ..."):
                # srun's prefix is taken only where it starts three lines or more
                enough = counts and counts[0][1] >= (2 if counts[0][0].startswith("[") else 3)
                starts = [i for i, r in ranks if r == counts[0][0]] if enough else []
            if len(starts) >= 2:
                cuts = sorted({0, *starts})
                out.extend(line[a:b].rstrip() for a, b in zip(cuts, cuts[1:] + [len(line)]) if line[a:b].strip())
                split += 1
                continue
        out.append(line)
    return ("\n".join(out), split) if split else (text, 0)


# A terminal's copy breaks every line longer than its width into pieces of exactly that width ("... NumelOut=524290048,
# Timeo" then "ut(ms)=600000) ran for 600055 milliseconds", pytorch/torchtune#1165; "... caps:0x66 quo" then
# "ta:(osts:23 ...", NVIDIA/nccl#1219). The width is the paste's longest line, taken only where two lines or more of
# it go on in the next line, they are most of the lines of that length, and at least one break falls inside a word:
# a log's lines of one length (the same line of every rank, a table, a separator of dashes) start their next line
# as a record of their own, or end where a word does. A paste of one line broken once gives no such count: it is
# joined at the default width of 80 only.
_RECORD = re.compile(r"^(?:\S+:\d+:\d+ \[\d+\]|\[?\d{4}-\d{2}-\d{2}|\[rank\d+\]|\d{1,5}: |Traceback|\s+File \"|"
                     r"[\w.]*(?:Error|Exception|Warning)\b|(?:INFO|WARNING|WARN|ERROR|DEBUG|CRITICAL)\b|[$#>] )")
_WRAP_MIN_WIDTH = 60
_TERMINAL_COLUMNS = 80


# Aligned columns (free, df, nvidia-smi): a table's rows, each a line of its own.
_COLUMNS = re.compile(r"\S {3,}\S[^\n]*\S {3,}\S[^\n]*\S {3,}\S")


def _goes_on(line: str, nxt: str) -> bool:
    """Whether `nxt` can be the rest of `line` (not blank, not a record of its own, not `line`'s own start, not a
    row of a table)."""
    return bool(nxt.strip()) and not _RECORD.match(nxt) and \
        re.sub(r"\d", "0", nxt[:8]) != re.sub(r"\d", "0", line[:8]) and not (_COLUMNS.search(line) or _COLUMNS.search(nxt))


def unwrap(text: str) -> tuple[str, int]:
    """`text` with the lines a terminal wrapped joined again in place (each continuation's own line left empty), and
    how many continuations were joined (0: `text` unchanged)."""
    lines = text.split("\n")
    width = max((len(line) for line in lines), default=0)
    if width < _WRAP_MIN_WIDTH:
        return text, 0
    full = [no for no in range(len(lines) - 1) if len(lines[no]) == width]
    goes = [no for no in full if _goes_on(lines[no], lines[no + 1])]
    inside_word = any(lines[no][-1:].isalnum() and lines[no + 1][:1].isalnum() for no in goes)
    # One line broken once is taken at a terminal's default width only, the only line of that length, and where the
    # break falls at a space, whose one space stays on one side ("... Cannot " then "allocate memory"): a reporter's
    # own line break takes the space away ("... compiled with different" then "CUDA versions").
    once = width == _TERMINAL_COLUMNS and len(goes) == len(full) == 1 and \
        lines[goes[0]].endswith(" ") != lines[goes[0] + 1].startswith(" ") and not lines[goes[0] + 1].startswith("  ")
    if not (len(goes) >= 2 and 2 * len(goes) > len(full) and inside_word or once):
        return text, 0
    out = list(lines)
    for no in reversed(goes):  # from the end, so a line wrapped twice gathers both pieces
        out[no], out[no + 1] = out[no] + out[no + 1], ""
    return "\n".join(out), len(goes)


# srun --label's "3: ", torchrun's "[rank3]: ", "[default3]:" (--tee) and bare "[3]:"; paste_code reads them too
RANK_PREFIXES = (r"^ *\d{1,5}: ", r"^\[rank\d+\]: ?", r"^\[(?:default)?\d{1,5}\]: ?")
# Line prefixes added after the tool printed the line, in the order they nest (a quoted paste of
# timestamped pod logs): markdown quote, docker BuildKit's step, journald/syslog "Mon DD HH:MM:SS host unit[pid]: ",
# RFC 3339 / "YYYY-MM-DD HH:MM:SS" time, the CRI log's stream and tag ("stderr F "), Python logging's name and level,
# Open MPI's timestamp and tag, kubectl --prefix, docker compose's "service-1  | " (Determined's trial log "<id> || "),
# Ray worker, Python logging of vLLM / SGLang ("ERROR 06-25 15:28:30 worker_base.py:148] "), srun --label, torchrun's
# "[rank3]:".
_QUOTE = re.compile(r"^>+ ?", re.MULTILINE)
_BUILDKIT = re.compile(r"^#\d+ \d+\.\d+ ", re.MULTILINE)  # docker build's "#24 23.05 " (step, seconds), not "# nThread"
_DECORATIONS = (_QUOTE, _BUILDKIT, *(re.compile(r, re.MULTILINE) for r in (
    r"^[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \S+ [^\s:\[]+(?:\[\d+\])?: ",
    r"^bk;t=\d+ ",  # Buildkite's timestamp of each line of a CI log (vLLM's CI)
    r"^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]? ",
    r"^(?:stdout|stderr) [FP] ",
    # Python logging's common "%(asctime)s - %(name)s - %(levelname)s - %(message)s" once its time is gone.
    r"^- [\w.]+ - (?:DEBUG|INFO|WARNING|ERROR|CRITICAL) - ",
    # Open MPI's --timestamp-output ("Thu Jul 18 15:41:05 2024<stdout>:", with --tag-output "...2024[1,0]<stdout>:")
    r"^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}(?:\[\d+,\d+\])?<(?:stdout|stderr)>: ?",
    r"^\[\d+,\d+\]<(?:stdout|stderr)>: ?",  # Open MPI's --tag-output alone
    r"^\[pod/[^\]\s]+\] ",
    r"^[\w.-]+ +\|\|? ",
    r"^\((?:\w+ )?pid=\d+(?:, ip=[\d.]+)?\) ",
    r"^(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL) +\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? \[?[\w.]+:\d+\]? ",
    *RANK_PREFIXES,
)))
# Prefixes that are decorations on a paste of one line too: a quote, BuildKit's step and time.
_ONE_LINE = (_QUOTE, _BUILDKIT)
# docker's json-file and many collectors: one JSON object per line, the printed line in "log" (docker),
# "message" or "msg".
_JSON_LINE = re.compile(r'^\{.*"(?:log|message|msg)" *: *".*\}\s*$', re.MULTILINE)
_JSON_KEYS = ("log", "message", "msg")


def _json_lines(text: str) -> str:
    """Each JSON log record replaced by the line it carries (same number of lines)."""
    def line_of(m: re.Match[str]) -> str:
        try:
            record = json.loads(m.group(0))
        except ValueError:
            return m.group(0)
        value = next((record[k] for k in _JSON_KEYS if isinstance(record, dict) and isinstance(record.get(k), str)),
                     None)
        return m.group(0) if value is None else value.rstrip("\n").replace("\n", " ")
    return _JSON_LINE.sub(line_of, text)


_SPACES = str.maketrans({"\u00a0": " ", "\u2007": " ", "\u202f": " ", "\u3000": " ", "\u200b": None,
                        "\ufeff": None})
_ENTITY = re.compile(r"&(?:lt|gt|amp|quot|apos|nbsp|#3[49]|#x2[27]);")


# GitHub's collapsed section around a long log ("<details>", "<summary>log</summary>", "</details>"): markup, not
# the paste (an XML document is told by its first line); each such line is left empty.
_COLLAPSED = re.compile(r"^[ \t]*(?:</?details(?: [^>\n]*)?>[ \t]*)?(?:<summary>[^\n]*?</summary>)?"
                        r"[ \t]*(?:</?details>)?[ \t]*(?=\n|\Z)(?<=>)", re.MULTILINE)


# c10d's socket error cut before its code ("... (system error: " then "10049 - The requested address is not valid in
# its context.).", kennymckormick/pyskl#79): the code joins its line, an empty line keeps the count.
_CUT_ERROR_CODE = re.compile(r"(\(system error: )\n(\d+ - [^\n]*)")


def undecorate(text: str) -> str:
    """`text` without the prefix that most of its lines share (see _DECORATIONS), and with HTML
    entities decoded when several are present; the same number of lines (but where lines ended in a
    bare carriage return, classic Mac or a terminal's redraw, each is a line)."""
    # A copy from a web page or a chat client: no-break, figure, thin, ideographic and zero-width spaces.
    text = text.translate(_SPACES)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if len(_ENTITY.findall(text, 0, 1 << 16)) >= 2:
        text = html.unescape(text)
    if "error: \n" in text:
        text = _CUT_ERROR_CODE.sub(r"\1\2\n", text)
    if "<details" in text or "<summary" in text:
        text = _COLLAPSED.sub("", text)
    records = len(_JSON_LINE.findall(text, 0, 1 << 20))
    if records and 2 * records >= sum(1 for line in text.split("\n", 4096)[:4096] if line.strip()):
        text = _json_lines(text)
    # A paste indented as a whole (a code block inside a list): the indent all its lines share; and a markdown code
    # block indented under the reporter's prose (GitHub renders a paragraph indented by four spaces as code).
    text = _dedent_code_blocks(textwrap.dedent(text))
    lines = sum(1 for line in text.split("\n") if line.strip())
    decorated = text
    for _ in range(2):  # a prefix can nest in one of its own kind ("[rank3]: [rank0]: ...")
        before = text
        for prefix in _DECORATIONS:
            hits = len(prefix.findall(text))
            # A reply quoting the one line it is about is still a quote; a single line's other prefixes (journald's
            # unit, a logger's name) may be what the rows read.
            if hits and (hits >= 2 or lines == 1 and prefix in _ONE_LINE) and 2 * hits >= lines:
                text = prefix.sub("", text)
                lines = sum(1 for line in text.split("\n") if line.strip())  # a line may have been all prefix
        text = _without_host_prefix(text)
        if text == before:
            break
    # the indent a quoted or prefixed block shares shows only once its prefix is gone ("> " + "    AttributeError")
    return textwrap.dedent(text) if text != decorated else text


# pdsh's "host: " before every line of each node (DeepSpeed's multi-node launcher: "worker-0: [2023-...] ..."): a
# name that recurs, unlike a listing's keys or an exception's class ("RuntimeError: ", "NCCL_DEBUG: INFO").
_HOST_PREFIX = re.compile(r"^([A-Za-z][\w.-]{0,62}): ", re.MULTILINE)
# Not a host: a level, a variable, an exception's class, argparse's "usage: " and a script's own "train.py: error: ".
_NOT_A_HOST = re.compile(r"[A-Z_]+|\w*(?:Error|Exception|Warning|Exit|Interrupt|Failure)|Traceback|File|"
                         r"(?i:note|hint|usage|error|warning|info|debug|fatal)|.*\.(?:py|sh|cu|cc|cpp|c|pl|rb|js)")


def _without_host_prefix(text: str) -> str:
    """`text` without pdsh's host prefix where four lines in five or more start with one of a few host names."""
    if ": " not in text:
        return text
    names = _HOST_PREFIX.findall(text)
    lines = sum(1 for line in text.split("\n") if line.strip())
    distinct = set(names)
    if len(names) < 3 or 5 * len(names) < 4 * lines or 3 * len(distinct) > len(names) or \
            any(_NOT_A_HOST.fullmatch(name) for name in distinct):
        return text
    return _HOST_PREFIX.sub("", text)


def _dedent_code_blocks(text: str) -> str:
    """`text` with each paragraph whose lines all start with four spaces or a tab dedented by their shared indent
    (the lines inside keep their indent relative to each other: a traceback's source lines stay indented)."""
    if "\n    " not in text and "\n\t" not in text:
        return text
    paragraphs = re.split(r"(\n[ \t]*\n)", text)
    for i in range(0, len(paragraphs), 2):
        block = paragraphs[i]
        lines = [line for line in block.split("\n") if line.strip()]
        if lines and all(line.startswith(("    ", "\t")) for line in lines):
            paragraphs[i] = textwrap.dedent(block)
    return "".join(paragraphs)


def normalize(text: str) -> str:
    """`text` with trimmed NCCL markers restored (same number of lines)."""
    if "WARN" in text or "INFO" in text:
        text = _BARE_LEVEL.sub(lambda m: m.group("pre") if m.group("pre").endswith("NCCL ") else
                               m.group("pre") + "NCCL " + m.group("lvl") + " ", text)
    if " via " in text:
        text = _BARE_CHANNEL.sub(lambda m: _with_marker(m.group("pre")) + "Channel 00/0 : " + m.group("tail"), text)
    return text


def _with_marker(pre: str) -> str:
    """A bare channel line's prefix (a launcher's, or a code block's indent) ending in "NCCL INFO "."""
    return pre if pre.endswith("NCCL INFO ") else pre + "NCCL INFO "
