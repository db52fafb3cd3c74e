"""Lines of aws-ofi-nccl's older releases that many EFA threads still run, read alone and inside an NCCL log: the
plugin's WARN and INFO lines as NCCL prints them (`host:pid:tid [dev] function:line NCCL WARN NET/OFI ...`, the C
function name of those releases) from aws/aws-ofi-nccl v1.5.0-aws (73900d2), v1.7.4-aws (42802e4), v1.9.1-aws
(ed1861e), v1.11.0-aws (01f16dd) and v1.13.2-aws (5d0c075), and the older messages of libfabric's EFA provider
(ofiwg/libfabric v1.15.2 3a14237 and v1.18.1 a258586, prov/efa: its `libfabric:pid:time::efa:subsys:func():line<warn>`
lines and the blocks it prints to stderr before abort()). Lines already in net_plugins_recent, cloudagents, cluster
and test_net_library_lines are left out (`Unable to find a protocol that worked`, `GDR disabled on GDR-supported
instance type`, the CUDA p2p check); `No eligible providers` and `No EFA device found` are not in these tags, and
efa_device_list_initialize prints nothing of its own (its -FI_ENODEV only empties fi_getinfo's list). Causes decided
from the code around each line: a provider search that finds nothing usable, a non-EFA provider where EFA is
required, a libfabric older than the plugin needs, the plugin's own MR-key and connection-tag pools running out, and
peers that disagree on the rail count (the plugin's per-device NIC grouping; OFI_NCCL_FORCE_NUM_RAILS) are
net_plugin_error, as is libfabric's refusal of fork support with RDMAV_HUGEPAGES_SAFE and its abort after a fork()
without FI_EFA_FORK_SAFE (the fix is the EFA stack's configuration, not the program); a CUDA buffer registration
refused with EFAULT, an EFA device without RDMA read, FI_EFA_USE_DEVICE_RDMA=0, FI_HMEM_P2P_DISABLED and "neither p2p
nor gdrcopy" are gdr_unavailable (device memory cannot go to the NIC); a TCP provider with every interface filtered
out by OFI_NCCL_EXCLUDE_TCP_IF is wrong_interface; MR registration out of memory is memlock_or_ulimit; a packet of an
older EFA protocol version is the nodes running different libfabric (nccl_version_mismatch); FI_EFA_* tuning values
that libfabric refuses, a receive window too small and a non-simple NCCL_PROTO on an endpoint without 128-byte
ordering are performance_config; the CUDA driver checks are cuda_or_driver; EFA's ibv_create_qp failing is
ib_resource_error, as cloudagents reads the EFA driver's `Failed to create qp [-12]`; mkstemp of the topology
file under /tmp failing with ENOSPC is a full disk; an init step of the plugin that fails (a protocol, the
topology file) is net_plugin_error, as net_plugins_recent reads `initialization failed`. Progress, libfabric going on
without its shm provider, and the plugin's protocol-state complaints after an earlier completion error name nothing."""

from __future__ import annotations

