"""Terminal escape sequences removed from pasted tool output (log viewers, `nvidia-smi topo -m`)."""

from __future__ import annotations

import re

__all__ = ["ANSI_ESCAPE", "strip_ansi"]

# Terminal colour/underline sequences: log viewers colour levels, and `nvidia-smi topo -m` underlines
# its header row with ESC[4m ... ESC[0m when writing to a terminal.
ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def strip_ansi(text: str) -> str:
    """`text` without terminal escape sequences (cheap when there are none)."""
    return ANSI_ESCAPE.sub("", text) if "\x1b" in text else text
