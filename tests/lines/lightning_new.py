"""Lines of PyTorch Lightning and Lightning Fabric 2.6 (Lightning-AI/pytorch-lightning 7f0c343, version 2.6.2) that a
multi-GPU or multi-node job prints when it is misconfigured, hangs or crashes, read alone and inside an NCCL log,
beside those that lightning_old.py, trainlibs.py and windows_wsl.py already list: fabric/plugins/environments (lsf,
mpi, torchelastic), fabric/strategies/launchers (subprocess_script's launcher and child-process observer,
multiprocessing's main guard), fabric/connector.py and fabric.py (Fabric's flags, CLI and launch checks),
fabric/strategies (model_parallel's device mesh, fsdp's hybrid sharding, deepspeed's version check), pytorch's
accelerator_connector, strategies (ddp, fsdp, deepspeed, model_parallel, the multiprocessing launcher), signal_connector
(SLURM auto-requeue), utilities/data.py, loops/optimization/automatic.py, logger_connector/result.py and fabric's seed
helper. Warnings print in Lightning's `file:line: message` form (fabric/utilities/warnings.py), rank prefixes are
lightning_utilities 0.15.3's `[rank: N]`, and MPIEnvironment's message is that release's RequirementCache text.
Causes decided from the code and help text around each line: a job started outside jsrun's LSF variables, a second
launch, a missing `__main__` guard, spawn strategies in notebooks, Fabric used on several devices without `.launch()`,
DDP's unused parameters, FSDP's optimizer and hybrid-sharding rules and a rank whose DataLoader yields no batch misuse
the framework (application_bug); parallel sizes that do not multiply to the world size, `devices=0` and Fabric flags
that contradict `fabric run`'s are launches that do not fit (application_bug). FSDP or DeepSpeed refused with
`accelerator='cpu'` / `CPUAccelerator`: the connector resolves the default accelerator='auto' to CPU only when no CUDA
device is visible, before these checks run, so on a job that asked for FSDP/DeepSpeed the GPU is missing
(cuda_or_driver), as trainlibs' `GPU available: False`. `Trainer will use only 1 of 8 GPUs` in a notebook is the job
run as one process (single_process). `training_step` returning None is documented as `not supported for multi-GPU,
TPU, or DeepSpeed` (core/module.py): on several ranks one rank skips its backward and the others wait in its gradient
all-reduce, as with the uneven per-rank batch counts data.py warns of (hang_collective_mismatch). PyTorch 2.6 with
DeepSpeed < 0.16 is a release too old (framework_release, `other`); mpi4py absent for MPIEnvironment is the MPI
binding missing (`other`). The SLURM auto-requeue signal and the SIGTERM Lightning bypasses for it are the scheduler
stopping the job (`other`, as trainlibs' `Received SIGTERM`). torchelastic's MASTER_ADDR default of 127.0.0.1 is
right on one node and wrong when the job spans several (the other nodes dial themselves): wrong_interface, as ncclkit
already reads the bare line (test_stack_lines.py). The child-process observer's kill (the child's own error is the
cause), progress lines (DeepSpeed init, seeds, requeue steps), a failed `scontrol requeue` and the sync_dist advice
that healthy runs print name nothing."""

from __future__ import annotations

