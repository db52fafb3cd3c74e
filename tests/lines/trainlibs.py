"""Lines of the training libraries that launch and wire NCCL jobs, read alone and inside an NCCL log: DeepSpeed
(deepspeedai/DeepSpeed edaa722: the `deepspeed` runner and its hostfile, include/exclude and elastic checks in
launcher/runner.py, the pdsh/openmpi/mpich/mvapich/slurm runners of launcher/multinode_runner.py, the per-node
launcher/launch.py (its lines come back from other nodes behind pdsh's `host: ` prefix) and launcher_helper.py,
comm/comm.py's MPI discovery, utils/groups.py, elasticity, accelerator/real_accelerator.py, in DeepSpeed's
`[time] [LEVEL] [file:line:func]` log format), Hugging Face Accelerate (huggingface/accelerate 16cb6eb: state.py,
commands/launch.py, utils/launch.py, utils/environment.py) and PyTorch Lightning / Fabric
(Lightning-AI/pytorch-lightning 7f0c343: fabric/plugins/environments slurm, torchelastic and lsf, fabric/strategies
deepspeed, fabric/accelerators/cuda, pytorch's accelerator_connector, trainer/setup.py and signal_connector; its
warnings print as `file:line: message`, its rank prefix is lightning_utilities 0.15.3's `[rank: N]`).
Causes decided from the code and help text around each line: hostfiles, include/exclude filters, node ranks, devices
and node counts, world sizes that a parallel or elastic layout cannot take, and MPI ranks that disagree with torch's
are launches that do not fit the machines (application_bug); a launcher run without its environment (LSF's jsrun
variables, accelerate's main process port) is framework misuse, as accelerate's `Your assigned backend nccl is not
available`, raised only when the job asked for the CPU (or XLA, SageMaker) and NCCL together, never for a missing
libnccl (_prepare_backend). DeepSpeed's `Setting accelerator to CPU`, accelerate's
default `--num_processes` of 0 (torch.cuda.device_count() with no other accelerator), Lightning's `GPU available:
False` and its accelerator that `can not run on your system` mean no GPU is visible (cuda_or_driver). Launchers that
are not installed (mvapich's mpiname, accelerate's mpirun) are `other`, as Open MPI's ssh and PATH problems are.
DeepSpeed's per-node launcher logs every NCCL_* variable it passes on: NCCL_IB_DISABLE=1 there is the socket
fallback. The master address that `hostname -I` could not give is the interface (as its sibling at runner.py:507).
Accelerate's single-node port warning names a port some other process holds (a previous run still alive), though it
goes on with a free one: application_bug, as its multi-node raise. Lightning's `srun` warning names the launch its
docstring calls the frequent cause of hanging processes on SLURM (application_bug); its SIGTERM line is the
scheduler stopping the job (`other`, as torchrun's death signal). A worker that exited with code 1, the launcher's
CalledProcessError, DeepSpeed's unknown worker-group state and the progress lines (MPI discovery, the IP chosen,
process registration, CUDA_VISIBLE_DEVICES per rank, Tensor Cores, the hostfile absent on one node, defaults
accelerate filled in, variables it skips writing to .deepspeed_env, Lightning's default MASTER_PORT) name nothing."""

from __future__ import annotations

