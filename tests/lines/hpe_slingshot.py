"""Lines of HPE Slingshot / Cray systems under NCCL and RCCL, read alone and inside an NCCL log: libfabric's cxi
provider (ofiwg/libfabric af8ddbe prov/cxi: its `libfabric:pid:time::cxi:subsys:func():line<warn> host: msg`
lines, CXIP_LOG/CXIP_FATAL printed whatever FI_LOG_LEVEL says, the hardware return codes of cxi_rc_to_str from
HewlettPackard/shs-cassini-headers 06f69b0), aws-ofi-nccl on the cxi provider (aws/aws-ofi-nccl 2daf7d3, whose
Default platform's log_cq_error prints the provider's strerror, and v1.6.0 b992b91, the release many Slingshot
sites built), the Cassini kernel driver as dmesg shows it (HewlettPackard/shs-cxi-driver 9ce667e: cxi_ss1) and
libcxi's retry handler as the journal shows it (HewlettPackard/shs-libcxi c147b9e: cxi_rh). Cray MPICH is closed
source and left out. Causes decided from the code and the provider's man page (fi_cxi.7) around each line:
- The hardware event queue overflowing (abort), its dropped events, LE (list entry) exhaustion under flow control
  with FI_CXI_RX_MATCH_MODE=hardware, and the flow-control warnings that name FI_CXI_OFLOW_BUF_SIZE /
  FI_CXI_REQ_BUF_SIZE are the provider's queues and match mode sized below the traffic: fi_cxi.7's troubleshooting
  guide fixes them with FI_CXI_DEFAULT_CQ_SIZE, the hybrid/software match mode and the buffer sizes, so they are
  performance_config (a tuning choice, here one that also aborts), not a broken plugin; an rx_match_mode value the
  provider does not know (it compares `hybrid` and `software` case-sensitively, falling back to hardware) is a
  refused tuning value.
- UNDELIVERABLE (FI_EHOSTUNREACH) is what libcxi's retry handler answers after a packet was retried
  max_spt_retries times or its target NID was declared down for undeliverable packets: retries and timeouts on the
  fabric, ib_timeout_or_retry as IB's retry-exceeded status; so are the retry handler's own cancel and parked-NID
  lines. VNI_NOT_FOUND (FI_ENOTCONN: "the target NIC is reachable", no endpoint there) and PTLTE_NOT_FOUND (no
  portal entry for the peer's PID) mean the peer's endpoint is gone: rank_crashed_elsewhere.
- A device the provider drops at start-up because its retry handler is not running or the container's network
  namespace shows no hsn netdev (then the AMA check reads the placeholder netdev "DNE") leaves NCCL without the
  network (socket_fallback); a real netdev without the fabric's algorithmic MAC address, an interface whose link is
  down, the driver's link-down events and lane-degrade alerts are ib_port_down_or_link, as is the driver disabling
  the NIC on an unrecoverable error (log.nic_fault); /dev/cxi0 not openable from the process is the device not
  usable here (ib_resource_error, as verbs calls).
- No service/VNI found for the process (the provider then tries service 0, which the driver's idr never holds), or
  a VNI its service does not allow, is a process started outside the launcher that allocates the job's VNIs
  (srun's hpe_slingshot switch plugin exports SLINGSHOT_VNIS/SVC_IDS/DEVICES): log.launch_config, application_bug.
- cxil_map of device memory (CXI_MAP_DEVICE) failing with ENODEV, and the driver finding no NVIDIA or AMD peer-memory
  symbols, is GPUDirect RDMA unavailable; mlockall failing under FI_CXI_ATS_MLOCK_MODE=all is the memlock limit.
State changes of flow control, a hybrid endpoint moving to software matching as configured, the default service's
security notice, a single PCT timeout the retry handler retries, and the plugin's provider and platform notices
name nothing."""

from __future__ import annotations

