"""Lines of TensorFlow's and MXNet's NCCL and collective layers that users paste beside NCCL errors, read alone and
inside an NCCL log. Sources: TensorFlow 2.18.0's Python from its wheel (tf.distribute: cross_device_ops,
MultiWorkerMirroredStrategy's collective_all_reduce_strategy and its health check, mirrored_strategy, the Slurm
cluster resolver; eager/context.py), line numbers as in the tag v2.18.0; Keras' multi_gpu_model from
tensorflow/tensorflow v2.0.0 (64c3d38, read from a mirror holding the upstream history); TensorFlow's C++ (the NCCL
manager, the base collective executor, the local and distributed collective parameter resolvers, the distributed
collective remote access, the gRPC server, and the XLA copy under third_party/xla: the coordination service and the
NCCL communicator) from theIArchitecture/tensorflow a3f2a79, a source snapshot of TensorFlow master of January 2026
(the upstream repository is too large to mirror), each text but the shutdown barrier's also found in the strings of
the tensorflow 2.18.0 wheel's libtensorflow_cc / libtensorflow_framework; NCCL's result strings and the socket
warning XLA quotes as NCCL 2.26.5 (the version TensorFlow master pins) prints them; MXNet 1.9.1 (apache/mxnet tag
1.9.1, 3f8f3be: src/kvstore kvstore.cc, kvstore_nccl.h, comm.h, gpu_topology.h, comm_tree.h), its dmlc-core logging
format ("[HH:MM:SS] file:line: ", "Check failed: x: ") and the "../src/kvstore/./" paths read from the mxnet 1.9.1
wheel. Prefixes are as the programs print them: "WARNING:tensorflow:" for tf.distribute's Python logger,
"YYYY-MM-DD HH:MM:SS.ffffff: E file:line]" for TensorFlow's C++ logging, the errors_impl exception class a status
code becomes in Python, dmlc's MXNetError. Each cause is what the code and the help text around the line say,
reviewed one by one: a wrapper that quotes NCCL's or the health check's reason takes the cause of that reason; a peer
that is down, restarted or never joined is the failure of another process; workers that disagree on the group size,
misuse of a kvstore or of the collective API are the program's; devices the strategy asks for that TensorFlow does
not see are the GPU set-up; the 'nccl' kvstore asked of a MXNet built without NCCL is the program's choice (as
TensorFlow's NCCL ops on a build without them are: tensorflow#44281). Fallbacks TensorFlow takes on its own
(virtual or non-GPU devices, no NCCL kernel), start-up notices and generic wrappers (an unhandled system error, "the
error could be from a previous operation") name nothing, and NCCL's own result wrapped without a reason leads as that result (RESULT_ONLY)."""

from __future__ import annotations

