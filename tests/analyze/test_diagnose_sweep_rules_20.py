"""Rules from the sweeps of projects' troubleshooting pages of 2026-12-05 (73: NCCL's own documents; 75: PyTorch's
elastic launcher and NeMo's resiliency demo; 76: cluster guides). Each line is quoted from the page named above its
test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, lead

from ncclkit.logs.analyze import analyze_text


def findings(text: str) -> dict[str, dict]:
    return {f["id"]: f for f in analyze_text(text)["findings"]}


# NVIDIA/nccl docs/ras.rst, quoted indented as the document shows it.
_RAS_INCOMPLETE = (
    "  Group     Comms     Nodes     Ranks     Ranks     Ranks    Status  Errors\n"
    "      #  in group  per comm  per node  per comm  in group\n"
    "      0         1         4       7-8        32        32   RUNNING  INCOMPLETE\n\n"
    "  Errors\n  ======\n\n"
    "  INCOMPLETE\n"
    "    Missing communicator data from 1 job process\n"
    "    Process 3487984 on node 172.16.64.213 managing GPU 5\n\n"
    "  #0-0 (cf264af53edbe986) INCOMPLETE\n"
    "    Missing communicator data from 1 rank\n"
    "    The missing rank: 21\n\n"
    "  Warnings\n  ========\n\n"
    "  TIMEOUT\n"
    "    Encountered 2 communication timeouts while gathering communicator data\n")


def test_an_indented_ras_report_names_the_process_that_sent_no_data() -> None:
    obj = analyze_text(_RAS_INCOMPLETE, name="ras.txt")
    f = obj["findings"][0]
    assert obj["kind"] == "ras" and (f["id"], f["cause"]) == ("hang.rank_missing", "rank_crashed_elsewhere")
    assert "rank 21 (process 3487984 on 172.16.64.213, GPU 5)" in f["message"]
    ids = [x["id"] for x in obj["findings"]]
    assert "log.timeout" not in ids and "hang.all_in_collective" not in ids
    # a report of another process that is DEAD names it too
    dead = _RAS_INCOMPLETE.replace("  INCOMPLETE\n    Missing communicator data from 1 job process\n",
                                   "  DEAD\n    1 job process is considered dead (unreachable via the RAS network)\n")
    assert "process 3487984" in analyze_text(dead, name="ras.txt")["findings"][0]["message"]


def test_a_ucx_device_not_among_those_it_lists_is_the_setting() -> None:
    line = ("UCX  WARN  network device 'mlx5_9:1' is not available, please use one or more of: 'eth0'(tcp), "
            "'mlx5_0:1'(ib), 'mlx5_1:1'(ib)\n")
    assert lead(line) == ("log.ucx_unreachable", "wrong_interface")
    # with TCP devices only in the list, the RDMA device itself is not there or not ACTIVE
    assert lead("UCX  WARN  network device 'mlx5_0:1' is not available, please use one or more of: 'eth0'(tcp), "
                "'lo'(tcp)\n")[1] == "ib_port_down_or_link"


def test_settings_printed_at_start_are_no_timeout() -> None:
    # NeMo's resiliency demo: torchrun's config dump and NVRx's banner on a healthy run
    for line in ("ining-demo/0 I0307 22:33:45.902000 170829 torch/distributed/launcher/api.py:194]   rdzv_configs     "
                 ": {'timeout': 900}\n",
                 "[NeMo I 2025-03-07 22:37:13 fault_tolerance_callback:311] [FaultToleranceCallback@rank0] Fault "
                 "tolerance client initialized. Timeouts: HeartbeatTimeouts(initial=1800.00, subsequent=300.00, "
                 "were_calculated=False)\n"):
        assert "log.timeout" not in findings(line)
    watchdog = ("[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, "
                "NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600007 milliseconds before timing out.\n")
    assert lead(watchdog)[1] == "hang_collective_mismatch"


def test_a_ranks_own_exception_behind_torchruns_tee_prefix() -> None:
    # NeMo's resiliency demo's injected crash, with an exception class of Python's own
    assert lead("[default2]:[rank2]: ValueError: Simulating a crash at step 17!\n") == \
        ("log.program_error", "application_bug")
    # CPython's note about an exception in a destructor is no failure of the program
    assert "log.program_error" not in findings(
        "Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x7f2a1c3e4d30>\n")


def test_the_straggler_detector_stopping_the_job() -> None:
    line = ("[default0]:[NeMo E 2025-03-07 22:43:58 straggler_det_callback:239] Detected stragglers. Terminating "
            "training...\n")
    assert lead(line) == ("log.straggler_stop", "other")
    assert "cuda_or_driver" in [c for _, c in causes(line)]


def test_cluster_side_failures_are_not_ncclss() -> None:
    # GoogleCloudPlatform/cluster-toolkit's Slurm troubleshooting: the cloud nodes were never created
    prolog = ("srun: PrologSlurmctld failed, job killed\nsrun: Force Terminated job 2\n"
              "srun: error: Job allocation 2 has been revoked\n")
    assert lead(prolog) == ("log.job_stopped", "other") and "oom" not in [c for _, c in causes(prolog)]
    assert lead("srun: error: node01: task 3: Killed\n")[1] == "oom"
    auth = ("error: Could not open node authentication key /etc/slurm/slurm.key: No such file or directory\n"
            "fatal: slurm_auth_init: auth/slurm: auth_p_init: failed to initialize authentication plugin\n")
    assert lead(auth) == ("log.launch_config", "other") and "net_plugin_error" not in [c for _, c in causes(auth)]
    # kubeflow/trainer's docs: the docker daemon is not running
    docker = ("docker.errors.DockerException: Error while fetching server API version: ('Connection aborted.', "
              "ConnectionRefusedError(111, 'Connection refused'))\n")
    assert lead(docker) == ("log.launch_config", "other")
