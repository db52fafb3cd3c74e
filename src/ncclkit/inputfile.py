"""Reading a user-given input file (a result JSON, an env file, a host list) safely.

Every command that takes a FILE argument reads it through here, so that a missing path, a folder,
a FIFO with no writer, a huge device or bytes that are not UTF-8 become one NcclkitError naming the
flag, the path and the fix - never a traceback and never a hang. Nothing is written.
"""

from __future__ import annotations

import fcntl
import json
import os
import stat
from pathlib import Path
from typing import Any

from ncclkit.errors import NcclkitError

__all__ = ["read_input_json", "MAX_INPUT_BYTES", "open_input_fd", "read_input_bytes", "read_input_text",
           "require_regular_file"]

MAX_INPUT_BYTES = 256 * 2**20  # no result JSON, env file or host list comes near this


def _label(path: Path | str, flag: str) -> str:
    return f"{flag} {path}" if flag else str(path)


def open_input_fd(path: Path | str, *, flag: str = "", hint: str = "check the path") -> int:
    """Open for reading without blocking on a FIFO that has no writer (it then reads as empty).

    A plain open() of a FIFO waits for a writer forever; O_NONBLOCK returns at once, and clearing
    it afterwards keeps normal blocking reads for pipes that do have a writer (`<(cmd)`).
    """
    label = _label(path, flag)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise NcclkitError(f"{label}: no such file", hint=hint) from None
    except PermissionError:
        raise NcclkitError(f"{label}: permission denied", hint="make the file readable") from None
    except OSError as exc:
        raise NcclkitError(f"{label}: cannot open ({exc.strerror or exc})", hint=hint) from None
    mode = os.fstat(fd).st_mode
    if stat.S_ISDIR(mode):
        os.close(fd)
        raise NcclkitError(f"{label}: is a folder, not a file", hint=hint)
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
    return fd


def read_input_bytes(path: Path | str, *, flag: str = "", hint: str = "check the path",
                     max_bytes: int = MAX_INPUT_BYTES, allow_empty: bool = True) -> bytes:
    """The whole file; NcclkitError naming `flag path` when it is missing, a folder, too large, a
    FIFO or device that gives nothing, or (allow_empty=False) an empty file."""
    label = _label(path, flag)
    fd = open_input_fd(path, flag=flag, hint=hint)
    regular = stat.S_ISREG(os.fstat(fd).st_mode)
    try:
        with os.fdopen(fd, "rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as exc:
        raise NcclkitError(f"{label}: cannot read ({exc.strerror or exc})", hint=hint) from None
    if len(data) > max_bytes:
        raise NcclkitError(f"{label}: larger than {max_bytes} bytes", hint=hint)
    if not data and not regular:  # never meant: a FIFO nobody writes to, a device with nothing
        raise NcclkitError(f"{label}: gave no data (a FIFO or device with no writer)",
                           hint="save the output to a file first and give that file")
    if not data and not allow_empty:
        raise NcclkitError(f"{label}: is empty", hint=hint)
    return data


def read_input_text(path: Path | str, *, flag: str = "", hint: str = "check the path",
                    max_bytes: int = MAX_INPUT_BYTES, allow_empty: bool = True) -> str:
    """The file as UTF-8 text; bytes that are not UTF-8 (a binary file) are an NcclkitError."""
    data = read_input_bytes(path, flag=flag, hint=hint, max_bytes=max_bytes, allow_empty=allow_empty)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NcclkitError(f"{_label(path, flag)}: not UTF-8 text (byte 0x{data[exc.start]:02x} at "
                           f"offset {exc.start}): binary data?", hint=hint) from None


def read_input_json(path: Path | str, *, flag: str = "", hint: str = "check the path") -> Any:
    """The file parsed as JSON; read errors and invalid JSON are NcclkitErrors naming the file."""
    text = read_input_text(path, flag=flag, hint=hint)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise NcclkitError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})", hint=hint) from None


def require_regular_file(path: Path | str, *, flag: str = "", hint: str = "check the path") -> Path:
    """`path` when it is a regular file (after symlinks); for inputs read twice or copied as is."""
    label = _label(path, flag)
    p = Path(path)
    try:
        mode = p.stat().st_mode
    except FileNotFoundError:
        raise NcclkitError(f"{label}: no such file", hint=hint) from None
    except OSError as exc:
        raise NcclkitError(f"{label}: cannot read ({exc.strerror or exc})", hint=hint) from None
    if stat.S_ISDIR(mode):
        raise NcclkitError(f"{label}: is a folder, not a file", hint=hint)
    if not stat.S_ISREG(mode):
        raise NcclkitError(f"{label}: not a regular file (a FIFO, socket or device)",
                           hint="save the output to a file first and give that file")
    return p
