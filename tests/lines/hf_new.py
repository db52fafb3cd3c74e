"""Lines of the Hugging Face training stack as it is now, read alone and inside an NCCL log: accelerate
(huggingface/accelerate 16cb6eb: state.py, utils/launch.py and commands/launch.py's launch checks, the
ParallelismConfig, the data loader's sharding, utils/operations.py's debug-mode checks, utils/memory.py's batch size
finder, utils/modeling.py's device scan, accelerator.py's prepare checks), transformers (huggingface/transformers
v5.25.0, read from the 5.25.0 wheel: the repository is too large to fetch; paths are the repository's, src/ included:
trainer.py, training_args.py, trainer_pt_utils.py, modeling_utils.py, integrations/deepspeed.py and accelerate.py,
the distributed/ package), peft (huggingface/peft 5d602fd: LoRA's tensor-parallel weight sync, EVA init) and trl
(huggingface/trl f2cd577: GRPOConfig's batch checks, the trainers' ZeRO-3 check, the vLLM client). accelerate's
launcher and big-modeling helpers log through a bare logging.getLogger, transformers' logger prints the message
alone, warnings.warn prints `file:line: UserWarning: message`. Causes decided from the code around each line:
multi-node starts without MASTER_ADDR or the main process IP, launcher flags that exclude each other, FSDP flags that
need another, a ParallelismConfig, expert-parallel or `split_batches` size that the number of processes cannot take,
a DeepSpeed config whose train_batch_size was written for another world size (transformers fills it as world_size *
micro batch * accumulation), a max_memory naming a GPU index this process cannot see, a multi-node run that saves its
best model on one node's disk, and accelerate refusing a device_map='auto' model under a distributed launch (its fix:
`--num_processes=1` or plain python) are launches that do not fit the machines (application_bug); transformers'
device_map='auto' under torchrun (its fix: a device_map per process), 8/4-bit models spread over GPUs or on another
rank's GPU, DTensor parameters under DDP, ZeRO-3 with a device_map or auto_find_batch_size, and save_pretrained of
FSDP before init_process_group are framework misuse (application_bug); Trainer falling back to nn.DataParallel (n_gpu
> 1 in one process) is a job started as one process, as Lightning's `MEMBER: 1/1` is (log.single_process).
accelerate's debug-mode check that gathers every rank's tensor shapes before a collective (verify_operation,
ACCELERATE_DEBUG_MODE) reports the ranks issuing a collective with different shapes: hang_collective_mismatch. The
batch size finder reaching zero (every try raised CUDA out of memory, should_reduce_batch_size) and transformers'
warning that offload buffers fit no GPU are oom. A DeepSpeed too old for the nossh launcher, an accelerate too old
for the Trainer or ParallelismConfig are a release lacking what a later one has (log.framework_release, `other`). The
port in use is the rendezvous port on node 0 of a multi-node launch (the single-node case only warns and picks
another port), as in hf_old.py, whose 0.25 wording differs. Progress, device scans that catch any exception, wrappers
pointing at an earlier error, warnings of plans or rules not applied, the RNG restore header, trl's vLLM client
re-raising the server's HTTP status and peft's notes on syncing or gathering over ranks name nothing. No line of
these sources prints NCCL's bare result code, so there is no RESULT_ONLY here."""

from __future__ import annotations

