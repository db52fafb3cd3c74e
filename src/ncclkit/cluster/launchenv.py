"""The cluster command's place in the job: the launcher's variables (ncclkit.launchenv) plus the
store key prefix that keeps one run's keys apart in a reused torchrun agent store.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from ncclkit.errors import NcclkitError
from ncclkit.launchenv import DEFAULT_MASTER_PORT, read_launch_env

__all__ = ["DEFAULT_MASTER_PORT", "ClusterEnv", "read_cluster_env"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ClusterEnv:
    """Where this process stands in the job."""

    rank: int
    world_size: int
    master_addr: str
    master_port: int
    launcher: str  # "torchrun", "slurm" or "mpirun"
    # torchrun's agent on node 0 already hosts the store at MASTER_ADDR:MASTER_PORT, so every
    # worker (rank 0 too) connects as a client (torch/distributed/rendezvous.py
    # _torchelastic_use_agent_store).
    agent_store: bool
    store_prefix: str  # keys of one run, apart from a reused agent store's other keys


def read_cluster_env(env: Mapping[str, str] | None = None) -> ClusterEnv:
    """ClusterEnv from `env` (default os.environ); NcclkitError naming what is missing."""
    env = os.environ if env is None else env
    launch = read_launch_env(env)
    if launch is None:
        raise NcclkitError(
            "no rank found: none of RANK/WORLD_SIZE, SLURM_PROCID/SLURM_NTASKS, "
            "OMPI_COMM_WORLD_RANK/OMPI_COMM_WORLD_SIZE is set",
            hint="start one process per node with torchrun --nnodes N --nproc-per-node 1 -m ncclkit "
                 "cluster, srun, mpirun, or export RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT")
    run_id = env.get("TORCHELASTIC_RUN_ID", "")
    restart = env.get("TORCHELASTIC_RESTART_COUNT", "0")
    return ClusterEnv(rank=launch.rank, world_size=launch.world_size, master_addr=launch.master_addr,
                      master_port=launch.master_port, launcher=launch.launcher,
                      agent_store=launch.agent_store, store_prefix=f"ncclkit/cluster/{run_id}/{restart}/")
