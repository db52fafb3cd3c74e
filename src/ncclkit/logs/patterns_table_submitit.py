"""Rows of the line classifier (patterns.py) for submitit and the launchers built on it (tests/lines/submitit.py
holds every line with file:line@commit): facebookincubator/submitit e49d5e7 (the Job's errors and repr, the signal
handler, process_job, the Slurm, local and auto executors, the plugin lookup, helpers.TorchDistributedEnvironment),
sbatch's refusals as submitit's FailedJobError carries them (SchedMD/slurm 284c3b9), and the Slurm-facing parts of
dinov2 (b8931f7), dora (8e5d905) and DETR (29901c5).

The sacct state submitit prints when a job left no result ("has not produced any output (state: X)", the Job's repr)
is read as patterns_table_slurm reads that state: NODE_FAIL a node lost, OUT_OF_MEMORY Slurm's memory kill, TIMEOUT,
PREEMPTED, DEADLINE and CANCELLED the scheduler stopping the job; FAILED and COMPLETED name nothing. The signal
handler runs only on the time limit's or preemption's signal, so its lines are the scheduler stopping the job too;
its requeue notice is progress. Executor settings and folders that do not fit the cluster are launch_config; the job
environment used where it cannot be (preset torch variables, outside a submitit job, enabled twice) is
framework_usage; dinov2's and dora's refusals when torch sees no GPU are gpu_missing. Read before the generic rows:
"timed out" would read the handler's lines as a collective timeout, a bare "ValueError:" as the program's own error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
SUBMITIT_WORDS: tuple[bytes, ...] = (
    b"produced any output", b"Caught signal", b"not requeued because", b"cpus_per_gpu", b"only available on GPU",
)


def _state(states: str) -> str:
    """The sacct state as submitit prints it: UncompletedJobError's second line (core/core.py:373@e49d5e7) and the
    Job's repr (core/core.py:509, `SlurmJob<job_id=..., task_id=..., state="...">`)."""
    return rf"has not produced any output \(state: (?:{states})\)|Job<job_id=\S+, task_id=\S+, state=\"(?:{states})\">"


