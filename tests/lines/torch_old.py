"""Lines of PyTorch 1.8 - 1.13's distributed stack that old threads paste and the newer torch catalogues do not hold,
read alone and inside an NCCL log: ProcessGroupNCCL's 1.x watchdog, abort and health-check texts, NCCLUtils'
`NCCL error in:` wrapper, ProcessGroupGloo's monitoredBarrier, TCPStore's socket timeout, distributed_c10d.py,
rendezvous.py, launch.py's deprecation, the elastic multiprocessing api and nn/parallel/distributed.py. Texts as the
torch 1.13.1+cu117 wheel (pytorch/pytorch 49444c3; NCCL 2.14.3 bundled) holds them: the Python sites by file and line,
the C++ sites by the strings of libtorch_cuda_cpp.so / libtorch_cpu.so (pytorch/pytorch itself was too large to
fetch, so the C++ line numbers in the [E ...] prefixes are not checked and are left out of the source column).
Causes decided from the code around each line: a store get on rank 0's ncclUniqueId that times out, a monitoredBarrier
a rank failed to pass and an abort whose original reason is the watchdog timeout are ranks not issuing the same
collective in time (hang_collective_mismatch); another rank's aborted-communicator key in the store and a rank
monitoredBarrier saw failing are a peer that failed first (rank_crashed_elsewhere); `unhandled cuda error` and the
watchdog dying on a CUDA error are cuda_or_driver; an env:// rendezvous without MASTER_ADDR, NCCL ops with bitwise
reductions or CPU tensors and DDP misuse are application_bug; a worker the agent saw die with exitcode -9 (SIGKILL)
is read as the OOM killer. The store-based barrier timeout (worker_count < world_size) is ranks that never arrived,
read as the rendezvous they could not reach (the store_barrier row's reading, with the peer's crash and the interface
as alternatives). The health-check wrapper, the launch deprecation warning and a worker's exitcode 1 name nothing.
Not here: the 'Some NCCL operations have failed or timed out ... taking the entire process down' line, which
handleNCCLGuard prints after an earlier failure or a timeout alike (ncclkit reads it as the timeout it mostly
follows). `unhandled system error` bare leads as that result."""

from __future__ import annotations

