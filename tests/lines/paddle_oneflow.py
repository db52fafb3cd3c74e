"""Lines of PaddlePaddle and OneFlow that users paste from multi-GPU and multi-node jobs, read alone and inside an NCCL
log. PaddlePaddle's repository is too large to fetch here, so its lines come from its wheels: paddlepaddle 3.3.1 (CPU
build, commit 7688495 in paddle/version: the Python of paddle.distributed.launch, fleet's legacy launch, parallel.py,
the installed headers, and libphi_core.so for the C++ of the TCP store, dynload and gen_comm_id_helper) and
paddlepaddle-gpu 2.6.2 (commit 8ce0de5: libpaddle.so and libphi.so for the GPU-only C++: collective_helper.cc,
cuda_allocator.cc, comm_task_manager.cc, and the installed third_party/externalError/data/externalErrorMsg.pb, whose
texts build_nvidia_error_msg appends as "[Hint: ...]"). The line of each C++ message is the __LINE__ its
PADDLE_ENFORCE/PADDLE_THROW or glog LOG passes with the file (read from the disassembly at the code that loads the
message), and was checked against the installed tcp_utils.h where the header is shipped. OneFlow lines are from
Oneflow-Inc/oneflow 25c8978 (the bootstrap and control servers, the epoll comm net, the ep/cuda device, env_util.py).
Formats: Paddle's eager API raises "ValueError: (InvalidArgument) ..."; its C++ summary reads "<Type>Error: ..." and
a hint ends in " (at FILE:LINE)"; glog lines carry the basename and __LINE__.

Causes, decided from the code around each line: the TCP store's and gen_comm_id's connects that time out on a peer's
port are firewall_or_port_blocked, as torch's store connects are; a bind that fails on the master port is that port in
use (log.port_in_use, application_bug); a host name getaddrinfo/gethostbyname cannot resolve is hostname_resolution, and
so is fleet's "Can't find your local ip" (node_ip is socket.gethostbyname(gethostname()) and the assert fires when the
host's own name resolves to another address than the --ips list names, 127.0.1.1 from /etc/hosts being the usual one); a
TCP store peer that reset the connection and OneFlow's EPOLLRDHUP "closed by peer" are rank_crashed_elsewhere; OneFlow's
CheckServerStatus FATAL is its store barrier (rank 0 counted fewer registered ranks than world_size) and names its own
cause ("check whether the processes on all ranks are created successfully": a rank never came up,
rank_crashed_elsewhere, not torch's firewall default for log.store_barrier); Paddle's comm task that started and never
finished is a collective the other ranks never joined (log.timeout, hang_collective_mismatch, as torch's watchdog
timeout); the libnccl dynload failure and its "install 'nccl2'" warning are the missing library (other); launches
without the launcher's variables, a rank past nranks, and a build without CUDA given the nccl backend are
application_bug; Paddle's and OneFlow's OOM texts are oom ("Please check whether there is any other process using GPU 0"
is the OOM message's own hint); the NCCL hints of externalErrorMsg.pb decide as the result they name (as
nccl_wrappers.py does). OneFlow's "Skip init RDMA because RDMA is unavailable!" means its CommNet runs over epoll TCP
(socket_fallback); its runtime-vs-compiletime version warning is a library older than the build (log.library_version).
The launchers' wait and retry lines (the store client retrying while rank 0 is not yet listening, gen_comm_id's "failed
1 times ... retry after", OneFlow's LoadServer and BootstrapServer retries, "master not ready"), the launchers' own
failure reports (ABORT!!!, Container failed, Pod failed), Paddle's proxy unsetting (it already removed the variable),
OneFlow's NCCL 2.10.3 notice (it already stops fusing) and Paddle's "failed to get NCCL unique ID" (it names "system
settings or NCCL library error", no cause) name nothing. The comm task trace after "task:" follows the order of
NCCLCommTask::GetTraceMsg's literals in the 2.6.2 binary; its values are illustrative."""

from __future__ import annotations

