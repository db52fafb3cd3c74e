"""Lines of the virtual and cloud NIC drivers of GPU VMs that users paste from dmesg beside NCCL socket and RDMA
failures, read alone and inside an NCCL log: Google's gVNIC driver (GoogleCloudPlatform/compute-virtual-ethernet-linux
76a158c: google/gve's tx timeout, reset, admin queue, rx and link lines) and, from the Linux kernel (v6.12.118, read
from Debian's linux-source-6.12 6.12.118-1~deb12u1, line numbers of that tree), Azure's hv_netvsc and MANA (Ethernet
and mana_ib; microsoft/mana-driver could not be fetched), vfio-pci and vfio_iommu_type1 passthrough, the PCI core's
SR-IOV enablement and the Intel PF drivers' VF policy lines (i40e, ice, ixgbe). QEMU's `group N is not viable` cannot
be had here (qemu/qemu too large to fetch) and is not listed. Prefixes are what netdev_printk, dev_printk and
ibdev_printk add. Causes decided from the code around each line: gve's ndo_tx_timeout (called only by the qdisc
watchdog), its DQO timer's reset, a failed reset that turns every queue down, admin-queue commands the device never
completes, and an rx descriptor the device sent out of sequence are the NIC failing (nic_fault, as kernel_net.py's
tx_timeout lines); MANA's hardware-channel request timeout, an RQ fence that never completes and a failed FLR with sends
still pending are the same; gve's carrier off and MANA's CQE_TX_VF_DISABLED (38) take the path down
(ib_port_down_or_link). MANA's CQE_TX_MTU_DROP (34) and hv_netvsc failing to align the VF's MTU with the synthetic
NIC's (the VF keeps its own, smaller MTU while TCP sizes segments by the synthetic device) are an MTU mismatch that
drops the large frames: other, under a proposed log.mtu_mismatch. A PF refusing a VF more MAC filters because the VF is
not trusted, spoof check dropping a VF's frames, and the PCI core unable to create VFs (MMIO window or bus numbers too
small) are SR-IOV set-up on the host: other, under a proposed log.sriov_vf. vfio_iommu_type1's RLIMIT_MEMLOCK
exceeded is the locked-memory limit of the VMM pinning guest memory (memlock_or_ulimit); its missing interrupt
remapping refuses to attach the IOMMU group for passthrough (acs_iommu_p2p). mana_ib failing to create an RC QP is a
verbs resource failure. Resets the device asks for, resets performed, queue kicks, VF slot and data-path switches
(traffic stays on the synthetic NIC), vfio's BAR restore and device-request waits, and MDD event counts name nothing."""

from __future__ import annotations

