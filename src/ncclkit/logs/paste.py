"""What users paste into an issue, made readable by the readers: NCCL lines cut from their prefix,
other artifacts pasted into the same text, and pastes whose only signal is an error line.

- `undecorate`: what a forum, a log collector or a launcher put in front of every line (markdown
  quotes "> ", `kubectl logs --timestamps` / `docker logs -t` times, `kubectl logs --prefix`, Ray's
  "(Worker pid=N)", srun's "N: ", torchrun's "[rankN]:", journald, docker compose, CRI and vLLM logging
  prefixes, docker's json-file records, a common indent) and HTML entities or no-break spaces of a
  paste copied from a web page, taken off so that listings and tables are read as their tools print
  them; line numbers do not change.
- `normalize`: NCCL lines whose "NCCL " marker was trimmed ("include/socket.h:344 WARN ...", NCCL
  2.0-2.3 "host:pid:tid [0] INFO 0 -> 1 via P2P/IPC") and bare channel tails ("9[1a000] -> 2[6b000]
  [send] via NET/IB/0/GDRDMA") get it back; line numbers do not change.
- `has_signal`: some line states something the classifier knows (patterns.py).
- `embedded`: the blocks of other kinds in a paste (ibstat, ibstatus, ibv_devinfo, topo -m, show_gids),
  each read by its own reader.
- the line shapes of the facts a paste carries besides NCCL lines (package listings of several nodes,
  a launcher's host list, NCCL_DEBUG_SUBSYS=COLL calls), read by nccl_log_state.
"""

from __future__ import annotations

import html
import json
import re
import textwrap
from collections import Counter

from ncclkit.logs.nccl_log_words import OTHER_WORDS
from ncclkit.logs.patterns import classify_error
from ncclkit.logs.pcie_tests import PCIE_TEST
from ncclkit.logs.ports import IBDEV2NETDEV, RDMA_LINK

__all__ = ["BAR1_TOTAL", "COLL_FIELDS", "COLL_LINE", "LAUNCH_ENV", "LAUNCH_HOSTS", "MAX_COLL_OPS", "NCCL_VERSION_LINE",
           "RANK_CLAIM", "RANK_PREFIXES", "RankClaims", "coll_mismatch", "embedded", "has_signal", "launch_env",
           "may_be_named", "noise_lines", "normalize", "note_coll_call", "package_version", "undecorate", "unflatten"]

MAX_SIGNAL_LINES = 5000
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
# NCCL lines and error names, and per-node package listings ("nvidia-nccl-cu12==2.20.5").
# nccl-tests' header ("# nThread 1 nGpus 8 minBytes ...") counts too: its output may stop before any row.
_NCCL_MARK = re.compile(r"NCCL (?:INFO|WARN|ATTN)|\bnccl\w*Error\b|NCCL error|NCCL failure|nvidia-nccl-cu\d+[\s=]|"
                        r"# nThread \d+ nGpus \d+")

# The version NCCL (its init line, "NCCL version 2.21.5+cuda12.4"), nccl-tests and PyTorch's errors print.
# Not a version a program asks for (vLLM: "NCCL version 2.27.3 or higher is required for ...").
NCCL_VERSION_LINE = re.compile(r"NCCL version (\d+\.\d+\.\d+)(?![\w.+]* or (?:higher|newer|later))")
# pip/conda listings pasted per node: "nvidia-nccl-cu12==2.20.5", "nvidia-nccl-cu12    2.19.3".
PACKAGE_LINE = re.compile(r"\b(nvidia-nccl-cu\d+|libnccl(?:2|-dev|-devel|-static)|aws-ofi-nccl)[\s=:]+v?(\d+\.\d+\.\d+)")
# The system NCCL library as file listings (find, ls, ldconfig -p) and package files or names
# (rpm -qa, dpkg, local repos) show it: "/usr/lib64/libnccl.so.2.9.9",
# "libnccl-devel-2.8.3-1+cuda10.1.x86_64.rpm", "libnccl2_2.18.3-1+cuda12.2_amd64.deb",
# "nccl-repo-2.8.3-ga-cuda10.1". Two versions of it on one machine: whichever the loader finds
# first runs (NVIDIA/nccl#554: a stray 2.9.9 for CUDA 11.3 beside the 2.8.3 meant for CUDA 10.1).
NCCL_LIBRARY_FILE = re.compile(r"\blibnccl\.so\.(\d+\.\d+\.\d+)\b"
                               r"|\blibnccl(?:2|-devel|-dev|-static)?[-_](\d+\.\d+\.\d+)-\d+\+cuda"
                               r"|\bnccl-(?:local-)?repo-[\w.-]*?(\d+\.\d+\.\d+)-(?:ga-)?cuda")
