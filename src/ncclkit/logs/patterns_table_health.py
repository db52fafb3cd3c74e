"""Rows of the line classifier for what health checks and the kernel's NIC drivers print about a failing GPU or
NIC: NVIDIA DCGM (`dcgmi diag`, `dcgmi health`, nv-hostengine's log; NVIDIA/DCGM 72fa3fe: dcgmlib/dcgm_errors.h,
modules/health/DcgmHealthWatch.cpp, nvvs/src/DcgmRecorder.cpp, modules/mndiag), nvidia-smi's device-handle
errors, NVIDIA's DRA driver for multi-node NVLink (NVIDIA/k8s-dra-driver-gpu 2240711: the ComputeDomain
kubelet plugin) and the NIC drivers' own faults (mlx5_core health.c, fw_reset.c, cmd.c, pagealloc.c;
ib_core umem.c and peer_mem.c as MLNX_OFED 25.10 ships them; bnxt_en, ionic, irdma). Read after
patterns_table_system's kernel rows (a link that went down, AER) and before the host rows, whose "timed out"
would file a NIC's firmware command timeout as a collective that hung.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

_GPU_FIX = ("drain the node and check the GPU (`nvidia-smi -q -d ECC,ROW_REMAPPER,PAGE_RETIREMENT`, Xid lines in "
            "dmesg, `dcgmi diag -r 3`); reset the GPU or reboot, and send it for repair if it repeats")
_NIC_FIX = ("check the NIC's state and firmware (`dmesg | grep <pci address>`, `mlxfwmanager` / `devlink health "
            "show`, its temperature and slot power); a cold reboot of the node, then firmware or the card replaced "
            "if it repeats")
# The kernel's NIC drivers, as dmesg prints them: "<driver> <pci address>[ <netdev or ibdev>]:".
_NIC_DRIVER = r"\b(?:mlx5_core|mlx4_core|bnxt_en|bnxt_re|ionic|irdma|ice|i40e|qede|hns_roce|erdma)\s+[0-9a-f]{4}:[0-9a-f]{2}:"


def health_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # Azure's HPC image checks (Azure/azhpc-images tests/health_checks: test-ib.sh over ibstatus, ecc-errors.sh
        # over nvidia-smi, test-definitions.sh's CUDA check) print their verdicts in their own words.
        p(r"The ib '(?:State|Physical state)' is not set to|The minimum ib rate observed is \d+, but it should be",
          "ib_port_event", E, "an InfiniBand port of this node is not ACTIVE / LinkUp or runs below its rate",
          "check `ibstatus` and `ibstat` on the node: reseat or replace the cable, check the switch port, and "
          "restart the subnet manager's view of it (a port stuck in INIT has no SM)", C.IB_PORT_DOWN_OR_LINK),
        p(r"has a pending remap\. Reset the GPU|has \d+ uncorrectable volatile SRAM errors", "gpu_memory_error", E,
          "a GPU of this node has a memory fault: a row remap waiting for a reset, or uncorrectable SRAM errors",
          _GPU_FIX, C.CUDA_OR_DRIVER),
        # Slinky's slurm-operator drains a node whose GPUs are fewer than configured ("GpuCountMismatch: GPU count
        # mismatch detected: Node has 3, expected 4"): one fell off the bus or did not initialise.
        p(r"GPU count mismatch detected: Node has \d+, expected \d+", "gpu_missing", E,
          "the node shows fewer GPUs than it is configured with: one fell off the bus or its driver did not "
          "initialise it", _GPU_FIX, C.CUDA_OR_DRIVER),
        p(r"CUDA runtime version [\d.]+ is newer than the driver CUDA version", "cuda_driver_unsupported", E,
          "the CUDA runtime installed is newer than the driver supports: programs built for it fail to start "
          "kernels", "install a driver that supports this CUDA (or the CUDA forward-compatibility package), or use "
          "a CUDA runtime no newer than the driver's", C.CUDA_OR_DRIVER),
        # Alibaba Cloud's erdma driver refusing a registration ("infiniband erdma_0: ERROR: Out of mr size: 0, max
        # 68719476736", Mooncake's troubleshooting page): the memory region is beyond what the device registers.
        p(r"infiniband \S+: ERROR: Out of mr size", "ibv_reg_mr_failed", E,
          "the RDMA driver refused a memory registration of a size the device does not allow (zero, or above its "
          "maximum)", "register smaller or non-empty buffers (the transfer engine's segment and buffer sizes) and "
          "check the device's limits (`ibv_devinfo -v`: max_mr_size)", C.IB_RESOURCE_ERROR),
        # -- The NVLink fabric's software (driver df1c9a3, NCCL 2.25 - 2.30, NVSHMEM, the DRA driver) ---------------
        # Advice and notices that follow the fabric's errors or print where it is simply absent: nvls.cc "Disable
        # NVLS (NCCL_NVLS_ENABLE=0) if you wish to avoid this error in the future.", NVSHMEM's "NVLS: cuMulticast is
        # not supported on CUDA or disabled by user" (it carries on without NVLS).
        p(r"^(?!.*(?:Failed|error \d))(?:.*Disable NVLS \(NCCL_NVLS_ENABLE=0\) if you wish|.*NVLS: cuMulticast is not "
          r"supported on CUDA or disabled)",
          "noise", I, "advice or a notice beside the NVLS lines", "nothing to fix", None, "noise"),
        # nvls.cc ncclNvlsInit: NVLS forced on (NCCL_NVLS_ENABLE=1) for a communicator with two ranks on one GPU:
        # ncclInvalidUsage.
        p(r"NCCL_NVLS_ENABLE has been set to \S+ and communicator has multiple ranks using the same NVML device",
          "invalid_usage", E, "NVLS was forced on for a communicator that runs several ranks on one GPU",
          "unset NCCL_NVLS_ENABLE (or give every rank its own GPU)", C.APPLICATION_BUG),
        # NVRM imex_session_api.c: "nvidia-imex daemon has invoked robust channel recovery for remote node: %d":
        # the memory imported from that node is cut off, its failure is there.
        p(r"robust channel recovery for remote node", "remote_exited", E,
          "the IMEX daemon cut off the memory imported from another node: that node failed or left the domain",
          "look at the node it names (its IMEX daemon, its GPUs, whether it rebooted)", C.RANK_CRASHED_ELSEWHERE),
        # The driver and the tools on the fabric's state: imex_session_api.c "Abrupt nvidia-imex daemon shutdown
        # detected", fm_session_api.c "nvidia-fabricmanager daemon shutdown detected" / "has invoked robust channel
        # recovery", gpu_fabric_probe.c "Fabric Probe failed", mem_multicast_fabric.c "Insufficient mcAddressSize
        # returned from Fabric Manager", "probe handle is stale", "IMEX channel subscription is not available", "Failed
        # to notify IMEX daemon", DCGM's "IMEX domain status is DEGRADED" (also CycleCloud's health agent: no IMEX
        # daemon on a GB200 rack, linux-system-roles/hpc#85); NCCL 2.25 mnnvl.cc "MNNVL (cliqueSize %d) is available but
        # not supported on this system. Check the IMEX configuration."; NVSHMEM "cuMemExportToShareableHandle failed for
        # fabric handles" (800: no IMEX channel), and any library's cuMemCreate/Export/Import refused with 800
        # "operation not permitted": CUDA's fabric handles need an IMEX channel the process can open
        # (/dev/nvidia-caps-imex-channels/channelN; microsoft/mscclpp#467 in docker); the DRA driver "unexpected number
        # of unique CliqueIDs"; the driver container "Could not stop NVIDIA fabric manager daemon".
        p(r"nvidia-imex daemon shutdown|nvidia-fabricmanager daemon (?:shutdown|has invoked)|Fabric Probe failed|"
          r"returned from Fabric Manager|probe handle is stale|IMEX channel subscription is not available|"
          r"notify IMEX daemon|MNNVL \(cliqueSize \d+\) is available but not supported|failed for fabric handles|"
          r"unique CliqueIDs|Could not stop NVIDIA fabric manager|IMEX domain status is (?:DEGRADED|DOWN)|"
          r"cuMem(?:Create|ExportToShareableHandle|ImportFromShareableHandle)\b.*(?:operation not permitted|"
          r"CUDA_ERROR_NOT_PERMITTED)|"
          # PyTorch 2.14 CUDASymmetricMemory "ranks have mismatched NVLink clique_ids" (ranks in different NVLink
          # domains), NCCL 2.32's ATTN "MNNVL ... NVLink fabric health reports DEGRADED_BANDWIDTH".
          r"mismatched NVLink clique_ids|NVLink fabric health reports", "fabric_manager", E,
          "the NVLink fabric's software is down or misconfigured: the fabric manager or the IMEX daemon stopped, "
          "the GPU's fabric probe failed, or the process has no IMEX channel",
          "check `systemctl status nvidia-fabricmanager nvidia-imex`, `nvidia-smi -q | grep -A3 Fabric` (state "
          "Completed, status Success) and the IMEX channels in the container (/dev/nvidia-caps-imex-channels); "
          "restart the daemons at the driver's version; NCCL_NVLS_ENABLE=0 / NCCL_MNNVL_ENABLE=0 as a workaround",
          C.CUDA_OR_DRIVER),
        # `nvidia-smi -q`'s Fabric section ("Fabric", then "    State                             : In Progress"):
        # the GPU has not joined its NVSwitch fabric, so CUDA answers "system not yet initialized" (NVIDIA/cloud-
        # native-docs gpu-operator/troubleshooting.rst: the validator crash-looping on HGX nodes). Only the field's
        # own alignment, which other tools' "State:" lines do not have.
        p(r"^\s+State\s{8,}: (?:In Progress|Not Started)\s*$", "fabric_manager", E,
          "nvidia-smi shows this GPU's NVLink fabric not set up (state In Progress or Not Started): on NVSwitch "
          "systems CUDA is not ready until the fabric manager completes it",
          "check `systemctl status nvidia-fabricmanager` and /var/log/fabricmanager.log (its version must equal the "
          "driver's); the state must read Completed with status Success", C.CUDA_OR_DRIVER),
        # linux-rdma/rdma-core libibumad/umad.c (umad_init): "can't read ABI version from %s/%s (%m): is ib_umad
        # module loaded?": the MAD module is not loaded, so no subnet manager can reach the fabric from this host.
        # NVIDIA's NVLink subnet manager (nvlsm, started with the fabric manager on NVLink 5 systems) prints it
        # through ibwarn: the NVLink fabric is never configured. opensm and the fabric tools print it too: an
        # InfiniBand fabric whose only subnet manager is here keeps its ports in INIT. Not a version mismatch.
        p(r"\bnvlsm\b.*\bis ib_umad module loaded", "fabric_manager", E,
          "NVIDIA's NVLink subnet manager (nvlsm) cannot start: the ib_umad kernel module is not loaded, so the "
          "fabric manager cannot bring up the NVLink fabric", "`modprobe ib_umad` (and load it at boot: "
          "/etc/modules-load.d), then restart nvidia-fabricmanager; `nvidia-smi -q | grep -A3 Fabric` must show "
          "Completed", C.CUDA_OR_DRIVER),
        p(r"can't read ABI version from \S+ \(.*\): is ib_umad module loaded", "ib_port_event", E,
          "the ib_umad kernel module is not loaded: the subnet manager (opensm) and the fabric tools cannot reach "
          "the InfiniBand fabric from this host, and ports no subnet manager configures stay in INIT",
          "`modprobe ib_umad` (and load it at boot), then start the subnet manager; `ibstat` must show State "
          "Active", C.IB_PORT_DOWN_OR_LINK),
        # -- NVIDIA DCGM -------------------------------------------------------------------------------------
        p(r"Detected a (?:FAILURE|WARNING) in health system PCIe\b|Detected more than \d+ PCIe replays per minute",
          "pcie_error", E, "DCGM counted PCIe replays on a GPU's link: the slot, riser or card corrupts transfers",
          "reseat the card, check the slot and riser, and run `dcgmi diag -r pcie`; replace parts if it repeats",
          C.OTHER, "root", (C.TOPOLOGY_OR_NUMA,)),
        # A GPU slowed by its cooling (clocks events for thermal violations); power capping is normal operation.
        p(r"Detected a (?:FAILURE|WARNING) in health system Thermal\b|Thermal violations totaling [\d.]+ seconds|"
          r"clocks event due to thermal violation", "gpu_fault", W,
          "a GPU throttled its clocks for heat: it runs slower than the others and holds every collective back",
          "check the node's cooling (fans, airflow, inlet temperature) and `nvidia-smi -q -d PERFORMANCE`",
          C.OTHER, "root", (C.PERFORMANCE_CONFIG,)),
        p(r"Detected a (?:FAILURE|WARNING) in health system Power\b", "noise", W,
          "DCGM saw the GPU cap its clocks at its power limit: normal under load", "nothing to fix", None, "noise"),
        # DcgmHealthWatch: "[[Health]] Detected a FAILURE in health system %s: '%s'" for the GPU's memory (ECC double-
        # bit, row remap failures), its driver state (a reset required, Xid), NVLink/NVSwitch (links down,
        # CRC/replay/recovery counters; its IMEX domain status is the fabric row above) and the always-watched Xids
        # ("Unknown"); dcgmi diag's messages (dcgm_errors.h): Xids seen during the test, ECC and memory mismatches,
        # NVLink down or erroring, a GPU that needs a reset or fell off the bus.
        p(r"Detected a (?:FAILURE|WARNING) in health system (?:Memory|Driver|NVLink|NVSwitch|Unknown|InfoROM|SM)\b|"
          r"Detected XID \d+ for GPU|uncontained error \(XID|volatile double-bit ECC error|memory mismatch was "
          r"detected on GPU|NvLink link \d+ is currently down|nvlink_\w+_count_total NvLink errors|effective BER "
          r"[\d.e+-]+ exceeds|requires a reset to recover|row remap(?:ping)? "
          r"failure|GPU \d+ is lost|GPU is lost|retired pages have been detected|row remappings are pending|"
          r"double-bit ECC error has occ?urr?ed|fault may have left the OS in an inconsistent state|Only \d+ NvLinks "
          r"are up out of the expected|"
          # dcgmi diag's result table: a test's "Fail - GPU: 0" and a deployment check's "| Error | GPU 3 has ..."
          # (stas00/ml-engineering's debugging notes: RMA that GPU); DCGM 1.x's nvvs: "Memory GPU6 ..... FAIL"
          # (facebookresearch/Detectron#312).
          r"\|\s*Fail - GPUs?: \d|\|\s*Error\s*\|\s*GPU \d+ has|\bGPU\d+ \.{5,} FAIL\b", "gpu_fault", E,
          "a GPU, its memory, its driver state or its NVLink failed (an Xid, an ECC error, a link down) or dropped "
          "off the driver",
          _GPU_FIX, C.CUDA_OR_DRIVER, "root", (C.OTHER,)),
        p(r"is running at PCI link (?:generation|width) \w+, which is below the minimum allowed|host-side PCIe replay "
          r"violation|did not exceed minimum required bandwidth", "pcie_link_degraded", W,
          "DCGM measured a GPU's PCIe link below what it should run at (a downgraded link, replays, low bandwidth)",
          "reseat the card or riser and check the slot's link settings (`lspci -vv -s <addr>`: LnkCap against "
          "LnkSta)", C.OTHER, "root", (C.TOPOLOGY_OR_NUMA,)),
        # nvidia-smi -q's BAR1 total (nccl_log_scan joins its two lines): 256 MiB or less is the aperture without
        # resizable BAR (consumer boards, BIOS off, some VMs). Peers and NICs reach GPU memory through it: BAR1
        # peer-to-peer and GPUDirect RDMA registrations fit a few hundred MiB at most (tinygrad's P2P driver asks
        # for a large BAR1 outright: open-gpu-kernel-modules forks #22, #44).
        p(r"BAR1 Memory Usage Total : (?:\d{1,2}|1\d\d|2[0-4]\d|25[0-6]) MiB", "bar1_small", W,
          "the GPU's BAR1 aperture is 256 MiB or less (no resizable BAR): peer-to-peer through BAR1 and "
          "GPUDirect RDMA can map only that much of its memory",
          "enable Resizable BAR / Above 4G decoding in the BIOS (and large MMIO for VMs) so BAR1 covers the GPU's "
          "memory; without it use NCCL_P2P_DISABLE=1 on boards whose P2P needs it", C.ACS_IOMMU_P2P, "likely",
          (C.GDR_UNAVAILABLE,)),
        p(r"Couldn't allocate at least [\d.]+% of GPU memory", "oom", W, "another process holds the GPU's memory",
          "find the processes on the GPU (`nvidia-smi`) and stop them", C.OOM, "likely", (C.CUDA_OR_DRIVER,)),
        p(r"did not reach desired stress level of|GFLOPs for GPU \d+ which is below the threshold", "gpu_fault", W,
          "a GPU computes slower than its peers under DCGM's stress test (throttled or failing)", _GPU_FIX, C.OTHER,
          "likely", (C.PERFORMANCE_CONFIG,)),
        p(r"Unable to find a corresponding CUDA device for GPU \d+[^\n]*CUDA_VISIBLE_DEVICES", "framework_usage", E,
          "CUDA_VISIBLE_DEVICES hides a GPU the job was told to use", "unset CUDA_VISIBLE_DEVICES or make it list "
          "the GPUs the job (or `dcgmi diag -i`) names", C.APPLICATION_BUG),
        # DCGM's multi-node diagnostic reaches the other hostengines through SSH tunnels.
        p(r"Failed to create SSH tunnel to \S+|An SSH connection to a remote hostengine failed", "firewall", E,
          "DCGM's multi-node diagnostic could not reach another node's hostengine over SSH",
          "check that each node accepts SSH from the others (keys, port 22, firewall) and that nv-hostengine runs "
          "there", C.FIREWALL_OR_PORT_BLOCKED, "likely", (C.HOSTNAME_RESOLUTION,)),
        # -- the GPU driver (NVIDIA/open-gpu-kernel-modules df1c9a3), its daemons and the container toolkit ------
        # What every boot prints (the module banner, a GPU's serial number and UUID) and GSP's pointer to the
        # lines above it: not a fault, ahead of host_rows' catch-all for "NVRM". Nor the notice a host whose console
        # runs on the VGA device gets at every boot ("NVRM: Your system is not currently configured to drive a VGA
        # console", ROCm/hip#15, where an amdgpu oops beside it was the fault).
        p(r"NVRM: loading NVIDIA|GPU serial number is|GPU Board Serial Number|NVRM: GPU at PCI:\S+ GPU-[\w-]+\s*$|"
          r"Please also check logs above|NVRM: (?:Your system is not currently configured to drive a VGA|on the "
          r"primary VGA device\. The NVIDIA|requires the use of a text-mode VGA console|drivers including, but not "
          r"limited to, vesafb|corruption and stability problems, and is not supported)", "noise", W, "the GPU driver's routine start-up lines", "nothing to fix",
          None, "noise"),
        # nv-dmabuf.c: "dma-buf attach failed: PCI topology not supported for dma-buf", "... importer unable to
        # handle MMIO without struct page": the NIC cannot import GPU memory through DMA-BUF on this platform.
        p(r"NVRM: dma-buf attach failed", "gdr_disabled", E,
          "the GPU driver refused to export GPU memory to the NIC through DMA-BUF (the PCI topology or the "
          "importing driver does not support it): GPUDirect RDMA by DMA-BUF is off",
          "load nvidia-peermem for GPUDirect RDMA instead, or put GPU and NIC under one PCIe switch; check the "
          "kernel and the NIC driver's DMA-BUF support", C.GDR_UNAVAILABLE, "root", (C.ACS_IOMMU_P2P,)),
        # nv.c: "Failed to DMA map MMIO range": the IOMMU would not map a peer device's BAR (peer-to-peer
        # through an IOMMU in translation mode).
        p(r"NVRM: \S+ Failed to DMA map MMIO range", "p2p_error", E,
          "the IOMMU would not map another device's memory for the GPU: peer-to-peer through a translating "
          "IOMMU", "boot with the IOMMU in passthrough mode (iommu=pt) or off for the GPUs and NICs",
          C.ACS_IOMMU_P2P, "likely", (C.GDR_UNAVAILABLE,)),
        p(r"GSP firmware image version mismatch|nvidia-nvswitch\d+: SXid", "gpu_fault", E,
          "the GPU driver's firmware does not match its kernel module, or an NVSwitch reported an error (SXid)",
          "reinstall the driver so its GSP firmware matches the module (`modinfo nvidia`, /lib/firmware/nvidia); "
          "for SXid errors check the NVSwitch tray and the fabric manager's log", C.CUDA_OR_DRIVER),
        # CUDA that cannot start: DCGM's context test ("failed to create a CUDA context", nouveau on its denylist,
        # no libcuda), nvidia-persistenced (NVIDIA/nvidia-persistenced 410f354), the container toolkit's runtime
        # hook (NVIDIA/nvidia-container-toolkit d34b304) and the device plugin's hint (k8s-device-plugin factory.go).
        # (A CUDA program run on a host without a GPU driver reads the same: pytorch#28393, a CUDA test on a CPU host.)
        # The loader's own words for the driver library ("ImportError: libcuda.so.1: cannot open shared object
        # file", Horovod's troubleshooting page) are the same absence.
        p(r"failed to create a CUDA context|Found driver on the denylist: nouveau|Cannot open library libcuda\.so|"
          r"(?:ImportError|OSError): libcuda\.so(?:\.1)?: cannot open shared object file|"
          r"nvidia-persistenced\[\d+\]: (?:Failed to query NVIDIA devices|Failed to open libnvidia-cfg|device \S+ - "
          r"(?:Could not Enable|failed to open))|invoking the NVIDIA Container Runtime Hook directly|couldn't find "
          r"binary nvidia-container-cli|did you set the docker default runtime to `nvidia`|"
          # PyTorch 1.x's CUDA stubs (c10/cuda lazy loading) on a host without libcuda: "cuda runtime error (3) :
          # This binary is linked with CUDA lazy stubs and underlying .so files were not loaded".
          r"linked with CUDA lazy stubs and underlying \.so files were not loaded", "cuda_driver_load", E,
          "CUDA cannot start on the GPU: the NVIDIA driver or its user-space side is missing, not loaded or "
          "replaced by nouveau, the GPU is held exclusively, or the container runtime is not NVIDIA's",
          "install and load the NVIDIA driver and its user-space libraries (`nvidia-smi` must work; blacklist "
          "nouveau), check the GPU's compute mode, and in containers install the NVIDIA Container Toolkit "
          "(`nvidia-ctk runtime configure`, the nvidia runtime as docker's default for Kubernetes)", C.CUDA_OR_DRIVER),
        # -- multi-node NVLink: NVIDIA's DRA driver (ComputeDomain kubelet plugin, nvlib.go, device_state.go) -
        p(r"NVLink fabric not attached|NVLink fabric registration error|requires GPU driver version >= [\d.]+, but "
          r"found|error locating \"libnvidia-ml\.so", "fabric_manager", E,
          "the node's GPUs are not part of an NVLink fabric the driver can use (fabric manager or IMEX not "
          "registered, driver libraries not mounted, driver too old)",
          "check `nvidia-smi -q | grep -A3 Fabric` (State Completed, Status Success) and the fabric manager and "
          "IMEX services on the node; install the driver the DRA driver requires", C.CUDA_OR_DRIVER),
        # -- NIC drivers: what their faults are, before any "timed out" row -----------------------------------
        p(rf"{_NIC_DRIVER}[^\n]*NIC Link is Down", "ib_port_event", E, "the NIC's link went down",
          "check the cable, transceiver and switch port of that NIC (`ethtool <netdev>`, `ibstat`)",
          C.IB_PORT_DOWN_OR_LINK),
        # ib_core peer_mem.c: a peer-memory module (nvidia-peermem, nv_peer_mem) built for another MLNX_OFED.
        p(r"Peer memory \S+ is missing mandatory function", "gdr_disabled", E,
          "the peer-memory module does not match the RDMA stack's interface: GPUDirect RDMA is off",
          "rebuild nvidia-peermem (or nv_peer_mem) against the installed MLNX_OFED/DOCA, or use DMA-BUF",
          C.GDR_UNAVAILABLE),
        # Kernels before 5.18 print it from mlx5_cmd_check (cmd.c); mlx5_ib's mr.c then logs "create_mkey_callback:
        # ... async reg mr failed. status -12" for each memory key the firmware refused (a UCX job's registrations,
        # docs.hpc.udel.edu's DARWIN notes).
        p(r"mlx5_cmd_(?:out_err|check)[^\n]*(?:CREATE|ALLOC|REG)_\w+\(0x[0-9a-f]+\)[^\n]*failed, status (?:limits "
          r"exceeded|no resources|bad resource)|create_mkey_callback[^\n]*async reg mr failed",
          "ibv_create_qp_failed", E,
          "the NIC's firmware refused to create an RDMA resource (a queue pair, memory key): a limit is reached",
          "fewer connections or registrations per NIC (NCCL_IB_QPS_PER_CONNECTION, NCCL_NCHANNELS_PER_NET_PEER), "
          "and check the NIC's limits (`ibv_devinfo -v`)", C.IB_RESOURCE_ERROR),
        p(r"mlx5_core[^\n]*(?:alloc_system_page[^\n]*failed to allocate page|give fail -12)", "oom", E,
          "the host ran out of memory for the NIC firmware's pages", "free host memory (the job's pinned buffers, "
          "hugepages) and check the OOM killer in dmesg", C.OOM),
        # Firmware fatal errors and resets, health syndromes, PCI errors, thermal alarms, firmware commands
        # that time out, a stalled heartbeat: the NIC itself failed, and its ports with it (filed with the
        # links, as patterns_table_system files mlx5's "health compromised"). Not its routine lines (firmware version,
        # link up, a recovery flow starting, a register read it may refuse).
        p(rf"^(?![^\n]*(?:firmware version|FW version|Link (?:is )?[Uu]p|starting health recovery|ACCESS_REG))"
          rf"[^\n]*{_NIC_DRIVER}[^\n]*(?:[Ff]atal|[Ff]irmware|\bFW\b|health|[Tt]imed? ?out|\btimeout\b|timedout|"
          r"[Cc]old reset|Sync Reset|reset task|temperature|thermal|PCI (?:I/O )?error|PCI slot is unavailable|"
          r"PCI link not ready|pci_err_detected|PCI reads|heartbeat|stalled|abnormal|internal error)",
          "nic_fault", E, "the NIC's driver reports the NIC itself failing (firmware fatal error or reset, a health "
          "syndrome, a PCI error, overheating, firmware commands that time out): its ports go down with it",
          _NIC_FIX, C.IB_PORT_DOWN_OR_LINK, "root", (C.OTHER,)),
    )
