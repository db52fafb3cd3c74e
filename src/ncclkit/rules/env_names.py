"""NCCL variable names and config files: env.name_misspelled, env.name_removed, env.conf_file,
env.conf_file_missing.

NCCL never scans the environment: it looks up the names it knows (NCCL_PARAM / ncclGetEnv), so a
misspelled or removed name is silently ignored. Variables may also come from NCCL's config files
(NCCL_CONF_FILE or ~/.nccl.conf, then /etc/nccl.conf; src/misc/param.cc), which `env` never shows.
"""

from __future__ import annotations

from ncclkit.causes import Cause
from ncclkit.facts import NodeFacts
from ncclkit.findings import Finding, Severity
from ncclkit.nccl.names import REMOVED_NAMES, close_known_name
from ncclkit.probe.nccl import NOT_READ_BY_NCCL
from ncclkit.rules.common import evidence

__all__ = ["check_conf_files", "check_env_names", "check_socket_buffers"]


def check_env_names(facts: NodeFacts) -> list[Finding]:
    out = []
    for name in sorted(facts.nccl.env):
        if not name.startswith("NCCL_") or name in NOT_READ_BY_NCCL:
            continue
        where = "a config file" if name in facts.health.conf.from_files else "the environment"
        if name in REMOVED_NAMES:
            out.append(Finding(
                id="env.name_removed", severity=Severity.WARNING, subject=name, cause=Cause.PERFORMANCE_CONFIG,
                message=f"{name} (set in {where}) is no longer read: it has no effect",
                fix=f"unset {name}; instead: {REMOVED_NAMES[name]}",
                evidence=evidence(facts.nccl.env_source or "env", f"{name}={facts.nccl.env[name]}", "a name NCCL reads")))
            continue
        known = close_known_name(name)
        if known is not None:
            out.append(Finding(
                id="env.name_misspelled", severity=Severity.WARNING, subject=name, cause=Cause.PERFORMANCE_CONFIG,
                message=f"{name} (set in {where}) is not a name NCCL reads; did you mean {known}? NCCL ignores it silently",
                fix=f"unset {name}; export {known}={facts.nccl.env[name]}",
                evidence=evidence(facts.nccl.env_source or "env", name, known)))
    return out


def check_conf_files(facts: NodeFacts) -> list[Finding]:
    conf = facts.health.conf
    out = []
    if conf.missing_conf_file:
        out.append(Finding(
            id="env.conf_file_missing", severity=Severity.WARNING, subject="NCCL_CONF_FILE", cause=Cause.OTHER,
            message=(f"NCCL_CONF_FILE={conf.missing_conf_file} does not exist: NCCL skips it silently (and with it "
                     "~/.nccl.conf, which NCCL_CONF_FILE replaces)"),
            fix="fix the path, or unset NCCL_CONF_FILE",
            evidence=evidence("NCCL_CONF_FILE", conf.missing_conf_file, "an existing file")))
    if conf.from_files:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(conf.from_files.items()))
        out.append(Finding(
            id="env.conf_file", severity=Severity.INFO, subject=", ".join(conf.files), cause=None,
            message=f"NCCL also takes {shown} from {', '.join(conf.files)} (the environment wins over these files)",
            fix="keep settings in one place: the job's environment or these files, the same on every node",
            evidence=evidence("NCCL config files", conf.from_files, None)))
    return out


def check_socket_buffers(facts: NodeFacts) -> list[Finding]:
    """env.socket_buffer_capped (warning): NCCL_SOCKET_SNDBUF/RCVBUF above net.core.wmem_max/rmem_max.

    NCCL passes them to setsockopt(SO_SNDBUF/SO_RCVBUF) (src/os/linux.cc, 2.30), which Linux caps at
    wmem_max/rmem_max without an error: the socket transport runs with the smaller buffer.
    """
    out = []
    for name, limit, sysctl in (("NCCL_SOCKET_SNDBUF", facts.os.wmem_max, "net.core.wmem_max"),
                                ("NCCL_SOCKET_RCVBUF", facts.os.rmem_max, "net.core.rmem_max")):
        raw = facts.nccl.env.get(name, "").strip()
        try:
            wanted = int(raw, 0)
        except ValueError:
            continue
        if limit is not None and wanted > limit:
            out.append(Finding(
                id="env.socket_buffer_capped", severity=Severity.WARNING, subject=name, cause=Cause.PERFORMANCE_CONFIG,
                message=f"{name}={wanted} but {sysctl} is {limit}: the kernel caps the socket buffer at {limit} silently",
                fix=f"sudo sysctl -w {sysctl}={wanted}   # persist it in /etc/sysctl.d/; or lower {name}",
                evidence=evidence(f"proc/sys/{sysctl.replace('.', '/')}", limit, f">= {wanted}")))
    return out
