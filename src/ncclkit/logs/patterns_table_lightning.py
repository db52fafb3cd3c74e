"""Rows of the line classifier (patterns.py) for PyTorch Lightning and Lightning Fabric 2.x (tests/lines/
lightning_new.py holds every line with file:line@commit): Lightning-AI/pytorch-lightning 7f0c343 (2.6.2), the LSF
and MPI cluster environments, Fabric's and the Trainer's launchers, connectors and CLI checks, the FSDP, DeepSpeed
and model-parallel strategies, utilities/data.py, the automatic optimization loop and the SLURM signal connector.
Lines that patterns_table_trainers (the LSF environment's `JSM_NAMESPACE_*` variables, `Received SIGTERM`, `GPU
available: False`) and patterns_table_olderstacks (`ddp_fork` on a platform without fork) already read are theirs.

The framework used where it refuses (a launch outside jsrun, a second launch, spawn without a main guard, a spawn
strategy in a notebook, FSDP's optimizer and hybrid-sharding rules, a rank without batches) is framework_usage; sizes
and flags that do not fit the world or `fabric run`'s are launch_config; FSDP or DeepSpeed refused on the CPU
accelerator is the GPU the default accelerator did not find (gpu_missing). Read before the generic rows: a bare
"ValueError:" or "RuntimeError:" would read these lines as the program's own error, and "is not supported" as a
guess.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
LIGHTNING_WORDS: tuple[bytes, ...] = (
    b"guards the main", b"notebook environment", b"local rank has zero", b"training_step` returned",
    b"auto-requeue signal", b"Bypassing SIGTERM", b"ddp2 only works", b"slurm tasks",
)


def lightning_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- cluster environments ------------------------------------------------------------------------------
        # fabric/plugins/environments/lsf.py:166@7f0c343 (_read_hosts: LSB_DJOB_RANKFILE set but empty) and :200
        # (_get_main_port: no LSB_JOBID to derive the port from): LSFEnvironment reads the variables an LSF job's
        # jsrun sets (its docstring: "It is expected that any execution using this ClusterEnvironment was executed
        # using the Job Step Manager i.e. jsrun"); the job was started outside it.
        p(r"The environment variable `LSB_DJOB_RANKFILE` is empty|Could not find job id in environment variable "
          r"LSB_JOBID", "framework_usage", E,
          "Lightning's LSF environment was used outside an LSF job started with jsrun: the rank file or the job id "
          "that LSF sets is missing", "submit the job with bsub and start every rank with `jsrun ... python "
          "train.py`; outside LSF, do not pass LSFEnvironment (let Lightning detect the environment)",
          C.APPLICATION_BUG),
        # fabric/plugins/environments/mpi.py:40@7f0c343: MPIEnvironment raises lightning_utilities' RequirementCache
        # text when mpi4py cannot be imported: the MPI binding is not installed in this Python.
        p(r"Requirement 'mpi4py' not met", "mpi_library_missing", E,
          "Lightning's MPI environment needs mpi4py, and mpi4py is not installed (or not importable) in this Python",
          "install mpi4py against the MPI that launches the job: `MPICC=$(which mpicc) pip install --no-binary "
          "mpi4py mpi4py`, then check `python -c 'from mpi4py import MPI'` on every node", C.OTHER),
        # -- launchers and notebooks ---------------------------------------------------------------------------
        # fabric/strategies/launchers/subprocess_script.py:149@7f0c343 (_check_can_spawn_children: launch called
        # again), fabric/strategies/launchers/multiprocessing.py:248 (_check_missing_main_guard: a spawned child
        # re-ran the module's top level), pytorch/strategies/launchers/multiprocessing.py:116 (fit twice with a
        # spawn strategy: issue 18775), pytorch accelerator_connector.py:536 and fabric/connector.py:524 (a strategy
        # that starts processes by re-running the script, which a notebook cannot), fabric/fabric.py:1196
        # (_validate_launched: several devices but no .launch()) and :992 (.launch() under `fabric run`, which
        # has already started the processes): how the processes are started is the program's to fix.
        p(r"The launcher can only create subprocesses once|Launching multiple processes with the 'spawn' start "
          r"method requires that your script guards the main|Calling `trainer\.fit\(\)` twice on the same Trainer "
          r"instance using a spawn-based strategy|`(?:Trainer|Fabric)\(strategy=[^`]*\)` is not compatible with an "
          r"interactive environment|To use Fabric with more than one device, you must call `\.launch\(\)`|This "
          r"script was launched through the CLI, and processes have already been created\. Calling\s+`\.launch\(\)` "
          r"again", "framework_usage", E,
          "Lightning refuses how its processes are started: a second launch, a spawned script without a main guard, "
          "fit called twice under a spawn strategy, a script-launching strategy in a notebook, or Fabric on several "
          "devices without .launch() (or launched again under `fabric run`)",
          "guard the entry point with `if __name__ == \"__main__\": main()`, launch once (call fabric.launch() "
          "once, and not at all under `fabric run`), make a new Trainer for a second fit (fit(ckpt_path=...)), and "
          "in a notebook use strategy='ddp_notebook' or run the code as a script", C.APPLICATION_BUG),
        # pytorch accelerator_connector.py:377@7f0c343 (_set_devices_flag_if_auto_passed): devices='auto' in a
        # notebook on a node of several GPUs becomes devices=1: the job runs as one process on one GPU.
        p(r"Trainer will use only 1 of \d+ GPUs because it is running inside an interactive / notebook environment",
          "single_process", I,
          "Lightning runs this notebook's job as one process on one GPU, although the node has more",
          "run the training as a script (`python train.py` with Trainer(devices=<GPUs>)) to use every GPU; in the "
          "notebook, Trainer(devices=<GPUs>, strategy='ddp_notebook') is experimental", C.APPLICATION_BUG),
        # -- a GPU strategy on the CPU accelerator -------------------------------------------------------------
        # pytorch accelerator_connector.py:434@7f0c343 and fabric/connector.py:436 (_check_strategy_and_fallback),
        # pytorch/strategies/deepspeed.py:343 (setup_environment): both connectors resolve the default
        # accelerator='auto' (_choose_auto_accelerator) before these checks, to the CPU only where no CUDA device is
        # visible; a job that asked for FSDP or DeepSpeed did not find its GPU (unless it set the CPU itself).
        p(r"The strategy `fsdp` requires a GPU accelerator, but received `accelerator='cpu'`|You selected the FSDP "
          r"strategy but FSDP is only available on GPU|The DeepSpeed strategy is only supported on CUDA GPUs but "
          r"`CPUAccelerator` is used", "gpu_missing", E,
          "Lightning chose the CPU for an FSDP or DeepSpeed job: with the default accelerator='auto' that means no "
          "CUDA GPU is visible to this process (driver not loaded, GPUs not passed into the container, or hidden by "
          "CUDA_VISIBLE_DEVICES)", "check `nvidia-smi` and `python -c 'import torch; print(torch.cuda.is_available(), "
          "torch.cuda.device_count())'` where the job runs; pass accelerator='gpu' so a missing GPU fails with its "
          "own error, and do not set accelerator='cpu' with these strategies", C.CUDA_OR_DRIVER, "root",
          (C.APPLICATION_BUG,)),
        # -- flags, CLI and parallel sizes that do not fit -----------------------------------------------------
        # fabric/connector.py:311@7f0c343 and pytorch accelerator_connector.py:326 (devices=0 or []), fabric/
        # connector.py:549 (_argument_from_env: a flag in the code that differs from `fabric run`'s LT_* value),
        # fabric/strategies/model_parallel.py:527 (_setup_device_mesh: dp x tp must equal the world size).
        p(r"`(?:Trainer|Fabric)\(devices=[^`]*\)` value is not a valid input using \w+ accelerator|Your code has "
          r"`Fabric\(\w+=[^`]*\)` but it conflicts with the value `--\w+=[^`]*` set through the CLI|The sizes "
          r"`data_parallel_size=\d+` and `tensor_parallel_size=\d+` multiplied should equal the world size",
          "launch_config", E,
          "the launch does not fit what Lightning was told: zero devices, a flag in the code that contradicts "
          "`fabric run`'s, or data- and tensor-parallel sizes that do not multiply to the number of processes",
          "ask for 1 or more devices (or 'auto'), set devices / num_nodes / strategy either in the code or on the "
          "`fabric run` command line, not both, and start data_parallel_size x tensor_parallel_size processes "
          "(devices x num_nodes = WORLD_SIZE)", C.APPLICATION_BUG),
        # -- strategies used out of order ----------------------------------------------------------------------
        # pytorch/strategies/model_parallel.py:109@7f0c343 (the mesh read before setup_environment made it),
        # fabric/strategies/fsdp.py:879 (_init_sharding_strategy: HYBRID_SHARD needs a wrap policy, a process-group
        # pair or a mesh), pytorch/strategies/fsdp.py:389 (optimizers made from the unwrapped model's parameters).
        p(r"Accessing the device mesh before processes have initialized is not allowed|The hybrid sharding strategy "
          r"requires you to pass at least one of the parameters: `auto_wrap_policy`|The optimizer does not seem to "
          r"reference any FSDP parameters", "framework_usage", E,
          "a Lightning strategy was used out of order or without what it needs: the device mesh read before the "
          "processes are set up, hybrid sharding without a wrap policy, process groups or mesh, or an optimizer "
          "built from parameters FSDP does not hold",
          "read the mesh in or after configure_model / setup, pass auto_wrap_policy (or device_mesh) with "
          "sharding_strategy='HYBRID_SHARD', and create the optimizer in configure_optimizers() from "
          "self.trainer.model.parameters()", C.APPLICATION_BUG),
        # pytorch/utilities/data.py:114@7f0c343 (has_len_all_ranks: this rank's DataLoader is empty while the
        # others' are not, and allow_zero_length_dataloader_with_multiple_devices is off).
        p(r"`\w+` within local rank has zero length\. Please make sure that it returns at least 1 batch",
          "framework_usage", E,
          "this rank's DataLoader yields no batch while other ranks' do: the data is split so that one rank got "
          "nothing", "give every rank at least one batch (more samples than ranks x batch size, drop_last=False, a "
          "DistributedSampler over the whole dataset)", C.APPLICATION_BUG),
        # pytorch/utilities/data.py:117@7f0c343 (the same check, allowed: one rank has no batches while others run
        # theirs) and loops/optimization/automatic.py:134 (training_step returned None: this rank skips its
        # backward; core/module.py: "not supported for multi-GPU, TPU, or DeepSpeed"): on several ranks the others
        # wait in a gradient all-reduce this rank never joins. Only the likely reading: one GPU is fine.
        p(r"Total length of `\w+` across ranks is zero, but local rank has zero length|`training_step` returned "
          r"`None`\. If this was on purpose", "collective_mismatch", W,
          "a rank runs fewer steps than the others (no batches, or training_step returned None so it skips its "
          "backward): on several GPUs the other ranks wait in a gradient all-reduce it never joins",
          "return a loss from training_step on every rank and every step (skip a batch on all ranks together, "
          "e.g. with a zero loss), and give every rank the same number of batches (DistributedSampler, "
          "drop_last=True)", C.HANG_COLLECTIVE_MISMATCH, "likely", (C.APPLICATION_BUG,)),
        # -- releases and signals ------------------------------------------------------------------------------
        # pytorch/strategies/deepspeed.py:274@7f0c343 (and fabric's :254): PyTorch 2.6's torch.load defaults to
        # weights_only=True, which DeepSpeed supports from 0.16.0: the installed DeepSpeed is too old.
        p(r"PyTorch >= [\d.]+ requires DeepSpeed >= [\d.]+\. Detected DeepSpeed version", "framework_release", E,
          "the installed DeepSpeed is older than this PyTorch needs (checkpoint loading changed in PyTorch 2.6)",
          "pip install -U 'deepspeed>=0.16.0' (or use the PyTorch release the DeepSpeed installed supports)",
          C.OTHER),
        # pytorch/trainer/connectors/signal_connector.py:71@7f0c343 (_slurm_sigusr_handler_fn: SLURM's --signal
        # before the time limit, Lightning checkpoints and requeues) and :123 (_sigterm_handler_fn: the SIGTERM that
        # follows, ignored for the requeue): the scheduler is stopping the job, as trainers' `Received SIGTERM`.
        p(r"Handling auto-requeue signal: \d+|Bypassing SIGTERM: \d+", "job_stopped", W,
          "SLURM is stopping the job (its time limit is near, or it was preempted or cancelled): Lightning saves a "
          "checkpoint and requeues it, not an error of the job",
          "read why SLURM stopped the job (`sacct -j <id> -o State,Reason,Elapsed,Timelimit`); if it had hung "
          "until its time limit, the hang's own lines above are the cause", C.OTHER, "collateral",
          (C.HANG_COLLECTIVE_MISMATCH,)),
        # Lightning 1.x's ddp2 accelerator (Lightning-AI/pytorch-lightning#4678): it reads the node layout from
        # SLURM's or torchelastic's variables, so `python main.py` in an interactive allocation has none.
        p(r"ddp2 only works in SLURM or via torchelastic", "launch_config", E,
          "Lightning's ddp2 needs the job started by SLURM (srun) or torchelastic (torchrun), which set the variables "
          "it reads", "start it with srun (or torchrun), or use strategy='ddp'", C.APPLICATION_BUG),
        # Lightning 0.x - 1.x's Slurm check "You requested 2 GPUs but launched 1 slurm tasks. We will launch 2
        # processes for you." (Lightning-AI/pytorch-lightning#102): Slurm's tasks and the trainer's GPUs disagree, so
        # Lightning starts processes Slurm does not know of (or compares the job's tasks with one node's GPUs).
        p(r"You requested \d+ GPUs but launched \d+ slurm tasks", "launch_config", W,
          "Lightning's GPU count and Slurm's tasks disagree: Lightning starts processes of its own beside Slurm's",
          "give Slurm one task per GPU (--ntasks-per-node equal to Trainer(devices=...), --gres=gpu:<n>) and start "
          "the script with srun", C.APPLICATION_BUG, "root", (C.OTHER,)),
    )