CASES = [
    # DeepSpeed runner (`deepspeed` CLI): hostfile and resource filters
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:262@edaa722',
     'ValueError: Hostfile contains multiple entries for worker-1, unable to proceed with launching',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:349@edaa722',
     "ValueError: No slot '8' specified on host 'worker-1'",
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:464@edaa722',
     'ValueError: Cannot specify num_nodes/gpus with include/exclude',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:444@edaa722',
     'AssertionError: Master Addr is required when elastic training is enabled',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:539@edaa722',
     'AssertionError: Launching training without ssh, but --node_rank is not set correctly.',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:512@edaa722',
     'RuntimeError: Unable to detect suitable master address via `hostname -I`, please manually specify one via --master_addr',
     'log.no_interface', 'wrong_interface'),
    # DeepSpeed multinode runners
    ('deepspeedai/DeepSpeed deepspeed/launcher/multinode_runner.py:146@edaa722',
     'ValueError: openmpi backend does not support worker include/exclusion',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/multinode_runner.py:216@edaa722',
     'ValueError: MPICH requires same number of devices per node',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/multinode_runner.py:424@edaa722',
     '/usr/local/lib/python3.11/dist-packages/deepspeed/launcher/multinode_runner.py:424: UserWarning: mpiname does not exist, mvapich is not installed properly',
     'log.mpi_launch', 'other'),
    # DeepSpeed per-node launcher (behind pdsh) and launcher_helper
    ('deepspeedai/DeepSpeed deepspeed/launcher/launch.py:155@edaa722',
     'worker-1: [2026-12-01 10:14:03,118] [INFO] [launch.py:155:main] 1 NCCL_IB_DISABLE=1',
     'log.ib_disabled', 'socket_fallback'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/launcher_helper.py:62@edaa722',
     "OSError: rank number doesn't match!",
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/launcher_helper.py:64@edaa722',
     'OSError: rank number is not in current env!',
     'log.framework_usage', 'application_bug'),
    # DeepSpeed comm, groups, elasticity, accelerator
    ('deepspeedai/DeepSpeed deepspeed/comm/comm.py:902@edaa722',
     'AssertionError: MPI world size 16 does not match torch world size 8',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/utils/groups.py:684@edaa722',
     'AssertionError: num_gpus not equal to device per node, cannot initialize All-To-All',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/elasticity/elasticity.py:354@edaa722',
     'deepspeed.elasticity.config.ElasticityIncompatibleWorldSize: World size (12) is not valid with the current list of valid GPU counts: [8, 16, 32, 64]',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed accelerator/real_accelerator.py:199@edaa722',
     '[2026-12-01 10:14:01,004] [WARNING] [real_accelerator.py:199:get_accelerator] Setting accelerator to CPU. If you have GPU or other accelerator, we were unable to detect it.',
     'log.gpu_missing', 'cuda_or_driver'),
    # Accelerate
    ('huggingface/accelerate src/accelerate/utils/launch.py:69@16cb6eb',
     'OSError: mpirun or mpiexec were not found. Ensure that Intel MPI, Open MPI, or MVAPICH are installed.',
     'log.mpi_launch', 'other'),
    ('huggingface/accelerate src/accelerate/utils/launch.py:157@16cb6eb',
     'AssertionError: When using multiple machines, you need to specify the main process port.',
     'log.framework_usage', 'application_bug'),
    ('huggingface/accelerate src/accelerate/utils/launch.py:236@16cb6eb',
     '/usr/local/lib/python3.11/dist-packages/accelerate/utils/launch.py:236: UserWarning: Port `29500` is already in use. Accelerate will attempt to launch in a standalone-like mode by finding an open port automatically for this session. If this current attempt fails, or for more control in future runs, please specify a different port (e.g., `--main_process_port <your_chosen_port>`) or use `--main_process_port 0` for automatic selection in your launch command or Accelerate config file.',
     'log.port_in_use', 'application_bug'),
    ('huggingface/accelerate src/accelerate/commands/launch.py:1203@16cb6eb',
     'ValueError: You need to use at least 2 processes to use `--multi_gpu`.',
     'log.launch_config', 'application_bug'),
    ('huggingface/accelerate src/accelerate/commands/launch.py:1253@16cb6eb',
     "ValueError: Less than two GPU ids were configured and tried to run on multiple GPUs. Please ensure at least two are specified for `--gpu_ids`, or use `--gpu_ids='all'`.",
     'log.launch_config', 'application_bug'),
    ('huggingface/accelerate src/accelerate/commands/launch.py:1300@16cb6eb',
     'ValueError: You need to manually pass in `--num_processes` using this config yaml.',
     'log.launch_config', 'application_bug'),
    ('huggingface/accelerate src/accelerate/commands/launch.py:1319@16cb6eb',
     '\t`--num_processes` was set to a value of `0`',
     'log.gpu_missing', 'cuda_or_driver'),
    ('huggingface/accelerate src/accelerate/state.py:197@16cb6eb',
     'ValueError: Your assigned backend nccl is not available, please use gloo',
     'log.framework_usage', 'application_bug'),
    # Lightning / Fabric
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/slurm.py:163@7f0c343',
     'ValueError: You set `devices=8` in Lightning, but the number of tasks per node configured in SLURM `--ntasks-per-node=4` does not match. HINT: Set `devices=4`.',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/slurm.py:169@7f0c343',
     'ValueError: You set `num_nodes=1` in Lightning, but the number of nodes configured in SLURM `--nodes=2` does not match. HINT: Set `num_nodes=2`.',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/slurm.py:221@7f0c343',
     'RuntimeError: You set `--ntasks=16` in your SLURM bash script, but this variable is not supported. HINT: Use `--ntasks-per-node=16` instead.',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/slurm.py:204@7f0c343',
     '/opt/conda/lib/python3.11/site-packages/lightning/fabric/plugins/environments/slurm.py:204: The `srun` command is available on your system but is not used. HINT: If your intention is to run Lightning on SLURM, prepend your python command with `srun` like so: srun python train.py --trainer.devices=8 --trainer.num_nodes=2 ...',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/torchelastic.py:90@7f0c343',
     'ValueError: You set `devices=4` and `num_nodes=1` in Lightning, but the product (4 * 1) does not match the world size (8).',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/lsf.py:96@7f0c343',
     'ValueError: Cannot determine world size. Environment variable `JSM_NAMESPACE_SIZE` not found. Make sure you run your executable with `jsrun`.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/strategies/deepspeed.py:883@7f0c343',
     "RuntimeError: The selected device indices [2, 3] don't match the local rank values of processes. If you need to select GPUs at a specific index, set the `CUDA_VISIBLE_DEVICES` environment variable instead. For example: `CUDA_VISIBLE_DEVICES=2,3`.",
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/accelerator_connector.py:356@7f0c343',
     "lightning.fabric.utilities.exceptions.MisconfigurationException: `CUDAAccelerator` can not run on your system since the accelerator is not available. The following accelerator(s) is available and can be passed into `accelerator` argument of `Trainer`: ['cpu'].",
     'log.gpu_missing', 'cuda_or_driver'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/accelerator_connector.py:341@7f0c343',
     'lightning.fabric.utilities.exceptions.MisconfigurationException: No supported gpu backend found!',
     'log.gpu_missing', 'cuda_or_driver'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/setup.py:164@7f0c343',
     'GPU available: False, used: False',
     'log.gpu_missing', 'cuda_or_driver'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/signal_connector.py:109@7f0c343',
     '[rank: 0] Received SIGTERM: 15',
     'log.job_stopped', 'other'),
]

