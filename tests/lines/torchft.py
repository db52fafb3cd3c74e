"""Lines of PyTorch's fault-tolerance and newer distributed runtimes, read alone and inside an NCCL log: torchft
(pytorch/torchft 73dafea: the Rust Lighthouse and Manager in src/, their gRPC errors as tonic 0.12.3 and hyper-util
0.1.13+ word them (Status: `status: Code, message: "...", details: [], metadata: MetadataMap {...}`; a failed connect
is only "tcp connect error", a failed start only "transport error"), the Python Manager's quorum, heal and commit,
its ProcessGroupBaby*/ProcessGroupNCCL wrappers and the HTTP checkpoint transport; the Rust log as its fern format
prints it, the Python one as train_ddp.py's logging.basicConfig), torchcomms (meta-pytorch/torchcomms 59426ba: the
NCCL backend's watchdog, work, bootstrap and backend factory, glog lines with the `[TC][rank=N][name=...]` prefix)
and monarch (meta-pytorch/monarch 3fc0a66: hyperactor's supervision and channel, torch-sys-cuda's NCCL errors,
monarch_rdma's ibverbs backend). Causes decided from the code around each line: the Manager's heartbeat to the
Lighthouse fails only after Manager::new connected to it (a failed first connect is the RuntimeError at start), and
manager.rs resets the client "since the lighthouse server might have failed": the Lighthouse went away,
rank_crashed_elsewhere; the quorum timeouts (the Rust retry's tokio deadline, the Python client's gRPC Cancelled
"Timeout expired", a Baby PG's init reply over the pipe, wrap_future's future) mean a rank of the replica group or a
replica group never joined, as ncclkit reads other collective timeouts; the Lighthouse's and the Manager's servers
bind `[::]:PORT`, and the checkpoint server is an AF_INET6 HTTPServer, so EAFNOSUPPORT is a host with IPv6 turned
off (wrong_interface, as log.no_interface words it); the checkpoint server advertises `socket.gethostname()`, so a
heal that cannot resolve it is hostname_resolution, and one refused by the host's ICMP reject is the firewall, as is
the primary replica's TCPStore (MASTER_ADDR:MASTER_PORT of another replica group) timing out in pg configure; a
dashboard kill is a stop from outside. torchcomms' timeouts are collective timeouts, its async ncclRemoteError is a
peer gone, a bootstrap without MASTER_ADDR/MASTER_PORT or store, or an unknown exchange method, is misuse, a backend
library of another ABI is a version mismatch, a wheel without the backend is a build. monarch's "became unresponsive
and is assumed dead" and a broken link that never reconnected are a peer gone; RemoteError is ncclRemoteError; an
ibverbs completion status 12 is IBV_WC_RETRY_EXC_ERR; CUDA error 801 (not supported) from the dma-buf export is GDR
unusable. Quorum progress, the Lighthouse's waits, an uncommitted step, an unnamed watchdog error and the first line
of an actor failure report name nothing; a wrapped ncclSystemError leads as NCCL's result (RESULT_ONLY)."""

from __future__ import annotations

