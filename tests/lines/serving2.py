"""Lines of the serving engines beside vLLM and SGLang, read alone and inside an NCCL log: Hugging Face
text-generation-inference (huggingface/text-generation-inference db931fc: the launcher's shard manager and download
step in launcher/src/main.rs, whose tracing lines read `<time> ERROR shard-manager: text_generation_launcher: ...
rank=N`, the shard's utils/dist.py and flash_causal_lm.py warmup, and the Python log lines the launcher re-prints),
its fork lorax (predibase/lorax a7394ba: the same launcher as `lorax_launcher`), LMDeploy (InternLM/lmdeploy 1263d5c:
the PyTorch engine's executors, Ray placement and check_env, with lmdeploy's `<time> - lmdeploy - LEVEL -
file:line - ` format; TurboMind's NCCL communicator, gloo TCP store and hybrid host communicator in src/turbomind/comm,
with its `[TM][LEVEL][MMDD.hh:mm:ss.us][file:line]` logger, and NCCLCHECK's runtime_error surfacing through pybind as
RuntimeError), DeepSpeed-MII (deepspeedai/DeepSpeed-MII 8abdd98 = v0.3.3: the replica allocation of mii/config.py and
mii/legacy/config.py, the server wait loop) and its FastGen engine (deepspeedai/DeepSpeed edaa722:
deepspeed/inference/v2), Xinference (xorbitsai/inference 7ecec16: the worker's GPU allocation; errors raised in an
actor reach the user with xoscar's `[address=..., pid=...]` prefix) and aphrodite-engine
(aphrodite-engine/aphrodite-engine b42eeec: pynccl, custom all-reduce and its P2P check, the Ray executor, the
worker's memory check; its default console format is `LEVEL hh:mm:ss message` with WARNING shortened to WARN).
NCCL's result strings printed through these wrappers were checked against NVIDIA/nccl's ncclGetErrorString.
Causes decided one by one from the code and help text around each line: parallel sizes, replica and GPU requests,
and rendezvous variables that do not fit the machines or the launch are application_bug; memory checks that fail are
oom; a shard killed by SIGBUS (signal 7) is shm_too_small, as TGI's README ("A note on Shared Memory") and its
maintainer on issue #446 say, and one killed by SIGKILL (signal 9) is the OOM killer; the P2P checks that disable
custom all-reduce are acs_iommu_p2p; a TurboMind store host that does not resolve is hostname_resolution; NCCL's
'unhandled cuda error' is cuda_or_driver and 'remote process exited' rank_crashed_elsewhere, as in the vLLM module.
Progress, wrappers that only say a shard, worker or server failed, and advisories printed by healthy runs name nothing;
NCCL's 'unhandled system error' printed bare leads as that result (RESULT_ONLY)."""

from __future__ import annotations

