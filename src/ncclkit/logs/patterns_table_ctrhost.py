"""Rows of the line classifier (patterns.py) for what the host and the container runtime do to a GPU job before or
beside NCCL: the NVIDIA container hook's cgroup, mount and namespace steps, NVML refused inside a container, the
kernel refusing cross-memory attach or reporting a task stuck in the kernel, and libfabric's EFA provider after a
fork. Each row's cause is decided from the thread that resolved it (named above it): the host's or the runtime's
set-up (other) unless the row says the driver.

Read before the host rows: "Failed to initialize NVML" there is the driver's own state (a version mismatch after an
upgrade), which these rows' container causes are not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
CTRHOST_WORDS: tuple[bytes, ...] = (
    b"cgroup subsystem devices", b"mountpoint for devices", b"devices.allow", b"Count and DeviceIDs",
    b"xserver_misc_device_t", b"process_vm_readv", b"process_vm_writev", b"blocked for more than",
    b"soft lockup", b"Unable to write to EQ", b"proc/driver/nvidia", b"state:D ", b"EDAC ", b"Machine Check",
    b"Machine check", b"CMCI storm", b"kbifCacheVFInfo", b"\"nvidia-smi\": executable")

_DEVICES_FIX = ("restart the container; on the host create the /dev/char links (`sudo nvidia-ctk system "
                "create-dev-char-symlinks --create-all`) or use CDI (`--device nvidia.com/gpu=all`); keep "
                "no-cgroups = false under Docker; with SELinux, label the devices for containers (`restorecon` on "
                "/dev/nvidia*, `setsebool -P container_use_devices true`); rootless Podman: --group-add keep-groups")


def ctrhost_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- the NVIDIA container hook (libnvidia-container) and runc -----------------------------------------------
        # "container error: cgroup subsystem devices not found" (a cgroup v2 host with an old libnvidia-container,
        # NVIDIA/nvidia-docker#1447 and #1660), "failed to add device rules ... bpf_prog_query(BPF_CGROUP_DEVICE)
        # failed: operation not permitted" (rootless or nested runtimes, #1688: no-cgroups = true with the devices
        # passed), a "devices.allow: operation not permitted" write (a parent cgroup that forbids it, #1146), runc's
        # "mountpoint for devices not found" (#486), "namespace association failed" (nvidia-container-toolkit#296),
        # a firmware bind mount refused (libnvidia-container#147: the node's /usr/lib/firmware on NFS).
        p(r"cgroup subsystem devices not found|mountpoint for devices not found|failed to add device rules|"
          r"devices\.allow: operation not permitted|namespace association failed|mount operation failed: "
          r"\S*/lib/firmware/nvidia\S*: operation not permitted", "container_start", E,
          "the NVIDIA container hook could not give the container its GPUs: the host's devices cgroup is not where "
          "it looks (cgroup v2 with an old libnvidia-container), the runtime may not change it (rootless or nested "
          "containers), or a mount or namespace step was refused; the container did not start",
          "upgrade nvidia-container-toolkit and libnvidia-container (cgroup v2 support), use CDI (`--device "
          "nvidia.com/gpu=all`); for rootless or nested runtimes set no-cgroups = true in "
          "/etc/nvidia-container-runtime/config.toml and pass the /dev/nvidia* devices", C.OTHER),
        # The hook bind-mounts the loaded driver's /proc/driver/nvidia files: missing, the loaded driver is not the
        # installed one (nvidia-docker#1068: "fix it by reboot the system").
        p(r"mount operation failed: \S*/proc/driver/nvidia\S*: no such file or directory", "gpu_missing", E,
          "the container hook could not mount the driver's /proc/driver/nvidia files: the loaded driver does not "
          "match the installed one (a driver update without a reboot)", "reboot the host (or reload the nvidia "
          "modules) after a driver update, then check `nvidia-smi` on the host", C.CUDA_OR_DRIVER),
        # docker's device request: "--gpus device=0,1" unquoted is read as a count and a device list
        # (NVIDIA/nvidia-docker#1026 and #1257, rapidsai/docker#306).
        p(r"cannot set both Count and DeviceIDs on device request", "launch_config", E,
          "docker read `--gpus device=0,1` as two options (a count and a device list): the device list must be "
          "quoted", "quote it: `docker run --gpus '\"device=0,1\"' ...` (or `-e NVIDIA_VISIBLE_DEVICES=0,1 "
          "--runtime=nvidia`)", C.APPLICATION_BUG),
        # -- GPUs a container's processes may not open -----------------------------------------------------------
        # NVML's "Unknown Error" in a container that had its GPUs: the host's `systemctl daemon-reload` rewrote the
        # systemd cgroup driver's device rules (NVIDIA/nvidia-docker#1671, fixed by restarting the container), or
        # no-cgroups = true under Docker (nvidia-container-toolkit#580); "Insufficient Permissions": an SELinux
        # label (nvidia-docker#676, mudler/LocalAI#7412: /dev/nvidia* labelled xserver_misc_device_t) or a devices
        # cgroup that denies the GPU (#393); setroubleshoot's report of the same denial (fedora-selinux/
        # selinux-policy#1695).
        p(r"Failed to initialize NVML: Unknown Error|NVML: Insufficient Permissions|"
          r"xserver_misc_device_t", "container_devices", E,
          "a process in a container may not open the GPU's device files: the container's device rules lost them "
          "(a `systemctl daemon-reload` on the host under the systemd cgroup driver, no-cgroups = true under "
          "Docker) or never allowed them (an SELinux label, a devices cgroup that denies the GPU)", _DEVICES_FIX,
          C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        # The toolkit mounting the host's driver libraries over files the image already has ("nvidia-container-cli:
        # mount error: file creation failed: .../libnvidia-ml.so.1: file exists": the image ships its own driver
        # libraries, nvidia-container-toolkit#176); a GPU container without nvidia-smi ("exec: \"nvidia-smi\":
        # executable file not found in $PATH"): the toolkit injected no utilities (NVIDIA_DRIVER_CAPABILITIES
        # without utility, or a runtime or CDI spec that does not inject them: nvidia-container-toolkit#730).
        p(r"nvidia-container-cli: mount error: file creation failed: \S*libnvidia-\S+: file exists", "container_start",
          E, "the image carries its own NVIDIA driver libraries, so the toolkit cannot mount the host's over them",
          "remove the driver libraries (libnvidia-ml, libcuda) from the image, or build it on an official CUDA base "
          "image that leaves them to the toolkit", C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        p(r"exec: \\?\"nvidia-smi\\?\": executable file not found in \$PATH", "container_devices", E,
          "the container got no NVIDIA utilities: the toolkit was not asked for them or did not inject them",
          "run with `--gpus all` and `-e NVIDIA_DRIVER_CAPABILITIES=compute,utility`; with CDI regenerate the spec "
          "(`nvidia-ctk cdi generate`) and check the runtime is the NVIDIA one", C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        # -- the kernel ------------------------------------------------------------------------------------------
        # UCX's CMA transport (cma_ep.c) copies between ranks with process_vm_readv/writev, which needs ptrace
        # rights on the peer: refused with EPERM by yama's ptrace_scope (openucx/ucx#3545, fixed with
        # ptrace_scope=0), a container without SYS_PTRACE, or ranks in different user namespaces (ucx#8958, Open
        # MPI PR #6844). "Bad address" (EFAULT) is another failure and stays unmatched here.
        p(r"process_vm_(?:readv|writev)\b.*(?:returned -1: |error message )Operation not permitted",
          "mpi_transport", E,
          "UCX's cross-memory-attach copy between ranks of one node was refused: ptrace between the processes is "
          "not allowed (yama ptrace_scope, a container without SYS_PTRACE, or ranks in different containers or "
          "user namespaces)", "turn CMA off (`-x UCX_TLS=^cma`), or allow it: `sysctl kernel.yama.ptrace_scope=0`, "
          "docker --cap-add SYS_PTRACE, or one container for the ranks of a node", C.OTHER),
        # kernel/hung_task.c "INFO: task %s:%d blocked for more than %ld seconds." and watchdog.c "BUG: soft lockup -
        # CPU#%d stuck for %us!": a task in uninterruptible sleep for minutes, or a CPU stuck in the kernel. The
        # trace below names where: NFS on a shared volume (aws/aws-parallelcluster#1150), nvidia_uvm
        # (rwth-i6/returnn#1480), a kernel bug under heavy NFS (coreos/fedora-coreos-tracker#1841). Ranks of that
        # node stall and their peers time out. sched_show_task's "task:%-15s state:D" heads each such task's trace.
        p(r"INFO: task \S+ blocked for more than \d+ seconds|(?:NMI )?watchdog: BUG: soft lockup - CPU#\d+ stuck|"
          r"\btask:\S+\s+state:D ",
          "hung_task", W,
          "the kernel reports a task stuck in uninterruptible sleep (or a CPU stuck in the kernel) for minutes: a "
          "rank of that node stalls there and its peers then time out; the call trace below names where (nfs_, "
          "lustre or fuse frames: the filesystem; [nvidia] or [nvidia_uvm] frames: the GPU driver)",
          "read the whole trace in `dmesg`; for a network filesystem, check its server and mounts (checkpoints and "
          "data reads there block); for nvidia frames, look for Xid lines and update the driver; update the kernel "
          "for a soft lockup", C.OTHER, "likely", (C.CUDA_OR_DRIVER,)),
        # An oops (arch/x86/mm/fault.c "BUG: unable to handle kernel NULL pointer dereference" / "... paging request",
        # 4.17+ "BUG: kernel NULL pointer dereference"): the module its IP/RIP line names is at fault; a GPU driver's
        # ("IP: [<...>] amdgpu_bo_list_set+0x196/0x3d0 [amdgpu]", ROCm/hip#15) takes the GPU with it.
        p(r"\b(?:RIP|IP): [^\n]*\[(?:nvidia\w*|amdgpu|amdkfd)\]\s*$", "kernel_oops", E,
          "the kernel oopsed inside the GPU driver (the IP/RIP line names its module): the GPU is unusable until the "
          "node reboots", "read the whole oops in `dmesg`; update the GPU driver (or the kernel it does not support) "
          "and reboot the node", C.CUDA_OR_DRIVER),
        p(r"BUG: unable to handle (?:kernel )?(?:NULL pointer dereference|paging request)|BUG: kernel NULL pointer "
          r"dereference", "kernel_oops", E,
          "the kernel oopsed (a NULL pointer or a bad address in kernel code): the module named on the IP/RIP line "
          "and in the call trace below is at fault, and what ran on it stops",
          "read the whole oops in `dmesg`: update the module it names (a GPU or NIC driver, a filesystem) or the "
          "kernel, and reboot the node", C.OTHER, "likely", (C.CUDA_OR_DRIVER,)),
        # -- host memory and the peer-memory module --------------------------------------------------------------
        # The machine-check and EDAC reports of failing memory: "mce: [Hardware Error]: Machine check events logged",
        # "EDAC skx MC3: HANDLING MCE MEMORY ERROR", "EDAC MC0: 4 CE error on CPU#0Channel#2_DIMM#0", "CMCI storm
        # detected", a BMC's "Uncorrectable Machine Check Exception": a DIMM failing (ovro-lwa/lwa-issues#117: the
        # node froze; openstreetmap/operations#300 and #89: the RAM was replaced). The node freezes or corrupts data,
        # and its ranks' peers time out. EDAC's boot inventory ("DRAM ECC enabled", "Giving out device") is none.
        # A BMC's event log names the slot: "Uncorrectable ECC / other uncorrectable memory error @P2-DIMMF1".
        # APEI's generic record of an error the hardware corrected, and a PCIe record's fields ("It has been corrected
        # by h/w and requires no further action", "section_type: PCIe error", "port_type: 4, root port": a root
        # port's link, ROCm/legacy-rocm-build#2927): no memory failed; a memory record names itself below.
        p(r"\[Hardware Error\]:\s+(?:Hardware error from APEI Generic Hardware Error Source|It has been corrected by "
          r"h/w|event severity: corrected|Error \d+, type: corrected|section_type: PCIe error|(?:port_type|version|"
          r"command|device_id|slot|secondary_bus|vendor_id|class_code|bridge):)", "noise", I,
          "the firmware's record of a hardware error it corrected, or a PCIe error's fields: no memory failed",
          "nothing to fix for the job; repeated corrected PCIe errors on one port are worth `lspci -vvv` and a "
          "reseat", None, "noise"),
        p(r"\[Hardware Error\]|HANDLING MCE MEMORY ERROR|EDAC (?:\w+ )?MC\d+: \d+ (?:CE|UE)\b|CMCI storm detected|"
          r"Uncorrectable Machine Check Exception|uncorrectable memory error @?\s*\S*DIMM", "host_memory_error", E,
          "the host reports machine-check memory errors (EDAC/MCE): a DIMM or a memory controller is failing, so "
          "the node can freeze, reboot or corrupt data, and the ranks of the other nodes then time out",
          "find the DIMM (`ras-mc-ctl --errors`, `edac-util -v`, the BMC's event log: MCx/Channel/DIMM), drain "
          "the node and replace the DIMM; repeated corrected errors on one DIMM come before uncorrected ones",
          C.OTHER),
        # nv_peer_mem's "nv_get_p2p_free_callback -- invalid dma_mapping / page_table": the driver's known race in
        # tearing a registration down, fixed in newer drivers (the maintainer in Mellanox/nv_peer_memory#112 and
        # #53: R470 after May 2021, R510+). nvidia-peermem's "ERROR detected invalid context, skipping further
        # processing" is a harmless print of that mitigation, gone in R560 (nv_peer_memory#120): GPUDirect RDMA is
        # in use, so it is no sign of it being off.
        p(r"nv_get_p2p_free_callback\S* .*invalid (?:dma_mapping|page_table)", "cuda_error", W,
          "the peer-memory module reports an invalid mapping when a registration is freed: a known race of older "
          "GPU drivers in tearing GPU memory registrations down", "upgrade the GPU driver (R510 or newer) and use "
          "nvidia-peermem or DMA-BUF instead of the old nv_peer_mem", C.CUDA_OR_DRIVER),
        p(r"nv_get_p2p_free_callback:\d+ ERROR detected invalid context, skipping further processing", "noise", I,
          "a harmless print of nvidia-peermem (drivers before R560) when GPU memory under an RDMA registration is "
          "freed: GPUDirect RDMA is in use", "nothing to fix (a driver R560+ no longer prints it); look elsewhere "
          "for the failure", None, "noise"),
        # nv_peer_mem / nvidia-peermem built against another ib_core than the running one ("Unknown symbol
        # ib_register_peer_memory_client"): MLNX_OFED upgraded after the module was built, or the inbox RDMA
        # stack without the peer-memory API (Mellanox/nv_peer_memory#84: reinstall after OFED).
        p(r"(?:nv_peer_mem|nvidia_peermem): Unknown symbol ib_register_peer_memory_client", "gdr_disabled", E,
          "the peer-memory module does not load: it was built against another ib_core than the running one (OFED "
          "upgraded after it was built, or the kernel's own RDMA stack without the peer-memory API), so GPUDirect "
          "RDMA is off", "rebuild or reinstall nv_peer_mem / nvidia-peermem after installing MLNX_OFED (the driver "
          "installer or DKMS), or use DMA-BUF (open kernel driver, kernel 5.12+) instead", C.GDR_UNAVAILABLE),
        # GB100's kbifCacheVFInfo "Unable to read NV_PF0_INITIAL_AND_TOTAL_VFS" at driver load (NVIDIA/nccl#2241,
        # printed beside the NVLink Xids that were the fault): the SR-IOV probe of a GPU without VFs.
        p(r"kbifCacheVFInfo_\w+: Unable to read NV_PF0_INITIAL_AND_TOTAL_VFS", "noise", I,
          "the driver's probe of the GPU's virtual functions at load: no fault", "nothing to fix", None, "noise"),
        # -- libfabric's EFA provider ---------------------------------------------------------------------------
        # "Unable to write to EQ: Missing or unavailable event queue ... prov/rxr": a forked child (DataLoader
        # workers) used the parent's EFA resources (aws/aws-ofi-nccl#20, fixed in libfabric; DataLoader's spawn
        # context avoids it).
        p(r"Unable to write to EQ: Missing or unavailable event queue", "ofi_error", E,
          "libfabric's EFA provider lost its event queue: a forked child process (DataLoader workers) touched the "
          "EFA resources of its parent", "update the EFA installer (libfabric); start DataLoader workers with "
          "multiprocessing_context='spawn', or set FI_EFA_FORK_SAFE=1 (and FI_EFA_USE_HUGE_PAGE=0)",
          C.NET_PLUGIN_ERROR),
    )
