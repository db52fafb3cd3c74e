"""Rules from the seventeenth to twentieth sweeps of public threads (workstation and desktop GPUs, Chinese-language
threads, jobs under Kubernetes and Slurm, the newest log formats of 2025 - 2026). Each line is quoted from the thread
named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, lead

from ncclkit.logs.analyze import analyze_text


def ids(text: str) -> set[str]:
    return {f["id"] for f in analyze_text(text)["findings"]}


# horovod/horovod#148 (#110: "NCCL is also confused about hostnames being the same"): two machines called node1,
# told apart only by the address each lists for eth1.
def test_one_host_name_with_two_addresses_is_two_machines() -> None:
    log = ("node1:18226:18240 [1] NCCL INFO NET : Using interface eth1:100.102.32.176<0>\n"
           "node1:22671:22795 [1] NCCL INFO NET : Using interface eth1:100.102.32.175<0>\n"
           "node1:22671:22795 [1] NCCL INFO 1 -> 0 via P2P/IPC\n"
           "node1:22671:22795 [1] transport/p2p.cu:431 NCCL WARN failed to open CUDA IPC handle : 30 unknown error\n")
    assert lead(log) == ("log.same_hostname", "hostname_resolution")
    # one machine, one address for its interface, several processes: the P2P failure is its own
    one = log.replace("100.102.32.175", "100.102.32.176")
    assert "log.same_hostname" not in ids(one) and lead(one)[1] == "acs_iommu_p2p"


# horovod/horovod#610: mpirun on two hosts, both printing the default host name localhost, and P2P and shared memory
# set up between them.
def test_a_default_host_name_on_two_launched_hosts_explains_p2p_and_shm_failures() -> None:
    log = ("mpirun -np 5 -host 59.77.7.23:2,59.77.7.30:3 -bind-to none -map-by slot python main.py\n"
           "localhost:95772:95782 [0] transport/p2p.cu:526 NCCL WARN failed to open CUDA IPC handle : 11 invalid "
           "argument\n"
           "localhost:27895:27932 [0] include/shm.h:46 NCCL WARN failed to register host buffer 0x7f685140d000 : "
           "invalid argument\n")
    assert lead(log) == ("log.same_hostname", "hostname_resolution")
    # a named node's own log of a two-node job: its P2P failure is its own
    named = log.replace("localhost:", "gpu-a07:")
    assert "log.same_hostname" not in ids(named) and lead(named)[1] == "acs_iommu_p2p"


# athena-team/athena#139 (fixed by upgrading Open MPI), mit-han-lab/spvnas#30 (`-H 127.0.0.1:1`).
def test_a_host_slots_token_given_to_ssh_is_the_launch() -> None:
    assert_reads("ssh: Could not resolve hostname localhost:4: Temporary failure in name resolution",
                 "log.launch_config", "application_bug")
    # kubeflow/mpi-operator#481: a worker not yet in DNS is a name that does not resolve
    assert lead("ssh: Could not resolve hostname tensorflow-benchmarks-worker-0.tensorflow-benchmarks-worker: Name "
                "or service not known\n") == ("log.name_resolution", "hostname_resolution")


# KimMeen/Time-LLM#158 (MASTER_PORT 98 in the scripts): a privileged port, not a taken one.
def test_a_bind_refused_for_permission_is_a_port_below_1024() -> None:
    line = ("torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. "
            "The server socket has failed to bind to [::]:98 (errno: 13 - Permission denied). The server socket has "
            "failed to bind to 0.0.0.0:98 (errno: 13 - Permission denied).")
    assert_reads(line, "log.launch_config", "application_bug")
    assert "1024" in analyze_text(line + "\n")["findings"][0]["fix"]
    # pytorch/pytorch#116974: errno 98 is the port taken by another job
    assert lead("[W socket.cpp:426] [c10d] The server socket has failed to bind to [::]:29500 (errno: 98 - Address "
                "already in use).\n") == ("log.port_in_use", "application_bug")


# NVIDIA/nccl-tests#92 ("Your MPI doesn't seem functional").
def test_mpichs_pmi_exchange_failing_is_the_launch() -> None:
    stack = ("Abort(3712399) on node 0 (rank 0 in comm 0): Fatal error in PMPI_Init: Other MPI error, error stack:\n"
             "MPIR_pmi_allgather_shm(699).: \nMPIR_pmi_kvs_get(227).......: PMI_KVS_Get returned -1\n")
    assert lead(stack) == ("log.launch_config", "application_bug")
    ofi = stack.replace("PMI_KVS_Get returned -1", "OFI call getinfo failed (default nic=ib0: No data available)")
    assert lead(ofi) == ("log.ofi_error", "net_plugin_error")


# huawei-noah/Efficient-Computing#90: DDP on Windows runs Gloo.
def test_an_nccl_only_argument_given_to_gloo_is_the_program() -> None:
    assert_reads("RuntimeError: Function argument device_ids not supported for the selected backend gloo",
                 "log.framework_usage", "application_bug")


# vllm-project/vllm#5613 (--disable-custom-all-reduce), against sgl-project/sglang#552's peer-access form.
def test_vllms_own_all_reduce_failing_in_cuda_is_the_driver_or_the_gpu() -> None:
    assert_reads("Failed: /home/runner/work/vllm/vllm/csrc/custom_all_reduce.cuh:310 'invalid argument'",
                 "log.cuda_error", "cuda_or_driver")
    assert "--disable-custom-all-reduce" in analyze_text(
        "Failed: /home/runner/work/vllm/vllm/csrc/custom_all_reduce.cuh:310 'invalid argument'\n")["findings"][0]["fix"]
    assert lead("Failed: Cuda error /home/runner/work/vllm/vllm/csrc/custom_all_reduce.cuh:307 'peer access is not "
                "supported between these two devices'\n")[1] == "acs_iommu_p2p"


# M-Bab/linux-kernel-amdgpu-binaries#101, canonical/nvidia-graphics-drivers#61, NVIDIA/nvidia-docker#365.
def test_the_driver_module_not_built_or_not_loaded_is_the_driver() -> None:
    assert_reads("Error! Bad return status for module build on kernel: 5.13.18-21.09.16.amdgpu.ubuntu (x86_64)",
                 "log.gpu_missing", "cuda_or_driver")
    assert_reads("modprobe: ERROR: could not insert 'nvidia': Key was rejected by service",
                 "log.gpu_missing", "cuda_or_driver")
    assert_reads("modprobe: FATAL: Module nvidia not found.", "log.gpu_missing", "cuda_or_driver")
    # tuxedo-keyboard#186: Secure Boot refusing another vendor's module is no GPU driver
    assert lead("modprobe: ERROR: could not insert 'clevo_acpi': Key was rejected by service\n") is None


# NVIDIA/nccl#1518 (/dev/shm of 64 MB with room; NCCL_SHM_DISABLE=1 worked): shmutils.cc registers a segment fallocate
# already sized. A full /dev/shm fails before, in fallocate (nccl-tests#166).
def test_a_cuda_failure_registering_the_shm_segment_is_not_its_size() -> None:
    assert lead("[1] misc/shmutils.cc:103 NCCL WARN Cuda failure 'invalid argument'\n"
                "[1] misc/shmutils.cc:114 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-NzwJ7O "
                "(size 9637888)\n") == ("log.shm_error", "other")
    assert lead("x:1:1 [0] misc/shmutils.cc:71 NCCL WARN Error: failed to extend /dev/shm/nccl-fjwOOB to 5967876 "
                "bytes\n") == ("log.shm_error", "shm_too_small")


# NVIDIA/TensorRT-LLM#1374: cudaDeviceCanAccessPeer answered cudaSuccess (and 0); success is no failure.
def test_cuda_success_is_no_failure() -> None:
    assert lead(">>> print(error)\ncudaError_t.cudaSuccess\n") is None
    assert lead("cudaError_t.cudaErrorPeerAccessUnsupported\n") is not None


# ROCm/TheRock PR#5694: Windows wheels without torch.distributed; f0cker/crackq#43: the driver API's error 804.
def test_a_torch_without_distributed_and_the_driver_apis_forward_compatibility_error() -> None:
    assert_reads("ModuleNotFoundError: No module named 'torch._C._distributed_c10d'; 'torch._C' is not a package",
                 "log.package_build", "other")
    assert_reads("`cuInit(): forward compatibility was attempted on non supported HW`", "log.cuda_error",
                 "cuda_or_driver")


# hiyouga/LlamaFactory#6154 (multi-node launch variables; "已解决"), against #793's rank 0 late to the unique id.
def test_the_stores_bare_timeout_is_the_rendezvous_not_a_collective() -> None:
    assert_reads("torch.distributed.DistStoreError: Socket Timeout", "log.rendezvous_timeout", "application_bug")
    assert_reads("[E socket.cpp:957] [c10d] waitForInput: socket SocketImpl(fd=3, addr=[::ffff:33.148.62.162]:41234, "
                 "remote=[::ffff:33.148.62.162]:23456) timed out after 900000ms", "log.rendezvous_timeout",
                 "application_bug")
    late = ("RuntimeError: [3] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value "
            "store by key '0', but store->get('0') got error: Socket Timeout\n")
    assert "log.rendezvous_timeout" not in ids(late) and lead(late)[1] == "hang_collective_mismatch"


# hiyouga/LlamaFactory#5018 = NVIDIA/nccl#1381: containers on two hosts, sockets on docker's default bridge.
def test_a_socket_trace_with_sockets_on_the_default_bridge_is_the_interface() -> None:
    log = ("c39f5cf046aa:4773:4773 [0] NCCL INFO Bootstrap : Using eth0:172.17.0.3<0>\n"
           "c39f5cf046aa:4773:4907 [0] NCCL INFO Failed to open libibverbs.so[.1]\n"
           "c39f5cf046aa:4773:4907 [0] NCCL INFO NET/Socket : Using [0]eth0:172.17.0.3<0>\n"
           "c39f5cf046aa:4773:4907 [0] NCCL INFO Using network Socket\n"
           "c39f5cf046aa:4774:4835 [1] NCCL INFO misc/socket.cc:568 -> 2\n")
    assert lead(log) == ("log.nccl_error_code", "wrong_interface")
    # the same trace on a routable address says no more than that a socket failed: kept, without a cause
    routed = log.replace("172.17.0.3", "10.20.0.3")
    found = {f["id"]: f["cause"] for f in analyze_text(routed)["findings"]}
    assert found["log.nccl_error_code"] is None


# DLLXW/baby-llama2-chinese#8 (the GPUs, repaired by the vendor) against counts that really differ.
def test_a_parameter_count_of_zero_is_the_data_path() -> None:
    assert_reads("RuntimeError: DDP expects same model across all ranks, but Rank 5 has 110 params, while rank 0 has "
                 "inconsistent 0 params.", "log.p2p_error", "acs_iommu_p2p")
    assert lead("RuntimeError: DDP expects same model across all ranks, but Rank 1 has 112 params, while rank 0 has "
                "inconsistent 110 params.\n") == ("log.collective_mismatch", "hang_collective_mismatch")


# PaddlePaddle/Paddle#48421 ("get a wrong IP 0.1.68.146"), PaddlePaddle/PaddleOCR#6455 (the second node not started).
def test_paddles_launcher_waiting_and_an_address_of_network_zero() -> None:
    retry = ("I1127 21:34:05.015228 3935673 tcp_utils.cc:107] Retry to connect to 0.1.68.146:63314 while the server "
             "is not yet listening.")
    assert_reads(retry, "log.name_resolution", "hostname_resolution")
    assert lead(retry.replace("0.1.68.146", "10.1.68.146") + "\n") is None  # a retry at start-up: waiting
    assert lead("not ready endpoints:['10.36.10.40:6070', '10.36.10.40:6071']\n") == ("log.launch_config",
                                                                                     "application_bug")


# tranleanh/edn-gtm#2 ("check your hardware memory"): bash under zh_CN prints its signal names translated.
def test_the_shells_endings_under_a_chinese_locale() -> None:
    assert lead("681 2975\n已杀死\n") == ("log.process_killed", "oom")
    assert lead("python train.py\nKilled\n") == ("log.process_killed", "oom")
    assert lead("总线错误 (核心已转储)\n") == ("log.shm_error", "shm_too_small")
    assert lead("段错误 (核心已转储)\n") == ("log.crash", "other")
    assert lead("已放弃 (核心已转储)\n")[0] == "log.process_aborted"
    assert lead("已终止\n") is None  # SIGTERM: a launcher stopping its workers, no memory


# DeepSpeed's launcher reporting its worker's end: -11 is a segmentation fault, a positive code the worker's own error.
def test_deepspeeds_return_codes() -> None:
    head = "[2024-01-01 10:00:00,000] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py'] "
    assert lead(head + "exits with return code = -11\n") == ("log.crash", "other")
    assert "log.worker_failed" in ids(head + "exits with return code = 1\n")
    assert causes(head + "exits with return code = 0\n") == []


# pytorch/pytorch#178749: NCCL 2.29.7 used up the NVSwitch's multicast slots; a fabric manager fault says error 401.
def test_an_nvls_bind_out_of_memory_is_the_switchs_multicast_resources() -> None:
    line = ("Failed to bind NVLink SHARP (NVLS) Multicast memory of size 2097152 : CUDA error 2 'out of memory'.")
    assert_reads(line, "log.nvls_resources", "other")
    assert lead(line.replace("error 2 'out of memory'", "error 401 'the operation cannot be performed in the present "
                                                         "state'") + "\n") == ("log.fabric_manager", "cuda_or_driver")


# NVIDIA-NeMo/Automodel#1038 (PR#2748: timeout_minutes defaulted to 1) against MCG-NJU/MOTIP#52's default timeout.
def test_a_watchdog_timeout_under_five_minutes_names_the_setting_next() -> None:
    line = ("[rank2]:[E109 22:46:25.933527530 ProcessGroupNCCL.cpp:632] [Rank 2] Watchdog caught collective operation "
            "timeout: WorkNCCL(SeqNum=493, OpType=ALLGATHER, NumelIn=1, NumelOut=4, Timeout(ms)=60000) ran for 60044 "
            "milliseconds before timing out.")
    # one rank's line cannot tell a hang from host work that outlasted a short timeout: the setting comes second
    assert [c for _, c in causes(line + "\n")][:2] == ["hang_collective_mismatch", "performance_config"]
    usual = line.replace("Timeout(ms)=60000", "Timeout(ms)=600000") + "\n"
    assert "performance_config" not in [c for _, c in causes(usual)]


# NVIDIA/nccl#2332: cuMemGetAddressRange's "not found" in buffer registration, against pytorch#152077's missing kernels.
def test_named_symbol_not_found_in_buffer_registration_is_no_missing_kernel() -> None:
    assert_reads("[1] nccl/src/register/register.cc:42 (ncclRegister) NCCL WARN Cuda failure 500 'named symbol not "
                 "found'", "log.cuda_error", "other")
    assert lead("4d1a2ae696c8:50555:50555 [0] NCCL WARN Cuda failure 'named symbol not found'\n") == (
        "log.cuda_error", "nccl_version_mismatch")


# NVIDIA/nccl PR#1959: 2.29's device API refuses a requirements struct built without its initializer.
def test_the_device_apis_requirements_struct_is_the_caller() -> None:
    assert_reads("dev_runtime.cc:1071 NCCL WARN Cannot create device communicator: ncclDevCommRequirements_t argument "
                 "must be initialized via NCCL_DEV_COMM_REQUIREMENTS_INITIALIZER", "log.invalid_usage",
                 "application_bug")


# meta-pytorch/torchcomms PR#1049: a nightly libtorch_cuda.so linked against an NCCL older than the one it needs.
def test_a_prebuilt_library_linked_against_an_older_nccl() -> None:
    assert_reads("/usr/bin/ld: /opt/conda/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so: undefined "
                 "reference to `ncclWaitSignal'", "log.version_mismatch", "nccl_version_mismatch")
    # the program's own object without -lnccl is its build, not two versions
    assert lead("main.o: In function `main':\nmain.cpp:(.text+0x2f): undefined reference to `ncclCommInitRank'\n") != (
        "log.version_mismatch", "nccl_version_mismatch")


# NVIDIA/nccl#1925: an unprivileged container without the IMEX channel.
def test_mnnvl_not_working_names_the_imex_channel() -> None:
    text = ("x:1:1 [0] mnnvl.cc:67 NCCL WARN MNNVL (cliqueSize 8) is available but not working on this system. Check "
            "the IMEX channel configuration (/dev/nvidia-caps-imex-channels). Set NCCL_MNNVL_ENABLE=0 to ignore this "
            "issue.\n")
    first = analyze_text(text)["findings"][0]
    assert (first["id"], first["cause"]) == ("log.fabric_manager", "cuda_or_driver") and "IMEX channel" in first["fix"]


# NVIDIA/nccl-tests#230 (WSL2; "work around this issue by running with NCCL_CUMEM_ENABLE=0").
def test_an_unknown_error_from_nccls_allocator_points_at_cumem() -> None:
    line = "DESKTOP-GGBQPHK:64756:64771 [0] include/alloc.h:123 NCCL WARN Cuda failure 999 'unknown error'"
    assert_reads(line, "log.cuda_error", "cuda_or_driver")
    assert "NCCL_CUMEM_ENABLE=0" in analyze_text(line + "\n")["findings"][0]["fix"]
    other = "x:1:1 [0] transport/p2p.cc:200 NCCL WARN Cuda failure 'unknown error'\n"
    assert "NCCL_CUMEM_ENABLE=0" not in analyze_text(other)["findings"][0]["fix"]


# linux-rdma/perftest#140: the header of perftest's dump names nothing; its decoded status line names the failure.
def test_perftests_dump_header_gives_way_to_the_status_it_dumps() -> None:
    text = "got completion with error:\n00000000 01005104 08001a78 000013d2\n Failed status 4: wr_id 0 syndrom 0x51\n"
    assert lead(text) == lead(" Failed status 4: wr_id 0 syndrom 0x51\n") != ("log.ib_completion_error",
                                                                             "ib_timeout_or_retry")
    assert lead(" Failed status 12: wr_id 0 syndrom 0x81\n")[1] == "ib_timeout_or_retry"


# dusty-nv/jetson-containers PR#1636: NVML's warnings on an integrated GPU, against a driver/library mismatch.
def test_nvml_without_p2p_or_pci_data_on_an_integrated_gpu_is_no_fault() -> None:
    for line in ("jetson:27998:27998 [0] misc/nvmlwrap.cc:164 NCCL WARN nvmlDeviceGetP2PStatus(0,0,"
                 "NVML_P2P_CAPS_INDEX_READ) failed: Not Supported\n",
                 "jetson:27998:27998 [0] init.cc:471 NCCL WARN Failed to find nvml device for busId 0000:00:00.0. This "
                 "may affect performance.\n"):
        assert lead(line) is None
    assert lead("x:1:1 [0] NCCL WARN nvmlInit_v2() failed: Driver/library version mismatch\n")[1] == "cuda_or_driver"


# NVIDIA/open-gpu-kernel-modules#1010: an idle GPU at Gen1 with its full width; a narrower link stays degraded.
def test_an_idle_gpus_gen1_link_is_no_degraded_link() -> None:
    assert lead("    LnkSta: Speed 2.5GT/s (downgraded), Width x16 (ok)\n") is None
    assert lead("\t\tLnkSta:\tSpeed 5GT/s (downgraded), Width x1 (downgraded)\n")[0] == "log.pcie_link_degraded"


# leptonai/gpud PR#80: a row remap pending a GPU reset, against the healthy block.
def test_a_pending_row_remap_is_a_gpu_to_reset() -> None:
    block = ("    Remapped Rows\n        Uncorrectable Error               : 4\n"
             "        Pending                           : Yes\n")
    assert lead(block) == ("log.gpu_fault", "cuda_or_driver")
    assert lead(block.replace("Yes", "No").replace(": 4", ": 0")) is None


# NVIDIA/nccl#1453: a rank tag glued to the columns of every row; the busbw column is 29.50, not the algbw 15.39.
def test_nccl_tests_rows_with_glued_rank_tags_keep_their_columns() -> None:
    rows = ("[0]     16777216       4194304     float     sum      -1[0]    1334.9   12.57   24.09      0[0]    "
            "1336.5   12.55   24.06      0\n"
            "[0]     33554432       8388608     float     sum      -1[0]    2180.1   15.39   29.50      0[0]    "
            "2285.2   14.68   28.14      0\n")
    out = analyze_text(rows)
    assert out["kind"] == "nccl_tests" and out["peak_busbw_gbps"] == 29.5
    assert analyze_text(rows.replace("[0]", ""))["peak_busbw_gbps"] == 29.5


# NVIDIA/nccl-tests#324 (-g 10 on ten L40S in one process): 711 raised in NCCL's allocator, not the program's calls.
def test_too_many_peers_in_nccls_allocator_is_too_many_gpus_per_process() -> None:
    line = "x:1:1 [0] allocator.cc:79 NCCL WARN Cuda failure 711 'peer mapping resources exhausted'"
    assert_reads(line, "log.cuda_error", "application_bug")
    assert "one process per GPU" in analyze_text(line + "\n")["findings"][0]["fix"]
    own = "RuntimeError: CUDA error: peer mapping resources exhausted\n"
    assert "one process per GPU" not in analyze_text(own)["findings"][0]["fix"]


# linux-rdma/perftest#126 ("sudo modprobe nvidia-peermem") against a host buffer refused with the same words
# (linux-rdma/perftest#26; raids-lab/crater#339 was the 64 KB memlock limit).
def test_a_buffer_registration_refused_beside_perftests_gpu_buffer_is_gpudirect() -> None:
    gpu = ("cuMemAlloc() of a 16777216 bytes GPU buffer\n"
           "allocated GPU buffer address at 0000002305040000 pointer=0x2305040000\n"
           "Couldn't allocate MR\nfailed to create mr\n")
    assert lead(gpu) == ("log.ibv_reg_mr_failed", "gdr_unavailable")
    assert "nvidia_peermem" in analyze_text(gpu)["findings"][0]["fix"]
    host = "[root@stevo1 perftest]# ./ib_send_bw -a -R -d cxgb4_0 172.16.2.2\nCouldn't allocate MR\n"
    assert lead(host) == ("log.ibv_reg_mr_failed", "memlock_or_ulimit")
