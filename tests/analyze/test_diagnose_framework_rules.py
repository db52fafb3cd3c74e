"""Lines of PyTorch, Gloo, the launchers and CUDA libraries that users paste beside (or instead of) an
NCCL log: each names its cause, and the text that would prove the rule wrong does not."""

from __future__ import annotations

import pytest

from ncclkit.logs.analyze import analyze_text


def first_cause(text: str) -> tuple[str, str] | None:
    f = next((f for f in analyze_text(text)["findings"] if f["cause"]), None)
    return (f["id"], f["cause"]) if f else None


CASES = [
    # SIGBUS: a write into /dev/shm beyond what the tmpfs can back (torchrun, DeepSpeed's launcher)
    ("torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -7) local_rank: 0 (pid: 4120) of "
     "binary: /usr/bin/python3\n", "shm_too_small"),
    ("[2023-07-20 10:01:02,123] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py'] "
     "exits with return code = -7\n", "shm_too_small"),
    ("[2023-07-20 10:01:02,123] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py'] "
     "exits with return code = -9\n", "oom"),
    ("ValueError: Error initializing torch.distributed using env:// rendezvous: environment variable MASTER_ADDR "
     "expected, but not set\n", "application_bug"),
    ("ValueError: Default process group has not been initialized, please make sure to call init_process_group.\n",
     "application_bug"),
    ("RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/pair.cc:446] op.preamble.length <= "
     "op.nbytes. 8773632 vs 4\n", "hang_collective_mismatch"),
    ("RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`\n", "oom"),
    # Debian/Ubuntu map the host's own name to 127.0.1.1: the rank resolved its host name to loopback
    ("RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [127.0.1.1]:57469: "
     "Connection refused\n", "hostname_resolution"),
    ("RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [172.17.0.2]:57469: "
     "Connection refused\n", "wrong_interface"),
    ("RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [10.1.2.3]:57469: "
     "Connection refused\n", "firewall_or_port_blocked"),
    ("RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer "
     "[10.1.2.3]:27512\n", "rank_crashed_elsewhere"),
    ("torch.distributed.DistNetworkError: The client socket has failed to connect to any network address of "
     "(node0, 29500).\n", "firewall_or_port_blocked"),
    # the kernel module and the user-space driver differ (a driver upgrade without a reboot): not NCCL's
    ("Failed to initialize NVML: Driver/library version mismatch\n", "cuda_or_driver"),
    ("NVML library version: 550.90\nFailed to initialize NVML: Driver/library version mismatch\n", "cuda_or_driver"),
    # PyTorch without a usable GPU or driver
    ("RuntimeError: No CUDA GPUs are available\n", "cuda_or_driver"),
    ("RuntimeError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!\n", "cuda_or_driver"),
    ("RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU "
     "driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx\n",
     "cuda_or_driver"),
    # CUDA's own error strings: a kernel assertion is the program's; no code for the GPU is the build's (NCCL's in its
    # own words, the framework's in PyTorch's)
    ("RuntimeError: CUDA error: device-side assert triggered\nCUDA kernel errors might be asynchronously "
     "reported at some other API call, so the stacktrace below might be incorrect.\n", "application_bug"),
    ("node1:1:1 [0] enqueue.cc:100 NCCL WARN Cuda failure 'named symbol not found'\n", "nccl_version_mismatch"),
    ("RuntimeError: CUDA error: no kernel image is available for execution on the device\n",
     "cuda_or_driver"),
    ("RuntimeError: CUDA error: the provided PTX was compiled with an unsupported toolchain.\n", "cuda_or_driver"),
    ("RuntimeError: CUDA error: an illegal memory access was encountered\n", "application_bug"),
    # the NCCL library itself missing for the framework
    ("OSError: libnccl.so.2: cannot open shared object file: No such file or directory\n", "other"),
    # a torch build without NCCL (the build's), a misspelt backend, a collective ProcessGroupNCCL lacked before 1.11
    ("RuntimeError: Distributed package doesn't have NCCL built in\n", "other"),
    ("ValueError: Invalid backend: 'ncll'\n", "application_bug"),
    ("RuntimeError: ProcessGroupNCCL does not support gather\n", "application_bug"),
    # Gloo's full-mesh connect (vLLM, Ray) to an address that is not the peer's (an interface problem)
    ("RuntimeError: Gloo connectFullMesh failed with [/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:144] "
     "no error\n", "wrong_interface"),
]


