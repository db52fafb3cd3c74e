"""Lines of gRPC's core error strings as users paste them from the jobs that run a gRPC control plane beside NCCL
(JAX's coordination service, Ray's GCS and raylets, TensorFlow's distributed runtime, TorchX/Kubeflow agents), read
alone and inside an NCCL log: the status messages of grpc/grpc v1.85.3 (src/core, read from the grpcio 1.85.3 sdist:
the repository's snapshot was too large to fetch) and the Python wrapper that prints them
(src/python/grpcio/grpc/_channel.py: `status = StatusCode.X` and `details = "..."` lines of _InactiveRpcError).
Causes decided from the code around each line: pick_first's "failed to connect to all addresses" carries the last
subchannel's connect error, and that error decides: ECONNREFUSED is a refused port; EHOSTUNREACH ("No route to host")
is what firewalld's default icmp-host-prohibited reject returns, so a filtered port as well; ENETUNREACH is an address
on a network this host has no route to (MASTER_ADDR / coordinator address on another network: wrong_interface). The
DNS resolver's "errors resolving" with c-ares' "Domain name not found" and the native resolver's getaddrinfo failure
are hostname_resolution. A read that returns 0 ("Socket closed"), recvmsg's ECONNRESET and sendmsg's EPIPE are the
peer process gone: rank_crashed_elsewhere. Status lines, "Deadline Exceeded" (the call's own deadline), the
keepalive/ping timeouts (the peer or the path went silent: nothing in the code says which), the server's
"Server shutdown" / "Cancelling all calls" and the trace log's bare "failed to pick subchannel" name nothing."""

from __future__ import annotations

CASES = [
    # pick_first's failure with the last connect error (lib/event_engine/posix_engine/posix_engine.cc:309 prefix)
    ('grpc/grpc src/core/load_balancing/pick_first/pick_first.cc:972@v1.85.3',
     '\tdetails = "failed to connect to all addresses; last error: UNKNOWN: ipv4:10.0.0.1:6379: Failed to connect to remote host: Connection refused"',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('grpc/grpc src/core/load_balancing/pick_first/pick_first.cc:972@v1.85.3',
     'jaxlib.xla_extension.XlaRuntimeError: UNAVAILABLE: failed to connect to all addresses; last error: UNKNOWN: ipv4:10.0.0.1:8476: Failed to connect to remote host: No route to host',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('grpc/grpc src/core/load_balancing/pick_first/pick_first.cc:1152@v1.85.3',
     'E1201 10:16:40.009817 48123 client.cc:146] Failed to connect to distributed JAX controller: UNAVAILABLE: failed to connect to all addresses; last error: UNKNOWN: ipv4:192.168.1.10:1234: Failed to connect to remote host: Network is unreachable',
     'log.socket_connect_failed', 'wrong_interface'),
    ('grpc/grpc src/core/lib/event_engine/posix_engine/posix_engine.cc:309@v1.85.3',
     '[2026-12-01 10:11:40,512 W 48123 48140] gcs_rpc_client.h:151: Failed to connect to GCS at address 10.0.0.1:6379 within 5 seconds. UNAVAILABLE: ipv4:10.0.0.1:6379: Failed to connect to remote host: Connection refused',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    # the client channel's trace of the failed pick carries the same status (StatusToString)
    ('grpc/grpc src/core/client_channel/client_channel_filter.cc:2440@v1.85.3',
     'I1201 10:16:40.009817 48123 client_channel_filter.cc:2440] chand=0x55d1c2a0 lb_call=0x7f3a2c0a8040: failed to pick subchannel: error=UNAVAILABLE: failed to connect to all addresses; last error: UNKNOWN: ipv4:10.0.0.1:8476: Failed to connect to remote host: Connection refused',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    # name resolution: the DNS resolver's error list around c-ares / getaddrinfo
    ('grpc/grpc src/core/resolver/dns/dns_resolver.cc:525@v1.85.3',
     '\tdetails = "errors resolving gpu-node-01:8476: [field:hostname lookup error:address lookup failed for gpu-node-01: Domain name not found]"',
     'log.name_resolution', 'hostname_resolution'),
    ('grpc/grpc src/core/lib/event_engine/posix_engine/native_posix_dns_resolver.cc:77@v1.85.3',
     'UNAVAILABLE: errors resolving gpu-node-01:8476: [field:hostname lookup error:Address lookup failed for gpu-node-01:8476 os_error: Name or service not known syscall: getaddrinfo]',
     'log.name_resolution', 'hostname_resolution'),
    # the peer went away under an open connection
    ('grpc/grpc src/core/lib/event_engine/posix_engine/posix_endpoint.cc:372@v1.85.3',
     '\tdetails = "Socket closed"',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('grpc/grpc src/core/lib/event_engine/posix_engine/posix_endpoint.cc:375@v1.85.3',
     'jaxlib.xla_extension.XlaRuntimeError: UNAVAILABLE: recvmsg:Connection reset by peer',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('grpc/grpc src/core/lib/event_engine/posix_engine/posix_endpoint.cc:1056@v1.85.3',
     '\tdetails = "sendmsg: Broken pipe"',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    # a message over the channel's max size: the program's channel options (grpc.max_receive_message_length)
    ('grpc/grpc src/core/ext/filters/message_size/message_size_filter.cc:73@v1.85.3',
     '\tdetails = "CLIENT: Received message larger than max (268435520 vs. 4194304)"',
     'log.launch_config', 'application_bug'),
]

NO_CAUSE = [
    '\tstatus = StatusCode.UNAVAILABLE',  # grpc/grpc src/python/grpcio/grpc/_channel.py:102@v1.85.3
    '\tstatus = StatusCode.DEADLINE_EXCEEDED',  # grpc/grpc src/python/grpcio/grpc/_channel.py:102@v1.85.3
    '\tdetails = "Deadline Exceeded"',  # grpc/grpc src/core/lib/surface/call.cc:371@v1.85.3
    'jaxlib.xla_extension.XlaRuntimeError: DEADLINE_EXCEEDED: Deadline Exceeded',  # grpc/grpc src/core/lib/surface/call.cc:405@v1.85.3
    '\tdetails = "keepalive timeout"',  # grpc/grpc src/core/ext/transport/chttp2/transport/chttp2_transport.cc:2063@v1.85.3
    'UNAVAILABLE: ping timeout',  # grpc/grpc src/core/ext/transport/chttp2/transport/chttp2_transport.cc:2081@v1.85.3
    '\tdetails = "GOAWAY received; Error code: 0; Debug Text: Server shutdown"',  # grpc/grpc src/core/ext/transport/chttp2/transport/chttp2_transport.cc:1392@v1.85.3
    'UNAVAILABLE: Cancelling all calls',  # grpc/grpc src/core/server/server.cc:1591@v1.85.3
    'E1201 10:20:13.404117 48123 chttp2_transport.cc:1436] ipv4:10.0.0.1:8476: Received a GOAWAY with error code ENHANCE_YOUR_CALM and debug data equal to "too_many_pings". Current keepalive time (before throttling): 1s',  # grpc/grpc src/core/ext/transport/chttp2/transport/chttp2_transport.cc:1436@v1.85.3
]
