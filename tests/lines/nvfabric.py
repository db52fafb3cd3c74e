"""Lines of NVIDIA's NVLink fabric software, read alone and inside an NCCL log: the GPU driver's fabric side
(NVIDIA/open-gpu-kernel-modules df1c9a3 = 595.45.04: the fabric manager and IMEX session objects, the IMEX channel
device, the GPU fabric probe, multicast (NVLS) fabric memory, Blackwell NVLink training Xids, NVSwitch SXids), NCCL's
MNNVL and NVLS lines (NVIDIA/nccl v2.21.5-1, v2.25.1-1, v2.30.7-1: init.cc, mnnvl.cc, transport/nvls.cc), NVSHMEM's
fabric-handle multicast (NVIDIA/nvshmem 2d7d25f), the compute-domain kubelet plugin of NVIDIA/k8s-dra-driver-gpu
(2240711) and the GPU operator's driver container that starts nv-fabricmanager and nvlsm (NVIDIA/gpu-driver-container
06a208c). Fabric Manager, nvidia-imex and nvlsm themselves are closed source and their packages could not be fetched
here (NVIDIA's CUDA repository is unreachable, none is on PyPI or in Debian), so their own log text is not catalogued.
Each text is the one its source prints (format fields filled, the file named beside it), each cause reviewed one by one
against the code around it: a fabric manager, IMEX daemon, fabric probe, multicast-team or NVSwitch failure is
cuda_or_driver (CONTRACTS section 9 puts driver and fabric manager state and the NVSwitch/NVLink fabric there), and so
is a missing IMEX channel, which the CUDA and NCCL text treat as system configuration, not as the program's misuse; the
IMEX daemon tearing down importers of a remote node is the other node's failure; forcing NVLS on where ranks share a
GPU is the user's setting (ncclInvalidUsage). Start-up progress, the fallbacks the code logs at info level and advice
lines that follow an error name nothing."""

from __future__ import annotations

