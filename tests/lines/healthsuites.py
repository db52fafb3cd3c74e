"""Lines of the cluster health-check suites run before and after NCCL jobs, read alone and inside an NCCL log: LBNL
NHC 1.4.3 (mej/nhc 9c4a38c: the `die` of nhc prints `ERROR:  nhc:  Health check failed:  <check>:  <message>`, logs it
with a `[N] - ` prefix under -t, sends it to syslog as `nhc[pid]: Health check failed:  ...` and into Slurm's node
Reason as `NHC: ...`; lbnl_hw.nhc's check_hw_ib and check_hw_eth, lbnl_nv.nhc, csc_nvidia_smi.nhc), the Azure HPC
health checks that run on it (Azure/azurehpc-health-checks 0e0a1ac customTests/*.nhc with their FaultCodes, and the
HPC-X dependency checks of b178f85 that later commits removed; `die 1 -e` passes `-e` on into the printed text),
imbue-ai/cluster-health 8f5964a (health_checks.py: the message and the first remediation line run_health_checks.py
prints per node), facebookresearch/gcm 1b7bde9 (health_checks: `<STATUS> - <check name>. <message>` as
OutputContext prints it, the iblink card lines, the log file's `exit code ExitCode.X: ...`) and
GoogleCloudPlatform/cluster-health-scanner 81c525d (health runner, DCGM and NCCL health checks, the Slurm
validation script). Causes read from each check's code and comments: what a failed check measures (an IB port's
state or rate, NVLink state, PCIe bandwidth, Xid and ECC counters, the NCCL topology file against the VM's PCI
tree, the fabric manager, nvidia-peermem) names the cause; Azure's intra-node all-reduce check says it tests NVLink;
a missing HPC-X or mpirun is the launcher's MPI on the node (`other`). Wrappers that only pass on a return code,
neutral notices and the scanners' pass/fail summaries name nothing."""

from __future__ import annotations