NO_CAUSE = [
    '[2026-12-01 10:14:01,210] [WARNING] [runner.py:232:fetch_hostfile] Unable to find hostfile, will proceed with training with local resources only.',  # deepspeedai/DeepSpeed deepspeed/launcher/runner.py:232@edaa722
    "Detected VISIBLE_DEVICES=0,1,2,3 but ignoring it because one or several of --include/--exclude/--num_gpus/--num_nodes cl args were used. If you want to use CUDA_VISIBLE_DEVICES don't pass any of these arguments to deepspeed.",  # deepspeedai/DeepSpeed deepspeed/launcher/runner.py:454@edaa722
    '[2026-12-01 10:14:01,733] [INFO] [runner.py:515:main] Using IP address of 10.0.0.11 for node worker-0',  # deepspeedai/DeepSpeed deepspeed/launcher/runner.py:515@edaa722
    "worker-1: [2026-12-01 10:31:40,552] [ERROR] [launch.py:341:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=7', '--deepspeed', '--deepspeed_config', 'ds_config.json'] exits with return code = 1",  # deepspeedai/DeepSpeed deepspeed/launcher/launch.py:341@edaa722
    '[2026-12-01 10:14:04,019] [INFO] [comm.py:895:mpi_discovery] Discovered MPI settings of world_rank=0, local_rank=0, world_size=16, master_addr=10.0.0.11, master_port=29500',  # deepspeedai/DeepSpeed deepspeed/comm/comm.py:895@edaa722
    'Exception: [default] Worker group in UNKNOWN state',  # deepspeedai/DeepSpeed deepspeed/elasticity/elastic_agent.py:190@edaa722
    "subprocess.CalledProcessError: Command '['/usr/bin/python3', 'train.py', '--config', 'cfg.yaml']' returned non-zero exit status 1.",  # huggingface/accelerate src/accelerate/commands/launch.py:993@16cb6eb
    '\t`--num_processes` was set to a value of `8`',  # huggingface/accelerate src/accelerate/commands/launch.py:1319@16cb6eb
    'WARNING: Skipping LS_COLORS=rs=0:di=01;34:ln=01;36:mh=00 as it contains forbidden characters or missing values.',  # huggingface/accelerate src/accelerate/utils/environment.py:55@16cb6eb
    '/opt/conda/lib/python3.11/site-packages/lightning/fabric/plugins/environments/torchelastic.py:48: MASTER_PORT environment variable is not defined. Set as 12910',  # Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/torchelastic.py:48@7f0c343
    'Initializing distributed: GLOBAL_RANK: 3, MEMBER: 4/16',  # Lightning-AI/pytorch-lightning src/lightning/fabric/utilities/distributed.py:282@7f0c343
    'All distributed processes registered. Starting with 16 processes',  # Lightning-AI/pytorch-lightning src/lightning/fabric/utilities/distributed.py:290@7f0c343
    'LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]',  # Lightning-AI/pytorch-lightning src/lightning/pytorch/accelerators/cuda.py:61@7f0c343
    'GPU available: True (cuda), used: True',  # Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/setup.py:164@7f0c343
    "You are using a CUDA device ('NVIDIA H100 80GB HBM3') that has Tensor Cores. To properly utilize them, you should set `torch.set_float32_matmul_precision('medium' | 'high')` which will trade-off precision for performance. For more details, read https://pytorch.org/docs/stable/generated/torch.set_float32_matmul_precision.html#torch.set_float32_matmul_precision",  # Lightning-AI/pytorch-lightning src/lightning/fabric/accelerators/cuda.py:171@7f0c343
]
