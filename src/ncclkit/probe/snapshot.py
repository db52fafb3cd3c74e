"""Write a node snapshot (CONTRACTS.md section 1) from a NodeRoot: the live `/` or another snapshot.

Only what ncclkit reads is copied: RDMA devices and ports (GIDs, no counters), net interfaces, the
GPUs, NICs and every bridge on their PCI path, loaded modules, peer-memory state, NUMA nodes, a
few proc/etc files, and the cmd/ outputs. Links are written as real symlinks (a source snapshot
may hold them as link files; NodeRoot reads both). A source file that is missing or unreadable
(sysfs answers EINVAL for empty GID attributes) is simply absent: "not captured", never an error
text written as data. No file is read past MAX_FILE_BYTES and nothing is written outside OUT.
"""

from __future__ import annotations

import errno

import json
import os
import shutil
import socket
import tarfile
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ncclkit import __version__
from ncclkit.errors import NcclkitError
from ncclkit.probe.common import BDF_COMPONENT, IssueLog
from ncclkit.probe.mirror import MAX_FILE_BYTES, TreeMirror
from ncclkit.probe.nccl import filter_env, read_nccl
from ncclkit.probe.netaddr import IP_JSON, read_live_addresses_json
from ncclkit.probe.root import COMMANDS, NodeRoot, is_error_output
from ncclkit.probe.snapshot_health import capture_health
from ncclkit.redact import RedactionSummary, redact_tree

__all__ = ["MAX_FILE_BYTES", "SNAPSHOT_SCHEMA", "SnapshotResult", "capture_tree", "write_snapshot"]

SNAPSHOT_SCHEMA = 1

IB_DEVICE_ATTRS = ("node_type", "node_guid", "sys_image_guid", "fw_ver", "hca_type", "board_id", "node_desc")
IB_PORT_ATTRS = ("state", "phys_state", "rate", "link_layer", "lid", "lid_mask_count", "sm_lid", "sm_sl",
                 "cap_mask")
# Per-index tables of a port. The error counters are captured by snapshot_health; the data
# counters and hw_counters are left out: hundreds of changing values that no check reads.
IB_PORT_TABLES = ("gids", "gid_attrs/types", "gid_attrs/ndevs")
NET_ATTRS = ("operstate", "mtu", "type", "address", "broadcast", "addr_len", "flags", "speed", "duplex",
             "carrier", "dev_id", "dev_port", "ifindex", "iflink", "mode")
PCI_ATTRS = ("vendor", "device", "class", "revision", "numa_node", "current_link_speed", "current_link_width",
             "max_link_speed", "max_link_width", "local_cpulist", "local_cpus", "subsystem_vendor",
             "subsystem_device", "sriov_numvfs", "sriov_totalvfs", "aer_dev_correctable", "aer_dev_nonfatal",
             "aer_dev_fatal")
MODULE_ATTRS = ("version", "refcnt", "initstate")
NUMA_NODE_ATTRS = ("cpulist", "cpumap", "distance")
NUMA_ATTRS = ("online", "possible", "has_cpu", "has_memory", "has_normal_memory")
# Copied to their plain path even where the live path is a link (/proc/self, /etc/os-release).
FLAT_FILES = ("proc/modules", "proc/self/limits", "proc/sys/vm/max_map_count", "proc/sys/net/core/rmem_max",
              "proc/sys/net/core/wmem_max", "proc/sys/kernel/numa_balancing", "proc/driver/nvidia/version",
              "proc/version", "etc/os-release", "etc/nccl.conf", "proc/cpuinfo")
NVIDIA_VENDOR = "0x10de"


