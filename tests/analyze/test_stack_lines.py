"""Lines the training stacks around NCCL print (DeepSpeed, accelerate, Lightning, Megatron-LM, Horovod; the serving
stacks' and Ray's are test_stack_lines_serving.py's), read alone and inside an NCCL log. Each text is the one its
source file prints (format fields filled; the file is named beside it, at the releases patterns_table_stacks.py names);
the expected cause is what the code and help text around it say, reviewed one by one (a worker that exited names no
cause of its own)."""

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
]


@pytest.mark.parametrize(("source", "line", "fid", "cause"), CASES, ids=[c[0].split(" ")[-1] for c in CASES])
def test_line_names_its_cause(source: str, line: str, fid: str, cause: str) -> None:
    assert_reads(line, fid, cause)


def test_a_version_a_framework_requires_is_not_the_job_s_version() -> None:
    from ncclkit.logs.analyze import analyze_text
    out = analyze_text("AssertionError: NCCL version 2.27.3 or higher is required for NCCL symmetric memory\n")
    assert out["nccl_version"] is None
    assert analyze_text("node1:1:1 [0] NCCL version 2.4.8+cuda10.0\n")["nccl_version"] == "2.4.8"
