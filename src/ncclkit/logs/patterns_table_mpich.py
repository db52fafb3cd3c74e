"""Rows of the line classifier (patterns.py) for MPICH's ch4 and ch3 devices and its PMI client, as MPICH, Intel MPI
and Cray MPICH print them (tests/lines/mpich_ch4.py holds every line with file:line@commit).

MPICH prints an error as MPID_Abort's header (`Abort(N) on node N (rank N in comm N): Fatal error in PMPI_Init: ...
error stack:`) and one `func(line)....: message` line per frame under it; the messages come from the errnames.txt
files (ch4's ofi netmod generates its `OFI call <name> failed (default nic=<domain>: <fi_strerror>)` ones from
MPIDI_OFI_CALL). The header and the frames that only pass an error up name no cause: the frame whose message states
one is read. Hydra's lines are patterns_table_mpilaunch's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list. ch4's provider check, ch3 sock's closed connection and the PMI client's host lookup
# carry none of the shared words.
MPICH_WORDS: tuple[bytes, ...] = (b"configure-time provider", b"unexpectedly closed", b"get host entry", b"PMI_KVS_",
                                  b"NIC_POLICY", b"GTL library", b"ALLFUNC_MUTEX", b"forward RPC", b"ping RPC",
                                  b"job resources", b"CUDA Hook Library", b"GTL DEBUG",
                                  b"cxil_map:", b"implicit GPU selection", b"AF_UNIX path too long",
                                  b"page fault from GPU", b"_pmi_set_af_in_use", b"EXIT STRING: ", b"PMII_singinit",
                                  b"singleton init program", b"necessary mpiexec",
                                  b"bootstrap server", b"unable to run proxy", b"boostrap proxies")

_OFI_FIX = ("run `fi_info` (and `fi_info -p <provider>`) on the node where the rank runs: it must list the provider "
            "MPICH uses on a NIC that is up and passed into the container; set FI_PROVIDER (Intel MPI: also "
            "I_MPI_OFI_PROVIDER) to one it lists, or use an MPICH built for that provider")


def mpich_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- hydra's exit block and its launchers ------------------------------------------------------------------
        # hydra's BAD TERMINATION block prints the signal a process died of as its EXIT CODE ("=   EXIT CODE: 9",
        # then "EXIT STRING: Killed (signal 9)"): 9 is a SIGKILL, most often the OOM killer (je-santos/MPLBM-UT#92:
        # "caused by a lack of memory"); 134 is the process's own abort (ggml-org/llama.cpp#4792); an EXIT STRING of
        # signal 15 is a stop from outside (137, 128 + 9, is the host rows' kill).
        p(r"^\W*=\s+EXIT CODE: 9\s*$", "process_killed", W,
          "a process of the MPI job was killed with SIGKILL (EXIT CODE 9): most often the kernel OOM killer",
          "check `dmesg | grep -i oom` on the host the block names; lower host memory use or give the job more",
          C.OOM, "root", (C.RANK_CRASHED_ELSEWHERE,)),
        p(r"^\W*=\s+EXIT CODE: 134\s*$", "process_aborted", W,
          "a process of the MPI job aborted itself (EXIT CODE 134: SIGABRT) after an error of its own",
          "read that process's own output before the block (an assertion, `terminate called`)", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        p(r"EXIT STRING: Terminated \(signal 15\)", "job_stopped", W,
          "a process of the MPI job was terminated (SIGTERM) from outside: a scheduler's limit, a cancel, or the "
          "launcher cleaning up after another process failed", "read the first failure before it, or why the job "
          "was stopped (`sacct`, the scheduler's log)", C.OTHER, "collateral"),
        # MPICH's PMI client without a process manager ("PMII_singinit: execv failed", "This singleton init program
        # attempted to access some feature ... But the necessary mpiexec is not in your path"): srun started MPICH
        # without a PMI Slurm provides, so every rank is a singleton of size 1 (pmodels/mpich#6924).
        p(r"PMII_singinit: execv failed|This singleton init program attempted to access some feature|the necessary "
          r"mpiexec is not in your path", "launch_config", E,
          "each MPICH process started as a singleton (world size 1): it was launched without the process manager "
          "its PMI needs (srun without a matching --mpi, or a plain program start)",
          "launch with mpiexec, or with `srun --mpi=pmi2` / `--mpi=pmix` matching how MPICH was built "
          "(`srun --mpi=list`)", C.APPLICATION_BUG),
        # hydra's host-file parser (utils/args/args.c HYDU_process_mfile_token: "token Slave1 not supported at this
        # time", then "error parsing hostfile"; pmodels/mpich#4189): a line of the -f file is not "host[:procs]"
        # (a hosts-file line with an address and a name, or Open MPI's "slots=").
        p(r"HYDU_process_mfile_token \([^)]*\): token \S+ not supported|mfile_fn \([^)]*\): error parsing hostfile",
          "launch_config", E, "MPICH's mpiexec could not read the host file: a line is not in its `host[:procs]` form",
          "write one host per line as `name` or `name:N` (no address-and-name pairs, no Open MPI `slots=N`)",
          C.APPLICATION_BUG),
        # hydra's launchers ("bootstrap" is its launcher directory, tools/bootstrap/): the PBS launcher's TM
        # interface refused ("HYDT_bsci_launcher_pbs_init ...: tm_init() failed with TM error 17002", then "unable to
        # initialize the bootstrap server": mpiexec outside a working PBS job, radical.pilot#301); Intel MPI 2019's
        # "unable to run proxy on <host>", "error setting up the boostrap proxies" (its own spelling, fds#8508).
        p(r"HYDT_bsci_launcher_\w+_init \([^)]*\): \w+\(\) failed|unable to initialize the bootstrap server|"
          r"unable to run proxy on \S+|error setting up the boostrap proxies", "mpi_launch", E,
          "mpiexec's launcher could not start its proxies on the hosts: under PBS, mpiexec runs outside a working "
          "PBS job (no TM connection to pbs_mom); otherwise ssh or the scheduler's launcher fails on a host",
          "run mpiexec inside the job's allocation (or pick the launcher: `-launcher ssh|slurm|fork`, "
          "I_MPI_HYDRA_BOOTSTRAP); check `ssh <host> hostname` for every host", C.OTHER, "root",
          (C.FIREWALL_OR_PORT_BLOCKED, C.HOSTNAME_RESOLUTION)),
        # -- HPE's PALS launcher (mpiexec under PBS) and Cray PMI: ALCF's, CSCS's, LUMI's and OLCF's guides ------------
        # PALS's control network losing a node: "Couldn't forward RPC ping(...) to child <node>: Resource temporarily
        # unavailable", "ping RPC timeout from <node> after 120s", "ping failed on <n>: No reply from <node> after
        # 87s" and, for a node that went down and reboots, "... Application <id> not found" (ALCF's Aurora known
        # issues: kill the job and run it again). No resource limit, no collective.
        p(r"Couldn't forward RPC \w+\([\w-]+\) to child|ping RPC timeout from \S+ after \d+s|ping failed on \S+: "
          r"(?:No reply from|Application [\w-]+ not found)", "remote_exited", E,
          "HPE's launcher (PALS) lost contact with a node of the job: the node or its management network failed, and "
          "the ranks on it are gone or cut off", "kill the job and run it again without that node (`pbsnodes` shows "
          "its state and comment); report the node to the site if it repeats", C.RANK_CRASHED_ELSEWHERE,
          "root", (C.OTHER,)),
        # PBS's "failed to acquire job resources; job startup aborted" (ALCF: `qsub -V` exporting the login shell's
        # whole environment breaks start-up; pass variables with -v).
        p(r"failed to acquire job resources; job startup aborted", "launch_config", E,
          "PBS could not start the job on its nodes (with `qsub -V`, the whole login environment exported breaks the "
          "start-up)", "submit with `-v VAR1,VAR2` for the variables the job needs instead of `-V`",
          C.APPLICATION_BUG, "root", (C.OTHER,)),
        # PALS's "launch failed on <node>: Failed to parse implicit GPU selection" (--gpu-bind=list with implicit
        # scaling or ZE_FLAT_DEVICE_HIERARCHY=FLAT, ALCF's Aurora guide).
        p(r"Failed to parse implicit GPU selection", "launch_config", E,
          "the launcher cannot bind the GPUs it was given with --gpu-bind=list under this device hierarchy",
          "use a --gpu-bind list that matches the node's device hierarchy (ZE_FLAT_DEVICE_HIERARCHY), or bind with a "
          "wrapper script that sets the visible devices per rank", C.APPLICATION_BUG),
        # Cray PMI's "[unset]:_pmi_set_af_in_use:PMI ERROR" (LUMI's helpdesk: export PMI_SHARED_SECRET="").
        p(r"_pmi_set_af_in_use:PMI ERROR", "launch_config", E,
          "Cray PMI failed at start-up (its shared secret between launcher and ranks)",
          "export PMI_SHARED_SECRET=\"\" in the batch script before srun", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # Spectrum MPI's CUDA hook: "CUDA Hook Library: Failed to find symbol mem_find_dreg_entries, ...: undefined
        # symbol: __PAMI_Invalidate_region" (OLCF's Summit guide: CUDA called before MPI_Init, or a serial program
        # built with the MPI wrappers and run with jsrun).
        p(r"CUDA Hook Library: Failed to find symbol", "framework_usage", E,
          "Spectrum MPI's CUDA hooks found no MPI state: the program called CUDA before MPI_Init, or is a serial "
          "program built with the MPI compiler wrappers", "call MPI_Init before the first CUDA call, or run with "
          "`--smpiargs=\"-disable_gpu_hooks\"` (serial programs: build without the MPI wrappers)", C.APPLICATION_BUG),
        # Cray MPICH's GTL on managed (unified) memory: "(GTL DEBUG: 0) cuIpcGetMemHandle: invalid argument,
        # CUDA_ERROR_INVALID_VALUE" (NCAR's Derecho examples: MPICH_GPU_MANAGED_MEMORY_SUPPORT_ENABLED=1).
        p(r"\(GTL DEBUG: \d+\) cuIpcGetMemHandle: invalid argument", "framework_usage", E,
          "Cray MPICH's GPU transport was handed managed (unified) memory it cannot share by CUDA IPC",
          "export MPICH_GPU_MANAGED_MEMORY_SUPPORT_ENABLED=1, or pass device memory (cudaMalloc) to MPI",
          C.APPLICATION_BUG, "root", (C.CUDA_OR_DRIVER,), False),
        # Cray MPICH's "cxil_map: write error" on GPU-aware transfers between nodes (CSCS's cray-mpich page: a gdrcopy
        # bug, FI_CXI_SAFE_DEVMEM_COPY_THRESHOLD=0; once a system misconfiguration): mapping GPU memory for the NIC.
        p(r"cxil_map: write error", "ofi_error", E,
          "the Slingshot NIC could not map GPU memory for a GPU-aware transfer (the GPUDirect copy path: gdrcopy or "
          "the driver's peer memory)", "export FI_CXI_SAFE_DEVMEM_COPY_THRESHOLD=0 (turns gdrcopy off); if it stays, "
          "the node's GPU peer-memory setup is wrong: report it, and stage GPU buffers through the host meanwhile",
          C.GDR_UNAVAILABLE, "root", (C.OTHER,), False),
        # A Unix socket path past 108 bytes ("AF_UNIX path too long"): TMPDIR set to a long job directory by the
        # launcher, where Python's multiprocessing and PyTorch put their sockets (ALCF's guides: export TMPDIR=/tmp).
        p(r"AF_UNIX path too long", "host_setting", E,
          "a Unix socket path is longer than the kernel allows (108 bytes): TMPDIR points into a long job directory",
          "export TMPDIR=/tmp (or another short path) before starting the job", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # Intel GPUs' "Unexpected page fault from GPU at <address>" (ALCF's Aurora known issues: most often the
        # program's memory error, rarely the compiler's code): the CUDA analogue is an illegal memory access.
        p(r"Unexpected page fault from GPU at", "cuda_error", E,
          "a kernel on the (Intel) GPU touched memory it does not own: most often the program's out-of-range access",
          "run the kernel under the GPU's debug tools (ZE_ENABLE_VALIDATION_LAYER, compute sanitizers) to find the "
          "access; if the code is right, report it with the compiler's version", C.APPLICATION_BUG, "root",
          (C.CUDA_OR_DRIVER,)),
        # Cray MPICH's own start-up checks (OLCF's PyTorch on Frontier, CSCS's cray-mpich pages): a rank not bound to
        # one NUMA node cannot pick its NIC ("Unable to use a NIC_POLICY of 'NUMA'. Rank 4 is not confined to a
        # single NUMA node"; with PyTorch also import mpi4py before torch); GPU support asked without the GTL
        # library linked; the MPI_THREAD_MULTIPLE lock assertion of Cray MPICH before 8.1.30 on GH200.
        p(r"Unable to use a NIC_POLICY of '\w+'\. Rank \d+ is not confined", "topology_error", E,
          "Cray MPICH cannot choose a NIC for a rank that is not bound to one NUMA node", "bind every rank to one "
          "NUMA node (srun --cpu-bind / --gpu-bind, or MPICH_OFI_NIC_POLICY), and with PyTorch import mpi4py "
          "before torch", C.TOPOLOGY_OR_NUMA),
        p(r"GPU_SUPPORT_ENABLED is requested, but GTL library is not linked", "launch_config", E,
          "MPICH_GPU_SUPPORT_ENABLED=1 is set, but the program was not linked with Cray's GPU transport layer (GTL)",
          "load the craype-accel module for the GPU and rebuild, or set MPICH_GPU_SUPPORT_ENABLED=0",
          C.APPLICATION_BUG),
        p(r"\(&MPIR_THREAD_GLOBAL_ALLFUNC_MUTEX\)->count == 0", "framework_release", E,
          "Cray MPICH's MPI_THREAD_MULTIPLE lock check failed (a Cray MPICH bug, fixed in 8.1.30)",
          "use Cray MPICH 8.1.30 or newer, or set MPICH_OPT_THREAD_SYNC=0", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # -- lines that state no cause of their own ---------------------------------------------------------------
        # pmodels/mpich src/mpid/ch4/src/ch4_globals.c:110@6a79bf6 MPID_Abort: "Abort(%d) on node %d (rank %d in comm
        # %d): " before MPIR_Err_get_string's "Fatal error in PMPI_Init: Other MPI error, error stack:"
        # (src/mpi/errhan/errutil.c): the heading of the stack printed under it, whose frames say what failed
        # ("Abort" here is no NCCL rank aborting, and the application's own MPI_Abort is not this line).
        p(r"Abort\(\d+\) on node \d+ \(rank \d+ in comm \d+\): Fatal error in P?MPI_\w+: [^\n]*error stack:",
          "worker_failed", E,
          "MPICH aborts the process with an MPI error: the stack lines printed under this header say which call "
          "failed and why", "read the `func(line)...: message` lines under this header; the deepest one names the "
          "failure", None, "collateral"),
        # pmodels/mpich src/mpid/ch4/netmod/ofi/init_addrxchg.c:52@6a79bf6: fi_av_insert of the peers' addresses at
        # init, and ofi_events.c:601@6a79bf6 MPIDI_OFI_handle_cq_error's default branch (a completion with an error
        # other than ETRUNC/ECANCELED/ENOMSG): an I/O error or a refusal from the provider says a transfer or an
        # address failed, not why (a timeout has its own row below).
        p(r"OFI (?:call avmap|poll) failed \(default nic=[^:()]*: (?:Input/output error|Connection refused)\)",
          "system_error", E,
          "MPICH's libfabric layer reports a failed address insert or transfer without a reason of its own",
          "read the provider's own messages around this line (FI_LOG_LEVEL=warn) and the first error of the other "
          "ranks; check the NIC's link on both nodes (`fi_info`, `ibstat` or `cxi_stat`)", None, "collateral"),
        # -- ch4 ofi netmod: no provider ------------------------------------------------------------------------------
        # pmodels/mpich src/mpid/ch4/netmod/ofi/init_provider.c:132,138@6a79bf6 find_provider: fi_getinfo for the
        # provider asked for (FI_PROVIDER, else the configure-time one) returned none (-FI_ENODATA, "No data
        # available"): libfabric found no NIC of that provider; :186 the provider found is not the one this MPICH
        # was built for; errnames.txt:7 **ofid_no_provider. The fabric library layer failed, as aws-ofi-nccl's own
        # fi_getinfo failure is read. Intel MPI words it "find_provider(2819)....: OFI fi_getinfo() failed
        # (ofi_init.c:2819:find_provider:No data available)" (uxlfoundation/oneCCL#106, its shm provider).
        p(r"OFI call getinfo failed|OFI Provider name does not match configure-time provider name|"
          r"No valid libfabric provider|find_provider\(\d+\)\.*: OFI fi_getinfo\(\) failed", "ofi_error", E,
          "MPICH's libfabric layer found no usable provider: no NIC of the provider it asks for is visible here, or "
          "the provider is not the one this MPICH was built for", _OFI_FIX, C.NET_PLUGIN_ERROR, "root",
          (C.IB_PORT_DOWN_OR_LINK,)),
        # -- ch4 ofi netmod: transfers ------------------------------------------------------------------------------
        # pmodels/mpich src/mpid/ch4/netmod/ofi/ofi_events.c:593@6a79bf6 MPIDI_OFI_handle_cq_error: a completion
        # whose error is a timeout (FI_ETIMEDOUT, "Connection timed out"): the provider's retries to the peer ran out
        # (a completion error, not a socket connect).
        p(r"OFI poll failed \(default nic=[^:()]*: Connection timed out\)", "ib_completion_error", E,
          "an RDMA transfer of MPICH to a peer timed out at the NIC: the provider's retries ran out (a link or switch "
          "port failing, or the peer gone)", "check the NIC's link and error counters on both nodes (`ibstat`, "
          "`cxi_stat`) and the switch ports; find whether the peer rank died first", C.IB_TIMEOUT_OR_RETRY, "root",
          (C.IB_PORT_DOWN_OR_LINK, C.RANK_CRASHED_ELSEWHERE), decode=False),
        # pmodels/mpich src/mpid/ch4/netmod/ofi/ofi_rndv_rdma_common.inc:49@6a79bf6 rndv_mr_reg: fi_mr_reg of a
        # rendezvous buffer refused with ENOMEM. No memlock hint is printed (the providers print one when the limit
        # is low), so the device's registration resources (decode=False: not the verbs decoder's memlock reading).
        p(r"OFI call mr_reg\w* failed \(default nic=[^:()]*: Cannot allocate memory\)", "ibv_reg_mr_failed", E,
          "MPICH could not register a buffer with the NIC (ENOMEM): the device's registration resources or the "
          "locked-memory limit ran out", "check `ulimit -l` where the ranks run (it should be unlimited); if it is, "
          "run fewer ranks per NIC or lower MPICH's rendezvous sizes, and check `dmesg` for the NIC driver",
          C.IB_RESOURCE_ERROR, "root", (C.MEMLOCK_OR_ULIMIT,), decode=False),
        # -- ch4 ucx netmod -----------------------------------------------------------------------------------------
        # pmodels/mpich src/mpid/ch4/netmod/ucx/ucx_init.c:244,64@6a79bf6 MPIDI_UCX_CHK_STATUS: ucp_init/ucp_worker
        # failing with UCS_ERR_NO_DEVICE ("No such device"), ucp_ep_create with UCS_ERR_UNREACHABLE ("Destination is
        # unreachable"): UCX has no transport device here, or none that reaches the peer (as UCX's own "no usable
        # transports/devices").
        p(r"ucx function returned with failed status\([^)]*(?:No such device|Destination is unreachable)\)",
          "ucx_unreachable", E,
          "MPICH's UCX has no device that reaches the peer: UCX_NET_DEVICES / UCX_TLS name devices missing or down "
          "here, or the nodes' devices are on different networks",
          "name the same active devices on every node (`ucx_info -d`, UCX_NET_DEVICES=mlx5_0:1), or restrict the "
          "transports (UCX_TLS=tcp,self) to test", C.WRONG_INTERFACE, "root", (C.IB_PORT_DOWN_OR_LINK,)),
        # -- ch3 nemesis tcp and sock -------------------------------------------------------------------------------
        # pmodels/mpich src/mpid/ch3/channels/nemesis/netmod/tcp/socksm.c:1771@6a79bf6 MPID_nem_tcp_connpoll: the
        # poll of a peer's socket failed, the VC is marked failed (MPIX_ERR_PROC_FAILED): the peer went away.
        p(r"Communication error with rank \d+: Connection reset by peer", "socket_closed", E,
          "a peer MPICH process closed its connection: it died or aborted first", "find the first error of the "
          "rank named (its output, an OOM kill in `dmesg` on its node)", C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # pmodels/mpich src/mpid/ch3/util/sock/errnames.txt:4@6a79bf6 **ch3|sock|connclosed: the peer closed an
        # established connection (its process ended).
        p(r"\[ch3:sock\] active connection unexpectedly closed", "remote_exited", E,
          "a peer MPICH process closed its connection unexpectedly: it exited or crashed first",
          "find the rank that exited first (its own output, a core file, the OOM killer in `dmesg` on its node)",
          C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # pmodels/mpich src/mpid/ch3/util/sock/errnames.txt:7@6a79bf6 "[ch3:sock] failed to connect to process %s
        # (%s)", src/pmi/src/pmi_util.c:558@6a79bf6 "connect failed with connection refused" (the PMI server's port),
        # src/mpid/ch3/errnames.txt:36@6a79bf6 "Connection timed out in %d seconds" (a connect to a peer's port that
        # never got an answer: a filtered port).
        p(r"\[ch3:sock\] failed to connect to process|connect failed with connection refused|"
          r"Connection timed out in \d+ seconds", "socket_connect_failed", E,
          "an MPICH process could not open a TCP connection to a peer or to the PMI server: the port is refused or "
          "filtered", "open the TCP ports between the nodes (MPICH's are ephemeral: allow all traffic inside the "
          "cluster, or set MPIR_CVAR_CH3_PORT_RANGE / MPICH_PORT_RANGE and open that range); check that the "
          "address used is on the network that joins the nodes", C.FIREWALL_OR_PORT_BLOCKED, "root",
          (C.WRONG_INTERFACE,)),
        # pmodels/mpich src/mpi/errhan/errnames.txt **pmi_kvs_get "PMI_KVS_Get returned %d" (and _Put, _Commit): the
        # rank's PMI client got no answer for a key from the process manager. The launcher does not serve this MPI
        # (another MPI's mpirun, srun without --mpi=pmi2 where Slurm's MpiDefault is none), or a node's PMI proxy
        # never joined (nccl-tests#92: "Your MPI doesn't seem functional").
        p(r"PMI_KVS_(?:Get|Put|Commit) returned -?\d+", "launch_config", E,
          "MPICH's key exchange with its process manager (PMI) failed: the launcher does not serve this MPI library, "
          "or the PMI proxy of another node could not reach it",
          "start the job with the mpiexec of the MPI the program was built with, or under Slurm with `srun "
          "--mpi=pmi2` (`srun --mpi=list`); run a two-rank MPI hello world across the nodes before NCCL",
          C.APPLICATION_BUG, "root", (C.WRONG_INTERFACE, C.FIREWALL_OR_PORT_BLOCKED)),
        # pmodels/mpich src/mpid/ch3/channels/nemesis/netmod/tcp/tcp_init.c:372@6a79bf6 "gethostbyname failed, %s
        # (errno %d)" (the interface's or host's own name), src/pmi/src/pmi_util.c:539@6a79bf6 "Unable to get host
        # entry for %s" (the PMI server's host): a name that does not resolve.
        p(r"gethostbyname failed, \S+ \(errno \d+\)|Unable to get host entry for \S", "name_resolution", E,
          "an MPICH process could not resolve a host name (its own, a peer's or the PMI server's)",
          "make every node resolve every node's hostname (/etc/hosts or DNS: `getent hosts <name>`), or give MPICH "
          "addresses (`-iface <ifname>`, MPIR_CVAR_CH3_INTERFACE_HOSTNAME)", C.HOSTNAME_RESOLUTION),
        # -- shared memory --------------------------------------------------------------------------------------------
        # pmodels/mpich src/mpi/errhan/errnames.txt:27@6a79bf6 **alloc_shar_mem "unable to allocate shared memory -
        # %s %s" with MPL_shm's failed call (write/ftruncate of the segment in /dev/shm) and its strerror.
        p(r"unable to allocate shared memory - \w+ No space left on device", "shm_error", E,
          "MPICH could not create its shared-memory segment: /dev/shm is full or too small (a container's 64 MB "
          "default)", "give the container a larger /dev/shm (`docker run --ipc=host` or `--shm-size=16g`; k8s: an "
          "emptyDir with medium Memory at /dev/shm), and remove stale files in /dev/shm", C.SHM_TOO_SMALL),
    )
