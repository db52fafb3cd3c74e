"""Lines of the launchers and start-up checks of training codebases outside the catalogued frameworks, read alone
and inside an NCCL log: ColossalAI (hpcaitech/ColossalAI 4f9953b: the `colossalai run` CLI in
colossalai/cli/launcher (run.py, hostinfo.py, multinode_runner.py, whose fabric exceptions come from invoke 3.0.3 and
paramiko 5.1.0), colossalai/initialize.py's launch_from_* and the booster plugins' size checks), karpathy/llm.c
(f1e2ace: llmc/zero.cuh's MPI/TCP/filesystem NCCL-init methods and nccl/mpi checks, llmc/cuda_common.h, the
Makefile's NCCL probe), nanotron (huggingface/nanotron 2411b02: parallel/context.py, distributed.py,
tensor_parallel/nn.py), torchtitan (pytorch/torchtitan b5bcd76: distributed/parallel_dims.py, distributed/utils.py,
components/metrics.py; `[rank0]:` is the prefix of its run_train.sh's torchrun --tee), fairseq
(facebookresearch/fairseq 3d262bb: distributed/utils.py, trainer.py, with fairseq_cli's log format), MosaicML composer
(mosaicml/composer 6405188: cli/launcher.py, utils/dist.py) and torchx (pytorch/torchx b72ba03: distributed, the
local scheduler, cmd_run). Library error strings that these programs print bare (ncclGetErrorString,
cudaGetErrorString, paramiko's and invoke's exception texts) were checked against NVIDIA/nccl and the wheels.
Causes decided from the code and help text around each line, one by one: parallel sizes, hostfiles, node and rank
arguments that do not fit the machines are application_bug, as are a script run without the launcher's environment
variables and a process group used before it exists; llm.c's TCP init failing to reach rank 0's port 12345 (and
ColossalAI's ssh failing on port 22) is firewall_or_port_blocked, its socket closed before the id arrived is
rank_crashed_elsewhere, a build without NCCL or MPI is other; out-of-memory reports are oom, fairseq's unpicklable
all_gather_list is hang_collective_mismatch, as its message says. Progress, wrappers that only say a rank or a
command failed, and bare error headers name nothing; NCCL's result printed bare leads as that result (RESULT_ONLY)."""

from __future__ import annotations

