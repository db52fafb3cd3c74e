"""NodeRoot: the only way ncclkit reads a node, live (`/`) or a snapshot folder / .tar.gz.

A snapshot mirrors the real paths (CONTRACTS.md section 1). Copies of snapshots made with tools that
do not keep symlinks turn each link into a small regular file holding the link target
(`../../devices/pci0000:15/...`); the shared fixtures are such copies. `resolve()` follows both
real links and these link files, so one reader serves the live tree and every snapshot.
"""

from __future__ import annotations

import atexit
import os
import posixpath
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ncclkit.errors import NcclkitError

__all__ = ["COMMANDS", "NodeRoot", "is_error_output"]

# cmd/<file> -> the command a live probe runs to get it (and `ncclkit snapshot` captures).
COMMANDS: dict[str, tuple[str, ...]] = {
    "nvidia-smi-q-x.xml": ("nvidia-smi", "-q", "-x"),
    "nvidia-smi-topo-m.txt": ("nvidia-smi", "topo", "-m"),
    "nvidia-smi-nvlink-s.txt": ("nvidia-smi", "nvlink", "-s"),
    "ibstat.txt": ("ibstat",),
    "ibv_devinfo-v.txt": ("ibv_devinfo", "-v"),
    "show_gids.txt": ("show_gids",),
    "ip-j-addr.json": ("ip", "-j", "addr"),
    "ulimit-l.txt": ("sh", "-c", "ulimit -l"),
    "numactl-H.txt": ("numactl", "-H"),
    # Round-two node checks (ACS, XID, Fabric Manager, firewall, OFED); each may need root and
    # then reads as "not available".
    "lspci-vvv.txt": ("lspci", "-vvv", "-D"),
    "nvidia-smi-nvlink-e.txt": ("nvidia-smi", "nvlink", "-e"),
    "dmesg.txt": ("dmesg",),
    "systemctl-is-active-nvidia-fabricmanager.txt": (
        "sh", "-c", "systemctl is-active nvidia-fabricmanager 2>/dev/null || true"),
    "iptables-save.txt": ("iptables-save",),
    "nft-ruleset.txt": ("nft", "list", "ruleset"),
    "ofed_info-s.txt": ("ofed_info", "-s"),
}

# Text that a failed capture leaves in a cmd/ file instead of output: read as "not available".
_ERROR_MARKERS = (
    "command not found",
    "not found",
    "no such file or directory",
    "nvidia-smi has failed",
    "couldn't communicate with the nvidia driver",
    "no devices were found",
    "permission denied",
    "failed to get",
    "operation not permitted",
    "error while loading shared libraries",
)

_MAX_LINK_HOPS = 40
_OUTSIDE = ".ncclkit-link-outside-root"  # a name no snapshot holds: reads as absent
_LINK_FILE_MAX_BYTES = 512
COMMAND_TIMEOUT_S = 20.0


def is_error_output(text: str) -> bool:
    """True when a captured command file holds an error message rather than output."""
    head = text.strip()[:300].lower()
    if not head:
        return True
    first = head.splitlines()[0]
    return any(m in first for m in _ERROR_MARKERS)


