"""Rules from sweeps 101 - 102 (2026-12-05: Kubernetes pod and job status text around GPU jobs; Ray Train and Ray
clusters) and from the misses of held-out round 138 (AMD Instinct GPUs). Each line is quoted from the thread or page
named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import ids, lead


def test_pod_sandbox_wordings_are_the_pod_network() -> None:
    # k8snetworkplumbingwg/sriov-cni#72 (older kubelet), sriov-network-device-plugin#555 (the kubelet's journal)
    older = ('  Warning  FailedCreatePodSandBox  73s   kubelet, s011  Failed create pod sandbox: rpc error: code = Unknown '
             'desc = [failed to set up sandbox container "af8b92d1" network for pod "ut-cburdick-b6f192": NetworkPlugin '
             'cni failed to set up pod "ut-cburdick-b6f192_default" network: netplugin failed but error parsing its '
             'diagnostic message "": unexpected end of JSON input]\n')
    assert lead(older) == ("log.container_start", "other")
    journal = (' 5월 03 17:40:32 dnccom kubelet[5493]: E0503 17:40:32.221354    5493 kuberuntime_sandbox.go:72] "Failed '
               'to create sandbox for pod" err=<\n')
    assert lead(journal) == ("log.container_start", "other")
    # NCCL's network plugin stays the plugin's
    assert lead("node1:1:1 [0] NCCL WARN Failed to initialize NET plugin IBext_v8\n") == \
        ("log.net_plugin_error", "net_plugin_error")


def test_device_plugins_refusing_a_pod() -> None:
    # tkestack/gpu-manager#37, Project-HAMi/HAMi#710, the kubelet's checkpoint on a full disk
    assert lead("Message:            Pod Update plugin resources failed due to rpc error: code = Unknown desc = Nvidia "
                "node mismatch for pod tencent-gpu-test-app, pick up:/dev/nvidia4  predicate: /dev/nvidia0, which is "
                "unexpected.\n") == ("log.gpu_sharing_layer", "other")
    assert lead("  Warning  UnexpectedAdmissionError  15s   kubelet         Allocate failed due to rpc error: code = "
                "Unknown desc = device number not matched, which is unexpected\n") == ("log.gpu_sharing_layer", "other")
    full = ('  Warning  UnexpectedAdmissionError  44m kubelet, 172.22.0.44  Update plugin resources failed due to failed '
            'to write checkpoint file "kubelet_internal_checkpoint": write /var/lib/kubelet/device-plugins/.728425055: '
            'no space left on device, which is unexpected.\n')
    assert lead(full) == ("log.disk_full", "other")
    # kubernetes/kubernetes#130145: the device manager's own count, not a GPU fault
    assert lead("Message:         Pod Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. "
                "Requested:1, Available: 0, which is unexpected\n") == ("log.gpu_missing", "other")
    # a GPU the device plugin found unhealthy stays the GPU's
    assert lead("cannot allocate unhealthy devices nvidia.com/gpu\n") == ("log.gpu_missing", "cuda_or_driver")
    # NVIDIA/k8s-device-plugin#33 (fixed by PR#1562): the plugin's own health check
    assert lead("2018/02/27 16:43:50 Warning: GPU with UUID GPU-edae6d5d-6698-fb8d-2c6b-2a791224f089 is too old to "
                "support healtchecking with error: %!s(MISSING). Marking it unhealthy\n") == \
        ("log.framework_release", "other")


def test_pods_that_never_start_or_are_evicted() -> None:
    # grgalex/nvshare#5, nebari-dev/nebari#1200 (GKE without its driver), substratusai/runbooks#92
    assert lead("  Warning  Failed     12s   kubelet  Failed to pull image \"grgalex/nvshare:libnvshare-v0.1\": rpc "
                "error: code = NotFound\n") == ("log.container_start", "other")
    assert lead('MountVolume.SetUp failed for volume "nvidia" : hostPath type check failed: /home/kubernetes/bin/nvidia '
                "is not a directory\n") == ("log.gpu_missing", "cuda_or_driver")
    assert lead("  Warning  Evicted              109s  kubelet                                Pod ephemeral local "
                "storage usage exceeds the total limit of containers 5Gi.\n") == ("log.process_killed", "other")
    # microsoft/pai#5215: quota and admission policies
    assert lead('Error from server (Forbidden): error when creating "test_NBody.yml": admission webhook '
                '"validation.gatekeeper.sh" denied the request: [userpodlimits] container <cudasample> has no cpu '
                "limit\n") == ("log.launch_config", "application_bug")
    assert lead("Warning  FailedScheduling  3s (x3 over 3s)  default-scheduler  0/2 nodes are available: 2 "
                "ExceedsGPUQuota.\n") == ("log.launch_config", "application_bug")
    # a pod's /dev/shm mount under its own name stays shared memory's
    assert lead('Usage of EmptyDir volume "dshm" exceeds the limit "1Gi".\n') == ("log.shm_small", "shm_too_small")


def test_nic_driver_reload_held_by_storage_modules() -> None:
    # Crusoe's "Resolving MOFED Storage Module Race Condition" article
    text = "Storage modules are loaded for current driver, terminating\nprior driver reload failure due to " \
           "UNLOAD_STORAGE_MODULES\n"
    assert lead(text) == ("log.ofed_install_failed", "other")


def test_rocm_runtime_requirements_and_its_capture_bug() -> None:
    # ROCm/ATOM PR#913 (MI35x): RCCL refuses to start without the variable
    text = ("[FATAL ERROR]: HSA_NO_SCRATCH_RECLAIM=1 must be set to avoid performance\n"
            "degradation with the current HIP configuration.\n"
            "[FATAL ERROR]: Please set HSA_NO_SCRATCH_RECLAIM=1 and rerun.\n")
    assert lead(text) == ("log.framework_check", "performance_config")
    # sgl-project/sglang#24011 (ROCm 7.2.0's hipEventQuery under capture; 7.2.2 fixed it)
    watchdog = ("Process group watchdog thread terminated with exception:\n"
                "HIP error: operation not permitted on an event last recorded in a capturing stream\n")
    assert lead(watchdog) == ("log.framework_release", "other")
    # the program's own capture broken on CUDA stays the program's
    assert lead("RuntimeError: CUDA error: operation not permitted when stream is capturing\n")[1] == "application_bug"
    assert "log.abort" not in ids(watchdog)


def test_ray_s_lists_of_possible_causes_wrapped_by_a_terminal() -> None:
    # OpenRLHF/OpenRLHF#265 (the list wrapped), stevietrouble/EfficientZero#2 ("a temp error")
    wrapped = ("R Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are "
               "some potential root causes. (1) The process is\n killed by SIGKILL by OOM killer due to high memory "
               "usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or o\n")
    assert lead(wrapped) == ("log.remote_exited", "rank_crashed_elsewhere")
    died = ("2022-07-07 19:05:41,609 WARNING worker.py:1404 -- A worker died or was killed\n"
            "while executing a task by an unexpected system error. To troubleshoot the\n")
    assert lead(died) == ("log.remote_exited", "rank_crashed_elsewhere")
    # the kernel's own OOM kill stays out of memory
    assert lead("Out of memory: Killed process 207258 (ray::RayTrainW) total-vm:123456kB\n")[1] == "oom"


def test_ray_cluster_and_client_lines() -> None:
    # ModalMinds/MM-EUREKA#54 ($MASTER_ADDR unset), ray-project/ray PR#60376, ray#41158, ray#49173, ray#31265
    assert lead("[2025-07-23 10:05:49,679 W 51000 51000] gcs_rpc_client.h:151: Failed to connect to GCS at address "
                ":6379 within 5 seconds.\n") == ("log.launch_config", "application_bug")
    # an address given and unreachable stays the network's
    assert lead("[2025-07-23 10:05:49,679 W 51000 51000] gcs_rpc_client.h:151: Failed to connect to GCS at address "
                "10.0.0.3:6379 within 5 seconds.\n") != ("log.launch_config", "application_bug")
    assert lead("The worker group startup timed out after 30.0 seconds waiting for 8 workers. Potential causes include: "
                "(1) temporary insufficient cluster resources while waiting for autoscaling\n") == \
        ("log.launch_config", "application_bug")
    assert lead("/data/envs/qwen/lib/python3.10/site-packages/ray/util/client/worker.py:253: UserWarning: Ray Client "
                "connection timed out. Ensure that the Ray Client port on the head node is reachable from your local "
                "machine.\n") == ("log.socket_connect_failed", "firewall_or_port_blocked")
    assert lead("ray.exceptions.OutOfDiskError: Local disk is full\n") == ("log.disk_full", "other")
    assert lead("ray.exceptions.OwnerDiedError: Failed to retrieve object 00ffffffffffffffffffffffffffffffffffffff06000000"
                "02e1f505.\n") == ("log.remote_exited", "rank_crashed_elsewhere")


def test_settings_lines_and_banners_are_no_errors() -> None:
    # NVIDIA/nccl#1657 and #1241: ProcessGroupNCCL listing its settings; NVIDIA/nccl#1630: the driver's banner
    settings = ("[I323 21:57:01.972594984 ProcessGroupNCCL.cpp:977] [PG ID 0 PG GUID 0 Rank 0] ProcessGroupNCCL "
                "environments: NCCL version: 2.21.5, TORCH_NCCL_ASYNC_ERROR_HANDLING: 1, TORCH_NCCL_DUMP_ON_TIMEOUT: 0\n")
    assert lead(settings) is None and lead("NCCL_ASYNC_ERROR_HANDLING: 1\n") is None
    banner = "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.183.01  Sun May 12 19:39:15 UTC 2024\n"
    watchdog = ("[rank2]:[E228 11:53:22.974938858 ProcessGroupNCCL.cpp:607] [Rank 2] Watchdog caught collective "
                "operation timeout: WorkNCCL(SeqNum=290583, OpType=BROADCAST, NumelIn=1, NumelOut=1, "
                "Timeout(ms)=600000) ran for 600017 milliseconds before timing out.\n")
    assert lead(banner + watchdog) == ("log.timeout", "hang_collective_mismatch")
    # the driver's own complaint stays the driver's
    assert lead("NVRM: API mismatch: the client has the version 535.183.01, but this kernel module has the version "
                "535.161.07.\n")[1] == "cuda_or_driver"


def test_a_one_node_log_before_nnodes_needs_no_network() -> None:
    # NVIDIA/TensorRT-LLM#1702: four ranks of one host, each on its own GPU, over NET/Socket
    head = ("h1:251014:251014 [2] NCCL INFO NET/IB : No device found.\n"
            "h1:251014:251014 [2] NCCL INFO NET/Socket : Using [0]eth0:10.0.3.181<0>\n"
            "h1:251014:251014 [2] NCCL INFO Using network Socket\n")
    ranks = "".join(f"h1:25101{r}:25101{r} [{r}] NCCL INFO ncclCommInitRank comm 0x55e3abb503c{r} rank {r} nranks 4 "
                    f"cudaDev {r} nvmlDev {r} busId {r + 1}000 commId 0x114032\n" for r in range(4))
    assert lead(head + ranks) is None
    # two nodes under one host name repeat a GPU: the fallback stays a finding
    twice = ranks.replace("rank 2 nranks 4 cudaDev 2 nvmlDev 2 busId 3000", "rank 2 nranks 4 cudaDev 0 nvmlDev 0 "
                                                                             "busId 1000")
    assert lead(head + twice) == ("log.net_socket", "socket_fallback")
    # a log of some of the ranks proves nothing either
    assert lead(head + ranks.split("\n", 2)[2]) == ("log.net_socket", "socket_fallback")


def test_nccl_s_topology_limit_is_no_mismatched_file() -> None:
    # aws/aws-ofi-nccl PR#1226 (32 EFA NICs of a p5.48xlarge)
    assert lead("node1:1:1 [0] graph/xml.cc:51 NCCL WARN Error : too many XML nodes (max 256)\n") == \
        ("log.topology_error", "other")
    assert lead("node1:1:1 [0] NCCL WARN Could not open XML topology file /opt/topo.xml : No such file or directory\n"
                ) != ("log.topology_error", "other")


def test_container_runtime_lines() -> None:
    # ggml-org/llama.cpp#17542, nvidia-container-toolkit#434, #176, #730, moby/moby#47633
    assert lead("ggml_cuda_init: failed to initialize CUDA: system has unsupported display driver / cuda driver "
                "combination\n")[1] == "cuda_or_driver"
    assert lead('docker: Error response from daemon: could not select device driver "cdi" with capabilities: [].\n') \
        == ("log.cuda_error", "cuda_or_driver")
    assert lead("nvidia-container-cli: mount error: file creation failed: /var/lib/docker/overlay2/36b6/merged/usr/lib/"
                "x86_64-linux-gnu/libnvidia-ml.so.1: file exists: unknown.\n") == ("log.container_start", "other")
    assert lead('docker: Error response from daemon: failed to create task for container: failed to create shim task: '
                'OCI runtime create failed: runc create failed: unable to start container process: exec: "nvidia-smi": '
                "executable file not found in $PATH: unknown.\n") == ("log.container_devices", "other")
    assert lead("docker: Error response from daemon: CDI device injection failed: unresolvable CDI devices "
                "spidernet.io/test=demo1.\n") is None
    assert lead('Error: unable to start container "15663b": setting up CDI devices: unresolvable CDI devices '
                "nvidia.com/gpu=all\n") == ("log.gpu_missing", "cuda_or_driver")


def test_no_kernel_image_is_nccl_s_only_in_nccl_s_words() -> None:
    # scale-snu/ckks-gpu-core#2 (its own CUDACHECK), NVIDIA/nccl-tests#79 (the harness's, K80s)
    assert lead("Cuda failure /home/fsy/fhe/ckks-gpu-core/src/public/Context.cu:361: 'no kernel image is available "
                "for execution on the device'\n") == ("log.cuda_error", "cuda_or_driver")
    assert lead("node1:1:1 [0] enqueue.cc:1401 NCCL WARN Cuda failure 'no kernel image is available for execution "
                "on the device'\n") == ("log.cuda_error", "nccl_version_mismatch")


def test_c10d_s_newer_wait_on_its_own_loopback() -> None:
    # NVIDIA-NeMo/Run PR#292: a rendezvous endpoint without its port on Kubernetes
    line = "[default7]:[I715 22:47:11.296780083 socket.cpp:872] [c10d] No socket on (localhost, 0) is listening yet, " \
           "will retry.\n"
    assert lead(line) == ("log.socket_connect_failed", "application_bug")
    # the same wait on another node's address stays the network's
    assert lead("[c10d] No socket on (10.0.0.3, 29500) is listening yet, will retry.\n") != \
        ("log.socket_connect_failed", "application_bug")


def test_a_plugin_without_its_interface_with_or_without_the_full_stop() -> None:
    # Azure/azureml-examples gpu_perf README (the page dropped NCCL's full stop)
    for line in ("NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v4 symbol",
                 "node1:1:1 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v4 symbol."):
        assert lead(line + "\n") == ("log.net_plugin_error", "net_plugin_error"), line
    # a newer NCCL's probe of one version before the next stays a probe
    assert lead("node1:1:1 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v8 symbol.\n") is None


def test_llama_cpp_and_exllama_lines() -> None:
    # ggml-org/llama.cpp#26392 (client and rpc-server builds), #26424 (the rpc-server crashed), exllamav2#383
    assert lead("0.00.386.093 E RPC server version mismatch: 4.0.1\n") == ("log.engine_version", "other")
    assert lead("/ggml-rpc.cpp:540: Remote RPC server crashed or returned malformed response\n") == \
        ("log.remote_exited", "rank_crashed_elsewhere")
    assert lead("RuntimeError: Insufficient VRAM in split for model and cache\n") == ("log.oom", "oom")
    # NCCL's own version mismatch stays NCCL's
    assert lead("node1:1:1 [0] NCCL WARN Mismatched NCCL version detected : rank 0 version 22105 rank 1 version "
                "21805\n")[1] == "nccl_version_mismatch"
    # llama.cpp#9214 and #10080: cuBLAS failing to create its handle is a full GPU, its header names nothing
    text = ("/home/u/llama.cpp-b3985/ggml/src/ggml-cuda.cu:70: CUDA error\nCUDA error: CUBLAS_STATUS_NOT_INITIALIZED\n"
            "  current device: 0, in function cublas_handle at /home/u/llama.cpp-b3985/ggml/src/ggml-cuda/common.cuh:663\n"
            "  cublasCreate_v2(&cublas_handles[device])\n")
    assert lead(text) == ("log.cuda_error", "oom")


def test_a_lazily_failed_cuda_start_is_the_worker_s_device_list() -> None:
    # xorbitsai/inference#1439 (A10s, no MIG; fixed by the framework's release)
    line = ("2024-05-07 14:43:59,173 xinference.api.restful_api 836 ERROR    [address=0.0.0.0:45545, pid=2324] CUDA call "
            "failed lazily at initialization with error: device >= 0 && device < num_gpus INTERNAL ASSERT FAILED at "
            '"../aten/src/ATen/cuda/CUDAContext.cpp":50, please report a bug to PyTorch. device=, num_gpus=\n')
    assert lead(line) == ("log.gpu_missing", "application_bug")
    # the assert alone stays MIG's reading (pytorch/pytorch#131667)
    assert lead("RuntimeError: device >= 0 && device < num_gpus INTERNAL ASSERT FAILED at "
                '"../aten/src/ATen/cuda/CUDAContext.cpp":50\n') == ("log.gpu_missing", "cuda_or_driver")


def test_compute_sanitizer_inside_nccl_s_kernel() -> None:
    # ggml-org/llama.cpp#24489: a memory pool the peer GPU could not reach, fixed in llama.cpp
    text = ("========= Invalid __global__ write of size 16 bytes\n"
            "=========     at ncclDevFunc_AllReduce_Sum_bf16_RING_SIMPLE()+0x14440\n"
            "=========     Address 0x1bc00031d0 is out of bounds\n")
    assert lead(text) == ("log.crash", "application_bug")
    assert lead("========= ERROR SUMMARY: 0 errors\n") is None


def test_communication_libraries_docs() -> None:
    # microsoft/mscclpp's docs (no peer-to-peer between the pair); alibaba/ROLL's Ascend guide (HCCL's port)
    assert lead("GPU 0 cannot access GPU 1\n") == ("log.p2p_error", "acs_iommu_p2p")
    assert lead("The IP address XXXX and port XXXX have already been bound\n") == ("log.port_in_use", "application_bug")
    # a pair that can reach each other is no finding
    assert lead("GPU 0 can access GPU 1\n") is None


def test_a_cpu_binding_outside_the_job_s_cpuset() -> None:
    # nvidia-cosmos/cosmos-predict1#11 (held-out round 140): NVML's CPU set for the GPU against Slurm's 8 cores
    text = ("It fails in the initialization: https://github.com/nvidia-cosmos/cosmos-predict1/blob/290c30c/"
            "cosmos_predict1/utils/distributed.py#L55\n"
            "The error is: ```OSError: [Errno 22] Invalid argument ```\n"
            "The output of ```device.get_cpu_affinity()``` is an empty list ```[]```.\n"
            "The server has 96 CPU cores and we are using slurm -- my job assigned 8 CPU cores.\n")
    assert lead(text) == ("log.topology_error", "topology_or_numa")
    # the same error line without a CPU binding names nothing of it
    assert lead("The error is: ```OSError: [Errno 22] Invalid argument ```\n") != ("log.topology_error",
                                                                                  "topology_or_numa")


def test_slurm_gcp_startup_script_timeout_is_the_node_s_set_up() -> None:
    # GoogleCloudPlatform/cluster-toolkit docs/slurm-troubleshooting.md
    text = ("2022-01-01 00:00:00,000 setup.py INFO: running script ghpc_startup.sh\n"
            "2022-01-01 00:00:00,000 setup.py ERROR: TimeoutExpired:\n"
            "    command=/slurm/custom_scripts/login_r3qmskc0.d/ghpc_startup.sh\n    timeout=300\n")
    assert lead(text) == ("log.node_prolog", "other")
    assert lead("subprocess.TimeoutExpired: Command '['nvidia-smi']' timed out after 60 seconds\n") != \
        ("log.node_prolog", "other")


def test_transfer_engine_host_limits() -> None:
    # kvcache-ai/Mooncake's troubleshooting page: erdma's registration limit, ephemeral ports used up
    assert lead("[Wed Jul 30 11:49:18 2025] infiniband erdma_0: ERROR: Out of mr size: 0, max 68719476736\n") == \
        ("log.ibv_reg_mr_failed", "ib_resource_error")
    assert lead("connect: Cannot assign requested address\n") == ("log.host_net_limit", "other")
    # a bind to an address the host does not have stays the address's
    assert lead("OSError: [Errno 99] Cannot assign requested address\n") == ("log.no_interface", "wrong_interface")


def test_kubernetes_scheduling_docs() -> None:
    # ray-project/kuberay's troubleshooting page (inotify), kubernetes-sigs/lws's (a label over 63 characters)
    assert lead('level=fatal msg="Create fsnotify NewWatcher error too many open files"\n') == ("log.host_setting",
                                                                                               "other")
    assert lead('Pod "<worker-pod-name>" is invalid: metadata.labels: Invalid value: <worker-sts-name>-<10-character-'
                'hash>": must be no more than 63 characters\n') == ("log.launch_config", "application_bug")
    # NCCL's own sockets out of descriptors stay the open-files limit
    assert lead("node1:1:1 [0] misc/socket.cc:560 NCCL WARN socketTryAccept: Accept failed: Too many open files\n") == \
        ("log.fd_limit", "memlock_or_ulimit")
