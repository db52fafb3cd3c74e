"""Rules from the sweeps of public threads of 2026-12-04 (46 - 49: hang evidence, clouds other than AWS, pull
requests that paste the error they fix, Q&A sites) and from the misses of held-out rounds 92 - 94. Each line is
quoted from the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import lead

from ncclkit.logs.analyze import analyze_text


def findings(text: str) -> dict[str, dict]:
    return {f["id"]: f for f in analyze_text(text)["findings"]}


# skypilot-org/skypilot#4448: Azure's Accelerated-Networking VF (enP<n>s<n>) holds only an IPv6 link-local address,
# and NCCL lists it beside eth0; a peer on another node cannot reach fe80::...%enP7906s1.
_AZURE = ("nccl-e9ef-7d4f-0:11171:11240 [2] NCCL INFO NET/Socket : Using [0]eth0:10.60.0.5<0> "
          "[1]enP7906s1:fe80::20d:3aff:fef9:4aef%enP7906s1<0>\n"
          "nccl-e9ef-7d4f-0:11171:11240 [2] NCCL INFO Using network Socket\n")


def test_a_link_local_socket_interface_in_one_hosts_log() -> None:
    found = findings(_AZURE)["env.ifname_virtual"]
    assert found["cause"] == "wrong_interface" and found["evidence"]["virtual"] == ["enP7906s1"]
    assert "if this job spans nodes" in found["message"]
    assert found["fix"].endswith("NCCL_SOCKET_IFNAME=eth0 on every node")
    # a log that shows one node (nNodes 1) keeps quiet: the interface is never dialled
    one_node = _AZURE + "nccl-e9ef-7d4f-0:11171:11240 [2] NCCL INFO comm 0x5 rank 2 nRanks 4 nNodes 1 localRanks 4 " \
                        "localRank 2 MNNVL 0\n"
    assert "env.ifname_virtual" not in findings(one_node)
    # routable addresses only: nothing to say
    assert "env.ifname_virtual" not in findings("h:1:2 [0] NCCL INFO NET/Socket : Using [0]eth0:10.60.0.5<0>\n")


# AI-Hypercomputer/gpu-recipes#5: GCP's gIB plugin, mounted from the host, needs a newer glibc than the image.
def test_a_net_plugin_built_on_a_newer_glibc() -> None:
    line = ("pod:565:565 [7] NCCL INFO NET/Plugin: Plugin load returned 2 : /lib/x86_64-linux-gnu/libc.so.6: version "
            "`GLIBC_2.32' not found (required by /usr/local/nvidia/lib64/libnccl-net.so) : when loading "
            "libnccl-net.so\n")
    found = findings(line)["log.net_plugin_error"]
    assert found["cause"] == "net_plugin_error" and "glibc" in found["message"] and "libfabric" not in found["fix"]
    # libfabric's own version (aws-ofi-nccl) stays the plugin-build row
    efa = ("NET/Plugin: Plugin load returned 2 : /opt/amazon/efa/lib/libfabric.so.1: version `FABRIC_1.7' not found "
           "(required by /opt/aws-ofi-nccl/lib/libnccl-net.so)\n")
    assert "libfabric" in findings(efa)["log.net_plugin_error"]["fix"]


# rapidsai/ucx-py#397 (with openucx/ucx#3192): UCX's CUDA IPC cache opening a handle the process holds already.
def test_ucx_cuda_ipc_handle_opened_twice() -> None:
    line = ("[deeplearn:47174:0:47227] cuda_ipc_cache.c:198  Fatal: dest:47171: failed to open ipc mem handle. "
            "addr:0x7f30e8e00000 len:80000 (Element already exists)\n")
    assert lead(line) == ("log.ucx_error", "other")
    # another status of the same call is not this cache
    other = line.replace("Element already exists", "invalid argument")
    assert lead(other) != ("log.ucx_error", "other")


# stas00/ml-engineering#112 and NVIDIA/Fuser#4504: torch 2.7+'s wording of the guessed-device warning.
def test_the_newer_guessed_device_warning() -> None:
    line = ("[rank1]:[W712 17:30:52.153232081 ProcessGroupNCCL.cpp:4715] [PG ID 0 PG GUID 0 Rank 1]  using GPU 1 as "
            "device used by this process is currently unknown. This can potentially cause a hang if this rank to GPU "
            "mapping is incorrect. You can pecify device_id in init_process_group() to force use of a particular "
            "device.\n")
    assert lead(line) == ("log.framework_usage", "application_bug")
    # with a real error in the same paste the warning does not lead
    oom = line + "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n"
    assert lead(oom) == ("log.oom", "oom")


# meta-pytorch/torchcomms#2338: torchcomms' device check of a collective's tensor.
def test_a_cpu_tensor_given_to_a_gpu_communicator() -> None:
    text = ("  what():  Expected CUDA tensor but found tensor on cpu\nException raised from checkTensorOnCuda at "
            "fbcode/comms/torchcomms/ncclx/TorchCommNCCLX.cpp:59 (most recent call first):\n")
    found = findings(text)["log.framework_usage"]
    assert found["cause"] == "application_bug" and "torchcomms" in found["message"]
    # the program's own arithmetic across devices is not a communicator's check
    mixed = ("RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and "
             "cpu!\n")
    assert "torchcomms" not in findings(mixed).get("log.framework_usage", {}).get("message", "")


# OpenRLHF/OpenRLHF#1126 (a hang while saving the model): two ranks' watchdog lines of a job of at least eight do not
# show that every rank is inside the collective.
_RANK2 = ("[rank2]:[E901 05:20:03.118859045 ProcessGroupNCCL.cpp:1746] [PG ID 0 PG GUID 0(default_pg) Rank 2] Received "
          "a dump signal due to a collective timeout from  rank 6 and we will try our best to dump the debug info. "
          "Last enqueued NCCL work: 460631, last completed NCCL work: 460630.\n")
_RANK7 = ("[rank7]:[E901 05:20:03.124073319 ProcessGroupNCCL.cpp:2271] [PG ID 0 PG GUID 0(default_pg) Rank 7]  failure "
          "detected by watchdog at work sequence id: 460631 PG status: last enqueued work: 460631, last completed "
          "work: 460630\n")


def test_some_ranks_inside_a_collective_is_not_every_rank() -> None:
    found = findings(_RANK2 + _RANK7)["hang.all_in_collective"]
    assert found["severity"] == "warning" and "every rank (" not in found["message"]
    assert found["evidence"]["ranks_unseen"] == [0, 1, 3, 4, 5, 6]
    # ranks 0 - 2 all shown: every rank of what the paste can tell is inside it
    whole = "".join(_RANK2.replace("rank2]", f"rank{r}]").replace("Rank 2]", f"Rank {r}]") for r in range(3))
    found = findings(whole)["hang.all_in_collective"]
    assert found["severity"] == "error" and "every rank (rank0,rank1,rank2)" in found["message"]


# mila-iqia/milabench#269: torch 2.4's "[PG 0 (default_pg) Rank 3]" lines, cut by the log collector; rank 3 enqueued
# twelve collectives past #2070 but, like rank 12, never completed #2070: neither is behind the other.
_MILA = ("cn-d004 [stderr] [rank12]:[E909 09:55:29.313379098 ProcessGroupNCCL.cpp:1664] [PG 0 (default_pg) Rank 12] "
         "Exception (either an error or timeout) detected\nby watchdog at work: 2070, last enqueued NCCL work: 2070, "
         "last completed NCCL work: 2069.\n"
         "cn-d003.nolog [stderr] [rank3]:[E909 09:55:46.996672294 ProcessGroupNCCL.cpp:1709] [PG 0 (default_pg) "
         "Rank 3] Timeout at NCCL work: 2070, last enqueued \nNCCL work: 2082, last completed NCCL work: 2069.\n")


def test_a_rank_that_enqueued_ahead_but_waits_in_the_same_collective() -> None:
    found = findings(_MILA)
    assert "hang.rank_not_launched" not in found and "hang.rank_extra_collective" not in found
    assert found["hang.all_in_collective"]["subject"].endswith("#2070")
    # had rank 3 completed #2070, it would wait in #2071, which rank 12 never enqueued: rank 12 is behind
    behind = findings(_MILA.replace("work: 2082, last completed NCCL work: 2069",
                                    "work: 2082, last completed NCCL work: 2070"))
    assert behind["hang.rank_not_launched"]["subject"] == "rank12"
    assert "#2071" in behind["hang.rank_not_launched"]["message"]


# modelscope/ms-swift#6301: three bare CUDA contexts (474 MiB each) on the GPU of a 4.35 GiB request with 1.70 GiB
# free: without them the allocation still fails, so the lead is the memory, not the device choice.
def test_other_processes_too_small_to_explain_an_oom() -> None:
    line = ("[rank11]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.35 GiB. GPU 3 has a total "
            "capacity of 63.42 GiB of which 1.70 GiB is free. Process 2521735 has 474.00 MiB memory in use. Including "
            "non-PyTorch memory, this process has 60.30 GiB memory in use. Process 2521734 has 474.00 MiB memory in "
            "use. Process 2521733 has 474.00 MiB memory in use. Of the allocated memory 50.94 GiB is allocated by "
            "PyTorch\n")
    found = findings(line)["log.oom"]
    assert found["cause"] == "oom" and "1.39 GiB" in found["message"] and "set_device" in found["fix"]
    # the same request where the other processes hold what is missing: the device choice leads
    big = line.replace("474.00 MiB", "1.20 GiB")
    assert lead(big) == ("log.framework_usage", "application_bug")


# NVIDIA/tacotron2#57: the launcher opens a log file per rank in a logs/ directory that does not exist, dies before
# rank 1 starts, and rank 0 waits at "Initializing distributed".
def test_a_launcher_that_cannot_open_its_own_path() -> None:
    text = ("  File \"multiproc.py\", line 15, in <module>\n"
            "    stdout = None if i == 0 else open(\"logs/{}_GPU_{}.log\".format(job_id, i), \"w\")\n"
            "FileNotFoundError: [Errno 2] No such file or directory: 'logs/2018_07_10-102521_GPU_1.log'\n"
            "Initializing distributed.\n")
    assert lead(text) == ("log.program_error", "application_bug")
    # a tool of the system that is missing is no path of the program's
    assert lead("FileNotFoundError: [Errno 2] No such file or directory: '/usr/local/cuda/bin/nvcc'\n") != \
        ("log.program_error", "application_bug")


# CoLAKE#6 (DGL's KVStore server): bind() to an address the node does not have, as DGL's RPC layer words it.
def test_dgl_binding_an_address_the_node_lacks() -> None:
    line = "/opt/dgl/src/rpc/network/tcp_socket.cc: 69: Failed bind on 10.1.2.3:30050, errno=99\n"
    assert lead(line) == ("log.no_interface", "wrong_interface")
    # another errno of the same call is not the address
    assert lead(line.replace("errno=99", "errno=98")) != ("log.no_interface", "wrong_interface")


# NVIDIA/spark-rapids#9386: UCX's notice that a connection goes on over TCP names no cause of its own.
def test_ucx_switching_from_rdma_cm_to_tcp_is_a_notice() -> None:
    line = ("[1697552387.871939] [gpu11:19890:1]       wireup_cm.c:91   UCX  DIAG  ep 0x2abe4ffa20b0: client switching "
            "from rdmacm to tcp in attempt to connect to the server\n")
    assert lead(line) is None
    assert lead("NCCL WARN Net : Connect to 10.0.0.2<43211> failed : Connection refused\n") is not None


# Builds: cresset-template/cresset#13 (BuildKit's "#24 23.05 " before nvcc's refusal), dmlc/xgboost#2787 (a gcc
# newer than nvcc takes), NVIDIA/nccl-tests#103 (MPI=1 without MPI's headers).
def test_a_build_that_stops_on_its_toolchain() -> None:
    arch = lead("#24 23.05 nvcc fatal   : Unsupported gpu architecture 'compute_80'\n")
    assert arch == ("log.cuda_error", "cuda_or_driver")
    assert "nvcc" in findings("nvcc fatal   : Unsupported gpu architecture 'compute_80'\n")["log.cuda_error"]["fix"]
    gcc = ("/usr/include/host_config.h:119:2: error: #error -- unsupported GNU version! gcc versions later than 5 are "
           "not supported!\n")
    assert lead(gcc) == ("log.build_toolchain", "other")
    mpi = "src/common.h:10:17: fatal error: mpi.h: No such file or directory\n"
    assert lead(mpi) == ("log.build_toolchain", "other") and "MPI_HOME" in findings(mpi)["log.build_toolchain"]["fix"]
    # nccl-tests' own "#" header is no BuildKit step
    header = "# nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20\n"
    assert lead(header) is None and "#" in header


# DeepSpeed#5426: fp16's loss scale at its floor stops the run; an overflow skipped early in training is routine.
def test_fp16_loss_scale_at_its_minimum() -> None:
    line = ("[2024-04-15 10:00:00,000] [INFO] [loss_scaler.py:183:update_scale] Current loss scale already at "
            "minimum - cannot decrease scale anymore. Exiting run.\n")
    assert lead(line) == ("log.training_diverged", "other")
    assert lead("[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 65536, reducing to 32768\n") != \
        ("log.training_diverged", "other")


# GoogleCloudPlatform/nim-deploy#18: TensorRT-LLM's worker started by MPI without libnvinfer on the loader's path.
def test_a_worker_that_cannot_load_its_library() -> None:
    line = ("/usr/local/lib/python3.10/dist-packages/tensorrt_llm/bin/executorWorker: error while loading shared "
            "libraries: libnvinfer.so.10: cannot open shared object file: No such file or directory\n")
    assert lead(line) == ("log.library_missing", "other")
    # MPI's own library keeps the row that names MPI
    mpi = line.replace("libnvinfer.so.10", "libmpi.so.40")
    assert lead(mpi) == ("log.mpi_library_missing", "other")