CASES = [
    # Google gVNIC (gve)
    ('GoogleCloudPlatform/compute-virtual-ethernet-linux google/gve/gve_main.c:2035@76a158c',
     '[ 7002.998412] gve 0000:00:04.0 ens4: Timeout on tx queue, 3',
     'log.nic_fault', 'ib_port_down_or_link'),
    ('GoogleCloudPlatform/compute-virtual-ethernet-linux google/gve/gve_main.c:241@76a158c',
     '[ 7003.114208] gve 0000:00:04.0 ens4: TX timeout on queue 3. Scheduling reset.',
     'log.nic_fault', 'ib_port_down_or_link'),
    ('GoogleCloudPlatform/compute-virtual-ethernet-linux google/gve/gve_main.c:2383@76a158c',
     '[ 7004.220917] gve 0000:00:04.0: Reset failed! !!! DISABLING ALL QUEUES !!!',
     'log.nic_fault', 'ib_port_down_or_link'),
    ('GoogleCloudPlatform/compute-virtual-ethernet-linux google/gve/gve_adminq.c:394@76a158c',
     '[ 7004.101356] gve 0000:00:04.0: AQ commands timed out, need to reset AQ',
     'log.nic_fault', 'ib_port_down_or_link'),
    ('GoogleCloudPlatform/compute-virtual-ethernet-linux google/gve/gve_rx.c:935@76a158c',
     '[ 8120.552031] gve 0000:00:04.0 ens4: Unexpected seq number 5 with incomplete packet, expected 4, scheduling reset',
     'log.nic_fault', 'ib_port_down_or_link'),
    ('GoogleCloudPlatform/compute-virtual-ethernet-linux google/gve/gve_main.c:1599@76a158c',
     '[ 9311.400127] gve 0000:00:04.0 ens4: Device link is down.',
     'log.ib_port_event', 'ib_port_down_or_link'),
    # Azure MANA (Ethernet) and mana_ib
    ('gregkh/linux drivers/net/ethernet/microsoft/mana/hw_channel.c:868@v6.12.118',
     '[ 5120.003418] mana 7870:00:00.0: HWC: Request timed out!',
     'log.nic_fault', 'ib_port_down_or_link'),
    ('gregkh/linux drivers/net/ethernet/microsoft/mana/mana_en.c:1299@v6.12.118',
     '[ 5130.118224] mana 7870:00:00.0 enP30832s1: Failed to fence RQ 5: timed out',
     'log.nic_fault', 'ib_port_down_or_link'),
    ('gregkh/linux drivers/net/ethernet/microsoft/mana/mana_en.c:2698@v6.12.118',
     '[ 5251.700045] mana 7870:00:00.0 enP30832s1: flr failed -25 with 37 pkts pending in txq 12',
     'log.nic_fault', 'ib_port_down_or_link'),
    ('gregkh/linux drivers/net/ethernet/microsoft/mana/mana_en.c:1417@v6.12.118',
     '[ 6011.224190] mana 7870:00:00.0 enP30832s1: TX: CQE error 38',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('gregkh/linux drivers/net/ethernet/microsoft/mana/mana_en.c:1417@v6.12.118',
     '[ 6011.224190] mana 7870:00:00.0 enP30832s1: TX: CQE error 34',
     'log.mtu_mismatch', 'other'),
    ('gregkh/linux drivers/infiniband/hw/mana/qp.c:463@v6.12.118',
     '[ 4410.330716] mana_ib.rdma mana.rdma.0 mana_0: Failed to create rc qp  -12',
     'log.ibv_create_qp_failed', 'ib_resource_error'),
    # Azure hv_netvsc
    ('gregkh/linux drivers/net/hyperv/netvsc_drv.c:2210@v6.12.118',
     '[   12.884102] mlx5_core 1b2c:00:02.0 enP6956s1: unable to change mtu to 9000',
     'log.mtu_mismatch', 'other'),
    # vfio passthrough
    ('gregkh/linux drivers/vfio/vfio_iommu_type1.c:667@v6.12.118',
     '[  311.042871] vfio_pin_pages_remote: RLIMIT_MEMLOCK (68719476736) exceeded',
     'log.memlock', 'memlock_or_ulimit'),
    ('gregkh/linux drivers/vfio/vfio_iommu_type1.c:2257@v6.12.118',
     '[  298.551207] vfio_iommu_type1_attach_group: No interrupt remapping support.  Use the module param "allow_unsafe_interrupts" to enable VFIO IOMMU support on this platform',
     'log.p2p_error', 'acs_iommu_p2p'),
    # SR-IOV: the PCI core and the PFs' VF policy
    ('gregkh/linux drivers/pci/iov.c:636@v6.12.118',
     '[   41.220318] mlx5_core 0000:41:00.0: not enough MMIO resources for SR-IOV',
     'log.sriov_vf', 'other'),
    ('gregkh/linux drivers/pci/iov.c:642@v6.12.118',
     '[   41.220402] mlx5_core 0000:41:00.0: can\'t enable 16 VFs (bus 42 out of range of [bus 41])',
     'log.sriov_vf', 'other'),
    ('gregkh/linux drivers/net/ethernet/intel/ice/ice_virtchnl.c:2110@v6.12.118',
     '[ 1210.004711] ice 0000:51:00.0: Can\'t add more MAC addresses, because VF-3 is not trusted, switch the VF to trusted mode in order to add more functionalities',
     'log.sriov_vf', 'other'),
    ('gregkh/linux drivers/net/ethernet/intel/i40e/i40e_virtchnl_pf.c:2963@v6.12.118',
     '[ 1210.118902] i40e 0000:3b:00.0: Cannot add more MAC addresses, VF is not trusted, switch the VF to trusted to add more functionality',
     'log.sriov_vf', 'other'),
    ('gregkh/linux drivers/net/ethernet/intel/ixgbe/ixgbe_main.c:7793@v6.12.118',
     '[ 2231.600177] ixgbe 0000:05:00.0 enp5s0f0: 212 Spoofed packets detected',
     'log.sriov_vf', 'other'),
]

NO_CAUSE = [
    '[ 7001.552317] gve 0000:00:04.0: Device requested reset.',  # GoogleCloudPlatform/compute-virtual-ethernet-linux google/gve/gve_main.c:2126@76a158c
    '[ 7001.552410] gve 0000:00:04.0: Performing reset',  # GoogleCloudPlatform/compute-virtual-ethernet-linux google/gve/gve_main.c:2393@76a158c
    '[ 7002.998420] gve 0000:00:04.0 ens4: Kicking queue 3',  # GoogleCloudPlatform/compute-virtual-ethernet-linux google/gve/gve_main.c:2056@76a158c
    '[ 9318.022914] gve 0000:00:04.0 ens4: Device link is up.',  # GoogleCloudPlatform/compute-virtual-ethernet-linux google/gve/gve_main.c:1596@76a158c
    '[ 3600.118224] hv_netvsc 000d3a6f-1b2c-000d-3a6f-1b2c000d3a6f eth0: VF slot 1 removed',  # gregkh/linux drivers/net/hyperv/netvsc.c:1625@v6.12.118
    '[ 3600.120871] hv_netvsc 000d3a6f-1b2c-000d-3a6f-1b2c000d3a6f eth0: Data path switched from VF: enP6956s1',  # gregkh/linux drivers/net/hyperv/netvsc_drv.c:2434@v6.12.118
    '[ 3600.131022] hv_netvsc 000d3a6f-1b2c-000d-3a6f-1b2c000d3a6f eth0: VF unregistering: enP6956s1',  # gregkh/linux drivers/net/hyperv/netvsc_drv.c:2453@v6.12.118
    '[ 3660.402114] hv_netvsc 000d3a6f-1b2c-000d-3a6f-1b2c000d3a6f eth0: Data path failed to switch to VF: enP6956s1, err: -110',  # gregkh/linux drivers/net/hyperv/netvsc_drv.c:2429@v6.12.118
    '[  455.201871] vfio-pci 0000:41:00.0: vfio_bar_restore: reset recovery - restoring BARs',  # gregkh/linux drivers/vfio/pci/vfio_pci_config.c:434@v6.12.118
    '[  902.003316] vfio-pci 0000:41:00.0: No device request channel registered, blocked until released by user',  # gregkh/linux drivers/vfio/pci/vfio_pci_core.c:1861@v6.12.118
    '[ 1300.771204] ice 0000:51:00.0: 3 Tx Malicious Driver Detection events detected on PF 0 VF 3 MAC 02:00:00:00:00:03. mdd-auto-reset-vfs=on',  # gregkh/linux drivers/net/ethernet/intel/ice/ice_sriov.c:1900@v6.12.118
]

RESULT_ONLY: list[tuple[str, str, str]] = []
