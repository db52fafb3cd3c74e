"""Lines of the libraries under NCCL (aws-ofi-nccl, libfabric's EFA provider, UCX, UCC, SHARP, FastSocket),
read alone and inside an NCCL log. Texts are those of the libraries' sources (format fields filled); the
expected causes are what the code and its help texts state (libfabric prov/efa/src/efa_strerror.c
efa_show_help: an unreachable remote is "most often due to incorrect inbound/outbound security group
rules", an unresponsive receiver "likely due to ... the peer process no longer being present")."""

from __future__ import annotations

import pytest

from line_reading import IN_NCCL_LOG, assert_reads, lead

from ncclkit.logs.analyze import analyze_text

CASES = [
    # aws-ofi-nccl log_cq_error, EFA status UNREACH_REMOTE
    ('ip-10-0-0-1:1234:1300 [0] PlatformAWS::log_cq_error:1047 NCCL WARN NET/OFI Request 0x7f3a2c001200 (SEND) completed with error: err: 113, flags: 2048, prov_errno: 15, strerror: Unreachable remote - never received a response, len: 0',
     "log.ofi_error", "firewall_or_port_blocked"),
    # EFA ESTABLISHED_RECV_UNRESP (4124)
    ('ip-10-0-0-1:1234:1300 [0] Platform::log_cq_error:125 NCCL WARN NET/OFI Request 0x7f3a2c001200 (SEND) completed with error: err: 5, flags: 2048, prov_errno: 4124, strerror: Unresponsive receiver (connection previously established), len: 0',
     "log.ofi_error", "rank_crashed_elsewhere"),
    # EFA BAD_DEST_QPN
    ('ip-10-0-0-1:1234:1300 [0] Platform::log_cq_error:125 NCCL WARN NET/OFI Request 0x7f3a2c001200 (RECV) completed with error: err: 107, flags: 1024, prov_errno: 9, strerror: Bad queue pair (QP) number (QP does not exist or is in error state), len: 0',
     "log.ofi_error", "rank_crashed_elsewhere"),
    # libfabric efa_rdm_cq
    ('libfabric:1234:1700000000::efa:ep_ctrl:efa_rdm_cq_process_prov_errno():641<warn> The peer of address fi_addr: 3 ept: 1 QPN: 21 QKey: 1234567 GID: fe80::8cd:5eff:fe31:1a2b becomes unresponsive',
     "log.ofi_error", "rank_crashed_elsewhere"),
    # aws-ofi-nccl HMEM
    ('ip-10-0-0-1:1234:1300 [0] NCCL INFO NET/OFI Could not disable CUDA API usage for HMEM, disabling GDR',
     "log.ofi_error", "gdr_unavailable"),
    # aws-ofi-nccl provider without GDR
    ('ip-10-0-0-1:1234:1300 [0] NCCL INFO NET/OFI Could not find any optimal provider supporting GPUDirect RDMA',
     "log.ofi_error", "gdr_unavailable"),
    # PlatformAWS config_endpoint
    ('ip-10-0-0-1:1234:1300 [0] PlatformAWS::config_endpoint:819 NCCL WARN NET/OFI GDR disabled on GDR-supported instance type p4d.24xlarge',
     "log.ofi_error", "gdr_unavailable"),
    # aws-ofi-nccl provider search
    ('ip-10-0-0-1:1234:1300 [0] NCCL INFO NET/OFI No eligible providers were found',
     "log.ofi_error", "net_plugin_error"),
    # libfabric FI_ETRUNC
    ('ip-10-0-0-1:1234:1300 [0] ofi_process_cq:1008 NCCL WARN NET/OFI Request 0x55d0c8a3e0c0 completed with error. RC: 265. Error: Truncation error. Completed length: 1048576, Request: {dev: 0, size: 524288, state: PENDING, direction: RECV}',
     "log.collective_mismatch", "hang_collective_mismatch"),
    # UCX ib_mlx5_log.c
    ('[1700000000.123456] [node1:1234 :0]     ib_mlx5_log.c:179  UCX  ERROR Transport retry count exceeded on mlx5_0:1/IB (synd 0x15 vend 0x81 hw_synd 0/0)',
     "log.ib_completion_error", "ib_timeout_or_retry"),
    # UCX ucp_ep.c
    ("[1700000000.123456] [node1:1234 :0]          ucp_ep.c:1653 UCX  ERROR ep 0x7f6a1c04a000: error 'Endpoint timeout' on rc_mlx5/mlx5_0:1 will not be handled since no error callback is installed",
     "log.ib_completion_error", "ib_timeout_or_retry"),
    # UCX ucp_context.c
    ('[1700000000.123456] [node1:1234 :0]     ucp_context.c:1754 UCX  ERROR no usable transports/devices (asked tcp on network devices ib0 for memory domains all)',
     "log.ucx_unreachable", "wrong_interface"),
    # UCX select.c
    ('[1700000000.123456] [node1:1234 :0]          select.c:721  UCX  ERROR no active messages transport to <no debug data>: self/memory - Destination is unreachable, tcp/eth0 - no am bcopy, posix/memory - Destination is unreachable',
     "log.ucx_unreachable", "wrong_interface"),
    # UCX ucp_context.c
    ("[1700000000.123456] [node1:1234 :0]     ucp_context.c:1492 UCX  WARN  network device 'mlx5_0:1' is not available, please use one or more of: 'eth0'(tcp), 'ib0'(tcp), 'lo'(tcp)",
     "log.ucx_unreachable", "ib_port_down_or_link"),
    # UCX ucp_context.c
    ("[1700000000.123456] [node1:1234 :0]     ucp_context.c:1492 UCX  WARN  transport 'rc_x' is not available, please use one or more of: 'cma', 'posix', 'self', 'sysv', 'tcp'",
     "log.ucx_unreachable", "ib_port_down_or_link"),
    # UCX rc_iface.c
    ('[1700000000.123456] [node1:1234 :0]        rc_iface.c:944  UCX  ERROR error modifying QP to RTR: Invalid argument',
     "log.ibv_modify_qp_failed", "gid_index_or_roce_config"),
    # UCX sys.c
    ("[1700000000.123456] [node1:1234 :0]             sys.c:978  UCX  ERROR shmget(size=2097152 flags=0x7b0) for mm_recv_fifo failed: Operation not permitted, please check shared memory limits by 'ipcs -l'",
     "log.shm_error", "shm_too_small"),
    # UCX mm_posix.c
    ('[1700000000.123456] [node1:1234 :0]        mm_posix.c:379  UCX  ERROR shared memory mmap(addr=(nil), length=4294967296, flags= SHARED, fd=39) failed: Cannot allocate memory',
     "log.shm_error", "shm_too_small"),
    # UCX sock.c
    ('[1700000000.123456] [node1:1234 :0]            sock.c:46   UCX  ERROR socket create failed: the maximal number of files that could be opened simultaneously was reached, try to increase the limit by setting the max open files limit',
     "log.fd_limit", "memlock_or_ulimit"),
    # UCC tl_ucp_ep.c
    ('[1700000000.123456] [node1:1234 :0]       tl_ucp_ep.c:43   TL_UCP ERROR ucp returned connect error: Destination is unreachable',
     "log.ucx_unreachable", "wrong_interface"),
    # libsharp
    ('[gpu01:0:34088 - context.c:705][2025-05-26 15:39:24] ERROR SHArP Job init error: No resource',
     "log.collnet_sharp_error", "net_plugin_error"),
    # nccl-fastsocket
    ('vm-a3-0:1234:1300 [0] ncclResult_t ncclFastSocketInit(ncclDebugLogger_t):528 NCCL WARN NET/FastSocket : no interface found',
     "log.no_interface", "wrong_interface"),
    # UCX ucp_context.c: built against a newer UCX than the one loaded (nixl#1023: required >= 1.19, actual 1.16)
    ('[1749818353.155524] [vm-host40:34002:0]     ucp_context.c:1951 UCX  WARN  UCP API version is incompatible: '
     'required >= 1.15, actual 1.14.0 (loaded from /usr/lib64/libucp.so.0)', "log.library_version", "nccl_version_mismatch"),
    # NIXL nixl_agent.cpp: the backend plugin is not where NIXL_PLUGIN_DIR points
    ("E0421 11:56:59.774282  709103 nixl_agent.cpp:259] getPluginParams: backend 'UCX' not found", "log.net_plugin_error",
     "net_plugin_error"),
]



@pytest.mark.parametrize(("line", "fid", "cause"), CASES)
def test_alone_and_in_a_log(line: str, fid: str, cause: str) -> None:
    assert_reads(line, fid, cause)


def test_a_peer_that_stopped_answering_follows_the_error_that_stopped_it() -> None:
    """EFA's unresponsive receiver is a consequence: the peer's own error leads when it is in the paste."""
    text = ("ip-10-0-0-2:99:99 [3] NCCL WARN Cuda failure 'out of memory'\n" + CASES[1][0] + "\n")
    assert lead(text) == ("log.cuda_error", "oom")


def test_plugin_gdr_lines_are_not_nccls_peer_memory_check() -> None:
    """NCCL's "GPU Direct RDMA Disabled ... (no module)" on 2.21 names the upstream nvidia_peermem module
    NCCL did not detect; the OFI plugin's own GDR lines do not."""
    ids = [f["id"] for f in analyze_text(IN_NCCL_LOG.format(CASES[4][0]))["findings"]]
    assert "gdr.peermem_version" not in ids

