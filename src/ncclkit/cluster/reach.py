"""Node-to-node reachability: a TCP listener on each node's probe port, and bounded connects to it.

Each node listens on its bootstrap address at --probe-port. Peers connect, send one JSON line and
read "ok". A node that cannot reach MASTER_ADDR:MASTER_PORT sends a `no_master` line to rank 0's
probe port instead, so rank 0 can name the blocked pair and port rather than only "missing".
"""

from __future__ import annotations

import errno
import json
import socket
import threading
import time
from typing import Any

from ncclkit.cluster.model import ReachRow

__all__ = ["ProbeListener", "bounded_connect", "connect_error_text", "probe", "send_message"]

_LINE_MAX_BYTES = 4096


def connect_error_text(exc: OSError, timeout_s: float) -> str:
    """Short reason for a failed connect, with the likely cause."""
    if isinstance(exc, TimeoutError | socket.timeout):
        return f"no answer within {timeout_s:g} s (packets dropped: a firewall, or a wrong address)"
    if exc.errno == errno.ECONNREFUSED:
        return "connection refused (nothing listening on that port, or a REJECT rule)"
    if exc.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH):
        return f"{exc.strerror} (no route to that address)"
    return f"{type(exc).__name__}: {exc.strerror or exc}"


def bounded_connect(addr: str, port: int, timeout_s: float) -> socket.socket:
    """A connected socket, or OSError within timeout_s."""
    sock = socket.create_connection((addr, port), timeout=timeout_s)
    sock.settimeout(timeout_s)
    return sock


def send_message(addr: str, port: int, message: dict[str, Any], timeout_s: float) -> bool:
    """Send one JSON line to a probe listener; True when it answered."""
    try:
        with bounded_connect(addr, port, timeout_s) as sock:
            sock.sendall(json.dumps(message).encode() + b"\n")
            return sock.recv(16).startswith(b"ok")
    except OSError:
        return False


def probe(src: str, dst: str, addr: str, port: int, timeout_s: float,
          message: dict[str, Any] | None = None) -> ReachRow:
    """Connect to addr:port within timeout_s (sending `message` if given) and record the result."""
    start = time.monotonic()
    try:
        with bounded_connect(addr, port, timeout_s) as sock:
            if message is not None:
                sock.sendall(json.dumps(message).encode() + b"\n")
    except OSError as exc:
        return ReachRow(src=src, dst=dst, port=port, ok=False,
                        error=f"{addr}:{port}: {connect_error_text(exc, timeout_s)}")
    return ReachRow(src=src, dst=dst, port=port, ok=True,
                    time_ms=round((time.monotonic() - start) * 1e3, 3))


class ProbeListener:
    """Accepts probe connections on addr:port in a daemon thread until close().

    Keeps the `no_master` messages it receives (rank 0 reads them to name blocked nodes).
    """

    def __init__(self, addr: str, port: int) -> None:
        self.addr = addr
        self.port = port
        self._sock = socket.socket(socket.AF_INET6 if ":" in addr else socket.AF_INET,
                                   socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self._sock.bind((addr, port))
            self._sock.listen(128)
        except OSError:
            self._sock.close()
            raise
        self._sock.settimeout(0.2)  # so close() is noticed promptly
        self._lock = threading.Lock()
        self._messages: list[dict[str, Any]] = []
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="ncclkit-probe", daemon=True)
        self._thread.start()

    def messages(self) -> list[dict[str, Any]]:
        with self._lock:
            return list(self._messages)

    def _serve(self) -> None:
        while not self._closed.is_set():
            try:
                conn, peer = self._sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=self._handle, args=(conn, str(peer[0])), daemon=True).start()

    def _handle(self, conn: socket.socket, peer_addr: str) -> None:
        with conn:
            conn.settimeout(2.0)
            data = b""
            try:
                while b"\n" not in data and len(data) < _LINE_MAX_BYTES:
                    chunk = conn.recv(1024)
                    if not chunk:
                        break
                    data += chunk
                conn.sendall(b"ok\n")
            except OSError:
                pass
        try:
            message = json.loads(data.split(b"\n", 1)[0] or b"null")
        except ValueError:
            return  # not one of ours: a port scanner or a plain probe
        if isinstance(message, dict) and message.get("kind") == "no_master":
            with self._lock:
                self._messages.append({**message, "peer_addr": peer_addr})

    def close(self) -> None:
        self._closed.set()
        self._sock.close()
        self._thread.join(timeout=1.0)
