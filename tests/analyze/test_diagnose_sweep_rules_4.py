"""Rules from the fifth sweep of public threads (NCCL, its net plugins, RCCL, and the layers around them): lines
analyze misread or did not read. Each is quoted from the thread named above its test, and tested on text that must
not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, lead

from ncclkit.logs.analyze import analyze_text


def _ids(text: str) -> list[str]:
    return [f["id"] for f in analyze_text(text)["findings"]]


# aws/aws-ofi-nccl#104 (a channel over the plugin), perplexityai/pplx-garden#4 (libfabric's <info> lines; gdrcopy's pin
# of GPU memory failing).
def test_libfabric_and_plugin_lines_that_state_no_failure() -> None:
    assert "log.ofi_error" not in _ids("[0]:ip-10-0-0-157:24:146 [0] NCCL INFO Channel 00 : 12[1a0] -> 0[160] "
                                       "[receive] via NET/AWS Libfabric/0\n")
    assert "log.ofi_error" not in _ids("libfabric:6413:1763620725::efa:mr:efa_mr_reg_impl():862<info> Registered "
                                       "memory at 0x7f2279f80800 of size 8192 for ibv pd 0x7f212800d7c0\n")
    assert_reads("libfabric:6413:1763620725::core:core:cuda_gdrcopy_dev_register():320<warn> gdr_pin_buffer failed! "
                 "error: Invalid argument ptr: 0xdc12000000 len: 146800640", "log.ofi_error", "gdr_unavailable")
    assert lead("NET/OFI Request completed with error. RC: 5. Error: Input/output error.\n") == (
        "log.ofi_error", "net_plugin_error")


# NVIDIA/pyxis#166 (Slurm's SPANK plugin stack is no net plugin), sweep 8's x11 SPANK option.
def test_slurms_spank_plugins_are_not_net_plugins() -> None:
    assert_reads("slurmstepd: error: spank: required plugin spank_pyxis.so: task_init_privileged() failed with rc=-1",
                 "log.container_start", "other")
    assert "net_plugin_error" not in [c for _, c in causes('srun: error: Ignoring conflicting option "x11" in plugin '
                                                           '"x11"\n')]
    assert lead("NET/Plugin: Plugin load returned 2 : libnccl-net.so: undefined symbol: ncclNetPlugin_v8\n")[1] == \
        "net_plugin_error"


# Sweep 5, files 141 and 103: a constant in quoted Python source, vLLM's memory tip.
def test_words_in_source_lines_and_tips_are_not_failures() -> None:
    assert lead("    result = ray.get(trial_future[0], timeout=DEFAULT_GET_TIMEOUT)\n") is None
    assert lead("INFO 07-08 13:05:31 model_runner.py:928] CUDA graphs can take additional 1~3 GiB memory per GPU. If "
                "you are running out of memory, consider decreasing `gpu_memory_utilization` or enforcing eager "
                "mode.\n") is None
    assert lead("[E] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5, OpType=ALLREDUCE) ran for "
                "600000 milliseconds before timing out.\n") == ("log.timeout", "hang_collective_mismatch")
    assert lead("slurmstepd: error: Detected 1 oom_kill event in StepId=1.0. Some of the step tasks have been OOM "
                "Killed.\n")[1] == "oom"


# vllm-project/vllm#6201 (an old driver) against vllm-project/vllm#3069 (an NCCL built with CUDA 11.0).
def test_graph_capture_refused_is_the_driver_unless_the_nccl_build_is_old() -> None:
    warn = ("h:116024:116024 [0] misc/strongstream.cc:53 NCCL WARN NCCL cannot be captured in a graph if either it "
            "wasn't built with CUDA runtime >= 11.3 or if the installed CUDA driver < R465.\n")
    assert lead(warn) == ("log.version_mismatch", "cuda_or_driver")
    assert lead("h:1:1 [0] NCCL INFO NCCL version 2.19.3+cuda11.0\n" + warn) == ("log.version_mismatch",
                                                                               "nccl_version_mismatch")
    assert lead("h:1:1 [0] NCCL INFO NCCL version 2.19.3+cuda12.1\n" + warn) == ("log.version_mismatch",
                                                                               "cuda_or_driver")


# NVIDIA/nccl#451: the device is not in the container; NCCL then runs on sockets.
def test_ibv_open_device_failing_then_no_device_is_the_socket_fallback() -> None:
    warn = "n:1:2 [0] misc/ibvwrap.cc:212 NCCL WARN Call to ibv_open_device failed\n"
    assert "ib_resource_error" not in [c for _, c in causes(warn + "n:1:2 [0] NCCL INFO NET/IB : No device found.\n")]
    assert lead(warn)[1] == "ib_resource_error"


# ArjunaCluster/ArjunaUsers#46, snakemake-executor-plugin-slurm#225, nebius/soperator#854, NVIDIA/nvidia-docker#1642.
def test_slurm_and_docker_refusals() -> None:
    assert_reads("slurmstepd: error: execve(): /tmp/slurmd/job00089/slurm_script: No such file or directory",
                 "log.launch_config", "other")
    assert_reads("slurmstepd: error: execve(): python3: No such file or directory", "log.launch_config",
                 "application_bug")
    assert_reads("srun: error: Task launch for StepId=125452.4 failed on node node1: Unable to layout tasks on given "
                 "cpus", "log.launch_config", "application_bug")
    assert_reads("salloc: error: Node failure on worker-1", "log.remote_exited", "rank_crashed_elsewhere")
    assert_reads("docker: Error response from daemon: could not select device driver with capabilities: [[gpu]].",
                 "log.cuda_error", "cuda_or_driver")


# Sweep 7 (multi-GPU serving): SGLang's disaggregation handshake is its own "bootstrap" (sgl-project/sglang#10110,
# #9926, kvcache-ai/Mooncake#851); a cancelled request names nothing.
def test_sglangs_kv_transfer_failures_are_the_other_instance() -> None:
    for line in ("[2025-09-01 10:00:00 TP1] Decode transfer failed for request rank=1 decode_req.req.rid='3ce8' "
                 "decode_req.req.bootstrap_room=1655955501905217457 with exception KVTransferError(bootstrap_room="
                 "1655955501905217457): Failed due to an unknown reason from another rank",
                 "[2025-09-01 10:00:00] Prefill bootstrap failed for request rank=2 req.rid='d3fd' "
                 "req.bootstrap_room=5 with exception KVTransferError(bootstrap_room=5): Request 5 timed out after "
                 "300.0s in KVPoll.Bootstrapping",
                 "[2025-09-01 10:00:00 TP6 EP6] Some requests fail to receive KV Cache transfer done signal after "
                 "bootstrapping. If a greater mean TTFT is acceptable, you can 'export "
                 "SGLANG_DISAGGREGATION_WAITING_TIMEOUT=600' (10 minutes)"):
        assert_reads(line, "log.remote_exited", "rank_crashed_elsewhere")
    assert lead("[TP0] Decode transfer failed for request rank=0 decode_req.req.rid='aa' with exception "
                "KVTransferError(bootstrap_room=1): Aborted by AbortReq.\n") is None
    assert lead("node1:1:2 [0] bootstrap.cc:1 NCCL WARN Bootstrap : no socket interface found\n")[1] in (
        "wrong_interface", "no_interface")


# ray-project/ray#45179, vllm-project/vllm#14186 and #2669; LMCache/LMCache#605;
# kvcache-ai/Mooncake#197; vllm-project/vllm#32105.
def test_serving_stacks_resources_and_transports() -> None:
    assert_reads("(raylet) Raylet is terminated. Termination is unexpected. Possible reasons include: (1) SIGKILL by "
                 "the user or system OOM killer, (2) Invalid memory access from Raylet causing SIGSEGV or SIGBUS",
                 "log.remote_exited", "rank_crashed_elsewhere")
    assert_reads("(autoscaler +13s) Error: No available node types can fulfill resource request {'GPU': 16.0, 'CPU': "
                 "1.0}. Add suitable node types to this cluster to resolve this issue.", "log.launch_config",
                 "application_bug")
    assert_reads("Memory on the node (IP: 10.0.0.2, ID: 4a7e) where the task was running was 12.49GB / 13.15GB "
                 "(0.950003), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: 5) "
                 "because it was the most recently scheduled task.", "log.oom", "oom")
    assert_reads("[1700000000.1] ucp_context.c:1321 UCX  WARN  transports 'cuda_ipc','cuda_copy' are not available, "
                 "please use one or more of: mm, posix, self, shm, sm, sysv, tcp", "log.net_plugin_error",
                 "net_plugin_error")
    assert_reads("E0414 10:00:00.000000 1 client.cpp:170] Failed to start put operation: NO_AVAILABLE_HANDLE",
                 "log.oom", "oom")
    assert_reads("ValueError: To serve at least one request with the models's max seq len (202752), (71.16 GiB KV "
                 "cache is needed, which is larger than the available KV cache memory (28.57 GiB).", "log.oom", "oom")
    assert lead("The actor is dead because it was killed by `ray.kill`.\n") is None
    assert lead("srun: error: node1: tasks 0-7: Killed\n") == ("log.process_killed", "oom")


# ai-dynamo/dynamo#814 (GID index 0 on RoCE), sgl-project/sglang#27894; aikitoria/open-gpu-kernel-modules#4.
def test_ucx_verbs_objects_and_nvshmems_heap_by_their_status() -> None:
    assert_reads("[1700000000.1] [n:1:0] ib_device.c:1 UCX  ERROR   ibv_create_ah(dlid=0 sl=0 dgid=fe80::1 "
                 "sgid_index=0 traffic_class=0) for UD mlx5 connect on mlx5_0 failed: No such device",
                 "log.gid_error", "gid_index_or_roce_config")
    assert_reads("[1700000000.1] [n:1:0] ib_mlx5dv_md.c:1 UCX  ERROR   mlx5dv_devx_obj_create(CQ) failed on mlx5_1, "
                 "syndrome 0x2aac7c: Remote I/O error", "log.ibv_call_failed", "ib_resource_error")
    assert_reads("nvshmem_src/src/host/mem/mem_heap.cpp:1510: non-zero status: 101 cuMemCreate failed",
                 "log.cuda_error", "cuda_or_driver")
    assert_reads("nvshmem_src/src/host/mem/mem_heap.cpp:1510: non-zero status: 2 cuMemCreate failed", "log.oom", "oom")


# NVIDIA/nccl#1291: one node bootstraps on ib0's IPv6 link-local address, which no other node can reach.
def test_a_link_local_bootstrap_address_across_hosts_is_the_interface() -> None:
    log = ("gh1:180172:180172 [0] NCCL INFO Bootstrap : Using ib0:fe80::a288:c203:d2:aaf2%ib0<0>\n"
           "gh2:9746:9746 [0] NCCL INFO Bootstrap : Using bond0:10.1.2.3<0>\n")
    assert lead(log) == ("env.ifname_virtual", "wrong_interface")
    assert "env.ifname_virtual" not in _ids(log.splitlines(keepends=True)[0])  # one host: the link is enough
    routable = log.replace("ib0:fe80::a288:c203:d2:aaf2%ib0", "ib0:10.9.9.9")
    assert "env.ifname_virtual" not in _ids(routable)
