"""Lines of submitit (facebookincubator/submitit e49d5e7) and the launchers built on it, read alone and inside an NCCL
log: the Job's UncompletedJobError / FailedJobError and its repr with the sacct state (core/core.py), the preemption and
time-limit signal handler (core/job_environment.py), process_job (core/submission.py), the Slurm executor and its sbatch
errors (slurm/slurm.py; sbatch's text from SchedMD/slurm 284c3b9 src/sbatch/sbatch.c and common/slurm_errno.c,
scontrol's requeue refusal from scontrol/update_job.c), the local and auto executors, the plugin lookup of
JobEnvironment and helpers.TorchDistributedEnvironment; hydra's submitit launcher (facebookresearch/hydra 2c03d1b:
plugins/hydra_submitit_launcher, and hydra/core/utils.py's job error), and the Slurm-facing parts of three launchers
that use submitit: dinov2's distributed environment (facebookresearch/dinov2 b8931f7), dora's Slurm shepherd and local
DDP executor (facebookresearch/dora 8e5d905) and DETR's run_with_submitit.py / init_distributed_mode
(facebookresearch/detr 29901c5). Causes decided from the code and docs around each line: the sacct state that
UncompletedJobError ("has not produced any output (state: X)") and the Job repr print is read as slurm_full.py reads
that state (NODE_FAIL a node lost: rank_crashed_elsewhere; OUT_OF_MEMORY: oom; TIMEOUT, PREEMPTED, CANCELLED by uid: the
scheduler stopping the job, `other`), while FAILED and COMPLETED name nothing (COMPLETED without a result pickle is a
slow or unshared folder, or a task that left through sys.exit before process_job wrote it: the code cannot tell).
SignalHandler runs only on the USR2 of --signal (time limit) or of preemption, so its "Caught signal", "Job has (not)
timed out" (not timed out = preempted, the only other way into the handler), "Job not requeued because: timed-out..."
and "Exiting gracefully after preemption/timeout." lines are the scheduler stopping the job (log.job_stopped, `other`);
its "Bypassing signal SIGTERM" is not: SIGTERM also reaches the surviving tasks when srun kills a step for one task's
bad exit (dora sets SLURM_KILL_BAD_EXIT=1), as slurm_full.py reads SIGTERM. A submitted pickle not found after 60 s is
the executor's folder not shared with the nodes (docs/tips.md: "it must be a directory shared between instances, which
rules out /tmp"), a launch that does not fit the machines, as are sbatch's refusals (gres, QOS limits), srun missing on
the submitting host, SUBMITIT_PREEMPT_SIGNAL naming no signal, local GPU and node counts, dora's GPU count and DETR's
missing shared folder (application_bug). TorchDistributedEnvironment / dinov2's export refusing a preset MASTER_ADDR (a
job started from a job or under torchrun: helpers.clean_env's note), JobEnvironment outside a submitit job, dinov2's
partial torch environment and its second enable() are the framework used wrongly (application_bug). dinov2's "Can't
initialize PyTorch distributed environment" is raised only after it found no Slurm and no torch variables and
torch.cuda.device_count() == 0, and dora's FATAL only when th.cuda.device_count() is 0: no GPU visible (gpu_missing). No
cause is named for the failure banners that only point at a log (FailedJobError's header, "Submitted job triggered an
exception", hydra's "Error executing job"), the job's start and DDP init lines, sacct or scontrol requeue failing,
submitit's pickle retry and dora's dead worker."""

from __future__ import annotations

