"""Lines of LMDeploy's multi-GPU and multi-node serving and XTuner's training launch, read alone and inside an NCCL
log, beside the LMDeploy lines of serving2.py (none repeated here): LMDeploy (InternLM/lmdeploy 1263d5c) with its
PyTorch engine (check_env's DistChecker and CudaChecker, whose log_and_exit prints `<Mod> check failed!` and then the
message on a line of its own; DistConfig, the Ray executor's placement-group bundles, the executor's memory checks,
the DP launcher of `lmdeploy serve api_server` and the Mooncake KV-migration backend), in lmdeploy's `<time> -
lmdeploy - LEVEL - file:line - ` format, and TurboMind (lmdeploy/turbomind: the parallel-config derivation and
update_parallel_config; src/turbomind: TM_CHECK / TM_CHECK_NOTNULL / TM_CUDA_CHECK and the `[TM][LEVEL][MMDD.hh:mm:
ss.us][file:line]` logger, the NCCL and cuda-ipc communicators, the gloo TCP store whose connect errors are gloo's
EnforceNotMet text (pytorch/gloo c7b7b02, the tag lmdeploy's CMake fetches), the engine's cache and warm-up);
XTuner (InternLM/xtuner b934f46: the legacy mmengine train tool and sequence-parallel setup, the v1 trainer's
parallel checks and health check in the `[XTuner][time][LEVEL]` format, its FSDP/MoE configs, its Ray accelerator
workers and the NCCL suspend/resume helper). Causes decided from the code around each line: parallel sizes, Ray
bundles, devices and ports that do not fit the machines or the launch are application_bug, as is TurboMind's
TM_COMM_MAX_CTAS set differently on the ranks (cuda_ipc_comm.cu all-reduces its minimum and checks every rank kept
it); a GPU older than the model format (fp8 needs sm90) is a launch that does not fit the machine (application_bug);
TurboMind's `available_devices ... got 0` is torch.cuda.device_count() == 0 (no GPU visible: cuda_or_driver, like
CudaChecker's `cuda is not available`); `Unknown communication backend: nccl` can only be printed by a build without
NCCL (the CLI offers nccl, and device_comm.cc compiles the nccl branch under USE_NCCL only): package_build, `other`;
`'nccl_apis().ncclCommSplit' Must be non NULL` is the loaded NCCL older than 2.18 (nccl.cu loads ncclCommSplit only
from 2.18, and Split needs it when attn_dp > 1): nccl_version_mismatch; the TCP store refused on LMDEPLOY_DIST_INIT_
ADDR:PORT is a refused port; warm-up `status 11` is Request::kOutOfMemory (request.h) and `cache out of memory`
fails a request for want of KV cache: oom; the state-cache assertion is oom; Mooncake finding no RDMA device is the
no-device line of the RDMA tools (socket_fallback, as rdma_tools.py reads it); XTuner's health check fails only when
a bf16 matmul over broadcast input differs between ranks (check_health.py), a GPU computing wrong results
(gpu_fault, cuda_or_driver), and the trainer's `Health check failed, exit training` is raised only then; the NCCL
suspend helper's missing backend methods and DeepSpeed older than 0.12.3 are framework releases (`other`). Progress,
wrappers that only say a worker, process or server failed, an advisory printed by healthy runs (NCCL 2.27's window
registration, NCCL < 2.18 without split, the prefill budget lowered to fit), warm-up status 5 (kFail) and the random
port XTuner picks (harmless on one node) name nothing; NCCL's bare internal and system errors through TurboMind's
NCCLCHECK lead as that result (RESULT_ONLY)."""

from __future__ import annotations

