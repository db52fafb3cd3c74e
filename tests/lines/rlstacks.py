"""Lines of the RL post-training frameworks whose weight sync and rollout workers run NCCL, read alone and inside an
NCCL log. Sources, read in git mirrors: verl at volcengine/verl b178a3c (the Ray resource pools and worker groups of
single_controller, the worker's visible-device set-up, the rollout replicas, the vLLM rollout's weight bucket, the
NCCL checkpoint engine, the rollout HTTP servers) and at its tag v0.5.0 (8fdc4d3: the resource-pool check of
ray_trainer and the register-center wait that later releases removed); OpenRLHF at OpenRLHF/OpenRLHF v0.11.0 (3c3be62:
the PPO launcher's placement checks, the vLLM worker's NCCL weight-sync group); Hugging Face trl at huggingface/trl
f2cd577 (vllm_client.py, `trl vllm-serve`'s init_communicator over a StatelessProcessGroup/PyNcclCommunicator, the
colocate mode of vllm_generation.py) and at its tag v0.15.2 (the GRPO trainer's vllm_device checks); NVIDIA NeMo-RL at
NVIDIA-NeMo/RL 7ea279a (the Ray virtual cluster's placement groups, GRPO's cluster split, the vLLM and SGLang
generation workers); prime-rl at PrimeIntellect-ai/prime-rl 559b447 (the rl entrypoint, its pydantic configs, the
NCCL helper of the weight broadcast, the inference client, the vLLM-side NCCL receiver). Prefixes are as the programs
print them: Ray's actor prefix for worker stdout, Python's `path:line: UserWarning:`, pydantic's `  Value error, ...
[type=value_error, ...]`, prime-rl's loguru `HH:mm:ss   LEVEL`, vLLM's logger for prime-rl's vLLM worker extension.
Causes were decided from the code and the help text around each line: resource, GPU-count and parallel-size checks
that stop a launch are application_bug (the launch does not fit the machines), two roles on one GPU is
duplicate_gpu, prime-rl's own switch to NCCL_P2P_DISABLE/NCCL_SHM_DISABLE on hosts without NVLink is a tuning choice
(performance_config); progress notices, init prints, and wrappers that only say a subprocess or worker failed name
nothing."""

from __future__ import annotations

