"""Rows of the line classifier (patterns.py) for workstation and desktop multi-GPU machines that a sweep of public
threads found unread or misread (tests/analyze/test_diagnose_sweep_rules_6.py quotes each with its thread): Gloo
refusing an argument only NCCL takes (Windows has no NCCL), vLLM's own CUDA-IPC all-reduce failing, the NVIDIA driver
module that DKMS could not build or Secure Boot would not load, a PyTorch build without torch.distributed, and the
driver API's form of CUDA's forward-compatibility error.

Read before the generic rows: "not supported", "invalid argument" and "Error!" would send these lines elsewhere or
nowhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
WORKSTATION_WORDS: tuple[bytes, ...] = (
    b"Bad return status for module", b"Key was rejected by service", b"Required key not available",
    b"_distributed_c10d'", b"forward compatibility was attempted", b"custom_all_reduce.cuh",
    b"Call to _gather_ipc_meta", b"Remote RPC server crashed", b"cannot access GPU", b"nvidia-modeset: ",
    b"GGML_ASSERT(",
)

_MODULE_FIX = ("install the driver for the running kernel (`uname -r`: its headers, then `dkms autoinstall` or the "
               "distribution's driver package), or boot a kernel the driver supports; `nvidia-smi` must list the GPUs")


def workstation_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # The display driver's modeset module (ValveSoftware/SteamVR-for-Linux#247, NVIDIA/open-gpu-kernel-modules#484:
        # "nvidia-modeset: ERROR: GPU:0: Idling display engine timed out"): a display's timeout, no collective's.
        p(r"nvidia-modeset: ERROR: GPU:\d+: Idling display engine timed out", "noise", I,
          "the display driver's modeset module timed out idling a display engine: the desktop's, no rank's or "
          "network's timeout", "nothing for the job; read its own error", None, "noise"),
        # ggml's own assertions (ggml-cuda.cu, ggml-backend-meta.cpp "GGML_ASSERT(...) failed"): a split of the model
        # over GPUs that this build does not handle (LostRuins/koboldcpp#1047: row split over a 3070 and a 1050 Ti,
        # gone in later releases; ggml-org/llama.cpp#21404 and #26837: an op or a GPU count row or tensor split lacks).
        p(r"\bGGML_ASSERT\(.+\) failed", "framework_check", E,
          "an internal assertion of llama.cpp's ggml failed: the split of the model over these GPUs (row or "
          "tensor split, a GPU count, an op) is one this build does not handle, or a bug of this build",
          "run with --split-mode layer (the default) to confirm, update llama.cpp (or the program built on it), and "
          "search its issues for the assertion's text", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # llama.cpp's RPC backend: "Remote RPC server crashed or returned malformed response" (ggml-rpc.cpp, the PR
        # that added it: the rpc-server died); exllamav2's "Insufficient VRAM (in split) for model and cache": the
        # GPUs of the split are full (exllamav2#383, "all the GPUs are full").
        p(r"Remote RPC server crashed or returned malformed response", "remote_exited", E,
          "llama.cpp's rpc-server on another machine crashed or answered garbage: its own output says why",
          "read the rpc-server's output on that host (its crash, an OOM); run the same build on both sides",
          C.RANK_CRASHED_ELSEWHERE, "collateral", (C.OOM,)),
        # MSCCL++'s check before its IPC connections: "GPU 0 cannot access GPU 1" (its docs: no peer-to-peer between
        # the pair).
        p(r"\bGPU \d+ cannot access GPU \d+", "p2p_error", E,
          "the library needs CUDA peer-to-peer between these GPUs and the driver offers none (PCIe ACS or an IOMMU, "
          "a VM, or GPUs without P2P)", "check `nvidia-smi topo -p2p rw`; on bare metal disable ACS and boot with "
          "iommu=pt, or use the library's path that does not need P2P", C.ACS_IOMMU_P2P),
        # ggml's abort header "ggml-cuda.cu:70: CUDA error" names no error: the next line does (llama.cpp#10080).
        p(r"ggml-cuda\.cu:\d+: CUDA error\s*$", "noise", I, "ggml's header of the CUDA error on the next line",
          "read the next line", None, "noise"),
        p(r"Insufficient VRAM (?:in split )?for model and cache", "oom", E,
          "the GPUs the model is split over have no room left for the model and its cache",
          "lower the context length or cache size, use a smaller quantisation, or add GPUs to the split", C.OOM),
        # torch/distributed/distributed_c10d.py barrier()/init_process_group: "Function argument device_ids not
        # supported for the selected backend gloo": an argument only ProcessGroupNCCL takes, given to Gloo (the only
        # backend on Windows; huawei-noah/Efficient-Computing#90).
        p(r"Function argument device_ids not supported for the selected backend", "framework_usage", E,
          "the program passes an argument only the NCCL backend takes (barrier's device_ids) to another backend "
          "(Gloo, the only one on Windows)", "call barrier() without device_ids when the backend is not NCCL, or "
          "run with NCCL on Linux or WSL2", C.APPLICATION_BUG),
        # vLLM's csrc/custom_all_reduce.cuh CUDACHECK "Failed: <file>:<line> '<CUDA error>'": its own all-reduce over
        # CUDA IPC, not NCCL. 'invalid argument' there is an old driver (vllm-project/vllm#5613: 470.57) or a GPU its
        # kernels do not serve (sm_12x during graph capture, vLLM PR#47751); --disable-custom-all-reduce cured both.
        # Its "peer access is not supported" form is the P2P path's, read with the CUDA errors.
        # VLLM_TRACE_FUNCTION's frame log of a worker last inside the custom all-reduce's IPC handle exchange
        # ("Call to _gather_ipc_meta in .../custom_all_reduce.py:222") while the lead worker returned from init: the
        # workers disagreed on using it and the gather never completes (vllm-project/vllm#3974, PCIe-only GPUs;
        # NCCL_P2P_DISABLE=1 turned it off everywhere).
        p(r"Call to _gather_ipc_meta in \S*custom_all_reduce\.py", "collective_mismatch", E,
          "vLLM's workers wait in the custom all-reduce's exchange of IPC handles: a worker that decided not to use "
          "the custom all-reduce (PCIe-only GPUs, no P2P) never joins it", "start vLLM with "
          "--disable-custom-all-reduce (or NCCL_P2P_DISABLE=1 as a workaround), and upgrade vLLM",
          C.HANG_COLLECTIVE_MISMATCH, "root", (C.ACS_IOMMU_P2P,)),
        p(r"custom_all_reduce\.cuh:\d+ '(?!peer access)", "cuda_error", E,
          "vLLM's own CUDA-IPC all-reduce (not NCCL) failed in a CUDA call: a driver too old for it, a GPU "
          "architecture its kernels do not serve, or CUDA IPC between the GPUs that does not work",
          "start vLLM with --disable-custom-all-reduce (collectives then go through NCCL); update the driver; check "
          "P2P between the GPUs (`nvidia-smi topo -p2p r`)", C.CUDA_OR_DRIVER, "root", (C.ACS_IOMMU_P2P,),
          decode=False),
        # DKMS: "Error! Bad return status for module build on kernel: <release> (x86_64)": a module (on a GPU host,
        # the NVIDIA driver's) was not built for the running kernel (M-Bab/linux-kernel-amdgpu-binaries#101: a kernel
        # the driver's package does not support), so nvidia-smi and CUDA find no driver.
        p(r"Bad return status for module build on kernel", "gpu_missing", E,
          "DKMS could not build a kernel module (the GPU driver's, on a GPU node) for the running kernel: the driver "
          "is not loaded after a kernel change", _MODULE_FIX, C.CUDA_OR_DRIVER),
        # The peer-memory module GPUDirect RDMA needs, refused the same way or by the kernel: "could not insert
        # 'nvidia_peermem': Key was rejected by service", then "Invalid argument" once Secure Boot is off on DGX Spark,
        # whose GB10 has no GPUDirect RDMA (stondo.github.io's DGX Spark post; DMA-BUF is the way there).
        p(r"could not insert '(?:nv_peer_mem|nvidia[_-]peermem)': ", "gdr_disabled", E,
          "the peer-memory module of GPUDirect RDMA did not load (Secure Boot refused it unsigned, or the kernel or "
          "platform has no peer-memory support): NCCL stages inter-node data through host memory",
          "sign the module and enroll its key (`mokutil --import`) or turn Secure Boot off; where the platform has "
          "no peer-memory support, use DMA-BUF (NCCL 2.19+, the open kernel driver, a 5.12+ kernel)",
          C.GDR_UNAVAILABLE),
        # modprobe: "could not insert 'nvidia': Key was rejected by service" / "Required key not available": Secure
        # Boot refuses a module not signed with an enrolled key (canonical/nvidia-graphics-drivers#61).
        # The module's own name before the refusal, "nvidia.ko: Required key not available" (NVIDIA/gpu-operator's
        # production runbook: the driver container's module under Secure Boot).
        p(r"could not insert '(?:nvidia(?![_-]peermem)\w*|gdrdrv)': (?:Key was rejected by service|"
          r"Required key not available)|\bnvidia\w*\.ko: (?:Key was rejected by service|Required key not available)",
          "gpu_missing", E,
          "Secure Boot refused to load the GPU driver's kernel module: it is not signed with an enrolled key",
          "sign the module and enroll the key (`mokutil --import`, as the driver's installer or DKMS offers), or "
          "turn Secure Boot off in the firmware", C.CUDA_OR_DRIVER),
        # A PyTorch wheel built without the distributed package (USE_DISTRIBUTED=0: macOS and some Windows and ROCm
        # wheels; ROCm/TheRock PR#5694): torch.distributed's C++ half is missing.
        p(r"No module named 'torch\._C\._distributed_c10d'", "package_build", E,
          "this PyTorch was built without torch.distributed (no c10d), so no process group can be created",
          "install a PyTorch build with distributed support (the Linux wheels; on Windows, WSL2)", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        # The driver API's form of CUDA error 804 (cuInit(): "forward compatibility was attempted on non supported
        # HW"): a CUDA newer than the driver on a GPU without forward compatibility.
        p(r"forward compatibility was attempted on non supported HW", "cuda_error", E, "a CUDA call failed",
          "check the driver/CUDA compatibility", C.CUDA_OR_DRIVER),
    )
