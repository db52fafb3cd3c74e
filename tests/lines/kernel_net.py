"""Lines of the host's network stack and host limits that users paste from dmesg and journalctl beside NCCL errors,
read alone and inside an NCCL log: the Linux kernel (stable v6.12.107, gregkh/linux, read from Debian's
linux_6.12.107.orig.tar.xz: neighbour, nf_conntrack, TCP, the qdisc watchdog, IPv4 routing, bonding, IPoIB, the ice
and i40e drivers, the OOM killer and memcg, the pids cgroup, file_table, x86 page faults, hung_task and the lockup
watchdog), systemd v257.13 (systemd/systemd: the unit executor's resource limits, logind's RemoveIPC clean-up and
sessions), Linux-PAM's pam_limits (linux-pam/linux-pam ddab692) and bash (bminor/bash 637f5c8: fork retries, the
ulimit builtin). Each text is the one its source prints (format fields filled, prefixes as pr_fmt, netdev_printk,
pam_syslog, journald or bash add them), each cause reviewed one by one from what the code does next: a full
conntrack table makes netfilter return NF_DROP for new connections (nf_conntrack_core.c:2019), a silent drop as a
firewall's, so firewall_or_port_blocked; a full neighbour table drops the packet on the host's own output path
(ip_output.c:244, SKB_DROP_REASON_NEIGH_CREATEFAIL) with no filter and no wrong route involved, so other, as are the
listen-queue (SYN flooding), orphan and IPoIB multicast-MTU limits; rp_filter's martian-source drop is asymmetric
routing on a multi-NIC host (wrong_interface); TCP's tcp_mem, the OOM killer and memcg name memory (oom); link,
bonding failover and IPoIB broadcast-join failures take the path down (ib_port_down_or_link, as the NIC-driver lines
of health.py); a transmit timeout, and the driver's tx_timeout handler that only the qdisc watchdog calls, is the
NIC failing (nic_fault); file-max, the pids controller, fork's EAGAIN and memlock limits are host limits
(memlock_or_ulimit); logind removing NCCL's /dev/shm segment is RemoveIPC (shm_too_small); a segfault inside libnccl
is a crash (other); the hung-task and soft-lockup detectors are the host's state (other; the stack trace after them
names the filesystem or the driver). Link-up and failover notices, rate-limit summaries and session bookkeeping name nothing."""

from __future__ import annotations

