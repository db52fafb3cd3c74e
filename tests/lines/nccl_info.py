"""NCCL's own INFO lines of NCCL 2.18 - 2.30 ('host:pid:tid [dev] NCCL INFO text', NCCL_DEBUG=INFO), read alone and
inside an NCCL log: the INFO calls of NVIDIA/nccl at the tags v2.18.6-1 (0b083e5), v2.21.5-1 (ab2b89c), v2.23.4-1
(68b5423), v2.26.6-1 (8171af6), v2.28.9-1 (dbc86fd) and v2.30.7-1 (73cf112), each cited at the tag it was read at;
none is a line of another tests/lines module (the 2.31 - 2.32 INFO lines are in nccl_new.py). Four texts were WARNs
before they became INFO (tests/data/nccl_warns.json holds the WARN form): the IB address range (INFO from 2.26), the
topology file and the pattern fallback (INFO from 2.28), libibverbs not found (WARN up to 2.8); here they are the
'NCCL INFO' lines of the later releases; the modify_qp retry is the INFO before the WARN of the last try. The net
plugin named Libfabric is aws-ofi-nccl's (aws/aws-ofi-nccl 2daf7d3, src/nccl_ofi_interface_nvidia.cpp). Causes
decided from the code around each INFO call, not its words:
- net plugins: a plugin the job names (NCCL_NET_PLUGIN=ofi, aws-ofi) that is not found is log.plugin_not_found; a
  plugin that is found but cannot load (a library it needs is missing: libfabric, another CUDA's libcudart), has no
  ncclNetPlugin symbol this NCCL knows (2.18 knows v4 - v6, so a newer plugin fails there; 2.21 refuses v4 and older)
  or has none at all ('is unsupported', 2.28) is net_plugin_error. 'Failed to initialize NET plugin IB' (2.28) is
  NCCL's own IB transport finding no usable device (devices() returned 0), so NCCL runs on sockets: socket_fallback
  (the cause of 'NET/IB : No device found.' in net_plugins_recent.py). The default libnccl-net.so / libnccl-tuner.so /
  libnccl-profiler.so not being there, followed by the internal plugin, names nothing (the format changes each
  release: 'Plugin load (...) returned 2' 2.18, '... : when loading ...' 2.21, 'Could not find: ...' 2.23+).
- libibverbs: 2.18 - 2.28 print 'Failed to open libibverbs.so[.1]' only when both names fail (socket_fallback);
  2.30 tries NCCL_IBVERBS_LIB, libibverbs.so, then libibverbs.so.1 and prints 'Count not open' (sic) for each that
  fails, so 'Count not open libibverbs.so' is printed on every host without the -dev symlink and names nothing; only
  '... libibverbs.so.1' means no libibverbs at all. libmlx5/mlx5dv missing only turns off Direct-NIC (CX-8) features.
- GDR: 'GPU Direct RDMA Disabled for HCA' is the net's ptrSupport without NCCL_PTR_CUDA/DMA-BUF (no peer memory):
  gdr_unavailable; 'Disabled for GPU .. (distance A > B)' is the GPU-NIC path longer than the GDR level (PXB unless
  NCCL_NET_GDR_LEVEL is set; PATH_ numbers shift by one from 2.20 when C2C is added: PXB 4 -> 5, SYS 7 -> 8), i.e.
  the placement, topology_or_numa as doctor's gdr.distance. GIN without peermem or DMA-BUF (2.30) is gdr_unavailable.
- P2P: 'P2P is disabled between connected GPUs' is NVML's P2P status not OK on a PCIe path (ACS, IOMMU, a VM);
  cuMem's 'P2P not supported between GPUn and GPUm' (2.28+) is cudaDeviceCanAccessPeer = 0: acs_iommu_p2p.
  NCCL_P2P_DISABLE / NCCL_SHM_DISABLE / NCCL_IB_DISABLE / NCCL_NET_GDR_LEVEL=LOC echoed from the environment
  (paths.cc from 2.23 without a period, param.cc with one) are the settings that turn the transport off.
- sockets: NCCL retries connect() on ECONNREFUSED (2.18: every 1000th retry), and from 2.28 on ETIMEDOUT and
  EHOSTUNREACH too (NCCL_SOCKET_RETRY_CNT 34, sleep n x 100 ms; the function is socketPollConnect in 2.28,
  ncclOsSocketPollConnect in 2.30): a port refused or dropped (firewalld's default reject gives 'No route to host').
  A handshake that is not received on accept (2.30) is discarded and NCCL goes on.
- /dev/shm: mkstemp/fallocate are retried only on EINTR, so 'fallocate: Failed to extend /dev/shm/... - retrying'
  is a signal, not a full /dev/shm (that is the WARN 'Error: failed to extend').
- IB: ibv_modify_qp is retried on ETIMEDOUT (2.28+; 35 attempts): the WARN after the last try is followed (2.30,
  printIbModifyQpHint) by NCCL's HINT that ETIMEDOUT means NICs not cross-rail connected (NCCL_CROSS_NIC=0); the
  GIDs in two subnets say the same: a rail pairing, topology_or_numa. An NCCL_IB_ADDR_RANGE address that does not
  parse for NCCL_IB_ADDR_FAMILY is ignored (the RoCE GID choice). 'mismatched physical devices between local and remote'
  (2.26+) is a fused NIC with fewer ports on one side: ib_port_down_or_link. A port-recovery probe (2.30
  resiliency) completing with IBV_WC_RETRY_EXC_ERR(12) is ib_timeout_or_retry.
- topology: NCCL_TOPO_FILE that cannot be opened is ignored and NCCL detects the topology itself (INFO from 2.28);
  no path for a ring/tree pattern falls back to one channel at 0.1 GB/s over SYS: topology_or_numa.
  A virtio/vmbus NIC that is 'not a PCI device' is attached to CPU 0 as it must be on such VMs: it names nothing.
- start-up and tuning chatter (rings, trees, channel transports, MNNVL fields on an NVSwitch node that is not MNNVL
  (UUID 0), 'Using network Socket' on one node, 'Assigned NET plugin', RAS and profiler start-up failures that NCCL
  continues past, ECE not supported, user-buffer registration falling back to copies) names nothing.
Not here: 'NET/IB : GPU Direct RDMA Disabled for HCA 0 ...' (graph/topo.cc:741@v2.21.5-1) and 'Unable to use GIN:
Peermem is not supported, nor DMA-BUF.' (transport/net_ib/gin.cc:26@v2.30.7-1) are gdr_unavailable both alone and
inside the test's 2.21 log, but there the version rule names it gdr.peermem_version (NCCL before 2.23.4 does not
detect the upstream nvidia_peermem) where alone it is log.no_gdrdma / log.gdr_disabled: the same cause, a finding
id no row can make agree without undoing that rule. 'NCCL_SOCKET_IFNAME set by environment to ib0'
(misc/socket.cc:355@v2.26.6-1) is not a line without a cause: a variable that replaces what NCCL detects is named as
the possible cause when nothing else is (diagnose_rules.EnvRule, log.env_set). 'Channel 00/0 : 0[0] -> 8[0] [send]
via NET/IB/0/GDRDMA' (transport/net.cc:217@v2.26.6-1) alone is read by the one-host judge of network-only channels
(checks.py log.intra_node_net), not by a row."""

