"""Lines of PyTorch 2.12 - 2.14's distributed stack that tests/lines/torch_recent.py (2.5 - 2.11) and
tests/analyze/test_torch_c10d_lines.py do not hold, read alone and inside an NCCL log. Sources: the torch 2.14.1
wheel (git_version 5c48869, torch-2.14.1-cp311-cp311-manylinux_2_28_x86_64.whl): the Python of torch/distributed
(distributed_c10d.py, device_mesh.py, _symmetric_memory, _functional_collectives.py, fsdp/_fully_shard, _token_switch.py,
elastic, launcher), and the strings of libtorch_cuda.so (the new nccl2/ ProcessGroupNCCL backend built on torchcomms,
NCCLBootstrap, NCCLCachingAllocatorHook, WindowNCCL, symm_mem/CUDASymmetricMemory.cu and NCCLSymmetricMemory.cu,
ProcessGroupNCCL.cpp's watchdog), each kept only when it is absent from the 2.11.0 wheel (70d99e9) by a diff of the
string literals and of `strings` of the libraries. C++ texts whose pieces the compiler stored apart are joined as
the adjacent .rodata pieces show; their line numbers are not recoverable from the build. Causes decided from the code
and message around each text, one by one: misuse of the new APIs is application_bug, a too-old NCCL for a feature the
message names is nccl_version_mismatch, NVLink fabric and multicast absence is cuda_or_driver, a store that went away
is rank_crashed_elsewhere; progress notices, deprecations and best-effort helper failures name nothing."""

from __future__ import annotations

CASES = [
    # --- symmetric memory / NVLink fabric
    ('pytorch/pytorch torch/csrc/distributed/c10d/symm_mem/CUDASymmetricMemory.cu (libtorch_cuda.so strings, v2.14.1)',
     'RuntimeError: CUDASymmetricMemory::rendezvous: ranks have mismatched NVLink clique_ids. All ranks using fabric handles must be in the same NVLink domain. ',
     'log.fabric_manager', 'cuda_or_driver'),
    ('pytorch/pytorch torch/distributed/_symmetric_memory/__init__.py:1829@v2.14.1',
     'RuntimeError: _low_contention_all_gather_ce_multicast requires multicast support (NVSwitch / NVLS).',
     'log.fabric_manager', 'cuda_or_driver'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/symm_mem/NCCLSymmetricMemory.cu (libtorch_cuda.so strings, v2.14.1)',
     'RuntimeError: NCCLSymmetricMemory::barrier requires peer signal pad pointers, which are only populated when peers are accessible over the symmetric-memory (LSA/NVLink) domain.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/nccl2/NCCLCachingAllocatorHook.cpp (libtorch_cuda.so strings, v2.14.1)',
     'A symmetric-window segment was freed without deregister_mem_pool() being called first, so its NCCL window is being torn down from the CUDA allocator hook. That is only safe if every rank frees the same segment in the same order; call deregister_mem_pool() from every rank before freeing.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/nccl2/WindowNCCL (libtorch_cuda.so strings, v2.14.1)',
     'RuntimeError: WindowNCCL: ncclCommWindowRegister failed; the tensor must be allocated from the NCCL mempool (e.g. torch.cuda.MemPool(backend.mem_allocator))',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/nccl2/WindowNCCL (libtorch_cuda.so strings, v2.14.1)',
     'RuntimeError: WindowNCCL: source tensor is not in a registered symmetric window; register it collectively before calling put',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/symm_mem/ops/nccl_all_to_all_nd.cu (libtorch_cuda.so strings, v2.14.1)',
     'RuntimeError: nccl_all_to_all_nd: input must be allocated via NCCL symmetric memory (use empty_strided_p2p with NCCL backend)',
     'log.framework_usage', 'application_bug'),
    # --- the NCCL loaded is older than the feature
    ('pytorch/pytorch torch/csrc/distributed/c10d/nccl2/ProcessGroupNCCLBackend.cpp (libtorch_cuda.so strings, v2.14.1)',
     'torch.distributed.DistBackendError: ProcessGroupNCCL windows require NCCL 2.29 or later and are not supported on ROCm',
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/nccl2/ProcessGroupNCCL (libtorch_cuda.so strings, v2.14.1)',
     'RuntimeError: NCCL Suspend failed (requires NCCL 2.29.7+)',
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/nccl2/ProcessGroupNCCL (libtorch_cuda.so strings, v2.14.1)',
     'RuntimeError: NCCL MemStats failed (requires NCCL 2.29.7+)',
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('pytorch/pytorch torch/distributed/_token_switch.py:45@v2.14.1',
     "ImportError: TokenSwitchNCCL needs the 'nccl4py' package for this build's libnccl_ep.so and runtime JIT headers. Install it with `pip install nccl4py==0.3.1`.",
     'log.nccl_library_missing', 'other'),
    # --- another rank or the store went away first
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (libtorch_cuda.so strings, v2.14.1)',
     'TCPStore check for dump key "exception_dump" failed (store unavailable, not absent key). Cannot detect remote dump signals. A rank exiting outside NCCL without broadcasting is a separate case. Error: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/nccl2/ProcessGroupNCCL (libtorch_cuda.so strings, v2.14.1)',
     'torch.distributed.DistBackendError: NCCL communicator was aborted after a previous error',
     'log.abort', 'rank_crashed_elsewhere'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/nccl2/ProcessGroupNCCL (libtorch_cuda.so strings, v2.14.1)',
     'torch.distributed.DistBackendError: NCCL operation timed out',
     'log.timeout', 'hang_collective_mismatch'),
    # --- misuse of the new process-group APIs
    ('pytorch/pytorch torch/csrc/distributed/c10d/nccl2/ProcessGroupNCCL (libtorch_cuda.so strings, v2.14.1)',
     'RuntimeError: An excluded rank must not call ProcessGroupNCCL::shrink',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/nccl2/ProcessGroupNCCL (libtorch_cuda.so strings, v2.14.1)',
     'RuntimeError: NCCL communicator cannot shrink while work is pending',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/nccl2/ProcessGroupNCCLBackend.cpp (libtorch_cuda.so strings, v2.14.1)',
     'RuntimeError: ProcessGroupNCCL has not been initialized. Call reconfigure() before issuing collectives when enable_reconfigure=True.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torchcomms bootstrap (libtorch_cuda.so strings, v2.14.1)',
     'RuntimeError: Unable to determine rank and size from environment variables. Please set TORCHCOMM_RANK and TORCHCOMM_SIZE, or ensure you are running in a supported environment (Torchrun, MPI, or PALS).',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/distributed_c10d.py:6441@v2.14.1',
     'ValueError: monitored_barrier requires a group with a CPU-capable backend (e.g. GLOO).',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/distributed_c10d.py:6712@v2.14.1',
     "ValueError: Backend mismatch for device 'cuda': parent has 'nccl', requested 'nccl2'. Backend names must match exactly when filtering split_group backends.",
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/distributed_c10d.py:6979@v2.14.1',
     'ValueError: ranks list must not contain duplicate entries, got [0, 1, 1, 2]',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/_functional_collectives.py:1909@v2.14.1',
     'AssertionError: torch.distributed must be initialized',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/device_mesh.py:1598@v2.14.1',
     "RuntimeError: Each mesh_dim_name must be unique. Found repeated mesh_dim_name in mesh_dim_names ('dp', 'dp')",
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/fsdp/_fully_shard/_fsdp_init.py:75@v2.14.1',
     "ValueError: Mesh dim name 'dp_shard' not found in mesh.mesh_dim_names ('dp', 'tp')",
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/fsdp/_fully_shard/_fsdp_init.py:64@v2.14.1',
     'ValueError: At least one of shard or replicate must be set in dp_mesh_dims',
     'log.framework_usage', 'application_bug'),
]

