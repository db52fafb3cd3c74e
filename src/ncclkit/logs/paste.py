"""What users paste into an issue, read for what it holds besides NCCL's own lines (the text itself is restored
first by paste_text: prefixes, quotes, trimmed NCCL markers, lines run together).

- `has_signal`: some line states something the classifier knows (patterns.py).
- `embedded`: the blocks of other kinds in a paste (ibstat, ibstatus, ibv_devinfo, topo -m, show_gids),
  each read by its own reader.
- the line shapes of the facts a paste carries besides NCCL lines (package listings of several nodes,
  a launcher's host list, NCCL_DEBUG_SUBSYS=COLL calls), read by nccl_log_state.
"""

from __future__ import annotations

import re

from ncclkit.logs.nccl_log_words import OTHER_WORDS
from ncclkit.logs.patterns import classify_error
from ncclkit.logs.pcie_tests import PCIE_TEST
from ncclkit.logs.ports import IBDEV2NETDEV, RDMA_LINK

__all__ = ["BAR1_TOTAL", "COLL_FIELDS", "COLL_LINE", "COMM_FIELDS", "HANG_WORDS", "LAUNCH_ENV", "LAUNCH_HOSTS",
           "MAX_COLL_OPS", "NCCL_PREFIX", "NCCL_VERSION_LINE", "RANK_CLAIM", "RankClaims", "coll_mismatch", "embedded",
           "has_signal", "launch_env", "listed_gpus", "may_be_named", "noise_lines", "note_coll_call",
           "outside_listings", "package_version"]

MAX_SIGNAL_LINES = 5000
# Words of a job that stopped making progress, not denied ("this should not hang"), and Chinese reports' "stuck"
# (卡住, 卡死: tinyvision/DAMO-YOLO#30); a failure word is error_words'. Python's frozen modules ("<frozen runpy>",
# "<frozen importlib._bootstrap>" in tracebacks and warnings) are no frozen job.
HANG_WORDS = re.compile(r"(?<!not )(?<!n't )(?<!never )\b(?:hangs?|hanging|hung|stuck|freez(?:e|es|ing)|(?<!<)frozen|"
                        r"deadlock\w*|no progress|never (?:return|finish|end|start)s?|nothing happens|"
                        r"stall(?:s|ed|ing)?|waits? forever|not responding)\b|"
                        r"(?<!不)(?<!不会)(?<!没)(?<!没有)卡(?:住|死)", re.I)
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
# init.cc's line of one rank of a communicator (rank, nranks, busId): "comm 0x.. rank 1 nranks 4 cudaDev 1 busId 61000",
# with "nvmlDev 3" after cudaDev since 2.19; its end says what happened ("- Init START", "- Init COMPLETE",
# "- Destroy COMPLETE", "- Abort COMPLETE").
# NCCL's debug prefix "host:pid:tid [cudaDev]" (src/debug.cc, ncclDebugLog: the hostname, the process and thread ids,
# and the calling thread's current CUDA device); some launchers print a space before the first colon.
NCCL_PREFIX = r"([A-Za-z0-9_][\w.\-]*) ?:(\d+):(\d+) \[(\d+)\]"
COMM_FIELDS = r"comm \S+ rank (\d+) nranks (\d+) cudaDev \d+(?: nvmlDev \d+)? busId (\w+)"
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


# The GPUs a launch lists: CUDA_VISIBLE_DEVICES=0,1 (quoted, or with spaces after the commas, in a pasted config).
_GPU_LIST = re.compile(r"\bCUDA_VISIBLE_DEVICES=[\"']?(\d+(?:\s*,\s*\d+)*)\b")


def listed_gpus(text: str) -> list[list[int]]:
    """The GPU indices of each CUDA_VISIBLE_DEVICES list in `text`, in order."""
    return [[int(i) for i in m.group(1).split(",")] for m in _GPU_LIST.finditer(text)]


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


# nvidia-smi topo's legends ("Legend:", then "  X    = Self", "  NS   = Not supported" ...; "NIC Legend:", then
# "  NIC0: mlx5_0"): part of the listing, whose words are no failure.
_LEGEND = re.compile(r"^(?:NIC )?Legend:[ \t]*\n(?:(?:[ \t]+\S[^\n]*|[ \t]*)(?:\n|\Z))+", re.MULTILINE)


def outside_listings(text: str) -> str:
    """`text` with the lines of every port listing, topology matrix and GID table blanked (the same number of lines):
    what a paste holds around the tools' output (a traceback, a log, the reporter's account)."""
    spans = sorted((m.start(), m.end()) for regex in (*(r for _, r in _BLOCKS), _LEGEND) for m in regex.finditer(text))
    if not spans:
        return text
    out, at = [], 0
    for start, end in spans:
        if end <= at:
            continue
        start = max(start, at)
        out.append(text[at:start])
        out.append("\n" * text.count("\n", start, end))
        at = end
    out.append(text[at:])
    return "".join(out)


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
