"""Lines of the fine-tuning frameworks that users run on several GPUs and paste beside NCCL's, read alone and inside an
NCCL log: Hugging Face transformers' Trainer, TrainingArguments and its distributed/ package
(huggingface/transformers v5.25.0, read from the 5.25.0 wheel: the repository is too large to fetch; paths are the
repository's, src/ included, and the wheel's line numbers are the tag's), axolotl (axolotl-ai-cloud/axolotl 067b021:
utils/trainer.py, utils/distributed.py, the expert-parallel plugin, the CLI's checks and launcher, with its `concise`
console log format), LLaMA-Factory (hiyouga/LLaMA-Factory ff6d4d1: launcher.py, hparams/parser.py, train/tuner.py's
Ray launch, the v1 DistributedInterface; `[LEVEL|time] name:line >>` is its log format), torchtune (pytorch/torchtune
bd2a0fc: training/_distributed.py, utils/_device.py), ms-swift (modelscope/ms-swift 3602360: utils/env.py, the
arguments' checks, cli/main.py, the rollout client; `[LEVEL:swift]` is its log format) and Unsloth (unslothai/unsloth
015bdef, with the multi-GPU, device and memory checks of unsloth_zoo, which unsloth imports for them, read from the
unsloth_zoo 2026.10.9 wheel). Causes decided from the code around each line: parallel sizes that do not multiply to
the world size, more local ranks than GPUs, ms-swift's processes that each see several GPUs (its is_mp(): visible
GPUs // NPROC_PER_NODE >= 2, which device_map model parallelism takes and DeepSpeed, FSDP and vLLM refuse), a Ray
cluster without the devices or the master_addr asked for, Unsloth's trainer run under a launcher, and a script
started with python where the launcher's environment is needed are application_bug; torchtune's `The device cuda:N is
not available on this machine` is cuda_or_driver, because _setup_device has already checked the index against the
device count and set the device, so only a CUDA call failing on a GPU that is there reaches it; axolotl's `P2P
support not detected` is acs_iommu_p2p (accelerate found RTX 40 cards on a driver before 550.40.07, or
torch.cuda.can_device_access_peer said no, and it disables NCCL's P2P); ms-swift keeping an NCCL_SOCKET_IFNAME from
the environment over the one its YAML's ENV section sets is the interface the job was not configured for, as a
launcher overwriting it is; out-of-memory reports are oom; the warning that NCCL graph mixing was left on is
performance_config (its own words: performance will be harmed; log.host_setting, a library's own check of a
setting it needs for speed). Progress lines, launch commands, subprocess and launcher wrappers that only say a
command failed, transformers' OSError that wraps whatever init_process_group raised, an unreachable rollout server
and Unsloth's import-order warning name nothing."""

from __future__ import annotations

