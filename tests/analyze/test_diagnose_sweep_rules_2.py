"""Rules from the third and fourth sweeps of public threads (NCCL and PyTorch issues; model makers' and their users'
repositories): lines analyze did not read, read with a cause their thread contradicts, or read as a cause when they
state none. Each is quoted from the thread named above its test, and tested on the text that must not trigger it."""

from __future__ import annotations

from line_reading import IN_NCCL_LOG, assert_reads, causes, lead

from ncclkit.logs.analyze import analyze_text


def _ids(text: str) -> list[str]:
    return [f["id"] for f in analyze_text(text)["findings"]]


# NVIDIA/nccl#1052 (2.18): the older WARN names no peer ("from peer with error 4"); status 4 is the local protection
# error maintainers tie to ACS with GPUDirect RDMA (nccl#928).
def test_an_older_completion_warn_without_a_peer_is_decoded() -> None:
    warn = ("node1:1:2 [0] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer with error {}, opcode "
            "0, len 0, vendor err 81 (Send) localGid ::ffff: remoteGid ::ffff:\n")
    assert lead(warn.format(4)) == ("log.ib_completion_error", "acs_iommu_p2p")
    message = analyze_text(warn.format(4))["findings"][0]["message"]
    assert "status 4 = IBV_WC_LOC_PROT_ERR" in message and "peer ?" not in message
    assert lead(warn.format(12)) == ("log.ib_completion_error", "ib_timeout_or_retry")


# NVIDIA/nccl#1519: Google's FastSocket is TCP and prints that it has no GDR on every run.
def test_fastsocket_without_gdr_is_no_finding_net_ib_without_it_is() -> None:
    line = "nathan-h100-1:13878:13953 [0] NCCL INFO NET/{} : GPU Direct RDMA Disabled for HCA 0 '{}'{}\n"
    assert lead(line.format("FastSocket", "eth0", "")) is None
    assert lead(line.format("IB", "mlx5_0", " (no module or not supported by GPU)")) == ("log.no_gdrdma",
                                                                                        "gdr_unavailable")


# NVIDIA/nccl#1737 pasted `lsmod` to show peer memory was loaded; aws/aws-k8s-tester#464 is a passing EFA run.
def test_a_loaded_module_and_libfabrics_optional_gdrcopy_name_nothing() -> None:
    assert lead("nvidia_peermem         16384  0\n") is None
    assert lead("gdrdrv                 24576  0\n") is None
    assert lead("[1,1]<stderr>:libfabric:21:1722447956::core:core:cuda_gdrcopy_hmem_init():192<warn> "
                "gdrcopy_dl_hmem_init failed!\n") is None
    assert lead("modprobe: FATAL: Module nvidia_peermem not found in directory /lib/modules/5.15.0-91-generic\n") \
        == ("log.gdr_disabled", "gdr_unavailable")


# NVIDIA/nccl#1584: an interface NCCL used, in a log with no failure, is no cause; ray-project/ray#42652's line alone
# (Ray's injected list broke the job) stays the lead, and so does the variable beside a failure.
def test_an_interface_variable_is_a_cause_only_beside_a_failure() -> None:
    ok = ("NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0\nNCCL INFO Bootstrap: Using eth0:10.7.147.73<0>\n"
          "NCCL INFO NCCL version 2.24.3+cuda12.2\nNCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v9 symbol.\n")
    assert lead(ok) is None
    ray = ("(RayTrainWorker pid=11904, ip=jwb0582i) jwb0582:11904:12354 [0] NCCL INFO NCCL_SOCKET_IFNAME set by "
           "environment to ^lo,docker,veth\n")
    assert lead(ray) == ("log.env_set", "wrong_interface")
    failed = ok + "node1:1:2 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.7.147.74<45123> " \
                  "failed : Software caused connection abort\n"
    assert ("log.env_set", "wrong_interface") in causes(failed) or lead(failed)[1] == "wrong_interface"