CASES = [
    # cluster environments: LSF (jsrun), torchelastic and MPI
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/lsf.py:126@7f0c343',
     'ValueError: Cannot determine local rank. Environment variable `JSM_NAMESPACE_LOCAL_RANK` not found. Make sure you run your executable with `jsrun`.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/lsf.py:166@7f0c343',
     'ValueError: The environment variable `LSB_DJOB_RANKFILE` is empty',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/lsf.py:200@7f0c343',
     'ValueError: Could not find job id in environment variable LSB_JOBID',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/torchelastic.py:39@7f0c343',
     '/opt/conda/lib/python3.11/site-packages/lightning/fabric/plugins/environments/torchelastic.py:39: MASTER_ADDR environment variable is not defined. Set as localhost',
     'log.no_interface', 'wrong_interface'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/mpi.py:40@7f0c343',
     "ModuleNotFoundError: Requirement 'mpi4py' not met. HINT: Try running `pip install -U 'mpi4py'`",
     'log.mpi_library_missing', 'other'),
    # launchers
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/strategies/launchers/subprocess_script.py:149@7f0c343',
     'RuntimeError: The launcher can only create subprocesses once.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/strategies/launchers/multiprocessing.py:261@7f0c343',
     "Launching multiple processes with the 'spawn' start method requires that your script guards the main",
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/strategies/launchers/multiprocessing.py:115@7f0c343',
     'NotImplementedError: Calling `trainer.fit()` twice on the same Trainer instance using a spawn-based strategy is not supported. You can work around this limitation by creating a new Trainer instance and passing the `fit(ckpt_path=...)` argument.',
     'log.framework_usage', 'application_bug'),
    # interactive / notebook environments
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/accelerator_connector.py:535@7f0c343',
     "lightning.fabric.utilities.exceptions.MisconfigurationException: `Trainer(strategy='ddp')` is not compatible with an interactive environment. Run your code as a script, or choose a notebook-compatible strategy: `Trainer(strategy='ddp_notebook')`. In case you are spawning processes yourself, make sure to include the Trainer creation inside the worker function.",
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/connector.py:523@7f0c343',
     "RuntimeError: `Fabric(strategy='ddp')` is not compatible with an interactive environment. Run your code as a script, or choose one of the compatible strategies: `Fabric(strategy='dp'|'ddp_notebook')`. In case you are spawning processes yourself, make sure to include the Fabric creation inside the worker function.",
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/accelerator_connector.py:377@7f0c343',
     'Trainer will use only 1 of 8 GPUs because it is running inside an interactive / notebook environment. You may try to set `Trainer(devices=8)` but please note that multi-GPU inside interactive / notebook environments is considered experimental and unstable. Your mileage may vary.',
     'log.single_process', 'application_bug'),
    # GPU strategies on a node where the default accelerator resolved to CPU
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/accelerator_connector.py:434@7f0c343',
     "ValueError: The strategy `fsdp` requires a GPU accelerator, but received `accelerator='cpu'`. Please set `accelerator='cuda'`, `accelerator='gpu'`, or pass a `CUDAAccelerator()` instance to use FSDP.",
     'log.gpu_missing', 'cuda_or_driver'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/connector.py:436@7f0c343',
     "ValueError: You selected the FSDP strategy but FSDP is only available on GPU. Set `Fabric(accelerator='gpu', ...)` to continue or select a different strategy.",
     'log.gpu_missing', 'cuda_or_driver'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/strategies/deepspeed.py:343@7f0c343',
     'RuntimeError: The DeepSpeed strategy is only supported on CUDA GPUs but `CPUAccelerator` is used.',
     'log.gpu_missing', 'cuda_or_driver'),
    # Fabric flags, CLI and launch
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/connector.py:311@7f0c343',
     'ValueError: `Fabric(devices=0)` value is not a valid input using cuda accelerator.',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/connector.py:549@7f0c343',
     'ValueError: Your code has `Fabric(num_nodes=1, ...)` but it conflicts with the value `--num_nodes=2` set through the CLI.  Remove it either from the CLI or from the Lightning Fabric object.',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/connector.py:429@7f0c343',
     "ValueError: You selected `Fabric(strategy='ddp_fork')` but process forking is not supported on this platform. We recommend `Fabric(strategy='ddp_spawn')` instead.",
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/fabric.py:1195@7f0c343',
     'RuntimeError: To use Fabric with more than one device, you must call `.launch()` or use the CLI: `fabric run --help`.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/fabric.py:990@7f0c343',
     'RuntimeError: This script was launched through the CLI, and processes have already been created. Calling  `.launch()` again is not allowed.',
     'log.framework_usage', 'application_bug'),
    # strategies
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/strategies/model_parallel.py:527@7f0c343',
     'RuntimeError: The sizes `data_parallel_size=2` and `tensor_parallel_size=8` multiplied should equal the world size (8).',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/strategies/model_parallel.py:109@7f0c343',
     'RuntimeError: Accessing the device mesh before processes have initialized is not allowed.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/strategies/fsdp.py:879@7f0c343',
     'RuntimeError: The hybrid sharding strategy requires you to pass at least one of the parameters: `auto_wrap_policy`, `process_group` tuple, or `device_mesh`.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/strategies/fsdp.py:389@7f0c343',
     'ValueError: The optimizer does not seem to reference any FSDP parameters. HINT: Make sure to create the optimizer after setting up the model by referencing `self.trainer.model.parameters()` in the `configure_optimizers()` hook.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/strategies/ddp.py:420@7f0c343',
     "RuntimeError: It looks like your LightningModule has parameters that were not used in producing the loss returned by training_step. If this is intentional, you must enable the detection of unused parameters in DDP, either by setting the string value `strategy='ddp_find_unused_parameters_true'` or by setting the flag in the strategy with `strategy=DDPStrategy(find_unused_parameters=True)`.",
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/strategies/deepspeed.py:274@7f0c343',
     "ImportError: PyTorch >= 2.6 requires DeepSpeed >= 0.16.0. Detected DeepSpeed version: 0.15.4. Please upgrade by running `pip install -U 'deepspeed>=0.16.0'`.",
     'log.framework_release', 'other'),
    # data and loops on several ranks
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/utilities/data.py:113@7f0c343',
     'RuntimeError: `DataLoader` within local rank has zero length. Please make sure that it returns at least 1 batch.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/utilities/data.py:117@7f0c343',
     '/opt/conda/lib/python3.11/site-packages/lightning/pytorch/utilities/data.py:117: Total length of `DataLoader` across ranks is zero, but local rank has zero length. Please be cautious of uneven batch length.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/loops/optimization/automatic.py:134@7f0c343',
     '/opt/conda/lib/python3.11/site-packages/lightning/pytorch/loops/optimization/automatic.py:134: `training_step` returned `None`. If this was on purpose, ignore this warning...',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    # SLURM signals
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/signal_connector.py:71@7f0c343',
     'Handling auto-requeue signal: 10',
     'log.job_stopped', 'other'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/signal_connector.py:123@7f0c343',
     'Bypassing SIGTERM: 15',
     'log.job_stopped', 'other'),
]