SYSTEM_NCCL = "libnccl"  # one name for the system library's files and packages (libnccl2, -dev)


# pip's and uv's resolvers name versions asked for, not installed: "The user requested nvidia-nccl-cu12==2.18.1",
# "torch 2.2.2 depends on nvidia-nccl-cu12==2.19.3" explain a refused install that changed nothing (ziplab/LongVLM#4,
# Vision-CAIR/MiniGPT4-video#45). pip's post-install check ("torch 2.1.0 requires nvidia-nccl-cu12==2.18.1, but
# you have nvidia-nccl-cu12 2.19.3 which is incompatible") names the installed one after "but you have".
_RESOLVER_LINE = re.compile(r"\bThe user requested\b|\bdepends on\b|\byou require\b")
_INSTALLED_SIDE = re.compile(r"\brequires\b.*?\bbut you have\b")


def package_version(line: str) -> tuple[str, str] | None:
    """(package, version) of a listing line that names an NCCL package or library file."""
    if _RESOLVER_LINE.search(line):
        return None
    installed = _INSTALLED_SIDE.search(line)
    if installed:
        line = line[installed.end():]
    m = PACKAGE_LINE.search(line)
    if m:
        return (SYSTEM_NCCL if m.group(1).startswith("libnccl") else m.group(1)), m.group(2)
    m = NCCL_LIBRARY_FILE.search(line)
    if m:
        return SYSTEM_NCCL, next(g for g in m.groups() if g)
    return None
# NCCL_DEBUG_SUBSYS=COLL: "AllReduce: opCount 3 sendbuff .. count 53 datatype 4 op 0 root 0 comm .. [nranks=8]", read
# here and by the block scanner; not Send/Recv, which differ between ranks by design (the peer is the root).
COLL_FIELDS = (r"(?!Send:|Recv:)(\w+): opCount (\w+) [^\n]*?count (\d+) datatype (\d+) op (\d+) root (-?\d+)"
               r"[^\n]*?nranks=(\d+)")
COLL_LINE = re.compile("^" + COLL_FIELDS)
MAX_COLL_OPS = 4096
# NCCL variables a pasted command sets: mpirun's "-x NCCL_X=v", docker's "-e NCCL_X=v", "export NCCL_X=v",
# "env NCCL_X=v ...", the assignments that start a command line ("NCCL_X=v NCCL_Y=w torchrun ..."), and
# Python's os.environ["NCCL_X"] = "v" in a pasted script; PyTorch's TORCH_NCCL_X and UCX's UCX_X too. Not a
# message that merely quotes one ("run with NCCL_DEBUG=INFO for details").
_ASSIGN = re.compile(r"((?:(?:TORCH_)?NCCL|UCX)_[A-Z0-9_]+)=(?:\"([^\"]*)\"|'([^']*)'|([^\s;&|)]+))")
_FLAG_ASSIGN = re.compile(r"(?:^|\s)(?:-x|-e|--env|export|env)\s+" + _ASSIGN.pattern)
# The assignments that start a command line, or make up the whole line (an environment pasted as "NCCL_X=v").
_LEAD_ASSIGNS = re.compile(r"^\s*(?:\$ |# )?((?:[A-Za-z_]\w*=(?:\"[^\"]*\"|'[^']*'|\S*)(?:\s+|\s*$))+)(?:\S|$)")
_PY_ENV = re.compile(r"os\.environ\[\s*[\"']((?:(?:TORCH_)?NCCL|UCX)_[A-Z0-9_]+)[\"']\s*\]\s*=\s*[\"']([^\"']*)[\"']")
# Where a line may set one of them (the scanner's needle for the lines above, bytes there).
LAUNCH_ENV = re.compile(r"\b(?:(?:TORCH_)?NCCL|UCX)_[A-Z0-9_]+=[^\s=]|os\.environ\[.(?:(?:TORCH_)?NCCL|UCX)_")


