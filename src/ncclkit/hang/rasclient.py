"""Query the RAS service of a running NCCL job (NCCL 2.24+) over its plain-text client protocol.

The protocol is the one of NCCL's src/ras/client.cc and client_support.cc (2.28/2.30): the client
sends "CLIENT PROTOCOL 2", the server answers "SERVER PROTOCOL n"; "TIMEOUT s" and "SET FORMAT json"
are each answered "OK" (or "ERROR: ..." - 2.24-2.27 know no SET FORMAT: we then fall back to text);
"STATUS" / "VERBOSE STATUS" make the server gather the report from every process of the job and send
it, then close the connection. Every step here is bounded by one overall deadline, and the error
names the host:port that did not answer.
"""

from __future__ import annotations

import socket
import time

from ncclkit.errors import NcclkitError

__all__ = ["DEFAULT_PORT", "RasReply", "parse_ras_addr", "query_ras"]

DEFAULT_PORT = 28028  # NCCL_RAS_CLIENT_PORT, src/ras/ras_internal.h
CLIENT_PROTOCOL = 2  # NCCL_RAS_CLIENT_PROTOCOL in 2.28-2.30; the server ignores the number
MAX_REPLY_BYTES = 64 << 20


class RasReply:
    """The report text and the format the server used for it ("json" or "text")."""

    def __init__(self, text: str, fmt: str, addr: str) -> None:
        self.text, self.format, self.addr = text, fmt, addr


def parse_ras_addr(value: str | None) -> tuple[str, int]:
    """NCCL_RAS_ADDR ("host:port", "[v6]:port", "host") -> (host, port); NCCL's default when unset."""
    if not value:
        return "localhost", DEFAULT_PORT
    host, port = value, str(DEFAULT_PORT)
    if value.startswith("["):
        host, _, rest = value[1:].partition("]")
        port = rest.lstrip(":") or port
    elif value.count(":") == 1:
        host, port = value.split(":")
    if not port.isdigit() or not 0 < int(port) < 65536 or not host:
        raise NcclkitError(f"RAS address {value!r} is not host:port",
                           hint="use e.g. --ras-addr localhost:28028 (the value of NCCL_RAS_ADDR)")
    return host, int(port)


class _Conn:
    def __init__(self, sock: socket.socket, deadline: float, addr: str) -> None:
        self.sock, self.deadline, self.addr, self.buf = sock, deadline, addr, b""

    def _left(self) -> float:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise NcclkitError(f"RAS at {self.addr} did not answer in time",
                               hint="the job may be stuck hard; raise --timeout, or read its flight-recorder dumps")
        return left

    def send(self, line: str) -> None:
        self.sock.settimeout(self._left())
        self.sock.sendall(line.encode() + b"\n")

    def recv_some(self) -> bytes:
        self.sock.settimeout(self._left())
        return self.sock.recv(1 << 16)

    def line(self) -> str:
        while b"\n" not in self.buf:
            data = self.recv_some()
            if not data:
                raise NcclkitError(f"RAS at {self.addr} closed the connection",
                                   hint="is that port an NCCL RAS listener (NCCL_RAS_ADDR)?")
            self.buf += data
            if len(self.buf) > 4096:
                raise NcclkitError(f"{self.addr} does not speak the NCCL RAS protocol",
                                   hint="check the port (NCCL_RAS_ADDR)")
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode("utf-8", errors="replace").strip()


def query_ras(host: str = "localhost", port: int = DEFAULT_PORT, *, fmt: str = "json",
              verbose: bool = True, timeout_s: float = 20.0, gather_s: int | None = None) -> RasReply:
    """The RAS status report of the job that listens on host:port, within timeout_s overall.

    gather_s is the time the server may wait for the other processes (its TIMEOUT command); it is
    kept below timeout_s so that a partial report comes back rather than nothing.
    """
    addr = f"{host}:{port}"
    deadline = time.monotonic() + timeout_s
    gather = gather_s if gather_s is not None else max(1, int(timeout_s * 0.6))
    try:
        sock = socket.create_connection((host, port), timeout=min(timeout_s, 5.0))
    except ConnectionRefusedError:
        raise NcclkitError(f"nothing listens on {addr}: no NCCL job with RAS on this node",
                           hint="run on a node of the job; RAS needs NCCL 2.24+ and not NCCL_RAS_ENABLE=0; "
                                "pass --ras-addr if the job sets NCCL_RAS_ADDR") from None
    except (TimeoutError, socket.timeout):
        raise NcclkitError(f"connecting to RAS at {addr} timed out",
                           hint="check the address (NCCL_RAS_ADDR) and any firewall") from None
    except OSError as exc:
        raise NcclkitError(f"cannot connect to RAS at {addr}: {exc.strerror or exc}",
                           hint="check the host and port (NCCL_RAS_ADDR)") from None
    conn = _Conn(sock, deadline, addr)
    try:
        return _talk(conn, fmt, verbose, gather)
    except (TimeoutError, socket.timeout):
        raise NcclkitError(f"RAS at {addr} did not answer within {timeout_s:g} s",
                           hint="the RAS thread may be stuck; raise --timeout or read the dumps") from None
    except OSError as exc:
        raise NcclkitError(f"RAS at {addr}: {exc.strerror or exc}", hint="query again; is the job still alive?") from None
    finally:
        sock.close()


def _talk(conn: _Conn, fmt: str, verbose: bool, gather: int) -> RasReply:
    conn.send(f"CLIENT PROTOCOL {CLIENT_PROTOCOL}")
    hello = conn.line()
    if not hello.upper().startswith("SERVER PROTOCOL"):
        raise NcclkitError(f"{conn.addr} answered {hello[:60]!r}, not an NCCL RAS greeting",
                           hint="check the port (NCCL_RAS_ADDR)")
    conn.send(f"TIMEOUT {gather}")
    if conn.line().upper() != "OK":
        gather = 0  # the server keeps its default; our deadline still bounds the wait
    used = "text"
    if fmt == "json":
        conn.send("SET FORMAT json")
        used = "json" if conn.line().upper() == "OK" else "text"  # NCCL before 2.28: text only
    conn.send("VERBOSE STATUS" if verbose else "STATUS")
    chunks: list[bytes] = [conn.buf]
    size = len(conn.buf)
    while True:
        data = conn.recv_some()
        if not data:
            break
        chunks.append(data)
        size += len(data)
        if size > MAX_REPLY_BYTES:
            break
    return RasReply(b"".join(chunks).decode("utf-8", errors="replace"), used, conn.addr)
