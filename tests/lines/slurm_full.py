"""Lines of Slurm itself (SchedMD/slurm 284c3b9) around a multi-node GPU job that fails to start, is killed, times out
or loses a node, read alone and inside an NCCL log: srun's option checks (common/slurm_opt.c, srun/opt.c), step
creation and task launch (srun/launch.c, api/step_launch.c, common/forward.c), sbatch and salloc, slurmstepd's
task set-up (task.c, ulimits.c, the GPU binding of interfaces/gres.c, the cpu binding of task/affinity), its cancel
banners (req.c, step_terminate_monitor.c), memory enforcement (interfaces/jobacct_gather.c), the mpi/pmix and mpi/pmi2
plugins, the munge auth plugin (with libmunge's error texts, dun/munge 9317fe8), slurmd's prolog and NVML GPU
detection, slurmctld's node registration and pings, and the NODE_FAIL / OUT_OF_MEMORY states as sacct rows (default
format, print_fields widths) and scontrol show job print them. The ~15 Slurm lines of cluster.py and containers.py
are not repeated. Causes decided from the code around each line: option, GRES, cpu/gpu binding and step requests
the allocation cannot hold, an --mpi plugin the cluster lacks, a stale SLURM_JOB_ID and a program missing on the
node are launches that do not fit (application_bug); a node name slurm_conf_get_addr() cannot resolve (srun's forward
tree, PMIx's direct connection) is hostname_resolution; PMIx's stepd-to-stepd connect (to a port from SrunPortRange
or the ephemeral range, retried only while refused), PMI2's key exchange to srun's port and stepd's I/O connect back
to srun ("Slurmd could not connect IO", ESLURMD_IO_ERROR after io_initial_client_connect) are ports the nodes cannot
reach (firewall_or_port_blocked, as Slurm's network guide says); --propagate=MEMLOCK refused by slurmd's own hard
limit leaves the tasks the node's low memlock (memlock_or_ulimit); jobacct_gather's RSS kill, OUT_OF_MEMORY and the
OOM reason are oom, while its virtual-size kill is a limit on address space that CUDA processes exceed by reserving
it, not memory used (memlock_or_ulimit, new id); NODE_FAIL, a node srun cannot reach after a step-missing message and
a node slurmctld sets DOWN are the peer lost (rank_crashed_elsewhere, as cluster.py's NODE FAILURE banner); a scancel
banner and salloc's time limit are the scheduler stopping the job (other); srun's task signals are read as the other
families read them (SIGBUS /dev/shm, SIGSEGV a crash, SIGABRT an abort); fewer GPUs than slurm.conf at registration
and an NVML "GPU is lost" are the GPU or driver; libpmix.so.2 missing on the node is the MPI runtime library; a
failed or hung node prolog is the node's set-up, not the job (other, new id); munge's rewound credential (clock
skew) and its missing socket (munged not running) are the cluster's authentication (other, new id). No cause is
named for exit codes, SIGTERM (kill-on-bad-exit and scancel print the same), the step's FAILED banner, processes
that would not die (the driver or a filesystem), srun's waits, retries and aborts, and a FAILED sacct row."""

from __future__ import annotations