NO_CAUSE = [
    'Disabling default-pool NCCL memory registration because it is incompatible with CUDA allocator expandable segments mode.',  # pytorch/pytorch torch/csrc/distributed/c10d/nccl2/NCCLCachingAllocatorHook.cpp (libtorch_cuda.so strings, v2.14.1)
    'Symmetric (NVLS) registration unavailable for MemPool 0; its buffers stay registered as plain NCCL user buffers.',  # pytorch/pytorch torch/csrc/distributed/c10d/nccl2/ProcessGroupNCCL (libtorch_cuda.so strings, v2.14.1)
    'User did not provide device ID; using device cuda:3',  # pytorch/pytorch torch/csrc/distributed/c10d/nccl2/NCCLBootstrap.cpp (libtorch_cuda.so strings, v2.14.1)
    'Timeout thread starting for rank: 3',  # pytorch/pytorch torch/csrc/distributed/c10d/nccl2/ProcessGroupNCCL (libtorch_cuda.so strings, v2.14.1)
    '/usr/local/lib/python3.12/dist-packages/torch/distributed/distributed_c10d.py:2283: FutureWarning: `torch.distributed.distributed_c10d._set_pg_timeout` is deprecated, please use `torch.distributed.set_timeout` instead',  # pytorch/pytorch torch/distributed/distributed_c10d.py:2279@v2.14.1
    'WARNING:torch.distributed.elastic.multiprocessing.errors:Failed to enrich signal failure message',  # pytorch/pytorch torch/distributed/elastic/multiprocessing/errors/__init__.py:308@v2.14.1
    'WARNING:torch.distributed.launcher.api:Failed to start early health check server',  # pytorch/pytorch torch/distributed/launcher/api.py:337@v2.14.1
]
