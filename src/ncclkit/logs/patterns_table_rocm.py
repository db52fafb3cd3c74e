"""The line classifier's rows for what RCCL (ROCm's fork of NCCL) and the ROCm stack print that NCCL does not:
RCCL's own checks of the host, its ROCm runtime, DMA-BUF and peer-memory detection, XGMI and SMI lookups, the
HIP runtime's queue and memory faults, and the amdgpu driver's kernel lines. Each comment names the file (RCCL
0cbce2a, its successor in ROCm/rocm-systems projects/rccl, ROCm/clr f9f995c, ROCr 1b1610f, amdgpu as in Linux);
NCCL's own texts, which RCCL shares, are read by the other tables. Same row shape as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
_AMD_GPU_FIX = ("read the node's kernel log (`dmesg | grep amdgpu`) and `amd-smi` / `rocm-smi`: a GPU that faults or "
                "resets repeatedly needs a driver/firmware update or a hardware check; a page fault in one process "
                "only is most often the program's own kernel")


def rocm_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # init.cc on AMD CPUs: 'Missing "iommu=pt" from kernel command line which can lead to system instablity or
        # hang!' (a risk, printed whether or not the job fails). It reads /proc/cmdline only: a kernel built with
        # CONFIG_IOMMU_DEFAULT_PASSTHROUGH=y is in passthrough without it (ROCm/rocm-systems#7916, "a false positive";
        # workloads run): information, not the failure.
        p(r'Missing "?iommu=pt', "p2p_error", I, "RCCL found no iommu=pt on the kernel command line: if the IOMMU "
          "really translates (not a kernel that defaults to passthrough), PCIe peer-to-peer (GPU-GPU, GPU-NIC) may "
          "hang or fail", "check the IOMMU's mode (`dmesg | grep -i iommu`: 'Default domain type: Passthrough'); if "
          "it translates, boot with iommu=pt (amd_iommu=on iommu=pt)", C.ACS_IOMMU_P2P),
        # Next to it: 'Missing "HSA_FORCE_FINE_GRAIN_PCIE=1" from environment which can
        # lead to low RCCL performance, system instablity or hang', "NUMA auto balancing enabled which can lead to
        # variability in the RCCL performance! Disable by \"sudo sysctl kernel.numa_balancing=0\"".
        p(r'Missing "?HSA_FORCE_FINE_GRAIN_PCIE=1|NUMA auto balancing enabled which can lead to variability',
          "host_setting", W, "RCCL's own check of the host: a setting it needs for speed and stability is missing",
          "export HSA_FORCE_FINE_GRAIN_PCIE=1 for the job, and `sudo sysctl kernel.numa_balancing=0`",
          C.PERFORMANCE_CONFIG),
        # rocmwrap.cc: "Failed to find ROCm runtime library in %s (RCCL_ROCR_PATH=%s)", "Failed to load ROCr
        # missing symbol %s"; rocm_smi_wrap / amdsmi_wrap: "ROCm SMI init failure", "ARSMI_lib: %s device index
        # not found", "Failed to open libamd_smi.so", topology "Failed to open topo/nodes directory".
        p(r"Failed to find ROCm runtime library|Failed to load ROCr missing symbol|ROCm SMI init failure|"
          r"ARSMI_lib: \S+ device index not found|Failed to open libamd_smi|Failed to open topo/nodes directory",
          "cuda_driver_load", E, "RCCL could not load or query the ROCm runtime or its SMI library (an incomplete "
          "ROCm install, libraries of another ROCm version, or /dev/kfd and the topology not visible in the "
          "container)", "install one ROCm version with its rocm-smi/amd-smi libraries, and pass /dev/kfd, /dev/dri "
          "and /sys into the container (`--device=/dev/kfd --device=/dev/dri`)", C.CUDA_OR_DRIVER),
        # transport/net_ib.cc and rocm DMA-BUF checks: "Current version of ROCm does not support dmabuf feature.",
        # "CONFIG_DMABUF_MOVE_NOTIFY and CONFIG_PCI_P2PDMA should be set for DMA_BUF in %s", "DMA_BUF_SUPPORT
        # Failed due to OS kernel support", "GDRDMA not enabled. Could not find memory_peers directory or
        # peer_memory symbol", "No peer memory client found, GDR via peermem disabled": no GPUDirect RDMA.
        p(r"does not support dmabuf feature|CONFIG_DMABUF_MOVE_NOTIFY and CONFIG_PCI_P2PDMA should be set|"
          r"DMA_BUF_SUPPORT Failed due to OS kernel|GDRDMA not enabled\. Could not find memory_peers|No peer memory "
          r"client found, GDR via peermem disabled", "gdr_disabled", W,
          "RCCL found no way for the NIC to reach GPU memory (no DMA-BUF in this ROCm or kernel, no AMD peer-memory "
          "client): inter-node data goes through host memory", "use a kernel built with CONFIG_DMABUF_MOVE_NOTIFY "
          "and CONFIG_PCI_P2PDMA and a ROCm with DMA-BUF (then NCCL_DMABUF_ENABLE=1), or the amdgpu-dkms driver "
          "with its peer-memory client", C.GDR_UNAVAILABLE),
        # graph/topo.cc "Add XGMI error : could not find GPU %lx": the XGMI links of the hive do not match the GPUs.
        p(r"Add XGMI error", "topology_error", E,
          "RCCL could not place a GPU of the XGMI hive (GPUs hidden from the job, or a hive reported wrong)",
          "give the job every GPU of the node (HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES), and check `rocm-smi "
          "--showtopo`", C.TOPOLOGY_OR_NUMA),
        # MSCCL / MSCCL++ (RCCL's algorithm layers: "MSCCL: number of channels available (%d) less than required
        # (%d)", "NCCL_MAX_NCHANNELS:%d is lesser than number of channels required by MSCCL", "Could not open MSCCL
        # XML algorithm file", "MSCCL++: Cannot enable MSCCL++ on %s architecture"): a layer that steps aside and
        # leaves the collective to RCCL's own algorithms.
        p(r"\bMSCCL(?:\+\+)?:|required by MSCCL|MSCCL Internal Scheduler|MSCCL XML algorithm file", "noise", I,
          "RCCL's MSCCL algorithm layer is not used for this call (a limit, a build option or its algorithm "
          "files) and RCCL's own algorithms run instead", "nothing to fix unless MSCCL was wanted "
          "(RCCL_MSCCL_ENABLE, the algorithm files installed with RCCL)", None, "noise"),
        # ShmObject / clique kernels: "Unable to initialize shared memory. Disabling clique-based kernels".
        p(r"Unable to initialize shared memory\. Disabling clique", "shm_error", W,
          "RCCL could not create its shared-memory segment: /dev/shm is too small", "run the container with "
          "--ipc=host or a larger --shm-size", C.SHM_TOO_SMALL),
        # rocminfo (and any HSA program) at start: "Failed to set mem policy for GPU [0x6b0d]", then "hsa api call
        # failure" / "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES": the ROCm runtime could not start on the node
        # (pytorch/pytorch#83539: a bad CI host, taken out of the pool); the same status can be another runtime
        # holding the GPUs. HCC (ROCm <= 2) words the status "HCC STATUS_CHECK Error: HSA_STATUS_ERROR_OUT_OF_RESOURCES
        # (0x1008) at file:mcwamp_hsa.cpp" (ROCmValidationSuite#128: HSA_ENABLE_SDMA), tinygrad's HSA binding "HSA
        # Error 4104: HSA_STATUS_ERROR_OUT_OF_RESOURCES" (tinygrad#3608: torch's runtime already held the GPU); a
        # queue aborted out of resources while clr reports gigabytes free is no memory shortage (cms-sw/cmssw#46624).
        p(r"Failed to set mem policy for GPU \[|Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES|STATUS_CHECK Error: "
          r"HSA_STATUS_ERROR_OUT_OF_RESOURCES|HSA Error \d+: HSA_STATUS_ERROR_OUT_OF_RESOURCES|"
          r"HSA_STATUS_ERROR_OUT_OF_RESOURCES\b.*Available Free mem : \d{4,} MB", "hsa_runtime", E,
          "the ROCm runtime (HSA) could not start on this node: the GPUs or their driver are in a bad state, or "
          "another process or runtime holds their resources", "check `dmesg | grep -i amdgpu` and `rocm-smi` on the "
          "node and what else runs on its GPUs; reboot or drain the node if the runtime fails for every job",
          C.CUDA_OR_DRIVER, "root", (C.OOM,)),
        # ProcessGroupNCCL's watchdog on ROCm 7.0 - 7.2.0 querying an event while another thread captures a graph:
        # "HIP error: operation not permitted when stream is capturing" (ROCm/hip#3876; vllm-project/vllm#31259:
        # TORCH_NCCL_BLOCKING_WAIT=1 works around it), or on its own line under the watchdog's "terminated with
        # exception:" as hipErrorCapturedEvent's "operation not permitted on an event last recorded in a capturing
        # stream" (hipEventQuery ignoring the thread-local capture mode; fixed in 7.2.1). A runtime bug, no timeout.
        p(r"watchdog thread terminated with exception: HIP error: operation not permitted when stream is capturing|"
          r"HIP error: operation not permitted on an event last recorded in a capturing stream",
          "framework_release", E,
          "the process group's watchdog hit a HIP runtime bug while a graph was being captured (ROCm 7.0 - 7.2.0): "
          "no collective timed out", "use ROCm 7.2.1 or later, or set TORCH_NCCL_BLOCKING_WAIT=1",
          C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        # RCCL on a HIP runtime and GPU firmware whose scratch reclaim slows collectives refuses to start without
        # the variable ("[FATAL ERROR]: HSA_NO_SCRATCH_RECLAIM=1 must be set to avoid performance degradation with
        # the current HIP configuration", ROCm/ATOM PR#913 on MI35x).
        p(r"HSA_NO_SCRATCH_RECLAIM=1 must be set|Please set HSA_NO_SCRATCH_RECLAIM=1", "framework_check", E,
          "RCCL refused to start: on this HIP runtime and GPU firmware it needs HSA_NO_SCRATCH_RECLAIM=1, or "
          "collectives would slow down", "export HSA_NO_SCRATCH_RECLAIM=1 in every rank's environment (the "
          "container's env file too)", C.PERFORMANCE_CONFIG, "root", (C.CUDA_OR_DRIVER,)),
        # ROCm/clr rocdevice.cpp "Callback: Queue %p aborting with error : HSA_STATUS_ERROR_...": the GPU queue of
        # the process died (a memory violation, an exception, resources exhausted); hsa runtime.cpp "Memory access
        # fault by GPU node-%u ... Reason: ...".
        # ROCm 5's "Device::callbackQueue aborting with error : HSA_STATUS_ERROR_..." (or "with status: 0x100f", the
        # code only: 0x1008 out of resources, 0x29 aperture violation, 0x100f invalid ISA) is the same fault; a pasted
        # pointer may be redacted to "0x..." (ROCm/clr#281, legacy-rocm-build#2153 and #1393). Without this anchor
        # "aborting" is a communicator's abort, which it is not.
        # clr prints the free memory under an out-of-resources abort ("Available Free mem : 4 MB", ROCm/clr#281).
        p(r"(?:Queue 0x\S*|Device::callbackQueue) [Aa]borting with (?:error : HSA_STATUS_ERROR_OUT_OF_RESOURCES|"
          r"status: 0x1008\b)|Available Free mem : \d{1,3} MB", "oom", E,
          "the GPU ran out of resources for a queue (memory, scratch)", "free GPU memory (smaller batch, fewer "
          "processes per GPU) and check no other process holds the GPU (`amd-smi`)", C.OOM, "root",
          (C.CUDA_OR_DRIVER,)),
        # The status wrapped onto the next line leaves this one naming no kind of fault: what follows may say more.
        p(r"(?:Queue 0x\S*|Device::callbackQueue) [Aa]borting with error :\s*$", "cuda_error", E,
          "a GPU queue of this process was aborted (the status follows on the next lines)", _AMD_GPU_FIX,
          C.CUDA_OR_DRIVER, "likely", (C.OOM, C.APPLICATION_BUG), decode=False),
        # HCC's "STATUS_CHECK Error: HSA_STATUS_ERROR_EXCEPTION (0x1016)" (ROCm/hcc#1163) is the same fault; a paste
        # may bold the node ("by GPU **node-2**", ROCm/hipCaffe#11).
        p(r"(?:Queue 0x\S*|Device::callbackQueue) [Aa]borting with (?:error|status)|Memory access fault by GPU "
          r"\**node-\d+|STATUS_CHECK Error: HSA_STATUS_ERROR_(?!OUT_OF_RESOURCES)\w+",
          "cuda_error", E, "a GPU kernel of this process faulted (a memory violation, an ECC error, a hardware "
          "exception)", _AMD_GPU_FIX, C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        # No usable GPU in the process: PyTorch's "No HIP GPUs are available", ROCr's "Unable to open /dev/kfd
        # read-write: Permission denied / No such file or directory", "No ROCm-capable device is detected" (AMD's
        # gpu-cluster-networking troubleshooting table), amdgpu's "kfd not supported on this ASIC": a user outside the
        # video/render groups (lllyasviel/Fooocus#1079), device nodes not passed into the container
        # (legacy-rocm-build#1798), Docker Desktop's VM engine (vllm-project/vllm#7207), a GPU KFD does not support
        # (ROCm/rocminfo#27).
        # An strace of rocminfo whose open of /dev/kfd fails (legacy-rocm-build#1088: ENOMEM from KFD at init) is the
        # same device missing, not the job's memory.
        # docker's "error gathering device information while adding custom device \"/dev/kfd\": no such file or
        # directory" is the same on the host side (no amdgpu/KFD there: Docker on Windows, legacy-rocm-build#1893).
        p(r"No HIP GPUs are available|Unable to open /dev/kfd read-write|No ROCm-capable device is detected|"
          r"adding custom device \\?\"/dev/kfd\\?\": no such file|"
          r"kfd not supported on this ASIC|open(?:at)?\([^)]*\"/dev/kfd\"[^)]*\) = -1 E[A-Z]+", "gpu_missing", E,
          "ROCm sees no usable AMD GPU in this process: /dev/kfd and /dev/dri are not passed in or not readable by "
          "the user, the amdgpu driver is not loaded, or the GPU is not one ROCm supports",
          "pass the devices (`--device=/dev/kfd --device=/dev/dri --group-add video --group-add render`), add the "
          "user to the video and render groups (`usermod -a -G video,render $USER`, log in again), `modprobe "
          "amdgpu`; use the plain docker engine rather than Docker Desktop", C.CUDA_OR_DRIVER),
        # RCCL's P2P transport exporting its own buffer (transport/p2p.cc "hipIpcGetMemHandle failed : invalid
        # argument"): the platform's IPC, not the program (AMD's troubleshooting table: IOMMU passthrough;
        # ROCm/rocm-systems#7864: MI300X pods without the host's IPC; HSA_ENABLE_IPC_MODE_LEGACY in some images).
        p(r"hipIpc(?:Get|Open)MemHandle failed", "p2p_error", E,
          "RCCL could not export or open a GPU buffer for the peer-to-peer path between GPUs of the node",
          "boot with amd_iommu=on iommu=pt, install amdgpu-dkms on bare metal, unset HSA_ENABLE_IPC_MODE_LEGACY, give "
          "the pod the host's IPC; NCCL_P2P_DISABLE=1 as a workaround", C.ACS_IOMMU_P2P, "root", (C.CUDA_OR_DRIVER,)),
        # amdgpu's RAS and ACA reports ("uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!",
        # "[Hardware Error]: Accelerator Check Architecture events logged", "aca entry[00].STATUS=..."): the GPU's own
        # hardware error (legacy-rocm-build#4021 on MI300X), before the host machine-check rows share the words.
        p(r"amdgpu [0-9a-f:.]+: (?:\{\d+\})?(?:uncorrectable hardware error|\[Hardware Error\]: (?:Accelerator Check "
          r"Architecture|aca entry))", "gpu_fault", E,
          "the amdgpu driver logged an uncorrectable hardware error of the GPU (RAS/ACA)", "drain the node; read "
          "`amd-smi ras` / `rocm-smi --showrasinfo` for that GPU; a GPU that repeats it goes for repair",
          C.CUDA_OR_DRIVER),
        # HIP's hipErrorNoBinaryForGpu (218) as hip_platform.cpp prints it: "Cannot retrieve Static function, error:
        # 218": the library has no kernels for this GPU's gfx target (ROCm/rocm-systems#2805: a packaged RCCL without
        # gfx906).
        # rocBLAS without kernels for the GPU: "rocBLAS error: Cannot read .../TensileLibrary.dat: Illegal seek for GPU
        # arch : gfx1201", its list of available files naming other targets (ROCm/rocBLAS#1267, githubcto/FramePack-
        # ZLUDA#4: "it's not in the supported list yet"); TensorFlow's ROCm allocator failing with HIP's out of memory
        # ("failed to allocate 7.35G ... from device: hipError_t(1002)", "HIP_ERROR_OutOfMemory", ROCm/
        # tensorflow-upstream#82: another process held the GPU's memory).
        p(r"rocBLAS error: Cannot read \S*TensileLibrary\.dat\b", "cuda_error", E,
          "rocBLAS has no kernels for this GPU's architecture (its Tensile library lists other gfx targets)",
          "use a ROCm release (or a rocBLAS build) that supports this GPU's gfx target; HSA_OVERRIDE_GFX_VERSION for a "
          "close supported target", C.CUDA_OR_DRIVER, decode=False),
        # HIP's peer2peer sample ("peer2peer transfer not possible between the selected gpu devices"): no PCIe
        # peer-to-peer between the GPUs, which ROCm needs large BAR for (ROCm/legacy-rocm-build#579, AMD's answer).
        p(r"peer2peer transfer not possible between the selected gpu devices", "p2p_error", E,
          "the AMD GPUs cannot reach each other over PCIe peer-to-peer: ROCm needs large BAR (above-4G decoding) "
          "enabled, and ACS or the IOMMU must not block it", "enable large BAR / above-4G decoding in the BIOS, "
          "boot with iommu=pt, and check `rocm-bandwidth-test`", C.ACS_IOMMU_P2P),
        p(r"failed to allocate [\d.]+\w? \(\d+ bytes\) from device: (?:hipError_t\(1002\)|HIP_ERROR_OutOfMemory)",
          "oom", E, "the AMD GPU ran out of memory (HIP's out of memory): another process may hold it",
          "free the GPU (`rocm-smi --showpids`), lower the batch, or let TensorFlow grow its memory "
          "(allow_growth)", C.OOM),
        p(r"Cannot retrieve Static function, error: 218\b", "cuda_error", E,
          "a library (RCCL, PyTorch) has no kernels for this GPU's gfx target (hipErrorNoBinaryForGpu)",
          "use a build that includes this GPU's target, or rebuild with GPU_TARGETS=<gfx...>; "
          "HSA_OVERRIDE_GFX_VERSION for a close supported target", C.CUDA_OR_DRIVER, decode=False),
        # amdgpu (Linux drivers/gpu/drm/amd): "[gfxhub0] no-retry page fault", "VM_L2_PROTECTION_FAULT_STATUS",
        # "ring gfx_0.0.0 timeout, signaled seq=..., emitted seq=...", "GPU reset begin!", "GPU reset(%d) failed",
        # "XGMI: Failed to add node %d", "xgmi link training failed": the driver saw the GPU fault or hang.
        # Older kernels word the hung ring "[drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring sdma0 timeout"
        # (legacy-rocm-build#2533, #3166: power settings): the GPU's, not a collective's timeout. Newer kernels
        # prefix the device instead ("amdgpu 0000:01:00.0: ring sdma0 timeout", "... qcm fence wait loop timeout
        # expired", "... timeout waiting for kiq fence": legacy-rocm-build#6313, a BC-250 freezing; "... GPU reset
        # begin!", "MES failed to respond": lemonade-sdk/llamacpp-rocm#122). A reset that fails leaves the GPU gone
        # ("GPU mode1 reset failed", "ASIC reset failed with error, -121", "PSP resume failed": legacy-rocm-build#2494).
        p(r"amdgpu: (?:\[\w+\] (?:no-)?retry page fault|VM_L2_PROTECTION_FAULT_STATUS|ring \S+ timeout|GPU reset "
          r"begin|GPU reset\(\d+\) failed|XGMI: Failed to add node)|xgmi link training failed|"
          r"amdgpu_job_timedout \[amdgpu\]\] \*ERROR\* ring \S+ timeout|amdgpu [0-9a-f]{4}:[0-9a-f:.]+: (?:ring \S+ "
          r"timeout|qcm fence wait loop timeout|timeout waiting for kiq fence|GPU reset begin|MES failed to respond)|"
          r"amdgpu[: ][^\n]*(?:mode1 reset failed|ASIC reset failed|PSP resume failed)", "gpu_fault", E,
          "the amdgpu driver saw a GPU page fault, a hung ring, a failed XGMI link or a GPU reset", _AMD_GPU_FIX,
          C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        # The driver's probe failing to bring the GPU up ("amdgpu: Fatal error during GPU init", "probe of 0000:..
        # failed with error -12", "PSP create ring failed!", "Failed to load gpu_info firmware": ROCm/rocm-install-on-
        # linux#615, fixed in the BIOS: Above 4G Decoding, Resizable BAR), as NVIDIA's "RmInitAdapter failed".
        p(r"amdgpu[: ][^\n]*(?:Fatal error during GPU init|probe of \S+ failed with error -\d+|PSP create ring failed|"
          r"Failed to load gpu_info firmware)", "gpu_fault", E,
          "the amdgpu driver could not bring the GPU up (its init, firmware or BAR mapping failed): no process can "
          "use it", "enable Above 4G Decoding and Resizable BAR in the BIOS, install the firmware package of this "
          "kernel (linux-firmware), and match the amdgpu driver to the kernel", C.CUDA_OR_DRIVER),
        # RCCL's misc/api_trace.cc warns "rocprofiler-register failed with error code 4 : Library's API is not
        # supported" and returns its table: RCCL runs on without the profiler (ROCm/rccl#1454). The ROCr GPU core
        # dump's "Failed to write program header to pipe: Broken pipe" is the dump of a fault, not a peer's socket
        # (vllm-project/vllm#50859: read the fault before it).
        p(r"rocprofiler-register failed with error code \d+|Failed to write program header to pipe", "noise", I,
          "RCCL's profiler hook or the GPU core dump writer could not finish: the run's own error is elsewhere",
          "nothing to fix for this line; read the fault or error around it", None, "noise"),
        # Kokkos' memory spaces ("Kokkos ERROR: HIP memory space failed to allocate 4 GiB (label=\"v\")", its
        # CudaSpace the same): the device allocation was refused (kokkos/kokkos#7561).
        p(r"(?:HIP|Cuda|SYCL) memory space failed to allocate", "oom", E,
          "Kokkos could not allocate device memory: the GPU is out of memory (other processes on it, or sizes "
          "too large)", "check what else holds the GPU's memory (`rocm-smi`, `nvidia-smi`) and lower the sizes",
          C.OOM),
        # SYCL's runtime ("Native API failed. Native API returns: -999 (Unknown PI error)", PI_ERROR_UNKNOWN): the
        # GPU driver stack under it (Level Zero, the compute runtime) failed a call; oneCCL's own test aborted on both
        # ranks of an Arc A770 with it (uxlfoundation/oneCCL#123).
        p(r"Native API failed\. Native API returns: -999 \(Unknown PI error\)", "cuda_error", E,
          "Intel's GPU runtime (Level Zero under SYCL) failed a call with an unknown error",
          "check the GPU runtime alone (`sycl-ls`, a plain SYCL sample) and that the Level Zero driver and compute "
          "runtime match the oneAPI release", C.CUDA_OR_DRIVER),
        p(r"amdgpu: GPU reset\(\d+\) succeeded", "noise", I, "the driver reset the GPU after a fault (read the "
          "fault before it)", "read the fault or timeout before this line", None, "noise"),
    )
