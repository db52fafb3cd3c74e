"""Rows of the line classifier (patterns.py) for Slurm's error strings as srun and slurmstepd print them.

srun prints slurm_strerror()'s text after what failed ("srun: error: Unable to create step for job 1234: <text>",
"Task launch for StepId=1234.0 failed on node n7: <text>", "Application launch failed: <text>"); the texts are
src/common/slurm_errno.c's (SchedMD/slurm 284c3b9), and each one decides the cause, not the words around it: a
plugin of Slurm's that would not load is Slurm's installation, not an NCCL network plugin; an RPC that timed out is
the controller or slurmd, not a collective; "Slurmd could not set UID or GID" is a Unix group, not a RoCE GID. The
step banners and lines of slurmstepd (src/slurmd/slurmstepd/req.c, mgr.c, io.c) and of the PMIx plugin
(src/plugins/mpi/pmix/pmixp_utils.c, pmixp_coll_tree.c, pmixp_server.c) that state a cause are read here too.

Read before the generic families, whose words ("plugin", "timed out", "killed", "GID") these lines share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
SLURMERR_WORDS: tuple[bytes, ...] = (
    b"Unable to create step for job", b"DUE to SIGNAL", b"abandoning them now",
    b"_handle_signal_container", b"socket peer process", b"hostlist specified", b"Only allocated", b"task-prolog",
    b"no record for task id", b"_fork_command", b"Could not open std", b"cli_filter", b"local plugin stack",
    b"Unable to configure MPI plugin", b"from slurmd", b"SwitchParameters", b"protocol_version", b"Cannot send data",
    b"exceeded the retry limit")

# The job's request (or the program it names) is what Slurm cannot honour.
_REQUEST = ("Invalid MPI plugin name|Invalid job id specified|Invalid node name specified|Requested topology "
            "configuration is not available|No suitable topology unit found|Requires more ports than can be reserved|"
            "Slurmd could not execve job")
# Slurm's own installation, configuration, daemons or node states refused the step.
_CLUSTER = ("Dlopen of plugin file failed|Plugin missing required symbol or function|Plugin has invalid format or "
            "unable to be loaded|Plugin file not found|Plugin init\\(\\) callback failed|Incompatible plugin version|"
            "Plugin access denied|Plugin name/type/version symbol missing|Required plugin type not loaded or "
            "initialized|Plugin initialization failed|MPI plugin's pre-launch setup failed|Error configuring "
            "interconnect|Container runtime not configured or invalid|Incompatible versions of client and server code|"
            "Requested operation (?:not supported on this system|is presently disabled)|Unix socket name exceeded "
            "maximum length|Protocol authentication error|Invalid authentication credential|Unable to resolve (?:user|"
            "group) ID to (?:user|group) name|Slurmd could not set (?:UID or GID|up environment for batch job)|"
            "Requested nodes are busy|Required node not available \\(down, drained or reserved\\)|Job/step already "
            "completing or completed|Job steps can not be run on this cluster|Job step not running|Job epilog failed|"
            "Too many job steps on node|Job step already exists|Kill task failed|Required ports are in use|"
            "Job step is (?:suspended|not currently suspended)")
# An RPC to slurmctld or slurmd that did not complete.
_RPC = ("Socket timed out on send/recv operation|Zero Bytes were transmitted or received|Connection forced closed by "
        "quiesce timeout|Connection timed out (?:writing|reading)|Communication connection failure|Unable to contact "
        "slurm controller \\((?:connect|send) failure\\)|Message (?:send|receive) failure")
_AFTER = r"(?:Unable to create step for job \S+|Task launch for \S+ failed on node \S+|Application launch failed): "

_CLUSTER_WHY = ("Slurm refused or failed the step for a reason of the cluster's own: a plugin it could not load or "
                "initialise")
_CLUSTER_FIX = ("read slurmd's and slurmctld's logs for this step (`sacct -j <id>`, `scontrol show node <node>`); a "
                "plugin or version error needs the same Slurm build and slurm.conf on every node; a node state needs "
                "`scontrol update nodename=<node> state=resume` after its cause is fixed")


def slurmerr_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        p(_AFTER + r"Job killed due hitting max wall clock limit", "job_stopped", W,
          "the job reached its time limit while srun was starting a step", "ask for more time (--time) or resume "
          "from a checkpoint", C.OTHER, "collateral"),
        p(_AFTER + r"Job killed due node failure", "remote_exited", E,
          "a node of the job failed while srun was starting a step: the job lost that node", "read why the node "
          "failed (`sinfo -R`, `scontrol show node`, its kernel log)", C.RANK_CRASHED_ELSEWHERE, "collateral"),
        p(_AFTER + r"(?:" + _REQUEST + ")", "launch_config", E,
          "Slurm cannot honour the step as asked: an --mpi type this Slurm has no plugin for, a job, node or "
          "topology that does not exist, more ports than it reserves, or a program slurmd could not execute",
          "ask for what exists: `srun --mpi=list` for the MPI types, the job's own id and nodes (`squeue`, `scontrol "
          "show job`), and the program's full path, executable on every node", C.APPLICATION_BUG),
        p(_AFTER + r"(?:" + _RPC + ")", "slurm_rpc", E,
          "srun's request to a Slurm daemon did not complete (slurmctld to create the step, slurmd to launch it): "
          "the daemon down or overloaded, a different munge key or clock, or its port blocked; no collective ran",
          "check `scontrol ping`, `sinfo -R`, slurmd's log on the node, the munge key and clock on both sides, and "
          "that ports 6817 and 6818 are open between the nodes", C.OTHER, "root", (C.FIREWALL_OR_PORT_BLOCKED,)),
        p(_AFTER + r"(?:" + _CLUSTER + ")", "slurm_refused", E,
          _CLUSTER_WHY + ", daemons of different versions, authentication (munge), or a node that is busy, drained, "
          "completing or out of steps", _CLUSTER_FIX, C.OTHER),
        # slurmstepd's own plugins and configuration (slurmstepd.c, mgr.c; srun.c for cli_filter).
        p(r"(?:srun|salloc|sbatch|slurmstepd): (?:error|fatal): (?:failed to initialize (?:cli_filter|switch|gres|"
          r"task|mpi|prep|acct_gather)\w* plugins?|cli_filter plugin terminated with error|Failure in local plugin "
          r"stack|Unable to configure MPI plugin|Failed to read (?:gres\.conf|MPI conf) from slurmd|SwitchParameters "
          r"parsing encountered errors|switch_p_unpack_stepinfo: protocol_version \d+ not supported|gres/gpu failed "
          r"to load configuration|Failed mpi_g_slurmstepd_prefork|Failed to broadcast "
          r"'[^']*'\. Step launch aborted|Could not create domain socket|Domain socket directory \S+: No such file|"
          r"Failed to look up username for uid|cannot initialize GRES hardware unless Slurmd was started as root|"
          r"Unable to attach to interconnect|Failed to invoke task plugins|PMIx_server_init failed|"
          r"Couldn't find CXI library)",
          "slurm_refused", E,
          _CLUSTER_WHY + ", or its configuration on this node", _CLUSTER_FIX, C.OTHER),
        # mgr.c/req.c banners: a task of the step exited non-zero (its own output says why), the job cancelled by a
        # signal (scancel). Processes that would not die ("STEPD TERMINATED ... DUE TO JOB NOT ENDING WITH SIGNALS")
        # name no cause of their own (tests/lines/slurm_full.py).
        p(r"\*\*\* STEP \S+ ON \S+ FAILED \(non-zero exit code or other failure mode\) \*\*\*", "worker_failed", E,
          "slurmstepd reports that a task of this step exited with an error: that task's own error, above in its "
          "output, is the cause", "read the first task's error above (or its .err file) and `sacct -j <id>`", None,
          "collateral"),
        p(r"\*\*\* JOB \S+ ON \S+ CANCELLED AT \S+ DUE to SIGNAL", "job_stopped", W,
          "the job was stopped from outside (a signal such as scancel's)", "read who stopped it (`sacct -j <id> -o "
          "State,Reason`)", C.OTHER, "collateral"),
        # slurmstepd's RPC to slurmctld late or failed; its I/O connections left behind at the end (io.c) and a
        # signal to a process that had already exited (req.c) are no failure.
        p(r"which is more than MessageTimeout|stepmgr failed to send message \w+: rc=\d+\(Socket timed out|Rank \d+ "
          r"failed sending step completion message directly to slurmctld", "slurm_rpc", W,
          "slurmstepd's message to slurmctld was late or had to be retried: the controller is overloaded or "
          "unreachable for a while (no collective is involved)", "check slurmctld's load and log, and MessageTimeout "
          "in slurm.conf", C.OTHER, "collateral", (C.FIREWALL_OR_PORT_BLOCKED,)),
        p(r"Timed out waiting for \d+ connections to finish, abandoning them now|_handle_signal_container: failed "
          r"signal \d+ pid \d+ \S+ No such process|Unable to resolve socket peer process from kernel|job_manager "
          r"exiting with aborted job", "noise", I,
          "slurmstepd's housekeeping at a step's end: not a failure by itself", "nothing to fix", None, "noise"),
        # srun's checks of the request (srun_job.c, opt.c, multi_prog.c, srun.c, salloc.c).
        p(r"You asked for \d+ tasks but hostlist specified \d+ nodes|Only allocated \d+ nodes asked for \d+|"
          r"task-prolog '[^']*' not found|Configuration file \S+ invalid, no record for task id|_fork_command: Unable "
          r"to exec command|Could not open std(?:out|err|in) file", "launch_config", E,
          "Slurm cannot honour the step as asked: more tasks or nodes than the allocation, a --multi-prog file or "
          "task prolog that is not there, a program or output path that does not exist",
          "make the step fit the allocation (--nodes, --ntasks, the hostlist) and name files that exist on every "
          "node (program, output directory, --multi-prog configuration)", C.APPLICATION_BUG),
        # The PMIx plugin's traffic between the nodes' slurmstepds (its own TCP or UCX connections).
        p(r"mpi/pmix\w*: .*(?:failed to send, abort collective|Cannot send data \(size = \d+\), to|send failed, "
          r"rc=\d+, exceeded the retry limit|failed to send to \S+, errno=|Connecting to abort agent failed|"
          r"Cannot send message to|Was unable to wait for the parent)",
          "socket_connect_failed", E,
          "Slurm's PMIx plugin could not send to the slurmstepd of another node: its connection between the nodes "
          "failed (a firewall, an interface the nodes do not share) or that node's step is gone",
          "open the PMIx plugin's ports between the nodes (SLURM_PMIXP_* / PMIxDirectConn settings in mpi.conf) and "
          "check the other node's slurmd log", C.FIREWALL_OR_PORT_BLOCKED, "root",
          (C.WRONG_INTERFACE, C.RANK_CRASHED_ELSEWHERE)),
        # (Another PMIx version than Slurm's is log.library_version, patterns_table_cluster.py.)
        p(r"pmixp_dconn_ucx_prepare: .*Fail to init UCX", "mpi_library_missing", E,
          "Slurm's PMIx plugin could not start UCX for its direct connections on this node",
          "install the UCX Slurm was built with on every node, or turn the plugin's UCX connections off "
          "(PMIxDirectConnUCX=false in mpi.conf)", C.OTHER),
        # A direct modex request to another node's step unanswered (pmixp_dmdx.c): that node's processes are gone.
        p(r"mpi/pmix\w*: .*_dmdx_req: .*timeout: ", "pmix_fence", E,
          "Slurm's PMIx plugin asked another node's step for a process's data and got no answer: that node's "
          "processes are gone or stuck", "read the other node's errors (the rank it names) and its slurmd log",
          C.RANK_CRASHED_ELSEWHERE, "collateral", (C.FIREWALL_OR_PORT_BLOCKED,)),
        # The task prolog and epilog (TaskProlog/TaskEpilog of slurm.conf, srun --prolog/--epilog) failed.
        p(r"(?:srun|slurmstepd): error: (?:srun (?:prolog|epilog) failed|Task(?:Prolog|Epilog) failed)", "node_prolog",
          E, "a prolog or epilog script of the step failed on the node (the site's TaskProlog/TaskEpilog, or srun's "
          "--prolog/--epilog)", "run the script by hand on the node and read its output; the site's scripts are "
          "the administrators'", C.OTHER),
        # HPE Slingshot's switch plugin: the NIC's resources for the job (CXI services, transmit queues) ran out; its
        # requests to Slingshot's fabric manager service (not NVIDIA's) failed; a traffic class the job asked for.
        p(r"CXI allocation failed for|txqs: allocation failed|Slingshot service allocation failed", "nic_resources", E,
          "the Slingshot NIC has no resources left for this job's step (CXI services or transmit queues): other "
          "steps or leftover services hold them", "check `cxi_service list` on the node for services of finished "
          "jobs, lower the number of concurrent steps, or raise the plugin's limits (SwitchParameters)",
          C.IB_RESOURCE_ERROR),
        p(r"removing from fabric manager", "noise", I, "the Slingshot plugin's clean-up of a finished job",
          "nothing to fix", None, "noise"),
        p(r"(?:GET|POST|PATCH|DELETE) \S+ to fabric manager for|to fabric manager for collectives failed|"
          r"Slingshot hardware collectives release failed", "slurm_refused", E,
          "Slurm's Slingshot plugin could not reach HPE Slingshot's fabric manager service for the job's hardware "
          "collectives (an HTTP error)", "check the fabric manager service and its credentials in SwitchParameters; "
          "run without hardware collectives until it answers", C.OTHER),
        p(r"Invalid traffic class token", "launch_config", E,
          "the step asked Slingshot for a traffic class the plugin does not know", "use a class of the list the "
          "message gives (srun --network=tcs=...)", C.APPLICATION_BUG),
        # switch/nvidia_imex: the node has no IMEX channel left for the job's multi-node NVLink.
        p(r"no more IMEX channels available", "slurm_refused", E,
          "Slurm's IMEX switch plugin found no free IMEX channel on the node: the job's multi-node NVLink "
          "communication cannot be set up", "free the channels of finished jobs (restart slurmd) or raise the "
          "plugin's channel count; check the IMEX daemon (`nvidia-imex-ctl -N`)", C.OTHER),
    )
