"""What a socket error's peer address, the names the paste could not resolve and the networks NCCL was allowed say
about a connection failure: the interface, the host name or the network plugin as its cause (diagnose.py applies it).
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.logs.nccl_log_model import LogError, NcclLogSummary
from ncclkit.logs.patterns import DIALLED_NAME
from ncclkit.logs.patterns_table_consequences import FAULTY_RANK

__all__ = ["VIRTUAL_ADDR", "interface_reason", "no_net_reason", "unresolved_reason"]

# Default subnets of docker0 (172.17/16), libvirt's virbr0 (192.168.122/24) and loopback, and the gateway
# (.0.1) of the networks docker creates next (its default address pools 172.18/16 - 172.31/16: compose and
# user networks), as a peer address in a socket error: the wrong interface was chosen (misc/socket.cc
# prints "ip<port>"). Only the gateway there: cloud VPCs use 172.31/16 for hosts (AWS's default VPC).
# IPv4 link-local (169.254/16, RFC 3927) is never routed off its link: each node has its own (EKS's Pod
# Identity agent link 169.254.170.x, a NIC that DHCP never answered), so no peer of another node is there.
VIRTUAL_ADDR = re.compile(r"(?<![\d.])(?:172\.17\.\d{1,3}\.\d{1,3}|172\.(?:1[89]|2\d|3[01])\.0\.1|"
                           r"192\.168\.122\.\d{1,3}|169\.254\.\d{1,3}\.\d{1,3}|"
                           r"127\.\d{1,3}\.\d{1,3}\.\d{1,3})"
                           r"(?=[<:\s,)\]]|$)")


# c10d warns each family it could not resolve the store's host for ("The IPv6 network addresses of (NAME, PORT)
# cannot be retrieved (gai error: -2 - Name or service not known)"). A name that resolves in one family is dialled
# without that warning (torch 2.13: only the unresolvable name warns, tests/analyze/test_c10d_live.py), so a warning
# of EAI_NONAME / EAI_AGAIN for the name a connection failed to reach (patterns.DIALLED_NAME) means the name is the
# cause, not what is on the way to it.
_UNRESOLVED_NAME = re.compile(r"network addresses of \(([A-Za-z][\w.-]*), \d+\) cannot be retrieved \(gai error: "
                              r"-[23] ")


def unresolved_reason(errs: list[LogError], every: tuple[LogError, ...]) -> tuple[str, str, Cause] | None:
    """(why, fix, cause) when the host a connection failed to reach is one the paste says did not resolve."""
    dialled = {n for e in errs for m in DIALLED_NAME.finditer(e.text) for n in m.groups() if n}
    unresolved = {m.group(1) for e in every for m in _UNRESOLVED_NAME.finditer(e.text)}
    name = min(dialled & unresolved, default=None)
    if name is None:
        return None
    return (f"the host it dials, {name}, does not resolve here (the getaddrinfo failures for it in the paste): no "
            "address was ever tried", f"make {name} resolve on every node (`getent ahosts {name}`; DNS or "
            "/etc/hosts), or set MASTER_ADDR to the rank-0 node's IP address", Cause.HOSTNAME_RESOLUTION)


_FAULTY_RANK = re.compile(FAULTY_RANK)


def interface_reason(errs: list[LogError], every: tuple[LogError, ...], loopback: LogError | None,
                     closed: bool) -> tuple[str, str, Cause] | None:
    """(why, fix, cause) when a socket error's peer address is on docker0/virbr0/loopback, or when a
    rank of the paste advertised loopback because its host name does not resolve; None otherwise. A connection
    the peer `closed` on loopback was made, to a rank of the same host: that peer exited (Gloo's "Connection
    closed by peer [127.0.0.1]" on one node, pytorch/pytorch#61396, hkust-nlp/simpleRL-reason#17; Debian's 127.0.1.1
    too, "Read error [127.0.1.1]:42417: Connection reset by peer", pytorch/pytorch#132644). So is one closed on any
    address after Gloo's monitored barrier names the faulty rank: the group had connected every pair at its
    creation, and that rank exited (InternLM/xtuner#692: "[172.17.0.2]" inside one container, rank 0 exitcode 1)."""
    up = closed and any(_FAULTY_RANK.search(e.text) for e in every)
    bridge = next((m for m in (VIRTUAL_ADDR.search(e.text) for e in errs)
                   if m and not (closed and (up or m.group(0).startswith("127.")))),
                  None)
    if bridge and bridge.group(0).startswith("127.0.1."):
        # Debian and Ubuntu's installers map the machine's own host name to 127.0.1.1 in /etc/hosts: a
        # rank that resolved its host name advertised that address.
        return (f"the peer address {bridge.group(0)} is what Debian/Ubuntu's /etc/hosts gives the machine's own "
                "host name: a rank resolved its host name to loopback and advertised it",
                "map each host name to the address that joins the nodes in /etc/hosts (remove the 127.0.1.1 "
                "line), or set MASTER_ADDR and GLOO_SOCKET_IFNAME / NCCL_SOCKET_IFNAME to that interface",
                Cause.HOSTNAME_RESOLUTION)
    if bridge:  # NCCL or the launcher picked that interface
        return (f"the peer address {bridge.group(0)} is on a docker/libvirt bridge, link-local or loopback "
                "network, which does not join nodes",
                "set NCCL_SOCKET_IFNAME (and MASTER_ADDR) to the interface of the network that joins the nodes",
                Cause.WRONG_INTERFACE)
    if loopback is not None:
        return (f"line {loopback.line_no} shows a rank advertising the loopback address (its host name does not "
                "resolve to a local address), which peers cannot reach",
                "make every host name resolve to the address that joins the nodes, or set GLOO_SOCKET_IFNAME / "
                "NCCL_SOCKET_IFNAME to that interface on every node", Cause.WRONG_INTERFACE)
    return None


def no_net_reason(s: NcclLogSummary, errs: list[LogError]) -> tuple[str, str, Cause] | None:
    """(why, fix, cause) when NCCL's "Failed to initialize any NET plugin" (plugin/net.cc 2.27+: no network of
    those NCCL_NET allows came up) follows the failure of the one network it was allowed: an external plugin
    that did not load (NCCL_NET_PLUGIN, NCCL_NET="AWS Libfabric") or IB with no device (NCCL_NET=IB). Without
    NCCL_NET the internal Socket transport is tried last, so "any" then means no socket interface (its row)."""
    if not all("any NET plugin" in e.text for e in errs):
        return None  # NET/Socket's own failure is in the group: the interface is the cause
    before = [e for e in s.errors if e.line_no < errs[0].line_no]
    plugin = next((e for e in before if e.category in ("net_plugin_error", "plugin_not_found")), None)
    named = s.env.get("NCCL_NET_PLUGIN", "none").lower() not in ("none", "")
    if plugin is not None or named:
        where = (f"line {plugin.line_no}: {plugin.text[-120:]}" if plugin is not None
                 else f"NCCL_NET_PLUGIN={s.env['NCCL_NET_PLUGIN']}")
        return (f"the network plugin NCCL was told to use failed ({where}) and no other network was allowed",
                "install the plugin NCCL_NET_PLUGIN names where NCCL finds it (LD_LIBRARY_PATH), or unset "
                "NCCL_NET_PLUGIN / NCCL_NET so NCCL can use its internal IB or Socket transport",
                Cause.NET_PLUGIN_ERROR)
    ib = next((e for e in before if e.category == "no_ib_device"), None)
    if ib is not None or s.no_ib_device:
        where = f" (line {ib.line_no})" if ib is not None else ""
        return (f"NET/IB found no usable RDMA device{where} and no other network was allowed (NCCL_NET=IB)",
                "make the RDMA devices visible where NCCL runs (`ibv_devinfo`; /dev/infiniband and the device plugin "
                "in a container, rdma-core), or unset NCCL_NET to let NCCL use sockets", Cause.SOCKET_FALLBACK)
    return None
