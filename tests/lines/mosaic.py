"""Lines of MosaicML's training stack, read alone and inside an NCCL log: Streaming (mosaicml/streaming 89e7bb9:
StreamingDataset's shared-memory prefix registry in base/shared/prefix.py, its World, partitions and batching, the
local leader's index download that the other local ranks wait for, base/distributed.py), Composer (mosaicml/composer
6405188: the `composer -n` launcher beyond the lines in launchers2.py, utils/dist.py's initialize_dist, DeviceGPU,
the DDP/FSDP setup, the device mesh of core/state.py, the trainer's auto-microbatching OOM handling) and LLM Foundry
(mosaicml/llm-foundry 8c8dd48: batch-size, replication and MoE world-size checks, the FSDP fallback, the finetuning
dataset's size check; `2026-... : rank0[pid][MainThread]: LEVEL: logger:` is the log format its train command sets).
Causes decided from the code around each line. Streaming takes the local leader of a node from RANK and
LOCAL_WORLD_SIZE (World.detect): a launcher that does not export LOCAL_WORLD_SIZE (srun, mpirun, a bare python)
makes every rank a local leader, and two leaders of one node both create the node's first prefix (CPython's
FileExistsError on /000000_locals); a LOCAL_WORLD_SIZE that does not match the node, or ranks given different `local`
paths, leave a rank without its leader's registration: both are launches that do not fit the job (application_bug).
`Reused local directory ... vs ...` means a registered prefix of another dataset, or the stale one of an earlier run
(the streaming FAQ: "indicative of stale shared memory, likely from a previous training run"), holds the same local
path; the message's own fix is in the script (clean_stale_shared_memory once, a unique local), so application_bug:
the program's use of the library (log.framework_usage). A non-leader timing out on the index file waits for local rank
0, which downloads it with the same download_timeout and so fails first: the message sends the reader to that rank's
traceback (rank_crashed_elsewhere). Parallel degrees, replication, canonical nodes and batch sizes that do not divide
the world size are launch_config; a process group used before initialize_dist, a torch without distributed, a
second backend, mixed meta/real initialisation are framework usage. Composer's auto-microbatching re-raises another
rank's OOM and stops at microbatch 1 (oom); its wrapper of any error containing 'cuda' or 'c10' (which includes
c10d's NCCL errors) names no cause of its own. A rank that trained no batch while its peers did leaves their gradient
collectives unmatched (hang_collective_mismatch). LLM Foundry's FSDP warning at world size 1 says the job is one
process. The launchers' exits and kills, the gathered "error on ranks [N]" and bare failure headers name nothing: the
launcher's own SIGTERM of the surviving ranks (exit code -15) is no outside stop, and its SIGKILL of a rank that
outlived that SIGTERM (_cleanup_processes) is no OOM kill."""

from __future__ import annotations