def _capture_infiniband(c: TreeMirror) -> set[str]:
    """sys/class/infiniband/*; returns the resolved PCI folders of the devices."""
    pci_dirs: set[str] = set()
    for name in c.root.list_dir("sys/class/infiniband"):
        base = c.mirror(f"sys/class/infiniband/{name}")
        if base is None:
            continue
        c.copy_attrs(base, IB_DEVICE_ATTRS)
        dev = c.mirror(f"{base}/device")
        if dev is not None and c.root.is_dir(dev):
            pci_dirs.add(dev)
        for port in c.root.list_dir(f"{base}/ports"):
            pdir = f"{base}/ports/{port}"
            c.copy_attrs(pdir, IB_PORT_ATTRS)
            for table in IB_PORT_TABLES:
                c.copy_table(f"{pdir}/{table}")
            # Only the partitions in use: a port has 128 P_Key slots, almost all 0x0000.
            for index in c.root.list_dir(f"{pdir}/pkeys"):
                if (c.root.read_text(f"{pdir}/pkeys/{index}") or "").strip() not in ("", "0x0000"):
                    c.copy(f"{pdir}/pkeys/{index}")
    for name in c.root.list_dir("sys/class/infiniband_verbs"):
        rel = f"sys/class/infiniband_verbs/{name}"
        if c.root.is_dir(rel):
            base = c.mirror(rel)
            if base is not None:
                c.copy_attrs(base, ("ibdev", "abi_version"))
        else:
            c.copy(rel)
    return pci_dirs


def _capture_iface(c: TreeMirror, rel: str, pci_dirs: set[str]) -> None:
    base = c.mirror(rel)
    if base is None:
        return
    c.copy_attrs(base, NET_ATTRS)
    dev = c.mirror(f"{base}/device")
    if dev is not None and c.root.is_dir(dev) and BDF_COMPONENT.match(dev.rsplit("/", 1)[-1]):
        pci_dirs.add(dev)


def _capture_net(c: TreeMirror, pci_dirs: set[str]) -> None:
    for name in c.root.list_dir("sys/class/net"):
        rel = f"sys/class/net/{name}"
        if c.root.is_dir(rel):
            _capture_iface(c, rel, pci_dirs)
        else:
            c.copy(rel)  # bonding_masters


def _wanted_pci(c: TreeMirror, pci_dirs: set[str]) -> dict[str, str]:
    """bdf -> resolved folder: GPUs, NICs, every NVIDIA function, the RDMA/net devices found."""
    out: dict[str, str] = {}
    for bdf in c.root.list_dir("sys/bus/pci/devices"):
        resolved = c.root.realpath(f"sys/bus/pci/devices/{bdf}")
        cls = (c.root.read_text(f"{resolved}/class") or "").strip().lower()
        vendor = (c.root.read_text(f"{resolved}/vendor") or "").strip().lower()
        # Network controllers (0x02: Ethernet 0x0200, InfiniBand 0x0207), NVIDIA GPUs (0x03) and
        # NVSwitches: what NCCL's topology search looks at.
        if cls.startswith("0x02") or vendor == NVIDIA_VENDOR:
            out[bdf] = resolved
    for resolved in pci_dirs:
        out.setdefault(resolved.rsplit("/", 1)[-1], resolved)
    return out


def _capture_pci(c: TreeMirror, pci_dirs: set[str]) -> None:
    """Each wanted device and every bridge above it, plus their sys/bus/pci/devices links."""
    done: set[str] = set()
    drivers: set[str] = set()
    for resolved in sorted(_wanted_pci(c, pci_dirs).values()):
        parts = resolved.split("/")
        for i, comp in enumerate(parts):
            if not BDF_COMPONENT.match(comp) or comp in done:
                continue
            done.add(comp)
            dev_dir = "/".join(parts[: i + 1])
            c.mirror(f"sys/bus/pci/devices/{comp}")
            c.copy_attrs(dev_dir, PCI_ATTRS)
            driver = c.root.readlink(f"{dev_dir}/driver")
            if driver is not None:
                target = c.mirror(f"{dev_dir}/driver")
                if target is not None:
                    drivers.add(target)
            # Interfaces of the function that sys/class/net did not list (partial captures).
            for name in c.root.list_dir(f"{dev_dir}/net"):
                _capture_iface(c, f"{dev_dir}/net/{name}", set())
    for driver in sorted(drivers):
        c.mirror(f"{driver}/module")