# PaddlePaddle/PaddleYOLO#121 (Paddle's launcher echoing its settings), Transformer Engine's userbuffers progress
# (transformer_engine/pytorch/module/base.py before fa4b866).
def test_settings_and_progress_echoes_are_not_timeouts_or_bootstrap_errors() -> None:
    assert lead("LAUNCH INFO 2023-04-06 22:26:19,689 elastic_timeout: 30\n") is None
    assert lead('!!! [NVTE] Bootstrapping Userbuffers with backend="nccl"\n') is None
    assert lead("[E] rendezvous: elastic timeout reached after 30 seconds waiting for nodes\n") == (
        "log.timeout", "hang_collective_mismatch")


# PaddlePaddle/Paddle#24809 (glog's failure banner), MIV-XJTU/JanusVLN#12 (torchrun's worker aborted itself).
def test_a_process_that_died_on_its_own_signal_is_not_a_peer() -> None:
    assert_reads('*** Aborted at 1590748026 (unix time) try "date -d @1590748026" if you are using GNU date ***',
                 "log.crash", "other")
    assert_reads("[2024-01-01 00:00:00,000] torch.distributed.elastic.multiprocessing.api: [ERROR] failed "
                 "(exitcode: -6) local_rank: 0 (pid: 123) of binary: /usr/bin/python", "log.process_aborted", "other")
    assert lead("[ERROR] failed (exitcode: -9) local_rank: 0 (pid: 123) of binary: /usr/bin/python\n") == (
        "log.process_killed", "oom")


# zai-org/ChatGLM3#1174 (graph/paths.cc, the SIGTERM after it is torchrun's), ROCm/rccl#1728 (alt_rsmi.cc),
# NVIDIA/nccl#977 (a topology file's PCI paths a VM lacks, logged at INFO).
def test_topology_failures_lead_over_the_launchers_teardown() -> None:
    paste = ("DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1275, internal "
             "error, NCCL version 2.14.3\nncclInternalError: Internal check failed.\nLast error:\nFailed to find "
             "reverse path from remNode 0/c1000 nlinks 4 to node 0/1d000\nWARNING:torch.distributed.elastic."
             "multiprocessing.api:Sending process 1957665 closing signal SIGTERM\n")
    assert lead(paste) == ("log.topology_error", "topology_or_numa")
    assert lead("node-0:188802:188814 [1] /src/rccl/build/hipify/src/misc/alt_rsmi.cc:653 NCCL WARN Could not read "
                "node # 4\n") == ("log.topology_error", "topology_or_numa")
    assert lead("hpc-10:52319:52461 [3] NCCL INFO Could not find real path of /sys/class/pci_bus/0000:4f/../../0000:"
                "4f:00.0\n") == ("log.topology_error", "topology_or_numa")
    assert lead("WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 1957665 closing signal "
                "SIGTERM\n") == ("log.remote_exited", "rank_crashed_elsewhere")


# NVIDIA/TensorRT-LLM#1667: the CUDA error decides, not the call the check macro names.
def test_tensorrt_llms_cuda_check_is_read_by_its_error() -> None:
    line = ("[TensorRT-LLM][ERROR] CUDA runtime error in cudaDeviceCanAccessPeer(&canAccessPeer, firstDeviceId, "
            "secondDeviceId): {} (/app/tensorrt_llm/cpp/tensorrt_llm/plugins/ncclPlugin/allreducePlugin.cpp:341)")
    assert_reads(line.format("invalid device ordinal"), "log.cuda_error", "application_bug")
    assert lead(line.format("peer access is not supported between these two devices") + "\n")[1] == "acs_iommu_p2p"


