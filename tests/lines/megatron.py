"""Lines of NVIDIA's large-model training stack, read alone and inside an NCCL log: Megatron-LM / Megatron-Core
(NVIDIA/Megatron-LM d98e8a6: core/parallel_state.py, training/initialize.py, arguments.py, determinism.py,
training.py, core/rerun_state_machine.py, core/utils.py, core/nccl_allocator.py, dist_checkpointing's async writer),
NeMo (NVIDIA/NeMo 8cfedd7: lightning/megatron_init.py, _strategy_lib.py, the comm-overlap and preemption callbacks,
core/optim/distributed_adam.py; `[NeMo I ...]` is its log format), TransformerEngine (NVIDIA/TransformerEngine
d0067d0: pytorch/module/base.py initialize_ub, distributed.py, the userbuffers bootstrap, IPC socket and kernels,
the cuBLASMp helper) and Apex (NVIDIA/apex 6424da3: contrib nccl_allocator and peer_memory; apex.transformer's
parallel_state at 3c98f93, the last commit before its removal). Causes decided from the code around each line:
parallel sizes that do not divide the world size, and peer ranks outside the node, are the launch; a framework's
own refusal of a setting (CUDA_DEVICE_MAX_CONNECTIONS, a net_name other than IB/socket even when it names a
plugin, a UB bootstrap backend, a build without cuBLASMp or UCC, a call before init_process_group) is
application_bug; torch.cuda unavailable is the GPU missing; NCCL_PROTO=Simple and TE's overlap warning are
performance_config; SIGTERM exits (Megatron's exit-signal handler, NeMo's preemption callbacks) are the job stopped
from outside. The rerun state machine blames the GPU when a result does not reproduce (same GPU: transient; another
GPU: persistent), as do parameter hashes that differ across DP replicas; when it reproduces, the check clears the
GPU (a NaN from the model's numerics, outside the taxonomy) and names nothing. ENOSPC from the async checkpoint
writer is the checkpoint filesystem, not /dev/shm. TE's UB IPC socket name is fixed per TP rank and TP domain, an
abstract name in the network namespace: "Address already in use" at bind is another job on the host (or a stale
run) holding it; IPCCHECK's bare 'System error' names nothing. UB kernels that time out (UB_TIMEOUT) waiting for a
peer's flag mean the peer never reached that exchange. NCCL's result inside a wrapper is read by NCCL's text;
NCCL's bare system error leads as that result (RESULT_ONLY)."""

from __future__ import annotations

