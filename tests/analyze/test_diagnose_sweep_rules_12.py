"""Rules from the thirty-third sweep of public threads (AMD ROCm and RCCL). Each line is quoted from the thread named
above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import lead

from ncclkit.logs.analyze import analyze_text


def ids(text: str) -> set[str]:
    return {f["id"] for f in analyze_text(text)["findings"]}


# ROCm/clr#281 (the status wrapped, 4 MB free), legacy-rocm-build#2153 (ROCm 5's wording) and #1393 (the code only).
def test_the_hip_runtime_aborting_its_own_queue() -> None:
    wrapped = (":0:rocdevice.cpp :3671: Callback: Queue 0x... Aborting with error :\n"
               "  HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources...\n"
               "  Code: 0x1008  Available Free mem : 4 MB\n")
    assert lead(wrapped) == ("log.oom", "oom")
    old = (":0:rocdevice.cpp :2672: 0696142325 us: 5999 : [tid:0x7f676e4c7640] Device::callbackQueue aborting with "
           "error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to access memory beyond the "
           "largest legal address. code: 0x29\n")
    assert lead(old) == ("log.cuda_error", "cuda_or_driver")
    code = ":0:rocdevice.cpp            :2303: 768423197593 us: Device::callbackQueue aborting with status: 0x100f\n"
    assert lead(code) == ("log.cuda_error", "cuda_or_driver")
    # a communicator's abort is no GPU fault
    assert "log.cuda_error" not in ids("[E ProcessGroupNCCL.cpp:1234] [PG 0 Rank 0] Aborting communicators\n")


# lllyasviel/Fooocus#1079 (video/render groups), legacy-rocm-build#1798 (devices not passed), #1088 (KFD's ENOMEM at
# init), AMD's troubleshooting table; an NVIDIA "No CUDA GPUs" is no ROCm device.
def test_no_usable_amd_gpu_in_the_process() -> None:
    for line in ("RuntimeError: No HIP GPUs are available\n",
                 "Unable to open /dev/kfd read-write: No such file or directory\n",
                 "No ROCm-capable device is detected\n",
                 'openat(AT_FDCWD, "/dev/kfd", O_RDWR|O_CLOEXEC) = -1 ENOMEM (Cannot allocate memory)\n'):
        assert lead(line) == ("log.gpu_missing", "cuda_or_driver"), line
    assert "video" in analyze_text("RuntimeError: No HIP GPUs are available\n")["findings"][0]["fix"]
    assert "video" not in analyze_text("RuntimeError: No CUDA GPUs are available\n")["findings"][0]["fix"]
    assert lead("kfd kfd: amdgpu: added device 1002:164e\n") is None


# ROCm/rocm-systems#7864 and AMD's table (RCCL's own IPC export); an invalid root stays the program's.
def test_rccls_ipc_export_is_the_platform() -> None:
    text = ("guest:5161:5196 [1] /src/out/ubuntu-22.04/22.04/build/rccl/hipify/src/transport/p2p.cc:239 NCCL WARN "
            "hipIpcGetMemHandle failed : invalid argument\n")
    assert lead(text) == ("log.p2p_error", "acs_iommu_p2p")
    assert lead("NCCL WARN Broadcast : invalid root 8 (root should be in the 0..7 range)\n") == (
        "log.invalid_usage", "application_bug")


# legacy-rocm-build#4021 (amdgpu RAS on MI300X), #2533 (a hung sdma ring); a host machine check stays the host's.
def test_amdgpu_kernel_lines() -> None:
    ras = "[500967.571516] amdgpu 0000:dd:00.0: {1}uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!\n"
    assert lead(ras) == ("log.gpu_fault", "cuda_or_driver")
    assert lead("mce: [Hardware Error]: Machine check events logged\n") == ("log.host_memory_error", "other")
    ring = ("Oct  7 12:58:23 Ubuntu-Desktop kernel: [ 2237.944235] [drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring sdma0 "
            "timeout, signaled seq=16060, emitted seq=16062\n")
    assert lead(ring) == ("log.gpu_fault", "cuda_or_driver")


# ROCm/rocm-systems#2805 (a packaged RCCL without gfx906), AMD's table (librccl.so missing).
def test_no_kernels_for_the_gfx_target_and_rccl_missing() -> None:
    text = ("Cannot retrieve Static function, error: 218\n"
            "Aborted (core dumped)\n")
    assert lead(text) == ("log.cuda_error", "cuda_or_driver")
    assert lead("librccl.so: cannot open shared object file: No such file or directory\n") == (
        "log.nccl_library_missing", "other")
    # RCCL's optional net plugin missing is normal
    assert lead("NCCL INFO Plugin load (librccl-net.so) returned 2 : librccl-net.so: cannot open shared object file: "
                "No such file or directory\n") is None
