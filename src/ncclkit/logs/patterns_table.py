"""The rows of the line classifier (patterns.py): most specific first, the first match wins. Here the rows of NCCL's
networks and transports (IB/RoCE, NVLink/P2P), the ones read before everything (patterns_table_notices: lines that
state no problem), the specific families ahead of them (patterns_table_newest, _suites, the families of
patterns_families.FAMILIES, then _source, _rocm, _net, _kernel, _cudalibs, _system, _health, _fabric, _stacks,
_jaxray, _cluster, _nearlibs, _k8s, _gloo, _transfer: each module says what it reads), the framework warnings that
healthy runs print (patterns_table_notices.warning_noise_rows), after the transports patterns_table_topology's (PCI
paths, the graph search, topology files), and after them patterns_table_socket's (bootstrap,
sockets, interfaces), patterns_table_host's (memory and processes, plugins), patterns_table_driver's (CUDA and the
driver), patterns_table_consequences' (a peer gone, a timeout, NCCL's bare return codes) and, last,
patterns_table_generic's (a subject and its failure word in a line no row knows).

NCCL rows come from NCCL's own WARN/INFO sites (src/ of NVIDIA/nccl 2.4 - 2.29; the line text is quoted in each
comment); framework and OS rows from the lines users paste with them (PyTorch c10d, torchrun, CUDA runtime,
libibverbs, kernel). Each row: regex, category (the finding is `log.<category>`), severity, explanation, fix, cause
(CONTRACTS section 9), role, alternatives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity
from ncclkit.logs.cuda_errors import SYSTEM_NOT_READY
from ncclkit.logs.patterns_table_cluster import cluster_rows
from ncclkit.logs.patterns_families import FAMILIES
from ncclkit.logs.patterns_table_consequences import consequence_rows
from ncclkit.logs.patterns_table_cudalibs import cudalib_rows
from ncclkit.logs.patterns_table_fabric import fabric_rows
from ncclkit.logs.patterns_table_generic import generic_rows
from ncclkit.logs.patterns_table_health import health_rows
from ncclkit.logs.patterns_table_jaxray import jaxray_rows
from ncclkit.logs.patterns_table_gloo import gloo_rows
from ncclkit.logs.patterns_table_driver import driver_rows
from ncclkit.logs.patterns_table_host import host_rows
from ncclkit.logs.patterns_table_k8s import k8s_rows
from ncclkit.logs.patterns_table_kernel import kernel_rows
from ncclkit.logs.patterns_table_nearlibs import nearlib_rows
from ncclkit.logs.patterns_table_net import net_rows
from ncclkit.logs.patterns_table_newest import newest_rows
from ncclkit.logs.patterns_table_notices import notice_rows, warning_noise_rows
from ncclkit.logs.patterns_table_rocm import rocm_rows
from ncclkit.logs.patterns_table_socket import socket_rows
from ncclkit.logs.patterns_table_source import source_rows
from ncclkit.logs.patterns_table_stacks import stack_rows
from ncclkit.logs.patterns_table_suites import suite_rows
from ncclkit.logs.patterns_table_system import system_rows
from ncclkit.logs.patterns_table_topology import topology_rows
from ncclkit.logs.patterns_table_transfer import transfer_rows

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO


def rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- alarming lines that state no problem, a plugin that cannot load, c10d's name lookups
        *notice_rows(p),
        # -- NCCL 2.31 - 2.32 and PyTorch 2.12 - 2.14, whose new lines share the older rows' words
        *newest_rows(p),
        # -- health suites, training codebases' launchers, TensorFlow and MXNet: programs with words of their own
        *suite_rows(p),
        # -- the program families with table modules of their own (patterns_families.FAMILIES, in order)
        *(row for family_rows, _ in FAMILIES for row in family_rows(p)),
        # -- NCCL's own checks (argument, usage, setup): before the families below, whose words they share
        *source_rows(p),
        # -- what RCCL and ROCm print that NCCL does not
        *rocm_rows(p),
        # -- the libraries under NCCL (OFI/EFA, UCX/UCC, SHARP, FastSocket): before the generic rows below
        *net_rows(p),
        *kernel_rows(p),
        *cudalib_rows(p),
        *system_rows(p),
        *health_rows(p),
        *fabric_rows(p),
        # -- the stacks around NCCL (DeepSpeed, accelerate, Lightning, Megatron, Horovod, vLLM, SGLang, Ray)
        *stack_rows(p),
        # -- JAX's and Ray's distributed layers, then schedulers, launchers and containers, then the libraries
        #    next to NCCL (JAX/XLA, NVSHMEM, NVIDIA's libraries, peer memory, GCP's TCPX plugins)
        *jaxray_rows(p),
        *cluster_rows(p),
        *nearlib_rows(p),
        *k8s_rows(p),
        *gloo_rows(p),
        *transfer_rows(p),
        # -- framework warnings healthy runs print, unless a family above reads them
        *warning_noise_rows(p),
        # -- IB / RoCE ------------------------------------------------------------------------------
        # libfabric's GPU-memory registration through gdrcopy (hmem_cuda_gdrcopy.c cuda_gdrcopy_dev_register
        # "gdr_pin_buffer failed!") and the EFA provider's handle for it (efa_mr.c efa_mr_hmem_setup "Unable to
        # register handle for GPU memory"): GPU memory could not be pinned for the NIC (perplexityai/pplx-garden#4:
        # an MR of another process on an old kernel).
        p(r"gdr_pin_buffer failed|Unable to register handle for GPU memory", "ofi_error", E,
          "libfabric could not pin GPU memory for the NIC (gdrcopy's pin or the EFA provider's GPU-memory handle)",
          "check gdrdrv and nvidia-peermem (or DMA-BUF: kernel 5.12+, open driver) on the node, and that the buffer "
          "belongs to this process", C.GDR_UNAVAILABLE, "root", (C.NET_PLUGIN_ERROR,), False),
        # libfabric's own log of its EFA provider ("libfabric:...:efa:...:efa_device_construct_gid():47<warn>
        # ibv_open_device failed! errno: 2") and `fi_info -p efa` answering "fi_getinfo: -61 (No data
        # available)" (ENODATA: the provider listed no device): the EFA device is not usable where the job
        # runs, before the verbs rows below, whose words these lines share. Its send-completion errors
        # (rxr_cq_write_tx_error, libfabric 1.19+'s efa_rdm_txe_handle_error, "Destination unreachable") are a peer
        # that does not answer: the row after this (aws/aws-ofi-nccl#346: channels already up over GDRDMA).
        p(r"^(?!.*(?:rxr_cq_write_tx_error|efa_rdm_[rt]xe_handle_error|Destination unreachable))libfabric:[^\n]*"
          r"\befa\b[^\n]*<warn>|"
          r"fi_getinfo:? -61\b|provider efa output empty list", "ofi_error", E,
          "libfabric's EFA provider found no usable EFA device: the device is not passed into the container or "
          "pod, or the efa kernel driver is not loaded", "run the container with the EFA devices (`--device "
          "/dev/infiniband/uverbs0` ... or the EFA device plugin's vpc.amazonaws.com/efa resource), check `lsmod "
          "| grep efa` on the host and `fi_info -p efa` inside the container", C.NET_PLUGIN_ERROR, "root",
          (C.SOCKET_FALLBACK,)),
        # perftest's header before the raw completion it dumps ("got completion with error:", four hex words, then
        # " Failed status N: wr_id 0 syndrom 0x51"): the status line names the failure (linux-rdma/perftest#140,
        # status 4 on a GPU buffer), so the header alone states none.
        # libmlx5 prints the same header before its own dump ("mlx5: gpu5: got completion with error:",
        # NVIDIA/nccl-tests#24): NCCL's WARN after it decodes the status.
        p(r"^\s*(?:mlx\d: [\w.-]+: )?got completion with error:\s*$", "noise", I,
          "perftest's header before the failed completion it prints; the 'Failed status' line after it names it",
          "read the 'Failed status N' line that follows", None, "noise"),
        # net_ib.cc: "NET/IB : Got completion from peer %s with error %d, opcode %d, len %d, vendor err
        # %d"; 2.19+: "status=%d"; 2.28.7+: "status=%s(%d) opcode=%s(%d) vendor_err=%u".
        # A bare status name, as other RDMA users print it (monarch's RDMABuffer: "IBV_WC_REM_ACCESS_ERR"). Not the
        # TRACE of every completion (net_ib.cc:1921 in 2.21, "Got completion from peer %s with status=%d ... wr_id"),
        # whose status 0 is IBV_WC_SUCCESS (phoenix23513/Mycroft-NCCL-reproduction's run.log of a passing run).
        p(r"^(?!.*NCCL TRACE )(?!.*\bstatus=(?:0\b|IBV_WC_SUCCESS\b)).*(?:Got completion (?:from peer|with)|"
          r"Got CQE with error|Work completion error|\bIBV_WC_[A-Z_]+_ERR\b)",
          "ib_completion_error", E,
          "an RDMA transfer to a peer failed at the NIC", "see the decoded status; check `ibstat` on both "
          "nodes, cables/switch ports, and on RoCE the PFC/ECN configuration; raise NCCL_IB_TIMEOUT for "
          "retry-exceeded errors on large fabrics", C.IB_TIMEOUT_OR_RETRY),
        # libibverbs: "Warning: RLIMIT_MEMLOCK is 65536 bytes. This will severely limit memory registrations."
        # "ulimit -a": "max locked memory (kbytes, -l) 64" (a number: "unlimited" is fine).
        # Open MPI's openib BTL (help-mpi-btl-openib.txt): "The OpenFabrics (openib) BTL failed to initialize
        # while trying to allocate some locked memory"; "A process failed to create a queue pair. This usually
        # means ... not enough memory locked".
        # libibverbs' warning wraps ("This will severely limit memory registrations." alone on its line); ib_core
        # umem.c "__ib_umem_get: no mlock permission" (the kernel refused to pin the pages); runc's "error setting
        # rlimit type 8" (RLIMIT_MEMLOCK refused to the container, as the kubelet reports it). mlock(2) answers ENOMEM
        # ("Cannot allocate memory") past RLIMIT_MEMLOCK, whatever memory is free ("mlock() failed: Cannot allocate
        # memory", manticoresearch-helm#169: "the pod had a very small locked-memory limit"; qdrant#1885 "Failed to
        # lock ... in memory: Cannot allocate memory", `ulimit -l` 8192 in the container).
        p(r"RLIMIT_MEMLOCK|max locked memory[^\n]*?\b\d+\s*$|memlock limit|allocate some locked memory|"
          r"\bmlock\(\) failed: Cannot allocate memory|Failed to lock [^\n]* in memory: Cannot allocate memory|"
          r"Unable to lock JVM Memory: error=12\b|"
          r"This will severely limit memory registrations|__ib_umem_get: no mlock permission|error setting rlimit "
          r"type 8\b|"
          r"failed to initialize while trying to\s*$|failed to create a queue pair", "memlock", E,
          "the locked-memory limit is too low for RDMA memory registration",
          "`ulimit -l unlimited` (limits.d `* - memlock unlimited`); docker --ulimit memlock=-1:-1; "
          "Slurm PropagateResourceLimitsExcept=MEMLOCK", C.MEMLOCK_OR_ULIMIT),
        p(r"ibv_create_qp|mlx5dv_create_qp", "ibv_create_qp_failed", E,
          "NCCL could not create an RDMA queue pair: locked-memory limit too low, too many QPs, or the "
          "device is unusable in this container", "set `ulimit -l unlimited` (docker: --ulimit memlock=-1; "
          "k8s: IPC_LOCK and a memlock limit), and lower NCCL_IB_QPS_PER_CONNECTION if raised",
          C.IB_RESOURCE_ERROR, "root", (C.MEMLOCK_OR_ULIMIT,)),
        # ibvwrap.cc: "Call to ibv_open_device failed", ibv_alloc_pd, ibv_query_port/device/gid. Not a probe's
        # report of a call that worked ("- `ibv_open_device(erdma_0)` → OK", deepseek-ai/DeepEP#759).
        p(r"^(?!.*(?:→|->)\s*(?:OK|success)\b).*?(?:ibv_(?:open_device|alloc_pd|query_\w+|get_device_list|"
          r"get_async_event|poll_cq)|Unable to (?:query|open) device|Call to ibv_poll_cq)", "ibv_call_failed", E,
          "a verbs call on the RDMA device failed: the device is not usable from this process (container "
          "without the device, driver/firmware state)", "check `ibv_devinfo` in the same container/job; "
          "mount /dev/infiniband and give IPC_LOCK; check `dmesg` for mlx5 errors", C.IB_RESOURCE_ERROR,
          "root", (C.IB_PORT_DOWN_OR_LINK,)),
        p(r"ibv_create_cq", "ibv_create_cq_failed", E,
          "NCCL could not create an RDMA completion queue (locked memory or device resources)",
          "set `ulimit -l unlimited` for the job and check `ibv_devinfo` works inside the container",
          C.IB_RESOURCE_ERROR, "root", (C.MEMLOCK_OR_ULIMIT,)),
        p(r"ibv_reg_mr|ibv_reg_dmabuf_mr|regMr", "ibv_reg_mr_failed", E,
          "registering GPU or host memory with the NIC failed: memlock limit, or GPUDirect RDMA broken "
          "(nvidia_peermem not loaded, or DMA-BUF unsupported)", "set `ulimit -l unlimited`; `modprobe "
          "nvidia_peermem` (or use a driver/kernel with DMA-BUF); as a test, NCCL_NET_GDR_LEVEL=LOC",
          C.IB_RESOURCE_ERROR, "root", (C.MEMLOCK_OR_ULIMIT, C.GDR_UNAVAILABLE)),
        # "Call to ibv_modify_qp failed with error Network is unreachable"; 2.2x HINT lines name the GID.
        p(r"ibv_modify_qp|incorrect GID index", "ibv_modify_qp_failed", E,
          "connecting the RDMA queue pair failed: on RoCE usually a wrong/empty GID index or no route "
          "between the two ports' subnets; on IB a port that is down", "run `show_gids` on both nodes and "
          "set NCCL_IB_GID_INDEX to the RoCE v2 IPv4 index (NCCL >= 2.21 picks it itself); make sure the "
          "HCAs in NCCL_IB_HCA are ACTIVE and can reach each other", C.GID_INDEX_OR_ROCE_CONFIG, "root",
          (C.IB_PORT_DOWN_OR_LINK,)),
        # EFA that cannot reach its peer: aws-ofi-nccl's "Unable to insert remote address into address vector",
        # libfabric's efa "rxr_cq_write_tx_error" / "Destination unreachable" (a peer that stopped answering is
        # patterns_table_net's). The EFA security group must allow all traffic to and from itself, inbound and
        # outbound (AWS's EFA setup guide); aws-ofi-nccl#156 and #663 were that.
        p(r"address vector|fi_av_insert|rxr_cq_write_tx_error|efa_rdm_[rt]xe_handle_error|efa[^\n]*Destination "
          r"unreachable", "ofi_error", E,
          "EFA could not reach the peer: traffic between the instances is filtered (security group) or the "
          "peer's EFA endpoint is gone", "allow all inbound and outbound traffic between the instances' security "
          "group and itself (AWS EFA setup), then check `fi_info -p efa` on both", C.FIREWALL_OR_PORT_BLOCKED,
          "root", (C.NET_PLUGIN_ERROR,)),
        # aws-ofi-nccl's own status at init (INFO): its version and libfabric's, the provider it chose on EFA, what
        # it adds to the environment for the platform ("Adding NCCL_PROTO=simple to environment", "Need to force
        # simple protocol: byte delivery ordering not supported"), the features the provider offers. A tcp
        # provider is not noise (EFA was not used).
        p(r"NET/OFI (?:Adding \w+=\S* to environment|Need to force simple protocol|Configuring AWS-specific|"
          r"GUID of rank|Initializing aws-ofi-nccl|Using aws-ofi-nccl|Using Libfabric version|Using CUDA driver "
          r"version|Using transport protocol|Running on \S+ platform|Selected [Pp]rovider is efa|Setting NCCL_\w+ to|"
          r"Support for [\w -]+: (?:true|false))", "noise", I,
          "aws-ofi-nccl stating its version, provider and the settings it applies for the platform",
          "nothing to fix", None, "noise"),
        # aws-ofi-nccl: "NET/OFI Request completed with error. RC: 5. Error: Input/output error. ...": the plugin's own
        # lines (NET/OFI, fi_getinfo) are its failures. A line that only names libfabric or EFA is one when it says
        # something failed: not a module list ("libfabric/1.15.2.0", LuckyLittleMonster/benchmark's nccl.log of a
        # passing run), a setup summary ("NCCL Plugin: aws-ofi-nccl (libfabric + CXI)"), an `ls` of /opt/amazon, a
        # reporter's bullet ("- **EFA kernel module**: 2.15.3g"), fi_info's "fabric: efa", NCCL's choice of the
        # plugin ("Using network Libfabric", awslabs/awsome-distributed-ai#1255), "efa" inside a pod or host name
        # ("nccl-tests-efa-16-worker-0"). Not a heading whose details follow on the next lines ("Libfabric EFA
        # provider has encountered an internal error:"), nor a channel NCCL set up over the plugin ("via NET/AWS
        # Libfabric/0"), nor libfabric's own <info>/<debug>/<trace> lines ("Registered memory at ...":
        # aws/aws-ofi-nccl#104, perplexityai/pplx-garden#4), nor Open MPI's verbose report of the provider it chose
        # ("mtl_ofi_component.c:347: mtl:ofi:prov: efa;ofi_rxr"), nor the plugin's own INFO lines of its older
        # releases ("INFO: Function: ofi_init Line: 1102: NET/OFI Setting RDMAV_FORK_SAFE ...", aws/aws-ofi-nccl#67).
        p(r"^(?!.*:\s*$)(?!.*via NET/)(?!.*<(?:info|debug|trace)>)(?!.*mtl:ofi:prov:)(?!.*\bINFO: Function: )"
          r"(?:.*(?:NET/OFI|fi_getinfo)|(?=.*(?:[Ee]rror|ERROR|[Ff]ail|FAIL|[Uu]nable|[Cc]ould ?n[o']t|[Cc]annot|"
          r"refused|denied|timed? ?out|[Aa]bort|not found|[Ii]nvalid|requires|not supported|work safely when fork))"
          r".*(?:libfabric|(?<!-)\bEFA\b(?!-)))",
          "ofi_error", E,
          "the AWS OFI (libfabric/EFA) network plugin failed a request or could not set up",
          "check the EFA devices (`fi_info -p efa`), that aws-ofi-nccl matches the NCCL version, and that "
          "the security group allows all traffic between the nodes", C.NET_PLUGIN_ERROR),
        # net_ib.cc ncclIbRoceGetVersionNum: "read failed in ncclIbRoceGetVersionNum: Invalid argument" is a
        # container's GID slot that is not mapped into its sysfs; NCCL 2.21 - 2.26.1 stop there, 2.26.2+
        # skip the slot (errno == EINVAL) and go on to the next index.
        p(r"read failed in ncclIbRoceGetVersionNum: Invalid argument", "gid_error", E,
          "NCCL's GID walk hit a GID slot that is not mapped into this container (EINVAL): NCCL 2.21 - "
          "2.26.1 abort IB init there",
          "upgrade NCCL to 2.26.2+ (it skips unmapped slots), or set NCCL_IB_GID_INDEX to the port's RoCE v2 "
          "IPv4 GID (`show_gids` inside the container)", C.GID_INDEX_OR_ROCE_CONFIG, "root",
          (C.NCCL_VERSION_MISMATCH,)),
        # Not the tail of a URL ("...faq/?category=openfabrics#ofa-default-subnet-gid", NVIDIA/nccl-tests#7).
        p(r"(?<!-)\bGID\b|gid index|ncclIbRoceGetVersionNum|ncclIbGetGidIndex", "gid_error", E,
          "NCCL could not read or use the RoCE GID of a port", "check `show_gids`: the port needs a RoCE v2 "
          "GID with an IPv4 address; set NCCL_IB_GID_INDEX to it", C.GID_INDEX_OR_ROCE_CONFIG),
        # "NET/IB : %s:%d async fatal event: %s", "Got non-fatal async event", "port error".
        # net_ib.cc "NET/IB : Got async event : %s", "%s:%d Got async error event: %s" (the fatal kinds).
        p(r"async fatal event|async event: port error|\bport error|IBV_EVENT_PORT_ERR|link (?:is )?down|"
          r"Got async (?:error )?event|"
          r"LOCAL_CATAS|catastrophic(?! error: )", "ib_port_event", E, "an RDMA port went down while the job ran",
          "check the link (`ibstat`, switch logs) and rerun", C.IB_PORT_DOWN_OR_LINK),
        # net_ib's link-layer checks (not JAX's "Received incompatible devices for jitted computation").
        p(r"(?:connect|merge) incompatible devices|is incompatible with the local|Can't merge net devices with "
          r"different link_layer",
          "ib_mixed_link_layers", E,
          "InfiniBand and RoCE ports were mixed in one connection",
          "restrict NCCL_IB_HCA to ports of one link layer", C.GID_INDEX_OR_ROCE_CONFIG),
        # libibverbs itself (rdma-core libibverbs/init.c): "libibverbs: Warning: no userspace
        # device-specific driver found for /sys/class/infiniband_verbs/uverbs0": the device is there
        # but its provider (libmlx5, ...) is not, so no verbs device opens and NCCL uses sockets.
        p(r"no userspace device-specific driver found", "verbs_provider_missing", W,
          "libibverbs found the RDMA device but not its user-space provider (libmlx5 for ConnectX): no "
          "verbs device opens, so NCCL falls back to TCP sockets",
          "install the provider in the image (rdma-core's ibverbs-providers / libibverbs1, or the MOFED "
          "user-space packages matching the host driver); `ibv_devinfo` inside the container must list "
          "the HCA", C.SOCKET_FALLBACK),
        # "Failed to open libibverbs.so[.1]" (INFO or WARN by version).
        p(r"libibverbs", "libibverbs_missing", W,
          "libibverbs is not installed or not visible: NCCL cannot use RDMA and falls back to sockets",
          "install rdma-core / libibverbs1 (in the container too) or set NCCL_IBVERBS_LIB; ignore on "
          "nodes without RDMA", C.SOCKET_FALLBACK),
        # plugin/net.cc (2.27+) logs "Failed to initialize NET plugin IB" at INFO when its internal IB
        # transport found no device (it is no external plugin).
        p(r"No device found|No IB device|no usable RDMA|Unable to open device|No RMA-capable|"
          r"Failed to initialize NET plugin IB\b",
          "no_ib_device", W, "NCCL found no usable RDMA port, so inter-node traffic uses TCP sockets",
          "check `ibstat`/`ibv_devinfo` inside the job, device plugins in containers, and NCCL_IB_HCA",
          C.SOCKET_FALLBACK),
        # Not lsmod's listing of a loaded module or of its users ("nvidia  19683928  4 nv_peer_mem,gdrdrv,...":
        # the module is there).
        p(r"^(?!\s*\w+\s+\d+\s+\d+(?:\s+\S+)?\s*$)(?:.*(?:GPU Direct RDMA Disabled|peer ?mem|nv_peer_mem|"
          r"nvidia.peermem|GDR.*disabled|Peermem is not))",
          "gdr_disabled", W, "GPUDirect RDMA is off: inter-node data is staged through host memory",
          "`modprobe nvidia_peermem` (or use DMA-BUF), and keep GPU and NIC under one PCIe switch (PIX/PXB)",
          C.GDR_UNAVAILABLE),
        # -- NVLink / NVSwitch / P2P ------------------------------------------------------------------
        # transport/nvls.cc: "Failed to bind NVLink SHARP (NVLS) Multicast memory of size %ld : CUDA
        # error %d '%s'. This is usually caused by a system or configuration error in the Fabric Manager
        # or NVSwitches." Also MNNVL "not working on this system. Check the IMEX ...".
        # The bind failing with CUDA error 2 ("out of memory") is the NVSwitch's multicast resources used up, not the
        # fabric manager: NCCL 2.29.7 created NVLS groups for every sub-communicator (2-rank FSDP groups too) and ran
        # out of them where 2.28.9 did not (pytorch/pytorch#178749, read in the fabric manager's log).
        p(r"Failed to bind NVLink SHARP \(NVLS\) Multicast memory[^\n]*CUDA error 2\b", "nvls_resources", E,
          "NVLS could not get NVSwitch multicast memory (CUDA 'out of memory' on the multicast bind): the switch's "
          "multicast resources are used up by the job's many communicators, not GPU memory",
          "create fewer communicators with NVLS (set NCCL_NVLS_ENABLE=0 for the small sub-groups, or for the job), "
          "or run an NCCL release that does not give every sub-communicator NVLS groups (2.28.9 worked where 2.29.7 "
          "failed)", C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        # transport/nvls.cc / mnnvl.cc: "MNNVL (cliqueSize %d) is available but not working on this system. Check the
        # IMEX channel configuration (/dev/nvidia-caps-imex-channels)": the process cannot use an IMEX channel (not
        # created, or not mounted into an unprivileged container: NVIDIA/nccl#1925, where the fabric handle
        # allocation failed with CUDA 800 'operation not permitted').
        p(r"MNNVL \(cliqueSize \d+\) is available but not working", "fabric_manager", E,
          "multi-node NVLink is there but this process cannot use it: no IMEX channel is available to it (none "
          "created, or /dev/nvidia-caps-imex-channels not in the container)",
          "create the IMEX channel and give it to the job (mount /dev/nvidia-caps-imex-channels/channel0 into the "
          "container, or a ComputeDomain on Kubernetes), check the IMEX service (`systemctl status nvidia-imex`), or "
          "set NCCL_MNNVL_ENABLE=0 to run without multi-node NVLink", C.CUDA_OR_DRIVER),
        # A fabric manager, NVSwitch or IMEX line counts only with a failure word ("active (running)" is fine; prose
        # that names "NVSwitch-connected" systems after an error is none, pytorch/pytorch#187155);
        # the daemon's own start check: "fabric manager NVIDIA GPU driver interface version X don't match with
        # driver version Y" (a fabric manager package of another driver branch, gpu-driver-container#735).
        p(r"NVLink SHARP|\bNVLS\b.*(?:fail|error)|Multicast memory|cuMulticast|"
          r"(?:Fabric ?Manager|fabricmanager|NVSwitch|IMEX)[^\n]*(?:fail|error|not running|inactive|mismatch|"
          r"not (?:started|ready)|(?:do(?:es)?n't|do(?:es)? not) match)|"
          r"(?:fail|error)[^\n]*(?:Fabric ?Manager|fabricmanager|NVSwitch(?![- ](?:connected|based|systems?)))|"
          rf"MNNVL.*not working|{SYSTEM_NOT_READY}|"
          # 2.28+ device API (dev_runtime.cc): "Multicast support requested for team but none available on system."
          r"Multicast support requested for team but none available|"
          # The fabric manager's own log (/var/log/fabricmanager.log) on NVLS multicast setup/release:
          # "[ERROR] [tid N] failed to release multicast team with handle ..., cannot find the team".
          r"\[ERROR\][^\n]*multicast team|multicast team[^\n]*(?:fail|cannot|error)",
          "fabric_manager", E, "NVLink multicast (NVLS) or the NVSwitch fabric is not usable: the fabric "
          "manager is not running, failed, or does not match the driver",
          "check `systemctl status nvidia-fabricmanager` and `nvidia-smi -q | grep -A2 Fabric` (state "
          "Completed, status Success), same version as the driver; as a workaround NCCL_NVLS_ENABLE=0",
          C.CUDA_OR_DRIVER),
        # "P2P is disabled between NVLINK connected GPUs %d and %d", "Could not enable P2P"; transport/p2p.cc
        # "failed to peer with device %d(=%lx): %d %s", "failed to open CUDA IPC handle : %d %s", "rank %d
        # failed to get CUDA IPC handle to device %d(=%d)", "cudaIpcGetMemHandle failed"; engines that need P2P
        # ("Peer-to-peer access is unsupported on this platform", LLMServe/DistServe#39 on PCIe RTX 4090s).
        # graph/paths.cc (2.19+): NVML says P2P is not OK between two GPUs. Over NVLink NCCL WARNs and stops, "probably
        # due to a hardware issue"; over PCIe it notes at INFO that it uses SHM instead ("P2P is disabled between
        # connected GPUs %d and %d. You can repress this message with NCCL_IGNORE_DISABLED_P2P=1."), what consumer
        # GPUs without P2P print on every healthy run (NVIDIA/TensorRT-LLM#2225, sgl-project/sglang#565).
        p(r"P2P is disabled between NVLINK connected GPUs", "p2p_error", E,
          "NVML reports peer-to-peer disabled between two NVLink-connected GPUs, which NCCL takes for a hardware "
          "fault and stops on", "check the NVLink state (`nvidia-smi nvlink -s`, `nvidia-smi topo -p2p rw`) and the "
          "GPUs' Xid errors; NCCL_IGNORE_DISABLED_P2P=1 goes on without P2P", C.CUDA_OR_DRIVER, "root",
          (C.ACS_IOMMU_P2P,)),
        p(r"P2P is disabled between connected GPUs \d+ and \d+", "p2p_error", I,
          "NVML reports peer-to-peer unavailable between two PCIe-connected GPUs, so NCCL uses shared memory "
          "between them (GPUs without P2P support, PCIe ACS, an IOMMU or a VM): slower, not a failure",
          "nothing to fix for a working job; for P2P speed, disable PCIe ACS and set iommu=pt where the GPUs "
          "support P2P (`nvidia-smi topo -p2p rw`)", C.ACS_IOMMU_P2P, "likely", (C.PERFORMANCE_CONFIG,)),
        # The SHM transport's cuMem host buffers (on by default since 2.24) ask for peer access, which GPUs without P2P
        # (T4, L4) refuse with 217 there: NCCL_CUMEM_HOST_ENABLE=0 (ray-project/ray#64109, after NVIDIA/nccl#1838). The
        # P2P transport's 217 (p2p.cc) is the PCIe path's, the row after.
        p(r"shm\.cc:\d+ NCCL WARN Cuda failure 217\b", "shm_error", E,
          "NCCL's shared-memory transport asked for peer access for its cuMem host buffers, which these GPUs do not "
          "have (NCCL 2.24+ allocates SHM buffers with cuMem by default)", "set NCCL_CUMEM_HOST_ENABLE=0 (NCCL then "
          "uses plain host memory for SHM)", C.OTHER, "root", (C.ACS_IOMMU_P2P,), decode=False),
        # "failed to open CUDA IPC handle" is also what two machines sharing a hostname get: NCCL took them for one
        # node and tried CUDA IPC between them (Horovod's troubleshooting page).
        p(r"failed to open CUDA IPC handle", "p2p_error", E,
          "NCCL could not open another process's GPU memory (CUDA IPC): peer-to-peer between these GPUs is blocked "
          "(ACS, an IOMMU, a VM), or the two processes run on different machines with one hostname, so NCCL took "
          "them for one node", "check every node's hostname is unique (`hostname` on each; NCCL_HOSTID overrides); "
          "on one node, disable PCIe ACS and boot with iommu=pt, or NCCL_P2P_DISABLE=1 as a workaround",
          C.ACS_IOMMU_P2P, "root", (C.HOSTNAME_RESOLUTION,)),
        # nccl-tests' hypercube test copies GPU to GPU directly (cudaMemcpyAsync device to device): without P2P
        # between the GPUs (GeForce cards) it fails "invalid argument" (NVIDIA/nccl-tests#289: "a failure here is to be
        # expected").
        p(r"Test CUDA failure hypercube\.cu:\d+ 'invalid argument'", "p2p_error", E,
          "nccl-tests' hypercube test copies directly between GPUs that have no peer-to-peer path (GeForce cards, ACS, "
          "a VM): the test cannot run here, NCCL itself is not at fault",
          "skip hypercube_perf on these GPUs (the other tests run over shared memory), or enable P2P where the GPUs "
          "support it", C.ACS_IOMMU_P2P, "root",
          (C.CUDA_OR_DRIVER,)),
        p(r"P2P is disabled between|Could not enable P2P|P2P not supported between|peer access is not "
          r"support|[Pp]eer-to-peer access is (?:unsupported|not supported)|failed to peer with device|"
          r"p2p access not enabled|"
          r"failed to (?:open|get) CUDA IPC handle|cudaIpc\w*MemHandle failed|"
          r"IO_PAGE_FAULT|DMAR:[^\n]*(?:fault|DMA (?:Read|Write))|AMD-Vi: Event logged|"
          r"ACSCtl:[^\n]*SrcValid\+", "p2p_error", E,
          "GPU peer-to-peer is blocked or broken: PCIe ACS, an IOMMU in translation mode, or a VM",
          "disable PCIe ACS on the switches (BIOS or `setpci`), boot with iommu=pt (or intel_iommu=off), "
          "or NCCL_P2P_DISABLE=1 as a workaround", C.ACS_IOMMU_P2P),
        # -- topology: PCI paths, the graph search and its fallbacks, topology and graph files
        *topology_rows(p),
        # -- bootstrap, sockets, interfaces, then memory and processes, plugins, CUDA and the driver
        *socket_rows(p),
        *host_rows(p),
        *driver_rows(p),
        # -- consequences and generic codes: only where no row above matched
        *consequence_rows(p),
        # -- a line of a program no row above knows: its subject and its failure word together
        *generic_rows(p),
    )
