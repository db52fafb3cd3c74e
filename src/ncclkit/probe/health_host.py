"""Host-side sources of the round-two checks: /dev/shm size, logind RemoveIPC, the firewall, NCCL
config files and net plugins (RDMA user space: probe/rdma_access.py).

Live reads go to the real paths; a snapshot keeps them at the same paths (etc/, proc/mounts with
the /dev/shm line) or in cmd/ (nccl-net-plugins.txt, dev-shm-bytes.txt).
"""

from __future__ import annotations

import glob
import json
import os
from collections.abc import Mapping

from ncclkit.nccl import names as nccl_conf
from ncclkit.nccl.config import conf_file_order, parse_conf
from ncclkit.nccl.versions import parse_nccl_version
from ncclkit.facts_health import FirewallFacts, IpcFacts, NcclConfFacts
from ncclkit.probe import firewall
from ncclkit.probe.common import read_attr
from ncclkit.probe.parse import parse_int
from ncclkit.probe.root import NodeRoot

__all__ = ["LIB_DIRS", "find_libraries", "parse_shm_mount", "read_conf", "read_firewall", "read_ipc"]

SOURCE = "host"
PLUGINS = "nccl-net-plugins.txt"
SHM_BYTES = "dev-shm-bytes.txt"
LOGIND = ("etc/systemd/logind.conf", "etc/systemd/logind.conf.d", "usr/lib/systemd/logind.conf.d",
          "run/systemd/logind.conf.d")
# The dynamic loader's default directories (Debian multiarch and RHEL layouts).
LIB_DIRS = ("/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu",
            "/usr/lib/aarch64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib", "/usr/local/lib")
_SIZE_UNITS = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
DEFAULT_MASTER_PORT = 29500  # torch.distributed's default MASTER_PORT


def parse_shm_mount(text: str) -> int | None:
    """`size=` of the tmpfs mounted on /dev/shm in proc/mounts ("size=65536k" -> 67108864)."""
    for line in text.splitlines():
        fields = line.split()
        if len(fields) >= 4 and fields[1] == "/dev/shm":
            for opt in fields[3].split(","):
                if opt.startswith("size="):
                    value = opt[5:].lower()
                    unit = _SIZE_UNITS.get(value[-1:], 1)
                    number = parse_int(value.rstrip("kmgt"), 10)
                    return number * unit if number is not None and not value.endswith("%") else None
    return None


def _logind(root: NodeRoot) -> tuple[bool | None, str | None]:
    """RemoveIPC as the last logind drop-in that sets it says (systemd's order: the main file, then
    drop-ins sorted by name); (None, None) when no file sets it."""
    files = [LOGIND[0]] + sorted(f"{d}/{n}" for d in LOGIND[1:] for n in root.list_dir(d) if n.endswith(".conf"))
    value, source = None, None
    for rel in files:
        section = ""
        for line in (root.read_text(rel) or "").splitlines():
            line = line.strip()
            if line.startswith("["):
                section = line.strip("[]")
            elif section == "Login" and line.startswith("RemoveIPC="):
                word = line.split("=", 1)[1].strip().lower()
                if word in ("yes", "no", "true", "false", "1", "0", "on", "off"):
                    value, source = word in ("yes", "true", "1", "on"), rel
    return value, source


def read_ipc(root: NodeRoot) -> IpcFacts:
    size, source = None, None
    if root.live:
        try:
            st = os.statvfs("/dev/shm")
            size, source = st.f_blocks * st.f_frsize, "statvfs(/dev/shm)"
        except OSError:
            pass
    else:
        for rel in ("proc/mounts", "proc/self/mounts", "proc/1/mounts"):
            size = parse_shm_mount(root.read_text(rel) or "")
            if size is not None:
                source = rel
                break
        if size is None and (n := parse_int(read_attr(root, f"cmd/{SHM_BYTES}"), 10)) is not None:
            size, source = n, f"cmd/{SHM_BYTES}"
    remove_ipc, ipc_source = _logind(root)
    return IpcFacts(shm_size_bytes=size, shm_source=source, remove_ipc=remove_ipc, remove_ipc_source=ipc_source)


