"""Lines of the older vLLM releases that 2024 threads run, read alone and inside an NCCL log: vLLM 0.4.3, 0.5.5 and
0.6.6 (vllm-project/vllm, read from the PyPI sdists of those tags because the repository snapshot was too large to
fetch: custom all-reduce and its P2P check, cuda_wrapper, pynccl_wrapper, shm_broadcast, parallel_state, the Ray
executor and ray_utils, multiproc_worker_utils, utils.get_ip, the worker's KV-cache check), with vLLM's console format
`LEVEL mm-dd hh:mm:ss file.py:line] message` and its worker prefixes `(VllmWorkerProcess pid=N)` and
`(RayWorkerWrapper pid=N)`. SGLang 0.3.6 was read from its wheel; its distributed lines that matter here are already
catalogued for 0.5.23 in serving.py, so none are repeated. Causes decided from the code around each line: the P2P
check that disables custom all-reduce is acs_iommu_p2p as in serving.py; Ray placement and driver-node checks that
find too few GPUs are a launch that does not fit the cluster (application_bug); "Every node should have a unique IP
address" fires when two Ray nodes report one IP, i.e. two hosts look like one (hostname_resolution); get_ip's
warning means the UDP probe found no routable address and vLLM falls back to 0.0.0.0, which its help text says to fix
with VLLM_HOST_IP (wrong_interface); is_in_the_same_node failing with ENOSPC is /dev/shm too small (its shared memory
segment is created there); the KV-cache checks and a cudaMalloc out of memory are oom; a worker killed with exit
code -9 is the OOM killer, as serving2.py decides for signal 9. Custom all-reduce notices printed by healthy
multi-node, PCIe or odd-sized runs, ring-buffer waits, placement waits and workers that only died or raised name
nothing; NCCL's 'unhandled system error' printed bare leads as that result (RESULT_ONLY)."""

from __future__ import annotations

CASES = [
    ('vllm-project/vllm vllm/distributed/device_communicators/custom_all_reduce.py:143@v0.6.6',
     "(VllmWorkerProcess pid=2431) WARNING 12-01 10:14:09 custom_all_reduce.py:143] Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
     'log.p2p_unavailable', 'acs_iommu_p2p'),
    ('vllm-project/vllm vllm/executor/ray_gpu_executor.py:226@v0.5.5',
     "RuntimeError: Every node should have a unique IP address. Got 2 nodes with node ids ['8c1f0e5d3b2a', '4e7d9a1c6f0b'] and 1 unique IP addresses {'172.17.0.2'}. Please check your network configuration. If you set `VLLM_HOST_IP` or `HOST_IP` environment variable, make sure it is unique for each node.",
     'log.host_identity', 'hostname_resolution'),
    ('vllm-project/vllm vllm/utils.py:507@v0.5.5',
     '/usr/local/lib/python3.10/dist-packages/vllm/utils.py:507: UserWarning: Failed to get the IP address, using 0.0.0.0 by default.The value can be set by the environment variable VLLM_HOST_IP or HOST_IP.',
     'log.no_interface', 'wrong_interface'),
    ('vllm-project/vllm vllm/executor/ray_gpu_executor.py:171@v0.5.5',
     'ValueError: Ray does not allocate any GPUs on the driver node. Consider adjusting the Ray placement group or running the driver on a GPU node.',
     'log.launch_config', 'application_bug'),
    ('vllm-project/vllm vllm/executor/ray_utils.py:130@v0.5.5',
     "RuntimeError: driver node id 8c1f0e5d3b2a is not included in a placement group PlacementGroupID(3f2a9c). Node id -> bundles {'4e7d9a1c6f0b': [{'GPU': 1.0}, {'GPU': 1.0}]}. You don't have enough GPUs available in a current node. Check `ray status` to see if you have available GPUs in a node 8c1f0e5d3b2a before starting an vLLM engine.",
     'log.launch_config', 'application_bug'),
    ('vllm-project/vllm vllm/executor/ray_utils.py:276@v0.5.5',
     "ValueError: Current node has no GPU available. current_node_resource={'CPU': 64.0, 'memory': 412316860416.0}. vLLM engine cannot start without GPU. Make sure you have at least 1 GPU available in a node current_node_id='8c1f0e5d3b2a' current_ip='10.0.0.1'.",
     'log.launch_config', 'application_bug'),
    ('vllm-project/vllm vllm/executor/ray_utils.py:261@v0.5.5',
     'ValueError: The number of required GPUs exceeds the total number of available GPUs in the placement group.',
     'log.launch_config', 'application_bug'),
    ('vllm-project/vllm vllm/distributed/parallel_state.py:1094@v0.5.5',
     'ERROR 12-01 10:14:05 parallel_state.py:1094] Error ignored in is_in_the_same_node: [Errno 28] No space left on device',
     'log.shm_error', 'shm_too_small'),
    ('vllm-project/vllm vllm/distributed/device_communicators/cuda_wrapper.py:127@v0.5.5',
     'RuntimeError: CUDART error: out of memory',
     'log.oom', 'oom'),
    ('vllm-project/vllm vllm/worker/worker.py:370@v0.4.3',
     'ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.',
     'log.oom', 'oom'),
    ('vllm-project/vllm vllm/worker/worker.py:375@v0.4.3',
     "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (20112). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.",
     'log.oom', 'oom'),
    ('vllm-project/vllm vllm/executor/multiproc_worker_utils.py:120@v0.5.5',
     'ERROR 12-01 10:14:09 multiproc_worker_utils.py:120] Worker VllmWorkerProcess pid 2431 died, exit code: -9',
     'log.process_killed', 'oom'),
    # a PCIe-only box of more than two GPUs: the hint patterns_table_stacks gives (NCCL's P2P hangs there,
    # vllm-project/vllm#14025), kept for 0.5's wording too
    ('vllm-project/vllm vllm/distributed/device_communicators/custom_all_reduce.py:122@v0.5.5',
     "WARNING 12-01 10:14:09 custom_all_reduce.py:122] Custom allreduce is disabled because it's not supported on more than two PCIe-only GPUs. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
     'log.p2p_unavailable', 'acs_iommu_p2p'),
]

