"""NCCL_DEBUG_SUBSYS for a verification run: which subsystems print the lines that confirm a prediction.

`ncclDebugInit` (src/debug.cc) matches each comma-separated name case-insensitively and ignores names
it does not know, so a newer name is harmless on an older NCCL. The default mask is INIT (<= 2.16),
INIT,ENV (2.17-2.22) and INIT,BOOTSTRAP,ENV (2.23+, where BOOTSTRAP appears): the per-HCA GDR lines and
`Using network` need NET, and the topology lines (paths, PXN, `Connected all rings`) need GRAPH.
"""

from __future__ import annotations

from ncclkit.nccl.versions import BOOTSTRAP_SUBSYS, SUBSYS_ENV, NcclVersion, ver_at_least

__all__ = ["verification_subsys"]


def verification_subsys(version: NcclVersion | None, *, graph: bool = True) -> str:
    """The mask that shows the transport, NIC, GDR (and, with `graph`, topology) choices of `version`."""
    names = ["INIT"]
    if ver_at_least(version, BOOTSTRAP_SUBSYS):
        names.append("BOOTSTRAP")
    if ver_at_least(version, SUBSYS_ENV):
        names.append("ENV")
    names.append("NET")
    if graph:
        names.append("GRAPH")
    return ",".join(names)
