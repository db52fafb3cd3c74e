"""read_health(): every round-two source of one node into HealthFacts, each source isolated.

Runs after the GPU, RDMA and PCI readers (it needs their devices). `interval_s` > 0 on a live node
reads the IB port counters twice, that many seconds apart.
"""

from __future__ import annotations

from collections.abc import Mapping

from ncclkit.facts import GpuInfo, IbDevice, PciDevice
from ncclkit.facts_health import FirewallFacts, HealthFacts, IpcFacts, NcclConfFacts
from ncclkit.probe.common import IssueLog, guard
from ncclkit.probe.health_gpu import (
    FABRIC_MANAGER,
    NVLINK_ERRORS,
    parse_fabric_manager,
    parse_gpu_health,
    parse_nvlink_errors,
    read_xids,
)
from ncclkit.probe.health_host import read_conf, read_firewall, read_ipc
from ncclkit.probe.health_ib import read_ib_counters, read_uptime
from ncclkit.probe.health_pci import read_acs, read_aer, read_iommu, read_nvswitches
from ncclkit.probe.root import NodeRoot

__all__ = ["read_health"]

SMI_XML = "nvidia-smi-q-x.xml"



def read_health(root: NodeRoot, *, gpus: tuple[GpuInfo, ...], ib_devices: tuple[IbDevice, ...],
                pci: dict[str, PciDevice], env: Mapping[str, str], issues: IssueLog,
                nccl_version: str | None = None, env_from_files: Mapping[str, str] | None = None,
                interval_s: float = 0.0) -> HealthFacts:
    acs, acs_source = guard(issues, "pci.acs", ((), None), lambda: read_acs(root, pci, issues))
    endpoints = [g.bus_id for g in gpus] + [d.pci_bdf for d in ib_devices if d.pci_bdf]
    iommu, groups, cmdline = guard(issues, "pci.iommu", ({}, None, None), lambda: read_iommu(root, endpoints))
    smi = root.command(SMI_XML) if gpus else None
    return HealthFacts(
        acs=acs, acs_source=acs_source, aer=guard(issues, "pci.aer", {}, lambda: read_aer(root, pci)),
        iommu_groups=iommu, iommu_group_count=groups, cmdline=cmdline,
        nvswitches=guard(issues, "nvswitch", (), lambda: read_nvswitches(root)),
        fabric_manager=parse_fabric_manager(root.command(FABRIC_MANAGER)),
        gpus=guard(issues, "gpuhealth", (), lambda: parse_gpu_health(smi) if smi else ()),
        xids=guard(issues, "xid", None, lambda: read_xids(root)),
        nvlink_errors=guard(issues, "gpuhealth", {}, lambda: parse_nvlink_errors(root.command(NVLINK_ERRORS) or "")
                             if gpus else {}),
        ib_counters=guard(issues, "infiniband.counters", (),
                           lambda: read_ib_counters(root, ib_devices, issues, interval_s)),
        uptime_s=read_uptime(root),
        ipc=guard(issues, "host.ipc", IpcFacts(), lambda: read_ipc(root)),
        firewall=guard(issues, "host.firewall", FirewallFacts(), lambda: read_firewall(root, env)),
        conf=guard(issues, "ncclconf", NcclConfFacts(), lambda: read_conf(root, env, nccl_version, env_from_files or {})),
    )
