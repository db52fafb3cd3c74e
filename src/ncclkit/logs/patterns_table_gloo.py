"""The line classifier's rows for Gloo, the CPU transport and rendezvous PyTorch runs beside NCCL
(ProcessGroupGloo, torchrun's barriers, the gloo backend of a job's metadata exchange), as PyTorch shows its
messages: "RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:138] rp != nullptr.
Unable to find address for: node-7". Each comment names the file of pytorch/gloo (70dc360; 31b1f02 for the
wordings PyTorch 2.x builds still print) and what its check means. Its socket errors ("Connection closed by
peer", "Read error") and connectFullMesh are read by patterns_table.py's socket rows; these come before them.
Same row shape as patterns_table.py.
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
