"""Which IB/RoCE ports NCCL's IB transport opens, and how it groups them into NICs (vNICs).

Ports: `ncclIbInit` (src/transport/net_ib.cc, v2.18.1-1 .. v2.28.9-1), `ncclIbInitDevices`
(src/transport/net_ib/init.cc, v2.29.7-1+): a port is kept when its state is IBV_PORT_ACTIVE and its
link layer is InfiniBand or Ethernet (EFA ports, link layer unspecified, never are), it passes
NCCL_IB_HCA, and fewer than MAX_IB_DEVS (32) devices are kept. Physical state plays no part:
`nccl_uses_port` is NCCL's test, `port_is_healthy` is ncclkit's own (ib.port_down), and they differ
for an ACTIVE port whose phys_state is not LinkUp.

Merging (NCCL names one group `a+b`):
- v2.20-v2.23, `ncclIbFindMatchingDev` (net_ib.cc): same PCI path with the function zeroed (and the
  two device digits with NCCL_IB_MERGE_VFS=1, the default), same sys_image_guid, same link layer, at
  most NCCL_IB_MAX_DEVS_PER_NIC (2); NCCL_IB_MERGE_NICS=0 turns it off. v2.22-v2.23 turn it off for
  the whole node when merged and single-port NICs are mixed ("Detected a mix of single and
  multiple-port NICs").
- v2.24+, `ncclTopoAutoMerge` (src/graph/topo.cc): NICs at most NCCL_NET_MERGE_LEVEL apart (default
  PORT: the same zeroed PCI path) are fused, at most NCCL_NET_MAX_DEVS_PER_NIC (4); the IB side
  (`ncclIbMakeVDeviceInternal`) refuses a group when NCCL_IB_MERGE_NICS=0 or the link layers differ,
  and NCCL then places those NICs alone. NCCL_NET_FORCE_MERGE is not modelled (reported as such).
"""

from __future__ import annotations

from dataclasses import dataclass

from ncclkit.facts import IbDevice, IbPort, NodeFacts
from ncclkit.nccl.params import MAX_IB_DEVS, env_int, parse_nccl_list
from ncclkit.nccl.paths import nccl_level_of, pci_path_type
from ncclkit.nccl.versions import IB_MERGE, IB_MERGE_MIX_OFF, VNIC_CORE, NcclVersion, nccl_version, ver_at_least

__all__ = ["NetDevice", "nccl_ib_ports", "nccl_uses_port", "net_devices", "pci_path_key", "port_device",
           "port_is_healthy", "usable_ports"]

_IB_MAX_DEVS_PER_NIC = 2  # NCCL_IB_MAX_DEVS_PER_NIC, src/transport/net_ib.cc v2.20.5-1 .. v2.23.4-1
_NET_MAX_DEVS_PER_NIC = 4  # NCCL_NET_MAX_DEVS_PER_NIC, src/include/plugin/nccl_net.h v2.24.3-1+
_MERGE_LEVELS = ("LOC", "PORT", "PIX", "PXB", "P2C", "PXN", "PHB", "SYS")  # nicPathKvList, topo.cc


def nccl_uses_port(port: IbPort) -> bool:
    """NCCL's own test: IBV_PORT_ACTIVE (state 4) and link layer InfiniBand or Ethernet."""
    return port.state_id == 4 and (port.link_layer or "").lower() in ("infiniband", "ethernet")


def port_is_healthy(port: IbPort) -> bool:
    """ncclkit's `ib.port_down` contract: ACTIVE with the physical link up (or not reported)."""
    return port.is_active


def usable_ports(facts: NodeFacts) -> list[IbPort]:
    """Ports NCCL can open, in device order, before NCCL_IB_HCA."""
    return [p for p in facts.ib_ports if nccl_uses_port(p)]


def nccl_ib_ports(facts: NodeFacts, env: dict[str, str]) -> list[IbPort]:
    """The ports NCCL's IB transport uses under `env` (NCCL_IB_HCA applied, 32-device cap)."""
    value = env.get("NCCL_IB_HCA")
    ports = usable_ports(facts)
    if value:
        lst = parse_nccl_list(value, version=nccl_version(facts))
        ports = [p for p in ports if lst.selects(p.device, p.port)]
    # MAX_IB_DEVS is tested before each verbs device is opened: a device's ports stay together.
    kept: list[IbPort] = []
    devices: list[str] = []
    for p in ports:
        if p.device not in devices:
            if len(kept) >= MAX_IB_DEVS:
                break
            devices.append(p.device)
        if len(kept) < MAX_IB_DEVS:
            kept.append(p)
    return kept


def port_device(facts: NodeFacts, port: IbPort) -> IbDevice | None:
    return next((d for d in facts.ib_devices if d.name == port.device), None)


def pci_path_key(bdf: str | None, *, merge_vfs: bool = True) -> str | None:
    """ncclIbGetPciPath: the PCI function set to 0 and, with NCCL_IB_MERGE_VFS=1, the two device
    digits too, so the ports and VFs of one NIC share a path."""
    if not bdf:
        return None
    if len(bdf) < 4:
        return bdf
    return bdf[:-4] + "00.0" if merge_vfs else bdf[:-1] + "0"


