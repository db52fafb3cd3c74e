"""Read loaded kernel modules (proc/modules) and the GPUDirect RDMA evidence into PeerMemFacts.

The paths are the ones NCCL's ncclIbGdrSupport() tests with access(F_OK), by version
(nccl-internals.md section 3): nv_mem / nv_mem_nc (all), nvidia-peermem (<= 2.21) and
sys/module/nvidia_peermem/version (2.23+). dma-buf needs kernel >= 5.12 and the open GPU module.
"""

from __future__ import annotations

from ncclkit.facts import PeerMemFacts
from ncclkit.probe.common import IssueLog, read_attr
from ncclkit.probe.parse import parse_kernel_release, parse_kernel_version
from ncclkit.probe.root import NodeRoot

__all__ = ["parse_proc_modules", "read_modules", "read_peermem"]

SOURCE_MODULES = "kmod.modules"
SOURCE_PEERMEM = "kmod.peermem"
PEERS_DIR = "sys/kernel/mm/memory_peers"
DMABUF_MIN_KERNEL = (5, 12)
OPEN_MODULE_MARKER = "Open Kernel Module"
# proc/modules lines: name size refcount deps state address; a numeric size tells them apart.
_MODULE_LINE_MIN_FIELDS = 3


def parse_proc_modules(text: str) -> tuple[str, ...] | None:
    """proc/modules -> sorted module names; None when no line looks like a module line."""
    names = set()
    for line in text.splitlines():
        fields = line.split()
        if len(fields) >= _MODULE_LINE_MIN_FIELDS and fields[1].isdigit():
            names.add(fields[0])
    return tuple(sorted(names)) if names else None


def read_modules(root: NodeRoot, issues: IssueLog) -> tuple[str, ...]:
    """Loaded modules; falls back to sys/module/<m>/initstate (only loadable modules have it)."""
    text = read_attr(root, "proc/modules")
    if text is not None:
        names = parse_proc_modules(text)
        if names is not None:
            return names
        issues.add(SOURCE_MODULES, "proc/modules", f"unexpected content {text[:80]!r}")
    else:
        issues.add(SOURCE_MODULES, "proc/modules", "missing or unreadable; using sys/module")
    return tuple(m for m in root.list_dir("sys/module") if root.exists(f"sys/module/{m}/initstate"))


def read_peermem(root: NodeRoot, modules: tuple[str, ...], issues: IssueLog) -> PeerMemFacts:
    """Peer-memory modules and dma-buf preconditions."""
    release = parse_kernel_release(read_attr(root, "proc/version"))
    if release is None:
        issues.add(SOURCE_PEERMEM, "proc/version", "kernel release unknown: dma-buf support not decided")
    nv_version = read_attr(root, "proc/driver/nvidia/version")
    open_module = None if nv_version is None else OPEN_MODULE_MARKER in nv_version
    kernel = parse_kernel_version(release)
    if open_module is False or (kernel is not None and kernel < DMABUF_MIN_KERNEL):
        dmabuf: bool | None = False
    elif open_module is None or kernel is None:
        dmabuf = None
    else:
        dmabuf = True
    return PeerMemFacts(
        nv_mem=root.exists(f"{PEERS_DIR}/nv_mem/version"),
        nv_mem_nc=root.exists(f"{PEERS_DIR}/nv_mem_nc/version"),
        # A loaded nvidia_peermem always has sys/module/.../version; proc/modules covers captures
        # that did not copy sys/module.
        nvidia_peermem_module=root.exists("sys/module/nvidia_peermem/version") or "nvidia_peermem" in modules,
        legacy_nvidia_peermem=root.exists(f"{PEERS_DIR}/nvidia-peermem/version"),
        nv_peer_mem_module=root.exists("sys/module/nv_peer_mem") or "nv_peer_mem" in modules,
        kernel_release=release,
        open_kernel_module=open_module,
        dmabuf_possible=dmabuf,
    )
