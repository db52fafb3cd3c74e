"""Rules from sweeps 87 and 90 (2026-12-05: HPC centres' guides: ALCF's Aurora and Polaris, CSCS's Alps, OLCF's
Summit, LUMI, NCAR's Derecho; cloud operators' guides). Each line is quoted from the page named above its test, and
tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead

from ncclkit.logs.analyze import analyze_text


def test_pals_losing_a_node_is_no_limit_and_no_collective() -> None:
    # argonne-lcf/user-guides docs/aurora/known-issues.md "Ping Failures", docs/polaris/known-issues.md
    for line in ("ping failed on x4707c6s4b0n0: Couldn't forward RPC ping(24c93b8c-3434-4fb5-a8f0-53cff4cbbe42) to "
                 "child x4707c7s6b0n0.hostmgmt2707.cm.aurora.alcf.anl.gov: Resource temporarily unavailable\n",
                 "ping RPC timeout from x4212c7s0b0n0.hostmgmt2212.cm.aurora.alcf.anl.gov after 120s\n",
                 "ping failed on x4304c1s6b0n0: No reply from x4307c2s6b0n0.hostmgmt2307.cm.aurora.alcf.anl.gov after "
                 "87s\n",
                 "ping failed on x4616c0s4b0n0: Application 047a3c9f-fb41-4595-a2ad-4a4d0ec1b6c1 not found\n"):
        assert lead(line) == ("log.remote_exited", "rank_crashed_elsewhere"), line
    # a resource limit said so stays one
    assert lead("RuntimeError: can't start new thread: pthread_create: Resource temporarily unavailable\n")[1] == \
        "memlock_or_ulimit"


def test_launcher_and_pmi_start_up_failures() -> None:
    # ALCF (qsub -V; --gpu-bind=list), LUMI (PMI_SHARED_SECRET)
    assert lead("failed to acquire job resources; job startup aborted (jobid: 1234567)\n") == \
        ("log.launch_config", "application_bug")
    assert lead("launch failed on x4520c2s0b0n0: Failed to parse implicit GPU selection\n") == \
        ("log.launch_config", "application_bug")
    assert lead("[unset]:_pmi_set_af_in_use:PMI ERROR\n") == ("log.launch_config", "other")
    # a communicator aborted stays an abort
    assert "log.abort" in ids("[rank0]:[E1203] ProcessGroupNCCL aborting communicators after error\n")


def test_mpi_gpu_hooks_and_managed_memory_are_the_programs() -> None:
    # OLCF's Summit guide; NCAR's Derecho job-script examples
    assert lead("CUDA Hook Library: Failed to find symbol mem_find_dreg_entries, ./a.out: undefined symbol: "
                "__PAMI_Invalidate_region\n") == ("log.framework_usage", "application_bug")
    assert lead("undefined symbol: ncclCommInitRankConfig\n")[1] == "nccl_version_mismatch"
    gtl = "(GTL DEBUG: 0) cuIpcGetMemHandle: invalid argument,\n CUDA_ERROR_INVALID_VALUE\n"
    assert lead(gtl) == ("log.framework_usage", "application_bug")


def test_slingshot_gpu_mapping_tmpdir_and_intel_gpu_faults() -> None:
    # CSCS's cray-mpich page; ALCF's TMPDIR note and Aurora's GPU page faults
    assert lead("cxil_map: write error\n") == ("log.ofi_error", "gdr_unavailable")
    assert lead("OSError: AF_UNIX path too long\n") == ("log.host_setting", "other")
    assert lead("Unexpected page fault from GPU at 0xff00ffffff780000, ctx_id: 1 (CCS) type: 0 (NotPresent), level: "
                "1 (PDE), access: 0 (Read)\n") == ("log.cuda_error", "application_bug")
    assert "cuda_or_driver" in [c for _, c in causes("Unexpected page fault from GPU at 0x1\n")]


def test_a_node_checks_passed_verdicts_are_no_fault() -> None:
    # sweep 90: Oracle's oci-hpc healthchecks page, a healthy node's check_gpu_setup.py output
    for line in ("2026-01-16 15:37:01,212 - INFO - Xid Check: Passed\n",
                 "2026-01-16 15:37:01,198 - INFO - RDMA link flapping/down test: Passed\n"):
        assert [f["id"] for f in analyze_text(line)["findings"] if f["severity"] == "error"] == [], line
    assert lead("2026-01-16 15:37:01,212 - ERROR - Xid Error Check: Failed\n")[1] == "cuda_or_driver"
