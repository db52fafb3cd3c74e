"""Rows of the line classifier (patterns.py) for Slurm itself: srun, sbatch, salloc, slurmstepd, slurmd and
slurmctld, and what sacct and scontrol show of a job that failed (tests/lines/slurm_full.py holds every line with
file:line@commit).

Each row reads Slurm's own text (SchedMD/slurm 284c3b9; munge's error strings from dun/munge 9317fe8), its cause
decided from the code around the line: options, bindings and step requests the allocation cannot hold are the launch
(application_bug); a node name slurm_conf_get_addr() cannot resolve is hostname_resolution; the connections PMIx,
PMI2 and slurmstepd's I/O open between the nodes and srun are ports the nodes cannot reach; jobacct_gather's RSS
kill is oom, its virtual-size kill a limit (memlock_or_ulimit); a node the job lost is the peer lost; a failed
prolog and munge's refusals are the cluster's (other). The lines that state no cause (srun's waits and aborts)
come first. cluster.py reads the ~15 Slurm lines it held before (TASK FAILURE, Node failure, OOM Killed, gres).

Read before the generic families: their words ("abort" in srun's step abort, "timeout" in its launch wait, "being
killed" in the memory enforcement) would send these lines elsewhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
SLURM_WORDS: tuple[bytes, ...] = (
    b"OUT_OF_ME", b"exceeded its time limit", b"Prolog hung", b"can't honor --", b"mutually exclusive with --",
    b"_step_signal", b"resolve_ctls_from_dns_srv", b"s_p_parse_file", b"layout tasks", b"Requested nodes are busy",
    b"SLURM_MEM_PER_NODE are", b"setting nnodes to", b"slurm_receive_msgs", b"step completely launched",
    b"plugin name for switch/", b"First task exited", b"pmixp_coll",
    b"PrologSlurmctld", b"has been revoked", b"authentication key", b"auth_p_init", b"MESSAGE_TASK_EXIT",
    b"Plugin stack initialization", b"task/cgroup", b"cgroup.procs", b"unable to add pids", b"srun: interrupt",
    b"exceeded memory limit", b"account/partition", b"determine this slurmd",
    b"unexpected contrib", b"involved in this collective", b"Unable to confirm allocation")

_BIND_FIX = ("ask for what the allocation holds: one of --gpus-per-task or --ntasks-per-gpu, a --gpu-bind/--cpu-bind "
             "Slurm accepts (`srun --gpu-bind=help`), GPU and CPU maps inside the node's allocated devices, and "
             "--ntasks-per-node x --nodes equal to --ntasks")
_STEP_FIX = ("make the step ask no more than the job was given (`scontrol show job <id>`: TRES, gres/gpu per node, "
             "memory per node): fewer tasks or GPUs per step, `--mem=0` or a smaller --mem-per-cpu, or request that "
             "much in sbatch/salloc; a request no node has needs the partition's real node shape (`sinfo -o %G`)")


def slurm_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # slurmctld's PrologSlurmctld failing revokes the allocation before any task runs ("srun: PrologSlurmctld
        # failed, job killed", "Job allocation N has been revoked"): on cloud partitions the nodes could not be created
        # (quota, capacity, a placement group, the service account's roles; cluster-toolkit's Slurm troubleshooting).
        p(r"PrologSlurmctld failed, job killed|Job allocation \d+ has been revoked", "job_stopped", E,
          "Slurm revoked the allocation before the job ran: the controller's prolog failed (on a cloud partition, "
          "the nodes could not be created: quota, capacity, placement, permissions)", "read the controller's "
          "slurmctld.log and, on cloud partitions, resume.log; check the project's quota and capacity, the placement "
          "policy and the service account's roles", C.OTHER),
        # slurm_auth_init: "auth/slurm: auth_p_init: failed to initialize authentication plugin" after "Could not open
        # node authentication key /etc/slurm/slurm.key": the node lacks Slurm's shared key (or munge's); a
        # daemon's authentication, no network plugin of NCCL's.
        p(r"auth_p_init: failed to initialize authentication plugin|Could not open node authentication key",
          "launch_config", E, "Slurm cannot authenticate on this node: its authentication key (auth/slurm's "
          "slurm.key, or munge's munge.key) is missing or unreadable", "copy the cluster's key to this node with the right owner and mode "
          "(slurm.key 0600 owned by SlurmUser; munge.key for auth/munge) and restart the daemon", C.OTHER),
        # srun loading Slurm's switch plugin for Slingshot and failing on a library ("Couldn't load specified plugin
        # name for switch/hpe_slingshot: Dlopen of plugin file failed", libjson-c missing): srun runs inside a
        # container's environment (CSCS: --environment given to sbatch instead of srun), not a network plugin.
        p(r"Couldn't load specified plugin name for switch/", "launch_config", E,
          "srun could not load Slurm's switch plugin: it runs where the host's Slurm libraries are missing (inside "
          "a container's environment)", "run srun on the host and give the container to srun (CSCS: `srun "
          "--environment=...`, not sbatch)", C.OTHER),
        # srun ending the whole step after one task failed (--kill-on-bad-exit, or the step's cancel): "srun:
        # launch/slurm: _step_signal: Terminating StepId=N.0"; the tasks it then kills print "tasks 3,7: Killed"
        # (SIGKILL from srun, not the OOM killer: facebookresearch/deit#102). The first task's own exit is the cause.
        p(r"_step_signal: Terminating StepId=", "remote_exited", E,
          "srun is terminating the whole job step because one of its tasks failed first: the tasks it kills then "
          "print 'Killed'", "read the first task that exited (`srun: error: <node>: task N: Exited with exit code`) "
          "and its own error", C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # srun's --wait (slurm.conf WaitTime): "srun: First task exited 30s ago", then it kills the step's other
        # tasks, and slurmstepd prints "CANCELLED AT ... DUE TO SIGNAL Killed": not a stop from outside
        # (NatLabRockies/torc#318: WaitTime=30 ended ranks that were still working after one returned).
        p(r"First task exited \d+s ago", "step_wait_time", W,
          "srun ended the step a set time after its first task exited (srun --wait, slurm.conf WaitTime): the tasks "
          "still running were killed by srun, not by an outside stop",
          "if ranks may finish at different times, run `srun --wait=0` (and --kill-on-bad-exit=0 if one rank may "
          "end early); if the first task failed, its own error above is the cause", C.OTHER, "root",
          (C.RANK_CRASHED_ELSEWHERE, C.APPLICATION_BUG)),
        # SchedMD/slurm src/plugins/mpi/pmix/pmixp_coll_ring.c, pmixp_coll_tree.c: slurmstepd's PMIx fence (the
        # address exchange of MPI_Init, seq=0 the first) timed out waiting for another node's stepd: its tasks never
        # started it or the stepds cannot reach each other. A launch step, not a collective of the program.
        p(r"pmixp_coll\w*: .*collective timeout seq=\d+", "pmix_fence", E,
          "Slurm's PMIx fence timed out at launch: another node's step daemon never joined it (its tasks did not "
          "start or died, or the nodes' slurmstepds cannot reach each other)",
          "read the other node's slurmd log and its tasks' output; check that the nodes reach each other on "
          "Slurm's PMIx ports (SLURM_PMIX_DIRECT_CONN=false to route through slurmd, firewalls, the interface "
          "PMIx picks)", C.RANK_CRASHED_ELSEWHERE, "root", (C.FIREWALL_OR_PORT_BLOCKED, C.WRONG_INTERFACE)),
        p(r"pmixp_coll\w*: .*(?:Dumping collective state|COLL_\w+ state seq=|my peerid|neighbor id)", "noise", I,
          "slurmstepd's dump of the PMIx fence that timed out", "read the fence timeout line", None, "noise"),
        # SchedMD/slurm src/slurmd/slurmd/req.c: a launch refused for "Job credential expired" (the credential's
        # lifetime passed before slurmd checked it: clocks that disagree, or a node that rebooted and came back
        # late; ai4d-iasc/trixie#58): the cluster's state, not the job's.
        p(r"Task launch for \S+ failed on node \S+: Job credential expired", "slurm_auth", E,
          "slurmd refused to start the tasks: the job's credential had expired (the nodes' clocks disagree, or the "
          "node came back from a reboot too late)", "sync the clocks (chrony/NTP) on the controller and the nodes, "
          "check the node with `scontrol show node <node>`, then resubmit", C.OTHER),
        # SchedMD/slurm src/srun/launch.c:1382@284c3b9: srun retries a step that cannot get CPUs or GPUs another
        # step of the same job holds. Since Slurm 20.11 steps do not share the job's resources by default, so an
        # inner srun (or the one Open MPI's mpirun runs for its daemons) waits for ever: llnl/smith#688 (fixed with
        # --overlap), open-mpi/ompi#8378 ("MPIRun Hangs after Slurm 20.11 Update").
        p(r"step creation (?:temporarily|still) disabled, retrying \(Requested nodes are busy\)", "launch_config", E,
          "srun is waiting to start a job step on resources another step of the same job holds (Slurm 20.11+ gives "
          "steps exclusive CPUs and GPUs): the job hangs at launch", "add --overlap to the inner srun (or export "
          "SLURM_OVERLAP=1; for mpirun under Slurm, before mpirun), or give that step fewer resources (--exact, "
          "--gpus-per-task)", C.APPLICATION_BUG, "likely", (C.OTHER,)),
        # srun/opt.c (_opt_verify): "Warning: can't run %d processes on %d nodes, setting nnodes to %d": fewer tasks
        # than nodes, so the step runs on fewer nodes than asked and a job that expects every node never gets them
        # (radical-cybertools/radical.pilot#2109); and SLURM_MEM_PER_CPU/GPU/NODE inherited from the job srun runs
        # in together with its own (mehta-lab/recOrder#482: submitting from inside a GPU job).
        p(r"can't run \d+ processes on \d+ nodes, setting nnodes to \d+|SLURM_MEM_PER_CPU, SLURM_MEM_PER_GPU, and "
          r"SLURM_MEM_PER_NODE are mutually exclusive", "launch_config", E,
          "srun changed or refused the step's layout: fewer tasks than nodes (it shrank the step to fewer nodes), "
          "or memory options inherited from the job it was started in", _STEP_FIX + "; set --ntasks to at least "
          "the node count, and submit from a login node (or unset SLURM_MEM_PER_*) rather than inside another job",
          C.APPLICATION_BUG),
        # src/common/forward.c / slurm_protocol_api.c slurm_receive_msgs: srun's RPC to slurmd (port 6818) timed out
        # before any task started: slurmd down or busy, munge keys or clocks that differ (mlr-org/batchtools#201: a
        # different munge.key), or port 6818 blocked. No collective exists yet.
        # The same refusal of srun's launch worded "Communication connection failure" (aws-parallelcluster#1122,
        # geopm#1020), and sbatch or srun timing out on slurmctld itself ("Batch job submission failed: Socket timed
        # out on send/recv operation", "Unable to confirm allocation for job N: Socket timed out": the controller
        # overloaded, submitit#1659, webknossos-libs#1360).
        # srun's and salloc's allocation request worded "Unable to allocate resources: Socket timed out", "Job
        # submit/allocate failed: Socket timed out" (AMDResearch/hpcfund#77: srun, sbatch and salloc all failing
        # until the cluster was fixed), and a launch refused with ENOTCONN ("Transport endpoint is not connected").
        p(r"slurm_receive_msgs: \[\[[^\]]+\]:\d+\] failed: Socket timed out|Task launch for \S+ failed on node "
          r"\S+: (?:Socket timed out|Communication connection failure|Transport endpoint is not connected)|"
          r"Application launch failed: Communication connection failure|(?:Batch job submission failed|Unable to "
          r"confirm allocation for job \S+|Unable to allocate resources|Job submit/allocate failed): Socket timed "
          r"out", "slurm_rpc", E,
          "srun or sbatch could not talk to a Slurm daemon before any task started (slurmd on that node, or "
          "slurmctld for a submission): the daemon down or overloaded, a different munge key or clock on the node, or "
          "its port (6818, 6817) blocked",
          "check the node with `scontrol ping` and `sinfo -R`, `munge -n | ssh <node> unmunge` (same key, same "
          "clock), slurmd's log on the node, and that port 6818 is open from the launching node", C.OTHER, "root",
          (C.FIREWALL_OR_PORT_BLOCKED,)),
        # src/api/step_launch.c: "StepId=%ps aborted before step completely launched." (a task launch failed or
        # srun was signalled): srun's own abort, not NCCL's communicator abort (StanfordLegion/gasnet#25).
        p(r"aborted before step completely launched", "worker_failed", E,
          "srun aborted the job step before every task had started: the launch failed on a node, or srun was "
          "signalled; the lines before it say which", "read srun's errors above this line and `sacct -j <id>`",
          None, "collateral"),
        # slurmstepd _send_exit_msg "Failed to send MESSAGE_TASK_EXIT: %m": the step daemon could not tell srun a
        # task ended because srun is gone (the step cancelled, preempted or requeued first: submitit#1613, #1708).
        # srun's "interrupt (one more within 1 sec to abort)" is a user's Ctrl-C (pmodels/mpich#6924).
        p(r"Failed to send MESSAGE_TASK_EXIT|srun: interrupt \(one more within 1 sec to abort\)", "job_stopped", W,
          "the step was stopped from outside: srun was interrupted (Ctrl-C), or had already gone when slurmstepd "
          "reported a task's exit (a cancel, preemption, requeue or time limit)", "read why the step stopped "
          "(`sacct -j <id> -o State,Reason`); the job's own error, if any, comes before it", C.OTHER, "collateral"),
        # Slurm's SPANK plugin stack (spank.c): "spank: required plugin spank_pyxis.so: init_post_opt() failed with
        # rc=-1", then "Plugin stack initialization failed": a node plugin (pyxis most often) failed the task's
        # set-up (NVIDIA/pyxis#4: /run not writable); the epilog's "spank-epilog: error: pyxis: mkdir: cannot create
        # directory" is the same plugin's directory (awslabs/awsome-distributed-ai#141).
        p(r"spank: required plugin \S+: \w+\(\) failed|Plugin stack initialization failed|spank-epilog: error: pyxis:.*"
          r"cannot create directory", "container_start", E,
          "a Slurm SPANK plugin of the node (pyxis/enroot for containers) failed to set up or clean up the task",
          "read the plugin's own error above it (pyxis: its runtime directory, enroot's data path and their "
          "permissions on the node)", C.OTHER),
        # slurm_errno.c ESLURM_UNSUPPORTED_GRES "Requested GRES option unsupported by configured SelectType plugin"
        # (a --mem-per-gpu or GRES request this cluster's select plugin does not take: submitit#1769); the account
        # and partition refusals (ESLURM_INVALID_ACCOUNT, ESLURM_INVALID_PARTITION_NAME; a site's job_submit
        # plugin's "without specifying a GPU32 Account"): ArjunaCluster/ArjunaUsers#47 and #225.
        p(r"Requested GRES option unsupported by configured SelectType plugin|Invalid account or account/partition "
          r"combination specified|invalid partition specified|Invalid partition name specified|submitted a job to a "
          r"\S+ partition, without specifying a \S+ Account", "launch_config", E,
          "Slurm refused the job's request: an option its plugins do not support, or an account or partition "
          "this user cannot submit to", "use the partition and account the cluster gives you (`sacctmgr show assoc "
          "user=$USER`, `sinfo -s`) and only the options its SelectType supports (--gres=gpu:N rather than "
          "--mem-per-gpu)", C.APPLICATION_BUG),
        # task/cgroup's CPU binding without hwloc ("hwloc_get_obj_below_by_type() failing", "unable to set taskset",
        # "plugin not compiled with hwloc support, skipping affinity"): the job runs, unbound (lyulyul/shine-cluster
        # #29, openhpc/ohpc#476). A cpuset cgroup refusing the job's pids with ENOSPC is the node's cgroup set-up
        # (an empty cpuset.cpus/mems), not /dev/shm: the job cannot start (Azure/cyclecloud-slurm#388). slurmstepd
        # rereading the node's hwloc topology cache ("xcpuinfo_hwloc_topo_load: failed (load will be required after
        # read failures)"): it loads the topology afresh and the job runs (NVIDIA/pyxis#29).
        p(r"task/cgroup: (?:hwloc_get_obj_below_by_type\(\) failing|task\[\d+\] unable to set taskset|plugin not "
          r"compiled with hwloc support)|xcpuinfo_hwloc_topo_load: failed \(load will be required", "noise", I,
          "Slurm's task/cgroup plugin could not bind the task's CPUs: the job runs without that binding",
          "nothing to fix for the job; build Slurm with hwloc or add task/affinity to TaskPlugin for the binding",
          None, "noise"),
        # Slurm-GCP's node set-up (setup.py) running the cluster's startup scripts under a 300 s limit: "setup.py
        # ERROR: TimeoutExpired:" (cluster-toolkit's slurm-troubleshooting.md): the node's own script, no collective.
        p(r"setup\.py ERROR: TimeoutExpired:", "node_prolog", E,
          "a Slurm-GCP node's startup script ran past the set-up's time limit (300 s), so the node did not come up",
          "make the startup scripts finish within the limit (move long installs into the image), then recreate the "
          "node", C.OTHER),
        p(r"write value '\d+' to '/sys/fs/cgroup/\S+/cgroup\.procs' failed: No space left on device|unable to add "
          r"pids to '/sys/fs/cgroup/", "node_prolog", E,
          "slurmstepd could not put the job's processes into its cgroup (the cpuset cgroup refused them): the "
          "node's cgroup set-up, so the job cannot start", "check the node's cgroup.conf and TaskPlugin (its "
          "cpuset.cpus/cpuset.mems), restart slurmd; task/affinity alone avoids it meanwhile", C.OTHER),
        # "slurmd: fatal: Unable to determine this slurmd's NodeName" (the node's hostname is in no NodeName of
        # slurm.conf); Slurm's PMIx plugin's fence seeing a contribution from a node it does not expect
        # ("pmixp_coll_ring_check: ... unexpected contrib from", "No process controlled by this slurmstepd is
        # involved in this collective": pmodels/mpich#7957, "That looks like Slurm issue").
        p(r"Unable to determine this slurmd's NodeName|pmixp_coll\w*: .*(?:unexpected contrib from|No process "
          r"controlled by this slurmstepd is involved in this collective)", "mpi_runtime", E,
          "Slurm's own set-up failed: slurmd does not know which node it is, or its PMIx plugin's fence mixed up "
          "the job's processes", "check slurm.conf's NodeName entries against the node's hostname; for the PMIx "
          "fence, try another --mpi plugin or the MPI's own launcher (mpiexec) to tell Slurm's part from the MPI's",
          C.OTHER),
        # -- lines that state no cause -----------------------------------------------------------------------------
        # SchedMD/slurm src/api/step_launch.c:743@284c3b9 step_launch_wait_for_finish after a task failed or srun was
        # signalled: "Job step aborted: Waiting up to %d seconds for job step to finish." (KillWait); :692 "timeout
        # waiting for task launch, started %d of %d tasks": slurmd on some node never answered the launch (the
        # node, its prolog or the network; the lines above it say which). Neither is NCCL's abort or a hung
        # collective.
        # step_launch.c's "Timed out waiting for job step to complete" follows that KillWait: srun gave up on a step
        # it had stopped whose tasks did not exit (aertslab/pySCENIC#456; a step CANCELLED DUE TO TIME LIMIT).
        p(r"srun: Job step aborted: Waiting up to \d+ seconds for job step to finish|timeout waiting for task launch, "
          r"started \d+ of \d+ tasks|srun: error: Timed out waiting for job step to complete", "worker_failed", E,
          "srun is ending the job step after a task failed, was signalled or a node did not start its tasks: the "
          "lines before it say why", "read the first error above this line (a task's own output, the node srun "
          "names, `sacct -j <id> -o JobID,State,ExitCode,NodeList`)", None, "collateral"),
        # -- options, bindings and step requests the allocation cannot hold ----------------------------------------
        # SchedMD/slurm src/common/slurm_opt.c:5264@284c3b9 (_validate_options: two options that ask the same thing
        # two ways), slurm_opt.c:1646 (arg_set_gpu_bind: a --gpu-bind type Slurm does not know), src/srun/opt.c:1308
        # (--ntasks-per-node that disagrees with -n and -N; srun ignores it), src/api/step_launch.c:1670 with
        # ESLURMD_CPU_BIND_ERROR, src/interfaces/gres.c:10493 (map_gpu/mask_gpu naming GPUs outside the step's) and
        # :10245 (--gpus-per-task binding more GPUs than the task has): the request does not fit the allocation.
        p(r"--[\w-]+ is mutually exclusive with --[\w-]+|Invalid --(?:gpu|cpu|mem)-bind argument|can't honor "
          r"--ntasks-per-node set to \d+ which doesn't match the requested tasks|failed on node \S+: Unable to "
          r"satisfy cpu bind request|Bind request gres/gpu:\S+ does not specify any devices within the allocation|"
          r"Not enough gres to bind \d+ per task", "launch_config", E,
          "Slurm refused or rewrote the job's task and GPU layout: options that contradict each other, a binding "
          "Slurm does not know, or a GPU/CPU binding outside the devices the task was allocated", _BIND_FIX,
          C.APPLICATION_BUG),
        # SchedMD/slurm src/srun/launch.c:1368@284c3b9 "Unable to create step for job %u: %m" with the errors
        # step_mgr refuses a step for (ESLURM_INSUFFICIENT_GRES, ESLURM_INVALID_TASK_MEMORY, ESLURM_BAD_TASK_COUNT,
        # ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE; srun retries only busy nodes; ESLURM_INVALID_TIME_LIMIT, "Requested
        # time limit is invalid (missing or exceeds some limit)": capreolus-ir/capreolus#172, srun's interactive
        # limit of 3 hours), and src/sbatch/sbatch.c:315 "Batch
        # job submission failed: %m": the step or job asks more than the allocation or any node has.
        p(r"(?:Unable to create step for job \d+|Batch job submission failed|Unable to allocate resources): "
          r"(?:Insufficient GRES available in allocation|Memory required by task is not available|More processors "
          r"requested than permitted|Requested node configuration is not available|(?:The )?[Rr]equested time limit "
          r"is invalid)", "launch_config", E,
          "Slurm cannot create the step (or the job): it asks for more GPUs, memory or CPUs than its allocation, "
          "a node shape the partition does not have, or more time than the partition (or srun) allows", _STEP_FIX,
          C.APPLICATION_BUG),
        # SchedMD/slurm src/srun/srun_job.c:746@284c3b9 (mpi_g_client_init: --mpi names a plugin this Slurm was not
        # built with), src/srun/allocate.c:731 (srun inside a shell whose SLURM_JOB_ID names a job that ended),
        # src/slurmd/slurmstepd/task.c:541 (execve of the command failed on the node: not on its PATH there).
        p(r"Invalid MPI type '[^']*', --mpi=list for acceptable types|Check SLURM_JOB_ID environment variable\. "
          r"Expired or invalid job|(?:slurmstepd: |^|\] )error: execve\(\): (?!\S*/slurm_script:)\S+: No such file or "
          r"directory",
          "launch_config",
          E, "srun was started with what the cluster or node does not have: an --mpi plugin Slurm was not built "
          "with, the id of a job that has ended, or a program that is not on the node's PATH",
          "run `srun --mpi=list` and pick one it lists (pmix for Open MPI built with PMIx); `unset SLURM_JOB_ID` "
          "(or start a new salloc) outside a live allocation; give the program's full path or activate its "
          "environment in the batch script so every node finds it", C.APPLICATION_BUG),
        # The batch script that slurmd itself copied into its spool (SlurmdSpoolDir/jobNNN/slurm_script) is gone on
        # the node: the node's spool, not the job (ArjunaCluster/ArjunaUsers#46: a reboot fixed it).
        p(r"slurmstepd: error: execve\(\): \S*/slurm_script: No such file or directory", "launch_config", E,
          "slurmd's own copy of the batch script is missing on the node (its spool directory was cleaned or is not "
          "writable)", "drain the node and check SlurmdSpoolDir (free space, a tmpfs cleaned under slurmd, "
          "permissions); restarting slurmd or the node clears it", C.OTHER),
        # src/common/slurm_errno.c:1137@284c3b9 ESLURMD_... "Unable to layout tasks on given cpus": the task layout
        # asked of the step (tasks per node, CPUs per task, binding) does not fit the node's allocated CPUs.
        p(r"Unable to layout tasks on given cpus", "launch_config", E,
          "Slurm cannot place the step's tasks on the CPUs the node was allocated (tasks x CPUs per task, or the "
          "binding, do not fit)", _STEP_FIX, C.APPLICATION_BUG),
        # src/srun/allocate.c:157, src/salloc/salloc.c:1009, src/api/step_launch.c:1245@284c3b9 "Node failure on %s":
        # slurmctld declared a node of the allocation down; its tasks are gone (nebius/soperator#854).
        p(r"(?:srun|salloc|sbatch): error: Node failure on \S+", "remote_exited", E,
          "Slurm declared a node of the job down (node failure): its tasks are gone, and the others then fail or "
          "hang", "find why the node went down (`scontrol show node <node>` Reason, its slurmd log, dmesg) and "
          "rerun with --exclude=<node>", C.RANK_CRASHED_ELSEWHERE, "root", (C.OTHER,)),
        # -- names and ports between the nodes --------------------------------------------------------------------
        # SchedMD/slurm src/common/forward.c:442@284c3b9 (_fwd_tree_get_addr), src/api/step_launch.c:1670 with
        # SLURM_UNKNOWN_FORWARD_ADDR, src/plugins/mpi/pmix/pmixp_dconn_tcp.c:112: slurm_conf_get_addr() found no
        # address for a node name (NodeAddr/NodeHostname in slurm.conf, or DNS).
        p(r"[Cc]an't find (?:an )?address(?: for host \S+)?, check slurm\.conf", "name_resolution", E,
          "Slurm has no address for a node of the job: its name does not resolve on this host and slurm.conf "
          "gives no NodeAddr", "make every node name resolve on every node (`getent hosts <node>`, /etc/hosts or "
          "DNS) or set NodeAddr for it in slurm.conf, then `scontrol reconfigure`", C.HOSTNAME_RESOLUTION),
        # SchedMD/slurm src/plugins/mpi/pmix/pmixp_dconn_tcp.c:142@284c3b9 (_tcp_connect: the stepd-to-stepd
        # connection to a peer's port, from SrunPortRange or the ephemeral range, retried only while refused),
        # src/plugins/mpi/pmi2/pmi1.c:187 (the key exchange sent to srun's port), src/api/step_launch.c:1122
        # ESLURMD_IO_ERROR after io_initial_client_connect (slurmstepd could not connect back to srun's I/O port):
        # the nodes cannot reach the ports srun and slurmstepd listen on (Slurm's network configuration guide).
        p(r"mpi/pmix\S*: _tcp_connect: .*Cannot establish the connection|mpi/pmi2: failed to send temp kvs to srun|"
          r"(?:launch failed|failed on node \S+): Slurmd could not connect IO", "socket_connect_failed", E,
          "Slurm's daemons could not open a connection between the nodes or back to srun (PMIx's peer exchange, "
          "PMI2's keys, the tasks' I/O): a firewall drops the ports srun and slurmstepd listen on",
          "open the ports between the compute nodes and the host srun runs on: set SrunPortRange in slurm.conf (e.g. "
          "60001-63000) and allow it and slurmd's port (6818) in the firewall on every node",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE,)),
        # -- memory ---------------------------------------------------------------------------------------------
        # SchedMD/slurm src/interfaces/jobacct_gather.c:894@284c3b9: the step's virtual size over VSizeFactor x
        # its memory (OverMemoryKill): CUDA reserves terabytes of address space it never uses, so the limit on
        # address space kills it, not memory used. Before the RSS row.
        p(r"StepId=\S+ exceeded virtual memory limit \(\d+ > \d+\), being killed", "vmem_limit", E,
          "Slurm killed the step for its virtual memory size: CUDA processes reserve far more address space than "
          "they use, so a virtual-size limit stops them without memory running out",
          "drop virtual-memory enforcement for GPU jobs (VSizeFactor=0 in slurm.conf, or no OverMemoryKill), or ask "
          "the administrators to; raising --mem does not help", C.MEMLOCK_OR_ULIMIT),
        # SchedMD/slurm src/interfaces/jobacct_gather.c:889@284c3b9 (the step's RSS over its memory limit), the
        # OUT_OF_MEMORY state as sacct prints it (src/sacct/print.c:1967, truncated to OUT_OF_ME+ at its default
        # width) and scontrol shows it (src/scontrol/info_job.c:234, Reason=OutOfMemory).
        p(r"(?:StepId=\S+|Job \d+) exceeded memory limit \(\d+ > \d+\), being killed|"
          r"\sOUT_OF_ME(?:\+|MORY)\s+\d+:\d+\s*$|"
          r"JobState=OUT_OF_MEMORY\b", "oom", E,
          "the job used more host memory than Slurm gave it and was killed",
          "ask for more memory (`--mem=0` for the whole node, or a larger --mem / --mem-per-gpu) or lower host "
          "memory use (data loader workers, pinned buffers, CPU offload)", C.OOM),
        # -- a node lost ---------------------------------------------------------------------------------------
        # SchedMD/slurm src/sacct/print.c:1967@284c3b9 and src/scontrol/info_job.c:234 (the NODE_FAIL state),
        # src/api/step_launch.c:1806 (srun's step went missing on a node it then cannot reach), src/slurmctld/
        # ping_nodes.c:327 (slurmctld sets a node that stopped answering DOWN): a node of the job is gone, as
        # cluster.py reads "Node failure on".
        p(r"\sNODE_FAIL\s+\d+:\d+\s*$|JobState=NODE_FAIL\b|Cannot communicate with node \d+\.\s+Aborting job|"
          r"error: Nodes \S+ not responding, setting DOWN", "remote_exited", E,
          "Slurm lost a node of the job (it crashed, rebooted or dropped off the network): the tasks on it are gone "
          "and the others fail after it", "read that node's own logs (`scontrol show node <node>` Reason, its "
          "slurmd log and `journalctl -k`), and rerun without it (`--exclude=<node>`)", C.RANK_CRASHED_ELSEWHERE,
          "collateral", (C.WRONG_INTERFACE, C.IB_PORT_DOWN_OR_LINK)),
        # A power-saving (cloud) node that did not register within ResumeTimeout (slurmctld power_save.c; Nebius's
        # soperator docs: the worker pod did not start in time, or ResumeTimeout too short): no job ran on it.
        p(r"ResumeTimeout reached", "node_prolog", E,
          "a node Slurm powered up for the job did not register with slurmctld within ResumeTimeout: its start-up "
          "(a VM or pod) failed or took longer", "read the node's start-up (its pod or VM events, slurmd's log), and "
          "raise ResumeTimeout in slurm.conf if it only starts slowly", C.OTHER),
        # -- stopped from outside --------------------------------------------------------------------------------
        # SchedMD/slurm src/slurmd/slurmstepd/req.c:1144@284c3b9 (a signal sent to the step: scancel, or srun
        # killing it), src/salloc/salloc.c:916 (the allocation's time limit): the scheduler ended the job.
        p(r"\*\*\* STEP \S+ ON \S+ CANCELLED AT \S+ DUE [Tt][Oo] SIGNAL \w+ \*\*\*|salloc: Job \d+ has exceeded its "
          r"time limit and its allocation has been revoked", "job_stopped", W,
          "Slurm stopped the job from outside (scancel, a signal, the allocation's time limit), not an error of the "
          "job", "read why it was stopped (`sacct -j <id> -o JobID,State,Reason,Elapsed,Timelimit`); if the job had "
          "hung until its limit, the hang's own lines above are the cause", C.OTHER, "collateral",
          (C.HANG_COLLECTIVE_MISMATCH,)),
        # -- the node's GPUs and libraries -----------------------------------------------------------------------
        # SchedMD/slurm src/slurmctld/node_mgr.c:3736@284c3b9: slurmd registered fewer GPUs (NVML) than slurm.conf
        # gives the node; slurmctld sets it INVAL. A GPU fell off the bus or the driver did not load.
        p(r"gres/gpu count reported lower than configured \(\d+ < \d+\)", "gpu_missing", E,
          "the node reported fewer GPUs than slurm.conf gives it: a GPU fell off the bus or the driver did not load",
          "on that node check `nvidia-smi -L` and `dmesg | grep -i -e NVRM -e Xid`; reset the GPU or reboot, then "
          "`scontrol update nodename=<node> state=resume`", C.CUDA_OR_DRIVER),
        # SchedMD/slurm src/plugins/mpi/pmix/mpi_pmix.c:171@284c3b9: dlopen of libpmix (the PMIx Slurm was built
        # against) failed on the node.
        p(r"pmi/pmix: can not load PMIx library", "mpi_library_missing", E,
          "Slurm's PMIx plugin cannot load the PMIx library it was built against on this node",
          "install the PMIx Slurm was built with on every node (the libpmix.so.2 of its --with-pmix prefix) or fix "
          "its path in ld.so.conf; until then launch with another --mpi type", C.OTHER),
        # -- prolog and authentication ---------------------------------------------------------------------------
        # SchedMD/slurm src/api/step_launch.c:1670@284c3b9 with ESLURMD_PROLOG_FAILED, src/slurmd/common/
        # slurmd_common.c:348 (the prolog still running at PrologEpilogTimeout): the node's own set-up failed
        # before the program ran, and slurmd drains the node.
        p(r"failed on node \S+: Job prolog failed|Prolog hung on node \S+", "node_prolog", E,
          "the node's Slurm prolog failed or hung before the job's program ran: the node's set-up, not the job",
          "read the prolog's output in that node's slurmd log, fix the script or what it checks, then `scontrol "
          "update nodename=<node> state=resume`; rerun with `--exclude=<node>` meanwhile", C.OTHER),
        # SchedMD/slurm src/plugins/auth/munge/auth_munge.c:539@284c3b9 (munge_decode: "Rewound credential" or
        # "Expired credential" when the clocks differ, "Invalid credential" with another key) and :225
        # (munge_encode: no munged socket): Slurm's daemons and srun cannot authenticate each other.
        p(r"Munge (?:en|de)code failed: ", "slurm_auth", E,
          "munge could not make or check Slurm's credential: the nodes' clocks disagree (rewound or expired), the "
          "munge keys differ (invalid), or munged is not running (no socket)",
          "sync the clocks (chrony/NTP), give every node the same /etc/munge/munge.key, and `systemctl enable "
          "--now munge`", C.OTHER),
        # The Slurm client finds no configuration: src/common/parse_config.c:1254@284c3b9 "cannot stat file %s"
        # (older "unable to status file") for slurm.conf, and without one fetch_config.c:285 asks DNS for the
        # controller's SRV record (configless mode): slurm_resolv.c:77 "resolve_ctls_from_dns_srv: res_nsearch error".
        # No job host failed to resolve: this machine is no configured Slurm client (NVIDIA/Megatron-LM#172,
        # nico-bohlinger/one_policy_to_run_them_all#5).
        p(r"resolve_ctls_from_dns_srv: res_nsearch error|fetch_config: DNS SRV lookup failed|s_p_parse_file: "
          r"(?:unable to status|cannot stat) file \S*slurm\.conf", "launch_config", E,
          "this machine has no Slurm configuration (no slurm.conf, no configless DNS record): srun/sbatch cannot "
          "find the controller", "run the command on a node of the cluster (a login node), or install the cluster's "
          "slurm.conf (or point SLURM_CONF at it)", C.OTHER),
    )
