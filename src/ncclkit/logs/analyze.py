"""`ncclkit analyze` core: bytes of one input -> the CONTRACTS section 5 object with findings.

The input is read as bytes; its first MiB decides the kind (detect.py). NCCL logs are then streamed
line by line from that same stream (never held whole), everything else is small and read at once.
Bytes that are not UTF-8 are replaced, and binary input gives kind "unknown" with a clear finding.
"""

from __future__ import annotations

import dataclasses
import io
import os
from pathlib import Path
from typing import Any, BinaryIO

from ncclkit.causes import Cause
from ncclkit.errors import NcclkitError
from ncclkit.findings import Finding, Severity, sort_findings
from ncclkit.hang.analyze import HANG_KINDS, analyze_hang, ras_parts, watchdog_fields
from ncclkit.hang.frdump import looks_like_pickle_dump
from ncclkit.inputfile import open_input_fd
from ncclkit.logs.checks import check_log, check_tests
from ncclkit.logs.detect import HEAD_BYTES, KINDS, detect_kind, is_binary, strip_ansi
from ncclkit.logs.ranking import rank_findings
from ncclkit.logs.base_rates import base_rate_findings
from ncclkit.logs.comm_timing import comm_timing_findings
from ncclkit.logs.error_words import error_word_findings, states_failure
from ncclkit.logs.cpu_affinity import cpu_affinity_findings
from ncclkit.logs.device_copies import copy_findings, default_gpu_findings
from ncclkit.logs.fingerprint_trace import fingerprint_findings
from ncclkit.logs.frtrace_report import frtrace_findings
from ncclkit.logs.geforce_p2p import geforce_p2p_findings
from ncclkit.logs.gids import none_found, parse_show_gids, recommend_gid_index
from ncclkit.logs.gpu_support import check_gpu_support
from ncclkit.logs.jax_init_order import jax_init_order_findings
from ncclkit.logs.k8s_describe import gpu_stack_pod_findings
from ncclkit.logs.lammps_layout import kokkos_gpu_findings
from ncclkit.logs.launch_args import launch_findings
from ncclkit.logs.nccl_log import parse_nccl_log, parse_nccl_log_stream
from ncclkit.logs.nccl_tests import parse_nccl_tests
from ncclkit.logs.nvlink_paste import nvlink_paste_findings
from ncclkit.logs.one_gpu import one_gpu_findings
from ncclkit.logs.prefix_devices import prefix_device_findings
from ncclkit.logs.paste_code import ignored_exception_lines, teardown_kill_lines
from ncclkit.logs.paste import HARMLESS_CATEGORIES, embedded, has_signal, noise_lines, outside_listings
from ncclkit.logs.paste_text import normalize, undecorate, unflatten, unwrap
from ncclkit.logs.p2p_order import p2p_order_findings
from ncclkit.logs.pcie_tests import check_pcie_tests
from ncclkit.logs.peer_left import peer_left_findings
from ncclkit.logs.progress_checks import progress_findings
from ncclkit.logs.rank_claims import rank_claim_findings
from ncclkit.logs.release_compare import release_compare_findings
from ncclkit.logs.smi_memory import occupied_gpu_findings
from ncclkit.logs.smi_processes import smi_process_findings
from ncclkit.logs.stack_dumps import stack_findings
from ncclkit.logs.step_time import input_bound_findings
from ncclkit.logs.ports import parse_ports
from ncclkit.logs.tool_checks import check_gids, check_ports, check_topo
from ncclkit.logs.traceback_cut import cut_traceback_findings
from ncclkit.logs.xid_repeats import xid_repeat_findings
from ncclkit.logs.topo import parse_topo

__all__ = ["KINDS", "analyze_path", "analyze_stream", "analyze_text"]

MAX_SMALL_BYTES = 256 << 20  # non-log kinds are tool outputs of a few KB; refuse to slurp more


