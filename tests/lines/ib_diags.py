"""Lines of the InfiniBand management stack users run and paste beside NCCL's IB errors, read alone and inside an
NCCL log: infiniband-diags (ibstat, ibstatus, sminfo, saquery's SA handle, ibportstate, perfquery, ibqueryerrors,
iblinkinfo, ibtracert, ibping, ibnetdiscover's libibnetdisc), libibumad's and libibmad's warnings (ibwarn,
the tools' `prog: iberror: failed:` exit; linux-rdma/rdma-core 691953d) and the subnet manager OpenSM's log
(`Mon DD hh:mm:ss usec [thread] level -> function: text`, the SYS lines without a function; linux-rdma/opensm
fa74b98), beyond the ones tests/lines/rdma_tools.py and tests/lines/fabric_rocm.py hold. Causes decided from the
code around each line: a port that is not Active, a port disabled, a degraded speed, an SM port that is down or a
port with no SM (saquery's `No SM/SA found`, sminfo's query, which goes to the port's SM LID, failing) are
ib_port_down_or_link, as are OpenSM dropping a port that stopped answering its sweep (and the `GID out of service`
notice it sends for it), a Link state change trap and a port it sees up with no remote side; the link-integrity,
buffer-overrun and flow-control traps and counters are the link's errors; libibumad's missing ib_umad module
follows the existing row (ib_port_event). Partitions: a Bad P_Key trap (a packet carrying a P_Key the receiving
port is not a member of), a P_Key OpenSM could not put into a full table and switch partition-enforcement drops
(the Constraint counters) are a partition mismatch between the two ends, the InfiniBand counterpart of a RoCE
VLAN: gid_index_or_roce_config, under a proposed id log.ib_partition. Not causes: ibstat's `SM lid: 0` (every RoCE
port shows it), iblinkinfo's Down/Polling switch ports (every empty switch port shows it), a UMAD port that cannot
be opened (permissions, device nodes missing in a container, the module), SMP and MAD timeouts to one LID (OpenSM's
`Possible mis-set mkey?` is a guess), ibping's loss (it needs `ibping -S` on the target), ibtracert's bad
forwarding entry (the SM's routing, not a port), OpenSM failing to start or bind (another SM may be master), a
partition or QoS file OpenSM rejects (it falls back to the default, where every port is a full member), and its
state lines."""

from __future__ import annotations

