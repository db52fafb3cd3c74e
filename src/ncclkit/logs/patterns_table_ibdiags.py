"""Rows of the line classifier (patterns.py) for the InfiniBand management stack: infiniband-diags, libibumad,
libibmad and opensm (tests/lines/ib_diags.py holds every line with file:line@commit; linux-rdma/rdma-core 691953d,
linux-rdma/opensm fa74b98).

- the tools' port dumps (ibstat, ibstatus, the PortInfo of smpquery/ibportstate) name a cause only for a state
  that is not the healthy one (Active, LinkUp): their exact layout (ibstat's whole "State: Initializing" line,
  ibstatus' sysfs value with its number, libibmad's dotted field) keeps them from every other program's "State:";
- the SM that cannot be found from a port (saquery's SA handle, sminfo's query to the port's SM LID) and a route
  that crosses a port not Active are a port or its subnet manager down: ib_port_down_or_link;
- OpenSM's log (`Mon DD hh:mm:ss usec [thread] level -> function: text`): the rows anchor on the text after its
  prefix. Its SM port down, ports it drops or finds without a remote side, the Link state change trap and the
  "GID out of service" notice are ib_port_down_or_link; the link-integrity, buffer-overrun and flow-control traps
  the link's errors; a Bad P_Key trap, a P_Key table full and switch constraint counters a partition mismatch
  (log.ib_partition, the InfiniBand counterpart of a RoCE VLAN: gid_index_or_roce_config);
- a MAD that timed out to one node (libibnetdisc's umad status, OpenSM's ERR 3120) states no cause: read first so
  that "Connection timed out" and "Timeout" do not send them to the socket or collective rows; OpenSM's notices
  of a port in service or a multicast group are the fabric working.

Read before the generic families (patterns_table_fabric and patterns_table_generic read these tools' other lines).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
IBDIAGS_WORDS: tuple[bytes, ...] = (
    b"State: Down", b"State: Initializing", b"State: Armed", b"Physical state: ", b"state:\t\t ", b"phys state:\t ",
    b"port state found", b"No SM/SA found", b"SM port is down", b"Unknown remote side", b"Removed port with GUID",
    b"GID out of service", b"Received Generic Notice", b"Reporting Urgent Notice", b"Bad P_Key",
)

_PORT_FIX = ("check the port on that node (`ibstat`: State Active, Physical state LinkUp) and its cable, transceiver "
             "and switch port (`mlxlink -d <dev> -m`); a port in Initializing or Armed needs a running subnet manager "
             "(`sminfo`, `systemctl status opensm`)")
_SM_FIX = ("start a subnet manager on the fabric (`systemctl start opensm` on one host, or the switch's SM) and check "
           "this port's link (`ibstat`); `sminfo` must answer and `ibstat` show an SM lid other than 0")
_LINK_FIX = ("check that port's cable and transceiver and the switch port at its other end (`mlxlink -d <dev> -m`), "
             "reseat or replace them, then clear the counters (`perfquery -x -R`) and watch whether they grow")
_PKEY_FIX = ("make both ends members of one partition in OpenSM's partitions.conf (and restart opensm), then set "
             "NCCL_IB_PKEY to that P_Key's index on the port (`cat /sys/class/infiniband/<dev>/ports/1/pkeys/*`)")
# OpenSM's trap log (osm_trap_rcv.c log_trap_info): "Received Generic Notice type:%u num:%u (%s) Producer:...".
_TRAP = r"Received Generic Notice type:\d+ num:"


def ibdiags_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- lines that name no cause --------------------------------------------------------------------------
        # linux-rdma/rdma-core libibnetdisc/query_smp.c:186@691953d process_one_recv: "umad (%s Attr 0x%x:%u) bad
        # status %d; %s" (and :190 "mad (...) bad status 0x%x"): one SMP of ibnetdiscover's sweep got no or a bad
        # answer from one node; the node, its firmware or a busy SM can be why. linux-rdma/opensm
        # opensm/osm_sm_mad_ctrl.c:754@fa74b98 sm_mad_ctrl_send_err_cb: "ERR 3120: Timeout while getting attribute
        # ... Possible mis-set mkey?": OpenSM's own guess for a Get that timed out. Neither says which; read before
        # the socket and collective-timeout rows their "Connection timed out" and "Timeout" would meet.
        p(r"\b(?:umad|mad) \([^)]*\bAttr 0x[0-9a-fA-F]+:\d+\) bad status|ERR 3120: Timeout while getting attribute",
          "system_error", E, "an InfiniBand management query (SMP) to one node timed out or failed: the node, its "
          "firmware or the subnet manager's load can be why, the line does not say which", "rerun the tool; if the "
          "same node keeps failing, check its port (`ibstat` there) and the subnet manager's log", None,
          "collateral"),
        # opensm/osm_inform.c:622,629@fa74b98 log_notice: the notices of a port coming into service and of multicast
        # groups made or deleted (traps 64, 66, 67) are the fabric working; "GID" would send them to the GID rows.
        p(r"Reporting Informational Notice \"(?:GID in service|New mcast group created|Mcast group deleted)\"",
          "noise", I, "the subnet manager announcing a port in service or a multicast group made or deleted",
          "nothing to fix", None, "noise"),
        # -- ports not Active --------------------------------------------------------------------------------
        # linux-rdma/rdma-core infiniband-diags/ibstat.c:202,205@691953d ca_dump_port: "\t\tState: %s" from
        # port_state_str {"???", "Down", "Initializing", "Armed", "Active"} and "\t\tPhysical state: %s" from
        # port_phy_state_str {..., "Polling", "Disabled", ..., "LinkUp", "LinkErrorRecovery", ...}: every state
        # but Active / LinkUp is a port that carries no traffic (Initializing: no subnet manager configured it).
        # infiniband-diags/scripts/ibstatus:31,32@691953d echoes sysfs' state ("1: DOWN", "2: INIT", "3: ARMED")
        # and phys_state ("2: Polling", "3: Disabled", "6: LinkErrorRecovery") after "\tstate:\t\t" and
        # "\tphys state:\t". libibmad/dump.c:457@691953d mad_dump_portstate, the PortInfo's "LinkState:....Down"
        # (Initialize and the physical states are patterns_table_fabric's). Healthy states and iblinkinfo's
        # empty switch ports ("Down/ Polling" in its own layout) match nothing here.
        # The whole line must be the tool's (a line pasted alone loses its indent to the paste's dedent).
        p(r"^[\t ]*State: (?:Down|Initializing|Armed)\s*$|^[\t ]*Physical state: (?:Polling|Disabled|"
          r"LinkErrorRecovery)\s*$|^[\t ]*state:\s+[1-3]: (?:DOWN|INIT|ARMED)\s*$|^[\t ]*phys state:\s+(?:2: "
          r"Polling|3: Disabled|6: LinkErrorRecovery)\s*$|\bLinkState:\.+(?:Down|Armed)\s*$",
          "ib_port_event", W, "an InfiniBand port is not Active: it is down (no cable, peer or link), disabled, or "
          "not yet configured by a subnet manager (Initializing / Armed), so it carries no traffic", _PORT_FIX,
          C.IB_PORT_DOWN_OR_LINK),
        # infiniband-diags/ibtracert.c:388,393@691953d find_route: "Bad port state found" / "Bad out port state
        # found: node \"%s\" outport %d state %d" after is_port_inactive(): the route crosses a port not Active.
        p(r"find_route: Bad (?:out )?port state found: node \"[^\"]*\" (?:out)?port \d+ state \d",
          "ib_port_event", E, "ibtracert's route crosses a port that is not Active (its state number: 1 Down, 2 "
          "Initialize, 3 Armed): traffic between the two ends cannot pass there", "check the named switch port "
          "and the link behind it (`ibportstate <lid> <port>`, `iblinkinfo`); reseat or replace its cable, and "
          "check the subnet manager", C.IB_PORT_DOWN_OR_LINK),
        # -- no subnet manager reachable --------------------------------------------------------------------------
        # infiniband-diags/ibdiag_sa.c:70@691953d sa_get_handle: the port's SM LID (from umad) is 0: no SM has
        # configured this port, so no SA query (saquery, ibroute by name) can be made. infiniband-diags/sminfo.c:145
        # @691953d: IBEXIT("query") after smp_query_via() to the port's SM LID got no answer: the SM or the port
        # is down (ibdiag_common.c:450,453 print "%s: iberror: [pid %d] %s: failed: %s" or "%s: iberror: failed:").
        p(r"sa_get_handle: No SM/SA found on port|\bsminfo: iberror: (?:\[pid \d+\] \w+: )?failed: query\s*$",
          "ib_port_event", E, "no subnet manager answers from this port: none runs on the fabric, or this port's "
          "link to it is down, so the port is never made Active", _SM_FIX, C.IB_PORT_DOWN_OR_LINK),
        # infiniband-diags/scripts/ibstatus:61@691953d: `cd /sys/class/infiniband || fatal No devices`, and :45
        # "device '%s': sys files not found": the kernel shows no RDMA device here (no driver, or a container
        # without it).
        p(r"^Fatal error:\s+(?:No devices|device '\S+': sys files not found)", "no_ib_device", W,
          "ibstatus found no InfiniBand device on this host (/sys/class/infiniband is empty or missing): NCCL will "
          "find none either and use TCP sockets", "check the driver (`lsmod | grep mlx5_ib`, `ibv_devinfo`), and "
          "in a container that the RDMA devices are passed in (/dev/infiniband, the RDMA device plugin)",
          C.SOCKET_FALLBACK),
        # -- partitions ------------------------------------------------------------------------------------------
        # linux-rdma/opensm opensm/osm_trap_rcv.c:298,310@fa74b98 log_trap_info: trap 257 "Bad P_Key" (259 on a
        # switch's external port) and its detail "Bad P_Key:0x%x on SL:%d from LID1:%u ...": a packet carried a
        # P_Key the receiving port is not a member of, so it was dropped. opensm/osm_pkey_mgr.c:523@fa74b98
        # "ERR 0512: Failed to set PKey ... because Pkey table is full": the port is left out of that partition.
        # rdma-core infiniband-diags/ibqueryerrors.c:524@691953d and perfquery's dump: PortXmit/RcvConstraintErrors
        # (packets a switch dropped by partition enforcement) at or above infiniband-diags/etc/error_thresholds'
        # 100. All are the two ends outside one partition, the InfiniBand counterpart of a RoCE VLAN.
        p(_TRAP + r"25[79] \(Bad P_Key|\bBad P_Key:0x[0-9a-fA-F]+ on SL:\d+ from LID1:|ERR 0512: Failed to set PKey "
          r"0x[0-9a-fA-F]+ because Pkey table is full|\bPort(?:Xmit|Rcv)ConstraintErrors(?::\.+\s*|\s*==?\s*)"
          r"[1-9]\d{2,}\b", "ib_partition", E, "an InfiniBand partition (P_Key) mismatch: packets between ports "
          "that are not members of one partition are dropped (a Bad P_Key trap, a port's P_Key table full, a "
          "switch's partition-enforcement counters), and NCCL sees retry timeouts", _PKEY_FIX,
          C.GID_INDEX_OR_ROCE_CONFIG, "root", (C.IB_TIMEOUT_OR_RETRY,)),
        # -- OpenSM: link errors ----------------------------------------------------------------------------------
        # opensm/osm_trap_rcv.c:298@fa74b98 traps 129 "Local Link integrity threshold reached", 130 "Excessive
        # Buffer Overrun Threshold reached", 131 "Flow Control Update watchdog timer expired" (libopensm/
        # osm_helper.c:550-554), and osm_inform.c:652 "Reporting Urgent Notice \"%s\" from LID %u, GUID ..., port
        # %u" for them: a port's error counters crossed their threshold, a bad physical link.
        p(_TRAP + r"1(?:29|30|31) \(|Reporting Urgent Notice \"(?:Local Link integrity threshold reached|Excessive "
          r"Buffer Overrun Threshold reached|Flow Control Update watchdog timer expired)\"",
          "ib_link_errors", W, "the subnet manager got a trap from a port whose link errors (integrity, buffer "
          "overruns, flow-control updates) crossed their threshold: a bad physical link that retries or drops "
          "packets", _LINK_FIX, C.IB_PORT_DOWN_OR_LINK, "root", (C.IB_TIMEOUT_OR_RETRY,)),
        # -- OpenSM: ports down ----------------------------------------------------------------------------------
        # opensm/osm_state_mgr.c:1432@fa74b98 "SM port is down" (state_mgr_is_sm_port_down) and :480 "ERR 330A:
        # Failed to discover SM port": the SM's own port has no link. :838 "ERR 3315: Unknown remote side for node
        # ... port %u": a port not Down whose other end answers no sweep. osm_drop_mgr.c:295 "Removed port with
        # GUID:... LID range" (a port that stopped answering the sweep), and osm_inform.c:622 the "GID out of
        # service" notice (trap 65) sent for it. osm_trap_rcv.c:298 trap 128 "Link state change" from a switch
        # (osm_inform.c:642 "Reporting Urgent Notice" for it): a switch port changed state.
        p(r"\bSM port is down\s*$|ERR 330A: Failed to discover SM port|ERR 3315: Unknown remote side for node|"
          r"drop_mgr_remove_port: Removed port with GUID:|Reporting Informational Notice \"GID out of service\"|"
          + _TRAP + r"128 \(Link state change\)|Reporting Urgent Notice \"Link state change\"",
          "ib_port_event", E, "the subnet manager saw an InfiniBand port go down or leave the fabric (its own port, "
          "a port whose other end stopped answering, a switch port that changed state)", _PORT_FIX,
          C.IB_PORT_DOWN_OR_LINK),
    )
