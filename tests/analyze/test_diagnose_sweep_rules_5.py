"""Rules from the ninth to thirteenth sweeps of public threads (the GPU and its host, other communication stacks,
research repositories, RL weight synchronisation, slow jobs) and the sweep lines left over before them. Each line is
quoted from the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import lead


# gensyn-ai/rl-swarm#197: a TUN-mode proxy's fake-IP DNS answered for the master's name.
def test_a_fake_ip_of_a_proxy_is_the_name_resolution() -> None:
    line = ("[W427 01:04:16.149509694 socket.cpp:752] [c10d] The client socket has failed to connect to "
            "[::ffff:198.18.0.1]:3254 (errno: 110 - Connection timed out).\n")
    assert lead(line) == ("log.master_addr_fake_ip", "hostname_resolution")
    # 198.20.x.x is outside 198.18.0.0/15: an ordinary address that timed out is no resolution problem
    assert lead(line.replace("198.18.0.1", "198.20.0.1"))[1] != "hostname_resolution"


# hpcaitech/Open-Sora#667: a job id given as the master address, read by the resolver as 0.104.99.143.
def test_a_master_address_of_digits_alone_is_no_host() -> None:
    text = ("[W socket.cpp:697] [c10d] The client socket has failed to connect to 0.104.99.143:47389 (errno: 110 - "
            "Connection timed out).\n[E socket.cpp:753] [c10d] The client socket has failed to connect to any network "
            "address of (6841231, 47389).\n")
    assert lead(text) == ("log.master_addr_number", "hostname_resolution")
    assert lead(text.replace("6841231", "10.0.0.7"))[0] != "log.master_addr_number"


# anhvth/opensloth#14 (IPv6 switched off in the kernel, the thread's cause) against a real error beside the warning.
def test_ipv6_switched_off_leads_only_a_paste_with_nothing_else() -> None:
    warn = ("[W729 12:37:15.952489580 socket.cpp:752] [c10d] The client socket cannot be initialized to connect to "
            "[localhost]:29501 (errno: 97 - Address family not supported by protocol).\n")
    assert lead(warn) == ("log.ipv6_off", "other")
    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n"
    assert lead(warn + oom)[1] == "oom"


# trixie-cluster/trixie#55: one node's processes crashed inside libcuda (its GPU was replaced); abrt's report of the
# signal is a crash, not the OOM killer.
def test_a_segfault_inside_the_driver_library_is_the_driver() -> None:
    kernel = ("Mar 24 09:53:55 cn110 kernel: python[3551]: segfault at 1378 ip 00007fff859dbeff sp 00007fff3b60ce60 "
              "error 4 in libcuda.so.418.67[7fff858c5000+dec000]\n")
    assert lead(kernel) == ("log.cuda_error", "cuda_or_driver")
    assert lead(kernel.replace("libcuda.so.418.67", "libc-2.17.so")) == ("log.crash", "other")
    abrt = ("Mar 24 11:31:44 cn110 abrt-hook-ccpp: Process 18817 (python3.7) of user 171971032 killed by SIGSEGV - "
            "dumping core\n")
    assert lead(abrt)[1] != "oom"
    assert lead(abrt.replace("SIGSEGV", "SIGKILL")) == ("log.process_killed", "oom")
