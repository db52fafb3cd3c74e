"""Rules from the thirty-first sweep of public threads (CUDA and driver errors in multi-GPU jobs). Each line is quoted
from the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import lead

from ncclkit.logs.analyze import analyze_text


def ids(text: str) -> set[str]:
    return {f["id"] for f in analyze_text(text)["findings"]}


# ai4d-iasc/trixie#9 and rikdz/GraphWriter#6 (the message on the line after the exception), RangiLyu/nanodet#216
# ("Just update your gpu driver"); xlang-ai/UnifiedSKG#12's "no GPUs found" is no driver at all.
def test_pytorchs_driver_too_old_on_its_own_line() -> None:
    text = ("AssertionError: \n"
            "The NVIDIA driver on your system is too old (found version 10010).\n"
            "Please update your GPU driver by downloading and installing a new\n")
    assert lead(text) == ("log.driver_too_old", "cuda_or_driver")
    single = ("RuntimeError: The NVIDIA driver on your system is too old (found version 11060). Please update your GPU "
              "driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index"
              ".aspx\n")
    assert lead(single) == ("log.driver_too_old", "cuda_or_driver")
    assert lead("RuntimeError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!\n") == (
        "log.gpu_missing", "cuda_or_driver")


# pytorch/pytorch#110000 (ptrblck in #131667 and #130181: MIG visibility); #38616's assert is another one.
def test_the_mig_visibility_assert() -> None:
    text = ("RuntimeError: device >= 0 && device < num_gpus INTERNAL ASSERT FAILED at \"/opt/conda/conda-bld/pytorch_"
            "1682343997789/work/aten/src/ATen/cuda/CUDAContext.cpp\":50, please report a bug to PyTorch.\n")
    assert lead(text) == ("log.gpu_missing", "cuda_or_driver")
    assert "MIG" in analyze_text(text)["findings"][0]["message"]
    assert "log.gpu_missing" not in ids("RuntimeError: num_gpus <= 16 INTERNAL ASSERT FAILED at \"x.cpp\":5\n")


# flashinfer-ai/flashinfer#4089 (--cap-add=SYS_PTRACE); NVIDIA/cuda-checkpoint#25's "operation not permitted" is not it.
def test_cumem_handles_refused_by_the_containers_ptrace_policy() -> None:
    text = "RuntimeError: pidfd_getfd(pidfd=12, fd=40) failed with errno 1: Operation not permitted.\n"
    assert lead(text) == ("log.host_setting", "other")
    assert "log.host_setting" not in ids('Error toggling CUDA in process ID 98145: "operation not permitted"\n')


# ray-project/ray#64109 (NCCL_CUMEM_HOST_ENABLE=0; the line of NVIDIA/nccl#1838); ray#16979's p2p.cc 217 is the PCIe path.
def test_error_217_from_the_shm_transport_is_cumem_host_memory() -> None:
    shm = ("[2025-09-09 23:51:24] 9b405963aa12:774:854 [0] transport/shm.cc:590 NCCL WARN Cuda failure 217 'peer "
           "access is not supported between these two devices'\n")
    assert lead(shm) == ("log.shm_error", "other")
    assert "NCCL_CUMEM_HOST_ENABLE=0" in analyze_text(shm)["findings"][0]["fix"]
    p2p = ("(pid=34272) dev-duanjiangfei-ap0:34272:34565 [0] transport/p2p.cc:238 NCCL WARN failed to open CUDA IPC "
           "handle : 217 peer access is not supported between these two devices\n")
    assert lead(p2p) == ("log.p2p_error", "acs_iommu_p2p")


# NVIDIA/open-gpu-kernel-modules#1150 (Xid 45 naming Xid 149), pytorch/pytorch#58155 (uncorrectable NVLink error).
def test_an_xid_45_that_names_its_cause_and_nvlink_seen_by_the_program() -> None:
    text = ("kernel: NVRM: Xid (PCI:0000:dc:00): 45, pid=1818990, name=python3, Ch 00000001 caused by previous Xid "
            "149\n")
    assert lead(text) == ("log.nvlink_error", "cuda_or_driver")
    # a 45 after a lost GPU stays the cleanup; the Xid 79 line leads when it is there
    assert "log.nvlink_error" not in ids("NVRM: Xid (PCI:0000:1b:00): 45, pid=48213, name=python, Ch 00000010 caused "
                                         "by previous Xid 79\n")
    program = "  what():  CUDA error: uncorrectable NVLink error detected during the execution\n"
    assert lead(program) == ("log.nvlink_error", "cuda_or_driver")


# vllm-project/vllm#34891 (FlashInfer's multicast buffer on GPUs without NVSwitch); NCCL's own NVLS-available line is no
# failure.
def test_flashinfers_multicast_buffer_without_nvswitch() -> None:
    assert lead("RuntimeError: [SymmDeviceMemory] Device does not support multicasting.\n") == (
        "log.fabric_manager", "cuda_or_driver")
    assert lead("h:1:1 [0] NCCL INFO NVLS multicast support is available on dev 0 (NVLS_NCHANNELS 16)\n") is None


# NVIDIA/nccl-tests#208: NCCL without kernels for the GPU names a build for it, not the driver's health.
def test_nccl_without_kernels_for_the_gpu_names_a_build() -> None:
    text = "x:1:1 [0] enqueue.cc:1100 NCCL WARN Cuda failure 'named symbol not found'\n"
    first = analyze_text(text)["findings"][0]
    assert first["cause"] == "nccl_version_mismatch" and "architecture" in first["fix"]