CASES = [
    # accelerate: launch and start-up checks
    ('huggingface/accelerate src/accelerate/state.py:260@16cb6eb',
     "ValueError: Tried to launch on distributed with multinode, but `MASTER_ADDR` env was not set, please try exporting rank 0's hostname as `MASTER_ADDR`",
     'log.framework_usage', 'application_bug'),
    ('huggingface/accelerate src/accelerate/utils/launch.py:154@16cb6eb',
     'AssertionError: When using multiple machines, you need to specify the main process IP.',
     'log.framework_usage', 'application_bug'),
    ('huggingface/accelerate src/accelerate/utils/launch.py:244@16cb6eb',
     'ConnectionError: Tried to launch distributed communication on port `29500`, but another process is utilizing it. Please specify a different port (such as using the `--main_process_port` flag or specifying a different `main_process_port` in your config file) and rerun your script. To automatically use the next open port (on a single node), you can set this to `0`.',
     'log.port_in_use', 'application_bug'),
    ('huggingface/accelerate src/accelerate/commands/launch.py:1199@16cb6eb',
     'ValueError: You can only use one of `--cpu`, `--multi_gpu`, `--tpu`, `--use_deepspeed`, `--use_fsdp` at a time.',
     'log.launch_config', 'application_bug'),
    ('huggingface/accelerate src/accelerate/commands/launch.py:1206@16cb6eb',
     'ValueError: You cannot use `--use_parallelism_config` without `--use_fsdp` and `--fsdp_version=2`. ',
     'log.launch_config', 'application_bug'),
    ('huggingface/accelerate src/accelerate/utils/launch.py:307@16cb6eb',
     'ValueError: When using `--fsdp_cpu_ram_efficient_loading` set `--fsdp_sync_module_states` to `True`',
     'log.launch_config', 'application_bug'),
    ('huggingface/accelerate src/accelerate/utils/launch.py:456@16cb6eb',
     'ValueError: nossh launcher requires DeepSpeed >= 0.14.5',
     'log.framework_release', 'other'),
    ('huggingface/accelerate src/accelerate/parallelism_config.py:373@16cb6eb',
     'ValueError: ParallelismConfig total_size (16) does not match num_processes (8). Please adjust dp_replicate_size/ dp_shard_size/tp_size/cp_size/sp_size.',
     'log.launch_config', 'application_bug'),
    ('huggingface/accelerate src/accelerate/data_loader.py:161@16cb6eb',
     'ValueError: To use `BatchSamplerShard` in `split_batches` mode, the batch size (6) needs to be a round multiple of the number of processes (4).',
     'log.launch_config', 'application_bug'),
    ('huggingface/accelerate src/accelerate/utils/modeling.py:854@16cb6eb',
     'Device 4 is not available, available devices are [0, 1, 2, 3]',
     'log.launch_config', 'application_bug'),
    # accelerate: collectives, memory, prepare
    ('huggingface/accelerate src/accelerate/utils/operations.py:395@16cb6eb',
     'accelerate.utils.operations.DistributedOperationException: Cannot apply desired operation due to shape mismatches. All shapes across devices must be valid.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('huggingface/accelerate src/accelerate/utils/memory.py:178@16cb6eb',
     'RuntimeError: No executable batch size found, reached zero.',
     'log.oom', 'oom'),
    ('huggingface/accelerate src/accelerate/accelerator.py:1813@16cb6eb',
     "ValueError: You can't train a model that has been loaded with `device_map='auto'` in any distributed mode. Please rerun your script specifying `--num_processes=1` or by launching with `python {{myscript.py}}`.",
     'log.launch_config', 'application_bug'),
    ('huggingface/accelerate src/accelerate/accelerator.py:1840@16cb6eb',
     "ValueError: You can't train a model that has been loaded in 8-bit or 4-bit precision on multiple devices in any distributed mode. In order to use 8-bit or 4-bit models that have been loaded across multiple GPUs the solution is to use Naive Pipeline Parallelism. Therefore you should not specify that you are under any distributed regime in your accelerate config.",
     'log.framework_usage', 'application_bug'),
    ('huggingface/accelerate src/accelerate/accelerator.py:1861@16cb6eb',
     "ValueError: You can't train a model that has been loaded in 8-bit or 4-bit precision on a different device than the one you're training on. Make sure you loaded the model on the correct device using for example `device_map={'':torch.cuda.current_device()}` or `device_map={'':torch.xpu.current_device()}`",
     'log.framework_usage', 'application_bug'),
    ('huggingface/accelerate src/accelerate/accelerator.py:1879@16cb6eb',
     "ValueError: Your model contains `DTensor` parameters, which is incompatible with DDP. Maybe you loaded your model with `device_map='auto'`? Specify `device_map='cuda'` or 'xpu' or 'cpu' instead.",
     'log.framework_usage', 'application_bug'),
    # transformers Trainer, TrainingArguments, integrations, distributed/
    ('huggingface/transformers src/transformers/trainer.py:2719@v5.25.0',
     'Kernels are not supported with `nn.DataParallel`, disabling them. To use them on several GPUs, launch the training with `torchrun` or `accelerate launch`.',
     'log.single_process', 'application_bug'),
    ('huggingface/transformers src/transformers/trainer.py:904@v5.25.0',
     "ValueError: `auto_find_batch_size` isn't supported yet with DeepSpeed Zero-3. Please consider using Zero-2, Zero-1, or FSDP",
     'log.framework_usage', 'application_bug'),
    ('huggingface/transformers src/transformers/training_args.py:1866@v5.25.0',
     'RuntimeError: Tried to use an already configured `Accelerator` or `PartialState` that was not initialized for DeepSpeed, but also passed in a `deepspeed` configuration to the `TrainingArguments`. Please set `use_configured_state:False` instead or setup your `Accelerator` or `PartialState` properly.',
     'log.framework_usage', 'application_bug'),
    ('huggingface/transformers src/transformers/training_args.py:1848@v5.25.0',
     "ImportError: Using the `Trainer` with `PyTorch` requires `accelerate>=1.1.0`: Please run `pip install transformers[torch]` or `pip install 'accelerate>=1.1.0'`",
     'log.framework_release', 'other'),
    ('huggingface/transformers src/transformers/trainer.py:772@v5.25.0',
     'ImportError: ParallelismConfig requires accelerate>=1.12.0). Please upgrade accelerate to use this feature.',
     'log.framework_release', 'other'),
    ('huggingface/transformers src/transformers/integrations/deepspeed.py:262@v5.25.0',
     'ValueError: Please correct the following DeepSpeed config values that mismatch TrainingArguments values:',
     'log.framework_usage', 'application_bug'),
    ('huggingface/transformers src/transformers/integrations/deepspeed.py:134@v5.25.0',
     '- ds train_batch_size=64 vs hf train_batch_size (calculated)=128',
     'log.launch_config', 'application_bug'),
    ('huggingface/transformers src/transformers/integrations/accelerate.py:137@v5.25.0',
     'ValueError: DeepSpeed Zero-3 is not compatible with passing a `device_map`.',
     'log.framework_usage', 'application_bug'),
    ('huggingface/transformers src/transformers/integrations/accelerate.py:932@v5.25.0',
     "Current model requires 4294967296 bytes of buffer for offloaded layers, which seems does not fit any GPU's remaining memory. If you are experiencing a OOM later, please consider using offload_buffers=True.",
     'log.oom', 'oom'),
    ('huggingface/transformers src/transformers/modeling_utils.py:4269@v5.25.0',
     "You've set device_map=`auto` while triggering a distributed run with torchrun. This might lead to unexpected behavior. If your plan is to load the model on each device, you should set device_map={: PartialState().process_index} where PartialState comes from accelerate library",
     'log.framework_usage', 'application_bug'),
    ('huggingface/transformers src/transformers/distributed/mixin.py:183@v5.25.0',
     'ValueError: Tensor parallelism and `device_map` are mutually exclusive.',
     'log.framework_usage', 'application_bug'),
    ('huggingface/transformers src/transformers/distributed/mixin.py:421@v5.25.0',
     'ValueError: Saving an FSDP-wrapped model requires torch.distributed to be initialized. Call save_pretrained from every rank after init_process_group.',
     'log.framework_usage', 'application_bug'),
    ('huggingface/transformers src/transformers/distributed/expert_parallel.py:104@v5.25.0',
     'ValueError: Cannot evenly shard 60 experts across 8 expert-parallel ranks.',
     'log.launch_config', 'application_bug'),
    ('huggingface/transformers src/transformers/distributed/configuration_utils.py:185@v5.25.0',
     'ValueError: `ep_size` must divide `fsdp_size * tp_size`.',
     'log.launch_config', 'application_bug'),
    ('huggingface/transformers src/transformers/trainer.py:3888@v5.25.0',
     'Could not locate the best model at /scratch/run-42/checkpoint-1500/model.safetensors, if you are running a distributed training on multiple nodes, you should activate `--save_on_each_node`.',
     'log.launch_config', 'application_bug'),
    # trl
    ('huggingface/trl trl/trainer/grpo_config.py:1083@f2cd577',
     'ValueError: generation_batch_size (12) must be divisible by the global batch size (16).',
     'log.launch_config', 'application_bug'),
    ('huggingface/trl trl/trainer/grpo_config.py:1103@f2cd577',
     'ValueError: The global eval batch size (4 * 6) must be divisible by the number of generations used for evaluation (8).',
     'log.launch_config', 'application_bug'),
]