CASES = [
    # libfabric cxi provider: event queue and receive-resource sizing (fi_cxi.7 troubleshooting guide)
    ('ofiwg/libfabric prov/cxi/src/cxip_evtq.c:420@af8ddbe',
     'libfabric:187342:1733140512::cxi:core:cxip_evtq_progress():420<warn> nid001234: H/W Event Queue overflow detected.',
     'log.ofi_error', 'performance_config'),
    ('ofiwg/libfabric prov/cxi/src/cxip_evtq.c:416@af8ddbe',
     'libfabric:187342:1733140512::cxi:cq:cxip_evtq_progress():416<warn> nid001234: EQ 12 dropped event, rsvd slots 256, free slots 0',
     'log.ofi_error', 'performance_config'),
    ('ofiwg/libfabric prov/cxi/src/cxip_msg_hpc.c:2027@af8ddbe',
     'libfabric:187342:1733140512::cxi:core:cxip_post_ux_onload_fc():2027<warn> nid001234: RXC (0x1a2b:0) PtlTE 97:[Fatal] LE resources not recovered during flow control. FI_CXI_RX_MATCH_MODE=[hybrid|software] is required',
     'log.ofi_error', 'performance_config'),
    ('ofiwg/libfabric prov/cxi/src/cxip_msg.c:444@af8ddbe',
     'libfabric:187342:1733140512::cxi:core:cxip_recv_pending_ptlte_disable():444<warn> nid001234: RXC (0x1a2b:0) PtlTE 97:[Fatal] LE exhaustion during flow control, FI_CXI_RX_MATCH_MODE=[hybrid|software] is required',
     'log.ofi_error', 'performance_config'),
    ('ofiwg/libfabric prov/cxi/src/cxip_msg_hpc.c:2445@af8ddbe',
     'libfabric:187342:1733140512::cxi:ep_data:cxip_recv_pte_cb():2445<warn> nid001234: RXC (0x1a2b:0) PtlTE 97: Flow control EQ full',
     'log.ofi_error', 'performance_config'),
    ('ofiwg/libfabric prov/cxi/src/cxip_msg_hpc.c:2455@af8ddbe',
     'libfabric:187342:1733140512::cxi:ep_data:cxip_recv_pte_cb():2455<warn> nid001234: RXC (0x1a2b:0) PtlTE 97: Flow control overflow no match, increasing FI_CXI_OFLOW_BUF_SIZE (current is 12582912B) may reduce occurrence',
     'log.ofi_error', 'performance_config'),
    ('ofiwg/libfabric prov/cxi/src/cxip_msg_hpc.c:2466@af8ddbe',
     'libfabric:187342:1733140512::cxi:ep_data:cxip_recv_pte_cb():2466<warn> nid001234: RXC (0x1a2b:0) PtlTE 97: Flow control UX LE resources',
     'log.ofi_error', 'performance_config'),
    ('ofiwg/libfabric prov/cxi/src/cxip_msg_hpc.c:2476@af8ddbe',
     'libfabric:187342:1733140512::cxi:ep_data:cxip_recv_pte_cb():2476<warn> nid001234: RXC (0x1a2b:0) PtlTE 97: Flow control request list full, increasing FI_CXI_REQ_BUF_SIZE value (current is 12582912B) may reduce occurrence',
     'log.ofi_error', 'performance_config'),
    ('ofiwg/libfabric prov/cxi/include/cxip.h:4084@af8ddbe',
     'libfabric:187342:1733140512::cxi:fabric:cxip_set_env_rx_match_mode():4084<warn> nid001234: Unrecognized rx_match_mode: HYBRID',
     'log.tuning_invalid', 'performance_config'),
    # libfabric cxi provider: transfers that fail at the NIC
    ('ofiwg/libfabric prov/cxi/src/cxip_msg.c:708@af8ddbe',
     'libfabric:187342:1733140512::cxi:ep_data:cxip_report_send_completion():708<warn> nid001234: TXC (0x1a2b:0): Request dest_addr: 5 caddr.nic: 0X1A3C caddr.pid: 0 error: 0x55d2c8e41b20 (err: 113, UNDELIVERABLE)',
     'log.ofi_error', 'ib_timeout_or_retry'),
    # libfabric cxi provider: the interface, its service and VNI
    ('ofiwg/libfabric prov/cxi/src/cxip_if.c:554@af8ddbe',
     'libfabric:187342:1733140512::cxi:core:cxip_query_if_list():554<warn> nid001234: CXI retry handler not running for device: cxi0',
     'log.no_ib_device', 'socket_fallback'),
    ('ofiwg/libfabric prov/cxi/src/cxip_if.c:561@af8ddbe',
     'libfabric:187342:1733140512::cxi:core:cxip_query_if_list():561<warn> nid001234: CXI netdev not found for device: cxi0',
     'log.no_ib_device', 'socket_fallback'),
    # with no netdev found the provider checks the placeholder "DNE": the netdev lookup, not the fabric, failed
    ('ofiwg/libfabric prov/cxi/src/cxip_if.c:582@af8ddbe',
     'libfabric:187342:1733140512::cxi:core:cxip_query_if_list():582<warn> nid001234: CXI device cxi0, netdev DNE AMA not recognized',
     'log.no_ib_device', 'socket_fallback'),
    ('ofiwg/libfabric prov/cxi/src/cxip_if.c:582@af8ddbe',
     'libfabric:187342:1733140512::cxi:core:cxip_query_if_list():582<warn> nid001234: CXI device cxi0, netdev hsn0 AMA not recognized',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('ofiwg/libfabric prov/cxi/src/cxip_if.c:143@af8ddbe',
     'libfabric:187342:1733140512::cxi:domain:cxip_get_if():143<info> nid001234: Interface cxi0 link down.',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('ofiwg/libfabric prov/cxi/src/cxip_if.c:154@af8ddbe',
     'libfabric:187342:1733140512::cxi:domain:cxip_get_if():154<warn> nid001234: Failed to open CXI Device, ret: -2',
     'log.ibv_call_failed', 'ib_resource_error'),
    ('ofiwg/libfabric prov/cxi/src/cxip_nic.c:310@af8ddbe',
     'libfabric:187342:1733140512::cxi:fabric:cxip_nic_get_rgroup_vni():310<warn> nid001234: Failed to find valid default rgroup and vni for cxi0',
     'log.launch_config', 'application_bug'),
    ('ofiwg/libfabric prov/cxi/src/cxip_dom.c:449@af8ddbe',
     'libfabric:187342:1733140512::cxi:domain:cxip_domain_enable():449<warn> nid001234: cxil_get_svc with cxi0 and svc_id 0 failed: -22:Invalid argument',
     'log.launch_config', 'application_bug'),
    ('ofiwg/libfabric prov/cxi/src/cxip_if.c:228@af8ddbe',
     'libfabric:187342:1733140512::cxi:domain:cxip_if_valid_rgroup_vni():228<warn> nid001234: Invalid VNI 1056 for cxi0 and svc_id 5',
     'log.launch_config', 'application_bug'),
    # libfabric cxi provider: memory registration, ATS
    ('ofiwg/libfabric prov/cxi/src/cxip_iomm.c:121@af8ddbe',
     'libfabric:187342:1733140512::cxi:mr:cxip_do_map():121<warn> nid001234: cxil_map lni: 3 base: 0x0x7f1e40000000 len: 4194304 map_flags: 0x20D failure: -19, No such device',
     'log.ofi_error', 'gdr_unavailable'),
    ('ofiwg/libfabric prov/cxi/src/cxip_iomm.c:235@af8ddbe',
     'libfabric:187342:1733140512::cxi:mr:cxip_scalable_iomm_init():235<warn> nid001234: mlockall(MCL_CURRENT | MCL_FUTURE) failed: -12',
     'log.memlock', 'memlock_or_ulimit'),
    # aws-ofi-nccl on the cxi provider (the Default platform's log_cq_error prints cxi_rc_to_str)
    ('aws/aws-ofi-nccl include/nccl_ofi_platform.h:125@2daf7d3',
     'nid001234:187342:187401 [0] virtual void Platform::log_cq_error(void*, fid_cq*, fi_cq_err_entry*, const char*):125 NCCL WARN NET/OFI Request 0x7f2e5c01a3b0 ({ dev: 0, size: 1048576, state: PENDING, direction: SEND }) completed with error: err: 113, flags: 2056, prov_errno: 2, strerror: UNDELIVERABLE, len: 0',
     'log.ofi_error', 'ib_timeout_or_retry'),
    ('aws/aws-ofi-nccl include/nccl_ofi_platform.h:125@2daf7d3',
     'nid001234:187342:187401 [0] virtual void Platform::log_cq_error(void*, fid_cq*, fi_cq_err_entry*, const char*):125 NCCL WARN NET/OFI Request 0x7f2e5c01a3b0 ({ dev: 0, size: 1048576, state: PENDING, direction: SEND }) completed with error: err: 107, flags: 2056, prov_errno: 25, strerror: VNI_NOT_FOUND, len: 0',
     'log.ofi_error', 'rank_crashed_elsewhere'),
    ('aws/aws-ofi-nccl src/nccl_ofi_net.c:1232@b992b91',
     'nid001234:187342:187401 [0] ofi_process_cq:1232 NCCL WARN NET/OFI Request 0x7f2e5c01a3b0 completed with error. RC: 113. Error: UNDELIVERABLE. Completed length: 0, Request: { buffer_index: 0, dev: 0, size: 1048576, state: PENDING, direction: SEND }',
     'log.ofi_error', 'ib_timeout_or_retry'),
    ('aws/aws-ofi-nccl src/nccl_ofi_net.c:1232@b992b91',
     'nid001234:187342:187401 [0] ofi_process_cq:1232 NCCL WARN NET/OFI Request 0x7f2e5c01a3b0 completed with error. RC: 5. Error: PTLTE_NOT_FOUND. Completed length: 0, Request: { buffer_index: 0, dev: 0, size: 1048576, state: PENDING, direction: SEND }',
     'log.ofi_error', 'rank_crashed_elsewhere'),
    # the Cassini kernel driver (cxi_ss1), as dmesg prints it
    ('HewlettPackard/shs-cxi-driver drivers/net/ethernet/hpe/ss1/cass_phy.c:69@9ce667e',
     '[ 8123.456789] cxi_ss1 0000:c1:00.0: cxi0[hsn0] CXI_EVENT_LINK_DOWN',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('HewlettPackard/shs-cxi-driver drivers/net/ethernet/hpe/ss1/cass_sbl.c:671@9ce667e',
     '[ 8123.456701] cxi_ss1 0000:c1:00.0: cxi0[hsn0] (sbl): 0: link down alert',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('HewlettPackard/shs-cxi-driver drivers/net/ethernet/hpe/ss1/cass_sbl.c:685@9ce667e',
     '[ 8123.456702] cxi_ss1 0000:c1:00.0: cxi0[hsn0] (sbl): 0: rx degrade alert',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('HewlettPackard/shs-cxi-driver drivers/net/ethernet/hpe/ss1/cass_core.c:1453@9ce667e',
     '[ 8123.500112] cxi_ss1 0000:c1:00.0: cxi0[hsn0] Disabling device. Reason: Unrecoverable error: ixe with bitn: 40',
     'log.nic_fault', 'ib_port_down_or_link'),
    ('HewlettPackard/shs-cxi-driver drivers/net/ethernet/hpe/ss1/cass_nvidia_gpu.c:304@9ce667e',
     '[   42.118305] cxi_ss1:nvidia_p2p_init:304 cxi_ss1: Failed to find Nvidia GPU symbols. Nvidia RDMA support disabled.',
     'log.gdr_disabled', 'gdr_unavailable'),
    ('HewlettPackard/shs-cxi-driver drivers/net/ethernet/hpe/ss1/cass_amd_gpu.c:144@9ce667e',
     '[   42.118305] cxi_ss1:amd_p2p_init:144 cxi_ss1: Failed to find AMD GPU symbols. AMD RDMA support disabled.',
     'log.gdr_disabled', 'gdr_unavailable'),
    ('HewlettPackard/shs-cxi-driver drivers/net/ethernet/hpe/ss1/cass_p2p.c:280@9ce667e',
     '[ 8123.600431] cxi_ss1 0000:c1:00.0: cxi0[hsn0] p2p_init failed -19',
     'log.gdr_disabled', 'gdr_unavailable'),
    # libcxi's retry handler (cxi_rh@cxi0.service), as journalctl prints it
    ('HewlettPackard/shs-libcxi retry_handler/unordered.c:192@c147b9e',
     'Dec 01 10:31:40 nid001234 cxi_rh[2154]: cancelling spt=1843 which was retried 4 times',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
    ('HewlettPackard/shs-libcxi retry_handler/main.c:1175@c147b9e',
     'Dec 01 10:31:40 nid001234 cxi_rh[2154]: Adding nid=4321 (mac=00:10:E1) to parked list',
     'log.fabric_drops', 'ib_timeout_or_retry'),
]

NO_CAUSE = [
    'libfabric:187342:1733140512::cxi:domain:cxip_domain_enable():457<warn> nid001234: Security Issue: Using unrestricted service ID 1 for cxi0. Please provide a service ID via auth_key fields.',  # ofiwg/libfabric prov/cxi/src/cxip_dom.c:457@af8ddbe
    'libfabric:187342:1733140512::cxi:ep_data:cxip_post_ux_onload_fc():2032<warn> nid001234: RXC (0x1a2b:0) PtlTE 97: Now in RXC_FLOW_CONTROL',  # ofiwg/libfabric prov/cxi/src/cxip_msg_hpc.c:2032@af8ddbe
    'libfabric:187342:1733140512::cxi:ep_data:cxip_recv_reenable():1710<warn> nid001234: RXC (0x1a2b:0) PtlTE 97: Re-enabling PTE, drop_count 12',  # ofiwg/libfabric prov/cxi/src/cxip_msg_hpc.c:1710@af8ddbe
    'libfabric:187342:1733140512::cxi:ep_data:cxip_rxc_check_ule_hybrid_preempt():852<warn> nid001234: RXC (0x1a2b:0) PtlTE 97: Transitioning to SW EP due to too many unexpected messages: posted_count=0 request_size=1024',  # ofiwg/libfabric prov/cxi/src/cxip_msg_hpc.c:852@af8ddbe
    'libfabric:187342:1733140512::cxi:ep_data:_cxip_send_rdzv_put():4546<warn> nid001234: TXC (0x1a2b:0): Insufficient resources for alt_read protocol, switching to default protocol',  # ofiwg/libfabric prov/cxi/src/cxip_msg_hpc.c:4546@af8ddbe
    'libfabric:187342:1733140512::cxi:mr:cxip_iomm_init():338<info> nid001234: Domain ATS: 0 ODP: 0 HMEM: 1 Scalable: 0',  # ofiwg/libfabric prov/cxi/src/cxip_iomm.c:338@af8ddbe
    'nid001234:187342:187342 [0] NCCL INFO NET/OFI Plugin selected platform: Default',  # aws/aws-ofi-nccl src/nccl_ofi_net.cpp:232@2daf7d3
    'nid001234:187342:187342 [0] NCCL INFO NET/OFI Selected provider is cxi, fabric is cxi (found 4 nics)',  # aws/aws-ofi-nccl src/nccl_ofi_net.cpp:644@2daf7d3
    'nid001234:187342:187342 [0] NCCL INFO NET/OFI Selected Provider is cxi (found 4 nics)',  # aws/aws-ofi-nccl src/nccl_ofi_net.c:1386@b992b91
    '[   42.118309] cxi_ss1:nvidia_p2p_init:309 cxi_ss1: Have Nvidia P2P interface',  # HewlettPackard/shs-cxi-driver drivers/net/ethernet/hpe/ss1/cass_nvidia_gpu.c:309@9ce667e
    '[   61.204117] cxi_ss1 0000:c1:00.0: cxi0[hsn0] CXI_EVENT_LINK_UP',  # HewlettPackard/shs-cxi-driver drivers/net/ethernet/hpe/ss1/cass_phy.c:60@9ce667e
    'Dec 01 10:31:38 nid001234 cxi_rh[2154]: PCT timeout event (spt=1843, smt=12, seqno=417, srb=88, try=1, ordered=1, nid=4321, mac=00:10:E1, ep=97, vni=1056, cont_sct=-1, ts=1764585098.114520)',  # HewlettPackard/shs-libcxi retry_handler/main.c:1567@c147b9e
]
