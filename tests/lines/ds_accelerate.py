"""DeepSpeed's launcher, elasticity and comm checks (deepspeedai/DeepSpeed edaa722) and Accelerate's launch and
environment checks (huggingface/accelerate 16cb6eb) that earlier families did not read. Causes decided from the code:
a --num_nodes range outside elastic training and an elasticity configuration the GPUs cannot satisfy are the launch
(application_bug); a collective API the installed torch lacks is the release
(framework_release); an FP8 backend or nvidia-ml-py missing is a package (other); accelerate's worker run as a plain
`python` subprocess that exited non-zero is the worker's own error (no cause of its own). A DeepSpeed backend without
mesh device set-up is a note."""

from __future__ import annotations

CASES = [
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:431@edaa722',
     'RuntimeError: num_nodes 2-4 is not in MIN:MAX format',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/elasticity/config.py:84@edaa722',
     'deepspeed.elasticity.config.ElasticityConfigError: Elasticity min_gpus cannot be greater than max_gpus, given min_gpus: 16, max_gpus: 8',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/elasticity/elasticity.py:223@edaa722',
     'deepspeed.elasticity.config.ElasticityError: In Elasticity v0.2, number of GPUs per node:8 should be divisible by model parallel size 3',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/comm/torch.py:203@edaa722',
     'RuntimeError: Current torch version does not have all_reduce_coalesced api (torch.__version__: 1.12.1)',
     'log.framework_release', 'other'),
    ('deepspeedai/DeepSpeed deepspeed/comm/torch.py:457@edaa722',
     'RuntimeError: Torch version must be 2.5 or higher to use symmetric memory. Current version: 2.4.1',
     'log.framework_release', 'other'),
    ('huggingface/accelerate src/accelerate/utils/launch.py:178@16cb6eb',
     'RuntimeError: FP8 is not available on this machine. Please ensure that either Transformer Engine, MSAMP or torchao is installed.',
     'log.package_build', 'other'),
    ('huggingface/accelerate src/accelerate/utils/environment.py:340@16cb6eb',
     'ImportError: To set CPU affinity on CUDA GPUs the `nvidia-ml-py` package must be available. (`pip install nvidia-ml-py`)',
     'log.package_build', 'other'),
]

NO_CAUSE = [
    # huggingface/accelerate src/accelerate/commands/launch.py:993@16cb6eb: the worker's own error is above it
    "subprocess.CalledProcessError: Command '['/usr/bin/python3', 'train.py']' returned non-zero exit status 1.",
    # deepspeedai/DeepSpeed deepspeed/comm/comm.py:776@edaa722
    '[2026-08-22 12:00:00,000] [WARNING] [comm.py:776:initialize_mesh_device] Backend ccl does not support mesh device initialization',
]
