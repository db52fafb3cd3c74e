"""Rules from round 32 of the held-out measurement (write-ups of their own failures, HPC applications on NCCL and
NVSHMEM, Windows and WSL users) and the Python-level lines met while reading them, each tested on the text that
carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, lead


# EADDRNOTAVAIL on bind: init_process_group("tcp://<a public or another node's address>:port") on the master.
def test_an_address_this_host_does_not_have_is_the_interface() -> None:
    assert_reads("OSError: [Errno 99] Cannot assign requested address", "log.no_interface", "wrong_interface")


def test_c10ds_client_failing_to_connect_with_errno_99_stays_a_failed_connection() -> None:
    line = ("[W socket.cpp:663] [c10d] The client socket has failed to connect to [localhost]:12355 (errno: 99 - "
            "Cannot assign requested address).")
    assert causes(line + "\n")[0][0] == "log.socket_connect_failed"


def test_a_spawned_process_ending_on_sigsegv_is_a_crash() -> None:
    assert_reads("torch.multiprocessing.spawn.ProcessExitedException: process 2 terminated with signal SIGSEGV",
                 "log.crash", "other")
    assert lead("torch.multiprocessing.spawn.ProcessExitedException: process 1 terminated with signal SIGKILL\n") \
        == ("log.process_killed", "oom")
