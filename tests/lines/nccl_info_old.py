"""NCCL's own INFO lines of the older releases 2.4 - 2.17 ('host:pid:tid [dev] NCCL INFO text', NCCL_DEBUG=INFO) that
old threads paste, read alone and inside an NCCL log: the INFO calls of NVIDIA/nccl at the tags v2.4.8-1 (7c72dee),
v2.7.8-1 (033d799), v2.8.4-1 (911d61f), v2.10.3-1 (7e51592), v2.12.12-1 (7aa1c46), v2.14.3-1 (c4e2aa6) and
v2.16.5-1 (f3d5166), each cited at the tag it was read at. Texts identical in 2.18+ ('NET/IB : No device found.',
'Failed to open libibverbs.so[.1]', 'Call to connect returned Connection refused, retrying', 'NCCL_IB_DISABLE set by
environment to 1.', 'Legacy IPC not supported', 'PXN Disabled as plugin is v4', the CollNet threshold) are already
in nccl_info.py, net_plugins_recent.py or windows_wsl.py and are not repeated. Causes decided from the code:
- net plugins: before 2.18 NCCL dlopens only libnccl-net.so (2.14+: NCCL_NET_PLUGIN). ENOENT prints 'No plugin
  found (...)' and any other errno 'Plugin load returned %d : %s.' with dlerror(); the famous 'returned 17 :
  libnccl-net.so: cannot open shared object file' is a stale errno on a host without any plugin: it names nothing.
  A plugin that loads but has no net symbol this NCCL knows (2.4: _v2; 2.7: _v3; 2.12: neither _v5 nor _v4) is
  dropped and NCCL uses its internal IB/socket transports: net_plugin_error. A missing newer symbol that NCCL
  follows with an older one (_v5 on 2.12, _v6 on 2.16) and a missing CollNet symbol (plugins without SHARP,
  aws-ofi-nccl) name nothing.
- GDR: 'Disabled for HCA n (no module)' (2.7 - 2.17, ncclIbGetProperties) and 2.4's 'Disabled for GPU .. / HCA ..
  (no module or not supported by GPU)' (ncclIbPtrSupport) are ncclIbGdrSupport failing, i.e. nv_peer_mem /
  nvidia_peermem not loaded: gdr_unavailable. 'Disabled for GPU <busId> / HCA n (distance A > B)' is the GPU-NIC
  path longer than the GDR level: 2.7 - 2.10 number paths LOC0 NVL1 PIX2 PXB3 PHB4 SYS5 (default PXB, so a SYS pair
  prints 5 > 3); 2.4 PIX0 PXB1 PHB2 NODE3 SYS4 with default PHB and '>=' (SYS prints 4 >= 2): the placement,
  topology_or_numa. NCCL_NET_GDR_LEVEL=0 through 2.4's NCCL_PARAM ('%lu.' form) is GDR turned off: gdr_unavailable.
- P2P: 'Could not enable P2P between dev' is cudaDeviceCanAccessPeer = 0 (ACS/IOMMU, a VM, GPUs without PCIe P2P):
  acs_iommu_p2p. 'peer query failed' is cudaDeviceCanAccessPeer itself returning an error: a CUDA runtime/driver
  failure, cuda_or_driver. NCCL_P2P_LEVEL=LOC (paths.cc, 2.7+) and 2.4's NCCL_P2P_DISABLE=1 ('1.' form) turn P2P off
  by choice: performance_config, as nccl_info.py reads NCCL_P2P_DISABLE.
- chatter: affinity, launch mode, the old transport/Init COMPLETE formats, trees disabled on 2.4 (a single node or
  an old GPU), NVML not shut down at exit, /sys speed not readable, a virtio NIC attached to CPU 0: names nothing.
Not here: "NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0' (no module)" (transport/net_ib.cc:239@v2.7.8-1) and
2.4's '... for GPU 0[0] / HCA 0 'mlx5_0' (no module or not supported by GPU)' (transport/net_ib.cc:226@v2.4.8-1) are
gdr_unavailable both alone (log.no_gdrdma) and inside the test's 2.21 log (gdr.peermem_version): the same cause under
two finding ids, as in nccl_info.py."""

from __future__ import annotations