NO_CAUSE = [
    '/usr/local/lib/python3.11/dist-packages/accelerate/state.py:279: UserWarning: OMP_NUM_THREADS/MKL_NUM_THREADS unset, we set it at 28 to improve oob performance.',  # huggingface/accelerate src/accelerate/state.py:279@16cb6eb
    'Using --debug, `torch.distributed` Stack Trace:',  # huggingface/accelerate src/accelerate/commands/launch.py:1027@16cb6eb
    'Assigning 16 cpu cores to process 3: {48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63}',  # huggingface/accelerate src/accelerate/utils/environment.py:360@16cb6eb
    'Device 3 seems unavailable, Proceeding to check subsequent devices.',  # huggingface/accelerate src/accelerate/utils/modeling.py:820@16cb6eb
    'accelerate.utils.operations.DistributedOperationException: Error found while calling `accelerate.utils.operations.gather`. Please see the earlier error for more details.',  # huggingface/accelerate src/accelerate/utils/operations.py:417@16cb6eb
    "Didn't manage to set back the RNG states of the CUDA because of the following error:",  # huggingface/transformers src/transformers/trainer_pt_utils.py:1634@v5.25.0
    "The following FSDP rules were not applied to any module: ['model.layers.*.mlp.experts']",  # huggingface/transformers src/transformers/distributed/fsdp.py:173@v5.25.0
    'The following layers were not sharded: model.layers.0.mlp.shared_expert_gate, model.layers.1.mlp.shared_expert_gate',  # huggingface/transformers src/transformers/distributed/tensor_parallel.py:79@v5.25.0
    'You are using PEFT with DeepSpeed ZeRO-3 and gradient checkpointing with `use_reentrant=False`. `use_reentrant` is forced to `True` in this configuration to ensure correct training. To remove this warning, unset `use_reentrant` in `gradient_checkpointing_kwargs` or set it to `True`.',  # huggingface/trl trl/trainer/grpo_trainer.py:484@f2cd577
    'Exception: Request failed: 500, Internal Server Error',  # huggingface/trl trl/generation/vllm_client.py:459@f2cd577
    '/usr/local/lib/python3.11/dist-packages/peft/tuners/lora/layer.py:365: UserWarning: tp_plan "sequence_parallel" found on the base layer is not supported for LoRA weight synchronization. Expected one of "colwise", "rowwise", "embedding_rowwise". LoRA weights may not be synchronized across ranks.',  # huggingface/peft src/peft/tuners/lora/layer.py:365@5d602fd
    '/usr/local/lib/python3.11/dist-packages/peft/tuners/lora/eva.py:322: UserWarning: torch.distributed is initialized and `gather_distributed_inputs` is True, therefore EVA initialization will gather tensors from all ranks. Ensure the model does not receive the same inputs on different ranks.',  # huggingface/peft src/peft/tuners/lora/eva.py:322@5d602fd
]