def _capture_system(c: TreeMirror) -> None:
    for name in c.root.list_dir("sys/module"):
        c.copy_attrs(f"sys/module/{name}", MODULE_ATTRS)
    peers = "sys/kernel/mm/memory_peers"
    for name in c.root.list_dir(peers):
        if c.root.is_dir(f"{peers}/{name}"):
            c.copy_table(f"{peers}/{name}")
    node_dir = "sys/devices/system/node"
    c.copy_attrs(node_dir, NUMA_ATTRS)
    for name in c.root.list_dir(node_dir):
        if name.startswith("node") and name[4:].isdigit():
            c.copy_attrs(f"{node_dir}/{name}", NUMA_NODE_ATTRS)
    for rel in FLAT_FILES:
        c.copy(rel, flat=True)


def _capture_commands(c: TreeMirror) -> None:
    """cmd/: run live (in parallel, each bounded by NodeRoot's timeout) or copied from the source."""
    names = sorted(COMMANDS)
    with ThreadPoolExecutor(max_workers=len(names)) as pool:
        outputs = dict(zip(names, pool.map(c.root.command, names), strict=True))
    for name, text in outputs.items():
        if text is not None:
            c.write(f"cmd/{name}", (text + "\n").encode())
    if c.root.live:
        if outputs.get(IP_JSON) is None:
            # No `ip` on this node: keep the addresses the probe finds by ioctl, in ip's shape.
            names = c.root.list_dir("sys/class/net")
            c.write(f"cmd/{IP_JSON}", (read_live_addresses_json(c.root, names) + "\n").encode())
        c.write("cmd/env.txt", "".join(f"{k}={v}\n" for k, v in filter_env(os.environ).items()).encode())
        nccl = read_nccl(c.root, IssueLog())
        if nccl.version:
            c.write("cmd/nccl-version.txt", f"{nccl.version}\n".encode())
            if nccl.torch_version:
                # The form the probe reads back: "<torch> (<major>, <minor>, <patch>)".
                c.write("cmd/torch-nccl.txt",
                        f"{nccl.torch_version} ({nccl.version.replace('.', ', ')})\n".encode())
        return
    # Every other captured output of the source (env.txt, nccl-version.txt, NVLink status, ...),
    # unless it holds an error message instead of output. env.txt and nccl-net-plugins.txt may be
    # empty: that is data (nothing set, no plugin found).
    for name in c.root.list_dir("cmd"):
        if name in outputs:
            continue
        text = c.root.read_text(f"cmd/{name}")
        if text is not None and (name in ("env.txt", "nccl-net-plugins.txt") or not is_error_output(text)):
            c.copy(f"cmd/{name}")


def _meta(root: NodeRoot, redacted: bool, skipped: list[str]) -> dict[str, object]:
    meta: dict[str, object] = {}
    if not root.live:
        try:
            source = json.loads(root.read_text("meta.json") or "{}")
        except ValueError:
            source = {}
        if isinstance(source, dict):
            meta.update(source)
    if root.live or not isinstance(meta.get("hostname"), str):
        meta["hostname"] = socket.gethostname() if root.live else root.base.name
    if root.live or not isinstance(meta.get("captured_at"), str):
        meta["captured_at"] = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    meta["schema"] = SNAPSHOT_SCHEMA
    meta["ncclkit_version"] = __version__
    meta["redacted"] = redacted or meta.get("redacted") is True
    if skipped:
        meta["skipped_files"] = sorted(skipped)
    return meta


def capture_tree(root: NodeRoot, dest: Path, *, redacted: bool = False, interval_s: float = 0.0) -> list[str]:
    """Write the snapshot of `root` into the existing folder `dest`; returns the files skipped as too big.

    `interval_s` > 0 on a live node reads the IB port error counters twice, that far apart.
    """
    c = TreeMirror(root, dest)
    pci_dirs = _capture_infiniband(c)
    _capture_net(c, pci_dirs)
    _capture_pci(c, pci_dirs)
    _capture_system(c)
    _capture_commands(c)
    extra = capture_health(c, interval_s)
    meta = {**_meta(root, redacted, c.skipped), **extra}
    c.write("meta.json", (json.dumps(meta, indent=1) + "\n").encode())
    return c.skipped