CASES = [
    # libibumad
    ('linux-rdma/rdma-core libibumad/umad.c:119@691953d',
     "ibwarn: [2417] get_abi_version: can't read ABI version from /sys/class/infiniband_mad/abi_version (No such file or directory): is ib_umad module loaded?",
     'log.ib_port_event', 'ib_port_down_or_link'),
    # infiniband-diags: no subnet manager, ports not Active
    ('linux-rdma/rdma-core infiniband-diags/ibdiag_sa.c:70@691953d',
     'ibwarn: [31337] sa_get_handle: No SM/SA found on port (null):0',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/rdma-core infiniband-diags/sminfo.c:145@691953d',
     'sminfo: iberror: failed: query',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/rdma-core infiniband-diags/scripts/ibstatus:61@691953d',
     'Fatal error:  No devices',
     'log.no_ib_device', 'socket_fallback'),
    ('linux-rdma/rdma-core infiniband-diags/scripts/ibstatus:31@691953d',
     '\tstate:\t\t 2: INIT',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/rdma-core infiniband-diags/scripts/ibstatus:32@691953d',
     '\tphys state:\t 2: Polling',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/rdma-core infiniband-diags/ibstat.c:202@691953d',
     '\t\tState: Initializing',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/rdma-core infiniband-diags/ibstat.c:205@691953d',
     '\t\tPhysical state: Disabled',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/rdma-core libibmad/dump.c:508@691953d',
     'PhysLinkState:...................Disabled',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/rdma-core libibmad/dump.c:457@691953d',
     'LinkState:.......................Down',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/rdma-core infiniband-diags/ibportstate.c:371@691953d',
     'ibwarn: [24617] validate_speed: Peer ports operating at active speed 2 rather than 4 (10.0 Gbps)',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/rdma-core infiniband-diags/ibtracert.c:393@691953d',
     'ibwarn: [7720] find_route: Bad out port state found: node "ib-spine-01 MQM9790" outport 33 state 2',
     'log.ib_port_event', 'ib_port_down_or_link'),
    # infiniband-diags: link and partition counters
    ('linux-rdma/rdma-core libibmad/fields.c:255@691953d',
     'LocalLinkIntegrityErrors:........15',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('linux-rdma/rdma-core libibmad/fields.c:256@691953d',
     'ExcessiveBufferOverrunErrors:....12',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('linux-rdma/rdma-core infiniband-diags/ibqueryerrors.c:524@691953d',
     '   GUID 0x0c42a10300b1c2d4 port 17: [PortXmitConstraintErrors == 212] [PortRcvConstraintErrors == 1843]',
     'log.ib_partition', 'gid_index_or_roce_config'),
    # OpenSM: the SM's port, ports leaving the fabric, link traps
    ('linux-rdma/opensm opensm/osm_state_mgr.c:1432@fa74b98',
     'Dec 01 10:14:22 482913 [5E7F9700] 0x80 -> SM port is down',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/opensm opensm/osm_state_mgr.c:480@fa74b98',
     'Dec 01 10:14:22 483107 [5E7F9700] 0x01 -> state_mgr_is_sm_port_down: ERR 330A: Failed to discover SM port',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/opensm opensm/osm_state_mgr.c:838@fa74b98',
     'Dec 01 10:14:31 102334 [5E7F9700] 0x01 -> state_mgr_light_sweep_start: ERR 3315: Unknown remote side for node 0x0c42a10300a1b2c3 (ib-leaf-03 MQM8700) port 17. Adding to light sweep sampling list',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/opensm opensm/osm_drop_mgr.c:295@fa74b98',
     'Dec 01 10:14:31 240815 [5E7F9700] 0x02 -> drop_mgr_remove_port: Removed port with GUID:0x0c42a10300c3d4e5 LID range [57, 57] of node:gpu-node-07 HCA-1',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/opensm opensm/osm_inform.c:622@fa74b98',
     'Dec 01 10:14:31 240902 [5E7F9700] 0x02 -> log_notice: Reporting Informational Notice "GID out of service", GID:fe80::c42:a103:c3:d4e5',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/opensm opensm/osm_trap_rcv.c:298@fa74b98',
     'Dec 01 10:14:29 917266 [5D7F7700] 0x01 -> log_trap_info: Received Generic Notice type:1 num:128 (Link state change) Producer:2 (Switch) from LID:12 TID:0x000000000000004f',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('linux-rdma/opensm opensm/osm_trap_rcv.c:298@fa74b98',
     'Dec 01 10:13:58 004417 [5D7F7700] 0x01 -> log_trap_info: Received Generic Notice type:1 num:129 (Local Link integrity threshold reached) Producer:2 (Switch) from LID:12 Port 17 TID:0x0000000000000051',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('linux-rdma/opensm opensm/osm_trap_rcv.c:298@fa74b98',
     'Dec 01 10:13:58 005121 [5D7F7700] 0x01 -> log_trap_info: Received Generic Notice type:1 num:131 (Flow Control Update watchdog timer expired) Producer:2 (Switch) from LID:12 Port 17 TID:0x0000000000000052',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('linux-rdma/opensm opensm/osm_inform.c:652@fa74b98',
     'Dec 01 10:13:58 004590 [5D7F7700] 0x02 -> log_notice: Reporting Urgent Notice "Local Link integrity threshold reached" from LID 12, GUID 0x0c42a10300a1b2c3, port 17',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    # OpenSM: partitions
    ('linux-rdma/opensm opensm/osm_trap_rcv.c:298@fa74b98',
     'Dec 01 10:20:03 771209 [5D7F7700] 0x01 -> log_trap_info: Received Generic Notice type:2 num:257 (Bad P_Key) Producer:1 (Channel Adapter) from LID:61 TID:0x0000000000000a13',
     'log.ib_partition', 'gid_index_or_roce_config'),
    ('linux-rdma/opensm opensm/osm_trap_rcv.c:310@fa74b98',
     'Dec 01 10:20:03 771240 [5D7F7700] 0x01 -> log_trap_info: Bad P_Key:0x8001 on SL:0 from LID1:57 QP1:0x1a4 to LID2:61 QP2:0x2b71',
     'log.ib_partition', 'gid_index_or_roce_config'),
    ('linux-rdma/opensm opensm/osm_pkey_mgr.c:523@fa74b98',
     'Dec 01 10:14:25 311562 [5E7F9700] 0x01 -> pkey_mgr_update_port: ERR 0512: Failed to set PKey 0x8001 because Pkey table is full for node 0x0c42a10300c3d4e4 port 1 (gpu-node-07 HCA-1)',
     'log.ib_partition', 'gid_index_or_roce_config'),
]

NO_CAUSE = [
    "ibwarn: [4410] get_smi_gsi_pair: Can't open SMI UMAD port (Input/output error) (mlx5_0:1)",  # linux-rdma/rdma-core libibmad/rpc.c:456@691953d
    "ibwarn: [4410] mad_rpc_open_port2: can't open UMAD port ((null):0)",  # linux-rdma/rdma-core libibmad/rpc.c:546@691953d
    "sminfo: iberror: failed: Failed to open '(null)' port '0'",  # linux-rdma/rdma-core infiniband-diags/sminfo.c:117@691953d
    '\t\tSM lid: 0',  # linux-rdma/rdma-core infiniband-diags/ibstat.c:226@691953d
    '          12   17[  ] ==(                Down/ Polling)==>             [  ] "" ( )',  # linux-rdma/rdma-core infiniband-diags/iblinkinfo.c:254@691953d
    'ibwarn: [8841] mad_rpc_rmpp: _do_madrpc failed; dport (Lid 57)',  # linux-rdma/rdma-core libibmad/rpc.c:295@691953d
    '5 packets transmitted, 0 received, 100% packet loss, time 5006 ms',  # linux-rdma/rdma-core infiniband-diags/ibping.c:157@691953d
    'perfquery: iberror: failed: classportinfo query',  # linux-rdma/rdma-core infiniband-diags/perfquery.c:942@691953d
    '../libibnetdisc/query_smp.c:186; umad (DR path slid 0; dlid 0; 0,1,17 Attr 0x15:17) bad status 110; Connection timed out',  # linux-rdma/rdma-core libibnetdisc/query_smp.c:186@691953d
    'ibwarn: [7720] find_route: Bad forwarding table entry found at: node "ib-leaf-03 MQM8700" lid entry 57 is 0 (top 0)',  # linux-rdma/rdma-core infiniband-diags/ibtracert.c:397@691953d
    'Dec 01 10:14:35 904417 [5E7F9700] 0x80 -> SUBNET UP',  # linux-rdma/opensm opensm/osm_state_mgr.c:90@fa74b98
    'Dec 01 10:14:02 118204 [5E7F9700] 0x80 -> Entering STANDBY state',  # linux-rdma/opensm opensm/osm_sm_state_mgr.c:72@fa74b98
    'Dec 01 10:14:35 904390 [5E7F9700] 0x80 -> Errors during initialization',  # linux-rdma/opensm opensm/osm_state_mgr.c:1671@fa74b98
    'Dec 01 10:14:27 530118 [5C7F5700] 0x01 -> sm_mad_ctrl_send_err_cb: ERR 3120: Timeout while getting attribute 0x15 (PortInfo); Possible mis-set mkey?',  # linux-rdma/opensm opensm/osm_sm_mad_ctrl.c:754@fa74b98
    'Dec 01 10:14:27 530502 [5C7F5700] 0x01 -> sm_mad_ctrl_send_err_cb: ERR 3119: Set method failed for attribute 0x15 (PortInfo)',  # linux-rdma/opensm opensm/osm_sm_mad_ctrl.c:747@fa74b98
    'Dec 01 10:14:02 118377 [5E7F9700] 0x80 -> Found remote SM (LID 1) with non-matching sm_key',  # linux-rdma/opensm opensm/osm_sminfo_rcv.c:456@fa74b98
    'No local ports detected!',  # linux-rdma/opensm opensm/main.c:466@fa74b98
    'Perhaps another instance of OpenSM is already running',  # linux-rdma/opensm opensm/main.c:1260@fa74b98
    'Dec 01 10:13:40 662015 [2B8E3740] 0x01 -> osm_vendor_open_port: ERR 542C: umad_open_port() failed',  # linux-rdma/opensm libvendor/osm_vendor_ibumad.c:801@fa74b98
    'Dec 01 10:13:41 002231 [2B8E3740] 0x01 -> osm_prtn_make_partitions: Partition configuration in error; retrying with default config',  # linux-rdma/opensm opensm/osm_prtn.c:441@fa74b98
    'Error in QoS Policy File (line 14:22): illegal SL value.',  # linux-rdma/opensm opensm/osm_qos_parser_y.y:2509@fa74b98
]