CASES = [
    ('gregkh/linux net/core/neighbour.c:487@v6.12.107',
     '[1843211.402118] neighbour: arp_cache: neighbor table overflow!',
     'log.host_net_limit', 'other'),
    ('gregkh/linux net/netfilter/nf_conntrack_core.c:1639@v6.12.107',
     '[1843254.118023] nf_conntrack: nf_conntrack: table full, dropping packet',
     'log.conntrack_full', 'firewall_or_port_blocked'),
    ('gregkh/linux net/ipv4/tcp_input.c:7159@v6.12.107',
     '[  912.553310] TCP: request_sock_TCP: Possible SYN flooding on port [::]:29500. Sending cookies.',
     'log.host_net_limit', 'other'),
    ('gregkh/linux net/ipv4/tcp_input.c:7163@v6.12.107',
     '[  913.004127] TCP: request_sock_TCP: Possible SYN flooding on port 10.0.0.1:29500. Dropping request.',
     'log.host_net_limit', 'other'),
    ('gregkh/linux net/ipv4/tcp.c:3062@v6.12.107',
     '[40211.773012] TCP: out of memory -- consider tuning tcp_mem',
     'log.oom', 'oom'),
    ('gregkh/linux net/ipv4/tcp.c:3060@v6.12.107',
     '[40211.773018] TCP: too many orphaned sockets',
     'log.host_net_limit', 'other'),
    ('gregkh/linux net/sched/sch_generic.c:538@v6.12.107',
     '[ 7002.998101] mlx5_core 0000:41:00.0 ens1f0np0: NETDEV WATCHDOG: CPU: 17: transmit queue 7 timed out 8448 ms',
     'log.nic_fault', 'ib_port_down_or_link'),
    ('gregkh/linux net/ipv4/route.c:1816@v6.12.107',
     '[ 1022.117840] IPv4: martian source 10.0.1.12 from 10.0.2.11, on dev ens1f0np0',
     'log.rp_filter', 'wrong_interface'),
    ('gregkh/linux drivers/net/bonding/bond_main.c:2906@v6.12.107',
     'Dec 01 10:14:03 gpu-node01 kernel: bond0: (slave ens1f0np0): link status definitely down, disabling slave',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('gregkh/linux drivers/net/bonding/bond_main.c:2746@v6.12.107',
     'Dec 01 10:14:03 gpu-node01 kernel: bond0: (slave ens1f0np0): link status down for active interface, disabling it in 200 ms',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('gregkh/linux drivers/net/bonding/bond_main.c:1420@v6.12.107',
     'Dec 01 10:14:03 gpu-node01 kernel: bond0: now running without any active interface!',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('gregkh/linux drivers/infiniband/ulp/ipoib/ipoib_multicast.c:406@v6.12.107',
     '[  121.440210] ib0: multicast join failed for ff12:401b:ffff:0000:0000:0000:ffff:ffff, status -22',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('gregkh/linux drivers/infiniband/ulp/ipoib/ipoib_ib.c:611@v6.12.107',
     '[ 5120.330198] ib0: packet len 4096 (> 2048) too long to send, dropping',
     'log.host_net_limit', 'other'),
    ('gregkh/linux drivers/net/ethernet/intel/ice/ice_main.c:792@v6.12.107',
     '[ 3310.002145] ice 0000:51:00.0 ens5f0np0: NIC Link is Down',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('gregkh/linux drivers/net/ethernet/intel/i40e/i40e_main.c:7353@v6.12.107',
     '[ 3310.118822] i40e 0000:3b:00.0 ens2f0: NIC Link is Down',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('gregkh/linux drivers/net/ethernet/intel/ice/ice_main.c:8346@v6.12.107',
     '[ 7015.221004] ice 0000:51:00.0 ens5f0np0: tx_timeout recovery unsuccessful, device is in unrecoverable state.',
     'log.nic_fault', 'ib_port_down_or_link'),
    ('gregkh/linux drivers/net/ethernet/intel/i40e/i40e_main.c:401@v6.12.107',
     '[ 7003.001250] i40e 0000:3b:00.0 ens2f0: tx_timeout recovery level 1, txqueue 3',
     'log.nic_fault', 'ib_port_down_or_link'),
    ('gregkh/linux fs/file_table.c:249@v6.12.107',
     '[ 5511.002230] VFS: file-max limit 1048576 reached',
     'log.fd_limit', 'memlock_or_ulimit'),
    ('gregkh/linux mm/oom_kill.c:955@v6.12.107',
     '[ 9823.112034] Out of memory: Killed process 48213 (python) total-vm:212345678kB, anon-rss:187654320kB, file-rss:512340kB, shmem-rss:2048kB, UID:1000 pgtables:372100kB oom_score_adj:0',
     'log.oom', 'oom'),
    ('gregkh/linux mm/oom_kill.c:955@v6.12.107',
     '[ 9823.112034] Memory cgroup out of memory: Killed process 48213 (python) total-vm:212345678kB, anon-rss:187654320kB, file-rss:512340kB, shmem-rss:2048kB, UID:1000 pgtables:372100kB oom_score_adj:0',
     'log.oom', 'oom'),
    ('gregkh/linux mm/oom_kill.c:462@v6.12.107',
     '[ 9823.110921] pt_main_thread invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0',
     'log.oom', 'oom'),
    ('gregkh/linux mm/oom_kill.c:451@v6.12.107',
     '[ 9823.111980] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_1000/job_4711,task_memcg=/slurm/uid_1000/job_4711/step_0/user/task_0,task=python,pid=48213,uid=1000',
     'log.oom', 'oom'),
    ('gregkh/linux mm/oom_kill.c:599@v6.12.107',
     '[ 9823.245017] oom_reaper: reaped process 48213 (python), now anon-rss:0kB, file-rss:0kB, shmem-rss:2048kB',
     'log.oom', 'oom'),
    ('gregkh/linux mm/memcontrol.c:1531@v6.12.107',
     '[ 9823.111870] memory: usage 536870912kB, limit 536870912kB, failcnt 18342',
     'log.oom', 'oom'),
    ('gregkh/linux arch/x86/mm/fault.c:759@v6.12.107',
     '[48123.456789] python[48213]: segfault at 10 ip 00007f3a1c4e2b2f sp 00007f39e8ffcd40 error 4 in libnccl.so.2.21.5[2e2b2f,7f3a1c200000+1f8e000] likely on CPU 17 (core 1, socket 0)',
     'log.crash', 'other'),
    ('gregkh/linux kernel/cgroup/pids.c:250@v6.12.107',
     '[ 2210.551027] cgroup: fork rejected by pids controller in /kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod8c1d2e3f_4a5b_6c7d_8e9f_0a1b2c3d4e5f.slice/cri-containerd-5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f.scope',
     'log.thread_limit', 'memlock_or_ulimit'),
    ('bminor/bash jobs.c:2314@637f5c8',
     'bash: fork: retry: Resource temporarily unavailable',
     'log.thread_limit', 'memlock_or_ulimit'),
    ('bminor/bash jobs.c:2331@637f5c8',
     'bash: fork: Resource temporarily unavailable',
     'log.thread_limit', 'memlock_or_ulimit'),
    ('bminor/bash builtins/ulimit.def:510@637f5c8',
     'bash: ulimit: max locked memory: cannot modify limit: Operation not permitted',
     'log.memlock', 'memlock_or_ulimit'),
    ('linux-pam/linux-pam modules/pam_limits/pam_limits.c:1198@ddab692',
     "Dec 01 10:12:03 gpu-node01 sshd[48190]: pam_limits(sshd:session): Could not set limit for 'memlock': Operation not permitted",
     'log.memlock', 'memlock_or_ulimit'),
    ('linux-pam/linux-pam modules/pam_limits/pam_limits.c:757@ddab692',
     "Dec 01 10:12:03 gpu-node01 sshd[48190]: pam_limits(sshd:session): wrong limit value 'unlimted' for limit item 'memlock' of type 'hard'",
     'log.memlock', 'memlock_or_ulimit'),
    ('systemd/systemd src/core/exec-invoke.c:4954@v257.13',
     'Dec 01 10:12:03 gpu-node01 (slurmd)[2211]: slurmd.service: Failed to adjust resource limit RLIMIT_MEMLOCK: Operation not permitted',
     'log.memlock', 'memlock_or_ulimit'),
    ('systemd/systemd src/shared/clean-ipc.c:288@v257.13',
     'Dec 01 10:31:40 gpu-node01 systemd-logind[812]: Removed POSIX shared memory segment nccl-3Kx9Qp',
     'log.shm_error', 'shm_too_small'),
    # a rank's node stalls in the kernel; the trace under it says where (aws/aws-parallelcluster#1150: NFS,
    # rwth-i6/returnn#1480: nvidia_uvm), so the host's state, with the driver as the alternative
    ('gregkh/linux kernel/hung_task.c:133@v6.12.107',
     '[ 9843.221318] INFO: task python:48213 blocked for more than 122 seconds.',
     'log.hung_task', 'other'),
    ('gregkh/linux kernel/watchdog.c:751@v6.12.107',
     '[ 6120.004511] watchdog: BUG: soft lockup - CPU#17 stuck for 26s! [python:48213]',
     'log.hung_task', 'other'),
]

NO_CAUSE = [
    '[ 9843.221330] "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',  # gregkh/linux kernel/hung_task.c:139@v6.12.107
    '[1843216.402207] net_ratelimit: 1823 callbacks suppressed',  # gregkh/linux lib/ratelimit.c:57@v6.12.107
    'Dec 01 10:14:03 gpu-node01 kernel: bond0: (slave ens1f1np1): making interface the new active one',  # gregkh/linux drivers/net/bonding/bond_main.c:1324@v6.12.107
    'Dec 01 10:14:41 gpu-node01 kernel: bond0: (slave ens1f0np0): link status definitely up, 100000 Mbps full duplex',  # gregkh/linux drivers/net/bonding/bond_main.c:2882@v6.12.107
    '[ 3318.442101] ice 0000:51:00.0 ens5f0np0: NIC Link is up 100 Gbps Full Duplex, Requested FEC: RS-FEC, Negotiated FEC: RS-FEC, Autoneg Advertised: On, Autoneg Negotiated: True, Flow Control: None',  # gregkh/linux drivers/net/ethernet/intel/ice/ice_main.c:900@v6.12.107
    '[   98.221004] ib0: mtu > 2044 will cause multicast packet drops.',  # gregkh/linux drivers/infiniband/ulp/ipoib/ipoib_main.c:238@v6.12.107
    'Dec 01 10:31:40 gpu-node01 systemd-logind[812]: Session 12 logged out. Waiting for processes to exit.',  # systemd/systemd src/login/logind-session.c:934@v257.13
    'Dec 01 10:31:40 gpu-node01 systemd-logind[812]: Removed session 12.',  # systemd/systemd src/login/logind-session.c:992@v257.13
]
