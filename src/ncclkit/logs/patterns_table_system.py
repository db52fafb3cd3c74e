"""The line classifier's rows for the tools and kernel messages users paste beside an NCCL log while
they test a node: perftest (ib_write_bw and its siblings), the kernel log (NVIDIA's Xid events, PCIe
AER, the mlx5 and IPoIB drivers, the network watchdog), nvidia-smi and the container runtime. Each comment
names the source of the text and of its meaning. They come before patterns_table.py's generic
verbs, link and timeout rows, which share their words. Same row shape as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity
from ncclkit.logs.ib_status import WC_TEXT_WORDS

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
# perftest --use_cuda: "cuMemAlloc() of a %d bytes GPU buffer", "allocated GPU buffer address at ...", or the command
# line itself: the test buffer is GPU memory (a harmless line; nccl_log_state notes it, and diagnose.py reads a failed
# registration beside it).
GPU_TEST_BUFFER = (r"cuMemAlloc\(\) of a \d+ bytes GPU buffer|allocated GPU buffer address at|\bib_(?:write|read|send|"
                   r"atomic)_(?:bw|lat)\b[^\n]*--use_cuda\b")
_STATUS_FIX = ("read the status: 12 (retry exceeded) is a link, route or peer that stopped answering; 4 (local "
               "protection) with --use_cuda is GPUDirect blocked by PCIe ACS/IOMMU")
_GPU_MEMORY_FIX = ("drain the node; read `nvidia-smi -q -d ECC,ROW_REMAPPER,PAGE_RETIREMENT`, reset the GPU "
                   "(`nvidia-smi -r`) or reboot so a pending remap applies; a GPU that repeats it goes back for repair")
_LINK_FIX = ("check the port and cable of that NIC (`ibstat`/`ethtool`, `ethtool -S`, `dmesg | grep mlx5`, the switch "
             "port's counters), reseat or replace the cable, and update the NIC firmware if the driver reports it")


def system_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # ibv_devinfo -v's GID table ("GID[  0]:  fe80:0000:...:33aa, RoCE v1") and ibstatus' "default gid:": listings,
        # read by the port readers when pasted alone, not error lines.
        p(r"^\s*(?:GID\[\s*\d+\]:|default gid:)\s", "noise", I, "a line of a port listing's GIDs", "nothing to fix", None,
          "noise"),
        # -- any tool on libibverbs printing a completion status as ibv_wc_status_str() words it (rdma-core
        # libibverbs/enum_strs.c: "transport retry counter exceeded", "local protection error", ...): decoded as
        # NCCL's completion errors are (uccl "CQE ERROR ... status=12(transport retry counter exceeded)").
        p(r"(?:status[=: ]\s*\d+\s*\(\s*)?(?:" + WC_TEXT_WORDS + ")", "ib_completion_error", E,
          "an RDMA transfer completed with an error", _STATUS_FIX, C.IB_TIMEOUT_OR_RETRY),
        # -- perftest (linux-rdma/perftest, src/perftest_resources.[ch], perftest_communication.c) --------------
        # " Completion with error at client" then " Failed status 12: wr_id 0 syndrom 0x81" (newer releases:
        # " Failed status-IBV_WC_RETRY_EXC_ERR (12): ..."): a work completion with an error status, decoded as
        # NCCL's completion errors are.
        p(r"Failed status[- ](?:IBV_WC_\w+ \()?\d+\)?: wr_id", "ib_completion_error", E,
          "an RDMA test's transfer completed with an error", _STATUS_FIX, C.IB_TIMEOUT_OR_RETRY),
        # The heading the same macro prints before the status line: the status line says it all.
        p(r"Completion with error at (?:client|server)", "noise", I,
          "perftest's heading of the completion status on the next line", "read the status line", None, "noise"),
        # "Failed to modify QP %d to RTR": the address of the peer's port (on RoCE its GID, -x) is not usable.
        # rdma-core's rc_pingpong: "Failed to modify QP to RTR", "can't read sgid of index %d", "Failed to create AH".
        p(r"Failed to modify QP \d+ to RT[RS]|^\s*Failed to modify QP to RT[RS]\s*$|can't read sgid of index \d+|"
          r"^\s*Failed to create AH\s*$",
          "ibv_modify_qp_failed", E,
          "the RDMA test could not connect its queue pair to the peer's: on RoCE usually the GID index (-x) "
          "or no route between the two ports' subnets; on IB a port that is down",
          "run `show_gids` on both nodes and pass the RoCE v2 IPv4 GID index (`-x N`, NCCL_IB_GID_INDEX for NCCL); "
          "check both ports are ACTIVE", C.GID_INDEX_OR_ROCE_CONFIG, "root", (C.IB_PORT_DOWN_OR_LINK,)),
        p(GPU_TEST_BUFFER, "noise", I,
          "perftest put its test buffer in GPU memory (--use_cuda): the test needs GPUDirect RDMA", "nothing to fix",
          None, "noise"),
        # "Couldn't allocate MR" / "Couldn't allocate MR with error=%d": ibv_reg_mr refused the buffer (locked
        # memory limit; with --use_cuda, GPUDirect RDMA).
        # error=14 is EFAULT: the NIC's driver could not pin the buffer's pages, which for a GPU buffer (--use_cuda)
        # means no GPUDirect RDMA path (no nvidia_peermem, no DMA-BUF).
        # Mellanox/gpu_direct_rdma_access's "Couldn't register GPU MR": the same refusal for a GPU buffer (its #5:
        # the nv_peer_mem service was off).
        p(r"Couldn't (?:allocate|register) MR with error=14\b|Couldn't register GPU MR", "gdr_disabled", E,
          "the RDMA test could not register its GPU buffer with the NIC (EFAULT, or its GPU MR): GPUDirect RDMA is not available",
          "`modprobe nvidia_peermem` (or use perftest's --use_cuda_dmabuf with a driver and kernel that support "
          "DMA-BUF)", C.GDR_UNAVAILABLE, "root", (C.MEMLOCK_OR_ULIMIT,)),
        p(r"Couldn't (?:allocate|register) MR", "ibv_reg_mr_failed", E,
          "the RDMA test could not register its buffer with the NIC: the locked-memory limit, or with "
          "--use_cuda GPUDirect RDMA (nvidia_peermem or DMA-BUF) is not available",
          "set `ulimit -l unlimited`; for GPU buffers `modprobe nvidia_peermem` (or a driver/kernel with DMA-BUF)",
          C.MEMLOCK_OR_ULIMIT, "root", (C.GDR_UNAVAILABLE, C.IB_RESOURCE_ERROR)),
        p(r"Unable to create QP\.|Couldn't create (?:QP|CQ)\b", "ibv_create_qp_failed", E,
          "the RDMA test could not create its queue pair or completion queue (locked memory or device resources)",
          "set `ulimit -l unlimited` for the test and check `ibv_devinfo` works in the same container",
          C.IB_RESOURCE_ERROR, "root", (C.MEMLOCK_OR_ULIMIT,)),
        # "Couldn't get context for the device" (ibv_open_device failed), "IB device %s not found", "No IB
        # devices found"; libibverbs' "Failed to get IB devices list: Function not implemented" (ENOSYS:
        # the ib_uverbs module is not loaded or /dev/infiniband is not in the container); Mooncake's transfer engine
        # (rdma_transport.cpp, topology.cpp) "RdmaTransport: No available RNIC", "No RDMA devices found, check your
        # device installation", "Device /dev/infiniband/%s is not accessible for read/write".
        # ibv_devinfo's "No IB devices found", perftest's "No RDMA devices were detected", " Did not detect devices ";
        # libibverbs' "Fatal: kernel ABI version %d doesn't match library version %d" and "couldn't open config
        # directory" (rdma-core's providers not installed); infiniband-diags' ibstatus script "Fatal error:  device
        # '*': sys files not found (/sys/class/infiniband/*/ports)": no RDMA device is registered at all (the HCA
        # may be on the PCI bus, but its RDMA driver, mlx5_ib / mlx4_ib from the kernel or MLNX_OFED, is not loaded).
        p(r"No IB devices found|No RDMA devices were detected|sys files not found \(/sys/class/infiniband|"
          r"Did not detect devices|kernel ABI version \d+ doesn't match library version|couldn't open config directory '/etc/libibverbs\.d'|"
          r"Couldn't get context for the device|IB device \S+ not found|Failed to get IB devices list|RdmaTransport: "
          r"No available RNIC|No RDMA devices found, check your device|Device /dev/infiniband/\S+ is not accessible",
          "no_ib_device", W, "no usable RDMA device here: not in the container (/dev/infiniband), its kernel "
          "modules (or the MLNX_OFED / DOCA driver stack) not loaded, or the device name given does not exist; NCCL "
          "would use TCP sockets",
          "check `ibv_devinfo` in the same container (mount /dev/infiniband, give IPC_LOCK), `lsmod | grep "
          "ib_uverbs`, and the device names in -d / NCCL_IB_HCA", C.SOCKET_FALLBACK, "root", (C.IB_RESOURCE_ERROR,)),
        # perftest "Requested QP size might be too big. Try reducing TX depth and/or inline size."
        p(r"Requested QP size might be too big", "ibv_create_qp_failed", E, "the NIC refused the queue pair's size",
          "lower the test's TX depth or inline size (-t, -I)", C.IB_RESOURCE_ERROR),
        # librdmacm's tools (rping, ucmatose, perftest -R): "cma event RDMA_CM_EVENT_REJECTED, error 8" (nobody
        # listens on the peer's port), "... ADDR_ERROR" (the address is on no RDMA device), "... UNREACHABLE"
        # (no route or answer over the fabric); rping "cq completion failed status 12" (retries exhausted).
        p(r"RDMA_CM_EVENT_REJECTED", "socket_connect_failed", E, "the peer rejected the RDMA connection: nothing "
          "listens on its port, or a firewall answers for it", "start the server side first and check the port "
          "between the nodes", C.FIREWALL_OR_PORT_BLOCKED, "likely", (C.WRONG_INTERFACE,)),
        p(r"RDMA_CM_EVENT_ADDR_ERROR|times ADDR_ERROR", "no_interface", E, "rdma_cm could not resolve the address to "
          "an RDMA device: the IP is not on an RDMA-capable interface", "use the IP of the RDMA NIC's netdev (`ibdev2"
          "netdev`, `ip -br addr`)", C.WRONG_INTERFACE, "likely", (C.IB_PORT_DOWN_OR_LINK,)),
        p(r"RDMA_CM_EVENT_UNREACHABLE|cq completion failed status 1[23]\b", "ib_completion_error", E,
          "the RDMA connection got no answer over the fabric (retries exhausted)", _STATUS_FIX,
          C.IB_TIMEOUT_OR_RETRY, "root", (C.IB_PORT_DOWN_OR_LINK,)),
        # perftest's CUDA memory (cuda_memory.c): "cuInit(0) returned %d", "There are no available device(s) that
        # support CUDA", "Failed to load CUDA library dynamically".
        p(r"cuInit\(0\) returned \d+|There are no available device\(s\) that support CUDA|Failed to load CUDA "
          r"library dynamically", "cuda_driver_load", E, "the RDMA test could not start CUDA for its GPU buffers",
          "check `nvidia-smi` in the same container and that libcuda.so is on the library path", C.CUDA_OR_DRIVER),
        # The test's own TCP exchange of QP numbers and keys (port 18515 by default) failed: "Couldn't
        # connect to %s:%d" (generic connect row), "Unable to open file descriptor for socket connection",
        # "ethernet_read_keys: Couldn't read remote address" (the peer closed or sent something else).
        p(r"Unable to open file descriptor for socket connection|ethernet_read_keys: Couldn't read remote",
          "socket_connect_failed", E, "the RDMA test's TCP exchange with its peer failed: the server side is not "
          "running (or exited), its port (18515 by default) is filtered, or the two sides were started with "
          "different options", "start the server side first with the same options, and open its port between "
          "the nodes (`nc -zv <server> 18515`)", C.FIREWALL_OR_PORT_BLOCKED, "root",
          (C.WRONG_INTERFACE, C.APPLICATION_BUG)),
        # -- nvbandwidth (NVIDIA/nvbandwidth) ---------------------------------------------------------------------
        # "Waiving <test>." (v0.2; later "Waived:"): the device_to_device, all_to_one and one_to_all tests run only
        # where some GPU pair answers cuDeviceCanAccessPeer (testcase.cpp filterHasAccessiblePeerPairs): with two or
        # more GPUs, none reaches another peer-to-peer (GeForce boards over PCIe, ACS, a VM; nvbandwidth#13).
        p(r"Waiving (?:device_to_device|all_to_one|one_to_all)_\w+", "p2p_error", W,
          "nvbandwidth skipped its GPU-to-GPU tests: no two GPUs here can reach each other peer-to-peer (unless only "
          "one GPU is visible)", "check `nvidia-smi topo -p2p r` (OK between the GPUs): PCIe ACS off and iommu=pt on "
          "bare metal, P2P exposed by the hypervisor in a VM; consumer boards may not support it at all",
          C.ACS_IOMMU_P2P),
        # -- kernel: NVIDIA's Xid events -------------------------------------------------------------------------
        # NVIDIA's Xid catalog (docs.nvidia.com/deploy/xid-errors): 13 Graphics Engine Exception, 31 GPU memory
        # page fault and 43 GPU stopped processing name a user application's fault first (an out-of-range
        # access, a killed context) and a driver fault second; 45 "Preemptive cleanup, due to previous errors"
        # follows another Xid or a killed process.
        p(r"\bXid\b[^\n]*?\): (?:13|31|43),", "cuda_error", E,
          "the GPU stopped a program's kernel on an exception or a memory page fault (Xid 13/31/43): most often "
          "the program's own out-of-range access, less often a driver fault", "rerun with CUDA_LAUNCH_BLOCKING=1 "
          "(compute-sanitizer) to find the kernel; if no program is at fault, update the driver",
          C.APPLICATION_BUG, "root", (C.CUDA_OR_DRIVER,)),
        # The same catalog's hardware and firmware events: 48 double-bit ECC, 63/64 a row remap or page retirement
        # recorded (applied at the next GPU reset) or failed, 92 a high single-bit rate, 94/95 a contained /
        # uncontained ECC error; 74 an NVLink error, 136/137 and 144 - 150 the NVLink units of Hopper and Blackwell;
        # 62 an internal micro-controller halt, 119/120 the GSP firmware's RPC timeout or error (a driver bug in the
        # 525 branch before 525.105.17 among others, NVIDIA/open-gpu-kernel-modules#446).
        # Xid 45's "Ch 00000001 caused by previous Xid 149" names its cause: read as that Xid (the 45 row is after).
        # A contained ECC error (94) that needs no reset says so ("RST: No, D-RST: No"): only its process stopped
        # (NVIDIA's A100 memory error management guide).
        p(r"\bXid\b[^\n]*?\): 94,[^\n]*\bRST: No, D-RST: No\b", "gpu_memory_error", E,
          "the GPU's memory had a contained ECC error (Xid 94): the process using that memory was stopped; the "
          "line says the GPU needs no reset", "restart the job; watch the ECC and remapped-row counters (`nvidia-smi "
          "-q -d ECC,ROW_REMAPPER`) and service the GPU if contained errors repeat", C.CUDA_OR_DRIVER),
        # 63 (a row remap recorded, applied at the next reset) and 92 (a high rate of corrected errors) stop nothing:
        # the hardware corrected the error (stas00/ml-engineering's Xid notes, NVIDIA's memory error guide).
        p(r"\bXid\b[^\n]*?\): (?:63|92),", "gpu_memory_error", W,
          "the GPU's memory corrected errors and recorded a row remap (Xid 63) or a high rate of corrected errors "
          "(Xid 92): the program was not stopped; the remap takes effect at the next GPU reset",
          "reset the GPU or reboot at a convenient time so the remap applies; service it if Xid 64 (remap failed) or "
          "uncorrectable errors follow", C.CUDA_OR_DRIVER),
        p(r"\bXid\b[^\n]*?\): (?:48|6[34]|9[245]),|caused by previous Xid (?:48|6[34]|9[245])\b",
          "gpu_memory_error", E,
          "the GPU's memory reported an ECC error or a row remap (Xid 48/63/64/92/94/95): the process on it was "
          "stopped, and the GPU needs a reset before it is trusted again", _GPU_MEMORY_FIX, C.CUDA_OR_DRIVER),
        # PyTorch's "CUDA error: uncorrectable NVLink error detected during the execution" is the same fault seen by
        # the program (cudaErrorNvlinkUncorrectable, Xid 74).
        # Hopper's and Blackwell's NVLink events name their severity: a "Nonfatal" one was corrected or contained
        # (leptonai/gpud#1174: "fix NVLink Non-fatal events incorrectly reported as Fatal").
        p(r"\bXid\b[^\n]*?\): (?:13[67]|14[4-9]|150), [^\n]*\bNonfatal\b", "nvlink_error", W,
          "an NVLink unit reported a non-fatal event (Xid 136/137/144-150 Nonfatal): corrected or contained, the "
          "link still carries traffic", "nothing to fix for one event; if they repeat or a job stalls beside them, "
          "check `nvidia-smi nvlink -e` counters and the fabric manager's log", C.CUDA_OR_DRIVER),
        p(r"\bXid\b[^\n]*?\): (?:74|13[67]|14[4-9]|150),|caused by previous Xid (?:74|13[67]|14[4-9]|150)\b|"
          r"uncorrectable NVLink error", "nvlink_error", E,
          "an NVLink between GPUs (or to an NVSwitch) reported an error (Xid 74/137/144-150): transfers over it "
          "stall or fail", "check the links (`nvidia-smi nvlink -s`, `nvidia-smi nvlink -e` counters) and the fabric "
          "manager's log; reset the GPUs or reboot the node; a link that fails again is a hardware fault (board, "
          "NVSwitch tray)", C.CUDA_OR_DRIVER),
        p(r"\bXid\b[^\n]*?\): (?:62|119|120),|caused by previous Xid (?:62|119|120)\b", "gpu_firmware_error", E,
          "the GPU's firmware stopped answering the driver (Xid 62 micro-controller halt, 119/120 GSP timeout or "
          "error): a driver or firmware fault, not the program", "reset the GPU or reboot; update the driver (GSP "
          "timeouts are fixed in newer branches) or load the module with NVreg_EnableGpuFirmware=0 where the "
          "driver allows it", C.CUDA_OR_DRIVER),
        p(r"\bXid\b[^\n]*?\): 45,", "cuda_error", W,
          "the driver cleaned up a GPU context after an earlier error (Xid 45): a consequence",
          "read the Xid before it, or the error of the process that was stopped", C.CUDA_OR_DRIVER, "collateral"),
        # nvidia-smi and the driver losing the GPU; the container runtime without the NVIDIA toolkit (or, for
        # `--device nvidia.com/gpu=all`, without CDI enabled in dockerd: nvidia-container-toolkit#434).
        # docker's "unknown or invalid runtime name: nvidia" (older: "Unknown runtime specified nvidia"): the NVIDIA
        # runtime is not configured (nv-tlabs/3dgrut#71: "Resolved by installing docker toolkit"). nvidia-smi's message
        # retyped with a curly apostrophe (qixuema/envs#4).
        p(r"has fallen off the bus|Unable to determine the device handle for GPU|NVIDIA-SMI has failed because it "
          r"couldn['\u2018\u2019]t communicate|(?:unknown or invalid runtime name|Unknown runtime specified):? nvidia|"
          r"could not select device driver (?:\"[^\"]*\" )?with capabilities: \[\[gpu\]\]|"
          r"could not select device driver \"cdi\" with capabilities: \[\]",
          "cuda_error", E, "the driver lost the GPU or cannot reach it (or the container runtime has no GPU "
          "support): no CUDA program can use it", "on the host: `dmesg | grep -iE 'xid|nvrm'`, `nvidia-smi`; a GPU "
          "that fell off the bus needs a reset or a reboot (and a hardware check if it repeats); for docker "
          "install the NVIDIA Container Toolkit and run with --gpus all (for CDI devices: enable the cdi feature in "
          "daemon.json)", C.CUDA_OR_DRIVER),
        # -- kernel: PCIe AER (drivers/pci/pcie/aer.c) ----------------------------------------------------------
        # Kernels before 6.x word the severities "Uncorrected" / "Corrected", later ones "Uncorrectable" /
        # "Correctable" (aer_error_severity_string).
        p(r"AER: (?:Multiple )?Uncorrect(?:ed|able) \((?:Fatal|Non-Fatal)\) error|PCIe Bus Error: "
          r"severity=Uncorrect(?:ed|able)",
          "pcie_error", E, "a PCIe device or link reported an uncorrectable error: the GPU or NIC behind it may "
          "have stopped or lost transfers", "find the device by its address (`lspci -s <addr>`), check its slot, "
          "riser and firmware; repeated errors are a hardware fault", C.OTHER),
        # aer.c's decoded status bits under the header ("pcieport 0000:00:03.1:    [12] Timeout", "[ 6] BadTLP"):
        # "Timeout" is a replay timer of the link layer, not a collective's (pop-os/pop#3363); the header's severity
        # is the finding. Older kernels name the bits in words ("[12] Replay Timer Timeout", wilicc/gpu-burn#1).
        p(r"\b[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d:\s+\[\s?\d+\] [A-Za-z]+(?: [A-Za-z]+)*\s*(?:\(First\))?\s*$",
          "noise", I,
          "a status bit the kernel's PCIe error report decodes under its header", "nothing to fix", None, "noise"),
        p(r"PCIe Bus Error: severity=Correct(?:ed|able)|AER: (?:Multiple )?Correct(?:ed|able) error", "noise", I,
          "a PCIe error the link corrected itself", "nothing to fix unless they repeat quickly (then check the "
          "slot and `lspci -vv` link width/speed)", None, "noise"),
        # A GPU's link at 2.5GT/s with its full width: NVIDIA GPUs drop the link to Gen1 while idle and retrain under
        # load (NVIDIA/open-gpu-kernel-modules#1010, "working correctly"; toAlice/NvidiaTeslaP40forGaming#1): read
        # while a job runs before blaming the slot. A width below its capability stays degraded (the row after).
        # pciutils 3.7+ prints a width equal to the capability with no mark (ls-caps.c link_compare returns "" where
        # 3.6 returned " (ok)": tinygrad/open-gpu-kernel-modules#6, "Width x16" on a GPU read while idle).
        p(r"LnkSta:\s*Speed 2\.5GT/s \(downgraded\), Width x\d+(?: \(ok\))?(?![\d ]*\((?:down|over))", "noise", I,
          "the link runs at Gen1 speed with its full width: a GPU does this while idle (power saving)",
          "read `lspci -vv` LnkSta (or `nvidia-smi -q -d PCIE`) again while a job runs; only a link still slow under "
          "load needs the slot, riser or BIOS checked", None, "noise"),
        # lspci -vv marks a link that trained below its capability: "LnkSta: Speed 32GT/s, Width x2
        # (downgraded)" (pciutils ls-caps.c) under "LnkCap: ... Width x4": the NIC or GPU behind it gets
        # a fraction of its bandwidth (a slot, riser, bifurcation or BIOS setting; the node check pcie.link_degraded
        # reads the same from sysfs).
        p(r"LnkSta:[^\n]*\(downgraded\)", "pcie_link_degraded", W,
          "a PCIe link runs narrower or slower than it can (lspci marks it downgraded): the device behind it gets "
          "a fraction of its bandwidth", "reseat the card or riser, check the slot's bifurcation and link settings "
          "in the BIOS and the board's firmware, then `lspci -vv -s <addr> | grep -E 'LnkCap:|LnkSta:'`", C.OTHER,
          "root", (C.TOPOLOGY_OR_NUMA, C.IB_PORT_DOWN_OR_LINK)),
        # -- kernel: NIC drivers -------------------------------------------------------------------------------
        # mlx5_core port module events (drivers/net/ethernet/mellanox/mlx5/core/events.c): "Port module event:
        # module %u, Cable unplugged", "Port module event[error]: module %u, Cable error, %s"; mlx5 health
        # ("device's health compromised", "Fatal error %d detected"); the network watchdog's "NETDEV WATCHDOG:
        # %s (%s): transmit queue %u timed out" and IPoIB's "transmit timeout: latency %d msecs": the NIC
        # stopped sending, not a collective that hung.
        p(r"Port module event(?:\[error\])?: module \d+, Cable (?:unplugged|error)|health compromised|"
          r"mlx5_core[^\n]*Fatal error \d+ detected|NETDEV WATCHDOG: [^\n]*transmit queue \d+ timed out|"
          r"\bib\d+: transmit timeout", "ib_port_event", E,
          "the NIC's link or the NIC itself failed while the job ran (cable unplugged or faulty, the driver's "
          "health check, a transmit queue stuck)", _LINK_FIX, C.IB_PORT_DOWN_OR_LINK),
        # -- the GPUs not handed to the container ------------------------------------------------------------
        # NVIDIA's CUDA images print this banner from their entrypoint (nvidia_entrypoint.sh) when no driver is
        # mounted: the container was started without --gpus / the NVIDIA runtime. A shell's "nvidia-smi: command
        # not found" is the same where the runtime mounts the driver's tools (they come with the GPUs).
        p(r"WARNING: The NVIDIA Driver was not detected\.|"
          r"^(?:\S+: )?(?:line \d+: )?nvidia-smi: (?:command )?not found",
          "gpu_missing", E, "the container (or node) sees no NVIDIA driver: it was started without the GPUs",
          "start the container with the GPUs (`docker run --gpus all`, the nvidia runtime, the pod's nvidia.com/gpu "
          "limit) and check `nvidia-smi` inside it", C.CUDA_OR_DRIVER),
        # -- services outside the cluster -------------------------------------------------------------------
        # The Hugging Face Hub (huggingface_hub's "We couldn't connect to 'https://huggingface.co'", a requests
        # pool to huggingface.co), W&B ("Failed to connect to W&B servers") and PyPI are reached over the
        # node's internet access, not over the network between the job's nodes: a firewall or missing proxy on
        # the way out, which NCCL never uses.
        p(r"couldn't connect to '?https://huggingface\.co|HTTPSConnectionPool\(host='(?:huggingface\.co|"
          r"cdn-lfs[\w.-]*\.hf\.co|api\.wandb\.ai|pypi\.org|files\.pythonhosted\.org)'|Failed to connect to W&B "
          r"servers|wandb: Network error", "internet_service", E,
          "a node could not reach a service on the internet (the Hugging Face Hub, W&B, PyPI): its way out is "
          "blocked or needs a proxy; the network between the job's nodes is another matter",
          "download what the job needs beforehand and run offline (`HF_HUB_OFFLINE=1`, `WANDB_MODE=offline`), or "
          "give every node the proxy the cluster requires (`https_proxy`, `no_proxy` for the nodes' own addresses)",
          C.OTHER),
        # Any other HTTP server a program's client calls through urllib3 (requests): "HTTPConnectionPool(host=
        # 'localhost', port=8097): Max retries exceeded", NewConnectionError's "Failed to establish a new connection",
        # its "Retrying (Retry(...)) after connection broken by": a dashboard (visdom: samarth-robo/
        # contactdb_prediction#2, "start the visdom server"), an error reporter, a download. No connection of the
        # job's collectives (NCCL and c10d speak no HTTP); a warning, so that the error that ended the run leads.
        # Not etcd (port 2379, its /v2/ and /v3/ API), which torch.distributed's etcd rendezvous reaches over HTTP.
        p(r"^(?!.*(?:port=2379\b|:2379\b|/v[23]/(?:keys|machines|kv))).*?(?:HTTPS?ConnectionPool\(host=[^)]*\): "
          r"Max retries exceeded|Failed to establish a new connection: |Retrying \(Retry\(total=\d+[^\n]*after "
          r"connection broken by)", "http_service", W,
          "an HTTP client of the program (a dashboard such as visdom, a tracker, an error reporter, a download) "
          "could not reach its server: that service is not running or not reachable; the job's own connections "
          "(NCCL, the c10d store) are no HTTP", "start the service the program reports to (e.g. `python -m visdom."
          "server`) or turn that reporting off; for a service on the internet, the node's proxy", C.OTHER),
    )
