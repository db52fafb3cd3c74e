"""A TCP port of this machine that nothing listens on, for tests that start servers or jobs of their own."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A port the kernel just handed out on 127.0.0.1 (free, unless another process takes it first)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
