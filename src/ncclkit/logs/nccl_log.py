"""Streaming reader of NCCL_DEBUG output (NCCL 2.4 - 2.30): facts, channel transports and error lines.

Reads bytes in 8 MiB blocks cut at a newline and keeps only small state (nccl_log_state.LogState),
so a multi-GB log of thousands of ranks fits in a few tens of MB. Accepts one file per rank or all
ranks mixed, with or without the `host:pid:tid [dev]` prefix (nccl-internals.md section 0), with
launcher noise in front of it (pdsh `host: `, mpirun `[1,0]<stdout>:`, CloudWatch columns).

A regular file of PARALLEL_MIN_BYTES or more is read as two byte ranges in two processes (fork) when
the machine has 2+ cores; the second range's state is merged into the first. Each block is read by
nccl_log_scan.scan_block (the hot path); the state it fills is summarized by nccl_log_summary.
"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Iterable
from typing import BinaryIO

from ncclkit.logs.nccl_log_model import (
    LogError,
    NcclLogSummary,
    TransportUse,
    normalize_transport,
)
from ncclkit.logs.nccl_log_merge import merge
from ncclkit.logs.nccl_log_scan import scan_block
from ncclkit.logs.nccl_log_state import LogState
from ncclkit.logs.nccl_log_summary import summarize

__all__ = ["LogError", "NcclLogSummary", "TransportUse", "normalize_transport", "parse_nccl_log",
           "parse_nccl_log_stream"]

CHUNK_BYTES = 8 << 20       # scan unit; whole lines only
MAX_LINE_BYTES = 64 << 20
HOST_SCAN_BYTES = 1 << 20   # head of the log in which every line's prefix is parsed for its host
PARALLEL_MIN_BYTES = 64 << 20

def parse_nccl_log(lines: Iterable[str]) -> NcclLogSummary:
    """Read NCCL debug output given as lines (a list, a text file object, any iterable of str)."""
    st = _new_state()
    batch: list[str] = []
    size = 0
    for line in lines:
        batch.append(line if line.endswith("\n") else line + "\n")
        size += len(line)
        if size >= CHUNK_BYTES:
            scan_block(st, "".join(batch).encode("utf-8", "surrogateescape"))
            batch.clear()
            size = 0
    if batch:
        scan_block(st, "".join(batch).encode("utf-8", "surrogateescape"))
    return summarize(st)


def parse_nccl_log_stream(stream: BinaryIO, *, workers: int | None = None) -> NcclLogSummary:
    """Read NCCL debug output from a binary stream in blocks (memory stays bounded). A large regular
    file is split over `workers` processes (default: 2 when there are 2+ cores, 1 is sequential)."""
    span = _file_span(stream)
    if span is not None and _want_split(span, workers):
        return summarize(_parse_split(*span))
    st = _new_state()
    if span is not None:
        _scan_range(st, *span)
    else:
        _scan_stream(st, stream)
    return summarize(st)


def _new_state() -> LogState:
    st = LogState()
    st.line_hosts_left = HOST_SCAN_BYTES
    return st


def _scan_stream(st: LogState, stream: BinaryIO) -> None:
    """Scan a pipe or in-memory stream, carrying the partial last line of each block into the next."""
    carry = b""
    raw = stream.read(CHUNK_BYTES)
    while raw:
        ahead = stream.read(CHUNK_BYTES)
        block = carry + raw if carry else raw
        if not ahead:  # the last block: a paste's last line often has no newline, and is one line with
            # the line before it ("Last error:" and the cause under it), so it is scanned in this block
            scan_block(st, block if block.endswith(b"\n") else block + b"\n")
            return
        raw = ahead
        cut = block.rfind(b"\n") + 1
        if cut == 0 and len(block) < MAX_LINE_BYTES:
            carry = block
            continue
        if cut == 0:  # a giant line without newline: scan it as is
            block, cut = block + b"\n", len(block) + 1
        carry = block[cut:]
        scan_block(st, block, cut)


def _scan_range(st: LogState, fd: int, start: int, end: int) -> None:
    """Scan bytes [start, end) of a file; each read starts at a line start and fills the same buffer
    (no new 8 MiB object, so no fresh pages to fault in, per block)."""
    buf = bytearray(min(CHUNK_BYTES, end - start))
    pos = start
    while pos < end:
        want = CHUNK_BYTES
        while True:
            size = min(want, end - pos)
            if len(buf) < size:
                buf = bytearray(size)
            got = _read_at(fd, buf, size, pos)
            cut = got if pos + got >= end else buf.rfind(b"\n", 0, got) + 1
            if cut or want >= MAX_LINE_BYTES or not got:
                break
            want *= 2  # a line longer than the block: read more of it
        if not got:
            return
        cut = cut or got
        if buf[cut - 1] == 0x0A:
            scan_block(st, buf, cut)
        else:  # the last line of the file without its newline, or a giant line
            scan_block(st, bytes(buf[:cut]) + b"\n")
        pos += cut


def _read_at(fd: int, buf: bytearray, size: int, pos: int) -> int:
    """Read up to `size` bytes at offset `pos` into the start of `buf` (the file offset is shared
    with a forked reader, so only positional reads); returns how many were read."""
    if hasattr(os, "preadv"):
        with memoryview(buf) as view, view[:size] as head:
            return os.preadv(fd, [head], pos)
    data = os.pread(fd, size, pos)
    buf[:len(data)] = data
    return len(data)


# -- two byte ranges in two processes ---------------------------------------------------------------
def _file_span(stream: BinaryIO) -> tuple[int, int, int] | None:
    """(fd, start, end) when `stream` is a regular file read from `start`; else None."""
    try:
        fd = stream.fileno()
        info = os.fstat(fd)
        start = stream.tell()
    except (AttributeError, OSError, ValueError):
        return None
    return (fd, start, info.st_size) if stat.S_ISREG(info.st_mode) else None


def _want_split(span: tuple[int, int, int], workers: int | None) -> bool:
    if workers == 1 or span[2] - span[1] < PARALLEL_MIN_BYTES or not hasattr(os, "fork"):
        return False
    if workers is None and (os.cpu_count() or 1) < 2:
        return False
    # fork() copies only the calling thread: with other threads alive a lock could stay held.
    return threading.active_count() == 1


def _line_boundary(fd: int, pos: int, end: int) -> int:
    """The first line start at or after `pos` (end when there is none)."""
    while pos < end:
        window = os.pread(fd, min(1 << 20, end - pos), pos)
        if not window:
            break
        i = window.find(b"\n")
        if i >= 0:
            return pos + i + 1
        pos += len(window)
    return end


def _parse_split(fd: int, start: int, end: int) -> LogState:
    """First half here, second half in a forked child that sends its pickled state back; if the
    child fails for any reason the second half is read here, so the result never depends on it."""
    import pickle  # only here: importing it costs ~6 ms, a tenth of reading a 64 MiB log

    mid = _line_boundary(fd, start + (end - start) // 2 - 1, end)
    first = _new_state()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: never returns into the caller's code
        code = 1
        try:
            os.close(read_end)
            later = LogState()
            later.first_host = ""
            _scan_range(later, fd, mid, end)
            later.host_of_head.clear()
            with os.fdopen(write_end, "wb") as out:
                pickle.dump(later, out, protocol=pickle.HIGHEST_PROTOCOL)
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    pipe = os.fdopen(read_end, "rb")
    try:
        _scan_range(first, fd, start, mid)
        data = pipe.read()
    finally:
        pipe.close()  # on an error here the child gets EPIPE instead of blocking on a full pipe
        _, status = os.waitpid(pid, 0)
    if status == 0 and data:
        later = pickle.loads(data)  # written by our own child process just now
    else:
        later = LogState()
        later.first_host = ""
        _scan_range(later, fd, mid, end)
    merge(first, later)
    return first
