"""What a launch needs, validated once: nodes, processes per node, master, command, env per node."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ncclkit.errors import NcclkitError
from ncclkit.launch.hosts import endpoint

__all__ = ["LaunchFile", "LaunchSpec", "split_env", "validate_job_name"]

_JOB_NAME = re.compile(r"^[a-z0-9]([a-z0-9-]{0,51}[a-z0-9])?$")


def validate_job_name(name: str) -> str:
    """A Kubernetes object name (RFC 1123 label), which is also safe as a Slurm job name."""
    if not _JOB_NAME.match(name):
        raise NcclkitError(f"--name {name!r} is not a valid job name",
                           hint="lower-case letters, digits and '-', at most 53 characters")
    return name


@dataclass(frozen=True, slots=True, kw_only=True)
class LaunchFile:
    name: str
    text: str
    host: str | None = None  # the node to run it on, for per-node files
    executable: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class LaunchSpec:
    hosts: tuple[str, ...]
    """The nodes in rank order; empty when the scheduler decides (Slurm without a list, k8s)."""
    num_nodes: int
    nproc_per_node: int
    master_addr: str | None
    """None: the first node of the allocation, found at run time (Slurm)."""
    master_port: int
    command: tuple[str, ...]
    node_env: dict[str, dict[str, str]] = field(default_factory=dict)
    """host -> the full environment recommended for that node (missing host: common_env only)."""
    common_env: dict[str, str] = field(default_factory=dict)
    """Variables equal on every node (all of them when the nodes are not known one by one)."""
    debug_env: dict[str, str] = field(default_factory=dict)
    join_timeout_s: int = 300
    job_name: str = "ncclkit-job"
    image: str | None = None

    def __post_init__(self) -> None:
        if not self.command:
            raise NcclkitError("no command to launch",
                               hint="put it after `--`: ncclkit launch ... -- python train.py")
        if self.command[0].startswith("-"):
            raise NcclkitError(f"the command starts with an option ({self.command[0]!r})",
                               hint="start it with the program or script: -- python -m pkg ...")
        if not 1 <= self.master_port <= 65535:
            raise NcclkitError(f"--master-port {self.master_port}", hint="a TCP port, 1-65535")
        if not 1 <= self.nproc_per_node <= 1024 or not 1 <= self.num_nodes <= 4096:
            raise NcclkitError(f"{self.num_nodes} nodes x {self.nproc_per_node} processes",
                               hint="--nproc-per-node is the number of GPUs of a node (1-1024)")
        if self.join_timeout_s < 1:
            raise NcclkitError(f"--timeout {self.join_timeout_s}", hint="positive seconds")
        if "\x00" in "".join(self.command):
            raise NcclkitError("the command contains a NUL byte", hint="remove it")

    @property
    def world_size(self) -> int:
        return self.num_nodes * self.nproc_per_node

    @property
    def master_endpoint(self) -> str | None:
        return None if self.master_addr is None else endpoint(self.master_addr, self.master_port)

    def env_for(self, host: str | None) -> dict[str, str]:
        """Variables specific to `host` (those not in common_env)."""
        if host is None:
            return {}
        full = self.node_env.get(host, {})
        return {k: v for k, v in full.items() if self.common_env.get(k) != v}

    @property
    def nodes_differ(self) -> bool:
        return any(self.env_for(h) for h in self.hosts)


def split_env(per_host: dict[str, dict[str, str]]) -> dict[str, str]:
    """The variables every host has with the same value."""
    envs = list(per_host.values())
    if not envs:
        return {}
    first = envs[0]
    return {k: v for k, v in first.items() if all(e.get(k) == v for e in envs[1:])}