NO_CAUSE = [
    # an advisory that tensor-parallel workers span nodes (slower without a fast interconnect): a choice, no fault
    "WARNING 12-01 10:14:02 ray_utils.py:140] tensor_parallel_size=16 is bigger than a reserved number of GPUs (8 GPUs) in a node 8c1f0e5d3b2a. Tensor parallel workers can be spread out to 2+ nodes which can degrade the performance unless you have fast interconnect across nodes, like Infiniband. To resolve this issue, make sure you have more than 16 GPUs available at each node.",  # 'vllm-project/vllm vllm/executor/ray_utils.py:140@v0.5.5
    'WARNING 12-01 10:14:09 custom_all_reduce.py:70] Custom allreduce is disabled because this process group spans across nodes.',  # vllm-project/vllm vllm/distributed/device_communicators/custom_all_reduce.py:70@v0.5.5
    'WARNING 12-01 10:14:09 custom_all_reduce.py:118] Custom allreduce is disabled due to an unsupported world size: 3. Supported world sizes: [2, 4, 6, 8]. To silence this warning, specify disable_custom_all_reduce=True explicitly.',  # vllm-project/vllm vllm/distributed/device_communicators/custom_all_reduce.py:118@v0.4.3
    'WARNING 12-01 10:24:03 shm_broadcast.py:386] No available block found in 60 second. ',  # vllm-project/vllm vllm/distributed/device_communicators/shm_broadcast.py:386@v0.5.5
    'ERROR 12-01 10:14:09 multiproc_worker_utils.py:120] Worker VllmWorkerProcess pid 2431 died, exit code: 1',  # vllm-project/vllm vllm/executor/multiproc_worker_utils.py:120@v0.5.5
    'RuntimeError: At least one Worker is dead. Dead Workers: [Actor(RayWorkerWrapper, 5d1e0c3a7f8b)]. ',  # vllm-project/vllm vllm/executor/ray_gpu_executor.py:310@v0.4.3
    "INFO 12-01 10:14:23 ray_utils.py:201] Waiting for creating a placement group of specs for 20 seconds. specs=[{'node:10.0.0.1': 0.001, 'GPU': 1.0}, {'GPU': 1.0}]. Check `ray status` to see if you have enough resources.",  # vllm-project/vllm vllm/executor/ray_utils.py:201@v0.5.5
    "WARNING 12-01 10:13:58 ray_utils.py:46] Failed to import Ray with ModuleNotFoundError(\"No module named 'ray'\"). For multi-node inference, please install Ray with `pip install ray`.",  # vllm-project/vllm vllm/executor/ray_utils.py:46@v0.4.3
    "WARNING 12-01 10:14:01 multiproc_worker_utils.py:280] CUDA was previously initialized. We must use the `spawn` multiprocessing start method. Setting VLLM_WORKER_MULTIPROC_METHOD to 'spawn'. See https://docs.vllm.ai/en/latest/getting_started/debugging.html#python-multiprocessing for more information.",  # vllm-project/vllm vllm/executor/multiproc_worker_utils.py:280@v0.6.6
]

RESULT_ONLY = [
    ('vllm-project/vllm vllm/distributed/device_communicators/pynccl_wrapper.py:223@v0.5.5',
     'RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)',
     'log.system_error'),
]