CASES = [
    # PaddlePaddle: TCP store (phi/core/distributed/store), 3.3.1
    ('PaddlePaddle/Paddle paddle/phi/core/distributed/store/tcp_utils.cc:128@7688495',
     'ValueError: (InvalidArgument) Network 10.10.1.11:6170 cannot be connected.',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('PaddlePaddle/Paddle paddle/phi/core/distributed/store/tcp_utils.cc:63@7688495',
     'ValueError: (InvalidArgument) IPv4 network paddle-job-trainer-0:6170 cannot be obtained. Details: Name or service not known.',
     'log.name_resolution', 'hostname_resolution'),
    ('PaddlePaddle/Paddle paddle/phi/core/distributed/store/tcp_utils.cc:176@7688495',
     'ValueError: (InvalidArgument) Bind network on 0.0.0.0:6170 failed.',
     'log.port_in_use', 'application_bug'),
    ('PaddlePaddle/Paddle paddle/phi/core/distributed/store/tcp_utils.h:111@7688495',
     'InvalidArgumentError: TCP connection reset by peer. Details: Success. (at /paddle/paddle/phi/core/distributed/store/tcp_utils.h:111)',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    # PaddlePaddle: gen_comm_id_helper (the c_gen_nccl_id exchange of the static graph and fleet's legacy launch)
    ('PaddlePaddle/Paddle paddle/phi/core/platform/gen_comm_id_helper.cc:124@7688495',
     'UnavailableError: connect addr=10.10.1.12:6170 timeout, failed reason: Connection refused',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('PaddlePaddle/Paddle paddle/phi/core/platform/gen_comm_id_helper.cc:124@7688495',
     'UnavailableError: bind addr=10.10.1.11:6170 timeout, failed reason: Address already in use',
     'log.port_in_use', 'application_bug'),
    ('PaddlePaddle/Paddle paddle/phi/core/platform/gen_comm_id_helper.cc:274@7688495',
     'InvalidArgumentError: Fail to get host by name paddle-job-trainer-1.',
     'log.name_resolution', 'hostname_resolution'),
    # PaddlePaddle: dynload of libnccl (GetNCCLDsoHandle -> GetDsoHandleFromSearchPath)
    ('PaddlePaddle/Paddle paddle/phi/backends/dynload/dynamic_loader.cc:409@7688495',
     'OSError: (PreconditionNotMet) The third-party dynamic library (libnccl.so.2) that Paddle depends on is not configured correctly. (error code is libnccl.so.2: cannot open shared object file: No such file or directory)',
     'log.nccl_library_missing', 'other'),
    ('PaddlePaddle/Paddle paddle/phi/backends/dynload/dynamic_loader.cc:383@7688495',
     "W1201 10:14:03.552013 24310 dynamic_loader.cc:383] You may need to install 'nccl2' from NVIDIA official website: https://developer.nvidia.com/nccl/nccl-download before install PaddlePaddle.",
     'log.nccl_library_missing', 'other'),
    # PaddlePaddle: externalErrorMsg.pb hints appended to an NCCL result (collective_helper.cc's ncclCommInitRank)
    ('PaddlePaddle/Paddle paddle/fluid/platform/collective_helper.cc:112@8ce0de5',
     "  [Hint: 'ncclUnhandledCudaError'. A call to a CUDA function failed.] (at /paddle/paddle/fluid/platform/collective_helper.cc:112)",
     'log.cuda_error', 'cuda_or_driver'),
    ('PaddlePaddle/Paddle paddle/fluid/platform/collective_helper.cc:112@8ce0de5',
     "  [Hint: 'ncclInvalidUsage'. The call to NCCL is incorrect. This is usually reflecting a programming error.] (at /paddle/paddle/fluid/platform/collective_helper.cc:112)",
     'log.invalid_usage', 'application_bug'),
    ('PaddlePaddle/Paddle paddle/fluid/platform/collective_helper.cc:102@8ce0de5',
     'InvalidArgumentError: Expected rank < nranks. But received rank is 8, nranks is 8.',
     'log.launch_config', 'application_bug'),
    # PaddlePaddle: GPU memory (2.6.2's CUDAAllocator)
    ('PaddlePaddle/Paddle paddle/fluid/memory/allocation/cuda_allocator.cc:86@8ce0de5',
     'Out of memory error on GPU 3. Cannot allocate 1.953125GB memory on GPU 3, 78.968750GB memory has been allocated and available memory is only 213.875000MB.',
     'log.oom', 'oom'),
    ('PaddlePaddle/Paddle paddle/fluid/memory/allocation/cuda_allocator.cc:86@8ce0de5',
     'Please check whether there is any other process using GPU 3.',
     'log.oom', 'oom'),
    # PaddlePaddle: comm task hang detection (2.6.2)
    ('PaddlePaddle/Paddle paddle/phi/core/distributed/comm_task_manager.cc:176@8ce0de5',
     'W1201 10:44:03.118204 24377 comm_task_manager.cc:176] Find timeout start but not finish task:group_key:NCCLCommContext/0,group_ranks:#0~15,global_rank:3,local_rank:3,comm_count:1,op:AllReduce,started:1,completed:0,numel:16777216,nranks:16',
     'log.timeout', 'hang_collective_mismatch'),
    # PaddlePaddle: Python side (3.3.1): launchers and init_parallel_env
    ('PaddlePaddle/Paddle python/paddle/distributed/fleet/launch.py:271@7688495',
     "AssertionError: Can't find your local ip {127.0.1.1} in node_ips: {['10.10.1.11', '10.10.1.12']}",
     'log.name_resolution', 'hostname_resolution'),
    ('PaddlePaddle/Paddle python/paddle/distributed/fleet/launch_utils.py:677@7688495',
     "AssertionError: Can't find your gpus 4 in CUDA_VISIBLE_DEVICES[0,1,2,3].",
     'log.launch_config', 'application_bug'),
    ('PaddlePaddle/Paddle python/paddle/distributed/fleet/launch_utils.py:1956@7688495',
     "ValueError: paddle.distributed initialize error, your paddle is not compiled with cuda but you assign 'nccl' as backend.",
     'log.framework_usage', 'application_bug'),
    ('PaddlePaddle/Paddle python/paddle/distributed/parallel.py:969@7688495',
     'ValueError: paddle.distributed initialize error, environment variable FLAGS_selected_gpus is needed, but not set.',
     'log.framework_usage', 'application_bug'),
    ('PaddlePaddle/Paddle python/paddle/distributed/parallel.py:1152@7688495',
     "AssertionError: The environment variable 'MASTER_ADDR' and 'MASTER_PORT' must be specified, for example 'export MASTER_ADDR=127.0.0.1' and 'export MASTER_ADDR=54612'. Or you can start your trainingwith paddle.distributed.run module.",
     'log.framework_usage', 'application_bug'),
    ('PaddlePaddle/Paddle python/paddle/distributed/parallel.py:460@7688495',
     '/usr/local/lib/python3.10/dist-packages/paddle/distributed/parallel.py:460: UserWarning: The program will return to single-card operation. Please check 1, whether you use spawn or fleetrun to start the program. 2, Whether it is a multi-card program. 3, Is the current environment multi-card.',
     'log.single_process', 'application_bug'),
    ('PaddlePaddle/Paddle python/paddle/distributed/parallel.py:1066@7688495',
     '/usr/local/lib/python3.10/dist-packages/paddle/distributed/parallel.py:1066: UserWarning: Currently not a parallel execution environment, `paddle.distributed.init_parallel_env` will not do anything.',
     'log.single_process', 'application_bug'),
    ('PaddlePaddle/Paddle python/paddle/distributed/utils/nccl_utils.py:37@7688495',
     'AssertionError: The version of NCCL is required to be at least v2.8.4 while training with pipeline/MoE parallelism, but we found v2.7.8. The previous version of NCCL has some bugs in p2p communication, and you can see more detailed description about this issue from ReleaseNotes of NCCL v2.8.4 (https://docs.nvidia.com/deeplearning/nccl/release-notes/rel_2-8-4.html#rel_2-8-4).',
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('PaddlePaddle/Paddle python/paddle/distributed/launch/controllers/master.py:91@7688495',
     'LAUNCH WARNING 2026-12-01 10:14:02,911 start master failed [Errno 98] Address already in use',
     'log.port_in_use', 'application_bug'),
    # OneFlow (25c8978)
    ('Oneflow-Inc/oneflow oneflow/core/control/rank_info_bootstrap_server.cpp:112@25c8978',
     'F1201 10:24:03.552013 24310 rank_info_bootstrap_server.cpp:112] CheckServerStatus() failed, rpc server on some rank are not ready, please check whether the processes on all ranks are created successfully.',
     'log.store_barrier', 'rank_crashed_elsewhere'),
    ('Oneflow-Inc/oneflow oneflow/core/control/rank_info_bootstrap_server.cpp:63@25c8978',
     'F1201 10:14:03.552013 24310 rank_info_bootstrap_server.cpp:63] Check failed: p == port() (49155 vs. 0) Port 49155 is unavailable',
     'log.port_in_use', 'application_bug'),
    ('Oneflow-Inc/oneflow oneflow/core/comm_network/epoll/io_event_poller.cpp:99@25c8978',
     'F1201 10:44:03.118204 24377 io_event_poller.cpp:99] fd 37 closed by peer',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('Oneflow-Inc/oneflow oneflow/core/job/env_global_objects_scope.cpp:293@25c8978',
     'W1201 10:14:04.210377 24310 env_global_objects_scope.cpp:293] Skip init RDMA because RDMA is unavailable!',
     'log.no_ib_device', 'socket_fallback'),
    ('Oneflow-Inc/oneflow python/oneflow/framework/env_util.py:164@25c8978',
     '/usr/local/lib/python3.10/site-packages/oneflow/framework/env_util.py:164: UserWarning: Among four environment variables required for distributed training, only `MASTER_ADDR`, `MASTER_PORT` are set, but `WORLD_SIZE`, `RANK` are not set.',
     'log.framework_usage', 'application_bug'),
    ('Oneflow-Inc/oneflow python/oneflow/distributed/launch.py:112@25c8978',
     "ValueError: The port number of the master endpoint '10.10.1.11:70000' must be an integer between 0 and 65536.",
     'log.launch_config', 'application_bug'),
    ('Oneflow-Inc/oneflow oneflow/api/python/symbol/placement_symbol.cpp:168@25c8978',
     'Can\'t construct placement with "cuda" type because there is no device!',
     'log.gpu_missing', 'cuda_or_driver'),
    ('Oneflow-Inc/oneflow oneflow/core/device/cuda_util.cpp:213@25c8978',
     'F1201 10:14:03.552013 24310 cuda_util.cpp:213] Check failed: cudaGetDeviceCount(&cuda_device_count) : no CUDA-capable device is detected (100) ',
     'log.gpu_missing', 'cuda_or_driver'),
    ('Oneflow-Inc/oneflow oneflow/core/vm/bin_allocator.h:396@25c8978',
     '    Error! : Out of memory when allocate size : 2147483648.',
     'log.oom', 'oom'),
    ('Oneflow-Inc/oneflow oneflow/core/graph/boxing/collective_boxing_sub_task_graph_builder.cpp:43@25c8978',
     'W1201 10:14:05.018822 24310 collective_boxing_sub_task_graph_builder.cpp:43] nccl_enable_all_to_all is unavailable unless NCCL_VERSION > 2.7.0',
     'log.nccl_too_old', 'nccl_version_mismatch'),
    ('Oneflow-Inc/oneflow oneflow/core/ep/cuda/cuda_stream.cpp:48@25c8978',
     'W1201 10:14:03.871026 24310 cuda_stream.cpp:48] Runtime version 11.2 of CUDA Runtime incompatible with compiletime version 11.8.',
     'log.library_version', 'nccl_version_mismatch'),
]

NO_CAUSE = [
    'I1201 10:14:03.552013 24310 tcp_utils.cc:109] Retry to connect to 10.10.1.11:6170 while the server is not yet listening.',  # PaddlePaddle/Paddle paddle/phi/core/distributed/store/tcp_utils.cc:109@7688495
    'I1201 10:14:09.552013 24310 tcp_utils.cc:132] Successfully connected to 10.10.1.11:6170',  # PaddlePaddle/Paddle paddle/phi/core/distributed/store/tcp_utils.cc:132@7688495
    'W1201 10:14:05.102113 24310 gen_comm_id_helper.cc:135] connect addr=10.10.1.12:6170 failed 1 times with reason: Connection refused retry after 0.5 seconds',  # PaddlePaddle/Paddle paddle/phi/core/platform/gen_comm_id_helper.cc:135@7688495
    'ERROR 2026-12-01 10:31:40,552 launch_utils.py:648] ABORT!!! Out of all 16 trainers, the trainer process with rank=[3] was aborted. Please check its log.',  # PaddlePaddle/Paddle python/paddle/distributed/fleet/launch_utils.py:648@7688495
    'LAUNCH ERROR 2026-12-01 10:31:40,552 Container failed !!!',  # PaddlePaddle/Paddle python/paddle/distributed/launch/controllers/controller.py:123@7688495
    "Container rank 3 status failed cmd ['/usr/bin/python', '-u', 'train.py', '--config', 'llama.yaml'] code 1 log log/workerlog.3",  # PaddlePaddle/Paddle python/paddle/distributed/launch/job/container.py:174@7688495
    'LAUNCH INFO 2026-12-01 10:31:40,551 Pod failed',  # PaddlePaddle/Paddle python/paddle/distributed/launch/controllers/controller.py:122@7688495
    'LAUNCH WARNING 2026-12-01 10:14:07,120 master not ready',  # PaddlePaddle/Paddle python/paddle/distributed/launch/controllers/master.py:150@7688495
    "/usr/local/lib/python3.10/dist-packages/paddle/distributed/launch/context/args_envs.py:54: UserWarning: Unset 'http_proxy' to ensure stable NCCL communication in distributed training (backed up as 'http_proxy_original').",  # PaddlePaddle/Paddle python/paddle/distributed/launch/context/args_envs.py:54@7688495
    'PaddlePaddle failed to get NCCL unique ID. It may due to your system settings or NCCL library error, please debug on NCCL',  # PaddlePaddle/Paddle paddle/fluid/framework/parallel_executor.cc:190@8ce0de5
    'W1201 10:14:33.102113 24310 rpc_client.cpp:201] LoadServer 10.10.1.12 Failed at 4 times error_code: 14 error_message: failed to connect to all addresses',  # Oneflow-Inc/oneflow oneflow/core/control/rpc_client.cpp:201@25c8978
    'W1201 10:14:13.552013 24310 rank_info_bootstrap_server.cpp:103] BootstrapServer not ready, rpc server on some rank have not been created successfully. Failed at 2 times, total ranks(world_size): 16, ready ranks: 8',  # Oneflow-Inc/oneflow oneflow/core/control/rank_info_bootstrap_server.cpp:103@25c8978
    'W1201 10:14:05.018822 24310 nccl_executor_backend.cu:457] Current nccl version is 2.10.3, in this version, ncclGroup() with mixed datatype/element/collective could induce crash or corruption, so we will not fuse any request.',  # Oneflow-Inc/oneflow oneflow/core/job/collective_boxing/nccl_executor_backend.cu:457@25c8978
]

# NCCL's bare ncclSystemError / ncclInternalError under Paddle's hint: the result leads, with no cause of its own.
RESULT_ONLY = [
    ('PaddlePaddle/Paddle paddle/fluid/platform/collective_helper.cc:112@8ce0de5',
     "  [Hint: 'ncclSystemError'. A call to the system failed.] (at /paddle/paddle/fluid/platform/collective_helper.cc:112)",
     'log.system_error'),
    ('PaddlePaddle/Paddle paddle/fluid/platform/collective_helper.cc:112@8ce0de5',
     "  [Hint: 'ncclInternalError'. An internal check failed. This is either a bug in NCCL or due to memory corruption.] (at /paddle/paddle/fluid/platform/collective_helper.cc:112)",
     'log.internal_error'),
]
