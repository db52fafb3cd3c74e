"""NCCL's configuration files and their precedence over the environment.

`initEnvFunc` / `setEnvFile` (src/misc/param.cc, all versions checked): before reading any
parameter, NCCL applies the file named by NCCL_CONF_FILE (from v2.23.4-1; earlier releases read
~/.nccl.conf only) or else ~/.nccl.conf, then /etc/nccl.conf, each with setenv(name, value, 0): a
variable already set wins, so the process environment beats the user file, which beats /etc.
Each line is `NAME=VALUE` taken verbatim (nothing is stripped; the name ends at the first `=`);
a line starting with `#` or without `=` is skipped.
"""

from __future__ import annotations

from ncclkit.nccl.versions import CONF_FILE_VAR, NcclVersion, ver_at_least

__all__ = ["ETC_CONF", "apply_conf_files", "conf_file_order", "parse_conf"]

ETC_CONF = "/etc/nccl.conf"


def parse_conf(text: str) -> dict[str, str]:
    """The variables of one file, as setEnvFile reads them (the first definition wins)."""
    out: dict[str, str] = {}
    for line in text.split("\n"):
        if not line or line.startswith("#") or "=" not in line:
            continue
        name, _, value = line.partition("=")
        out.setdefault(name[:1023], value[:1023])
    return out


def conf_file_order(env: dict[str, str], home: str | None, version: NcclVersion | None) -> list[str]:
    """The files NCCL reads, in precedence order (earlier wins)."""
    user = env.get("NCCL_CONF_FILE") or ""
    files = []
    if user and ver_at_least(version, CONF_FILE_VAR):
        files.append(user)
    elif home:
        files.append(f"{home}/.nccl.conf")
    files.append(ETC_CONF)
    return files


def apply_conf_files(env: dict[str, str], files: list[tuple[str, str]]) -> tuple[dict[str, str], dict[str, str]]:
    """(the environment NCCL reads, {variable: file it came from}) for `files` in precedence order."""
    out = dict(env)
    origin: dict[str, str] = {}
    for path, text in files:
        for name, value in parse_conf(text).items():
            if name not in out:
                out[name] = value
                origin[name] = path
    return out, origin