class _Prefixed(io.RawIOBase):
    """A raw stream that yields `head` and then the rest of `stream` (lets detection peek at stdin)."""

    def __init__(self, head: bytes, stream: BinaryIO) -> None:
        self._head = memoryview(head)
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        if self._head:
            n = min(len(buf), len(self._head))
            buf[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._stream.read(len(buf))
        buf[:len(data)] = data
        return len(data)




def analyze_path(path: str | Path, *, kind: str | None = None,
                 line_rate_gbps: float | None = None) -> dict[str, Any]:
    """Analyze one file; raises NcclkitError naming the file when it cannot be read."""
    # open_input_fd: a FIFO with no writer reads as empty instead of blocking forever.
    fd = open_input_fd(path, hint="check the path; for a folder, pass the log files inside it")
    try:
        with os.fdopen(fd, "rb") as f:
            return analyze_stream(f, name=str(path), kind=kind, line_rate_gbps=line_rate_gbps)
    except OSError as exc:
        raise NcclkitError(f"{path}: cannot read ({exc.strerror or exc})", hint="check the file") from None


def analyze_text(text: str, *, name: str = "-", kind: str | None = None,
                 line_rate_gbps: float | None = None) -> dict[str, Any]:
    """Analyze text already in memory (tests, callers that captured output)."""
    return analyze_stream(io.BytesIO(text.encode("utf-8", errors="replace")), name=name, kind=kind,
                          line_rate_gbps=line_rate_gbps)


# Findings of a log's reading that describe the log itself, left out where log lines sit inside another artifact.
_LOG_FACTS = frozenset({"log.no_nccl_lines", "log.transport_map", "log.intra_node_net"})


def analyze_stream(stream: BinaryIO, *, name: str, kind: str | None = None,
                   line_rate_gbps: float | None = None) -> dict[str, Any]:
    """Analyze a binary stream (a file, stdin.buffer); NCCL logs are streamed, not loaded."""
    start = _seekable_at(stream)
    head = stream.read(HEAD_BYTES) or b""
    if kind is None and looks_like_pickle_dump(head):
        kind = "flight_recorder"  # torch's dump-on-timeout pickle (binary, read as plain data only)
    if kind is None and is_binary(head):
        return _result(name, "unknown", {}, [Finding(
            id="input.binary", severity=Severity.INFO, subject=name,
            message=f"{name} is binary data, not text printed by NCCL or a tool",
            fix="pass the text log (NCCL_DEBUG_FILE output, nccl-tests stdout, ibstat output)")])
    head_text = head.decode("utf-8", errors="replace")
    # A paste (the whole input fits the head): restore trimmed NCCL markers before anything reads it.
    whole = len(head) < HEAD_BYTES
    split = wrapped = 0
    claims: list[Finding] = []
    if whole:
        # a terminal's wraps go first: the launchers' prefixes stand on the first piece of a wrapped line only
        plain, wrapped = unwrap(strip_ansi(head_text))
        # read before the launchers' prefixes go: they name each line's process (which rank claimed what, which one
        # left with no error while another lost its collective)
        claims = rank_claim_findings(plain) + peer_left_findings(plain)
        head_text, split = unflatten(undecorate(plain))
        head_text = normalize(head_text)
    if kind is None:
        kind = detect_kind(head_text)
        if kind == "unknown" and whole and (has_signal(head_text) or noise_lines(head_text)):
            kind = "nccl_log"  # a traceback, a bare WARN, a launcher error, lines healthy runs print: read as a log
    elif kind not in KINDS:
        raise NcclkitError(f"unknown kind {kind!r}", hint="use one of " + ", ".join(KINDS))
    if kind == "nccl_log":
        if whole:
            summary = parse_nccl_log_stream(io.BytesIO(head_text.encode("utf-8", errors="replace")))
        elif start is not None:  # a file: read it again from the start (large ones in two processes)
            stream.seek(start)
            summary = parse_nccl_log_stream(stream)
        else:
            summary = parse_nccl_log_stream(io.BufferedReader(_Prefixed(head, stream), buffer_size=1 << 20))
        # PyTorch watchdog lines of several ranks name the one that lags (ncclkit.hang.watchdog).
        wd_fields, wd_findings = watchdog_fields(strip_ansi(head_text), name)
        findings = wd_findings + check_log(summary, name)
        if whole:
            found = _not_ignored(findings + claims + _embedded_findings(head_text, kind, name), head_text)
            # A paste with no NCCL line (a traceback, a report that names NCCL's version) is a report, not a log
            findings = (base_rate_findings(rank_findings(_guessed(found, head_text, name)), head_text, name,
                                           recognised=summary.nccl_lines > 0)
                        + _restored(name, split, wrapped))
        return _result(name, kind, {**summary.to_json(), **wd_fields}, findings)
    rest = stream.read(MAX_SMALL_BYTES) if len(head) == HEAD_BYTES else b""
    if kind == "ras" and whole and has_signal(head_text):
        # A RAS report pasted with the ranks' own lines (the watchdog's timeout, a WARN): both are read, RAS's
        # view of who is alive beside what the ranks printed (NVIDIA/nccl#1730).
        fields, found = ras_parts(head_text, name)
        _, wd_findings = watchdog_fields(head_text, name)  # the object keeps a RAS object's keys
        logged = [f for f in check_log(parse_nccl_log(head_text.splitlines()), name) if f.id not in _LOG_FACTS]
        ranked = rank_findings(found + wd_findings + logged)
        if any(f.id == "hang.all_in_collective" for f in found):  # RAS saw every rank alive: none crashed
            ranked = [f for f in ranked if not (f.id == "log.alternative"
                                                and f.root_cause is Cause.RANK_CRASHED_ELSEWHERE)]
        return _result(name, kind, fields, ranked)
    if kind in HANG_KINDS:
        return analyze_hang(kind, head + rest, name)
    text = strip_ansi((head + rest).decode("utf-8", errors="replace") if rest else head_text)
    if kind != "unknown":
        fields, findings = _read_kind(kind, text, name, line_rate_gbps)
        if whole:
            findings = findings + claims + _embedded_findings(text, kind, name)
            if kind == "nccl_tests":
                findings = rank_findings(_guessed(findings, text, name))
            else:
                # A listing pasted with a traceback, a log or the reporter's account: what lies around the listings
                # is read as a paste of its own would be (its failure lines' words, the prior where none names a
                # cause); the listings' own lines are no failure.
                around = outside_listings(text)
                findings = base_rate_findings(rank_findings(_guessed(findings, around, name)), around, name,
                                              recognised=has_signal(around))
            findings += _restored(name, split, wrapped)
        elif kind == "nccl_tests" and ("NCCL WARN" in text or "NCCL INFO" in text):
            log = parse_nccl_log(text.splitlines())
            findings += [f for f in check_log(log, name) if f.id != "log.no_nccl_lines"]
        return _result(name, kind, fields, findings)
    guessed = claims + _text_findings(text)
    guess = _guessed(guessed, text, name) if whole else []
    # Lines of other programs (a stack dump, a launcher's or a driver's messages) are read for failures all the same.
    read = "; its lines were read for the failures above" if any(f.root_cause is not None for f in guess) else ""
    what = ("is empty (0 bytes: a log still being written, or a FIFO with no writer?)" if not head
            else "not recognised as an NCCL log, nccl-tests output, topo matrix, ibstat, "
                 f"ibv_devinfo or show_gids{read}")
    ranked = base_rate_findings(rank_findings(guess), text, name, recognised=False) if whole else []
    return _result(name, "unknown", {}, ranked + [Finding(
        id="input.unknown_kind", severity=Severity.INFO, subject=name, message=f"{name}: {what}",
        fix="pass --kind K if you know what it is" if head else "pass the file once it has content")])


def _read_kind(kind: str, text: str, name: str, line_rate_gbps: float | None) -> tuple[dict[str, Any], list[Finding]]:
    """The fields and findings of one artifact of a known kind other than an NCCL log."""
    if kind == "nccl_tests":
        tests = parse_nccl_tests(text)
        return tests.to_json(), check_tests(tests, name, line_rate_gbps)
    if kind == "topo":
        topo = parse_topo(text)
        return topo.to_json(), check_topo(topo)
    if kind in ("ibstat", "ibv_devinfo"):
        listing = parse_ports(text)
        return {"ports": [p.to_json() for p in listing.ports]}, check_ports(listing)
    gids = parse_show_gids(text)
    return {"gids": [g.to_json() for g in gids], "recommended_gid_index": recommend_gid_index(gids)}, \
        check_gids(gids, none_found=none_found(text))


def _embedded_findings(text: str, kind: str, name: str) -> list[Finding]:
    """Findings of the other artifacts pasted with the main one (a log, then ibstat, then topo -m),
    and of the log lines around a tool's output."""
    out: list[Finding] = check_pcie_tests(text) + check_gpu_support(text) + _text_findings(text)
    for sub_kind, block, before in embedded(text, kind):
        _, found = _read_kind(sub_kind, block, name, None)
        out.extend(_shift_lines(f, before) for f in found
                   if f.severity != Severity.INFO or f.root_cause is not None)
    if kind != "nccl_log" and has_signal(text):
        log = parse_nccl_log(text.splitlines())
        out.extend(f for f in check_log(log, name)
                   if f.id not in _LOG_FACTS)
    return out


def _not_ignored(findings: list[Finding], text: str) -> list[Finding]:
    """The findings, less those whose every line stopped nothing (paste_code): an exception Python printed as ignored,
    a worker torchrun killed after another had failed first."""
    ignored = ignored_exception_lines(text) | teardown_kill_lines(text)
    if not ignored:
        return findings
    return [f for f in findings
            if not (isinstance(f.evidence, dict) and f.evidence.get("lines")
                    and set(f.evidence["lines"]) <= ignored)]


def _text_findings(text: str) -> list[Finding]:
    """The judges that read a paste's text as a whole, whatever its kind: the pasted command, the progress around a
    timeout, stack dumps, point-to-point traffic split over two communicators, a GPU faulting under many processes,
    `nvidia-smi nvlink -s` with links down, ranks holding memory on one shared GPU, a launch given a GPU a pasted memory
    listing shows full, LAMMPS' Kokkos given more GPUs than tasks, a GPU stack pod failing in `kubectl describe`, a CPU
    binding the job's cpuset refuses, fr_trace's ranks that never joined, the ranks' last collectives under
    TORCH_DISTRIBUTED_DEBUG=DETAIL, a traceback cut before its exception at a step whose failure is known
    (traceback_cut), a GPU-to-GPU copy read as zeros, a tensor on GPU 0 of a run pinned to another, one job's outcome
    under two NCCL releases, JAX used before its distributed initialize, a trainer's steps spent waiting for data, one
    GPU of several doing all the work, torchrun's ranks that all print one GPU in NCCL's prefix, a profiler table
    dominated by NCCL's kernels, a timed loop whose first call pays the set-up (comm_timing), and a job on GeForce
    RTX 40-series GPUs that hangs."""
    return (launch_findings(text) + progress_findings(text) + stack_findings(text) + p2p_order_findings(text)
            + xid_repeat_findings(text) + nvlink_paste_findings(text) + smi_process_findings(text)
            + occupied_gpu_findings(text) + kokkos_gpu_findings(text) + gpu_stack_pod_findings(text)
            + cpu_affinity_findings(text)
            + frtrace_findings(text) + fingerprint_findings(text) + cut_traceback_findings(text)
            + copy_findings(text) + default_gpu_findings(text) + release_compare_findings(text)
            + jax_init_order_findings(text)
            + input_bound_findings(text) + one_gpu_findings(text) + prefix_device_findings(text)
            + comm_timing_findings(text) + geforce_p2p_findings(text))


# Findings that only say a process failed (an abort, torchrun's failure summary): the error they leave to is
# printed before them.
_AFTER_AN_ERROR = frozenset({"log.process_aborted", "log.worker_failed"})


def _guessed(findings: list[Finding], text: str, name: str) -> list[Finding]:
    """The findings, and where none of them names a cause, the guess the failure lines' words make (logs,
    nccl-tests output and unrecognised pastes only: a listing's reader has judged every line of it, legends
    included). A process's abort names no cause of its own: the error printed before it does, so an unrecognised
    one is still read for its words ("what(): ... invalid device function", baidu-research/DeepBench#10)."""
    if any(f.root_cause is not None and f.severity != Severity.INFO and f.id not in _AFTER_AN_ERROR
           for f in findings):
        return findings
    # Failure lines that name no subject are read only where no other line was judged (an NCCL error whose
    # cause is not named is still NCCL's, not a library's beside it).
    alone = all(f.severity == Severity.INFO or f.id in _AFTER_AN_ERROR for f in findings)
    guess = error_word_findings(text, name, no_subject=alone)
    if any(f.root_cause is not None and f.id.removeprefix("log.") not in HARMLESS_CATEGORIES
           for f in findings + guess):
        return findings + guess
    noise = noise_lines(text)
    harmless = {n for n, _ in noise}
    if noise and not any(states_failure(line) for n, line in enumerate(text.splitlines(), 1) if n not in harmless):
        # Nothing but lines that healthy runs print (c10d's IPv6 try with IPv6 off, an optional plugin not
        # installed): the answer is that they fail nothing. No cause: none of a failure is in the paste.
        return [Finding(
            id="log.no_failure", severity=Severity.INFO, subject=name,
            message="the lines recognised here are ones that healthy runs print too: "
                    + "; ".join(dict.fromkeys(what for _, what in noise)) + ". None of them is an error by itself",
            fix="nothing to fix if the job ran as it should; if it failed, hung or ran slow, paste the first error "
                "of every rank and of the launcher, or rerun with NCCL_DEBUG=INFO",
            evidence={"lines": [n for n, _ in noise][:20], "role": "noise"}), *findings, *guess]
    return findings + guess


def _restored(name: str, split: int, joined: int) -> list[Finding]:
    """Notes of what restoring the paste's lines changed: lines run together split, a terminal's breaks joined."""
    notes = []
    if split:
        notes.append(Finding(id="input.unflattened", severity=Severity.INFO, subject=name,
                             message=f"{split} line(s) of {name} held several log lines run together (a paste that "
                                     "lost its line breaks): they were read as separate lines, and the line numbers "
                                     "above count them so",
                             fix="paste the log as a file or a code block to keep its lines",
                             evidence={"lines_split": split}))
    if joined:
        notes.append(Finding(id="input.unwrapped", severity=Severity.INFO, subject=name,
                             message=f"{joined} line(s) of {name} continued the line above them, broken at a "
                                     "terminal's width: they were read as part of it, and its line number stands for "
                                     "both",
                             fix="copy the log from the file it was written to (NCCL_DEBUG_FILE, tee) to keep its "
                                 "lines whole",
                             evidence={"lines_joined": joined}))
    return notes


def _shift_lines(f: Finding, before: int) -> Finding:
    """A finding of a block pasted inside a longer text, its evidence lines counted in that text."""
    ev = f.evidence if isinstance(f.evidence, dict) else {}
    if not before or not ev.get("lines"):
        return f
    return dataclasses.replace(f, evidence={**ev, "lines": [n + before for n in ev["lines"]]})


def _seekable_at(stream: BinaryIO) -> int | None:
    """The current offset of a seekable stream (a file, BytesIO); None for pipes and sockets."""
    try:
        return stream.tell() if stream.seekable() else None
    except (AttributeError, OSError, ValueError):
        return None


def _result(name: str, kind: str, fields: dict[str, Any], findings: list[Finding]) -> dict[str, Any]:
    return {"file": name, "kind": kind, **fields,
            "findings": [f.to_json() for f in sort_findings(findings)]}
