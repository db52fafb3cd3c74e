"""Snapshot capture of the round-two node sources (called by ncclkit.probe.snapshot.capture_tree).

What is added, at the real paths where one exists: the config space of every bridge already in
the snapshot (ACS; the Device Serial Number capability zeroed), the IOMMU group of each device and
its type, IB port error counters read twice `interval_s` apart (the tree holds the second reading,
cmd/ib-counters.json the first), the /dev/shm line of proc/mounts, logind's RemoveIPC files, NCCL's
config files (/etc/nccl.conf, NCCL_CONF_FILE, ~/.nccl.conf with meta.json "home"), the topologyd
default file, and live only: cmd/rdma-userspace.json, cmd/nccl-net-plugins.txt, cmd/dev-shm-bytes.txt.
The kernel log keeps only its `NVRM: Xid` lines.
"""

from __future__ import annotations

import json
import os
import time

from ncclkit.nccl import names as nccl_conf
from ncclkit.nccl.config import ETC_CONF
from ncclkit.probe.health_gpu import DMESG, parse_xids
from ncclkit.probe.health_host import LOGIND, PLUGINS, SHM_BYTES, find_libraries
from ncclkit.probe.rdma_access import RDMA_JSON, live_rdma_access
from ncclkit.probe.health_ib import ERROR_COUNTERS, SAMPLES
from ncclkit.probe.mirror import TreeMirror
from ncclkit.probe.nccl import filter_env

__all__ = ["FLAT_HEALTH_FILES", "capture_health", "zero_serial"]

FLAT_HEALTH_FILES = ("proc/uptime", "proc/cmdline", "proc/sys/net/ipv4/ip_local_port_range")
_DSN_ID, _EXT_START, _CONFIG_SIZE = 0x0003, 0x100, 4096


def zero_serial(data: bytes) -> bytes:
    """Config space with the payload of the Device Serial Number capability (id 0x0003) zeroed."""
    buf = bytearray(data[:_CONFIG_SIZE])
    offset, seen = _EXT_START, 0
    while _EXT_START <= offset <= len(buf) - 12 and seen < 96:
        header = int.from_bytes(buf[offset:offset + 4], "little")
        if header in (0, 0xFFFFFFFF):
            break
        if header & 0xFFFF == _DSN_ID:
            buf[offset + 4:offset + 12] = bytes(8)
        offset, seen = (header >> 20) & 0xFFC, seen + 1
    return bytes(buf)


def _capture_pci(c: TreeMirror) -> None:
    for bdf in sorted(os.listdir(c.dest / "sys/bus/pci/devices")) if (c.dest / "sys/bus/pci/devices").is_dir() else []:
        dev = c.root.realpath(f"sys/bus/pci/devices/{bdf}")
        cls = (c.root.read_text(f"{dev}/class") or "").strip().lower()
        if cls.startswith("0x0604"):
            try:
                data = (c.root.base / dev / "config").read_bytes()
            except OSError:
                data = b""
            if data:
                c.write(f"{dev}/config", zero_serial(data))
        group = c.root.readlink(f"{dev}/iommu_group")
        if group is not None:
            target = c.mirror(f"{dev}/iommu_group")
            if target is not None:
                c.copy(f"{target}/type")
    groups = "sys/kernel/iommu_groups"
    if c.root.is_dir(groups):  # the folder exists (IOMMU core present), even with no group copied
        (c.dest / groups).mkdir(parents=True, exist_ok=True)


def _counter_values(c: TreeMirror, ports: list[str]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for port in ports:
        dev, _, num = port.partition(":")
        for name in ERROR_COUNTERS:
            text = c.root.read_text(f"sys/class/infiniband/{dev}/ports/{num}/counters/{name}")
            if text is not None and text.strip().isdigit():
                out.setdefault(port, {})[name] = int(text.strip())
    return out


def _capture_counters(c: TreeMirror, interval_s: float) -> None:
    ports = [f"{d}:{p}" for d in c.root.list_dir("sys/class/infiniband")
             for p in c.root.list_dir(f"sys/class/infiniband/{d}/ports") if p.isdigit()]
    if not ports:
        return
    if c.root.live and interval_s > 0:
        before = _counter_values(c, ports)
        if before:
            time.sleep(interval_s)
            c.write(f"cmd/{SAMPLES}", (json.dumps({"interval_s": interval_s, "before": before}, indent=1) + "\n").encode())
    for port in ports:
        dev, _, num = port.partition(":")
        c.copy_attrs(f"sys/class/infiniband/{dev}/ports/{num}/counters", ERROR_COUNTERS)


def _capture_files(c: TreeMirror) -> None:
    mounts = c.root.read_text("proc/mounts") or ""
    shm = [ln for ln in mounts.splitlines() if len(ln.split()) > 2 and ln.split()[1] == "/dev/shm"]
    if shm:
        c.write("proc/mounts", ("\n".join(shm) + "\n").encode())
    c.copy(LOGIND[0])
    for folder in LOGIND[1:]:
        for name in c.root.list_dir(folder):
            if name.endswith(".conf"):
                c.copy(f"{folder}/{name}")
    env = filter_env(os.environ) if c.root.live else {}
    home = os.environ.get("HOME") if c.root.live else None
    # Every file NCCL may read, whatever its version picks (ncclkit.nccl.config decides on reading).
    conf = [env.get("NCCL_CONF_FILE"), f"{home}/.nccl.conf" if home else None, ETC_CONF]
    for path in [*(p for p in conf if p), nccl_conf.DEFAULT_TOPO_FILE]:
        c.copy(path.lstrip("/"), flat=True)
    for rel in FLAT_HEALTH_FILES:
        c.copy(rel, flat=True)


def _capture_live(c: TreeMirror) -> None:
    c.write(f"cmd/{RDMA_JSON}", (json.dumps(live_rdma_access(c.root, os.environ), indent=1) + "\n").encode())
    plugins = find_libraries("libnccl-net*.so", os.environ, resolve=False)
    c.write(f"cmd/{PLUGINS}", "".join(f"{p}\n" for p in plugins).encode())
    try:
        st = os.statvfs("/dev/shm")
        c.write(f"cmd/{SHM_BYTES}", f"{st.f_blocks * st.f_frsize}\n".encode())
    except OSError:
        pass


def _filter_dmesg(c: TreeMirror) -> None:
    """Keep only the driver's XID lines of a captured kernel log (it holds much else)."""
    path = c.dest / "cmd" / DMESG
    if not path.is_file():
        return
    lines = [ln for ln in path.read_text(errors="replace").splitlines() if parse_xids(ln)]
    path.write_text("\n".join(lines) + "\n" if lines else "# kernel log captured: no NVRM Xid lines\n")


def capture_health(c: TreeMirror, interval_s: float = 0.0) -> dict[str, object]:
    """Capture the round-two sources into the mirror; returns extra meta.json fields."""
    _capture_pci(c)
    _capture_counters(c, interval_s)
    _capture_files(c)
    if c.root.live:
        _capture_live(c)
    _filter_dmesg(c)
    return {"home": os.environ["HOME"]} if c.root.live and os.environ.get("HOME", "").startswith("/") else {}
