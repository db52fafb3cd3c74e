"""Rows of the line classifier (patterns.py) for the launchers and schedulers beside Slurm, Kubernetes and Open MPI:
SkyPilot, dstack, Determined, OpenPBS, Flux, pyxis and enroot (tests/lines/schedulers2.py holds every line with
file:line@commit):

- SkyPilot (skypilot-org/skypilot v0.14.1, read from the wheel): its Slurm task runner resolves every node of
  SLURM_JOB_NODELIST and looks for its own address among them (the host names), its Kubernetes provisioner and
  its managed-jobs controller;
- Determined (determined-ai/determined c1e9c6d): the harness' DistributedContext and the master's task log;
- OpenPBS (openpbs/openpbs cd7ab5e): the scheduler's job comment, qsub, pbs_mom's limits and its cgroups hook,
  pbsdsh and pbs_tmrsh (the PBS task manager's launchers);
- Flux (flux-framework/flux-core 4a5e79f): job exceptions (job-exec's lost node, the Python schedulers'
  feasibility check) and flux run's option checks;
- pyxis (NVIDIA/pyxis 1075199) and the enroot hooks (NVIDIA/enroot 8ea147d) whose errors pyxis prints under a
  Slurm step.

A request the scheduler can never place, and a launcher run outside its job, are the launch (application_bug);
a memory limit the job went past is oom, a wall-time limit the scheduler stopping the job. Lines that report a
failure elsewhere name no cause. Read before the generic families: their words ("Killed", "system error", "node")
would send these lines elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
SCHEDULER_WORDS: tuple[bytes, ...] = (
    b"have sufficient", b"Can Never Run", b"violates queue", b"Cgroup mem", b"executing under PBS",
    b"not a node in job", b"unsatisfiable request", b"Command not found: ", b"enroot-aufs2ovlfs",
    b"container-image is not set")  # srun's "unrecognized option '--container-..." needs mpilaunch's word


def scheduler_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # Slurm's SPANK option lookup when the pyxis plugin is not loaded where the job runs ('SPANK plugin "pyxis"
        # option "container-image" not found', NVIDIA/pyxis#84), and enroot's start when the image has no such
        # shell ("enroot-switchroot: failed to execute: /bin/bash: No such file or directory", NVIDIA/pyxis#61):
        # the node's or the image's setup, not a network plugin.
        p(r"SPANK plugin \"?pyxis\"? option \"?[\w-]+\"? not found|enroot-switchroot: failed to execute: |srun: "
          r"unrecognized option '--container-",
          "container_start", E, "the job's container could not be started: Slurm on this node does not load pyxis, "
          "or the image lacks the program enroot starts", "add pyxis to plugstack.conf on every node (`srun "
          "--help | grep container-image`), or give the image the shell or entrypoint the job runs", C.OTHER),
        # -- lines that state no cause of their own ------------------------------------------------------------
        # determined master/internal/task/allocation.go:820: "daemon killed: %s" is logged only when the master
        # killed the remaining daemon containers gracefully after the chief exited ("Avoid erroring out if we
        # have killed our daemons gracefully"): their 137 is that kill, not the OOM killer.
        p(r"daemon killed: resources failed with", "noise", I,
          "Determined stopped the job's remaining daemon containers after the chief exited (their exit code 137 is "
          "that stop, not the OOM killer)", "nothing to fix: read the chief's own exit", None, "noise"),
        # openpbs src/cmds/pbsdsh.c:548 "%s: spawn failed on node %d err %s", pbs_tmrsh.c:311 "%s: tm_spawn: host
        # \"%s\" err %s": tm_spawn's error name (get_ecname: "system error - MOM cannot be contacted") says only that
        # the node's pbs_mom did not start the task; the MOM's own log says why.
        p(r"pbsdsh: spawn failed on node \d+ err|pbs_tmrsh: tm_spawn: host \"[^\"]+\" err", "launcher_host_failed", E,
          "PBS' task manager could not start the command on a node of the job: that node's pbs_mom did not "
          "answer or refused", "check the node (`pbsnodes <node>`) and its MOM's log (/var/spool/pbs/mom_logs on "
          "that node); restart pbs_mom there or leave the node out", None, "collateral"),
        # -- SkyPilot ----------------------------------------------------------------------------------------------
        # sky/skylet/executor/slurm.py:91 "Failed to get IP for hostname: %s" (socket.gethostbyname of every node of
        # SLURM_JOB_NODELIST raised gaierror), :211 "IP address %s not found in cluster IPs: %s" (the node's own
        # gethostbyname(gethostname()) is not one of those addresses: a name that resolves to 127.0.1.1 or to
        # another interface's address).
        p(r"Failed to get IP for hostname: \S+|IP address \S+ not found in cluster IPs", "name_resolution", E,
          "SkyPilot's Slurm runner could not match the job's nodes to addresses: a node's name does not resolve, "
          "or a node's own name resolves to another address (127.0.1.1 in /etc/hosts) than the others see",
          "make every node of the job resolve every node's hostname to the address the nodes reach each other by "
          "(`getent hosts $(hostname)` on each node; no 127.0.1.1 line for the hostname in /etc/hosts)",
          C.HOSTNAME_RESOLUTION),
        # sky/jobs/controller.py:1365: FAILED_DRIVER, whose comment says the job's driver on the cluster died "most
        # commonly because the user workload ran the node out of memory (e.g. a Ray OutOfMemoryError)".
        p(r"The job driver on the remote cluster failed\. This can be caused by the job taking too much memory",
          "oom", E, "the job's driver process on the cluster died: most often the workload ran the node out of "
          "host memory", "read `sky jobs logs --controller <id>` and the node's `dmesg | grep -i oom`; ask for more "
          "memory (`--memory`, a larger instance) or lower the job's host memory use (data loader workers)",
          C.OOM, "likely", (C.OTHER,)),
        # -- a request the scheduler can never place -------------------------------------------------------------
        # SkyPilot sky/provision/kubernetes/instance.py:836 "Insufficient resource capacity on the cluster:" then
        # "└── Cluster does not have sufficient GPUs for your request" (the pods stay pending: no node has them).
        # OpenPBS: the scheduler's job comment "Can Never Run: %s" (job_info.cpp; "Insufficient amount of
        # resource: ngpus (R: 16 A: 8 T: 8)": more than the whole complex has), qsub.c:2967 printing
        # pbs_messages.c msg_excqresc "Job violates queue and/or server resource limits".
        # Flux: Rv1Pool.py / TreePool.py "unsatisfiable request: need %d node(s) with ..." (the job is denied:
        # no set of nodes can ever hold it), cli/base.py:833 "--gpus-per-node requires --nodes".
        p(r"Cluster does not have sufficient [\w ]{1,30} for your request|Insufficient resource capacity on the "
          r"cluster|Can Never Run: |qsub: Job violates queue and/or server resource limits|unsatisfiable request: "
          r"need \d+|--gpus-per-node requires --nodes",
          "launch_config", E, "the job asks for more than the cluster or its queue can ever give (GPUs, nodes, "
          "GPUs per node), or for a combination the scheduler refuses", "ask for what the nodes have: GPUs per node "
          "no more than a node holds and nodes no more than the queue allows (`pbsnodes -a`, `qmgr -c 'p q "
          "<queue>'`, `flux resource list`, `sky gpus list --infra kubernetes`); with Flux's --gpus-per-node give "
          "--nodes", C.APPLICATION_BUG),
        # OpenPBS pbsdsh.c:430 and pbs_tmrsh.c:259 "%s: not executing under PBS" (no PBS_ENVIRONMENT: run outside a
        # job), pbs_tmrsh.c:298 "%s: host \"%s\" is not a node in job <%s>" (mpirun sent a rank to a host that is
        # not in PBS_NODEFILE).
        p(r"(?:pbsdsh|pbs_tmrsh): not executing under PBS|pbs_tmrsh: host \"[^\"]+\" is not a node in job",
          "launch_config", E, "PBS' launcher was run outside its job, or asked to start a rank on a host the job "
          "does not hold", "run the launch inside the job's script (qsub, or `qsub -I` interactively) and take the "
          "hosts from $PBS_NODEFILE (mpirun's -hostfile $PBS_NODEFILE, not a host list of your own)",
          C.APPLICATION_BUG),
        # -- Determined -----------------------------------------------------------------------------------------
        # harness/determined/core/_distributed.py:77: DistributedContext built for several nodes (local_size !=
        # size) without the chief's address, which Determined's launch layers pass.
        p(r"but chief_ip was none provided", "framework_usage", E,
          "Determined's DistributedContext spans several nodes but was given no chief_ip (the address of rank 0's "
          "node)", "start the trial through Determined's launcher (determined.launch.torch_distributed or "
          "deepspeed), or pass chief_ip when you build DistributedContext yourself", C.APPLICATION_BUG),
        # -- limits the scheduler enforces ------------------------------------------------------------------------
        # OpenPBS resmom/mom_main.c:5972/5987 "vmem|mem %lukb exceeded limit %lukb" (printed as "=>> PBS: job
        # killed: %s", mom_main.c:8831) and the cgroups hook (pbs_cgroups.PY:4991/4996/5024) "Cgroup memory limit
        # exceeded" / "Cgroup mem limit exceeded" / "Cgroup memsw limit exceeded", whose text is the kernel's kill.
        p(r"PBS: job killed: v?mem \d+kb exceeded limit|Cgroup mem(?:ory|sw)? limit exceeded", "oom", E,
          "the job went past the memory it asked PBS for and was killed", "ask for more memory (`qsub -l "
          "select=...:mem=<size>`) or lower the job's host memory use (data loader workers, pinned buffers)",
          C.OOM),
        # mom_main.c:6035/6018 "walltime|cput %lu exceeded limit %lu": the scheduler stopped the job at its limit.
        p(r"PBS: job killed: (?:walltime|cput) \d+ exceeded limit", "job_stopped", W,
          "PBS stopped the job at its time limit, not an error of the job", "ask for more time (`qsub -l "
          "walltime=HH:MM:SS`); if the job had hung until its limit, the hang's own lines above are the cause",
          C.OTHER, "collateral", (C.HANG_COLLECTIVE_MISMATCH,)),
        # Flux job-exec/bulkexec.c:240 "node failure on %s (rank %d)" (and :229 "... (shell rank %d)"): the broker
        # lost a node of the job; the job's ranks there are gone.
        p(r"node failure on \S+ \((?:shell )?rank \d+\)", "remote_exited", E,
          "Flux lost a node of the job (it crashed, rebooted or dropped off the network): the ranks on it are gone",
          "find why that node went down (`flux resource status`, its kernel log) and rerun without it",
          C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # -- pyxis and the enroot hooks ---------------------------------------------------------------------------
        # pyxis_slurmstepd.c:984 "pyxis: --container-mounts: source path does not exist: %s".
        p(r"pyxis: --container-mounts: source path does not exist", "container_start", E,
          "pyxis did not start the container: a path of --container-mounts does not exist on this node",
          "create the path on every node (or mount the filesystem there) or fix --container-mounts", C.OTHER),
        # pyxis_slurmstepd.c:1144/1149/1156 "container start error: %s", "container start failed with error code:
        # %d", "container exited too soon": enroot's start failed; the enroot log pyxis prints after it says why.
        p(r"pyxis: (?:container start (?:failed with error code|error)|container exited too soon)", "container_start",
          E, "pyxis could not start the job's container (enroot's start failed)", "read the enroot log pyxis "
          "prints after this line (its hooks' [ERROR] lines)", C.OTHER, "collateral"),
        # enroot conf/hooks/99-mellanox.sh:84 "Unknown MELLANOX device id: %s": MELLANOX_VISIBLE_DEVICES names a
        # device the hook did not find under mlx?_core: the RDMA device is not there for the container.
        p(r"Unknown MELLANOX device id: \S+", "no_ib_device", W,
          "enroot's Mellanox hook did not find the RDMA device the job names (MELLANOX_VISIBLE_DEVICES): the "
          "container gets no InfiniBand device", "check `ibv_devinfo -l` on the node and set MELLANOX_VISIBLE_DEVICES "
          "to devices it lists (or all)", C.SOCKET_FALLBACK),
        # enroot conf/hooks/98-nvidia.sh:74 "Command not found: nvidia-container-cli": the hook cannot mount the
        # driver and GPUs into the container.
        p(r"Command not found: nvidia-container-cli", "gpu_missing", E,
          "enroot's NVIDIA hook found no nvidia-container-cli on the node: the container cannot get the GPUs",
          "install libnvidia-container's tools (nvidia-container-cli) on every node", C.CUDA_OR_DRIVER),
        # enroot's install on the node, from its source (NVIDIA/enroot 8ea147d): src/common.sh:226 common::checkcmd
        # "Command not found: %s" (squashfuse, fuse-overlayfs and the rest it runs), the helpers it calls missing
        # ("enroot-aufs2ovlfs: command not found"), and bin/enroot-aufs2ovlfs.c:59/:128 "failed to set
        # capabilities" / "failed to create ovlfs whiteout" (the enroot+caps package gives it CAP_SYS_ADMIN and
        # CAP_MKNOD; awslabs/awsome-distributed-ai#660, NVIDIA/enroot#69, #141). pyxis_slurmstepd.c:1670@1075199
        # "pyxis: seccomp filter failed": the node's kernel has no seccomp filter (NVIDIA/pyxis#42).
        p(r"\[ERROR\] Command not found: (?!nvidia-container-cli)\S+|enroot-\w+: command not found|enroot-aufs2ovlfs: "
          r"failed to (?:set capabilities|create ovlfs whiteout)|pyxis: seccomp filter failed", "container_start", E,
          "enroot on this node cannot build or start the container: a tool it needs is not installed, it lacks the "
          "capabilities its helpers need, or the kernel lacks a feature pyxis uses",
          "install enroot with its dependencies and the enroot+caps package on every node (squashfuse, "
          "fuse-overlayfs; `enroot check` lists what is missing), and a kernel with seccomp", C.OTHER),
        # libnvidia-container's ldcache step (nvidia-container-cli runs the image's ldconfig to register the driver's
        # libraries) failed under pyxis/enroot: a container inside a container, or an image whose ldconfig cannot
        # run there (SlinkyProject/containers#2).
        p(r"nvidia-container-cli: ldcache error", "container_start", E,
          "the container toolkit could not update the image's library cache while giving it the GPUs (its ldconfig "
          "run failed)", "check the image's ldconfig runs (`ldconfig -p` inside it) and that the job does not nest "
          "containers; set `ldconfig = \"@/sbin/ldconfig\"` in /etc/nvidia-container-runtime/config.toml to the "
          "host's", C.OTHER),
        # pyxis_slurmstepd.c:1339@1075199: --container-name names a container this node does not have and no image
        # was given to create it (NVIDIA/pyxis#172: a name from another node or job).
        p(r"pyxis: error: a container with name \"[^\"]*\" does not exist, and --container-image is not set",
          "container_start", E, "pyxis was asked for a named container that does not exist on this node, with no "
          "image to create it from", "pass --container-image with --container-name (named containers live on the "
          "node that made them, for the job's lifetime)", C.APPLICATION_BUG),
    )