@dataclass(frozen=True, slots=True, kw_only=True)
class NetDevice:
    """A NET device as NCCL counts it: one port, or ports merged into one (v)NIC."""

    name: str
    ports: tuple[str, ...]
    speed_mbps: int | None
    why: str

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "ports": list(self.ports), "speed_mbps": self.speed_mbps}


def _groups_2_20(facts: NodeFacts, ports: list[IbPort], env: dict[str, str], merge: bool) -> list[list[IbPort]]:
    merge_vfs = env_int(env, "NCCL_IB_MERGE_VFS", 1) != 0
    groups: list[list[IbPort]] = []
    for p in ports:
        dev = port_device(facts, p)
        key = (pci_path_key(dev.pci_bdf if dev else None, merge_vfs=merge_vfs),
               dev.sys_image_guid if dev else None, p.is_roce)
        hit = None
        if merge and key[0] is not None:
            for g in groups:
                d0 = port_device(facts, g[0])
                k0 = (pci_path_key(d0.pci_bdf if d0 else None, merge_vfs=merge_vfs),
                      d0.sys_image_guid if d0 else None, g[0].is_roce)
                if k0 == key and len(g) < _IB_MAX_DEVS_PER_NIC:
                    hit = g
                    break
        if hit is None:
            groups.append([p])
        else:
            hit.append(p)
    return groups


def _nic_distance(facts: NodeFacts, a: IbPort, b: IbPort, merge_vfs: bool) -> str | None:
    """ncclTopoGetPath between two NICs' XML nodes: PORT for one PCI path, else the PCI path type."""
    da, db = port_device(facts, a), port_device(facts, b)
    if da is None or db is None or not da.pci_bdf or not db.pci_bdf:
        return None
    if pci_path_key(da.pci_bdf, merge_vfs=merge_vfs) == pci_path_key(db.pci_bdf, merge_vfs=merge_vfs):
        return "PORT"
    pa, pb = facts.pci.get(da.pci_bdf.lower()), facts.pci.get(db.pci_bdf.lower())
    kind = pci_path_type(pa, pb) if pa and pb else None
    return nccl_level_of(kind) if kind else None


def _groups_2_24(facts: NodeFacts, ports: list[IbPort], env: dict[str, str], level: str) -> list[list[IbPort]]:
    merge_nics = env_int(env, "NCCL_IB_MERGE_NICS", 1) != 0
    merge_vfs = env_int(env, "NCCL_IB_MERGE_VFS", 1) != 0
    rank = {name: i for i, name in enumerate(_MERGE_LEVELS)}
    placed: set[str] = set()
    groups: list[list[IbPort]] = []
    for root in ports:
        if root.name in placed:
            continue
        group = [root]
        placed.add(root.name)
        for other in ports:
            if other.name in placed or len(group) >= _NET_MAX_DEVS_PER_NIC:
                continue
            dist = _nic_distance(facts, root, other, merge_vfs)
            if dist is not None and dist in rank and rank[dist] <= rank[level]:
                group.append(other)
                placed.add(other.name)
        if len(group) > 1 and (not merge_nics or len({p.is_roce for p in group}) > 1):
            # ncclIbMakeVDeviceInternal refuses; NCCL restarts placement with those NICs apart.
            groups.extend([p] for p in group)
        else:
            groups.append(group)
    return groups


def net_devices(facts: NodeFacts, ports: list[IbPort], env: dict[str, str],
                version: NcclVersion | None = None) -> list[NetDevice]:
    """NICs as NCCL counts them under `env`, with the merge rule of `version` (default: the facts')."""
    version = version if version is not None else nccl_version(facts)
    why = "one NET device per port (NCCL <= 2.19 never merges)"
    if ver_at_least(version, VNIC_CORE):
        level = env.get("NCCL_NET_MERGE_LEVEL") or "PORT"
        level = level if level in _MERGE_LEVELS else "PORT"
        groups = _groups_2_24(facts, ports, env, level)
        why = f"NICs at most {level} apart fused by ncclTopoAutoMerge (2.24+)"
        if env.get("NCCL_NET_FORCE_MERGE"):
            why += "; NCCL_NET_FORCE_MERGE is set and not modelled: NCCL's groups follow it instead"
    elif ver_at_least(version, IB_MERGE):
        merge = env_int(env, "NCCL_IB_MERGE_NICS", 1) != 0
        groups = _groups_2_20(facts, ports, env, merge)
        why = "ports merged by PCI path, sys_image_guid and link layer (ncclIbFindMatchingDev, 2.20-2.23)"
        if not merge:
            why = "NCCL_IB_MERGE_NICS=0: one NET device per port"
        elif ver_at_least(version, IB_MERGE_MIX_OFF) and len({len(g) for g in groups}) > 1:
            groups = [[p] for g in groups for p in g]
            why = ("a mix of single and multiple-port NICs: NCCL force-disables NCCL_IB_MERGE_NICS "
                   "(2.22-2.23)")
    else:
        groups = [[p] for p in ports]
    out = []
    for members in groups:
        if len(members) > 1 and ver_at_least(version, VNIC_CORE):
            name = "+".join(p.device for p in members)
        elif len(members) > 1:
            name = "{" + ", ".join(p.name for p in members) + "}"
        else:
            name = members[0].name
        speed = sum(int((p.rate_gbps or 0) * 1000) for p in members)
        out.append(NetDevice(name=name, ports=tuple(p.name for p in members), speed_mbps=speed or None, why=why))
    return out