CASES = [
    # ColossalAI `colossalai run` and start-up checks
    ('hpcaitech/ColossalAI colossalai/cli/launcher/multinode_runner.py:57@4f9953b',
     'Error: failed to run torchrun --nproc_per_node=8 --nnodes=2 --node_rank=1 --master_addr=node-01 --master_port=29500 train.py --config config.py on node-02, is localhost: False, exception: [Errno None] Unable to connect to port 22 on 10.0.0.2',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('hpcaitech/ColossalAI colossalai/cli/launcher/run.py:51@4f9953b',
     'Error: found duplicate host node-02 in the hostfile',
     'log.launch_config', 'application_bug'),
    ('hpcaitech/ColossalAI colossalai/cli/launcher/run.py:34@4f9953b',
     'Error: Unable to find the hostfile, no such file: ./hostfile',
     'log.launch_config', 'application_bug'),
    ('hpcaitech/ColossalAI colossalai/cli/launcher/hostinfo.py:102@4f9953b',
     'Exception: Hostname node-03 is not found',
     'log.launch_config', 'application_bug'),
    ('hpcaitech/ColossalAI colossalai/initialize.py:172@4f9953b',
     "RuntimeError: Could not find 'RANK' in the torch environment, visit https://www.colossalai.org/ for more information on launching with torch",
     'log.framework_usage', 'application_bug'),
    ('hpcaitech/ColossalAI colossalai/booster/plugin/hybrid_parallel_plugin.py:1054@4f9953b',
     'AssertionError: World size 12 is not divisible by tp_size 8 * pp_size 1',
     'log.launch_config', 'application_bug'),
    ('hpcaitech/ColossalAI colossalai/booster/plugin/moe_hybrid_parallel_plugin.py:268@4f9953b',
     'AssertionError: dp_size should be divisible by ep_size, self.dp_size=2 ep_size=4',
     'log.launch_config', 'application_bug'),
    ('hpcaitech/ColossalAI colossalai/booster/plugin/dp_plugin_base.py:19@4f9953b',
     'AssertionError: torch.distributed is not initialized, please use colossalai.launch to create the distributed environment',
     'log.framework_usage', 'application_bug'),
    # karpathy/llm.c multi-GPU init
    ('karpathy/llm.c llmc/zero.cuh:38@f1e2ace',
     'unhandled cuda error (run with NCCL_DEBUG=INFO for details)',
     'log.cuda_error', 'cuda_or_driver'),
    ('karpathy/llm.c llmc/zero.cuh:38@f1e2ace',
     'remote process exited or there was a network error',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('karpathy/llm.c llmc/cuda_common.h:54@f1e2ace',
     'invalid device ordinal',
     'log.cuda_error', 'application_bug'),
    ('karpathy/llm.c llmc/zero.cuh:316@f1e2ace',
     'Failed to connect to the server',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('karpathy/llm.c llmc/zero.cuh:308@f1e2ace',
     'Invalid address or address not supported',
     'log.launch_config', 'application_bug'),
    ('karpathy/llm.c llmc/zero.cuh:324@f1e2ace',
     'Failed to receive nccl_id',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('karpathy/llm.c llmc/zero.cuh:428@f1e2ace',
     'MPI support is disabled. Please enable MPI support to use MPI-based NCCL-init method.',
     'log.package_build', 'other'),
    ('karpathy/llm.c llmc/zero.cuh:444@f1e2ace',
     'Invalid NCCL-init method',
     'log.launch_config', 'application_bug'),
    ('karpathy/llm.c Makefile:210@f1e2ace',
     '✗ NCCL is not found, disabling multi-GPU support',
     'log.package_build', 'other'),
    # nanotron
    ('huggingface/nanotron src/nanotron/parallel/context.py:28@2411b02',
     'AssertionError: TP*CP*DP*PP=2*1*1*4=8 != WORLD_SIZE=16',
     'log.launch_config', 'application_bug'),
    ('huggingface/nanotron src/nanotron/parallel/context.py:73@2411b02',
     'AssertionError: Local rank mismatch',
     'log.launch_config', 'application_bug'),
    ('huggingface/nanotron src/nanotron/distributed.py:264@2411b02',
     'NotImplementedError: CUDA was not found: torch.cuda.is_available(): False',
     'log.gpu_missing', 'cuda_or_driver'),
    ('huggingface/nanotron src/nanotron/parallel/tensor_parallel/nn.py:83@2411b02',
     'AssertionError: Env variable CUDA_DEVICE_MAX_CONNECTIONS should be set to 1 when using TP>1',
     'log.launch_config', 'application_bug'),
    # torchtitan
    ('pytorch/torchtitan torchtitan/distributed/parallel_dims.py:183@b5bcd76',
     'AssertionError: Invalid parallel dims: dp_replicate(1) * dp_shard(2) * cp(1) * tp(8) * pp(1) != WORLD_SIZE(8)',
     'log.launch_config', 'application_bug'),
    ('pytorch/torchtitan torchtitan/distributed/parallel_dims.py:190@b5bcd76',
     'ValueError: expert_parallel_degree (3) must divide dp_shard * cp * tp (8)',
     'log.launch_config', 'application_bug'),
    ('pytorch/torchtitan torchtitan/components/metrics.py:80@b5bcd76',
     '[rank0]:[titan] 2026-12-01 10:20:13,404 - root - WARNING - 2 CUDA OOM errors thrown.',
     'log.oom', 'oom'),
    # fairseq
    ('facebookresearch/fairseq fairseq/distributed/utils.py:161@3d262bb',
     'AssertionError: world size is 8 but have 4 available devices',
     'log.launch_config', 'application_bug'),
    ('facebookresearch/fairseq fairseq/distributed/utils.py:658@3d262bb',
     'Exception: Unable to unpickle data from other workers. all_gather_list requires all workers to enter the function together, so this error usually indicates that the workers have fallen out of sync somehow. Workers can fall out of sync if one of them runs out of memory, or if there are other conditions in your training script that can cause one worker to finish an epoch while other workers are still iterating over their portions of the data. Try rerunning with --ddp-backend=legacy_ddp and see if that helps.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('facebookresearch/fairseq fairseq/trainer.py:1392@3d262bb',
     '2026-12-01 10:31:40 | WARNING | fairseq.trainer | OOM: Ran out of memory with exception: CUDA out of memory. Tried to allocate 1.95 GiB. GPU 3 has a total capacity of 79.15 GiB of which 1.10 GiB is free. Including non-PyTorch memory, this process has 78.03 GiB memory in use. Of the allocated memory 74.02 GiB is allocated by PyTorch, and 2.51 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)',
     'log.oom', 'oom'),
    ('facebookresearch/fairseq fairseq/trainer.py:1028@3d262bb',
     '2026-12-01 10:31:41 | ERROR | fairseq.trainer | OOM during optimization, irrecoverable',
     'log.oom', 'oom'),
    # MosaicML composer
    ('mosaicml/composer composer/cli/launcher.py:256@6405188',
     'ValueError: In a multi-node environment, master_addr is required.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/composer composer/cli/launcher.py:249@6405188',
     'ValueError: Cannot initialize processes for node with base_rank(16) and nproc(8) because this would mean creating a process with rank(23), and all processes must have smaller rank than the world_size(16).',
     'log.launch_config', 'application_bug'),
    ('mosaicml/composer composer/utils/dist.py:194@6405188',
     'RuntimeError: Torch distributed has been initialized with a value of 8 for world size, but environment variable WORLD_SIZE has value 16.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/composer composer/utils/dist.py:205@6405188',
     'composer.utils.dist.MissingEnvironmentError: Torch distributed is initialized but environment variable LOCAL_WORLD_SIZE is not set.',
     'log.framework_usage', 'application_bug'),
    ('mosaicml/composer composer/utils/dist.py:293@6405188',
     'RuntimeError: The world_size(16) > 1, but the distributed package is not available or has not been initialized. Please check you have initialized the distributed runtime and that PyTorch has been built with distributed support. If calling this function outside Trainer, please ensure that `composer.utils.dist.initialize_dist` has been called first.',
     'log.framework_usage', 'application_bug'),
    # torchx
    ('pytorch/torchx torchx/distributed/__init__.py:48@b72ba03',
     ' but the `LOCAL_RANK` environment variable is not set. Will trivially return 0 for local_rank.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/torchx torchx/schedulers/local_scheduler.py:924@b72ba03',
     'Cannot auto-set `CUDA_VISIBLE_DEVICES`',
     'log.launch_config', 'application_bug'),
]

NO_CAUSE = [
    'Error: failed to run torchrun --nproc_per_node=8 --nnodes=2 --node_rank=1 --master_addr=node-01 --master_port=29500 train.py --config config.py on node-02, is localhost: False, exception: Encountered a bad command exit code!',  # hpcaitech/ColossalAI colossalai/cli/launcher/multinode_runner.py:57@4f9953b
    '[12/01/26 10:14:03] INFO     colossalai - colossalai - INFO: Distributed environment is initialized, world size: 16',  # hpcaitech/ColossalAI colossalai/initialize.py:75@4f9953b
    '[NCCL ERROR] at file llmc/zero.cuh:449:',  # karpathy/llm.c llmc/zero.cuh:38@f1e2ace
    '1 Connection failed, retrying in 2 seconds',  # karpathy/llm.c llmc/zero.cuh:314@f1e2ace
    'Multi-GPU support is disabled. Using a single GPU.',  # karpathy/llm.c llmc/zero.cuh:458@f1e2ace
    '[rank0]:[titan] 2026-12-01 10:14:09,771 - root - INFO - Synchronizing and adjusting timeout for all ProcessGroups to 0:01:40',  # pytorch/torchtitan torchtitan/distributed/utils.py:575@b5bcd76
    '2026-12-01 10:14:02 | INFO | fairseq.distributed.utils | distributed init (rank 3): tcp://gpu-node-01:19812',  # facebookresearch/fairseq fairseq/distributed/utils.py:286@3d262bb
    'ERROR:composer.cli.launcher:Rank 3 crashed with exit code 1.',  # mosaicml/composer composer/cli/launcher.py:406@6405188
    'torchx 2026-12-01 10:31:45 INFO     Job finished: FAILED',  # pytorch/torchx torchx/cli/cmd_run.py:465@b72ba03
]

# NCCL's bare result, wrapped: the result leads, with no cause of its own (the alternatives carry the likely ones).
RESULT_ONLY = [
    ('karpathy/llm.c llmc/zero.cuh:38@f1e2ace',
     'unhandled system error (run with NCCL_DEBUG=INFO for details)',
     'log.system_error'),
]
