"""Lines of JAX/XLA's and Ray's distributed layers that users paste beside NCCL errors, read alone and inside an
NCCL log. Sources: XLA at openxla/xla 183fa00 (read from a mirror holding that upstream commit: the GPU collectives
and NCCL wrappers, the BFC allocator and its adapter, the command buffers, the flag parser, the coordination service,
its agent and client, the GPU allocator set-up), each text also found in the strings of jax-cuda13-pjrt 0.12.0.1 or
jaxlib 0.10.2; JAX at jax-ml/jax cec06d1 (jax.distributed, cluster auto-detection); NCCL's own WARN texts quoted
inside XLA's messages as libnccl 2.32.3 (nvidia-nccl-cu13) prints them; Ray 2.60.0 from its wheel: the Python
(exceptions, services, the v2 autoscaler's event logger, ray.util.collective, Ray Train v2 and its NCCL RAS hang
detector) with their line numbers, and the C++ of the GCS and the raylet from the strings of gcs_server and raylet,
the line numbers read from the __LINE__ each RAY_LOG / RAY_EVENT passes (disassembled: the constant handed to
RayLog's or RayEvent's constructor beside the file name). Format fields are filled with realistic values; prefixes
are as the programs print them (glog/absl for XLA, Ray's "[date L pid tid] (component) file:line:" for its C++,
"date\tLEVEL file:line --" for its Python loggers, the driver's "(raylet)" / "(autoscaler +T)" / actor prefixes).
Each cause is what the code and the help text around the line say, reviewed one by one: XLA's wrappers of an NCCL
result take the cause of the NCCL warning they quote; the coordination service's lost, restarted or never-arrived
tasks, Ray's dead nodes, actors and GCS are the failure of another process; Ray's memory monitor, and a worker whose
exit detail names the OOM killer first, are memory; resources a cluster cannot schedule are the launch; collectives
that never met or made no progress are a hang. Neutral notices and generic wrappers that defer to the error after
them name nothing."""

from __future__ import annotations

