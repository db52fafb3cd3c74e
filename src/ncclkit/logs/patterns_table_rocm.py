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
        # hang!' (a risk, printed whether or not the job fails).
        p(r'Missing "?iommu=pt', "p2p_error", W, "the IOMMU is not in passthrough mode: PCIe peer-to-peer "
          "(GPU-GPU, GPU-NIC) may hang or fail on this platform", "boot with iommu=pt (amd_iommu=on iommu=pt)",
          C.ACS_IOMMU_P2P),
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
        # ROCm/clr rocdevice.cpp "Callback: Queue %p aborting with error : HSA_STATUS_ERROR_...": the GPU queue of
        # the process died (a memory violation, an exception, resources exhausted); hsa runtime.cpp "Memory access
        # fault by GPU node-%u ... Reason: ...".
        p(r"Queue 0x[0-9a-fA-F]+ [Aa]borting with error : HSA_STATUS_ERROR_OUT_OF_RESOURCES", "oom", E,
          "the GPU ran out of resources for a queue (memory, scratch)", "free GPU memory (smaller batch, fewer "
          "processes per GPU) and check no other process holds the GPU (`amd-smi`)", C.OOM, "root",
          (C.CUDA_OR_DRIVER,)),
        p(r"Queue 0x[0-9a-fA-F]+ [Aa]borting with error : HSA_STATUS_ERROR|Memory access fault by GPU node-\d+",
          "cuda_error", E, "a GPU kernel of this process faulted (a memory violation, an ECC error, a hardware "
          "exception)", _AMD_GPU_FIX, C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        # amdgpu (Linux drivers/gpu/drm/amd): "[gfxhub0] no-retry page fault", "VM_L2_PROTECTION_FAULT_STATUS",
        # "ring gfx_0.0.0 timeout, signaled seq=..., emitted seq=...", "GPU reset begin!", "GPU reset(%d) failed",
        # "XGMI: Failed to add node %d", "xgmi link training failed": the driver saw the GPU fault or hang.
        p(r"amdgpu: (?:\[\w+\] (?:no-)?retry page fault|VM_L2_PROTECTION_FAULT_STATUS|ring \S+ timeout|GPU reset "
          r"begin|GPU reset\(\d+\) failed|XGMI: Failed to add node)|xgmi link training failed", "gpu_fault", E,
          "the amdgpu driver saw a GPU page fault, a hung ring, a failed XGMI link or a GPU reset", _AMD_GPU_FIX,
          C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        p(r"amdgpu: GPU reset\(\d+\) succeeded", "noise", I, "the driver reset the GPU after a fault (read the "
          "fault before it)", "read the fault or timeout before this line", None, "noise"),
    )
