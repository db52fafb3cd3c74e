"""What else the threads led by a cause were settled as: alternatives from the corpus where a reading names too few.

A reading names the cause its line states and, where the row knows them, the causes also possible. Many rows know
none: a CUDA error, a collective's timeout or an out-of-memory line is printed the same whether a driver, the
program or a library's release made it. In the resolved threads of ncclkit's labelled corpus (tests/diagnosis),
the threads a cause leads were also settled, besides it, as a few causes again and again: a timeout's threads as
the program's own doing (mismatched collectives, a rank still busy) or a library's bug; a CUDA error's as a
library's release or the program. CO_CAUSES lists those, most frequent first, for every cause that leads at least
ten labelled threads: a cause beside it counts when at least a tenth of those threads accept it. The alternatives
follow the reading as `log.alternative` (info) until three causes are named, and say that they come from the
corpus. tests/diagnosis/test_diagnosis_score.py recomputes the table, so it cannot drift from what the threads say.
"""

from __future__ import annotations

from ncclkit.causes import Cause as C

__all__ = ["CO_CAUSES", "NAMED", "co_causes"]

# How many causes a paste's answer names, reading and alternatives together, before the corpus adds none.
NAMED = 3

CO_CAUSES: dict[C, tuple[C, ...]] = {
    C.APPLICATION_BUG: (C.OTHER,),
    C.OTHER: (C.APPLICATION_BUG, C.CUDA_OR_DRIVER),
    C.CUDA_OR_DRIVER: (C.OTHER, C.APPLICATION_BUG),
    C.HANG_COLLECTIVE_MISMATCH: (C.APPLICATION_BUG, C.OTHER),
    C.SHM_TOO_SMALL: (C.OTHER,),
    C.OOM: (C.APPLICATION_BUG, C.OTHER),
    C.WRONG_INTERFACE: (C.OTHER, C.APPLICATION_BUG),
    C.ACS_IOMMU_P2P: (C.CUDA_OR_DRIVER, C.APPLICATION_BUG),
    C.NCCL_VERSION_MISMATCH: (C.OTHER, C.CUDA_OR_DRIVER),
    C.NET_PLUGIN_ERROR: (C.SOCKET_FALLBACK, C.OTHER),
    C.HOSTNAME_RESOLUTION: (C.WRONG_INTERFACE, C.APPLICATION_BUG),
    C.FIREWALL_OR_PORT_BLOCKED: (C.OTHER, C.WRONG_INTERFACE),
    C.SOCKET_FALLBACK: (C.OTHER, C.ACS_IOMMU_P2P),
    C.GDR_UNAVAILABLE: (C.OTHER, C.IB_RESOURCE_ERROR),
    C.RANK_CRASHED_ELSEWHERE: (C.APPLICATION_BUG, C.OTHER),
    C.TOPOLOGY_OR_NUMA: (C.OTHER, C.PERFORMANCE_CONFIG),
    C.MEMLOCK_OR_ULIMIT: (C.IB_RESOURCE_ERROR, C.OTHER),
    C.IB_TIMEOUT_OR_RETRY: (C.GID_INDEX_OR_ROCE_CONFIG, C.IB_PORT_DOWN_OR_LINK),
    C.IB_RESOURCE_ERROR: (C.OTHER, C.GDR_UNAVAILABLE),
    C.GID_INDEX_OR_ROCE_CONFIG: (C.OTHER,),
    C.PERFORMANCE_CONFIG: (C.OTHER, C.APPLICATION_BUG),
}


def co_causes(lead: C | None, present: set[C | None]) -> list[C]:
    """The causes the corpus most often found beside `lead`, none of them `present` (which this extends), while
    fewer than NAMED causes are named."""
    out = []
    for alt in CO_CAUSES.get(lead, ()) if lead is not None else ():
        if len((present | {lead}) - {None}) >= NAMED:
            break
        if alt not in present:
            present.add(alt)
            out.append(alt)
    return out