CASES = [
    # -- XLA's NCCL wrappers: the quoted NCCL warning names the cause ----------------------------------------------
    ('openxla/xla xla/backends/gpu/collectives/nccl_collectives.cc:466@183fa00',
     "E1201 10:14:09.412233 48123 nccl_collectives.cc:466] [3] [rank=11] Failed to create NCCL communicator: INTERNAL: NCCL operation ncclCommInitRankConfig( &comm, num_ranks, nccl_unique_ids[0], rank.value(), &comm_config) failed: invalid usage (run with NCCL_DEBUG=WARN for details). Last NCCL warning(error) log entry (may be unrelated) 'Bootstrap : no socket interface found'.",
     'log.no_interface', 'wrong_interface'),
    ('openxla/xla xla/backends/gpu/collectives/nccl_errors.h:35@183fa00',
     "jax.errors.JaxRuntimeError: INTERNAL: NCCL operation ncclCommInitRankConfig( &comm, num_ranks, nccl_unique_ids[0], rank.value(), &comm_config) failed: invalid usage (run with NCCL_DEBUG=WARN for details). Last NCCL warning(error) log entry (may be unrelated) 'Mismatched NCCL version detected : rank 8 version 22703 rank 0 version 23203'.",
     'log.version_mismatch', 'nccl_version_mismatch'),
    # ENOMEM creating a QP: read, as NCCL's own ibv_create_qp WARN, as the locked-memory limit first
    ('openxla/xla xla/backends/gpu/collectives/nccl_errors.h:35@183fa00',
     "jax.errors.JaxRuntimeError: INTERNAL: NCCL operation ncclGroupEnd() failed: unhandled system error (run with NCCL_DEBUG=INFO for details). Last NCCL warning(error) log entry (may be unrelated) 'Call to ibv_create_qp failed with error Cannot allocate memory'.",
     'log.ibv_create_qp_failed', 'memlock_or_ulimit'),
    ('openxla/xla xla/backends/gpu/collectives/gpu_clique.cc:96@183fa00',
     'E1201 10:31:40.118730 48123 gpu_clique.cc:96] GPU communicator error (rank 5): INTERNAL: NET/IB: Got completion from peer 10.0.1.3<43522> with status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_SEND(0) vendor_err=129 qp_num=4711  localGid ::ffff:10.0.1.2 remoteGids::ffff:10.0.1.3 hca mlx5_0. Last NCCL error (maybe unrelated): remote process exited or there was a network error',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
    # -- XLA's device memory: preallocation, the BFC pool, CUDA graphs ------------------------------------------------
    ('openxla/xla xla/tsl/framework/bfc_allocator.cc:598@183fa00',
     'W1201 10:20:11.552310 48123 bfc_allocator.cc:598] Allocator (GPU_0_bfc) ran out of memory trying to allocate 18.00GiB (rounded to 19327352832) from the lower end requested by op',
     'log.oom', 'oom'),
    ('openxla/xla xla/stream_executor/integrations/tf_allocator_adapter.cc:272@183fa00',
     'jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 18.00GiB with allocator GPU_0_bfc on device 0.',
     'log.oom', 'oom'),
    # read with the CUDA errors, cause oom
    ('openxla/xla xla/stream_executor/gpu/gpu_command_buffer.cc:589@183fa00',
     "jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Underlying backend ran out of memory trying to instantiate command buffer with 27 (total of 312 alive graphs in the process). You can try to (a) Give more memory to the driver by reducing XLA_CLIENT_MEM_FRACTION (b) Disable command buffers with 'XLA_FLAGS=--xla_gpu_enable_command_buffer=' (empty set). Original error: Failed to instantiate CUDA graph: CUDA_ERROR_OUT_OF_MEMORY: out of memory",
     'log.cuda_error', 'oom'),
    # flags removed from XLA (xla.proto reserves both names) that old guides still set
    ('openxla/xla xla/parse_flags_from_env.cc:234@183fa00',
     'F1201 10:11:02.004512 48123 parse_flags_from_env.cc:234] Unknown flags in XLA_FLAGS: --xla_gpu_enable_async_collectives=true --xla_gpu_enable_async_all_reduce=true',
     'log.framework_usage', 'application_bug'),
    # -- XLA's coordination service, agent and client (xla/pjrt/distributed at this commit) ----------------------------
    ('openxla/xla xla/pjrt/distributed/coordination/coordination_service.cc:430@183fa00',
     "INTERNAL: Coordination service has stopped. RegisterTask() from task: 5 failed. This usually implies an earlier error that caused coordination service to shut down before the workers disconnect gracefully. Check the task leader's logs for an earlier error or scheduler events (e.g. preemption, eviction) to debug the root cause.",
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('openxla/xla xla/pjrt/distributed/coordination/coordination_service.cc:518@183fa00',
     'E1201 10:31:52.771104 48123 coordination_service.cc:518] [8467203948570234] 3 unexpectedly tried to connect with a different incarnation. It has likely restarted.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('openxla/xla xla/pjrt/distributed/coordination/coordination_service.cc:232@183fa00',
     'The tasks have crashed. Check the task logs for an earlier error, or scheduler events (e.g. preemption, eviction) to debug further.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('openxla/xla xla/pjrt/distributed/coordination/coordination_service.cc:1489@183fa00',
     'This suggests that the workers are out of sync. Either at least one worker (a) crashed early due to program error or scheduler events (e.g. preemption, eviction), (b) was too fast in its execution, or (c) too slow / hanging. Check the logs (both the program and scheduler events) for an earlier error to identify the root cause.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('openxla/xla xla/pjrt/distributed/coordination/coordination_service_agent.cc:265@183fa00',
     'ABORTED: Leader incarnation ID mismatch: the coordination  leader (usually slice 0 task 0) has restarted. Check for earlier errors or any scheduler events (e.g. preemption, eviction) to debug further.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # the coordinator's port refused every try until the init timeout (gRPC's status text)
    ('openxla/xla xla/pjrt/distributed/client.cc:146@183fa00',
     'E1201 10:16:40.009817 48123 client.cc:146] Failed to connect to distributed JAX controller: UNAVAILABLE: failed to connect to all addresses; last error: UNKNOWN: ipv4:10.0.0.1:1234: Failed to connect to remote host: Connection refused',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    # -- jax.distributed.initialize and its cluster detection ---------------------------------------------------------
    ('jax-ml/jax jax/_src/distributed.py:98@cec06d1',
     'ValueError: coordinator_address should be defined.',
     'log.framework_usage', 'application_bug'),
    ('jax-ml/jax jax/_src/distributed.py:110@cec06d1',
     'ValueError: process_id and num_processes must be nonnegative, with process_id < num_processes. Got process_id=8, num_processes=8.',
     'log.launch_config', 'application_bug'),
    ('jax-ml/jax jax/_src/clusters/cluster.py:62@cec06d1',
     'Automatic Distributed initialization can not proceed: slurm is supported but not functional in this environment.',
     'log.launch_config', 'application_bug'),
    ('jax-ml/jax jax/_src/clusters/k8s_cluster.py:282@cec06d1',
     'RuntimeError: To enable automatic bootstrap in a K8s cluster, jobs must be indexed by setting `completionMode: "Indexed"`.',
     'log.launch_config', 'application_bug'),
    # -- Ray's GCS and raylet (C++; line = the __LINE__ passed to RayLog / RayEvent in the 2.60.0 binaries) -----------
    ('ray-project/ray src/ray/gcs/gcs_node_manager.cc:761@ray-2.60.0',
     '[2026-12-01 10:31:40,123 W 1834 1851] (gcs_server) gcs_node_manager.cc:761: The node with node id: 3f2a7c1e5b6d4e8f9a0123456789abcdef0123456789abcdef012345 and address: 10.0.0.3 and node name: 10.0.0.3 has been marked dead because the detector has missed too many heartbeats from it. This can happen when a \t(1) raylet crashes unexpectedly (OOM, etc.) ',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('ray-project/ray src/ray/raylet/node_manager.cc:3517@ray-2.60.0',
     '(raylet) [2026-12-01 10:30:59,262 E 37263 37263] (raylet) node_manager.cc:3517: 1 Workers (tasks / actors) killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: 2c82620270df6b9dd7ae2791ef51ee4b5a9d5df9f795986c10dd219c, IP: 10.0.0.2) over the last time period. To see more information about the Workers killed on this node, use `ray logs raylet.out -ip 10.0.0.2`',
     'log.oom', 'oom'),
    # the exit detail is NodeManager::HandleClientConnectionError's: a list of common causes, the OOM killer first,
    # reporting none of them (verl-project/verl#4921): the worker's own log says which
    ('ray-project/ray src/ray/raylet/node_manager.cc:1555@ray-2.60.0',
     '(raylet) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot the problem, check the logs for the dead worker. Lease ID: 7ae2c1d09b3f4e5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4 Worker ID: 9b1f3c5e7a9d2b4f6a8c0e2d4f6b8a0c2e4d6f8b0a2c4e6d8f0b2a4c Node ID: 2c82620270df6b9dd7ae2791ef51ee4b5a9d5df9f795986c10dd219c Worker IP address: 10.0.0.2 Worker port: 10005 Worker PID: 48211 Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. Some common causes include: (1) the process was killed by the OOM killer due to high memory usage, (2) ray stop --force was called, or (3) the worker crashed unexpectedly due to SIGSEGV or another unexpected error. If the process was killed by the kernel OOM killer (verifiable by checking for OOM in dmesg of the OOMing node), consider enabling resource isolation via --enable-resource-isolation to prevent node deaths by resource contention and significant loss of progress by uninformed kernel OOM killing.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('ray-project/ray src/ray/raylet/node_manager.cc:914@ray-2.60.0',
     '[2026-12-01 10:12:31,404 W 48123 48123] (raylet) node_manager.cc:914: The lease with ID 7ae2c1d09b3f4e5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4 cannot be scheduled right now. You can ignore this message if this Ray cluster is expected to auto-scale or if you specified a runtime_env for this actor or lease, which may take time to install.  Otherwise, this is likely due to all cluster resources being claimed by actors. To resolve the issue, consider creating fewer actors or increasing the resources available to this Ray cluster.',
     'log.launch_config', 'application_bug'),
    ('ray-project/ray src/ray/gcs_rpc_client/rpc_client.h:204@ray-2.60.0',
     "[2026-12-01 10:40:12,345 E 48123 48140] (raylet) rpc_client.h:204: Failed to connect to GCS within 60 seconds. GCS may have been killed. It's either GCS is terminated by `ray stop` or is killed unexpectedly. If it is killed unexpectedly, see the log file gcs_server.out. https://docs.ray.io/en/master/ray-observability/user-guides/configure-logging.html#logging-directory-structure. The program will terminate.",
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # -- Ray's Python ------------------------------------------------------------------------------------------------
    ('ray-project/ray python/ray/exceptions.py:463@ray-2.60.0',
     'ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('ray-project/ray python/ray/_private/services.py:2248@ray-2.60.0',
     "2026-12-01 10:11:38,123\tWARNING services.py:2248 -- WARNING: The object store is using /tmp instead of /dev/shm because /dev/shm has only 67108864 bytes available. This will harm performance! You may be able to free up space by deleting files in /dev/shm. If you are inside a Docker container, you can increase /dev/shm size by passing '--shm-size=10.24gb' to 'docker run' (or add it to the run_options list in a Ray cluster config). Make sure to set this to more than 30% of available RAM.",
     'log.shm_small', 'shm_too_small'),
    # read with the /dev/shm rows (log.shm_error), cause shm_too_small
    ('ray-project/ray python/ray/_private/services.py:2236@ray-2.60.0',
     'ValueError: The configured object store size (20.0 GB) exceeds /dev/shm size (0.067108864 GB). This will harm performance. Consider deleting files in /dev/shm or increasing its size with --shm-size in Docker. To ignore this warning, set RAY_OBJECT_STORE_ALLOW_SLOW_STORAGE=1.',
     'log.shm_error', 'shm_too_small'),
    ('ray-project/ray python/ray/autoscaler/v2/event_logger.py:140@ray-2.60.0',
     "(autoscaler +1m12s) No available node types can fulfill resource requests {'GPU': 8.0}*2. Add suitable node types to this cluster to resolve this issue.",
     'log.launch_config', 'application_bug'),
    ('ray-project/ray python/ray/_private/utils.py:1209@ray-2.60.0',
     '2026-12-01 10:11:40,512\tWARNING utils.py:1209 -- Unable to connect to GCS (ray head) at 10.0.0.1:6379. Check that (1) Ray with matching version started successfully at the specified address, (2) this node can reach the specified address, and (3) there is no firewall setting preventing access.',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    # -- ray.util.collective's NCCL group ------------------------------------------------------------------------------
    ('ray-project/ray python/ray/util/collective/collective_group/nccl_collective_group.py:95@ray-2.60.0',
     'RuntimeError: Unable to meet other processes at the rendezvous store. If you are using P2P communication, please check if tensors are put in the correct GPU. ',
     'log.timeout', 'hang_collective_mismatch'),
    ('ray-project/ray python/ray/util/collective/collective_group/nccl_collective_group.py:177@ray-2.60.0',
     '2026-12-01 10:12:02,881\tWARNING nccl_collective_group.py:177 -- NCCL is not available. Please install Cupy following the guide at: https://docs.cupy.dev/en/stable/install.html.',
     'log.nccl_library_missing', 'other'),
    # -- Ray Train v2: the worker group, its collectives and the NCCL RAS hang detector -----------------------------
    ('ray-project/ray python/ray/train/v2/_internal/execution/worker_group/worker_group.py:244@ray-2.60.0',
     'ray.train.v2._internal.exceptions.InsufficientClusterResourcesError: Insufficient cluster resources to launch training workers.',
     'log.launch_config', 'application_bug'),
    ('ray-project/ray python/ray/train/v2/_internal/exceptions.py:64@ray-2.60.0',
     'ray.train.v2._internal.exceptions.WorkerGroupStartupTimeoutError: The worker group startup timed out after 60.0 seconds waiting for 16 workers. Potential causes include: (1) temporary insufficient cluster resources while waiting for autoscaling (ignore this warning in this case), (2) infeasible resource request where the provided `ScalingConfig` cannot be satisfied), and (3) transient network issues. Set the RAY_TRAIN_WORKER_GROUP_START_TIMEOUT_S environment variable to increase the timeout.',
     'log.launch_config', 'application_bug'),
    ('ray-project/ray python/ray/train/v2/_internal/exceptions.py:133@ray-2.60.0',
     'ray.train.v2._internal.exceptions.BroadcastCollectiveTimeoutError: The collective operation timed out after 1800.00 seconds. The following ranks have not joined the collective operation: [3]',
     'log.timeout', 'hang_collective_mismatch'),
    ('ray-project/ray python/ray/train/v2/_internal/callbacks/nccl_ras.py:796@ray-2.60.0',
     '(TrainController pid=2431) 1 of 4 communicators have a collective mismatch and made no progress for 600 seconds (40 polls). This usually means that the collective is deadlocked / hanging. The possible reasons for this is: a rank hit a divergent code path, exited early, a GPU or network hardware failure, or a collective was launched with a mismatched shape, dtype, or call order.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('ray-project/ray python/ray/train/v2/_internal/callbacks/nccl_ras.py:842@ray-2.60.0',
     '(TrainController pid=2431) Possible NCCL hang detected! 1 of 4 communicators (0x5d3f8a1c9b2e4706) have made no progress over 60 seconds (4 consecutive polls). Continuing to monitor, this might be a transient stall.',
     'log.timeout', 'hang_collective_mismatch'),
    ('ray-project/ray python/ray/train/v2/api/exceptions.py:86@ray-2.60.0',
     'ray.train.v2.api.exceptions.PreemptionError: Training was interrupted by node preemption (preempted_ranks=[4, 5, 6, 7], drain_timed_out=False).',
     'log.job_stopped', 'other'),
]

# Lines of these sources that state no cause: the analyzer names none for them.
NO_CAUSE = [
    'I1201 10:11:38.802214 48123 gpu_helpers.cc:162] XLA backend allocating 59.74GiB (64141393920 bytes) on device 0 for BFCAllocator.',  # openxla/xla xla/pjrt/gpu/gpu_helpers.cc:162@183fa00
    'I1201 10:11:39.000211 48123 coordination_service.cc:359] [8467203948570234] Waiting for 1/16 tasks to connect.',  # openxla/xla xla/pjrt/distributed/coordination/coordination_service.cc:359@183fa00
    'I1201 10:11:40.201134 48123 client.cc:134] Connected to distributed JAX controller',  # openxla/xla xla/pjrt/distributed/client.cc:134@183fa00
    'E1201 10:31:41.000118 48123 coordination_service_agent.cc:288] Polled an error from coordination service (this can be an error from this or another task).',  # openxla/xla xla/pjrt/distributed/coordination/coordination_service_agent.cc:288@183fa00
    'E1201 10:31:41.003377 48123 coordination_service.cc:1323] [8467203948570234] The following 2 tasks in the cluster has not sent request to poll for error. Error will not be propagated to these tasks: 3,7',  # openxla/xla xla/pjrt/distributed/coordination/coordination_service.cc:1323@183fa00
    'ray.train.v2.api.exceptions.WorkerGroupError: Training failed due to worker errors:',  # ray-project/ray python/ray/train/v2/api/exceptions.py:28@ray-2.60.0
    'ray.train.v2.api.exceptions.ControllerError: Training failed due to controller error:',  # ray-project/ray python/ray/train/v2/api/exceptions.py:50@ray-2.60.0
    'ray.train.v2._internal.exceptions.WorkerGroupStartupFailedError: At least one of the worker actors failed to initialize.',  # ray-project/ray python/ray/train/v2/_internal/execution/worker_group/worker_group.py:382@ray-2.60.0
    '(autoscaler +45s) Resized to 192 CPUs, 16 GPUs.',  # ray-project/ray python/ray/autoscaler/v2/event_logger.py:109@ray-2.60.0
]
