"""Rows of the line classifier (patterns.py) for HPE Slingshot: libfabric's cxi provider, the cxi kernel driver and
its retry handler, and aws-ofi-nccl's lines carrying cxi errors (tests/lines/hpe_slingshot.py holds every line with
file:line@commit).

They come before patterns_table.py's catch-all OFI row, which reads every libfabric and `NET/OFI` line as the plugin
failing (net_plugin_error): a cxi line names its own cause (the provider's queues sized below the traffic, the
fabric's retries, a peer gone, the job's VNI, the link, GPUDirect RDMA), or none (flow-control state changes, the
default service's security notice, one PCT timeout the retry handler retries).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list. The driver's SerDes alerts ("(sbl): 0: link down alert") and the retry handler's
# journal lines carry none of the shared words.
CXI_WORDS: tuple[bytes, ...] = (b"(sbl): ", b"which was retried", b"to parked list", b"_ucor",
                                b"NO_MATCHING_CONN", b"No VNIs", b"Cassini Event Queue")

_CXI_VNI_FIX = ("start every rank with the launcher that allocates the job's Slingshot VNIs: `srun --network=...` "
                "under Slurm's hpe_slingshot switch plugin (it exports SLINGSHOT_VNIS, SLINGSHOT_SVC_IDS and "
                "SLINGSHOT_DEVICES), or the site's PALS mpiexec; pass those variables into a container unchanged "
                "and never copy them from another job")
_CXI_LINK_FIX = ("check the node's Slingshot NIC: `cxi_stat` (link state and MAC address), `ip link show hsn0`, "
                 "`dmesg | grep cxi_ss1`; have the fabric administrators check the switch port and cable, drain "
                 "the node if the link stays down or flaps")


def cxi_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- lines that name no cause -------------------------------------------------------------------------
        # ofiwg/libfabric prov/cxi/src/cxip_dom.c:457@af8ddbe cxip_domain_enable: no auth_key given, the provider
        # uses the driver's default service (a security notice; the job runs). cxip_msg_hpc.c:2032@af8ddbe
        # "Now in RXC_FLOW_CONTROL" and :1710 "Re-enabling PTE, drop_count" are the receive side entering and
        # leaving flow control (the [Fatal] lines below say when it cannot recover); :852 "Transitioning to SW
        # EP" is the hybrid match mode doing what it is configured for; :4546 the rendezvous falling back to its
        # default protocol; cxip_iomm.c:338@af8ddbe the domain's memory-registration features at start-up.
        p(r"Security Issue: Using unrestricted service ID \d+ for|: Now in RXC_FLOW_CONTROL|Re-enabling PTE, "
          r"drop_count|Transitioning to SW EP due to too many unexpected messages|Insufficient resources for "
          r"alt_read protocol, switching to default protocol|Domain ATS: \d+ ODP: \d+ HMEM:",
          "noise", I, "libfabric's cxi provider stating its state: flow control entered and left, a hybrid "
          "endpoint moving to software matching, a fallback protocol, the default service in use",
          "nothing to fix", None, "noise"),
        # HewlettPackard/shs-libcxi retry_handler/main.c:1567@c147b9e: one PCT (packet) timeout the retry handler
        # retries ("try=1"); only retries exhausted (cancelling, parked NIDs below) fail a transfer.
        p(r"cxi_rh\[\d+\]: PCT timeout event \(spt=", "noise", I,
          "the Slingshot retry handler retrying one packet that timed out (normal on a busy fabric)",
          "nothing to fix", None, "noise"),
        # -- libfabric cxi: queues and receive resources sized below the traffic (fi_cxi.7 troubleshooting) ------
        # ofiwg/libfabric prov/cxi/src/cxip_evtq.c:416,420@af8ddbe cxip_evtq_progress: the hardware event queue
        # overflowed (the provider aborts) or dropped events; cxip_msg_hpc.c:2445@af8ddbe cxip_recv_pte_cb
        # C_SC_FC_EQ_FULL: the receive's event queue full put it into flow control. fi_cxi.7 sizes them with
        # FI_CXI_DEFAULT_CQ_SIZE: a tuning choice below the traffic, not the plugin failing.
        p(r"(?:H/W|Cassini) Event Queue overflow detected|\bEQ \d+ dropped event, rsvd slots|PtlTE \d+: Flow control "
          r"EQ full",
          "ofi_error", E, "libfabric's cxi provider ran out of event-queue space: completions came faster than "
          "its queue (sized by FI_CXI_DEFAULT_CQ_SIZE) holds, and an overflow aborts the process",
          "raise the cxi queue size for the job, e.g. `export FI_CXI_DEFAULT_CQ_SIZE=131072` (and "
          "FI_CXI_RX_MATCH_MODE=hybrid), then rerun", C.PERFORMANCE_CONFIG, "root", (C.NET_PLUGIN_ERROR,),
          False),
        # (ALCF's Aurora known issues quote the cxi provider's "Cassini Event Queue overflow detected." with the same
        # fix, FI_CXI_DEFAULT_CQ_SIZE=131072.)
        # cxip_msg_hpc.c:2027@af8ddbe cxip_post_ux_onload_fc and cxip_msg.c:444@af8ddbe
        # cxip_recv_pending_ptlte_disable: "[Fatal] LE ... FI_CXI_RX_MATCH_MODE=[hybrid|software] is required"
        # (hardware matching ran out of list entries); cxip_msg_hpc.c:2455,2466,2476@af8ddbe cxip_recv_pte_cb:
        # flow control for want of overflow buffers, unexpected-list entries or request buffers, naming
        # FI_CXI_OFLOW_BUF_SIZE / FI_CXI_REQ_BUF_SIZE.
        p(r"\[Fatal\] LE (?:resources not recovered|exhaustion) during flow control|PtlTE \d+: Flow control "
          r"(?:overflow no match|UX LE resources|request list full)",
          "ofi_error", E, "libfabric's cxi provider ran out of receive resources (hardware list entries, overflow "
          "or request buffers) under many unexpected messages: hardware-only matching or buffers sized below "
          "the traffic", "`export FI_CXI_RX_MATCH_MODE=hybrid` (or software) and raise the buffers the line "
          "names, e.g. FI_CXI_OFLOW_BUF_SIZE=25165824 FI_CXI_REQ_BUF_SIZE=25165824; a larger "
          "FI_CXI_DEFAULT_CQ_SIZE helps too", C.PERFORMANCE_CONFIG, "root", (C.NET_PLUGIN_ERROR,), False),
        # Cray MPICH's own warning when posting a receive keeps failing ("MPICH WARNING: OFI is failing to make
        # progress on posting a receive. MPICH suspects a hang due to completion queue exhaustion. Setting
        # environment variable FI_CXI_DEFAULT_CQ_SIZE to a higher number might circumvent this scenario",
        # StanfordLegion/legion#1270: FI_CXI_DEFAULT_CQ_SIZE=1310720 ran on 128 nodes).
        p(r"MPICH suspects a hang due to completion queue exhaustion", "ofi_error", W,
          "the cxi provider's completion queue filled up under many outstanding receives: Cray MPICH cannot post "
          "more and the job may hang", "raise FI_CXI_DEFAULT_CQ_SIZE (e.g. 131072 or more), or post fewer receives "
          "at once", C.PERFORMANCE_CONFIG, "root", (C.APPLICATION_BUG,), False),
        # prov/cxi/include/cxip.h:4084@af8ddbe cxip_set_env_rx_match_mode: FI_CXI_RX_MATCH_MODE is compared with
        # "hybrid" and "software" case-sensitively; anything else falls back to hardware matching.
        p(r"Unrecognized rx_match_mode: ", "tuning_invalid", E,
          "libfabric's cxi provider does not know the FI_CXI_RX_MATCH_MODE value and uses hardware matching",
          "set FI_CXI_RX_MATCH_MODE to one of hardware, hybrid or software, in lower case "
          "(`export FI_CXI_RX_MATCH_MODE=hybrid`)", C.PERFORMANCE_CONFIG),
        # -- transfers that fail on the fabric -------------------------------------------------------------------
        # prov/cxi/src/cxip_msg.c:708@af8ddbe cxip_report_send_completion, aws/aws-ofi-nccl
        # include/nccl_ofi_platform.h:125@2daf7d3 log_cq_error (strerror is cxi_rc_to_str) and
        # src/nccl_ofi_net.c:1232@b992b91 ofi_process_cq: C_RC_UNDELIVERABLE (FI_EHOSTUNREACH, 113) is what the
        # retry handler (shs-libcxi) answers after max_spt_retries retries or for a NID it parked as down.
        p(r"(?:\(err: \d+, |strerror: |Error: )UNDELIVERABLE\b", "ofi_error", E,
          "a Slingshot transfer was given up after the NIC's retry handler retried it without an answer (or "
          "the target node was marked down): packets are lost on the fabric or the peer node is gone",
          "check the peer node and the fabric: `journalctl -u cxi_rh@cxi0` and `dmesg | grep cxi_ss1` on both "
          "nodes (retries, parked NIDs, link alerts), `cxi_stat`; drain a node whose link flaps",
          C.IB_TIMEOUT_OR_RETRY, "root", (C.IB_PORT_DOWN_OR_LINK, C.RANK_CRASHED_ELSEWHERE), False),
        # cxi_rc_to_str (HewlettPackard/shs-cassini-headers 06f69b0) as aws-ofi-nccl prints it: VNI_NOT_FOUND
        # (FI_ENOTCONN: the target NIC answered but has no endpoint on the VNI) and PTLTE_NOT_FOUND (no portal
        # entry for the peer's process): the peer's endpoint is gone, its process exited first.
        p(r"(?:strerror: |Error: )(?:VNI_NOT_FOUND|PTLTE_NOT_FOUND)\b", "ofi_error", E,
          "the Slingshot NIC of the peer answered but has no endpoint for this transfer: the peer process "
          "exited (or closed its endpoint) before it", "find the rank that failed first (its own log: OOM, "
          "a crash, killed) and fix that error; this one follows from it", C.RANK_CRASHED_ELSEWHERE,
          "collateral", (C.APPLICATION_BUG, C.NET_PLUGIN_ERROR), False),
        # -- the interface, its service and VNI --------------------------------------------------------------------
        # prov/cxi/src/cxip_if.c:554,561,582@af8ddbe cxip_query_if_list drops the device: its retry handler
        # (cxi_rh) is not running, or no hsn netdev is visible (a container's network namespace), whose
        # placeholder name "DNE" then fails the AMA check: NCCL has no cxi device and uses sockets.
        p(r"CXI retry handler not running for device|CXI netdev not found for device|CXI device \S+, netdev DNE "
          r"AMA not recognized", "no_ib_device", E,
          "libfabric's cxi provider dropped the Slingshot NIC: its retry handler is not running, or the process "
          "sees no hsn network interface (a container in its own network namespace): NCCL falls back to TCP "
          "sockets", "on the node `systemctl status cxi_rh@cxi0` (start the retry handler); in a container use "
          "the host's network namespace (`--net=host`, or the site's Slingshot container hook) so hsn0 is "
          "visible", C.SOCKET_FALLBACK),
        # cxip_if.c:582@af8ddbe with a real netdev: its MAC is not the fabric's algorithmic MAC address (the link
        # was not brought up by the fabric manager); :143 cxip_get_if "Interface %s link down"; shs-cxi-driver
        # cass_phy.c:69@9ce667e CXI_EVENT_LINK_DOWN and cass_sbl.c:671 the SerDes link-down alert.
        p(r"CXI device \S+, netdev (?!DNE\b)\S+ AMA not recognized|Interface cxi\d+ link down|cxi\d+\[\w+\] "
          r"CXI_EVENT_LINK_DOWN|\(sbl\): \d+: link down alert", "ib_port_event", E,
          "the node's Slingshot link is down, or came up without the fabric's address (the fabric manager did "
          "not configure it)", _CXI_LINK_FIX, C.IB_PORT_DOWN_OR_LINK),
        # shs-cxi-driver cass_sbl.c:685@9ce667e: the SerDes reporting a lane degrade (rx or tx): the link runs
        # on fewer lanes after errors.
        p(r"\(sbl\): \d+: \w+ degrade alert", "ib_link_errors", W,
          "the Slingshot link lost lanes after errors (a degraded link): transfers slow down and retry",
          _CXI_LINK_FIX, C.IB_PORT_DOWN_OR_LINK),
        # shs-cxi-driver cass_core.c:1453@9ce667e: an unrecoverable hardware error makes the driver disable the NIC.
        p(r"cxi\d+\[\w+\] Disabling device\. Reason: ", "nic_fault", E,
          "the Slingshot NIC's driver disabled the NIC after an unrecoverable hardware error",
          "drain the node and reboot it; have the NIC checked or replaced if the error returns "
          "(`dmesg | grep cxi_ss1`)", C.IB_PORT_DOWN_OR_LINK),
        # cxip_if.c:154@af8ddbe cxip_get_if: cxil_open_device failed (-2, ENOENT: no /dev/cxi0 where the process
        # runs): the device is not usable from here, as a failed ibv_open_device is.
        p(r"Failed to open CXI Device, ret: -?\d+", "ibv_call_failed", E,
          "libfabric could not open the Slingshot NIC (/dev/cxi*) from this process: the device is not in "
          "the container, or not readable by the job's user", "check `ls -l /dev/cxi*` and `cxi_stat` where "
          "the job runs; pass the devices into the container (`--device /dev/cxi0`, the site's Slingshot hook)",
          C.IB_RESOURCE_ERROR),
        # cxip_nic.c:310@af8ddbe (no SLINGSHOT_* service or VNI for the process), cxip_dom.c:449@af8ddbe (it then
        # asks for service 0, which the driver never allocates: -22), cxip_if.c:228@af8ddbe (a VNI the service
        # does not allow): a process started outside the launcher that allocates the job's VNIs.
        p(r"Failed to find valid default rgroup and vni for|cxil_get_svc with \S+ and svc_id \d+ failed|Invalid "
          r"VNI \d+ for cxi\d+ and svc_id", "launch_config", E,
          "the process has no Slingshot service or VNI of its job: it was not started by the launcher that "
          "allocates them (srun with Slingshot's switch plugin, PALS), or it carries another job's",
          _CXI_VNI_FIX, C.APPLICATION_BUG),
        # -- memory registration -----------------------------------------------------------------------------
        # cxip_iomm.c:121@af8ddbe cxip_do_map: cxil_map of GPU memory failing with -19 (ENODEV): the driver has
        # no GPU peer-memory support (its nvidia_p2p/amd_p2p init found no symbols).
        p(r"cxil_map lni: \d+ [^\n]*failure: -19\b", "ofi_error", E,
          "the Slingshot NIC could not map GPU memory (ENODEV): the cxi driver has no GPUDirect RDMA support "
          "for this GPU", "load the GPU driver's peer-memory support before the cxi driver (nvidia_p2p / "
          "amdgpu), then reload cxi_ss1 (`dmesg | grep p2p_init`); as a test FI_HMEM_DISABLE_P2P=1 or "
          "NCCL_NET_GDR_LEVEL=LOC", C.GDR_UNAVAILABLE, "root", (C.NET_PLUGIN_ERROR,), False),
        # shs-cxi-driver cass_nvidia_gpu.c:304, cass_amd_gpu.c:144, cass_p2p.c:280@9ce667e: the driver found no
        # NVIDIA or AMD peer-memory symbols (the GPU driver loaded after cxi_ss1) and disabled GPU RDMA.
        p(r"cxi_ss1: Failed to find (?:Nvidia|AMD) GPU symbols|cxi\d+\[\w+\] p2p_init failed", "gdr_disabled", E,
          "the Slingshot NIC's driver found no GPU peer-memory support: GPUDirect RDMA is off and GPU data is "
          "staged through host memory", "load the GPU driver before cxi_ss1 (or reload cxi_ss1 after it) so "
          "the driver finds its P2P symbols; `dmesg | grep -i p2p` should show `Have Nvidia P2P interface`",
          C.GDR_UNAVAILABLE),
        # cxip_iomm.c:235@af8ddbe cxip_scalable_iomm_init: FI_CXI_ATS_MLOCK_MODE=all calls mlockall, refused
        # (-12) under the locked-memory limit.
        p(r"mlockall\(MCL_CURRENT \| MCL_FUTURE\) failed", "memlock", E,
          "libfabric's cxi provider could not lock the process's memory (FI_CXI_ATS_MLOCK_MODE=all): the "
          "locked-memory limit is too low", "`ulimit -l unlimited` where the job runs (Slurm "
          "PropagateResourceLimitsExcept=MEMLOCK), or unset FI_CXI_ATS_MLOCK_MODE", C.MEMLOCK_OR_ULIMIT),
        # -- libcxi's retry handler (cxi_rh) ------------------------------------------------------------------
        # HewlettPackard/shs-libcxi retry_handler/unordered.c:192@c147b9e: a packet retried max_spt_retries
        # times is cancelled (the transfer fails UNDELIVERABLE); main.c:1175: a NID that stopped answering is
        # parked, packets to it fail at once.
        p(r"cancelling spt=\d+ which was retried \d+ times", "ib_completion_error", E,
          "the Slingshot retry handler gave up on a packet after its retries: the transfer fails",
          "check the target node and the links between (`dmesg | grep cxi_ss1` on both, the switch ports); "
          "drain a node or link that keeps losing packets", C.IB_TIMEOUT_OR_RETRY, "root",
          (C.IB_PORT_DOWN_OR_LINK,), False),
        # The retry handler closing a connection (HewlettPackard/shs-docs, troubleshooting MPI application failures):
        # "RH: will close sct=3. spt=191 was retried due to timeouts 4 times" (no answer from the peer NIC: an AMA
        # mismatch or a link) and "will close sct=N because it only saw NO_MATCHING_CONN Nacks" (the peer NIC has
        # no such connection any more: its node or NIC failed, or its process is gone).
        p(r"was retried due to timeouts \d+ times", "ib_completion_error", E,
          "the Slingshot retry handler closed a connection after its packets timed out: the peer NIC did not answer",
          "check the peer node the journal names (nid=): its NIC's dmesg (cxi_core errors, an AMA mismatch) and "
          "links; drain it if it keeps failing", C.IB_TIMEOUT_OR_RETRY, "root", (C.IB_PORT_DOWN_OR_LINK,), False),
        p(r"because it only saw NO_MATCHING_CONN Nacks", "remote_exited", E,
          "the Slingshot retry handler closed a connection the peer NIC no longer knows: the peer's process, NIC or "
          "node failed first", "read the peer node's own errors (its rank's log, `dmesg | grep cxi_core` there)",
          C.RANK_CRASHED_ELSEWHERE, "collateral", (C.IB_PORT_DOWN_OR_LINK,)),
        # The cxi driver's error interrupts (Common CXI core error messages, HewlettPackard/shs-docs): a fabric
        # address the switch does not expect (port_dfa_mismatch: an AMA mismatch, a wrong fabric template or cable),
        # the link going down (pcs_link_down) or losing frames (llr_*, mac_rx_frame_err); uncorrectable NIC memory
        # errors (*_ucor) and tct_tbl_dealloc leave the NIC unusable until the node reboots. Not by the class alone
        # (C_EC_CRIT also carries pri_rbyp_abort, PCIe-correctable and expected).
        p(r"cxi\d+\[\w+\]: C_EC_\w+: \w+ error: (?:port_dfa_mismatch|pcs_link_down)\b", "ib_port_event", E,
          "the Slingshot NIC's link went down, or the switch found a fabric address it does not expect (an AMA "
          "mismatch: a wrong fabric template or cabling)", _CXI_LINK_FIX, C.IB_PORT_DOWN_OR_LINK),
        p(r"cxi\d+\[\w+\]: C_EC_\w+: \w+ error: (?:llr_\w+|mac_rx_frame_err)\b", "ib_link_errors", W,
          "the Slingshot link is losing frames (poor link quality, uncorrected codewords)", _CXI_LINK_FIX,
          C.IB_PORT_DOWN_OR_LINK),
        p(r"cxi\d+\[\w+\]: C_EC_\w+: (?:\w+ error: (?:\w+_ucor|tct_tbl_dealloc)\b|mem_ucor_err_cntr)", "nic_fault", E,
          "the Slingshot NIC reports an uncorrectable hardware error (or a state it leaves only by a reboot)",
          "drain and reboot the node; replace the NIC if it repeats", C.IB_PORT_DOWN_OR_LINK),
        # PALS' mpiexec on Aurora: "start failed on <node>: No VNIs available in internal allocator" (ALCF's known
        # issues: `mpiexec --no-vni`).
        p(r"No VNIs available in internal allocator", "launch_config", E,
          "the launcher could not allocate a Slingshot VNI for the job", "run `mpiexec --no-vni` (ALCF) or ask the "
          "site about the VNI service", C.OTHER),
        p(r"Adding nid=\d+ \(mac=[0-9A-F:]+\) to parked list", "fabric_drops", W,
          "the Slingshot retry handler marked a node as unreachable after its packets timed out: transfers to "
          "it fail until it answers again", "check the node the NID names (is it up, is its link up: "
          "`cxi_stat`, `dmesg | grep cxi_ss1`) and the switch ports between", C.IB_TIMEOUT_OR_RETRY, "root",
          (C.IB_PORT_DOWN_OR_LINK, C.RANK_CRASHED_ELSEWHERE)),
    )
