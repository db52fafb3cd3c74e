"""Node rules: pure functions NodeFacts -> list[Finding], one module per area, run by `run_rules`.

Ids are stable and dotted (CONTRACTS.md section 3); each rule is quiet on healthy input.
"""

from __future__ import annotations

from collections.abc import Callable

from ncclkit.facts import NodeFacts
from ncclkit.findings import Finding, sort_findings
from ncclkit.rules.env import check_env_vars
from ncclkit.rules.gdr import (
    check_gdr_distance,
    check_gdr_unavailable,
    check_peermem_version,
)
from ncclkit.rules.gpu import check_driver_missing, check_gpu_none
from ncclkit.rules.gpu_health import (
    check_fabric,
    check_gpu_memory,
    check_nvlink_errors,
    check_nvlink_inactive,
    check_persistence,
    check_xid,
)
from ncclkit.rules.host import check_firewall, check_net_plugin, check_remove_ipc, check_shm, check_verbs_access
from ncclkit.rules.ib_counters import check_ib_counters
from ncclkit.rules.os import check_memlock
from ncclkit.rules.env_names import check_conf_files, check_env_names, check_socket_buffers
from ncclkit.rules.pcie import check_link_degraded
from ncclkit.rules.pcie_p2p import check_acs, check_aer, check_iommu
from ncclkit.rules.probe import check_nccl_version, check_probe_issues
from ncclkit.rules.rdma import (
    check_ipoib_missing,
    check_port_down,
    check_rate_mismatch,
    check_rdma_none,
    check_roce_gid_missing,
)
from ncclkit.rules.topo import check_flattened

__all__ = ["RULES", "Rule", "run_rules"]

Rule = Callable[[NodeFacts], list[Finding]]

RULES: tuple[Rule, ...] = (
    check_gpu_none,
    check_driver_missing,
    check_rdma_none,
    check_port_down,
    check_rate_mismatch,
    check_ipoib_missing,
    check_roce_gid_missing,
    check_gdr_unavailable,
    check_peermem_version,
    check_gdr_distance,
    check_link_degraded,
    check_memlock,
    check_flattened,
    check_acs,
    check_iommu,
    check_aer,
    check_fabric,
    check_xid,
    check_gpu_memory,
    check_persistence,
    check_nvlink_inactive,
    check_nvlink_errors,
    check_ib_counters,
    check_shm,
    check_remove_ipc,
    check_firewall,
    check_verbs_access,
    check_net_plugin,
    check_env_names,
    check_conf_files,
    check_socket_buffers,
    check_nccl_version,
    check_probe_issues,
)


def run_rules(facts: NodeFacts) -> list[Finding]:
    """Every node rule plus the env.* checks of the variables in force, errors first."""
    findings: list[Finding] = []
    for rule in RULES:
        findings.extend(rule(facts))
    findings.extend(check_env_vars(facts, facts.nccl.env))
    return sort_findings(findings)