@dataclass(frozen=True, slots=True)
class NodeRoot:
    """A node's file tree. `base` is `/` for the live node, else the snapshot folder."""

    base: Path
    live: bool
    label: str | None = None  # what the user gave (an archive), when `base` is a temporary unpacking

    @classmethod
    def live_root(cls) -> NodeRoot:
        return cls(Path("/"), live=True)

    @classmethod
    def open(cls, spec: str | None) -> NodeRoot:
        """`None` -> live node; a folder or a .tar.gz of one -> that snapshot."""
        if spec is None:
            return cls.live_root()
        p = Path(spec)
        if not p.exists():
            raise NcclkitError(f"--root {spec}: no such file or folder",
                               hint="give a snapshot folder written by `ncclkit snapshot`, or its .tar.gz")
        if p.is_dir():
            if not ((p / "meta.json").exists() or (p / "sys").is_dir()):
                # A wrong folder (often the parent of the snapshots) would read as "no GPU, no NIC".
                raise NcclkitError(f"--root {spec}: not a node snapshot (no meta.json and no sys/ inside)",
                                   hint="give the folder `ncclkit snapshot OUT` wrote (meta.json, sys/, proc/, cmd/)")
            return cls(p.resolve(), live=False)
        if p.name.endswith((".tar.gz", ".tgz", ".tar")):
            return cls(_extract(p), live=False, label=str(p.resolve()))
        raise NcclkitError(f"--root {spec}: neither a folder nor a .tar.gz archive",
                           hint="give a snapshot folder or the .tar.gz that `ncclkit snapshot --tar` wrote")

    # -- path resolution -------------------------------------------------------------------
    def _link_target(self, rel: str) -> str | None:
        full = self.base / rel if rel else self.base
        try:
            if full.is_symlink():
                return os.readlink(full)
            if self.live or not full.is_file() or full.stat().st_size > _LINK_FILE_MAX_BYTES:
                return None
            text = full.read_text(errors="replace").strip()
        except OSError:
            return None
        if "\n" in text or not (text == ".." or text.startswith("../")):
            return None
        return text

    def resolve(self, rel: str) -> str:
        """Root-relative path with every link (real or link file) followed: 'sys/devices/...'."""
        return self.walk(rel)[0]

    def walk(self, rel: str, *, target_of: Callable[[str], str | None] | None = None,
             on_link: Callable[[str, list[str], str], None] | None = None) -> tuple[str, bool]:
        """The link-following walk behind resolve(): (resolved path, whether a link loop was cut).

        `target_of(cand)` gives the link target of a parent-resolved path (default: this root's
        link detection); `on_link(cand, parent, target)` sees each link followed. After
        _MAX_LINK_HOPS links, further links are taken as plain names (like ELOOP, but readable).
        """
        target_of = target_of or self._link_target
        parts = [c for c in rel.strip("/").split("/") if c and c != "."]
        done: list[str] = []
        hops = 0
        while parts:
            comp = parts.pop(0)
            if comp == "..":
                if done:
                    done.pop()
                continue
            cand = "/".join([*done, comp])
            target = target_of(cand)
            if target is None:
                done.append(comp)
                continue
            hops += 1
            if hops > _MAX_LINK_HOPS:
                done.append(comp)
                continue
            if on_link is not None:
                on_link(cand, done, target)
            if target.startswith("/"):
                done = []
            parts = [c for c in target.split("/") if c and c != "."] + parts
        return "/".join(done), hops > _MAX_LINK_HOPS

    def path(self, rel: str) -> Path:
        resolved, cut = self.walk(rel)
        full = self.base / resolved
        # A snapshot is data from another machine: a real link there that climbs out of it (which
        # the walk cut to a plain name) must not read this machine's /sys. Not captured.
        if cut and not self.live and not Path(os.path.realpath(full)).is_relative_to(self.base):
            return self.base / _OUTSIDE
        return full

    def exists(self, rel: str) -> bool:
        return self.path(rel).exists()

    def is_dir(self, rel: str) -> bool:
        return self.path(rel).is_dir()

    def read_text(self, rel: str) -> str | None:
        """File content, stripped of the trailing newline; None when absent or unreadable."""
        try:
            return self.path(rel).read_text(errors="replace").rstrip("\n")
        except (OSError, ValueError):
            return None

    def list_dir(self, rel: str) -> list[str]:
        try:
            return sorted(os.listdir(self.path(rel)))
        except OSError:
            return []

    def readlink(self, rel: str) -> str | None:
        """Target of a link (real or link file) at `rel`, after resolving its parents."""
        parent, _, name = rel.strip("/").rpartition("/")
        return self._link_target("/".join(filter(None, [self.resolve(parent), name])))

    def realpath(self, rel: str) -> str:
        """Like resolve(), normalised: what os.path.realpath gives relative to the root."""
        return posixpath.normpath(self.resolve(rel))

    # -- captured commands ------------------------------------------------------------------
    def command(self, name: str) -> str | None:
        """Output of a known command: run live, or read from cmd/<name>; None when unavailable."""
        if not self.live:
            text = self.read_text(f"cmd/{name}")
            if text is None or is_error_output(text):
                return None
            return text
        started = _STARTED.get(name)
        return started.result() if started is not None else _run_command(name)

    def prefetch(self, names: Iterable[str]) -> None:
        """Live node: start these commands now, side by side (nvidia-smi alone takes 0.1-0.3 s a
        call), for one reading of the node; command() then returns their output, also to a second
        reader of the same command. A snapshot reads files: nothing to start."""
        if not self.live:
            return
        for name in names:
            if name in COMMANDS:
                _STARTED[name] = _pool().submit(_run_command, name)


# Live commands started by the last NodeRoot.prefetch (one collect of the live node).
_STARTED: dict[str, Future[str | None]] = {}
_POOL: list[ThreadPoolExecutor] = []


def _pool() -> ThreadPoolExecutor:
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(max_workers=8, thread_name_prefix="ncclkit-cmd"))
    return _POOL[0]


def _run_command(name: str) -> str | None:
    argv = COMMANDS.get(name)
    if argv is None or shutil.which(argv[0]) is None:
        return None
    try:
        res = subprocess.run(argv, capture_output=True, text=True, timeout=COMMAND_TIMEOUT_S,
                             check=False, errors="replace")
    except (OSError, subprocess.TimeoutExpired):
        return None
    if res.returncode != 0 or is_error_output(res.stdout):
        return None
    return res.stdout.rstrip("\n")


def _extract(archive: Path) -> Path:
    """Unpack a snapshot archive into a temporary folder removed at exit; return the snapshot root."""
    tmp = Path(tempfile.mkdtemp(prefix="ncclkit-root-"))
    atexit.register(shutil.rmtree, tmp, True)
    try:
        with tarfile.open(archive) as tf:
            tf.extractall(tmp, filter="data")
    except (tarfile.TarError, OSError, EOFError) as exc:
        # ReadError's text lists every compression tried, one a line: say it in one.
        why = "not a tar archive, or a damaged one" if isinstance(exc, tarfile.ReadError) else exc
        raise NcclkitError(f"--root {archive}: cannot unpack ({why})",
                           hint="re-create it with `ncclkit snapshot OUT --tar`") from None
    subdirs = [d for d in tmp.iterdir() if d.is_dir()]
    for top in [tmp, *(subdirs if len(subdirs) == 1 else [])]:
        if (top / "meta.json").exists() or (top / "sys").exists():
            return top
    raise NcclkitError(f"--root {archive}: no snapshot inside (no meta.json or sys/ at its top)",
                       hint="give an archive written by `ncclkit snapshot OUT --tar`")