CASES = [
    # aws-ofi-nccl v1.5.0: provider selection and registration
    ('aws/aws-ofi-nccl src/nccl_ofi_net.c:677@73900d2',
     "ip-10-0-12-34:48213:48213 [0] find_ofi_provider:677 NCCL WARN NET/OFI Couldn't find any optimal provider",
     'log.ofi_error', 'net_plugin_error'),
    ('aws/aws-ofi-nccl src/nccl_ofi_net.c:1444@73900d2',
     'ip-10-0-12-34:48213:48213 [0] nccl_net_ofi_init:1444 NCCL WARN NET/OFI Only EFA provider is supported',
     'log.ofi_error', 'net_plugin_error'),
    ('aws/aws-ofi-nccl src/nccl_ofi_net.c:1453@73900d2',
     'ip-10-0-12-34:48213:48213 [0] nccl_net_ofi_init:1453 NCCL WARN NET/OFI No viable endpoint found for TCP provider. Try and relax the filters using OFI_NCCL_USE_IPV6_TCP or OFI_NCCL_EXCLUDE_TCP_IF environment variables',
     'log.no_interface', 'wrong_interface'),
    ('aws/aws-ofi-nccl src/nccl_ofi_net.c:594@73900d2',
     'ip-10-0-12-34:48213:48390 [1] register_mr_buffers:594 NCCL WARN NET/OFI Unable to register memory (type = 2) for device 1. RC: -14, Error: Bad address',
     'log.ofi_error', 'gdr_unavailable'),
    ('aws/aws-ofi-nccl src/nccl_ofi_net.c:1804@73900d2',
     'ip-10-0-12-34:48213:48390 [0] nccl_net_ofi_listen:1804 NCCL WARN NET/OFI Cannot open more connection for device ID 0. Maximum is 4294967295',
     'log.ofi_error', 'net_plugin_error'),
    # aws-ofi-nccl v1.7.4: MR key pool, topology file
    ('aws/aws-ofi-nccl src/nccl_ofi_net.c:213@42802e4',
     'ip-10-0-12-34:48213:48390 [3] nccl_net_ofi_allocate_mr_key:213 NCCL WARN NET/OFI No MR keys available (max: 65536)',
     'log.ofi_error', 'net_plugin_error'),
    ('aws/aws-ofi-nccl src/nccl_ofi_rdma.c:458@42802e4',
     'ip-10-0-12-34:48213:48213 [0] write_topo_file:458 NCCL WARN NET/OFI Failed to create NCCL topology file from template /tmp/aws-ofi-nccl-topo-XXXXXX. ERROR: No space left on device',
     'log.disk_full', 'other'),
    ('aws/aws-ofi-nccl src/nccl_ofi_rdma.c:5961@42802e4',
     'ip-10-0-12-34:48213:48213 [0] nccl_net_ofi_rdma_init:5961 NCCL WARN NET/OFI Failed to write NCCL topology file',
     'log.ofi_error', 'net_plugin_error'),
    # aws-ofi-nccl v1.9.1: libfabric version, rails, id pool
    ('aws/aws-ofi-nccl src/nccl_ofi_net.c:499@ed1861e',
     'ip-10-0-12-34:48213:48213 [0] nccl_net_ofi_query_provider_capabilities:499 NCCL WARN NET/OFI EFA provider requires at least libfabric version 1.18.0.',
     'log.ofi_error', 'net_plugin_error'),
    ('aws/aws-ofi-nccl src/nccl_ofi_net.c:210@ed1861e',
     'ip-10-0-12-34:48213:48213 [0] nccl_net_ofi_create_plugin:210 NCCL WARN NET/OFI Failed to initialize rdma protocol',
     'log.ofi_error', 'net_plugin_error'),
    ('aws/aws-ofi-nccl src/nccl_ofi_rdma.c:2124@ed1861e',
     'ip-10-0-12-34:48213:48390 [0] init_send_comm_rails:2124 NCCL WARN NET/OFI Unexpected number of remote rails for dev 0. Expected 4 but got 2',
     'log.ofi_error', 'net_plugin_error'),
    ('aws/aws-ofi-nccl src/nccl_ofi_idpool.c:121@ed1861e',
     'ip-10-0-12-34:48213:48390 [2] nccl_ofi_idpool_allocate_id:121 NCCL WARN NET/OFI No IDs available (max: 65536)',
     'log.ofi_error', 'net_plugin_error'),
    # aws-ofi-nccl v1.13.2: CUDA platform checks, NCCL_PROTO
    ('aws/aws-ofi-nccl src/nccl_ofi_cuda.c:51@5d0c075',
     'ip-10-0-12-34:48213:48213 [0] nccl_net_ofi_cuda_init:51 NCCL WARN NET/OFI Failed to query CUDA driver version.',
     'log.cuda_driver_load', 'cuda_or_driver'),
    ('aws/aws-ofi-nccl src/nccl_ofi_cuda.c:69@5d0c075',
     'ip-10-0-12-34:48213:48213 [0] nccl_net_ofi_cuda_init:69 NCCL WARN NET/OFI Insufficient driver to use CUDA function cuCtxGetDevice',
     'log.cuda_driver_unsupported', 'cuda_or_driver'),
    ('aws/aws-ofi-nccl src/platform-aws.c:246@5d0c075',
     'ip-10-0-12-34:48213:48213 [0] configure_nccl_proto:246 NCCL WARN NET/OFI NCCL_PROTO was set to "LL/LL128", but the Libfabric endpoint does not support 128 byte in-order aligned stores. This endpoint may corrupt data during communication',
     'log.tuning_invalid', 'performance_config'),
    # libfabric v1.15.2 prov/efa
    ('ofiwg/libfabric prov/efa/src/efa_domain.c:326@3a14237',
     'libfabric:48213:1668017255::efa:domain:efa_initialize_fork_support():326<warn> Using libibverbs fork support and huge pages is not supported by the EFA provider.',
     'log.ofi_error', 'net_plugin_error'),
    ('ofiwg/libfabric prov/efa/src/efa_domain.c:560@3a14237',
     'libfabric:48213:1668017255::efa:domain:efa_set_domain_hmem_info_neuron():560<warn> No EFA RDMA read support, transfers using AWS Neuron will fail.',
     'log.ofi_error', 'gdr_unavailable'),
    ('ofiwg/libfabric prov/efa/src/efa_domain.c:573@3a14237',
     'libfabric:48213:1668017255::efa:domain:efa_set_domain_hmem_info_neuron():573<warn> Failed to register Neuron buffer with the EFA device, FI_HMEM transfers that require peer to peer support will fail.',
     'log.ofi_error', 'gdr_unavailable'),
    ('ofiwg/libfabric prov/efa/src/efa_mr.c:399@3a14237',
     'libfabric:48213:1668017255::efa:mr:efa_mr_reg_impl():399<warn> Unable to register MR: Cannot allocate memory',
     'log.ofi_error', 'memlock_or_ulimit'),
    ('ofiwg/libfabric prov/efa/src/rxr/rxr_pkt_type_base.c:404@3a14237',
     'libfabric:48213:1668017255::efa:cq:rxr_pkt_copy_data_to_rx_entry():404<warn> Neither p2p nor gdrcopy is available,thus libfabric is not able to copy received data to Nvidia GPU',
     'log.ofi_error', 'gdr_unavailable'),
    ('ofiwg/libfabric prov/efa/src/rxr/rxr_pkt_cmd.c:899@3a14237',
     'Host fe 80 00 00 00 00 00 00 04 a7 f3 ff fe 2c 8a 1b 01 00 00 00 a2 5e 9c 5e 00 00 00 00 00 00 00 00  received a packet with invalid protocol version 3.',
     'log.version_mismatch', 'nccl_version_mismatch'),
    ('ofiwg/libfabric prov/efa/src/rxr/rxr_init.c:90@3a14237',
     'FI_EFA_SHM_MAX_MEDIUM_SIZE env variable detected! The use of this variable has been deprecated and as such execution cannot proceed.',
     'log.tuning_invalid', 'performance_config'),
    # libfabric v1.18.1 prov/efa
    ('ofiwg/libfabric prov/efa/src/efa_fork_support.c:151@a258586',
     'For the Libfabric EFA provider to work safely when fork()',
     'log.ofi_error', 'net_plugin_error'),
    ('ofiwg/libfabric prov/efa/src/efa_user_info.c:346@a258586',
     'libfabric:48213:1733140512::efa:core:efa_user_info_should_support_hmem():346<warn> For CUDA and libfabric API version <1.18 EFA cannot support FI_HMEM because the EFA device does not have RDMA support.',
     'log.ofi_error', 'gdr_unavailable'),
    ('ofiwg/libfabric prov/efa/src/efa_user_info.c:356@a258586',
     'libfabric:48213:1733140512::efa:core:efa_user_info_should_support_hmem():356<warn> For CUDA and libfabric API version <1.18 EFA cannot support FI_HMEM because the environment variable FI_EFA_USE_DEVICE_RDMA is 0.',
     'log.ofi_error', 'gdr_unavailable'),
    ('ofiwg/libfabric prov/efa/src/efa_user_info.c:336@a258586',
     'libfabric:48213:1733140512::efa:core:efa_user_info_should_support_hmem():336<warn> FI_HMEM capability requires peer to peer support, which is disabled because FI_HMEM_P2P_DISABLED was set to 1/on/true.',
     'log.ofi_error', 'gdr_unavailable'),
    ('ofiwg/libfabric prov/efa/src/rdm/efa_rdm_util.c:96@a258586',
     'FI_EFA_USE_DEVICE_RDMA=1 was set by user, but EFA device has no rdma-read capability.  Application will abort().',
     'log.ofi_error', 'gdr_unavailable'),
    ('ofiwg/libfabric prov/efa/src/rdm/rxr_ep.c:1186@a258586',
     'libfabric:48213:1733140512::efa:ep_ctrl:rxr_ep_set_use_device_rdma():1186<warn> Application used setopt to request use_device_rdma, but EFA device does not support it',
     'log.ofi_error', 'gdr_unavailable'),
    ('ofiwg/libfabric prov/efa/src/rdm/efa_rdm_peer.c:173@a258586',
     'Current receive window size (16384) is too small to hold incoming messages.',
     'log.tuning_invalid', 'performance_config'),
    ('ofiwg/libfabric prov/efa/src/rdm/rxr_env.c:114@a258586',
     'FI_EFA_TX_MIN_CREDITS was set to 0, which is <= 0.',
     'log.tuning_invalid', 'performance_config'),
    ('ofiwg/libfabric prov/efa/src/efa_base_ep.c:198@a258586',
     'libfabric:48213:1733140512::efa:ep_ctrl:efa_base_ep_create_qp():198<warn> ibv_create_qp failed. errno: 12',
     'log.ibv_create_qp_failed', 'ib_resource_error'),
]

