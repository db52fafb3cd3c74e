"""Lines of the frameworks and libraries that wrap NCCL's result codes in their own text, read alone and inside an
NCCL log: PaddlePaddle 3.3.1 (phi/core/enforce.h's build_nvidia_error_msg, distributed/nccl_tools.h's NCCL_CHECK,
nccl_comm_task.cc's async comm errors), Horovod (horovod/horovod 2626dc8: nccl_operations.cc), CuPy (cupy/cupy
6b6d956: the NcclError of cupy_backends, the preload warning, cupyx.distributed), RAPIDS RAFT (rapidsai/raft 2141422:
RAFT_NCCL_TRY, std_comms, raft-dask), XGBoost (dmlc/xgboost 379b29f: the NCCL stub, collective timeouts, the version
check), OneFlow (Oneflow-Inc/oneflow 25c8978: OF_NCCL_CHECK), MXNet (apache/mxnet b84609d: the kvstore), TensorFlow's
NcclManager (005a989), XLA's older nccl_utils.cc (tensorflow/tensorflow 0be5a10), PyTorch's older C10D_NCCL_CHECK texts
(torch 1.4 at 0354b60, torch 1.8's getNcclErrorDetailStr, torch 2.x's DistBackendError at 04dbcd0) and nccl4py
(NVIDIA/nccl 5067397). The NCCL text inside each is ncclGetErrorString() of the NCCL of its era (plain 'unhandled
system error' before 2.18, '(run with NCCL_DEBUG=INFO for details)' after; NVIDIA/nccl src/init.cc).

Causes: a wrapper names the NCCL result it wraps, so its cause is what that result means (findings.md's rows):
ncclUnhandledCudaError -> log.cuda_error (cuda_or_driver), ncclInvalidUsage and ncclInvalidArgument -> log.invalid_usage
(application_bug), ncclRemoteError -> log.remote_exited (rank_crashed_elsewhere). ncclSystemError and ncclInternalError
name no single cause (log.system_error and log.internal_error carry none), so their bare wrappers are in NO_CAUSE,
unless the wrapper adds its own hint: Paddle's ENOSPC/EAGAIN detail and its --shm-size advice (shm_too_small),
XGBoost's network-interface hint on ncclSystemError (wrong_interface). Reviewed one by one from the code around each
line."""

from __future__ import annotations

