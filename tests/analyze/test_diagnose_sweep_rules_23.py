"""Rules from sweep 81 (2026-12-05: other accelerators' collective libraries pasted like NCCL's: Ascend HCCL and CANN,
Moore Threads' MCCL, Intel's Level Zero). Each line is quoted from the thread named above its test, and tested on text
that must not trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead

from ncclkit.logs.analyze import analyze_text


def test_hccl_port_taken_leads_the_timeout_after_it() -> None:
    # vllm-project/vllm-ascend#1955: the listen failure, then a link timeout two minutes later
    text = ("[ERROR] HCCL(2717288,python3):2025-07-23-03:47:57.070.463 [hccl_socket.cc:100] [2717288][HcclSocket]"
            "[Listen] socket type[1], listen on ip[192.168.20.160] and specific port[16666] fail. Please check the "
            "port status and whether the port is been using by other process.\n"
            "[ERROR] HCCL(2717288,python3):2025-07-23-03:49:57.112.000 [hccl_socket.cc:200] [2717288][Wait]"
            "[LinkEstablish]wait socket establish timeout, role[1] rank[12] timeout[120]\n")
    assert lead(text) == ("log.port_in_use", "application_bug")
    # vllm-project/vllm-ascend#405 (EJ0003)
    assert lead("[rank0]: EJ0003: [PID: 159] 2025-03-26-17:01:02.816.428 Failed to bind the IP port. Reason: The IP "
                "address and port have been bound already.\n") == ("log.port_in_use", "application_bug")
    # the link timeout alone stays a wait (vllm-project/vllm-ascend#9447)
    assert lead(text.splitlines()[1] + "\n")[0] == "log.timeout"


def test_hccls_advice_line_is_no_evidence_and_its_reason_is_read() -> None:
    # hiyouga/LlamaFactory#5071
    text = ("EI0006: 2024-08-05-18:15:21.270.506 Getting socket times out. Reason: Remote Rank did not send the data "
            "in time. Please check the reason for the rank being stuck\n"
            "        Solution: 1. Check the rank service processes with other errors or no errors in the cluster.2. If "
            "this error is reported for all NPUs, check whether the time difference between the earliest and latest "
            "errors is greater than the connect timeout interval (120s by default).\n")
    f = analyze_text(text)["findings"][0]
    assert (f["id"], f["cause"], f["evidence"]["lines"]) == ("log.remote_exited", "rank_crashed_elsewhere", [1])
    assert "log.timeout" not in ids(text.splitlines()[1] + "\n")


def test_an_npu_kernel_past_its_limit_is_the_device_not_a_collective() -> None:
    # vllm-project/vllm-ascend#5509 and #10861
    text = ("[Error]: The aicore execution times out.\n"
            "        rtStreamSynchronizeWithTimeout execution failed, reason=aicore timeout\n")
    assert lead(text) == ("log.cuda_error", "cuda_or_driver")
    assert "hang_collective_mismatch" not in [c for _, c in causes(text)][:1]
    # a wait on a remote rank's notify record stays a wait (vllm-project/vllm-ascend#3413)
    wait = ("EI0002: [PID: 2969] 2025-10-11-15:09:34.713.335 The wait execution of the Notify register times out. "
            "Reason: The Notify register has not received the Notify record from remote rank: [24]. base information: "
            "[streamID:[109], taskID[38], taskType[Notify Wait], tag[AllReduce_group_name_1654NHRAllReduce]]\n")
    assert lead(wait) == ("log.timeout", "hang_collective_mismatch")


def test_ascend_lines_that_say_internal_error_are_not_nccls() -> None:
    # vllm-project/vllm-ascend#4972 and hiyouga/LlamaFactory#3839
    for line in ("[ERROR] 2025-12-12-12:10:10 (PID:402, Device:7, RankID:-1) ERR02005 DIST internal error\n",
                 "        rtGetDevMsg execute failed, reason=[driver error:internal error][FUNC:FuncErrorReason]"
                 "[FILE:error_message_manage.cc][LINE:53]\n"):
        assert "log.internal_error" not in ids(line)
    assert lead("EJ0001: 2024-05-21-11:57:54.167.645 Failed to initialize the HCCP process. Reason: Maybe the last "
                "training process is running.\n") == ("log.launch_config", "application_bug")
    assert "log.internal_error" in ids("node1:12:34 [0] NCCL WARN internal error - please report this issue to the "
                                       "NCCL developers\n")


def test_other_vendors_libraries_and_memory() -> None:
    # MooreThreads/torch_musa#5; intel/torch-xpu-ops#5432
    assert lead("ImportError: libmccl.so.2: cannot open shared object file: No such file or directory\n") == \
        ("log.nccl_library_missing", "other")
    assert lead("RuntimeError: level_zero backend failed with error: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)\n") == \
        ("log.oom", "oom")
    assert "oom" not in [c for _, c in causes("RuntimeError: level_zero backend failed with error: 20 "
                                              "(UR_RESULT_ERROR_DEVICE_LOST)\n")]