NO_CAUSE = [
    'ip-10-0-12-34:48213:48213 [0] NCCL INFO NET/OFI Selected Provider is efa',  # aws/aws-ofi-nccl src/nccl_ofi_net.c:1460@73900d2
    'ip-10-0-12-34:48213:48213 [0] NCCL INFO NET/OFI Setting FI_EFA_FORK_SAFE environment variable to 1',  # aws/aws-ofi-nccl src/nccl_ofi_net.c:1392@73900d2
    'ip-10-0-12-34:48213:48213 [0] NCCL INFO NET/OFI Running on p4d.24xlarge platform, Setting NCCL_TOPO_FILE environment variable to /opt/amazon/efa/share/aws-ofi-nccl/xml/p4d-24xl-topo.xml',  # aws/aws-ofi-nccl src/platform-aws.c:424@42802e4
    'ip-10-0-12-34:48213:48213 [0] NCCL INFO NET/OFI Using Libfabric version 1.18',  # aws/aws-ofi-nccl src/nccl_ofi_net.c:139@ed1861e
    'ip-10-0-12-34:48213:48390 [0] process_err_completion:1547 NCCL WARN NET/OFI Fatal: Bounce buffer recv completed with error',  # aws/aws-ofi-nccl src/nccl_ofi_rdma.c:1547@ed1861e
    'ip-10-0-12-34:48213:48390 [0] handle_eager_recv:1098 NCCL WARN NET/OFI Unexpected message status (2) (ctrl recv)',  # aws/aws-ofi-nccl src/nccl_ofi_rdma.c:1098@ed1861e
    'ip-10-0-12-34:48213:48213 [0] NCCL INFO NET/OFI Using transport protocol RDMA (platform set)',  # aws/aws-ofi-nccl src/nccl_ofi_net.c:201@5d0c075
    "libfabric:48213:1668017255::efa:core:rxr_getinfo():772<warn> Disabling EFA shared memory support; failed to get shm provider's info: No data available",  # ofiwg/libfabric prov/efa/src/rxr/rxr_init.c:772@3a14237
]