# deepspeedai/DeepSpeed#4907 (its ssh check to an address), hpcaitech/ColossalAI#2959.
def test_launchers_that_cannot_log_in() -> None:
    assert_reads("subprocess.CalledProcessError: Command 'ssh -o PasswordAuthentication=no 192.168.3.100 hostname' "
                 "returned non-zero exit status 255.", "log.mpi_launch", "other")
    assert_reads("Error: failed to run torchrun --nproc_per_node=2 --nnodes=2 --node_rank=1 train.py on "
                 "VM-48-13-centos, is localhost: False, exception: No authentication methods available",
                 "log.mpi_launch", "other")
    assert lead("subprocess.CalledProcessError: Command 'nvidia-smi topo -m' returned non-zero exit status 255.\n"
                )[0] != "log.mpi_launch"


# PaddlePaddle/Paddle#30978.
def test_paddle_refused_peer_access() -> None:
    assert_reads("W0209 13:40:01.296370   359 parallel_executor.cc:596] Cannot enable P2P access from 0 to 1",
                 "log.p2p_error", "acs_iommu_p2p")


# TsinghuaAI/CPM-2-Finetune#2 (2.7's transport/shm.cc:101 is shmOpen), modelscope/ms-swift#6960.
def test_a_bare_return_trace_names_what_its_code_and_site_say() -> None:
    assert lead("5756b01ac223:4707:5232 [2] NCCL INFO transport/shm.cc:101 -> 2\n") == ("log.nccl_error_code",
                                                                                      "shm_too_small")
    assert lead("cx2:623868:623868 [0] NCCL INFO enqueue.cc:2432 -> 1\n") == ("log.nccl_error_code", "cuda_or_driver")
    assert lead("x:1:2 [0] NCCL INFO misc/socket.cc:484 -> 2\n") is None


# InternLM/lmdeploy#4032: a Windows TurboMind build (no NCCL) asked for --tp 2, in the older log format.
def test_turbominds_older_format_of_a_build_without_nccl() -> None:
    assert_reads("[TM][FATAL] comm\\device_comm.cc(28): Check failed: 0 Unknown communication backend: nccl",
                 "log.package_build", "other")


# NVIDIA/nccl#1328 quoted only the tail of NET/Socket's truncation WARN.
def test_the_tail_of_a_socket_truncation_is_a_mismatch_between_ranks() -> None:
    # ranks that differ in NCCL version or settings first (NVIDIA/nccl#1328), then a program desync
    assert lead('NCCL error "receiving 524288 bytes instead of 65536"\n') == ("log.transport_size_mismatch",
                                                                            "nccl_version_mismatch")
    assert "hang_collective_mismatch" in [c for _, c in causes('NCCL error "receiving 524288 bytes instead of 65536"\n')]


# NVIDIA/nccl#1284: "more than 1EB" is a garbage size after a timeout, not memory that ran out.
def test_an_exabyte_request_is_not_out_of_memory() -> None:
    assert_reads("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate more than 1EB memory",
                 "log.program_error", "application_bug")
    assert lead("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total "
                "capacity of 79.10 GiB of which 3.06 MiB is free.\n") == ("log.oom", "oom")


# uccl-project/uccl#641: the QP's move to RTR timing out is the verbs connection, not a TCP connect.
def test_uccls_qp_to_rtr_timeout_is_the_queue_pair() -> None:
    found = causes("Failed to modify QP to RTR: Connection timed out\n")
    assert found[0][0] == "log.ibv_modify_qp_failed" and ("log.alternative", "gid_index_or_roce_config") in found
    assert lead("[1699999999.123] [node1:1234:0]     rc_iface.c:896  UCX  ERROR error modifying QP to RTR: Invalid "
                "argument\n") == ("log.ibv_modify_qp_failed", "gid_index_or_roce_config")


