"""The line classifier's rows for the fabric diagnostics users paste beside an NCCL failure: the InfiniBand
tools of rdma-core's infiniband-diags (perfquery, ibqueryerrors, iblinkinfo, ibportstate, the older ibcheck*
scripts) and ibutils' ibdiagnet, mstflint's mlxlink, the mlx5 driver's ethtool and RDMA counters, and the
kernel's PCIe bandwidth notice. Each comment names the source (rdma-core 691953d, mstflint v4.36.0, ibutils
baa8f2c, Linux 6.12 and its Documentation/networking/device_drivers/ethernet/mellanox/mlx5/counters.rst).
Counters accumulate for the life of a port, so a row fires only on the counts infiniband-diags' own
etc/error_thresholds suggests (10 for link errors, 100 for discards), not on any non-zero value. Same row shape
as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
# perfquery "Name:.....value", ibqueryerrors "[Name == value]", ibcheckerrors "#warn: counter Name = value".
_IS = r"(?::\.+\s*|\s*==?\s*)"
_LINK_FIX = ("check that port's cable and transceiver and the switch port at its other end (`mlxlink -d <dev> -m`), "
             "reseat or replace them, then clear the counters (`perfquery -x -R`) and watch whether they grow")

# The fabric manager's word for a machine with no NVSwitch; the log state notes it (the service's own failure lines
# beside it are then no fault: diagnose.error_findings).
FM_NOTHING_TO_DO = r"NV_WARN_NOTHING_TO_DO"


def fabric_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # nv-fabricmanager on a machine with no NVSwitch (PCIe GPUs, an NVLink bridge: NVIDIA/gpu-operator#610,
        # data-infra/cube-studio#29): "request to query NVSwitch device information from NVSwitch driver failed
        # with error:WARNING Nothing to do [NV_WARN_NOTHING_TO_DO]": it has nothing to manage; the GPUs work.
        p(FM_NOTHING_TO_DO, "noise", I,
          "the fabric manager found no NVSwitch to manage: this machine's GPUs do not need it (PCIe, or an NVLink "
          "bridge)", "nothing to fix for the GPUs; disable nvidia-fabricmanager on machines without NVSwitch",
          None, "noise"),
        # -- link errors -----------------------------------------------------------------------------------
        # The IBA error counters of a bad physical link (the kernel's sysfs-class-infiniband: SymbolErrorCounter
        # "minor link errors detected on one or more physical lanes", LinkErrorRecoveryCounter "the port
        # successfully completed the link error recovery process", LinkDownedCounter "failed the link error
        # recovery process and downed the link"); mlx5's ethtool link_down_events_phy, rx_pcs_symbol_err_phy,
        # rx_crc_errors_phy (counters.rst: "the number of times where the link operative state changed to down",
        # symbol errors, CRC errors on the physical port).
        p(r"\b(?:SymbolErrorCounter|LinkErrorRecoveryCounter|LinkDownedCounter|PortRcvErrors|LocalLinkIntegrityErrors|"
          r"ExcessiveBufferOverrunErrors)" + _IS + r"[1-9]\d+\b|\bPortRcvRemotePhysicalErrors" + _IS + r"[1-9]\d{2,}|"
          r"\b(?:rx_pcs_symbol_err_phy|rx_symbol_err_phy|rx_crc_errors_phy):\s*[1-9]\d+\b|"
          r"\blink_down_events_phy:\s*[1-9]\d*\b|Effective Physical Errors\s*:\s*[1-9]",
          "ib_link_errors", W, "the port's error counters show a bad physical link (symbol and CRC errors, link "
          "recoveries, the link going down): transfers on it are retried or time out", _LINK_FIX,
          C.IB_PORT_DOWN_OR_LINK, "root", (C.IB_TIMEOUT_OR_RETRY,)),
        # Links that came up narrower, slower or not at all: iblinkinfo "(Could be 4X)" / "( Could be 53.125
        # Gbps)" and a port "Initialize/ LinkUp" (no subnet manager has configured it); ibportstate "Peer ports
        # operating at active width %d rather than %d"; the ibcheck* scripts "#error: Physical link state is
        # Polling", "#warn: Logical link state is Initialize", "#warn: Link configured as 1X"; a PortInfo dump
        # ("PhysLinkState:....Polling", "LinkState:....Initialize", "LinkWidthActive:....1X"); ibdiagnet (v1)
        # "-E- Missing master SM", "-W- link with LOG=INI", "-W- link with PHY=..."; mlxlink's troubleshooting
        # "Status Opcode : N" (0 is "No issue was observed") and "State : Polling"; perftest "Port number %d state
        # is %s" for any state but Active (its portStates: Down, Init, Armed); rdma-core's rc_pingpong "Couldn't get
        # local LID" (an IB port without a LID: not ACTIVE, or no subnet manager configured it).
        p(r"\(\s*Could be [^)]*\w[^)]*\)|Initialize/\s*LinkUp|Peer ports operating at active (?:width|speed|extended "
          r"speed) \d+ rather than|Physical link state is (?:Polling|Disabled|LinkErrorRecovery)|Logical link state "
          r"is Initialize|Link configured as 1X|PhysLinkState:\.+(?:Polling|Disabled|LinkErrorRecovery)|"
          r"\bLinkState:\.+Initialize|LinkWidthActive:\.+1X|Missing master SM|link with (?:LOG=INI|PHY=)|"
          r"Status Opcode\s*:\s*[1-9]\d*|^\s*State\s*:\s*(?:Polling|Disable)|Port number \d+ state is (?:Down|Init|Armed)\b|"
          r"Couldn't get local LID",
          "ib_port_event", W, "an InfiniBand link is down, not configured by a subnet manager, or running "
          "narrower or slower than both ends can", _LINK_FIX + "; for a port in Initialize start or fix the subnet "
          "manager (`sminfo`)", C.IB_PORT_DOWN_OR_LINK),
        # -- drops and retransmissions ---------------------------------------------------------------------
        # PortXmitDiscards ("outbound packets discarded by the port because the port is down or congested");
        # mlx5's rx_discards_phy ("received packets dropped due to lack of buffers on a physical port"),
        # rx_prio<i>_discards, tx_pause_storm_warning/error_events (a stuck receiver stormed pauses); the RDMA
        # hw counters local_ack_timeout_err (the QP's ack timer expired: a retransmission), packet_seq_err and
        # out_of_sequence (packets lost on the way): a lossy fabric, which RDMA answers with timeouts and retries.
        p(r"\bPortXmitDiscards" + _IS + r"[1-9]\d{2,}|\b(?:rx_discards_phy|rx_prio\d_discards):\s*[1-9]\d{2,}\b|"
          r"\btx_pause_storm_(?:warning|error)_events:\s*[1-9]|\b(?:local_ack_timeout_err|packet_seq_err|"
          r"out_of_sequence)\b\D{0,3}[1-9]\d*\b", "fabric_drops", W,
          "the fabric drops packets (congestion without flow control, a stuck receiver): RDMA transfers time out "
          "and are retried", "on RoCE enable PFC on the RDMA priority and ECN end to end (switch and NIC, "
          "`mlnx_qos`), on IB find the congested or failing port (`ibqueryerrors`); NCCL_IB_TIMEOUT higher only "
          "as a stopgap", C.IB_TIMEOUT_OR_RETRY, "root", (C.IB_PORT_DOWN_OR_LINK, C.PERFORMANCE_CONFIG)),
        # -- PCIe ------------------------------------------------------------------------------------------
        # drivers/pci/pci.c pcie_print_link_status: "%u.%03u Gb/s available PCIe bandwidth, limited by %s x%d link at
        # %s (capable of %u.%03u Gb/s with %s x%d link)": the NIC's slot or a bridge above it trained below the NIC.
        p(r"available PCIe bandwidth, limited by", "pcie_link_degraded", W,
          "a PCIe link above the device runs narrower or slower than the device can: it gets a fraction of its "
          "bandwidth", "reseat the card or riser, check the slot's bifurcation and link settings in the BIOS; "
          "`lspci -vv -s <addr>` shows LnkCap and LnkSta", C.OTHER, "root", (C.TOPOLOGY_OR_NUMA,)),
        # mlx5 events.c "Detected insufficient power on the PCIe slot (%dW)": the NIC throttles or stops.
        p(r"Detected insufficient power on the PCIe slot", "pcie_error", W,
          "the NIC's PCIe slot does not give it the power it needs", "move the NIC to a slot (or riser) rated for "
          "its power, or fix the slot's power budget in the BIOS", C.OTHER, "root", (C.IB_PORT_DOWN_OR_LINK,)),
        # AER's decoded status "[21] ACSViol": a peer-to-peer request blocked by ACS on the bridge above.
        p(r"AER:\s+\[\d+\]\s+ACSViol", "p2p_error", E,
          "a PCIe peer-to-peer transfer was blocked by ACS (Access Control Services) on a bridge",
          "disable ACS on the PCIe switches (BIOS or `setpci`) and boot with iommu=pt, or NCCL_P2P_DISABLE=1 "
          "as a workaround", C.ACS_IOMMU_P2P),
    )