def submitit_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- progress ------------------------------------------------------------------------------------------
        # facebookincubator/submitit submitit/slurm/slurm.py:191@e49d5e7 (SlurmJobEnvironment._requeue): logged
        # after `scontrol requeue` succeeded; the count is the requeues left for time-outs. Before the timeout rows.
        p(r"Requeued job \S+ \(-?\d+ remaining timeouts\)", "noise", I,
          "submitit requeued the job after its time limit or preemption signal: it will start again from its "
          "checkpoint", "nothing to fix", None, "noise"),
        # -- the sacct state of a job that left no result ------------------------------------------------------
        # facebookincubator/submitit submitit/core/core.py:373 and :509@e49d5e7: the state is sacct's; NODE_FAIL
        # is Slurm losing a node of the job (SchedMD/slurm src/sacct/print.c, as patterns_table_slurm reads it).
        p(_state("NODE_FAIL"), "remote_exited", E,
          "Slurm lost a node of the job (it crashed, rebooted or dropped off the network), so the job left no "
          "result: the tasks on that node are gone", "read that node's own logs (`sacct -j <id> -o "
          "JobID,State,NodeList`, `scontrol show node <node>` Reason, its slurmd log and `journalctl -k`), and "
          "resubmit without it (`slurm_exclude=\"<node>\"` in the executor's parameters)", C.RANK_CRASHED_ELSEWHERE,
          "collateral", (C.WRONG_INTERFACE, C.IB_PORT_DOWN_OR_LINK)),
        # Same lines: OUT_OF_MEMORY is Slurm's cgroup killing the job for host memory over its --mem.
        p(_state("OUT_OF_MEMORY"), "oom", E,
          "the job used more host memory than Slurm gave it and was killed (sacct state OUT_OF_MEMORY)",
          "ask for more memory (`mem_gb=` in update_parameters, or `slurm_mem=\"0\"` for the whole node) or lower "
          "host memory use (data loader workers, pinned buffers, CPU offload)", C.OOM),
        # Same lines: TIMEOUT (the time limit), PREEMPTED, DEADLINE and "CANCELLED by <uid>" (scancel) are the
        # scheduler ending the job, as slurmstepd's "CANCELLED AT ... DUE TO TIME LIMIT" is read.
        p(_state(r"TIMEOUT|PREEMPTED|DEADLINE|CANCELLED(?: by \d+)?"), "job_stopped", W,
          "Slurm stopped the job from outside (its time limit, preemption, its deadline or scancel) before it wrote "
          "its result, not an error of the job", "read why it was stopped (`sacct -j <id> -o "
          "JobID,State,Reason,Elapsed,Timelimit`); raise timeout_min, or make the function checkpointable so "
          "submitit requeues it; if it had hung until its limit, the hang's own lines are the cause", C.OTHER,
          "collateral", (C.HANG_COLLECTIVE_MISMATCH,)),
        # -- the time-limit and preemption signal ----------------------------------------------------------------
        # facebookincubator/submitit submitit/core/job_environment.py:186,191,203,226-227,250@e49d5e7:
        # SignalHandler.checkpoint_and_try_requeue is bound only to SUBMITIT_PREEMPT_SIGNAL (USR2, sent by
        # --signal before the time limit, or on preemption); it logs whether the run reached the time limit ("not
        # timed out" is the preemption), why it did not requeue, and exits. The scheduler is stopping the job.
        p(r"Caught signal SIG\w+ on \S+: this job is (?:timed-out|preempted)|Job has (?:not )?timed out\. Ran \d+ "
          r"minutes out of requested \d+ minutes|Job not requeued because: |Exiting gracefully after "
          r"preemption/timeout", "job_stopped", W,
          "submitit caught the scheduler's signal: the job reached its time limit or was preempted, and submitit "
          "checkpoints and requeues it (or stops, when it cannot), not an error of the job",
          "read why it was stopped (`sacct -j <id> -o JobID,State,Reason,Elapsed,Timelimit`); raise timeout_min or "
          "slurm_max_num_timeout, or give the function a checkpoint() method so submitit can requeue it; if it had "
          "hung until its limit, the hang's own lines are the cause", C.OTHER, "collateral",
          (C.HANG_COLLECTIVE_MISMATCH,)),
        # -- launches that do not fit the cluster -----------------------------------------------------------------
        # facebookincubator/submitit submitit/core/submission.py:48@e49d5e7 (process_job waits 60 s for the pickle
        # the submitting host wrote: docs/tips.md, the folder "must be a directory shared between instances, which
        # rules out /tmp"); facebookresearch/detr run_with_submitit.py:30@29901c5 (get_shared_folder finds no
        # /checkpoint, the shared file system it was written for; its init file for file:// lives there too).
        p(r"Waited for \d+ seconds but could not find submitted jobs in path|No shared folder available",
          "launch_config", E,
          "the job's folder is not on a file system every node shares: the nodes cannot read what the submitting "
          "host wrote there (or DETR's script found no /checkpoint to put it in)",
          "give the executor a folder on a file system mounted on every node (`AutoExecutor(folder=\"/shared/"
          "$USER/submitit/%j\")`, not /tmp); for DETR, make get_shared_folder() return such a directory",
          C.APPLICATION_BUG),
        # facebookincubator/submitit submitit/slurm/slurm.py:257@e49d5e7 (the submission file's srun command: `which
        # srun` found nothing on the submitting host), core/job_environment.py:141 (SUBMITIT_PREEMPT_SIGNAL names
        # no signal); core/utils.py:359 raises sbatch's error text (SchedMD/slurm src/common/slurm_errno.c@284c3b9
        # ESLURM_ACCOUNTING_POLICY: the request exceeds the QOS or association limits).
        p(r"Could not detect \"srun\", are you indeed on a slurm cluster|Unknown signal SIG\w+, you may need to unset "
          r"or update env var SUBMITIT_PREEMPT_SIGNAL|Batch job submission failed: Job violates accounting/QOS "
          r"policy", "launch_config", E,
          "the Slurm launch does not fit the cluster: no srun on the submitting host, a preemption signal name "
          "that does not exist, or a request over the account's or QOS's limits (nodes, GPUs, time, jobs)",
          "submit from a Slurm login node (srun on PATH), set SUBMITIT_PREEMPT_SIGNAL to a signal name such as "
          "USR2 (or unset it), and ask for what the QOS allows (`sacctmgr show qos format=Name,MaxTRES,MaxWall,"
          "MaxSubmitPU`; fewer nodes or GPUs, a shorter timeout_min, another slurm_qos)", C.APPLICATION_BUG),
        # facebookincubator/submitit submitit/slurm/slurm.py:489@e49d5e7 (--cpus-per-gpu needs --gpus-per-task),
        # local/local.py:185,193 (LocalExecutor: one node, no more GPUs than CUDA_VISIBLE_DEVICES lists),
        # auto/auto.py:173 (an executor-specific parameter without its `slurm_` prefix); facebookresearch/dora
        # dora/shep.py:347@8e5d905 (its Slurm config takes 8-GPU nodes: up to 8 GPUs, or whole nodes).
        p(r"\"cpus_per_gpu\" requires to set \"gpus_per_task\"|\d+ gpus requested, but only \S.* were specified "
          r"visible|LocalExecutor can use only one node|Parameter '\w+' need to be prefixed by an executor name|Can "
          r"only take <= \d+ gpus, or multiple of \d+ gpus", "launch_config", E,
          "the executor's parameters do not fit the machines or the executor: more GPUs or nodes than it can give, "
          "a GPU count that does not fill whole nodes, or a parameter it does not take as written",
          "set parameters the executor takes: gpus_per_task with cpus_per_gpu, nodes=1 and no more GPUs than "
          "CUDA_VISIBLE_DEVICES lists for the local executor, `slurm_` before Slurm-only parameters (slurm_gres=), "
          "and for dora up to 8 GPUs or a multiple of 8", C.APPLICATION_BUG),
        # -- the job environment used where it cannot be --------------------------------------------------------
        # facebookincubator/submitit submitit/helpers.py:403@e49d5e7 (TorchDistributedEnvironment.export refuses a
        # MASTER_ADDR already set: a job started from a job or under torchrun, the case helpers.clean_env is for);
        # facebookresearch/dinov2 dinov2/distributed/__init__.py:148,173@b8931f7 (its export, and some but not all
        # of MASTER_ADDR, MASTER_PORT, RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE set).
        p(r"Cannot export environment variables as \w+ is already set|Partially set environment: \w+",
          "framework_usage", E,
          "the job's distributed set-up found torch's rendezvous variables already set (it was started under "
          "torchrun, or submitted from inside another job) or only some of them",
          "start the job without torchrun (submitit or srun starts one task per GPU), submit from a clean "
          "environment (`with submitit.helpers.clean_env(): executor.submit(...)`), or unset MASTER_ADDR, "
          "MASTER_PORT, RANK, WORLD_SIZE, LOCAL_RANK and LOCAL_WORLD_SIZE before it", C.APPLICATION_BUG),
        # facebookincubator/submitit submitit/core/plugins.py:101@e49d5e7 (JobEnvironment() where no executor set
        # SUBMITIT_EXECUTOR: outside a submitted job; it spells "runnning"); facebookresearch/dinov2
        # dinov2/distributed/__init__.py:250 (enable() called a second time in one process).
        p(r"Could not figure out which environment the job is runn+ing in\. Known environments|Distributed mode has "
          r"already been enabled", "framework_usage", E,
          "the job's environment was used where it cannot be: submitit.JobEnvironment() outside a job submitit "
          "started, or dinov2's distributed mode enabled twice in one process",
          "call JobEnvironment() only inside the submitted function (guard local runs), and enable dinov2's "
          "distributed mode once per process", C.APPLICATION_BUG),
        # -- no GPU ---------------------------------------------------------------------------------------------
        # facebookresearch/dinov2 dinov2/distributed/__init__.py:178@b8931f7 (raised after no Slurm and no torch
        # variables, and torch.cuda.device_count() == 0); facebookresearch/dora dora/executor.py:64@8e5d905
        # (th.cuda.device_count() is 0).
        p(r"Can't initialize PyTorch distributed environment|FATAL: DDP is only available on GPU\. Make sure GPUs "
          r"are properly configured", "gpu_missing", E,
          "the launcher sees no GPU (torch.cuda.device_count() is 0) where it needs one per process",
          "check `nvidia-smi` and `python -c 'import torch; print(torch.cuda.device_count())'` where the job runs "
          "(the job's GPU request, CUDA_VISIBLE_DEVICES, a CUDA build of torch, the driver)", C.CUDA_OR_DRIVER,
          "root", (C.APPLICATION_BUG,)),
    )