CASES = [
    # -- submitit: the Job's errors and the sacct state --------------------------------------------------------------
    ('facebookincubator/submitit submitit/core/core.py:373@e49d5e7',
     'has not produced any output (state: NODE_FAIL)',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('facebookincubator/submitit submitit/core/core.py:373@e49d5e7',
     'has not produced any output (state: OUT_OF_MEMORY)',
     'log.oom', 'oom'),
    ('facebookincubator/submitit submitit/core/core.py:373@e49d5e7',
     'has not produced any output (state: TIMEOUT)',
     'log.job_stopped', 'other'),
    ('facebookincubator/submitit submitit/core/core.py:373@e49d5e7',
     'has not produced any output (state: PREEMPTED)',
     'log.job_stopped', 'other'),
    ('facebookincubator/submitit submitit/core/core.py:373@e49d5e7',
     'has not produced any output (state: CANCELLED by 41235)',
     'log.job_stopped', 'other'),
    ('facebookincubator/submitit submitit/core/core.py:509@e49d5e7',
     'SlurmJob<job_id=4242_3, task_id=0, state="NODE_FAIL">',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # -- submitit: preemption, time limit, requeue -------------------------------------------------------------------
    ('facebookincubator/submitit submitit/core/job_environment.py:203@e49d5e7',
     'submitit WARNING (2026-12-01 10:31:40,118) - Caught signal SIGUSR2 on gpu-node01: this job is timed-out.',
     'log.job_stopped', 'other'),
    ('facebookincubator/submitit submitit/core/job_environment.py:203@e49d5e7',
     'submitit WARNING (2026-12-01 10:31:40,118) - Caught signal SIGUSR2 on gpu-node01: this job is preempted.',
     'log.job_stopped', 'other'),
    ('facebookincubator/submitit submitit/core/job_environment.py:186@e49d5e7',
     'submitit INFO (2026-12-01 10:31:40,119) - Job has timed out. Ran 4318 minutes out of requested 4320 minutes.',
     'log.job_stopped', 'other'),
    ('facebookincubator/submitit submitit/core/job_environment.py:191@e49d5e7',
     'submitit INFO (2026-12-01 10:31:40,119) - Job has not timed out. Ran 812 minutes out of requested 4320 minutes.',
     'log.job_stopped', 'other'),
    ('facebookincubator/submitit submitit/core/job_environment.py:227@e49d5e7',
     'submitit.core.utils.UncompletedJobError: Job not requeued because: timed-out and not checkpointable.',
     'log.job_stopped', 'other'),
    ('facebookincubator/submitit submitit/core/job_environment.py:226@e49d5e7',
     'submitit INFO (2026-12-01 10:31:40,121) - Job not requeued because: timed-out too many times.',
     'log.job_stopped', 'other'),
    ('facebookincubator/submitit submitit/core/job_environment.py:250@e49d5e7',
     'submitit INFO (2026-12-01 10:31:41,903) - Exiting gracefully after preemption/timeout.',
     'log.job_stopped', 'other'),
    ('facebookincubator/submitit submitit/core/job_environment.py:141@e49d5e7',
     'RuntimeError: Unknown signal SIGUSR3, you may need to unset or update env var SUBMITIT_PREEMPT_SIGNAL (Eg: USR2)',
     'log.launch_config', 'application_bug'),
    # -- submitit: submission, executors, the job's environment ------------------------------------------------------
    ('facebookincubator/submitit submitit/core/submission.py:48@e49d5e7',
     'RuntimeError: Waited for 60 seconds but could not find submitted jobs in path:',
     'log.launch_config', 'application_bug'),
    ('facebookincubator/submitit submitit/slurm/slurm.py:257@e49d5e7',
     'RuntimeError: Could not detect "srun", are you indeed on a slurm cluster?',
     'log.launch_config', 'application_bug'),
    ('facebookincubator/submitit submitit/core/utils.py:359@e49d5e7',
     'submitit.core.utils.FailedJobError: sbatch: error: Batch job submission failed: Invalid generic resource (gres) specification',
     'log.launch_config', 'application_bug'),
    ('facebookincubator/submitit submitit/core/utils.py:359@e49d5e7',
     "submitit.core.utils.FailedJobError: sbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)",
     'log.launch_config', 'application_bug'),
    ('facebookincubator/submitit submitit/slurm/slurm.py:489@e49d5e7',
     '/opt/conda/lib/python3.11/site-packages/submitit/slurm/slurm.py:489: UserWarning: "cpus_per_gpu" requires to set "gpus_per_task" to work (and not "gpus_per_node")',
     'log.launch_config', 'application_bug'),
    ('facebookincubator/submitit submitit/local/local.py:193@e49d5e7',
     'ValueError: 8 gpus requested, but only [0, 1, 2, 3] were specified visible.',
     'log.launch_config', 'application_bug'),
    ('facebookincubator/submitit submitit/local/local.py:185@e49d5e7',
     'ValueError: LocalExecutor can use only one node. Use nodes=1',
     'log.launch_config', 'application_bug'),
    ('facebookincubator/submitit submitit/auto/auto.py:173@e49d5e7',
     "NameError: Parameter 'gres' need to be prefixed by an executor name.",
     'log.launch_config', 'application_bug'),
    ('facebookincubator/submitit submitit/helpers.py:403@e49d5e7',
     'RuntimeError: Cannot export environment variables as MASTER_ADDR is already set',
     'log.framework_usage', 'application_bug'),
    ('facebookincubator/submitit submitit/core/plugins.py:101@e49d5e7',
     'RuntimeError: Could not figure out which environment the job is runnning in. Known environments: slurm, local, debug.',
     'log.framework_usage', 'application_bug'),
    # -- dinov2's distributed environment ----------------------------------------------------------------------------
    ('facebookresearch/dinov2 dinov2/distributed/__init__.py:173@b8931f7',
     'RuntimeError: Partially set environment: MASTER_ADDR, MASTER_PORT',
     'log.framework_usage', 'application_bug'),
    ('facebookresearch/dinov2 dinov2/distributed/__init__.py:148@b8931f7',
     'RuntimeError: Cannot export environment variables as NCCL_ASYNC_ERROR_HANDLING is already set',
     'log.framework_usage', 'application_bug'),
    ('facebookresearch/dinov2 dinov2/distributed/__init__.py:250@b8931f7',
     'RuntimeError: Distributed mode has already been enabled',
     'log.framework_usage', 'application_bug'),
    ('facebookresearch/dinov2 dinov2/distributed/__init__.py:178@b8931f7',
     "RuntimeError: Can't initialize PyTorch distributed environment",
     'log.gpu_missing', 'cuda_or_driver'),
    # -- dora and DETR -----------------------------------------------------------------------------------------------
    ('facebookresearch/dora dora/shep.py:347@8e5d905',
     'ValueError: Can only take <= 8 gpus, or multiple of 8 gpus',
     'log.launch_config', 'application_bug'),
    ('facebookresearch/dora dora/executor.py:64@8e5d905',
     'FATAL: DDP is only available on GPU. Make sure GPUs are properly configured with cuda.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('facebookresearch/detr run_with_submitit.py:30@29901c5',
     'RuntimeError: No shared folder available',
     'log.launch_config', 'application_bug'),
]

NO_CAUSE = [
    'submitit.core.utils.UncompletedJobError: Job 4242 (task: 3) with path /checkpoint/jdoe/submitit/4242/4242_3_result.pkl',  # facebookincubator/submitit submitit/core/core.py:372@e49d5e7
    'has not produced any output (state: FAILED)',  # facebookincubator/submitit submitit/core/core.py:373@e49d5e7
    'has not produced any output (state: COMPLETED)',  # facebookincubator/submitit submitit/core/core.py:373@e49d5e7
    'No output/error stream produced ! Check: /checkpoint/jdoe/submitit/4242/4242_3_log.out',  # facebookincubator/submitit submitit/core/core.py:384@e49d5e7
    'submitit.core.utils.FailedJobError: Job (task=3) failed during processing with trace:',  # facebookincubator/submitit submitit/core/core.py:332@e49d5e7
    "You can check full logs with 'job.stderr(3)' and 'job.stdout(3)'or at paths:",  # facebookincubator/submitit submitit/core/core.py:335@e49d5e7
    'submitit ERROR (2026-12-01 10:31:40,118) - Submitted job triggered an exception',  # facebookincubator/submitit submitit/core/submission.py:68@e49d5e7
    'submitit INFO (2026-12-01 10:14:02,771) - Starting with JobEnvironment(job_id=4242, hostname=gpu-node01, local_rank=3(8), node=0(2), global_rank=3(16))',  # facebookincubator/submitit submitit/core/submission.py:40@e49d5e7
    'submitit WARNING (2026-12-01 10:31:40,112) - Bypassing signal SIGTERM',  # facebookincubator/submitit submitit/core/job_environment.py:197@e49d5e7
    'submitit INFO (2026-12-01 10:31:41,902) - Requeued job 4242 (2 remaining timeouts)',  # facebookincubator/submitit submitit/slurm/slurm.py:191@e49d5e7
    'Requested operation is presently disabled for job 4242',  # SchedMD/slurm src/scontrol/update_job.c:470@284c3b9
    "subprocess.CalledProcessError: Command '['scontrol', 'requeue', '4242']' returned non-zero exit status 1.",  # facebookincubator/submitit submitit/slurm/slurm.py:190@e49d5e7
    "submitit WARNING (2026-12-01 10:20:02,004) - Call #12 - Bypassing sacct error Command '['sacct', '-o', 'JobID,State,NodeList', '--parsable2', '-j', '4242']' returned non-zero exit status 1., status may be inaccurate.",  # facebookincubator/submitit submitit/core/core.py:136@e49d5e7
    '/opt/conda/lib/python3.11/site-packages/submitit/core/core.py:389: UserWarning: EOFError on file /checkpoint/jdoe/submitit/4242/4242_0_result.pkl, trying again in 2s',  # facebookincubator/submitit submitit/core/core.py:389@e49d5e7
    "[2026-12-01 10:14:03,118][HYDRA] Submitit 'slurm' sweep output dir : multirun/2026-12-01/10-14-02",  # facebookresearch/hydra plugins/hydra_submitit_launcher/hydra_plugins/hydra_submitit_launcher/submitit_launcher.py:119@2c03d1b
    "Error executing job with overrides: ['trainer.num_nodes=2', 'trainer.devices=8']",  # facebookresearch/hydra hydra/core/utils.py:411@2c03d1b
    'Executor: Worker 3 died, killing all workers',  # facebookresearch/dora dora/executor.py:48@8e5d905
    '| distributed init (rank 3): file:///checkpoint/jdoe/experiments/4f2c9a1e6b7d4c0e9f8a3b2c1d0e5f6a_init',  # facebookresearch/detr util/misc.py:424@29901c5
    'Not using distributed mode',  # facebookresearch/detr util/misc.py:416@29901c5
]
