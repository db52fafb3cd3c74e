"""Read OS limits and tunables into OsFacts, and NUMA nodes from sys/devices/system/node.

RLIMIT_MEMLOCK comes from proc/self/limits (the probing process, or the capturing one in a
snapshot), else from `ulimit -l` (KiB). Verbs memory registration pins pages against it.
"""

from __future__ import annotations

from ncclkit.facts import OsFacts
from ncclkit.probe.common import IssueLog, read_attr, read_int_attr, uncaptured_reason
from ncclkit.probe.parse import parse_cpulist, parse_int, parse_limits_memlock, parse_os_release, parse_ulimit_l
from ncclkit.probe.root import NodeRoot

__all__ = ["read_memlock", "read_numa_nodes", "read_os"]

SOURCE = "os"
SOURCE_NUMA = "numa"
NODE_DIR = "sys/devices/system/node"


def read_memlock(root: NodeRoot, issues: IssueLog) -> tuple[int | None, bool | None]:
    """(soft limit in bytes or None, unlimited?) ; (None, None) when neither source is readable."""
    text = read_attr(root, "proc/self/limits")
    if text is not None:
        parsed = parse_limits_memlock(text)
        if parsed is not None:
            return parsed
        issues.add(SOURCE, "proc/self/limits", "no readable 'Max locked memory' line")
    ulimit = root.command("ulimit-l.txt")
    if ulimit is not None:
        parsed = parse_ulimit_l(ulimit)
        if parsed is not None:
            return parsed
        issues.add(SOURCE, "cmd/ulimit-l.txt", f"unexpected `ulimit -l` output {ulimit[:80]!r}")
    else:
        why = "" if root.live else f" ({uncaptured_reason(root, 'ulimit-l.txt')})"
        issues.add(SOURCE, "cmd/ulimit-l.txt", f"RLIMIT_MEMLOCK unknown: no proc/self/limits nor `ulimit -l`{why}")
    return (None, None)


def read_os(root: NodeRoot, modules: tuple[str, ...], issues: IssueLog) -> OsFacts:
    memlock_bytes, unlimited = read_memlock(root, issues)
    os_release = read_attr(root, "etc/os-release")
    return OsFacts(
        memlock_soft_bytes=memlock_bytes,
        memlock_unlimited=unlimited,
        max_map_count=read_int_attr(root, "proc/sys/vm/max_map_count", issues, SOURCE),
        rmem_max=read_int_attr(root, "proc/sys/net/core/rmem_max", issues, SOURCE),
        wmem_max=read_int_attr(root, "proc/sys/net/core/wmem_max", issues, SOURCE),
        modules=modules,
        os_name=parse_os_release(os_release).get("PRETTY_NAME") if os_release else None,
        numa_balancing=read_int_attr(root, "proc/sys/kernel/numa_balancing", issues, SOURCE),
        cpu_vendor=_cpu_vendor(root.read_text("proc/cpuinfo")),
    )


def _cpu_vendor(cpuinfo: str | None) -> str | None:
    """The x86 `vendor_id` of proc/cpuinfo (what NCCL's cpuid reads); Arm has no such line."""
    for line in (cpuinfo or "").splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "vendor_id":
            return value.strip() or None
    return None


def read_numa_nodes(root: NodeRoot, issues: IssueLog) -> dict[int, str]:
    """node id -> cpulist text ("0-55,112-167"); memory-only nodes have an empty cpulist."""
    out: dict[int, str] = {}
    for name in root.list_dir(NODE_DIR):
        node = parse_int(name.removeprefix("node"), 10) if name.startswith("node") else None
        if node is None:
            continue
        rel = f"{NODE_DIR}/{name}/cpulist"
        text = root.read_text(rel)
        if text is None:
            issues.add(SOURCE_NUMA, rel, "missing or unreadable")
            continue
        if parse_cpulist(text) is None:
            issues.add(SOURCE_NUMA, rel, f"unexpected value {text[:80]!r}")
            continue
        out[node] = text.strip()
    return dict(sorted(out.items()))
