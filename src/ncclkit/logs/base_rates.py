"""When nothing in a paste names a cause: what such pastes most often turned out to be (`log.base_rate`).

A paste of a failed or hung job that no reader explains (a launch line and a bare exception, a prose account
of a hang) used to get no answer at all. Its cause is not unknowable: in the resolved public threads
of ncclkit's labelled corpus (tests/diagnosis), the pastes in which no line names a cause were settled, most often,
as the program's own misuse or its launch (a wrong device, world size or argument), then as a library's own bug or
release (fixed by upgrading or pinning a version), then as an address or interface the ranks cannot reach each
other by (a launcher that kept an interface another host lacks, a MASTER_ADDR that resolves to loopback, a firewall),
with GPUs that cannot reach each other peer to peer a close fourth (hangs that NCCL_P2P_DISABLE=1 or an ACS/IOMMU
change ended).

This reader states that order, as a prior and says so, where a paste gives a sign of trouble and nothing else names
a cause. An unrecognised paste in which the reporter shows what they ran or says what happened, and no line states a
failure, gets the same order, and one of a slow run the order of slow runs; the message says which.
tests/diagnosis/test_diagnosis_score.py recomputes each order from the corpus, so the table below cannot drift from
what the threads say.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause as C
from ncclkit.findings import Finding, Severity
from ncclkit.logs.error_words import states_failure, unread_failures
from ncclkit.logs.paste import HANG_WORDS, noise_lines
from ncclkit.logs.paste_code import FRAME
from ncclkit.logs.ranking import alternative_findings

__all__ = ["PRIORS", "base_rate_findings", "trouble_lines"]

# A paste about a GPU job: what an unrecognised paste must speak of to be answered at all (lscpu's "TSX async abort",
# a sysfs value or another tool's table alone is not a report of a job).
_RUN_WORDS = (r"nccl|rank|torchrun|mpirun|mpiexec|\bmpi(?:4py)?\b|srun|deepspeed|accelerate|world_size|nproc|ddp|fsdp|"
              r"tensor_parallel|tp_size|distributed|spawn|multi[- ]?node|multi[- ]?gpu|horovod|\btorch\b|tensorflow|"
              r"\bjax\b|python|py-spy|\bTP\d|deadlock|cuda:\d|device_(?:id|map)|CUDA_VISIBLE_DEVICES|\bray\b|vllm|"
              r"sglang")
# A data-centre GPU's model name is one too ("8 H100 ... 2.20s/it": Dao-AILab/flash-attention#1021).
_JOB = re.compile(r"gpu|cuda|\b[ABHLV]\d{2,3}\b|" + _RUN_WORDS, re.I)
# A paste that shows no failure is answered only where it is of a run (a launcher, a rank, a library's name): a GPU
# tool's listing alone (nvidia-smi's table, whose "GPU" and "CUDA Version" are no run) is no report.
_RUN = re.compile(_RUN_WORDS, re.I)
# A slow run: the reporter says so ("8x slower", "it's not faster", "longer training times per epoch", "less than 48%
# gpu utilization", "much lower than in a single node", "not as good as running on a single card", "慢了8倍", "GPUs
# sit idle", "the bottleneck") or the paste measures a speed (a rate, the time per epoch, hours or days, "560ms per
# iteration", "1.13 it/s", a latency, IPython's "Wall time", tokens/s, TFLOPS), not where tqdm's bar prints it
# ("[00:07, ?it/s]" of a run that never started is no slow run).
_SLOW = re.compile(r"\bslow(?:er|ly|down|s)?\b|慢|速度下降|降速|耗时|"
                   r"\b(?:low|poor|lower|bad|degraded)\s+(?:gpu\s+)?(?:bandwidth|busbw|"
                   r"algbw|bus bandwidth|throughput|performance|perf|speed|fps|util\w*)\b|"
                   r"\b(?:not|n't|no)\s+(?:any\s+)?(?:faster|quicker|speed[- ]?up)|"
                   r"\b(?:longer|more)\s+(?:training\s+)?time|"
                   r"\b(?:(?:lower|less|worse)\s+than|not\s+as\s+(?:good|fast)\s+as)\s+(?:running\s+)?(?:on\s+|with\s+|"
                   r"in\s+)?(?:a\s+|one\s+|1\s+)?(?:single|gpu|node|card)|\blatenc(?:y|ies)\b|\bWall time: \d|"
                   r"\bless than \d+\s?% (?:gpu )?util|"
                   r"\btakes? (?:too |very |so )?long\b|\btoo long\b|\b(?:much|times) longer\b|\bthroughput\b|\bfps\b|"
                   r"\bhours\b|\d\s?days\b|\bper epoch\b|\bbottleneck|tokens?/s|\bT?FLOPS\b|\bMFU\b|"
                   r"(?<![A-Za-z])(?:GB/s|Gbps|MB/s|Mbits?/s(?:ec)?)\b|samples?/s|"
                   r"(?<!, )(?<![\d.])\d+(?:\.\d+)?\s?(?:m?s(?:ec(?:onds)?)?\s*(?:per|/|an?)\s?"
                   r"(?:epoch|it(?:er(?:ation)?)?|step|batch)\b|it/s\b)|\b(?:batch|step|iteration|epoch) takes\b|"
                   r"\bunder-?(?:used|utili[sz]ed)|\b(?:sit|sits|are|is) idle\b", re.I)
# A slow run whose paste names a parallel setting it sets or compares (tensor, pipeline or sequence parallelism, XLA's
# fusion): the setting was the answer (vllm-project/vllm#1873 and #689: tensor parallelism does not pay off for a small
# model; 360-LLaMA-Factory#68: sequence parallelism past need; horovod/horovod#1673: XLA's fused ops leave no overlap).
# FSDP's sharding is one too: it all-gathers what it shards at every step (pytorch/pytorch#102434: FULL_SHARD
# over 4 nodes, settled by HYBRID_SHARD; allenai/OLMo#762: a per-GPU batch too small for FSDP;
# facebookresearch/fairscale#800: ShardedDDP's buckets kept its communication from overlapping). Not DeepSpeed's ZeRO
# stages: its two slow runs were settled one as InfiniBand left off, one as something outside the job.
_SETTING = re.compile(r"tensor[_ -]parallel\w*|pipeline[_ -]parallel\w*|sequence[_ -]parallel\w*|\b[TP]P\s?=\s?\d|"
                      r"\b(?:tp|pp|sp)_size\b|--(?:tp|pp|sp)\b|\bxla\b|\bFSDP\b|FullyShardedDataParallel|ShardedDDP|"
                      r"\b(?:HYBRID|FULL)_SHARD\b", re.I)
# NCCL's INFO lines state no failure by NCCL's own level ("Failed to initialize NET plugin IB" of a run that went on
# over sockets); the ones that state a cause are read by the classifier.
_NCCL_INFO = " NCCL INFO "
# A traceback's header is a failure even where the paste was cut before its exception.
_TRACEBACK = "Traceback (most recent call last)"

# What the reporter ran or wrote, where a paste shows no failure: a command (a prompt, variables, then a launcher or an
# interpreter), code or a Dockerfile's step; their own words are _ACCOUNT's or a sentence of Chinese, Japanese or
# Korean. A program's output alone that shows no failure is what healthy runs print (mpirun's binding report).
_RAN = re.compile(r"^\s*`?(?:\S*[$#>]\s+)?(?:\d+\.\s+)?(?:(?:export\s+)?\w+=\S*\s+)*"
                  r"(?:python[\d.]*|torchrun|mpirun|mpiexec|srun|sbatch|salloc|deepspeed|accelerate|horovodrun|"
                  r"composer|bash|sh|ray|torchpack|docker|kubectl|\./\S+)\s|"
                  r"^\s*(?:import \w|from [\w.]+ import |def \w+\(|class \w+|[\w.\[\]'\"]+\s*=\s*[\w.]+\(|>>> |"
                  r"RUN |FROM )", re.M)
_CJK_SENTENCE = re.compile(r"[\u4e00-\u9fff\uac00-\ud7af\u3040-\u30ff]{6}")

# The reporter's own words, which a program's message seldom has: "I" as a word before another word, not glog's level
# letter before a source path ("I tensorflow/core/distributed_runtime/...: Started server"); "We are ..." only where
# it opens a sentence (PyTorch's own "so we are dumping debug info", "we are taking the entire process down" do not).
_ACCOUNT = re.compile(r"\bI(?:'m|'ve|'d)?\s+[a-z]+\b(?![/.:]\S)|\b[Mm][ye]\b|"
                      r"(?:\A|(?<=\n)|(?<=[.!?] ))We(?:'re|'ve| are| were| have)\s+[a-z]+\b")
# The causes such threads were settled as, by what the paste shows: the two most frequent first, then the one most
# often accepted where those two were not (what puts the answer in the top three). A failure or a hang; no failure at
# all (a launch that hung at nothing, a master address other nodes cannot reach); a slow run (fewer threads: something
# outside NCCL, such as a GPU left idle by the disk or the CPU, a faulty card, a model too small to gain from more GPUs
# or a library's release that regressed, then the job's settings such as sequence parallelism past need or a network
# left unused, then peer to peer between the GPUs blocked by ACS or the IOMMU); a slow run under a parallel setting
# the paste names, that setting first.
PRIORS: dict[str, tuple[C, C, C]] = {"failure": (C.APPLICATION_BUG, C.OTHER, C.WRONG_INTERFACE),
                                     "nothing": (C.APPLICATION_BUG, C.OTHER, C.WRONG_INTERFACE),
                                     "slow": (C.OTHER, C.PERFORMANCE_CONFIG, C.ACS_IOMMU_P2P),
                                     "slow_setting": (C.PERFORMANCE_CONFIG, C.OTHER, C.TOPOLOGY_OR_NUMA)}
_SHOWS = {"failure": "it shows a failure or a hang", "nothing": "nor does any show a failure: the report around it "
          "says what", "slow": "it tells of a slow run and shows no failure",
          "slow_setting": "it tells of a slow run under a parallel setting it names and shows no failure"}
# Each cause as the message names it and the fix checks it.
_SAY = {C.APPLICATION_BUG: "the program's own misuse or its launch", C.OTHER: "a library's own bug or release",
        C.ACS_IOMMU_P2P: "GPUs that cannot reach each other peer to peer",
        C.WRONG_INTERFACE: "an address or interface the ranks cannot reach each other by",
        C.PERFORMANCE_CONFIG: "the job's settings (its parallel degrees, batch, NCCL's transport)",
        C.TOPOLOGY_OR_NUMA: "the links between the GPUs (PCIe without NVLink, a slow or shared PCIe path)"}
_SAY_SLOW = {**_SAY, C.OTHER: "something outside NCCL and the network (the disk or data loading that feeds the GPUs, "
                              "a faulty card, a model too small to gain from more GPUs, a library's release that "
                              "regressed)"}
_CHECK = {C.APPLICATION_BUG: "the program and its launch: the device each rank takes "
                             "(torch.cuda.set_device(local_rank) before init_process_group), the world size and ranks "
                             "against the hosts and GPUs given, the launcher's arguments",
          C.OTHER: "the versions of the libraries the program calls (search the error in their issues, try the "
                   "release it was written for)",
          C.ACS_IOMMU_P2P: "peer to peer between the GPUs (a run with NCCL_P2P_DISABLE=1 as a test, `nvidia-smi topo "
                           "-m`, PCIe ACS and the IOMMU)",
          C.WRONG_INTERFACE: "the addresses the ranks meet at (MASTER_ADDR one every node reaches, not localhost; "
                             "NCCL_SOCKET_IFNAME and GLOO_SOCKET_IFNAME naming the interface between the nodes)",
          C.PERFORMANCE_CONFIG: "the job's settings: parallel degrees beyond what memory needs (tensor, pipeline or "
                                "sequence parallelism of a model that fits fewer GPUs adds communication to every "
                                "step; FSDP's FULL_SHARD across nodes where HYBRID_SHARD keeps it within one), the "
                                "transport NCCL chose (NCCL_DEBUG=INFO: NET/Socket where InfiniBand was meant)",
          C.TOPOLOGY_OR_NUMA: "the links between the GPUs (`nvidia-smi topo -m`: SYS or PHB between two GPUs is "
                              "traffic across CPUs or a host bridge, NV# is NVLink)"}
_CHECK_SLOW = {**_CHECK, C.OTHER: "what feeds the GPUs (a GPU idle in `nvidia-smi` while the disk or the CPU workers "
                                  "load data), each card alone (a faulty one slows all), whether the model is large "
                                  "enough to gain from more GPUs, and the library releases (a regression between two "
                                  "versions)"}
# The slow kinds, and what the threads their order counts told of
_TOLD = {"slow": " and told of a slow run", "slow_setting": " and told of a slow run under a parallel setting it named"}
_TAIL = "paste the first error of every rank and of the launcher, with NCCL_DEBUG=INFO"
_TAIL_SLOW = "compare with nccl-tests' all_reduce_perf on the same GPUs and paste NCCL_DEBUG=INFO's lines"


def _prior(shows: str, lines: list[int], name: str) -> Finding:
    """The `log.base_rate` finding of a paste that shows `shows`."""
    order = PRIORS[shows]
    say, check, tail = (_SAY_SLOW, _CHECK_SLOW, _TAIL_SLOW) if shows in _TOLD else (_SAY, _CHECK, _TAIL)
    return Finding(
        id="log.base_rate", severity=Severity.INFO, subject=name,
        message=(f"no line of this paste names a cause ncclkit knows ({_SHOWS[shows]}). In the resolved "
                 f"threads whose paste named no cause{_TOLD.get(shows, '')}, the "
                 "cause was most often " + ", then ".join(f"{say[c]} ({c})" for c in order)
                 + ": a prior from those threads, not a reading of this paste"),
        fix="check " + "; then ".join(check[c] for c in order) + ". For a diagnosis, " + tail,
        cause=order[0], evidence={"role": "prior", "shows": shows, "lines": lines,
                                  "alternatives": [str(c) for c in order[1:]]})


# NCCL's errors that name no cause and point at its WARN before them. A launcher's report that a worker exited
# (log.worker_failed) points at that worker's own output, a program's error the prior of these would misname.
_POINTERS = frozenset({"log.internal_error", "log.nccl_error", "log.system_error", "log.other", "log.proxy_error"})


def trouble_lines(text: str, judged: frozenset[int] = frozenset()) -> list[int]:
    """The lines that show a failure or a hang. A failure is a line in the program's own words that no row reads
    (error_words' reading of a report), or where there is none, the last frame of a traceback cut before its
    exception; lines that healthy runs print are no sign, nor are the `judged` ones: a reader has said what they are,
    even where that names no cause (a consequence, a retry, a summary that points at the error above)."""
    lines = text.splitlines()
    skip = judged | {n for n, _ in noise_lines(text)} | {n for n, line in enumerate(lines, 1) if _NCCL_INFO in line}
    failing = {no for no in unread_failures(text) if no not in skip}
    failing |= {no for no, line in enumerate(lines, 1)
                if no not in skip and (_TRACEBACK in line or HANG_WORDS.search(line))}
    if not failing:
        # a traceback pasted from its middle and cut before its exception: its last frame
        frames = [no for no, line in enumerate(lines, 1) if no not in skip and FRAME.match(line)]
        failing = set(frames[-1:])
    return sorted(failing)[:20]


# An XML document's first line: a declaration or a whole tag ("<system version="1">", nvidia-smi -q -x's "<?xml"),
# not a line that starts with one of Python's "<frozen runpy>:128: RuntimeWarning: ...".
_XML_START = re.compile(r"\s*<(?:\?xml|!DOCTYPE|[A-Za-z][\w:.-]*(?:\s+[\w:.-]+=\"[^\"\n]*\")*\s*/?>[ \t]*(?:\n|\Z))")


def _quiet_run(text: str) -> str | None:
    """"slow", "slow_setting" or "nothing" for an unrecognised paste (of two lines or more, or one line of the
    reporter's account: the caller checks which), of a run, in which the reporter shows what they ran or says what
    happened (a command, code, their own words) and no line states a failure or a hang, read by a row or not; None
    otherwise. Such a paste was pasted because the run failed, hung or gave wrong results ("nothing") or ran slow
    ("slow": the reporter says so, or the paste measures a speed; "slow_setting" where it names a parallel setting it
    runs under). A program's output alone, a GPU tool's listing and an XML document are left alone: healthy runs
    print them too."""
    reported = _ACCOUNT.search(text) or _RUN.search(text) and (_RAN.search(text) or _CJK_SENTENCE.search(text))
    if (not reported or _XML_START.match(text)
            or any(states_failure(line) or _TRACEBACK in line or HANG_WORDS.search(line)
                   for line in text.splitlines())):
        return None
    return ("slow_setting" if _SETTING.search(text) else "slow") if _SLOW.search(text) else "nothing"


def base_rate_findings(findings: list[Finding], text: str, name: str, *, recognised: bool) -> list[Finding]:
    """The findings, led by `log.base_rate` and its alternatives where none of them names a cause and the paste
    shows a failure or a hang, or is an unrecognised report of a run that shows none; one ncclkit did not recognise
    (`recognised` False) only where it speaks of a GPU job."""
    # A reader that named a cause has answered; one that spoke without naming any (a worker's exit pointing at its
    # error above, a bare return code pointing at its WARN) has said where to look, except NCCL's own errors below.
    if any(f.root_cause is not None or f.id == "log.no_failure" for f in findings):
        return findings
    # One line alone is a message to look up (the rows and error_words read it), not a report of a job, unless it is
    # the reporter's own account in the first person or in a sentence of Chinese, Japanese or Korean ("When I train
    # the model ... the code gets stuck": rllm-org/rllm#47, nlpyang/hiersumm#9, both the launch's doing; "发现采用
    # deepspeed zero3训练会出现严重的速度下降问题": modelscope/ms-swift#1825).
    one_line = sum(1 for line in text.splitlines() if line.strip()) < 2
    if one_line and not (_ACCOUNT.search(text) or _CJK_SENTENCE.search(text)):
        return findings
    # NCCL's own error that names no cause, where the WARN it points at was not pasted, is a failure like any other
    # no line explains (NVIDIA/nccl-tests#275 and open-mmlab/mmsegmentation#1521: "internal error" alone, both
    # settled by another version; facebookresearch/metaseq#554 by the program's device).
    spoke = [f for f in findings if f.severity != Severity.INFO]
    if spoke:
        if any(f.id not in _POINTERS for f in spoke):
            return findings
        lines = sorted({n for f in spoke if isinstance(f.evidence, dict) for n in f.evidence.get("lines") or ()})
        prior = _prior("failure", lines, name)
        return [prior, *alternative_findings(prior, {prior.root_cause}), *findings]
    if not recognised and not _JOB.search(text):
        return findings
    judged = frozenset(n for f in findings if isinstance(f.evidence, dict) for n in f.evidence.get("lines") or ())
    lines = trouble_lines(text, judged)
    shows = "failure" if lines else None if recognised else _quiet_run(text)
    if shows is None:
        return findings
    prior = _prior(shows, lines, name)
    return [prior, *alternative_findings(prior, {prior.root_cause}), *findings]