CASES = [
    # ProcessGroupNCCL (libtorch_cuda_cpp.so of 1.13.1)
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (getNCCLComm store get)@49444c3',
     "RuntimeError: [3] is setting up NCCL communicator and retreiving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Socket Timeout",
     'log.timeout', 'hang_collective_mismatch'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (NCCLUtils abort reason)@49444c3',
     'RuntimeError: NCCL communicator was aborted on rank 3.  Original reason for failure was: [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=20, OpType=BROADCAST, Timeout(ms)=1800000) ran for 1800494 milliseconds before timing out.',
     'log.timeout', 'hang_collective_mismatch'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (ncclCommWatchdogInternal)@49444c3',
     '[E ProcessGroupNCCL.cpp:414] [Rank 1] Found key in store: NCCLABORTEDCOMM:a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9, from rank: 0. This means that rank has aborted its NCCL communicators previously and is not in a healthy state.. Aborting appropriate communicators',
     'log.abort', 'rank_crashed_elsewhere'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (ncclCommWatchdog)@49444c3',
     '[E ProcessGroupNCCL.cpp:455] [Rank 0] NCCL watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered',
     'log.cuda_error', 'application_bug'),
    # NCCL version field: the one the NCCL log of test_source_lines prints (2.21.5); the wheel's own 2.14.3 beside a
    # 2.21.5 log is two NCCL builds in one paste, which ncclkit rightly names first (cluster.version_mismatch).
    ('pytorch/pytorch torch/csrc/distributed/c10d/NCCLUtils.hpp (C10D_NCCL_CHECK)@49444c3',
     'RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1191, unhandled cuda error, NCCL version 2.21.5',
     'log.cuda_error', 'cuda_or_driver'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/NCCLUtils.hpp (C10D_NCCL_CHECK)@49444c3',
     'RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1191, remote process exited or there was a network error, NCCL version 2.21.5',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/NCCLUtils.hpp (C10D_NCCL_CHECK)@49444c3',
     'ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (getNcclReduceOp)@49444c3',
     'RuntimeError: Cannot use ReduceOp.BAND with NCCL',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (check_gpu_single_tensor)@49444c3',
     'RuntimeError: Tensors must be CUDA and dense',
     'log.framework_usage', 'application_bug'),
    # ProcessGroupGloo::monitoredBarrier (libtorch_cpu.so of 1.13.1)
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupGloo.cpp (monitoredBarrier)@49444c3',
     'RuntimeError: Rank 1 failed to pass monitoredBarrier in 1800000 ms',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupGloo.cpp (monitoredBarrier)@49444c3',
     'RuntimeError: Rank 2 successfully reached monitoredBarrier, but received errors while waiting for send/recv from rank 0. Please check rank 0 logs for faulty rank.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # TCPStore (libtorch_cpu.so of 1.13.1): its client's request timing out, DistStoreError's in 2.x
    ('pytorch/pytorch torch/csrc/distributed/c10d/TCPStore.cpp (tcputil recv)@49444c3',
     'RuntimeError: Socket Timeout',
     'log.rendezvous_timeout', 'application_bug'),
    # Python
    ('pytorch/pytorch torch/distributed/rendezvous.py:221@49444c3',
     'ValueError: Error initializing torch.distributed using env:// rendezvous: environment variable MASTER_ADDR expected, but not set',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/distributed_c10d.py:585@49444c3',
     'RuntimeError: Default process group has not been initialized, please make sure to call init_process_group.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py:673@49444c3',
     'ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 0 (pid: 2387) of binary: /usr/bin/python3',
     'log.process_killed', 'oom'),
    ('pytorch/pytorch torch/nn/parallel/distributed.py:551@49444c3',
     "RuntimeError: DistributedDataParallel is not needed when a module doesn't have any parameter that requires a gradient.",
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/nn/parallel/distributed.py:582@49444c3',
     "ValueError: DistributedDataParallel device_ids and output_device arguments only work with single-device/multiple-device GPU modules or CPU modules, but got device_ids [0], output_device 0, and module parameters {device(type='cpu')}.",
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/nn/parallel/distributed.py:1656@49444c3',
     'ValueError: SyncBatchNorm layers only work with GPU modules',
     'log.framework_usage', 'application_bug'),
    # fewer workers than world_size reached the store: the missing ranks are unreachable or never started
    # (patterns_table_consequences' store_barrier row; more workers than world_size would be a second job)
    ('pytorch/pytorch torch/distributed/distributed_c10d.py:346@49444c3',
     'RuntimeError: Timed out initializing process group in store based barrier on rank: 0, for key: store_based_barrier_key:1 (world_size=16, worker_count=8, timeout=0:30:00)',
     'log.store_barrier', 'firewall_or_port_blocked'),
]

NO_CAUSE = [
    'RuntimeError: ProcessGroupNCCL: Health check failure: Failed to initialize NCCL communicator on rank 0',  # pytorch/pytorch ProcessGroupNCCL.cpp (runHealthCheck)@49444c3
    '/usr/local/lib/python3.8/dist-packages/torch/distributed/launch.py:180: FutureWarning: The module torch.distributed.launch is deprecated',  # pytorch/pytorch torch/distributed/launch.py:180@49444c3
    'ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 2387) of binary: /usr/bin/python3',  # pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py:673@49444c3
]

RESULT_ONLY = [
    ('pytorch/pytorch torch/csrc/distributed/c10d/NCCLUtils.hpp (C10D_NCCL_CHECK)@49444c3',
     'RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1191, unhandled system error, NCCL version 2.14.3',
     'log.system_error'),
]