CASES = [
    ('volcengine/verl verl/single_controller/ray/base.py:220@b178a3c',
     'ValueError: Total available GPUs 8.0 is less than total desired GPUs 16',
     'log.launch_config', 'application_bug'),
    ('volcengine/verl verl/trainer/ppo/ray_trainer.py:148@v0.5.0',
     'ValueError: Resource pool global_pool: 8*1cannot be satisfied in this ray cluster',
     'log.launch_config', 'application_bug'),
    ('volcengine/verl verl/single_controller/ray/base.py:437@v0.5.0',
     "TimeoutError: Failed to get register_center_actor 8sLZBW_register_center in [] for 300 seconds. Ensure that any lingering Ray resources from previous runs are cleaned up (e.g., by restarting the Ray cluster), or adjust the waiting time by modifying the config `trainer.ray_wait_register_center_timeout`.",
     'log.launch_config', 'application_bug'),
    ('volcengine/verl verl/workers/rollout/replica.py:104@b178a3c',
     'AssertionError: world_size 12 must be divisible by gpus_per_node 8',
     'log.launch_config', 'application_bug'),
    ('volcengine/verl verl/workers/rollout/vllm_rollout/vllm_rollout.py:183@b178a3c',
     'AssertionError: Weight model.embed_tokens.weight(torch.Size([152064, 8192]), torch.bfloat16) is too large to fit in the bucket.Please increase rollout.update_weights_bucket_megabytes(2048 MB).',
     'log.program_error', 'application_bug'),
    ('volcengine/verl verl/checkpoint_engine/nccl_checkpoint_engine.py:212@b178a3c',
     'AssertionError: world_size 9 is not equal to self.world_size 5',
     'log.program_error', 'application_bug'),
    ('volcengine/verl verl/single_controller/base/worker.py:276@b178a3c',
     "ValueError: Please don't set ROCR_VISIBLE_DEVICES when HIP/CUDA_VISIBLE_DEVICES is set.",
     'log.launch_config', 'application_bug'),
    ('OpenRLHF/OpenRLHF openrlhf/cli/train_ppo_ray.py:61@v0.11.0',
     'AssertionError: actor_num_nodes * actor_num_gpus_per_node must be equal to vllm_num_engines * vllm_tensor_parallel_size, got 8 and 4',
     'log.launch_config', 'application_bug'),
    ('OpenRLHF/OpenRLHF openrlhf/cli/train_ppo_ray.py:46@v0.11.0',
     'AssertionError: num_nodes and num_gpus_per_node must be the same when colocate actor and ref model.',
     'log.launch_config', 'application_bug'),
    ('OpenRLHF/OpenRLHF openrlhf/trainer/ray/vllm_worker_wrap.py:39@v0.11.0',
     'AssertionError: mismatch dtype: src torch.float32, dst torch.bfloat16',
     'log.program_error', 'application_bug'),
    ('OpenRLHF/OpenRLHF openrlhf/trainer/ray/vllm_worker_wrap.py:9@v0.11.0',
     'AssertionError: default torch process group must be initialized',
     'log.framework_usage', 'application_bug'),
    ('huggingface/trl trl/scripts/vllm_serve.py:90@f2cd577',
     'RuntimeError: Attempting to use the same CUDA device (UUID: 5e8b3c2a-91d4-4f0e-b7a6-2c1d9e0f3a47) for multiple distinct roles/ranks within the same communicator. This setup is unsupported and will likely lead to program hangs or incorrect behavior. Ensure that trainer is using different devices than vLLM server.',
     'log.duplicate_gpu', 'application_bug'),
    ('huggingface/trl trl/scripts/vllm_serve.py:81@f2cd577',
     'RuntimeError: Weight update group already initialized. Call close_communicator first.',
     'log.framework_usage', 'application_bug'),
    ('huggingface/trl trl/generation/vllm_client.py:190@f2cd577',
     "requests.exceptions.ConnectionError: The vLLM server can't be reached at http://10.0.0.2:8000 after 240.0 seconds. Make sure the server is running by running `trl vllm-serve`.",
     'log.launch_config', 'application_bug'),
    ('huggingface/trl trl/generation/vllm_generation.py:320@f2cd577',
     'ValueError: tensor_parallel_size (4) must divide world size (6) evenly.',
     'log.launch_config', 'application_bug'),
    ('huggingface/trl trl/trainer/grpo_trainer.py:383@v0.15.2',
     'ValueError: The requested device for vllm (cuda:8) is not available. You are likely using vLLM without restricting the number of GPUs for training. Set the `--num_processes` argument to a value lower than the number of GPUs available on your machine—typically, reducing it by one is sufficient. In your case: `--num_processes 7`.',
     'log.launch_config', 'application_bug'),
    ('NVIDIA-NeMo/RL nemo_rl/distributed/virtual_cluster.py:898@7ea279a',
     'Not enough GPUs available. Requested 16 GPUs, but only 8 are available in the cluster.',
     'log.launch_config', 'application_bug'),
    ('NVIDIA-NeMo/RL nemo_rl/distributed/virtual_cluster.py:875@7ea279a',
     'nemo_rl.distributed.virtual_cluster.ResourceInsufficientError: Maximum number of retries reached (6). Cluster resources may be insufficient or cluster itself is highly unstable. Please check your cluster configuration and your cluster logs.',
     'log.launch_config', 'application_bug'),
    ('NVIDIA-NeMo/RL nemo_rl/distributed/virtual_cluster.py:957@7ea279a',
     'TimeoutError: Timed out waiting for placement groups to be ready. The cluster may not have enough resources to satisfy the requested configuration, or the resources may be busy with other tasks.',
     'log.launch_config', 'application_bug'),
    ('NVIDIA-NeMo/RL nemo_rl/algorithms/grpo.py:887@7ea279a',
     "AssertionError: No enough GPUs for training, train_gpus_per_node:0 = cluster_config['gpus_per_node']:8 - inference_gpus_per_node:8",
     'log.launch_config', 'application_bug'),
    ('NVIDIA-NeMo/RL nemo_rl/models/generation/vllm/vllm_generation.py:122@7ea279a',
     'AssertionError: World size must be a multiple of model parallel size. Got world size 6 and model parallel size (TP * PP) 4.',
     'log.launch_config', 'application_bug'),
    ('NVIDIA-NeMo/RL nemo_rl/models/generation/sglang/sglang_worker.py:454@7ea279a',
     'RuntimeError: GPU id 5 is not valid under CUDA_VISIBLE_DEVICES=0,1,2,3. Expected one of [0, 1, 2, 3] (physical) or 0..3 (local).',
     'log.framework_usage', 'application_bug'),
    ('PrimeIntellect-ai/prime-rl src/prime_rl/entrypoints/rl.py:141@559b447',
     'ValueError: Requested 10 GPUs via deployment settings, but only 8 physical GPU(s) are available: [0, 1, 2, 3, 4, 5, 6, 7]',
     'log.launch_config', 'application_bug'),
    ('PrimeIntellect-ai/prime-rl packages/prime-rl-configs/src/prime_rl/configs/rl.py:191@559b447',
     "  Value error, Total GPU count (10 = 6 train + 4 infer) exceeds gpus_per_node (8). [type=value_error, input_value={'num_train_gpus': 6, 'num_infer_gpus': 4}, input_type=dict]",
     'log.launch_config', 'application_bug'),
    ('PrimeIntellect-ai/prime-rl packages/prime-rl-configs/src/prime_rl/configs/rl.py:357@559b447',
     "  Value error, NCCL weight broadcast requires at least 2 GPUs to build the broadcast process group. [type=value_error, input_value={'deployment': {'num_train_gpus': 1, 'num_infer_gpus': 0}}, input_type=dict]",
     'log.launch_config', 'application_bug'),
    ('PrimeIntellect-ai/prime-rl src/prime_rl/entrypoints/rl.py:170@559b447',
     'ValueError: orchestrator.model.client.base_url port (8001) does not match inference.server.port (8000). Update the base_url to use port 8000 to match the inference server.',
     'log.launch_config', 'application_bug'),
    ('PrimeIntellect-ai/prime-rl src/prime_rl/utils/nccl.py:38@559b447',
     '10:12:01 WARNING No NVLink detected, disabling NCCL P2P and SHM transports. Override by setting NCCL_P2P_DISABLE=0 and NCCL_SHM_DISABLE=0 explicitly.',
     'log.p2p_disabled', 'performance_config'),
]

