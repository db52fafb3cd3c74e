"""Checks before a launch, from the machine that writes it: host names resolve (not to loopback,
and to the interface NCCL will use when the node's facts are known), and the master port is free
and reachable. Every lookup and connection is bounded by timeout_s and names the host.

What a name resolves to here is what the other nodes will usually see too (shared DNS or
/etc/hosts); the classic failure is a node's own name mapped to 127.0.1.1, which makes the c10d
store or NCCL's bootstrap listen where no other node can reach it.
"""

from __future__ import annotations

import errno
import ipaddress
import socket
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from ncclkit.nccl.params import MAX_IFS, parse_nccl_list
from ncclkit.findings import Finding, Severity
from ncclkit.launch.hosts import endpoint

__all__ = ["check_hosts", "check_master_port", "resolve"]


def resolve(host: str, timeout_s: float) -> tuple[list[str], str | None]:
    """(addresses, error) for host, in getaddrinfo order; the lookup is abandoned after timeout_s."""
    pool = ThreadPoolExecutor(max_workers=1)
    future = pool.submit(socket.getaddrinfo, host, None, 0, socket.SOCK_STREAM)
    try:
        infos = future.result(timeout=timeout_s)
    except FutureTimeout:
        return [], f"no answer within {timeout_s:g} s"
    except (socket.gaierror, UnicodeError) as exc:
        return [], str(exc)
    finally:
        pool.shutdown(wait=False)
    addrs: list[str] = []
    for info in infos:
        addr = str(info[4][0])
        if addr not in addrs:
            addrs.append(addr)
    return addrs, None


def _iface_of(facts: Any, addr: str) -> str | None:
    for iface in getattr(facts, "ifaces", ()):
        for cidr in (*iface.ipv4, *iface.ipv6):
            if cidr.split("/")[0] == addr:
                return iface.name
    return None


def _ifname_matches(name: str, spec: str) -> bool:
    """NCCL_SOCKET_IFNAME as NCCL reads it (ncclkit.nccl.params; `^` alone selects nothing)."""
    return parse_nccl_list(spec, max_entries=MAX_IFS).selects(name)


def check_hosts(hosts: tuple[str, ...], *, facts_by_host: dict[str, Any],
                env_by_host: dict[str, dict[str, str]], timeout_s: float) -> list[Finding]:
    findings = []
    multi = len(hosts) > 1
    for host in hosts:
        addrs, error = resolve(host, timeout_s)
        if error:
            # A warning, not an error: the files are written here, often on a laptop or a login
            # node whose DNS differs from the cluster's; only the nodes' own resolver counts.
            findings.append(Finding(
                id="launch.host_unresolved", severity=Severity.WARNING, subject=host,
                message=f"{host} does not resolve on this machine: {error}",
                evidence={"error": error},
                fix=f"check on the nodes: getent hosts {host} (if it resolves there, nothing to do); "
                    f"otherwise add {host} to DNS or /etc/hosts on every node, or launch with its IP"))
            continue
        if multi and all(ipaddress.ip_address(a.split("%")[0]).is_loopback for a in addrs):
            findings.append(Finding(
                id="launch.host_loopback", severity=Severity.ERROR, subject=host,
                message=f"{host} resolves to loopback ({', '.join(addrs)}): other nodes cannot "
                        "reach a store or bootstrap socket bound there",
                evidence={"addresses": addrs},
                fix=f"map {host} to its cluster-network address in /etc/hosts (not 127.0.1.1), "
                    "or launch with that IP"))
            continue
        facts = facts_by_host.get(host)
        if facts is None:
            continue
        owner = next((i for i in map(lambda a: _iface_of(facts, a), addrs) if i), None)
        ifname = env_by_host.get(host, {}).get("NCCL_SOCKET_IFNAME")
        if owner is None:
            findings.append(Finding(
                id="launch.host_wrong_interface", severity=Severity.WARNING, subject=host,
                message=f"{host} resolves to {', '.join(addrs)}, which no interface of that "
                        "node's snapshot holds", evidence={"addresses": addrs},
                fix=f"check the snapshot is of {host}, or fix its DNS / /etc/hosts entry"))
        elif ifname and len(ifname) > 1 and not _ifname_matches(owner, ifname):
            findings.append(Finding(
                id="launch.host_wrong_interface", severity=Severity.WARNING, subject=host,
                message=f"{host} resolves to {addrs[0]} on {owner}, but NCCL_SOCKET_IFNAME="
                        f"{ifname}: the rendezvous and NCCL's bootstrap use different networks",
                evidence={"addresses": addrs, "interface": owner, "NCCL_SOCKET_IFNAME": ifname},
                fix=f"launch with the address of the {ifname} interface, or resolve {host} to it"))
    return findings


def check_master_port(master: str, port: int, *, timeout_s: float) -> list[Finding]:
    """Free where it must listen (when the master is this machine), reachable otherwise."""
    subject = endpoint(master, port)
    addrs, error = resolve(master, timeout_s)
    if error or not addrs:
        return []  # check_hosts reports the name
    addr = addrs[0]
    family = socket.AF_INET6 if ":" in addr else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        try:
            s.bind((addr, port))
            return []  # the master is this machine and the port is free
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return [Finding(
                    id="launch.port_in_use", severity=Severity.ERROR, subject=subject,
                    message=f"port {port} on {master} is already in use",
                    evidence={"errno": "EADDRINUSE"},
                    fix=f"pick another --master-port, or stop what listens on {port} (ss -ltnp)")]
            if exc.errno != errno.EADDRNOTAVAIL:
                raise
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.settimeout(timeout_s)
        try:
            s.connect((addr, port))
        except ConnectionRefusedError:
            return []  # reachable, and nothing listens yet: the launch can bind it
        except OSError as exc:
            return [Finding(
                id="launch.port_unreachable", severity=Severity.WARNING, subject=subject,
                message=f"{subject} ({addr}) did not answer from this machine within "
                        f"{timeout_s:g} s: {exc.strerror or type(exc).__name__}",
                evidence={"address": addr, "error": str(exc)},
                fix=f"open TCP {port} between the nodes (firewall, security group), or check "
                    "this from a cluster node")]
    return [Finding(
        id="launch.port_in_use", severity=Severity.ERROR, subject=subject,
        message=f"something already listens on {subject}", evidence={"address": addr},
        fix=f"pick another --master-port, or stop what listens on {port} on {master}")]