_RAS = """NCCL version 2.26.2 compiled with CUDA 12.4
CUDA runtime version 12040, driver version 12040

Job summary
===========

  Nodes  Processes         GPUs  Processes     GPUs
(total)   per node  per process    (total)  (total)
     32          8            1        256      256

Communicators... (0.01s)
=============

Group     Comms     Nodes     Ranks     Ranks     Ranks    Status  Errors
    #  in group  per comm  per node  per comm  in group
    0         1        32         8       256       256   {status}      {errors}

Errors
======

Warnings
========
"""
_WATCHDOG = ("[rank118]:[E603 17:48:01.005271823 ProcessGroupNCCL.cpp:632] [Rank 118] Watchdog caught collective "
             "operation timeout: WorkNCCL(SeqNum=2398459, OpType=ALLREDUCE, NumelIn=8652160, NumelOut=8652160, "
             "Timeout(ms)=1800000) ran for 1800068 milliseconds before timing out.\n")


# NVIDIA/nccl#1730: a healthy RAS report pasted with the watchdog's timeout; both are read, and RAS's word that every
# rank is alive takes "a rank crashed" off the alternatives.
def test_a_ras_report_pasted_with_the_watchdogs_lines() -> None:
    both = analyze_text(_RAS.format(status="RUNNING", errors="OK") + "\n" + _WATCHDOG)
    assert both["kind"] == "ras"
    ids = [f["id"] for f in both["findings"]]
    assert ids[0] == "log.timeout" and "hang.all_in_collective" in ids
    assert "rank_crashed_elsewhere" not in [f["cause"] for f in both["findings"]]
    alone = analyze_text(_RAS.format(status="RUNNING", errors="OK"))
    assert [f["id"] for f in alone["findings"]] == ["hang.all_in_collective"]
    assert "1 communicator(s)" in alone["findings"][0]["message"]
    # a table row with an error is no healthy report
    assert "hang.all_in_collective" not in _ids(_RAS.format(status="RUNNING", errors="MISMATCH"))


# deepmd-kit-like exits: the destroy_process_group() warning printed after a generic error does not outrank it.
def test_an_exit_warning_does_not_outrank_the_error_before_it() -> None:
    warn = ("[rank0]:[W805 14:13:45.893796480 ProcessGroupNCCL.cpp:1476] Warning: WARNING: destroy_process_group() "
            "was not called before program exit, which can leak resources.\n")
    error = "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1, unhandled system error, NCCL version 2.21.5\n"
    found = analyze_text(error + warn)["findings"]
    assert found[0]["cause"] is None and found[0]["severity"] == "error"
    assert "application_bug" not in [f["cause"] for f in found if f["severity"] != "info"]
    assert lead(warn) == ("log.framework_usage", "application_bug")


# pytorch/pytorch#122571: PyTorch's banner is printed after an asynchronous error too.
def test_pytorchs_banner_yields_to_the_error_and_the_watchdog_speaks_for_it() -> None:
    banner = ("[rank21]: [E ProcessGroupNCCL.cpp:537] Some NCCL operations have failed or time out. Due to the "
              "asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data\n")
    remote = "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely\n"
    assert lead(banner + remote) == ("log.remote_exited", "rank_crashed_elsewhere")
    with_watchdog = analyze_text(banner + _WATCHDOG)["findings"][0]
    assert with_watchdog["id"] == "log.timeout" and with_watchdog["severity"] == "error"
    assert "Watchdog caught" in with_watchdog["message"]


# NVIDIA/nccl#1634: libnccl-net.so (HPC-X's plugin) on part of the hosts.
def test_hosts_that_differ_in_their_net_plugin() -> None:
    internal = "HGX-H100-11:18226:18274 [5] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal " \
               "network plugin.\n"
    external = "HGX-H100-04:589474:589541 [0] NCCL INFO Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/" \
               "libnccl-net.so\n"
    assert lead(internal + external) == ("cluster.version_mismatch", "nccl_version_mismatch")
    same = internal + internal.replace("HGX-H100-11", "HGX-H100-12")
    assert "cluster.version_mismatch" not in _ids(same)
    assert "cluster.version_mismatch" not in _ids(IN_NCCL_LOG.format(external.strip()))


