"""Rules from the ninth to thirteenth sweeps of public threads (the GPU and its host, other communication stacks,
research repositories, RL weight synchronisation, slow jobs) and the sweep lines left over before them. Each line is
quoted from the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, lead

from ncclkit.logs.analyze import analyze_text


# gensyn-ai/rl-swarm#197: a TUN-mode proxy's fake-IP DNS answered for the master's name.
def test_a_fake_ip_of_a_proxy_is_the_name_resolution() -> None:
    line = ("[W427 01:04:16.149509694 socket.cpp:752] [c10d] The client socket has failed to connect to "
            "[::ffff:198.18.0.1]:3254 (errno: 110 - Connection timed out).\n")
    assert lead(line) == ("log.master_addr_fake_ip", "hostname_resolution")
    # 198.20.x.x is outside 198.18.0.0/15: an ordinary address that timed out is no resolution problem
    assert lead(line.replace("198.18.0.1", "198.20.0.1"))[1] != "hostname_resolution"


# hpcaitech/Open-Sora#667: a job id given as the master address, read by the resolver as 0.104.99.143.
def test_a_master_address_of_digits_alone_is_no_host() -> None:
    text = ("[W socket.cpp:697] [c10d] The client socket has failed to connect to 0.104.99.143:47389 (errno: 110 - "
            "Connection timed out).\n[E socket.cpp:753] [c10d] The client socket has failed to connect to any network "
            "address of (6841231, 47389).\n")
    assert lead(text) == ("log.master_addr_number", "hostname_resolution")
    assert lead(text.replace("6841231", "10.0.0.7"))[0] != "log.master_addr_number"


# anhvth/opensloth#14 (IPv6 switched off in the kernel, the thread's cause) against a real error beside the warning.
def test_ipv6_switched_off_leads_only_a_paste_with_nothing_else() -> None:
    warn = ("[W729 12:37:15.952489580 socket.cpp:752] [c10d] The client socket cannot be initialized to connect to "
            "[localhost]:29501 (errno: 97 - Address family not supported by protocol).\n")
    assert lead(warn) == ("log.ipv6_off", "other")
    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n"
    assert lead(warn + oom)[1] == "oom"


# trixie-cluster/trixie#55: one node's processes crashed inside libcuda (its GPU was replaced); abrt's report of the
# signal is a crash, not the OOM killer.
def test_a_segfault_inside_the_driver_library_is_the_driver() -> None:
    kernel = ("Mar 24 09:53:55 cn110 kernel: python[3551]: segfault at 1378 ip 00007fff859dbeff sp 00007fff3b60ce60 "
              "error 4 in libcuda.so.418.67[7fff858c5000+dec000]\n")
    assert lead(kernel) == ("log.cuda_error", "cuda_or_driver")
    assert lead(kernel.replace("libcuda.so.418.67", "libc-2.17.so")) == ("log.crash", "other")
    abrt = ("Mar 24 11:31:44 cn110 abrt-hook-ccpp: Process 18817 (python3.7) of user 171971032 killed by SIGSEGV - "
            "dumping core\n")
    assert lead(abrt)[1] != "oom"
    assert lead(abrt.replace("SIGSEGV", "SIGKILL")) == ("log.process_killed", "oom")


# Sweep 9: the same CUDA errors in other programs' wrappings (pytorch#40671's THC, SYSTRAN/faster-whisper#653,
# mitmul/pynvvl#18, NVIDIA/caffe#336, yhlleo/DeepSegmentor#31), each read by its error string.
def test_cuda_errors_in_every_wrapping_are_read_by_their_string() -> None:
    for line in ("RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before "
                 "calling NumCudaDevices() that might have already set an error? Error 804: forward compatibility was "
                 "attempted on non supported HW",
                 "RuntimeError: cuda runtime error (804) : forward compatibility was attempted on non supported HW at "
                 "/opt/conda/conda-bld/pytorch_1591914855613/work/aten/src/THC/THCGeneral.cpp:47",
                 "RuntimeError: CUDA failed with error forward compatibility was attempted on non supported HW",
                 "CUDA runtime error 3 at line 15 in file /nvvl/src/detail/Decoder.cpp: initialization error",
                 "Check failed: error == cudaSuccess (3 vs. 0) initialization error"):
        assert lead(line + "\n") == ("log.cuda_error", "cuda_or_driver"), line
    # the string decides: a device ordinal past the visible GPUs is the program's, in any wrapping
    assert lead("Check failed: error == cudaSuccess (101 vs. 0) invalid device ordinal\n") == (
        "log.cuda_error", "application_bug")
    # a success check that passed names nothing
    assert lead("cudaGetDeviceCount returned 8\n") is None


# ecmwf/anemoi-core#430 (every rank on GPU 0 in exclusive-process mode), PIConGPU PR#757 (the device set after
# the context existed).
def test_busy_gpus_offer_the_program_and_a_device_set_late_is_the_program() -> None:
    busy = causes("RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable\n")
    assert busy[0][1] == "cuda_or_driver" and "application_bug" in [c for _, c in busy[:3]]
    assert lead("RuntimeError: CUDA error: cannot set while device is active in this process\n") == (
        "log.cuda_error", "application_bug")


# nvidia/libnvidia-container#231, nvidia-docker#481 and #709, gpu-operator#206, pyxis#47, bibigrid#705, gdrcopy#242
# and #206, gpu-operator#118 and #668: the driver, its modules and device nodes, GDRCopy and MIG under the job.
def test_the_driver_under_the_job_its_modules_nodes_gdrcopy_and_mig() -> None:
    for line, want in (
            ("nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared "
             "object file: no such file or directory", ("log.gpu_missing", "cuda_or_driver")),
            ("modprobe: FATAL: Module nvidia_uvm not found in directory /lib/modules/4.4.0-83-generic",
             ("log.gpu_missing", "cuda_or_driver")),
            ("ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most frequently when this kernel "
             "module was built against the wrong or improperly configured kernel sources",
             ("log.gpu_missing", "cuda_or_driver")),
            ("/usr/bin/ls: cannot access '/dev/nvidia0': No such file or directory", ("log.gpu_missing",
                                                                                      "cuda_or_driver")),
            ("insmod: ERROR: could not load module src/gdrdrv/gdrdrv.ko: No such file or directory",
             ("log.gdrcopy_error", "gdr_unavailable")),
            ("gdrdrv:__gdrdrv_pin_buffer:nvidia_p2p_get_pages(va=7f0000000000 len=65536 p2p_token=0 va_space=0) "
             "failed [ret = -22]", ("log.gdrcopy_error", "gdr_unavailable")),
            ("Warning: MIG mode is in pending disable state for GPU 00000000:C1:00.0:In use by another client",
             ("log.gpu_fault", "cuda_or_driver"))):
        assert lead(line + "\n") == want, line
    # another module, another device file
    assert lead("modprobe: FATAL: Module nvidia_peermem not found in directory /lib/modules/5.15.0\n") != (
        "log.gpu_missing", "cuda_or_driver")
    assert lead("ls: cannot access '/dev/infiniband/uverbs0': No such file or directory\n") != (
        "log.gpu_missing", "cuda_or_driver")


# pop-os/pop#3363: the PCIe error report's decoded bits; ray-project/ray#58638: a node Ray lost.
def test_pcie_status_bits_are_no_timeout_and_a_lost_ray_node_is_elsewhere() -> None:
    aer = ("Sep 19 16:18:02 bubz kernel: [68183.615810] pcieport 0000:00:03.1: PCIe Bus Error: severity=Correctable, "
           "type=Data Link Layer, (Transmitter ID)\nSep 19 16:18:02 bubz kernel: [68183.615826] pcieport "
           "0000:00:03.1:    [12] Timeout               \n")
    assert lead(aer) is None
    assert lead(aer.replace("severity=Correctable", "severity=Uncorrectable (Fatal)"))[1] == "other"
    assert lead("Task failed because the node it was running on is dead or unavailable. Node IP: 127.0.0.1, node "
                "ID: e55b8ca0. This can happen if the node was preempted, had a hardware failure, or its raylet "
                "crashed unexpectedly.\n") == ("log.remote_exited", "rank_crashed_elsewhere")


# Sweeps 10 and 12: the communication stacks beside NCCL, each line from the thread named in its row's comment
# (open-mpi/ompi#3009, horovod#361 and #298, ml-explore/mlx#2540, openai/glow#99, openucx/ucx PR#9674, #10651 and
# #10055, oneCCL, sglang's NVSHMEM, Triton-distributed#107, mesh-transformer-jax#90, marin#1933, tf-encrypted#368,
# geoschem#822).
def test_lines_of_the_communication_stacks_beside_nccl() -> None:
    for line, want in (
            ("Open MPI has detected that this process has attempted to initialize MPI (via MPI_INIT or "
             "MPI_INIT_THREAD) more than once.  This is erroneous.", ("log.framework_usage", "application_bug")),
            ("[cu12:227017] ../../../../../ompi/mca/pml/ucx/pml_ucx.c:226 Error: UCP worker does not support "
             "MPI_THREAD_MULTIPLE", ("log.mpi_transport", "other")),
            ("mpirun noticed that process rank 1 with PID 0 on node tw-mbp-gbai exited on signal 4 (Illegal "
             "instruction: 4).", ("log.crash", "other")),
            ("[balthasar][[59259,1],0][btl_tcp_endpoint.c:857:mca_btl_tcp_endpoint_start_connect] peer: melchior "
             "Unable to connect to the peer 192.168.68.53 on port 1024: No route to host",
             ("log.socket_connect_failed", "firewall_or_port_blocked")),
            ("was unable to find any relevant network interfaces:", ("log.no_ib_device", "socket_fallback")),
            ("[1707374670.430287] [node1:1409 :0]        ib_iface.c:1031 UCX  ERROR   iface=0x55555564cfa0: failed to "
             "create RC QP TX wr:256 sge:5 inl:64 resp:64 RX wr:0 sge:1 resp:64: File exists failed: File exists",
             ("log.ibv_create_qp_failed", "ib_resource_error")),
            ("DIAG  client ep 0x7ff15739e000 connect to 10.16.29.58:8124 failed: device br-vsw-1 is not enabled, "
             "enable it in UCX_NET_DEVICES or use corresponding ip address", ("log.no_interface", "wrong_interface")),
            ("[1723681687.718064] [ai-worker02:1225 :0]     tl_shm_team.c:617  TL_SHM ERROR Child failed to attach "
             "to shmseg, errno: Invalid argument", ("log.shm_error", "shm_too_small")),
            ("|CCL_ERROR| worker.cpp:338 ccl_worker_func: worker 0 caught internal exception: oneCCL: ze_call.cpp:28 "
             "do_call: EXCEPTION: ze error at zeCommandQueueExecuteCommandLists, code: "
             "ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY", ("log.oom", "oom")),
            ("/sgl-workspace/nvshmem/src/modules/transport/ibrc/ibrc.cpp:304: NULL value cq creation failed",
             ("log.ibv_create_cq_failed", "ib_resource_error")),
            ("[rank2]: nvshmem.core.nvshmem_types.NvshmemInvalid: NVSHMEM Library is not initialized",
             ("log.framework_usage", "application_bug")),
            ("2021-08-12 18:16:23.302001: E external/org_tensorflow/tensorflow/compiler/xla/pjrt/"
             "pjrt_stream_executor_client.cc:1960] Execution of replica 0 failed: Resource exhausted: Failed to "
             "allocate request for 20.18GiB (21670470184B) on device ordinal 0", ("log.oom", "oom")),
            ("jaxlib.xla_extension.XlaRuntimeError: DEADLINE_EXCEEDED: Barrier timed out. Barrier_id: "
             "multihost_broadcast_sync0. Timed out task names:", ("log.remote_exited", "rank_crashed_elsewhere")),
            ("tensorflow.python.framework.errors_impl.UnavailableError: Socket closed",
             ("log.remote_exited", "rank_crashed_elsewhere")),
            ("srun: error: Couldn't find the specified plugin name for mpi/pmix looking at all files",
             ("log.launch_config", "application_bug"))):
        assert lead(line + "\n") == want, line
    # the same words where nothing failed
    assert lead("[1707374670.430287] [node1:1409 :0]  ib_iface.c:1031 UCX  DEBUG created RC QP 0x1a2 on mlx5_0\n") \
        is None
    assert lead("mpirun noticed that process rank 1 with PID 0 on node n1 exited on signal 9 (Killed).\n") != (
        "log.crash", "other")


# Sweeps 11 and 12: torch's own refusals (sglang's TP workers, pytorch#130890, OpenRLHF, pytorch#54927,
# SuperGlue_training#1, salesforce/PCL#10, LlamaFactory#5769, Lightning#1540) and a bare completion status
# (monarch's RDMABuffer).
def test_torch_refusals_and_a_bare_completion_status() -> None:
    for line, want in (
            ("Attempted to send CUDA tensor received from another process; this is not currently supported. "
             "Consider cloning before sending.", ("log.framework_usage", "application_bug")),
            ("RuntimeError: pidfd_getfd: Operation not permitted", ("log.host_setting", "other")),
            ("RuntimeError: The kernel on this machine does not support the pidfd_open syscall needed to use IPC for "
             "CUDA tensors when expandable_segments:True is set.", ("log.host_setting", "other")),
            ("RuntimeError: Inplace update to inference tensor outside InferenceMode is not allowed.",
             ("log.framework_usage", "application_bug")),
            ("RuntimeError: agent INTERNAL ASSERT FAILED at \"/pytorch/torch/csrc/distributed/rpc/rpc_agent.cpp\":247, "
             "please report a bug to PyTorch. Current RPC agent is not set!", ("log.framework_usage",
                                                                              "application_bug")),
            ("torch.nn.modules.module.ModuleAttributeError: 'DistributedDataParallel' object has no attribute "
             "'forward_train'", ("log.framework_usage", "application_bug")),
            ("RuntimeError: Error(s) in loading state_dict for DistributedDataParallel:",
             ("log.framework_usage", "application_bug")),
            ("[rank2]: . This may indicate a possible application crash on rank 0 or a network set up issue.",
             ("log.remote_exited", "rank_crashed_elsewhere")),
            ("THCudaCheck FAIL file=/pytorch/torch/csrc/cuda/Module.cpp line=59 error=101 : invalid device ordinal",
             ("log.cuda_error", "application_bug")),
            ("IBV_WC_REM_ACCESS_ERR", ("log.ib_completion_error", "acs_iommu_p2p"))):
        assert lead(line + "\n") == want, line
    assert lead("    if wc.status != IBV_WC_SUCCESS:\n") is None
    assert lead("THCudaCheck FAIL file=/pytorch/aten/src/THC/THCGeneral.cpp line=50 error=2 : out of memory\n")[1] \
        == "oom"


# deepspeedai/Megatron-DeepSpeed#338: at key 32 the groups before passed their barriers through the same store.
def test_a_store_barrier_past_the_first_group_is_ranks_that_did_not_create_it() -> None:
    late = ("RuntimeError: Timed out initializing process group in store based barrier on rank: 7, for key: "
            "store_based_barrier_key:32 (world_size=8, worker_count=4, timeout=0:00:30)\n")
    assert lead(late) == ("log.store_barrier", "hang_collective_mismatch")
    assert lead(late.replace("key:32", "key:1"))[1] == "firewall_or_port_blocked"


# Sweep 12 file 126: Python source lines a traceback quotes under its frames are code, not a timeout.
def test_source_lines_under_traceback_frames_are_not_read() -> None:
    frames = ('  File "/ray/dag/compiled_dag_node.py", line 2115, in _execute_until\n'
              "    self._dag_output_fetcher.read(timeout),\n"
              '  File "/ray/experimental/channel/common.py", line 296, in read\n'
              "    outputs = self._read_list(timeout)\n")
    assert lead(frames) in (None, ("log.base_rate", "application_bug"))  # no reading: at most the prior
    assert lead(frames + "ray.exceptions.RayChannelTimeoutError: System error: Timed out waiting for the channel\n") \
        is not None


# rwth-i6/returnn#1469: the OOM message lists other ranks' processes on this GPU; SGLang's colocated engine.
def test_an_oom_shared_with_other_ranks_is_the_device_choice() -> None:
    shared = ("OutOfMemoryError: CUDA out of memory. Tried to allocate 52.00 MiB. GPU 0 has a total capacty of 31.74 "
              "GiB of which 39.62 MiB is free. Process 101553 has 1.19 GiB memory in use. Process 101552 has 1.19 GiB "
              "memory in use. Process 101563 has 1.19 GiB memory in use.\n")
    assert causes(shared)[:2] == [("log.framework_usage", "application_bug"), ("log.alternative", "oom")]
    alone = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
             "79.15 GiB of which 1.2 GiB is free. Including non-PyTorch memory, this process has 77.9 GiB memory in "
             "use.\n")
    assert lead(alone) == ("log.oom", "oom")
    assert lead("ValueError: Loaded weights leave no GPU memory for the KV cache under --mem-fraction-static=0.5. "
                "Raise above 0.627\n") == ("log.oom", "oom")


# Sweep 13 (slow jobs): NCCL's INFO note that P2P is off between PCIe-connected GPUs (graph/paths.cc, printed on
# healthy consumer-GPU runs: TensorRT-LLM#2225) is no error; its NVLink form is NCCL stopping on a fault. lsmod's
# listing shows the peer-memory module loaded; lspci's PCIe capability is no timeout.
def test_healthy_lines_of_slow_jobs_are_not_failures() -> None:
    pcie = ("bcc-gpu4090-offline-1:89404:89404 [2] NCCL INFO P2P is disabled between connected GPUs 6 and 7. You can "
            "repress this message with NCCL_IGNORE_DISABLED_P2P=1.\n")
    found = analyze_text(pcie)["findings"]
    assert found[0]["id"] == "log.p2p_error" and found[0]["severity"] == "info"
    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n"
    assert lead(pcie + oom) == ("log.oom", "oom")
    assert lead("h:1:1 [0] graph/paths.cc:396 NCCL WARN P2P is disabled between NVLINK connected GPUs 1 and 2. This "
                "should not be the case given their connectivity, and is probably due to a hardware issue.\n") == (
        "log.p2p_error", "cuda_or_driver")
    assert lead("nvidia              19683928  4 nv_peer_mem,gdrdrv,nvidia_modeset,nvidia_uvm\n") is None
    assert lead("nv_peer_mem is not loaded\n") == ("log.gdr_disabled", "gdr_unavailable")
    assert lead("\t\tDevCap2: Completion Timeout: Range ABC, TimeoutDis+, NROPrPrP-, LTR-\n") is None


# Sweep 14: a build without the GPU's kernels is NCCL's in NCCL's words (NVIDIA/nccl#444) and the framework's
# elsewhere (pytorch/pytorch#10002, #44828, ROCm/hip#2187); vLLM's driver node without a GPU (vllm#3190).
def test_a_build_without_the_gpus_kernels_is_the_build_that_says_so() -> None:
    torch_build = ("THCudaCheck FAIL file=/pytorch/aten/src/THC/THCTensorMath.cu line=244 error=48 : no kernel image "
                   "is available for execution on the device\n")
    assert causes(torch_build)[:2] == [("log.cuda_error", "cuda_or_driver"),
                                       ("log.alternative", "nccl_version_mismatch")]
    assert lead("h:1:1 [0] enqueue.cc:215 NCCL WARN Cuda failure 'invalid device function'\n") == (
        "log.cuda_error", "nccl_version_mismatch")
    assert lead(":3:hip_platform.cpp  :715 : init: Returned hipErrorNoBinaryForGpu : continue parsing remaining "
                "modules\n") == ("log.cuda_error", "cuda_or_driver")
    assert lead("Ray does not allocate any GPUs on the driver node. Consider adjusting the Ray placement group or "
                "running the driver on a GPU node.\n") == ("log.launch_config", "application_bug")


# Round 70's topology paste: a channel NCCL set up over SHM is a transport, not a shared-memory failure.
def test_a_channel_over_shm_is_no_shm_failure() -> None:
    assert lead("Channel 00 : 1[1] -> 0[0] via SHM/direct/direct\n") is None
    assert lead("h:1:1 [0] transport/shm.cc:90 NCCL WARN SHM failed\n") == ("log.shm_error", "shm_too_small")


# Sweep 15 (hangs): pytorch PR#140969 (fr_trace), jax#6896, vLLM's wait for its broadcast (a progress line, as the
# vLLM catalogue reads it: 1Cat-vLLM#652), jax#35905, sglang#3752, pytorch#76287,
# legacy-rocm-build#4021, vllm#19204 (NCCL's RAS port), yolov5#7304 (an update check).
def test_lines_around_stalls_and_hangs() -> None:
    blocks = open_blocks(_HANG_LINES)
    wants = [("log.collective_mismatch", "hang_collective_mismatch"),
             ("log.collective_mismatch", "hang_collective_mismatch"), None,
             ("log.socket_connect_failed", "firewall_or_port_blocked"), ("log.timeout", "hang_collective_mismatch"),
             ("log.remote_exited", "rank_crashed_elsewhere"), ("log.gpu_fault", "cuda_or_driver"), None, None]
    for block, want in zip(blocks, wants, strict=True):
        assert lead(block) == want, block
    # a keep-alive that worked, a coordinator call that answered
    assert lead("INFO:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node 'n1_1_0' has joined round 0 "
                "of the rendezvous 'none' as rank 0 in a world of size 2.\n") is None


def open_blocks(text: str) -> list[str]:
    return [block.strip("\n") + "\n" for block in text.split("\n@@\n")]


_HANG_LINES = """Not all ranks joining collective: sequence number: 31117
@@
2021-06-08 10:00:00.000000: W external/org_tensorflow/tensorflow/compiler/xla/service/collective_ops_utils.h:209] \
This thread has been waiting for 5000ms for and may be stuck: participant for device ordinal 1, stream 0x5594682cb160 \
waiting for all participants to arrive at rendezvous RendezvousKey{run_id=RunId: 5}
@@
(EngineCore_DP0 pid=323240) INFO 12-09 11:25:53 [shm_broadcast.py:466] No available shared memory broadcast block \
found in 60 seconds. This typically happens when some processes are hanging or doing some time-consuming work (e.g. \
compilation).
@@
jaxlib.xla_extension.XlaRuntimeError: DEADLINE_EXCEEDED: Deadline Exceeded
Additional GRPC error information from remote target unknown_target_for_coordination_leader while calling \
/tensorflow.CoordinationService/RegisterTask:
@@
[2025-03-09 00:57:15 TP4] Watchdog timeout (self.watchdog_timeout=300)
[2025-03-09 00:57:15 TP4] self.cur_batch.batch_size()=1
Killed
@@
WARNING:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node 'jean-zay-iam37-ib0_187281_0' has failed to \
send a keep-alive heartbeat to the rendezvous 'none' due to an error of type RendezvousConnectionError.
@@
HW Exception by GPU node-9 (Agent handle: 0x631351bb5a20) reason :GPU Hang
@@
[2025-06-05 10:45:19] paula09:2528103:2528103 [0] ras/client_support.cc:160 NCCL WARN Call to bind failed: Address \
already in use
@@
github: Command 'git fetch && git config --get remote.origin.url' timed out after 5 seconds"""


# Sweep 13 file 012 (mpirun --timestamp-output): the prefix is stripped and the table read.
def test_open_mpi_timestamped_lines_are_undecorated() -> None:
    head = "Thu Jul 18 15:41:05 2024<stdout>:"
    text = (f"{head}#       size         count      type   redop    root     time   algbw   busbw #wrong     time   "
            "algbw   busbw #wrong\n"
            f"{head}#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  "
            "(GB/s)  (GB/s)\n"
            f"{head}     1048576        262144     float     sum      -1    354.9    2.95    5.76      0    345.7    "
            "3.03    5.92      0\n")
    out = analyze_text(text)
    assert out["kind"] == "nccl_tests"
    assert any(f["id"] == "tests.bandwidth" and "5.76" in f["message"] for f in out["findings"])
