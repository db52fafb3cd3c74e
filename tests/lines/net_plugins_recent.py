"""Lines of the network plugins under NCCL in their newest releases, read alone and inside an NCCL log: aws-ofi-nccl
(aws/aws-ofi-nccl 2daf7d3, after v1.21.1: its WARN texts with the full C++ signature NCCL prints, platform-aws.cpp's
security-group banner), libfabric's EFA provider (ofiwg/libfabric af8ddbe prov/efa) and nccl-rdma-sharp-plugins
(Mellanox/nccl-rdma-sharp-plugins 2f5ac02), beyond the ones tests/analyze/test_net_library_lines.py holds. Each
cause reviewed one by one; the plugin's consequences of an earlier WARN and EFA's teardown notices name nothing."""

from __future__ import annotations

CASES = [
    ('aws/aws-ofi-nccl src/nccl_ofi_net.cpp:334@2daf7d3',
     'ip-10-0-12-34:48213:48390 [0] int nccl_net_ofi_create_plugin(nccl_net_ofi_plugin_t**):334 NCCL WARN NET/OFI Unable to find a protocol that worked.  Failing initialization.',
     'log.ofi_error', 'net_plugin_error'),
    ('aws/aws-ofi-nccl src/nccl_ofi_net.cpp:418@2daf7d3',
     'ip-10-0-12-34:48213:48390 [0] int nccl_net_ofi_create_plugin(nccl_net_ofi_plugin_t**):418 NCCL WARN NET/OFI aws-ofi-nccl initialization failed',
     'log.ofi_error', 'net_plugin_error'),
    ('aws/aws-ofi-nccl src/nccl_ofi_net.cpp:651@2daf7d3',
     'ip-10-0-12-34:48213:48390 [0] int nccl_net_ofi_query_provider_capabilities(const fi_info*, unsigned int):651 NCCL WARN NET/OFI EFA provider requires at least libfabric version 1.22.0.',
     'log.ofi_error', 'net_plugin_error'),
    ('aws/aws-ofi-nccl src/nccl_ofi_net.cpp:215@2daf7d3',
     'ip-10-0-12-34:48213:48390 [0] int nccl_net_ofi_create_plugin(nccl_net_ofi_plugin_t**):215 NCCL WARN NET/OFI CUDA initialization failed.',
     'log.cuda_driver_load', 'cuda_or_driver'),
    ('aws/aws-ofi-nccl src/nccl_ofi_cuda.cpp:152@2daf7d3',
     'ip-10-0-12-34:48213:48390 [0] int nccl_net_ofi_gpu_init():152 NCCL WARN NET/OFI Failed to find CUDA Runtime library: libcudart.so: cannot open shared object file: No such file or directory',
     'log.cuda_driver_load', 'cuda_or_driver'),
    ('aws/aws-ofi-nccl src/nccl_ofi_cuda.cpp:287@2daf7d3',
     'ip-10-0-12-34:48213:48390 [0] int nccl_net_ofi_gpu_mem_alloc(void**, size_t):287 NCCL WARN NET/OFI cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)',
     'log.oom', 'oom'),
    ('aws/aws-ofi-nccl src/nccl_ofi_net.cpp:389@2daf7d3',
     'ip-10-0-12-34:48213:48390 [0] int nccl_net_ofi_create_plugin(nccl_net_ofi_plugin_t**):389 NCCL WARN NET/OFI NCCL_OFI_NIC_DUP_CONNS set on platform that supports GPUDirect RDMA.  This configuration is not supported.',
     'log.ofi_error', 'net_plugin_error'),
    ('aws/aws-ofi-nccl src/nccl_ofi_ofiutils.cpp:359@2daf7d3',
     "ip-10-0-12-34:48213:48390 [0] ofi_ep_result nccl_ofi_ofiutils_ep_create(fi_info*, ofi_domain_ptr&, ofi_av_ptr&, ofi_cq_ptr&):359 NCCL WARN NET/OFI GDR support reported to NCCL but then couldn't be configured on an endpoint.  Cannot continue.",
     'log.ofi_error', 'gdr_unavailable'),
    ('aws/aws-ofi-nccl src/nccl_ofi_ofiutils.cpp:468@2daf7d3',
     "ip-10-0-12-34:48213:48390 [1] ofi_mr_result nccl_ofi_ofiutils_mr_regattr(ofi_domain_ptr&, fi_mr_attr*, uint64_t):468 NCCL WARN NET/OFI Couldn't register memory region with regattr. RC: -12, ERROR: Cannot allocate memory",
     'log.ofi_error', 'memlock_or_ulimit'),
    ('aws/aws-ofi-nccl src/nccl_ofi_ofiutils.cpp:468@2daf7d3',
     "ip-10-0-12-34:48213:48390 [1] ofi_mr_result nccl_ofi_ofiutils_mr_regattr(ofi_domain_ptr&, fi_mr_attr*, uint64_t):468 NCCL WARN NET/OFI Couldn't register memory region with regattr. RC: -14, ERROR: Bad address",
     'log.ofi_error', 'gdr_unavailable'),
    ('aws/aws-ofi-nccl src/platform-aws.cpp:1049@2daf7d3',
     '* This error indicates that the security group on either this instance or the peer instance',
     'log.ofi_error', 'firewall_or_port_blocked'),
    ('aws/aws-ofi-nccl include/nccl_ofi_platform.h:125@2daf7d3',
     'ip-10-0-12-34:48213:48390 [0] virtual void Platform::log_cq_error(void*, fid_cq*, fi_cq_err_entry*, const char*):125 NCCL WARN NET/OFI Request 0x7f3a2c001200 ({ dev: 0, size: 1048576, state: PENDING, direction: SEND }) completed with error: err: 103, flags: 2050, prov_errno: 4126, strerror: Unresponsive receiver (reachable by EFA device but handshake failed) My EFA addr: fi_addr_efa://[fe80::4a7:f3ff:fe2c:8a1b]:0:1587319458 My host id: i-0a1b2c3d4e5f60718 Peer EFA addr: fi_addr_efa://[fe80::49d:1aff:fe61:3c7d]:1:2210493826 Peer host id: N/A, len: 0',
     'log.ofi_error', 'rank_crashed_elsewhere'),
    ('aws/aws-ofi-nccl src/nccl_ofi_rdma.cpp:1463@2daf7d3',
     'ip-10-0-12-34:48213:48390 [0] int rdma_process_error_entry(fi_cq_err_entry*, fid_cq*, uint16_t):1463 NCCL WARN NET/OFI Remote write completed with error. RC: 103. Flags: 139268. Error: 13 (Unresponsive remote (was previously responsive)). Completed length: 0',
     'log.ofi_error', 'rank_crashed_elsewhere'),
    ('aws/aws-ofi-nccl src/platform-aws.cpp:447@2daf7d3',
     'ip-10-0-12-34:48213:48390 [0] int PlatformAWS::validate_rdma_write(fid_ep*):447 NCCL WARN NET/OFI FI_OPT_EFA_EMULATED_WRITE is true when the communication protocol is RDMA write.',
     'log.ofi_error', 'net_plugin_error'),
    ('ofiwg/libfabric prov/efa/src/efa_hmem.c:202@af8ddbe',
     'libfabric:48213:1733140512::efa:core:efa_hmem_info_check_p2p_support_cuda():202<warn> Failed to register CUDA buffer with the EFA device, FI_HMEM transfers that require peer to peer support will fail.',
     'log.ofi_error', 'gdr_unavailable'),
    ('ofiwg/libfabric prov/efa/src/efa_mr.c:518@af8ddbe',
     'libfabric:48213:1733140512::efa:mr:efa_mr_reg_impl():518<warn> Unable to register MR of 4194304 bytes: Cannot allocate memory, flags 0, ibv pd: 0x55d2c8e41b20, total mr reg size 68719476736, mr reg count 1024',
     'log.ofi_error', 'memlock_or_ulimit'),
    ('ofiwg/libfabric prov/efa/src/efa_mr.c:308@af8ddbe',
     'libfabric:48213:1733140512::efa:mr:efa_mr_reg_ibv_dmabuf_mr():308<warn> ibv_reg_dmabuf_mr is required for memory registration with FI_MR_DMABUF flags, but  not available in the current rdma-core library. please build libfabric with rdma-core >= 34.0',
     'log.gdr_disabled', 'gdr_unavailable'),
    ('ofiwg/libfabric prov/efa/src/efa_base_ep.c:835@af8ddbe',
     'libfabric:48213:1733140512::efa:eq:efa_base_ep_write_eq_error():835<warn> Writing error to EQ: err: Software caused connection abort (103) prov_errno: Unresponsive receiver (connection previously established) (4124)',
     'log.ofi_error', 'rank_crashed_elsewhere'),
    ('ofiwg/libfabric prov/efa/src/efa_strerror.c:109@af8ddbe',
     'libfabric:48213:1733140512::efa:cq:efa_show_help():109<info> This error is detected locally. The peer is not reachable by the EFA device. This typically indicates one or more misconfigured EC2 instances; most often due to incorrect inbound/outbound security group rules and/or instances placed in different subnets. Refer to the public AWS documentation for EFA for up-to-date configuration requirements. This error can also be encountered when a peer process is no longer present.',
     'log.ofi_error', 'firewall_or_port_blocked'),
    ('ofiwg/libfabric prov/efa/src/efa_strerror.c:109@af8ddbe',
     'libfabric:48213:1733140512::efa:cq:efa_show_help():109<info> This error is detected locally. The peer is reachable by the EFA device but libfabric failed to complete a handshake, which indicates the error is likely due to the peer process no longer being present.',
     'log.ofi_error', 'rank_crashed_elsewhere'),
    ('ofiwg/libfabric prov/efa/src/efa_strerror.c:109@af8ddbe',
     'libfabric:48213:1733140512::efa:cq:efa_show_help():109<info> This error is detected locally. Please consider matching the local and remote libfabric versions, or turning off the zero-copy recv feature by setting FI_EFA_USE_ZCPY_RX=0 in the environment',
     'log.version_mismatch', 'nccl_version_mismatch'),
    ('ofiwg/libfabric prov/efa/src/rdm/efa_rdm_ope.c:1084@af8ddbe',
     'libfabric:48213:1733140512::efa:cq:efa_rdm_txe_handle_error():1084<warn> EFA provider internal txe failure err: 103, message: Unresponsive receiver (connection previously established) My EFA addr: fi_addr_efa://[fe80::4a7:f3ff:fe2c:8a1b]:0:1587319458 My host id: i-0a1b2c3d4e5f60718 Peer EFA addr: fi_addr_efa://[fe80::49d:1aff:fe61:3c7d]:1:2210493826 Peer host id: i-0f9e8d7c6b5a40312 (4124)',
     'log.ofi_error', 'rank_crashed_elsewhere'),
    ('ofiwg/libfabric prov/efa/src/efa_cq.c:105@af8ddbe',
     'libfabric:48213:1733140512::efa:cq:efa_cq_write_error_data():105<info> Encountered error during CQ polling. err: No route to host (113), prov_errno: Unreachable remote - never received a response (15)',
     'log.ofi_error', 'firewall_or_port_blocked'),
    ('Mellanox/nccl-rdma-sharp-plugins src/ib_plugin.c:2033@2f5ac02',
     'gpu-node01:23145:23402 [3] ib_plugin.c:2033 NCCL WARN NET/IB: Got completion from peer 10.0.1.12<52341> with status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_RDMA_WRITE(1) reqSize=1048576 vendor_err=129 req_type=Send hca mlx5_2',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
    ('Mellanox/nccl-rdma-sharp-plugins src/ib_plugin.c:2033@2f5ac02',
     'gpu-node01:23145:23402 [3] ib_plugin.c:2033 NCCL WARN NET/IB: Got completion from peer 10.0.1.12<52341> with status=IBV_WC_RNR_RETRY_EXC_ERR(13) opcode=IBV_WC_SEND(0) reqSize=0 vendor_err=0 req_type=Recv localGid ::ffff:10.0.1.11 remoteGids::ffff:10.0.1.12 hca mlx5_0',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
    ('Mellanox/nccl-rdma-sharp-plugins src/p2p_plugin.c:424@2f5ac02',
     'gpu-node01:23145:23160 [0] p2p_plugin.c:424 NCCL WARN NET/IB : mlx5_1:1 Got non-fatal async event: port error(10)',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('Mellanox/nccl-rdma-sharp-plugins src/p2p_plugin.c:410@2f5ac02',
     'gpu-node01:23145:23160 [0] p2p_plugin.c:410 NCCL WARN NET/IB : mlx5_0:1 GID table changed',
     'log.gid_error', 'gid_index_or_roce_config'),
    ('Mellanox/nccl-rdma-sharp-plugins src/p2p_plugin.c:685@2f5ac02',
     'gpu-node01:23145:23145 [0] NCCL INFO NET/IB : No device found.',
     'log.net_socket', 'socket_fallback'),
    ('Mellanox/nccl-rdma-sharp-plugins src/p2p_plugin.c:544@2f5ac02',
     'gpu-node01:23145:23402 [3] p2p_plugin.c:544 NCCL WARN NET/IB : No IP interface found.',
     'log.no_interface', 'wrong_interface'),
    ('Mellanox/nccl-rdma-sharp-plugins src/ib_plugin.c:126@2f5ac02',
     'gpu-node01:23145:23402 [3] ib_plugin.c:126 NCCL WARN NET/IB: PCI relaxed order memory access requested but not supported',
     'log.tuning_invalid', 'performance_config'),
    ('Mellanox/nccl-rdma-sharp-plugins src/sharp_plugin.c:617@2f5ac02',
     'gpu-node01:23145:23402 [3] sharp_plugin.c:617 NCCL WARN SHARP allreduce failed',
     'log.collnet_sharp_error', 'net_plugin_error'),
    ('aws/aws-ofi-nccl src/nccl_ofi_rdma.cpp:4337@2daf7d3',
     'ip-10-0-1-12:4321:4400 [0] NCCL WARN NET/OFI Closing send_comm 0x7f3a5c012340 with inflight requests. Invalidating domain',
     'log.abort', 'rank_crashed_elsewhere'),
]

NO_CAUSE = [
    'ip-10-0-12-34:48213:48213 [0] NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.17.0',  # aws/aws-ofi-nccl src/nccl_ofi_net.cpp:188@2daf7d3
    'ip-10-0-12-34:48213:48213 [0] NCCL INFO NET/OFI Running on p4d.24xlarge platform, topology file /opt/amazon/ofi-nccl/share/aws-ofi-nccl/xml/p4d-24xl-topo.xml',  # aws/aws-ofi-nccl src/platform-aws.cpp:759@2daf7d3
    'ip-10-0-12-34:48213:48213 [0] NCCL INFO NET/OFI Selected provider is efa, fabric is efa (found 4 nics)',  # aws/aws-ofi-nccl src/nccl_ofi_net.cpp:644@2daf7d3
    'ip-10-0-12-34:48213:48213 [0] NCCL INFO NET/OFI Using transport protocol SENDRECV',  # aws/aws-ofi-nccl src/nccl_ofi_net.cpp:339@2daf7d3
    'ip-10-0-12-34:48213:48213 [0] NCCL INFO NET/OFI Using CUDA driver version 12040 with runtime 12010',  # aws/aws-ofi-nccl src/nccl_ofi_cuda.cpp:237@2daf7d3
    'Libfabric EFA provider has encountered an internal error:',  # ofiwg/libfabric prov/efa/src/efa_base_ep.c:852@af8ddbe
    'libfabric:48213:1733140512::efa:cq:efa_rdm_cq_handle_recv_completion():544<warn> Warning: ignoring a received packet from a removed address. packet type: 4, packet flags: 0',  # ofiwg/libfabric prov/efa/src/rdm/efa_rdm_cq.c:544@af8ddbe
    'libfabric:48213:1733140512::efa:cq:efa_rdm_pke_handle_tx_error():425<warn> ignoring send error completion of a packet to a removed peer.',  # ofiwg/libfabric prov/efa/src/rdm/efa_rdm_pke_cmd.c:425@af8ddbe
    'gpu-node01:23145:23402 [3] ib_plugin.c:68 NCCL WARN communicator encountered a fatal error (detected in ncclIbIsend)',  # Mellanox/nccl-rdma-sharp-plugins src/ib_plugin.c:68@2f5ac02
    'gpu-node01:23145:23145 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB/SHARP [1]mlx5_1:1/IB/SHARP [2]mlx5_2:1/IB/SHARP [3]mlx5_3:1/IB/SHARP [RO]; OOB ib0:10.0.1.11<0>',  # Mellanox/nccl-rdma-sharp-plugins src/p2p_plugin.c:704@2f5ac02
    'gpu-node01:23145:23145 [0] NCCL INFO SHARP: Group size:1 is less than threshold:2. fallback to non-sharp',  # Mellanox/nccl-rdma-sharp-plugins src/sharp_plugin.c:360@2f5ac02
    'ip-10-0-1-12:4321:4400 [0] nccl_net_ofi_cuda.cpp:243 NCCL WARN NET/OFI CUDA flush enabled',
    'ip-10-0-1-12:4321:4400 [0] nccl_net_ofi_cuda.cpp:468 NCCL INFO NET/OFI cuMemGetHandleForAddressRange failed with flags 1, retrying with no flags',
]
