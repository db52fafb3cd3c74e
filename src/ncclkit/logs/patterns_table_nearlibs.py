"""The line classifier's rows for the libraries and plugins next to NCCL that a job's paste carries: JAX/XLA's
collectives and coordination service, NVSHMEM (DeepEP's transport), NVIDIA's libraries around NCCL
(TransformerEngine, TensorRT-LLM's multicast and groups, nccl-tests; TensorRT-LLM's other rows are
patterns_table_trtllm's), the peer-memory module and the GPUDirect TCPX/TCPXO net plugins of GCP. Each comment
names the file the text is printed from (XLA 183fa00, JAX cec06d1, NVSHMEM v3.4.5, DeepEP dd758ca, TransformerEngine
d0067d0, nccl-tests v2.19.6, open-gpu-kernel-modules 595.45, nccl-plugin-gpudirecttcpx 4b8ea7f,
gpudirect-tcpxo v1.0.17) and what the code or help text around it says it means. Read right after
patterns_table_cluster's rows (the jobs' schedulers, Kubernetes and containers) and before patterns_table.py's
generic rows, whose words they share. Same row shape as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
_TCPX_FIX = ("check the receive-datapath-manager (RxDM) container runs on every node with the plugin version the "
             "image expects, and that /run/tcpx (TCPX) or /run/tcpxo (TCPXO) and the NIC devices are mounted into "
             "the job's containers (GKE's GPUDirect-TCPX(O) setup guide)")


def nearlib_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- JAX / XLA ---------------------------------------------------------------------------------------
        # JAX's docs (GPU memory allocation): XLA_PYTHON_CLIENT_MEM_FRACTION is the fraction of GPU memory XLA
        # preallocates (default .75); at .95 and more, or a percentage written as a whole number ("100"), NCCL's
        # communicators and CUDA itself find no memory left.
        p(r"XLA_PYTHON_CLIENT_MEM_FRACTION[\"'\]]*\s*[=:]\s*[\"']?(?:0?\.9[5-9]\d*|1(?:\.0*)?|[1-9]\d+(?:\.\d*)?)"
          r"(?![\d.])", "oom", W, "XLA is told to preallocate (nearly) all GPU memory: NCCL's buffers and CUDA get "
          "none", "set XLA_PYTHON_CLIENT_MEM_FRACTION to a fraction below 0.9 (e.g. .85), or "
          "XLA_PYTHON_CLIENT_PREALLOCATE=false", C.OOM, "root", (C.APPLICATION_BUG,)),
        # XLA nccl_collectives.cc "Failed to allocate %s from device collective memory"; NVSHMEM mem_heap.cpp
        # "cuMemCreate failed" (its symmetric heap), with CUDA_ERROR_OUT_OF_MEMORY (2). Another status is no
        # memory that ran out (101 CUDA_ERROR_INVALID_DEVICE: aikitoria/open-gpu-kernel-modules#4, a driver that
        # cannot make that allocation on this GPU).
        p(r"non-zero status: (?!2\b)\d+ cuMemCreate failed", "cuda_error", E,
          "NVSHMEM's cuMemCreate for its symmetric heap failed with a CUDA error other than out of memory: the "
          "driver cannot make that allocation on this GPU", "check the driver (its version and kernel module "
          "flavour: cuMem with fabric or POSIX handles), `nvidia-smi`, and the GPU the process uses",
          C.CUDA_OR_DRIVER, "root", (C.OOM,), False),
        # XLA's stream-ordered allocator: "cuMemAllocAsync failed to allocate 126,257,359,472 bytes (117.59 GiB)" with
        # "Free memory/Total" (marin-community/marin#8508: a step's temporary arena larger than the GPU's free memory).
        p(r"from device collective memory|non-zero status: \d+ cuMemCreate failed|cuMemAllocAsync failed to allocate",
          "oom", E,
          "the GPU had no memory left for the collective library's buffers", "leave GPU memory for communication "
          "(XLA_PYTHON_CLIENT_MEM_FRACTION, NVSHMEM_SYMMETRIC_SIZE, smaller batches)", C.OOM, "root",
          (C.CUDA_OR_DRIVER,)),
        # XLA's coordination service and clients: a task that stopped answering or never arrived
        # (coordination_service.cc "heartbeat timeout. This indicates that the remote task has failed, got
        # preempted, or crashed unexpectedly", "Stopping coordination service as cluster registration failed",
        # "Shutdown barrier in coordination service has failed", "Heartbeat: Incarnation ID mismatch";
        # client.h "Terminating process because the JAX distributed service detected fatal errors";
        # gpu_cliques.cc "Task with incarnation id %d is not connected"; topology_util.cc "GetKeyValue() timed out
        # with key"; client.cc "waited too long for some tasks to show up" (1) crashed, 2) never scheduled);
        # coordination_service.cc "Barrier timed out. Id: %s. This usually happens because a task triggered the
        # barrier too early or too slowly".
        p(r"heartbeat timeout\. This indicates that the remote task|cluster registration failed|Shutdown barrier in "
          r"coordination service has failed|Barrier timed out\. Id: \S+\. This usually happens because a task|"
          r"Incarnation ID mismatch|JAX distributed service detected fatal errors|"
          r"Task with incarnation id \d+ is not connected|GetKeyValue\(\) timed out with key|waited too long for "
          r"some tasks to show up", "remote_exited", E,
          "JAX/XLA's coordination service lost a task or never saw it: another process of the job failed, was "
          "preempted or never started", "find the task that failed or never started first (its own log, the "
          "scheduler's events); if none failed, check that every task reaches the coordinator's address and port",
          C.RANK_CRASHED_ELSEWHERE, "collateral", (C.FIREWALL_OR_PORT_BLOCKED, C.WRONG_INTERFACE)),
        # XLA rendezvous.cc "This thread has been waiting for `%s` for %d seconds and may be stuck. Expected %d
        # threads to join the rendezvous, but not all of them arrived on time", "Termination timeout ... only %d
        # of them arrived": some devices never reached the collective.
        p(r"seconds and may be stuck\. Expected \d+ threads? to join|Termination timeout for .* only \d+ of them "
          r"arrived", "timeout", E, "some of the job's devices never reached a collective the others wait in",
          "find why those devices did not arrive (a program that runs different collectives per process, a crashed "
          "process); XLA_FLAGS=--xla_dump_to shows the programs", C.HANG_COLLECTIVE_MISMATCH, "root",
          (C.RANK_CRASHED_ELSEWHERE,)),
        p(r"This thread is unstuck waiting for", "noise", I, "XLA's rendezvous completed after a warning",
          "nothing to fix", None, "noise"),
        # glog/absl CHECK in XLA's (or TensorFlow's) C++: "F0105 23:50:34.026692 34204 nccl_all_reduce_thunk.cc:175]
        # Check failed: reduction_kind.has_value()" (NVIDIA/JAX-Toolbox#472, fixed in openxla/xla#8896): an
        # internal assertion of the framework, not a fault of the network or the GPU, unless it names a CUDA or
        # NCCL error (then the rows for those read it). The same CHECK of other C++ programs: Caffe's multi-GPU
        # P2PSync ("F0321 ... parallel.cpp:55] Check failed: total_size == ...", lmb-freiburg/flownet2#193), glog's
        # dates with the year ("F20250701 ..."). XLA's RET_CHECK returns the same check as an INTERNAL status
        # ("XlaRuntimeError: INTERNAL: RET_CHECK failure (.../pjrt/gpu_device.cc:345) local_device->device_ordinal()
        # == ...", jax-ml/jax#11882 and #12119: device ordinals of jax_cuda_visible_devices, an XLA bug).
        p(r"(?:^[FE]\d{4}(?:\d{4})? [\d:.]+\s+\d+ [\w.]+\.(?:cc|cpp):\d+\] Check failed: |\bRET_CHECK failure "
          r"\([^()\s]+\.(?:cc|cpp|h):\d+\) )(?!.*(?:CUDA|cuda|NCCL|nccl|out of memory|already in use))",
          "framework_check", E, "an internal consistency check of the framework's C++ code failed (a CHECK in "
          "XLA, TensorFlow, Caffe or another C++ library while compiling or running the program): a bug of that "
          "version, or a use of it (a GPU count, a layer, a setting) that it does not handle",
          "search that framework's issues for the check's text and upgrade to a release with the fix (or use the "
          "workaround named there, such as XLA_FLAGS); run once on one GPU to see whether the multi-GPU path alone "
          "fails", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # jax/_src/distributed.py: "JAX detected proxy variable(s) in the environment as distributed setup" (its
        # docstring: gRPC to the coordinator through an HTTP proxy can time out initialize), "jax.distributed.
        # initialize() must be called before any JAX calls".
        p(r"JAX detected proxy variable\(s\) in the environment", "proxy_env", W,
          "http(s)_proxy is set: JAX's gRPC connection to the coordinator may go through the proxy and hang",
          "unset http_proxy/https_proxy for the job, or add the coordinator's address to no_proxy", C.OTHER, "root",
          (C.FIREWALL_OR_PORT_BLOCKED,)),
        p(r"jax\.distributed\.initialize\(\) must be called before any JAX", "framework_usage", E,
          "the program used JAX before jax.distributed.initialize()", "call jax.distributed.initialize() first, "
          "before any JAX computation or device query", C.APPLICATION_BUG),
        # -- NVSHMEM (DeepEP) --------------------------------------------------------------------------------
        # ibgda.cpp "neither nv_peer_mem, or nvidia_peermem detected" (IBGDA cannot run: an error here, where
        # NCCL's own GPUDirect row is a fallback); DeepEP symmetric.hpp "GPUDirect RDMA with CUDA VMM is not
        # supported on this device".
        p(r"neither nv_peer_mem, or nvidia_peermem detected|GPUDirect RDMA with CUDA VMM is not supported",
          "gdr_disabled", E, "GPUDirect RDMA is not available to NVSHMEM: no peer-memory module, or the GPU/driver "
          "cannot register VMM memory with the NIC", "load nvidia_peermem (`modprobe nvidia_peermem`) or use a "
          "driver and kernel with DMA-BUF, then check `ibv_devinfo` and the NIC's firmware", C.GDR_UNAVAILABLE),
        # ibgda.cpp "device %s is not enumerated as an mlx5 device" and "does not support all necessary atomic
        # operations. You may want to check the PCI_ATOMIC_MODE value in the NIC firmware".
        p(r"is not enumerated as an mlx5 device|does not support all necessary atomic operations", "nvshmem_nic", W,
          "NVSHMEM's IBGDA transport skips this NIC: it is not an mlx5 device, or its firmware does not allow the "
          "PCIe atomics IBGDA needs", "use mlx5 NICs for IBGDA and set PCI_ATOMIC_MODE in their firmware "
          "(`mlxconfig`), or use NVSHMEM's IBRC transport", C.OTHER),
        # ibgda.cpp "cannot allocate mlx5dv_devx_uar"; "Unable to create ah." (the address handle of the peer's
        # port: its GID / route on RoCE); topo.cpp "No NICs were assigned to our PE"; mem_heap.cpp "Failed to
        # create shared memory slab"; proxy.cpp "received timeout signal from GPU thread(s)".
        p(r"cannot allocate mlx5dv_devx_uar", "ibv_create_qp_failed", E,
          "NVSHMEM could not allocate the NIC resources IBGDA needs", "raise the locked-memory limit and check the "
          "NIC's resources (`ibv_devinfo -v`); fewer QPs per PE (NVSHMEM_IBGDA_NUM_RC_PER_PE)", C.IB_RESOURCE_ERROR,
          "root", (C.MEMLOCK_OR_ULIMIT,)),
        # Older builds print the message on its own line after "ibgda.cpp:1348: NULL value " (deepseek-ai/DeepEP#307),
        # then "ibgda_rc_init2rtr failed on RC #N" (the QP that could not reach the peer's address).
        p(r"NULL value Unable to create ah\b|^\s*Unable to create ah\.?\s*$|ibgda_rc_init2rtr failed", "gid_error", E,
          "NVSHMEM could not create the address handle of a peer's port (on RoCE: the GID index or the route)",
          "set NVSHMEM_IB_GID_INDEX to the RoCE v2 IPv4 GID of every port (`show_gids`), and check both ports "
          "are ACTIVE", C.GID_INDEX_OR_ROCE_CONFIG, "root", (C.OTHER,)),
        p(r"No NICs were assigned to our PE", "topology_error", E,
          "NVSHMEM found no NIC for this GPU", "check NVSHMEM_HCA_LIST / NVSHMEM_ENABLE_NIC_PE_MAPPING and that "
          "the NICs are visible in the container", C.TOPOLOGY_OR_NUMA),
        p(r"Failed to create shared memory slab", "shm_error", E,
          "NVSHMEM could not create its shared-memory heap: /dev/shm too small", "run the container with "
          "--ipc=host or a larger --shm-size", C.SHM_TOO_SMALL),
        p(r"received timeout signal from GPU thread", "timeout", E,
          "a GPU thread of NVSHMEM waited for a signal no peer sent", "find the PE that stopped (its own error) "
          "or the collective it did not reach", C.HANG_COLLECTIVE_MISMATCH, "collateral",
          (C.RANK_CRASHED_ELSEWHERE,)),
        # -- NVIDIA's libraries around NCCL (TransformerEngine d0067d0 / v2.1, TensorRT-LLM, nccl-tests v2.19.6,
        # NCCL's RAS 5067397) -----------------------------------------------------------------------------------
        # TE comm_gemm_overlap.cpp "CUDA device, driver and/or toolkit version does not support comm+GEMM overlap
        # with CUDA Multicast. Launch app with UB_SKIPMC=1"; TensorRT-LLM mcastDeviceMemory.cpp "[McastDeviceMemory]
        # Device does not support multicasting" / "fabric handle" (no NVLS multicast, no IMEX for fabric handles);
        # FlashInfer's "[SymmDeviceMemory] Device does not support multicasting." (vllm-project/vllm#34891: GPUs
        # joined by an NVLink bridge or PCIe, no NVSwitch; fixed in vLLM by not fusing the all-reduce there).
        p(r"does not support comm\+GEMM overlap with CUDA Multicast|\[(?:Mcast|Symm)DeviceMemory\] Device does not "
          r"support",
          "fabric_manager", E, "the GPU, driver or NVSwitch fabric does not offer the CUDA multicast (NVLS) or fabric "
          "handles the library asked for", "run without multicast (TE: UB_SKIPMC=1; TensorRT-LLM: an all-reduce "
          "strategy without it), or on NVSwitch systems start the fabric manager (and IMEX for multi-node NVLink) "
          "with a driver that supports them", C.CUDA_OR_DRIVER),
        # TE userbuffers: "torch.distributed must be initialized before using Userbuffers", "MPI backend is not
        # available in torch.distributed but is required when Userbuffers is built with MPI support", "PyTorch must
        # be compiled with 'mpi' support in order to bootstrap Userbuffers", userbuffers-host.cpp "Bootstrapping
        # Userbuffers with MPI requires building Transformer Engine with NVTE_UB_WITH_MPI=1", "CUDA IPC supports only
        # up to 8 GPUs in an NVLink domain"; TensorRT-LLM "Incorrect group specified - rank %d not found in group".
        p(r"must be initialized before using Userbuffers|required when Userbuffers is built with MPI|compiled with "
          r"'mpi' support in order to bootstrap Userbuffers|Bootstrapping Userbuffers with MPI requires building|"
          r"CUDA IPC supports only up to \d+ GPUs|Incorrect group specified - rank \d+ not found in group",
          "framework_usage", E, "the program set up the library's communication wrongly (its process group, its MPI "
          "build, the ranks of a group)", "initialise torch.distributed before the library and build it for the "
          "bootstrap the job uses (TE: NVTE_UB_WITH_MPI only with an MPI-enabled PyTorch)", C.APPLICATION_BUG),
        # nccl-tests common.cu "Invalid number of GPUs: %d requested but only %d were found."; "DeviceImplementation >
        # 1 requires CUDA P2P connectivity across all ranks" (its device-API tests).
        p(r"Invalid number of GPUs: \d+ requested but only \d+ were found", "launch_config", E,
          "nccl-tests was asked for more GPUs per process (-g) than the process sees", "make -g times the processes "
          "per node match the GPUs visible (CUDA_VISIBLE_DEVICES)", C.APPLICATION_BUG),
        # TE userbuffers-host.cpp "No peer-to-peer access available between GPUs. This platform does not support the
        # GPU-to-GPU communication required for multi-GPU userbuffers".
        p(r"requires CUDA P2P connectivity across all ranks|No peer-to-peer access available between GPUs",
          "p2p_error", E,
          "the test needs GPU peer-to-peer between every pair of ranks and some pairs have none", "run the test "
          "without the device implementation, or fix P2P (ACS off, iommu=pt) on the node", C.ACS_IOMMU_P2P),
        # NCCL's RAS (ras/peers.cc) at INFO: "RAS declaring peer %s as DEAD" (it stopped answering keep-alives): the
        # likely cause when nothing more specific is in the paste (an INFO line is read only when not collateral);
        # the ncclras client's "Failed to connect to the NCCL RAS service!" (RAS off, or no job on that node).
        p(r"RAS declaring peer \S+ as DEAD|\bPEER_(?:TIMEOUT_)?DEAD: Process \d+", "remote_exited", E,
          "NCCL's RAS declared a peer process dead (it stopped answering its keep-alives): that process or its "
          "node failed first", "read the log of that peer's node (its own error, an OOM kill, a node failure)",
          C.RANK_CRASHED_ELSEWHERE, "likely", (C.IB_PORT_DOWN_OR_LINK,)),
        p(r"Failed to connect to the NCCL RAS service", "noise", I,
          "the ncclras client found no RAS service to ask (RAS disabled, or no NCCL job on that node)",
          "run ncclras on a node of the running job (NCCL 2.24+, RAS on by default)", None, "noise"),
        # -- the peer-memory module (open-gpu-kernel-modules 595.45) ------------------------------------------
        # nvidia-peermem.c "error %d while calling nvidia_p2p_get_pages()", "error while registering nc client"
        # / "traditional client" (ib_core's peer-memory API missing: no MLNX_OFED), nv-p2p.c "NVRM: Invalid
        # argument in nv_p2p_get_pages,address or length are not aligned": errors of the module itself, ahead of
        # NCCL's own GPUDirect row (a fallback notice).
        p(r"while calling nvidia_p2p_get_pages|error while registering (?:nc|traditional) client|"
          r"Invalid argument in nv_p2p_get_pages", "gdr_disabled", E,
          "the peer-memory module could not give the NIC the GPU's memory: GPUDirect RDMA does not work",
          "load nvidia_peermem built against the running MLNX_OFED/inbox RDMA stack (or use DMA-BUF: "
          "NCCL_DMABUF_ENABLE=1 with a recent driver and kernel), then check `dmesg | grep peermem`",
          C.GDR_UNAVAILABLE),
        # -- GCP GPUDirect-TCPX / TCPXO net plugins ----------------------------------------------------------
        # tcpx rx_pool.cu "gpumem fd client connect failed" (the unix socket of RxDM), connect.cc "failed
        # against receive-datapath-manager", tcpx.h "data landed on host memory %d times" (flow steering not in
        # place: payloads bounce through host memory); tcpxo fastrak "Plug-in core initialization failed",
        # init.cc "Timeout: RxDM not ready on %s after %d seconds".
        # The plugins' own transport (NET/FasTrak of TCPXO, NET/GPUDirectTCPX) refused: its RxDM is not listening.
        # RxDM (fastrak_gpumem_manager) exits when the PCI tree holds fewer GPU NICs' GPUs than CUDA sees ("Number
        # of GPUs detected in the PCI tree 7 is not equal to the actual number of GPUs reported by CUDA 8": an extra
        # gVNIC took a GPU NIC's PCI slot on a3-megagpu, NVIDIA/aicr#1662).
        p(r"gpumem (?:fd|metadata) client connect failed|failed against receive-datapath-manager|Plug-in core "
          r"initialization failed|RxDM not ready on|"
          r"(?:NET/(?:FasTrak|GPUDirectTCPX)\W[^\n]*(?:refused|connect\(\) error)|(?:refused|connect\(\) error)"
          r"[^\n]*NET/(?:FasTrak|GPUDirectTCPX)\b)|Number of GPUs detected in the PCI tree \d+ is not equal",
          "net_plugin_error", E,
          "GCP's GPUDirect-TCPX(O) plugin cannot reach its receive-datapath manager", _TCPX_FIX, C.NET_PLUGIN_ERROR,
          "root", (C.TOPOLOGY_OR_NUMA,)),
        # nccl-plugin-gpudirecttcpx net_tcpx.cc tcpxCommProgress "... rx ctrl timeout cnt %d, nanos %d" (the
        # plugin's receive control path stalled: google/nccl-plugin-gpudirecttcpx#1), not a collective's timeout.
        p(r"tcpxCommProgress\S*.*rx ctrl timeout|rx ctrl timeout cnt \d+", "net_plugin_error", E,
          "GPUDirect-TCPX's receive control path timed out: the plugin's RxDM or its flow steering stopped serving "
          "this connection", _TCPX_FIX, C.NET_PLUGIN_ERROR, "root", (C.FIREWALL_OR_PORT_BLOCKED,)),
        p(r"data landed on host memory \d+ times", "net_plugin_error", W,
          "GPUDirect-TCPX's receive path copies through host memory: its flow steering rules are not in place",
          _TCPX_FIX, C.NET_PLUGIN_ERROR, "root", (C.PERFORMANCE_CONFIG,)),
        p(r"NET/GPUDirectTCPX : no interface found", "no_interface", E,
          "GPUDirect-TCPX found none of the interfaces it is told to use (NCCL_GPUDIRECTTCPX_SOCKET_IFNAME)",
          "set NCCL_GPUDIRECTTCPX_SOCKET_IFNAME / NCCL_SOCKET_IFNAME to the GPU NICs of the node (eth1-eth4 on "
          "a3-highgpu)", C.WRONG_INTERFACE),
    )