CASES = [
    # MosaicML Streaming: shared memory and local leaders
    ('mosaicml/streaming streaming/base/shared/prefix.py:225@89e7bb9',
     "FileExistsError: [Errno 17] File exists: '/000000_locals'",
     'log.launch_config', 'application_bug'),
    ('mosaicml/streaming streaming/base/shared/prefix.py:237@89e7bb9',
     'RuntimeError: Internal error: shared memory prefix=0 was not registered by local leader. This may be because you specified different ``local`` parameters from different ranks.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/streaming streaming/base/shared/prefix.py:243@89e7bb9',
     "RuntimeError: Internal error: shared memory registered does not match local leader as streams_local or prefix_int not match. local leader: ['/tmp/streaming/c4/train'] and 0. expected: ['/scratch/c4-local/train'] and 0.",
     'log.framework_usage', 'application_bug'),
    ('mosaicml/streaming streaming/base/shared/prefix.py:153@89e7bb9',
     "ValueError: Reused local directory: ['/tmp/streaming/c4/train'] vs ['/tmp/streaming/c4/train']. Provide a different one. If using a unique local directory, try deleting the local directory and call `streaming.base.util.clean_stale_shared_memory()` only once in your script to clean up the stale shared memory before instantiation of `StreamingDataset`.",
     'log.framework_usage', 'application_bug'),
    # log.timeout's cause is hang_collective_mismatch (its rows pass ours only as an alternative): remote_exited's
    ('mosaicml/streaming streaming/base/stream.py:459@89e7bb9',
     'RuntimeError: Index file s3://datasets/c4/train/index.json -> /tmp/streaming/c4/train/index.json took too long to download or failed to download. Either increase the `download_timeout` value or check the local rank 0 traceback.60.000 < 60.004 secs.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('mosaicml/streaming streaming/base/distributed.py:110@89e7bb9',
     'RuntimeError: The world_size(16) > 1, but the distributed package is not available or has not been initialized. Please check you have initialized the distributed runtime and that PyTorch has been built with distributed support.',
     'log.framework_usage', 'application_bug'),
    # MosaicML Streaming: world, partition and batching sizes
    ('mosaicml/streaming streaming/base/world.py:131@89e7bb9',
     'ValueError: World size must be divisible by your replication factor.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/streaming streaming/base/partition/orig.py:51@89e7bb9',
     'ValueError: Either canonical or physical nodes must be evenly divisible by the other, otherwise striping slices of shards over nodes may lead to each node downloading all shards',
     'log.launch_config', 'application_bug'),
    ('mosaicml/streaming streaming/base/batching/device_per_stream.py:47@89e7bb9',
     'ValueError: For `device_per_stream` batching, num_canonical_nodes must be divisible by physical nodes. Got 4 canonical nodes and 3 physical nodes.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/streaming streaming/base/partition/relaxed.py:72@89e7bb9',
     'ValueError: A global batch size of 1024 is not evenly divisible by the initial total number of devices of 48. Make sure that when using the `relaxed` partitioning algorithm, the global batch size does not change during resumption of training.',
     'log.launch_config', 'application_bug'),
    # Composer: `composer -n` launcher
    ('mosaicml/composer composer/cli/launcher.py:220@6405188',
     'ValueError: world_size(4) cannot be less than nproc(8)',
     'log.launch_config', 'application_bug'),
    ('mosaicml/composer composer/cli/launcher.py:229@6405188',
     'ValueError: In a multi-node environment, at least one of node_rank and base_rank must be provided.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/composer composer/cli/launcher.py:234@6405188',
     'ValueError: node_rank not provided, but unable to infer from base_rank since nodes appear to have different amounts of processes. Please also specify node_rank.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/composer composer/cli/launcher.py:259@6405188',
     'ValueError: In a multi-node environment, master_port is required.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/composer composer/cli/launcher.py:263@6405188',
     'ValueError: base_rank(8) != 0 is not valid in a single-node environment.',
     'log.launch_config', 'application_bug'),
    # Composer: dist, device, DDP/FSDP and device mesh set-up
    ('mosaicml/composer composer/utils/dist.py:532@6405188',
     'RuntimeError: When the world size is > 1, ``torch.distributed`` must be used. However, it is not available in your installation of PyTorch. Please install or build PyTorch with distributed support.',
     'log.framework_usage', 'application_bug'),
    ('mosaicml/composer composer/utils/dist.py:540@6405188',
     'RuntimeError: The requested backend (nccl) differs from the backend of the current process group (gloo). If you wish to change backends, please restart the python process.',
     'log.framework_usage', 'application_bug'),
    ('mosaicml/composer composer/devices/device_gpu.py:44@6405188',
     'ValueError: DeviceGPU cannot be created as torch.cuda is not available.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('mosaicml/composer composer/distributed/dist_strategy.py:136@6405188',
     'RuntimeError: Please call dist.initialize_dist() before calling ddp.prepare_module()',
     'log.framework_usage', 'application_bug'),
    ('mosaicml/composer composer/distributed/dist_strategy.py:257@6405188',
     "ValueError: Detected mixed initialization where some ranks have model on cpu or gpu and some ranks are on meta. Either keep all ranks on the same device or set parallelism_config['fsdp']['sync_module_states'] = True. Otherwise, some weights may be randomly initialized when loading a checkpoint.",
     'log.framework_usage', 'application_bug'),
    ('mosaicml/composer composer/distributed/mosaic_parallelism.py:133@6405188',
     'RuntimeError: 12 must be divisible by set size (8)',
     'log.launch_config', 'application_bug'),
    ('mosaicml/composer composer/core/state.py:219@6405188',
     'ValueError: World size 12 is not divisible by the product of the specified parallelism degrees. Please ensure the product of the specified parallelism degrees matches the world size.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/composer composer/core/state.py:231@6405188',
     'ValueError: (\'World size 16 does not equal the product of the specified parallelism degrees 8. Please ensure the product of the specified parallelism degrees matches the world \', "size. Currently specified degrees are names=[\'data_parallel_replicate\', \'data_parallel_shard\'], dims=[2, 4]. One dimension can also be left as -1, which will automatically be specified to ensure the product matches the world size.")',
     'log.launch_config', 'application_bug'),
    # Composer: trainer
    ('mosaicml/composer composer/trainer/trainer.py:358@6405188',
     'RuntimeError: CUDA out of memory or excessive memory allocation retries detected. The train loop failed with an internal microbatch of size 1.The GPU does not have enough memory to process even 1 sample during train.',
     'log.oom', 'oom'),
    ('mosaicml/composer composer/trainer/trainer.py:364@6405188',
     '/usr/local/lib/python3.11/dist-packages/composer/trainer/trainer.py:364: RuntimeWarning: CUDA out of memory or excessive memory allocation retries detected. Train microbatch size will be decreased from 8 -> 4.',
     'log.oom', 'oom'),
    ('mosaicml/composer composer/distributed/shared_utils.py:108@6405188',
     'RuntimeError: CUDA out of memory encountered on a different rank',
     'log.oom', 'oom'),
    ('mosaicml/composer composer/trainer/trainer.py:2540@6405188',
     '/usr/local/lib/python3.11/dist-packages/composer/trainer/trainer.py:2539: UserWarning: No batches were trained for global rank 3. This may be due to an issue with the train dataset, dataloader, or sampler. This may cause other issues or crashes down the line.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    # LLM Foundry
    ('mosaicml/llm-foundry llmfoundry/utils/config_utils.py:435@8c8dd48',
     'ValueError: World size 12 is not divisible by data replication degree 8.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/llm-foundry llmfoundry/utils/config_utils.py:439@8c8dd48',
     'ValueError: Global batchsize 256 is not divisible by (world_size // data_replication_degree)=24 as a result, the batch size would be truncated, please adjust `global_batch_size` to be divisible by world size, 24.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/llm-foundry llmfoundry/models/utils/config_moe_args.py:61@8c8dd48',
     'RuntimeError: world_size=12 must be divisible by k=8.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/llm-foundry llmfoundry/models/utils/config_moe_args.py:155@8c8dd48',
     'ValueError: Invalid world size configuration: world_size=4 and moe_world_size=8',
     'log.launch_config', 'application_bug'),
    ('mosaicml/llm-foundry llmfoundry/models/utils/config_moe_args.py:149@8c8dd48',
     'RuntimeError: MoE world size > 1 is not supported in torch version {torch.__version__}<2.2.',
     'log.framework_release', 'other'),
    ('mosaicml/llm-foundry llmfoundry/utils/exceptions.py:147@8c8dd48',
     'llmfoundry.utils.exceptions.NotEnoughDatasetSamplesError: Your dataset (name=tatsu-lab/alpaca, split=train) has 96 samples, but your minimum batch size is 128 because you are running on 16 gpus and your per device batch size is 8. Please increase the number of samples in your dataset to at least 128.',
     'log.launch_config', 'application_bug'),
    ('mosaicml/llm-foundry llmfoundry/command_utils/train.py:328@8c8dd48',
     '/usr/local/lib/python3.11/dist-packages/llmfoundry/command_utils/train.py:327: UserWarning: FSDP is not applicable for single-GPU training. Reverting to DDP.',
     'log.single_process', 'application_bug'),
]

NO_CAUSE = [
    'RuntimeError: Background thread failed. Check other traceback.',  # mosaicml/streaming streaming/base/dataset.py:1251@89e7bb9
    '2026-12-01 10:14:09,771: rank0[48210][MainThread]: WARNING: streaming.base.dataset: Because `num_canonical_nodes` was not specified, and `shuffle_algo` is py1e, it will default to be equal to physical nodes.',  # mosaicml/streaming streaming/base/dataset.py:733@89e7bb9
    'ERROR:composer.cli.launcher:Global rank 3 (PID 48213) exited with code 1',  # mosaicml/composer composer/cli/launcher.py:525@6405188
    'Global rank 5 (PID 48215) exited with code -15',  # mosaicml/composer composer/cli/launcher.py:441@6405188
    'WARNING:composer.cli.launcher:Failed to kill global rank 2 (PID 48212) with SIGTERM; terminating with SIGKILL instead',  # mosaicml/composer composer/cli/launcher.py:489@6405188
    'ERROR:composer.cli.launcher:Global rank 0 (PID 48210) has still not exited; return exit code 1.',  # mosaicml/composer composer/cli/launcher.py:522@6405188
    'Killing training processes',  # mosaicml/composer composer/cli/launcher.py:582@6405188
    'INFO:composer.cli.launcher:Distributed KV store: tcp://10.0.0.1:29500',  # mosaicml/composer composer/cli/launcher.py:320@6405188
    "/usr/local/lib/python3.11/dist-packages/composer/trainer/trainer.py:243: UserWarning: `device_train_microbatch_size='auto'` may potentially fail with unexpected CUDA errors. Auto microbatching attempts to catch CUDA Out of Memory errors and adjust the batch size, but it is possible CUDA will be put into an irrecoverable state due to PyTorch bugs, e.g. integer overflow. In this case, please manually set device_train_microbatch_size explicitly to an integer instead.",  # mosaicml/composer composer/trainer/trainer.py:244@6405188
    'RuntimeError: Encountered non-addressable cuda error while using auto microbatching. If this repeatedly occurs, set `device_train_microbatch_size` manually.',  # mosaicml/composer composer/trainer/trainer.py:2705@6405188
    'RuntimeError: Downloading the checkpoint to all nodes failed',  # mosaicml/composer composer/trainer/trainer.py:1929@6405188
    'RuntimeError: Error initializing model on ranks [3]. See individual rank logs for more details',  # mosaicml/llm-foundry llmfoundry/models/hf/hf_base.py:488@8c8dd48
    '2026-12-01 10:16:44,028: rank0[48210][MainThread]: ERROR: llmfoundry.data.finetuning.tasks: Error during data prep',  # mosaicml/llm-foundry llmfoundry/data/finetuning/tasks.py:1065@8c8dd48
]
