"""Lines of PyTorch Lightning 1.9 and 2.1 that 2023 threads paste when a multi-GPU or multi-node job fails, read alone
and inside an NCCL log: pytorch_lightning 1.9.5 (Lightning-AI/pytorch-lightning tag 1.9.5, a020506: the
lightning_fabric device parser and LSF environment, pytorch_lightning's accelerator connector, CUDA accelerator,
DDP strategy's deadlock detection and subprocess launcher; its warnings print in Python's default
`file:line: UserWarning: message` form) and lightning 2.1.4 (tag 2.1.4, 8623143: fabric's find_usable_cuda_devices,
NVML device count and multiprocessing launcher, whose warnings drop the category). Lines Lightning 2.5 still prints
the same way (the SLURM and torchelastic checks, `Initializing distributed`, `No supported gpu backend found!`) are in
trainlibs.py and not repeated. Torch's `Distributed package doesn't have NCCL` is not Lightning's: neither release
catches or rewords it (the backend is picked by device type only), so it is not listed. Causes decided from the code
around each line: devices, nodes or GPU indices that do not fit the machine, and Horovod given num_nodes, are
application_bug; a job started outside jsrun/LSF's rank file, CUDA touched before forking, a LOCAL_RANK that is not 0
in the launching process and fork on a platform without it misuse the framework (application_bug); no GPU at all
(devices=-1 with none visible, none visible to find_usable_cuda_devices), NVML that cannot initialize (Lightning
falls back to torch's count; the usual reason is a driver/library mismatch) and a container without nvidia-smi are
cuda_or_driver; GPUs that find_usable_cuda_devices cannot allocate a tensor on (its `except RuntimeError`: busy in
exclusive-process mode, or full) are cuda_error / cuda_or_driver. The deadlock detector's kill only says one rank
raised while the others did not, and its skipped check and the backend banner name nothing."""

from __future__ import annotations

CASES = [
    # lightning_fabric 1.9.5 / lightning 2.1.4 device parsing
    ('Lightning-AI/pytorch-lightning src/lightning_fabric/utilities/device_parser.py:136@a020506',
     'lightning_fabric.utilities.exceptions.MisconfigurationException: You requested gpu: [0, 1, 2, 3]\n But your machine only has: [0, 1]',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning_fabric/utilities/device_parser.py:91@a020506',
     'lightning_fabric.utilities.exceptions.MisconfigurationException: GPUs requested but none are available.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/accelerators/cuda.py:98@8623143',
     'ValueError: You requested to find 8 devices but there are no visible CUDA devices on this machine.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/accelerators/cuda.py:102@8623143',
     'ValueError: You requested to find 8 devices but this machine only has 4 GPUs.',
     'log.launch_config', 'application_bug'),
    # GPUs this process cannot use (busy in exclusive mode, or full): the GPUs the job asked for are not there
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/accelerators/cuda.py:121@8623143',
     "RuntimeError: You requested to find 8 devices but only 6 are currently available. The devices [6, 7] are occupied by other processes and can't be used at the moment.",
     'log.gpu_missing', 'cuda_or_driver'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/accelerators/cuda.py:241@8623143',
     "/opt/conda/lib/python3.10/site-packages/lightning/fabric/accelerators/cuda.py:241: Can't initialize NVML",
     'log.cuda_error', 'cuda_or_driver'),
    ('Lightning-AI/pytorch-lightning src/pytorch_lightning/accelerators/cuda.py:120@a020506',
     'FileNotFoundError: nvidia-smi: command not found',
     'log.gpu_missing', 'cuda_or_driver'),
    # pytorch_lightning 1.9.5 / lightning 2.1.4 accelerator connector
    ('Lightning-AI/pytorch-lightning src/pytorch_lightning/trainer/connectors/accelerator_connector.py:446@a020506',
     'pytorch_lightning.utilities.exceptions.MisconfigurationException: `Trainer(devices=0)` value is not a valid input using gpu accelerator.',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/connectors/accelerator_connector.py:324@8623143',
     'ValueError: `num_nodes` must be a positive integer, but got 0.',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/pytorch_lightning/trainer/connectors/accelerator_connector.py:688@a020506',
     'pytorch_lightning.utilities.exceptions.MisconfigurationException: Horovod does not support setting num_nodes / num_gpus explicitly. Use horovodrun / mpirun to configure the number of processes.',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/pytorch_lightning/trainer/connectors/accelerator_connector.py:679@a020506',
     "ValueError: You selected `Trainer(strategy='ddp_fork')` but process forking is not supported on this platform. We recommed `Trainer(strategy='ddp_spawn')` instead.",
     'log.framework_usage', 'application_bug'),
    # launchers and cluster environments
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/strategies/launchers/multiprocessing.py:204@8623143',
     "RuntimeError: Lightning can't create new processes if CUDA is already initialized. Did you manually call `torch.cuda.*` functions, have moved the model to the device, or allocated memory on the GPU any other way? Please remove any such calls, or change the selected strategy.",
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/strategies/launchers/multiprocessing.py:70@8623143',
     "ValueError: The start method 'fork' is not available on this platform. Available methods are: spawn",
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/pytorch_lightning/strategies/launchers/subprocess_script.py:127@a020506',
     'RuntimeError: Lightning attempted to launch new distributed processes with `local_rank > 0`. This should not happen. Possible reasons: 1) LOCAL_RANK environment variable was incorrectly modified by the user, 2) `ClusterEnvironment.creates_processes_externally` incorrectly implemented.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning_fabric/plugins/environments/lsf.py:102@a020506',
     'ValueError: Cannot determine global rank. Environment variable `JSM_NAMESPACE_RANK` not found.Make sure you run your executable with `jsrun`.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning_fabric/plugins/environments/lsf.py:150@a020506',
     'ValueError: Did not find the environment variable `LSB_DJOB_RANKFILE`',
     'log.framework_usage', 'application_bug'),
]

NO_CAUSE = [
    'pytorch_lightning.utilities.exceptions.DeadlockDetectedException: DeadLock detected from rank: 3 ',  # Lightning-AI/pytorch-lightning src/pytorch_lightning/strategies/ddp.py:460@a020506
    '/opt/conda/lib/python3.10/site-packages/pytorch_lightning/strategies/ddp.py:437: UserWarning: Error handling mechanism for deadlock detection is uninitialized. Skipping check.',  # Lightning-AI/pytorch-lightning src/pytorch_lightning/strategies/ddp.py:437@a020506
    'distributed_backend=nccl',  # Lightning-AI/pytorch-lightning src/lightning_fabric/utilities/distributed.py:248@a020506
]