CASES = [
    # -- Megatron-LM / Megatron-Core --------------------------------------------------------------------------------
    ('NVIDIA/Megatron-LM megatron/core/parallel_state.py:823@d98e8a6',
     'RuntimeError: world_size (12) is not divisible by 8',
     'log.launch_config', 'application_bug'),
    ('NVIDIA/Megatron-LM megatron/training/arguments.py:432@d98e8a6',
     'AssertionError: world size (12) is not divisible by total_model_size (total_model_size=8)',
     'log.launch_config', 'application_bug'),
    ('NVIDIA/Megatron-LM megatron/core/parallel_state.py:194@d98e8a6',
     "RuntimeError: net_name (AWS Libfabric) is not supported.Accepted values: 'IB' or 'socket'.",
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/Megatron-LM megatron/training/initialize.py:72@d98e8a6',
     'AssertionError: Megatron requires CUDA.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/Megatron-LM megatron/training/arguments.py:1477@d98e8a6',
     'AssertionError: Using tensor model parallelism or context parallelism require setting the environment variable CUDA_DEVICE_MAX_CONNECTIONS to 1',
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/Megatron-LM megatron/training/arguments.py:1166@d98e8a6',
     'AssertionError: FSDP requires CUDA_DEVICE_MAX_CONNECTIONS > 1 or unset.',
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/Megatron-LM megatron/training/arguments.py:1548@d98e8a6',
     "/workspace/megatron-lm/megatron/training/utils/common_utils.py:479: UserWarning: Generally GTP prefers 'NCCL_PROTO=LL128 or LL' while get 'NCCL_PROTO=simple', force setting NCCL_PROTO=Simple might introduce bad perf.",
     # Megatron's own check of a setting it needs for speed is host_setting's; env_set is the variables a log shows.
     'log.host_setting', 'performance_config'),
    ('NVIDIA/Megatron-LM megatron/training/determinism.py:91@d98e8a6',
     "AssertionError: NCCL_ALGO='Tree': each token must be in ['CollnetChain', 'CollnetDirect', 'Ring', '^NVLS'].",
     'log.tuning_invalid', 'performance_config'),
    ('NVIDIA/Megatron-LM megatron/training/training.py:4069@d98e8a6',
     '[exiting program after receiving SIGTERM.] datetime: 2026-12-01 10:31:40.118730 ',
     'log.job_stopped', 'other'),
    ('NVIDIA/Megatron-LM megatron/training/training.py:3988@d98e8a6',
     'AssertionError: Parameter hashes not matching across DP replicas',
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/Megatron-LM megatron/core/utils.py:1003@d98e8a6',
     '[Rank 12] Hash not matching for module.decoder.layers.7.mlp.linear_fc1.weight in model chunk0',
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/Megatron-LM megatron/core/rerun_state_machine.py:626@d98e8a6',
     "Rank 5, node gpu-node03, device 5, iteration #14201: First rerun: unexpected result is not reproducible within the tolerance (tensor(38.1274, device='cuda:5') != tensor(912744.5000, device='cuda:5'))!",
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/Megatron-LM megatron/core/rerun_state_machine.py:636@d98e8a6',
     'Rank 5, node gpu-node03, device 5, iteration #14201: Possible transient error!!',
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/Megatron-LM megatron/core/rerun_state_machine.py:675@d98e8a6',
     "Second rerun: unexpected result is not reproducible on a different GPU, therefore was likely incorrect (tensor(4.1175, device='cuda:2') != tensor(nan, device='cuda:2'))",
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/Megatron-LM megatron/core/rerun_state_machine.py:679@d98e8a6',
     'Rank 21, node gpu-node11, device 2, iteration #14201: Possible persistent error!!',
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/Megatron-LM megatron/core/nccl_allocator.py:53@d98e8a6',
     "Failed, NCCL error /workspace/megatron-lm/megatron/core/build/main.cpp:24 'unhandled cuda error (run with NCCL_DEBUG=INFO for details)':",
     'log.cuda_error', 'cuda_or_driver'),
    ('NVIDIA/Megatron-LM megatron/core/dist_checkpointing/strategies/filesystem_async.py:286@d98e8a6',
     "Local worker 0 encountered an error: [Errno 28] No space left on device: '/lustre/ckpt/llama3-70b/iter_0014000/__3_0.distcp'",
     'log.disk_full', 'other'),
    # -- NeMo ----------------------------------------------------------------------------------------------------------
    ('NVIDIA/NeMo nemo/lightning/megatron_init.py:335@8cfedd7',
     'AssertionError: world_size: 12 must be divisible by total world_size: (decoder_)tensor_model_parallel_size 8 * (decoder_)pipeline_model_parallel_size 1 * (decoder_)context_parallel_size 1 + encoder_tensor_model_parallel_size 0 * encoder_pipeline_model_parallel_size 0 * context_parallel_size 1',
     'log.launch_config', 'application_bug'),
    ('NVIDIA/NeMo nemo/lightning/_strategy_lib.py:79@8cfedd7',
     'ValueError: Expected world_size (2) to be greater than/equal to pipeline size (4)',
     'log.launch_config', 'application_bug'),
    ('NVIDIA/NeMo nemo/lightning/pytorch/callbacks/megatron_comm_overlap.py:325@8cfedd7',
     'Exception: Tensor parallel overlap: userbuffer initialization failed with CUDA device, driver and/or toolkit version does not support comm+GEMM overlap with CUDA Multicast. Launch app with UB_SKIPMC=1 to try CUDA IPC instead.',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/NeMo nemo/core/optim/distributed_adam.py:527@8cfedd7',
     'RuntimeError: NCCL allocator importing failed but nccl ub is still requested',
     'log.package_build', 'other'),
    ('NVIDIA/NeMo nemo/utils/callbacks/preemption.py:94@8cfedd7',
     '[NeMo I 2025-09-20 07:37:26 preemption:94] Received SIGTERM, saving checkpoint and exiting',
     'log.job_stopped', 'other'),
    ('NVIDIA/NeMo nemo/lightning/pytorch/callbacks/preemption.py:87@8cfedd7',
     '[NeMo I 2025-09-20 07:37:26 preemption:87] Received signal 15, initiating graceful stop',
     'log.job_stopped', 'other'),
    # -- TransformerEngine ---------------------------------------------------------------------------------------------
    ('NVIDIA/TransformerEngine transformer_engine/pytorch/module/base.py:254@d0067d0',
     "ValueError: Invalid torch.distributed backend 'ucc' for bootstrapping Userbuffers. Must be one of: 'gloo', 'mpi', 'nccl'",
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/TransformerEngine transformer_engine/pytorch/module/base.py:896@d0067d0',
     'RuntimeError: TransformerEngine needs CUDA.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/TransformerEngine transformer_engine/pytorch/module/base.py:1682@d0067d0',
     '/usr/local/lib/python3.12/dist-packages/transformer_engine/pytorch/module/base.py:1682: UserWarning: To guarantee overlapping TP and SP collectives with the backwardGEMMs, set environment variable CUDA_DEVICE_MAX_CONNECTIONS = 1',
     'log.host_setting', 'performance_config'),
    ('NVIDIA/TransformerEngine transformer_engine/pytorch/distributed.py:178@d0067d0',
     'RuntimeError: torch.distributed is not initialized. Call torch.distributed.init_process_group() before calling get_distributed_rank().',
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/TransformerEngine transformer_engine/common/comm_gemm_overlap/comm_gemm_overlap.cpp:85@d0067d0',
     'RuntimeError: /opt/transformerengine/transformer_engine/common/comm_gemm_overlap/comm_gemm_overlap.cpp:85 in function CommOverlapCore: Assertion failed: nvte_built_with_cublasmp(). Comm+GEMM overlap with cuBLASMp backend requires TE to be built with NVTE_WITH_CUBLASMP=1.',
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/TransformerEngine transformer_engine/pytorch/csrc/extensions/comm_gemm_overlap.cpp:95@d0067d0',
     'RuntimeError: /opt/transformerengine/transformer_engine/pytorch/csrc/extensions/comm_gemm_overlap.cpp:95 in function CommOverlapHelper: NCCL Error: remote process exited or there was a network error',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('NVIDIA/TransformerEngine transformer_engine/common/comm_gemm_overlap/userbuffers/ipcsocket.cc:83@d0067d0',
     'UDS: Binding to socket /tmp/ub-ipc-socket-0-deadcafe0000 failed : Address already in use (98)',
     'log.port_in_use', 'application_bug'),
    ('NVIDIA/TransformerEngine transformer_engine/common/comm_gemm_overlap/userbuffers/userbuffers.cu:2073@d0067d0',
     '[userbuffers.cu:kuserbuffers_pushrecv:2073] pushrecv [grank dst:3 global src:2][nvrank(GPU) dst: 3 src: 2]: expecting 1842, observed 1841',
     'log.timeout', 'hang_collective_mismatch'),
    ('NVIDIA/TransformerEngine transformer_engine/common/comm_gemm_overlap/userbuffers/userbuffers.cu:93@d0067d0',
     '[userbuffers.cu:userbuffers_fp16_sum_inplace_gpu_rw:93] [3] Allreduce reduce-scatter: SM 0 [2]: expecting 1843 got 1842',
     'log.timeout', 'hang_collective_mismatch'),
    # -- Apex ----------------------------------------------------------------------------------------------------------
    ('NVIDIA/apex apex/transformer/parallel_state.py:87@3c98f93',
     'RuntimeError: NCCL_SOCKET_IFNAME was not set',
     'log.no_interface', 'wrong_interface'),
    ('NVIDIA/apex apex/transformer/parallel_state.py:242@3c98f93',
     'RuntimeError: `world_size` (12) is not divisible by tensor_model_parallel_size (8) x pipeline_model_parallel_size (1)',
     'log.launch_config', 'application_bug'),
    ('NVIDIA/apex apex/transformer/parallel_state.py:225@3c98f93',
     'ImportError: UCC backend requires pytorch source build with UCC installed and enabled',
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/apex apex/contrib/csrc/nccl_allocator/NCCLAllocator.cpp:19@6424da3',
     'RuntimeError: NCCL error in: /opt/apex/apex/contrib/csrc/nccl_allocator/NCCLAllocator.cpp:19, unhandled cuda error (run with NCCL_DEBUG=INFO for details)',
     'log.cuda_error', 'cuda_or_driver'),
    ('NVIDIA/apex apex/contrib/csrc/peer_memory/peer_memory_cuda.cu:347@6424da3',
     "gpu-node07: CUDA failure /opt/apex/apex/contrib/csrc/peer_memory/peer_memory_cuda.cu:347 'peer access is not supported between these two devices'",
     'log.p2p_error', 'acs_iommu_p2p'),
    ('NVIDIA/apex apex/contrib/peer_memory/peer_memory.py:20@6424da3',
     'AssertionError: 3 :: peer_rank 9 not on same node (ranks=[0,7])',
     'log.launch_config', 'application_bug'),
]

NO_CAUSE = [
    '> initializing torch distributed ...',  # NVIDIA/Megatron-LM megatron/training/initialize.py:286@d98e8a6
    "Rank 5, node gpu-node03, device 5, iteration #14201: First rerun: unexpected result is reproducible within the tolerance (tensor(nan, device='cuda:5') = tensor(nan, device='cuda:5')). Need to rerun on a different GPU to verify correctness.!",  # NVIDIA/Megatron-LM megatron/core/rerun_state_machine.py:652@d98e8a6
    "Second rerun: unexpected result is reproducible on a different GPU, therefore it was likely correct (tensor(nan, device='cuda:2') = tensor(nan, device='cuda:2'))",  # NVIDIA/Megatron-LM megatron/core/rerun_state_machine.py:688@d98e8a6
    "Unexpected result tensor(nan, device='cuda:5') on rank 5 at iteration #14201 invocation #3 (message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')",  # NVIDIA/Megatron-LM megatron/core/rerun_state_machine.py:605@d98e8a6
    '[exiting program after 235.0184 minutes] datetime: 2026-12-01 14:05:11.402231 ',  # NVIDIA/Megatron-LM megatron/training/training.py:4126@d98e8a6
    '[NeMo W 2025-09-20 07:37:26 preemption:80] Preemption requires torch distributed to be initialized, preemption may be disabled',  # NVIDIA/NeMo nemo/lightning/pytorch/callbacks/preemption.py:80@8cfedd7
    '[NeMo W 2025-09-20 07:37:26 distributed_adam:153] Expected all nodes have the same amout of devices, disable distribute_within_nodes.',  # NVIDIA/NeMo nemo/core/optim/distributed_adam.py:153@8cfedd7
    '!!! [UB] Create Userbuffers Communicator',  # NVIDIA/TransformerEngine transformer_engine/common/comm_gemm_overlap/comm_gemm_overlap.cpp:67@d0067d0
    'UB_TIMEOUT is set to 110 sec, 217800000000 cycles, freq: 1980000khz',  # NVIDIA/TransformerEngine transformer_engine/common/comm_gemm_overlap/userbuffers/userbuffers-host.cpp:177@d0067d0
    'MC NOT initialized and used',  # NVIDIA/TransformerEngine transformer_engine/common/comm_gemm_overlap/userbuffers/userbuffers-host.cpp:347@d0067d0
    "Failed, UDS error /opt/transformerengine/transformer_engine/common/comm_gemm_overlap/userbuffers/userbuffers-host.cpp:297 'System error'",  # NVIDIA/TransformerEngine transformer_engine/common/comm_gemm_overlap/userbuffers/userbuffers-host.cpp:81@d0067d0
    '26-12-01 10:14:03 - PID:48123 - rank:(0, 0, 0, 0) - parallel_state.py:249 - INFO - > initializing tensor model parallel with size 8',  # NVIDIA/apex apex/transformer/parallel_state.py:249@3c98f93
]

RESULT_ONLY = [
    ('NVIDIA/TransformerEngine transformer_engine/pytorch/csrc/extensions/comm_gemm_overlap.cpp:95@d0067d0',
     'RuntimeError: /opt/transformerengine/transformer_engine/pytorch/csrc/extensions/comm_gemm_overlap.cpp:95 in function CommOverlapHelper: NCCL Error: unhandled system error (run with NCCL_DEBUG=INFO for details)',
     'log.system_error'),
]
