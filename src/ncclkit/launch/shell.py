"""Shell launch files: per-node torchrun scripts, a Slurm sbatch script (srun + torchrun), mpirun.

Every value that comes from the user or from a node (hosts, env values, command arguments) goes
through shlex.quote; the only unquoted expansions are the variables the scripts set themselves
or that Slurm sets ($SLURM_*). The Slurm per-node part runs as `srun bash -c SCRIPT`, where SCRIPT
is built from quoted pieces and then quoted as a whole, so nesting cannot break the quoting.
"""

from __future__ import annotations

from shlex import quote

from ncclkit.launch.spec import LaunchFile, LaunchSpec

__all__ = ["render_mpirun", "render_slurm", "render_torchrun", "torchrun_args"]

_VERIFY_NOTE = ("# NCCL_DEBUG* below are for the first run: check the transports in its log "
                "(ncclkit analyze LOG), then remove them.")


def _exports(env: dict[str, str]) -> list[str]:
    return [f"export {name}={quote(value)}" for name, value in sorted(env.items())]


def _command(spec: LaunchSpec) -> list[str]:
    # torchrun runs a *.py script with its own python; anything else (python -m, a binary) needs
    # --no-python, or torchrun would try to run the program name as a python file.
    if spec.command[0].endswith(".py"):
        return list(spec.command)
    return ["--no-python", *spec.command]


def torchrun_args(spec: LaunchSpec, *, nnodes: str, endpoint: str, rdzv_id: str,
                  is_host: str) -> str:
    """The torchrun command line; nnodes/endpoint/rdzv_id/is_host are shell words (may expand)."""
    fixed = [f"--nproc-per-node={spec.nproc_per_node}", "--rdzv-backend=c10d", "--max-restarts=0"]
    # join_timeout bounds how long the first node waits for the others (torchrun's default 600 s).
    conf = f"--rdzv-conf=join_timeout={spec.join_timeout_s},is_host={is_host}"
    return " ".join(["torchrun", f"--nnodes={nnodes}", *map(quote, fixed),
                     f"--rdzv-endpoint={endpoint}", f"--rdzv-id={rdzv_id}", conf,
                     *map(quote, _command(spec))])


def render_torchrun(spec: LaunchSpec) -> list[LaunchFile]:
    files = []
    assert spec.master_endpoint is not None
    for rank, host in enumerate(spec.hosts):
        lines = ["#!/bin/bash",
                 f"# ncclkit launch (torchrun): node {rank} of {spec.num_nodes}; run this on "
                 f"{host}. Master (c10d store): {spec.master_endpoint}.",
                 _VERIFY_NOTE if spec.debug_env else "", "set -euo pipefail",
                 *_exports({**spec.common_env, **spec.env_for(host), **spec.debug_env}),
                 "exec " + torchrun_args(spec, nnodes=str(spec.num_nodes),
                                         endpoint=quote(spec.master_endpoint),
                                         rdzv_id=quote(spec.job_name),
                                         is_host="1" if rank == 0 else "0")]
        files.append(LaunchFile(name=f"node{rank}-{host}.sh", host=host,
                                text="\n".join(line for line in lines if line) + "\n"))
    return files


def _node_case(spec: LaunchSpec) -> list[str]:
    if not spec.nodes_differ:
        return []
    lines = ['case "${SLURMD_NODENAME:-$(hostname -s)}" in']
    for host in spec.hosts:
        exports = "; ".join(_exports(spec.env_for(host))) or ":"
        lines.append(f"  {quote(host)}) {exports} ;;")
    lines.append("esac")
    return lines


def render_slurm(spec: LaunchSpec) -> list[LaunchFile]:
    directives = [f"#SBATCH --job-name={spec.job_name}", f"#SBATCH --nodes={spec.num_nodes}",
                  "#SBATCH --ntasks-per-node=1", f"#SBATCH --gpus-per-node={spec.nproc_per_node}",
                  "#SBATCH --exclusive"]
    if spec.hosts:
        directives.append(f"#SBATCH --nodelist={','.join(spec.hosts)}")
    if spec.master_addr is not None:
        master = [f"MASTER_ADDR={quote(spec.master_addr)}"]
        endpoint = quote(spec.master_endpoint or "")
    else:
        # awk, not head: head would close the pipe early and fail the script under pipefail.
        master = ['MASTER_ADDR="$(scontrol show hostnames "$SLURM_JOB_NODELIST" | awk \'NR==1\')"']
        endpoint = '"$MASTER_ADDR:$MASTER_PORT"'
    inner = ["set -euo pipefail", *_node_case(spec),
             'if [ "$SLURM_NODEID" = 0 ]; then IS_HOST=1; else IS_HOST=0; fi',
             "exec " + torchrun_args(spec, nnodes='"$SLURM_NNODES"', endpoint=endpoint,
                                     rdzv_id='"$SLURM_JOB_ID"', is_host='"$IS_HOST"')]
    lines = ["#!/bin/bash", *directives,
             "# ncclkit launch (Slurm): one srun task per node starts torchrun there.",
             _VERIFY_NOTE if spec.debug_env else "", "set -euo pipefail",
             *_exports({**spec.common_env, **spec.debug_env}), *master,
             f"MASTER_PORT={spec.master_port}", "export MASTER_ADDR MASTER_PORT",
             "srun --kill-on-bad-exit=1 --ntasks-per-node=1 bash -c " + quote("\n".join(inner))]
    return [LaunchFile(name=f"{spec.job_name}.sbatch",
                       text="\n".join(line for line in lines if line) + "\n")]


def render_mpirun(spec: LaunchSpec) -> list[LaunchFile]:
    assert spec.master_addr is not None
    env = {**spec.common_env, **spec.debug_env, "MASTER_ADDR": spec.master_addr,
           "MASTER_PORT": str(spec.master_port)}
    head = ["mpirun", "--bind-to", "none", "--tag-output"]
    for name, value in sorted(env.items()):
        head += ["-x", f"{name}={value}"]
    cmd = " ".join(map(quote, spec.command))
    n = spec.nproc_per_node
    if spec.nodes_differ:
        # One app context per node, so each gets its own variables through env(1).
        contexts = []
        for host in spec.hosts:
            per = " ".join(quote(f"{k}={v}") for k, v in sorted(spec.env_for(host).items()))
            contexts.append(f"--np {n} --host {quote(f'{host}:{n}')} "
                            + (f"env {per} " if per else "") + cmd)
        body = " \\\n  : ".join(contexts)
    else:
        hosts = ",".join(f"{h}:{n}" for h in spec.hosts)
        body = f"--np {spec.world_size} --host {quote(hosts)} --map-by ppr:{n}:node {cmd}"
    lines = ["#!/bin/bash",
             f"# ncclkit launch (mpirun): {spec.world_size} ranks, {n} per node. Each process is "
             "one rank: the program reads OMPI_COMM_WORLD_RANK/SIZE/LOCAL_RANK (or maps them to "
             "RANK/WORLD_SIZE/LOCAL_RANK).",
             _VERIFY_NOTE if spec.debug_env else "", "set -euo pipefail",
             "exec " + " ".join(map(quote, head)) + " \\\n  " + body]
    return [LaunchFile(name=f"{spec.job_name}-mpirun.sh",
                       text="\n".join(line for line in lines if line) + "\n")]
