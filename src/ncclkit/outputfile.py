"""Writing a user-named output file (--output, --topo-out, --bench-json) safely.

check_output_file refuses a missing folder or a folder given as the file before any work is done;
write_output_file writes atomically (a temporary file in the same folder, then rename), so an
interrupted or failed write never leaves a half-written file under the user's name.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ncclkit.errors import NcclkitError

__all__ = ["check_output_file", "write_output_file"]


def check_output_file(path: Path | str, *, flag: str) -> Path:
    """`path` as a Path when it can be written: its folder exists and it is not a folder itself."""
    out = Path(path)
    folder = out.parent
    if not folder.is_dir():
        raise NcclkitError(f"{flag} {out}: folder {folder} does not exist",
                           hint=f"create it first (mkdir -p {folder}) or give another path")
    if out.is_dir():
        raise NcclkitError(f"{flag} {out}: is a folder", hint="give a file name inside it")
    return out


def write_output_file(path: Path | str, text: str, *, flag: str) -> Path:
    """Write `text` to `path` atomically; NcclkitError naming `flag path` when it cannot."""
    out = check_output_file(path, flag=flag)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    except OSError as exc:
        raise NcclkitError(f"{flag} {out}: cannot write ({exc.strerror or exc})",
                           hint="choose a writable location") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise NcclkitError(f"{flag} {out}: cannot write ({exc.strerror or exc})",
                           hint="choose a writable location") from None
    return out
