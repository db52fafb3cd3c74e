"""ncclkit.launchenv: the one reader of launcher variables shared by bench, cluster and train."""

from __future__ import annotations

import pytest

from ncclkit.errors import NcclkitError
from ncclkit.launchenv import read_launch_env


def test_no_launcher_is_none() -> None:
    assert read_launch_env({"PATH": "/bin"}) is None


def test_mpirun_inside_a_slurm_allocation_is_mpirun() -> None:
    # mpirun in an sbatch script inherits the batch step's SLURM_PROCID=0 for every process.
    env = {"SLURM_PROCID": "0", "SLURM_NTASKS": "1", "OMPI_COMM_WORLD_RANK": "3",
           "OMPI_COMM_WORLD_SIZE": "4", "OMPI_COMM_WORLD_LOCAL_RANK": "1", "MASTER_ADDR": "n0"}
    got = read_launch_env(env)
    assert got is not None
    assert (got.launcher, got.rank, got.world_size, got.local_rank) == ("mpirun", 3, 4, 1)


def test_slurm_node_list_stands_in_for_master_addr() -> None:
    got = read_launch_env({"SLURM_PROCID": "1", "SLURM_NTASKS": "2", "SLURM_JOB_NODELIST": "gpu[07-08]"})
    assert got is not None and (got.master_addr, got.master_port) == ("gpu07", 29500)


def test_torchrun_agent_store_is_seen() -> None:
    got = read_launch_env({"RANK": "0", "WORLD_SIZE": "2", "MASTER_ADDR": "a",
                           "TORCHELASTIC_USE_AGENT_STORE": "True"})
    assert got is not None and got.agent_store and got.launcher == "torchrun"


@pytest.mark.parametrize("env, match", [
    ({"RANK": "1", "WORLD_SIZE": "0", "MASTER_ADDR": "a"}, "outside"),
    ({"OMPI_COMM_WORLD_RANK": "0", "OMPI_COMM_WORLD_SIZE": "2"}, "MASTER_ADDR is not set"),
    ({"RANK": "0", "WORLD_SIZE": "2", "MASTER_ADDR": "a", "MASTER_PORT": "0"}, "not a TCP port"),
    ({"RANK": "0", "WORLD_SIZE": "2", "MASTER_ADDR": "a", "LOCAL_RANK": "x"}, "LOCAL_RANK='x'"),
])
def test_mistakes_name_the_variable(env: dict[str, str], match: str) -> None:
    with pytest.raises(NcclkitError, match=match):
        read_launch_env(env)


# One Slurm node-list parser (launchenv.slurm_hosts) for MASTER_ADDR and for `ncclkit launch`.
@pytest.mark.parametrize(("nodelist", "first"), [("gpu[01-02]-ib", "gpu01-ib"), ("a[1-2]b[3-4]", "a1b3"),
                                                 ("gpu[07-09,12],cpu1", "gpu07"), ("node5,node6", "node5")])
def test_first_slurm_host_expands_like_launch(nodelist, first):
    from ncclkit.launch import expand_nodelist
    from ncclkit.launchenv import first_slurm_host

    assert first_slurm_host(nodelist) == first == expand_nodelist(nodelist).hosts[0]
