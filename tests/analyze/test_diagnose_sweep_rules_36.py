"""Rules from sweeps 182 - 184 and 186 (2026-12-05: AMD and Intel GPUs, clouds' networks and plugins, frameworks
beside PyTorch, workstations and Windows, in repositories earlier rounds had not used). Each line is quoted from the
thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, ids, lead

from ncclkit.logs.analyze import analyze_text


def test_gpu_drivers_that_reset_or_lose_the_gpu() -> None:
    # ROCm/legacy-rocm-build#2494: the reset itself failed
    assert_reads("[22344.295194] amdgpu 0000:03:00.0: amdgpu: GPU mode1 reset failed", "log.gpu_fault",
                 "cuda_or_driver")
    # lemonade-sdk/llamacpp-rocm#122: the device-prefixed reset of newer kernels
    assert lead("[Fri Jul 10 20:23:53 2026] amdgpu 0000:c4:00.0: GPU reset begin!. Source:  3\n") == \
        ("log.gpu_fault", "cuda_or_driver")
    # intel/llm-scaler#595: Intel's xe driver timing a job out, no collective's wait
    assert lead("[Tue Aug  4 20:51:21 2026] xe 0000:2b:00.0: [drm] Tile0: GT0: Check job timeout: seqno=1484958, "
                "lrc_seqno=1484958, guc_id=0, not started\n") == ("log.gpu_fault", "cuda_or_driver")
    # intel/torch-xpu-ops#2757: Level Zero's device lost, memory pressure its alternative
    assert_reads("RuntimeError: level_zero backend failed with error: 20 (UR_RESULT_ERROR_DEVICE_LOST)",
                 "log.gpu_fault", "cuda_or_driver")
    # pytorch/pytorch#120775: the Wi-Fi card's timeout is nothing of the job's
    assert lead("[  327.385240] iwlwifi 0000:04:00.0: Error sending STATISTICS_CMD: time out after 2000ms.\n") is None


def test_corrected_pcie_errors_are_no_failing_dimm() -> None:
    # ROCm/legacy-rocm-build#2927
    record = ("kernel: [ 2484.374025] {359}[Hardware Error]: Hardware error from APEI Generic Hardware Error Source: "
              "512\n"
              "kernel: [ 2484.374028] {359}[Hardware Error]: It has been corrected by h/w and requires no further "
              "action\n"
              "kernel: [ 2484.374029] {359}[Hardware Error]: event severity: corrected\n"
              "kernel: [ 2484.374031] {359}[Hardware Error]:   section_type: PCIe error\n"
              "kernel: [ 2484.374031] {359}[Hardware Error]:   port_type: 4, root port\n")
    assert lead(record) is None
    # the machine check of failing memory keeps its reading
    assert lead("mce: [Hardware Error]: Machine check events logged\n") == ("log.host_memory_error", "other")


def test_amd_libraries_memory_and_peer_access() -> None:
    # ROCm/rocBLAS#1267: rocBLAS without kernels for the GPU, before the abort it causes
    assert lead("rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: Illegal seek for GPU "
                "arch : gfx1201\n+++ killed by SIGABRT (core dumped) +++\n") == ("log.cuda_error", "cuda_or_driver")
    # ROCm/tensorflow-upstream#82: HIP's out of memory in TensorFlow's allocator
    assert_reads("2019-01-08 19:06:11.303639: E tensorflow/stream_executor/rocm/rocm_driver.cc:601] failed to allocate "
                 "7.35G (7889485824 bytes) from device: hipError_t(1002)", "log.oom", "oom")
    # ROCm/legacy-rocm-build#579: no PCIe peer-to-peer
    assert lead("peer2peer transfer not possible between the selected gpu devices\n") == ("log.p2p_error",
                                                                                          "acs_iommu_p2p")
    # legacy-rocm-build#1893: docker on a host without KFD
    assert_reads('docker: Error response from daemon: error gathering device information while adding custom device '
                 '"/dev/kfd": no such file or directory.', "log.gpu_missing", "cuda_or_driver")
    # vllm-project/afd-plugin#229: HCCL's short code
    assert lead("Communication_Error_Get_Socket(EI0006)\n") == ("log.remote_exited", "rank_crashed_elsewhere")


def test_efa_and_fastsocket_lines() -> None:
    # aws/aws-ofi-nccl#346: libfabric 1.19's send-completion error is a peer that does not answer, not no device
    txe = ("libfabric:451707:1708520807::efa:cq:efa_rdm_txe_handle_error():737<warn> err: 5, message: Invalid address "
           "My EFA addr: fi_addr_efa://[fe80::13:c2ff:fe6f:f03d]:0:1072483550 (7)\n")
    assert lead(txe) == ("log.ofi_error", "firewall_or_port_blocked")
    # the provider that lists no device keeps that reading (aws/aws-ofi-nccl#889)
    assert lead("libfabric:85:1747438790::core:core:fi_getinfo_():1392<warn> fi_getinfo: provider efa output empty "
                "list\n") == ("log.ofi_error", "net_plugin_error")
    # aws/aws-ofi-nccl#70: a registration refused with no error text
    assert lead("ip-10-0-78-113:3234:3425 [5] register_mr_buffers:469 NCCL WARN NET/OFI Unable to register memory "
                "(type = 1) for device 0. RC: -736476143, Error:\n")[:2] == ("log.ofi_error", "net_plugin_error")
    # google/nccl-fastsocket#4: retries it goes on from
    assert lead("full-debug2-test-1:4024:4048 [0] net_fastsocket.cc:765 NCCL WARN Cannot get incoming CPU.\n"
                "full-debug2-test-0:4300:4325 [0] net_fastsocket.cc:785 NCCL WARN Maximum retry reached for accept "
                "3.\n") is None


def test_tensorflow_and_parameter_server_lines() -> None:
    # tensorflow/recommenders#274: a tensor past protobuf's 2 GB, then the peer "seems down"
    text = ("[libprotobuf ERROR external/com_google_protobuf/src/google/protobuf/message_lite.cc:451] "
            "tensorflow.RecvBufRespExtra exceeded maximum protobuf size of 2GB: 5368538440\n"
            "WARNING:tensorflow:/job:worker/replica:0/task:1 seems down, retrying 1/3\n")
    assert lead(text) == ("log.launch_config", "application_bug")
    # without it the worker that went down is the reading (intel/BigDL#4409)
    assert lead(text.split("\n", 1)[1])[1] == "rank_crashed_elsewhere"
    # tensorflow/tensorflow#60706, tensorpack/tensorpack#782: a task that did not answer
    assert_reads("2023-05-25 11:10:57.934361: E tensorflow/core/common_runtime/base_collective_executor.cc:249] "
                 "BaseCollectiveExecutor::StartAbort DEADLINE_EXCEEDED: Deadline Exceeded", "log.remote_exited",
                 "rank_crashed_elsewhere")
    assert lead("2018-06-08 05:55:09.075000: E tensorflow/core/distributed_runtime/master.cc:269] Master init: "
                "Unavailable: OS Error\n")[1] == "rank_crashed_elsewhere"
    # apache/mxnet#9695, zhuangwang93/Espresso#2
    assert_reads("mxnet.base.MXNetError: [13:30:33] src/van.cc:63: Check failed: !ip.empty() failed to get ip",
                 "log.no_interface", "wrong_interface")
    assert lead('[01:04:50] src/postoffice.cc:32: Check  notnull: Environment::Get()->find("DMLC_ROLE") \n') == \
        ("log.framework_usage", "application_bug")


def test_mindspore_jax_tpu_and_paddles_endpoints() -> None:
    # candle-org/MindAct#1983: msrun's list of the nodes that ended abnormally
    assert lead("[ERROR] ME(162078:281473590168608,MainProcess):2025-03-10-09:40:38.722.000 [mindspore/parallel/"
                "cluster/process_entity/_api.py:431] Time out nodes are ['3']\n")[1] == "rank_crashed_elsewhere"
    # mindspore-lab/mindrl#144: a retry of the cluster's build, then "successfully initialized"
    assert lead("[WARNING] DISTRIBUTED(22503,7f9fd5b43100,python):2023-08-09-10:12:36.823.427 [mindspore/ccsrc/"
                "distributed/cluster/cluster_context.cc:194] BuildCluster] Topology build timed out., retry(1/60).\n") \
        is None
    # mindspore-lab/mindcv#480, mindspore-ai/mindspore#31
    assert lead("RuntimeError: Role name '' is invalid. Maybe you are trying to call 'mindspore.communication.init()' "
                "without using 'mpirun', which will make MindSpore load several environment variables\n") == \
        ("log.framework_usage", "application_bug")
    assert lead("RuntimeError: mindspore/ccsrc/device/gpu/distribution/collective_init.cc:35 InitCollective] Loading "
                "libgpu_collective.so failed. Many reasons could cause this:\n") == ("log.nccl_library_missing",
                                                                                      "other")
    # google-research/t5x#997: a TPU slice waiting for hosts where the program did not start
    tpu = ("/home/a/.local/lib/python3.10/site-packages/jax/_src/xla_bridge.py:146: UserWarning: TPU backend "
           "initialization is taking more than 60.0 seconds. Did you run your code on all TPU hosts? See "
           "https://jax.readthedocs.io/en/latest/multi_process.html for more information.\n")
    assert lead(tpu) == ("log.launch_config", "application_bug")
    # jax-ml/jax#12456: a crash on a host that did start outranks it
    assert lead(tpu + "*** SIGSEGV (@(nil)), see gl__________41#s15 received by PID 11743 (TID 11743) on cpu 31; "
                "stack trace: ***\n")[0] == "log.crash"
    # PaddlePaddle/PaddleSeg#2766: the launcher waiting on an address of network 0
    assert lead("not ready endpoints:['0.1.68.146:38149', '0.1.68.146:35087']\n") == ("log.name_resolution",
                                                                                     "hostname_resolution")
    # a real peer's address keeps the launcher's wait (PaddlePaddle/PLSC#115)
    assert "log.name_resolution" not in ids("not ready endpoints:['10.10.11.51:6070', '10.10.11.52:6070']\n")


def test_torchruns_teardown_kills_are_no_oom() -> None:
    # vllm-project/speculators#1115: rank 1 failed first, rank 0 was killed 31 s later by the agent
    def summary(killed_at: str) -> str:
        return ("Failures:\n[1]:\n  time      : " + killed_at + "\n  host      : localhost\n"
                "  rank      : 0 (local_rank: 0)\n  exitcode  : -9 (pid: 14689)\n  error_file: <N/A>\n"
                "  traceback : Signal 9 (SIGKILL) received by PID 14689\n"
                "------------------------------------------------------------\n"
                "Root Cause (first observed failure):\n[0]:\n  time      : 2026-09-07_13:02:58\n"
                "  host      : localhost\n  rank      : 1 (local_rank: 1)\n  exitcode  : 1 (pid: 14690)\n")
    assert "log.process_killed" not in ids(summary("2026-09-07_13:03:29"))
    # killed with the first failure (the node's OOM killer taking several): still read
    assert lead(summary("2026-09-07_13:02:58")) == ("log.process_killed", "oom")


def test_a_link_local_ipv4_bootstrap_interface_and_a_harmless_nic_path_trace() -> None:
    # NVIDIA/nccl#859: AWS Batch's per-host ecs-eth0 address, then refused connects
    log = ("ip-10-14-51-239:333:333 [0] NCCL INFO Bootstrap : Using ecs-eth0:169.254.172.2<0>\n"
           "ip-10-14-51-239:333:333 [0] NCCL INFO NET/Socket : Using [0]ecs-eth0:169.254.172.2<0> "
           "[1]eth0:10.14.51.239<0>\n"
           "ip-10-14-51-239:333:366 [0] include/socket.h:403 NCCL WARN Connect to 169.254.172.2<45327> failed : "
           "Connection refused\n")
    assert lead(log)[1] == "wrong_interface" and "env.ifname_virtual" in ids(log)
    # a routable address alone is no link-local interface
    assert "env.ifname_virtual" not in ids(log.replace("169.254.172.2", "10.14.51.240"))
    # OpenNMT/OpenNMT-py#1606: NCCL 2.4's PCI path of a virtual NIC, then the rings are set up
    trace = ("sfr:435:783 [0] NCCL INFO Could not find real path of /sys/class/net/eth0/device\n"
             "sfr:435:783 [0] NCCL INFO include/net.h:19 -> 2\n"
             "sfr:435:783 [0] NCCL INFO Ring 00 : 0 -> 8 [receive] via NET/Socket/0\n")
    assert "log.nccl_error_code" not in ids(trace)
    # the same code from the socket transport stays a failure
    assert "log.nccl_error_code" in ids("h:1:2 [0] NCCL INFO misc/socket.cc:47 -> 2\n")


def test_intel_mpis_provider_lookup_is_mpis_libfabric_not_the_nccl_plugin() -> None:
    # uxlfoundation/oneCCL#106: Intel MPI's find_provider for its shm provider
    got = analyze_text("Abort(2138767) on node 0 (rank 0 in comm 0): Fatal error in PMPI_Init: Unknown error class, "
                       "error stack:\nfind_provider(2819)..........: OFI fi_getinfo() failed (ofi_init.c:2819:"
                       "find_provider:No data available)\n")["findings"][0]
    assert (got["id"], got["cause"]) == ("log.ofi_error", "net_plugin_error") and "MPICH" in got["message"]
    # the NCCL plugin's own failure keeps its words
    got = analyze_text("h:1:2 [0] nccl_net_ofi_create_plugin:259 NCCL WARN NET/OFI aws-ofi-nccl initialization "
                       "failed\n")["findings"][0]
    assert got["id"] == "log.ofi_error" and "MPICH" not in got["message"]


def test_windows_and_workstation_lines() -> None:
    # cszn/KAIR#127: the commit limit reached while loading torch's shm.dll is host memory, not /dev/shm
    assert_reads('OSError: [WinError 1455] The paging file is too small for this operation to complete. Error '
                 'loading "D:\\Anaconda\\envs\\swin-train\\lib\\site-packages\\torch\\lib\\shm.dll" or one of its '
                 'dependencies.', "log.oom", "oom")
    # raywzy/Bringing-Old-Films-Back-to-Life#7: c10d's retried warning inside markdown's backticks
    assert lead("`[W ..\\torch\\csrc\\distributed\\c10d\\socket.cpp:601] [c10d] The client socket has failed to "
                "connect to [link.redgiant.com]:28172 (system error: 10049 - The requested address is not valid in its "
                "context.\n") is None
    # shaohua0116/Multiview2Novelview#5: TensorFlow's start-up notice of GPUs without peer access
    assert [f["severity"] for f in analyze_text(
        "2019-03-12 21:25:07.499532: I tensorflow/core/common_runtime/gpu/gpu_device.cc:847] Peer access not supported "
        "between device ordinals 0 and 4\n")["findings"] if f["id"] == "log.p2p_unavailable"] == ["info"]


def test_fine_tuning_stacks_builds_and_bare_messages() -> None:
    # bitsandbytes' paged optimizer on Windows, WSL2 or Jetson (bitsandbytes#453, artidoro/qlora#73)
    assert_reads("Error invalid device ordinal at line 359 in file /home/tim/git/bitsandbytes/csrc/pythonInterface.c",
                 "log.cuda_error", "cuda_or_driver")
    # a rank's own set_device keeps the program's reading
    assert lead("RuntimeError: CUDA error: invalid device ordinal\n")[1] == "application_bug"
    # CUDA 10's nvcc building a DeepSpeed op against torch's C++17 headers (DeepSpeedExamples#594)
    assert_reads("nvcc fatal : Value 'c++17' is not defined for option 'std'", "log.cuda_error", "cuda_or_driver")
    # messages pasted without their exception's name (FreedomIntelligence/HuatuoGPT#36, OptimalScale/LMFlow#620)
    assert lead("ProcessGroupNCCL is only supported with GPUs, no GPUs found!\n") == ("log.gpu_missing",
                                                                                    "cuda_or_driver")
    assert lead("DeepSpeed Zero-3 is not compatible with `low_cpu_mem_usage=True` or with passing a `device_map`.\n") \
        == ("log.framework_usage", "application_bug")
