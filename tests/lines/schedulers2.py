"""Lines of the cluster launchers and schedulers beside Slurm, Kubernetes and Open MPI that run multi-node GPU jobs,
read alone and inside an NCCL log: SkyPilot (skypilot-org/skypilot v0.14.1, read from the wheel: the generated job
driver of backends/task_codegen.py, the Slurm task runner skylet/executor/slurm.py that sets SKYPILOT_NODE_IPS, the
Kubernetes provisioner and the managed-jobs controller), dstack (dstackai/dstack 511c318: the shim's container start
and the server's running-job checks), Determined AI (determined-ai/determined c1e9c6d: exec/prep_container.py's
rendezvous, core/_distributed.py, the master's allocation task log), OpenPBS (openpbs/openpbs cd7ab5e: the
scheduler's job comment, qsub, pbs_mom's limit enforcement, the cgroups hook, pbsdsh and pbs_tmrsh), Flux
(flux-framework/flux-core 4a5e79f: flux job attach's exception and shell-log lines, the shell's oom and task-exit
plugins, job-exec's lost shells, the Python schedulers' feasibility check, flux run's options), pyxis and enroot
under a Slurm step (NVIDIA/pyxis 1075199, NVIDIA/enroot 8ea147d: enroot's hook errors reach the job through pyxis'
"printing enroot log file" lines), and Metaflow's multi-node steps (Netflix/metaflow 2.19.39, read from the wheel).
Causes decided from the code around each line: a request the scheduler can never place (PBS's Can Never Run, qsub's
queue limits, Flux's unsatisfiable request, SkyPilot's pod without GPUs) and a launcher run outside its job or aimed
at a host the job does not hold are launch_config (application_bug); SkyPilot's Slurm runner resolves every node of
SLURM_JOB_NODELIST and then looks for its own gethostbyname(gethostname()) among the cluster IPs, so a name that does
not resolve or resolves to another address (127.0.1.1) is hostname_resolution; Determined's rendezvous interface
(DET_SLURM_RENDEZVOUS_IFACE, else the first eth*) that is absent or has no IPv4 is wrong_interface; pbs_mom's mem
limit, the PBS cgroups hook's OOM kill, Flux's memory.events oom_kill, a pod OOMKilled and Metaflow's exit 137 are
oom; SkyPilot's FAILED_DRIVER message is read as oom because the controller's comment says the driver dies "most
commonly because the user workload ran the node out of memory"; a task killed by SIGKILL reads, as srun's does, as
the memory that most often killed it; a segmentation fault is a crash (other); a walltime kill is the scheduler
stopping the job (other); Flux's node failure is a peer lost (rank_crashed_elsewhere); pyxis' container start and
mount failures are container_start (other); enroot's Mellanox hook finding fewer RDMA devices than the job names is
the RDMA device missing from the container (as the rdma_cm mount in containers.py), and its NVIDIA hook without
nvidia-container-cli leaves the container without GPUs. No cause is named where the line only reports a failure
elsewhere: SkyPilot's return code list where 137 is SkyPilot's own cancel of the other nodes (CANCELLED_RETURN_CODE
after the first failure, not the OOM killer), Determined's "daemon killed" whose 137 is the master killing the sshd
daemon containers after the chief exited, Flux's exit-on-error and exit-timeout notes, exit codes, dstack's
display-capability retry (the shim retries without the capability and the container starts), waits and timeouts of
the controllers."""

from __future__ import annotations

