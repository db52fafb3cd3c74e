"""Rows of the line classifier (patterns.py) for gRPC's core errors as Python, JAX, Ray and TensorFlow surface them
(tests/lines/grpc_core.py holds every line with file:line@commit): the status messages of grpc/grpc v1.85.3 (src/core)
in the `details = "..."` line of Python's _InactiveRpcError (src/python/grpcio/grpc/_channel.py) or after the status
code's name ("UNAVAILABLE: ...", as XlaRuntimeError and Ray's GCS client print them).

- a read that returned 0 ("Socket closed"), recvmsg's ECONNRESET and sendmsg's EPIPE (posix_endpoint.cc) are the
  peer process gone under an open connection: rank_crashed_elsewhere, a consequence (also in the JSON status older
  releases print under TensorFlow, and their "EOF");
- a message over the channel's size limit (message_size_filter.cc) is the program's own channel options;
- the chttp2 transport's keepalive and ping timeouts say the peer or the path went silent, and nothing in the code
  says which: a failure line that names no cause (log.other, not log.timeout's collective hang).

Read before the generic timeout and socket rows: "timeout" in the keepalive lines would name a collective hang. The
connect and resolver failures ("failed to connect to all addresses; last error: ...", "errors resolving") carry the
errno or resolver text the generic socket and name-resolution rows already read; status names alone
("StatusCode.UNAVAILABLE", "Deadline Exceeded"), GOAWAYs and the server's "Cancelling all calls" match no row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
GRPC_WORDS: tuple[bytes, ...] = (
    b'details = "', b"UNAVAILABLE: Socket closed", b"UNAVAILABLE: sendmsg", b"message larger than max",
    b'"grpc_message":"', b'"description":"EOF"',
)

# gRPC's status text as it is pasted: Python's `details = "..."` line, or the status code's name before it.
_STATUS = r'(?:\bdetails = "|\b(?:UNAVAILABLE|INTERNAL|UNKNOWN): )'


def grpc_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # grpc/grpc src/core/lib/event_engine/posix_engine/posix_endpoint.cc:372@v1.85.3 (HandleReadLocked: read()
        # returned 0, the peer closed the connection: "Socket closed"), :375 (recvmsg failed: "recvmsg:Connection
        # reset by peer"), :1056 (TcpFlush: sendmsg failed, "sendmsg: Broken pipe"). Each is the other end of an
        # open channel gone (the coordinator, GCS or a worker exited or crashed); the code knows no more.
        # gRPC releases before the status text had its name print the same status as JSON in TensorFlow's errors
        # ('"grpc_message":"Socket closed","grpc_status":14', tensorflow/tensorflow#57760: a parameter server gone),
        # and older ones the read of 0 bytes as '"description":"EOF","file":"external/grpc/src/core/lib/iomgr/
        # tcp_posix.c"' (tensorflow/tensorflow#7767: the parameter server restarted under the worker).
        p(r'(?:' + _STATUS + r'(?:Socket closed|recvmsg: ?Connection reset by peer|sendmsg: ?Broken pipe)\b|'
          r'"grpc_message":" ?(?:Socket closed|(?:recvmsg: ?)?Connection reset by peer|(?:sendmsg: ?)?Broken pipe)",'
          r'"grpc_status":14\b|"description":"EOF","file":"[^"]*iomgr/tcp_posix\.cc?")', "socket_closed", E,
          "the process at the other end of a gRPC channel (JAX's coordinator, Ray's GCS, a TensorFlow task) closed "
          "or reset the connection: it exited or crashed first", "find why that process died first (its own log, an "
          "OOM kill in `dmesg`, a preemption) and fix that", C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # grpc/grpc src/core/ext/transport/chttp2/server/chttp2_server.cc ("No address added out of total %d
        # resolved for '%s'", its children naming the bind's errno): a gRPC server (Triton's, a Ray or JAX
        # service) could not listen on its own port, not a rendezvous port (tensorrtllm_backend#524: '0.0.0.0:18001').
        p(r"No address added out of total \d+ resolved for '[^']*'[^\n]*Address already in use", "port_in_use", E,
          "a gRPC server (Triton's, a Ray or JAX service) could not listen on the port the line names: another "
          "process, often an earlier server still running, holds it",
          "find and stop the process holding that port (`ss -ltnp | grep :PORT`), or start the server on another "
          "port (Triton: --grpc-port, --http-port, --metrics-port)", C.APPLICATION_BUG),
        # grpc/grpc src/core/ext/filters/message_size/message_size_filter.cc:73@v1.85.3 ("%s: Received message
        # larger than max (%u vs. %d)", with "Sent message" for the send side): the message exceeds the limit the
        # program's channel or server options set (grpc.max_receive_message_length, 4 MiB by default).
        p(r"\b(?:CLIENT|SERVER): (?:Received|Sent) message larger than max \(\d+ vs\. \d+\)", "launch_config", E,
          "a gRPC message is larger than the channel's size limit (4 MiB by default): the program's channel or "
          "server options do not allow messages this large",
          "raise the limit on both ends, e.g. options=[('grpc.max_receive_message_length', 512 * 1024 * 1024), "
          "('grpc.max_send_message_length', 512 * 1024 * 1024)], or send smaller messages (chunk the payload)",
          C.APPLICATION_BUG),
        # grpc/grpc src/core/ext/transport/chttp2/transport/chttp2_transport.cc:2063@v1.85.3 (the keepalive
        # watchdog fired: "keepalive timeout"), :2081 (a ping's ack never came: "ping timeout"). The peer or the
        # path went silent: the transport cannot tell which, so the row names no cause (log.timeout would name a
        # collective hang; log.other is the id of a failure line whose cause the line does not state).
        p(_STATUS + r"(?:keepalive(?: watchdog)? timeout|ping timeout)\b", "other", W,
          "gRPC's keepalive ping got no answer: the peer (coordinator, GCS, worker) stopped answering or the "
          "network path between them dropped traffic", "read the peer's own log at that time (a crash, a hang, "
          "a long GC pause) and check the path between the hosts; the line alone does not say which",
          None, "collateral"),
    )