CASES = [
    # transformers Trainer, TrainingArguments, distributed/
    ('huggingface/transformers src/transformers/trainer.py:478@v5.25.0',
     'ValueError: Using fsdp only works in distributed training.',
     'log.framework_usage', 'application_bug'),
    ('huggingface/transformers src/transformers/training_args.py:1908@v5.25.0',
     'torch.distributed process group is initialized, but parallel_mode != ParallelMode.DISTRIBUTED. In order to use Torch DDP, launch your script with `python -m torch.distributed.launch',
     'log.framework_usage', 'application_bug'),
    ('huggingface/transformers src/transformers/distributed/utils.py:335@v5.25.0',
     'RuntimeError: The parallel mesh requires 16 processes, but world_size is 8.',
     'log.launch_config', 'application_bug'),
    ('huggingface/transformers src/transformers/distributed/configuration_utils.py:149@v5.25.0',
     'ValueError: WORLD_SIZE (12) must be divisible by dp_replicate_size * fsdp_size * pp_size (8) to derive tp_size.',
     'log.launch_config', 'application_bug'),
    ('huggingface/transformers src/transformers/trainer.py:3360@v5.25.0',
     'RuntimeError: Evaluation hit an out-of-memory error. `auto_find_batch_size` only adjusts the training batch size, reduce `per_device_eval_batch_size` instead.',
     'log.oom', 'oom'),
    ('huggingface/transformers src/transformers/generation/continuous_batching/distributed.py:179@v5.25.0',
     "NCCL_GRAPH_MIXING_SUPPORT was not set to '0' before init_process_group: performance will be harmed. Construct your `ContinuousBatchingConfig(...)` BEFORE calling `from_pretrained(distributed_config=DistributedConfig(tp_size=...))`, or set NCCL_GRAPH_MIXING_SUPPORT=0 in the launch environment.",
     # log.framework_nccl_setting was only proposed: log.host_setting now covers a library's own check of a setting
     'log.host_setting', 'performance_config'),
    # axolotl
    ('axolotl-ai-cloud/axolotl src/axolotl/utils/trainer.py:661@067b021',
     '[2026-12-01 10:14:03,404] [WARNING] [axolotl.utils.trainer] P2P support not detected, setting `NCCL_P2P_DISABLE=1`',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('axolotl-ai-cloud/axolotl src/axolotl/utils/distributed.py:378@067b021',
     'ValueError: The configured parallelisms are incompatible with the current world size (12)!',
     'log.launch_config', 'application_bug'),
    ('axolotl-ai-cloud/axolotl src/axolotl/utils/distributed.py:337@067b021',
     'ValueError: expert_parallel_size (3) must divide world_size (8).',
     'log.launch_config', 'application_bug'),
    ('axolotl-ai-cloud/axolotl src/axolotl/integrations/expert_parallel/plugin.py:286@067b021',
     'ValueError: expert_parallel_size (4) * dp_shard_size (1) * tensor_parallel_size (1) * context_parallel_size (1) = 4, but world_size = 8. The product must equal the world size for orthogonal mesh axes to be valid.',
     'log.launch_config', 'application_bug'),
    ('axolotl-ai-cloud/axolotl src/axolotl/utils/trainer.py:542@067b021',
     'RuntimeError: Distributed State already initialized before Deepspeed setup',
     'log.framework_usage', 'application_bug'),
    # LLaMA-Factory
    ('hiyouga/LLaMA-Factory src/llamafactory/hparams/parser.py:469@ff6d4d1',
     'ValueError: Please launch distributed training with `llamafactory-cli` or `torchrun`.',
     'log.framework_usage', 'application_bug'),
    ('hiyouga/LLaMA-Factory src/llamafactory/hparams/parser.py:472@ff6d4d1',
     'ValueError: Please use `FORCE_TORCHRUN=1` to launch DeepSpeed training.',
     'log.framework_usage', 'application_bug'),
    ('hiyouga/LLaMA-Factory src/llamafactory/hparams/parser.py:344@ff6d4d1',
     'ValueError: Total Megatron Bridge parallel size (16) exceeds `world_size` (8).',
     'log.launch_config', 'application_bug'),
    ('hiyouga/LLaMA-Factory src/llamafactory/train/tuner.py:325@ff6d4d1',
     'ValueError: The number of devices in the Ray cluster (8) should be greater than num_workers (16).',
     'log.launch_config', 'application_bug'),
    ('hiyouga/LLaMA-Factory src/llamafactory/train/tuner.py:335@ff6d4d1',
     'ValueError: The `master_addr` (10.0.0.5) is not in Ray cluster or not alive ',
     'log.launch_config', 'application_bug'),
    ('hiyouga/LLaMA-Factory src/llamafactory/v1/accelerator/interface.py:97@ff6d4d1',
     'ValueError: dp_size * cp_size must equal to world_size, got 4 * 1 != 8.',
     'log.launch_config', 'application_bug'),
    # torchtune
    ('pytorch/torchtune torchtune/training/_distributed.py:88@bd2a0fc',
     'AssertionError: Invalid parallel dims: dp_replicate(1) * dp_shard(2) * tp(2) != WORLD_SIZE(8)',
     'log.launch_config', 'application_bug'),
    ('pytorch/torchtune torchtune/training/_distributed.py:764@bd2a0fc',
     'ValueError: Number of KV heads (8) must be divisible by tensor parallel size (16).',
     'log.launch_config', 'application_bug'),
    ('pytorch/torchtune torchtune/utils/_device.py:100@bd2a0fc',
     'RuntimeError: The local rank is larger than the number of available GPUs.',
     'log.launch_config', 'application_bug'),
    ('pytorch/torchtune torchtune/utils/_device.py:154@bd2a0fc',
     "RuntimeError: You can't specify a device index when using distributed training. Device specified is cuda:0 but local rank is:1",
     'log.framework_usage', 'application_bug'),
    ('pytorch/torchtune torchtune/utils/_device.py:163@bd2a0fc',
     'RuntimeError: The device cuda:3 is not available on this machine.',
     'log.cuda_error', 'cuda_or_driver'),
    ('pytorch/torchtune torchtune/training/_distributed.py:279@bd2a0fc',
     'RuntimeError: torch.distributed already initialized.',
     'log.framework_usage', 'application_bug'),
    # ms-swift
    ('modelscope/ms-swift swift/utils/env.py:70@3602360',
     'AssertionError: n_gpu: 8, local_world_size: 3',
     'log.launch_config', 'application_bug'),
    ('modelscope/ms-swift swift/arguments/sft_args.py:255@3602360',
     'ValueError: DeepSpeed is not compatible with `device_map`. n_gpu: 8, local_world_size: 4.',
     'log.launch_config', 'application_bug'),
    ('modelscope/ms-swift swift/arguments/rlhf_args.py:542@3602360',
     'ValueError: GRPO with vLLM is not compatible with `device_map`. Please set NPROC_PER_NODE equal to num_processes.',
     'log.launch_config', 'application_bug'),
    ('modelscope/ms-swift swift/megatron/arguments/megatron_args.py:918@3602360',
     'ValueError: Megatron-FSDP requires `CUDA_DEVICE_MAX_CONNECTIONS > 1`, for example you can set `CUDA_DEVICE_MAX_CONNECTIONS=32`',
     'log.launch_config', 'application_bug'),
    ('modelscope/ms-swift swift/cli/main.py:59@3602360',
     '[WARNING:swift] NCCL_SOCKET_IFNAME is already set in environment, using `eth0` instead of `bond0`',
     'log.env_overwritten', 'wrong_interface'),
    # Unsloth (unsloth_zoo's checks)
    ('unslothai/unsloth-zoo unsloth_zoo/training_utils.py:558@2026.10.9',
     'RuntimeError: Unsloth currently does not support multi GPU setups - but we are working on it!',
     'log.launch_config', 'application_bug'),
    ('unslothai/unsloth-zoo unsloth_zoo/device_type.py:577@2026.10.9',
     'NotImplementedError: Unsloth cannot find any torch accelerator? You need a GPU.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('unslothai/unsloth-zoo unsloth_zoo/fused_losses/cross_entropy_loss.py:270@2026.10.9',
     'RuntimeError: Unsloth: No or negligible GPU memory available for fused cross entropy.',
     'log.oom', 'oom'),
]

NO_CAUSE = [
    'OSError: We tried to initialize torch.distributed for you, but it failed. Make sure you init torch distributed in your script to use distributed training.',  # huggingface/transformers src/transformers/distributed/utils.py:151@v5.25.0
    'Setting NCCL_GRAPH_MIXING_SUPPORT = 0 because disable_nccl_graph_mixing is True and WORLD_SIZE > 1.',  # huggingface/transformers src/transformers/generation/configuration_utils.py:1891@v5.25.0
    '[2026-12-01 10:14:01,112] [WARNING] [axolotl.cli.checks] accelerate config file found at /root/.cache/huggingface/accelerate/default_config.yaml. This can lead to unexpected errors',  # axolotl-ai-cloud/axolotl src/axolotl/cli/checks.py:22@067b021
    "subprocess.CalledProcessError: Command '['accelerate', 'launch', '-m', 'axolotl.cli.train', 'examples/llama-3/qlora.yml']' returned non-zero exit status 1.",  # axolotl-ai-cloud/axolotl src/axolotl/cli/utils/train.py:192@067b021
    '[INFO|2026-12-01 10:14:03] llamafactory.launcher:69 >> Initializing 8 distributed tasks at: 10.0.0.1:29500',  # hiyouga/LLaMA-Factory src/llamafactory/launcher.py:69@ff6d4d1
    '[INFO|2026-12-01 10:14:09] llamafactory.hparams.parser:651 >> Process rank: 3, world size: 16, device: cuda:3, distributed training: True, compute dtype: torch.bfloat16',  # hiyouga/LLaMA-Factory src/llamafactory/hparams/parser.py:651@ff6d4d1
    "subprocess.CalledProcessError: Command '['torchrun', '--nnodes', '2', '--node_rank', '1', '--nproc_per_node', '8', '--master_addr', '10.0.0.1', '--master_port', '29500', '/usr/local/lib/python3.11/site-packages/llamafactory/launcher.py', 'examples/train_lora/llama3_lora_sft.yaml']' returned non-zero exit status 1.",  # hiyouga/LLaMA-Factory src/llamafactory/launcher.py:131@ff6d4d1
    'run sh: `/usr/bin/python -m torch.distributed.run --nproc_per_node 8 --master_port 29500 --nnodes 2 --node_rank 0 --master_addr 10.0.0.1 /usr/local/lib/python3.10/site-packages/swift/cli/sft.py --model Qwen/Qwen2.5-7B-Instruct --tuner_type lora --deepspeed zero2`',  # modelscope/ms-swift swift/cli/main.py:99@3602360
    '[WARNING:swift] MASTER_PORT is already set in environment, using `29500` instead of `29501`',  # modelscope/ms-swift swift/cli/main.py:59@3602360
    '[INFO:swift] Using MP(device_map) + DDP',  # modelscope/ms-swift swift/utils/env.py:82@3602360
    "ConnectionError: Servers not reachable after 240s: ['http://10.0.0.5:8000']",  # modelscope/ms-swift swift/rlhf_trainers/vllm_client.py:109@3602360
    'Unsloth is running with multi GPUs - the effective batch size is multiplied by 8',  # unslothai/unsloth unsloth/models/llama.py:2908@015bdef
    '/workspace/train.py:2: UserWarning: WARNING: Unsloth should be imported before [trl, transformers, peft] to ensure all optimizations are applied. Your code may run slower or encounter memory issues without these optimizations.',  # unslothai/unsloth unsloth/_gpu_init.py:120@015bdef
]
