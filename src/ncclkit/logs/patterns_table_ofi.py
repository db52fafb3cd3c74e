"""Rows of the line classifier (patterns.py) for aws-ofi-nccl's older releases (v1.5 - v1.13) and libfabric's EFA
provider of 1.15 - 1.18 (tests/lines/ofi_older.py holds every line with file:line@tag).

They come before patterns_table.py's catch-all EFA rows, which read every `NET/OFI` WARN and every libfabric efa
`<warn>` line as the plugin failing (net_plugin_error): the lines here state a more specific cause (GPU memory the
NIC cannot reach, a setting, an interface filter, the CUDA driver, a full disk, the peers' libfabric versions), or
none at all (a consequence of an earlier completion error, libfabric going on without its shm provider).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
OFI_WORDS: tuple[bytes, ...] = (b"receive window size", b"which is <= 0", b"execution cannot proceed",
                                b"cntr_open_ext", b"set memops", b"set_sync_memops",
                                b"Trying lib")

_GDR_FIX = ("run on an instance type whose EFA device has RDMA read (p4d, p5 and later), with an EFA installer "
            "(libfabric, aws-ofi-nccl) built with CUDA or Neuron support and nvidia-peermem or DMA-BUF; "
            "`fi_info -p efa -v | grep -i hmem` shows what the provider offers")


def ofi_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # aws-ofi-nccl 2daf7d3: nccl_net_ofi_rdma.cpp:4337/:5899 and nccl_net_ofi_sendrecv.cpp:1022/:1792 print "Closing
        # send_comm/recv_comm %p with inflight requests" from close() while NCCL tears an aborted communicator down:
        # the failure that aborted it came first. nccl_net_ofi_cuda.cpp:243 "CUDA flush enabled" (a WARN whenever the
        # user turns the flush on) and :468 "cuMemGetHandleForAddressRange failed with flags ..., retrying with no
        # flags" (an INFO before the retry) state no failure.
        p(r"NET/OFI Closing (?:send|recv)_comm \S+ with inflight requests", "abort", E,
          "aws-ofi-nccl closed a communicator that still had requests in flight: NCCL was tearing down an aborted "
          "communicator", "find the error that aborted it (the first WARN on any rank, a peer that exited)",
          C.RANK_CRASHED_ELSEWHERE, "collateral"),
        p(r"NET/OFI CUDA flush enabled|cuMemGetHandleForAddressRange failed with flags \S+, retrying with no flags",
          "noise", I, "aws-ofi-nccl noting a setting or a retry it makes", "nothing to fix", None, "noise"),
        # aws-ofi-nccl's GPU-initiated path (GDAKI/GIN) opening a libfabric completion counter: -FI_ENOSYS ("Function
        # not implemented") is a libfabric built against an rdma-core without the efadv counter API, which compiles
        # a stub (aws/aws-ofi-nccl#1369: that, an EFA driver >= 3.3.0 and the NVIDIA driver's PeerMappingOverride=1).
        p(r"cntr_open_ext failed: Function not implemented", "ofi_error", E,
          "the EFA plugin's GPU-initiated path could not open a libfabric completion counter: this libfabric or "
          "rdma-core lacks the EFA counter API it needs",
          "install an EFA stack whose rdma-core has the efadv counter API and rebuild libfabric against it, with an "
          "EFA kernel driver of 3.3.0 or later and the NVIDIA driver's PeerMappingOverride=1 (the plugin's release "
          "notes list the requirements)", C.NET_PLUGIN_ERROR),
        # aws-ofi-nccl's register_mr_buffers with an empty error text ("NET/OFI Unable to register memory (type = 1)
        # for device 0. RC: -736476143, Error:", aws/aws-ofi-nccl#70, the EFA side of NVIDIA/nccl#563 whose RC 12
        # named ENOMEM): a registration the provider refused.
        p(r"NET/OFI Unable to register memory \(type = \d+\) for device \d+\. RC: -?\d+, Error:\s*$", "ofi_error", E,
          "aws-ofi-nccl could not register a buffer with the NIC (the provider gave no reason): the locked-memory "
          "limit, or the provider's registrations ran out", "raise the locked-memory limit where the ranks run "
          "(`ulimit -l unlimited`), update aws-ofi-nccl and the EFA installer, and rerun with FI_LOG_LEVEL=warn",
          C.NET_PLUGIN_ERROR, "root", (C.MEMLOCK_OR_ULIMIT, C.IB_RESOURCE_ERROR)),
        # libfabric's fi_mr_reg refused with -FI_ENOMEM ("fi_mr_reg failed, ret is:-12, Cannot allocate memory",
        # ofiwg/libfabric#6437): the pinned-memory limit, as NCCL's NET/OFI "Unable to register memory ... RC: -12"
        # is read; the provider's registration cache the other way. Chapel's runtime prints the call and its error
        # ("OFI error: fi_mr_reg(ofi_domain, ...): Cannot allocate memory", ofiwg/libfabric#9739: EFA's limit of
        # registered host pages).
        p(r"fi_mr_reg\w*(?: failed|\(.*\):).*(?:-12\b|Cannot allocate memory)", "ibv_reg_mr_failed", E,
          "libfabric could not register memory with the NIC (ENOMEM): the locked-memory limit is too low, or the "
          "provider's registrations ran out", "raise the limit where the ranks run (`ulimit -l unlimited`; Slurm "
          "PropagateResourceLimits, docker --ulimit memlock=-1), then check the provider's MR cache settings",
          C.MEMLOCK_OR_ULIMIT, "root", (C.IB_RESOURCE_ERROR,), decode=False),
        # libfabric's efa_mr_hmem_setup sets CU_POINTER_ATTRIBUTE_SYNC_MEMOPS on each CUDA buffer it registers; the
        # cuMem (VMM) buffers NCCL 2.19+ allocates refuse it (CUDA_ERROR_NOT_SUPPORTED), so the registration fails.
        # Libfabric of EFA installers before 1.29 fails the registration on it (aws/aws-ofi-nccl#584, rauteric;
        # awslabs/awsome-distributed-ai#278: FI_EFA_SET_CUDA_SYNC_MEMOPS=0). UCX's own cuda_copy warning about
        # SYNC_MEMOPS is another library's and stops nothing (NVIDIA/nccl#1292).
        p(r"libfabric:[^\n]*(?:cuda_set_sync_memops\(\)[^\n]*CUDA_ERROR_NOT_SUPPORTED|unable to set memops for cuda "
          r"ptr)", "ofi_error", E,
          "libfabric (EFA) could not set SYNC_MEMOPS on a CUDA buffer and refused to register it: libfabric of EFA "
          "installers before 1.29 does this on the cuMem buffers NCCL 2.19 and later allocate",
          "set FI_EFA_SET_CUDA_SYNC_MEMOPS=0, or install EFA installer 1.29.1 or later (its libfabric), or run "
          "NCCL 2.18", C.NET_PLUGIN_ERROR, "root", (C.NCCL_VERSION_MISMATCH,), decode=False),
        # libfabric efa rxr_info_to_rxr: "FI_HMEM capability requires RDMA, which this device does not support": the
        # instance's EFA has no RDMA read (g4dn, g5, p3dn; aws/aws-ofi-nccl#547: GPUDirect RDMA from p4d on), so the
        # plugin stages GPU data through host memory and goes on; the device itself is there and in use.
        p(r"FI_HMEM capability requires RDMA, which this device does not support", "ofi_error", W,
          "this instance type's EFA device has no RDMA read, so there is no GPUDirect RDMA: the plugin moves GPU data "
          "through host memory (expected on g4dn, g5 and p3dn)", "nothing to fix for correctness; for GPUDirect "
          "RDMA run on p4d, p5 or later; look for the error line that stopped the job", C.GDR_UNAVAILABLE,
          "root", (C.NET_PLUGIN_ERROR,)),
        # A verbs transport that asks an EFA device (rdmap*) for an RC or mlx5dv extended queue pair: EFA offers SRD
        # and UD through libfabric only, so the create fails with EOPNOTSUPP (meta-pytorch/torchforge#493 and #626:
        # Monarch's RDMA backend, written for mlx5).
        p(r"failed to create (?:extended )?queue pair \(QP\): Operation not supported", "ibv_call_failed", E,
          "the RDMA device refused the kind of queue pair asked for (Operation not supported): an EFA device "
          "(rdmap*) offers only its own SRD/UD queue pairs through libfabric, not the RC queue pairs of a verbs "
          "transport", "use the EFA path (libfabric; aws-ofi-nccl for NCCL) or turn the verbs-based RDMA transport "
          "off on EFA instances", C.IB_RESOURCE_ERROR),
        # -- lines that name no cause -------------------------------------------------------------------------
        # libfabric's cuda_hmem_dl_init: "Failed to dlopen libnvidia-ml.so.  Trying libnvidia-ml.so.1": the unversioned
        # name of a driver library is missing (only -dev packages carry it) and the versioned one is tried next.
        p(r"Failed to dlopen lib[\w-]+\.so\.\s+Trying lib[\w-]+\.so\.\d", "noise", I,
          "a library's unversioned name is missing and its versioned name is tried next", "nothing to fix", None,
          "noise"),
        # libfabric v1.15.2 prov/efa/src/rxr/rxr_init.c:772@3a14237 rxr_getinfo: "Disabling EFA shared memory
        # support; failed to get shm provider's info: %s": the provider goes on without its intra-node shm path
        # (libfabric built without shm, or FI_PROVIDER excluding it); NCCL's own shm/P2P transports serve the node.
        p(r"Disabling EFA shared memory support; failed to get shm provider's info", "noise", I,
          "libfabric's EFA provider goes on without its shared-memory provider (NCCL keeps its own intra-node "
          "transports)", "nothing to fix", None, "noise"),
        # aws/aws-ofi-nccl src/nccl_ofi_rdma.c:1547@ed1861e process_err_completion "Fatal: Bounce buffer recv
        # completed with error" follows the plugin's "Request ... completed with error. RC: ..." of the same
        # completion; :1098 handle_eager_recv "Unexpected message status (%d) (ctrl recv)" is its request state
        # after such an error. The completion's own error (above) names the cause. Read as NCCL's proxy thread
        # failing after a network error (proxy_error, no cause of its own; ofi_error's default would name one).
        p(r"NET/OFI (?:Fatal: Bounce buffer recv completed with error|Unexpected message status \(\d+\))",
          "proxy_error", E, "the OFI plugin's bookkeeping after a transfer that had already failed: the completion "
          "error logged before it says why", "read the plugin's first `completed with error` line (its RC and "
          "error text) and any EFA peer error before this line", None, "collateral"),
        # -- aws-ofi-nccl: settings and the host -----------------------------------------------------------------
        # aws/aws-ofi-nccl src/nccl_ofi_net.c:1453@73900d2 nccl_net_ofi_init: the TCP provider was chosen and
        # filter_tcp_info_list dropped every endpoint (the interfaces in OFI_NCCL_EXCLUDE_TCP_IF, default "lo,
        # docker0", and IPv6 addresses unless OFI_NCCL_USE_IPV6_TCP=1): no interface left to use.
        p(r"No viable endpoint found for TCP provider\. Try and relax the filters", "no_interface", E,
          "the OFI plugin's TCP provider has no interface left: OFI_NCCL_EXCLUDE_TCP_IF (default lo,docker0) "
          "and the IPv4-only filter removed every one", "set OFI_NCCL_EXCLUDE_TCP_IF to exclude only the "
          "interfaces that do not join the nodes (`ip -br addr`), or OFI_NCCL_USE_IPV6_TCP=1 where only IPv6 "
          "addresses exist", C.WRONG_INTERFACE),
        # aws/aws-ofi-nccl src/nccl_ofi_rdma.c:458@42802e4 write_topo_file: mkstemp of the topology file under /tmp
        # failed with strerror(errno); ENOSPC is a full /tmp (other errnos stay the plugin's, below).
        p(r"NET/OFI Failed to create NCCL topology file from template[^\n]*No space left on device", "disk_full",
          E, "the OFI plugin could not write its NCCL topology file: the filesystem of /tmp is full",
          "free space in /tmp (`df -h /tmp`), or point TMPDIR at a filesystem with space", C.OTHER),
        # aws/aws-ofi-nccl src/nccl_ofi_cuda.c:51@5d0c075 nccl_net_ofi_cuda_init: cudaDriverGetVersion failed (no
        # usable libcuda); :69 the driver's entry point query answered cudaDriverEntryPointVersionNotSufficent
        # ("Insufficient driver", or "Failed to resolve" for a symbol the driver lacks): a driver older than the
        # CUDA the plugin was built with.
        p(r"NET/OFI Failed to query CUDA driver version", "cuda_driver_load", E,
          "the OFI plugin could not read the CUDA driver's version: no usable libcuda where the job runs",
          "check `nvidia-smi` inside the job's container and that libcuda.so.1 is the host driver's (the NVIDIA "
          "container toolkit mounts it)", C.CUDA_OR_DRIVER),
        p(r"NET/OFI (?:Insufficient driver to use CUDA function|Failed to resolve CUDA function) \w+",
          "cuda_driver_unsupported", E,
          "the CUDA driver is older than the CUDA the OFI plugin was built with: it lacks a function the plugin needs",
          "upgrade the NVIDIA driver (or use an aws-ofi-nccl / EFA installer built for this driver's CUDA)",
          C.CUDA_OR_DRIVER),
        # aws/aws-ofi-nccl src/platform-aws.c:246@5d0c075 configure_nccl_proto: the provider does not give 128-byte
        # in-order aligned stores (FI_OPT_EFA_WRITE_IN_ORDER_ALIGNED_128_BYTES), which NCCL's LL and LL128
        # protocols need over the network; the plugin otherwise sets NCCL_PROTO=simple itself.
        p(r"NCCL_PROTO was set to \"[^\"]*\", but the Libfabric endpoint does not support 128 byte in-order",
          "tuning_invalid", E, "NCCL_PROTO allows LL/LL128 over an EFA endpoint that does not keep 128-byte "
          "stores in order: those protocols may corrupt data", "unset NCCL_PROTO (the plugin then uses Simple "
          "on this platform), or set NCCL_PROTO=Simple", C.PERFORMANCE_CONFIG),
        # -- libfabric EFA: GPU (or Neuron) memory that the NIC cannot reach ------------------------------------
        # ofiwg/libfabric prov/efa/src/efa_domain.c:560,573@3a14237 efa_set_domain_hmem_info_neuron (no RDMA read,
        # a Neuron buffer the device refused); efa_user_info.c:346@a258586 efa_user_info_should_support_hmem
        # (FI_HMEM refused on a device without RDMA); rdm/efa_rdm_util.c:96@a258586 (FI_EFA_USE_DEVICE_RDMA=1 on a
        # device without rdma-read, then abort()); rdm/rxr_ep.c:1186@a258586 rxr_ep_set_use_device_rdma (the
        # plugin's setopt refused): the device cannot move accelerator memory itself.
        p(r"No EFA RDMA read support, transfers using AWS Neuron will fail|Failed to register Neuron buffer with "
          r"the EFA device|EFA cannot support FI_HMEM because the EFA device does not have RDMA support|"
          r"FI_EFA_USE_DEVICE_RDMA=1 was set by user, but EFA device has no rdma-read capability|"
          r"request use_device_rdma, but EFA device does not support it", "ofi_error", E,
          "the EFA device cannot read or register GPU (or Neuron) memory itself (no RDMA read on this instance "
          "type, or the buffer could not be pinned): GPUDirect RDMA over EFA is not available", _GDR_FIX,
          C.GDR_UNAVAILABLE, "root", (C.NET_PLUGIN_ERROR,)),
        # efa_user_info.c:356,336@a258586: FI_HMEM turned off by a setting (FI_EFA_USE_DEVICE_RDMA=0,
        # FI_HMEM_P2P_DISABLED=1); libfabric v1.15.2 prov/efa/src/rxr/rxr_pkt_type_base.c:404@3a14237
        # rxr_pkt_copy_data_to_rx_entry: neither peer-to-peer nor gdrcopy can place received data in GPU memory.
        p(r"EFA cannot support FI_HMEM because the environment variable FI_EFA_USE_DEVICE_RDMA is 0|FI_HMEM "
          r"capability requires peer to peer support, which is disabled because FI_HMEM_P2P_DISABLED|Neither p2p "
          r"nor gdrcopy is available", "ofi_error", E,
          "libfabric's EFA provider may not move GPU memory: peer-to-peer is turned off by a setting "
          "(FI_EFA_USE_DEVICE_RDMA=0, FI_HMEM_P2P_DISABLED=1) or is missing and gdrcopy is not installed",
          "unset FI_EFA_USE_DEVICE_RDMA and FI_HMEM_P2P_DISABLED; load nvidia-peermem (or use DMA-BUF) and install "
          "gdrcopy (the EFA installer's)", C.GDR_UNAVAILABLE, "root", (C.NET_PLUGIN_ERROR,)),
        # -- libfabric EFA: the peers, settings and resources ------------------------------------------------------
        # libfabric v1.15.2 prov/efa/src/rxr/rxr_pkt_cmd.c:899@3a14237 rxr_pkt_insert_addr: "Host %s received a
        # packet with invalid protocol version %d. This host can only support protocol version %d and above", then
        # abort(): the sender runs an older libfabric (EFA RDM protocol) than this node.
        p(r"Host \S.*? received a packet with invalid protocol version \d+", "version_mismatch", E,
          "an EFA peer sent a packet of an older EFA protocol version: the nodes run different libfabric releases",
          "install the same EFA software (EFA installer: libfabric, aws-ofi-nccl) on every node; `fi_info "
          "--version` on each", C.NCCL_VERSION_MISMATCH, "root", (C.NET_PLUGIN_ERROR,)),
        # libfabric v1.15.2 prov/efa/src/rxr/rxr_init.c:90@3a14237: FI_EFA_SHM_MAX_MEDIUM_SIZE is refused ("as such
        # execution cannot proceed"); v1.18.1 rdm/rxr_env.c:114@a258586: an FI_EFA_* credit value <= 0 ("This value
        # will cause EFA communication to deadlock", abort); rdm/efa_rdm_peer.c:173@a258586: a message id beyond the
        # receive window ("you application cannot proceed ... increased by setting FI_EFA_RECVWIN_SIZE", abort).
        p(r"FI_EFA_SHM_MAX_MEDIUM_SIZE env variable detected!|FI_EFA_\w+ was set to -?\d+, which is <= 0|Current "
          r"receive window size \(\d+\) is too small to hold incoming messages", "tuning_invalid", E,
          "an FI_EFA_* setting libfabric's EFA provider refuses (deprecated, <= 0) or a receive window "
          "(FI_EFA_RECVWIN_SIZE) too small for the messages in flight: it aborts",
          "unset FI_EFA_SHM_MAX_MEDIUM_SIZE and FI_EFA_* credit values <= 0; raise FI_EFA_RECVWIN_SIZE (or unset "
          "it for the default)", C.PERFORMANCE_CONFIG),
        # ofiwg/libfabric prov/efa/src/efa_base_ep.c:198@a258586 efa_base_ep_create_qp: the EFA device refused the
        # queue pair (errno 12: the device's admin queue is out of resources, as the efa driver's "Failed to create
        # qp [-12]" that patterns_table_suites reads). decode=False: not the verbs decoder's memlock reading.
        p(r"efa\w*_create_qp\(\):\d+<warn> ibv_create_qp failed", "ibv_create_qp_failed", E,
          "the EFA device refused to create a queue pair (out of its resources)", "fewer queue pairs per device "
          "(fewer ranks or channels per NIC), or a driver and firmware update", C.IB_RESOURCE_ERROR, decode=False),
    )
