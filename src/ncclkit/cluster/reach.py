"""Node-to-node reachability: a TCP listener on each node's probe port, and bounded connects to it.

Each node listens on its bootstrap address at --probe-port. Peers connect, send one JSON line and
read "ok". A node that cannot reach MASTER_ADDR:MASTER_PORT sends a `no_master` line to rank 0's
probe port instead, so rank 0 can name the blocked pair and port rather than only "missing".
Each node also listens on a port the kernel picks from ip_local_port_range, as NCCL's own bootstrap
and socket-transport listeners do (they bind port 0): a firewall that opens the master port but not
that range is then seen before NCCL hangs on it. A `bulk` line is followed by that many bytes and
answered once all arrived, which times one TCP stream between two nodes (a throttled link).
"""

from __future__ import annotations

import errno
import json
import socket
import threading
import time
from typing import Any

from ncclkit.cluster.model import ReachRow

__all__ = ["ProbeListener", "bounded_connect", "bulk_transfer", "connect_error_text", "probe",
           "send_message"]

_LINE_MAX_BYTES = 4096
_BULK_MAX_BYTES = 64 << 20  # what a listener accepts after a `bulk` line


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


def bulk_transfer(addr: str, port: int, size_bytes: int, timeout_s: float) -> tuple[float | None, str | None]:
    """Send size_bytes to a probe listener and wait for its answer: (MB/s, None) or (None, why)."""
    payload = bytes(size_bytes)
    start = time.monotonic()
    try:
        with bounded_connect(addr, port, timeout_s) as sock:
            sock.sendall(json.dumps({"kind": "bulk", "bytes": size_bytes}).encode() + b"\n")
            sock.sendall(payload)
            if not sock.recv(16).startswith(b"ok"):
                return None, f"{addr}:{port}: no answer after the transfer"
    except OSError as exc:
        return None, f"{addr}:{port}: {connect_error_text(exc, timeout_s)}"
    return size_bytes / max(time.monotonic() - start, 1e-6) / 1e6, None


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
            self.port = int(self._sock.getsockname()[1])  # the kernel's pick when port was 0
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
        message: Any = None
        with conn:
            conn.settimeout(2.0)
            data = b""
            try:
                while b"\n" not in data and len(data) < _LINE_MAX_BYTES:
                    chunk = conn.recv(65536)
                    if not chunk:
                        break
                    data += chunk
                line, _, rest = data.partition(b"\n")
                try:
                    message = json.loads(line or b"null")
                except ValueError:
                    message = None  # not one of ours: a port scanner or a plain probe
                if isinstance(message, dict) and message.get("kind") == "bulk":
                    _drain(conn, min(int(message.get("bytes") or 0), _BULK_MAX_BYTES) - len(rest))
                conn.sendall(b"ok\n")
            except (OSError, ValueError, TypeError):
                pass
        if isinstance(message, dict) and message.get("kind") == "no_master":
            with self._lock:
                self._messages.append({**message, "peer_addr": peer_addr})

    def close(self) -> None:
        self._closed.set()
        self._sock.close()
        self._thread.join(timeout=1.0)


def _drain(conn: socket.socket, size_bytes: int) -> None:
    """Read and drop size_bytes from conn (each recv bounded by the socket's timeout)."""
    while size_bytes > 0:
        chunk = conn.recv(min(size_bytes, 1 << 20))
        if not chunk:
            return
        size_bytes -= len(chunk)