@pytest.mark.parametrize(("text", "cause"), CASES, ids=[c for _, c in CASES])
def test_framework_line_names_its_cause(text: str, cause: str) -> None:
    got = first_cause(text)
    assert got is not None and got[1] == cause, got


@pytest.mark.parametrize("text", [
    "torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -70) local_rank: 0 (pid: 4120)\n",
    "exits with return code = -75\n",
    "INFO: environment variable MASTER_ADDR set to 10.0.0.1\n",
    "Tensors are on the same device\n",
    "NCCL INFO Using network IB, the backend is nccl\n",
])
def test_lookalike_lines_name_no_such_cause(text: str) -> None:
    got = first_cause(text)
    assert got is None or got[1] not in ("shm_too_small", "oom", "application_bug"), got


def test_the_plugin_library_missing_is_not_nccl_missing() -> None:
    """libnccl-net.so is an optional plugin NCCL looks for; only libnccl.so itself is NCCL missing."""
    got = first_cause("node1:1:1 [0] NCCL INFO NET/Plugin : Plugin load (libnccl-net.so) returned 2 : "
                      "libnccl-net.so: cannot open shared object file: No such file or directory\n")
    assert got is None or got[0] != "log.nccl_library_missing", got
    assert first_cause("node1:1:1 [0] NCCL WARN Mismatched NCCL version detected : rank 0 version 21805 rank 1 "
                       "version 21903\n") == ("log.version_mismatch", "nccl_version_mismatch")


def test_torchrun_stopping_the_other_workers_is_a_consequence() -> None:
    """torchrun sends SIGTERM to the other workers after one failed: the failure is the cause."""
    stop = ("W1201 10:00:00.000000 1234 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 1236 "
            "closing signal SIGTERM\n")
    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"
    assert first_cause(oom + stop) == ("log.oom", "oom")
    assert first_cause(stop + oom) == ("log.oom", "oom")
    alone = [f for f in analyze_text(stop)["findings"] if f["cause"]]
    assert alone and alone[0]["cause"] == "rank_crashed_elsewhere"


STUCK = ("[rank1]:[F1201 10:00:00.000000 ProcessGroupNCCL.cpp:1169] [PG 0 Rank 1] ProcessGroupNCCL's watchdog got "
         "stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indicates "
         "a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog\n")


def test_a_stuck_watchdog_alone_leads_with_what_it_can_stand_for() -> None:
    """Only consequences in the paste: the lead one comes first and its alternatives follow it."""
    got = [(f["id"], f["cause"]) for f in analyze_text(STUCK)["findings"] if f["cause"]]
    assert got[0] == ("log.watchdog_stuck", "hang_collective_mismatch")
    assert {c for _, c in got[1:3]} == {"application_bug", "cuda_or_driver"}


def test_a_stuck_watchdog_is_a_consequence_of_a_root_cause() -> None:
    xid = "NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus.\n"
    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"
    assert first_cause(STUCK + oom) == ("log.oom", "oom")
    found = analyze_text(xid + STUCK)["findings"]
    assert found[0]["id"] == "log.cuda_error"
    assert next(f for f in found if f["id"] == "log.watchdog_stuck")["severity"] == "info"



def barrier(world: int, workers: int) -> str:
    return ("RuntimeError: Timed out initializing process group in store based barrier on rank: 3, for key: "
            f"store_based_barrier_key:1 (world_size={world}, worker_count={workers}, timeout=0:30:00)\n")


def test_a_store_barrier_short_of_ranks_is_ranks_that_cannot_reach_the_store() -> None:
    assert first_cause(barrier(16, 8)) == ("log.store_barrier", "firewall_or_port_blocked")
    assert first_cause(barrier(16, 16)) == ("log.store_barrier", "firewall_or_port_blocked")


def test_a_store_barrier_with_more_workers_than_ranks_is_a_second_job_on_the_port() -> None:
    """worker_count above world_size: processes of another run checked in to the same store."""
    assert first_cause(barrier(4, 8)) == ("log.store_barrier", "application_bug")