CASES = [
    # PaddlePaddle: PADDLE_ENFORCE_GPU_SUCCESS on an NCCL call -> build_nvidia_error_msg(ncclResult_t); the eager API
    # raises OSError with the simplified "(External)" type, FLAGS_call_stack_level>1 prints "ExternalError:"
    ('PaddlePaddle/Paddle paddle/phi/core/enforce.h:415@v3.3.1',
     'OSError: (External) NCCL error(1), unhandled cuda error (run with NCCL_DEBUG=INFO for details).',
     'log.cuda_error', 'cuda_or_driver'),
    # errno ENOSPC/EAGAIN after the call: Paddle's own detail and advice (NCCL_SHM_DISABLE, -shm-size)
    ('PaddlePaddle/Paddle paddle/phi/core/enforce.h:426@v3.3.1',
     'ExternalError: NCCL error(2), unhandled system error (run with NCCL_DEBUG=INFO for details).  Detail: No space left on device',
     'log.shm_error', 'shm_too_small'),
    ('PaddlePaddle/Paddle paddle/phi/core/enforce.h:423@v3.3.1',
     '3. Increase shared memory by setting the -shm-size option when starting docker container, e.g., setting  -shm-size=2g.',
     'log.shm_error', 'shm_too_small'),
    ('PaddlePaddle/Paddle paddle/phi/core/distributed/nccl_tools.h:37@v3.3.1',
     "OSError: (External) Failed, NCCL error /paddle/paddle/phi/core/distributed/nccl_comm_context.cc:72 'remote process exited or there was a network error'",
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('PaddlePaddle/Paddle paddle/phi/core/distributed/nccl_comm_task.cc:155@00816fc',
     '\t Find nccl comm error: ncclUnhandledCudaError: Call to CUDA function failed.',
     'log.cuda_error', 'cuda_or_driver'),
    # Horovod: NCCLContext::ErrorCheck and NCCLOpContext::AsyncErrorCheck throw std::logic_error; the status reaches
    # torch as HorovodInternalError, TensorFlow as UnknownError
    ('horovod/horovod horovod/common/ops/nccl_operations.cc:74@2626dc8',
     '[1,0]<stderr>:horovod.common.exceptions.HorovodInternalError: ncclAllReduce failed: unhandled cuda error (run with NCCL_DEBUG=INFO for details)',
     'log.cuda_error', 'cuda_or_driver'),
    ('horovod/horovod horovod/common/ops/nccl_operations.cc:144@2626dc8',
     'tensorflow.python.framework.errors_impl.UnknownError: NCCL async error: remote process exited or there was a network error',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # CuPy
    ('cupy/cupy cupy_backends/cuda/libs/nccl.pyx:130@6b6d956',
     'cupy_backends.cuda.libs.nccl.NcclError: NCCL_ERROR_INVALID_ARGUMENT: invalid argument (run with NCCL_DEBUG=WARN for details)',
     'log.invalid_usage', 'application_bug'),
    ('cupy/cupy cupy/_environment.py:595@6b6d956',
     'Reason: ImportError (libnccl.so.2: cannot open shared object file: No such file or directory)',
     'log.nccl_library_missing', 'other'),
    ('cupy/cupy cupyx/distributed/_init.py:84@6b6d956',
     'RuntimeError: NCCL is not available',
     'log.nccl_library_missing', 'other'),
    # RAPIDS RAFT (cuML, cuGraph and raft-dask raise what RAFT_NCCL_TRY builds)
    ('rapidsai/raft cpp/include/raft/common/nccl_macros.hpp:18@2141422',
     "RuntimeError: NCCL error encountered at: file=/opt/conda/include/raft/comms/detail/std_comms.hpp line=134: call='ncclCommSplit(nccl_comm_, color, key, &new_nccl_comm, nullptr)', Reason=5:invalid usage (run with NCCL_DEBUG=WARN for details)",
     'log.invalid_usage', 'application_bug'),
    ('rapidsai/raft cpp/include/raft/common/nccl_macros.hpp:18@2141422',
     "NCCL error encountered at: file=/opt/conda/include/raft/comms/detail/std_comms.hpp line=373: call='ncclAllReduce( sendbuff, recvbuff, count, get_nccl_datatype(datatype), get_nccl_op(op), nccl_comm_, stream)', Reason=6:remote process exited or there was a network error",
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('rapidsai/raft cpp/include/raft/common/nccl_macros.hpp:36@2141422',
     "NCCL call='ncclCommDestroy(nccl_comm_)' failed. Reason:unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
     'log.cuda_error', 'cuda_or_driver'),
    # barrier(): the stream sync failed and the help text blames a failed rank
    ('rapidsai/raft cpp/include/raft/comms/detail/std_comms.hpp:146@2141422',
     'RuntimeError: exception occurred! file=/opt/conda/include/raft/comms/detail/std_comms.hpp line=145: ERROR: syncStream failed. This can be caused by a failed rank_.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # XGBoost: NcclStub::GetNcclResult, reported by Result::Report ("- [file:line|time]: msg")
    ('dmlc/xgboost src/collective/nccl_stub.cc:43@379b29f',
     '- [nccl_stub.cc:49|10:14:03]: NCCL failure: unhandled cuda error (run with NCCL_DEBUG=INFO for details).  CUDA error: cudaErrorIllegalAddress: an illegal memory access was encountered',
     'log.cuda_error', 'application_bug'),
    ('dmlc/xgboost src/common/error_msg.cc:89@379b29f',
     '[10:14:03] WARNING: /workspace/src/common/error_msg.cc:89: NCCL version too old: (2.22.3). Install NCCL >= 2.23.4 .',
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('dmlc/xgboost src/collective/nccl_stub.cc:90@379b29f',
     'xgboost.core.XGBoostError: [10:14:03] /workspace/src/collective/nccl_stub.cc:90: Failed to load NCCL from path: `libnccl.so.2`. Error:',
     'log.nccl_library_missing', 'other'),
    # the collective did not finish within the communicator's timeout: a rank never joined it
    ('dmlc/xgboost src/collective/coll.cu:162@379b29f',
     '- [coll.cu:162|10:44:03]: NCCL timeout: 1800s.',
     'log.timeout', 'hang_collective_mismatch'),
    # OneFlow: OF_NCCL_CHECK's glog FATAL
    ('Oneflow-Inc/oneflow oneflow/core/device/cuda_util.h:107@25c8978',
     'F1201 10:14:03.552013 24310 eager_nccl_comm_manager.cpp:77] Check failed: ncclCommInitRank(comm, device_vec.size(), nccl_unique_id, rank) : unhandled cuda error (run with NCCL_DEBUG=INFO for details) (1). To see more detail, please run OneFlow with system variable NCCL_DEBUG=INFO',
     'log.cuda_error', 'cuda_or_driver'),
    ('Oneflow-Inc/oneflow oneflow/core/device/cuda_util.h:107@25c8978',
     'F1201 10:44:03.118204 24377 nccl_executor_backend.cu:191] Check failed: ncclGroupEnd() : remote process exited or there was a network error (6). To see more detail, please run OneFlow with system variable NCCL_DEBUG=INFO',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # MXNet: kvstore 'nccl' on a build without NCCL (the framework-build case of log.framework_usage)
    ('apache/mxnet src/kvstore/kvstore.cc:75@b84609d',
     'mxnet.base.MXNetError: [10:14:03] src/kvstore/kvstore.cc:75: compile with USE_NCCL=1 to use nccl',
     'log.framework_usage', 'application_bug'),
    # TensorFlow NcclManager's NCCL_RETURN_IF_ERROR
    ('tensorflow/tensorflow tensorflow/core/nccl/nccl_manager.cc:53@005a989',
     'tensorflow.python.framework.errors_impl.InternalError: NCCL: unhandled cuda error. Set NCCL_DEBUG=WARN for detail.',
     'log.cuda_error', 'cuda_or_driver'),
    ('tensorflow/tensorflow tensorflow/core/nccl/nccl_manager.cc:53@005a989',
     'tensorflow.python.framework.errors_impl.InternalError: NCCL: remote process exited or there was a network error. Set NCCL_DEBUG=WARN for detail. [Op:CollectiveReduceV2]',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # XLA (JAX) before nccl_errors.h: ToStatus without the last NCCL warning
    ('tensorflow/tensorflow tensorflow/compiler/xla/service/gpu/nccl_utils.cc:93@0be5a10',
     'RuntimeError: Internal: external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nccl_utils.cc:203: NCCL operation ncclGroupEnd() failed: unhandled cuda error',
     'log.cuda_error', 'cuda_or_driver'),
    ('tensorflow/tensorflow tensorflow/compiler/xla/service/gpu/nccl_utils.cc:93@0be5a10',
     'jaxlib.xla_extension.XlaRuntimeError: INTERNAL: external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nccl_utils.cc:203: NCCL operation ncclGroupEnd() failed: remote process exited or there was a network error',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # PyTorch: torch 1.4's C10D_NCCL_CHECK, torch 1.8's getNcclErrorDetailStr (the line after it), torch 2.x's
    ('pytorch/pytorch torch/lib/c10d/NCCLUtils.hpp:75@0354b60',
     'RuntimeError: NCCL communicator was aborted.',
     'log.abort', 'rank_crashed_elsewhere'),
    ('pytorch/pytorch torch/lib/c10d/NCCLUtils.hpp:26@v1.8.0',
     'ncclUnhandledCudaError: Call to CUDA function failed.',
     'log.cuda_error', 'cuda_or_driver'),
    ('pytorch/pytorch torch/lib/c10d/NCCLUtils.hpp:32@v1.8.0',
     'ncclInvalidArgument: Invalid value for an argument (such as invalid pointer, device count, ip:host pair, etc).',
     'log.invalid_usage', 'application_bug'),
    ('pytorch/pytorch torch/lib/c10d/NCCLUtils.hpp:34@v1.8.0',
     'ncclInvalidUsage: This usually reflects invalid usage of NCCL library (such as too many async ops, too many collectives at once, mixing streams in a group, etc).',
     'log.invalid_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/NCCLUtils.hpp:74@04dbcd0',
     '[rank0]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3356, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5',
     'log.cuda_error', 'cuda_or_driver'),
    # nccl4py
    ('NVIDIA/nccl bindings/nccl4py/nccl/bindings/nccl.pyx:3267@5067397',
     'nccl.bindings.nccl.NCCLError: UnhandledCudaError (1): unhandled cuda error (run with NCCL_DEBUG=INFO for details)',
     'log.cuda_error', 'cuda_or_driver'),
    ('NVIDIA/nccl bindings/nccl4py/nccl/bindings/_internal/nccl_linux.pyx:45@5067397',
     'nccl.bindings._internal.utils.NotSupportedError: CUDA driver is not found (libcuda.so.1: cannot open shared object file: No such file or directory)',
     'log.gpu_missing', 'cuda_or_driver'),
]

NO_CAUSE = [
    '[10:14:03] INFO: /workspace/src/collective/nccl_stub.cc:130: Loaded shared NCCL 2.23.4:`/usr/local/lib/python3.11/site-packages/nvidia/nccl/lib/libnccl.so.2`',  # dmlc/xgboost src/collective/nccl_stub.cc:130@379b29f
]

# Wrappers of ncclSystemError and ncclInternalError: the first finding names NCCL's result and no cause (the
# alternatives that follow it rank what resolved threads most often found); XGBoost's hint that a network
# setting may be at fault is the same generic advice.
RESULT_ONLY = [
    ('dmlc/xgboost src/collective/nccl_stub.cc:45@379b29f',
     '- [nccl_stub.cc:49|10:14:03]: NCCL failure: unhandled system error (run with NCCL_DEBUG=INFO for details).  This might be caused by a network configuration issue. Please consider specifying the network interface for NCCL via environment variables listed in its reference: `https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html`.',
     'log.system_error'),
    ('PaddlePaddle/Paddle paddle/phi/core/distributed/nccl_comm_task.cc:164@00816fc',
     '\t Find nccl comm error: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. It can be also caused by unexpected exit of a remote peer.',
     'log.system_error'),
    ('horovod/horovod horovod/common/ops/nccl_operations.cc:74@2626dc8',
     'horovod.common.exceptions.HorovodInternalError: ncclCommInitRank failed: unhandled system error (run with NCCL_DEBUG=INFO for details)',
     'log.system_error'),
    ('cupy/cupy cupy_backends/cuda/libs/nccl.pyx:130@6b6d956',
     'cupy_backends.cuda.libs.nccl.NcclError: NCCL_ERROR_INTERNAL_ERROR: internal error - please report this issue to the NCCL developers',
     'log.internal_error'),
    ('rapidsai/raft cpp/include/raft/common/nccl_macros.hpp:18@2141422',
     "RuntimeError: NCCL error encountered at: file=/opt/conda/include/raft/comms/detail/mpi_comms.hpp line=121: call='ncclCommInitRankConfig(&nccl_comm_, size_, id, rank_, &nccl_config)', Reason=2:unhandled system error (run with NCCL_DEBUG=INFO for details)",
     'log.system_error'),
    ('Oneflow-Inc/oneflow oneflow/core/device/cuda_util.h:107@25c8978',
     'F1201 10:14:03.552013 24310 eager_nccl_comm_manager.cpp:77] Check failed: ncclCommInitRank(comm, device_vec.size(), nccl_unique_id, rank) : unhandled system error (run with NCCL_DEBUG=INFO for details) (2). To see more detail, please run OneFlow with system variable NCCL_DEBUG=INFO',
     'log.system_error'),
    ('tensorflow/tensorflow tensorflow/core/nccl/nccl_manager.cc:53@005a989',
     'tensorflow.python.framework.errors_impl.InternalError: NCCL: unhandled system error. Set NCCL_DEBUG=WARN for detail.',
     'log.system_error'),
    ('tensorflow/tensorflow tensorflow/compiler/xla/service/gpu/nccl_utils.cc:93@0be5a10',
     'jaxlib.xla_extension.XlaRuntimeError: INTERNAL: external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nccl_utils.cc:203: NCCL operation ncclGroupEnd() failed: unhandled system error',
     'log.system_error'),
    ('pytorch/pytorch torch/lib/c10d/NCCLUtils.hpp:17@0354b60',
     'RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:825, unhandled system error, NCCL version 2.7.8',
     'log.system_error'),
    ('pytorch/pytorch torch/lib/c10d/NCCLUtils.hpp:30@v1.8.0',
     'ncclInternalError: Internal check failed. This is either a bug in NCCL or due to memory corruption',
     'log.internal_error'),
]