from __future__ import annotations

CASES = [
    # net plugins
    ('NVIDIA/nccl src/net.cc:179@v2.18.6-1',
     'dgx-a17:61022:61022 [0] NCCL INFO NET/Plugin : Plugin load (libnccl-net-ofi.so) returned 2 : libnccl-net-ofi.so: cannot open shared object file: No such file or directory',
     'log.plugin_not_found', 'net_plugin_error'),
    ('NVIDIA/nccl src/net.cc:192@v2.18.6-1',
     'dgx-a17:61022:61022 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin symbol (v4 or v5).',
     'log.net_plugin_error', 'net_plugin_error'),
    ('NVIDIA/nccl src/net.cc:373@v2.21.5-1',
     'dgx-a17:61022:61022 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libfabric.so.1: cannot open shared object file: No such file or directory : when loading libnccl-net.so',
     'log.net_plugin_error', 'net_plugin_error'),
    ('NVIDIA/nccl src/net.cc:438@v2.21.5-1',
     'dgx-a17:61022:61022 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin symbol (>= v5). ncclNetPlugin symbols v4 and lower are not supported.',
     'log.net_plugin_error', 'net_plugin_error'),
    ('NVIDIA/nccl src/plugin/plugin_open.cc:84@v2.28.9-1',
     'dgx-a17:61022:61022 [0] NCCL INFO NET/Plugin: libnccl-net.so: libcudart.so.12: cannot open shared object file: No such file or directory',
     'log.net_plugin_error', 'net_plugin_error'),
    ('NVIDIA/nccl src/plugin/plugin_open.cc:107@v2.28.9-1',
     'dgx-a17:61022:61022 [0] NCCL INFO NET/Plugin: Could not find: aws-ofi libnccl-net-aws-ofi.so',
     'log.plugin_not_found', 'net_plugin_error'),
    ('NVIDIA/nccl src/plugin/net.cc:105@v2.28.9-1',
     'dgx-a17:61022:61022 [0] NCCL INFO External network plugin /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so is unsupported',
     'log.net_plugin_error', 'net_plugin_error'),
    ('NVIDIA/nccl src/plugin/net.cc:225@v2.28.9-1',
     'dgx-a17:61022:61022 [0] NCCL INFO Failed to initialize NET plugin IB',
     'log.no_ib_device', 'socket_fallback'),
    ('NVIDIA/nccl src/plugin/net.cc:225@v2.28.9-1',
     'ip-10-0-12-34:48213:48213 [0] NCCL INFO Failed to initialize NET plugin Libfabric',
     'log.ofi_error', 'net_plugin_error'),
    # libibverbs
    ('NVIDIA/nccl src/misc/ibvsymbols.cc:81@v2.21.5-1',
     'dgx-a17:61022:61022 [0] NCCL INFO Failed to open libibverbs.so[.1]',
     'log.libibverbs_missing', 'socket_fallback'),
    ('NVIDIA/nccl src/misc/ibvsymbols.cc:86@v2.30.7-1',
     'dgx-a17:61022:61022 [0] NCCL INFO Count not open libibverbs.so.1',
     'log.libibverbs_missing', 'socket_fallback'),
    # GPUDirect RDMA
    # PATH_SYS (8) > PATH_PXB (5) on 2.20+; on 2.18 the same placement prints (distance 7 > 4)
    ('NVIDIA/nccl src/graph/paths.cc:440@v2.26.6-1',
     'dgx-a17:61022:61022 [3] NCCL INFO GPU Direct RDMA Disabled for GPU 3 / HCA 2 (distance 8 > 5)',
     # a GDR line is a fact the log reader judges (log.no_gdrdma), never a classified line: gdr_disabled is never its id
     'log.no_gdrdma', 'topology_or_numa'),
    ('NVIDIA/nccl src/graph/paths.cc:240@v2.23.4-1',
     'dgx-a17:61022:61022 [0] NCCL INFO NCCL_NET_GDR_LEVEL set by environment to LOC',
     'log.gdr_level_off', 'gdr_unavailable'),
    # peer-to-peer and the transports turned off from the environment
    ('NVIDIA/nccl src/graph/paths.cc:328@v2.21.5-1',
     'dgx-a17:61022:61022 [1] NCCL INFO P2P is disabled between connected GPUs 1 and 2. You can repress this message with NCCL_IGNORE_DISABLED_P2P=1.',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('NVIDIA/nccl src/allocator.cc:82@v2.28.9-1',
     'dgx-a17:61022:61022 [0] NCCL INFO P2P not supported between GPU0 and GPU4',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('NVIDIA/nccl src/graph/paths.cc:218@v2.23.4-1',
     'dgx-a17:61022:61022 [0] NCCL INFO NCCL_P2P_DISABLE set by environment to 1',
     'log.p2p_disabled', 'performance_config'),
    ('NVIDIA/nccl src/misc/param.cc:75@v2.21.5-1',
     'dgx-a17:61022:61022 [0] NCCL INFO NCCL_SHM_DISABLE set by environment to 1.',
     'log.p2p_disabled', 'performance_config'),
    ('NVIDIA/nccl src/misc/param.cc:75@v2.21.5-1',
     'dgx-a17:61022:61022 [0] NCCL INFO NCCL_IB_DISABLE set by environment to 1.',
     'log.ib_disabled', 'socket_fallback'),
    # the socket network: net.cc ncclNetInit (2.21.5 ncclNets = {plugin, IB, Socket}) initialises NET/Socket only
    # when no plugin and no IB device came up, so these lines are the socket fallback (log.net_socket), not chatter
    ('NVIDIA/nccl src/init.cc:322@v2.21.5-1',
     'dgx-a17:61022:61022 [0] NCCL INFO Using network Socket',
     'log.net_socket', 'socket_fallback'),
    ('NVIDIA/nccl src/transport/net_socket.cc:67@v2.26.6-1',
     'dgx-a17:61022:61022 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.2<0>',
     'log.net_socket', 'socket_fallback'),
    # TCP connections retried
    ('NVIDIA/nccl src/misc/socket.cc:470@v2.18.6-1',
     'dgx-a18:7731:7731 [0] NCCL INFO Call to connect returned Connection refused, retrying',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('NVIDIA/nccl src/misc/socket.cc:587@v2.28.9-1',
     'dgx-a18:7731:7731 [0] NCCL INFO socketPollConnect: connect to 10.10.1.11<43215> returned Connection refused, retrying (1/34) after sleep for 100 msec',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('NVIDIA/nccl src/os/linux.cc:293@v2.30.7-1',
     'dgx-a18:7731:7731 [0] NCCL INFO ncclOsSocketPollConnect: connect to 10.10.1.11<43215> returned No route to host, retrying (3/34) after sleep for 300 msec',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    # RDMA
    ('NVIDIA/nccl src/misc/ibvwrap.cc:297@v2.28.9-1',
     'dgx-a17:61022:61207 [0] NCCL INFO Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx5_0:1, curr state INIT, next state RTR, local GID index 3, local GID ::ffff:10.1.0.11, remote GID ::ffff:10.2.0.12, retrying 1/35 after 100 msec of sleep',
     'log.ibv_modify_qp_failed', 'topology_or_numa'),
    ('NVIDIA/nccl src/transport/net_ib.cc:234@v2.26.6-1',
     "dgx-a17:61022:61022 [0] NCCL INFO NET/IB: Ip address '10.1.0.0' is invalid for family AF_INET6, ignoring address",
     'log.gid_error', 'gid_index_or_roce_config'),
    ('NVIDIA/nccl src/transport/net_ib.cc:1486@v2.26.6-1',
     'dgx-a17:61022:61207 [0] NCCL INFO NET/IB : There are mismatched physical devices between local (0,1) and remote (0). To disable this warning, set NCCL_IB_WARN_RAIL_LOCAL=0',
     'log.ib_device_mismatch', 'ib_port_down_or_link'),
    ('NVIDIA/nccl src/transport/net_ib/p2p_resiliency_recovery.cc:736@v2.30.7-1',
     'dgx-a17:61022:61240 [0] NCCL INFO NET/IB: ncclIbPortRecoveryPollCq: Work completion error on recovery CQ 0x7f3a9c01e2c0: status=IBV_WC_RETRY_EXC_ERR(12)',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
    # topology
    ('NVIDIA/nccl src/graph/xml.cc:391@v2.28.9-1',
     'dgx-a17:61022:61022 [0] NCCL INFO Could not open XML topology file /opt/microsoft/ndv5-topo.xml : No such file or directory',
     'log.topology_error', 'topology_or_numa'),
    ('NVIDIA/nccl src/graph/search.cc:1190@v2.28.9-1',
     'dgx-a17:61022:61022 [0] NCCL INFO Could not find a path for pattern 4, falling back to simple order',
     'log.graph_fallback', 'topology_or_numa'),
]

NO_CAUSE = [
    'dgx-a17:61022:61022 [0] NCCL INFO Bootstrap : Using ib0:10.10.1.11<0>',  # NVIDIA/nccl src/bootstrap.cc:56@v2.21.5-1
    'dgx-a17:61022:61022 [0] NCCL INFO cudaDriverVersion 12040',  # NVIDIA/nccl src/misc/cudawrap.cc:251@v2.26.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO NET/Plugin : Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory',  # NVIDIA/nccl src/net.cc:179@v2.18.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO NET/Plugin : No plugin found, using internal implementation',  # NVIDIA/nccl src/net.cc:180@v2.18.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so',  # NVIDIA/nccl src/net.cc:373@v2.21.5-1
    'dgx-a17:61022:61022 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.',  # NVIDIA/nccl src/net.cc:439@v2.23.4-1
    'dgx-a17:61022:61022 [0] NCCL INFO TUNER/Plugin: Could not find: libnccl-tuner.so libnccl-net.so. Using internal tuner plugin.',  # NVIDIA/nccl src/misc/tuner.cc:194@v2.23.4-1
    'dgx-a17:61022:61022 [0] NCCL INFO PROFILER/Plugin: Could not find: libnccl-profiler.so.',  # NVIDIA/nccl src/misc/profiler.cc:114@v2.23.4-1
    'dgx-a17:61022:61022 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so',  # NVIDIA/nccl src/plugin/plugin_open.cc:107@v2.28.9-1
    'dgx-a17:61022:61022 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v8 symbol.',  # NVIDIA/nccl src/net.cc:428@v2.21.5-1
    'dgx-a17:61022:61022 [0] NCCL INFO Assigned NET plugin IB to comm',  # NVIDIA/nccl src/plugin/net.cc:244@v2.28.9-1
    'dgx-a17:61022:61022 [0] NCCL INFO comm 0x55d2c8a41f30 rank 0 nRanks 16 nNodes 2 localRanks 8 localRank 0 MNNVL 0',  # NVIDIA/nccl src/init.cc:998@v2.26.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO MNNVL busId 0x1b000 fabric UUID 0.0 cliqueId 0x0 state 3 healthMask 0x0',  # NVIDIA/nccl src/init.cc:514@v2.21.5-1
    'dgx-a17:61022:61022 [0] NCCL INFO Channel 00/32 :  0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15',  # NVIDIA/nccl src/graph/rings.cc:25@v2.26.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO Trees [0] 1/8/-1->0->-1 [1] 1/-1/-1->0->8',  # NVIDIA/nccl src/init.cc:1054@v2.26.6-1
    'dgx-a17:61022:61207 [1] NCCL INFO Channel 01/0 : 1[1] -> 2[2] via P2P/CUMEM/read',  # NVIDIA/nccl src/transport/p2p.cc:392@v2.26.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO Connected all rings, use ring PXN 0 GDR 1',  # NVIDIA/nccl src/transport/generic.cc:31@v2.26.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO threadThresholds 8/8/64 | 128/8/64 | 512 | 512',  # NVIDIA/nccl src/graph/tuning.cc:510@v2.26.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO 32 coll channels, 32 collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer',  # NVIDIA/nccl src/init.cc:1229@v2.26.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO ncclCommInitRankConfig comm 0x55d2c8a41f30 rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 18000 commId 0x5f2c8a1e9b03d447 - Init COMPLETE',  # NVIDIA/nccl src/init.cc:1439@v2.26.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB [RO]; OOB ib0:10.10.1.11<0>',  # NVIDIA/nccl src/transport/net_ib.cc:684@v2.26.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO GPU Direct RDMA Enabled for GPU 0 / HCA 0 (distance 5 <= 5), read 1 mode Default',  # NVIDIA/nccl src/graph/paths.cc:448@v2.26.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO Communicator has 1 nodes which is less than CollNet node threshold 2, disabling CollNet',  # NVIDIA/nccl src/init.cc:1192@v2.21.5-1
    'dgx-a17:61022:61022 [0] NCCL INFO PXN Disabled as plugin is v4',  # NVIDIA/nccl src/graph/paths.cc:503@v2.21.5-1
    'dgx-a17:61022:61207 [0] NCCL INFO Call to ibv_query_ece failed with error Operation not supported errno 95',  # NVIDIA/nccl src/misc/ibvwrap.cc:56@v2.21.5-1
    'dgx-a17:61022:61022 [0] NCCL INFO Topology detection : could not read /sys/devices/pci0000:00/0000:00:02.0/max_link_speed, ignoring',  # NVIDIA/nccl src/graph/xml.cc:448@v2.26.6-1
    'gce-a3-0:5120:5120 [0] NCCL INFO Topology detection: network path (name = eth0) /sys/devices/pci0000:00/0000:00:04.0/virtio1 is not a PCI device (virtio). Attaching to first CPU',  # NVIDIA/nccl src/graph/xml.cc:925@v2.28.9-1
    'dgx-a17:61022:61207 [0] NCCL INFO fallocate: Failed to extend /dev/shm/nccl-AbCdEf to 9637892 bytes, error: Interrupted system call (4) - retrying',  # NVIDIA/nccl src/misc/shmutils.cc:84@v2.23.4-1
    'dgx-a17:61022:61022 [0] NCCL INFO Count not open libibverbs.so',  # NVIDIA/nccl src/misc/ibvsymbols.cc:86@v2.30.7-1
    'dgx-a17:61022:61022 [0] NCCL INFO NET/IB : Failed to open mlx5dv symbols. Advance features like CX-8 Direct-NIC will be disabled.',  # NVIDIA/nccl src/transport/net_ib.cc:680@v2.28.9-1
    'dgx-a17:61022:61022 [0] NCCL INFO Failed to open libmlx5.so[.1]',  # NVIDIA/nccl src/misc/mlx5dvsymbols.cc:36@v2.28.9-1
    'dgx-a17:61022:61022 [0] NCCL INFO RAS failed to establish a client listening socket at localhost:28028',  # NVIDIA/nccl src/ras/client_support.cc:166@v2.26.6-1
    'dgx-a17:61022:61022 [0] NCCL INFO Continuing in spite of a RAS initialization error',  # NVIDIA/nccl src/bootstrap.cc:742@v2.26.6-1
    "dgx-a17:61022:61022 [0] NCCL INFO Profiler init failed with error '2': No such file or directory. Continue without profiler.",  # NVIDIA/nccl src/plugin/profiler.cc:194@v2.28.9-1
    'dgx-a17:61022:61204 [0] NCCL INFO socketFinalizeAccept: handshake receive from 10.10.1.23<51822> failed, discarding peer connection',  # NVIDIA/nccl src/misc/socket.cc:339@v2.30.7-1
    'dgx-a17:61022:61022 [3] NCCL INFO rank 3 failed to NET register userbuff 0x7f2a40000000 buffSize 33554432 GDR flag 0',  # NVIDIA/nccl src/transport/net.cc:1704@v2.28.9-1
]
