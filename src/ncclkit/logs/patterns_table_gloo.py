"""The line classifier's rows for Gloo, the CPU transport and rendezvous PyTorch runs beside NCCL
(ProcessGroupGloo, torchrun's barriers, the gloo backend of a job's metadata exchange), as PyTorch shows its
messages: "RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:138] rp != nullptr.
Unable to find address for: node-7". Each comment names the file of pytorch/gloo (70dc360; 31b1f02 for the
wordings PyTorch 2.x builds still print) and what its check means. Its socket errors ("Connection closed by
peer", "Read error") and connectFullMesh are read by patterns_table.py's socket rows; these come before them,
and so do the Windows socket errors of c10d and of Gloo's uv transport. Same row shape as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
_HOSTS_FIX = ("make every node's host name resolve to the address of the interface that joins the nodes (/etc/hosts "
              "or DNS; `getent hosts $(hostname)` must print that address), or set GLOO_SOCKET_IFNAME to that "
              "interface")


def gloo_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # Gloo's libuv transport (macOS and Windows builds) failing to accept a peer's connection and aborting the
        # process ("libuv.h:596] uv_accept: invalid argument", then SIGABRT: ray-project/ray#49252, a minimal Ray
        # Train run on macOS): the transport's own fault, no peer's.
        p(r"libuv\.h:\d+\] uv_accept: invalid argument", "crash", E,
          "Gloo's libuv transport (the macOS and Windows builds') failed to accept a peer's connection and aborted "
          "this process", "upgrade PyTorch (its Gloo libuv transport), or run the multi-process job on Linux; on one "
          "machine, pin MASTER_ADDR=127.0.0.1 and GLOO_SOCKET_IFNAME to the loopback interface", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        # -- Gloo's TCP pairs and file store (pytorch/gloo 70dc360) ---------------------------------------------------
        # tcp/pair.cc Pair::verifyConnected and setSync: IO on a pair already closed ("Socket closed [peer]"), or one
        # closed while it waited to connect ("Socket unexpectedly closed [peer]"): the peer went away first, like the
        # "Connection closed by peer" of the socket rows.
        p(r"gloo/transport/tcp/pair\.cc:\d+\] Socket (?:unexpectedly )?closed \[", "socket_closed", E,
          "Gloo's connection to a peer was closed under it: the peer process exited or closed it first",
          "find the rank that exited first (its own error, OOM, a kill) and read why", C.RANK_CRASHED_ELSEWHERE,
          "collateral", (C.APPLICATION_BUG,)),
        # tcp/pair.h Pair::waitUntil from waitUntilConnected: the connection to a peer never completed in time, before
        # any collective ran.
        p(r"gloo/transport/tcp/pair\.h:\d+\] Connect timeout \[", "socket_connect_failed", E,
          "Gloo could not connect to a peer in time (no collective ran yet): the address it published is not "
          "reachable from here, a firewall drops it, or the peer never started", "check that the peer's address "
          "is reachable (`nc -zv <addr> <port>`), set GLOO_SOCKET_IFNAME to the interface that joins the nodes, and "
          "read the peer's own output", C.FIREWALL_OR_PORT_BLOCKED, "root",
          (C.WRONG_INTERFACE, C.RANK_CRASHED_ELSEWHERE)),
        # tcp/device.cc Device::isInitiator (uv/device.cc alike): the peer's published address, port and sequence are
        # this rank's own, checked before any connect: two ranks registered as one (the same rank or store prefix).
        p(r"[Cc]annot connect to self", "launch_config", E,
          "Gloo found its own address where a peer's should be: two processes registered as the same rank (the same "
          "RANK, or two jobs sharing one store and prefix)", "give every process its own rank (RANK, LOCAL_RANK) and "
          "every job its own MASTER_PORT or init file", C.APPLICATION_BUG, "root", (C.HOSTNAME_RESOLUTION,)),
        # tcp/helpers.h ConnectOperation: a refused or failed connect it will try again prints willRetry=1 and nothing
        # more if the next try connects (a healthy start while a peer's listener comes up); willRetry=0 is the
        # failure, read by the socket rows (the scanner keeps the two apart: nccl_log_state._DIGITS).
        p(r"failed to connect, willRetry=1\b", "noise", I, "Gloo retrying a connection it will try again",
          "nothing to fix by itself; a later willRetry=0 line is the failure", None, "noise"),
        # rendezvous/file_store.cc FileStore::set: the file of an init_method="file://..." could not be created (a path
        # that does not exist or is not writable, or not shared between the nodes).
        p(r"gloo/rendezvous/file_store\.cc:\d+\][^\n]*File cannot be created", "launch_config", E,
          "Gloo's file store could not create its file: the init_method file:// path does not exist, is not "
          "writable, or is not on a filesystem every node shares", "point init_method='file://...' at a writable "
          "path on a filesystem all nodes share (or use env:// with MASTER_ADDR)", C.APPLICATION_BUG),
        # -- PyTorch on Windows: c10d's and Gloo uv's socket errors (tests/lines/windows_wsl.py) ------------------
        # Windows' WSAEACCES binding a port ("system error: 10013 - An attempt was made to access a socket in a way
        # forbidden by its access permissions"): nothing holds the port, Windows reserves it (Hyper-V's and WSL's
        # excluded port ranges, `netsh int ipv4 show excludedportrange protocol=tcp`).
        p(r"failed to bind to [^\n]*system error: 10013\b", "port_in_use", E,
          "Windows refuses the port: it lies in a range reserved for Hyper-V or WSL (excluded port ranges)",
          "pick a MASTER_PORT outside `netsh int ipv4 show excludedportrange protocol=tcp`, or free the range "
          "(`net stop winnat`, then `net start winnat`)", C.FIREWALL_OR_PORT_BLOCKED, "root", (C.APPLICATION_BUG,)),
        # c10d on Windows: WSAEADDRNOTAVAIL (10049) connecting means the address is no destination at all (0.0.0.0,
        # an unspecified IPv6 address) that MASTER_ADDR's name resolved to; each try is only warned ("[W ...]") and
        # the next address tried, so the thrown "failed to connect to any network address" is the failure, and
        # Gloo's uv transport dialling [0.0.0.0] ("address not available") the same name lookup on the peer.
        p(r"failed to connect to any network address of [^\n]*system error: 10049\b|Error connecting to "
          r"\[0\.0\.0\.0\]:\S+: address not available", "name_resolution", E,
          "a host name resolved to an address that cannot be dialled (0.0.0.0 or an unspecified address): "
          "MASTER_ADDR's name, or the peer's own host name, does not resolve to its real address",
          "set MASTER_ADDR to the master's IP address (or map the host names to real addresses in the hosts file "
          "on every machine)", C.HOSTNAME_RESOLUTION, "root", (C.WRONG_INTERFACE,)),
        # Linux's errno 99 (EADDRNOTAVAIL) to the local host in the same retried warning: a port being reused
        # (pytorch/PiPPy#158: "reusing hard-coded IP port", fixed by disjoint MASTER_PORTs).
        # A reporter may wrap the line in markdown's backticks ("`[W ..\\torch\\csrc\\...socket.cpp:601] ...",
        # raywzy/Bringing-Old-Films-Back-to-Life#7), also inside a sentence (pytorch/PiPPy#159).
        # Pasted without its "[W socket.cpp:N] [c10d]" prefix, the warning keeps its words (ace-step/ACE-Step-1.5#130).
        p(r"(?:^\s*|`)(?:\[W[^\n]*|(?:\[c10d\] )?The )client socket has failed to connect to (?:[^\n]*system error: "
          r"10049\b|\[localhost\]:\d+ \(errno: 99 )", "noise", I,
          "c10d warning of one address it then retries", "nothing to fix", None, "noise"),
        # Gloo's uv transport (Windows) "Error connecting to [%s]:%d: connection timed out": the SYN got no
        # answer, Windows Defender Firewall's silent drop of unknown inbound connections.
        p(r"pair\.cc:\d+\] Error connecting to \[[^\]]+\]:\S+: connection timed out", "socket_connect_failed", E,
          "the connection to the peer got no answer: a firewall (on Windows, Defender Firewall) drops it",
          "allow the Python interpreter (or the ports) through the firewall on every machine",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE,)),
        # tcp/device.cc and uv/device.cc lookupAddrForHostname: "rp != nullptr. Unable to find address for: %s"
        # (the host name resolves to no address this host can bind), "bind_rv == 0. Unable to find address for
        # %s; bind(2) for all addresses failed", "rv == 0. -2 vs 0" (getaddrinfo's EAI_NONAME); lookupInterface-
        # ForAddress "ifa != nullptr. Unable to find interface for: [%s]" (the host name resolves to an address
        # that is on no interface of this host: a stale /etc/hosts line, Debian's 127.0.1.1). Without the check's
        # text "Unable to find address for: X" is the interface form below.
        p(r"rp != nullptr\. Unable to find address for|Unable to find address for \S+; bind|tcp/device\.cc:\d+\] "
          r"rv == 0\. -[235] vs 0|Unable to find interface for: \[", "name_resolution", E,
          "the host name Gloo binds to does not resolve to an address of this host", _HOSTS_FIX,
          C.HOSTNAME_RESOLUTION, "root", (C.WRONG_INTERFACE,)),
        # gloo/transport/tcp/device.cc lookupAddrForIface: "Unable to find address for: <if>": the
        # interface that GLOO_SOCKET_IFNAME names has no address here; Gloo takes plain interface names
        # (ProcessGroupGloo splits the variable on ","), not NCCL's "^" exclusion or prefix syntax.
        p(r"Unable to find address for: ?\S+|makeTCPDevice\(\): interface or hostname can't be empty",
          "gloo_interface", E,
          "Gloo found no address on the interface GLOO_SOCKET_IFNAME names (a name missing on this host, or "
          "NCCL's ^exclusion / prefix syntax, which Gloo does not understand)",
          "set GLOO_SOCKET_IFNAME to the exact name of the interface that joins the nodes on every node "
          "(`ip -br addr`; e.g. eth0), or unset it", C.WRONG_INTERFACE),
        # tcp/pair.cc "address family mismatch": the peer's advertised address is IPv6 where this rank's is IPv4 (or
        # the reverse): the host names resolve to different families on the two hosts (pytorch/gloo#268).
        p(r"gloo/transport/tcp/pair\.cc:\d+\] address family mismatch", "name_resolution", E,
          "the two ends of a Gloo connection resolved their host names to different address families (IPv4 and "
          "IPv6)", "make every host name resolve to one family on every node (/etc/hosts), or set "
          "GLOO_SOCKET_IFNAME to the interface that joins the nodes", C.HOSTNAME_RESOLUTION, "root",
          (C.WRONG_INTERFACE,)),
        # ProcessGroupGloo.cpp createDefaultDevice: "Unable to resolve hostname to a (local) address. Using
        # the loopback address as fallback. Manually set the network interface with GLOO_SOCKET_IFNAME":
        # this rank then advertises 127.0.0.1, which no other node can reach.
        p(r"Unable to resolve hostname to a \(local\) address", "hostname_loopback", W,
          "this host name does not resolve to a local address, so the rank advertises the loopback address "
          "to its peers: ranks on other nodes cannot connect to it",
          "make the host name resolve to the address of the interface that joins the nodes (/etc/hosts, "
          "DNS), or set GLOO_SOCKET_IFNAME / NCCL_SOCKET_IFNAME to that interface", C.WRONG_INTERFACE, "root",
          (C.HOSTNAME_RESOLUTION,)),
        # tcp/pair.cc "op.preamble.roffset + op.preamble.length <= op.buf->size_" (a peer wrote past the buffer
        # posted for it: the ranks disagree on a collective's size; the shorter form is in patterns_table.py).
        p(r"op\.preamble\.roffset \+ op\.preamble\.length <= op\.buf->size_", "collective_mismatch", E,
          "a peer sent more than this rank posted for the collective: the ranks disagree on its size",
          "make every rank call the same collectives in the same order with the same shapes; find the rank that "
          "differs with TORCH_DISTRIBUTED_DEBUG=DETAIL", C.HANG_COLLECTIVE_MISMATCH, "root", (C.APPLICATION_BUG,)),
        # rendezvous/file_store.cc "!ifs.is_open(). File already exists: %s" (a file:// rendezvous reused without
        # removing the last run's files), hash_store.cc "Key '%s' already set" (two ranks with one rank number),
        # context.cc "rank < size. %d vs %d".
        p(r"file_store\.cc:\d+\][^\n]*File already exists|Key '[^']+' already set|gloo/context\.cc:\d+\] rank < size",
          "framework_usage", E, "the rendezvous was set up wrongly: a file:// rendezvous left over from an earlier "
          "run, two ranks with one rank number, or a rank past the world size", "use a fresh file (or path) for "
          "each run's file:// init_method, and give every process its own rank below the world size",
          C.APPLICATION_BUG),
    )
