"""collect(root) -> NodeFacts: run every reader over one NodeRoot, never raising for node data.

Each source is isolated: a reader that fails outright (a bug, an exotic tree) leaves its default
value and one ProbeIssue, and the other sources still run. For a snapshot the result depends only on
the tree: lists are sorted and issues name root-relative paths.
"""

from __future__ import annotations

import json
import socket
from datetime import UTC, datetime

from ncclkit.facts import NcclFacts, NodeFacts, OsFacts, PeerMemFacts, RdmaAccess
from ncclkit.probe.common import IssueLog, guard
from ncclkit.probe.gpu import GpuFacts, read_gpus
from ncclkit.probe.health import read_health
from ncclkit.probe.infiniband import read_ib_devices
from ncclkit.probe.rdma_access import read_rdma_access
from ncclkit.probe.kmod import read_modules, read_peermem
from ncclkit.probe.nccl import read_nccl
from ncclkit.probe.net import read_ifaces
from ncclkit.probe.osinfo import read_numa_nodes, read_os
from ncclkit.probe.pci import collect_pci
from ncclkit.probe.root import COMMANDS, NodeRoot

__all__ = ["collect"]




def _host_and_time(root: NodeRoot, issues: IssueLog) -> tuple[str, str | None]:
    if root.live:
        return socket.gethostname(), datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    text = root.read_text("meta.json")
    meta = None
    if text is not None:
        try:
            meta = json.loads(text)
        except ValueError:
            meta = None
    if not isinstance(meta, dict):
        issues.add("meta", "meta.json", "missing or not a JSON object: host name taken from the folder")
        return root.base.name, None
    host = meta.get("hostname")
    if not isinstance(host, str) or not host:
        issues.add("meta", "meta.json", "no hostname: host name taken from the folder")
        host = root.base.name
    captured = meta.get("captured_at")
    return host, captured if isinstance(captured, str) else None


def collect(root: NodeRoot, *, interval_s: float = 0.0) -> NodeFacts:
    """Every fact the probe knows how to read from `root`, plus the issues met on the way.

    `interval_s` > 0 on a live node samples the IB port counters twice, that far apart.
    """
    issues = IssueLog()
    root.prefetch(COMMANDS)  # live: every command at once, not one after the other
    host, captured_at = guard(issues, "meta", (root.base.name, None), lambda: _host_and_time(root, issues))
    modules = guard(issues, "kmod.modules", (), lambda: read_modules(root, issues))
    gpu = guard(issues, "gpu", GpuFacts(), lambda: read_gpus(root, modules, issues))
    ib_devices = guard(issues, "infiniband", (), lambda: read_ib_devices(root, issues))
    ifaces = guard(issues, "net", (), lambda: read_ifaces(root, issues))
    wanted = [g.bus_id for g in gpu.gpus]
    wanted += [d.pci_bdf for d in ib_devices if d.pci_bdf]
    wanted += [i.pci_bdf for i in ifaces if i.pci_bdf]
    pci = guard(issues, "pci", {}, lambda: collect_pci(root, wanted, issues))
    nccl = guard(issues, "nccl", NcclFacts(), lambda: read_nccl(root, issues))
    # read_nccl has applied NCCL's config files to the env already (ncclkit.nccl.config).
    health = read_health(root, gpus=gpu.gpus, ib_devices=ib_devices, pci=pci, env=nccl.env, issues=issues,
                         nccl_version=nccl.version, env_from_files=nccl.env_from_files,
                         interval_s=interval_s)
    return NodeFacts(
        host=host,
        source="live" if root.live else (root.label or str(root.base)),
        captured_at=captured_at,
        driver_version=gpu.driver_version,
        cuda_version=gpu.cuda_version,
        gpus=gpu.gpus,
        gpu_source=gpu.source,
        ib_devices=ib_devices,
        ifaces=ifaces,
        pci=pci,
        numa_nodes=guard(issues, "numa", {}, lambda: read_numa_nodes(root, issues)),
        peermem=guard(issues, "kmod.peermem", PeerMemFacts(), lambda: read_peermem(root, modules, issues)),
        os=guard(issues, "os", OsFacts(modules=modules), lambda: read_os(root, modules, issues)),
        nccl=nccl,
        rdma=guard(issues, "infiniband", RdmaAccess(), lambda: read_rdma_access(root, issues)),
        topo_matrix=guard(issues, "topo", None, lambda: root.command("nvidia-smi-topo-m.txt")),
        health=health,
        issues=issues.items(),
    )