CASES = [
    # LMDeploy PyTorch engine: parallel sizes, Ray placement, devices, memory, launcher
    ('InternLM/lmdeploy lmdeploy/pytorch/ray.py:124@1263d5c',
     '2026-12-01 10:13:50,204 - lmdeploy - WARNING - ray.py:124 - The number of required GPUs exceeds the total number of available GPUs in the placement group.',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/pytorch/engine/executor/ray_executor.py:613@1263d5c',
     'ValueError: Not enough bundle indices for attention tensor parallelism. Required: 8, Provided: 4 (bundle_indices: [0, 1, 2, 3]).',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/pytorch/engine/executor/ray_executor.py:604@1263d5c',
     'ValueError: External bundle index 8 is out of range. Placement group has 8 bundles (valid indices: 0-7).',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/pytorch/config.py:198@1263d5c',
     'AssertionError: world_size 4, dp 8',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/pytorch/check_env/dist.py:36@1263d5c',
     'Does not support distributed_executor_backend="uni" and world_size!=1.',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/pytorch/check_env/dist.py:50@1263d5c',
     'ep>1 requires ep % dp == 0. Get dp=3 and ep=8.',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/pytorch/check_env/cuda.py:17@1263d5c',
     'cuda is not available.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('InternLM/lmdeploy lmdeploy/pytorch/check_env/cuda.py:22@1263d5c',
     'model_format=fp8 requires sm>=9.0.',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/pytorch/check_env/base.py:54@1263d5c',
     '2026-12-01 10:13:51,882 - lmdeploy - ERROR - base.py:54 - RuntimeError: CUDA error: no kernel image is available for execution on the device',
     'log.cuda_error', 'cuda_or_driver'),
    ('InternLM/lmdeploy lmdeploy/pytorch/engine/executor/base.py:358@1263d5c',
     'AssertionError: No enough gpu memory for state cache. Please reduce max_batch_size.',
     'log.oom', 'oom'),
    ('InternLM/lmdeploy lmdeploy/serve/openai/launch_server.py:141@1263d5c',
     'ValueError: Port 23333 is not available',
     'log.port_in_use', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/serve/openai/launch_server.py:120@1263d5c',
     'AssertionError: only support tp > 1 or ep > 1, but given tp=1 ep=1',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/pytorch/disagg/backend/mooncake.py:113@1263d5c',
     'RuntimeError: No RDMA devices available',
     'log.no_ib_device', 'socket_fallback'),
    # TurboMind: parallel config, checks, communicators, memory
    ('InternLM/lmdeploy lmdeploy/turbomind/parallel_config.py:122@1263d5c',
     'AssertionError: no valid parallel config: dp=1, tp=8, ep=1, cp=1, device_num=None, available_devices=4; note the legacy "tp=1, ep=N" spelling must be "tp=N, ep=N"',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/turbomind/parallel_config.py:113@1263d5c',
     'AssertionError: available_devices must be a positive integer or None, got 0',
     'log.gpu_missing', 'cuda_or_driver'),
    ('InternLM/lmdeploy lmdeploy/turbomind/parallel_config.py:91@1263d5c',
     'AssertionError: config requires 8 devices; device_num=6 is not a divisor',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy lmdeploy/turbomind/turbomind.py:100@1263d5c',
     'AssertionError: ep > 1 is only supported in single-node mode',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy src/turbomind/models/llama/unified_attention_layer.cc:210@1263d5c',
     '[TM][FATAL][1201.10:13:54.220871][unified_attention_layer.cc:210] Check failed: w.head_num % tp_size == 0 (4 vs. 0) 28 8',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy src/turbomind/models/llama/unified_decoder.cc:100@1263d5c',
     '[TM][FATAL][1201.10:13:54.220871][unified_decoder.cc:100] Check failed: !(moe_weights.empty() && engine.ep_size > 1) Dense model is not supported with ep_size > 1',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy src/turbomind/comm/cuda_ipc/cuda_ipc_comm.cu:94@1263d5c',
     '[TM][FATAL][1201.10:13:53.402117][cuda_ipc_comm.cu:94] Check failed: max_ctas_.value() == minval (32 vs. 16) MAX_CTAS set to different values',
     'log.launch_config', 'application_bug'),
    ('InternLM/lmdeploy src/turbomind/comm/device_comm.cc:28@1263d5c',
     '[TM][FATAL][1201.10:13:53.311902][device_comm.cc:28] Unknown communication backend: nccl',
     'log.package_build', 'other'),
    ('InternLM/lmdeploy src/turbomind/comm/nccl/nccl.cu:229@1263d5c',
     "[TM][FATAL][1201.10:13:53.517420][nccl.cu:229] 'nccl_apis().ncclCommSplit' Must be non NULL",
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('InternLM/lmdeploy src/turbomind/comm/nccl/nccl.cu:515@1263d5c',
     "RuntimeError: NCCL error /lmdeploy/src/turbomind/comm/nccl/nccl.cu:515 'invalid usage (run with NCCL_DEBUG=WARN for details)'",
     'log.invalid_usage', 'application_bug'),
    ('InternLM/lmdeploy src/turbomind/comm/gloo/tcp_store.cc:151@1263d5c',
     '[TM][WARN][1201.10:13:52.104233][tcp_store.cc:151] Failed to connect to store after 12 retries: [enforce fail at /lmdeploy/build/_deps/gloo-src/gloo/transport/tcp/socket.cc:142] rv != -1. -1 vs -1. connect: Connection refused',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('InternLM/lmdeploy src/turbomind/core/allocator.cc:49@1263d5c',
     '[TM][FATAL][1201.10:13:58.640013][allocator.cc:49] CUDA error: out of memory',
     'log.cuda_error', 'oom'),
    ('InternLM/lmdeploy src/turbomind/engine/engine.cc:773@1263d5c',
     '[TM][FATAL][1201.10:13:53.090114][engine.cc:773] CUDA error: invalid device ordinal',
     'log.cuda_error', 'application_bug'),
    ('InternLM/lmdeploy src/turbomind/engine/engine.cc:605@1263d5c',
     '[TM][WARN][1201.10:31:40.118204][engine.cc:605] dp0 ID 4711: cache out of memory, no request can be admitted; failing head-of-line request',
     'log.oom', 'oom'),
    ('InternLM/lmdeploy src/turbomind/turbomind.cc:453@1263d5c',
     '[TM][ERROR][1201.10:14:02.771204][turbomind.cc:453] Warm-up for 8192 tokens failed with status 11',
     'log.oom', 'oom'),
    # XTuner: parallel sizes, Ray workers, health check, releases
    ('InternLM/xtuner xtuner/parallel/sequence/setup_distributed.py:24@b934f46',
     'RuntimeError: world_size (12) is not divisible by sequence_parallel_size 8',
     'log.launch_config', 'application_bug'),
    ('InternLM/xtuner xtuner/v1/train/trainer.py:1111@b934f46',
     'xtuner.v1.utils.exception_helper.ParallelConfigException: Found tp_size 8, world_size 12.tensor parallel size must be a divisor of world size.',
     'log.launch_config', 'application_bug'),
    ('InternLM/xtuner xtuner/v1/train/trainer.py:1033@b934f46',
     'xtuner.v1.utils.exception_helper.ParallelConfigException: Global batch size 100 must be divisible by data parallel size 16. Please adjust the global batch size.',
     'log.launch_config', 'application_bug'),
    ('InternLM/xtuner xtuner/v1/config/fsdp.py:51@b934f46',
     'AssertionError: Currently, HSDP requires expert parallel size to be 1',
     'log.launch_config', 'application_bug'),
    ('InternLM/xtuner xtuner/v1/model/moe/moe.py:201@b934f46',
     'AssertionError: Currently, AGRS dispatcher requires ep_size and router_n_groups to be 8',
     'log.launch_config', 'application_bug'),
    ('InternLM/xtuner xtuner/v1/rl/utils/ray_accelerator_worker.py:106@b934f46',
     'AssertionError: Not enough available GPUS in Ray cluster, 8.0 less than 16.',
     'log.launch_config', 'application_bug'),
    ('InternLM/xtuner xtuner/v1/rl/utils/ray_accelerator_worker.py:221@b934f46',
     'ValueError: Assigned accelerator id 3 is not present in CUDA_VISIBLE_DEVICES=0,1.',
     'log.launch_config', 'application_bug'),
    ('InternLM/xtuner xtuner/v1/utils/check_health.py:74@b934f46',
     '[XTuner][2026-12-01 10:31:40][ERROR] Health check failed: gather_check=0, all_reduce_check=1. rtol=0.016, atol=1e-05.',
     'log.gpu_fault', 'cuda_or_driver'),
    ('InternLM/xtuner xtuner/v1/train/trainer.py:1233@b934f46',
     'RuntimeError: Health check failed, exit training',
     'log.gpu_fault', 'cuda_or_driver'),
    ('InternLM/xtuner xtuner/v1/utils/nccl_process_group.py:208@b934f46',
     "RuntimeError: NCCL backend does not expose native suspend/resume APIs; missing ['suspend', 'resume', 'memory_stats']. PyTorch 2.12+ with NCCL 2.29.7+ is required.",
     'log.framework_release', 'other'),
    ('InternLM/xtuner xtuner/tools/train.py:284@b934f46',
     'RuntimeError: Please upgrade your DeepSpeed version by using the command pip install `deepspeed>=0.12.3`',
     'log.framework_release', 'other'),
]

NO_CAUSE = [
    '<Dist> check failed!',  # InternLM/lmdeploy lmdeploy/pytorch/check_env/base.py:55@1263d5c
    'PyTorch is not available.',  # InternLM/lmdeploy lmdeploy/pytorch/check_env/torch.py:21@1263d5c
    "2026-12-01 10:14:23,512 - lmdeploy - INFO - ray.py:62 - Waiting for creating a placement group of specs for 40 seconds. specs=[{'GPU': 1.0, 'node:10.0.0.11': 0.001}, {'GPU': 1.0}, {'GPU': 1.0}, {'GPU': 1.0}]. Check `ray status` to see if you have enough resources, and make sure the IP addresses used by ray cluster are the same as VLLM_HOST_IP environment variable specified in each node if you are running on a multi-node.",  # InternLM/lmdeploy lmdeploy/pytorch/ray.py:62@1263d5c
    '2026-12-01 10:13:58,021 - lmdeploy - WARNING - base.py:402 - No enough memory. Update max_prefill_token_num=2048',  # InternLM/lmdeploy lmdeploy/pytorch/engine/executor/base.py:402@1263d5c
    '2026-12-01 10:31:40,118 - lmdeploy - ERROR - ray_executor.py:418 - RayExecutor DP[0] wait_tasks failed.',  # InternLM/lmdeploy lmdeploy/pytorch/engine/executor/ray_executor.py:418@1263d5c
    '2026-12-01 10:31:40,102 - lmdeploy - ERROR - base_worker.py:164 - WorkerWrapper rank[3] wait_tasks failed.',  # InternLM/lmdeploy lmdeploy/pytorch/engine/executor/base_worker.py:164@1263d5c
    '2026-12-01 10:31:40,131 - lmdeploy - ERROR - mp_executor.py:282 - Received custom termination signal from sub processing, exiting...',  # InternLM/lmdeploy lmdeploy/pytorch/engine/executor/mp_executor.py:282@1263d5c
    '2026-12-01 10:31:40,097 - lmdeploy - ERROR - mp_executor.py:561 - Proc[2] failed',  # InternLM/lmdeploy lmdeploy/pytorch/engine/executor/mp_executor.py:561@1263d5c
    'RuntimeError: PyTorch ZMQ engine process exited before publishing RPC server port.',  # InternLM/lmdeploy lmdeploy/pytorch/engine/mp_engine/zmq_engine.py:88@1263d5c
    '2026-12-01 10:31:41,004 - lmdeploy - ERROR - launch_server.py:180 - Server process 41213 exited with code 1',  # InternLM/lmdeploy lmdeploy/serve/openai/launch_server.py:180@1263d5c
    '2026-12-01 10:31:45,660 - lmdeploy - WARNING - proxy.py:342 - api timeout: http://10.0.0.12:23333',  # InternLM/lmdeploy lmdeploy/serve/proxy/proxy.py:342@1263d5c
    'RuntimeError: Failed to initialize Mooncake engine: -1',  # InternLM/lmdeploy lmdeploy/pytorch/disagg/backend/mooncake.py:120@1263d5c
    'TimeoutError: PDConnection Failure',  # InternLM/lmdeploy lmdeploy/pytorch/disagg/conn/proxy_conn.py:263@1263d5c
    '[TM][WARN][1201.10:13:53.002117][nccl.cu:81] Window registration may cause memory leaks in NCCL 2.27, use NCCL 2.28+ or disable the feature by setting NCCL_WIN_ENABLE=0.',  # InternLM/lmdeploy src/turbomind/comm/nccl/nccl.cu:81@1263d5c
    '[TM][WARN][1201.10:13:53.002117][nccl.cu:101] Splitting communicators is not supported by NCCL 2.17.1, use NCCL 2.18+ if needed.',  # InternLM/lmdeploy src/turbomind/comm/nccl/nccl.cu:101@1263d5c
    '[TM][ERROR][1201.10:14:02.771204][turbomind.cc:453] Warm-up for 8192 tokens failed with status 5',  # InternLM/lmdeploy src/turbomind/turbomind.cc:453@1263d5c
    '12/01 10:14:03 - mmengine - WARNING - Use random port: 24817',  # InternLM/xtuner xtuner/entry_point.py:314@b934f46
    '[XTuner][2026-12-01 10:14:05][INFO] Rank: 5 failed to bind process to numa node.',  # InternLM/xtuner xtuner/v1/train/trainer.py:1528@b934f46
    'TimeoutError: Server failed to start within the timeout period.',  # InternLM/xtuner xtuner/v1/rl/rollout/worker.py:1086@b934f46
]

# NCCL's bare result, wrapped by TurboMind's NCCLCHECK: the result leads, with no cause of its own (the alternatives
# carry the likely ones).
RESULT_ONLY = [
    ('InternLM/lmdeploy src/turbomind/comm/nccl/nccl.cu:232@1263d5c',
     "RuntimeError: NCCL error /lmdeploy/src/turbomind/comm/nccl/nccl.cu:232 'internal error - please report this issue to the NCCL developers'",
     'log.internal_error'),
    ('InternLM/lmdeploy src/turbomind/comm/nccl/nccl.cu:255@1263d5c',
     "RuntimeError: NCCL error /lmdeploy/src/turbomind/comm/nccl/nccl.cu:255 'unhandled system error (run with NCCL_DEBUG=INFO for details)'",
     'log.system_error'),
]
