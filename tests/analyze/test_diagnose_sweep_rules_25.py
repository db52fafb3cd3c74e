"""Rules from sweeps 85, 86, 89, 91 and 96 (2026-12-05: torchrun's failure summaries; nccl-tests runs that fail or
give wrong results; harmless lines read as a cause; NCCL 2.29 - 2.30's lines; training chronicles' stack dumps). Each
line is quoted from the thread or page named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead

from ncclkit.logs.analyze import analyze_text


_HEAD = ("#                                                              out-of-place                       in-place\n"
         "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   "
         "busbw "
         "#wrong\n")


def test_an_open_mpi_faq_address_is_no_gid_error() -> None:
    # NVIDIA/nccl-tests#7: Open MPI's openib advisory
    assert "log.gid_error" not in ids("  http://www.open-mpi.org/faq/?category=openfabrics#ofa-default-subnet-gid\n")
    assert lead("NCCL WARN NET/IB : GID is NULL, please check your GID index\n")[1] == "gid_index_or_roce_config"


def test_zero_byte_rows_of_a_many_rank_reduce_scatter_are_one_run() -> None:
    # NVIDIA/nccl-tests#128: 8 ranks, sizes below 128 B round down to 0 elements
    rows = "".join(f"           0             0     float     sum      -1     5.70    0.00    0.00      0     5.54    "
                   f"0.00    0.00      0\n" for _ in range(5))
    rows += ("         128             4     float     sum      -1    32.31    0.00    0.00      0    25.35    0.01    "
             "0.00      0\n")
    assert "tests.duplicated_output" not in ids(_HEAD + rows)
    twice = ("     1048576        262144     float     sum      -1    32.31   32.45   60.85      0    25.35   41.36   "
             "77.56      0\n") * 2
    assert "tests.duplicated_output" in ids(_HEAD + twice)


def test_wrong_values_only_past_two_gib_are_a_size_overflow() -> None:
    # NVIDIA/nccl-tests#37 (old max-error column; "I fixed it in master")
    old = ("#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  "
           "error\n"
           "  4294967296     134217728   float    29122  129.05  129.05  1e+00    29169  128.84  128.84  1e+00\n"
           " Out of bounds values : 2 FAILED\n")
    f = next(f for f in analyze_text(old)["findings"] if f["id"] == "tests.wrong_results")
    assert f["cause"] == "other" and "32 bits" in f["message"] and f["evidence"]["wrong_total"] == 2
    # wrong values at a small size stay data corrupted on the way
    small = old.replace("  4294967296     134217728", "     8388608       2097152")
    f = next(f for f in analyze_text(small)["findings"] if f["id"] == "tests.wrong_results")
    assert f["cause"] == "cuda_or_driver"


def test_hypercube_without_p2p_and_a_drivers_completion_dump() -> None:
    # NVIDIA/nccl-tests#289 (GeForce RTX 5090s)
    assert lead("localhost: Test CUDA failure hypercube.cu:57 'invalid argument'\n") == \
        ("log.p2p_error", "acs_iommu_p2p")
    # NVIDIA/nccl-tests#24: libmlx5's dump header, then NCCL's WARN with the status
    text = ("mlx5: gpu5: got completion with error:\n00000000 02005104 09000ac5 0000bfd2\n"
            "gpu5:6252:6325 [0] transport/net_ib.cu:788 NCCL WARN NET/IB : Got completion with error 4, opcode 1, len "
            "0, vendor err 81\n")
    f = analyze_text(text)["findings"][0]
    assert (f["id"], f["cause"], f["evidence"]["lines"][0]) == ("log.ib_completion_error", "acs_iommu_p2p", 3)


def test_send_channels_without_gdr_beside_receive_channels_with_it() -> None:
    # NVIDIA/nccl-tests#36: GDR enabled, read (send side) off by default
    log = ("pkb-0:9100:9147 [0] NCCL INFO NET/IB : GPU Direct RDMA Enabled for GPU 435e00000 / HCA 0 (distance 1 < 2), "
           "read 0\n"
           "pkb-0:9100:9147 [0] NCCL INFO Ring 00 : 1[18100000] -> 0[435e00000] [receive] via NET/IB/0/GDRDMA\n"
           "pkb-0:9100:9147 [0] NCCL INFO Ring 00 : 0[435e00000] -> 1[18100000] [send] via NET/IB/0\n")
    assert "log.no_gdrdma" not in ids(log)
    nogdr = ("pkb-0:9100:9147 [0] NCCL INFO Ring 00 : 1[18100000] -> 0[435e00000] [receive] via NET/IB/0\n"
             "pkb-0:9100:9147 [0] NCCL INFO Ring 00 : 0[435e00000] -> 1[18100000] [send] via NET/IB/0\n")
    assert "log.no_gdrdma" in ids(nogdr)


def test_pmix_store_messages_of_runs_that_went_on() -> None:
    # NVIDIA/nccl-tests#190 (a successful run) and ALCF's Aurora notes ("can be safely ignored")
    for line in ("[gcn67.local.snellius.surf.nl:600229] PMIX ERROR: BAD-PARAM in file dstore_base.c at line 2225\n",
                 "PMIX ERROR: PMIX_ERR_NOT_FOUND in file dstore_base.c at line 1567 \n"):
        assert "log.launch_config" not in ids(line)
    assert lead("[node1:1234] PMIX ERROR: OUT-OF-RESOURCE in file gds_dstore.c at line 1244\n")[0] == \
        "log.launch_config"


_SIGTERM = ("W0806 20:07:54.546301 148486 /opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/"
            "multiprocessing/api.py:897] Sending process 148593 closing signal SIGTERM\n")


def test_torchrun_stopping_its_workers_points_at_its_own_worker_not_the_network() -> None:
    # hiyouga/LlamaFactory#8836 (host memory ran out while the shards loaded)
    f = analyze_text(_SIGTERM)["findings"][0]
    assert (f["id"], f["cause"]) == ("log.remote_exited", "rank_crashed_elsewhere")
    alternatives = [c for _, c in causes(_SIGTERM)][1:]
    assert "oom" in alternatives and "wrong_interface" not in alternatives
    # the agent stopped from outside first (pytorch/pytorch#116974): its SIGTERMs are that stop's
    stopped = ("WARNING:torch.distributed.elastic.agent.server.api:Received 15 death signal, shutting down workers\n"
               "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 222141 closing signal SIGTERM\n")
    assert "rank_crashed_elsewhere" not in [c for _, c in causes(stopped)][:1]


def test_an_exception_under_torchruns_traceback_field_and_folly_s_banner() -> None:
    # pytorch/pytorch#73465: the worker's traceback indented under the summary's "traceback :" field
    summary = ("  exitcode  : 1 (pid: 181845)\n"
               "  traceback : Traceback (most recent call last):\n"
               "      File \"/home/user/train.py\", line 12, in main\n"
               "        die()\n"
               "    NameError: name 'die' is not defined\n")
    assert lead(summary) == ("log.program_error", "application_bug")
    # a quoted source line stays code
    assert "log.program_error" not in ids("        raise ValueError(f'bad batch {i}')\n")
    # meta-pytorch/monarch#864: folly's failure-signal banner is a crash here, like glog's
    assert lead("*** Aborted at 1712345678 (Unix time, try 'date -d @1712345678') ***\n") == ("log.crash", "other")


def test_sockets_on_the_loopback_only_are_one_node() -> None:
    # NVIDIA/nccl#1126: a one-host job over NET/Socket on lo
    log = ("zkti:702444:702444 [0] NCCL INFO Bootstrap : Using lo:127.0.0.1<0>\n"
           "zkti:702444:702444 [0] NCCL INFO NET/IB : No device found.\n"
           "zkti:702444:702444 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>\n"
           "zkti:702444:702444 [0] NCCL INFO Using network Socket\n")
    found = analyze_text(log)["findings"]
    assert [f["id"] for f in found if f["severity"] != "info"] == []
    # an address another node can reach keeps the socket reading
    eth = log.replace("lo:127.0.0.1", "eth0:10.1.2.3")
    assert lead(eth) == ("log.net_socket", "socket_fallback")


def test_launcher_notices_and_retried_warnings_are_no_failure() -> None:
    # facebookresearch/detr#578; hiyouga/LlamaFactory#7127; pytorch/PiPPy#158; deepspeedai/DeepSpeedExamples#310
    for text in ("FutureWarning: The module torch.distributed.launch is deprecated\n"
                 "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your "
                 "system being overloaded, please further tune the variable for optimal performance in your "
                 "application as needed. \n",
                 "W0302 19:39:39.186000 22436 torch\\distributed\\elastic\\multiprocessing\\redirects.py:27] NOTE: "
                 "Redirects are currently not supported in Windows or MacOs.\n",
                 "[W socket.cpp:558] [c10d] The client socket has failed to connect to [localhost]:29500 (errno: 99 - "
                 "Cannot assign requested address).\n",
                 "gpu1:5021:5386 [0] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : client "
                 "reregistration\n"):
        assert analyze_text(text)["findings"][0]["id"] == "log.no_failure", text
    # a port error event stays one
    assert lead("gpu1:5021:5386 [0] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error\n")[1] == \
        "ib_port_down_or_link"


def test_a_completion_error_quoted_without_nccls_prefix() -> None:
    # sweep 91: NVIDIA/nccl#1664 pasted the message alone
    line = ("NET/IBP:Got completion from peer 7.6.13.83<36315> with status=12 opcode=32698 len=32696 vendor err 129 "
            "(Send)\n")
    assert lead(line) == ("log.ib_completion_error", "ib_timeout_or_retry")


_BROADCAST = ("    broadcast (torch/distributed/distributed_c10d.py:1191)\n"
              "    _bcast_pipe_scalar (deepspeed/runtime/pipe/engine.py:542)\n"
              "    eval_batch (deepspeed/runtime/pipe/engine.py:455)\n\n")
_LOADER = ("Thread 688514 (idle): \"MainThread\"\n"
           "    wait (threading.py:306)\n    get (queue.py:179)\n"
           "    _try_get_data (torch/utils/data/dataloader.py:1011)\n"
           "    _next_batch (deepspeed/runtime/pipe/engine.py:627)\n"
           "    eval_batch (deepspeed/runtime/pipe/engine.py:449)\n")


def test_a_py_spy_dump_merged_by_stack_names_the_rank_outside_the_collective() -> None:
    # sweep 96: bigscience-workshop/bigscience tr11 chronicles (one process missed the sync on broadcast)
    dump = ("Thread 688510 (active): \"MainThread\"\nThread 688511 (active): \"MainThread\"\n"
            "Thread 599212 (active): \"MainThread\"\n" + _BROADCAST + _LOADER)
    f = analyze_text(dump)["findings"][0]
    assert (f["id"], f["cause"]) == ("log.rank_outside_collective", "hang_collective_mismatch")
    assert "3 of 4 dumped processes" in f["message"] and "process 688514" in f["message"]
    # ranks in two different collectives, told apart by thread ids only, may be pipeline stages: no mismatch
    stages = ("Thread 1 (active): \"MainThread\"\n    all_reduce (torch/distributed/distributed_c10d.py:1500)\n\n"
              "Thread 2 (active): \"MainThread\"\n    recv (torch/distributed/distributed_c10d.py:1100)\n")
    assert "log.collective_mismatch" not in ids(stages)
