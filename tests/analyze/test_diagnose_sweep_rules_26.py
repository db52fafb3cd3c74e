"""Rules from sweeps 97 - 100 (2026-12-05: AMD GPUs; Chinese-language threads; launchers around NCCL jobs; GPU node
and RDMA health tools' documents). Each line is quoted from the thread or page named above its test, and tested on
text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead

from ncclkit.logs.analyze import analyze_text


def test_gcm_iblink_states_are_ports_not_up() -> None:
    # facebookresearch/gcm check-iblink.md: LINK_BAD_STATE, LINK_IN_INIT, LINK_OPERSTATE_DOWN, MLX5_PROTOCOL_MISMATCH
    for line in ("ib0 is not up, link state is 3: ARMED", "ib0 is not up, link state is 2: INIT",
                 "ib0 is ACTIVE, but the logical interface is down", "ib0 is not presenting as an InfiniBand link"):
        assert lead(line + "\n") == ("log.ib_port_event", "ib_port_down_or_link"), line
    # an active port is no finding
    assert lead("ib0 is up, link state is 4: ACTIVE\n") is None


def test_gcm_misbound_nics_and_firmware_mismatch() -> None:
    # facebookresearch/gcm check-iblink.md: MISBIND, MLX5_MISMATCH, FIRMWARE_MISMATCH
    assert lead("slot0 is bound to ib1, expected ib0\n") == ("log.topology_error", "topology_or_numa")
    assert lead("ib0 is bound to mlx5_1, expected mlx5_0\n") == ("log.topology_error", "topology_or_numa")
    assert lead("ib0 has fw version 20.27.1000, expected [20.28.1002]\n") == ("log.nic_firmware", "other")
    # a bound socket is no misbinding
    assert lead("Server socket bound to 0.0.0.0:29500\n") is None


def test_an_ib_interface_losing_carrier_is_a_link_flap_a_veth_is_not() -> None:
    # gcm check_syslogs link-flaps.md ("Lost Carrier" on an IB interface is CRITICAL); systemd-networkd's words
    assert lead("Dec 02 10:11:12 node7 systemd-networkd[1201]: ib0: Lost carrier\n") == \
        ("log.ib_port_event", "ib_port_down_or_link")
    # a container's veth going away with its container is routine
    assert lead("Dec 02 10:11:12 node7 systemd-networkd[1201]: veth3f2a1c9: Lost carrier\n") is None


def test_azure_nhc_low_host_to_device_bandwidth_and_gpu_ecc() -> None:
    # Azure/azurehpc-health-checks distributed_nhc/README.md, "Example Logs from Real Tests"
    text = "mynode-084 | ERROR: nhc: Health check failed: Bandwidth is low on device 1. Reported bandwidth is 7 GB/s.\n"
    assert lead(text) == ("log.pcie_link_degraded", "other")
    ecc = ("mynode-510 | ERROR: nhc: Health check failed: check_gpu_ecc: GPU id 3: SRAM Uncorrectable ECC error count "
           "detected, (0,1)\n")
    assert lead(ecc) == ("log.gpu_fault", "cuda_or_driver")
    assert lead("mynode-042 | Healthy\n") is None


def test_gpud_state_json_reads_the_reason_not_the_component_name() -> None:
    # leptonai/gpud docs/TUTORIALS.md: /v1/states
    text = ('  {\n    "component": "accelerator-nvidia-error-xid",\n    "states": [\n      {\n'
            '        "name": "error_xid",\n        "health": "Unhealthy",\n'
            '        "reason": "XID 74 (NVLINK Error) detected on PCI:0000:04:00",\n')
    f = next(f for f in analyze_text(text)["findings"] if f["cause"])
    assert (f["id"], f["cause"], f["evidence"]["lines"]) == ("log.gpu_fault", "cuda_or_driver", [7])
    assert lead('    "component": "accelerator-nvidia-error-xid",\n') is None
    # the kernel's own Xid line stays the driver's fault
    assert lead("NVRM: Xid (PCI:0000:04:00): 79, GPU has fallen off the bus.\n")[1] == "cuda_or_driver"


def test_perftest_data_validation_lines() -> None:
    # linux-rdma/perftest README, data validation's Troubleshooting
    assert lead("Failed to load kernel plugin library\n") == ("log.library_missing", "other")
    assert causes("Failed to create validation context\n")[:2] == [("log.oom", "oom"),
                                                                    ("log.alternative", "cuda_or_driver")]
    # NCCL's own network plugin failing to load stays the plugin's
    assert lead("node1:1:1 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v6 symbol.\n") != \
        ("log.library_missing", "other")


def test_a_gpu_buffer_registration_refused_under_a_use_cuda_command_is_gdr() -> None:
    # linux-rdma/perftest README, Known Issues 8: "If GPUDirect is not working, (e.g. you see "Couldn't allocate MR"
    # error message), consider disabling Scatter to CQE feature"
    text = "./ib_write_bw -d ib_dev --use_cuda=0 -a\nCouldn't allocate MR\n"
    f = next(f for f in analyze_text(text)["findings"] if f["cause"])
    assert (f["id"], f["cause"]) == ("log.ibv_reg_mr_failed", "gdr_unavailable")
    assert "MLX5_SCATTER_TO_CQE=0" in f["fix"]
    # the same refusal of a host buffer stays the locked-memory limit
    assert lead("./ib_write_bw -d mlx5_0 -a\nCouldn't allocate MR\n") == ("log.ibv_reg_mr_failed", "memlock_or_ulimit")


def test_c10d_poll_line_alone_is_the_rendezvous_wait() -> None:
    # hiyouga/LlamaFactory#9350 (both nodes started as node 0); modelscope/ms-swift#3343 printed the next line too
    line = ("waitForInput: poll for socket SocketImpl(fd=66, addr=[::ffff:10.164.0.78]:50434, "
            "remote=[::ffff:10.164.0.78]:29500) returned 0, likely a timeout\n")
    assert lead(line) == ("log.rendezvous_timeout", "application_bug")
    # a collective's watchdog timeout stays the collective's
    watchdog = ("[rank1]:[E ProcessGroupNCCL.cpp:607] [Rank 1] Watchdog caught collective operation timeout: "
                "WorkNCCL(SeqNum=5, OpType=BROADCAST, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800123 "
                "milliseconds before timing out.\n")
    assert lead(watchdog) == ("log.timeout", "hang_collective_mismatch")


def test_vllm_api_server_waiting_on_its_engine_is_no_collective() -> None:
    # QwenLM/Qwen3#1008 and vllm-project/vllm#9230 ("Please check if increaseing the timeout can help")
    line = "ERROR 10-10 01:53:56 client.py:412] TimeoutError: Server didn't reply within 5000 ms\n"
    assert lead(line) == ("log.serving_timeout", "other")
    assert "hang_collective_mismatch" not in [c for _, c in causes(line)]
    # vLLM's workers missing a step's RPC stay a stuck worker
    assert lead("TimeoutError: RPC call to execute_model timed out.\n") != ("log.serving_timeout", "other")


def test_a_store_client_connect_timeout_keeps_a_late_peer_among_its_causes() -> None:
    # InternLM/xtuner#438 (data loading slow on the peer), zai-org/GLM-4#677 (the container's IP configuration)
    line = ("[E socket.cpp:860] [c10d] The client socket has timed out after 1800s while trying to connect to "
            "(33.97.225.68, 58787).\n")
    found = causes(line)
    assert found[0] == ("log.socket_connect_failed", "firewall_or_port_blocked")
    assert {"wrong_interface", "rank_crashed_elsewhere"} <= {c for _, c in found[:4]}
    assert "log.socket_connect_failed" not in ids("Server socket bound to 0.0.0.0:29500\n")


def test_hip_errors_read_as_their_cuda_twins() -> None:
    # sgl-project/sglang#23580 (the program's graph capture), ROCm/pytorch#639, vllm-project/vllm#36180
    capture = ("Exception: Capture cuda graph failed: HIP error: operation failed due to a previous error during capture\n"
               "Search for `hipErrorStreamCaptureInvalidated' in https://docs.nvidia.com/cuda/cuda-runtime-api/"
               "group__HIPRT__TYPES.html for more information.\n")
    assert lead(capture) == ("log.cuda_error", "application_bug")
    assert lead("RuntimeError: HIP error: hipErrorInvalidValue\n") == ("log.cuda_error", "other")
    assert lead("torch.AcceleratorError: HIP error: an illegal memory access was encountered\n") == \
        ("log.cuda_error", "application_bug")
    assert lead("RuntimeError: HIP error: invalid device ordinal\n") == ("log.cuda_error", "application_bug")
    # a HIP error name alone keeps HIP's own reading where one exists
    assert lead("NCCL WARN Cuda failure 'hipErrorOutOfMemory'\n")[1] == "oom"
    # PyTorch's help line alone names the error above it: nothing of its own
    assert lead("Search for `hipErrorInvalidValue' in https://docs.nvidia.com/cuda/cuda-runtime-api/"
                "group__HIPRT__TYPES.html for more information.\n") is None


def test_hcc_and_hsa_status_lines() -> None:
    # ROCm/ROCmValidationSuite#128, ROCm/tensorflow-upstream#92 (a markdown heading of the line), tinygrad#3608
    for line in ("_HCC STATUS_CHECK Error: HSA_STATUS_ERROR_OUT_OF_RESOURCES (0x1008) at file:mcwamp_hsa.cpp "
                 "line:3794_",
                 "### HCC STATUS_CHECK Error: HSA_STATUS_ERROR_OUT_OF_RESOURCES (0x1008) at file:mcwamp_hsa.cpp "
                 "line:3514\nFatal Python error: Aborted",
                 "RuntimeError: HSA Error 4104: HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the "
                 "necessary resources."):
        assert lead(line + "\n") == ("log.hsa_runtime", "cuda_or_driver"), line
    # ROCm/hcc#1163: another status is a kernel's fault
    assert lead("### HCC STATUS_CHECK Error: HSA_STATUS_ERROR_EXCEPTION (0x1016) at file:mcwamp_hsa.cpp line:1193\n"
                "Aborted (core dumped)\n") == ("log.cuda_error", "cuda_or_driver")
    # a Python comment quoted in a traceback stays code
    assert lead("    # HSA_STATUS_ERROR_OUT_OF_RESOURCES is retried below\n") is None


def test_clr_free_memory_decides_out_of_memory() -> None:
    # ROCm/clr#281 ("Available Free mem : 4 MB") is a memory shortage; cms-sw/cmssw#46624 had 62 GB free
    assert lead("Code: 0x1008  Available Free mem : 4 MB\n") == ("log.oom", "oom")
    assert lead("reate internal OS-specific events. Code: 0x1008 Available Free mem : 62084 MB\n") is None
    line = (":0:rocdevice.cpp            :3016: 522882090391d us:  Callback: Queue 0x14878b400000 Aborting with error : "
            "HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. Code: 0x1008 "
            "Available Free mem : 62084 MB\n")
    assert lead(line) == ("log.hsa_runtime", "cuda_or_driver")


def test_amdgpu_ring_timeout_with_the_device_prefix_is_the_gpu() -> None:
    # ROCm/legacy-rocm-build#6313 (a BC-250 freezing after compute work)
    text = ("kvě 25 19:29:48 bc250 kernel: amdgpu 0000:01:00.0: ring sdma0 timeout, signaled seq=309, emitted seq=313\n"
            "kvě 25 19:29:57 bc250 kernel: amdgpu 0000:01:00.0: qcm fence wait loop timeout expired\n")
    assert lead(text) == ("log.gpu_fault", "cuda_or_driver")
    # a collective's timeout stays the collective's
    assert lead("NCCL WARN Timeout waiting for connection from peer 3\n") != ("log.gpu_fault", "cuda_or_driver")


def test_rocm_lines_around_a_fault() -> None:
    # ROCm/hipCaffe#11: a node number bolded by markdown
    assert lead("Memory access fault by GPU **node-2** on address 0x422ea6b000. Reason: Page not present or "
                "supervisor privilege.\n") == ("log.cuda_error", "cuda_or_driver")
    # kokkos/kokkos#7561
    assert lead('5: C++ exception with description "Kokkos ERROR: HIP memory space failed to allocate 4 GiB '
                '(label="v")." thrown in the test body.\n') == ("log.oom", "oom")
    # ROCm/rccl#1454: RCCL's profiler hook warns and runs on
    warn = ("UVOSLinux:2421:2421 [0] /usr/src/debug/rccl/build/hipify/src/misc/api_trace.cc:283 NCCL WARN "
            "[rocprofiler-sdk-rccl][2421] rocprofiler-register failed with error code 4 : Library's API is not "
            "supported\n")
    assert "log.nccl_error" not in ids(warn)
    # vllm-project/vllm#50859 in Buildkite's timestamps: the core dump's pipe is no peer's socket
    text = ("Memory access fault by GPU node-2 (Agent handle: 0x3a0749c0) on address 0x7de557bcb000. Reason: Unknown.\n"
            "bk;t=1785489648216 Failed to write program header to pipe: Broken pipe\n"
            "bk;t=1785489648216 Fatal Python error: Aborted\n")
    found = ids(text)
    assert found[0] == "log.cuda_error" and "log.socket_closed" not in found and "log.abort" not in found


def test_slurm_stops_from_outside_lead_over_srun_s_waiting() -> None:
    # ZettaAI/zetta_utils#671 (time limit), facebookincubator/submitit#1613 (preemption)
    limit = ("srun: Job step aborted: Waiting up to 47 seconds for job step to finish.\n"
             "slurmstepd: error: *** JOB 494583 ON node7 CANCELLED AT 2024-04-20T09:09:37 DUE TO TIME LIMIT ***\n")
    assert lead(limit) == ("log.job_stopped", "other")
    preempt = ("slurmstepd: error: *** JOB 37361369 ON learnfair5146 CANCELLED AT 2021-03-15T18:00:46 DUE TO "
               "PREEMPTION ***\nsrun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
               "slurmstepd: error: Failed to send MESSAGE_TASK_EXIT: Connection refused\n")
    assert lead(preempt) == ("log.job_stopped", "other")
    # a task that failed first keeps the lead
    failed = ("srun: error: node3: task 2: Out Of Memory\n"
              "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n")
    assert lead(failed)[1] == "oom"
    # a real connect failure of Slurm's PMIx plugin stays a connection's
    assert lead("slurmstepd: error:  mpi/pmix_v2: _tcp_connect: lxbk1177 [0]: pmixp_dconn_tcp.c:139: Cannot "
                "establish the connection\n")[1] != "other"


def test_slurm_daemons_unreachable_before_any_task_are_slurm_s() -> None:
    # facebookincubator/submitit#1659 ("the SLURM scheduler is overloaded"), aws-parallelcluster#1122
    assert lead("sbatch: error: Batch job submission failed: Socket timed out on send/recv operation\n") == \
        ("log.slurm_rpc", "other")
    text = ("srun: error: Task launch for 5.0 failed on node ip-172-31-81-213: Communication connection failure\n"
            "srun: error: Application launch failed: Communication connection failure\n"
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
            "srun: error: Timed out waiting for job step to complete\n")
    assert lead(text) == ("log.slurm_rpc", "other")
    # a refusal of the request itself stays the launch's
    assert lead("sbatch: error: Batch job submission failed: Requested node configuration is not available\n") == \
        ("log.launch_config", "application_bug")


def test_slurm_plugins_are_not_nccl_s_network_plugin() -> None:
    # NVIDIA/pyxis#4, facebookincubator/submitit#1769, lyulyul/shine-cluster#29 (the job ran)
    pyxis = ("[2019-09-24T10:10:06.901] [321.0] error: spank: required plugin spank_pyxis.so: init_post_opt() failed "
             "with rc=-1\n[2019-09-24T10:10:06.901] [321.0] error: Plugin stack initialization failed.\n")
    assert lead(pyxis) == ("log.container_start", "other")
    assert lead("Requested GRES option unsupported by configured SelectType plugin\n") == \
        ("log.launch_config", "application_bug")
    cgroup = ("slurmstepd-eureka: error: task/cgroup: hwloc_get_obj_below_by_type() failing, task/affinity plugin "
              "may be required to address bug fixed in HWLOC version 1.11.5\n")
    assert lead(cgroup) is None
    # NCCL's own plugin stays the network plugin's
    assert lead("node1:1:1 [0] NCCL WARN Failed to initialize NET plugin IBext_v8\n") == \
        ("log.net_plugin_error", "net_plugin_error")


def test_slurm_cgroup_enospc_is_no_shared_memory() -> None:
    # Azure/cyclecloud-slurm#388
    line = ("  slurmstepd: error: common_file_write_uints: write value '39981' to '/sys/fs/cgroup/cpuset/slurm/"
            "uid_20006/job_6457/step_batch/cgroup.procs' failed: No space left on device\n")
    assert lead(line) == ("log.node_prolog", "other")
    # /dev/shm running out stays shared memory's
    assert lead("node1:1:1 [0] misc/shmutils.cc:88 NCCL WARN Error: failed to extend /dev/shm/nccl-WU88OE to "
                "9637892 bytes, error: No space left on device (28)\n")[1] == "shm_too_small"


def test_slurm_account_partition_and_memory_wordings() -> None:
    # ArjunaCluster/ArjunaUsers#47, microsoft/nnfusion#520, heronsystems/adeptRL#13, interTwin-eu/itwinai#472
    assert lead('"sbatch: error: Batch job submission failed: Invalid account or account/partition combination '
                'specified"\n') == ("log.launch_config", "application_bug")
    assert lead("srun: error: invalid partition specified: AE\n") == ("log.launch_config", "application_bug")
    assert lead("slurmstepd: Job 1171978 exceeded memory limit (18202456 > 16384000), being killed\n") == \
        ("log.oom", "oom")
    text = ("srun: error: udc-aj36-35: task 0: Exited with exit code 2\n"
            "[2025-12-11T02:29:03.160] error: execve(): bash: No such file or directory\n")
    assert lead(text) == ("log.launch_config", "application_bug")
    # Slurm's own harmless summary stays no OOM (chaos/slurm#54)
    assert lead("slurmstepd: Exceeded step memory limit at some point.\n") != ("log.oom", "oom")


def test_mpi_launchers_own_failures() -> None:
    # pmodels/mpich#6924: singletons under srun, then the user's Ctrl-C
    text = ("PMII_singinit: execv failed: No such file or directory\n"
            "[unset]:   This singleton init program attempted to access some feature\n"
            "^Csrun: interrupt (one more within 1 sec to abort)\n")
    assert lead(text) == ("log.launch_config", "application_bug")
    # horovod/horovod#465: this process's MPI_Init, not a peer's abort
    mpi = ("*** An error occurred in MPI_Init_thread\n*** on a NULL communicator\n"
           "[host1:71142] Local abort before MPI_INIT completed completed successfully,\n")
    assert lead(mpi) == ("log.mpi_runtime", "other")
    # radical.pilot#301: hydra's bootstrap is its launcher; firemodels/fds#8508: Intel MPI 2019's proxies
    hydra = ("[mpiexec@trestles-1-15.sdsc.edu] HYDT_bsci_launcher_pbs_init (./tools/bootstrap/external/pbs_init.c:33): "
             "tm_init() failed with TM error 17002\n")
    assert lead(hydra) == ("log.mpi_launch", "other")
    assert lead("[mpiexec@machine1] main (../../../../../src/pm/i_hydra/mpiexec/mpiexec.c:1881): error setting up the "
                "boostrap proxies\n") == ("log.mpi_launch", "other")
    # NCCL's bootstrap stays the interface's
    assert lead("node1:1:1 [0] NCCL WARN Bootstrap : no socket interface found\n")[1] == "wrong_interface"


def test_hydra_exit_codes_and_pmix_statuses() -> None:
    # je-santos/MPLBM-UT#92 ("caused by a lack of memory"), ggml-org/llama.cpp#4792, open-mpi/ompi#7628
    block = ("=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES\n=   PID 92248 RUNNING AT fzh-desktop\n"
             "=   EXIT CODE: {}\n=   CLEANING UP REMAINING PROCESSES\n")
    assert lead(block.format(9)) == ("log.process_killed", "oom")
    assert lead(block.format(134)) == ("log.process_aborted", "other")
    assert lead(block.format(139)) == ("log.crash", "other")
    assert lead("A request has timed out and will therefore fail:\n\n  Operation:  DMDX: prted/pmix/pmix_server.c:861\n"
                ) == ("log.mpi_runtime", "other")
    # openpmix#2031: PMIX_ERR_UNREACH in numbers; open-mpi/ompi#6533: no PMIx server to join
    assert lead("error: b1275 [0] pmixp_client_v2.c:210 [_errhandler] mpi/pmix: ERROR: Error handler invoked: status "
                "= -25: Success (0)\n") == ("log.remote_exited", "rank_crashed_elsewhere")
    assert lead("[server13:13286] OPAL ERROR: Not initialized in file pmix3x_client.c at line 113\n") == \
        ("log.launch_config", "application_bug")
    # pmodels/mpich#7957: Slurm's PMIx fence
    assert lead("error:  mpi/pmix_v4: pmixp_coll_ring_check: c110-013 [0]: pmixp_coll_ring.c:613: 0x4004b4008840: "
                "unexpected contrib from c110-014:1, expected is 0\n") == ("log.mpi_runtime", "other")
