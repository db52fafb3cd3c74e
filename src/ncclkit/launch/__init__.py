"""`ncclkit launch`: write what users run on each node (torchrun, Slurm, Kubeflow, mpirun), with
each node's recommended NCCL environment and the debug settings of a first verification run."""

from __future__ import annotations

from collections.abc import Callable

from ncclkit.errors import NcclkitError
from ncclkit.launch.hosts import HostList, expand_nodelist, parse_hostfile, validate_host
from ncclkit.launch.k8s import render_k8s
from ncclkit.launch.nodeenv import DEBUG_ENV, NodeEnv, env_from_json, env_from_root
from ncclkit.launch.preflight import check_hosts, check_master_port
from ncclkit.launch.shell import render_mpirun, render_slurm, render_torchrun
from ncclkit.launch.spec import LaunchFile, LaunchSpec, split_env, validate_job_name

__all__ = ["DEBUG_ENV", "FORMATS", "HostList", "LaunchFile", "LaunchSpec", "NodeEnv",
           "check_hosts", "check_master_port", "env_from_json", "env_from_root",
           "expand_nodelist", "parse_hostfile", "render", "split_env", "validate_host",
           "validate_job_name"]

FORMATS: dict[str, Callable[[LaunchSpec], list[LaunchFile]]] = {
    "torchrun": render_torchrun,
    "slurm": render_slurm,
    "k8s": render_k8s,
    "mpirun": render_mpirun,
}


def render(spec: LaunchSpec, fmt: str) -> list[LaunchFile]:
    if fmt in ("torchrun", "mpirun") and (not spec.hosts or spec.master_addr is None):
        raise NcclkitError(f"--format {fmt} needs the node names",
                           hint="pass --hosts h1,h2 or --hostfile FILE")
    return FORMATS[fmt](spec)
