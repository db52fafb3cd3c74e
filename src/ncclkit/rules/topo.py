"""Topology visibility rules: topo.flattened (a VM that hides the host's PCI/NUMA layout from NCCL)."""

from __future__ import annotations

from ncclkit.facts import NodeFacts
from ncclkit.findings import Finding, Severity
from ncclkit.rules.common import evidence
from ncclkit.nccl.paths import is_flattened

__all__ = ["check_flattened"]


def check_flattened(facts: NodeFacts) -> list[Finding]:
    """topo.flattened: all GPUs/NICs sit directly on a root bus (one, or one per device) with numa_node -1 and no NCCL_TOPO_FILE.

    NCCL then treats every GPU<->NIC path as PHB (nccl-internals.md section 4), so GDR is off and NIC
    choice ignores locality. A warning with RDMA devices, otherwise info (NVLink/P2P are unaffected).
    """
    # NCCL also reads the topologyd default file when NCCL_TOPO_FILE is unset (src/graph/topo.cc).
    if not is_flattened(facts) or facts.nccl.env.get("NCCL_TOPO_FILE") or facts.health.conf.topo_default:
        return []
    severity = Severity.WARNING if facts.ib_devices else Severity.INFO
    impact = ("every GPU<->NIC path looks like PHB, so NCCL turns GPUDirect RDMA off and cannot pick "
              "each GPU's closest NIC" if facts.ib_devices else
              "harmless for NVLink traffic, but NCCL cannot see the host's PCIe/NUMA layout")
    return [Finding(
        id="topo.flattened", severity=severity, subject="NCCL_TOPO_FILE",
        message=f"VM topology is flattened (all devices directly on root buses, numa_node -1): {impact}",
        fix=("export NCCL_TOPO_FILE=/etc/nccl/topo.xml   # the topology XML your cloud provider ships for "
             "this instance type (or NCCL_TOPO_DUMP_FILE output from the same model)"),
        evidence=evidence("sys/bus/pci/devices/*/numa_node", "numa_node -1, no root ports",
                          "the host's real PCI tree", gpus=[g.bus_id for g in facts.gpus]))]
