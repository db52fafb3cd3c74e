"""This process's place in a job, read from the launcher's variables (bench, cluster, train).

torchrun and Kubeflow PyTorchJob set RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR and MASTER_PORT;
mpirun (Open MPI) sets OMPI_COMM_WORLD_RANK/_SIZE/_LOCAL_RANK; srun sets SLURM_PROCID, SLURM_NTASKS
and SLURM_LOCALID. Open MPI's variables win over Slurm's because mpirun inside a Slurm allocation
inherits the batch step's SLURM_PROCID. srun and mpirun give no rendezvous address: MASTER_ADDR
is required, except under Slurm where the first host of SLURM_JOB_NODELIST stands in for it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from ncclkit.errors import NcclkitError

__all__ = ["DEFAULT_MASTER_PORT", "LaunchEnv", "first_slurm_host", "read_launch_env", "slurm_hosts"]

DEFAULT_MASTER_PORT = 29500  # torchrun's default

# (rank, world size, local rank, launcher name), first match wins.
_SOURCES = (
    ("RANK", "WORLD_SIZE", "LOCAL_RANK", "torchrun"),
    ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK", "mpirun"),
    ("SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID", "slurm"),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class LaunchEnv:
    rank: int
    world_size: int
    local_rank: int
    master_addr: str
    master_port: int
    launcher: str  # "torchrun" (or NCCLKIT_LAUNCHER), "mpirun" or "slurm"
    # torchrun's agent on node 0 already hosts a store at MASTER_ADDR:MASTER_PORT, so every
    # worker connects to it as a client (torch/distributed/rendezvous.py _torchelastic_use_agent_store).
    agent_store: bool


_MAX_RANGE = 4096


def _split_top(text: str) -> list[str]:
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth < 0:
                raise ValueError("unbalanced ']'")
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if depth:
        raise ValueError("unbalanced '['")
    parts.append(cur)
    return [p for p in parts if p]


def _expand_one(item: str) -> list[str]:
    m = re.match(r"^([^\[]*)\[([^\]]*)\](.*)$", item)
    if not m:
        return [item]
    prefix, body, rest = m.groups()
    out = []
    for rng in body.split(","):
        lo, _, hi = rng.partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise ValueError(f"bad range {rng!r}")
        width = len(lo)
        start, end = int(lo), int(hi) if hi else int(lo)
        if end < start or end - start > _MAX_RANGE:
            raise ValueError(f"range {rng!r} out of bounds")
        out += [f"{prefix}{i:0{width}d}" for i in range(start, end + 1)]
    return [head + tail for head in out for tail in _expand_one(rest)]


def slurm_hosts(text: str) -> list[str]:
    """Expand a Slurm node list: `gpu[01-02]-ib,login1` -> gpu01-ib, gpu02-ib, login1 (ValueError if bad)."""
    return [h for item in _split_top(text.strip()) for h in _expand_one(item)]


def first_slurm_host(nodelist: str) -> str:
    """First host of a Slurm node list: "gpu[07-09,12]-ib,cpu1" -> "gpu07-ib"."""
    try:
        hosts = slurm_hosts(nodelist)
    except ValueError as exc:
        hosts, why = [], str(exc)
    else:
        why = "no host in it"
    if not hosts:
        raise NcclkitError(f"cannot read SLURM_JOB_NODELIST={nodelist!r}: {why}",
                           hint="export MASTER_ADDR=<first node's hostname> before srun")
    return hosts[0]


def _int(env: Mapping[str, str], name: str) -> int:
    raw = env[name]
    try:
        return int(raw)
    except ValueError:
        raise NcclkitError(f"{name}={raw!r} is not an integer",
                           hint=f"export {name} as a whole number, as the launcher does") from None


def read_launch_env(env: Mapping[str, str] | None = None) -> LaunchEnv | None:
    """The launcher's variables, checked; None when no launcher set any (a lone process)."""
    env = os.environ if env is None else env
    source = next((s for s in _SOURCES if s[0] in env and s[1] in env), None)
    if source is None:
        return None
    rank_var, size_var, local_var, launcher = source
    if launcher == "torchrun":
        launcher = env.get("NCCLKIT_LAUNCHER", launcher)
    rank, world_size = _int(env, rank_var), _int(env, size_var)
    if world_size < 1 or not 0 <= rank < world_size:
        raise NcclkitError(f"{rank_var}={rank} is outside 0..{size_var}-1 ({size_var}={world_size}, "
                           f"{launcher})", hint="give each process a distinct rank below the world size")
    local_rank = _int(env, local_var) if env.get(local_var) else 0
    master_addr = env.get("MASTER_ADDR", "").strip()
    if not master_addr and launcher == "slurm" and env.get("SLURM_JOB_NODELIST"):
        master_addr = first_slurm_host(env["SLURM_JOB_NODELIST"])
    if not master_addr:
        raise NcclkitError(f"MASTER_ADDR is not set ({launcher}, rank {rank} of {world_size})",
                           hint="export MASTER_ADDR=<rank 0's host> and MASTER_PORT=<free port> on every "
                                "node; with mpirun pass -x MASTER_ADDR -x MASTER_PORT")
    master_port = _int(env, "MASTER_PORT") if env.get("MASTER_PORT") else DEFAULT_MASTER_PORT
    if not 0 < master_port < 65535:
        raise NcclkitError(f"MASTER_PORT={master_port} is not a TCP port",
                           hint="export MASTER_PORT as a free port in 1..65534")
    return LaunchEnv(rank=rank, world_size=world_size, local_rank=local_rank, master_addr=master_addr,
                     master_port=master_port, launcher=launcher,
                     agent_store=env.get("TORCHELASTIC_USE_AGENT_STORE") == "True")
