"""Lines the stacks around NCCL print (DeepSpeed, accelerate, Lightning, Megatron-LM, Horovod, vLLM, SGLang,
Ray), read alone and inside an NCCL log. Each text is the one its source file prints (format fields filled;
the file is named beside it, at the releases patterns_table_stacks.py names); the expected cause is what the
code and help text around it say, reviewed one by one (a worker that exited names no cause of its own)."""

from __future__ import annotations

import pytest

from line_reading import assert_reads

CASES = [
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:492',
     'Using hostfile at /job/hostfile but host=worker-1 was not reachable via ssh. If you are running '
     'with a single node please remove /job/hostfile or setup passwordless ssh.',
     'log.mpi_launch', 'other'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:266',
     'Hostfile contains a bad entry: worker-1 slot=8, unable to proceed with launching',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:270',
     'Hostfile is empty or not formatted correctly, unable to proceed with launching.',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:346',
     "Hostname 'worker-3' not found in hostfile",
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:477',
     'Num nodes is >1 but no extra nodes available via hostfile',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:471',
     'Unable to proceed, no GPU resources available',
     'log.gpu_missing', 'cuda_or_driver'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:507',
     "Unable to detect suitable master address via 'hostname -I', please manually specify one via "
     '--master_addr',
     'log.no_interface', 'wrong_interface'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:595',
     "launcher 'pdsh' not installed.",
     'log.mpi_launch', 'other'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/launch.py:341',
     "['/usr/bin/python3', '-u', 'train.py', '--local_rank=3', '--deepspeed'] exits with return code "
     '= -9',
     'log.process_killed', 'oom'),
    ('deepspeedai/DeepSpeed deepspeed/comm/comm.py:834',
     'Distributed backend is not initialized. Please set dist_init_required to True or initialize '
     'before calling deepspeed.initialize()',
     'log.framework_usage', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/comm/comm.py:189',
     'DeepSpeed backend not set, please initialize it using init_process_group()',
     'log.framework_usage', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/comm/comm.py:901',
     'MPI rank 3 does not match torch rank 0',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/env_report.py:115',
     '[WARNING] /dev/shm size might be too small, if running in docker increase to at least '
     "--shm-size='1gb'",
     'log.shm_small', 'shm_too_small'),
    ('deepspeedai/DeepSpeed deepspeed/utils/groups.py:107',
     'data_parallel_size (4) * tensor_model_parallel_size (4) must equal world_size (8)',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/runtime/zero/partition_parameters.py:931',
     'zero.Init resolved a process group of world_size=1, but the launcher environment reports '
     'WORLD_SIZE=8. A single-rank process group was likely initialized before zero.Init ran (for '
     'example, `from_pretrained` executed before `deepspeed.init_distributed()`). Parameters would '
     'NOT be partitioned: every rank would allocate the full model and likely OOM. Call '
     '`deepspeed.init_distributed()` before constructing the model under zero.Init, or pass an '
     'explicit `data_parallel_group` if a single-rank group is intentional.',
     'log.framework_usage', 'application_bug'),
    # raised only for RTX 40 GPUs on drivers before 550.40.07, whose P2P is broken (check_cuda_p2p_ib_support)
    ('huggingface/accelerate src/accelerate/state.py:322',
     "Using RTX 4000 series doesn't support faster communication broadband via P2P or IB. Please set "
     '`NCCL_P2P_DISABLE="1"` and `NCCL_IB_DISABLE="1" or use `accelerate launch` which will do this '
     'automatically.',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('huggingface/accelerate src/accelerate/utils/launch.py:245',
     'Tried to launch distributed communication on port `29500`, but another process is utilizing it. '
     'Please specify a different port (such as using the `--main_process_port` flag or specifying a '
     'different `main_process_port` in your config file) and rerun your script. To automatically use '
     'the next open port (on a single node), you can set this to `0`.',
     'log.port_in_use', 'application_bug'),
    ('huggingface/accelerate src/accelerate/utils/launch.py:155',
     'When using multiple machines, you need to specify the main process IP.',
     'log.framework_usage', 'application_bug'),
    ('huggingface/accelerate src/accelerate/state.py:261',
     'Tried to launch on distributed with multinode, but `MASTER_ADDR` env was not set, please try '
     "exporting rank 0's hostname as `MASTER_ADDR`",
     'log.framework_usage', 'application_bug'),
    ('huggingface/accelerate src/accelerate/utils/operations.py:396',
     'Cannot apply desired operation due to shape mismatches. All shapes across devices must be valid.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('huggingface/accelerate src/accelerate/utils/operations.py:386',
     'One or more of the tensors passed to accelerate.utils.operations.gather were not on the cpu '
     'while the `Accelerator` is configured for cuda. Please move it to the cuda before calling '
     'accelerate.utils.operations.gather.',
     'log.framework_usage', 'application_bug'),
    ('huggingface/accelerate src/accelerate/launchers.py:265',
     'CUDA has been initialized before the `notebook_launcher` could create a forked subprocess. This '
     'likely stems from an outside import causing issues once the `notebook_launcher()` is called. '
     'Please review your imports and test them when running the `notebook_launcher()` to identify '
     'which one is problematic and causing CUDA to be initialized.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/accelerators/cuda.py:132',
     'You requested to find 4 devices but only 2 are currently available. The devices [2, 3] are '
     "occupied by other processes and can't be used at the moment.",
     'log.gpu_missing', 'cuda_or_driver'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/accelerators/cuda.py:111',
     'You requested to find 8 devices but this machine only has 4 GPUs.',
     'log.launch_config', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/accelerators/cuda.py:107',
     'You requested to find 2 devices but there are no visible CUDA devices on this machine.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/strategies/launchers/multiprocessing.py:204',
     'Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must use '
     "the 'spawn' start method or avoid CUDA initialization in the main process.",
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/strategies/launchers/multiprocessing.py:214',
     "Lightning can't create new processes if CUDA is already initialized. Did you manually call "
     '`torch.cuda.*` functions, have moved the model to the device, or allocated memory on the GPU '
     'any other way? Please remove any such calls, or change the selected strategy. You will have to '
     'restart the Python kernel.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/strategies/launchers/subprocess_script.py:152',
     'Lightning attempted to launch new distributed processes with `local_rank > 0`. This should not '
     'happen. Possible reasons: 1) LOCAL_RANK environment variable was incorrectly modified by the '
     'user, 2) `ClusterEnvironment.creates_processes_externally` incorrectly implemented.',
     'log.framework_usage', 'application_bug'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/plugins/environments/torchelastic.py:39',
     'MASTER_ADDR environment variable is not defined. Set as localhost',
     'log.no_interface', 'wrong_interface'),
    ('NVIDIA/Megatron-LM megatron/training/arguments.py:433',
     'world size (12) is not divisible by total_model_size (total_model_size=8)',
     'log.launch_config', 'application_bug'),
    ('NVIDIA/Megatron-LM megatron/core/parallel_state.py:823',
     'world_size (12) is not divisible by 8',
     'log.launch_config', 'application_bug'),
    ('NVIDIA/Megatron-LM megatron/core/parallel_state.py:1207',
     'UCC-backend requires CUDA_DEVICE_MAX_CONNECTIONS > 1',
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/Megatron-LM megatron/training/arguments.py:1479',
     'Using tensor model parallelism or context parallelism require setting the environment variable '
     'CUDA_DEVICE_MAX_CONNECTIONS to 1',
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/Megatron-LM megatron/core/nccl_allocator.py:45',
     'Failed, NCCL error /root/.cache/torch_extensions/py312_cu128/nccl_allocator/main.cpp:21 '
     "'unhandled cuda error (run with NCCL_DEBUG=INFO for details)':",
     'log.cuda_error', 'cuda_or_driver'),
    ('NVIDIA/Megatron-LM megatron/core/rerun_state_machine.py:676',
     'Second rerun: unexpected result is not reproducible on a different GPU, therefore was likely '
     'incorrect (nan != 2.3125)',
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/Megatron-LM megatron/core/rerun_state_machine.py:627',
     'First rerun: unexpected result is not reproducible within the tolerance (2.3125 != nan)',
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/Megatron-LM megatron/training/training.py:3990',
     'Parameter hashes not matching across DP replicas',
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/Megatron-LM megatron/core/utils.py:1004',
     '[Rank 13] Hash not matching for decoder.layers.3.mlp.linear_fc1.weight in model chunk0',
     'log.gpu_fault', 'cuda_or_driver'),
    ('horovod/horovod horovod/runner/common/util/network.py:188',
     'Horovod was unable to connect to horovod driver service on any of the following addresses: '
     "{'eth0': [('10.0.0.11', 41587)], 'docker0': [('172.17.0.1', 41587)]}.",
     'log.no_interface', 'wrong_interface'),
    ('horovod/horovod horovod/runner/common/util/network.py:160',
     "No available network interface found matching user provided interface: ['ib0']",
     'log.no_interface', 'wrong_interface'),
    ('horovod/horovod horovod/runner/common/util/network.py:248',
     'WARNING: Expected to connect the host 10.0.0.12:38211 using interface eth0, but reached it on '
     'interface eth1.',
     'log.no_interface', 'wrong_interface'),
    ('horovod/horovod horovod/runner/driver/driver_service.py:155',
     "Unable to find a set of common task-to-task communication interfaces: [(0, {'eth0': "
     "[('10.0.0.11', 40123)]}), (1, {'ens5': [('10.0.0.12', 40123)]})]",
     'log.no_interface', 'wrong_interface'),
    ('horovod/horovod horovod/runner/common/service/driver_service.py:67',
     "ERROR: Task 1 declared addresses {'eth0': [('192.168.1.5', 33871)]}, but has connected from a "
     'different address 10.8.0.3. This is not supported. Is the server behind NAT?',
     'log.no_interface', 'wrong_interface'),
    ('horovod/horovod horovod/runner/launch.py:605',
     'Timed out waiting for tasks to start. Please check connectivity between servers. You may need '
     'to increase the --start-timeout parameter if you have too many servers. Timeout after 30 '
     'seconds.',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('horovod/horovod horovod/runner/launch.py:655',
     'could not connect to some hosts via ssh',
     'log.mpi_launch', 'other'),
    ('horovod/horovod horovod/runner/common/util/hosts.py:134',
     'Requested more processes (16) than there are available slots (8)',
     'log.launch_config', 'application_bug'),
    ('horovod/horovod horovod/common/common.h:233',
     'Horovod has been shut down. This was caused by an exception on one of the ranks or an attempt '
     'to allreduce, allgather or broadcast a tensor after one of the ranks finished execution. If the '
     'shutdown was caused by an exception, you should see the exception in the log before the first '
     'shutdown message.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('horovod/horovod horovod/common/stall_inspector.cc:70',
     'One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks '
     'and are waiting for remainder of ranks for more than 60 seconds. This may indicate that '
     'different ranks are trying to submit different tensors or that only subset of ranks is '
     'submitting tensors, which will cause deadlock. ',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('horovod/horovod horovod/common/stall_inspector.cc:103',
     'One or more rank (marked by "!") is stalled for longer than 600 seconds. Will shutdown.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('horovod/horovod horovod/common/controller.cc:563',
     'Mismatched ALLREDUCE tensor shapes: One rank sent a tensor of shape [1024, 512], but another '
     'rank sent a tensor of shape [1024, 511].',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('horovod/horovod horovod/common/controller.cc:532',
     'Mismatched operations: One rank did an ALLREDUCE, but another rank did an BROADCAST.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
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


def test_a_version_a_framework_requires_is_not_the_job_s_version() -> None:
    from ncclkit.logs.analyze import analyze_text
    out = analyze_text("AssertionError: NCCL version 2.27.3 or higher is required for NCCL symmetric memory\n")
    assert out["nccl_version"] is None
    assert analyze_text("node1:1:1 [0] NCCL version 2.4.8+cuda10.0\n")["nccl_version"] == "2.4.8"