NO_CAUSE = [
    'Waiting for register center actor 8sLZBW_register_center to be ready. Elapsed time: 30 seconds out of 300 seconds.',  # volcengine/verl verl/single_controller/ray/base.py:427@v0.5.0
    '(vLLMHttpServer pid=38211, ip=10.0.0.2) Failed to start HTTP server on port 41237 at try 0, error: 1',  # volcengine/verl verl/workers/rollout/utils.py:52@b178a3c
    'RuntimeError: Server process terminated unexpectedly during startup',  # volcengine/verl verl/workers/rollout/sglang_rollout/http_server_engine.py:156@b178a3c
    '(RayWorkerWrapper pid=51730, ip=10.0.0.3) init_process_group: master_address=10.0.0.1, master_port=40123,  rank=1, world_size=9, group_name=openrlhf',  # OpenRLHF/OpenRLHF openrlhf/trainer/ray/vllm_worker_wrap.py:28@v0.11.0
    'Server is not up yet. Retrying in 2.0 seconds...',  # huggingface/trl trl/generation/vllm_client.py:201@f2cd577
    'Retrying placement group creation... 1/6. Next retry in 1 seconds.',  # NVIDIA-NeMo/RL nemo_rl/distributed/virtual_cluster.py:870@7ea279a
    'Error: Worker failed to update weights. Results: [True, False, True, True]',  # NVIDIA-NeMo/RL nemo_rl/models/generation/vllm/vllm_worker.py:1180@7ea279a
    '10:31:41   ERROR Trainer failed with exit code 1',  # PrimeIntellect-ai/prime-rl src/prime_rl/entrypoints/rl.py:398@559b447
    '10:44:12   ERROR Inference server is not ready after 1800 (>1800) seconds. Aborting...',  # PrimeIntellect-ai/prime-rl src/prime_rl/utils/client.py:198@559b447
    '(Worker pid=2431) INFO 12-01 10:14:03 [nccl.py:74] Initializing NCCL broadcast receiver (10.0.0.1:29501, rank=1, world_size=9)',  # PrimeIntellect-ai/prime-rl src/prime_rl/inference/vllm/worker/nccl.py:74@559b447
]
