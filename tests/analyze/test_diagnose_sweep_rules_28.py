"""Rules from sweep 112 (2026-12-05: NCCL 2.26 - 2.29's newer features in real threads: window registration,
plugins, RAS) and from the misses of held-out round 146 (communication-compute overlap). Each line is quoted from
the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import ids, lead

from ncclkit.logs.analyze import analyze_text


def test_a_missing_python_module_is_the_environment() -> None:
    # ai-dynamo/dynamo#3158: the container lacked nvshmem4py; installing it fixed the launch
    assert lead("ModuleNotFoundError: No module named 'nvshmem'\n") == ("log.package_build", "other")
    assert lead("[rank0]: ModuleNotFoundError: No module named 'deepspeed'\n") == ("log.package_build", "other")
    # the wordings a known program prints keep their rows
    assert lead("host-1: /usr/bin/python: No module named deepspeed.pt\n") == ("log.remote_shell", "other")
    assert "log.package_build" not in ids("Failed to import Ray with ModuleNotFoundError(\"No module named 'ray'\")\n")
    # a program's own exception stays the program's
    assert lead("KeyError: 'lm_head.weight'\n") == ("log.program_error", "application_bug")


def test_window_registration_before_the_communicator_exists() -> None:
    # pytorch/pytorch#188567: the maintainer's device_id answer, confirmed by the reporter
    paste = ("torch.distributed.DistBackendError: NCCL error in: .../torch/csrc/distributed/c10d/symm_mem/"
             "NCCLSymmetricMemory.cu:174,\n"
             "invalid argument (run with NCCL_DEBUG=WARN for details), NCCL version 2.29.7\n"
             "Failed to window register segment with ptr 0x..., size 20971520 on rank 0\n")
    assert lead(paste) == ("log.framework_usage", "application_bug")
    # pytorch/pytorch#172398: the device communicator's invalid usage stays PyTorch's bug with NCCL 2.29
    bug = ("torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/symm_mem/"
           "nccl_devcomm_manager.hpp:73, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.29.2\n"
           "ncclDevCommCreate failed\n")
    assert lead(bug) == ("log.framework_release", "other")


def test_deregistration_warnings() -> None:
    # pytorch/pytorch#181610: PyTorch's abort deregistered a window handle with ncclCommDeregister
    assert lead("  NCCL WARN Deregister: Could not find handle\n") == ("log.framework_release", "other")
    # sii-research/VCCL#36 (register.cc regCleanup at teardown): NCCL warns and goes on
    line = ("[2026-02-02 07:29:42] qb-prod-gpu1943:102521:103010 [0] register/register.cc:88 NCCL WARN rank 0 "
            "deregister NET buffer handle 0x7f0a10d20f80 proxy rank 0 failed\n")
    assert lead(line) == ("log.buffer_deregistration", "other")
    # a proxy failure while the job runs stays the proxy's (NVIDIA/nccl#2039)
    assert ids("g340-cd51-7700-58b4-b0e2-29f6-d319:46627:64125 [0] proxy.cc:363 NCCL WARN Proxy append out of "
               "bounds\n")[0] == "log.proxy_error"


def test_a_plugin_named_by_its_file_name_that_nccl_did_not_find() -> None:
    # NVIDIA/nccl#1732: NCCL_PROFILER_PLUGIN=libnccl_example_profiler_plugin.so, not found
    line = ("rtptest1621:2617175:2618957 [6] NCCL INFO PROFILER/Plugin: Could not find: "
            "libnccl_example_profiler_plugin.so.\n")
    assert lead(line) == ("log.plugin_not_found", "net_plugin_error")
    # the default names are the optional plugins that are not installed
    for healthy in ("x:1:1 [0] NCCL INFO PROFILER/Plugin: Could not find: libnccl-profiler.so.\n",
                    "lccn09:2520143:2520235 [5] NCCL INFO TUNER/Plugin: Could not find: libnccl-tuner.so. Using "
                    "internal tuner plugin.\n",
                    "x:1:1 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal net plugin.\n"):
        assert "log.plugin_not_found" not in ids(healthy)


def test_open_mpi_signal_banner_is_a_crash() -> None:
    # NVIDIA/nccl#1669: NCCL crashed when its RAS client was queried during init
    paste = ("rtptest1621:405884:407462 [0] NCCL INFO RAS client listening socket at ::1<28028>\n"
             "[rtptest1621:405884] *** Process received signal ***\n")
    assert lead(paste) == ("log.crash", "other")
    assert "log.crash" not in ids("rtptest1621:405884:407462 [0] NCCL INFO RAS client listening socket at "
                                  "::1<28028>\n")


def test_fr_trace_names_the_ranks_that_never_joined() -> None:
    # pytorch/pytorch#140969 (fr_trace 2.8+), the flight-recorder tutorial (2.6 - 2.7), fr_trace 2.5's one line
    newer = ("Not all ranks joining collective: sequence number: 31117\ninternal record id: 31116\ngroup info: "
             "0:default_pg\ncollective: nccl:all_reduce\nmissing ranks: {3, 4, 5, 6, 7}\ninput sizes: [[1571911]]\n")
    found = analyze_text(newer)["findings"][0]
    assert (found["id"], found["subject"], found["cause"]) == \
        ("hang.rank_not_launched", "rank3,rank4,rank5,rank6,rank7", "hang_collective_mismatch")
    assert "nccl:all_reduce #31117" in found["message"] and found["evidence"]["lines"] == [1, 5]
    tutorial = ("  Not all ranks joining collective 5 at entry 4\n  group info: 0:default_pg\n  collective: "
                "nccl:all_reduce\n  missing ranks: {1}\n  input sizes: [[3, 4]]\n")
    found = analyze_text(tutorial)["findings"][0]
    assert (found["subject"], found["evidence"]["sequence"]) == ("rank1", "5")
    older = ("Not all ranks joining collective for group 0:default_pg collective nccl:all_reduce  Missing ranks are "
             "{1} \n")
    found = analyze_text(older)["findings"][0]
    assert (found["subject"], found["evidence"]["collective"]) == ("rank1", "nccl:all_reduce")
    # the heading without its fields still reads a mismatch; a desync report names its rank as before
    assert lead("Not all ranks joining collective: sequence number: 31117\n") == \
        ("log.collective_mismatch", "hang_collective_mismatch")
    assert "hang.rank_not_launched" not in ids("[7] finished collective #182, but didn't join collective #183 "
                                               "(count from 1)\n")


def test_the_failed_collectives_stack_heading_alone_is_a_hang() -> None:
    # vllm-project/vllm#41160: the pipeline-parallel broadcast that hung, its timeout line not pasted
    paste = ("[rank3[]:[E508 07:35:59.440171617 ProcessGroupNCCL.cpp:733] Stack trace of the failed collective: \n"
             "#0 broadcast from /usr/local/lib/python3.12/dist-packages/torch/distributed/distributed_c10d.py:2968\n"
             "#2 _pp_receive_prev_sampled_token_ids_to_input_batch from /usr/local/lib/python3.12/dist-packages/vllm/"
             "v1/worker/gpu_model_runner.py:4484\n")
    assert lead(paste) == ("log.timeout", "hang_collective_mismatch")
    # a timeout line beside it leads the finding, which keeps the timeout's severity
    timeout = ("[rank3]:[E508 07:25:59.1 ProcessGroupNCCL.cpp:632] [Rank 3] Watchdog caught collective operation "
               "timeout: WorkNCCL(SeqNum=88, OpType=BROADCAST, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for "
               "600003 milliseconds before timing out.\n")
    top = analyze_text(timeout + paste)["findings"][0]
    assert (top["id"], top["severity"], top["evidence"]["lines"][0]) == ("log.timeout", "error", 1)


def test_a_timeout_set_under_a_second_is_the_setting() -> None:
    # instructlab/training#520: "set watchdog timeout to 1ms ... I expect it to fail training"
    line = ("  what():  [PG ID 0 PG GUID 0(default_pg) Rank 3] Process group watchdog thread terminated with exception: "
            "[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, "
            "NumelOut=1, Timeout(ms)=1) ran for 90 milliseconds before timing out.\n")
    assert lead(line) == ("log.timeout_setting", "application_bug")
    # pytorch/pytorch#117682: a 10 s timeout ended a real size-mismatch hang
    real = ("[rank1]:[E ProcessGroupNCCL.cpp:545] [Rank 1] Watchdog caught collective operation timeout: "
            "WorkNCCL(SeqNum=2, OpType=COALESCED, NumelIn=18446744073709551615, NumelOut=18446744073709551615, "
            "Timeout(ms)=10000) ran for 10000 milliseconds before timing out.\n")
    assert lead(real) == ("log.timeout", "hang_collective_mismatch")


def test_a_watchdog_stuck_after_a_timeout_follows_it() -> None:
    # snowflakedb/ArcticTraining#219: the stall came the heartbeat's 480 s after the collective's timeout
    paste = ("[rank7]:[E626 05:14:36.393067540 ProcessGroupNCCL.cpp:1743] [PG ID 0 PG GUID 0(default_pg) Rank 7] "
             "ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued "
             "collectives.\n"
             "[rank2]:[E626 05:06:30.929096625 ProcessGroupNCCL.cpp:632] [Rank 2] Watchdog caught collective "
             "operation timeout: WorkNCCL(SeqNum=120049, OpType=_ALLGATHER_BASE, NumelIn=16384000, "
             "NumelOut=131072000, Timeout(ms)=1800000) ran for 1800065 milliseconds before timing out.\n")
    assert lead(paste) == ("log.timeout", "hang_collective_mismatch")
    # alone, the stall keeps its own reading
    assert lead(paste.splitlines(keepends=True)[0]) == ("log.watchdog_stuck", "hang_collective_mismatch")
