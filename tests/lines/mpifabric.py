"""Lines of the MPI and fabric layers that multi-node NCCL jobs run under and beside, read alone and inside an NCCL
log: Open MPI v4.1.8 (open-mpi/ompi ea8f4d0: the help texts of btl openib and tcp, common cuda (smcuda's CUDA IPC),
oob tcp, plm rsh and slurm, orterun and errmgr) and v5.0.10 (0d48030: mtl ofi, common ofi's NIC selection, pml ucx,
the MPI runtime and errhandler), PRRTE's launch failures (openpmix/prrte 52d5e4b: help-prun, oob, errmgr), UCX
(openucx/ucx 9466d10: ucs's log format `[sec.usec] [host:pid:thread] file:line UCX LEVEL msg` and its fatal format,
uct/ib's mlx5 completion errors, UD timeouts, memory registration and QP creation, ucp's context, endpoint and socket
errors, cuda_ipc and cuda_copy), MPICH (pmodels/mpich 6a79bf6: hydra's launch errors with their `[mpiexec@host] func
(file:line):` prefix, ch4's ofi netmod error stack) and mpi4py (mpi4py/mpi4py 7c8dac2: its Exception, whose str() is
the MPI library's error string, here Open MPI's errcode.c, and its libmpi loader).
Causes decided from the code and help text around each line, one by one:
- No acknowledgement from the peer's HCA (openib's "InfiniBand retry count" help, UCX's `Transport retry count
  exceeded` and `Receive-no-ready retry count exceeded`, and the `Endpoint timeout` status ib_mlx5_log.c maps them
  to) is ib_timeout_or_retry; so is the UD endpoint's `unhandled timeout error` (ud_ep.c: its retransmit timer
  expired with no ACK, UCS_ERR_ENDPOINT_TIMEOUT), not a collective that ranks disagree on. UCX's `Local protection
  error` is the NIC refused the registered buffer, which ncclkit's work-completion table (status 4) reads as
  acs_iommu_p2p.
- openib's "network error event" is shown for QP errors and IBV_EVENT_PORT_ERR, its help saying "connectivity problems
  within the fabric": ib_port_down_or_link. A GID index past the port's table is gid_index_or_roce_config; an OFED or
  UCX without GPUDirect RDMA (no nv_peer_mem, no dma-buf) is gdr_unavailable.
- A peer that hung up (btl tcp "peer hung up": "the root cause of this problem is the failure of the peer"), UCX's
  `Connection reset by remote peer` on a tcp lane, the OFI MTL missing a remote endpoint ("the remote process was
  unable to initialize the Libfabric NIC"), PRRTE's lost communication path and MPI_ERR_PROC_FAILED are
  rank_crashed_elsewhere.
- btl tcp's inbound connection "from an IP address that is unexpected" is a multi-NIC host whose addresses its peers
  do not expect (docker0, a second subnet; the peer retries "with a different IP interface"): wrong_interface, as are
  oob, PRRTE and hydra interface lists that match nothing and UCX's `no usable transports/devices`. UCX's `network
  device 'mlx5_2:1' is not available` is that port not ACTIVE here (ib_port_down_or_link, as patterns_table_net.py
  reads it); MPICH's "different number of nics ... on different notes" is a node that sees fewer NICs, as NCCL's
  mixed Net device counts.
- Open MPI's OFI NIC-selection warnings ("multiple equidistant NICs", "current process is not bound") say it falls
  back to a round-robin NIC instead of the nearest one: topology_or_numa, read as log.topology_error (a placement that
  could not be resolved, carried on with a simpler one).
- Limits on open files and processes (PRRTE's launch errors, UCX's `ulimit -n` hint) are memlock_or_ulimit; a
  registration that fails with UCX's RLIMIT_MEMLOCK hint is memlock_or_ulimit, a QP the device refuses with no such
  hint (the memlock limit was already unlimited) is ib_resource_error, not host memory.
- Launch lines: an executable, hostfile or Slurm allocation that is not there is application_bug (launch_config);
  ssh missing on the launching node (plm_rsh_agent, hydra's execvp of ssh), a segfault and an MPI library mpi4py
  cannot load are `other`; mpi4py's `unsupported MPI ABI` (its wheel has no extension for the libmpi found) is
  nccl_version_mismatch (library_version). Open MPI's cuIpcOpenMemHandle help names "not enough free device memory"
  as its possible cause (oom); UCX's cuIpcOpenMemHandle() that returns CUDA's peer-access error is acs_iommu_p2p;
  Open MPI failing to dlopen libcuda is the driver library (cuda_or_driver).
- MPI_ERR_TRUNCATE (a receive smaller than the message) is the ranks disagreeing on sizes: hang_collective_mismatch.
Wrappers that only report an exit, an abort, a failed init or MPI_ERRORS_ARE_FATAL (the error it reports is printed
above it), openib's warnings on mlx5 ports that UCX serves anyway, and a mistyped UCX variable name nothing."""

