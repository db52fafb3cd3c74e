"""TreeMirror: copy files and links from a NodeRoot into a snapshot folder, links as real symlinks.

Used by ncclkit.probe.snapshot. Resolution follows NodeRoot.resolve (real links and the link files
of copied snapshots), and every link met on the way is written as a symlink, so the copy mirrors
the real paths. Link targets that would leave the tree are clamped at its root, no file is read
past MAX_FILE_BYTES, unreadable files are left out, and nothing is written through a link.
"""

from __future__ import annotations

import os
import posixpath
import stat
from pathlib import Path

from ncclkit.errors import NcclkitError
from ncclkit.probe.root import NodeRoot

__all__ = ["MAX_FILE_BYTES", "TreeMirror"]

MAX_FILE_BYTES = 1 << 20


class TreeMirror:
    """Copies files and links from `root` into `dest`, mirroring every link on the way."""

    def __init__(self, root: NodeRoot, dest: Path) -> None:
        self.root = root
        self.dest = dest
        self.skipped: list[str] = []
        # Paths below are resolved-parent paths, so each answer holds for the whole run.
        self._links: dict[str, str | None] = {}
        self._dirs: set[str] = set()

    # -- links ----------------------------------------------------------------------------
    def mirror(self, rel: str) -> str | None:
        """Resolve `rel` like NodeRoot.resolve, writing each link met into dest; None on a loop."""
        resolved, looped = self.root.walk(rel, target_of=self._target, on_link=self._write_link)
        return None if looped else resolved

    def _target(self, rel: str) -> str | None:
        if rel not in self._links:
            self._links[rel] = self.root.readlink(rel)
        return self._links[rel]

    def _write_link(self, rel: str, parent: list[str], target: str) -> None:
        # A target that climbs above the node root (or is absolute) is rewritten relative to the
        # link, clamped at the root as NodeRoot does, so that the link never leaves the snapshot.
        base = [] if target.startswith("/") else list(parent)
        for comp in (c for c in target.split("/") if c and c != "."):
            if comp != "..":
                base.append(comp)
            elif base:
                base.pop()
        naive = posixpath.normpath(posixpath.join("/".join(parent) or ".", target))
        if target.startswith("/") or naive.startswith(".."):
            target = posixpath.relpath("/" + "/".join(base), "/" + "/".join(parent))
        path = self._dest_dir(parent)
        if path is None:
            return
        link = path / rel.rsplit("/", 1)[-1]
        if link.is_symlink():
            if os.readlink(link) == target:
                return
            link.unlink()
        elif link.exists():
            return  # a file of a --force'd older capture: keep it rather than guess
        link.symlink_to(target)

    # -- files ----------------------------------------------------------------------------
    def _dest_dir(self, parts: list[str]) -> Path | None:
        """dest/<parts>, created; None when a component is a link (never write through one)."""
        path = self.dest
        for i, comp in enumerate(parts):
            path = path / comp
            key = "/".join(parts[: i + 1])
            if key in self._dirs:
                continue
            if path.is_symlink():
                return None
            if not path.is_dir():
                path.mkdir()
            self._dirs.add(key)
        return path

    def copy(self, rel: str, *, flat: bool = False) -> bool:
        """Copy one file. `flat`: write it at `rel` itself instead of mirroring links on its path."""
        resolved = self.root.resolve(rel) if flat else self.mirror(rel)
        if resolved is None:
            return False
        data = self._read(self.root.base / resolved, rel)
        if data is None:
            return False
        self.write("/".join(p for p in rel.strip("/").split("/") if p) if flat else resolved, data)
        return True

    def _read(self, path: Path, rel: str) -> bytes | None:
        try:
            st = path.stat()
            if not stat.S_ISREG(st.st_mode):
                return None
            with path.open("rb") as f:
                data = f.read(MAX_FILE_BYTES + 1)
        except OSError:
            return None  # EINVAL / EACCES / EIO: not captured
        if len(data) > MAX_FILE_BYTES:
            self.skipped.append(rel)
            return None
        return data

    def write(self, rel: str, data: bytes) -> None:
        parts = rel.split("/")
        if any(p in ("", ".", "..") for p in parts):
            raise NcclkitError(f"refusing to write {rel!r}", hint="report this as a bug")
        parent = self._dest_dir(parts[:-1])
        if parent is None:
            return
        target = parent / parts[-1]
        if target.is_symlink():
            return
        target.write_bytes(data)

    def copy_attrs(self, base: str, names: tuple[str, ...]) -> None:
        for name in names:
            self.copy(f"{base}/{name}")

    def copy_table(self, base: str) -> None:
        for name in self.root.list_dir(base):
            self.copy(f"{base}/{name}")
