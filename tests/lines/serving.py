"""Lines of the serving engines' distributed layers, read alone and inside an NCCL log: vLLM 0.34.0 (vllm-project/vllm
62d4bc3: pynccl, custom all-reduce, shared-memory broadcast, the multiprocessing and Ray executors, the engine core,
the parallel config and network utilities) and SGLang 0.5.23 (sgl-project/sglang: pynccl, custom all-reduce, the
scheduler, server_args and network utilities). Each cause reviewed one by one; hangs and timeouts these engines only
report, and their multi-node notices that healthy runs print, name nothing."""

from __future__ import annotations

CASES = [
    ('vllm-project/vllm vllm/distributed/device_communicators/pynccl_wrapper.py:414@62d4bc3',
     '(Worker pid=2431) WARNING 12-01 10:14:03 [pynccl_wrapper.py:414] The symbol ncclCommWindowRegister is not found in the NCCL library libnccl.so.2. To enable VLLM_USE_NCCL_SYMM_MEM  please update your NCCL version to >= 2.27.03.',
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('vllm-project/vllm vllm/distributed/device_communicators/pynccl_wrapper.py:464@62d4bc3',
     'RuntimeError: NCCL error: remote process exited or there was a network error',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('vllm-project/vllm vllm/distributed/device_communicators/pynccl_wrapper.py:464@62d4bc3',
     'RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)',
     'log.cuda_error', 'cuda_or_driver'),
    ('vllm-project/vllm vllm/distributed/device_communicators/pynccl_wrapper.py:464@62d4bc3',
     'RuntimeError: NCCL error: invalid usage (run with NCCL_DEBUG=WARN for details)',
     'log.invalid_usage', 'application_bug'),
    ('vllm-project/vllm vllm/distributed/device_communicators/custom_all_reduce.py:284@62d4bc3',
     '(Worker pid=2431) WARNING 12-01 10:14:09 [custom_all_reduce.py:284] Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.',
     'log.p2p_unavailable', 'acs_iommu_p2p'),
    ('vllm-project/vllm vllm/distributed/device_communicators/all_reduce_utils.py:319@62d4bc3',
     '(Worker pid=2431) WARNING 12-01 10:14:08 [all_reduce_utils.py:319] Two processes do not agree on the P2P access status on 0 -> 1, treat as disabled.',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('vllm-project/vllm vllm/distributed/device_communicators/all_reduce_utils.py:413@62d4bc3',
     'RuntimeError: Error happened when batch testing peer-to-peer access from (0, 0, 1, 1) to (0, 1, 0, 1):',
     'log.cuda_error', 'cuda_or_driver'),
    ('vllm-project/vllm vllm/distributed/device_communicators/shm_broadcast.py:267@62d4bc3',
     'RuntimeError: Insufficient space in /dev/shm for shared-memory allocation: 160 MiB required, 64 MiB free. Increase /dev/shm (e.g. --shm-size or --ipc=host).',
     'log.shm_small', 'shm_too_small'),
    ('vllm-project/vllm vllm/v1/executor/multiproc_executor.py:549@62d4bc3',
     "RuntimeError: Worker failed with error 'NCCL error: remote process exited or there was a network error', please check the stack trace above for the root cause",
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('vllm-project/vllm vllm/v1/executor/ray_utils.py:245@62d4bc3',
     "ValueError: Cannot provide a placement group requiring 4.0 GPUs (placement_group_specs=[{'GPU': 1.0}, {'GPU': 1.0}, {'GPU': 1.0}, {'GPU': 1.0}]) within 1800 seconds.",
     'log.launch_config', 'application_bug'),
    ('vllm-project/vllm vllm/config/parallel.py:1165@62d4bc3',
     '  Value error, World size (16) is larger than the number of available GPUs (8) in this node. If this is intentional and you are using:',
     'log.launch_config', 'application_bug'),
    ('vllm-project/vllm vllm/utils/network_utils.py:116@62d4bc3',
     'RuntimeError: Neither 127.0.0.1 nor ::1 are bound to a local interface. Set the VLLM_LOOPBACK_IP environment variable explicitly.',
     'log.no_interface', 'wrong_interface'),
    ('vllm-project/vllm vllm/v1/worker/utils.py:789@62d4bc3',
     'ValueError: Free memory on device cuda:0 (30.12/79.19 GiB) on startup is less than desired GPU memory utilization (0.9, 71.27 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.',
     'log.oom', 'oom'),
    ('sgl-project/sglang python/sglang/srt/distributed/device_communicators/custom_all_reduce_utils.py:505@v0.5.23',
     '[2026-12-01 10:14:09 TP0] CustomAllReduceV2 is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('sgl-project/sglang python/sglang/srt/distributed/parallel_state.py:2647@v0.5.23',
     'RuntimeError: world_size (16) is not equal to tensor_model_parallel_size (8) x pipeline_model_parallel_size (1)',
     'log.launch_config', 'application_bug'),
    ('sgl-project/sglang python/sglang/srt/distributed/bootstrap.py:445@v0.5.23',
     'RuntimeError: The memory capacity is unbalanced. Some GPUs may be occupied by other processes. pre_model_load_memory=61.5341796875, local_gpu_memory=78.6171875, local_gpu_memory * 0.9=70.75546875',
     'log.oom', 'oom'),
    ('sgl-project/sglang python/sglang/srt/entrypoints/engine.py:2005@v0.5.23',
     'RuntimeError: Rank 3 scheduler died during initialization (exit code: -9). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check.',
     'log.process_killed', 'oom'),
    ('sgl-project/sglang python/sglang/srt/utils/network.py:347@v0.5.23',
     '[2026-12-01 10:11:38] You must specify a valid interface name. Can not get local ip from NIC. Please verify whether SGLANG_LOCAL_IP_NIC is set correctly.',
     'log.no_interface', 'wrong_interface'),
    ('sgl-project/sglang python/sglang/srt/arg_groups/validation_hook.py:179@v0.5.23',
     'AssertionError: tp_size must be divisible by number of nodes',
     'log.launch_config', 'application_bug'),
    ('sgl-project/sglang python/sglang/srt/arg_groups/validation_hook.py:199@v0.5.23',
     'AssertionError: multi-node data-parallel replicas are not supported; use attention DP (--attn-dp-size) across nodes',
     'log.launch_config', 'application_bug'),
    ('NVIDIA-NeMo/Skills#1059 (vLLM, TP=16 over two 8-GPU nodes without a Ray cluster)',
     'Value error, Tensor parallel size (16) cannot be larger than the number of available GPUs (8)',
     'log.launch_config', 'application_bug'),
    ("ai-dynamo/dynamo#4941 (a Ray worker given the leader's local snapshot path)",
     "(EngineCore_DP0 pid=1305) (RayWorkerWrapper pid=344, ip=10.2.30.130) WARNING 12-12 22:31:21 "
     "[weight_utils.py:387] Failed to get file list for '/home/dynamo/.cache/huggingface/hub/models--Qwen--Qwen3-0.6B/"
     "snapshots/c1899de289a04d12100db370d81485cdf75e47ca'. Trying each pattern in allow_patterns individually.",
     'log.launch_config', 'application_bug'),
    ('sgl-project/sglang python/sglang/srt/model_executor/pool_configurator.py:96@v0.5.23',
     'RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.88',
     'log.oom', 'oom'),
]

NO_CAUSE = [
    '(Worker pid=2431) INFO 12-01 10:14:05 [pynccl.py:148] vLLM is using nccl==2.29.7',  # vllm-project/vllm vllm/distributed/device_communicators/pynccl.py:148@62d4bc3
    '(EngineCore pid=1876) INFO 12-01 10:31:40 [shm_broadcast.py:764] No available shared memory broadcast block found in 60 seconds. This typically happens when some processes are hanging or doing some time-consuming work (e.g. compilation, weight/kv cache quantization).',  # vllm-project/vllm vllm/distributed/device_communicators/shm_broadcast.py:764@62d
    '(Worker pid=2431) INFO 12-01 10:13:52 [parallel_state.py:1935] world_size=16 rank=8 local_rank=0 distributed_init_method=tcp://10.0.0.1:29501 backend=nccl',  # vllm-project/vllm vllm/distributed/parallel_state.py:1935@62d4bc3
    '(EngineCore pid=1876) ERROR 12-01 10:31:41 [multiproc_executor.py:404] Worker proc VllmWorker-3 died unexpectedly (exit code: -6), shutting down executor.',  # vllm-project/vllm vllm/v1/executor/multiproc_executor.py:404@62d4bc3
    'vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue. See stack trace (above) for the root cause.',  # vllm-project/vllm vllm/v1/engine/exceptions.py:20@62d4bc3
    '(EngineCore pid=1876) WARNING 12-01 10:12:01 [ray_utils.py:293] Tensor parallel size (16) exceeds available GPUs (8). This may result in Ray placement group allocation failures. Consider reducing tensor_parallel_size to 8 or less, or ensure your Ray cluster has 16 GPUs available.',  # vllm-project/vllm vllm/v1/executor/ray_utils.py:293@62d4bc3
    '(Worker pid=2431) ERROR 12-01 10:14:07 [cuda.py:874] NVLink detection failed. This is normal if your machine has no NVLink equipped.',  # vllm-project/vllm vllm/platforms/cuda.py:874@62d4bc3
    '[2026-12-01 10:14:09 TP0] CustomAllreduce is disabled because this process group spans across nodes.',  # sgl-project/sglang python/sglang/srt/distributed/device_communicators/custom_all
    '[2026-12-01 10:31:40 TP3] Scheduler hit an exception: Traceback (most recent call last):',  # sgl-project/sglang python/sglang/srt/managers/scheduler.py:6372@v0.5.23
]
