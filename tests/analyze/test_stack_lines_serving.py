"""Lines the serving stacks and Ray print around NCCL (vLLM, SGLang, Ray), read alone and inside an NCCL log. Each
text is the one its source file prints (format fields filled; the file is named beside it, at the releases
patterns_table_stacks.py names); the expected cause is what the code and help text around it say, reviewed one by one
(the training stacks' lines are test_stack_lines.py's)."""

from __future__ import annotations

import pytest

from line_reading import assert_reads

CASES = [
    ('vllm-project/vllm vllm/distributed/device_communicators/pynccl_wrapper.py:388',
     'Failed to load NCCL library from libnccl.so.2. It is expected if you are not running on '
     'NVIDIA/AMD GPUs.Otherwise, the nccl library might not exist, be corrupted or it does not '
     'support the current platform Linux-5.15.0-105-generic-x86_64-with-glibc2.35. If you already '
     'have the library, please set the environment variable VLLM_NCCL_SO_PATH to point to the correct '
     'nccl library path.',
     'log.nccl_library_missing', 'other'),
    ('vllm-project/vllm vllm/distributed/device_communicators/pynccl.py:286',
     'AssertionError: this nccl communicator is created to work on cuda:0, but the input tensor is on '
     'cuda:1',
     'log.framework_usage', 'application_bug'),
    ('vllm-project/vllm vllm/distributed/device_communicators/pynccl_allocator.py:168',
     'AssertionError: NCCL version 2.27.3 or higher is required for NCCL symmetric memory',
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('vllm-project/vllm vllm/distributed/parallel_state.py:1943',
     'Distributed backend nccl is not available; falling back to gloo.',
     'log.framework_usage', 'application_bug'),
    ('vllm-project/vllm vllm/distributed/parallel_state.py:1786',
     'AssertionError: External launcher initialized the default process group without device_id. vLLM '
     'requires the default PG to be device-bound for split_group. Pass '
     "device_id=torch.device(f'cuda:{local_rank}') to torch.distributed.init_process_group().",
     'log.framework_usage', 'application_bug'),
    ('vllm-project/vllm vllm/distributed/parallel_state.py:2663',
     'Error ignored in is_in_the_same_node: [Errno 28] No space left on device',
     'log.shm_error', 'shm_too_small'),
    ('vllm-project/vllm vllm/distributed/device_communicators/custom_all_reduce.py:284',
     'Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. '
     'To silence this warning, specify disable_custom_all_reduce=True explicitly.',
     'log.p2p_unavailable', 'acs_iommu_p2p'),
    ('vllm-project/vllm vllm/distributed/device_communicators/all_reduce_utils.py:320',
     'Two processes do not agree on the P2P access status on 0 -> 1, treat as disabled.',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('vllm-project/vllm vllm/distributed/device_communicators/all_reduce_utils.py:414',
     'RuntimeError: Error happened when batch testing peer-to-peer access from (0, 0, 1, 1) to (0, 1, '
     '0, 1):',
     'log.cuda_error', 'cuda_or_driver'),
    ('vllm-project/vllm vllm/distributed/device_communicators/custom_all_reduce.py:269',
     "Custom allreduce is disabled because it's not supported on more than two PCIe-only GPUs. To "
     'silence this warning, specify disable_custom_all_reduce=True explicitly.',
     'log.p2p_unavailable', 'acs_iommu_p2p'),
    ('vllm-project/vllm vllm/distributed/device_communicators/shm_broadcast.py:265',
     'Insufficient space in /dev/shm for shared-memory allocation: 160 MiB required, 64 MiB free. '
     'Increase /dev/shm (e.g. --shm-size or --ipc=host).',
     'log.shm_small', 'shm_too_small'),
    ('vllm-project/vllm vllm/utils/network_utils.py:86',
     'Failed to get the IP address, using 0.0.0.0 by default. The value can be set by the environment '
     'variable VLLM_HOST_IP or HOST_IP.',
     'log.no_interface', 'wrong_interface'),
    ('vllm-project/vllm vllm/config/parallel.py:1072',
     'ValueError: World size (8) is larger than the number of available GPUs (4) in this node. If '
     'this is intentional and you are using:',
     'log.launch_config', 'application_bug'),
    ('vllm-project/vllm vllm/config/model.py:1561',
     'ValueError: Total number of attention heads (40) must be divisible by tensor parallel size (16).',
     'log.framework_usage', 'application_bug'),
    ('vllm-project/vllm vllm/v1/worker/utils.py:763',
     'ValueError: Free memory on device cuda:0 (10.5/79.19 GiB) on startup is less than desired GPU '
     'memory utilization (0.9, 71.27 GiB). Decrease GPU memory utilization or reduce GPU memory used '
     'by other processes.',
     'log.oom', 'oom'),
    ('vllm-project/vllm vllm/v1/executor/multiproc_executor.py:381',
     'Worker proc VllmWorker-1 died unexpectedly (exit code: -9), shutting down executor.',
     'log.process_killed', 'oom'),
    ('vllm-project/vllm vllm/v1/engine/utils.py:1571',
     'RuntimeError: Configuration mismatch detected for engine 1. All DP workers must have identical '
     'configurations for parameters that affect collective communication (e.g., enable_eplb, '
     'eplb_config.log_balancedness). Worker hash: 6b1e0c2f, Expected hash: 9a77d3e4. Please ensure '
     'all workers are started with the same command-line arguments.',
     'log.launch_config', 'application_bug'),
    ('vllm-project/vllm vllm/v1/executor/ray_utils.py:246',
     "ValueError: Cannot provide a placement group requiring 8.0 GPUs (placement_group_specs=[{'GPU': "
     "1.0}, {'GPU': 1.0}, {'GPU': 1.0}, {'GPU': 1.0}, {'GPU': 1.0}, {'GPU': 1.0}, {'GPU': 1.0}, "
     "{'GPU': 1.0}]) within 1800 seconds.",
     'log.launch_config', 'application_bug'),
    ('vllm-project/vllm vllm/v1/executor/ray_utils.py:352',
     'ValueError: The number of required GPUs exceeds the total number of available GPUs in the '
     'placement group. Required number of devices: 8. Total number of devices: 4.',
     'log.launch_config', 'application_bug'),
    ('sgl-project/sglang python/sglang/srt/distributed/parallel_state.py:515',
     'Setup Custom allreduce failed with CUDA error: invalid argument. To silence this warning, '
     'specify --disable-custom-all-reduce explicitly.',
     'log.p2p_unavailable', 'acs_iommu_p2p'),
    ('sgl-project/sglang python/sglang/srt/distributed/device_communicators/custom_all_reduce_utils.py:506',
     'CustomAllreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. '
     'To silence this warning, specify disable_custom_all_reduce=True explicitly.',
     'log.p2p_unavailable', 'acs_iommu_p2p'),
    ('sgl-project/sglang python/sglang/srt/distributed/device_communicators/custom_all_reduce_utils.py:494',
     "CustomAllreduce is disabled because it's not supported on more than two PCIe-only GPUs. To "
     'silence this warning, specify disable_custom_all_reduce=True explicitly.',
     'log.p2p_unavailable', 'acs_iommu_p2p'),
    ('sgl-project/sglang python/sglang/srt/distributed/device_communicators/pynccl_wrapper.py:441',
     'Failed to load NCCL library from libnccl.so.2 . It is expected if you are not running on '
     'NVIDIA/AMD/MTHREADS GPUs. Otherwise, the nccl library might not exist, be corrupted or it does '
     'not support the current platform Linux-5.15.0-105-generic-x86_64-with-glibc2.35. If you already '
     'have the library, please set the environment variable SGLANG_NCCL_SO_PATH to point to the '
     'correct nccl library path.',
     'log.nccl_library_missing', 'other'),
    ('sgl-project/sglang python/sglang/srt/distributed/parallel_state.py:2648',
     'RuntimeError: world_size (8) is not equal to tensor_model_parallel_size (4) x '
     'pipeline_model_parallel_size (1)',
     'log.launch_config', 'application_bug'),
    ('sgl-project/sglang python/sglang/srt/distributed/bootstrap.py:445',
     'The memory capacity is unbalanced. Some GPUs may be occupied by other processes. '
     'pre_model_load_memory=40.1, local_gpu_memory=78.5, local_gpu_memory * 0.9=70.65',
     'log.oom', 'oom'),
    ('sgl-project/sglang python/sglang/srt/model_executor/pool_configurator.py:96',
     'RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: '
     'mem_fraction_static=0.8',
     'log.oom', 'oom'),
    ('sgl-project/sglang python/sglang/srt/model_executor/runner/decode_cuda_graph_runner.py:603',
     'Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 2.00 GiB.',
     'log.oom', 'oom'),
    ('sgl-project/sglang python/sglang/srt/utils/network.py:103',
     'ValueError: nccl_port at 28765 is not available in 30 seconds. nccl_port is used by a process '
     "already. process.name()='python3'' process.cmdline()=['python3', '-m', 'sglang.launch_server'] "
     "process.status()='sleeping' pid=4242",
     'log.port_in_use', 'application_bug'),
    ('sgl-project/sglang python/sglang/srt/utils/network.py:348',
     'You must specify a valid interface name. Can not get local ip from NIC. Please verify whether '
     'SGLANG_LOCAL_IP_NIC is set correctly.',
     'log.no_interface', 'wrong_interface'),
    ('sgl-project/sglang python/sglang/srt/utils/network.py:431',
     'ValueError: Can not get local ip',
     'log.no_interface', 'wrong_interface'),
    ('sgl-project/sglang python/sglang/srt/utils/common.py:2594',
     'Fail to set RLIMIT_NOFILE: current limit exceeds maximum limit',
     'log.fd_limit', 'memlock_or_ulimit'),
    ('ray-project/ray python/ray/_private/utils.py:1158',
     'Unable to connect to GCS (ray head) at 10.0.0.1:6379. Check that (1) Ray with matching version '
     'started successfully at the specified address, (2) this node can reach the specified address, '
     'and (3) there is no firewall setting preventing access.',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('ray-project/ray python/ray/_private/state.py:161',
     'ray.exceptions.RaySystemError: System error: Failed to connect to GCS. Please check if the GCS '
     'server is running and if this node can connect to the head node.',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('ray-project/ray python/ray/exceptions.py:402',
     "The task's local raylet died. Check raylet.out for more information.",
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('ray-project/ray python/ray/exceptions.py:411',
     'The worker died unexpectedly while executing this task. Check python-core-worker-*.log files '
     'for more information.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('ray-project/ray python/ray/exceptions.py:463',
     'ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('ray-project/ray python/ray/util/collective/collective_group/nccl_collective_group.py:121',
     'RuntimeError: Unable to get the NCCLUniqueID from the store within 180 seconds.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('ray-project/ray python/ray/util/collective/collective_group/nccl_collective_group.py:178',
     'NCCL is not available. Please install Cupy following the guide at: '
     'https://docs.cupy.dev/en/stable/install.html.',
     'log.nccl_library_missing', 'other'),
    ('ray-project/ray python/ray/train/v2/_internal/execution/worker_group/worker_group.py:245',
     'ray.train.v2._internal.exceptions.InsufficientClusterResourcesError: Insufficient cluster '
     'resources to launch training workers.',
     'log.launch_config', 'application_bug'),
    ('ray-project/ray src/ray/gcs/gcs_node_manager.cc:631',
     'The node with node id: 5f1d2c3b9e8a7d6c and address: 10.0.0.12 and node name: 10.0.0.12 has '
     'been marked dead because the detector has missed too many heartbeats from it. This can happen '
     'when a \t(1) raylet crashes unexpectedly (OOM, etc.) ',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('ray-project/ray src/ray/gcs/gcs_actor_manager.cc:197',
     'The actor died because its node has died. Node Id: 5f1d2c3b9e8a7d6c',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('ray-project/ray src/ray/gcs/gcs_actor_manager.cc:74',
     'The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker '
     'exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are '
     'some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high '
     'memory usage.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('ray-project/ray src/ray/raylet/node_manager.cc (NodeManager::NodeRemoved)',
     '[Timeout] Exiting because this node manager has mistakenly been marked as dead by the GCS: GCS '
     'failed to check the health of this node for 5 times. This is likely because the machine or '
     'raylet has become overloaded.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # the GCS client's reconnect timeout after a connection it had: the message itself blames the GCS's death
    ('ray-project/ray src/ray/gcs_rpc_client/rpc_client.h:203',
     "Failed to connect to GCS within 60 seconds. GCS may have been killed. It's either GCS is "
     'terminated by `ray stop` or is killed unexpectedly. If it is killed unexpectedly, see the log '
     'file gcs_server.out. https://docs.ray.io/en/master/ray-observability/user-guides/configure-loggi'
     'ng.html#logging-directory-structure. The program will terminate.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('ray-project/ray src/ray/gcs_rpc_client/rpc_client.h:153',
     'Failed to connect to GCS at address 10.0.0.1:6379 within 5 seconds.',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('ray-project/ray src/ray/gcs/gcs_autoscaler_state_manager.cc:80',
     'There are tasks with infeasible resource requests that cannot be scheduled. See '
     'https://docs.ray.io/en/latest/ray-core/scheduling/index.html#ray-scheduling-resources for more '
     'details. Possible solutions: 1. Updating the ray cluster to include nodes with all required '
     'resources 2. To cause the tasks with infeasible requests to raise an error instead of hanging, '
     "set the 'RAY_enable_infeasible_task_early_exit=true'. This feature will be turned on by default "
     'in a future release of Ray.',
     'log.launch_config', 'application_bug'),
]


@pytest.mark.parametrize(("source", "line", "fid", "cause"), CASES, ids=[c[0].split(" ")[-1] for c in CASES])
def test_line_names_its_cause(source: str, line: str, fid: str, cause: str) -> None:
    assert_reads(line, fid, cause)
