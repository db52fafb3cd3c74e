"""Rules from the sweeps of 2026-12-05 (78: weight synchronisation of RL post-training between trainer and rollout
engines; 79: hardware and driver faults beside NCCL's errors; 80: slow runs and their NCCL INFO logs). Each line is
quoted from the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead

from ncclkit.logs.analyze import analyze_text


def test_an_rl_frameworks_weight_version_is_no_nccl_version() -> None:
    # vllm-project/vime#45: the IPC path never set the engine's weight version
    text = "RuntimeError: Weight version mismatch!\n  Engine: /root/models/Qwen2.5-0.5B-Instruct, Updater: 1\n"
    assert "nccl_version_mismatch" not in [c for _, c in causes(text)]
    assert lead("NCCL WARN Mismatched NCCL version detected : rank 0 version 22703 rank 1 version 22105\n")[1] == \
        "nccl_version_mismatch"


def test_a_zeromq_receive_timeout_points_at_the_other_end() -> None:
    # NVIDIA-NeMo/RL#1477: the policy worker's 30 s wait for the vLLM side of a refit
    assert lead("    zmq_socket.recv()\nzmq.error.Again: Resource temporarily unavailable\n") == \
        ("log.remote_exited", "rank_crashed_elsewhere")
    # EAGAIN from a limit stays a limit
    assert lead("RuntimeError: can't start new thread: pthread_create: Resource temporarily unavailable\n")[1] != \
        "rank_crashed_elsewhere"


def test_rays_newer_list_of_causes_and_its_raylet_header_report_no_signal() -> None:
    # verl-project/verl#4921
    died = ("The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit detail: "
            "Worker unexpectedly exits with a connection error code 2. End of file. Some common causes include: (1) "
            "the process was killed by the OOM killer due to high memory usage, (2) ray stop --force was called, or "
            "(3) the worker crashed unexpectedly due to SIGSEGV or another unexpected error.\n")
    assert lead(died) == ("log.remote_exited", "rank_crashed_elsewhere")
    # verl-project/verl#1986: a worker that exited on SIGTERM at the end of training
    raylet = ("(raylet) A worker died or was killed while executing a task by an unexpected system error. To "
              "troubleshoot the problem, check the logs for the dead worker. RayTask ID: ffffffffffffffffa8df3c\n"
              ".239 Worker port: 38191 Worker PID: 870287 Worker exit type: SYSTEM_ERROR Worker exit detail: Worker "
              "exits unexpectedly by a signal. SystemExit is raised (sys.exit is called). Exit code: 1. \n"
              "The process receives a SIGTERM. \n")
    found = ids(raylet)
    assert lead(raylet)[1] == "rank_crashed_elsewhere" and "log.process_killed" not in found
    assert "log.system_error" not in found
    # a SIGKILL that is reported stays one
    assert lead("exitcode  : -9 (pid: 3087)\n") == ("log.process_killed", "oom")
    assert "log.system_error" in ids("NCCL error in: ProcessGroupNCCL.cpp:1191, unhandled system error, NCCL "
                                     "version 2.14.3\n")


def test_the_memory_savers_older_lines() -> None:
    # fzyzcjy/torch_memory_saver#35 (error 1 from resume) and RLinf's FAQ (error 2 without the file prefix)
    assert lead("[torch_memory_saver.cpp] CUresult error  result=1 file=csrc/torch_memory_saver.cpp func=resume "
                "line=214\n") == ("log.framework_usage", "application_bug")
    assert lead("CUresult error result=2 file=csrc/torch_memory_saver.cpp func=cu_mem_create line=103\n") == \
        ("log.oom", "oom")
    # error 1 from the allocation itself is not the pause order's
    assert lead("[torch_memory_saver.cpp] CUresult error  result=1 file=csrc/torch_memory_saver.cpp "
                "func=cu_mem_create line=103\n") != ("log.framework_usage", "application_bug")


def test_pidfd_getfd_bad_descriptor_is_pytorchs_bug_not_the_kernels_policy() -> None:
    # pytorch/pytorch#179220, fixed by #179618
    assert lead("RuntimeError: pidfd_getfd: Bad file descriptor\n") == ("log.framework_release", "other")
    assert lead("RuntimeError: pidfd_getfd: Operation not permitted\n") == ("log.host_setting", "other")


def test_ibdev2netdev_verbose_reads_the_ports_own_state() -> None:
    # NVIDIA/nccl-tests#36: the maintainer's healthy reference; the IPoIB netdev's (Down) is its IP operstate
    active = "0002:00:02.0 mlx4_0 (MT4100 - NA)  fw 2.43.7008 port 1 (ACTIVE) ==> ib0 (Down)\n"
    assert "log.ib_port_event" not in ids(active)
    down = ("0000:02:00.5 mlx5_2 (MT4116 - NA)  fw 12.23.1020 port 1 (DOWN  ) ==> ib2 (Down)\n")
    f = analyze_text(active + down)["findings"][0]
    assert (f["id"], f["cause"], f["evidence"]["lines"]) == ("log.ib_port_event", "ib_port_down_or_link", [2])


_IBEXT = ("axa:3048391:3048566 [0] NCCL INFO NCCL_IBEXT_DISABLE set by environment to 1.\n"
          "axa:3048391:3048566 [0] NCCL INFO net.cc:79 -> 3\n"
          "axa:3048391:3048566 [0] NCCL INFO NCCL_IB_DISABLE set by environment to 1.\n")


def test_a_network_nccl_skipped_before_the_one_it_uses_is_no_error() -> None:
    # NVIDIA/nccl#1053: the IB plugin turned off, then NCCL goes on over sockets
    used = _IBEXT + ("axa:3048391:3048566 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>\n"
                     "axa:3048391:3048566 [0] NCCL INFO Using network Socket\n")
    assert "log.nccl_error_code" not in ids(used)
    # a log that stops there, and a transport's own trace (transport/net.cc), keep the code
    assert "log.nccl_error_code" in ids(_IBEXT)
    conn = ("H100-2:19989:20082 [1] NCCL INFO Using network IB\n"
            "H100-2:19989:20082 [1] NCCL INFO transport/net.cc:1008 -> 6\n")
    assert "log.nccl_error_code" in ids(conn)


def test_direct_shared_memory_channels_are_shm() -> None:
    # NVIDIA/nccl#644 (NCCL 2.7 - 2.8's shm.cc wording)
    log = ("unicom-169:11228:11270 [2] NCCL INFO Channel 00 : 2[8000] -> 1[5000] via direct shared memory\n"
           "unicom-169:11228:11270 [2] NCCL INFO Channel 00 : 2[8000] -> 3[9000] via P2P/direct pointer\n")
    assert sorted(analyze_text(log)["transports"]) == ["P2P/direct", "SHM"]


def test_a_gpu_whose_firmware_halted_explains_its_page_faults() -> None:
    # madMAx43v3r/chia-gigahorse#301: an Xid 31, then the same GPU's Xid 62
    text = ("[14328.198504] NVRM: Xid (PCI:0000:0a:00): 31, pid=13332, name=cuda_plot_k32_v, Ch 00000010, intr "
            "00000000. MMU Fault: ENGINE CE2 HUBCLIENT_CE0 faulted @ 0x7f29_5b8c9000. Fault is of type "
            "FAULT_PRIV_VIOLATION ACCESS_TYPE_VIRT_READ\n"
            "[14370.687545] NVRM: Xid (PCI:0000:0a:00): 62, pid='<unknown>', name=<unknown>, 2023b230 20238a3a "
            "2023e8b6 2023eac4 2023ec3c 2023ea86 00000000 00000000\n")
    assert lead(text) == ("log.gpu_firmware_error", "cuda_or_driver")
    assert lead(text.splitlines()[0] + "\n") == ("log.cuda_error", "application_bug")


def _xid31(gpu: str, pid: int) -> str:
    return (f"[Sat Jan 30 00:05:20 2021] NVRM: Xid (PCI:0000:{gpu}:00): 31, pid={pid}, Ch 00000008, intr 00000000. "
            "MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_10 faulted @ 0x7efe_ba290000. Fault is of type FAULT_PDE "
            "ACCESS_TYPE_VIRT_READ\n")


def test_one_gpu_faulting_under_many_processes_is_the_gpu() -> None:
    # pytorch/pytorch#51382 ("Likely a faulty device"): three runs fault on GPU db:00
    text = _xid31("db", 13641) + _xid31("db", 14323) + _xid31("db", 33275)
    f = analyze_text(text)["findings"][0]
    assert (f["id"], f["cause"]) == ("log.gpu_faults_repeat", "cuda_or_driver") and "PCI:0000:db:00" in f["message"]
    # one process faulting on many GPUs at once (flashinfer-ai/flashinfer#3869's kernel), or one run's repeats,
    # is the program
    spread = _xid31("9a", 477445) + _xid31("f0", 477446) + _xid31("bd", 477447)
    assert lead(spread) == ("log.cuda_error", "application_bug")
    assert lead(_xid31("db", 13641) * 3) == ("log.cuda_error", "application_bug")


def test_the_fabric_manager_with_no_nvswitch_fails_its_service_harmlessly() -> None:
    # NVIDIA/gpu-operator#610: the unit's failure lines beside NV_WARN_NOTHING_TO_DO
    text = ("Job for nvidia-fabricmanager.service failed because the control process exited with error code.\n"
            "11月 15 14:15:47 leon-NF5468M6 nv-fabricmanager[4177]: request to query NVSwitch device information from "
            "NVSwitch driver failed with error:WARNING Nothing to do [NV_WARN_NOTHING_TO_DO]\n"
            "11月 15 14:15:47 leon-NF5468M6 systemd[1]: nvidia-fabricmanager.service: Control process exited, "
            "code=exited, status=1/FAILURE\n")
    assert "log.fabric_manager" not in ids(text)
    assert lead(text.splitlines()[0] + "\n") == ("log.fabric_manager", "cuda_or_driver")


def test_driver_lines_that_state_no_fault() -> None:
    # NVIDIA/open-gpu-kernel-modules#363: the header before an Xid, its UUID redacted
    assert "log.cuda_error" not in ids("NVRM: GPU at PCI:0000:08:00: GPU-UID\n")
    assert lead("[ 1097.650222] NVRM: GPU 0000:04:01.0: RmInitAdapter failed! (0x11:0x45:2525)\n")[1] == \
        "cuda_or_driver"
    # wilicc/gpu-burn#1: a corrected link-layer error's status bit in words
    aer = ("[74785.660380] pcieport 0000:00:02.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, "
           "id=0010(Transmitter ID)\n[74785.660559] pcieport 0000:00:02.0:    [12] Replay Timer Timeout  \n")
    assert "log.timeout" not in ids(aer)


def test_nvlink_and_ecc_events_that_name_their_own_severity() -> None:
    # leptonai/gpud#1160 and #1174
    nonfatal = ("NVRM: Xid (PCI:0000:01:00): 144, SAW_MVB Nonfatal XC0 i0 Link 0 (0x00000001 0x00000008 0x00000000 "
                "0x00000000 0x00000000 0x00000000)\n")
    f = analyze_text(nonfatal)["findings"][0]
    assert (f["id"], f["cause"], f["severity"]) == ("log.nvlink_error", "cuda_or_driver", "warning")
    fatal = "NVRM: Xid (PCI:0019:01:00): 149, NETIR Fatal XC0 i0 Link -1 (0x00000000 0x00000000)\n"
    assert analyze_text(fatal)["findings"][0]["severity"] == "error"
    # NVIDIA's A100 memory error guide: a contained error that needs no reset
    xid94 = ("NVRM: Xid (PCI:0000:01:00 GPU-I:05): 94, pid=7194, Contained: CE User Channel (0x9). RST: No, "
             "D-RST: No\n")
    f = analyze_text(xid94)["findings"][0]
    assert f["id"] == "log.gpu_memory_error" and "nvidia-smi -r" not in f["fix"]
    assert "nvidia-smi -r" in analyze_text("NVRM: Xid (PCI:0000:01:00): 48, pid=7194, DBE\n")["findings"][0]["fix"]


def test_nvidia_smi_nvlink_status_with_links_down() -> None:
    # Azure/azhpc-diagnostics#73: an SXM2 V100 with two links inactive
    status = ("GPU 3: Tesla V100-SXM2-32GB (UUID: ...)\n"
              "         Link 0: 25.781 GB/s\n         Link 1: 25.781 GB/s\n         Link 2: 25.781 GB/s\n"
              "         Link 3: <inactive>\n         Link 4: 25.781 GB/s\n         Link 5: <inactive>\n")
    f = analyze_text(status)["findings"][0]
    assert (f["id"], f["cause"]) == ("nvlink.inactive", "cuda_or_driver") and f["evidence"]["inactive_links"] == [3, 5]
    # every link up, or none (a PCIe board lists its links inactive), is no link down
    assert "nvlink.inactive" not in ids(status.replace("<inactive>", "25.781 GB/s"))
    assert "nvlink.inactive" not in ids(status.replace("25.781 GB/s", "<inactive>"))