@dataclass(frozen=True, slots=True, kw_only=True)
class SnapshotResult:
    path: Path  # the folder, or the .tar.gz with --tar
    num_files: int
    num_links: int
    size_bytes: int  # sum of the file sizes (the archive's size with --tar)
    skipped: tuple[str, ...]  # files left out for being larger than MAX_FILE_BYTES
    redaction: RedactionSummary | None


def _archive_path(out: Path) -> Path:
    return out if out.name.endswith(".tar.gz") else out.with_name(out.name + ".tar.gz")


def _check_out(out: Path, tar: bool, force: bool) -> None:
    target = _archive_path(out) if tar else out
    if target.is_symlink() or (target.exists() and not target.is_dir() and not tar):
        raise NcclkitError(f"output {target} exists and is not a folder",
                           hint="give a new folder name for the snapshot")
    busy = target.is_file() if tar else target.is_dir() and any(target.iterdir())
    if busy and not force:
        raise NcclkitError(f"output {target} already exists and is not empty",
                           hint="give a new or empty folder, or add --force to write over it")
    if not target.parent.is_dir():
        raise NcclkitError(f"output folder {target.parent} does not exist",
                           hint=f"create it first: mkdir -p {target.parent}")


def _count(folder: Path) -> tuple[int, int, int]:
    files = links = size = 0
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in [*dirnames, *filenames]:
            p = Path(dirpath) / name
            if p.is_symlink():
                links += 1
            elif p.is_file():
                files += 1
                size += p.stat().st_size
    return files, links, size


def _move_into(tmp: Path, out: Path, force: bool) -> None:
    # rename() replaces a missing or empty folder in one step; a folder that filled up since the
    # check (another snapshot run into the same OUT) is refused like one that was full before.
    try:
        tmp.rename(out)
        return
    except OSError as exc:
        if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST) or not out.is_dir():
            raise
        if not force:
            raise NcclkitError(f"output {out} already exists and is not empty (another run wrote it)",
                               hint="give a new or empty folder, or add --force to write over it") from None
    for entry in tmp.iterdir():
        dest = out / entry.name
        if dest.is_symlink() or dest.is_file():
            dest.unlink()
        elif dest.is_dir():
            shutil.rmtree(dest)
        entry.rename(dest)
    tmp.rmdir()


def write_snapshot(root: NodeRoot, out: Path, *, tar: bool = False, redact: bool = False,
                   force: bool = False, interval_s: float = 0.0) -> SnapshotResult:
    """Capture `root` into the folder `out` (or `out`.tar.gz with `tar`), redacted on request.

    The capture is built in a hidden folder next to `out` and moved into place only when complete
    (and redacted), so an interrupted run never leaves a half-written or unredacted snapshot.
    """
    out = Path(out).absolute()
    _check_out(out, tar, force)
    name = _archive_path(out).name.removesuffix(".tar.gz") if tar else out.name
    tmp_parent = Path(tempfile.mkdtemp(prefix=".ncclkit-snapshot-", dir=out.parent))
    try:
        tree = tmp_parent / name
        tree.mkdir()
        skipped = capture_tree(root, tree, redacted=redact, interval_s=interval_s)
        summary = redact_tree(tree) if redact else None
        files, links, size = _count(tree)
        if tar:
            archive = _archive_path(out)
            tmp_archive = tmp_parent / archive.name
            with tarfile.open(tmp_archive, "w:gz") as tf:
                tf.add(tree, arcname=name)
            tmp_archive.replace(archive)
            return SnapshotResult(path=archive, num_files=files, num_links=links,
                                  size_bytes=archive.stat().st_size, skipped=tuple(skipped), redaction=summary)
        _move_into(tree, out, force)
        return SnapshotResult(path=out, num_files=files, num_links=links, size_bytes=size,
                              skipped=tuple(skipped), redaction=summary)
    finally:
        shutil.rmtree(tmp_parent, ignore_errors=True)