CASES = [
    # --- torchft: the Manager and the Lighthouse (Rust, src/)
    ('pytorch/torchft src/manager.rs:208@73dafea',
     '2026-12-01T10:31:40.118 [INFO] [torchft::manager] - [Replica train_ddp_1] Failed to send heartbeat to lighthouse: status: Unavailable, message: "tcp connect error", details: [], metadata: MetadataMap { headers: {} }',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('pytorch/torchft src/manager.rs:285@73dafea',
     '2026-12-01T10:32:40.121 [INFO] [torchft::manager] - [Replica train_ddp_1] lighthouse quorum timeout. error: deadline has elapsed',
     'log.timeout', 'hang_collective_mismatch'),
    ('pytorch/torchft src/lib.rs:677@73dafea',
     'TimeoutError: status: Cancelled, message: "Timeout expired", details: [], metadata: MetadataMap { headers: {"content-type": "application/grpc", "date": "Tue, 01 Dec 2026 10:32:40 GMT", "content-length": "0"} }',
     'log.timeout', 'hang_collective_mismatch'),
    ('pytorch/torchft src/manager.rs:484@73dafea',
     '2026-12-01T10:35:02.004 [WARN] [torchft::manager] - got kill request: killed from dashboard',
     'log.job_stopped', 'other'),
    ('pytorch/torchft src/lib.rs:342@73dafea',
     'RuntimeError: Address already in use (os error 98)',
     'log.port_in_use', 'application_bug'),
    ('pytorch/torchft src/lib.rs:120@73dafea',
     'RuntimeError: Address family not supported by protocol (os error 97)',
     'log.no_interface', 'wrong_interface'),
    # --- torchft: the Python Manager, process groups and checkpoint transport
    ('pytorch/torchft torchft/checkpointing/http_transport.py:134@73dafea',
     'OSError: [Errno 97] Address family not supported by protocol',
     'log.no_interface', 'wrong_interface'),
    ('pytorch/torchft torchft/manager.py:298@73dafea',
     "KeyError: 'TORCHFT_LIGHTHOUSE'",
     'log.framework_usage', 'application_bug'),
    ('pytorch/torchft torchft/manager.py:752@73dafea',
     'ERROR:torchft.manager:[train_ddp_1:2b1c0f7e-5c1a-4d8f-9a33-6f2e0d4b8c11/0 - step 1204] got exception in recovery: <urlopen error [Errno -2] Name or service not known>',
     'log.name_resolution', 'hostname_resolution'),
    ('pytorch/torchft torchft/manager.py:752@73dafea',
     'ERROR:torchft.manager:[train_ddp_1:2b1c0f7e-5c1a-4d8f-9a33-6f2e0d4b8c11/3 - step 1204] got exception in recovery: <urlopen error [Errno 113] No route to host>',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('pytorch/torchft torchft/manager.py:688@73dafea',
     'ERROR:torchft.manager:[train_ddp_2:91d4e3a0-77b2-4f5e-8c0d-3a5b9e1f2c64/0 - step 1204] got exception in pg configure: The client socket has timed out after 60000ms while trying to connect to (gpu-node-07, 29500).',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('pytorch/torchft torchft/manager.py:526@73dafea',
     'ERROR:torchft.manager:[train_ddp_1:2b1c0f7e-5c1a-4d8f-9a33-6f2e0d4b8c11/0 - step 1205] got exception in future -- skipping remaining: future did not complete within 0:01:00',
     'log.timeout', 'hang_collective_mismatch'),
    ('pytorch/torchft torchft/multiprocessing.py:26@73dafea',
     'TimeoutError: pipe.recv() timed out after 60.0 seconds',
     'log.timeout', 'hang_collective_mismatch'),
    # --- torchcomms: the NCCL backend's watchdog and work
    ('meta-pytorch/torchcomms comms/torchcomms/nccl/TorchWorkNCCL.cpp:147@59426ba',
     'E1201 10:41:40.118204 48213 TorchWorkNCCL.cpp:147] [TC][rank=3][name=main_comm] Operation timed out after 600012 ms',
     'log.timeout', 'hang_collective_mismatch'),
    ('meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCLUtils.cpp:244@59426ba',
     'E1201 10:41:41.002311 48230 TorchCommNCCLUtils.cpp:244] [TC][rank=3][name=main_comm] Aborting process due to timeout on rank 3 - timeout watchdog detected operation timeout',
     'log.timeout', 'hang_collective_mismatch'),
    ('meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCLUtils.cpp:268@59426ba',
     'E1201 10:41:41.002311 48230 TorchCommNCCLUtils.cpp:268] [TC][rank=3][name=main_comm] Aborting process due to error on rank 3 - nccl hit async error: remote process exited or there was a network error',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCLUtils.cpp:294@59426ba',
     'E1201 10:41:41.002311 48230 TorchCommNCCLUtils.cpp:294] [TC][rank=3][name=main_comm] Revoking communicator on rank 3 - watchdog detected timeout (reconfigurable mode)',
     'log.timeout', 'hang_collective_mismatch'),
    ('meta-pytorch/torchcomms comms/torchcomms/nccl/TorchWorkNCCL.cpp:153@59426ba',
     'E1201 10:41:40.118204 48230 TorchWorkNCCL.cpp:153] [TC][rank=3][name=main_comm] CUDA error during end event query: an illegal memory access was encountered (700)',
     'log.cuda_error', 'application_bug'),
    ('meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCL.cpp:267@59426ba',
     'RuntimeError: Work timed out during finalize',
     'log.timeout', 'hang_collective_mismatch'),
    # --- torchcomms: bootstrap and the backend factory
    ('meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCLBootstrap.cpp:158@59426ba',
     'RuntimeError: No way to exchange unique ID',
     'log.framework_usage', 'application_bug'),
    ('meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCLBootstrap.cpp:154@59426ba',
     'RuntimeError: Invalid unique ID exchange method mpi',
     'log.framework_usage', 'application_bug'),
    ('meta-pytorch/torchcomms comms/torchcomms/TorchCommFactory.cpp:75@59426ba',
     'RuntimeError: ABI version mismatch: 1.2 != 1.3',
     'log.version_mismatch', 'nccl_version_mismatch'),
    ('meta-pytorch/torchcomms comms/torchcomms/TorchCommFactory.cpp:186@59426ba',
     'RuntimeError: [TorchComm]: enable_reconfigure=true is not supported by backend: gloo. Only backends that implement supportsReconfigure() can use reconfigure for fault tolerance.',
     'log.framework_usage', 'application_bug'),
    ('meta-pytorch/torchcomms comms/torchcomms/__init__.py:92@59426ba',
     'ModuleNotFoundError: failed to find backend ncclx, is it registered via entry_points.txt?',
     'log.package_build', 'other'),
    ('meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCL.cpp:42@59426ba',
     'W1201 10:45:02.551820 48213 TorchCommNCCL.cpp:42] [TC][rank=3][name=main_comm] TorchCommNCCL main_comm was not finalized before destruction. This may indicate a resource leak. Please call finalize() explicitly.',
     'log.framework_usage', 'application_bug'),
    # --- monarch: supervision, channels, NCCL and RDMA
    ('meta-pytorch/monarch hyperactor/src/supervision.rs:245@3fc0a66',
     'Supervision event: the process tcp:10.0.0.12:26600 owned by actor 5f3c9a1e@tcp:10.0.0.12:26600,host_agent became unresponsive and is assumed dead, check the log on the host for details',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('meta-pytorch/monarch hyperactor/src/channel/net.rs:834@3fc0a66',
     'failed to deliver message within timeout 30s; last connected 95.2s ago, disconnected for 30.4s',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('meta-pytorch/monarch torch-sys-cuda/src/nccl_common.rs:46@3fc0a66',
     'a NCCL-level error: RemoteError',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('meta-pytorch/monarch monarch_rdma/src/backend/ibverbs/queue_pair.rs:479@3fc0a66',
     'send completion failed for wr_id=17: status=12, vendor_err=129',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
    ('meta-pytorch/monarch monarch_rdma/src/backend/ibverbs/primitives.rs:1455@3fc0a66',
     'ibv_alloc_pd failed: Cannot allocate memory (os error 12)',
     'log.ibv_call_failed', 'ib_resource_error'),
    ('meta-pytorch/monarch monarch_rdma/src/backend/ibverbs/domain.rs:308@3fc0a66',
     'failed to register standard MR',
     'log.ibv_reg_mr_failed', 'ib_resource_error'),
    ('meta-pytorch/monarch monarch_rdma/src/backend/ibverbs/domain.rs:363@3fc0a66',
     'failed to get dmabuf handle for CUDA memory (addr: 0x7f3a40000000, size: 2097152, cu_err: 801, fd: -1)',
     'log.gdr_disabled', 'gdr_unavailable'),
]

NO_CAUSE = [
    '2026-12-01T10:31:41.204 [INFO] [torchft::lighthouse] - Quorum status: New quorum not ready, only have 2 participants, need at least half of 5 healthy workers [2/2 participants healthy][5 heartbeating][shrink_only=false]',  # pytorch/torchft src/lighthouse.rs:235@73dafea
    '2026-12-01T10:31:42.310 [INFO] [torchft::lighthouse] - Quorum status: Valid quorum with 3 participants, waiting for 1 healthy but not participating stragglers due to join timeout [3/3 participants healthy][4 heartbeating][shrink_only=false]',  # pytorch/torchft src/lighthouse.rs:257@73dafea
    '2026-12-01T10:31:43.018 [INFO] [torchft::lighthouse] - Replica train_ddp_3:0c6a1d2e-4b7f-4e19-a8d3-5f9e2b6c7a10 not in quorum, retrying',  # pytorch/torchft src/lighthouse.rs:543@73dafea
    'RuntimeError: transport error',  # pytorch/torchft src/lib.rs:120@73dafea
    'INFO:torchft.manager:[train_ddp_1:2b1c0f7e-5c1a-4d8f-9a33-6f2e0d4b8c11/0 - step 1204] should_commit=False enough_replicas=False, errored=None',  # pytorch/torchft torchft/manager.py:845@73dafea
    'RuntimeError: should_commit failed 4 times consecutively, exceeding max_retries=3',  # pytorch/torchft torchft/manager.py:874@73dafea
    '/usr/local/lib/python3.12/dist-packages/torchft/process_group.py:765: UserWarning: TORCH_NCCL_NONBLOCKING_TIMEOUT is not set, defaulting to 0:01:00. If any nonblocking NCCL operations have already run this may result in the default timeout of 30 minutes and hangs on error.',  # pytorch/torchft torchft/process_group.py:765@73dafea
    'TimeoutError: Timed out waiting for wlock after 60.0 seconds',  # pytorch/torchft torchft/checkpointing/_rwlock.py:85@73dafea
    'E1201 10:41:41.002311 48230 TorchCommNCCLUtils.cpp:248] [TC][rank=3][name=main_comm] Aborting process due to error on rank 3 - timeout watchdog detected operation error. ',  # meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCLUtils.cpp:248@59426ba
    'The actor trainer[3] and all its descendants have failed:',  # meta-pytorch/monarch hyperactor/src/supervision.rs:187@3fc0a66
    'failed to deliver message within timeout 30s; never connected',  # meta-pytorch/monarch hyperactor/src/channel/net.rs:834@3fc0a66
]

# NCCL's bare result, wrapped: the result leads, with no cause of its own (the alternatives carry the likely ones).
RESULT_ONLY = [
    ('meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCLUtils.cpp:277@59426ba',
     'E1201 10:41:41.002311 48230 TorchCommNCCLUtils.cpp:277] [TC][rank=3][name=main_comm] Async error on rank 3: unhandled system error (run with NCCL_DEBUG=INFO for details) (reconfigurable mode)',
     'log.system_error'),
    ('meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCLBootstrap.cpp:307@59426ba',
     'RuntimeError: Failed to initialize NCCL communicator: unhandled system error (run with NCCL_DEBUG=INFO for details)',
     'log.system_error'),
    ('pytorch/torchft torchft/process_group.py:1493@73dafea',
     'ERROR:torchft.process_group:got exception in worker: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:77, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.27.3',
     'log.system_error'),
]