CASES = [
    # Hugging Face text-generation-inference: launcher and shard
    ('huggingface/text-generation-inference launcher/src/main.rs:1220@db931fc',
     '2026-12-01T10:14:09.512334Z ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 7 rank=1',
     'log.shm_error', 'shm_too_small'),
    ('huggingface/text-generation-inference launcher/src/main.rs:1220@db931fc',
     '2026-12-01T10:14:09.512334Z ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 9 rank=0',
     'log.process_killed', 'oom'),
    ('huggingface/text-generation-inference launcher/src/main.rs:1560@db931fc',
     '2026-12-01T10:12:44.208811Z ERROR download: text_generation_launcher: Download process was signaled to shutdown with signal 7:',
     'log.shm_error', 'shm_too_small'),
    ('huggingface/text-generation-inference launcher/src/main.rs:1386@db931fc',
     'Error: NotEnoughCUDADevices("`sharded` is true but only found 1 CUDA devices")',
     'log.launch_config', 'application_bug'),
    ('huggingface/text-generation-inference server/text_generation_server/utils/dist.py:53@db931fc',
     'AssertionError: Each process is one gpu',
     'log.launch_config', 'application_bug'),
    ('huggingface/text-generation-inference server/text_generation_server/models/flash_causal_lm.py:1550@db931fc',
     'RuntimeError: Not enough memory to handle 4096 prefill tokens. You need to decrease `--max-batch-prefill-tokens`',
     'log.oom', 'oom'),
    # lorax (TGI's launcher as lorax_launcher)
    ('predibase/lorax launcher/src/main.rs:995@a7394ba',
     '2026-12-01T10:14:09.512334Z ERROR shard-manager: lorax_launcher: Shard process was signaled to shutdown with signal 7 rank=0',
     'log.shm_error', 'shm_too_small'),
    # LMDeploy PyTorch engine
    ('InternLM/lmdeploy lmdeploy/pytorch/ray.py:73@1263d5c',
     "ValueError: Cannot provide a placement group of placement_group_specs=[{'GPU': 1.0, 'node:10.0.0.1': 0.001}, {'GPU': 1.0}, {'GPU': 1.0}, {'GPU': 1.0}] within 1800 seconds. See `ray status` to make sure the cluster has enough resources.",
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/pytorch/engine/executor/base.py:425@1263d5c',
     'RuntimeError: No enough gpu memory for kv cache.',
     'log.oom', 'oom'),
    ('InternLM/lmdeploy lmdeploy/pytorch/engine/executor/base.py:400@1263d5c',
     'RuntimeError: No enough gpu memory for runtime.',
     'log.oom', 'oom'),
    ('InternLM/lmdeploy lmdeploy/pytorch/engine/executor/ray_executor.py:242@1263d5c',
     'RuntimeError: DP > 1 requires "LMDEPLOY_DP_MASTER_ADDR" and "LMDEPLOY_DP_MASTER_PORT".',
     'log.framework_usage', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/pytorch/check_env/dist.py:39@1263d5c',
     'dp>1 requires distributed_executor_backend="ray". Get distributed_executor_backend=mp.',
     'log.launch_config', 'application_bug'),
    # LMDeploy TurboMind communicators
    ('InternLM/lmdeploy src/turbomind/comm/nccl/nccl.cu:515@1263d5c',
     "RuntimeError: NCCL error /lmdeploy/src/turbomind/comm/nccl/nccl.cu:515 'unhandled cuda error (run with NCCL_DEBUG=INFO for details)'",
     'log.cuda_error', 'cuda_or_driver'),
    ('InternLM/lmdeploy src/turbomind/comm/nccl/nccl.cu:515@1263d5c',
     "RuntimeError: NCCL error /lmdeploy/src/turbomind/comm/nccl/nccl.cu:515 'remote process exited or there was a network error'",
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('InternLM/lmdeploy src/turbomind/comm/gloo/tcp_store.cc:151@1263d5c',
     '[TM][WARN][1201.10:13:52.104233][tcp_store.cc:151] Failed to connect to store after 0 retries: getaddrinfo failed: Name or service not known',
     'log.name_resolution', 'hostname_resolution'),
    ('InternLM/lmdeploy src/turbomind/comm/gloo/gloo_comm.cc:90@1263d5c',
     '[TM][FATAL][1201.10:13:52.104233][gloo_comm.cc:90] Check failed: std::getenv("LMDEPLOY_DIST_INIT_ADDR") != nullptr LMDEPLOY_DIST_INIT_ADDR not set',
     'log.framework_usage', 'application_bug'),
    ('InternLM/lmdeploy src/turbomind/comm/gloo/hybrid_comm.cc:60@1263d5c',
     '[TM][FATAL][1201.10:13:53.311902][hybrid_comm.cc:60] Check failed: intra_n_ranks_ == intra_n_ranks (4 vs. 8) The number of ranks in each node should be same.',
     'log.launch_config', 'application_bug'),
    # DeepSpeed-MII and FastGen
    ('deepspeedai/DeepSpeed-MII mii/config.py:357@8abdd98',
     'ValueError: Only able to place 0 replicas, but 1 replicas were requested.',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed-MII mii/legacy/config.py:424@8abdd98',
     'ValueError: Not sufficient GPUs for 1 replica(s), only 0 replica(s) can be deployed',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/inference/v2/engine_v2.py:102@edaa722',
     'RuntimeError: Local rank is greater than TP size, ensure that the TP config is correct.',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/inference/v2/ragged/kv_cache.py:103@edaa722',
     'ValueError: Insufficient memory to allocate KV-caches. Required: 33554432, Available: 12582912',
     'log.oom', 'oom'),
    # Xinference worker
    ('xorbitsai/inference xinference/core/worker.py:1864@7ecec16',
     'RuntimeError: [address=0.0.0.0:34219, pid=48213] No available slot found for the model',
     'log.launch_config', 'application_bug'),
    ('xorbitsai/inference xinference/core/worker.py:1849@7ecec16',
     'RuntimeError: [address=0.0.0.0:34219, pid=48213] Requested GPUs exceed the number of available devices',
     'log.launch_config', 'application_bug'),
    ('xorbitsai/inference xinference/core/worker.py:3589@7ecec16',
     'ValueError: [address=0.0.0.0:34219, pid=48213] The parameter `n_gpu` must be greater than 0 and not greater than the number of GPUs: 2 on the machine.',
     'log.launch_config', 'application_bug'),
    ('xorbitsai/inference xinference/core/worker.py:1914@7ecec16',
     "RuntimeError: [address=0.0.0.0:34219, pid=48213] GPU index 1 has been occupied with models: ['qwen2.5-instruct-0'], and multi-replica-per-GPU is disabled.",
     'log.launch_config', 'application_bug'),
    # aphrodite-engine
    ('aphrodite-engine/aphrodite-engine aphrodite/distributed/device_communicators/custom_all_reduce.py:149@b42eeec',
     'WARN 10:14:09 Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.',
     'log.p2p_unavailable', 'acs_iommu_p2p'),
    ('aphrodite-engine/aphrodite-engine aphrodite/distributed/device_communicators/all_reduce_utils.py:283@b42eeec',
     'WARN 10:14:08 Two processes do not agree on the P2P access status on 0 -> 1, treat as disabled.',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('aphrodite-engine/aphrodite-engine aphrodite/distributed/device_communicators/pynccl_wrapper.py:333@b42eeec',
     'ERROR 10:13:58 Failed to load NCCL library from libnccl.so.2. It is expected if you are not running on NVIDIA/AMD GPUs.Otherwise, the nccl library might not exist, be corrupted or it does not support the current platform Linux-5.15.0-119-generic-x86_64-with-glibc2.35. If you already have the library, please set the environment variable APHRODITE_NCCL_SO_PATH to point to the correct nccl library path.',
     'log.nccl_library_missing', 'other'),
    ('aphrodite-engine/aphrodite-engine aphrodite/v1/worker/utils.py:391@b42eeec',
     'ValueError: Free memory on device cuda:0 (30.12/79.19 GiB) on startup is less than desired GPU memory utilization (0.9, 71.27 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.',
     'log.oom', 'oom'),
    ('aphrodite-engine/aphrodite-engine aphrodite/v1/executor/ray_utils.py:459@b42eeec',
     "ValueError: Cannot provide a placement group requiring 4.0 GPUs (placement_group_specs=[{'GPU': 1.0, 'node:10.0.0.1': 0.001}, {'GPU': 1.0}, {'GPU': 1.0}, {'GPU': 1.0}]) within 1800 seconds.",
     'log.launch_config', 'application_bug'),
]

NO_CAUSE = [
    '2026-12-01T10:14:09.512301Z ERROR shard-manager: text_generation_launcher: Shard complete standard error output:',  # huggingface/text-generation-inference launcher/src/main.rs:1217@db931fc
    '2026-12-01T10:14:09.612455Z ERROR text_generation_launcher: Shard 1 failed to start',  # huggingface/text-generation-inference launcher/src/main.rs:1677@db931fc
    'Error: ShardCannotStart',  # huggingface/text-generation-inference launcher/src/main.rs:1679@db931fc
    '2026-12-01T10:15:02.118870Z ERROR text_generation_launcher: Method Warmup encountered an error.',  # huggingface/text-generation-inference server/text_generation_server/interceptor.py:27@db931fc
    '2026-12-01T10:31:40.771203Z ERROR lorax_launcher: Shard 1 crashed',  # predibase/lorax launcher/src/main.rs:1853@a7394ba
    '2026-12-01 10:31:40,118 - lmdeploy - ERROR - ray_executor.py:493 - Ray worker exited.',  # InternLM/lmdeploy lmdeploy/pytorch/engine/executor/ray_executor.py:493@1263d5c
    '[TM][WARN][1201.10:13:53.002117][nccl.cu:88] Window registration is not supported by NCCL 2.21.5, use NCCL 2.28+ for better performance.',  # InternLM/lmdeploy src/turbomind/comm/nccl/nccl.cu:88@1263d5c
    'RuntimeError: server crashed for some reason, unable to proceed',  # deepspeedai/DeepSpeed-MII mii/backend/server.py:64@8abdd98
    'ERROR 10:31:41 Worker proc AphroditeWorker-3 died unexpectedly, shutting down executor.',  # aphrodite-engine/aphrodite-engine aphrodite/v1/executor/multiproc_executor.py:283@b42eeec
]

# NCCL's bare result, wrapped by TurboMind's NCCLCHECK: the result leads, with no cause of its own (the alternatives
# carry the likely ones).
RESULT_ONLY = [
    ('InternLM/lmdeploy src/turbomind/comm/nccl/nccl.cu:515@1263d5c',
     "RuntimeError: NCCL error /lmdeploy/src/turbomind/comm/nccl/nccl.cu:515 'unhandled system error (run with NCCL_DEBUG=INFO for details)'",
     'log.system_error'),
]
