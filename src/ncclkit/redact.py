"""Redact a snapshot folder in place so that it can be posted in a public bug report.

Host names, IPv4/IPv6 addresses (GIDs included), MAC addresses, node/port/system-image GUIDs, GPU
UUIDs and serial numbers are replaced, in file contents, file names and symlink targets. The same
value becomes the same placeholder everywhere, and every placeholder is a valid value of the same
kind (an IPv4-mapped RoCE GID stays IPv4-mapped, a link-local GID stays link-local, a MAC stays a
MAC), so `ncclkit doctor` reports the same findings on the redacted copy. PCI bus ids are kept:
they name slots, not machines.

Two passes: `learn` every file first, then `freeze` (placeholders are chosen so that none equals
an original), then `apply`. `redact_tree` does all three over a folder.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ncclkit.errors import NcclkitError
from ncclkit.redact_ids import (GuidMapper, IdMapper, Ipv4Mapper, Ipv6Mapper, fmt_like, fmt_v6_like,
                                is_hex_bytes, mac_mapper, parse_v6, valid_v4)

__all__ = ["RedactionSummary", "Redactor", "apply_to_tree", "redact_tree", "tree_entries"]

# A run of hex groups joined by colons: MACs, GUIDs (xxxx:xxxx:xxxx:xxxx), IPoIB hardware
# addresses (20 bytes), IPv6 addresses and GIDs. Not part of a word, and not followed by ".<digit>"
# so that PCI bus ids (0000:18:00.0) and "::ffff:10.1.0.5" (left to the IPv4 pass) do not match.
_HEX_RUN = re.compile(r"(?<![\w:.])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,}(?![\w:]|\.\d)")
_IPV4 = re.compile(r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w]|\.\d)")
_HEX64 = re.compile(r"(?<![\w])0x([0-9A-Fa-f]{16})(?!\w)")
_UUID = re.compile(r"(?<![0-9A-Fa-f])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-"
                   r"[0-9A-Fa-f]{12}(?![0-9A-Fa-f])")
# nvidia-smi -q -x: <serial>, <board_serial>, <chassis_serial_number>, ...
_SERIAL_TAG = re.compile(r"<(\w*serial\w*)>([^<]+)</\1>", re.IGNORECASE)
_NOT_A_SERIAL = {"n/a", "[n/a]", "redacted", "not available", "unknown", "none"}
_HOST_KEYS = ("MASTER_ADDR", "NCCL_COMM_ID", "NCCL_HOSTID")
_GENERIC_HOSTS = {"localhost", "localhost.localdomain", "ip6-localhost", "(none)"}
_MAX_TEXT_BYTES = 4 << 20


@dataclass(frozen=True, slots=True, kw_only=True)
class RedactionSummary:
    """How many distinct values of each kind were replaced, and how many files changed."""

    hosts: int
    ipv4: int
    ipv6_prefixes: int
    macs: int
    guids: int
    uuids: int
    serials: int
    files_changed: int
    names_changed: int


class Redactor:
    """Consistent value -> placeholder mapping over a set of texts (see the module docstring)."""

    def __init__(self) -> None:
        self.macs = mac_mapper()
        self.guids = GuidMapper(self.macs)
        self.ipv4 = Ipv4Mapper()
        self.ipv6 = Ipv6Mapper(self.ipv4, self.guids)
        self.uuids = IdMapper(lambda n, _v: f"00000000-0000-4000-8000-{n:012x}",
                              keep=("00000000-0000-0000-0000-000000000000",))
        self.serials = IdMapper(lambda n, v: (f"{n:0{len(v)}d}" if v.isdigit() else f"SN{n:0{max(len(v) - 2, 4)}d}"))
        self.hosts: dict[str, str] = {}
        self._v4_seen: set[ipaddress.IPv4Address] = set()
        self._frozen = False

    # -- pass 1: find the originals --------------------------------------------------------
    def learn(self, rel: str, text: str) -> None:
        """Record every identifying value in one file (`rel` is its snapshot-relative path)."""
        self.learn_name(text)
        name = rel.rsplit("/", 1)[-1]
        if rel == "meta.json":
            self._learn_meta(text)
        elif name == "node_desc" and text.split():
            self._add_host(text.split()[0])
        elif rel == "cmd/ip-j-addr.json":
            self._learn_ip_json(text)
        elif rel == "cmd/env.txt":
            self._learn_env(text)
        elif rel == "cmd/show_gids.txt":
            # The IPv4 column is the address of the RoCE v2 GID on that line.
            for m in _IPV4.finditer(text):
                if valid_v4(m.group(0)):
                    self.ipv4.add(ipaddress.IPv4Address(m.group(0)))

    def learn_name(self, text: str) -> None:
        """Record the addresses and ids in a text of no known kind (a file name, a link target)."""
        if self._frozen:
            raise RuntimeError("Redactor.learn after freeze")
        for m in _UUID.finditer(text):
            self.uuids.add(m.group(0).lower())
        for m in _HEX_RUN.finditer(text):
            self._learn_run(m.group(0))
        for line in text.splitlines():
            if "guid" in line.lower():
                for m in _HEX64.finditer(line):
                    self.guids.add(int(m.group(1), 16))
        for m in _SERIAL_TAG.finditer(text):
            value = m.group(2).strip()
            if value and value.lower() not in _NOT_A_SERIAL and value.strip("0") and "@" not in value:
                self.serials.add(value)
        self._v4_seen.update(ipaddress.IPv4Address(m.group(0)) for m in _IPV4.finditer(text)
                             if valid_v4(m.group(0)))

    def _learn_run(self, run: str) -> None:
        groups = run.split(":")
        if is_hex_bytes(groups, 6):
            value = int("".join(groups), 16)
            if not (value >> 40) & 0x01:  # multicast/broadcast MACs name nobody
                self.macs.add(value)
        elif is_hex_bytes(groups, 20):  # IPoIB: 4 bytes flags+QPN, then the port GID
            self.ipv6.add(ipaddress.IPv6Address(int("".join(groups[4:]), 16)))
        elif is_hex_bytes(groups, 8) or (len(groups) == 4 and all(len(g) == 4 for g in groups)):
            self.guids.add(int("".join(groups), 16))
        else:
            addr = parse_v6(run)
            if addr is not None:
                self.ipv6.add(addr)

    def learn_host(self, name: str) -> None:
        """Record a host name found outside the snapshot (a log prefix, a result's `host` field)."""
        if self._frozen:
            raise RuntimeError("Redactor.learn_host after freeze")
        self._add_host(name)

    def learn_address(self, addr: str) -> None:
        """Record an IPv4 address found outside the snapshot, to be mapped like those inside."""
        if self._frozen:
            raise RuntimeError("Redactor.learn_address after freeze")
        if valid_v4(addr):
            self.ipv4.add(ipaddress.IPv4Address(addr))

    def _add_host(self, name: str) -> None:
        name = name.strip().rstrip(".")
        if not name or name.lower() in _GENERIC_HOSTS or valid_v4(name) or parse_v6(name):
            return
        self.hosts.setdefault(name, "")
        if "." in name:
            self.hosts.setdefault(name.split(".", 1)[0], "")

    def _learn_meta(self, text: str) -> None:
        try:
            meta = json.loads(text)
        except ValueError:
            return
        if isinstance(meta, dict) and isinstance(meta.get("hostname"), str):
            self._add_host(meta["hostname"])

    def _learn_ip_json(self, text: str) -> None:
        try:
            links = json.loads(text)
        except ValueError:
            return
        for link in links if isinstance(links, list) else []:
            for info in link.get("addr_info", []) if isinstance(link, dict) else []:
                prefix = info.get("prefixlen") if isinstance(info, dict) else None
                for key in ("local", "address", "broadcast", "peer"):
                    value = info.get(key) if isinstance(info, dict) else None
                    if isinstance(value, str) and valid_v4(value):
                        self.ipv4.add(ipaddress.IPv4Address(value), prefix if key != "peer" else None)

    def _learn_env(self, text: str) -> None:
        for line in text.splitlines():
            key, sep, value = line.partition("=")
            if not sep:
                continue
            for m in _IPV4.finditer(value):
                if valid_v4(m.group(0)):
                    self.ipv4.add(ipaddress.IPv4Address(m.group(0)))
            if key.strip() in _HOST_KEYS:
                self._add_host(value.strip().rsplit(":", 1)[0] if value.count(":") == 1 else value.strip())

    # -- build the mapping -------------------------------------------------------------------
    def freeze(self) -> None:
        """Choose the placeholders; after this only apply() may be called."""
        for addr in self._v4_seen:
            if self.ipv4.in_known_network(addr):
                self.ipv4.add(addr)
        self.guids.freeze()
        self.macs.freeze()
        self.ipv4.freeze()
        self.ipv6.freeze()
        self.uuids.freeze()
        self.serials.freeze()
        for n, name in enumerate(sorted(h for h in self.hosts if "." not in h), start=1):
            self.hosts[name] = f"host-{n}"
        for name in sorted(h for h in self.hosts if "." in h):
            short = self.hosts.get(name.split(".", 1)[0]) or "host"
            self.hosts[name] = f"{short}.example"
        self._frozen = True

    # -- pass 2: rewrite ---------------------------------------------------------------------
    def apply(self, rel: str, text: str) -> str:
        """`text` of the file at `rel` with every known value replaced."""
        if not self._frozen:
            raise RuntimeError("Redactor.apply before freeze")
        text = self._apply_values(text)
        name = rel.rsplit("/", 1)[-1]
        if rel == "meta.json":
            text = self._apply_meta(text)
        elif name == "node_desc" and text.split():
            first = text.split()[0]
            text = text.replace(first, self.hosts.get(first) or first, 1)
        elif rel == "cmd/env.txt":
            text = "\n".join(self._apply_env_line(line) for line in text.split("\n"))
        if not rel.startswith(("proc/", "etc/")):
            # Kernel and OS strings carry the build host and distribution words, never this host.
            text = self._apply_hosts(text)
        return text

    def apply_name(self, name: str) -> str:
        """A file name or link-target component with addresses and ids replaced."""
        return self._apply_hosts(self._apply_values(name))

    def _apply_values(self, text: str) -> str:
        text = _UUID.sub(lambda m: self._sub_uuid(m.group(0)), text)
        text = _HEX_RUN.sub(lambda m: self._sub_run(m.group(0)), text)
        text = _HEX64.sub(self._sub_hex64, text)
        text = _IPV4.sub(self._sub_v4, text)
        for orig in sorted(self.serials.originals, key=len, reverse=True):
            if orig in text:
                new = str(self.serials.get(orig))
                text = re.sub(rf"(?<![\w]){re.escape(orig)}(?![\w])", new, text)
        return text

    def _sub_uuid(self, text: str) -> str:
        new = self.uuids.get(text.lower())
        if new is None:
            return text
        return str(new).upper() if text.isupper() else str(new)

    def _sub_run(self, run: str) -> str:
        groups = run.split(":")
        if is_hex_bytes(groups, 6):
            new = self.macs.get(int("".join(groups), 16))
            return run if new is None else fmt_like(run, int(new), 6, 2)
        if is_hex_bytes(groups, 20):
            gid = ipaddress.IPv6Address(int("".join(groups[4:]), 16))
            new_gid = self.ipv6.get(gid)
            if new_gid is None:
                return run
            return ":".join(groups[:4]) + ":" + fmt_like(run, int(new_gid), 16, 2)
        if is_hex_bytes(groups, 8):
            new = self.guids.get(int("".join(groups), 16))
            return run if new is None else fmt_like(run, new, 8, 2)
        if len(groups) == 4 and all(len(g) == 4 for g in groups):
            new = self.guids.get(int("".join(groups), 16))
            return run if new is None else fmt_like(run, new, 4, 4)
        addr = parse_v6(run)
        new6 = self.ipv6.get(addr) if addr is not None else None
        return run if new6 is None else fmt_v6_like(run, new6)

    def _sub_hex64(self, m: re.Match[str]) -> str:
        new = self.guids.get(int(m.group(1), 16))
        if new is None:
            return m.group(0)
        digits = f"{new:016x}"
        return "0x" + (digits.upper() if m.group(1).isupper() else digits)

    def _sub_v4(self, m: re.Match[str]) -> str:
        if not valid_v4(m.group(0)):
            return m.group(0)
        new = self.ipv4.get(ipaddress.IPv4Address(m.group(0)))
        return m.group(0) if new is None else str(new)

    def _apply_hosts(self, text: str) -> str:
        # Longest first so that an FQDN is replaced before its short name. Names that are common
        # words ("vm", "gpu") would hit unrelated text: they are replaced only in host fields.
        for orig in sorted(self.hosts, key=len, reverse=True):
            if _distinctive(orig) and orig in text:
                text = re.sub(rf"(?<![\w.-]){re.escape(orig)}(?![\w-]|\.\w)", self.hosts[orig], text)
        return text

    def _apply_meta(self, text: str) -> str:
        try:
            meta = json.loads(text)
        except ValueError:
            return text
        if isinstance(meta, dict) and isinstance(meta.get("hostname"), str):
            meta["hostname"] = self.hosts.get(meta["hostname"].rstrip("."), meta["hostname"])
            meta["redacted"] = True
            return json.dumps(meta, indent=1) + "\n"
        return text

    def _apply_env_line(self, line: str) -> str:
        key, sep, value = line.partition("=")
        if sep and key.strip() in _HOST_KEYS:
            host, colon, port = value.strip().rpartition(":") if value.count(":") == 1 else (value, "", "")
            host = host.strip()
            if host in self.hosts:
                return f"{key}={self.hosts[host]}{colon}{port}"
        return line

    def summary(self, files_changed: int = 0, names_changed: int = 0) -> RedactionSummary:
        return RedactionSummary(hosts=len(self.hosts), ipv4=len(self.ipv4), ipv6_prefixes=len(self.ipv6.originals),
                                macs=len(self.macs), guids=len(self.guids), uuids=len(self.uuids),
                                serials=len(self.serials), files_changed=files_changed,
                                names_changed=names_changed)


def _distinctive(host: str) -> bool:
    """A host name unlikely to be an ordinary word: it has a digit, a dash or a dot, or is long."""
    return any(c.isdigit() or c in "-." for c in host) or len(host) >= 10


# -- folder walking ---------------------------------------------------------------------------

def _read_text(path: Path) -> str | None:
    """A regular file's text; None for binaries and oversized files (never written by snapshot)."""
    try:
        if path.stat().st_size > _MAX_TEXT_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    if b"\0" in data:
        return None
    return data.decode("utf-8", errors="surrogateescape")


def tree_entries(folder: Path) -> tuple[list[tuple[str, Path]], list[tuple[str, Path]]]:
    """(files, links) below `folder`, as (relative posix path, path); links are never followed."""
    files: list[tuple[str, Path]] = []
    links: list[tuple[str, Path]] = []
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
        for name in [*dirnames, *filenames]:
            p = Path(dirpath) / name
            rel = p.relative_to(folder).as_posix()
            if p.is_symlink():
                links.append((rel, p))
            elif p.is_file():
                files.append((rel, p))
    return files, links


def redact_tree(folder: Path) -> RedactionSummary:
    """Redact every file, file name and link target below `folder` in place."""
    if not folder.is_dir():
        raise NcclkitError(f"cannot redact {folder}: not a folder", hint="give a snapshot folder")
    redactor = Redactor()
    files, links = tree_entries(folder)
    texts = {rel: t for rel, p in files if (t := _read_text(p)) is not None}
    for rel, text in texts.items():
        redactor.learn(rel, text)
    for rel, p in links:
        redactor.learn_name(rel)
        redactor.learn_name(os.readlink(p))
    for rel, _p in files:
        redactor.learn_name(rel)
    redactor.freeze()
    changed, renamed = apply_to_tree(redactor, folder, files, texts, [p for _rel, p in links])
    return redactor.summary(files_changed=changed, names_changed=renamed)


def apply_to_tree(redactor: Redactor, folder: Path, files: list[tuple[str, Path]],
                  texts: dict[str, str], links: list[Path]) -> tuple[int, int]:
    """Write a frozen redactor's output below `folder`: file texts, link targets, then names.

    `files` and `texts` are (rel, path) and rel -> text as learned; names are renamed bottom-up so
    that a folder is renamed after its contents. Returns (files changed, names changed).
    """
    changed = 0
    for rel, p in files:
        text = texts.get(rel)
        if text is None:
            continue
        new = redactor.apply(rel, text)
        if new != text:
            p.write_bytes(new.encode("utf-8", errors="surrogateescape"))
            changed += 1
    for p in links:
        target = os.readlink(p)
        new_target = "/".join(redactor.apply_name(c) for c in target.split("/"))
        if new_target != target:
            p.unlink()
            p.symlink_to(new_target)
    renamed = 0
    for dirpath, dirnames, filenames in os.walk(folder, topdown=False, followlinks=False):
        for name in [*dirnames, *filenames]:
            new_name = redactor.apply_name(name)
            if new_name != name:
                (Path(dirpath) / name).rename(Path(dirpath) / new_name)
                renamed += 1
    return changed, renamed
