"""Lines of TorchRec and FBGEMM_GPU, the recommendation-model stack whose multi-GPU and multi-node jobs shard
embedding tables over the ranks and trade them with all-to-all, read alone and inside an NCCL log: TorchRec
(pytorch/torchrec a48cef7: the sharding planner's planners.py, partitioners.py, enumerators.py and
storage_reservations.py, model_parallel.py's DistributedModelParallel and DMPCollection, comm.py's intra/cross-node
groups, dist_data.py's pooled all-to-all, embedding_lookup.py, fbgemm_qcomm_codec.py, the train pipeline) and
FBGEMM_GPU (pytorch/FBGEMM 71d6f8b: fbgemm_gpu/__init__.py's library loader and its FBGEMM-PyTorch compatibility
table, the kernel launcher's post-launch CUDA check, tensor_utils.h's same-GPU check as the TBE forward template
invokes it, the bounds check kernel, memory_utils.cu's UVM allocation, the TBE cache sizing log, and the GenAI
custom all-reduce's NCCL and CUDA IPC set-up in experimental/gen_ai/src/comm). PlannerError messages span lines;
the first line is listed, as Python prints it (`torchrec.distributed.planner.types.PlannerError: ...`), or, for the
partitioner's errors that the planner re-prints under "Last planner error:", with the tab it indents them by.
TORCH_CHECK and AT_CUDA_CHECK texts are given as Python raises them; C10D_NCCL_CHECK (torch's NCCLUtils) expands
__FILE__ in car.cpp, so its path is the wheel's build tree.

Causes decided from the code and help text around each line:
- The planner's "insufficient storage" (the lowest storage a plan needs exceeds the HBM/DDR the topology offers),
  the reservation that leaves negative HBM, and the partitioner's shard that fits no rank are the model not fitting
  GPU memory: oom, as serving.py and serving2.py read the engines' "not enough memory for the KV cache" checks. Its
  help: more devices, a smaller model or batch, a lower reservation.
- The planner's "strict constraints" failure is raised only when the storage does fit globally
  (`lowest_storage.fits_in(global_storage_constraints)` is true), so the user's ParameterConstraints (sharding types,
  compute kernels, enforce_hbm) are what leave no plan; with a loaded plan whose context hash (topology, batch size,
  constraints) differs from this run's, and DMPCollection's sharding group that the node size does not divide, they
  are a launch or configuration that does not fit the job: log.launch_config, application_bug. The enumerator's "no
  available sharding type and compute kernel combination after applying user provided constraints" is the same
  constraints, as a RuntimeError of the program: application_bug.
- DistributedModelParallel without a default process group (init_process_group not called), init_data_parallel on
  an env with no process group, DMPCollection on a CPU device, and TBE inputs on another GPU than the tables
  (the pipeline moved the batch to cuda:0 because the rank never called torch.cuda.set_device) are torch.distributed
  or framework misuse: application_bug. So is a global batch the ranks do not divide, and the prefetch_pipeline
  error (a UVM-caching table without prefetch_pipeline: its comment says results can be wrong).
- fbgemm_gpu warns, from its compatibility table, that its release was built for another PyTorch ("library loading
  might crash!"); the undefined c10 symbol that follows when it does is the same wheel built against another torch:
  log.package_build (other), as runtime.py reads flash_attn's undefined symbol. A GPU newer than the wheel (PyPI's
  cu128 fbgemm_gpu is built for 8.0;9.0a;10.0a, .github/scripts/fbgemm_gpu_build.bash, so an sm_120 card has no
  kernel image) is log.cuda_error, cuda_or_driver, as PyTorch's and flash-attn's "no kernel image".
- The bounds check in FATAL mode asserts on an embedding id past its table's rows: the input (or a row-wise
  sharding that sends ids to the wrong rank) is the program's, application_bug.
- cudaMallocManaged failing for UVM tables is host memory exhausted (managed memory is backed by host RAM): oom.
- The GenAI custom all-reduce: NCCL's "remote process exited" during ncclCommInitRank is the peer gone
  (rank_crashed_elsewhere), "invalid usage" there is rank/world-size numbering (application_bug, log.invalid_usage);
  cudaIpcOpenMemHandle with cudaIpcMemLazyEnablePeerAccess refused as "peer access is not supported" is PCIe P2P
  (acs_iommu_p2p). Its bare ncclSystemError and ncclInternalError lead as NCCL's result (RESULT_ONLY).
- Fallbacks that keep the job running name nothing: comm.py's LOCAL_WORLD_SIZE / LOCAL_RANK fallbacks (a guess from
  WORLD_SIZE that only matters for topology-aware sharding), the qcomm codec's precision fallbacks, the memory-
  balanced partitioner's binary search ("Couldn't find a plan with N GB" is a probe, logged at INFO), SSD TBE without
  a process group, the L1 cache cap, fbgemm's version it has no table entry for. So do the "[Connection]" and 2D
  mesh lines that every run logs at WARNING, the TBE cache-size log, and fbgemm's "Could not load the library"
  header, whose cause is the exception printed after it."""

