"""NCCL version strings as comparable tuples, and every version threshold ncclkit models, by name.

Forms read: "2.28.9", "2.21.5+cuda12.4", "(2, 28, 9)", NCCL_VERSION_CODE (22809) and PyTorch 1.9 - 1.10's
misprint of a code since 2.9 ("21.0.3" for 2.10.3).
"""

from __future__ import annotations

import re

from ncclkit.facts import NodeFacts

__all__ = ["NcclVersion", "nccl_version", "parse_nccl_version", "ver_at_least", "version_text"]

NcclVersion = tuple[int, int, int]

_DOTTED = re.compile(r"(\d+)\s*[.,]\s*(\d+)\s*[.,]\s*(\d+)")


def parse_nccl_version(text: str | int | None) -> NcclVersion | None:
    """Parse the forms NCCL, torch and users write; None when it is not a version."""
    if text is None:
        return None
    stripped = str(text).strip()
    if isinstance(text, int) or (stripped.isascii() and stripped.isdigit()):
        code = int(stripped)
        # NCCL_VERSION_CODE: major*10000 + minor*100 + patch since 2.9; major*1000 + minor*100 before.
        if code >= 20900:
            return (code // 10000, (code % 10000) // 100, code % 100)
        if code >= 2000:
            return (code // 1000, (code % 1000) // 100, code % 100)
        return None
    m = _DOTTED.search(str(text))
    if not m:
        return None
    major, minor, patch = int(m.group(1)), int(m.group(2)), int(m.group(3))
    # PyTorch 1.9 - 1.10 split NCCL_VERSION_CODE (major*10000 + minor*100 + patch since 2.9) with the older
    # code's divisors and printed 2.10.3 (21003) as "21.0.3".
    return (2, (major - 20) * 10 + minor, patch) if 21 <= major <= 29 else (major, minor, patch)


def version_text(version: NcclVersion | None) -> str:
    """"2.18.6" for (2, 18, 6)."""
    return ".".join(map(str, version)) if version else "(unknown version)"


def nccl_version(facts: NodeFacts) -> NcclVersion | None:
    """The NCCL version of a node's facts as a tuple (None: not known)."""
    return parse_nccl_version(facts.nccl.version)


def ver_at_least(version: NcclVersion | None, since: NcclVersion, *, unknown: bool = True) -> bool:
    """`version >= since`; `unknown` is the answer when the version is not known."""
    return unknown if version is None else version >= since


# Every NCCL behaviour ncclkit models that changed with a release, by name, with the NCCL source and
# the first tag that has it (read with `git show <tag>:<file>` in NVIDIA/nccl).
# NET/Socket is initialised (and logs "NET/Socket : Using ...") only when no plugin or IB network is
# usable; NCCL <= 2.4 initialised it always, as the bootstrap network (src/init.cc initNet, v2.4.8-1 vs
# v2.5.6-1, which moved bootstrap to bootstrapNetInit).
NET_SOCKET_ONLY_AS_FALLBACK = (2, 5, 0)
PXN = (2, 12, 0)  # ncclTopoComputePaths: PXN paths (src/graph/paths.cc)
DMABUF = (2, 13, 0)  # ncclIbDmaBufSupport + dmaBufSupported (src/transport/net_ib.cc, src/init.cc)
SUBSYS_ENV = (2, 12, 0)  # NCCL_DEBUG_SUBSYS=ENV exists (src/debug.cc v2.12.7-1; default mask has it from v2.17.1-1)
CUMEM = (2, 19, 0)  # P2P/CUMEM: NCCL_CUMEM_ENABLE on by default (src/transport/p2p.cc)
SEND_GDR_SM80 = (2, 19, 0)  # NCCL_NET_GDR_READ=-2 off only below sm80 (src/graph/paths.cc ncclTopoCheckGdr)
IB_MERGE = (2, 20, 0)  # ncclIbFindMatchingDev merges ports of one NIC (src/transport/net_ib.cc v2.20.3-1)
GID_AUTO = (2, 21, 0)  # NCCL_IB_GID_INDEX default -1: ncclIbGetGidIndex (src/transport/net_ib.cc v2.21.5-1)
IB_GID_FLID = (2, 22, 0)  # IB ports: FLID branch, NCCL_IB_GID_INDEX ignored (src/transport/net_ib.cc v2.22.3-1)
IB_MERGE_MIX_OFF = (2, 22, 0)  # mixed single/multi-port NICs force-disable merging (net_ib.cc v2.22.3-1)
PEERMEM_MODULE = (2, 23, 0)  # ncclIbGdrSupport also tests /sys/module/nvidia_peermem (net_ib.cc v2.23.4-1)
NV_MEM_NC_PROBED = (2, 22, 0)  # ncclIbGdrSupport tests memory_peers/nv_mem_nc (src/transport/net_ib.cc v2.22.3-1)
BOOTSTRAP_SUBSYS = (2, 23, 0)  # NCCL_DEBUG_SUBSYS=BOOTSTRAP exists (src/include/debug.h v2.23.4-1)
AMD_P2P_SYS = (2, 23, 4)  # ncclTopoCheckP2p: AMD x86 with <= 2 GPUs -> P2P level SYS (src/graph/paths.cc)
VNIC_CORE = (2, 24, 0)  # NICs fused by the core: ncclTopoMakeVNics (src/graph/topo.cc v2.24.3-1)
GDR_C2C_OPTIN = (2, 26, 0)  # NCCL_NET_GDR_C2C (default 0): PHB from a C2C GPU rewritten to C2C (paths.cc)
GDR_C2C_DEFAULT = (2, 27, 0)  # NCCL_NET_GDR_C2C=1 default; P2C path; P2C rewritten to C2C (paths.cc)
NET_PLUGIN_LIST = (2, 27, 0)  # NCCL_NET_PLUGIN comma list; "Failed to initialize any NET plugin"
VIRBR_DEMOTED = (2, 28, 3)  # ncclFindInterfaces: virbr* after lo* (src/misc/socket.cc v2.28.3-1)
IB_COMPLETION_NAMED = (2, 28, 7)  # WARN "status=IBV_WC_...(N) ... vendor_err=N" (net_ib.cc v2.28.7-1)
GDR_LEVEL_P2C = (2, 29, 0)  # default GDR level P2C, compared directly (src/graph/paths.cc v2.29.7-1)
CONF_FILE_VAR = (2, 23, 4)  # NCCL_CONF_FILE read by initEnvFunc (src/misc/param.cc v2.23.4-1)
IB_RAIL_PLANE = (2, 30, 7)  # NCCL_IB_HCA hca:port:rail:plane, empty port = any (src/misc/utils.cc)