CASES = [
    # Azure/azurehpc-health-checks: the HPC-X dependency check (removed in d6dde21) and its later wording.
    ('Azure/azurehpc-health-checks customTests/azure_common.nhc:18@b178f85',
     '[1705939176] - ERROR:  nhc:  Health check failed:  check_all_reduce_dependencies: HPCX_DIR is not set. Ensure HPCX is installed and sourced correctly.',
     'log.mpi_launch', 'other'),
    ('Azure/azurehpc-health-checks customTests/azure_ib_link_flapping.nhc:157@0e0a1ac',
     '[1733047443] - ERROR:  nhc:  Health check failed:  check_ib_link_flapping: IB link flapping detected. Devices: ib3(7), ib5(6). FaultCode: NHC2005',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('Azure/azurehpc-health-checks customTests/azure_ib_write_bw_gdr.nhc:67@0e0a1ac',
     '[1733047443] - ERROR:  nhc:  Health check failed:  check_ib_bw_gdr: ib_write_bw, IB=mlx5_ib3, mlx5_ib3, IB BW (expected > 380 Gbps, but measured 182.47 Gbps. FaultCode: NHC2003',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('Azure/azurehpc-health-checks customTests/azure_nccl_allreduce_ib_loopback.nhc:68@0e0a1ac',
     'ndv4-node-079 | ERROR:  nhc:  Health check failed:  check_nccl_allreduce_ib_loopback: NCCL allreduce, BUS BW (expected >=18.0 GB/s, but measured 9.7377 GB/s). FaultCode: NHC2003',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('Azure/azurehpc-health-checks customTests/azure_nccl_allreduce.nhc:78@0e0a1ac',
     '[1733047443] - ERROR:  nhc:  Health check failed:  check_nccl_allreduce: NCCL allreduce, BUS BW (expected >=460.0 GB/s, but measured 312.85 GB/s). FaultCode: NHC2010',
     'log.gpu_fault', 'cuda_or_driver'),
    ('Azure/azurehpc-health-checks customTests/azure_nccl_allreduce.nhc:56@0e0a1ac',
     '[1733047443] - ERROR:  nhc:  Health check failed:  check_nccl_allreduce: NCCL allreduce, Out of bounds values failed. FaultCode: NHC2010',
     'log.gpu_fault', 'cuda_or_driver'),
    ('Azure/azurehpc-health-checks customTests/azure_gpu_xid.nhc:48@0e0a1ac',
     'ndv5-node-066 | ERROR:  nhc:  Health check failed:  check_gpu_xid: GPU Xid errors detected: Dec  1 09:58:12 ndv5-node-066 kernel: [ 3606.832215] NVRM: Xid (PCI:0002:00:00): 119, pid=67769, name=nvidia-smi, Timeout waiting for RPC from GSP1! Expected function 76 (GSP_RM_CONTROL) (0x2080014b 0x5).. FaultCode: NHC2001',
     'log.gpu_fault', 'cuda_or_driver'),
    ('Azure/azurehpc-health-checks customTests/azure_gpu_ecc.nhc:69@0e0a1ac',
     '[1733047443] - ERROR:  nhc:  Health check failed:  check_ecc: GPU id 3: Row remap pending. FaultCode: NHC2007',
     'log.gpu_fault', 'cuda_or_driver'),
    ('Azure/azurehpc-health-checks customTests/azure_gpu_nvlink.nhc:38@0e0a1ac',
     '[1733047443] - ERROR:  nhc:  Health check failed:  check_nvlink_status: GPU 2 has nvlinks inactive: \t Link 4: Inactive. FaultCode: NHC2016',
     'log.gpu_fault', 'cuda_or_driver'),
    ('Azure/azurehpc-health-checks customTests/azure_gpu_count.nhc:23@0e0a1ac',
     '[1733047443] - ERROR:  nhc:  Health check failed:  -e check_gpu_count: Expected to see 8 but found 7. FaultCode: NHC2009',
     'log.gpu_missing', 'cuda_or_driver'),
    ('Azure/azurehpc-health-checks customTests/azure_hw_topology_check.nhc:91@0e0a1ac',
     '[1733047443] - ERROR:  nhc:  Health check failed:  check_hw_topology: Topology mismatch! Expected to find  PCI Bus 0101:00:00.0 on NUMANode 0, PCI Bus 0102:00:00.0 on NUMANode 0. FaultCode: NHC2010',
     'log.topology_error', 'topology_or_numa'),
    ('Azure/azurehpc-health-checks customTests/azure_gpu_bandwidth.nhc:111@0e0a1ac',
     '[1733047443] - ERROR:  nhc:  Health check failed:  check_gpu_bw: H2D test on GPU 3 failed. Bandwidth 12.41 is less than 48. FaultCode: NHC2020',
     'log.pcie_link_degraded', 'other'),
    ('Azure/azurehpc-health-checks customTests/azure_gpu_bandwidth.nhc:108@0e0a1ac',
     '[1733047443] - ERROR:  nhc:  Health check failed:  check_gpu_bw: P2P test on GPU 2 to GPU 5 failed. Bandwidth 98.37 is less than 335. FaultCode: NHC2020',
     'log.gpu_fault', 'cuda_or_driver'),
    ('Azure/azurehpc-health-checks customTests/csc_nvidia_smi.nhc:67@0e0a1ac',
     '[1733047443] - ERROR:  nhc:  Health check failed:  check_nvsmi_healthmon:  nvidia-smi:  The GPU has fallen off the bus or has otherwise become inaccessible. FaultCode: NHC2010',
     'log.cuda_error', 'cuda_or_driver'),
    # mej/nhc (LBNL NHC 1.4.3).
    ('mej/nhc scripts/lbnl_hw.nhc:363@9c4a38c',
     'ERROR:  nhc:  Health check failed:  check_hw_ib:  No IB port mlx5_0:1 is ACTIVE (LinkUp 200 Gb/sec).',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('mej/nhc scripts/lbnl_hw.nhc:363@9c4a38c',
     '   Reason=NHC: check_hw_ib:  No IB port mlx5_2:1 is ACTIVE (LinkUp 400 Gb/sec). [root@2025-12-01T10:14:03]',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('mej/nhc scripts/lbnl_hw.nhc:344@9c4a38c',
     'ERROR:  nhc:  Health check failed:  check_hw_ib:  Version mismatch between kernel OFED drivers and userspace OFED libraries.',
     'log.verbs_provider_missing', 'socket_fallback'),
    ('mej/nhc scripts/lbnl_hw.nhc:411@9c4a38c',
     'ERROR:  nhc:  Health check failed:  check_hw_eth:  Ethernet device ib0 not detected.',
     'log.net_count_mismatch', 'ib_port_down_or_link'),
    ('mej/nhc scripts/csc_nvidia_smi.nhc:45@9c4a38c',
     'Dec  1 10:14:03 gpu-node-17 nhc[48213]: Health check failed:  check_nvsmi_healthmon:  nvidia-smi:  NVIDIA driver not loaded',
     'log.gpu_missing', 'cuda_or_driver'),
    # imbue-ai/cluster-health: the message line, then the remediation's first line.
    ('imbue-ai/cluster-health health_checks/health_checks.py:648@8f5964a',
     'nvidia-fabricmanager is not active, returned failed.',
     'log.fabric_manager', 'cuda_or_driver'),
    ('imbue-ai/cluster-health health_checks/health_checks.py:974@8f5964a',
     'Found PCIe is limited for mlx: GPU#3 mlx_5 0000:9c:00.0: 252.056 Gb/s available PCIe bandwidth, limited by 32.0 GT/s PCIe x8 link at 0000:97:01.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)',
     'log.pcie_link_degraded', 'other'),
    ('imbue-ai/cluster-health health_checks/health_checks.py:827@8f5964a',
     'Found XIDs in the hardware error ranges: [79, 79]',
     'log.gpu_fault', 'cuda_or_driver'),
    ('imbue-ai/cluster-health health_checks/health_checks.py:1304@8f5964a',
     '`GPU direct rdma is not enabled on this machine.',
     'log.gdr_disabled', 'gdr_unavailable'),
    ('imbue-ai/cluster-health health_checks/health_checks.py:1288@8f5964a',
     'GDR is not enabled for this machine. Run `sudo modprobe nvidia-peermem`',
     'log.gdr_disabled', 'gdr_unavailable'),
    ('imbue-ai/cluster-health health_checks/health_checks.py:1741@8f5964a',
     'Expected 8 active devices. Got 7',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('imbue-ai/cluster-health health_checks/health_checks.py:1273@8f5964a',
     'Inactive NVLink connections detected: Link 4: <inactive>',
     'log.gpu_fault', 'cuda_or_driver'),
    ('imbue-ai/cluster-health health_checks/health_checks.py:1235@8f5964a',
     'Found nvswitch sxid error: [186965.348898] nvidia-nvswitch2: SXid (PCI:0000:85:00.0): 12028, Non-fatal, Link 61 egress non-posted PRIV error (First)',
     'log.gpu_fault', 'cuda_or_driver'),
    # facebookresearch/gcm health_checks.
    ('facebookresearch/gcm gcm/health_checks/checks/check_ibstat.py:126@1b7bde9',
     'CRITICAL - check ibstat. Link status is not LinkUp',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('facebookresearch/gcm gcm/health_checks/checks/check_iblink.py:220@1b7bde9',
     'LINK_NOT_UP: SLOT_3(ib3) is not up, link state is 1: DOWN; LINK_BAD_STATE: SLOT_3(ib3) is not up, link state is 1: DOWN',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('facebookresearch/gcm gcm/health_checks/checks/check_iblink.py:239@1b7bde9',
     'LINK_RATE_MISMATCH: SLOT_5(ib5) has degraded link 100 Gb/sec (2X HDR)',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('facebookresearch/gcm gcm/health_checks/checks/check_syslogs.py:113@1b7bde9',
     '[2025-12-01 10:14:03,512] - [INFO] - [nagios] - exit code ExitCode.CRITICAL: ib link flap detected.',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('facebookresearch/gcm gcm/health_checks/checks/check_syslogs.py:154@1b7bde9',
     'CRITICAL - xid errors. XID error: 79, XID causes: Bus Error, Driver Error, HW Error, System Memory Corruption, Thermal Issue.',
     'log.gpu_fault', 'cuda_or_driver'),
    ('facebookresearch/gcm gcm/health_checks/checks/check_hca.py:162@1b7bde9',
     'CRITICAL - hca count. Exit Code ExitCode.CRITICAL: Node gpu-rack12-n07 reports 7 HCAs found, but expected 8',
     'log.net_count_mismatch', 'ib_port_down_or_link'),
    ('facebookresearch/gcm gcm/health_checks/checks/check_dcgmi.py:323@1b7bde9',
     'CRITICAL - check dcgmi nvlink. gpuId 3: has 2 links down and 0 links disabled.',
     'log.gpu_fault', 'cuda_or_driver'),
]

NO_CAUSE = [
    '[1733047443] - ERROR:  nhc:  Health check failed:  collect_nccl_allreduce_data: nccl_allreduce returned error code 1. FaultCode: NHCNA',  # Azure/azurehpc-health-checks customTests/azure_nccl_allreduce.nhc:26@0e0a1ac
    '[1733047443] - ERROR:  nhc:  Health check failed:  -e check_nccl_allreduce: Missing one or more dependencies. FaultCode: NHCNA',  # Azure/azurehpc-health-checks customTests/azure_nccl_allreduce.nhc:43@0e0a1ac
    'No IB devices exceeded link flap threshold (5) in the last 24 hours',  # Azure/azurehpc-health-checks customTests/azure_ib_link_flapping.nhc:159@0e0a1ac
    'ERROR:  nhc:  Health check failed:  check_nv_healthmon:  nvidia-healthmon returned failure code 1',  # mej/nhc scripts/lbnl_nv.nhc:40@9c4a38c
    'CRITICAL - nccl-tests. Exit Code 2: NCCL Test - all_reduce - ran successfully. But bus bandwidth value lower than critical threshold.',  # facebookresearch/gcm gcm/health_checks/checks/check_nccl.py:160@1b7bde9
    'WARNING - nccl-tests. Exit Code 1: NCCL Test - all_reduce - FAILED to run.',  # facebookresearch/gcm gcm/health_checks/checks/check_nccl.py:143@1b7bde9
    'NCCL failed to run properly on a3mega-a3meganodeset-3 ...',  # GoogleCloudPlatform/cluster-health-scanner deploy/slurm/cluster-validation.sh:323@81c525d
    "Found failed nodes: ['gke-a3-mega-pool-9c2f1e7a-4tqz']",  # GoogleCloudPlatform/cluster-health-scanner src/health_runner/nccl_runner.py:301@81c525d
    'Node gke-a3-mega-pool-9c2f1e7a-4tqz failed dcgm test',  # GoogleCloudPlatform/cluster-health-scanner src/gpu_healthcheck/gpu_healthcheck.py:318@81c525d
]
