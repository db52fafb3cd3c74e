"""Rules from round 32 of the held-out measurement (write-ups of their own failures, HPC applications on NCCL and
NVSHMEM, Windows and WSL users) and the Python-level lines met while reading them, each tested on the text that
carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, lead


# EADDRNOTAVAIL on bind: init_process_group("tcp://<a public or another node's address>:port") on the master.
def test_an_address_this_host_does_not_have_is_the_interface() -> None:
    assert_reads("OSError: [Errno 99] Cannot assign requested address", "log.no_interface", "wrong_interface")


def test_c10ds_client_failing_to_connect_with_errno_99_stays_a_failed_connection() -> None:
    line = ("[W socket.cpp:663] [c10d] The client socket has failed to connect to [node2]:12355 (errno: 99 - "
            "Cannot assign requested address).")
    assert causes(line + "\n")[0][0] == "log.socket_connect_failed"
    # to the local host it is c10d's retried warning of a port being reused (pytorch/PiPPy#158, sweep 89)
    local = line.replace("[node2]", "[localhost]")
    assert "log.socket_connect_failed" not in [fid for fid, _ in causes(local + "\n")]


def test_a_spawned_process_ending_on_sigsegv_is_a_crash() -> None:
    assert_reads("torch.multiprocessing.spawn.ProcessExitedException: process 2 terminated with signal SIGSEGV",
                 "log.crash", "other")
    assert lead("torch.multiprocessing.spawn.ProcessExitedException: process 1 terminated with signal SIGKILL\n") \
        == ("log.process_killed", "oom")


# Open-Sora (blog.gitcode.com 481dbf46): ColossalAI's launch_from_torch started with python, not torchrun.
def test_a_launch_without_torchruns_variables_is_the_programs_setup() -> None:
    assert_reads("RuntimeError: Could not find 'RANK' in the torch environment, visit "
                 "https://www.colossalai.org/ for more information on launching with torch",
                 "log.framework_usage", "application_bug")


# RVC-Boss/GPT-SoVITS#239: multiprocessing's listener socket in a temp directory on WSL's /mnt/e.
def test_a_socket_file_on_a_filesystem_without_them_is_the_filesystem() -> None:
    text = ('  File "/root/miniconda3/envs/x/lib/python3.10/multiprocessing/connection.py", line 593, in __init__\n'
            "    self._socket.bind(address)\nOSError: [Errno 95] Operation not supported\n")
    assert causes(text)[0] == ("log.fs_unsupported", "other")


# RVC-Boss/GPT-SoVITS#450: c10d's warning for an address it then retried, before a rendezvous that completed.
RETRIED = ("[W C:\\actions-runner\\_work\\pytorch\\pytorch\\builder\\windows\\pytorch\\torch\\csrc\\distributed\\c10d\\"
           "socket.cpp:601] [c10d] The client socket has failed to connect to [Lenovo-R9000P]:56614 (system error: "
           "10049 - The requested address is not valid in its context.).\n")


REFUSED = ("[W socket.cpp:436] [c10d] The client socket has failed to connect to [10.1.1.1]:29500 (errno: 111 - "
           "Connection refused).\n")


def test_connect_warnings_before_a_completed_rendezvous_name_no_cause() -> None:
    for tried in (RETRIED, REFUSED):
        text = tried + "distributed_backend=gloo\nAll distributed processes registered. Starting with 2 processes\n"
        assert lead(text) is None, tried


def test_the_warning_without_a_completed_rendezvous_is_still_the_connection() -> None:
    assert causes(REFUSED)[0] == ("log.socket_connect_failed", "firewall_or_port_blocked")


# ProcessGroupGloo.cpp monitoredBarrier: this rank got through; the faulty one is the rank it names.
def test_a_rank_that_passed_the_monitored_barrier_points_at_the_faulty_rank() -> None:
    assert_reads("[E ProcessGroupGloo.cpp:138] Rank 1 successfully reached monitoredBarrier, but received errors "
                 "while waiting for send/recv from rank 0. Please check rank 0 logs for faulty rank.",
                 "log.remote_exited", "rank_crashed_elsewhere")
    assert lead("RuntimeError: Rank 1 failed to pass monitoredBarrier in 30000 ms\n") == \
        ("log.collective_mismatch", "hang_collective_mismatch")


# NCCL 2.32's ATTN level (6) is printed as WARN is; its lines are read, not skipped as an unknown level.
def test_nccl_attn_lines_are_read_like_warn_lines() -> None:
    line = ("gpu-node07:48213:48213 [3] init.cc:1308 (initTransportsRank) NCCL ATTN Mismatched NCCL git versions "
            "detected: rank 0 fingerprint 0x5f2c8a1e, rank 8 fingerprint 0x9b03d447")
    assert_reads(line, "log.version_mismatch", "nccl_version_mismatch")
