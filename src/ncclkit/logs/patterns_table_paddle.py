"""Rows of the line classifier (patterns.py) for PaddlePaddle's, OneFlow's and MindSpore's distributed launch, store
and NCCL messages (tests/lines/paddle_oneflow.py holds every line with file:line@commit).

- Paddle's TCP store and the NCCL-id exchange of gen_comm_id_helper: a connect that timed out is the ports between
  the nodes (socket_connect_failed), a bind on the master port that fails is that port in use (port_in_use), a host
  name getaddrinfo/gethostbyname cannot resolve is hostname_resolution, and so is fleet's "Can't find your local ip"
  (the host's own name resolves to another address than the --ips list names);
- OneFlow's rank-info bootstrap server: rank 0 counting fewer registered ranks than world_size (CheckServerStatus)
  is its store barrier, and the message names a rank that never came up; its epoll CommNet's "closed by peer" is a
  peer that died;
- launches without the launcher's variables, a rank past nranks, a port past 65535, GPUs outside
  CUDA_VISIBLE_DEVICES, a build without CUDA given the nccl backend are the launch or the program's use of its
  framework (application_bug); the missing libnccl, the OOM texts, the NCCL too old for a feature, a CUDA library
  older than the build and OneFlow's CommNet without RDMA are read as their ids' causes;
- the launchers' retry and wait lines, and their own reports that a trainer failed, name nothing; a trainer's RPC to
  a parameter server that failed (gRPC's UNAVAILABLE, DEADLINE_EXCEEDED) is that server's, a consequence;
- MindSpore: init without its launcher is the launch, its collective library that does not load a missing NCCL or
  MPI, msrun's list of the nodes that ended abnormally a peer gone, its cluster's build retries no failure.

Read before the generic families: a bare "ValueError:" or "AssertionError:" (program_error), "bootstrap" in OneFlow's
file names (bootstrap_error), "Connection refused" in a retry (socket_connect_failed) and "ABORT" (abort) would send
these lines elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
PADDLE_WORDS: tuple[bytes, ...] = (b"not ready endpoints", b"while the server is not yet listening",
                                   b"install 'nccl2'", b"other process using GPU",
                                   b"single-card operation", b"CUDA device is not set properly",
                                   b"not a parallel execution", b"RDMA is unavailable", b"there is no device",
                                   b"nccl_enable_all_to_all", b"Cannot enable P2P", b"Time out nodes are",
                                   b"Role name '", b"libgpu_collective",
                                   b"exit with exception")

_USAGE_FIX = ("start every trainer through the launcher, which sets its variables (`python -m "
              "paddle.distributed.launch --gpus 0,1,2,3 train.py`, `python -m oneflow.distributed.launch "
              "--nproc_per_node 4 train.py`), or export all of MASTER_ADDR, MASTER_PORT, WORLD_SIZE and RANK yourself; "
              "the nccl backend needs the GPU build (`pip install paddlepaddle-gpu`)")


def paddle_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # paddle/utils/install_check.py: "You are using GPU version Paddle, but your CUDA device is not set properly."
        # (PaddleFleetX's deployment FAQ: the CUDA install or LD_LIBRARY_PATH, so the GPU build finds no device).
        p(r"You are using GPU version Paddle, but your CUDA device is not set properly", "gpu_missing", E,
          "the GPU build of Paddle found no usable CUDA device: the CUDA libraries are not found (LD_LIBRARY_PATH) "
          "or the driver and GPUs are not visible", "check `nvidia-smi`, that the CUDA and cuDNN libraries of this "
          "Paddle build are on LD_LIBRARY_PATH, and CUDA_VISIBLE_DEVICES; then `python -c 'import paddle; "
          "paddle.utils.run_check()'`", C.CUDA_OR_DRIVER),
        # nccl_context.cc's "Socket connect worker 127.0.0.1:N failed, try again after 3 seconds.": a trainer on one
        # host waiting for another to listen at start (PaddlePaddle/PaddleClas#727: the launcher's ABORT names the
        # trainers whose workerlog holds the cause). Another host's address retried is read by the socket rows.
        p(r"Socket connect worker 127\.0\.0\.1:\d+ failed, try again", "noise", I,
          "a Paddle trainer waiting for another on this host to listen (a retry at start)", "nothing to fix; read "
          "the workerlog of the trainers the launcher names", None, "noise"),
        # Paddle's store client (tcp_utils.cc "Retry to connect to %s:%d while the server is not yet listening.")
        # dialling an address of network 0 (0.x.y.z, not 0.0.0.0): no host has one; the host's name resolved to it
        # (PaddlePaddle/Paddle#48421, "get a wrong IP 0.1.68.146. Please check network configuration").
        # The launcher's list of endpoints it waits for, on the same address (PaddlePaddle/PaddleSeg#2766).
        p(r"Retry to connect to 0\.(?!0\.0\.0:)\d+\.\d+\.\d+:\d+ while the server is not yet listening|"
          r"not ready endpoints:\s*\['0\.(?!0\.0\.0:)\d+\.\d+\.\d+:\d+'",
          "name_resolution", E, "Paddle dials an address of network 0, which no host has: a host "
          "name resolved to a wrong address", "make every node's name resolve to its real address (`hostname -i`, "
          "/etc/hosts, DNS), or pass the addresses (--ips, --master)", C.HOSTNAME_RESOLUTION),
        # -- retries, waits and the launchers' own failure reports: no cause ---------------------------------------
        # PaddlePaddle/Paddle paddle/phi/core/distributed/store/tcp_utils.cc:109@7688495 (the store client retrying
        # while rank 0 is not yet listening) and paddle/phi/core/platform/gen_comm_id_helper.cc:135@7688495
        # ("failed %d times with reason: %s retry after %s seconds": it goes on until its timeout, whose own line
        # is the error); python/paddle/distributed/launch/controllers/master.py:150@7688495 (the launcher waiting
        # for its master). Oneflow-Inc/oneflow oneflow/core/control/rpc_client.cpp:201@25c8978 (LoadServer retries
        # while a peer's gRPC server is UNAVAILABLE) and rank_info_bootstrap_server.cpp:103@25c8978 (rank 0
        # waiting for the other ranks to register; the FATAL below after the last retry).
        p(r"Retry to connect to \S+ while the server is not yet listening|\baddr=\S+ failed \d+ times with reason: "
          r".* retry after [\d.]+ seconds|^(?:LAUNCH WARNING \S+ \S+ )?master not ready\s*$|LoadServer \S+ Failed "
          r"at \d+ times|BootstrapServer not ready, rpc server on some rank have not been created",
          "noise", I, "Paddle's or OneFlow's launcher, store or NCCL-id exchange retrying while a peer is not yet "
          "listening: it goes on retrying", "nothing to fix: if it gives up, its last error says why", None,
          "noise"),
        # PaddlePaddle/Paddle python/paddle/distributed/fleet/launch_utils.py:648@7688495 (fleet's legacy launch:
        # a trainer exited non-zero), launch/controllers/controller.py:122-123 and launch/job/container.py:174
        # ("Pod failed", "Container failed !!!", "Container rank N status failed cmd ... log log/workerlog.N"):
        # the launcher reports its trainer's exit and points to its log. Its exit code -9 is SIGKILL, the kernel's OOM
        # killer most often (PaddlePaddle/PaddleOCR#11773: a two-GPU recognition training), as torchrun's
        # "exitcode: -9".
        p(r"Container rank \d+ status failed cmd \[.*\] code -9\b", "process_killed", W,
          "Paddle's launcher reports its trainer killed with SIGKILL (code -9): most often the kernel OOM killer (host "
          "memory)", "check `dmesg | grep -i oom` on that node; lower host memory use (dataloader workers, "
          "batch size) or raise the job's memory limit", C.OOM, "root", (C.RANK_CRASHED_ELSEWHERE,)),
        p(r"ABORT!!! Out of all \d+ trainers, the trainer process with rank=\[[\d, ]*\] was aborted|LAUNCH ERROR "
          r"\S+ \S+ Container failed !!!|Container rank \d+ status failed cmd \[|LAUNCH INFO \S+ \S+ Pod failed\s*$",
          "worker_failed", E, "Paddle's launcher reports that one of its trainers exited with an error: that "
          "trainer's own log says why", "read the first error in that trainer's log (log/workerlog.N, or the "
          "file the line names)", None, "collateral"),
        # -- Paddle's TCP store and gen_comm_id_helper --------------------------------------------------------------
        # PaddlePaddle/Paddle paddle/phi/core/distributed/store/tcp_utils.cc:128@7688495 (tcp_connect gave up on
        # the store's address after its retries) and gen_comm_id_helper.cc:124@7688495 ("connect addr=%s timeout,
        # failed reason: %s": the NCCL-id exchange retried the peer's endpoint until FLAGS' timeout), as torch's
        # store connects; an unroutable reason is the interface (the decoder reads it).
        p(r"\(InvalidArgument\) Network \S+ cannot be connected|\bconnect addr=\S+ timeout, failed reason:",
          "socket_connect_failed", E, "a Paddle trainer could not connect to its peer's store or NCCL-id port "
          "(rank 0's master endpoint, or the endpoint of PADDLE_TRAINER_ENDPOINTS): a firewall, the wrong "
          "address, or the peer was not up in time", "from this node, check the endpoint answers (`nc -zv <ip> "
          "<port>`); open the ports between the nodes, give --ips / --master the address of the network that "
          "joins them, and read the peer's own log if it never started", C.FIREWALL_OR_PORT_BLOCKED, "root",
          (C.WRONG_INTERFACE, C.RANK_CRASHED_ELSEWHERE)),
        # PaddlePaddle/Paddle paddle/phi/core/distributed/store/tcp_utils.cc:176@7688495 (the master's bind on its
        # port), gen_comm_id_helper.cc:124@7688495 with EADDRINUSE, launch/controllers/master.py:91@7688495 (the
        # launcher's KVServer on --master's port); Oneflow-Inc/oneflow
        # oneflow/core/control/rank_info_bootstrap_server.cpp:63@25c8978 (rank 0's gRPC server got another port
        # than MASTER_PORT: CHECK_EQ(p, port()) << "Port " << p << " is unavailable").
        p(r"\(InvalidArgument\) Bind network on \S+ failed|\bbind addr=\S+ timeout, failed reason: Address already "
          r"in use|start master failed \[Errno 98\]|Check failed: p == port\(\) \(\d+ vs\. \d+\) Port \d+ is "
          r"unavailable", "port_in_use", E,
          "the master port Paddle's or OneFlow's rank 0 listens on is already taken (a previous run still alive, "
          "or two jobs on one port)", "kill the stale process (`ss -ltnp | grep <port>`) or pick another port "
          "(Paddle: --master <ip>:<port> or PADDLE_TRAINER_ENDPOINTS; OneFlow: --master_port / MASTER_PORT)",
          C.APPLICATION_BUG, "root", (C.FIREWALL_OR_PORT_BLOCKED,)),
        # PaddlePaddle/Paddle paddle/phi/core/distributed/store/tcp_utils.cc:63@7688495 (getaddrinfo on the
        # store's host, its gai_strerror after "Details:") and gen_comm_id_helper.cc:274@7688495 (gethostbyname on
        # a trainer endpoint's host returned NULL).
        p(r"\(InvalidArgument\) IPv[46] network \S+ cannot be obtained|Fail to get host by name \S+",
          "name_resolution", E, "a host name in Paddle's master or trainer endpoints did not resolve on this node",
          "make every node resolve the others' names (/etc/hosts, DNS), or give the endpoints as IP addresses "
          "(--master, --ips, PADDLE_TRAINER_ENDPOINTS)", C.HOSTNAME_RESOLUTION),
        # fleet's launcher: "server not ready, wait 3 sec to retry...", "not ready endpoints:[...]": the trainers at
        # those endpoints are not listening yet. At start-up that is waiting (PaddlePaddle/PLSC#115, "这个不是错误");
        # when it goes on, the launcher of that node was never started (PaddlePaddle/PaddleOCR#6455: starting the
        # same script on 10.36.10.40 cured it), or its ports are filtered.
        p(r"not ready endpoints:\s*\[", "launch_config", W,
          "Paddle's launcher is waiting for trainers that do not listen yet at the endpoints listed: if it goes on, "
          "the launcher of those nodes was not started, or their ports are filtered",
          "start the same `python -m paddle.distributed.launch --ips=...` on every node listed, check that the "
          "addresses are the nodes' real ones, and open the trainer ports between the nodes",
          C.APPLICATION_BUG, "root", (C.FIREWALL_OR_PORT_BLOCKED, C.WRONG_INTERFACE)),
        # PaddlePaddle/Paddle python/paddle/distributed/fleet/launch.py:271@7688495: node_ip is
        # socket.gethostbyname(socket.gethostname()) (get_host_name_ip) and must be one of --ips; the host's own
        # name resolving elsewhere (127.0.1.1 from /etc/hosts) fails it.
        p(r"Can't find your local ip \{[^}]*\} in node_ips:", "name_resolution", E,
          "fleet's launcher looked up this host's own name and got an address that is not in the --ips list "
          "(often 127.0.1.1 from /etc/hosts)", "make the host name resolve to the address --ips names (`hostname "
          "-i`; fix its line in /etc/hosts), or pass --host <this node's address from --ips>",
          C.HOSTNAME_RESOLUTION, "root", (C.APPLICATION_BUG,)),
        # PaddlePaddle/Paddle paddle/phi/core/distributed/store/tcp_utils.h:111@7688495 (recv returned 0: the
        # store's peer closed); Oneflow-Inc/oneflow oneflow/core/comm_network/epoll/io_event_poller.cpp:99@25c8978
        # (EPOLLRDHUP on a CommNet socket).
        p(r"TCP connection reset by peer\. Details:|\bfd \d+ closed by peer\s*$", "socket_closed", E,
          "a peer of Paddle's store or OneFlow's CommNet closed its connection: that process died or exited first",
          "read the first error of the other ranks (crash, OOM, killed)", C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # -- Paddle 1.x's parameter servers over gRPC ----------------------------------------------------------------
        # PaddlePaddle's parameter-server RPC (paddle/fluid/operators/distributed/grpc/grpc_client.cc, Paddle 1.x:
        # "SendRPC name:[...], ep:[host:port], status:[-1] meets grpc error, error_code:14 error_message:OS Error",
        # PaddlePaddle/Paddle#18543): gRPC's UNAVAILABLE (14) is the server at that endpoint gone or not reachable;
        # DEADLINE_EXCEEDED (4) is an RPC it did not answer within FLAGS_rpc_deadline (Paddle#21881: a server bug
        # that Paddle 1.6.2 fixed). The trainer reports what happened to the server, as TensorFlow's StartAbort
        # DEADLINE_EXCEEDED (patterns_table_tfps) does.
        p(r"meets grpc error, error_code:14\b", "socket_closed", E,
          "a Paddle trainer's RPC to a parameter server (the endpoint the line names) failed with gRPC UNAVAILABLE: "
          "that server exited or cannot be reached", "read that parameter server's own log for its first error (a "
          "crash, an OOM kill); if it runs, check that the trainer reaches its endpoint (firewall, address)",
          C.RANK_CRASHED_ELSEWHERE, "collateral", (C.FIREWALL_OR_PORT_BLOCKED,)),
        p(r"meets grpc error, error_code:4 error_message:Deadline Exceeded", "remote_exited", E,
          "a Paddle trainer's RPC to a parameter server got no answer within its deadline (gRPC DEADLINE_EXCEEDED): "
          "that server stopped, hung or fell behind", "read that parameter server's own log at that time; if it "
          "is only slow, raise FLAGS_rpc_deadline (milliseconds) on every process", C.RANK_CRASHED_ELSEWHERE,
          "collateral", (C.OTHER,)),
        # -- OneFlow's bootstrap --------------------------------------------------------------------------------
        # Oneflow-Inc/oneflow oneflow/core/control/rank_info_bootstrap_server.cpp:112@25c8978: rank 0 counted fewer
        # registered ranks than world_size after every retry and says to "check whether the processes on all ranks
        # are created successfully": a rank that never came up (or never reached rank 0).
        p(r"CheckServerStatus\(\) failed, rpc server on some rank are not ready", "store_barrier", E,
          "OneFlow's rank 0 waited for every rank to register with its bootstrap server and some never did: "
          "their processes were not started, crashed at start, or cannot reach MASTER_ADDR:MASTER_PORT",
          "check that every node started its processes with the same MASTER_ADDR, MASTER_PORT and WORLD_SIZE and "
          "its own RANK / --node_rank, read the missing ranks' own output, and check they reach the master port "
          "(`nc -zv`)", C.RANK_CRASHED_ELSEWHERE, "root", (C.FIREWALL_OR_PORT_BLOCKED, C.WRONG_INTERFACE)),
        # -- the launch and the framework's distributed API ------------------------------------------------------
        # PaddlePaddle/Paddle paddle/fluid/platform/collective_helper.cc:102@8ce0de5 (PADDLE_ENFORCE_LT(rank,
        # nranks)), python/paddle/distributed/fleet/launch_utils.py:677@7688495 (--gpus outside
        # CUDA_VISIBLE_DEVICES); Oneflow-Inc/oneflow python/oneflow/distributed/launch.py:112@25c8978.
        p(r"Expected rank < nranks\. But received rank is \d+, nranks is \d+|Can't find your gpus \S+ in "
          r"CUDA_VISIBLE_DEVICES\[|The port number of the master endpoint '[^']*' must be an integer between",
          "launch_config", E, "the launch does not fit: a trainer rank at or past the number of trainers, GPUs "
          "outside CUDA_VISIBLE_DEVICES, or a master port past 65535",
          "give the launcher GPUs this node sees (--gpus within CUDA_VISIBLE_DEVICES, as indices of it), as many "
          "endpoints as trainers (PADDLE_TRAINER_ID < PADDLE_TRAINERS_NUM), and a port of 1-65535",
          C.APPLICATION_BUG),
        # PaddlePaddle/Paddle python/paddle/distributed/fleet/launch_utils.py:1956@7688495 (backend 'nccl' on a
        # build without CUDA), parallel.py:969 (_check_var_exists) and :1152@7688495 (init_parallel_env without
        # the launcher's endpoints); Oneflow-Inc/oneflow python/oneflow/framework/env_util.py:164@25c8978 (only
        # some of MASTER_ADDR, MASTER_PORT, WORLD_SIZE, RANK set).
        p(r"paddle\.distributed initialize error, (?:your paddle is not compiled with cuda but you assign 'nccl'|"
          r"environment variable \w+ is needed, but not set)|The environment variable 'MASTER_ADDR' and "
          r"'MASTER_PORT' must be specified|Among four environment variables required for distributed training, "
          r"only", "framework_usage", E,
          "the distributed program was not started the way its framework needs: the launcher's variables are "
          "missing (or only some are set), or the nccl backend is asked of a Paddle built without CUDA",
          _USAGE_FIX, C.APPLICATION_BUG),
        # PaddlePaddle/Paddle python/paddle/distributed/parallel.py:460 (DataParallel with one trainer) and
        # :1066@7688495 (init_parallel_env with world_size < 2): the program goes on as one process.
        p(r"The program will return to single-card operation\. Please check 1, whether you use spawn or fleetrun|"
          r"Currently not a parallel execution environment, `paddle\.distributed\.init_parallel_env` will not",
          "single_process", W, "Paddle runs this job as one process on one GPU: it was not started by its "
          "launcher, so nothing is distributed", "start one trainer per GPU: `python -m paddle.distributed.launch "
          "--gpus 0,1,2,3 train.py` (or paddle.distributed.spawn)", C.APPLICATION_BUG),
        # -- libraries, memory and devices -------------------------------------------------------------------------
        # PaddlePaddle/Paddle paddle/phi/backends/dynload/dynamic_loader.cc:383 and :409@7688495: GetNCCLDsoHandle
        # found no libnccl on the search path (the warning names the package to install).
        p(r"You may need to install 'nccl2' from NVIDIA official website|The third-party dynamic library "
          r"\(libnccl\.so[.\d]*\) that Paddle depends on is not configured correctly", "nccl_library_missing", E,
          "Paddle could not load libnccl.so: NCCL is not installed here, or not on the library path",
          "install NCCL (`pip install nvidia-nccl-cu12`, or libnccl2 from NVIDIA's repository) and put its "
          "directory on LD_LIBRARY_PATH; `ldconfig -p | grep libnccl`", C.OTHER),
        # PaddlePaddle/Paddle paddle/phi/core/enforce.h:423@v3.3.1: the advice Paddle adds when an NCCL call failed
        # with ENOSPC/EAGAIN (its /dev/shm segments): raise the container's shared memory.
        p(r"Increase shared memory by setting the -shm-size option", "shm_error", E,
          "NCCL's shared-memory segments did not fit: Paddle advises a larger /dev/shm for the container",
          "start the container with a larger /dev/shm (`docker run --shm-size=2g`, or --ipc=host), or set "
          "NCCL_SHM_DISABLE=1", C.SHM_TOO_SMALL),
        # PaddlePaddle/Paddle paddle/fluid/memory/allocation/cuda_allocator.cc:86@8ce0de5 (the OOM message and its
        # own hint); Oneflow-Inc/oneflow oneflow/core/vm/bin_allocator.h:396@25c8978.
        p(r"Out of memory error on GPU \d+\. Cannot allocate|Please check whether there is any other process using "
          r"GPU \d+|Error! : Out of memory when allocate size", "oom", E,
          "the GPU ran out of memory (Paddle's or OneFlow's allocator)", "stop other processes on that GPU "
          "(`nvidia-smi`) or start on another one; otherwise lower the batch size or shard the model more",
          C.OOM),
        # PaddlePaddle/Paddle paddle/phi/core/distributed/comm_task_manager.cc:176@8ce0de5: a comm task started
        # and not completed within its timeout: a collective the other ranks of the group never joined.
        p(r"Find timeout start but not finish task:", "timeout", E,
          "a Paddle collective started and did not finish within its timeout: some rank of the group never "
          "joined it (it diverged, hung or died)", "read the other ranks' logs for the first error; make every "
          "rank issue the same collectives in the same order", C.HANG_COLLECTIVE_MISMATCH, "root",
          (C.RANK_CRASHED_ELSEWHERE,)),
        # PaddlePaddle/Paddle python/paddle/distributed/utils/nccl_utils.py:37@7688495 (pipeline/MoE p2p needs
        # NCCL 2.8.4); Oneflow-Inc/oneflow oneflow/core/graph/boxing/collective_boxing_sub_task_graph_builder.cpp:43
        # @25c8978 (built against NCCL 2.7.0 or older: no all-to-all).
        p(r"The version of NCCL is required to be at least v[\d.]+ while training with|nccl_enable_all_to_all is "
          r"unavailable unless NCCL_VERSION", "nccl_too_old", E,
          "the NCCL Paddle or OneFlow uses is older than the feature needs (p2p for pipeline/MoE, all-to-all)",
          "use the framework build with a newer NCCL (the nvidia-nccl wheel or libnccl2 first on "
          "LD_LIBRARY_PATH)", C.NCCL_VERSION_MISMATCH),
        # Oneflow-Inc/oneflow oneflow/core/ep/cuda/cuda_stream.cpp:48@25c8978 CheckVersionCompatibility: the CUDA
        # runtime, cuBLAS or cuDNN loaded is older than (or of another major than) the build.
        p(r"Runtime version [\d.]+ of (?:CUDA Runtime|cuBLAS|cuDNN) incompatible with compiletime version",
          "library_version", W, "a CUDA library OneFlow loaded (runtime, cuBLAS or cuDNN) is older than the one "
          "it was built with", "put the CUDA libraries of OneFlow's build first on LD_LIBRARY_PATH, or install "
          "the OneFlow wheel of this CUDA", C.NCCL_VERSION_MISMATCH),
        # Oneflow-Inc/oneflow oneflow/api/python/symbol/placement_symbol.cpp:168 and
        # oneflow/core/device/cuda_util.cpp:213@25c8978: no CUDA device is visible.
        p(r"Can't construct placement with \"cuda\" type because there is no device|cudaGetDeviceCount\("
          r"&cuda_device_count\) : no CUDA-capable device", "gpu_missing", E,
          "OneFlow sees no GPU: the driver is not loaded or the GPUs are not in this container",
          "check `nvidia-smi` where the program runs (the container's --gpus, CUDA_VISIBLE_DEVICES, the driver)",
          C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        # Kunlun XPU's BKCL (Paddle's collective library there) could not allocate its device buffers at init:
        # "[WARN][BKCL][.../kl2/kl2_init.cpp:108] param 0 data alloc failed", then "init_bkcl_context failed"
        # (PaddlePaddle/Paddle#56800: two cards of PaddleClas).
        p(r"\[BKCL\][^\n]*\bdata alloc failed", "oom", E,
          "BKCL (the collective library of Kunlun XPUs) could not allocate its buffers on the device at init: the "
          "XPU's memory is taken (another process, or the framework's preallocation)",
          "free the device (`xpu-smi` shows its users), lower the framework's memory preallocation "
          "(FLAGS_fraction_of_gpu_memory_to_use on XPU builds), and start again",
          C.OOM, "root", (C.CUDA_OR_DRIVER,)),
        # Oneflow-Inc/oneflow oneflow/core/job/env_global_objects_scope.cpp:293@25c8978: init_rdma() found no
        # libibverbs or no IB device on some rank (CommNetIBEnabled), so its CommNet stays on epoll TCP.
        p(r"Skip init RDMA because RDMA is unavailable!", "no_ib_device", W,
          "OneFlow's init_rdma() found no usable RDMA device on every rank: its inter-node transfers stay on TCP",
          "check `ibv_devinfo` on every node (libibverbs installed, /dev/infiniband in the container)",
          C.SOCKET_FALLBACK),
        # Paddle 2.0's parallel_executor.cc:596 (Paddle#30978, quoted): CUDA refused to enable peer access between
        # two of the GPUs (cudaDeviceCanAccessPeer / cudaDeviceEnablePeerAccess). Harmless on GPUs that have no
        # P2P at all (consumer cards); on data-center GPUs in a container or VM, ACS or the IOMMU blocks it.
        p(r"Cannot enable P2P access from \d+ to \d+", "p2p_error", W,
          "Paddle could not enable GPU peer-to-peer access between two GPUs of this node",
          "check `nvidia-smi topo -p2p r`; on bare metal turn PCIe ACS off and set the IOMMU to passthrough "
          "(iommu=pt); in a VM the hypervisor must expose P2P", C.ACS_IOMMU_P2P, "likely", (C.TOPOLOGY_OR_NUMA,)),
        # -- MindSpore ------------------------------------------------------------------------------------------
        # mindspore/python/mindspore/parallel/cluster/process_entity/_api.py (msrun): "There's worker exits with
        # exception, kill all other workers", "Worker process N exit with exception.", then "Time out nodes are
        # ['3']", which _analyze_log fills with "the node ids of the processes which exit abnormally"
        # (candle-org/MindAct#1983): the worker named ended first, its worker_N.log says why.
        p(r"Time out nodes are \[|There's worker exits with exception|Worker process \d+ exit with exception",
          "remote_exited", E, "MindSpore's launcher (msrun) saw a worker exit abnormally and stopped the others: "
          "that worker's own log (worker_N.log) holds the cause", "read the log of the worker (node) msrun names and "
          "fix its error", C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # cluster_context.cc BuildCluster: "Topology build timed out., retry(1/60)" while the other nodes register;
        # "Cluster is successfully initialized." follows when they do (mindspore-lab/mindrl#144).
        p(r"Topology build timed out\., retry\(\d+/\d+\)", "noise", I,
          "MindSpore waiting for the other nodes to register its cluster (a retry)", "nothing to fix unless the "
          "retries run out", None, "noise"),
        # mindspore/communication/management.py: init() in a process no launcher started ("Role name '' is invalid.
        # Maybe you are trying to call 'mindspore.communication.init()' without using 'mpirun'", mindcv#480).
        p(r"Role name '\w*' is invalid\. Maybe you are trying to call 'mindspore\.communication\.init\(\)'",
          "framework_usage", E, "MindSpore's distributed init ran in a process its launcher did not start: the "
          "variables that name the process's role are missing", "start the job with msrun or mpirun (`msrun "
          "--worker_num=N --local_worker_num=N train.py`), or set the MS_ROLE / MS_SCHED_* variables",
          C.APPLICATION_BUG),
        # collective_init.cc "Loading libgpu_collective.so failed. Many reasons could cause this: ... nccl is not
        # installed or found ... mpi is not installed or found" (mindspore-ai/mindspore#31; its FAQ adds an NCCL
        # older than 2.7.6).
        p(r"Loading libgpu_collective\.so failed", "nccl_library_missing", E,
          "MindSpore could not load its GPU collective library: NCCL (2.7.6 or newer) or Open MPI is not installed or "
          "not on the library path", "install NCCL and Open MPI where MindSpore finds them (LD_LIBRARY_PATH), "
          "NCCL 2.7.6 or newer", C.OTHER, "root", (C.NCCL_VERSION_MISMATCH,)),
    )
