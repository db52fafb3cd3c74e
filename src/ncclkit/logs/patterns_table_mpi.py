"""Rows of the line classifier (patterns.py) for the MPI and fabric layers jobs run under: Open MPI (with PRRTE)
and UCX; their launchers' lines, MPICH's Hydra and mpi4py follow in patterns_table_mpilaunch (tests/lines/mpifabric.py
holds every line with file:line@commit).

Each row reads a program's own text, its cause decided from the help text or the code around the line: Open MPI
v4.1.8 (open-mpi/ompi ea8f4d0: btl openib and tcp, common cuda, the ORTE launcher) and v5.0.10 (0d48030: mtl ofi,
common ofi, the errhandler), PRRTE (openpmix/prrte 52d5e4b: help-prun), UCX (openucx/ucx 9466d10: ib_mlx5_log.c,
ud_ep.c, ib_md.c, ib_iface.c), MPICH (pmodels/mpich 6a79bf6: hydra, ch4 ofi) and mpi4py (mpi4py/mpi4py 7c8dac2).
The rows of patterns_table_net.py and patterns_table_cluster.py read the UCX and launcher lines that NCCL's own
families share (retry exceeded, no usable transports, daemons that cannot reach mpirun).

Read before the generic families, after patterns_table_suites: their words would send these lines elsewhere
("bootstrap" in hydra's source path, "abort" in MPI's error handler, "Cannot allocate memory" in a queue pair UCX
could not create, "timeout" in UD's retransmit timer)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
MPI_WORDS: tuple[bytes, ...] = (
    b"GID index that", b"CUDA GPU Direct RDMA", b"unexpectedly disconnected", b"inbound MPI TCP",
    b"supporting CUDA libraries", b"OFI MTL", b"OFI driver", b"out-of-band communications", b"plm_rsh_agent",
    b"PLS component", b"process starter", b"specified executable", b"communication path was lost",
    b"Illegal instruction", b"requested component was not", b"cuIpcOpenMemHandle return", b"selected pml",
    b"_repository_open", b"status = -25", b'"execve" system call', b"LOST_CONNECTION_TO_SERVER",
    b"Local protection on", b"Local access on", b"Remote access on")

OMPI_IFACE_FIX = ("restrict Open MPI to the interface that joins the nodes, the same name on every node "
                  "(`--mca btl_tcp_if_include eth0 --mca oob_tcp_if_include eth0`, or exclude docker0/virbr0 with "
                  "`--mca btl_tcp_if_exclude lo,docker0`); `ip -br addr` lists them")
MPI_LAUNCH_FIX = ("make the launch name what exists: the program's path on every node (or `--prefix`/PATH), a "
                  "hostfile that is there, and an allocation to run in (`salloc`/`sbatch` before mpirun under Slurm)")


def mpi_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # Open MPI's and PMIx's help text after a failed init ("It looks like pmix_init failed for some reason;
        # your parallel process is likely to abort", orte_init, MPI_INIT): boilerplate around the real reason,
        # not an abort of a communicator (NVIDIA/pyxis#88, openucx/ucx#6524).
        p(r"(?:parallel|MPI) process is\s*$|^\s*likely to abort\.\s+There are many reasons", "noise", I,
          "Open MPI's / PMIx's help text around a failed start-up: the reason is the line it names",
          "read the component or function the help text names", None, "noise"),
        # Open MPI / PMIx "A requested component was not found, or was unable to be opened" (the framework and
        # component follow: psec/munge, pml/ucx): that plugin of the MPI install is missing or cannot load its
        # libraries; nothing crashed elsewhere.
        p(r"A requested component was not found, or was unable to be opened", "package_build", E,
          "a component of the MPI / PMIx install (the framework and component it names: psec munge, pml ucx) is "
          "missing or cannot load its libraries", "install the component (or the library it needs: munge, UCX) in "
          "the image or on the node, or choose another (`--mca pml ob1`, PMIX_MCA_psec=native)", C.OTHER),
        # Open MPI's "process rank 1 ... exited on signal 4 (Illegal instruction)" (InternLM/lmdeploy#1221): the
        # binary uses CPU instructions this node lacks (built with -march=native or for a newer CPU elsewhere).
        p(r"exited on signal 4 \(Illegal instruction\)", "crash", E,
          "a process died on an illegal CPU instruction: the binary or a library was built for a CPU this node "
          "does not have", "rebuild (or install a build) for the oldest CPU of the cluster (no -march=native), or "
          "run on nodes of one CPU generation", C.OTHER),
        # PMIx's server after the job was aborted ("PMIX ERROR: UNREACHABLE in file server/pmix_server.c"): the
        # peers it tries to reach were already killed (open-mpi/ompi#9785).
        p(r"PMIX ERROR: UNREACHABLE in file \S*pmix_server", "remote_exited", W,
          "PMIx could not reach other processes of the job: they had already exited or been killed",
          "read the first error of the job (the rank that called MPI_ABORT or crashed)", C.RANK_CRASHED_ELSEWHERE,
          "collateral"),
        # Open MPI's own runtime failing, not a rank's program: MPI_Init's "Local abort before MPI_INIT completed"
        # (horovod#465), a PMIx direct-modex request timing out ("A request has timed out and will therefore
        # fail: ... Operation:  DMDX:", ompi#7628, a PRRTE bug). The numeric PMIX_ERR_UNREACH ("Error handler
        # invoked: status = -25", openpmix#2084) is the unreachable peers of the row above; "OPAL ERROR: Not
        # initialized in file pmix3x_client.c" is a process started without a PMIx server (srun without --mpi=pmix).
        # PRRTE's prun losing its DVM ("prun.c:809] PMIx Error: UNREACHABLE", "PRUN: DEFHANDLER WITH STATUS
        # LOST_CONNECTION_TO_SERVER(-101)"; radical-cybertools/radical.pilot#2177, fixed by a newer PRRTE). Its RTE
        # init failing under a launcher in the box's older words ("ompi_mpi_init: ompi_rte_init failed", then
        # "Returned (null)", open-mpi/ompi#8090); the newer box's opening is the help text above.
        p(r"Local abort before MPI_INIT completed|A request has timed out and will therefore fail|^\s*Operation:\s+"
          r"DMDX:|prun\.c:\d+\] PMIx Error: UNREACHABLE|STATUS LOST_CONNECTION_TO_SERVER|"
          r"ompi_rte_init failed", "mpi_runtime", E,
          "Open MPI's runtime failed before or under the program: its MPI_Init, its PMIx connection or a runtime "
          "request (not a collective of the program)", "read Open MPI's error around it; match Open MPI, PMIx and the "
          "launcher (`ompi_info | grep -i pmix`, `srun --mpi=list`) and upgrade a release with the bug fixed",
          C.OTHER),
        p(r"Error handler invoked: status = -25\b", "remote_exited", W,
          "PMIx could not reach other processes of the job (PMIX_ERR_UNREACH): they had already exited",
          "read the first error of the job (the rank that aborted or crashed)", C.RANK_CRASHED_ELSEWHERE,
          "collateral"),
        p(r"OPAL ERROR: Not initialized in file pmix\w*_client\.c", "launch_config", E,
          "an Open MPI process started without a PMIx server to join: srun without --mpi=pmix, or the program "
          "run directly", "launch with mpirun, or `srun --mpi=pmix` (a Slurm built with the PMIx Open MPI uses)",
          C.APPLICATION_BUG),
        # -- lines that report an abort whose cause is printed above them ------------------------------------------
        # open-mpi/ompi ompi/errhandler/errhandler_predefined.c:488@0d48030: MPI_ERRORS_ARE_FATAL, the default handler,
        # aborts after "*** An error occurred in MPI_X" with the error class it got; "abort" here is no rank of NCCL's.
        p(r"\*\*\* MPI_ERRORS_ARE_FATAL \(processes in this communicator will now abort", "worker_failed", E,
          "MPI's default error handler aborts the job: the MPI error it names just above (`*** An error occurred in "
          "MPI_...`, MPI_ERR_...) is the cause", "read the MPI error printed before this line and the first error "
          "of the rank that raised it", None, "collateral"),
        # pmodels/mpich src/pm/hydra/lib/tools/bootstrap/utils/bscu_wait.c:109@6a79bf6: a proxy's waitpid saw a non-zero
        # status ("bootstrap" is hydra's launcher directory, not NCCL's bootstrap); the process's own output says why.
        p(r"one of the processes terminated badly; aborting", "worker_failed", E,
          "mpiexec reports that one of its processes exited with an error: that process's own output is the cause",
          "read the first error of the process that exited (its output above, or `mpiexec -outfile-pattern`)",
          None, "collateral"),
        # pmodels/mpich src/mpi/init/init_impl.c:96@6a79bf6: "Abort(17) on node 3 (rank 3 in comm 0): application
        # called MPI_Abort(MPI_COMM_WORLD, 17)": the program aborted itself; its own error before this says why.
        p(r"application called MPI_Abort\(", "worker_failed", E,
          "a rank's program called MPI_Abort: its own error, printed before this line, is the cause",
          "read that rank's error before the abort (the error code is the program's own)", None, "collateral"),
        # -- Open MPI v4.1: btl openib, btl tcp, common cuda -------------------------------------------------------
        # open-mpi/ompi opal/mca/btl/openib/help-mpi-btl-openib.txt:196@ea8f4d0 [pp retry exceeded]: "The InfiniBand
        # retry count between two MPI processes has been exceeded" ("something awry within the InfiniBand fabric
        # itself"; btl_openib_ib_timeout and _retry_count are the knobs): the peer's HCA never acknowledged.
        p(r"The InfiniBand retry count between two MPI processes has been", "ib_completion_error", E,
          "Open MPI's openib transport got no acknowledgement from the peer's HCA (retries exhausted): a link or "
          "switch port failing, or the peer gone", "check `ibstat` and the port error counters on both hosts the "
          "message names and their switch ports; a host that keeps failing leaves the job (raise "
          "`--mca btl_openib_ib_timeout` on large fabrics)", C.IB_TIMEOUT_OR_RETRY, "root",
          (C.IB_PORT_DOWN_OR_LINK, C.RANK_CRASHED_ELSEWHERE)),
        # open-mpi/ompi opal/mca/btl/openib/help-mpi-btl-openib.txt:292@ea8f4d0 [of error event], shown by
        # btl_openib_async.c for QP errors and IBV_EVENT_PORT_ERR: "This error may indicate connectivity problems within
        # the fabric".
        # Open MPI's hwloc binding help ("Open MPI tried to bind a process but failed. This is a warning only ...
        # Error message: failed to bind memory", rtc_hwloc.c): a container without CAP_SYS_NICE or a node without
        # NUMA binding (NVIDIA/DeepLearningExamples#59); PaRSEC's "Multiple PaRSEC processes on the same node may
        # share the same physical core(s)" under --bind-to none (ICLDisco/parsec PR#515: --bind-to socket doubled it).
        p(r"Open MPI tried to bind a (?:new )?process,? but|PaRSEC processes on the same node may share the same "
          r"physical core", "process_binding", W,
          "the launcher could not pin the ranks to their cores and memory (or left several on the same cores): "
          "each rank's memory and threads may sit far from its GPU and NIC", "bind each rank to the cores and NUMA "
          "node of its GPU (`mpirun --bind-to socket` or `--map-by ppr:N:socket`, `--cap-add SYS_NICE` in a "
          "container), or `--bind-to none` to silence the warning knowingly", C.PERFORMANCE_CONFIG, "root",
          (C.TOPOLOGY_OR_NUMA,)),
        # help-mpi-btl-openib.txt [reg mem limit low]: "WARNING: It appears that your OpenFabrics subsystem is
        # configured to only allow registering part of your physical memory", then "Registerable memory" and
        # "Total memory": the HCA's translation table (mlx4_core log_num_mtt, log_mtts_per_seg) or the locked-memory
        # limit caps what RDMA can pin, and large jobs hang or crash (Open MPI FAQ, openfabrics#ib-locked-pages).
        p(r"OpenFabrics subsystem is configured to only", "ibv_reg_mr_failed", W,
          "the RDMA stack can register only part of the host's memory: large transfers will fail to pin buffers",
          "raise the HCA driver's registration table (mlx4_core log_num_mtt / log_mtts_per_seg) so Registerable "
          "memory covers Total memory, and run with `ulimit -l unlimited`", C.IB_RESOURCE_ERROR, "root",
          (C.MEMLOCK_OR_ULIMIT,)),
        p(r"The OpenFabrics stack has reported a network error event", "ib_port_event", E,
          "the RDMA stack reported an error event on the port or a queue pair: the link to the fabric failed",
          "check the port (`ibstat`, `dmesg | grep mlx5`, the switch port's log) on the host the message names and "
          "rerun", C.IB_PORT_DOWN_OR_LINK, "root", (C.IB_TIMEOUT_OR_RETRY,)),
        # open-mpi/ompi opal/mca/btl/openib/help-mpi-btl-openib.txt:651@ea8f4d0 [gid index too large]:
        # btl_openib_gid_index past the port's table.
        p(r"Open MPI tried to use a GID index that was too large", "gid_error", E,
          "the GID index Open MPI was given does not exist on this port", "list the port's GIDs (`show_gids` or "
          "`ibv_devinfo -v`) and set `--mca btl_openib_gid_index` to the RoCE v2 IPv4 one, the same on every node",
          C.GID_INDEX_OR_ROCE_CONFIG),
        # open-mpi/ompi opal/mca/btl/openib/help-mpi-btl-openib.txt:692@ea8f4d0 [driver_no_gdr_support],
        # btl_openib_mca.c:620: GPUDirect RDMA asked for (cuda_want_gdr) and the OFED has no peer-memory support; the
        # openib BTL then returns OPAL_ERROR.
        p(r"You requested to run with CUDA GPU Direct RDMA support but this OFED", "gdr_disabled", E,
          "GPUDirect RDMA was asked for, but the node's RDMA stack has no peer-memory support: GPU buffers cannot "
          "go to the NIC directly", "load the peer-memory module (`sudo modprobe nvidia-peermem`, or MLNX_OFED's "
          "nv_peer_mem), or turn it off with `--mca btl_openib_want_cuda_gdr 0`", C.GDR_UNAVAILABLE),
        # A peer that went away: open-mpi/ompi opal/mca/btl/tcp/help-mpi-btl-tcp.txt:73@ea8f4d0 [peer hung up] ("the
        # root cause of this problem is the failure of the peer -- that is what you need to investigate"),
        # openpmix/prrte src/mca/schizo/prte/help-prun.txt:975@52d5e4b [prun:proc-comm-failed], and MPI_ERR_PROC_FAILED
        # (Open MPI errcode.c "Process Failure", through mpi4py/mpi4py src/mpi4py/MPI.src/Exception.pyx:58@7c8dac2), the
        # fault-tolerance class of a rank that died.
        p(r"An MPI communication peer process has unexpectedly disconnected|A critical communication path was lost "
          r"to:|\bMPI_ERR_PROC_FAILED\b", "remote_exited", E,
          "a peer MPI process disconnected or died: its own failure is the cause, this one only lost it",
          "find the rank or node that failed first (its output, a core file, `dmesg` for the OOM killer on its "
          "node)", C.RANK_CRASHED_ELSEWHERE, "collateral", (C.WRONG_INTERFACE,)),
        # open-mpi/ompi opal/mca/btl/tcp/help-mpi-btl-tcp.txt:89@ea8f4d0 [dropped inbound connection]: a peer of the job
        # connected "from an IP address that is unexpected" and "should simply try again with a different IP interface":
        # a host with several interfaces (docker0, a second subnet) that its peers do not know.
        p(r"Open MPI detected an inbound MPI TCP connection request from a peer", "mpi_launch", W,
          "a peer reached this process from an address Open MPI does not know for it: the hosts have interfaces "
          "the others do not share (docker0, a second subnet)", OMPI_IFACE_FIX, C.WRONG_INTERFACE, "root",
          (C.FIREWALL_OR_PORT_BLOCKED,)),
        # The same help text's "cuIpcOpenMemHandle return value: N" is the driver's CUresult: 217
        # CUDA_ERROR_PEER_ACCESS_UNSUPPORTED (cuda.h): the two GPUs cannot reach each other (across CPU sockets / IOHs,
        # ACS); drivers of the Fermi/Kepler era answered 205 CUDA_ERROR_MAP_FAILED for the same path (Open MPI
        # users list 2012-07 and 2013-03: smcuda's IPC between GPUs of different IOHs).
        p(r"cuIpcOpenMemHandle return value:\s+(?:217|205)\b", "p2p_error", E,
          "Open MPI could not map a peer process's GPU buffer: the driver says peer access between the two GPUs is "
          "not supported on this path (GPUs under different CPU sockets / IOHs, or PCIe ACS)",
          "keep each job's GPUs under one CPU socket / PCIe root (`nvidia-smi topo -m`), or turn Open MPI's CUDA IPC "
          "off (`--mca btl_smcuda_use_cuda_ipc 0`) so it stages through host memory", C.ACS_IOMMU_P2P, "root",
          (C.TOPOLOGY_OR_NUMA,)),
        # open-mpi/ompi opal/mca/common/cuda/help-mpi-common-cuda.txt:84@ea8f4d0 [cuIpcOpenMemHandle failed]: "A
        # possible cause for this is not enough free device memory"; with Slurm's per-task GPU binding the peer's GPU is
        # not in this task's cgroup (open-mpi/ompi#11949).
        p(r"The call to cuIpcOpenMemHandle failed\. This is an unrecoverable error", "oom", E,
          "Open MPI could not map a peer process's GPU buffer (CUDA IPC): most often too little free GPU memory, "
          "else the peer's GPU is not visible to this process", "reduce the program's GPU memory; under Slurm let "
          "every task see the node's GPUs (`--gpus=N`, `--gpu-bind=none`, not `--gpus-per-task=1`) and pick the "
          "device by local rank", C.OOM, "likely", (C.ACS_IOMMU_P2P, C.APPLICATION_BUG)),
        # The other CUDA calls of Open MPI's accelerator/cuda component (help-accelerator-cuda.txt@8efebee:
        # cuEventCreate, cuStreamCreate, cuMemcpyAsync, cuEventQuery ... "failed. This is a unrecoverable error and will
        # cause the program to abort"): this process's own CUDA call failed, its return value is CUDA's error.
        # Its WARNING boxes (cuCtxGetCurrent while registering internal memory: "The program will continue to run")
        # are the same fault at warning severity.
        p(r"WARNING: The call to cu\w+(?:\([^)]*\))? failed", "cuda_error", W,
          "Open MPI's CUDA support had a CUDA driver call fail in this process; it goes on without GPU support for "
          "that memory", "read the return value in cuda.h, and check that the process has a CUDA context (the GPU "
          "selected before MPI_Init) and a working driver (`nvidia-smi`)", C.CUDA_OR_DRIVER, "root",
          (C.APPLICATION_BUG,)),
        p(r"The call to cu(?!IpcOpenMemHandle)\w+(?:\([^)]*\))?(?: with \w+)? failed\b", "cuda_error", E,
          "Open MPI's CUDA support had a CUDA driver call fail in this process (its return value is a CUresult)",
          "read the return value in cuda.h (2: out of memory, 3: not initialized, 999: unknown), check the GPU with "
          "`nvidia-smi` and the kernel log for Xid lines, and match the driver to the CUDA Open MPI was built with",
          C.CUDA_OR_DRIVER, "root", (C.OOM,)),
        # help-mtl-ofi.txt [Buffer Memory Registration Failed] (ompi mtl_ofi.h): fi_mr_reg of the buffer failed, most
        # often ENOMEM: the locked-memory limit or the provider's registration resources; a GPU buffer also needs
        # peer memory or DMA-BUF.
        p(r"Open MPI failed to register your buffer", "ibv_reg_mr_failed", E,
          "Open MPI (its OFI MTL) could not register a buffer with the network: the locked-memory limit, the NIC's "
          "registration resources, or for GPU buffers no peer-memory / DMA-BUF support",
          "raise the locked-memory limit (`ulimit -l unlimited`, limits.conf, the container's and Slurm's "
          "propagation), and for GPU buffers load nvidia-peermem or use a DMA-BUF capable driver and libfabric",
          C.MEMLOCK_OR_ULIMIT, "root", (C.IB_RESOURCE_ERROR, C.GDR_UNAVAILABLE)),
        # help-opal-shmem-{mmap,posix,sysv}.txt and help-mpi-btl-smcuda.txt [sys call fail]: creating or mapping the
        # node's shared-memory segment failed (the session directory's filesystem or /dev/shm full or not writable).
        p(r"A system call failed during shared memory initialization that should", "shm_error", E,
          "Open MPI could not create or map its shared-memory segment on this node: /dev/shm or the session "
          "directory's filesystem (TMPDIR) is full, too small or not writable", "give the job room in /dev/shm "
          "(docker --shm-size or --ipc=host) and a writable TMPDIR with free space, or pick another shmem component "
          "(`--mca shmem posix` / `mmap`)", C.SHM_TOO_SMALL),
        # The loader's "symbol lookup error: .../openmpi/mca_pml_ob1.so: undefined symbol: ..." is one of Open MPI's
        # components (mca_*.so, loaded by name from its lib/openmpi directory) from another build than the libraries
        # that load it: a new install over an old one leaves stale components (Open MPI users list 2013-12, 1.7.3).
        p(r"symbol lookup error: \S*(?:/openmpi/|/mca_)\S*\.so:", "package_build", E,
          "an Open MPI component (mca_*.so) comes from another build than the Open MPI libraries loading it: an "
          "install over an older one left stale components behind",
          "remove the old install's lib/openmpi directory (or install to a fresh prefix) and rebuild; `ompi_info` "
          "and `ldd` of the program must name one prefix", C.OTHER),
        # open-mpi/ompi opal/mca/common/cuda/help-mpi-common-cuda.txt:165@ea8f4d0 [dlopen failed]: libcuda.so.1 could
        # not be opened, "CUDA-aware support is disabled".
        p(r"The library attempted to open the following supporting CUDA libraries", "cuda_driver_load", W,
          "Open MPI could not load the CUDA driver library (libcuda.so.1): its CUDA-aware transfers are off",
          "make the host driver's libcuda.so.1 visible (`ldconfig -p | grep libcuda`, the container's GPU runtime, "
          "or LD_LIBRARY_PATH)", C.CUDA_OR_DRIVER),
        # -- Open MPI v5: common ofi -------------------------------------------------------------------------------
        # open-mpi/ompi opal/mca/common/ofi/help-common-ofi.txt:11,17@0d48030 [unbound_process], [package_rank failed]:
        # the NIC nearest the process cannot be chosen (the process is not bound, or PMIx gives no package rank), so
        # NICs are picked round-robin.
        p(r"Open MPI's OFI driver detected multiple (?:equidistant )?NICs", "topology_error", W,
          "Open MPI could not give this process its nearest NIC (the process is not bound to cores, or the PMIx "
          "server is too old to rank the NICs) and picks one round-robin: traffic may cross sockets",
          "bind the processes (`mpirun --bind-to core` or `--bind-to numa`) and use the PMIx that comes with Open "
          "MPI 5", C.TOPOLOGY_OR_NUMA, "root", (C.PERFORMANCE_CONFIG,)),
        # open-mpi/ompi ompi/mca/mtl/ofi/help-mtl-ofi.txt:70@0d48030 [modex failed]: "the remote process was unable to
        # initialize the Libfabric NIC correctly": that process's own error is the cause.
        p(r"The OFI MTL was not able to find endpoint information for a remote", "remote_exited", E,
          "a remote process published no network endpoint: it failed to open its NIC (libfabric) or exited",
          "read the remote host's own first error (its libfabric provider, `fi_info -p <provider>` there)",
          C.RANK_CRASHED_ELSEWHERE, "collateral", (C.NET_PLUGIN_ERROR,)),
        # -- Open MPI v4.1's ORTE launcher -----------------------------------------------------------------------
        # open-mpi/ompi orte/mca/oob/tcp/help-oob-tcp.txt:46@ea8f4d0 [no-included-found] (and [excluded-all]):
        # oob_tcp_if_include or _exclude leaves no interface on this host.
        p(r"None of the TCP networks specified to be included for out-of-band communications|specified list of "
          r"networks to be excluded for TCP out-of-band communications", "no_interface", E,
          "the interfaces given to Open MPI's launcher (oob_tcp_if_include/_exclude) match none on this host",
          "name an interface every node has (`--mca oob_tcp_if_include eth0`, or a subnet `10.0.0.0/24`); `ip -br "
          "addr` lists them", C.WRONG_INTERFACE),
        # open-mpi/ompi orte/mca/plm/rsh/help-plm-rsh.txt:23@ea8f4d0 [agent-not-found] (plm_rsh_agent names no file: no
        # ssh in the image) and [no-local-orted] (orted not on PATH): the launch machinery is missing on the node.
        p(r"The value of the MCA parameter \"plm_rsh_agent\" was set to a path|The rsh PLS component was not able "
          r"to find the executable \"orted\"", "mpi_launch", E,
          "mpirun cannot start its daemons: the remote shell it is set to use (ssh) or Open MPI's orted is not "
          "installed where it looks", "install an ssh client on the launching node (`apt-get install "
          "openssh-client`) or point `--mca plm_rsh_agent` at it, and put Open MPI on every node's PATH (or "
          "`mpirun --prefix`)", C.OTHER),
        # OpenSSH's "ssh: Could not resolve hostname %s: %s" for a name that ends in ":N": the launcher handed ssh a
        # host:slots token as the host (an Open MPI too old for the form horovodrun and torchpack pass,
        # athena-team/athena#139 fixed by upgrading Open MPI; mit-han-lab/spvnas#30 by `-H 127.0.0.1:1`).
        p(r"ssh: Could not resolve hostname [\w.-]+:\d+:", "launch_config", E,
          "the launcher passed a `host:slots` entry to ssh as a host name: this mpirun does not understand the "
          "host:slots form, so no name lookup can succeed",
          "upgrade Open MPI (its mpirun reads `-H host:slots`), or give the hosts in a hostfile (`host slots=N`); "
          "for one machine, `-H localhost` or `-H 127.0.0.1:N` with a current launcher", C.APPLICATION_BUG),
        # open-mpi/ompi orte/mca/plm/slurm/help-plm-slurm.txt:38@ea8f4d0 [no-hosts-in-list] ("a lack of an allocation"),
        # orte/tools/orterun/help-orterun.txt:264 [orterun:exe-not-found] ("A common cause for this error is misspelling
        # a ... command line parameter"); "mpirun was unable to launch the specified application as it could not find
        # (access or execute) an executable" with its "Executable:" field, and odls' "Open MPI tried to fork a new
        # process via the "execve" system call but failed" ("even something as silly as having specified a directory
        # for your application"; yjxiong/caffe#209: the file had no execute permission) are about the program too.
        p(r"The SLURM process starter for Open MPI didn't find any hosts|was unable to find the specified "
          r"executable file, and therefore|mpirun was unable to launch the specified application|tried to fork a "
          r"new process via the \"execve\" system call", "launch_config", E,
          "the launch names what is not there: no Slurm allocation to run in, or a program that is not on the "
          "node or not executable there (a misspelled option taken as the program)", MPI_LAUNCH_FIX,
          C.APPLICATION_BUG),
        # -- PRRTE (Open MPI v5's launcher) ------------------------------------------------------------------------
        # openpmix/prrte src/mca/schizo/prte/help-prun.txt:707,736@52d5e4b [prun:sys-limit-files],
        # [prun:sys-limit-children]: "increasing your limit descriptor setting (using limit or ulimit commands)".
        p(r"system limit exceeded on number of files that can be open", "fd_limit", E,
          "the launcher could not start a process: the node's limit on open files was reached",
          "raise the open-files limit (`ulimit -n 1048576`, limits.d nofile, systemd LimitNOFILE) or place fewer "
          "processes per node", C.MEMLOCK_OR_ULIMIT),
        p(r"system limit exceeded on number of processes that can be", "thread_limit", E,
          "the launcher could not start a process: the node's limit on processes was reached",
          "raise the process limit (`ulimit -u`, the container's or pod's pids limit) or place fewer processes per "
          "node", C.MEMLOCK_OR_ULIMIT),
        # openpmix/prrte src/mca/schizo/prte/help-prun.txt:983@52d5e4b [prun:proc-mem-exceeded]: PRRTE's memory sensor
        # stopped a process over its limit.
        p(r"\bA process exceeded memory limits:", "oom", E,
          "a process went over its memory limit and the launcher stopped it",
          "lower the process's host memory (fewer data loader workers, smaller pinned buffers) or raise the job's "
          "memory limit", C.OOM),
        # -- UCX ---------------------------------------------------------------------------------------------------
        # openucx/ucx src/uct/ib/mlx5/ib_mlx5_log.c:179@9466d10 "Receive-no-ready retry count exceeded"
        # (MLX5_CQE_SYNDROME_RNR_RETRY_EXC_ERR, mapped to UCS_ERR_ENDPOINT_TIMEOUT like transport retries);
        # src/uct/ib/ud/base/ud_ep.c:296 "UD endpoint %p to %s: unhandled timeout error" (older releases name no
        # peer: "UD endpoint 0x3b9a060: unhandled timeout error", openucx/ucx#5159): the UD retransmit timer
        # expired with no ACK (UCS_ERR_ENDPOINT_TIMEOUT), on RoCE often a GID index the two hosts do not share
        # (openucx/ucx#7785).
        p(r"Receive-no-ready retry count exceeded|UD endpoint \S+(?: to .*)?: unhandled timeout error",
          "ib_completion_error", E,
          "UCX got no acknowledgement from the peer (retries exhausted, or its UD timer expired): a link or switch "
          "port failing, a peer gone, or on RoCE a GID index or lossy fabric the hosts do not share",
          "check `ibstat` and the port counters on both hosts; on RoCE set the same RoCE v2 GID index on both "
          "(`show_gids`, UCX_IB_GID_INDEX) and check PFC/ECN", C.IB_TIMEOUT_OR_RETRY, "root",
          (C.GID_INDEX_OR_ROCE_CONFIG, C.IB_PORT_DOWN_OR_LINK, C.RANK_CRASHED_ELSEWHERE)),
        # ib_mlx5_log.c names the CQE's syndrome: "Local protection on mlx5_0:1/IB (synd 0x4 vend 0x51 hw_synd 0/2)",
        # "Local access", "Remote access" (IBV_WC_LOC_PROT_ERR, _LOC_ACCESS_ERR, _REM_ACCESS_ERR as ib_status reads
        # them): the HCA could not DMA a registered buffer. On GPU memory that is peer-to-peer DMA between NIC and
        # GPU blocked (ACS, the IOMMU) or no peer-memory path (openucx/ucx#9515: only the HCA next to the GPU failed).
        p(r"\b(?:Local protection|Local access|Remote access) on \w+:\d+/(?:IB|RoCE)\b", "ib_completion_error", E,
          "UCX's HCA could not access a registered buffer (a protection or access error on the completion): with "
          "GPU memory, PCIe ACS or the IOMMU blocks peer-to-peer DMA between the NIC and the GPU, or GPUDirect RDMA "
          "has no peer-memory path", "check ACS on the PCIe switches between NIC and GPU (`lspci -vvv | grep "
          "ACSCtl`), boot with iommu=pt, and load nvidia-peermem (or use DMA-BUF)", C.ACS_IOMMU_P2P, "root",
          (C.GDR_UNAVAILABLE,)),
        # openucx/ucx src/uct/ib/base/ib_md.c:1449@9466d10: UCX_IB_GPU_DIRECT_RDMA=yes and no peer-memory driver nor
        # dma-buf: the memory domain fails (UCS_ERR_UNSUPPORTED).
        p(r"Couldn't enable GPUDirect RDMA\. Please make sure nv_peer_mem", "gdr_disabled", E,
          "UCX was told to use GPUDirect RDMA and the node has no peer-memory driver or dma-buf support: the device "
          "is not opened", "`sudo modprobe nvidia-peermem` (or a kernel and open GPU driver with dma-buf), or unset "
          "UCX_IB_GPU_DIRECT_RDMA", C.GDR_UNAVAILABLE),
        # openucx/ucx src/uct/ib/base/ib_iface.c:1328,1376@9466d10 uct_ib_check_memlock_limit_msg: a QP or CQ the device
        # refused with ENOMEM; src/uct/ib/base/ib_log.c:239 appends "Please set max locked memory (ulimit -l) to
        # 'unlimited'" only while the limit is not, to any registration or allocation the device refused (a
        # umem, a memory region: "allocate memory : Please set max locked memory ...", mlcommons/mlperf-automations
        # #664's Docker daemon at 8 MB); a refused ibv_reg_mr keeps its own id (the rows below).
        p(r"^(?![^\n]*ibv_reg_mr\()[^\n]*Please set max locked memory \(ulimit -l\)",
          "memlock", E, "UCX could not create a queue or register memory on the RDMA device: the locked-memory limit "
          "is too low",
          "`ulimit -l unlimited` (limits.d `* - memlock unlimited`); docker --ulimit memlock=-1:-1; Slurm "
          "PropagateResourceLimitsExcept=MEMLOCK", C.MEMLOCK_OR_ULIMIT),
        # The same without the hint: the limit is already unlimited, so the device ran out of its own resources
        # (decode=False: the verbs errno decoder would read ENOMEM as the memlock limit).
        p(r"iface \S+ failed to create \w+ QP\b", "ibv_create_qp_failed", E,
          "UCX could not create a queue pair on the RDMA device (the locked-memory limit is not the reason): the "
          "device is out of queue pairs or their memory", "run fewer processes per NIC or fewer UCX transports "
          "(UCX_TLS, UCX_RC_MAX_NUM_EPS, DC instead of RC), and check the device in `dmesg | grep mlx5`",
          C.IB_RESOURCE_ERROR, decode=False),
        # UCX ucp_worker.c "uct_iface_open(posix/memory) failed: Out of memory": the shared-memory transport could not
        # map its segment in /dev/shm (ROCm/rocm-systems#3700: a container's 64 MB default, a SIGBUS after it).
        p(r"uct_iface_open\((?:posix|sysv)/memory\) failed", "shm_error", E,
          "UCX could not create its shared-memory transport: /dev/shm is too small (a container's 64 MB default) "
          "or full", "give the container a larger /dev/shm (docker --shm-size=1g or --ipc=host; k8s: an emptyDir with "
          "medium Memory at /dev/shm)", C.SHM_TOO_SMALL),
        # Open MPI pml_base_select.c: "selected pml %s, but peer %s on %s selected pml %s". With the peer's choice
        # empty, the modex value never arrived intact: PMIx 5.0.2's gds/shmem (openpmix/openpmix#3339, works with
        # PMIX_MCA_gds=hash); with two names, the nodes' Open MPI builds or MCA settings differ.
        p(r"selected pml \w+, but peer \S+ on \S+ selected pml\s*$", "mpi_pml_mismatch", E,
          "Open MPI's ranks could not compare their point-to-point layers: the peer's choice arrived empty (a PMIx "
          "5.0.x shared-memory data store bug)", "set `PMIX_MCA_gds=hash` for the job, or use a PMIx without "
          "the bug (4.2.x, or newer than 5.0.2)", C.OTHER, "root", (C.NCCL_VERSION_MISMATCH,)),
        p(r"selected pml \w+, but peer \S+ on \S+ selected pml \w+", "mpi_pml_mismatch", E,
          "Open MPI's ranks chose different point-to-point layers (pml): the nodes run different Open MPI builds "
          "or MCA settings", "install the same Open MPI with the same components on every node, and set the same "
          "OMPI_MCA_pml (e.g. ucx) for every rank", C.NCCL_VERSION_MISMATCH, "root", (C.OTHER,)),
        # Open MPI's component loader (mca_base_component_repository.c) skipping a plugin whose library is missing:
        # "unable to open mca_btl_usnic: libfabric.so.1: ... (ignored)": the run goes on without it.
        p(r"mca_base_component_repository_open: unable to open mca_\w+: .*\(ignored\)", "noise", I,
          "Open MPI skipped a component whose library this node lacks", "nothing to fix unless that transport is the "
          "one meant to be used", None, "noise"),
    )