from __future__ import annotations

CASES = [
    # -- Open MPI v4.1.x: btl openib, btl tcp, common cuda ---------------------------------------------------------
    ('open-mpi/ompi opal/mca/btl/openib/help-mpi-btl-openib.txt:196@ea8f4d0',
     'The InfiniBand retry count between two MPI processes has been',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
    ('open-mpi/ompi opal/mca/btl/openib/help-mpi-btl-openib.txt:292@ea8f4d0',
     'The OpenFabrics stack has reported a network error event.  Open MPI',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('open-mpi/ompi opal/mca/btl/openib/help-mpi-btl-openib.txt:651@ea8f4d0',
     'Open MPI tried to use a GID index that was too large for an',
     'log.gid_error', 'gid_index_or_roce_config'),
    ('open-mpi/ompi opal/mca/btl/openib/help-mpi-btl-openib.txt:692@ea8f4d0',
     'You requested to run with CUDA GPU Direct RDMA support but this OFED',
     'log.gdr_disabled', 'gdr_unavailable'),
    ('open-mpi/ompi opal/mca/btl/tcp/help-mpi-btl-tcp.txt:73@ea8f4d0',
     'An MPI communication peer process has unexpectedly disconnected.  This',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('open-mpi/ompi opal/mca/btl/tcp/help-mpi-btl-tcp.txt:89@ea8f4d0',
     'Open MPI detected an inbound MPI TCP connection request from a peer',
     'log.mpi_launch', 'wrong_interface'),
    ('open-mpi/ompi opal/mca/common/cuda/help-mpi-common-cuda.txt:84@ea8f4d0',
     'The call to cuIpcOpenMemHandle failed. This is an unrecoverable error',
     'log.oom', 'oom'),
    ('open-mpi/ompi opal/mca/common/cuda/help-mpi-common-cuda.txt:165@ea8f4d0',
     'The library attempted to open the following supporting CUDA libraries,',
     'log.cuda_driver_load', 'cuda_or_driver'),
    # -- Open MPI v5.0.x: mtl ofi, common ofi, pml ucx ---------------------------------------------------------------
    ('open-mpi/ompi ompi/mca/mtl/ofi/help-mtl-ofi.txt:70@0d48030',
     'The OFI MTL was not able to find endpoint information for a remote',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('open-mpi/ompi opal/mca/common/ofi/help-common-ofi.txt:17@0d48030',
     "Open MPI's OFI driver detected multiple equidistant NICs from the current process,",
     'log.topology_error', 'topology_or_numa'),
    ('open-mpi/ompi opal/mca/common/ofi/help-common-ofi.txt:11@0d48030',
     "Open MPI's OFI driver detected multiple NICs on the system but cannot select an",
     'log.topology_error', 'topology_or_numa'),
    ('open-mpi/ompi ompi/mca/pml/ucx/pml_ucx.c:990@0d48030',
     '[gpu-node02:48213] pml_ucx.c:990  Error: mca_pml_ucx_send_nbr failed: -80, Endpoint timeout',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
    # -- Open MPI v4.1.x's ORTE launcher ---------------------------------------------------------------------------
    ('open-mpi/ompi orte/mca/oob/tcp/help-oob-tcp.txt:46@ea8f4d0',
     'None of the TCP networks specified to be included for out-of-band communications',
     'log.no_interface', 'wrong_interface'),
    ('open-mpi/ompi orte/mca/plm/rsh/help-plm-rsh.txt:23@ea8f4d0',
     'The value of the MCA parameter "plm_rsh_agent" was set to a path',
     'log.mpi_launch', 'other'),
    ('open-mpi/ompi orte/mca/plm/slurm/help-plm-slurm.txt:38@ea8f4d0',
     "The SLURM process starter for Open MPI didn't find any hosts in",
     'log.launch_config', 'application_bug'),
    ('open-mpi/ompi orte/tools/orterun/help-orterun.txt:264@ea8f4d0',
     'mpirun was unable to find the specified executable file, and therefore',
     'log.launch_config', 'application_bug'),
    # -- PRRTE (Open MPI v5's launcher) ------------------------------------------------------------------------------
    ('openpmix/prrte src/mca/errmgr/base/help-errmgr-base.txt:54@52d5e4b',
     'An PRTE daemon has unexpectedly failed after launch and before',
     'log.mpi_launch', 'wrong_interface'),
    ('openpmix/prrte src/rml/oob/help-oob-tcp.txt:128@52d5e4b',
     'No usable network interfaces were found on this host, so no TCP',
     'log.no_interface', 'wrong_interface'),
    ('openpmix/prrte src/mca/schizo/prte/help-prun.txt:707@52d5e4b',
     'Error: system limit exceeded on number of files that can be open',
     'log.fd_limit', 'memlock_or_ulimit'),
    ('openpmix/prrte src/mca/schizo/prte/help-prun.txt:736@52d5e4b',
     'Error: system limit exceeded on number of processes that can be',
     'log.thread_limit', 'memlock_or_ulimit'),
    ('openpmix/prrte src/mca/schizo/prte/help-prun.txt:983@52d5e4b',
     'A process exceeded memory limits:',
     'log.oom', 'oom'),
    ('openpmix/prrte src/mca/schizo/prte/help-prun.txt:975@52d5e4b',
     'A critical communication path was lost to:',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # -- UCX ---------------------------------------------------------------------------------------------------------
    ('openucx/ucx src/uct/ib/mlx5/ib_mlx5_log.c:179@9466d10',
     '[1764584043.512931] [gpu-node02:48213:0]     ib_mlx5_log.c:179  UCX  ERROR Transport retry count exceeded on mlx5_0:1/IB (synd 0x15 vend 0x81 hw_synd 0/0)',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
    ('openucx/ucx src/uct/ib/mlx5/ib_mlx5_log.c:179@9466d10',
     '[1764584043.512931] [gpu-node02:48213:0]     ib_mlx5_log.c:179  UCX  ERROR Receive-no-ready retry count exceeded on mlx5_0:1/IB (synd 0x16 vend 0x0 hw_synd 0/0)',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
    ('openucx/ucx src/uct/ib/mlx5/ib_mlx5_log.c:179@9466d10',
     '[1764584043.512931] [gpu-node02:48213:0]     ib_mlx5_log.c:179  UCX  ERROR Local protection error on mlx5_0:1/IB (synd 0x4 vend 0x56 hw_synd 0/0)',
     'log.ib_completion_error', 'acs_iommu_p2p'),
    ('openucx/ucx src/uct/ib/ud/base/ud_ep.c:296@9466d10',
     '[gpu-node02:48213:0:48213]       ud_ep.c:296  Fatal: UD endpoint 0x55d1c2a3b4c0 to <no debug data>: unhandled timeout error',
     'log.ib_completion_error', 'ib_timeout_or_retry'),
    ('openucx/ucx src/ucp/core/ucp_ep.c:1660@9466d10',
     "[1764584043.512931] [gpu-node02:48213:0]         ucp_ep.c:1660 UCX  ERROR ep 0x7f3a2c0a8040: error 'Connection reset by remote peer' on tcp/eth0 will not be handled since no error callback is installed",
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('openucx/ucx src/uct/ib/base/ib_md.c:1449@9466d10',
     "[1764584043.512931] [gpu-node02:48213:0]          ib_md.c:1449 UCX  ERROR mlx5_0: Couldn't enable GPUDirect RDMA. Please make sure nv_peer_mem, amdgpu plugin, or Intel Xe driver is installed correctly, or dmabuf is supported.",
     'log.gdr_disabled', 'gdr_unavailable'),
    ('openucx/ucx src/uct/ib/base/ib_md.c:316@9466d10',
     "[1764584043.512931] [gpu-node02:48213:0]          ib_md.c:316  UCX  ERROR ibv_reg_mr(address=0x7f1c40000000, length=268435456, access=0xf) failed: Cannot allocate memory : Please set max locked memory (ulimit -l) to 'unlimited' (current: 65536 kbytes)",
     'log.ibv_reg_mr_failed', 'memlock_or_ulimit'),
    ('openucx/ucx src/uct/ib/base/ib_iface.c:1328@9466d10',
     '[1764584043.512931] [gpu-node02:48213:0]       ib_iface.c:1328 UCX  ERROR mlx5_0: iface 0x55d1c2a3b4c0 failed to create RC QP TX wr:256 sge:5 inl:124 resp:32 RX wr:0 sge:0 resp:0 failed: Cannot allocate memory',
     'log.ibv_create_qp_failed', 'ib_resource_error'),
    ('openucx/ucx src/ucp/core/ucp_context.c:1508@9466d10',
     "[1764584043.512931] [gpu-node02:48213:0]    ucp_context.c:1508 UCX  WARN  network device 'mlx5_2:1' is not available, please use one or more of: 'eth0'(tcp), 'ib0'(tcp), 'lo'(tcp), 'mlx5_0:1'(ib), 'mlx5_1:1'(ib)",
     'log.ucx_unreachable', 'wrong_interface'),
    ('openucx/ucx src/ucp/core/ucp_context.c:1770@9466d10',
     '[1764584043.512931] [gpu-node02:48213:0]    ucp_context.c:1770 UCX  ERROR no usable transports/devices (asked rc_x,ud_x on network:mlx5_2:1 )',
     'log.ucx_unreachable', 'wrong_interface'),
    ('openucx/ucx src/ucs/sys/sock.c:355@9466d10',
     '[1764584043.512931] [gpu-node02:48213:0]           sock.c:355  UCX  ERROR connect(fd=45, dest_addr=10.0.0.2:41235) failed: Connection refused',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('openucx/ucx src/ucs/sys/sock.c:46@9466d10',
     '[1764584043.512931] [gpu-node02:48213:0]           sock.c:46   UCX  ERROR socket create failed: the maximal number of files that could be opened simultaneously was reached, try to increase the limit by setting the max open files limit (ulimit -n) to a greater value (current: 1024)',
     'log.fd_limit', 'memlock_or_ulimit'),
    ('openucx/ucx src/uct/cuda/cuda_ipc/cuda_ipc_cache.c:288@9466d10',
     '[1764584043.512931] [gpu-node02:48213:0] cuda_ipc_cache.c:288  UCX  ERROR cuIpcOpenMemHandle() failed: peer access is not supported between these two devices',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('openucx/ucx src/uct/cuda/cuda_copy/cuda_copy_md.c:401@9466d10',
     '[1764584043.512931] [gpu-node02:48213:0]   cuda_copy_md.c:401  UCX  ERROR cuMemAlloc(&alloc_handle->ptr, alloc_handle->length) failed: out of memory',
     'log.oom', 'oom'),
    # -- MPICH: hydra and ch4 ofi -----------------------------------------------------------------------------------
    ('pmodels/mpich src/pm/hydra/lib/utils/sock.c:447@6a79bf6',
     '[mpiexec@gpu-node01] HYDU_sock_get_iface_ip (lib/utils/sock.c:447): unable to find interface ib0',
     'log.no_interface', 'wrong_interface'),
    ('pmodels/mpich src/pm/hydra/lib/utils/args.c:324@6a79bf6',
     '[mpiexec@gpu-node01] HYDU_parse_hostfile (lib/utils/args.c:324): unable to open host file: hostfile',
     'log.launch_config', 'application_bug'),
    ('pmodels/mpich src/pm/hydra/lib/utils/launch.c:73@6a79bf6',
     '[mpiexec@gpu-node01] HYDU_create_process (lib/utils/launch.c:73): execvp error on file /usr/bin/ssh (No such file or directory)',
     'log.mpi_launch', 'other'),
    ('pmodels/mpich src/pm/hydra/mpiexec/mpiexec.c:305@6a79bf6',
     'YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Segmentation fault (signal 11)',
     'log.crash', 'other'),
    ('pmodels/mpich src/mpid/ch4/netmod/ofi/ofi_vci.c:136@6a79bf6',
     'check_num_nics(136)..................: OFI has a different number of nics available on different notes',
     'log.net_count_mismatch', 'ib_port_down_or_link'),
    # -- mpi4py ------------------------------------------------------------------------------------------------------
    ('mpi4py/mpi4py src/mpi4py/MPI.src/Exception.pyx:58@7c8dac2',
     'mpi4py.MPI.Exception: MPI_ERR_TRUNCATE: message truncated',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('mpi4py/mpi4py src/mpi4py/MPI.src/Exception.pyx:58@7c8dac2',
     'mpi4py.MPI.Exception: MPI_ERR_PROC_FAILED: Process Failure',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('mpi4py/mpi4py src/mpi4py/_mpiabi.py:230@7c8dac2',
     'RuntimeError: cannot load MPI library',
     'log.mpi_library_missing', 'other'),
    ('mpi4py/mpi4py src/mpi4py/_mpiabi.py:327@7c8dac2',
     "<frozen importlib._bootstrap>:1204: RuntimeWarning: unsupported MPI ABI 'mpich'",
     'log.library_version', 'nccl_version_mismatch'),
]

NO_CAUSE = [
    'By default, for Open MPI 4.0 and later, infiniband ports on a device',  # open-mpi/ompi opal/mca/btl/openib/help-mpi-btl-openib.txt:717@ea8f4d0
    'WARNING: There was an error initializing an OpenFabrics device.',  # open-mpi/ompi opal/mca/btl/openib/help-mpi-btl-openib.txt:241@ea8f4d0
    'mpirun detected that one or more processes exited with non-zero status, thus causing',  # open-mpi/ompi orte/tools/orterun/help-orterun.txt:631@ea8f4d0
    'Primary job  terminated normally, but 1 process returned',  # open-mpi/ompi orte/mca/errmgr/base/help-errmgr-base.txt:112@ea8f4d0
    'It looks like MPI_INIT failed for some reason; your parallel process is',  # open-mpi/ompi ompi/runtime/help-mpi-runtime.txt:25@0d48030
    '[gpu-node02:48213] *** MPI_ERRORS_ARE_FATAL (processes in this communicator will now abort,',  # open-mpi/ompi ompi/errhandler/errhandler_predefined.c:488@0d48030
    '[1764584043.512931] [gpu-node02:48213:0]         parser.c:2578 UCX  WARN  unused environment variable: UCX_IB_GID_IDX (maybe: UCX_IB_GID_INDEX?)',  # openucx/ucx src/ucs/config/parser.c:2578@9466d10
    '[mpiexec@gpu-node01] HYDT_bscu_wait_for_completion (lib/tools/bootstrap/utils/bscu_wait.c:109): one of the processes terminated badly; aborting',  # pmodels/mpich src/pm/hydra/lib/tools/bootstrap/utils/bscu_wait.c:109@6a79bf6
    '=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES',  # pmodels/mpich src/pm/hydra/mpiexec/pmiserv_cb.c:338@6a79bf6
    'RuntimeError: MPI_Init_thread() failed [error code: 15]',  # mpi4py/mpi4py src/mpi4py/MPI.src/atimport.pxi:301@7c8dac2
]
