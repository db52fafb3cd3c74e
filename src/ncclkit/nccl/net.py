"""Which NET plugin a communicator gets: external plugin, internal IB, internal Socket, or none.

Up to v2.25 `ncclNetInit` (src/net.cc), from v2.26 `ncclNetPluginInit`/`ncclNetInit`
(src/plugin/net.cc, src/plugin/plugin_open.cc): the external plugin (NCCL_NET_PLUGIN, a comma list
from v2.27, `none` from v2.28; default `libnccl-net.so`) is tried first, then internal IB, then
Socket. Each candidate is initialised and must report a device; NCCL_NET (case-insensitive) then
restricts the assignment only. An NCCL_NET no candidate meets aborts init: WARN `Error: network X
not found.` (<= v2.26) or `Failed to initialize any NET plugin` (v2.27+); there is no fallback.

Internal IB drops out (and Socket is used) when NCCL_IB_DISABLE is non-zero, when libibverbs cannot
be dlopened (`buildIbvSymbols`, src/misc/ibvsymbols.cc: INFO `Failed to open libibverbs.so[.1]`),
when no out-of-band IP interface exists, or when no port is kept (`NET/IB : No device found.`), which
includes a container whose /dev/infiniband has no uverbs node: ibv_open_device fails for every HCA
that sysfs still lists.

A snapshot does not record which libnccl-net*.so the process would load: an explicit
NCCL_NET_PLUGIN, or an NCCL_NET naming something other than IB/Socket, is the evidence used, and
AWS EFA devices (RDMA devices with an unspecified link layer, which internal IB never opens) imply
the aws-ofi-nccl plugin that AWS images install. The plugin carries its own port, GID and GDR
logic, so the IB predictions below do not apply to an external plugin.
"""

from __future__ import annotations

from dataclasses import dataclass

from ncclkit.facts import IbPort, NodeFacts
from ncclkit.nccl.params import env_flag
from ncclkit.nccl.versions import NET_PLUGIN_LIST, nccl_version, ver_at_least

__all__ = ["NetChoice", "choose_net", "efa_ports", "is_ib_family"]

_INTERNAL = ("ib", "socket")


@dataclass(frozen=True, slots=True, kw_only=True)
class NetChoice:
    """The network NCCL assigns: "IB", "Socket", an external plugin's name, or None (init fails)."""

    plugin: str | None
    why: str
    external: bool = False

    @property
    def fails(self) -> bool:
        return self.plugin is None


def efa_ports(facts: NodeFacts) -> list[IbPort]:
    """ACTIVE ports of AWS EFA devices: link layer "Unspecified" (or an efa*/rdmap* device)."""
    return [p for p in facts.ib_ports
            if p.state_id == 4 and ((p.link_layer or "").lower() not in ("infiniband", "ethernet")
                                    or p.device.startswith(("efa", "rdmap")))]


def is_ib_family(name: str | None) -> bool:
    """IB-verbs networks: internal `IB`, and the SHARP/HPC-X plugin's `IBext`, `IBext_v8`, ..."""
    return bool(name) and (name == "IB" or str(name).startswith("IBext"))


def _external(facts: NodeFacts, env: dict[str, str]) -> tuple[str, str] | None:
    plugin = (env.get("NCCL_NET_PLUGIN") or "").strip()
    version = nccl_version(facts)
    if plugin and plugin.lower() != "none":
        names = plugin.split(",") if ver_at_least(version, NET_PLUGIN_LIST) else [plugin]
        return names[0], f"NCCL_NET_PLUGIN={plugin}: the external plugin is tried before the internal IB and Socket"
    if efa_ports(facts):
        return "Libfabric", ("AWS EFA devices: the internal IB transport never opens them (link layer unspecified); "
                             "AWS images install aws-ofi-nccl as libnccl-net.so, which NCCL loads first "
                             "(without it NCCL uses Socket)")
    return None


def choose_net(facts: NodeFacts, env: dict[str, str], ports: list[IbPort], oob: bool) -> NetChoice:
    """The network the communicator gets with `ports` kept by internal IB and `oob` interfaces."""
    forced = (env.get("NCCL_NET") or "").strip()
    ext = _external(facts, env)
    ib_ok, ib_why = True, ""
    if env_flag(env, "NCCL_IB_DISABLE"):
        ib_ok, ib_why = False, "NCCL_IB_DISABLE is set: IB init fails"
    elif not facts.ib_ports:
        ib_ok, ib_why = False, "no RDMA device: NET/IB finds no device"
    elif facts.rdma.libibverbs_known and facts.rdma.libibverbs is None:
        ib_ok, ib_why = False, "libibverbs is not installed: `Failed to open libibverbs.so[.1]`, IB init fails"
    elif facts.rdma.uverbs == ():
        ib_ok, ib_why = False, ("no /dev/infiniband/uverbs* device node (a container without the RDMA devices): "
                                "every HCA fails to open, `NET/IB : No device found.`")
    elif not ports:
        ib_ok, ib_why = False, "no ACTIVE IB/RoCE port passes NCCL_IB_HCA: `NET/IB : No device found.`"
    elif not oob:
        ib_ok, ib_why = False, "no IP interface for IB's out-of-band exchange: IB init fails"
    if forced:
        low = forced.lower()
        if low == "socket":
            return NetChoice(plugin="Socket", why="NCCL_NET=Socket assigns the internal socket transport")
        if low == "ib":
            if ib_ok:
                return NetChoice(plugin="IB", why="NCCL_NET=IB: the internal IB transport has usable ports")
            return NetChoice(plugin=None, why=(f"NCCL_NET=IB cannot be met ({ib_why}): NCCL aborts init "
                                               "(`Failed to initialize any NET plugin` 2.27+, `Error: network IB "
                                               "not found.` before); there is no fallback to Socket"))
        if low not in _INTERNAL:
            return NetChoice(plugin=forced, external=True,
                             why=f"NCCL_NET={forced} names an external plugin's network; init aborts if none has it")
    if ext is not None:
        return NetChoice(plugin=ext[0], why=ext[1], external=True)
    if ib_ok:
        kinds = sorted({"IB" if not p.is_roce else "RoCE" for p in ports})
        return NetChoice(plugin="IB", why=(f"{len(ports)} ACTIVE {'/'.join(kinds)} port(s) pass the filters; the "
                                           "internal IB transport is used"))
    return NetChoice(plugin="Socket", why=f"{ib_why}; NET falls back to Socket")
