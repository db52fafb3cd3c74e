"""Whether NCCL's IB transport can use GPUDirect RDMA on a node: one model for rules, env and reports.

NCCL marks an IB NIC GDR-capable when `ncclIbGdrSupport` finds a peer-memory file (tested with
access(F_OK), once; the list depends on the version) or `ncclIbDmaBufSupport` succeeds (2.13+, which
needs kernel >= 5.12 and the open GPU kernel module): nccl-internals.md section 3,
src/transport/net_ib/gdr.cc. Distance per GPU is a separate question (ncclkit.topology).
"""

from __future__ import annotations

from dataclasses import dataclass

from ncclkit.facts import NodeFacts
from ncclkit.ncclver import NcclVersion, parse_nccl_version

__all__ = ["GdrSupport", "gdr_support", "peermem_paths_checked"]

NV_MEM = "sys/kernel/mm/memory_peers/nv_mem/version"
NV_MEM_NC = "sys/kernel/mm/memory_peers/nv_mem_nc/version"
NVIDIA_PEERMEM = "sys/module/nvidia_peermem/version"
LEGACY_PEERMEM = "sys/kernel/mm/memory_peers/nvidia-peermem/version"
NV_PEER_MEM = "sys/module/nv_peer_mem"
_DMABUF_SINCE: NcclVersion = (2, 13, 0)


@dataclass(frozen=True, slots=True, kw_only=True)
class GdrSupport:
    """The peer-memory evidence on the node, and what the node's NCCL version makes of it."""

    seen: tuple[str, ...]  # the present peer-memory evidence, as paths
    nccl_sees_peermem: bool | None  # None when the NCCL version is unknown
    dmabuf: bool | None  # dma-buf usable by this NCCL (None: unknown)
    nic_capable: bool  # NCCL marks its IB NICs GDR-capable (unknown version: judged as recent)
    reason: str

    @property
    def any_peermem(self) -> bool:
        return bool(self.seen)

    @property
    def available(self) -> bool:
        """Some GDR mechanism exists on the node, whatever this NCCL version looks at."""
        return self.any_peermem or bool(self.dmabuf)


def peermem_paths_checked(version: NcclVersion | None) -> tuple[str, ...]:
    """The files `ncclIbGdrSupport` tests, by NCCL version (unknown: the newest list)."""
    if version is None or version >= (2, 23, 0):
        return (NV_MEM, NV_MEM_NC, NVIDIA_PEERMEM)
    if version >= (2, 22, 0):
        return (NV_MEM, NV_MEM_NC)
    # <= 2.21 looked for the legacy nvidia-peermem entry, never for the module itself.
    return (NV_MEM, LEGACY_PEERMEM)


def gdr_support(facts: NodeFacts) -> GdrSupport:
    pm = facts.peermem
    present = {
        NV_MEM: pm.nv_mem,
        NV_MEM_NC: pm.nv_mem_nc,
        NVIDIA_PEERMEM: pm.nvidia_peermem_module or "nvidia_peermem" in facts.os.modules,
        LEGACY_PEERMEM: pm.legacy_nvidia_peermem,
        NV_PEER_MEM: pm.nv_peer_mem_module or "nv_peer_mem" in facts.os.modules,
    }
    seen = tuple(k for k, v in present.items() if v)
    version = parse_nccl_version(facts.nccl.version)
    found = [p for p in peermem_paths_checked(version) if p in seen]
    dmabuf = pm.dmabuf_possible if version is None or version >= _DMABUF_SINCE else False
    if found:
        capable, reason = True, "peer memory found (" + ", ".join(p.split("/")[-2] for p in found) + ")"
    elif dmabuf:
        capable, reason = True, "no peer-memory module, but dma-buf is possible (open GPU module, kernel >= 5.12)"
    elif present[NVIDIA_PEERMEM]:
        capable, reason = False, ("nvidia_peermem is loaded but this NCCL version only probes "
                                  "memory_peers/nv_mem (it checks sys/module/nvidia_peermem from 2.23)")
    else:
        capable, reason = False, "no peer-memory module (nvidia_peermem / nv_peer_mem) and no dma-buf"
    return GdrSupport(seen=seen, nccl_sees_peermem=None if version is None else bool(found),
                      dmabuf=dmabuf, nic_capable=capable, reason=reason)
