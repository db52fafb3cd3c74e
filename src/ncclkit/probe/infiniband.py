"""Read sys/class/infiniband/<dev> (attributes, ports, GID tables) into IbDevice records.

NCCL enumerates the same devices through libibverbs (nccl-internals.md section 1); sysfs holds what
ibv_query_port reports: state, phys_state, rate, link_layer, and the GID table that RoCE needs.
"""

from __future__ import annotations

import os

from ncclkit.facts import GidEntry, IbDevice, IbPort
from ncclkit.probe.common import IssueLog, bdf_of_path, read_attr, read_int_attr, read_parsed
from ncclkit.probe.parse import parse_gid_ipv4, parse_ib_rate, parse_ib_state, parse_int
from ncclkit.probe.pci import pci_dir
from ncclkit.probe.root import NodeRoot

__all__ = ["read_ib_devices", "read_ib_port"]

SOURCE = "infiniband"
CLASS_DIR = "sys/class/infiniband"


def read_ib_devices(root: NodeRoot, issues: IssueLog) -> tuple[IbDevice, ...]:
    """Every RDMA device, sorted by name; an absent class folder means no RDMA device (no issue).
    A folder that exists but cannot be listed (a non-root run, a restrictive snapshot copy) is an
    issue, never "no RDMA device"."""
    folder = root.path(CLASS_DIR)
    effective = os.access in os.supports_effective_ids  # the permissions of who runs ncclkit
    if folder.is_dir() and not os.access(folder, os.R_OK | os.X_OK, effective_ids=effective):
        issues.add(SOURCE, CLASS_DIR, "permission denied: the RDMA devices could not be listed")
        return ()
    return tuple(_read_device(root, name, issues) for name in root.list_dir(CLASS_DIR))


def _read_device(root: NodeRoot, name: str, issues: IssueLog) -> IbDevice:
    base = root.realpath(f"{CLASS_DIR}/{name}")
    dev_path = root.realpath(f"{base}/device")
    # Soft-RoCE / siw devices have no PCI function: `device` is absent and base is virtual.
    pci_bdf = bdf_of_path(dev_path if root.is_dir(dev_path) else base)
    numa = read_int_attr(root, f"{pci_dir(root, pci_bdf)}/numa_node", issues, SOURCE) if pci_bdf else None
    ports_dir = f"{base}/ports"
    port_names = sorted((p for p in root.list_dir(ports_dir) if p.isdigit()), key=int)
    if not port_names:
        issues.add(SOURCE, f"{CLASS_DIR}/{name}/ports", "RDMA device without ports")
    node_type = read_attr(root, f"{base}/node_type")
    return IbDevice(
        name=name,
        node_type=node_type,
        fw_ver=read_attr(root, f"{base}/fw_ver"),
        board_id=read_attr(root, f"{base}/board_id"),
        hca_type=read_attr(root, f"{base}/hca_type"),
        node_guid=read_attr(root, f"{base}/node_guid"),
        sys_image_guid=read_attr(root, f"{base}/sys_image_guid"),
        pci_bdf=pci_bdf,
        numa_node=numa,
        netdevs=tuple(root.list_dir(f"{dev_path}/net")) if pci_bdf else (),
        ports=tuple(read_ib_port(root, name, f"{ports_dir}/{p}", int(p), issues) for p in port_names),
    )


def read_ib_port(root: NodeRoot, device: str, port_dir: str, port: int, issues: IssueLog) -> IbPort:
    """sys/class/infiniband/<dev>/ports/<n>: state, phys_state, rate, link_layer, lid, GIDs."""
    for attr in ("state", "phys_state", "rate", "link_layer"):
        if read_attr(root, f"{port_dir}/{attr}") is None:
            issues.add(SOURCE, f"{port_dir}/{attr}", "port attribute missing or unreadable")
    state = read_parsed(root, f"{port_dir}/state", parse_ib_state, issues, SOURCE)
    phys = read_parsed(root, f"{port_dir}/phys_state", parse_ib_state, issues, SOURCE)
    return IbPort(
        device=device,
        port=port,
        state=state[1] if state else None,
        state_id=state[0] if state else None,
        phys_state=phys[1] if phys else None,
        phys_state_id=phys[0] if phys else None,
        rate_gbps=read_parsed(root, f"{port_dir}/rate", parse_ib_rate, issues, SOURCE),
        rate_text=read_attr(root, f"{port_dir}/rate"),
        link_layer=read_attr(root, f"{port_dir}/link_layer"),
        lid=read_attr(root, f"{port_dir}/lid"),
        gids=_read_gids(root, port_dir),
    )


def _read_gids(root: NodeRoot, port_dir: str) -> tuple[GidEntry, ...]:
    """The GID table; all-zero entries without a type are unused slots and are left out."""
    indices = sorted(i for name in root.list_dir(f"{port_dir}/gids") if (i := parse_int(name, 10)) is not None)
    out: list[GidEntry] = []
    for index in indices:
        gid = read_attr(root, f"{port_dir}/gids/{index}")
        if gid is None:
            continue
        # sysfs answers EINVAL for the type / ndev of an unused slot: read_attr gives None then.
        gid_type = read_attr(root, f"{port_dir}/gid_attrs/types/{index}")
        entry = GidEntry(
            index=index,
            gid=gid,
            gid_type=gid_type,
            ndev=read_attr(root, f"{port_dir}/gid_attrs/ndevs/{index}"),
            ipv4=parse_gid_ipv4(gid),
        )
        if entry.is_empty and gid_type is None:
            continue
        out.append(entry)
    return tuple(out)