NO_CAUSE = [
    '[rank: 1] Child process with PID 48213 terminated with code 1. Forcefully terminating all other processes to avoid zombies 🧟',  # Lightning-AI/pytorch-lightning src/lightning/fabric/strategies/launchers/subprocess_script.py:219@7f0c343
    'initializing deepspeed distributed: GLOBAL_RANK: 3, MEMBER: 4/16',  # Lightning-AI/pytorch-lightning src/lightning/pytorch/strategies/deepspeed.py:383@7f0c343
    '[rank: 3] Seed set to 42',  # Lightning-AI/pytorch-lightning src/lightning/fabric/utilities/seed.py:57@7f0c343
    'SLURM auto-requeueing enabled. Setting signal handlers.',  # Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/signal_connector.py:54@7f0c343
    'requeing job 4821337...',  # Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/signal_connector.py:93@7f0c343
    'Requeued SLURM job: 4821337',  # Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/signal_connector.py:104@7f0c343
    'Requeuing SLURM job 4821337 failed with error code 1',  # Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/signal_connector.py:106@7f0c343
    "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/logger_connector/result.py:433: It is recommended to use `self.log('val_loss', ..., sync_dist=True)` when logging on epoch level in distributed setting to accumulate the metric across devices.",  # Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/logger_connector/result.py:433@7f0c343
]
