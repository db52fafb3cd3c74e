"""RDMA user space: can a process here open verbs? Device nodes, libibverbs, its providers, versions.

NCCL dlopens libibverbs.so, then libibverbs.so.1 (src/misc/ibvwrap.cc); libibverbs loads a provider
for the HCA (libibverbs/libmlx5-rdmav*.so) and opens /dev/infiniband/uverbs<N>. A container started
without --device=/dev/infiniband still shows the host's HCAs in sysfs, so sysfs alone cannot tell.

Live reads go to /dev/infiniband and the loader's directories; a snapshot keeps the same record in
cmd/rdma-userspace.json. Snapshots of earlier versions kept cmd/dev-infiniband.txt and
cmd/libibverbs.txt (the name ctypes found), or a copy of dev/: all three are still read.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping

from ncclkit.facts import RdmaAccess
from ncclkit.probe.common import IssueLog
from ncclkit.probe.health_host import find_libraries
from ncclkit.probe.root import NodeRoot

__all__ = ["OFED", "RDMA_JSON", "live_rdma_access", "read_rdma_access"]

SOURCE = "infiniband"
RDMA_JSON = "rdma-userspace.json"
OFED = "ofed_info-s.txt"
_OLD_LISTING, _OLD_LIBRARY = "cmd/dev-infiniband.txt", "cmd/libibverbs.txt"


def live_rdma_access(root: NodeRoot, env: Mapping[str, str]) -> dict[str, object]:
    """What cmd/rdma-userspace.json records: device nodes, libibverbs ("" when none) and providers."""
    libs = find_libraries("libibverbs.so.1", env)
    providers = sorted({os.path.basename(p) for p in find_libraries("libibverbs/lib*-rdmav*.so", env, resolve=False)})
    return {"uverbs": sorted(n for n in root.list_dir("dev/infiniband") if n.startswith("uverbs")),
            "libibverbs": libs[0] if libs else "", "providers": providers}


def _recorded(root: NodeRoot, issues: IssueLog) -> tuple[dict[str, object], str | None]:
    """The snapshot's record, in the newest form it has."""
    text = root.read_text(f"cmd/{RDMA_JSON}")
    if text is not None:
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if isinstance(data, dict):
            return data, f"cmd/{RDMA_JSON}"
        issues.add(SOURCE, f"cmd/{RDMA_JSON}", "not a JSON object")
    listing, library = root.read_text(_OLD_LISTING), root.read_text(_OLD_LIBRARY)
    if listing is not None or library is not None:
        data = {} if listing is None else {"uverbs": [n for n in listing.split() if n.startswith("uverbs")]}
        if library is not None:
            data["libibverbs"] = library.strip()
        return data, _OLD_LIBRARY if library is not None else _OLD_LISTING
    if root.is_dir("dev"):  # a tree that copied dev/: the uverbs nodes are listed there
        return {"uverbs": [n for n in root.list_dir("dev/infiniband") if n.startswith("uverbs")]}, "dev/"
    return {}, None


def read_rdma_access(root: NodeRoot, issues: IssueLog) -> RdmaAccess:
    source: str | None
    if root.live:
        data, source = live_rdma_access(root, os.environ), "live"
    else:
        data, source = _recorded(root, issues)
    uverbs, lib, providers = data.get("uverbs"), data.get("libibverbs"), data.get("providers")
    base = os.path.basename(lib) if isinstance(lib, str) else ""
    ofed = (root.command(OFED) or "").strip().splitlines()
    return RdmaAccess(
        source=source,
        uverbs=tuple(sorted(str(u) for u in uverbs)) if isinstance(uverbs, list) else None,
        libibverbs=(lib or None) if isinstance(lib, str) else None,
        libibverbs_known=isinstance(lib, str),
        providers=tuple(str(p) for p in providers) if isinstance(providers, list) else None,
        rdma_core_version=base.split(".so.1.", 1)[1].split(".", 1)[1] if base.count(".") >= 4 else None,
        ofed_version=ofed[0].rstrip(":") if ofed and ofed[0].strip() else None)
