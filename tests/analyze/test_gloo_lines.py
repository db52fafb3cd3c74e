"""Lines of Gloo, the CPU transport and rendezvous PyTorch runs beside NCCL, read alone and inside an NCCL log, as
PyTorch shows them ("RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:138] rp !=
nullptr. Unable to find address for: node-7"). Each text is the one pytorch/gloo prints (format fields filled, the
file named beside it); the expected cause is what the check around it means, reviewed one by one: a host name that
resolves to no local address is name resolution, an interface name without an address is the interface, a peer
that closed its socket went away first, a peer that wrote past the posted buffer disagrees on the collective."""

from __future__ import annotations

import pytest

from line_reading import assert_reads

CASES = [
    ('pytorch/gloo gloo/transport/tcp/pair.cc:553',
     'RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:553] Connection closed by peer [10.0.0.2]:15475. This is typically caused by a remote worker crashing. Check the logs of the remote worker before reporting an error. GLHF! 🏖️',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('pytorch/gloo gloo/transport/tcp/pair.cc:534',
     'RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [172.31.4.17]:38422',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('pytorch/gloo gloo/transport/tcp/pair.cc:537',
     'RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:537] Read error [10.0.0.2]:3245: Connection reset by peer. This is typically caused by a remote worker hanging or bugs in the application. Check the logs of the remote worker before reporting an error. GLHF! 🏖️',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('pytorch/gloo gloo/transport/tcp/pair.cc:525',
     'RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:525] Read error [10.0.0.2]:3245: Connection reset by peer',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('pytorch/gloo gloo/transport/tcp/pair.cc:339',
     'RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:339] writev [10.0.0.2]:15475: Broken pipe',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('pytorch/gloo gloo/transport/tcp/tls/pair.cc:201',
     'RuntimeError: [../third_party/gloo/gloo/transport/tcp/tls/pair.cc:201] Connection closed by peer [10.0.0.2]:15475',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('pytorch/gloo gloo/transport/tcp/pair.cc:456',
     "RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/pair.cc:456] op.preamble.length <= op.nbytes. 8192 vs 4096. Received data size doesn't match expected size. Is there a distributed collective mismatch in your code?",
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('pytorch/gloo gloo/transport/tcp/pair.cc:446',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/pair.cc:446] op.preamble.length <= op.nbytes. 881664 vs 270336',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('pytorch/gloo gloo/transport/tcp/pair.cc:426',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/pair.cc:426] op.preamble.roffset + op.preamble.length <= op.buf->size_. 2097152 vs 1048576',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('pytorch/gloo gloo/transport/tcp/helpers.h:208',
     'RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:152] timed out connecting: SO_ERROR: Connection refused, remote=[172.17.0.1]:15475$1',
     'log.socket_connect_failed', 'wrong_interface'),
    ('pytorch/gloo gloo/transport/tcp/helpers.h:208',
     'RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:152] timed out connecting: SO_ERROR: Connection timed out, remote=[10.0.0.2]:15475$1',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('pytorch/gloo gloo/transport/tcp/debug_logger.cc:9',
     '[../third_party/gloo/gloo/transport/tcp/debug_logger.cc:9] ERROR failed to connect, willRetry=0, retry=4, retryLimit=3, rank=3, size=8, local=[10.0.1.4]:40182, remote=[10.0.0.2]:15475$3, error=SO_ERROR: No route to host, remote=[10.0.0.2]:15475$3',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('pytorch/gloo gloo/transport/tcp/pair.cc:799',
     'RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [127.0.1.1]:35715: Connection refused',
     'log.socket_connect_failed', 'hostname_resolution'),
    ('pytorch/gloo gloo/transport/tcp/pair.cc:799',
     'RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [10.0.0.2]:15475: Connection timed out',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('pytorch/gloo gloo/transport/tcp/socket.cc:142',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/socket.cc:142] rv != -1. -1 vs -1. connect: Network is unreachable',
     'log.socket_connect_failed', 'wrong_interface'),
    ('pytorch/gloo gloo/transport/tcp/listener.cc:68',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/listener.cc:68] false. accept: Too many open files',
     'log.fd_limit', 'memlock_or_ulimit'),
    ('pytorch/gloo gloo/transport/tcp/socket.cc:24',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/socket.cc:24] rv != -1. -1 vs -1. socket: Too many open files',
     'log.fd_limit', 'memlock_or_ulimit'),
    ('pytorch/gloo gloo/transport/tcp/device.cc:84',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:84] ifa != nullptr. Unable to find address for: eth0',
     'log.gloo_interface', 'wrong_interface'),
    ('pytorch/gloo gloo/transport/tcp/device.cc:99',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:99] rv == 0. -2 vs 0',
     'log.name_resolution', 'hostname_resolution'),
    ('pytorch/gloo gloo/transport/tcp/device.cc:128',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:128] bind_rv == 0. Unable to find address for node-7; bind(2) for [10.2.0.17] failed with: Cannot assign requested address',
     'log.name_resolution', 'hostname_resolution'),
    ('pytorch/gloo gloo/transport/tcp/device.cc:138',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:138] rp != nullptr. Unable to find address for: node-7',
     'log.name_resolution', 'hostname_resolution'),
    ('pytorch/gloo gloo/transport/tcp/device.cc:215',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:215] ifa != nullptr. Unable to find interface for: [fe80::5054:ff:fe12:3456]',
     'log.name_resolution', 'hostname_resolution'),
    ('pytorch/gloo gloo/transport/uv/device.cc:154',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/uv/device.cc:154] rp != nullptr. Unable to find address for: DESKTOP-4F2K1',
     'log.name_resolution', 'hostname_resolution'),
    ('pytorch/gloo gloo/context.cc:23',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/context.cc:23] rank < size. 4 vs 4',
     'log.framework_usage', 'application_bug'),
    ('pytorch/gloo gloo/rendezvous/file_store.cc:77',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/rendezvous/file_store.cc:77] !ifs.is_open(). File already exists: /mnt/shared/rdzv/8386730391417342209',
     'log.framework_usage', 'application_bug'),
    ('pytorch/gloo gloo/rendezvous/hash_store.cc:19',
     "RuntimeError: [enforce fail at ../third_party/gloo/gloo/rendezvous/hash_store.cc:19] map_.find(key) == map_.end(). Key 'rank_0' already set",
     'log.framework_usage', 'application_bug'),
    ('pytorch/gloo gloo/transport/ibverbs/unbound_buffer.cc:48',
     "RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/ibverbs/unbound_buffer.cc:48] mr != nullptr. ibv_reg_mr: Bad address (kernel module 'nv_peer_mem' not loaded; did you specify a pointer to GPU memory?)",
     'log.ibv_reg_mr_failed', 'gdr_unavailable'),
    ('pytorch/gloo gloo/transport/ibverbs/unbound_buffer.cc:59',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/ibverbs/unbound_buffer.cc:59] mr != nullptr. ibv_reg_mr: Cannot allocate memory (did you run into the locked memory limit?)',
     'log.ibv_reg_mr_failed', 'memlock_or_ulimit'),
    ('pytorch/gloo gloo/transport/ibverbs/pair.cc:645',
     'RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/ibverbs/pair.cc:645] wc->status == IBV_WC_SUCCESS. 12 vs 0. Send for slot 0: transport retry counter exceeded',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
]


@pytest.mark.parametrize(("source", "line", "fid", "cause"), CASES, ids=[c[0] for c in CASES])
def test_line_names_its_cause(source: str, line: str, fid: str, cause: str) -> None:
    assert_reads(line, fid, cause)


def test_an_interface_name_without_an_address_is_still_the_interface() -> None:
    line = ("RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:84] ifa != nullptr. "
            "Unable to find address for: eth0")
    assert_reads(line, "log.gloo_interface", "wrong_interface")