CASES = [
    # -- tf.distribute (Python, TensorFlow 2.18.0) ---------------------------------------------------------------------
    # devices named in the strategy that TensorFlow does not list: its GPUs are not visible (CUDA libraries, driver)
    ('tensorflow/tensorflow tensorflow/python/distribute/cross_device_ops.py:1386@v2.18.0',
     'WARNING:tensorflow:Some requested devices in `tf.distribute.Strategy` are not visible to TensorFlow: /job:localhost/replica:0/task:0/device:GPU:1,/job:localhost/replica:0/task:0/device:GPU:0',
     'log.gpu_missing', 'cuda_or_driver'),
    ('tensorflow/tensorflow tensorflow/python/distribute/collective_all_reduce_strategy.py:1098@v2.18.0',
     'WARNING:tensorflow:Enabled NCCL communication but no GPUs detected/specified.',
     'log.gpu_missing', 'cuda_or_driver'),
    # MultiWorkerMirroredStrategy's health check: a peer that answered before stops answering
    ('tensorflow/tensorflow tensorflow/python/distribute/collective_all_reduce_strategy.py:1018@v2.18.0',
     'WARNING:tensorflow:/job:worker/replica:0/task:1 seems down, retrying 1/3',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('tensorflow/tensorflow tensorflow/python/distribute/collective_all_reduce_strategy.py:1025@v2.18.0',
     'ERROR:tensorflow:Cluster check alive failed, /job:worker/replica:0/task:1 is down, aborting collectives: Socket closed',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('tensorflow/tensorflow tensorflow/python/distribute/collective_all_reduce_strategy.py:1032@v2.18.0',
     'tensorflow.python.framework.errors_impl.UnavailableError: Collective ops is aborted by: cluster check alive failed, /job:worker/replica:0/task:1 is down',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # the start-up all-reduce the health check uses as a barrier: some worker never joined (closest id: remote_exited)
    ('tensorflow/tensorflow tensorflow/python/distribute/collective_all_reduce_strategy.py:1071@v2.18.0',
     'RuntimeError: Timeout waiting for the cluster, timeout is 300 seconds',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('tensorflow/tensorflow tensorflow/python/distribute/mirrored_strategy.py:172@v2.18.0',
     'ValueError: All workers should have the same number of GPUs.',
     'log.launch_config', 'application_bug'),
    # MultiWorkerMirroredStrategy created after the eager context was initialised
    ('tensorflow/tensorflow tensorflow/python/eager/context.py:1083@v2.18.0',
     'RuntimeError: Collective ops must be configured at program startup',
     'log.framework_usage', 'application_bug'),
    ('tensorflow/tensorflow tensorflow/python/distribute/cluster_resolver/slurm_cluster_resolver.py:121@v2.18.0',
     'RuntimeError: SLURM_PROCID not found in environment. Not running inside a SLURM step?',
     'log.launch_config', 'application_bug'),
    ('tensorflow/tensorflow tensorflow/python/distribute/cluster_resolver/slurm_cluster_resolver.py:151@v2.18.0',
     'RuntimeError: Could not get number of GPUs from nvidia-smi. Maybe it is missing?',
     'log.gpu_missing', 'cuda_or_driver'),
    ('tensorflow/tensorflow tensorflow/python/distribute/cluster_resolver/slurm_cluster_resolver.py:267@v2.18.0',
     'RuntimeError: Requested more GPUs per node than available.',
     'log.launch_config', 'application_bug'),
    ('tensorflow/tensorflow tensorflow/python/distribute/cluster_resolver/slurm_cluster_resolver.py:270@v2.18.0',
     'RuntimeError: Requested 8 tasks but only 4 were assigned.',
     'log.launch_config', 'application_bug'),
    # -- Keras' multi_gpu_model (TensorFlow 2.0; removed in 2.4) -------------------------------------------------------
    ('tensorflow/tensorflow tensorflow/python/keras/utils/multi_gpu_utils.py:181@v2.0.0',
     "ValueError: To call `multi_gpu_model` with `gpus=4`, we expect the following devices to be available: ['/cpu:0', '/gpu:0', '/gpu:1', '/gpu:2', '/gpu:3']. However this machine only has: ['/cpu:0', '/xla_cpu:0', '/xla_gpu:0', '/gpu:0', '/gpu:1']. Try reducing `gpus`.",
     'log.launch_config', 'application_bug'),
    ('tensorflow/tensorflow tensorflow/python/keras/utils/multi_gpu_utils.py:168@v2.0.0',
     'ValueError: For multi-gpu usage to be effective, call `multi_gpu_model` with `gpus >= 2`. Received: `gpus=1`',
     'log.framework_usage', 'application_bug'),
    # -- TensorFlow's collective executor and NCCL manager (C++) -------------------------------------------------------
    ('theIArchitecture/tensorflow tensorflow/core/common_runtime/base_collective_executor.cc:248@a3f2a79',
     '2026-12-01 10:31:40.118204: E tensorflow/core/common_runtime/base_collective_executor.cc:248] BaseCollectiveExecutor::StartAbort UNKNOWN: Error invoking NCCL: unhandled cuda error (run with NCCL_DEBUG=INFO for details)',
     'log.cuda_error', 'cuda_or_driver'),
    ('theIArchitecture/tensorflow tensorflow/core/common_runtime/base_collective_executor.cc:243@a3f2a79',
     'tensorflow.python.framework.errors_impl.UnknownError: Collective ops is aborted by: Error invoking NCCL: remote process exited or there was a network error',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('theIArchitecture/tensorflow tensorflow/core/nccl/nccl_manager.cc:52@a3f2a79',
     'tensorflow.python.framework.errors_impl.InternalError: NCCL: invalid usage (run with NCCL_DEBUG=WARN for details). Set NCCL_DEBUG=WARN for detail.',
     'log.invalid_usage', 'application_bug'),
    ('theIArchitecture/tensorflow tensorflow/core/common_runtime/base_collective_executor.cc:433@a3f2a79',
     'tensorflow.python.framework.errors_impl.InternalError: Collective all-reduce does not support datatype DT_INT32 on DEVICE_GPU',
     'log.framework_usage', 'application_bug'),
    # -- the collective groups: workers that disagree on the cluster, or a peer that restarted ------------------------
    ('theIArchitecture/tensorflow tensorflow/core/common_runtime/collective_param_resolver_local.cc:210@a3f2a79',
     'tensorflow.python.framework.errors_impl.InternalError: Device /job:worker/replica:0/task:2/device:GPU:0 is joining a group with size4, but that group has size 6 (group_key=1)',
     'log.invalid_usage', 'application_bug'),
    ('theIArchitecture/tensorflow tensorflow/core/common_runtime/collective_param_resolver_local.cc:224@a3f2a79',
     'tensorflow.python.framework.errors_impl.InternalError: Device /job:worker/replica:0/task:3/device:GPU:0 is joining a group that is already full (group_key=1)',
     'log.invalid_usage', 'application_bug'),
    ('theIArchitecture/tensorflow tensorflow/core/common_runtime/collective_param_resolver_local.cc:633@a3f2a79',
     'tensorflow.python.framework.errors_impl.InvalidArgumentError: Group 1 is not initialized. Please call group initialization op first before invoking collective op.',
     'log.framework_usage', 'application_bug'),
    ('theIArchitecture/tensorflow tensorflow/core/common_runtime/collective_param_resolver_local.cc:259@a3f2a79',
     "tensorflow.python.framework.errors_impl.FailedPreconditionError: Device /job:worker/replica:0/task:1/device:GPU:0 current incarnation doesn't match with one in the group. This usually means this worker has restarted but the collective leader hasn't, or this worker connects to a wrong cluster.",
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('theIArchitecture/tensorflow tensorflow/core/distributed_runtime/collective_param_resolver_distributed.cc:156@a3f2a79',
     'tensorflow.python.framework.errors_impl.FailedPreconditionError: group 1 not found. This normally means the server has restarted',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('theIArchitecture/tensorflow tensorflow/core/distributed_runtime/collective_rma_distributed.cc:276@a3f2a79',
     'tensorflow.python.framework.errors_impl.FailedPreconditionError: /job:worker/replica:0/task:1/device:GPU:0 with incarnation 8467203948570234113 is not available. This usually means /job:worker/replica:0/task:1 has restarted',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # -- the coordination service's shutdown barrier (XLA's copy inside TensorFlow) -----------------------------------
    ('theIArchitecture/tensorflow third_party/xla/xla/tsl/distributed_runtime/coordination/coordination_service.cc:1833@a3f2a79',
     '2026-12-01 10:31:52.771104: E external/local_xla/xla/tsl/distributed_runtime/coordination/coordination_service.cc:1833] Shutdown barrier in coordination service has failed:',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('theIArchitecture/tensorflow third_party/xla/xla/tsl/distributed_runtime/coordination/coordination_service.cc:100@a3f2a79',
     'INTERNAL: Shutdown barrier has failed.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # -- XLA's NCCL communicator inside TensorFlow: the quoted NCCL warning names the cause ---------------------------
    ('theIArchitecture/tensorflow third_party/xla/xla/backends/gpu/collectives/nccl_communicator.cc:303@a3f2a79',
     'tensorflow.python.framework.errors_impl.InternalError: NET/Socket : peer 10.0.0.3<41234> message truncated : receiving 1048576 bytes instead of 65536. If you believe your socket network is in healthy state,           there may be a mismatch in collective sizes or environment settings (e.g. NCCL_PROTO, NCCL_ALGO) between ranks. Last NCCL error (maybe unrelated): invalid usage (run with NCCL_DEBUG=WARN for details)',
     'log.transport_size_mismatch', 'nccl_version_mismatch'),
    # -- MXNet 1.9.1's kvstore ------------------------------------------------------------------------------------------
    # kv.create('nccl') in a build without NCCL (closest id: package_build)
    ('apache/mxnet src/kvstore/kvstore.cc:74@1.9.1',
     'mxnet.base.MXNetError: [10:14:03] ../src/kvstore/kvstore.cc:74: compile with USE_NCCL=1 to use nccl',
     'log.framework_usage', 'application_bug'),
    # cudaDeviceCanAccessPeer refused some GPU pairs
    ('apache/mxnet src/kvstore/comm.h:741@1.9.1',
     '[10:14:05] ../src/kvstore/././comm.h:741: only 4 out of 12 GPU pairs are enabled direct access. It may affect the performance. You can set MXNET_ENABLE_GPU_P2P=0 to turn it off',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('apache/mxnet src/kvstore/kvstore_nccl.h:180@1.9.1',
     'mxnet.base.MXNetError: [10:14:09] ../src/kvstore/./kvstore_nccl.h:180: NCCL kvstore does not support sparse storage type',
     'log.framework_usage', 'application_bug'),
    ('apache/mxnet src/kvstore/kvstore_nccl.h:185@1.9.1',
     'mxnet.base.MXNetError: [10:14:09] ../src/kvstore/./kvstore_nccl.h:185: NCCL kvstore does not support gradient compression',
     'log.framework_usage', 'application_bug'),
    ('apache/mxnet src/kvstore/kvstore_nccl.h:250@1.9.1',
     'mxnet.base.MXNetError: [10:14:09] ../src/kvstore/./kvstore_nccl.h:250: Check failed: device_ids_ == dev_ids: NCCL KVStore supports only single set of devices',
     'log.framework_usage', 'application_bug'),
    ('apache/mxnet src/kvstore/kvstore_nccl.h:151@1.9.1',
     "mxnet.base.MXNetError: [10:14:09] ../src/kvstore/./kvstore_nccl.h:151: Check failed: ignore_sparse: nccl kvstore pull doesn't support ignore_sparse=False",
     'log.framework_usage', 'application_bug'),
    # MXNET_KVSTORE_USETREE=1: the GPU link topology admits no binary reduction tree
    ('apache/mxnet src/kvstore/gpu_topology.h:1094@1.9.1',
     'mxnet.base.MXNetError: [10:14:05] ../src/kvstore/./././gpu_topology.h:1094: No valid binary tree found from root 0 using backtracking',
     'log.topology_error', 'topology_or_numa'),
]

NO_CAUSE = [
    'WARNING:tensorflow:NCCL is not supported when using virtual GPUs, fallingback to reduction to one device',  # tensorflow/tensorflow tensorflow/python/distribute/cross_device_ops.py:1371@v2.18.0
    'WARNING:tensorflow:There are non-GPU devices in `tf.distribute.Strategy`, not using nccl allreduce.',  # tensorflow/tensorflow tensorflow/python/distribute/cross_device_ops.py:1390@v2.18.0
    'WARNING:tensorflow:Nccl kernel is not found, not using nccl allreduce.',  # tensorflow/tensorflow tensorflow/python/distribute/cross_device_ops.py:1397@v2.18.0
    'WARNING:tensorflow:Collective ops is not configured at program startup. Some performance features may not be enabled.',  # tensorflow/tensorflow tensorflow/python/distribute/collective_all_reduce_strategy.py:442@v2.18.0
    "INFO:tensorflow:Using MirroredStrategy with devices ('/job:localhost/replica:0/task:0/device:GPU:0', '/job:localhost/replica:0/task:0/device:GPU:1')",  # tensorflow/tensorflow tensorflow/python/distribute/mirrored_strategy.py:423@v2.18.0
    'INFO:tensorflow:Waiting for the cluster, timeout = inf',  # tensorflow/tensorflow tensorflow/python/distribute/collective_all_reduce_strategy.py:1054@v2.18.0
    'The error could be from a previous operation. Restart your program to reset. [Op:__inference_train_function_5122]',  # theIArchitecture/tensorflow tensorflow/core/common_runtime/base_collective_executor.cc:244@a3f2a79
    '2026-12-01 10:11:38.512345: I tensorflow/core/distributed_runtime/rpc/grpc_server_lib.cc:466] Started server with target: grpc://10.0.0.2:12345',  # theIArchitecture/tensorflow tensorflow/core/distributed_runtime/rpc/grpc_server_lib.cc:466@a3f2a79
    '2026-12-01 10:31:52.771104: I external/local_xla/xla/tsl/distributed_runtime/coordination/coordination_service.cc:1830] Shutdown barrier in coordination service has passed.',  # theIArchitecture/tensorflow third_party/xla/xla/tsl/distributed_runtime/coordination/coordination_service.cc:1830@a3f2a79
    '[10:14:05] ../src/kvstore/././comm_tree.h:377: Using Kernighan-Lin to generate trees',  # apache/mxnet src/kvstore/comm_tree.h:377@1.9.1
    '[10:14:05] ../src/kvstore/./././gpu_topology.h:213: cudaDeviceGetP2PAttribute incorrect. Falling back to cudaDeviceEnablePeerAccess for topology detection',  # apache/mxnet src/kvstore/gpu_topology.h:213@1.9.1
]

# NCCL's bare result, wrapped: the result leads, with no cause of its own (the alternatives carry the likely ones).
RESULT_ONLY = [
    ('theIArchitecture/tensorflow tensorflow/core/nccl/nccl_manager.cc:52@a3f2a79',
     'tensorflow.python.framework.errors_impl.InternalError: NCCL: unhandled system error (run with NCCL_DEBUG=INFO for details). Set NCCL_DEBUG=WARN for detail.',
     'log.system_error'),
]
