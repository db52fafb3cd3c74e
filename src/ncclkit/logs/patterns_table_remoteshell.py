"""Rows of the line classifier (patterns.py) for the remote shells multi-node launchers start their processes with:
the OpenSSH client and server, pdsh (DeepSpeed's default runner, and hand-run pdsh/pdcp) and MVAPICH's mpirun_rsh.

Their lines name a cause of their own that the launcher's summary after them does not: an ssh key the client
ignores, a server that drops the connection, a node without the program. Open MPI's "ORTE was unable to reliably
start one or more daemons" and pdsh's "ssh exited with exit code N" follow them and only say that a node failed, so
these rows are read before the launcher families (patterns_families puts this one first among them) and the ssh
line leads. The cause is the cluster's set-up (other) unless a row says why not.

Read before the generic families: "Permission denied", "Connection reset by peer" and "Internal error" in these
lines would send them to the socket, memlock and NCCL internal-error rows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
REMOTESHELL_WORDS: tuple[bytes, ...] = (
    b"rcmd: ", b"mcmd: ", b"ssh exited with exit code", b"are too open", b"bad permissions", b"chroot(\"",
    b"MaxStartups", b"exchange_identification", b"mpirun_rsh", b"no hostkeys available", b"by PAM account",
    b"No route to host", b"No module named", b": bash: ", b"hostname -I", b"Cannot assign requested",
    b"sbin/sshd: ")

_SSH_FIX = ("from the launching node, `ssh <node> true` must succeed without a prompt, as the user and with the "
            "port the launcher uses (DeepSpeed --ssh_port, mpirun --mca plm_rsh_args \"-p N\")")


def remoteshell_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # pdsh's default remote command modules (rcmd: rsh's protocol; mcmd: munge-authenticated rsh) need a
        # privileged port or their own server on the node: as a normal user the connection fails before any command
        # runs (chaos/pdsh#127, where the maintainer points at `-R ssh`; ECP-VeloC/VELOC#20's fix sets it).
        # DeepSpeed's runner sets PDSH_RCMD_TYPE=ssh itself; a hand-run pdsh or pdcp does not.
        p(r"\brcmd: socket: Permission denied|\bmcmd: xpoll: protocol failure", "remote_shell", E,
          "pdsh is using its rsh-style remote command module, which a normal user cannot connect with (it needs a "
          "privileged port or an rsh/mrsh server on the node): no command ran on the nodes",
          "make pdsh use ssh: `export PDSH_RCMD_TYPE=ssh` (or `pdsh -R ssh ...`), with passwordless ssh to every "
          "node", C.OTHER),
        # chaos/pdsh src/modules/sshcmd.c: "%p: %s: ssh exited with exit code %d" after the remote command ended.
        # 127 is the shell's "command not found" (Cray's bwcheck docs: "bash: ./bwcheck.sh: No such file or
        # directory" above it); 255 is ssh's own failure to connect or log in (its own line above it says which);
        # any other code is the remote command's own exit, whose output is above it.
        p(r"ssh exited with exit code 127\b", "remote_shell", E,
          "the command pdsh ran on that node is not there: the node has no such program or file, or it is not on the "
          "PATH of ssh's non-interactive shell (exit code 127)",
          "install the program on every node (pdcp must be installed on each node it copies to), or give its full "
          "path; for DeepSpeed, the same Python environment on every node (or a .deepspeed_env with PATH)",
          C.OTHER),
        p(r"ssh exited with exit code 255\b", "remote_shell", E,
          "ssh itself failed to reach or log in to that node (exit code 255): the ssh line above it names why "
          "(a name that does not resolve, a refused or unreachable port, a key the server refuses)", _SSH_FIX,
          C.OTHER, "likely", (C.HOSTNAME_RESOLUTION, C.FIREWALL_OR_PORT_BLOCKED)),
        p(r"ssh exited with exit code \d+", "worker_failed", E,
          "the command pdsh started on that node exited with an error: the lines that node printed above (prefixed "
          "with its name) say why", "read that node's own lines above this one", None, "collateral"),
        # A node's own output through pdsh ("host-1: /usr/bin/python: No module named deepspeed.pt"): ssh lands on
        # the node itself, not in the container or the environment the launching node runs in
        # (deepspeedai/DeepSpeed#174; #4387 explains the same for containers).
        p(r"^[\w.-]+: \S*python[\d.]*: No module named \S+", "remote_shell", E,
          "on that node the launcher's command ran a Python without the package: ssh reached the host itself (not "
          "the container) or another Python environment than the launching node's",
          "make ssh reach the same environment on every node (sshd inside the container on its own port with "
          "--ssh_port, or the same conda/venv path), or list PATH and PYTHONPATH in .deepspeed_env", C.OTHER),
        # A node's shell through pdsh failing to enter the launching node's directory or to run its interpreter
        # ("172.16.220.18: bash: line 0: cd: /data/src: No such file or directory"): DeepSpeed's pdsh runner starts
        # every node in the launching node's working directory with its Python (deepspeedai/Megatron-DeepSpeed#126:
        # the code and the conda environment lived at other paths on the second node).
        p(r"^[\w.-]+: bash: (?:line \d+: cd: )?/\S+: No such file or directory", "launch_config", E,
          "the launcher ran the launching node's directory or Python on another node, and that path does not exist "
          "there: the code or the environment sits elsewhere on that node",
          "put the code and the Python environment at the same path on every node (a shared filesystem, or the "
          "same checkout and conda path), or launch with paths valid on all nodes", C.APPLICATION_BUG),
        # DeepSpeed's runner checks `ssh <first host> hostname -I` before launching (runner.py, newer releases quote
        # the command as a list): exit status 255 is ssh's own failure, not a name the remote `hostname` printed
        # (deepspeedai/DeepSpeed#4649: the check ignored the pod's ssh port until --ssh_port reached it).
        p(r"Command '\['ssh (?:-p \d+ )?\S+ hostname(?: -I)?'\]' returned non-zero exit status 255", "mpi_launch", E,
          "DeepSpeed's runner could not ssh to the first node of the hostfile (exit status 255 is ssh's own "
          "failure): no passwordless key, sshd on another port, or no sshd in the container", _SSH_FIX, C.OTHER),
        # openssh-portable sshkey.c sshkey_perm_ok: "Permissions 0%3.3o for '%s' are too open." and "This private
        # key will be ignored."; sshconnect2.c: 'Load key "%s": bad permissions'. A Kubernetes secret mounted with
        # its default mode 0644 does this (kubeflow/mpi-operator#429, opendatahub-io/distributed-workloads#751).
        p(r"Permissions 0\d{3} for '[^']+' are too open|Load key \"[^\"]+\": bad permissions", "remote_shell", E,
          "ssh ignored the private key because its file is readable by others, so the login to the nodes fails",
          "make the key readable by its owner only (`chmod 600 ~/.ssh/id_rsa`); for a Kubernetes secret, mount it "
          "with defaultMode: 0600 (or copy it and chmod it at start)", C.OTHER),
        # sshd's privilege separation chroots into /run/sshd (or /var/empty) before authentication; a container
        # without CAP_SYS_CHROOT cannot (kubeflow/mpi-operator#642: fixed by adding SYS_CHROOT). sshd.c: "sshd: no
        # hostkeys available -- exiting." (the image has no host keys, kubeflow/mpi-operator#467); auth.c's PAM
        # refusal "Access denied for user %s by PAM account configuration". The worker's sshd refuses every login.
        # A worker image without sshd at all: the entrypoint that starts it fails with "/usr/sbin/sshd: No such file or
        # directory" (NVIDIA/cloudai#720: an NGC container as the MPIJob's worker).
        p(r"chroot\(\"[^\"]+\"\): Operation not permitted|sshd: no hostkeys available|Access denied for user \S+ "
          r"by PAM account configuration|/sbin/sshd: No such file or directory", "remote_shell", E,
          "the ssh server on the worker cannot accept logins: the image has no sshd, it cannot chroot for privilege "
          "separation (the container lacks SYS_CHROOT), has no host keys, or PAM refuses the account; every ssh from "
          "the launcher fails", "install openssh-server in the worker image, add the SYS_CHROOT capability to the "
          "worker's container (or run its sshd as root), generate host keys in the image (`ssh-keygen -A`), and "
          "allow the user in PAM (account in /etc/passwd, not expired)",
          C.OTHER),
        # sshd drops new connections beyond MaxStartups (unauthenticated connections at once, default 10:30:100);
        # OpenSSH 8.2+ sends "Exceeded MaxStartups" as its banner, older ones close the socket, which the client
        # reports as kex_exchange_identification / ssh_exchange_identification "Connection closed by remote host"
        # or "Connection reset by peer" (NixOS/infra#352; openpmix/prrte#1493 after thousands of mpirun starts).
        p(r"Exceeded MaxStartups|(?:kex|ssh)_exchange_identification: (?:read: )?Connection (?:reset by peer|closed "
          r"by remote host)", "remote_shell", E,
          "the node's ssh server dropped the connection before the login: too many ssh connections at once "
          "(sshd's MaxStartups), or a filter in front of sshd (TCP wrappers, a firewall's connection limit)",
          "raise MaxStartups (and MaxSessions) in the nodes' sshd_config, or make the launcher open fewer at once "
          "(pdsh -f, mpirun --mca plm_rsh_num_concurrent, a tree launch); check /etc/hosts.deny", C.OTHER, "root",
          (C.FIREWALL_OR_PORT_BLOCKED,)),
        # The same line for the launching node itself: pdsh ssh-ing to localhost (DeepSpeed's runner with a hostfile
        # of localhost, its autotuner) finds no ssh server listening on this node (refused: nothing listens, no
        # firewall), or localhost resolving to an address it cannot use (EADDRNOTAVAIL: IPv6's ::1 turned off):
        # deepspeedai/DeepSpeedExamples#894, deepspeedai/DeepSpeed#4759.
        p(r"ssh: connect to host (?:localhost|127\.\d+\.\d+\.\d+|::1) port \d+: (?:Connection refused|Cannot assign "
          r"requested address)", "remote_shell", E,
          "the launcher's ssh to this node itself failed: no ssh server listens on this node (connection refused), "
          "or localhost resolves to an address this host cannot use (IPv6's ::1 turned off)",
          "one node needs no ssh: run `deepspeed --num_gpus N` (or torchrun) without a hostfile; otherwise start sshd "
          "on the node (`service ssh start`), allow passwordless `ssh localhost true`, and make localhost resolve "
          "to 127.0.0.1 in /etc/hosts", C.OTHER),
        # A login the node's sshd refused, as pdsh prints it ("localhost: jiaming@localhost: Permission denied
        # (publickey,password).", deepspeedai/DeepSpeed#5709): the launching user's key is not accepted there.
        p(r"^[\w.-]+: [\w.-]+@[\w.-]+: Permission denied \(", "remote_shell", E,
          "that node's ssh server refused the launching user's login: its key is not in the node's authorized_keys "
          "(pdsh asks for no password)", _SSH_FIX + "; `ssh-copy-id <node>` (localhost too) installs the key",
          C.OTHER),
        # DeepSpeed's MPI discovery (comm.py, "Not using the DeepSpeed or dist launchers, attempting to detect MPI
        # environment") calls `hostname -I`, which inetutils' and busybox's hostname do not take
        # (deepspeedai/DeepSpeed#6497): the script was started without a launcher on such a system.
        p(r"^hostname: invalid option -- '?I'?", "launch_config", E,
          "this system's hostname command does not take -I, which DeepSpeed runs to find the node's address when "
          "the script was started without a launcher (inetutils' or busybox's hostname)",
          "start the script with `deepspeed` or `torchrun` (they set RANK, WORLD_SIZE and the master address), or "
          "install the hostname package that has -I (Debian's `hostname`)", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # The node's sshd accepted the TCP connection and then sent no banner in time ("Connection timed out during
        # banner exchange", "kex_exchange_identification: read: Connection timed out"): the port is open, the node
        # too loaded to answer (FastVideo's DGX Spark notes: a build or decode starving its CPU and memory).
        p(r"Connection timed out during banner exchange|(?:kex|ssh)_exchange_identification: read: Connection timed "
          r"out", "remote_shell", E,
          "the node's ssh server accepted the connection but did not answer in time: the node is overloaded (CPU or "
          "memory exhausted, swapping) or its sshd is stalled", "check the node's load and memory (a build or data "
          "job starving it), wait for it or reboot it, then `ssh <node> true` again", C.OTHER, "root", (C.OOM,)),
        # OpenSSH's "ssh: connect to host %s port %s: %s": the launching node's ssh client cannot reach the node's
        # sshd. A container's sshd on another port than the host's (BAAI-WuDao/EVA#3: the host's address and port
        # 22 instead of the container's 2222) gives "No route to host" or "Connection refused"; a firewall's reject
        # gives "No route to host" too. A literal address rules out name resolution.
        p(r"ssh: connect to host \S+ port \d+: (?:No route to host|Connection refused|Connection timed out|Network "
          r"is unreachable|Cannot assign requested address)", "socket_connect_failed", E,
          "the launcher's ssh cannot reach the node's ssh server: the address or port is not where sshd listens (a "
          "container's sshd on its own port, the host's address instead of the container's), sshd is not running, "
          "or a firewall blocks it", _SSH_FIX + "; open the ssh port between the nodes",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE, C.OTHER)),
        # MVAPICH's mpirun_rsh: "[host:mpirun_rsh][connect_socket] could not connect to node:port" and its
        # "[wfe_thread] Internal error: transition failed" after it. radical-cybertools/radical.pilot#1034: the
        # nodes' sshd allowed 10 sessions, and mpirun_rsh opens one per node. Not NCCL's internal error.
        p(r"^\[[\w.-]+:mpirun_rsh\]\[\w+\]", "remote_shell", E,
          "MVAPICH's mpirun_rsh could not start or reach its process on a node: ssh sessions refused (the nodes' "
          "sshd session limit) or the node unreachable",
          "check `ssh <node> true` from the launching node for every node at once; raise MaxStartups/MaxSessions "
          "in the nodes' sshd_config, or launch with fewer concurrent connections", C.OTHER),
    )
