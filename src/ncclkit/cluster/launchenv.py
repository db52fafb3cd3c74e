"""Read this process's place in the job (rank, world size, master address) from the launcher's env.

Launchers (CONTRACTS.md section 7): torchrun and Kubeflow PyTorchJob set RANK, WORLD_SIZE,
MASTER_ADDR and MASTER_PORT; srun sets SLURM_PROCID / SLURM_NTASKS; mpirun (Open MPI) sets
OMPI_COMM_WORLD_RANK / OMPI_COMM_WORLD_SIZE. srun and mpirun give no master address, so
MASTER_ADDR (and MASTER_PORT, default 29500 as torchrun's) must still be exported by the job script.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from ncclkit.errors import NcclkitError

__all__ = ["DEFAULT_MASTER_PORT", "ClusterEnv", "read_cluster_env"]

DEFAULT_MASTER_PORT = 29500  # torchrun's default, used when only srun/mpirun variables are set

# (rank variable, world-size variable, launcher name), first match wins.
_RANK_SOURCES = (
    ("RANK", "WORLD_SIZE", "env"),
    ("SLURM_PROCID", "SLURM_NTASKS", "slurm"),
    ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "mpirun"),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class ClusterEnv:
    """Where this process stands in the job."""

    rank: int
    world_size: int
    master_addr: str
    master_port: int
    launcher: str  # "torchrun", "env", "slurm" or "mpirun"
    # torchrun's agent on node 0 already hosts the store at MASTER_ADDR:MASTER_PORT, so every
    # worker (rank 0 too) connects as a client (torch/distributed/rendezvous.py
    # _torchelastic_use_agent_store).
    agent_store: bool
    store_prefix: str  # keys of one run, apart from a reused agent store's other keys


def _int(env: Mapping[str, str], name: str) -> int:
    raw = env[name]
    try:
        return int(raw)
    except ValueError:
        raise NcclkitError(f"{name}={raw!r} is not an integer",
                           hint=f"export {name} as a whole number, as the launcher does") from None


def read_cluster_env(env: Mapping[str, str] | None = None) -> ClusterEnv:
    """ClusterEnv from `env` (default os.environ); NcclkitError naming what is missing."""
    env = os.environ if env is None else env
    for rank_var, size_var, launcher in _RANK_SOURCES:
        if rank_var in env and size_var in env:
            break
    else:
        raise NcclkitError(
            "no rank found: none of RANK/WORLD_SIZE, SLURM_PROCID/SLURM_NTASKS, "
            "OMPI_COMM_WORLD_RANK/OMPI_COMM_WORLD_SIZE is set",
            hint="start one process per node with torchrun --nnodes N --nproc-per-node 1 -m ncclkit "
                 "cluster, srun, mpirun, or export RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT")
    rank, world_size = _int(env, rank_var), _int(env, size_var)
    if world_size < 1 or not 0 <= rank < world_size:
        raise NcclkitError(f"{rank_var}={rank} is outside 0..{size_var}-1 ({size_var}={world_size})",
                           hint="give each node a distinct rank below the world size")
    master_addr = env.get("MASTER_ADDR", "").strip()
    if not master_addr:
        raise NcclkitError("MASTER_ADDR is not set",
                           hint="export MASTER_ADDR=<address of the rank 0 node> on every node")
    master_port = _int(env, "MASTER_PORT") if env.get("MASTER_PORT") else DEFAULT_MASTER_PORT
    if not 0 < master_port < 65535:
        raise NcclkitError(f"MASTER_PORT={master_port} is not a TCP port",
                           hint="export MASTER_PORT as a free port in 1..65534")
    agent_store = env.get("TORCHELASTIC_USE_AGENT_STORE") == "True"
    if agent_store:
        launcher = "torchrun"
    run_id = env.get("TORCHELASTIC_RUN_ID", "")
    restart = env.get("TORCHELASTIC_RESTART_COUNT", "0")
    return ClusterEnv(rank=rank, world_size=world_size, master_addr=master_addr,
                      master_port=master_port, launcher=launcher, agent_store=agent_store,
                      store_prefix=f"ncclkit/cluster/{run_id}/{restart}/")