CASES = [
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/compute/imex_session_api.c:363@df1c9a3',
     '[ 8812.441203] NVRM: imexsessionapiDestruct_IMPL: Abrupt nvidia-imex daemon shutdown detected, disabled fabric allocations',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/compute/imex_session_api.c:385@df1c9a3',
     '[ 8812.441377] NVRM: imexsessionapiDestruct_IMPL: Abrupt nvidia-imex daemon shutdown detected, robust channel recovery invoked',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/compute/imex_session_api.c:453@df1c9a3',
     '[ 9120.007715] NVRM: imexsessionapiCtrlCmdDisableImporters_IMPL: nvidia-imex daemon has invoked robust channel recovery for remote node: 3',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/compute/fm_session_api.c:98@df1c9a3',
     '[ 4410.118246] NVRM: _clearFmState: nvidia-fabricmanager daemon shutdown detected, robust channel recovery invoked!',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/compute/fm_session_api.c:102@df1c9a3',
     '[ 4410.118246] NVRM: _clearFmState: nvidia-fabricmanager daemon has invoked robust channel recovery!',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules kernel-open/nvidia/nv-caps-imex.c:190@df1c9a3',
     '[    5.912345] nv-caps-imex failed to create cdev.',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules kernel-open/nvidia/nv.c:891@df1c9a3',
     '[    5.912351] NVRM: failed to initialize IMEX channels.',
     'log.cuda_error', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/gpu/gpu_fabric_probe.c:75@df1c9a3',
     '[  131.604417] NVRM: GPU0 _gpuFabricProbeFullSanityCheck: Fabric Probe failed: 0x40',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/mem_mgr/mem_multicast_fabric.c:1607@df1c9a3',
     '[ 2231.550912] NVRM: _memMulticastFabricAttachGpuPostProcessor: Insufficient mcAddressSize returned from Fabric Manager',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/mem_mgr/mem_multicast_fabric.c:1500@df1c9a3',
     "[ 2231.550930] NVRM: _memorymulticastFabricAllocVas: Attached GPU's probe handle is stale",
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/mem_mgr/mem_multicast_fabric.c:1986@df1c9a3',
     '[ 2231.550871] NVRM: _memorymulticastfabricCtrlAttachGpu: Inband request Multicast Team Setup failed!',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/mem_mgr/mem_multicast_fabric.c:2015@df1c9a3',
     '[ 2231.551004] NVRM: _memorymulticastfabricCtrlAttachGpu: IMEX channel subscription is not available',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/mem_mgr/mem_multicast_fabric.c:2037@df1c9a3',
     '[ 2231.551020] NVRM: _memorymulticastfabricCtrlAttachGpu: Failed to notify IMEX daemon of import event',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/gpu/nvlink/arch/blackwell/kernel_nvlink_gb100.c:197@df1c9a3',
     '[   98.772301] NVRM: Xid (PCI:0008:01:00): 136, NVLink: Link training failed for links 0x3c0(0x10005, 0x10005, 0x10005, 0x10005, 0x0, 0x0, 0x0)',
     'log.nvlink_error', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/gpu/nvlink/arch/blackwell/kernel_nvlink_gb100.c:182@df1c9a3',
     '[   98.772188] NVRM: GPU0 knvlinkLogAliDebugMessages_GB100: ALI Error for GPU 0::linkId 6: 0x10005',
     'log.cuda_error', 'cuda_or_driver'),
    ('NVIDIA/open-gpu-kernel-modules src/common/nvswitch/kernel/ls10/intr_ls10.c:6466@df1c9a3',
     '[ 3305.118842] nvidia-nvswitch3: SXid (PCI:0000:08:00.0): 22012, Fatal, Link 30 Minion Link DLCMDFAULT interrupt',
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/nccl src/transport/nvls.cc:376@v2.30.7-1',
     "[2026-11-30 14:02:17] gb200-n07:48211:48390 [0] transport/nvls.cc:376 (nvlsAllocateMem) NCCL WARN Failed to bind NVLink SHARP (NVLS) Multicast memory of size 1207959552 : CUDA error 401 'the operation cannot be performed in the present state'.",
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/nccl src/transport/nvls.cc:376@v2.30.7-1',
     'This is usually caused by a system or configuration error in the Fabric Manager or NVSwitches.',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/nccl src/transport/nvls.cc:254@v2.30.7-1',
     '[2026-11-30 14:02:11] gb200-n07:48211:48211 [0] transport/nvls.cc:254 (ncclNvlsInit) NCCL WARN NCCL_NVLS_ENABLE has been set to "1" and communicator has multiple ranks using the same NVML device. This is not compatible with NCCL_NVLS_ENABLE=1.',
     'log.invalid_usage', 'application_bug'),
    ('NVIDIA/nccl src/mnnvl.cc:69@v2.25.1-1',
     'gb200-n07:48211:48211 [0] mnnvl.cc:69 NCCL WARN MNNVL (cliqueSize 4) is available but not supported on this system. Check the IMEX configuration.',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/nccl src/init.cc:953@v2.21.5-1',
     'gb200-n07:48211:48211 [0] init.cc:953 NCCL WARN MNNVL is not supported on this system',
     'log.cuda_driver_unsupported', 'cuda_or_driver'),
    ('NVIDIA/nvshmem src/host/team/team_internal_nvls.cpp:122@2d7d25f',
     '/workspace/nvshmem_src/src/host/team/team_internal_nvls.cpp:122: non-zero status: 800 cuMemExportToShareableHandle failed for fabric handles',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/k8s-dra-driver-gpu cmd/compute-domain-kubelet-plugin/nvlib.go:264@2240711',
     'Error: error creating driver: error getting cliqueID: unexpected number of unique CliqueIDs found on devices',
     'log.fabric_manager', 'cuda_or_driver'),
    ('NVIDIA/gpu-driver-container ubuntu24.04/nvidia-driver:392@06a208c',
     'Could not stop NVIDIA fabric manager daemon',
     'log.fabric_manager', 'cuda_or_driver'),
]

NO_CAUSE = [
    '[    5.912340] nv-caps-imex channel0 created. Make sure you are aware of the IMEX security model.',  # NVIDIA/open-gpu-kernel-modules kernel-open/nvidia/nv-caps-imex.c:160@df1c9a3
    'gb200-n07:48211:48211 [0] NCCL INFO NVLS multicast support is not available on dev 0',  # NVIDIA/nccl src/transport/nvls.cc:279@v2.30.7-1
    'gb200-n07:48211:48211 [0] NCCL INFO MNNVL 1 cliqueId 7fff cliqueSize 72 cliqueRank 5 nvlDomainSize 72',  # NVIDIA/nccl src/mnnvl.cc:96@v2.30.7-1
    'Disable NVLS (NCCL_NVLS_ENABLE=0) if you wish to avoid this error in the future.',  # NVIDIA/nccl src/transport/nvls.cc:376@v2.30.7-1
    'gb200-n07:48211:48211 [0] NVSHMEM INFO NVLS: cuMulticast is not supported on CUDA or disabled by user',  # NVIDIA/nvshmem src/host/init/init.cu:470@2d7d25f
    'I1130 14:01:52.204117       1 nvlib.go:224] no-clique fallback: fabric not attached (device 0/GPU-6f1c2d3e-8a4b-4c5d-9e0f-1a2b3c4d5e6f)',  # NVIDIA/k8s-dra-driver-gpu cmd/compute-domain-kubelet-plugin/nvlib.go:224@2240711
    'Starting NVIDIA fabric manager daemon for NVLink5+...',  # NVIDIA/gpu-driver-container ubuntu24.04/nvidia-driver:637@06a208c
    'waiting for the mlx5_core and ib_umad kernel modules to be loaded',  # NVIDIA/gpu-driver-container ubuntu24.04/nvidia-driver:189@06a208c
]