def launch_env(line: str) -> list[tuple[str, str]]:
    """The NCCL (and TORCH_NCCL) variables a pasted command or script line sets, in order."""
    lead = _LEAD_ASSIGNS.match(line)
    shell = [*_FLAG_ASSIGN.finditer(line), *(_ASSIGN.finditer(lead.group(1)) if lead else ())]
    # the value is whichever of "double", 'single' or bare matched
    found = [(m.group(1), next(g for g in m.group(2, 3, 4) if g is not None)) for m in shell]
    return found + [(m.group(1), m.group(2)) for m in _PY_ENV.finditer(line)]


# Launcher host lists: "mpirun -H a:1,b:1", "--host a,b", "-host a,b".
LAUNCH_HOSTS = re.compile(r"(?:^|\s)(?:-H|--host|-host)[ =]([\w.\-]+(?::\d+)?(?:,[\w.\-]+(?::\d+)?)+)")

def _line_block(line: re.Pattern[str]) -> re.Pattern[str]:
    """Consecutive lines that each match `line` (a listing of one port a line)."""
    return re.compile(f"(?:{line.pattern}[^\\n]*\\n?)+", re.MULTILINE)


_BLOCKS = (
    ("ibstat", re.compile(r"^CA '[^']+'[ \t]*\n(?:(?:[ \t]+[^\n]*|[ \t]*)\n?)+", re.MULTILINE)),
    ("ibstat", re.compile(r"^Infiniband device '[^']+' port \d+ status:[ \t]*\n(?:[ \t]+[^\n]*\n?)+",
                          re.MULTILINE)),
    ("ibv_devinfo", re.compile(r"^hca_id:[^\n]*\n(?:(?:[ \t]+[^\n]*|[ \t]*)\n?)+", re.MULTILINE)),
    ("ibstat", _line_block(RDMA_LINK)),
    ("ibstat", _line_block(IBDEV2NETDEV)),
    ("topo", re.compile(r"^[ \t]*GPU0[ \t]+(?:GPU1|NIC0|mlx|X\b)[^\n]*\n(?:[ \t]*(?:GPU|NIC|mlx)\w*[ \t][^\n]*\n?)+",
                        re.MULTILINE)),
    ("show_gids", re.compile(r"^[ \t]*DEV[ \t]+PORT[ \t]+INDEX[ \t]+GID[^\n]*\n(?:[ \t]*\S+[ \t]+\d+[ \t]+\d+[ \t]"
                             r"[^\n]*\n?|[ \t]*-+[^\n]*\n?)+", re.MULTILINE | re.IGNORECASE)),
)


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
        if text == before:
            break
    # the indent a quoted or prefixed block shares shows only once its prefix is gone ("> " + "    AttributeError")
    return textwrap.dedent(text) if text != decorated else text


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


# Lightning (and NeMo on it), once per process: "Initializing distributed: GLOBAL_RANK: 3, MEMBER: 4/8"
# ("initializing deepspeed distributed: ..." with its DeepSpeed strategy): the rank and the world size.
# Lightning's claim; before 1.3 (accelerators/ddp_backend.py) it said "initializing ddp: GLOBAL_RANK: 1, MEMBER: 2/4".
RANK_CLAIM = re.compile(r"[Ii]nitializing (?:deepspeed )?(?:distributed|ddp2?): GLOBAL_RANK: (\d+), MEMBER: \d+/(\d+)")


class RankClaims:
    """Lightning's per-process rank claims of one start. Every process prints its claim as it starts, so one
    start's claims stand together (a restart's come after the traceback that ended the run before); one rank
    claimed twice among them means the launch gave two processes the same numbering."""

    def __init__(self) -> None:
        self.block: set[tuple[str, str]] = set()  # (global rank, world size) of the current start
        self.last_line = -9

    def repeated(self, line_no: int, rank: str, world: str) -> bool:
        if line_no > self.last_line + 3:
            self.block = set()
        self.last_line = line_no
        seen = (rank, world) in self.block
        self.block.add((rank, world))
        return seen


# `nvidia-smi -q`: "    BAR1 Memory Usage" and, on the next line, "        Total : 256 MiB" (the aperture through which
# peers and NICs reach this GPU's memory).
BAR1_TOTAL = re.compile(r"BAR1 Memory Usage[ \t]*\r?\n[ \t]*Total[ \t]*: (\d+) MiB")


