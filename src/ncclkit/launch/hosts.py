"""Host lists for `ncclkit launch`: --hosts, --hostfile, or the Slurm allocation; every name validated.

Only RFC 1123 host names and IPv4/IPv6 literals pass, so no host name can carry shell syntax into
a generated script (they are still quoted there). Slurm's compressed node lists (`gpu[01-04,07]`)
are expanded here rather than through `scontrol`, which may be absent where the files are written.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ncclkit.errors import NcclkitError
from ncclkit.inputfile import read_input_text
from ncclkit.launchenv import slurm_hosts

__all__ = ["HostList", "endpoint", "expand_nodelist", "parse_hostfile", "validate_host"]

_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
_MAX_HOSTS = 4096


def validate_host(text: str, *, source: str = "--hosts") -> str:
    """The host name or IP literal itself; NcclkitError naming the source otherwise."""
    host = text.strip()
    try:
        return str(ipaddress.ip_address(host.strip("[]")))
    except ValueError:
        pass
    labels = host.rstrip(".").split(".")
    if host and len(host) <= 253 and all(_LABEL.match(label) for label in labels) \
            and not host.replace(".", "").isdigit():
        return host.rstrip(".")
    raise NcclkitError(
        f"{source}: {text!r} is not a host name or IP address",
        hint="host names are letters, digits, '-' and '.' (RFC 1123), or give an IPv4/IPv6 address")


def endpoint(host: str, port: int) -> str:
    """host:port, with IPv6 literals in brackets as torchrun and NCCL expect."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@dataclass(frozen=True, slots=True, kw_only=True)
class HostList:
    hosts: tuple[str, ...]
    slots: int | None = None  # processes per node the source states (hostfile slots=N), if uniform
    source: str = "--hosts"


def _unique(hosts: Iterable[str], source: str) -> tuple[str, ...]:
    seen: list[str] = []
    for h in hosts:
        if h in seen:
            raise NcclkitError(f"{source}: host {h!r} is listed twice",
                               hint="list each node once; --nproc-per-node sets the GPUs per node")
        seen.append(h)
    if not seen:
        raise NcclkitError(f"{source}: no hosts", hint="give at least one host")
    if len(seen) > _MAX_HOSTS:
        raise NcclkitError(f"{source}: {len(seen)} hosts", hint=f"at most {_MAX_HOSTS}")
    return tuple(seen)


def parse_hosts_arg(text: str) -> HostList:
    return HostList(hosts=_unique((validate_host(h) for h in text.split(",") if h.strip()),
                                  "--hosts"))


def parse_hostfile(path: Path) -> HostList:
    """One host a line; `# comments`; an Open MPI `slots=N` or a `host:N` suffix gives slots."""
    text = read_input_text(path, flag="--hostfile",
                           hint="give a text file of host names, one a line")
    hosts, slots = [], set()
    for n, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0].split()
        if not body:
            continue
        name, count = body[0], None
        if re.fullmatch(r"[^:\[\]]+:\d+", name):
            name, count = name.rsplit(":", 1)
        for extra in body[1:]:
            m = re.fullmatch(r"(?:slots|max_slots|max-slots)=(\d+)", extra)
            if not m:
                raise NcclkitError(f"{path}:{n}: unexpected {extra!r}",
                                   hint="write `host`, `host slots=N` or `host:N`, one a line")
            if extra.startswith("slots"):
                count = m.group(1)
        hosts.append(validate_host(name, source=f"{path}:{n}"))
        if count is not None:
            slots.add(int(count))
    return HostList(hosts=_unique(hosts, str(path)),
                    slots=slots.pop() if len(slots) == 1 else None, source=str(path))


def expand_nodelist(text: str) -> HostList:
    """Expand a Slurm node list (SLURM_JOB_NODELIST): `gpu[01-02,07],login1` -> 4 hosts."""
    try:
        names = slurm_hosts(text)
    except ValueError as exc:
        raise NcclkitError(f"SLURM_JOB_NODELIST={text!r}: {exc}",
                           hint="run inside `salloc`/`sbatch`, or pass --hosts") from None
    source = "SLURM_JOB_NODELIST"
    return HostList(hosts=_unique((validate_host(h, source=source) for h in names), source),
                    source=source)