def read_firewall(root: NodeRoot, env: Mapping[str, str]) -> FirewallFacts:
    text = read_attr(root, "proc/sys/net/ipv4/ip_local_port_range")
    fields = (text or "").split()
    span = (int(fields[0]), int(fields[1])) if len(fields) == 2 and all(f.isdigit() for f in fields) else None
    master = parse_int(env.get("MASTER_PORT"), 10) or DEFAULT_MASTER_PORT
    for name, parse, nft in ((firewall.NFT, firewall.parse_nft, True), (firewall.IPTABLES, firewall.parse_iptables, False)):
        rules_text = root.command(name)
        if not rules_text:
            continue
        policies, rules = parse(rules_text)
        if not policies and not any(rules.values()):
            continue
        lo, hi = span or (32768, 60999)  # the kernel default range
        samples = sorted({lo, (lo + hi) // 2, hi})
        return FirewallFacts(source=f"cmd/{name}", ephemeral_range=span,
                             ephemeral_verdicts={p: firewall.verdict(policies, rules, p, nft=nft) for p in samples},
                             master_port=master, master_verdict=firewall.verdict(policies, rules, master, nft=nft))
    return FirewallFacts(ephemeral_range=span)


def find_libraries(pattern: str, env: Mapping[str, str], *, resolve: bool = True) -> list[str]:
    """Files matching `pattern` in LD_LIBRARY_PATH and the loader's default directories (resolved
    through links unless `resolve` is False: plugin names are what NCCL dlopen()s)."""
    dirs = [d for d in env.get("LD_LIBRARY_PATH", "").split(":") if d] + list(LIB_DIRS)
    found: list[str] = []
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, pattern))):
            real = os.path.realpath(path) if resolve else path
            if real not in found:
                found.append(real)
    return found


def _home(root: NodeRoot) -> str | None:
    if root.live:
        return os.environ.get("HOME")
    try:
        meta = json.loads(root.read_text("meta.json") or "{}")
    except ValueError:
        return None
    home = meta.get("home") if isinstance(meta, dict) else None
    if isinstance(home, str) and home.startswith("/"):
        return home
    # A capture that kept root's ~/.nccl.conf at its real path but did not record $HOME.
    return "/root" if root.exists("root/.nccl.conf") else None


def read_conf(root: NodeRoot, env: Mapping[str, str], version: str | None,
              from_files: Mapping[str, str]) -> NcclConfFacts:
    """NCCL's config files in NCCL's order (ncclkit.nccl.config), the variables only they set
    (`from_files`: what read_nccl applied), plugins, default topology."""
    files: dict[str, dict[str, str]] = {}
    missing = None
    user = env.get("NCCL_CONF_FILE")
    if user and root.read_text(user.lstrip("/")) is None:
        missing = user  # NCCL skips a missing file without a word (or, before 2.23.4, ignores the name)
    for path in conf_file_order(dict(env), _home(root), parse_nccl_version(version)):
        text = root.read_text(path.lstrip("/"))
        if text is not None:
            files[path] = parse_conf(text)
    if root.live:
        plugins: tuple[str, ...] | None = tuple(find_libraries("libnccl-net*.so", os.environ, resolve=False))
    else:
        text = root.read_text(f"cmd/{PLUGINS}")
        plugins = None if text is None else tuple(ln.strip() for ln in text.splitlines() if ln.strip())
        if plugins is None and any(root.is_dir(d.lstrip("/")) for d in LIB_DIRS):
            # A tree that carries the library folders themselves: look there as the loader would.
            plugins = tuple(f"{d}/{n}" for d in LIB_DIRS for n in root.list_dir(d.lstrip("/"))
                            if n.startswith("libnccl-net") and ".so" in n)
    return NcclConfFacts(files=files, missing_conf_file=missing,
                         from_files=dict(from_files),
                         net_plugins=plugins, topo_default=root.exists(nccl_conf.DEFAULT_TOPO_FILE.lstrip("/")))
