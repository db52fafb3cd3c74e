"""Lines of PyTorch 2.5 - 2.11's distributed stack that the older catalogue (tests/analyze/test_torch_c10d_lines.py)
does not hold, read alone and inside an NCCL log: ProcessGroupNCCL and NCCLUtils, the desync report (TraceUtils.h),
TCPStore and its libuv backend, distributed_c10d.py's sub-groups and device_mesh.py, the elastic agent, and torchft.
Texts as PyTorch 2.11.0 (pytorch/pytorch 70d99e9) and pytorch/torchft 73dafea print them, the C++ sites' line numbers
as the 2.11.0 build records them; each cause reviewed one by one. Lines that report a state and no failure name
nothing."""

from __future__ import annotations

CASES = [
    # torch/cuda/__init__.py's check of the GPU's capability against the architectures the wheel was built for: one
    # machine's CUDA build (pytorch/pytorch#167244; jianchang512/parakeet-api#5 fixed by the cu128 wheel)
    ('pytorch/pytorch torch/cuda/__init__.py (incompatible device warning)',
     'NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.',
     'log.cuda_error', 'cuda_or_driver'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1914@70d99e9',
     "[rank3]:[E1202 04:20:11.771829380 ProcessGroupNCCL.cpp:1914] [PG ID 0 PG GUID 0(default_pg) Rank 3] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang.",
     'log.watchdog_stuck', 'hang_collective_mismatch'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1826@70d99e9',
     '[rank5]:[W1202 04:21:02.118430977 ProcessGroupNCCL.cpp:1826] [PG ID 0 PG GUID 0(default_pg) Rank 5] Failed to check the "should dump" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2119@70d99e9',
     '[rank3]:[E1202 04:12:11.002991875 ProcessGroupNCCL.cpp:2119] [PG ID 0 PG GUID 0(default_pg) Rank 3] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered',
     'log.cuda_error', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:896@70d99e9',
     'ValueError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!',
     'log.gpu_missing', 'cuda_or_driver'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:5908@70d99e9',
     'RuntimeError: ProcessGroupNCCL::shrink requires NCCL version 2.27.0 or later. Found version: 22105',
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:5834@70d99e9',
     'RuntimeError: NCCL mem allocator is not supported in this NCCL version',
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2185@70d99e9',
     '[rank1]:[E1202 04:12:13.881224902 ProcessGroupNCCL.cpp:2185] [PG ID 0 PG GUID 0(default_pg) Rank 1]  remote error detected from rank: 5',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/TraceUtils.h:81@70d99e9',
     '\t - To our best knowledge, ranks [3, 7] are the lagging ranks that caused this timeout. They never joined any collectives',
     'log.timeout', 'hang_collective_mismatch'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/TraceUtils.h:113@70d99e9',
     "\t     [1, 2] finished collective #14862, but didn't join collective #14863 (count from 1)",
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/TCPStore.cpp:396@70d99e9',
     'torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 1/2 clients joined.',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/TCPStore.cpp:328@70d99e9',
     '[E1202 03:32:11.551820113 TCPStore.cpp:328] [c10d] TCP client failed to connect/validate to host master-0:29500 - timed out (try=0, timeout=1800000ms): The client socket has timed out after 1800000ms while trying to connect to (master-0, 29500).',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/socket.cpp:1028@70d99e9',
     '[E1202 03:32:11.551101234 socket.cpp:1028] [c10d] The client socket has timed out after 1800000ms while trying to connect to (master-0, 29500).',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/socket.cpp:818@70d99e9',
     '[E1202 03:02:45.201837422 socket.cpp:818] [c10d] The client socket has failed to connect to any network address of (master-0, 29500).',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/Utils.hpp:682@70d99e9',
     'torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('pytorch/pytorch torch/distributed/distributed_c10d.py:5243@70d99e9',
     'RuntimeError: No device associated with the default pg, not safe to split any process groups',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/distributed_c10d.py:5273@70d99e9',
     'RuntimeError: No backend for the parent process group or its backend does not support splitting',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/distributed_c10d.py:1045@70d99e9',
     '/usr/local/lib/python3.12/dist-packages/torch/distributed/distributed_c10d.py:3045: UserWarning: Running all_reduce on global rank 5 which does not belong to the given group.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/device_mesh.py:434@70d99e9',
     'RuntimeError: Mesh should not be bigger than default world size 8, but found 16 ranks!',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/device_mesh.py:479@70d99e9',
     'RuntimeError: DeviceMesh only support homogeneous hardware, but found 12 ranks and 8 cuda devices!',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py:180@70d99e9',
     'torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('pytorch/torchft torchft/process_group.py:713@73dafea',
     'ERROR:torchft.process_group:aborting after 0:01:00!',
     'log.abort', 'rank_crashed_elsewhere'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:5188@70d99e9',
     '[rank0]:[W1202 03:02:20.517834101 ProcessGroupNCCL.cpp:5188] [PG ID 0 PG GUID 0(default_pg) Rank 0] Guessing device ID based on global rank. This can cause a hang if rank to GPU mapping is heterogeneous. You can specify device_id in init_process_group()',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1575@70d99e9',
     '[rank0]:[W1202 05:30:44.912004128 ProcessGroupNCCL.cpp:1575] Warning: WARNING: destroy_process_group() was not called before program exit, which can leak resources. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())',
     'log.framework_usage', 'application_bug'),
]

NO_CAUSE = [
    '[rank3]:[E1202 04:12:10.445311002 ProcessGroupNCCL.cpp:764] [PG ID 0 PG GUID 0(default_pg) Rank 3] To avoid data inconsistency, we are taking the entire process down.',  # pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:764@70d99e9
    '/usr/local/lib/python3.12/dist-packages/torch/distributed/c10d_logger.py:83: UserWarning: barrier(): using the device under current context. You can specify `device_id` in `init_process_group` to mute this warning.',  # pytorch/pytorch torch/distributed/distributed_c10d.py:5024@70d99e9
    '  traceback : Signal 6 (SIGABRT) received by PID 51235',  # pytorch/pytorch torch/distributed/elastic/multiprocessing/errors/__init__.py:141
    '2025-12-02T04:12:10.123 [INFO] [torchft::lighthouse] - Quorum status: New quorum not ready, only have 1 participants, need min_replicas 2 [1/1 participants healthy][1 heartbeating][shrink_only=false]',  # pytorch/torchft src/lighthouse.rs:221@73dafea
]
