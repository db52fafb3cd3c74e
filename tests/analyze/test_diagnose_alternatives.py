"""A return code or consequence pasted alone names no cause; what it stood for in the resolved threads of
tests/diagnosis follows it as `log.alternative` findings (info), so the reader sees the likely causes
without the tool claiming one. Where a line of the paste states a cause, that cause leads instead."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text

TORCH = ("torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:"
         "1333, {}, NCCL version 2.18.6\n")


def causes(text: str) -> list[str]:
    return [f["cause"] for f in analyze_text(text)["findings"] if f["cause"]]


def test_remote_exited_alone_lists_the_network_errors_it_stood_for() -> None:
    got = causes(TORCH.format("remote process exited or there was a network error") +
                 "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n")
    assert got[:3] == ["rank_crashed_elsewhere", "wrong_interface", "ib_port_down_or_link"]


def test_remote_exited_after_a_stated_cause_keeps_that_cause_first() -> None:
    got = causes("node1:1:1 [0] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer 10.0.0.2<4567> "
                 "with error 12, opcode 0, len 0, vendor err 129 (Send)\n" +
                 TORCH.format("remote process exited or there was a network error"))
    assert got[0] == "ib_timeout_or_retry" and "wrong_interface" not in got[:2]


def test_bare_unhandled_cuda_error_lists_library_mismatch_and_program() -> None:
    got = causes(TORCH.format("unhandled cuda error (run with NCCL_DEBUG=INFO for details)"))
    assert got[:3] == ["cuda_or_driver", "nccl_version_mismatch", "application_bug"]


def test_cuda_invalid_argument_outside_nvls_is_a_bug_to_upgrade_past() -> None:
    text = TORCH.format("unhandled cuda error") + "ncclUnhandledCudaError: Call to CUDA function failed.\n" \
        "Last error:\nCuda failure 'invalid argument'\n"
    findings = analyze_text(text)["findings"]
    lead = next(f for f in findings if f["cause"])
    assert lead["cause"] == "other" and "upgrade NCCL" in lead["fix"]
    assert causes(text)[1:3] == ["application_bug", "cuda_or_driver"]


def test_cuda_invalid_argument_binding_nvls_memory_stays_the_fabric_manager() -> None:
    text = ("node1:1:1 [0] transport/nvls.cc:158 NCCL WARN Cuda failure 1 'invalid argument'\n"
            "node1:1:1 [0] NCCL INFO transport/nvls.cc:158 -> 1\n"
            "node1:1:1 [0] NCCL WARN Failed to bind NVLink SHARP (NVLS) Multicast memory of size 1048576 : CUDA "
            "error 1 'invalid argument'.\n")
    assert causes(text)[0] == "cuda_or_driver"


def test_nccl_invalid_usage_lists_a_library_mismatch() -> None:
    got = causes(TORCH.format("invalid usage (run with NCCL_DEBUG=WARN for details)"))
    assert got[0] == "application_bug" and "nccl_version_mismatch" in got[1:3]


def test_cuda_invalid_argument_yields_to_a_line_that_names_the_cause() -> None:
    """NVIDIA/nccl#1518's shape: registering a /dev/shm segment NCCL could not create failed with 'invalid
    argument'; the shared-memory WARN after it says why."""
    text = ("node1:1:1 [0] NCCL WARN Cuda failure 'invalid argument'\n"
            "node1:1:1 [0] NCCL WARN Error while creating shared memory segment /dev/shm/nccl-NzwJ7O (size 9637888)\n")
    assert causes(text)[0] == "shm_too_small"
    assert causes(text.splitlines()[0] + "\n")[0] == "other"


def test_a_gpu_far_from_its_nic_lists_gpudirect_unavailable() -> None:
    """`nvidia-smi topo -m` where GPU0's nearest NIC is NODE: NCCL leaves GPUDirect RDMA off for it by default
    (NCCL_NET_GDR_LEVEL), which is GPUDirect RDMA unavailable as much as a placement question."""
    text = ("        GPU0    GPU1    NIC0    CPU Affinity    NUMA Affinity\n"
            "GPU0     X      SYS     NODE    0-47    0\n"
            "GPU1    SYS      X      PIX     48-95   1\n"
            "NIC0    NODE    PIX      X\n\nLegend:\n\n  X    = Self\n\nNIC Legend:\n\n  NIC0: mlx5_0\n")
    found = [(f["id"], f["cause"]) for f in analyze_text(text)["findings"] if f["cause"]]
    assert found[0] == ("topo.gdr_distance", "topology_or_numa")
    assert ("log.alternative", "gdr_unavailable") in found[1:3]