from __future__ import annotations

CASES = [
    # TorchRec sharding planner
    ('pytorch/torchrec torchrec/distributed/planner/planners.py:698@a48cef7',
     'torchrec.distributed.planner.types.PlannerError: Unable to find a plan for this model because of insufficient storage.',
     'log.oom', 'oom'),
    ('pytorch/torchrec torchrec/distributed/planner/planners.py:1081@a48cef7',
     'torchrec.distributed.planner.types.PlannerError: Unable to find a plan for this model in device_group cuda  because of insufficient storage.',
     'log.oom', 'oom'),
    ('pytorch/torchrec torchrec/distributed/planner/storage_reservations.py:254@a48cef7',
     'torchrec.distributed.planner.types.PlannerError: The reserved topology (Storage(hbm = -2.147 GB, ddr = 256.0 GB)) has negative available hbm storage, after taking into account of the reserved hbm percentage, the storage for dense modules, and the kjt storages. Hence it is not possible to find a valid sharding plan. ',
     'log.oom', 'oom'),
    ('pytorch/torchrec torchrec/distributed/planner/partitioners.py:359@a48cef7',
     "\tDevice partition failed. Couldn't find a rank for shard Shard size: (50000000, 128), offset: (0, 0), storage: Storage(hbm=25600000000, ddr=0), perf: Perf(fwd_compute=0.0187, fwd_comms=0.0042, bwd_compute=0.0374, bwd_comms=0.0042, prefetch_compute=0.0), rank: None of table t_item_id, largest device storage: Storage(hbm=19971597926, ddr=549755813888)",
     'log.oom', 'oom'),
    ('pytorch/torchrec torchrec/distributed/planner/partitioners.py:593@a48cef7',
     '\tShard of size Storage(hbm=8589934592, ddr=0) bytes does not fit on any rank. Device memory cap: Storage(hbm=6442450944, ddr=549755813888).',
     'log.oom', 'oom'),
    ('pytorch/torchrec torchrec/distributed/planner/planners.py:705@a48cef7',
     'torchrec.distributed.planner.types.PlannerError: Unable to find a plan for this model because of the strict constraints.',
     'log.launch_config', 'application_bug'),
    ('pytorch/torchrec torchrec/distributed/planner/planners.py:732@a48cef7',
     'torchrec.distributed.planner.types.PlannerError: Unable to load, because of planner input mismatch - cannot validate this plan is the best plan for current context.. ',
     'log.launch_config', 'application_bug'),
    ('pytorch/torchrec torchrec/distributed/planner/enumerators.py:255@a48cef7',
     'RuntimeError: No available sharding type and compute kernel combination after applying user provided constraints for t_user_id. Module: torchrec.modules.embedding_modules.EmbeddingBagCollection, sharder: EmbeddingBagCollectionSharder, compute device: cuda. To debug, search above for warning logs about no available sharding types/compute kernels for table: t_user_id',
     'log.framework_usage', 'application_bug'),
    # TorchRec model parallel, process groups, all-to-all
    ('pytorch/torchrec torchrec/distributed/model_parallel.py:253@a48cef7',
     'AssertionError: Process group is not initialized',
     'log.framework_usage', 'application_bug'),
    ('pytorch/torchrec torchrec/distributed/model_parallel.py:113@a48cef7',
     'RuntimeError: Can only init DDP for ProcessGroup-based ShardingEnv',
     'log.framework_usage', 'application_bug'),
    ('pytorch/torchrec torchrec/distributed/model_parallel.py:869@a48cef7',
     'AssertionError: DMPCollection only supports CUDA or MTIA',
     'log.program_error', 'application_bug'),
    ('pytorch/torchrec torchrec/distributed/comm.py:224@a48cef7',
     'AssertionError: node group size is not divisible by sharding group size, devices_per_node=8, sharding_group_size=4',
     'log.launch_config', 'application_bug'),
    ('pytorch/torchrec torchrec/distributed/dist_data.py:940@a48cef7',
     "AssertionError: num of ranks 8 doesn't divide global batch size 1020",
     'log.program_error', 'application_bug'),
    ('pytorch/torchrec torchrec/distributed/embedding_lookup.py:297@a48cef7',
     "ERROR:root:Invalid setting on <class 'fbgemm_gpu.split_table_batched_embeddings_ops_training.SplitTableBatchedEmbeddingBagsCodegen'> modules. prefetch_pipeline must be set to True.",
     'log.framework_usage', 'application_bug'),
    # FBGEMM_GPU library loading, build and architecture
    ('pytorch/FBGEMM fbgemm_gpu/fbgemm_gpu/__init__.py:95@71d6f8b',
     '            FBGEMM_GPU version is 1.3.0, which is not guaranteed to be',
     'log.package_build', 'other'),
    ('pytorch/FBGEMM fbgemm_gpu/fbgemm_gpu/__init__.py:108@71d6f8b',
     'OSError: /usr/local/lib/python3.11/dist-packages/fbgemm_gpu/fbgemm_gpu_tbe_utils.so: undefined symbol: _ZN3c1017SymbolicShapeMeta18init_is_contiguousEv',
     'log.package_build', 'other'),
    ('pytorch/FBGEMM fbgemm_gpu/include/fbgemm_gpu/utils/kernel_launcher.cuh:263@71d6f8b',
     'RuntimeError: [/__w/FBGEMM/FBGEMM/fbgemm_gpu/src/sparse_ops/sparse_permute_2d.cu(367:9)] [(permute_2D_lengths_kernel<index_t>)] CUDA Error: no kernel image is available for execution on the device',
     'log.cuda_error', 'cuda_or_driver'),
    # FBGEMM_GPU TBE: devices, bounds, UVM
    ('pytorch/FBGEMM fbgemm_gpu/codegen/training/forward/embedding_forward_split_template.cu:423@71d6f8b',
     'RuntimeError: Not all tensors were on the same GPU: uvm_weights(cuda:1),  lxu_cache_weights(cuda:1),  weights_placements(cuda:1),  weights_offsets(cuda:1),  D_offsets(cuda:1),  indices(cuda:0),  offsets(cuda:0),  lxu_cache_locations(cuda:1),  dev_weights(cuda:1)',
     'log.framework_usage', 'application_bug'),
    ('pytorch/FBGEMM fbgemm_gpu/codegen/utils/embedding_bounds_check_v1.cu:133@71d6f8b',
     '/__w/FBGEMM/FBGEMM/fbgemm_gpu/codegen/utils/embedding_bounds_check_v1.cu:133: void bounds_check_indices_kernel_v1(pta::PackedTensorAccessor32<long, 1, at::RestrictPtrTraits>, pta::PackedTensorAccessor32<index_t, 1, at::RestrictPtrTraits>, pta::PackedTensorAccessor32<index_t, 1, at::RestrictPtrTraits>, const int *, BoundsCheckMode, pta::PackedTensorAccessor32<long, 1, at::RestrictPtrTraits>, FixedDivisor, bool, c10::cuda::DeviceAssertionsData *, unsigned int) [with index_t = long; vbe = false]: block: [2047,0,0], thread: [5,3,0] Assertion `idx < num_rows && "Failed idx < num_rows in bounds_check_indices"` failed.',
     'log.kernel_assert', 'application_bug'),
    ('pytorch/FBGEMM fbgemm_gpu/src/memory_utils/memory_utils.cu:171@71d6f8b',
     'RuntimeError: CUDA error: out of memory',
     'log.cuda_error', 'oom'),
    # FBGEMM GenAI custom all-reduce (NCCL and CUDA IPC set-up)
    ('pytorch/FBGEMM fbgemm_gpu/experimental/gen_ai/src/comm/car.cpp:73@71d6f8b',
     'torch.distributed.DistBackendError: NCCL error in: /__w/FBGEMM/FBGEMM/fbgemm_gpu/experimental/gen_ai/src/comm/car.cpp:73, remote process exited or there was a network error, NCCL version 2.21.5',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('pytorch/FBGEMM fbgemm_gpu/experimental/gen_ai/src/comm/car.cpp:97@71d6f8b',
     'torch.distributed.DistBackendError: NCCL error in: /__w/FBGEMM/FBGEMM/fbgemm_gpu/experimental/gen_ai/src/comm/car.cpp:97, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.21.5',
     'log.invalid_usage', 'application_bug'),
    ('pytorch/FBGEMM fbgemm_gpu/experimental/gen_ai/src/comm/car.cu:370@71d6f8b',
     'RuntimeError: CUDA error: peer access is not supported between these two devices',
     'log.p2p_error', 'acs_iommu_p2p'),
]

NO_CAUSE = [
    'Could not determine LOCAL_WORLD_SIZE from environment, falling back to WORLD_SIZE.',  # pytorch/torchrec torchrec/distributed/comm.py:57@a48cef7
    'Could not determine LOCAL_RANK from environment, falling back to GLOBAL_RANK % LOCAL_SIZE.',  # pytorch/torchrec torchrec/distributed/comm.py:90@a48cef7
    '[Connection] intra_group: [11] -> [[8, 9, 10, 11, 12, 13, 14, 15]]',  # pytorch/torchrec torchrec/distributed/comm.py:150@a48cef7
    '[2D] Use inter host all reduce: False',  # pytorch/torchrec torchrec/distributed/model_parallel.py:1143@a48cef7
    'DMPCollection is not available. 2D sharding is not supported.',  # pytorch/torchrec torchrec/distributed/train_pipeline/train_pipelines.py:96@a48cef7
    "FP8/MX4 is not supported for reduce scatter's forward - falling back to FP16",  # pytorch/torchrec torchrec/distributed/fbgemm_qcomm_codec.py:210@a48cef7
    'BF16 is not for forward_precision is not supported on GLOO - falling back to FP16.',  # pytorch/torchrec torchrec/distributed/fbgemm_qcomm_codec.py:222@a48cef7
    "Couldn't find a plan with 35.25 GB per device for embedding tables.",  # pytorch/torchrec torchrec/distributed/planner/partitioners.py:726@a48cef7
    'cache_sets 200000 is larger than max_cache_sets 51200.0 calculated by max_l1_cache_size, cap at max_cache_sets instead',  # pytorch/torchrec torchrec/distributed/batched_embedding_kernel.py:239@a48cef7
    'Sharded modules were not pipelined: sparse_arch.embedding_bag_collection. This should be fixed for pipelining to work to the full extent.',  # pytorch/torchrec torchrec/distributed/train_pipeline/utils.py:409@a48cef7
    '            _fbgemm_torch_compat_table has no entry for 1.9.0 of FBGEMM;',  # pytorch/FBGEMM fbgemm_gpu/fbgemm_gpu/__init__.py:83@71d6f8b
    "ERROR:root:Could not load the library 'fbgemm_gpu_tbe_training_backward.so'!",  # pytorch/FBGEMM fbgemm_gpu/fbgemm_gpu/__init__.py:112@71d6f8b
    'dist is not initialized, treating as single gpu cases',  # pytorch/FBGEMM fbgemm_gpu/fbgemm_gpu/tbe/ssd/training.py:815@71d6f8b
    '[TBE=3f6c2b9e-1d4a-4c8e-9a51-7b2e0f6d9c13] Using on-device cache with admission algorithm CacheAlgorithm.LRU, 39063 sets, load_factor:  0.200, cache_size:  2.38GB, cache_precision: torch.float32, weights_precision: fp32',  # pytorch/FBGEMM fbgemm_gpu/fbgemm_gpu/split_table_batched_embeddings_ops_training.py:3919@71d6f8b
]

RESULT_ONLY = [
    ('pytorch/FBGEMM fbgemm_gpu/experimental/gen_ai/src/comm/car.cpp:73@71d6f8b',
     'torch.distributed.DistBackendError: NCCL error in: /__w/FBGEMM/FBGEMM/fbgemm_gpu/experimental/gen_ai/src/comm/car.cpp:73, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5',
     'log.system_error'),
    ('pytorch/FBGEMM fbgemm_gpu/experimental/gen_ai/src/comm/car.cpp:97@71d6f8b',
     'torch.distributed.DistBackendError: NCCL error in: /__w/FBGEMM/FBGEMM/fbgemm_gpu/experimental/gen_ai/src/comm/car.cpp:97, internal error - please report this issue to the NCCL developers, NCCL version 2.21.5',
     'log.internal_error'),
]