CASES = [
    # net plugins
    ('NVIDIA/nccl src/init.cc:114@v2.4.8-1',
     'dgx1-07:41277:41277 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v2 symbol.',
     'log.net_plugin_error', 'net_plugin_error'),
    ('NVIDIA/nccl src/init.cc:83@v2.7.8-1',
     'dgx1-07:41277:41277 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v3 symbol.',
     'log.net_plugin_error', 'net_plugin_error'),
    ('NVIDIA/nccl src/net.cc:137@v2.12.12-1',
     'dgx1-07:41277:41277 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v4 symbol.',
     'log.net_plugin_error', 'net_plugin_error'),
    # GPUDirect RDMA
    # SYS (5) > PXB (3) on 2.7 - 2.10
    ('NVIDIA/nccl src/graph/paths.cc:331@v2.7.8-1',
     'dgx1-07:41277:41277 [3] NCCL INFO GPU Direct RDMA Disabled for GPU 88000 / HCA 0 (distance 5 > 3)',
     'log.no_gdrdma', 'topology_or_numa'),
    # SYS (4) >= PHB (2) on 2.4
    ('NVIDIA/nccl src/transport/net.cc:271@v2.4.8-1',
     'dgx1-07:41277:41277 [3] NCCL INFO NET/IB : GPU Direct RDMA Disabled for GPU 3[3] / HCA 0 (distance 4 >= 2)',
     'log.no_gdrdma', 'topology_or_numa'),
    ('NVIDIA/nccl src/include/param.h:72@v2.4.8-1',
     'dgx1-07:41277:41277 [0] NCCL INFO NCCL_NET_GDR_LEVEL set by environment to 0.',
     'log.gdr_level_off', 'gdr_unavailable'),
    # peer-to-peer
    ('NVIDIA/nccl src/transport/p2p.cc:91@v2.10.3-1',
     'dgx1-07:41277:41277 [0] NCCL INFO Could not enable P2P between dev 0(=1b000) and dev 4(=88000)',
     'log.p2p_unavailable', 'acs_iommu_p2p'),
    ('NVIDIA/nccl src/transport/p2p.cc:137@v2.16.5-1',
     'dgx1-07:41277:41277 [0] NCCL INFO peer query failed between dev 0(=1b000) and dev 1(=1c000)',
     'log.cuda_error', 'cuda_or_driver'),
    ('NVIDIA/nccl src/graph/paths.cc:235@v2.7.8-1',
     'dgx1-07:41277:41277 [0] NCCL INFO NCCL_P2P_LEVEL set by environment to LOC',
     'log.p2p_disabled', 'performance_config'),
    ('NVIDIA/nccl src/include/param.h:72@v2.4.8-1',
     'dgx1-07:41277:41277 [0] NCCL INFO NCCL_P2P_DISABLE set by environment to 1.',
     'log.p2p_disabled', 'performance_config'),
]

NO_CAUSE = [
    'dgx1-07:41277:41277 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so).',  # NVIDIA/nccl src/init.cc:106@v2.4.8-1
    'dgx1-07:41277:41277 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation',  # NVIDIA/nccl src/init.cc:75@v2.7.8-1
    'dgx1-07:41277:41277 [0] NCCL INFO NET/Plugin : Plugin load returned 17 : libnccl-net.so: cannot open shared object file: No such file or directory.',  # NVIDIA/nccl src/init.cc:77@v2.7.8-1
    'dgx1-07:41277:41277 [0] NCCL INFO NET/Plugin: Failed to find ncclCollNetPlugin_v4 symbol.',  # NVIDIA/nccl src/init.cc:91@v2.10.3-1
    'dgx1-07:41277:41277 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v5 symbol.',  # NVIDIA/nccl src/net.cc:134@v2.12.12-1
    'dgx1-07:41277:41277 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v6 symbol.',  # NVIDIA/nccl src/net.cc:192@v2.16.5-1
    'dgx1-07:41277:41277 [0] NCCL INFO NET/Plugin: Failed to find ncclCollNetPlugin_v6 symbol.',  # NVIDIA/nccl src/net.cc:219@v2.16.5-1
    'dgx1-07:41277:41277 [0] NCCL INFO Bootstrap : Using [0]ib0:10.10.1.11<0>',  # NVIDIA/nccl src/bootstrap.cc:43@v2.7.8-1
    'dgx1-07:41277:41277 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB ; OOB ib0:10.10.1.11<0>',  # NVIDIA/nccl src/transport/net_ib.cc:263@v2.16.5-1
    'dgx1-07:41277:41277 [0] NCCL INFO Setting affinity for GPU 0 to ffff,ffffffff',  # NVIDIA/nccl src/graph/topo.cc:667@v2.7.8-1
    'dgx1-07:41277:41277 [0] NCCL INFO Launch mode Parallel',  # NVIDIA/nccl src/enqueue.cc:207@v2.7.8-1
    'dgx1-07:41277:41277 [0] NCCL INFO Using 256 threads, Min Comp Cap 7, Trees disabled',  # NVIDIA/nccl src/init.cc:1040@v2.4.8-1
    'dgx1-07:41277:41300 [0] NCCL INFO Channel 00 : 0[1b000] -> 1[1c000] via P2P/IPC',  # NVIDIA/nccl src/transport/p2p.cc:163@v2.7.8-1
    'dgx1-07:41277:41300 [0] NCCL INFO Channel 00 : 0[1b000] -> 1[1c000] via direct shared memory',  # NVIDIA/nccl src/transport/shm.cc:78@v2.8.4-1
    'dgx1-07:41277:41277 [0] NCCL INFO comm 0x55d2c8a41f30 rank 0 nranks 16 cudaDev 0 busId 1b000 - Init COMPLETE',  # NVIDIA/nccl src/init.cc:843@v2.7.8-1
    'dgx1-07:41277:41277 [0] NCCL INFO NCCL did not shutdown nvml properly',  # NVIDIA/nccl src/init.cc:1162@v2.4.8-1
    'dgx1-07:41277:41277 [0] NCCL INFO Could not get speed from /sys/class/net/eth0/speed. Defaulting to 10 Gbps.',  # NVIDIA/nccl src/transport/net_socket.cc:88@v2.10.3-1
    'gce-a2-0:5120:5120 [0] NCCL INFO Topology detection: network path /sys/devices/pci0000:00/0000:00:04.0/virtio1 is not a PCI device (virtio). Attaching to first CPU',  # NVIDIA/nccl src/graph/xml.cc:742@v2.10.3-1
]