CASES = [
    # SkyPilot
    ('skypilot-org/skypilot sky/backends/task_codegen.py:273@v0.14.1',
     'ERROR: Job 7 failed with return code list: [139] (likely due to Segmentation Fault)',
     'log.crash', 'other'),
    ('skypilot-org/skypilot sky/skylet/executor/slurm.py:91@v0.14.1',
     'RuntimeError: Failed to get IP for hostname: gpu-node03',
     'log.name_resolution', 'hostname_resolution'),
    ('skypilot-org/skypilot sky/skylet/executor/slurm.py:211@v0.14.1',
     "RuntimeError: IP address 127.0.1.1 not found in cluster IPs: ['10.0.0.11', '10.0.0.12']",
     'log.name_resolution', 'hostname_resolution'),
    ('skypilot-org/skypilot sky/provision/kubernetes/utils.py:2317@v0.14.1',
     'Pod llama-ft-2ea4-worker1 terminated: OOMKilled (exit code 137).',
     'log.oom', 'oom'),
    ('skypilot-org/skypilot sky/provision/kubernetes/instance.py:836@v0.14.1',
     "└── Cluster does not have sufficient GPUs for your request: Run 'sky gpus list --infra kubernetes' to see the available GPUs.",
     'log.launch_config', 'application_bug'),
    ('skypilot-org/skypilot sky/jobs/controller.py:1365@v0.14.1',
     'The job driver on the remote cluster failed. This can be caused by the job taking too much memory or other resources. Try adding more memory, CPU, or disk in your job definition. To see the details, run: sky jobs logs --controller 12',
     'log.oom', 'oom'),
    # Determined AI
    ('determined-ai/determined harness/determined/exec/prep_container.py:85@c1e9c6d',
     "WARNING: [48211] determined: Unable to resolve ip for ib0: ib0 is not a valid network interface. Valid network interfaces are: ['lo', 'eno1', 'ibp12s0']",
     'log.no_interface', 'wrong_interface'),
    ('determined-ai/determined harness/determined/exec/prep_container.py:238@c1e9c6d',
     "WARNING: [48211] determined: Unable to resolve ip for eth0: interface eth0 doesn't have an IPv4 address",
     'log.no_interface', 'wrong_interface'),
    ('determined-ai/determined harness/determined/core/_distributed.py:77@c1e9c6d',
     'AssertionError: This is a distributed job (local_size 8 != size 16) but chief_ip was none provided.  When cross_size > 1, the chief_ip parameter is required.',
     'log.framework_usage', 'application_bug'),
    # OpenPBS
    ('openpbs/openpbs src/scheduler/job_info.cpp:276@cd7ab5e',
     '    comment = Can Never Run: Insufficient amount of resource: ngpus (R: 16 A: 8 T: 8)',
     'log.launch_config', 'application_bug'),
    ('openpbs/openpbs src/cmds/qsub.c:2967@cd7ab5e',
     'qsub: Job violates queue and/or server resource limits',
     'log.launch_config', 'application_bug'),
    ('openpbs/openpbs src/resmom/mom_main.c:5987@cd7ab5e',
     '=>> PBS: job killed: mem 268797952kb exceeded limit 268435456kb',
     'log.oom', 'oom'),
    ('openpbs/openpbs src/resmom/mom_main.c:6035@cd7ab5e',
     '=>> PBS: job killed: walltime 7215 exceeded limit 7200',
     'log.job_stopped', 'other'),
    ('openpbs/openpbs src/hooks/cgroups/pbs_cgroups.PY:4996@cd7ab5e',
     'Cgroup mem limit exceeded: Killed process 48211 (python3) total-vm:92837460kB, anon-rss:66837412kB, file-rss:0kB, shmem-rss:0kB, UID:1001 pgtables:135412kB oom_score_adj:0',
     'log.oom', 'oom'),
    ('openpbs/openpbs src/cmds/pbsdsh.c:430@cd7ab5e',
     'pbsdsh: not executing under PBS',
     'log.launch_config', 'application_bug'),
    ('openpbs/openpbs src/cmds/pbs_tmrsh.c:298@cd7ab5e',
     'pbs_tmrsh: host "gpu-node05" is not a node in job <4821.pbs-head>',
     'log.launch_config', 'application_bug'),
    # Flux
    ('flux-framework/flux-core src/shell/oom.c:86@4a5e79f',
     '1843.207s: flux-shell[1]: ERROR: oom: Memory cgroup out of memory: killed 1 task on gpu-node02.',
     'log.oom', 'oom'),
    ('flux-framework/flux-core src/modules/job-exec/bulkexec.c:240@4a5e79f',
     '1843.210s: job.exception f3Xq8pLmZ type=exec severity=0 node failure on gpu-node02 (rank 1)',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('flux-framework/flux-core src/bindings/python/flux/resource/Rv1Pool.py:974@4a5e79f',
     '0.021s: job.exception f3Xq8pLmZ type=alloc severity=0 unsatisfiable request: need 4 node(s) with 64 cores and 8 GPUs each, only 2 eligible',
     'log.launch_config', 'application_bug'),
    ('flux-framework/flux-core src/common/libjob/job.c:239@4a5e79f',
     'flux-job: task(s) Killed',
     'log.process_killed', 'oom'),
    ('flux-framework/flux-core src/common/libjob/job.c:239@4a5e79f',
     'flux-job: task(s) Segmentation fault',
     'log.crash', 'other'),
    ('flux-framework/flux-core src/bindings/python/flux/cli/base.py:833@4a5e79f',
     'flux-run: ERROR: --gpus-per-node requires --nodes',
     'log.launch_config', 'application_bug'),
    # pyxis and enroot under a Slurm step
    ('NVIDIA/pyxis pyxis_slurmstepd.c:1149@1075199',
     'slurmstepd: error: pyxis: container start failed with error code: 1',
     'log.container_start', 'other'),
    ('NVIDIA/pyxis pyxis_slurmstepd.c:984@1075199',
     'slurmstepd: error: pyxis: --container-mounts: source path does not exist: /lustre/fsw/datasets',
     'log.container_start', 'other'),
    ('NVIDIA/enroot conf/hooks/99-mellanox.sh:84@8ea147d',
     'slurmstepd: error: pyxis:     [ERROR] Unknown MELLANOX device id: 4',
     'log.no_ib_device', 'socket_fallback'),
    ('NVIDIA/enroot conf/hooks/98-nvidia.sh:74@8ea147d',
     'slurmstepd: error: pyxis:     [ERROR] Command not found: nvidia-container-cli, see https://github.com/NVIDIA/libnvidia-container',
     'log.gpu_missing', 'cuda_or_driver'),
    # Metaflow
    ('Netflix/metaflow metaflow/plugins/kubernetes/kubernetes.py:782@2.19.39',
     'Task ran out of memory. Increase the available memory by specifying @resource(memory=...) for the step.',
     'log.oom', 'oom'),
    ('Netflix/metaflow metaflow/plugins/kubernetes/kubernetes.py:779@2.19.39',
     'Task failed with a segmentation fault.',
     'log.crash', 'other'),
]

NO_CAUSE = [
    'ERROR: Job 7 failed with return code list: [1, 137] (A Worker failed with return code 1, SkyPilot cleaned up the processes on other nodes with return code 137)',  # skypilot-org/skypilot sky/backends/task_codegen.py:277@v0.14.1
    "ERROR: Job 7's setup failed with return code 1 (pid=48211). See error logs above for more details.",  # skypilot-org/skypilot sky/backends/task_codegen.py:1034@v0.14.1
    'I 12-01 10:14:03.512 PID=3127 controller.py:1270] Cluster is preempted or failed (status: INIT). Recovering...',  # skypilot-org/skypilot sky/jobs/controller.py:1270@v0.14.1
    'Runner did not become available within 1200.0s. Job submission age: 1203.51s)',  # dstackai/dstack src/dstack/_internal/server/background/pipeline_tasks/jobs_running.py:906@511c318
    'time=2026-08-21T10:14:03.512731Z level=warning msg=retrying container without NVIDIA display capability task=3f2a7c1e-5b6d-4e8f-9a01-23456789abcd err=start container: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running prestart hook #0: exit status 1, stdout: , stderr: nvidia-container-cli: mount error: stat failed: /dev/nvidia-modeset: no such file or directory: unknown',  # dstackai/dstack runner/internal/shim/docker.go:495@511c318
    'crashed: resources failed with non-zero exit code: container failed with non-zero exit code: 1 (exit code 1)',  # determined-ai/determined master/internal/task/allocation.go:825@c1e9c6d
    'daemon killed: resources failed with non-zero exit code: container failed with non-zero exit code: 137 (exit code 137)',  # determined-ai/determined master/internal/task/allocation.go:820@c1e9c6d
    "ERROR: [48102] determined: killing worker which didn't exit after SIGTERM",  # determined-ai/determined harness/determined/ipc.py:488@c1e9c6d
    'pbsdsh: spawn failed on node 1 err system error - MOM cannot be contacted (17000)',  # openpbs/openpbs src/cmds/pbsdsh.c:548@cd7ab5e
    'pbsdsh: task 0x00000001 exit status 1',  # openpbs/openpbs src/cmds/pbsdsh.c:328@cd7ab5e
    'flux-job: task(s) exited with exit code 1',  # flux-framework/flux-core src/common/libjob/job.c:241@4a5e79f
    '1843.212s: flux-shell[0]: FATAL: task-exit: python3: task rank 12 on host gpu-node02 failed (Exit 1) and exit-on-error is set',  # flux-framework/flux-core src/shell/doom.c:161@4a5e79f
    '1873.004s: flux-shell[0]: FATAL: task-exit: python3: task rank 3 on host gpu-node01 exited (Exit 1) and exit-timeout=30s has expired',  # flux-framework/flux-core src/shell/doom.c:255@4a5e79f
    'slurmstepd: error: pyxis: printing enroot log file:',  # NVIDIA/pyxis enroot.c:212@1075199
    'slurmstepd: error: pyxis: child 48211 failed with error code: 1',  # NVIDIA/pyxis enroot.c:135@1075199
    'Exception: Batch secondary workers did not finish in 600 seconds',  # Netflix/metaflow metaflow/plugins/aws/batch/batch_decorator.py:446@2.19.39
]
