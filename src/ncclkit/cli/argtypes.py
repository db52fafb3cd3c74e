"""argparse `type=` validators shared by every command: counts, seconds, rates, ports, sizes.

A bad value is refused while the command line is read (exit 2, the flag and the value named),
before any node is probed or any rank started. NaN and infinity are never accepted.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

__all__ = ["MAX_SIZE_BYTES", "at_least", "fraction", "nonneg_int", "parse_size", "positive_float",
           "positive_int", "tcp_port"]

# nccl-tests takes any size, but no GPU or host holds a 1 TiB buffer: past this it is a typo.
MAX_SIZE_BYTES = 2**40


def _int(text: str) -> int:
    try:
        return int(text.strip(), 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r}: give a finite number")
    return value


def at_least(low: int) -> Callable[[str], int]:
    """A whole number >= low."""
    def check(text: str) -> int:
        value = _int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"{text!r}: must be at least {low}")
        return value
    check.__name__ = f"int>={low}"
    return check


positive_int = at_least(1)
nonneg_int = at_least(0)


def positive_float(text: str) -> float:
    """A finite number above 0 (seconds, rates, MiB)."""
    value = _float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: must be above 0")
    return value


def interval_seconds(text: str) -> float:
    """0 (one reading) up to 60 seconds: how long doctor/snapshot wait between two counter readings."""
    value = _float(text)
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"{text!r}: give 0 to 60 seconds")
    return value


def fraction(text: str) -> float:
    """A number in (0, 1]."""
    value = _float(text)
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be above 0 and at most 1")
    return value


def tcp_port(text: str) -> int:
    """A TCP port, 1..65535."""
    value = _int(text)
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a TCP port (1..65535)")
    return value


def parse_size(text: str) -> int:
    """nccl-tests' size syntax: bytes with an optional K, M or G (binary) suffix; 1..1 TiB."""
    t = text.strip().upper().rstrip("B")
    mult = {"K": 2**10, "M": 2**20, "G": 2**30}.get(t[-1:], 1) if t else 1
    number = t[:-1] if mult > 1 else t
    try:
        value = float(number) * mult
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size (e.g. 8, 64K, 256M, 4G)") from None
    if not math.isfinite(value) or value > MAX_SIZE_BYTES:
        raise argparse.ArgumentTypeError(f"{text!r}: larger than {MAX_SIZE_BYTES} bytes (1 TiB)")
    if int(value) <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: a size must be positive")
    return int(value)