# A cancelled Slurm step: srun's "Killed" after it is Slurm's own SIGKILL, not the OOM killer.
def test_tasks_killed_after_the_step_was_cancelled_are_not_memory() -> None:
    stopped = ("slurmstepd: error: *** STEP 1234.0 ON node1 CANCELLED AT 2024-01-01T00:00:00 ***\n"
               "slurmstepd: error: _step_signal: Terminating StepId=1234.0\nsrun: error: node1: tasks 0-7: Killed\n")
    assert lead(stopped) == ("log.job_stopped", "other")
    assert "oom" not in [c for _, c in causes(stopped)]
    assert lead("srun: error: node1: tasks 0-7: Killed\n") == ("log.process_killed", "oom")


# THUDM/GLM#123: a device listed but not openable in a one-host container; NCCL goes on over sockets.
def test_a_device_that_cannot_be_opened_then_no_device_is_the_socket_fallback() -> None:
    warn = "c1:1920:1920 [1] transport/net_ib.cc:149 NCCL WARN NET/IB : Unable to open device mlx5_bond_0\n"
    paste = warn + "c1:1920:1920 [1] NCCL INFO NET/IB : No device found.\nc1:1920:1920 [1] NCCL INFO Using network " \
                   "Socket\n"
    found = analyze_text(paste)["findings"]
    assert found[0]["cause"] == "socket_fallback" and found[0]["severity"] == "warning"
    assert "ib_resource_error" not in [f["cause"] for f in found[:1]]
    assert lead(warn) == ("log.ibv_call_failed", "ib_resource_error")


# NVIDIA/TensorRT-LLM (sweep 3, file 094): each rank printed its own NCCL error; mpirun's help text then says the job
# "has been aborted", which is mpirun ending the job, not a communicator a peer aborted.
def test_mpiruns_per_user_direction_abort_is_its_report_of_an_exit() -> None:
    report = ("Primary job  terminated normally, but 1 process returned\na non-zero exit code. Per user-direction, the "
              "job has been aborted.\n")
    assert "rank_crashed_elsewhere" not in [c for _, c in causes(report)]
    assert lead("ncclCommAbort called: the communicator was aborted\n") == ("log.abort", "rank_crashed_elsewhere")


# InternLM/xtuner (sweep 4, file 025): NCCL says nNodes 1, so its socket network carries nothing; "Most likely cause:
# socket_fallback" would contradict its own note. Without nNodes the fallback stays a cause.
def test_a_socket_network_on_a_proven_single_node_states_no_cause() -> None:
    head = ("pod:211:228 [1] NCCL INFO NET/Socket : Using [0]eth0:10.1.2.3<0>\npod:211:228 [1] NCCL INFO Using network "
            "Socket\n")
    one = head + "pod:211:228 [1] NCCL INFO comm 0x1 rank 1 nRanks 2 nNodes 1 localRanks 2 localRank 1 MNNVL 0\n"
    found = {f["id"]: f for f in analyze_text(one)["findings"]}
    assert found["log.net_socket"]["cause"] is None and found["log.net_socket"]["severity"] == "info"
    two = head + "pod:211:228 [1] NCCL INFO comm 0x1 rank 1 nRanks 2 nNodes 2 localRanks 1 localRank 0 MNNVL 0\n"
    assert ("log.net_socket", "socket_fallback") in causes(two)


# Sweep 4, file 145: a listing cut after its first rank (the header says 8 GPUs a process) proves no single node.
def test_a_cut_nccl_tests_listing_proves_no_node_count() -> None:
    head = ("# nThread 1 nGpus {} minBytes 134217728 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg "
            "iters: 1 validation: 0 graph: 0\n#\n# Using devices\n")
    rank = "#  Rank  {0} Group  0 Pid 406222 on loving-insect device  {0} [0x1b] NVIDIA H100 80GB HBM3\n"
    assert "log.single_node_stall" not in _ids(head.format(8) + rank.format(0))
    full = head.format(2) + rank.format(0) + rank.format(1)
    assert lead(full) == ("log.single_node_stall", "acs_iommu_p2p")