CASES = [
    # options, step creation and binding that do not fit the allocation
    ('SchedMD/slurm src/common/slurm_opt.c:5264@284c3b9',
     'srun: fatal: --gpus-per-task is mutually exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU',
     'log.launch_config', 'application_bug'),
    ('SchedMD/slurm src/common/slurm_opt.c:1646@284c3b9',
     'srun: error: Invalid --gpu-bind argument: single',
     'log.launch_config', 'application_bug'),
    ('SchedMD/slurm src/srun/opt.c:1308@284c3b9',
     "srun: warning: can't honor --ntasks-per-node set to 8 which doesn't match the requested tasks 12 with the maximum number of requested nodes 2. Ignoring --ntasks-per-node.",
     'log.launch_config', 'application_bug'),
    ('SchedMD/slurm src/srun/launch.c:1368@284c3b9',
     'srun: error: Unable to create step for job 1234: Insufficient GRES available in allocation',
     'log.launch_config', 'application_bug'),
    ('SchedMD/slurm src/srun/launch.c:1368@284c3b9',
     'srun: error: Unable to create step for job 1234: Memory required by task is not available',
     'log.launch_config', 'application_bug'),
    ('SchedMD/slurm src/srun/launch.c:1368@284c3b9',
     'srun: error: Unable to create step for job 1234: More processors requested than permitted',
     'log.launch_config', 'application_bug'),
    ('SchedMD/slurm src/sbatch/sbatch.c:315@284c3b9',
     'sbatch: error: Batch job submission failed: Requested node configuration is not available',
     'log.launch_config', 'application_bug'),
    ('SchedMD/slurm src/api/step_launch.c:1670@284c3b9',
     'srun: error: Task launch for StepId=1234.0 failed on node gpu-node01: Unable to satisfy cpu bind request',
     'log.launch_config', 'application_bug'),
    ('SchedMD/slurm src/interfaces/gres.c:10493@284c3b9',
     'slurmstepd: error: Bind request gres/gpu:map_gpu:4,5,6,7 does not specify any devices within the allocation for task 1. Binding to the first device in the allocation instead.',
     'log.launch_config', 'application_bug'),
    ('SchedMD/slurm src/interfaces/gres.c:10245@284c3b9',
     'slurmstepd: error: Not enough gres to bind 2 per task',
     'log.launch_config', 'application_bug'),
    ('SchedMD/slurm src/srun/srun_job.c:746@284c3b9',
     "srun: error: Invalid MPI type 'pmix_v5', --mpi=list for acceptable types",
     'log.launch_config', 'application_bug'),
    ('SchedMD/slurm src/srun/allocate.c:731@284c3b9',
     'srun: Check SLURM_JOB_ID environment variable. Expired or invalid job 1234',
     'log.launch_config', 'application_bug'),
    ('SchedMD/slurm src/slurmd/slurmstepd/task.c:541@284c3b9',
     'slurmstepd: error: execve(): torchrun: No such file or directory',
     'log.launch_config', 'application_bug'),
    # names and ports between the nodes
    ('SchedMD/slurm src/common/forward.c:442@284c3b9',
     "srun: error: _fwd_tree_get_addr: can't find address for host gpu-node03, check slurm.conf",
     'log.name_resolution', 'hostname_resolution'),
    ('SchedMD/slurm src/api/step_launch.c:1670@284c3b9',
     "srun: error: Task launch for StepId=1234.0 failed on node gpu-node03: Can't find an address, check slurm.conf",
     'log.name_resolution', 'hostname_resolution'),
    ('SchedMD/slurm src/plugins/mpi/pmix/pmixp_dconn_tcp.c:112@284c3b9',
     "slurmstepd: error:  mpi/pmix_v4: _tcp_connect: gpu-node01 [0]: pmixp_dconn_tcp.c:112: Can't find address for host gpu-node02, check slurm.conf",
     'log.name_resolution', 'hostname_resolution'),
    ('SchedMD/slurm src/plugins/mpi/pmix/pmixp_dconn_tcp.c:142@284c3b9',
     'slurmstepd: error:  mpi/pmix_v4: _tcp_connect: gpu-node01 [0]: pmixp_dconn_tcp.c:142: Cannot establish the connection',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('SchedMD/slurm src/plugins/mpi/pmi2/pmi1.c:187@284c3b9',
     'slurmstepd: error: mpi/pmi2: failed to send temp kvs to srun',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('SchedMD/slurm src/api/step_launch.c:1122@284c3b9',
     'srun: error: task 0 launch failed: Slurmd could not connect IO',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    # limits and memory
    ('SchedMD/slurm src/slurmd/slurmstepd/ulimits.c:315@284c3b9',
     "slurmstepd: error: Can't propagate RLIMIT_MEMLOCK of 'unlimited' from submit host: Operation not permitted",
     'log.memlock', 'memlock_or_ulimit'),
    ('SchedMD/slurm src/interfaces/jobacct_gather.c:889@284c3b9',
     'slurmstepd: error: StepId=1234.0 exceeded memory limit (549755813888 > 536870912000), being killed',
     'log.oom', 'oom'),
    ('SchedMD/slurm src/interfaces/jobacct_gather.c:894@284c3b9',
     'slurmstepd: error: StepId=1234.0 exceeded virtual memory limit (2253998836736 > 644245094400), being killed',
     'log.vmem_limit', 'memlock_or_ulimit'),
    ('SchedMD/slurm src/sacct/print.c:1967@284c3b9',
     '1234.0           python               default        256 OUT_OF_ME+    0:125',
     'log.oom', 'oom'),
    ('SchedMD/slurm src/scontrol/info_job.c:234@284c3b9',
     '   JobState=OUT_OF_MEMORY Reason=OutOfMemory Dependency=(null)',
     'log.oom', 'oom'),
    # a node lost
    ('SchedMD/slurm src/sacct/print.c:1967@284c3b9',
     '1234          llm-train        gpu    default        256  NODE_FAIL      0:0',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('SchedMD/slurm src/scontrol/info_job.c:234@284c3b9',
     '   JobState=NODE_FAIL Reason=NodeDown FailedNode=gpu-node03 Dependency=(null)',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('SchedMD/slurm src/api/step_launch.c:1806@284c3b9',
     'srun: error: Cannot communicate with node 1.  Aborting job.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('SchedMD/slurm src/slurmctld/ping_nodes.c:327@284c3b9',
     '[2026-12-01T10:31:40.118] error: Nodes gpu-node03 not responding, setting DOWN',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # stopped from outside
    ('SchedMD/slurm src/slurmd/slurmstepd/req.c:1144@284c3b9',
     'slurmstepd: error: *** STEP 1234.0 ON gpu-node01 CANCELLED AT 2026-12-01T10:31:40 DUE to SIGNAL Terminated ***',
     'log.job_stopped', 'other'),
    ('SchedMD/slurm src/salloc/salloc.c:916@284c3b9',
     'salloc: Job 1234 has exceeded its time limit and its allocation has been revoked.',
     'log.job_stopped', 'other'),
    # task signals
    ('SchedMD/slurm src/srun/launch.c:409@284c3b9',
     'srun: error: gpu-node02: task 3: Bus error',
     'log.shm_error', 'shm_too_small'),
    ('SchedMD/slurm src/srun/launch.c:409@284c3b9',
     'srun: error: gpu-node01: tasks 0-7: Segmentation fault (core dumped)',
     'log.crash', 'other'),
    ('SchedMD/slurm src/srun/launch.c:409@284c3b9',
     'srun: error: gpu-node02: task 11: Aborted (core dumped)',
     'log.process_aborted', 'other'),
    # the node's GPUs and libraries
    ('SchedMD/slurm src/slurmctld/node_mgr.c:3736@284c3b9',
     '[2026-12-01T10:12:04.118] error: Setting node gpu-node03 state to INVAL with reason:gres/gpu count reported lower than configured (7 < 8)',
     'log.gpu_missing', 'cuda_or_driver'),
    ('SchedMD/slurm src/plugins/gpu/nvml/gpu_nvml.c:211@284c3b9',
     '[2026-12-01T10:12:03.412] error: Failed to get device handle for GPU 3: GPU is lost',
     'log.gpu_fault', 'cuda_or_driver'),
    ('SchedMD/slurm src/plugins/mpi/pmix/mpi_pmix.c:171@284c3b9',
     'srun: error:  mpi/pmix_v4: init: (null) [0]: mpi_pmix.c:171: pmi/pmix: can not load PMIx library',
     'log.mpi_library_missing', 'other'),
    # prolog and authentication
    ('SchedMD/slurm src/api/step_launch.c:1670@284c3b9',
     'srun: error: Task launch for StepId=1234.0 failed on node gpu-node03: Job prolog failed',
     'log.node_prolog', 'other'),
    ('SchedMD/slurm src/slurmd/common/slurmd_common.c:348@284c3b9',
     'srun: Prolog hung on node gpu-node03',
     'log.node_prolog', 'other'),
    ('SchedMD/slurm src/plugins/auth/munge/auth_munge.c:539@284c3b9',
     '[2026-12-01T10:14:03.118] error: Munge decode failed: Rewound credential',
     'log.slurm_auth', 'other'),
    ('SchedMD/slurm src/plugins/auth/munge/auth_munge.c:225@284c3b9',
     'srun: error: Munge encode failed: Failed to access "/run/munge/munge.socket.2": No such file or directory (Did you start munged?)',
     'log.slurm_auth', 'other'),
    # Slurm 20.11+ gives steps exclusive resources: a step waiting on another step's holds the launch for ever
    # (llnl/smith#688: fixed with --overlap)
    ('SchedMD/slurm src/srun/launch.c:1382@284c3b9',
     'srun: Job 1234 step creation temporarily disabled, retrying (Requested nodes are busy)',
     'log.launch_config', 'application_bug'),
]

NO_CAUSE = [
    'srun: error: gpu-node02: task 3: Exited with exit code 1',  # SchedMD/slurm src/srun/launch.c:388@284c3b9
    'srun: error: gpu-node01: tasks 0-7: Terminated',  # SchedMD/slurm src/srun/launch.c:409@284c3b9
    'srun: Job step aborted: Waiting up to 32 seconds for job step to finish.',  # SchedMD/slurm src/api/step_launch.c:743@284c3b9
    'srun: Terminating StepId=1234.0',  # SchedMD/slurm src/srun/launch.c:93@284c3b9
    'slurmstepd: error: *** STEP 1234.0 ON gpu-node01 FAILED (non-zero exit code or other failure mode) ***',  # SchedMD/slurm src/slurmd/slurmstepd/req.c:1139@284c3b9
    'slurmstepd: error: *** JOB 1234 STEPD TERMINATED ON gpu-node03 AT 2026-12-01T10:33:12 DUE TO JOB NOT ENDING WITH SIGNALS ***',  # SchedMD/slurm src/slurmd/slurmstepd/step_terminate_monitor.c:147@284c3b9
    'srun: error: timeout waiting for task launch, started 8 of 16 tasks',  # SchedMD/slurm src/api/step_launch.c:692@284c3b9
    'srun: error: Nodes gpu-node[01-04] are still not ready',  # SchedMD/slurm src/srun/allocate.c:279@284c3b9
    '1234.0           python               default        256     FAILED      1:0',  # SchedMD/slurm src/sacct/print.c:1967@284c3b9
]