def may_be_named(line: str) -> bool:
    """False when no row of the classifier can name the line: it is no NCCL line, sets no variable and holds none
    of the words the log scanner looks for (tests/analyze/test_scan_prefilter.py keeps the words and the rows in
    step). Saves the classifier's whole table on the lines of a long paste that say nothing."""
    if _NCCL_MARK.search(line) or LAUNCH_ENV.search(line):
        return True
    raw = line.encode("utf-8", "replace")
    return any(word in raw for word in OTHER_WORDS)


# The shell's whole line for a foreground job killed by SIGKILL (bash's strsignal, translated under zh_CN): short, yet
# the paste's verdict (tranleanh/edn-gtm#2).
_SHELL_KILLED = re.compile(r"^\s*(?:Killed|已杀死)\s*$")


def has_signal(text: str) -> bool:
    """True when a line is an NCCL line, states something the classifier recognises, or sets an NCCL or UCX
    variable (a launch command)."""
    if _NCCL_MARK.search(text) or PCIE_TEST.search(text) or RANK_CLAIM.search(text) or BAR1_TOTAL.search(text):
        return True
    for line in text.splitlines()[:MAX_SIGNAL_LINES]:
        if len(line) <= 8 and not _SHELL_KILLED.match(line):
            continue
        if (may_be_named(line) and classify_error(line).category not in ("other", "noise")) or package_version(line) \
                or (("NCCL_" in line or "UCX_" in line) and launch_env(line)):
            return True
    return False


# Rows of lines that healthy runs print too: noise, and c10d's IPv6 try on a host with IPv6 off, which states a
# condition of the host (a cause of its own where nothing else is wrong) but no failure.
HARMLESS_CATEGORIES = frozenset({"noise", "ipv6_off"})


def noise_lines(text: str) -> list[tuple[int, str]]:
    """(line number, what it is) of each line that healthy runs print too (HARMLESS_CATEGORIES)."""
    out = []
    for i, line in enumerate(text.splitlines()[:MAX_SIGNAL_LINES], 1):
        if len(line) > 8 and may_be_named(line):
            cls = classify_error(line)
            if cls.category in HARMLESS_CATEGORIES:
                out.append((i, cls.explanation))
    return out


def embedded(text: str, primary: str) -> list[tuple[str, str, int]]:
    """(kind, block, lines before it) for each block of another kind than `primary` in `text`."""
    out: list[tuple[str, str, int]] = []
    for kind, regex in _BLOCKS:
        if kind == primary or (kind, primary) in (("ibstat", "ibv_devinfo"), ("ibv_devinfo", "ibstat")):
            continue
        out.extend((kind, m.group(0), text.count("\n", 0, m.start())) for m in regex.finditer(text))
    return out


def note_coll_call(by_process: dict[tuple[str, str, str], tuple[str, ...]], shared_ops: set[tuple[str, str]],
                   process: str, key: tuple[str, ...]) -> None:
    """Note a process's COLL call `key` (nranks, opCount, call...). comm->opCount grows once per launched plan (proxy.cc
    ncclProxyStart, 2.9 - 2.28), so two calls of one process under one opCount are a group (`shared_ops`, nccl#740)."""
    seen = by_process.get((process, key[0], key[1]))
    if seen is None:
        if len(by_process) < 4 * MAX_COLL_OPS:
            by_process[(process, key[0], key[1])] = key[2:]
    elif seen != key[2:]:
        shared_ops.add((key[0], key[1]))


def coll_mismatch(coll_ops: dict[tuple[str, str], set[tuple[str, ...]]], lines: dict[tuple[str, ...], int],
                  shared: set[tuple[str, str]]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The first opCount at which ranks of one communicator size logged different collectives: the calls, and the
    first line of each (from `lines`, keyed (nranks, opCount, call...)); not at an opCount of `shared`."""
    for (nranks, op), calls in coll_ops.items():
        if len(calls) > 1 and (nranks, op) not in shared:
            shown = sorted(calls)[:4]
            return (tuple(f"opCount {op} [nranks={nranks}]: {c[0]} count {c[1]} datatype {c[2]} root {c[4]}"
                          for c in shown),
                    tuple(sorted(lines[(nranks, op, *c)] for c in shown if (nranks, op, *c) in lines)))
    return (), ()
