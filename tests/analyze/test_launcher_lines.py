"""Lines of the launchers around NCCL jobs (Slurm, Open MPI's mpirun, Ray), read alone and in an NCCL log.
Texts are those the tools print (Open MPI's help files, slurmstepd, Ray's exceptions)."""

from __future__ import annotations

import pytest

from line_reading import assert_reads, lead

from ncclkit.logs.analyze import analyze_text

CASES = [
    ("slurmstepd: error: *** STEP 123456.0 ON node1 CANCELLED AT 2024-05-01T12:00:00 DUE TO TIME LIMIT ***",
     "log.job_stopped", "other"),
    ("slurmstepd: error: *** JOB 123456 ON node1 CANCELLED AT 2024-05-01T12:00:00 ***", "log.job_stopped", "other"),
    ("slurmstepd: error: *** JOB 123456 ON node1 CANCELLED AT 2024-05-01T12:00:00 DUE TO NODE FAILURE ***",
     "log.remote_exited", "rank_crashed_elsewhere"),
    ("ORTE was unable to reliably start one or more daemons.", "log.mpi_launch", "wrong_interface"),
    ("ORTE has lost communication with a remote daemon.", "log.remote_exited", "rank_crashed_elsewhere"),
    ("bash: orted: command not found", "log.mpi_launch", "other"),
    ("Host key verification failed.", "log.mpi_launch", "other"),
    ("There are not enough slots available in the system to satisfy the 16", "log.launch_config", "application_bug"),
    ("The OpenFabrics (openib) BTL failed to initialize while trying to", "log.memlock", "memlock_or_ulimit"),
    ("A process failed to create a queue pair. This usually means either", "log.memlock", "memlock_or_ulimit"),
    ("ray.exceptions.RayActorError: The actor died unexpectedly before finishing this task.", "log.remote_exited",
     "rank_crashed_elsewhere"),
]



@pytest.mark.parametrize(("line", "fid", "cause"), CASES)
def test_alone_and_in_a_log(line: str, fid: str, cause: str) -> None:
    assert_reads(line, fid, cause)


def test_a_task_that_exited_names_no_cause_of_its_own() -> None:
    """srun and mpirun reporting a task's exit code point at that task's own error."""
    for line in ("srun: error: node3: task 0: Exited with exit code 1",
                 "Primary job  terminated normally, but 1 process returned"):
        findings = analyze_text(line + "\n")["findings"]
        assert [f["id"] for f in findings if f["id"] == "log.worker_failed"] and lead(line + "\n") is None


def test_a_hang_cut_by_the_time_limit_leads_with_the_hang() -> None:
    text = ("[rank0]:[E ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective operation timeout: "
            "WorkNCCL(SeqNum=9, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600009 "
            "milliseconds before timing out.\n" + CASES[0][0] + "\n")
    assert lead(text) == ("log.timeout", "hang_collective_mismatch")
