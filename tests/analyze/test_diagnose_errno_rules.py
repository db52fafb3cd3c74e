"""Error strings of the OS, CUDA and NCCL's proxy decoded into their cause (file descriptors, CUDA
contexts, graph capture, unroutable addresses), each tested on the line that carries it and on the
look-alike that must keep its old reading."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.render import render_text

PREFIX = "node1:1234:1250 [0] "


def causes(text: str) -> list[tuple[str, str]]:
    return [(f["id"], f["cause"]) for f in analyze_text(text)["findings"] if f["cause"]]


def test_too_many_open_files_is_the_open_files_limit_wherever_nccl_hits_it() -> None:
    """misc/socket.cc "socketTryAccept: Accept failed: %s" and proxy.cc "[Service thread] Accept failed %s"
    print strerror(EMFILE); NVIDIA/nccl#550 hit it with 16 ranks of alltoall on sockets."""
    for line in ("misc/socket.cc:458 NCCL WARN socketTryAccept: Accept failed: Too many open files",
                 "proxy.cc:990 NCCL WARN [Service thread] Accept failed Too many open files",
                 "misc/socket.cc:430 NCCL WARN Net : Socket creation failed : Too many open files"):
        got = causes(PREFIX + line + "\n")
        assert got[0] == ("log.fd_limit", "memlock_or_ulimit"), line
    lead = analyze_text(PREFIX + "proxy.cc:990 NCCL WARN [Service thread] Accept failed Too many open files\n")
    assert "ulimit -n" in lead["findings"][0]["fix"]


def test_an_accept_that_fails_for_another_reason_keeps_the_socket_reading() -> None:
    got = causes(PREFIX + "misc/socket.cc:458 NCCL WARN socketTryAccept: Accept failed: Connection reset by peer\n")
    assert got[0][1] != "memlock_or_ulimit"


def test_a_cuda_context_that_cannot_be_created_is_the_drivers_not_the_network() -> None:
    """proxy.cc "Failed to create CUDA context on device %d"; CUDA's MPS error shares "failed to connect"
    with the socket rows and must not be read as a connection to a peer."""
    for line in ("proxy.cc:809 NCCL WARN Failed to create CUDA context on device 3",
                 "enqueue.cc:100 NCCL WARN Cuda failure 'MPS client failed to connect to the MPS control daemon "
                 "or the MPS server'"):
        got = causes(PREFIX + line + "\n")
        assert got[0] == ("log.cuda_context", "cuda_or_driver"), line
    peer = causes(PREFIX + "misc/socket.cc:538 NCCL WARN Net : Connect to 10.0.0.2<43567> failed : "
                           "Connection refused\n")
    assert peer[0] == ("log.socket_connect_failed", "firewall_or_port_blocked")


def test_a_broken_graph_capture_is_the_programs_with_a_program_fix() -> None:
    got = analyze_text(PREFIX + "NCCL WARN Cuda failure 'operation not permitted when stream is capturing'\n")
    lead = got["findings"][0]
    assert (lead["id"], lead["cause"]) == ("log.cuda_error", "application_bug")
    assert "captured region" in lead["fix"] and "set_device" not in lead["fix"]
    ordinal = analyze_text("RuntimeError: CUDA error: invalid device ordinal\n")["findings"][0]
    assert ordinal["cause"] == "application_bug" and "set_device" in ordinal["fix"]
    fault = causes(PREFIX + "NCCL WARN Cuda failure 'an illegal memory access was encountered'\n")
    assert fault[0][1] == "application_bug"


def test_an_unroutable_address_is_the_interface_a_refused_or_silent_one_the_firewall() -> None:
    """ENETUNREACH / EADDRNOTAVAIL: no route from the chosen source, so the interface or address is wrong;
    a refusal or a timeout means the packets got there (or were dropped on the way)."""
    for errno_text in ("Network is unreachable", "Cannot assign requested address"):
        got = causes(PREFIX + f"misc/socket.cc:538 NCCL WARN Net : Connect to 10.0.0.2<43567> failed : {errno_text}\n")
        assert got[0] == ("log.socket_connect_failed", "wrong_interface"), errno_text
        assert ("log.alternative", "firewall_or_port_blocked") in got
    timed_out = causes("[W socket.cpp:436] [c10d] The client socket has failed to connect to [10.1.1.1]:29500 "
                       "(errno: 110 - Connection timed out).\n")
    assert timed_out[0] == ("log.socket_connect_failed", "firewall_or_port_blocked")


BARE = ("RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1169, unhandled system "
        "error, NCCL version 21.0.3\nncclSystemError: System call (socket, malloc, munmap, etc) failed.\n")


def test_a_bare_system_error_lists_what_it_stood_for_without_claiming_a_cause() -> None:
    """LianjiaTech/BELLE#136 kept only this line (docker without --ipc=host). No finding may state a cause
    the paste does not show; the alternatives say what a bare ncclSystemError most often was (a container's
    /dev/shm, then an old NCCL or a library's release, then the program's launch, then the socket interface)."""
    got = analyze_text(BARE)
    assert [f["cause"] for f in got["findings"] if f["id"] == "log.alternative"] == [
        "shm_too_small", "other", "application_bug", "wrong_interface"]
    assert all(f["cause"] is None for f in got["findings"] if f["id"] != "log.alternative")
    text = render_text([got])
    assert "No line states a cause; in resolved threads log.system_error alone most often meant:" in text
    assert "Most likely cause" not in text


def test_a_system_error_next_to_its_warn_keeps_the_warn_as_the_cause() -> None:
    got = causes(BARE + PREFIX + "misc/shmutils.cc:97 NCCL WARN Error: failed to extend /dev/shm/nccl-abc to "
                        "9637892 bytes\n")
    assert got[0] == ("log.shm_error", "shm_too_small")
    assert ("log.alternative", "wrong_interface") not in got


def test_pytorchs_misprinted_nccl_version_is_read_back() -> None:
    """PyTorch 1.9 - 1.10 printed NCCL 2.10.3 (code 21003) as "21.0.3"; 2.10.3 is what version rules need."""
    assert analyze_text(BARE)["nccl_version"] == "2.10.3"
    plain = "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:825, unhandled system error, NCCL version 2.7.8\n"
    assert analyze_text(plain)["nccl_version"] == "2.7.8"
