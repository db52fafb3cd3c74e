"""Rows of the line classifier (patterns.py) for the virtual and cloud NIC drivers of GPU VMs: Google's gVNIC, Azure's
hv_netvsc and MANA, vfio passthrough and the kernel's SR-IOV lines (tests/lines/vmnics.py holds every line with
file:line@commit).

- gVNIC (GoogleCloudPlatform/compute-virtual-ethernet-linux 76a158c, google/gve): its tx timeout (ndo_tx_timeout,
  called only by the qdisc watchdog), a reset that fails and turns every queue down, admin-queue commands the device
  never completes and an rx descriptor out of sequence are the NIC failing (nic_fault, as kernel_net.py's tx timeout
  lines); its carrier going off is the link (ib_port_event);
- Azure (the Linux kernel v6.12.118): MANA's hardware-channel request timeout, an RQ fence that never completes and an
  FLR with sends still pending are the NIC failing; its TX CQE type, decoded here, is CQE_TX_MTU_DROP (34: an MTU
  mismatch) or CQE_TX_VF_DISABLED (38: the path down); hv_netvsc failing to give the VF the synthetic NIC's MTU is an
  MTU mismatch; mana_ib failing to create an RC QP is a verbs resource failure;
- vfio_iommu_type1 without interrupt remapping refuses the IOMMU group (acs_iommu_p2p; its RLIMIT_MEMLOCK line is the
  generic memlock row's); the PCI core unable to create VFs and the Intel PFs' VF policy (untrusted VF, spoof check)
  are the host's SR-IOV set-up (log.sriov_vf).

Read before the generic families: "timed out" and "Timeout" in the drivers' lines would send them to log.timeout.
Resets asked for or performed, queue kicks, hv_netvsc's VF slot and data-path switches (traffic stays on the
synthetic NIC), vfio's BAR restore and device-request waits, and ice's MDD event counts name nothing and match no row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
VMNIC_WORDS: tuple[bytes, ...] = (
    b"Unexpected seq number", b"Device link is down", b"interrupt remapping", b"resources for SR-IOV",
    b"VFs (bus", b"add more MAC addresses", b"Spoofed packets",
)

_MTU_FIX = ("give the synthetic NIC, its VF and every hop the same MTU (`ip link set dev <if> mtu N` on both, as "
            "`ip -d link` shows them), or lower it to what the path carries (Azure's accelerated networking: 1500, "
            "or up to 9000 on both the synthetic NIC and its VF together)")


def vmnic_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- Google's gVNIC (gve) -------------------------------------------------------------------------------
        # gve_main.c:2035 gve_tx_timeout "Timeout on tx queue, %d" (the ndo_tx_timeout the qdisc watchdog calls when
        # a queue stopped sending), :241 the DQO timer's "TX timeout on queue %d. Scheduling reset.", :2383
        # gve_reset "Reset failed! !!! DISABLING ALL QUEUES !!!" (gve_turndown: the NIC carries nothing after it);
        # gve_adminq.c:394 "AQ commands timed out, need to reset AQ" (the device never completed its admin queue);
        # gve_rx.c:935 "Unexpected seq number %d with incomplete packet, expected %d, scheduling reset" (the device
        # wrote rx descriptors out of order). All are the device failing its driver, as NETDEV WATCHDOG is.
        p(r"Timeout on tx queue, \d+|TX timeout on queue \d+\. Scheduling reset|Reset failed! !!! DISABLING ALL "
          r"QUEUES|AQ commands timed out, need to reset AQ|Unexpected seq number \d+ with incomplete packet",
          "nic_fault", E, "Google's virtual NIC (gVNIC) stopped working for its driver: a send queue stuck, admin "
          "commands the device never completed, descriptors out of sequence, or a reset that failed and turned "
          "every queue off", "look at dmesg around the reset (`dmesg | grep gve`); stop and start the VM (a stop "
          "moves it to other hardware; a reboot does not) and update the gve driver if it repeats",
          C.IB_PORT_DOWN_OR_LINK),
        # gve_main.c:1599 gve_handle_link_status "Device link is down." (netif_carrier_off: the VM's NIC has no
        # link until the device reports it up again, :1596).
        # MANA mana_en.c:1417 mana_poll_tx_cq "TX: CQE error %d" with CQE_TX_VF_DISABLED (38, mana.h): the VF the
        # send went through was disabled under it (Azure's servicing or a VF removal), so the path is down.
        p(r"\bDevice link is down\.|TX: CQE error 38\b", "ib_port_event", E,
          "the VM's NIC lost its path: gVNIC's link went down, or MANA's VF was disabled under the traffic (TX CQE "
          "type 38, CQE_TX_VF_DISABLED)", "check whether the cloud serviced or migrated the host at that time (the "
          "VM's maintenance events); rerun once the link is up (`ip -br link`), and stop and start the VM if it "
          "does not come back", C.IB_PORT_DOWN_OR_LINK),
        # -- Azure: MANA and hv_netvsc -------------------------------------------------------------------------
        # hw_channel.c:868 mana_hwc_send_request "HWC: Request timed out!" (the hardware channel to the NIC's
        # firmware did not answer), mana_en.c:1299 mana_fence_rq "Failed to fence RQ %u: timed out" (the device never
        # completed the fence), :2698 mana_dealloc_queues "flr failed %d with %d pkts pending in txq %u" (sends still
        # pending after the function-level reset).
        p(r"HWC: Request timed out!|Failed to fence RQ \d+: timed out|flr failed -?\d+ with \d+ pkts pending in txq",
          "nic_fault", E, "Azure's MANA NIC stopped answering its driver: hardware-channel requests and queue "
          "fences time out, or a reset leaves sends pending", "look at dmesg around it (`dmesg | grep mana`); "
          "redeploy the VM (`az vm redeploy`, which moves it to another host) and update the kernel's MANA driver "
          "if it repeats", C.IB_PORT_DOWN_OR_LINK),
        # mana_en.c:1417 "TX: CQE error %d" with CQE_TX_MTU_DROP (34, mana.h): the NIC dropped a frame larger than
        # the port's MTU. netvsc_drv.c:2210 __netvsc_vf_setup "unable to change mtu to %u" (printed on the VF's
        # device): dev_set_mtu of the synthetic NIC's MTU on its VF failed, so the VF keeps its own, smaller MTU
        # while TCP sizes segments by the synthetic device. Large frames are lost, small ones pass.
        p(r"TX: CQE error 34\b|unable to change mtu to \d+", "mtu_mismatch", E,
          "frames larger than the NIC's MTU are dropped: MANA dropped a send over its MTU (TX CQE type 34, "
          "CQE_TX_MTU_DROP), or hv_netvsc could not give the VF the MTU of the synthetic NIC the traffic is sized "
          "by; large packets between nodes are lost while small ones pass", _MTU_FIX, C.OTHER),
        # drivers/infiniband/hw/mana/qp.c:463 mana_ib_create_rc_qp "Failed to create rc qp  %d": the device refused
        # the queue pair (-12, ENOMEM: out of its resources).
        p(r"Failed to create rc qp\s+-?\d+", "ibv_create_qp_failed", E,
          "Azure's MANA RDMA device refused to create a queue pair (out of its resources or memory)",
          "fewer queue pairs per device (fewer ranks or channels per NIC, NCCL_IB_QPS_PER_CONNECTION=1), "
          "`ulimit -l unlimited`, and a current kernel and rdma-core for mana_ib", C.IB_RESOURCE_ERROR),
        # -- vfio passthrough --------------------------------------------------------------------------------
        # vfio_iommu_type1.c:2257 vfio_iommu_type1_attach_group: the platform's IOMMU has no interrupt remapping,
        # so the group is refused (-EPERM) unless allow_unsafe_interrupts: the GPU or NIC cannot be passed through.
        p(r"No interrupt remapping support\.\s+Use the module param \"allow_unsafe_interrupts\"", "p2p_error", E,
          "the host's IOMMU has no interrupt remapping, so vfio refuses to pass the device (GPU or NIC) through "
          "to the VM", "enable interrupt remapping (VT-d / AMD-Vi with x2APIC in the BIOS, intel_iommu=on or "
          "amd_iommu=on); only on trusted hosts load vfio_iommu_type1 with allow_unsafe_interrupts=1",
          C.ACS_IOMMU_P2P),
        # -- SR-IOV on the host --------------------------------------------------------------------------------
        # pci/iov.c:636 sriov_enable "not enough MMIO resources for SR-IOV" and :642 "can't enable %d VFs (bus %02x
        # out of range of %pR)": the BIOS left too little MMIO or too few bus numbers, so no VF is created.
        # ice_virtchnl.c:2110 "Can't add more MAC addresses, because VF-%d is not trusted, ..." and
        # i40e_virtchnl_pf.c:2963 "Cannot add more MAC addresses, VF is not trusted, ...": the PF refuses an
        # untrusted VF more MAC filters; ixgbe_main.c:7793 ixgbe_spoof_check "%u Spoofed packets detected": the
        # PF's spoof check dropped VF frames whose source MAC is not the VF's.
        p(r"not enough MMIO resources for SR-IOV|can't enable \d+ VFs \(bus [0-9a-f]+ out of range|"
          r"(?:Can't|Cannot) add more MAC addresses, (?:because )?VF(?:-\d+)? is not trusted|"
          r"\d+ Spoofed packets detected", "sriov_vf", E,
          "the host's SR-IOV set-up keeps a VF from working: the PCI core could not create the VFs (too little "
          "MMIO or too few bus numbers), or the PF refuses an untrusted VF's MAC filters or drops its frames in its "
          "spoof check", "enable SR-IOV resources in the BIOS (SR-IOV on, above-4G decoding) or boot with "
          "pci=realloc; on the PF: `ip link set <pf> vf N trust on`, give the VF its MAC (`ip link set <pf> vf N "
          "mac <mac>`) or `ip link set <pf> vf N spoofchk off` for VFs that carry other MACs", C.OTHER),
    )
