"""The line classifier's rows for the libraries under NCCL whose own lines users paste with its log: the
aws-ofi-nccl plugin and libfabric's EFA provider, MPI's UCX and UCC layers (mpirun, torch's ucc backend),
the SHARP plugin and Google's FastSocket plugin. Each comment names the source the text and its meaning
come from (aws/aws-ofi-nccl v1.21, ofiwg/libfabric v2.6 prov/efa, openucx/ucx v1.22, openucx/ucc v1.8).
They come before patterns_table.py's generic plugin, EFA and UCX rows, which catch the rest of each
library's errors. Same row shape as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
_EFA_PEER_FIX = ("find the rank or instance that stopped first (its own error, a crash, an EC2 hardware event); "
                 "if every process was alive, check the EFA security group and `fi_info -p efa` on both nodes")
_UCX_FIX = ("name the same, active devices on every node (`-x UCX_NET_DEVICES=mlx5_0:1` or the interface that joins "
            "the nodes; `ucx_info -d` lists them), or restrict MPI's transports (`-x UCX_TLS=tcp,self`)")


def net_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- UCX and NIXL versions and plugins --------------------------------------------------------------
        # UCX ucp_context.c: "UCP API version is incompatible: required >= %d.%d, actual %s (loaded from %s)" (WARN):
        # the program was built against a newer UCX than the libucp the loader found; harmless in many runs,
        # the cause when UCX's transports then fail (an MPI's or NIXL's UCX layer cannot start). NIXL says the same
        # in its words (ucx_plugin.cpp "NIXL_UCX_EXPECTED_SONAME=%s but NIXL UCX backend bound to %s", ucx_utils.cpp
        # "UCX version is %s which is less than %s, CUDA support is limited").
        # UCX before 1.15 words it "UCP version is incompatible, required: 1.18, actual: 1.12" (ai-dynamo/nixl#170,
        # a segfault in libucs after it).
        p(r"(?:UCP|UCT|UCS) (?:API )?version is incompatible(?:: required >=|, required:)|NIXL UCX backend bound to|"
          r"UCX version is [\d.]+ which is less than", "library_version", W,
          "the program was built against a newer UCX than the one it loads (an older libucp comes first on the "
          "library path)", "put the UCX the program was built with first on LD_LIBRARY_PATH (HPC-X's ucx/lib, the "
          "framework's bundled UCX) or rebuild against the installed one; `ucx_info -v` shows what loads",
          C.NCCL_VERSION_MISMATCH, "root", (C.OTHER,)),
        # NIXL nixl_agent.cpp: "getPluginParams: backend '%s' not found", "createBackend: unsupported backend
        # '%s'": its backend plugin (libplugin_UCX.so) is not where NIXL_PLUGIN_DIR points.
        p(r"getPluginParams: backend '[^']*' not found|createBackend: unsupported backend", "net_plugin_error", E,
          "NIXL could not load the transfer backend's plugin (not installed, or not in its plugin directory)",
          "point NIXL_PLUGIN_DIR at the directory holding libplugin_<BACKEND>.so (and its UCX on LD_LIBRARY_PATH)",
          C.NET_PLUGIN_ERROR),
        # nccl-rdma-sharp-plugins include/ucx_plugin.h UCXCHECK: "NCCL WARN Failed: UCX error <file>:<line> '<status>'
        # <text>": NCCL's UCX net plugin (NCCL_PLUGIN_P2P=ucx) failed a UCX call, so its UCX ERROR lines before it
        # are the plugin's, not mpirun's (NVIDIA/nccl#1175: a NULL buffer registered on cuda_ipc).
        p(r"NCCL WARN Failed: UCX error|ucx_(?:uct_|rma_)?plugin\.c:\d+ NCCL WARN", "net_plugin_error", E,
          "NCCL's UCX network plugin failed a UCX call (its transport, not NCCL's own IB one)",
          "run with NCCL's IB transport instead (NCCL_PLUGIN_P2P=ib or NCCL_NET=IB) to confirm, then report the UCX "
          "error with the plugin's and UCX's versions (`ucx_info -v`)", C.NET_PLUGIN_ERROR),
        # UCX ucp_mm.c: "failed to register address <p> (host) length <n> on md[<i>]=mlx5_<k>: <error>": the HCA
        # refused to pin the buffer (its memory-key or locked-memory limit), so the send finds no resources.
        p(r"failed to register address \S+ (?:\(\w+\) )?length \d+ on md\[\d+\]=mlx5_\d+", "ibv_reg_mr_failed",
          E, "UCX could not register a buffer with the HCA (a memory key or the locked-memory limit ran out)",
          "run with `ulimit -l unlimited`, check `dmesg | grep mlx5` for refused memory keys, and lower what the job "
          "pins (UCX_RNDV_THRESH, fewer ranks per HCA)", C.IB_RESOURCE_ERROR, "root", (C.MEMLOCK_OR_ULIMIT,)),
        # -- aws-ofi-nccl / libfabric EFA -----------------------------------------------------------------
        # efa_strerror.c efa_show_help: status UNREACH_REMOTE ("Unreachable remote - never received a
        # response") "most often due to incorrect inbound/outbound security group rules and/or instances
        # placed in different subnets".
        p(r"Unreachable remote|never received a response|peer is not reachable by the EFA device", "ofi_error", E,
          "EFA never reached the peer: the security group does not allow all traffic between the instances, or "
          "they are in different subnets", "allow all inbound and outbound traffic between the instances' "
          "security group and itself (AWS EFA setup), keep the instances in one subnet, then check `fi_info -p "
          "efa` on both", C.FIREWALL_OR_PORT_BLOCKED, "root", (C.RANK_CRASHED_ELSEWHERE, C.NET_PLUGIN_ERROR)),
        # efa_show_help: BAD_DEST_QPN "typically encountered when the peer process is no longer present";
        # ESTABLISHED/UNESTABLISHED_RECV_UNRESP ("Unresponsive receiver ...") "likely due to ... the peer
        # process no longer being present"; efa_rdm_cq "The peer of address ... becomes unresponsive"; efa_errno.h
        # "Unresponsive remote (was previously responsive)", and older libfabric's text of BAD_DEST_QPN "Invalid
        # receiver queue pair number (QPN)". Not a reporter's "the trainer ... becomes unresponsive", a hang
        # (Lightning-AI/pytorch-lightning#5319).
        p(r"Unresponsive receiver|Unresponsive remote \(was previously|Bad queue pair \(QP\) number|BAD_DEST_QPN|"
          r"Invalid receiver queue pair number|peer of address [^\n]{0,80}becomes unresponsive|"
          r"peer process (?:is )?no longer (?:being )?present", "ofi_error", E,
          "EFA's peer stopped answering: its process exited (or its instance failed) before this transfer",
          _EFA_PEER_FIX, C.RANK_CRASHED_ELSEWHERE, "collateral", (C.FIREWALL_OR_PORT_BLOCKED, C.NET_PLUGIN_ERROR)),
        # aws-ofi-nccl: "Could not disable CUDA API usage for HMEM, disabling GDR", "Could not find any optimal
        # provider supporting GPUDirect RDMA", PlatformAWS "GDR disabled on GDR-supported instance type %s",
        # "GDR support reported to NCCL but then couldn't be configured on an endpoint"; libfabric efa_hmem.c
        # "Failed to register CUDA buffer with the EFA device, FI_HMEM transfers that require peer to peer
        # support will fail". Not NCCL's own gdr_disabled (whose peer-memory module rules do not apply here).
        p(r"disabling GDR|provider supporting GPUDirect RDMA|GDR disabled on GDR-supported|GDR support reported "
          r"to NCCL but|Failed to register CUDA buffer with the EFA device", "ofi_error", W,
          "the OFI plugin cannot use GPUDirect RDMA with EFA: transfers go through host memory",
          "use an EFA installer (libfabric) and aws-ofi-nccl built with CUDA support, an instance type with "
          "GPUDirect RDMA, and a driver with DMA-BUF or nvidia_peermem", C.GDR_UNAVAILABLE, "root",
          (C.NET_PLUGIN_ERROR,)),
        # aws-ofi-nccl 2daf7d3 (nccl_ofi_net.cpp, nccl_ofi_cuda.cpp): "NET/OFI CUDA initialization failed.", "Failed to
        # find CUDA Runtime library: ...", "cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)": the
        # plugin's own CUDA, ahead of its catch-all row; platform-aws.cpp's banner "* This error indicates that the
        # security group on either this instance or the peer instance ...".
        p(r"NET/OFI (?:CUDA initialization failed|Failed to find CUDA Runtime library)", "cuda_driver_load", E,
          "the OFI plugin could not start CUDA or find its runtime library", "check `nvidia-smi` and that libcudart "
          "is on the library path of the job (the container's CUDA)", C.CUDA_OR_DRIVER),
        p(r"NET/OFI[^\n]*(?:CUDA_ERROR_OUT_OF_MEMORY|out of memory)", "oom", E,
          "the OFI plugin could not allocate GPU memory for its buffers: the GPU is full", "leave GPU memory for "
          "NCCL and its plugin (lower the framework's memory fraction or batch size)", C.OOM),
        p(r"This error indicates that the security group", "ofi_error", E, "EFA traffic between the instances is "
          "filtered by their security group", "allow all inbound and outbound traffic between the security group "
          "and itself (AWS EFA setup)", C.FIREWALL_OR_PORT_BLOCKED, "root", (C.NET_PLUGIN_ERROR,)),
        # libfabric's EFA provider (ofiwg/libfabric af8ddbe prov/efa): DMA-BUF registration that this rdma-core
        # lacks, a peer built with another libfabric, and packets of a peer already removed (normal at teardown).
        p(r"ibv_reg_dmabuf_mr is required for memory registration", "gdr_disabled", E,
          "EFA was asked to register GPU memory through DMA-BUF and this rdma-core has no ibv_reg_dmabuf_mr",
          "install a newer rdma-core (the EFA installer's) or let the plugin use nvidia-peermem", C.GDR_UNAVAILABLE,
          "root", (C.NET_PLUGIN_ERROR,)),
        p(r"matching the local and remote libfabric versions", "version_mismatch", E, "the peers run different "
          "libfabric (EFA) versions and their protocols disagree", "install the same EFA software (libfabric, "
          "aws-ofi-nccl) on every node", C.NCCL_VERSION_MISMATCH, "root", (C.NET_PLUGIN_ERROR,)),
        p(r"ignoring a received packet from a removed address|ignoring send error completion of a packet to a "
          r"removed peer", "noise", I, "EFA dropping traffic of a peer it already removed (teardown)",
          "nothing to fix", None, "noise"),
        # nccl-rdma-sharp-plugins ib_plugin.c: "PCI relaxed order memory access requested but not supported".
        p(r"PCI relaxed order memory access requested but not supported", "tuning_invalid", W,
          "relaxed PCI ordering was requested (NCCL_IB_PCI_RELAXED_ORDERING=1) but this NIC or its driver does not "
          "support it: registrations go on without it", "unset NCCL_IB_PCI_RELAXED_ORDERING or update the NIC "
          "firmware and rdma-core", C.PERFORMANCE_CONFIG, "likely"),
        # aws-ofi-nccl: "No eligible providers were found" (no EFA or other libfabric provider matched).
        p(r"No eligible providers were found|Unable to find a protocol that worked", "ofi_error", E,
          "the OFI plugin found no libfabric provider it can use: no EFA device in this container, or the "
          "FI_PROVIDER filter excludes it", "check `fi_info -p efa` where the job runs (EFA devices passed in, "
          "efa driver loaded) and unset FI_PROVIDER unless it names efa", C.NET_PLUGIN_ERROR, "root",
          (C.SOCKET_FALLBACK,)),
        # libfabric's FI_ETRUNC ("RC: 265. Error: Truncation error"): the receive posted was smaller than
        # what arrived, which for NCCL's sizes means the ranks disagree on a collective's size.
        p(r"Truncation error", "collective_mismatch", E,
          "a message was larger than the receive posted for it: the ranks disagree on a collective's size",
          "make every rank call the same collectives in the same order with the same shapes; find the rank "
          "that differs with TORCH_DISTRIBUTED_DEBUG=DETAIL", C.HANG_COLLECTIVE_MISMATCH, "root",
          (C.APPLICATION_BUG,)),
        # -- MPI's UCX and UCC ---------------------------------------------------------------------------------
        # ib_mlx5_log.c: "Transport retry count exceeded on mlx5_0:1/IB", "RNR retry count exceeded"; ucp_ep.c
        # "error 'Endpoint timeout'": the HCA got no acknowledgement from the peer.
        p(r"(?:Transport|RNR) retry count exceeded|Endpoint timeout", "ib_completion_error", E,
          "MPI's UCX got no acknowledgement from the peer's HCA (retries exhausted): a link or switch port "
          "failing, the peer gone, or on RoCE a lossy fabric", "check `ibstat` and the port counters on both "
          "nodes and the switch ports; on RoCE check PFC/ECN", C.IB_TIMEOUT_OR_RETRY, "root",
          (C.IB_PORT_DOWN_OR_LINK, C.RANK_CRASHED_ELSEWHERE)),
        # ucp_context.c "no usable transports/devices (asked %s on network devices %s ...)", select.c "no
        # active messages transport to <peer>: ... Destination is unreachable", UCC tl_ucp "ucp returned
        # connect error: Destination is unreachable": no device named on this node joins it to that peer.
        p(r"no usable transports/devices|no active messages transport to|connect error: Destination is unreachable",
          "ucx_unreachable", E,
          "MPI's UCX has no device that reaches the peer: UCX_NET_DEVICES / UCX_TLS name devices that are "
          "missing or down here, or the nodes' devices are on different networks", _UCX_FIX, C.WRONG_INTERFACE,
          "root", (C.IB_PORT_DOWN_OR_LINK,)),
        # ucp_context.c: "network device 'mlx5_2:1' is not available, please use one or more of: ..., 'mlx5_0:1'(ib)":
        # with RDMA devices in the list UCX_NET_DEVICES names one UCX does not have here (NCCL's UCX plugin docs: set
        # it to one of them); a list of TCP devices only is the RDMA port that is not ACTIVE, read below.
        p(r"network device '[^']+' is not available, please use one or more of: [^\n]*\((?:ib|rc\w*|dc\w*)\)",
          "ucx_unreachable", W,
          "UCX was told to use a network device it does not have here (UCX_NET_DEVICES): the line lists the ones "
          "it has; or that port is down", "set UCX_NET_DEVICES to devices the line lists (`ucx_info -d`), the same "
          "names on every node; " + _UCX_FIX, C.WRONG_INTERFACE, "root", (C.IB_PORT_DOWN_OR_LINK, C.SOCKET_FALLBACK)),
        # "transport 'rc_x' is not available" (and the device line without its list): the RDMA port is not ACTIVE (or
        # verbs is missing) here.
        p(r"network device '[^']+' is not available|transport '(?:rc|dc|ud)\w*' is not available",
          "ucx_unreachable", W,
          "MPI's UCX does not see the RDMA device or transport it was told to use: the port is not ACTIVE, or "
          "the device is not in this container", "check `ibstat` / `ibv_devinfo` where the job runs; "
          + _UCX_FIX, C.IB_PORT_DOWN_OR_LINK, "root", (C.SOCKET_FALLBACK,)),
        # rc_iface.c "error modifying QP to RTR: Invalid argument": the path to the peer's port (on RoCE
        # its GID index or MTU) is not valid, as for NCCL's ibv_modify_qp. UCCL's "Failed to modify QP to RTR:
        # Connection timed out" (uccl-project/uccl#641, RoCE) is the same call timing out.
        p(r"modifying QP to RT[RS]|Failed to modify QP to RT[RS]:", "ibv_modify_qp_failed", E,
          "connecting an RDMA queue pair failed: on RoCE a wrong GID index or MTU, on IB a port that is down",
          "run `show_gids` on both nodes and use the RoCE v2 IPv4 index (UCX_IB_GID_INDEX); check the ports "
          "are ACTIVE", C.GID_INDEX_OR_ROCE_CONFIG, "root", (C.IB_PORT_DOWN_OR_LINK,)),
        # -- SHARP, FastSocket ------------------------------------------------------------------------------
        # libsharp: "SHArP Job init error: No resource", "No Aggregation Manager (sharp_am) detected".
        p(r"SHArP Job init error|Aggregation Manager|sharp_am\b", "collnet_sharp_error", E,
          "SHARP could not start in-network reduction for this job: no aggregation manager or no free SHARP "
          "resources on the fabric", "check sharp_am on the subnet manager node and its quotas, or disable with "
          "NCCL_COLLNET_ENABLE=0 (NCCL_SHARP_DISABLE=1 for HPC-X)", C.NET_PLUGIN_ERROR),
        # nccl-fastsocket net_fastsocket.cc: "Cannot get incoming CPU." and "Maximum retry reached for accept %d."
        # are retries it goes on from (it then takes a free socket; google/nccl-fastsocket#4: "Connected after 1000
        # retries", the code runs).
        p(r"net_fastsocket\.cc:\d+ NCCL WARN (?:Cannot get incoming CPU|Maximum retry reached for (?:accept|connect))",
          "noise", I,
          "the FastSocket plugin retrying a step of its connection setup, which it goes on from", "nothing to fix "
          "unless the connection never comes up", None, "noise"),
        # nccl-fastsocket: "NET/FastSocket : no interface found" (its NCCL_SOCKET_IFNAME matched none).
        p(r"NET/FastSocket : no interface found", "no_interface", E,
          "the FastSocket plugin found no usable interface (NCCL_SOCKET_IFNAME matches none)",
          "set NCCL_SOCKET_IFNAME to the interface of the network that joins the nodes (`ip -br addr`)",
          C.WRONG_INTERFACE),
    )
