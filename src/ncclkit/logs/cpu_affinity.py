"""A CPU binding the scheduler's cpuset refuses (pure: text -> list[Finding]).

Training code that pins each rank to the CPUs near its GPU (NVML's nvmlDeviceGetCpuAffinity through pynvml, then
os.sched_setaffinity) fails with EINVAL when that set shares no CPU with what the job may run on: sched_setaffinity(2)
returns EINVAL when the mask holds no CPU permitted by the cpuset cgroup. Under Slurm a job given 8 of a node's 96
cores gets an empty intersection, hence "OSError: [Errno 22] Invalid argument" (nvidia-cosmos/cosmos-predict1#11).
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding

__all__ = ["cpu_affinity_findings"]

_EINVAL = re.compile(r"OSError: \[Errno 22\] Invalid argument")
_AFFINITY = re.compile(r"sched_setaffinity|\w*cpu_affinity\b|nvmlDeviceGetCpuAffinity|CpuAffinity\(")


def cpu_affinity_findings(text: str) -> list[Finding]:
    if "Errno 22" not in text:
        return []
    lines = text.splitlines()
    failed = [no for no, line in enumerate(lines, 1) if _EINVAL.search(line)]
    binding = [no for no, line in enumerate(lines, 1) if _AFFINITY.search(line)]
    if not failed or not binding:
        return []
    return [Finding.root_error(
        "log.topology_error", "CPU affinity",
        "binding a rank to the CPUs near its GPU failed (EINVAL): that set shares no CPU with the CPUs the job may "
        "use (a scheduler's cpuset, e.g. a Slurm job given a few cores of the node)",
        "skip or intersect the binding with the allowed CPUs (`os.sched_getaffinity(0)`), or ask the scheduler for "
        "the cores near the GPUs (`--cpus-per-gpu`, `--cpu-bind`, a whole node)",
        Cause.TOPOLOGY_OR_NUMA, sorted(binding + failed)[:8], alternatives=[str(Cause.APPLICATION_BUG)])]
