"""Rows of the line classifier (patterns.py) for what the host's own network stack and limits print into dmesg and
the journal when a multi-node job fails or stalls: the Linux kernel (6.12: neighbour, nf_conntrack, TCP, the qdisc
watchdog, IPv4 routing, bonding, IPoIB, the Intel NIC drivers, the pids cgroup, file_table, x86 page faults; the OOM
killer's report is patterns_table_host's memory row), systemd, Linux-PAM's pam_limits and bash, and the Wi-Fi
card's driver, whose timeouts are no collective's. Read before the system tools' rows, whose NIC words these lines
share (tests/lines/kernel_net.py holds each line with its source)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO


def kernel_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # The Wi-Fi card's driver (iwlwifi "Error sending STATISTICS_CMD: time out after 2000ms", pytorch/pytorch
        # #120775): a laptop's radio, nothing of the job's.
        p(r"\biwlwifi [0-9a-f]{4}:[0-9a-f:.]+: ", "noise", I, "the Wi-Fi card's driver: nothing of the job's",
          "nothing to fix for the job", None, "noise"),
        # hung_task.c prints this help after "blocked for more than N seconds"; its sysctl's name is no timeout.
        p(r"hung_task_timeout_secs\" disables this message", "noise", I,
          "the kernel's help text after a hung-task report", "nothing to fix", None, "noise"),
        # Limits of the host's network stack that drop packets where no filter and no route is involved:
        # neighbour.c "neighbor table overflow!" (ARP/ND cache past gc_thresh3: the packet is dropped on the
        # host's own output path, ip_output.c NEIGH_CREATEFAIL; clusters of thousands of peers on one L2
        # network reach the default 1024), tcp_input.c "Possible SYN flooding on port %s. Sending cookies /
        # Dropping request" (a listen queue full: the rendezvous store or NCCL's bootstrap root under
        # thousands of connections at once), tcp.c "too many orphaned sockets", ipoib_ib.c "packet len %d
        # (> %d) too long to send, dropping" (an IPoIB MTU larger than the multicast group's).
        p(r"neighbou?r table overflow|Possible SYN flooding on port|too many orphaned sockets|"
          r"packet len \d+ \(> \d+\) too long to send, dropping", "host_net_limit", E,
          "the host's network stack dropped packets at one of its own limits (neighbour table, listen queue, "
          "orphaned sockets, IPoIB MTU): connections between ranks fail or stall without any firewall",
          "raise the limit the line names: net.ipv4.neigh.default.gc_thresh1/2/3 (and ipv6) above the number of "
          "peers; net.core.somaxconn and net.ipv4.tcp_max_syn_backlog on the rendezvous host; "
          "net.ipv4.tcp_max_orphans; an IPoIB MTU that the subnet's multicast group allows", C.OTHER),
        # nf_conntrack_core.c "nf_conntrack: table full, dropping packet": netfilter returns NF_DROP for every
        # new connection while the connection-tracking table is full (NCCL opens many per rank pair).
        p(r"nf_conntrack: table full, dropping packet", "conntrack_full", E,
          "the host firewall's connection tracking table is full and drops every new connection",
          "raise net.netfilter.nf_conntrack_max (and nf_conntrack_buckets), or exempt the cluster network from "
          "tracking (iptables -t raw ... -j NOTRACK, or no stateful firewall on the training interfaces)",
          C.FIREWALL_OR_PORT_BLOCKED),
        # route.c ip_handle_martian_source "martian source %pI4 from %pI4, on dev %s" (log_martians): rp_filter
        # dropped a packet that arrived on another interface than the route back to its sender; hosts with
        # several NICs on different subnets, where replies come back on the wrong one.
        p(r"martian source \S+ from \S+, on dev", "rp_filter", E,
          "reverse-path filtering drops packets that arrive on another interface than the route back to "
          "their sender: the host has several NICs and traffic between ranks crosses them asymmetrically",
          "set net.ipv4.conf.all.rp_filter=2 (loose) or give each NIC its own routing table (source-based "
          "routing), and pin NCCL_SOCKET_IFNAME to the interface of the subnet the peers share",
          C.WRONG_INTERFACE),
        # sch_generic.c dev_watchdog "NETDEV WATCHDOG: %s (%s): transmit queue %u timed out %u ms": the NIC
        # stopped sending and the driver's ndo_tx_timeout resets it (as bnxt's "TX timeout detected").
        p(r"NETDEV WATCHDOG: .*transmit queue \d+ timed out", "nic_fault", E,
          "the NIC stopped transmitting: the kernel's watchdog found a send queue stuck and reset the device",
          "check the NIC's firmware and driver (ethtool -i, dmesg around the reset), cable and switch port; "
          "update the firmware; drain the node if it repeats", C.IB_PORT_DOWN_OR_LINK),
        # bond_main.c "link status definitely down, disabling slave", "link status down for active interface,
        # disabling it in %d ms", "now running without any active interface!"; ipoib_multicast.c "multicast
        # join failed for %pI6, status %d" (ib0 stays without carrier until the broadcast group is joined);
        # ice/i40e "NIC Link is Down".
        p(r"link status definitely down|link status down for active interface|running without any active "
          r"interface|multicast join failed for [0-9a-f:]+, status -?\d+|NIC Link is Down", "ib_port_event", E,
          "a network link (a bond's member, an IPoIB interface or a NIC port) went down during the job",
          "check the cable, transceiver and switch port of that link (`ethtool`, `ibstat`, the switch's logs); an "
          "IPoIB join that fails is the subnet manager or the partition", C.IB_PORT_DOWN_OR_LINK),
        # file_table.c "VFS: file-max limit %lu reached": the system-wide fs.file-max, ENFILE for everyone.
        p(r"VFS: file-max limit \d+ reached", "fd_limit", E,
          "the host reached its system-wide open-file limit (fs.file-max): every new socket fails",
          "raise fs.file-max (sysctl) and the job's nofile limit", C.MEMLOCK_OR_ULIMIT),
        # pids.c "fork rejected by pids controller in %s" (the cgroup's pids.max); bash jobs.c "fork: retry:
        # Resource temporarily unavailable" / "fork: Resource temporarily unavailable" (EAGAIN: nproc).
        p(r"fork rejected by pids controller|fork: (?:retry: )?Resource temporarily unavailable", "thread_limit", E,
          "the host refused a new process or thread: the user's process limit (ulimit -u) or the cgroup's "
          "pids.max is reached (NCCL starts proxy and service threads per communicator)",
          "raise the process limit (ulimit -u, the container runtime's pids limit, Kubernetes podPidsLimit)",
          C.MEMLOCK_OR_ULIMIT),
        # bash ulimit.def "max locked memory: cannot modify limit: Operation not permitted"; pam_limits.c
        # "Could not set limit for 'memlock'" and "wrong limit value '%s' for limit item 'memlock'" (the
        # limits.conf line is rejected, so the limit is never raised).
        p(r"ulimit: max locked memory: cannot modify limit|Could not set limit for 'memlock'|"
          r"wrong limit value '[^']*' for limit item 'memlock'", "memlock", E,
          "the locked-memory limit could not be raised: RDMA memory registration will fail",
          "set memlock unlimited where the job starts (limits.d with a valid value, the daemon's "
          "LimitMEMLOCK=infinity, docker --ulimit memlock=-1)", C.MEMLOCK_OR_ULIMIT),
        # EOPNOTSUPP binding a UNIX socket whose file lies on a filesystem without socket files: Python's
        # multiprocessing (and torch's) listener in a temp directory on WSL's Windows drives (/mnt/c, drvfs),
        # on NFS or 9p (RVC-Boss/GPT-SoVITS#239: TMPDIR under /mnt/e).
        p(r"\[Errno 95\] Operation not supported", "fs_unsupported", E,
          "the filesystem refused an operation it does not support: a UNIX socket or lock file in a temporary "
          "directory on WSL's Windows drives (/mnt/<drive>), NFS or 9p",
          "point TMPDIR (and the program's temp and cache directories) at a Linux filesystem such as /tmp",
          C.OTHER),
        # x86 fault.c show_signal_msg "%s[%d]: segfault at %lx ip %px sp %px error %lx in %s": the library named
        # is where the process crashed. In the driver's own user-space library (libcuda.so.<driver version>,
        # libnvidia-*.so) it is the driver or the GPU under it: trixie-cluster/trixie#55 crashed in libcuda.so.418.67
        # on one node only, and replacing that node's GPU ended it.
        p(r"segfault at [0-9a-f]+ ip [0-9a-f]+ sp [0-9a-f]+ error \d+ in (?:libcuda\.so|libnvidia-[\w-]+\.so)",
          "cuda_error", E,
          "a process crashed (segmentation fault) inside the NVIDIA driver's library (libcuda / libnvidia-*): the "
          "driver or the GPU under it, most often on one node",
          "check that node's GPU and driver (`nvidia-smi -q | grep -i -A3 'retired\\|remapp\\|xid'`, `dmesg | grep -i "
          "xid`); reinstall or upgrade the driver there, or take the node out of the job and see whether the crash "
          "moves with it", C.CUDA_OR_DRIVER),
        p(r"segfault at [0-9a-f]+ ip [0-9a-f]+ sp [0-9a-f]+ error \d+", "crash", W,
          "a process crashed (segmentation fault); the kernel names the library it crashed in",
          "run the failing rank under gdb or with a debug build; upgrade NCCL if the crash is inside libnccl",
          C.OTHER),
    )
