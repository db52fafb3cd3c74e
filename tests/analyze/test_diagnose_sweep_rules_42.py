"""Rules from sweeps 229 - 241 (2026-12-06: serving engines, NVIDIA/nccl and PyTorch issues of any year, training
frameworks, Kubernetes and clouds, other vendors' collective libraries, and log files committed to repositories).
Each text is quoted from the thread or file named above its test, and tested on real text that must not trigger
it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from line_reading import causes, ids, lead

from ncclkit.logs.nccl_log import parse_nccl_log, parse_nccl_log_stream

# NVIDIA/nccl#740 (NCCL_DEBUG_SUBSYS=COLL): the broadcasts of one group, each process logging several under opCount 0.
_GROUPED = """\
se01gn002:3874078:3874078 [0] NCCL INFO Broadcast: opCount 0 sendbuff 0x15548bc00000 recvbuff 0x15548bc00000 \
count 16384 datatype 0 op 0 root 3 comm 0x155468002fb0 [nranks=8] stream 0x55558997f520
se01gn002:3874080:3874080 [0] NCCL INFO Broadcast: opCount 0 sendbuff 0x15548bc00000 recvbuff 0x15548bc00000 \
count 16384 datatype 0 op 0 root 3 comm 0x155468002fb0 [nranks=8] stream 0x55558997f7b0
se01gn002:3874075:3874075 [0] NCCL INFO Broadcast: opCount 0 sendbuff 0x155487c04000 recvbuff 0x155487c04000 \
count 16384 datatype 0 op 0 root 4 comm 0x15545c002fb0 [nranks=8] stream 0x55555955ac20
se01gn002:3874078:3874078 [0] NCCL INFO Broadcast: opCount 0 sendbuff 0x15548bc04000 recvbuff 0x15548bc04000 \
count 16384 datatype 0 op 0 root 4 comm 0x155468002fb0 [nranks=8] stream 0x55558997f520
"""
# NVIDIA/nccl#147 (tests/diagnosis/corpus-nccl): one broadcast per process under opCount 0, and rank 0's differs.
_MISMATCH = """\
learnfair062:32615:32615 [0] NCCL INFO Broadcast: opCount 0 sendbuff 0x7f88e4000000 recvbuff 0x7f88e4000000 \
count 25503912 datatype 6 op 0 root 0 comm 0x7f88e005a260 [nranks=8] stream 0x55f20d2f5db0
learnfair062:32617:32617 [1] NCCL INFO Broadcast: opCount 0 sendbuff 0x7f3bfe7f5400 recvbuff 0x7f3bfe7f5400 \
count 53 datatype 4 op 0 root 0 comm 0x7f3bf405a260 [nranks=8] stream 0x55d5ffb73110
"""


def test_the_operations_of_one_group_share_an_opcount_and_are_no_mismatch() -> None:
    assert "log.collective_mismatch" not in ids(_GROUPED)
    assert lead(_MISMATCH) == ("log.collective_mismatch", "hang_collective_mismatch")
    # once one process shows opCount 0 naming several calls, opCount 0 of that size is judged for no process
    assert "log.collective_mismatch" not in ids(_MISMATCH + _GROUPED)


def test_a_group_split_across_read_blocks_is_seen_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    import ncclkit.logs.nccl_log as mod
    monkeypatch.setattr(mod, "CHUNK_BYTES", 97)  # every line in a block of its own
    streamed = parse_nccl_log_stream(io.BytesIO(_GROUPED.encode()))
    assert streamed.coll_mismatch == () == parse_nccl_log(_GROUPED.splitlines()).coll_mismatch
    assert parse_nccl_log_stream(io.BytesIO(_MISMATCH.encode())).coll_mismatch


def test_torch_112s_fsdp_all_gather_order_warning_is_a_desync() -> None:
    # pytorch/pytorch#76949: FSDP's warning of torch 1.12, wrapped after "All-gathe" as pasted
    text = ("/dev/lib/python3.8/site-packages/torch/distributed/fsdp/fully_sharded_data_parallel.py:2770: "
            "UserWarning: All-gathe\nr order differs from that of the first iteration on rank 0 -- collectives are "
            "unchecked and may give incorrect results or hang\n")
    assert lead(text) == ("log.collective_mismatch", "hang_collective_mismatch")
    # FSDP's other warnings name no order (torch/distributed/fsdp/_init_utils.py)
    assert "log.collective_mismatch" not in ids(
        "UserWarning: FSDP is switching to use `NO_SHARD` instead of ShardingStrategy.FULL_SHARD since the world "
        "size is 1.\n")


def test_the_watchdogs_event_query_frame_is_a_cuda_error_found_late() -> None:
    # pytorch/pytorch#180280: the frames alone, the CUDA error's message not pasted
    frames = (
        "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x3c2 "
        "(0x7f9d0417a422 in /root/miniconda3/envs/es6d/lib/python3.10/site-packages/torch/lib/libc10_cuda.so)\n"
        "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f9c999475a6 in "
        "/root/miniconda3/envs/es6d/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)\n")
    assert lead(frames) == ("log.cuda_error", "cuda_or_driver")
    # the watchdog's other frames (the same paste) name no error
    assert "log.cuda_error" not in ids(
        "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0x70 (0x7f9c99957840 in "
        "/root/miniconda3/envs/es6d/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)\n")


_SWEEPS = Path(__file__).parent / "data" / "sweeps"  # real files; SOURCES.tsv names where each comes from


def test_tests_of_different_names_in_one_log_are_no_duplicated_launch() -> None:
    # a committed two-node log: alltoall_perf, then sendrecv_perf, each with its own summary (23.8 and 23.9 GB/s)
    log = (_SWEEPS / "nccl-tests-alltoall-then-sendrecv.log").read_text()
    assert "tests.duplicated_output" not in ids(log)
    # one of them twice, as every process of an MPI=0 build prints it, still is
    one = log.split("\n\n", 1)[0] + "\n"
    assert "tests.duplicated_output" in ids(one + one)


def test_rows_of_one_size_that_measure_differently_are_runs_compared() -> None:
    # NVIDIA/nccl#527: one 1 GiB row per node count, 230.77 down to 29.61 GB/s
    table = (_SWEEPS / "nccl527-rows-per-node-count.txt").read_text()
    assert "tests.duplicated_output" not in ids(table)
    # the first row repeated as it was measured is a copy
    first = next(line for line in table.splitlines() if "8142.6" in line)
    assert "tests.duplicated_output" in ids(table + first + "\n")


def test_ucx_and_ucc_name_the_cuda_error_of_their_cuda_transports() -> None:
    # openucx/ucx#2295: 96 ranks under mpirun, UCX's cuda_copy transport cannot create its streams
    ucx = ("Sat Feb 10 17:45:00 2018[1,88]<stdout>:[1518277500.381412] [vulcan01:14390:0] cuda_copy_iface.c:241  "
           "UCX  ERROR cudaStreamCreateWithFlags creation failed\n"
           "Sat Feb 10 17:45:00 2018[1,70]<stdout>:[1518277500.399391] [vulcan01:14323:0] cuda_copy_iface.c:239  "
           "UCX  ERROR [cuda/cuda_copy/cuda_copy_iface.c:239] cuda failed with 2 \n")
    assert [cause for _, cause in causes(ucx)][:2] == ["cuda_or_driver", "oom"]
    # openucx/torch-ucc#39: UCC's CUDA memory component, a stream of another GPU
    ucc = ("[1623346743.056999] [sunnyvale:56373:0] mc_cuda_wait_kernel.cu:47   cuda mc ERROR cuda failed with "
           "ret:400(invalid resource handle)\n")
    assert causes(ucc)[:2] == [("log.cuda_error", "cuda_or_driver"), ("log.alternative", "application_bug")]
    assert lead("RuntimeError: CUDA error: invalid resource handle\n") == ("log.cuda_error", "cuda_or_driver")
    # UCX's errors of other calls are not CUDA's (ROCm/rocm-systems#3700, tests/diagnosis heldout r117)
    assert "log.cuda_error" not in ids("`ucp_worker.c:1413 UCX  ERROR uct_iface_open(posix/memory) failed: Out of "
                                       "memory`\n")


def test_dcgm_1x_diagnostic_lines_name_the_failing_gpu() -> None:
    # facebookresearch/Detectron#312: nvvs after a multi-GPU hang, GPU6 cannot start CUDA
    dump = ("\t\tMemory GPU5 ....................................... PASS\n"
            "\t\tMemory GPU6 ....................................... FAIL\n"
            "\t\t   *** Unable to create CUDA context\n")
    assert lead(dump) == ("log.gpu_fault", "cuda_or_driver")
    assert lead("\t\t   *** Unable to create CUDA context\n") == ("log.cuda_context", "cuda_or_driver")
    assert ids("\t\tMemory GPU5 ....................................... PASS\n") == ["input.unknown_kind"]


def test_other_stacks_cuda_and_memory_errors() -> None:
    # baidu-research/DeepBench#34: Thrust's error, a build for another GPU architecture
    thrust = ("terminate called after throwing an instance of 'thrust::system::system_error'\n"
              "  what():  function_attributes(): after cudaFuncGetAttributes: invalid device function\n")
    assert lead(thrust) == ("log.cuda_error", "cuda_or_driver")
    # jax-ml/jax#788: XLA's out-of-memory, wrapped after "Out" as pasted
    xla = ("[1] 2019-06-13 01:17:08.886805: E external/org_tensorflow/tensorflow/compiler/xla/python/local_client.cc:"
           "672] Execution of replica 0 failed: Resource exhausted: Out\nof memory while trying to allocate "
           "5520758552 bytes.\n")
    assert lead(xla) == ("log.oom", "oom")
    # openxla/xla#8681: a jaxlib built without RCCL/NCCL
    assert lead("E0122 11:56:32.195687  107899 pjrt_stream_executor_client.cc:2766] Execution of replica 0 failed: "
                "UNIMPLEMENTED: XLA compiled without NCCL support\n") == ("log.package_build", "other")


_HOROVOD = """\
Common interface found: lo eth1 eth2 ib0
KVStoreServer INFO: KVStore server started. Listen on port 20218
---------------------------------------------------------------------------
TimeoutError                              Traceback (most recent call last)
/data/gpfs/Users/dta/anaconda3/envs/powerai.1.6.1/lib/python3.6/urllib/request.py in do_open(self, http_class, req, \
**http_conn_args)
"""


def test_a_timeout_under_an_http_clients_frames_is_a_request_unanswered() -> None:
    # horovod/horovod#1801: horovodrun's tasks putting into the driver's rendezvous KV store
    assert lead(_HOROVOD) == ("log.timeout", "firewall_or_port_blocked")
    # the same exception without the HTTP client's frames keeps the timeout's own reading
    assert lead(_HOROVOD.rsplit("/data/", 1)[0]) == ("log.timeout", "hang_collective_mismatch")


def test_the_plugins_own_name_and_a_worker_without_sshd() -> None:
    # awslabs/awsome-distributed-ai#1255: a passing run over aws-ofi-nccl 1.21 ("Libfabric" is its name there)
    run = ("NCCL version 2.31.2+cuda13.1\nNET/OFI Initializing aws-ofi-nccl 1.21.1\nNET/OFI Using Libfabric version "
           "2.6\nUsing network Libfabric\n# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 9.78732\n")
    assert "log.ofi_error" not in ids(run)
    # the plugin's failure still is (aws/aws-ofi-nccl src/nccl_ofi_net.cpp:334, tests/lines/cluster.py)
    assert lead("NCCL WARN NET/OFI Unable to find a protocol that worked.  Failing initialization.\n") == \
        ("log.ofi_error", "net_plugin_error")
    # NVIDIA/cloudai#720: an NGC image as the MPIJob's worker has no sshd
    assert lead("/bin/bash: line 1: /usr/sbin/sshd: No such file or directory\n") == ("log.remote_shell", "other")


def test_an_nccl_log_whose_test_listing_names_rank_0_only_is_a_build_without_mpi() -> None:
    # work-chausat/temp's alltoall.log: twelve processes on three pods, each "Rank 0" of its own one-rank test
    log = (_SWEEPS / "nccl-tests-mpi0-alltoall.log").read_text()
    assert lead(log) == ("tests.duplicated_output", "application_bug")
    # a listing of two ranks (the committed two-node log above) is one run of two
    two = (_SWEEPS / "nccl-tests-alltoall-then-sendrecv.log").read_text().split("\n\n", 1)[0]
    assert "tests.duplicated_output" not in ids(two + "\n" + "\n".join(log.splitlines()[48:60]) + "\n")


def test_a_commands_timeout_option_is_no_timeout() -> None:
    # aidando73/nccl-tests' errors.txt: the command of the run, its --timeout option
    cmd = ("mpiuser@6a3e6142ec3e:/workspace/nccl-tests$ mpirun --verbose -host $MASTER_IP,$WORKER_IP "
           "/workspace/nccl-tests/build/all_reduce_perf -b 8 -e 32MB -f 2 -g 2 --timeout 10\n")
    assert "log.timeout" not in ids(cmd)
    # the watchdog's own line still is (pytorch/pytorch#97066)
    assert lead(_WATCHDOG_97066) == ("log.timeout", "hang_collective_mismatch")


_WATCHDOG_97066 = ("[E ProcessGroupNCCL.cpp:464] [Rank 0] Watchdog caught collective operation timeout: "
                   "WorkNCCL(SeqNum=1, OpType=ALLREDUCE, Timeout(ms)=10000) ran for 10917 milliseconds before timing "
                   "out.\n")


def test_other_vendors_collective_libraries() -> None:
    # vllm-project/vllm-ascend#1815: HCCP's RDMA on the NPU's port would not start; the listen failure follows
    ascend = ("[ERROR] HCCP(38011,python):2025-07-15-12:45:32.997.705 [ra_host.c:580]tid:38011,"
              "ra_rdev_init_with_backup_info(580) : [init][ra_rdev]ra rdev init failed, ret(-67)\n"
              "[ERROR] HCCL(38011,python):2025-07-15-12:45:32.997.787 [hccl_socket.cc:100] [38011][HcclSocket][Listen]"
              " socket type[1], listen on ip[192.168.20.148] and specific port[16666] fail. Please check the port "
              "status and whether the port is been using by other process\n")
    assert [cause for _, cause in causes(ascend)][:2] == ["ib_port_down_or_link", "application_bug"]
    # huggingface/optimum-habana#353: a bool tensor given to Habana's HCCL
    assert lead("terminate called after throwing an instance of 'c10::Error'\n  what():  Getting size for given "
                "data type is not supported: 0\n") == ("log.framework_usage", "application_bug")
    # PaddlePaddle/Paddle#56800: Kunlun's BKCL could not allocate its buffers; its INFO lines are nothing
    bkcl = ("[INFO][BKCL][/workspace/kmis_release/kmis_2/kmis/source/bkcl/src/network/net_socket.cpp:45] NET/Socket "
            ": ipv6 net card [docker0], ip[fe80::42:eff:fea9:902a]\n"
            "[WARN][BKCL][/workspace/kmis_release/kmis_2/kmis/source/bkcl/src/kl2/kl2_init.cpp:108] param 0 data "
            "alloc failed\n")
    assert lead(bkcl) == ("log.oom", "oom")
    # horovod/horovod#1338: the frame of horovodrun's check, its message not pasted
    assert lead("    timeout.check_time_out_for('tasks to start')\n") == \
        ("log.socket_connect_failed", "firewall_or_port_blocked")


# The BLOOM chronicle (bigscience-workshop/bigscience, heldout r224): the rank that hung, dumped alone; torchrun's
# @record wrapper is its outermost frame.
_EVAL_LOADER = """\
Thread 1439102 (idle): "MainThread"
    wait (threading.py:306)
    get (queue.py:179)
    _try_get_data (torch/utils/data/dataloader.py:1011)
    _get_data (torch/utils/data/dataloader.py:1163)
    _next_data (torch/utils/data/dataloader.py:1207)
    __next__ (torch/utils/data/dataloader.py:530)
    _next_batch (deepspeed/runtime/pipe/engine.py:631)
    eval_batch (deepspeed/runtime/pipe/engine.py:453)
    main (pretrain_gpt.py:245)
    wrapper (torch/distributed/elastic/multiprocessing/errors/__init__.py:345)
    <module> (pretrain_gpt.py:249)
"""


def test_torchelastics_record_wrapper_is_no_collective() -> None:
    assert lead(_EVAL_LOADER) == ("log.rank_in_dataloader", "application_bug")
    # a main thread inside torch.distributed's broadcast is in a collective (the same chronicle, sweep 96)
    in_broadcast = _EVAL_LOADER.replace("    wait (threading.py:306)\n", "    broadcast (torch/distributed/"
                                        "distributed_c10d.py:1191)\n")
    assert "log.rank_in_dataloader" not in ids(in_broadcast)


def test_ds_reports_shared_memory_size_is_no_failure() -> None:
    # stark-sim/megatron-deepspeed-lock-clock's node0.log: ds_report's environment block at the start of a job
    report = ("deepspeed wheel compiled w. ...... torch 2.9, cuda 12.8\n"
              "shared memory (/dev/shm) size .... 755.27 GB\n")
    assert "log.shm_error" not in ids(report)
    # Open MPI's vader segment that did not fit (tests/lines) still is
    assert lead("It appears as if there is not enough space for /dev/shm/vader_segment.gpu-node01.a1b20001.3 (the "
                "shared-memory backing\n")[1] == "shm_too_small"
