"""The line classifier's rows for what runs a job around NCCL and is not a training stack: the schedulers and
launchers (Slurm, Open MPI / PRRTE / PMIx, MPICH's hydra, Kubernetes with NVIDIA's device plugin and Kubeflow's
operators), JAX/XLA's collectives and coordination service, NVSHMEM (DeepEP's transport) and the GPUDirect
TCPX/TCPXO net plugins of GCP. Each comment names the file the text is printed from (Slurm 284c3b9, Open MPI
v4.1.8 and 8efebee, PRRTE 52d5e4b, MPICH 6a79bf6, Kubernetes v1.32, k8s-device-plugin v0.20.0, Kubeflow
training-operator v1.9.0, XLA 183fa00, JAX cec06d1, NVSHMEM v3.4.5, DeepEP dd758ca, nccl-plugin-gpudirecttcpx
4b8ea7f, gpudirect-tcpxo v1.0.17) and what the code or help text around it says it means. They come before
patterns_table.py's generic rows (timeouts, sockets, CUDA, memory), whose words they share. Same row shape as
patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
_TCPX_FIX = ("check the receive-datapath-manager (RxDM) container runs on every node with the plugin version the "
             "image expects, and that /run/tcpx (TCPX) or /run/tcpxo (TCPXO) and the NIC devices are mounted into "
             "the job's containers (GKE's GPUDirect-TCPX(O) setup guide)")


def cluster_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- schedulers and MPI launchers ----------------------------------------------------------------------
        # slurmstepd req.c "*** STEP %s ON %s CANCELLED AT %s DUE TO TASK FAILURE ***" (srun's --kill-on-bad-exit
        # after another task failed), step_launch.c "Node failure on %s"; Open MPI/PRRTE help-errmgr-base.txt
        # "ORTE has lost communication with a remote daemon" ("usually due to either a failure of the TCP
        # network connection to the node, or possibly an internal failure of the daemon itself"); hydra
        # pmiserv_cb.c "send_hdr_downstream ... assert (!closed) failed" (a proxy's connection closed).
        p(r"CANCELLED AT \S+ DUE TO TASK FAILURE|srun: error: Node failure on|(?:ORTE|PRTE) has lost communication "
          r"with a remote daemon|send_hdr_downstream \([^)]*\): assert \(!closed\) failed",
          "remote_exited", E, "the launcher lost a task or a node of the job: the first failure is elsewhere (a task "
          "that exited, a node that failed or lost its network)", "find the task or node that failed first (its own "
          "output, `sacct -j <id>`, the kernel log of that node)", C.RANK_CRASHED_ELSEWHERE, "collateral",
          (C.WRONG_INTERFACE, C.IB_PORT_DOWN_OR_LINK)),
        # Launches that do not fit the machines: srun launch.c/allocate.c "Invalid generic resource (gres)
        # specification", "Requested node configuration is not available", "Unable to create step for job %u: More
        # processors requested than permitted" (a step asking more tasks/CPUs than the job's allocation); Open MPI
        # help-orte-rmaps-base.txt "There are not enough slots available in the system to satisfy the %d slots";
        # orted_submit.c "mpirun has detected an attempt to run as root" (refused without --allow-run-as-root);
        # help-ess-base.txt "direct launched using \"srun\", but OMPI was not built with SLURM's PMI support";
        # help-mpi-runtime.txt "No PMIx server was reachable, but a PMI1/2 was detected" (srun without --mpi=pmix: every
        # rank starts alone); the Kubernetes scheduler "0/4 nodes are available: 4 Insufficient nvidia.com/gpu" (or
        # rdma/...); NVSHMEM init.cu "NVSHMEM requires the same number of PEs on all nodes".
        p(r"Invalid generic resource \(gres\) specification|Requested node configuration is not available|"
          r"More processors requested than permitted|not enough slots available in the system|mpirun has detected "
          r"an attempt to run as root|direct launched using \"srun\"|No PMIx server was reachable, but a PMI1/2 was "
          r"detected|\d+/\d+ nodes are available:.*Insufficient (?:nvidia\.com/gpu|rdma/|\S*hugepages)|NVSHMEM "
          r"requires the same number of PEs on all nodes",
          "launch_config", E, "the launch does not fit the job or the machines: resources the nodes do not have, "
          "fewer slots than ranks, or a launcher and an MPI/PMI that do not work together",
          "request what the nodes have (GPUs, RDMA devices, slots per node), launch MPI programs with mpirun or "
          "`srun --mpi=pmix` when Open MPI has PMIx, and run as a non-root user or add --allow-run-as-root in "
          "containers", C.APPLICATION_BUG),
        # An MPI call outside MPI_Init ... MPI_Finalize: Open MPI's errhandler_predefined.c "The %s() function was
        # called before MPI_INIT was invoked" (or "after MPI_FINALIZE was invoked"), MPICH's "Attempting to use an
        # MPI routine before initializing MPICH" (karpathy/llm.c#426: MPI_Barrier before MPI_Init under Slurm).
        p(r"function was called (?:before MPI_INIT|after MPI_FINALIZE) was invoked|Attempting to use an MPI routine "
          r"(?:\(\w+\) )?(?:before initializing|after finalizing)", "framework_usage", E,
          "the program called MPI before MPI_Init (or after MPI_Finalize): a code path that skips the MPI "
          "initialization, often one taken only under a given launcher",
          "call MPI_Init (mpi4py: import mpi4py.MPI) before any other MPI call on every path the program takes, "
          "Slurm's srun included", C.APPLICATION_BUG),
        # Open MPI's transports cannot reach a peer: help-mca-bml-r2.txt "At least one pair of MPI processes are
        # unable to reach each other", help-mpi-runtime.txt "MPI_INIT has failed because at least one MPI process
        # is unreachable", pml_ucx.c "ucp_ep_create(proc=%d) failed: Destination is unreachable", help-errmgr-base
        # "An ORTE daemon has unexpectedly failed after launch and before communicating back to mpirun" ("...a
        # lack of common network interfaces and/or no route found between them").
        p(r"unable to reach each other for|at least one MPI process is unreachable|ucp_ep_create\([^)]*\) failed: "
          r"Destination is unreachable|daemon has unexpectedly failed after launch and before",
          "mpi_launch", E, "Open MPI's processes or daemons cannot reach each other: the interfaces they use do not "
          "join the nodes, or a firewall drops the traffic", "restrict Open MPI to the interface that joins the "
          "nodes (`--mca oob_tcp_if_include eth0 --mca btl_tcp_if_include eth0`, UCX_NET_DEVICES) and open its "
          "ports between the nodes", C.WRONG_INTERFACE, "root", (C.FIREWALL_OR_PORT_BLOCKED,)),
        # hydra sock.c "unable to get host address for %s"; Kubeflow's PyTorchJob init container loops on
        # `nslookup <master>` printing "waiting for master" until the master's service name resolves.
        p(r"unable to get host address for|^\s*waiting for master\s*$", "name_resolution", E,
          "a node or the job's master name does not resolve (DNS, /etc/hosts, the master's Service)",
          "make every host name of the hostfile resolve on every node (`getent hosts <name>`); in Kubernetes check the "
          "master pod's headless Service and the cluster DNS", C.HOSTNAME_RESOLUTION),
        # Open MPI help-mpi-btl-openib.txt "there are no active ports detected (or Open MPI was unable to use
        # them)" ("Check your cables, subnet manager configuration, etc."); Mooncake topology.cpp "Device %s has no
        # active ports, skipping"; MSCCL++ ib.cc "No usable port found (device: %s)".
        p(r"there are no active ports detected|has no active ports, skipping|No usable port found \(device:",
          "ib_port_event", E,
          "the node's RDMA ports are not ACTIVE", "check `ibstat` on that node: the cable, the switch port and "
          "the subnet manager", C.IB_PORT_DOWN_OR_LINK),
        # Library versions that differ between the launcher and the processes: Slurm mpi_pmix.c "incorrect PMIx
        # library version loaded", Open MPI help-oob-tcp.txt "Open MPI detected a mismatch in versions between two
        # processes", NVSHMEM init.cu "NVSHMEM device library version does not match with NVSHMEM host library
        # version", nccl-plugin-gpudirecttcpx net_tcpx.cc "compiled with unmatching unpack versions".
        p(r"incorrect PMIx library version loaded|detected a mismatch in versions between two processes|NVSHMEM device "
          r"library version does not match|compiled with unmatching unpack versions", "library_version", E,
          "two parts of the job run different versions of a library (the launcher's and the program's, two "
          "nodes', a library's host and device halves)", "install one version everywhere: the same MPI/PMIx on "
          "every node and in the image, the NVSHMEM and net plugin the program was built with",
          C.NCCL_VERSION_MISMATCH),
        # PMIx's shared-memory store (gds "dstore": gds_dstore.c in PMIx 2, gds_ds12/ds21_lock_pthread.c and
        # dstore_base.c later) failing at init, "PMIX ERROR: OUT-OF-RESOURCE in file gds_dstore.c": its segments
        # live in the session directory, which a container or a small tmpfs breaks (apptainer/singularity#5195,
        # openpmix#1123); PMIx's hash store keeps the job data in the process instead. A warning: where the
        # ranks run on regardless (NVIDIA/pyxis#81), the error after it is the job's.
        p(r"PMIX ERROR: [\w-]+ in file \S*(?:gds_dstore|gds_ds\d+_lock|dstore_base)", "launch_config", W,
          "PMIx's shared-memory job store (gds dstore) failed: ranks may not start or not get their job data",
          "export PMIX_MCA_gds=hash for the job (mpirun --pmixmca gds hash), and use one PMIx build in the image "
          "and on the host", C.OTHER, "root", (C.NCCL_VERSION_MISMATCH,)),
        # Open MPI btl_vader_get.c "Read -1, expected %lu, errno = %d": vader's single-copy CMA
        # (process_vm_readv) refused, which containers without CAP_SYS_PTRACE do (Open MPI's FAQ).
        p(r"Read -1, expected \d+, errno = \d+", "mpi_transport", E,
          "Open MPI's shared-memory transport could not read a peer's memory (CMA process_vm_readv refused: a "
          "container without SYS_PTRACE, ptrace_scope)", "set OMPI_MCA_btl_vader_single_copy_mechanism=none, or "
          "run the container with --cap-add SYS_PTRACE", C.OTHER),
        # -- Kubernetes ----------------------------------------------------------------------------------------
        # kubelet: a container's "Reason: OOMKilled" (its memory limit) and an eviction "The node was low on
        # resource: memory."; Slurm task_cgroup_memory.c "Some of the step tasks have been OOM Killed".
        p(r"\bOOMKilled\b|low on resource: memory|tasks have been OOM Killed", "oom", E,
          "the container or task ran out of host memory and was killed", "raise the pod's memory limit or the job's "
          "--mem, or lower host memory use (data loader workers, pinned buffers)", C.OOM),
        # kubelet devicemanager "Allocate failed due to no healthy devices present"; NVIDIA's device plugin
        # server.go "device marked unhealthy", health.go "XidCriticalError: Xid=%d ... marking device as
        # unhealthy", main.go "No devices found. Waiting indefinitely.", factory.go "Failed to initialize NVML:
        # ERROR_LIBRARY_NOT_FOUND" ("did you set the docker default runtime to `nvidia`?").
        p(r"no healthy devices present|device marked unhealthy|marking device as unhealthy|No devices found\. Waiting "
          r"indefinitely|Failed to initialize NVML: ERROR_LIBRARY_NOT_FOUND", "gpu_missing", E,
          "the node's GPU is unhealthy or not visible to Kubernetes (an Xid, the driver, the container runtime)",
          "read the node's kernel log for Xid errors and `nvidia-smi` on the host; make the NVIDIA container runtime "
          "the default runtime for the device plugin", C.CUDA_OR_DRIVER),
        # -- the container layers (nvidia-container-toolkit d34b304, enroot 8ea147d, pyxis v0.24.0, Mellanox
        # k8s-rdma-shared-dev-plugin 410b0f3, sriov-network-device-plugin 40b6f50, the CNI's IPAM) -----------------
        # The toolkit looks for the fabric manager's socket among its optional mounts (internal/discover/mounts.go)
        # and warns where there is none: every node without NVSwitches prints it.
        p(r"Could not locate /nvidia-fabricmanager/socket", "noise", I, "the container toolkit found no fabric "
          "manager socket to mount (an optional mount: nodes without NVSwitches have none)", "nothing to fix", None,
          "noise"),
        # The toolkit's requirement check (quoting libnvidia-container): "unsatisfied condition: cuda>=%s, please
        # update your driver to a newer version, or use an earlier cuda container".
        p(r"unsatisfied condition: cuda>=[\d.]+", "cuda_driver_unsupported", E,
          "the container image needs a newer CUDA driver than the host has", "update the host's NVIDIA driver to one "
          "that supports the image's CUDA version, or use an image built for an older CUDA", C.CUDA_OR_DRIVER),
        # runc restarting a container whose saved spec lists the driver's device nodes before the driver made them
        # ("error gathering device information while adding custom device \"/dev/nvidia-uvm-tools\": lstat ...: no
        # such file or directory", NVIDIA/nvidia-docker#288: after a reboot, nvidia_uvm not loaded yet).
        # The GPU never reached the container: "unresolvable CDI devices" / "could not resolve CDI devices" (no CDI
        # spec for the GPUs: `nvidia-ctk cdi generate`), "Ignoring devices requested by environment variable(s) in
        # unprivileged container", enroot "Kernel module nvidia_uvm is not loaded", and for multi-node NVLink "IMEX
        # channel %d not found at /dev/nvidia-caps-imex-channels/...".
        p(r"unresolvable CDI devices|could not resolve CDI devices|Ignoring devices requested by environment "
          r"variable\(s\) in unprivileged container|Kernel module nvidia_uvm is not loaded|IMEX channel \d+ not found|"
          r"error gathering device information while adding custom device \\?\"/dev/nvidia",
          "gpu_missing", E, "the container runtime did not hand the GPUs (or the IMEX channel multi-node NVLink "
          "needs) to the container", "generate the CDI spec (`nvidia-ctk cdi generate`) or request the GPUs through "
          "the device plugin, load nvidia_uvm on the host, and for multi-node NVLink start the IMEX service and "
          "mount its channel", C.CUDA_OR_DRIVER),
        # No RDMA device in the pod or container: enroot "failed to mount: /dev/infiniband/rdma_cm", the RDMA shared
        # device plugin "no Rdma Devices were found for resource", "no devices in device pool", the SR-IOV plugin
        # "RDMA resources for %s not found. Are RDMA modules loaded?", "No RDMA devices available for RDMA capable
        # device", "missing RDMA device spec for device".
        p(r"failed to mount: /dev/infiniband|no Rdma Devices were found|no devices in device pool|RDMA resources "
          r"for \S+ not found|No RDMA devices available for RDMA capable device|missing RDMA device spec",
          "no_ib_device", W, "the container or pod got no RDMA device (the device plugin found none to give, or "
          "/dev/infiniband is not mounted): NCCL falls back to TCP sockets or fails", "load the RDMA modules on the "
          "host (`ib_core`, `mlx5_ib`, `rdma_ucm`), give the device plugin a selector that matches the NICs, and "
          "request its resource (rdma/...) in the pod", C.SOCKET_FALLBACK, "root", (C.NET_PLUGIN_ERROR,)),
        # pyxis (through slurmstepd) "failed to import docker image", "failed to create container filesystem"
        # (registry credentials, disk space of the enroot cache); the CNI's IPAM "no IP addresses available in
        # range set": the job's container or pod could not start.
        # NVIDIA's DRA driver daemon (k8s-dra-driver-gpu cmd/compute-domain-daemon): "CDI container edits did not
        # apply -- is CDI enabled in your container runtime?".
        p(r"pyxis: failed to (?:import docker image|create container filesystem)|no IP addresses available in range|"
          r"CDI container edits did not apply",
          "container_start", E, "the job's container or pod could not be created (the image import failed, or the "
          "pod network had no address left)", "read the error after the colon: registry credentials "
          "(~/.config/enroot/.credentials), free space for the image cache, or the IPAM range of the pod network",
          C.OTHER),
        # libnvidia-container's CLI sets its own capabilities before it mounts the driver into a container
        # ("nvidia-container-cli: permission error: capability change failed: operation not permitted"): a host
        # that forbids it (an SELinux policy, enroot#88; an LXC container that dropped CAP_SYS_MODULE,
        # libnvidia-container#23); enroot's hook then exits ("hooks.d/98-nvidia.sh exited with return code 1").
        p(r"nvidia-container-cli: permission error", "container_start", E,
          "the NVIDIA container CLI was not allowed to change its capabilities, so the GPU was never mounted into "
          "the container", "allow it on the host: an SELinux policy for the hook (test with `setenforce 0`), or give "
          "the LXC container the capabilities it dropped (CAP_SYS_MODULE, CAP_SYS_ADMIN) or no-cgroups in "
          "/etc/nvidia-container-runtime/config.toml", C.OTHER),
        p(r"pyxis: (?:a previous task terminated unexpectedly during container setup|container was not started "
          r"successfully by another task)", "remote_exited", E, "another task of the step failed to set up its "
          "container first", "read that task's own pyxis error", C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # Slurm after a pyxis failure: "spank: required plugin spank_pyxis.so: task_init() failed with rc=%d",
        # "task %d launch failed: Plugin initialization failed" (not a net plugin); multus "have you checked that
        # your default network is ready? still waiting for readinessindicatorfile" (the pod network is not up).
        p(r"spank: required plugin \S*pyxis\S*: task_init\(\) failed|launch failed: Plugin initialization failed",
          "container_start", E, "Slurm's container plugin (pyxis) failed for a task", "read pyxis' own error line "
          "before this one", C.OTHER, "collateral"),
        p(r"have you checked that your default network is ready", "container_start", W,
          "the pod waits for its cluster network (the default CNI) to come up: it has not started yet",
          "check the node's CNI pods (`kubectl -n kube-system get pods -o wide`) and the multus configuration",
          C.OTHER),
        # HAMi-core's libvgpu (Project-HAMi/HAMi-core, the GPU-sharing layer HAMi preloads into pods) wraps every
        # CUDA driver call to count memory: "[HAMI-core ERROR (pid:%d ...)]: ...", before a crash in its own frames
        # ("/libvgpu/src/cuda/memory.c ... in cuMemCreate") under NCCL's cuMem calls (HAMi-core#169, fixed in its
        # PR #172; HAMi#2641 a hang in pynccl's init under it).
        p(r"\[HAMI-core ERROR", "gpu_sharing_layer", E,
          "a GPU-sharing layer (HAMi-core's libvgpu, preloaded into the container) failed inside a CUDA call it "
          "intercepts: NCCL's cuMem calls meet its bugs first", "upgrade HAMi-core (its cuMem* interposition has "
          "fixes), or run the job without the shared-GPU layer; NCCL_CUMEM_ENABLE=0 avoids the cuMem calls as a "
          "workaround", C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        # -- JAX / XLA ---------------------------------------------------------------------------------------
        # JAX's docs (GPU memory allocation): XLA_PYTHON_CLIENT_MEM_FRACTION is the fraction of GPU memory XLA
        # preallocates (default .75); at .95 and more, or a percentage written as a whole number ("100"), NCCL's
        # communicators and CUDA itself find no memory left.
        p(r"XLA_PYTHON_CLIENT_MEM_FRACTION[\"'\]]*\s*[=:]\s*[\"']?(?:0?\.9[5-9]\d*|1(?:\.0*)?|[1-9]\d+(?:\.\d*)?)"
          r"(?![\d.])", "oom", W, "XLA is told to preallocate (nearly) all GPU memory: NCCL's buffers and CUDA get "
          "none", "set XLA_PYTHON_CLIENT_MEM_FRACTION to a fraction below 0.9 (e.g. .85), or "
          "XLA_PYTHON_CLIENT_PREALLOCATE=false", C.OOM, "root", (C.APPLICATION_BUG,)),
        # XLA nccl_collectives.cc "Failed to allocate %s from device collective memory"; NVSHMEM mem_heap.cpp
        # "cuMemCreate failed" (its symmetric heap).
        p(r"from device collective memory|non-zero status: \d+ cuMemCreate failed", "oom", E,
          "the GPU had no memory left for the collective library's buffers", "leave GPU memory for communication "
          "(XLA_PYTHON_CLIENT_MEM_FRACTION, NVSHMEM_SYMMETRIC_SIZE, smaller batches)", C.OOM, "root",
          (C.CUDA_OR_DRIVER,)),
        # XLA's coordination service and clients: a task that stopped answering or never arrived
        # (coordination_service.cc "heartbeat timeout. This indicates that the remote task has failed, got
        # preempted, or crashed unexpectedly", "Stopping coordination service as cluster registration failed",
        # "Shutdown barrier in coordination service has failed", "Heartbeat: Incarnation ID mismatch";
        # client.h "Terminating process because the JAX distributed service detected fatal errors";
        # gpu_cliques.cc "Task with incarnation id %d is not connected"; topology_util.cc "GetKeyValue() timed out
        # with key"; client.cc "waited too long for some tasks to show up" (1) crashed, 2) never scheduled);
        # coordination_service.cc "Barrier timed out. Id: %s. This usually happens because a task triggered the
        # barrier too early or too slowly".
        p(r"heartbeat timeout\. This indicates that the remote task|cluster registration failed|Shutdown barrier in "
          r"coordination service has failed|Barrier timed out\. Id: \S+\. This usually happens because a task|"
          r"Incarnation ID mismatch|JAX distributed service detected fatal errors|"
          r"Task with incarnation id \d+ is not connected|GetKeyValue\(\) timed out with key|waited too long for "
          r"some tasks to show up", "remote_exited", E,
          "JAX/XLA's coordination service lost a task or never saw it: another process of the job failed, was "
          "preempted or never started", "find the task that failed or never started first (its own log, the "
          "scheduler's events); if none failed, check that every task reaches the coordinator's address and port",
          C.RANK_CRASHED_ELSEWHERE, "collateral", (C.FIREWALL_OR_PORT_BLOCKED, C.WRONG_INTERFACE)),
        # XLA rendezvous.cc "This thread has been waiting for `%s` for %d seconds and may be stuck. Expected %d
        # threads to join the rendezvous, but not all of them arrived on time", "Termination timeout ... only %d
        # of them arrived": some devices never reached the collective.
        p(r"seconds and may be stuck\. Expected \d+ threads? to join|Termination timeout for .* only \d+ of them "
          r"arrived", "timeout", E, "some of the job's devices never reached a collective the others wait in",
          "find why those devices did not arrive (a program that runs different collectives per process, a crashed "
          "process); XLA_FLAGS=--xla_dump_to shows the programs", C.HANG_COLLECTIVE_MISMATCH, "root",
          (C.RANK_CRASHED_ELSEWHERE,)),
        p(r"This thread is unstuck waiting for", "noise", I, "XLA's rendezvous completed after a warning",
          "nothing to fix", None, "noise"),
        # glog/absl CHECK in XLA's (or TensorFlow's) C++: "F0105 23:50:34.026692 34204 nccl_all_reduce_thunk.cc:175]
        # Check failed: reduction_kind.has_value()" (NVIDIA/JAX-Toolbox#472, fixed in openxla/xla#8896): an
        # internal assertion of the framework, not a fault of the network or the GPU, unless it names a CUDA or
        # NCCL error (then the rows for those read it).
        p(r"^[FE]\d{4} [\d:.]+\s+\d+ [\w.]+\.cc:\d+\] Check failed: (?!.*(?:CUDA|cuda|NCCL|nccl|out of memory))",
          "framework_check", E, "an internal consistency check of the framework's C++ code failed (an assertion "
          "in XLA or TensorFlow while compiling or running the program): a bug of that version",
          "search the framework's issues for the check's text and upgrade to a release with the fix (or use the "
          "XLA_FLAGS workaround named there)", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # TensorRT-LLM's TLLM_CHECK (cpp/include/tensorrt_llm/common/assert.h: "[TensorRT-LLM][ERROR] Assertion
        # failed: %s"): most check what the program passes the runtime (a tensor's shape or dtype, the engine's
        # parallel sizes, a request's settings); one naming CUDA, NCCL or memory is read by those rows.
        p(r"\[TensorRT-LLM\]\[ERROR\] Assertion failed: (?!.*(?:CUDA|cuda|NCCL|nccl|[Mm]emory|OOM))",
          "framework_check", E, "an assertion of TensorRT-LLM's runtime failed: it checks the inputs and the "
          "engine's configuration the program passes (shapes, dtypes, parallel sizes)",
          "compare what the program passes with what the engine was built for (the assertion names the tensor or "
          "setting); rebuild the engine for that configuration if it differs", C.APPLICATION_BUG, "root",
          (C.OTHER,)),
        # jax/_src/distributed.py: "JAX detected proxy variable(s) in the environment as distributed setup" (its
        # docstring: gRPC to the coordinator through an HTTP proxy can time out initialize), "jax.distributed.
        # initialize() must be called before any JAX calls".
        p(r"JAX detected proxy variable\(s\) in the environment", "proxy_env", W,
          "http(s)_proxy is set: JAX's gRPC connection to the coordinator may go through the proxy and hang",
          "unset http_proxy/https_proxy for the job, or add the coordinator's address to no_proxy", C.OTHER, "root",
          (C.FIREWALL_OR_PORT_BLOCKED,)),
        p(r"jax\.distributed\.initialize\(\) must be called before any JAX", "framework_usage", E,
          "the program used JAX before jax.distributed.initialize()", "call jax.distributed.initialize() first, "
          "before any JAX computation or device query", C.APPLICATION_BUG),
        # -- NVSHMEM (DeepEP) --------------------------------------------------------------------------------
        # ibgda.cpp "neither nv_peer_mem, or nvidia_peermem detected" (IBGDA cannot run: an error here, where
        # NCCL's own GPUDirect row is a fallback); DeepEP symmetric.hpp "GPUDirect RDMA with CUDA VMM is not
        # supported on this device".
        p(r"neither nv_peer_mem, or nvidia_peermem detected|GPUDirect RDMA with CUDA VMM is not supported",
          "gdr_disabled", E, "GPUDirect RDMA is not available to NVSHMEM: no peer-memory module, or the GPU/driver "
          "cannot register VMM memory with the NIC", "load nvidia_peermem (`modprobe nvidia_peermem`) or use a "
          "driver and kernel with DMA-BUF, then check `ibv_devinfo` and the NIC's firmware", C.GDR_UNAVAILABLE),
        # ibgda.cpp "device %s is not enumerated as an mlx5 device" and "does not support all necessary atomic
        # operations. You may want to check the PCI_ATOMIC_MODE value in the NIC firmware".
        p(r"is not enumerated as an mlx5 device|does not support all necessary atomic operations", "nvshmem_nic", W,
          "NVSHMEM's IBGDA transport skips this NIC: it is not an mlx5 device, or its firmware does not allow the "
          "PCIe atomics IBGDA needs", "use mlx5 NICs for IBGDA and set PCI_ATOMIC_MODE in their firmware "
          "(`mlxconfig`), or use NVSHMEM's IBRC transport", C.OTHER),
        # ibgda.cpp "cannot allocate mlx5dv_devx_uar"; "Unable to create ah." (the address handle of the peer's
        # port: its GID / route on RoCE); topo.cpp "No NICs were assigned to our PE"; mem_heap.cpp "Failed to
        # create shared memory slab"; proxy.cpp "received timeout signal from GPU thread(s)".
        p(r"cannot allocate mlx5dv_devx_uar", "ibv_create_qp_failed", E,
          "NVSHMEM could not allocate the NIC resources IBGDA needs", "raise the locked-memory limit and check the "
          "NIC's resources (`ibv_devinfo -v`); fewer QPs per PE (NVSHMEM_IBGDA_NUM_RC_PER_PE)", C.IB_RESOURCE_ERROR,
          "root", (C.MEMLOCK_OR_ULIMIT,)),
        p(r"NULL value Unable to create ah\b", "gid_error", E,
          "NVSHMEM could not create the address handle of a peer's port (on RoCE: the GID index or the route)",
          "set NVSHMEM_IB_GID_INDEX to the RoCE v2 IPv4 GID of every port (`show_gids`), and check both ports "
          "are ACTIVE", C.GID_INDEX_OR_ROCE_CONFIG, "root", (C.OTHER,)),
        p(r"No NICs were assigned to our PE", "topology_error", E,
          "NVSHMEM found no NIC for this GPU", "check NVSHMEM_HCA_LIST / NVSHMEM_ENABLE_NIC_PE_MAPPING and that "
          "the NICs are visible in the container", C.TOPOLOGY_OR_NUMA),
        p(r"Failed to create shared memory slab", "shm_error", E,
          "NVSHMEM could not create its shared-memory heap: /dev/shm too small", "run the container with "
          "--ipc=host or a larger --shm-size", C.SHM_TOO_SMALL),
        p(r"received timeout signal from GPU thread", "timeout", E,
          "a GPU thread of NVSHMEM waited for a signal no peer sent", "find the PE that stopped (its own error) "
          "or the collective it did not reach", C.HANG_COLLECTIVE_MISMATCH, "collateral",
          (C.RANK_CRASHED_ELSEWHERE,)),
        # -- NVIDIA's libraries around NCCL (TransformerEngine d0067d0 / v2.1, TensorRT-LLM, nccl-tests v2.19.6,
        # NCCL's RAS 5067397) -----------------------------------------------------------------------------------
        # TE comm_gemm_overlap.cpp "CUDA device, driver and/or toolkit version does not support comm+GEMM overlap
        # with CUDA Multicast. Launch app with UB_SKIPMC=1"; TensorRT-LLM mcastDeviceMemory.cpp "[McastDeviceMemory]
        # Device does not support multicasting" / "fabric handle" (no NVLS multicast, no IMEX for fabric handles).
        p(r"does not support comm\+GEMM overlap with CUDA Multicast|\[McastDeviceMemory\] Device does not support",
          "fabric_manager", E, "the GPU, driver or NVSwitch fabric does not offer the CUDA multicast (NVLS) or fabric "
          "handles the library asked for", "run without multicast (TE: UB_SKIPMC=1; TensorRT-LLM: an all-reduce "
          "strategy without it), or on NVSwitch systems start the fabric manager (and IMEX for multi-node NVLink) "
          "with a driver that supports them", C.CUDA_OR_DRIVER),
        # TE userbuffers: "torch.distributed must be initialized before using Userbuffers", "MPI backend is not
        # available in torch.distributed but is required when Userbuffers is built with MPI support", "PyTorch must
        # be compiled with 'mpi' support in order to bootstrap Userbuffers", userbuffers-host.cpp "Bootstrapping
        # Userbuffers with MPI requires building Transformer Engine with NVTE_UB_WITH_MPI=1", "CUDA IPC supports only
        # up to 8 GPUs in an NVLink domain"; TensorRT-LLM "Incorrect group specified - rank %d not found in group".
        p(r"must be initialized before using Userbuffers|required when Userbuffers is built with MPI|compiled with "
          r"'mpi' support in order to bootstrap Userbuffers|Bootstrapping Userbuffers with MPI requires building|"
          r"CUDA IPC supports only up to \d+ GPUs|Incorrect group specified - rank \d+ not found in group",
          "framework_usage", E, "the program set up the library's communication wrongly (its process group, its MPI "
          "build, the ranks of a group)", "initialise torch.distributed before the library and build it for the "
          "bootstrap the job uses (TE: NVTE_UB_WITH_MPI only with an MPI-enabled PyTorch)", C.APPLICATION_BUG),
        # nccl-tests common.cu "Invalid number of GPUs: %d requested but only %d were found."; "DeviceImplementation >
        # 1 requires CUDA P2P connectivity across all ranks" (its device-API tests).
        p(r"Invalid number of GPUs: \d+ requested but only \d+ were found", "launch_config", E,
          "nccl-tests was asked for more GPUs per process (-g) than the process sees", "make -g times the processes "
          "per node match the GPUs visible (CUDA_VISIBLE_DEVICES)", C.APPLICATION_BUG),
        # TE userbuffers-host.cpp "No peer-to-peer access available between GPUs. This platform does not support the
        # GPU-to-GPU communication required for multi-GPU userbuffers".
        p(r"requires CUDA P2P connectivity across all ranks|No peer-to-peer access available between GPUs",
          "p2p_error", E,
          "the test needs GPU peer-to-peer between every pair of ranks and some pairs have none", "run the test "
          "without the device implementation, or fix P2P (ACS off, iommu=pt) on the node", C.ACS_IOMMU_P2P),
        # TensorRT-LLM allreducePlugin.cpp "Expected length (%d) != real length (%d). This is often caused by using
        # different TensorRT LLM version to build engine and run engine"; ucxCacheCommunicator "getLocalIp: Can't get local ip",
        # "getLocalIpByHostname: Can't get local ip from hostname".
        p(r"often caused by using different TensorRT[- ]LLM version", "library_version", E,
          "the engine was built with another TensorRT-LLM version than the one running it (or the job's processes "
          "run different versions)", "rebuild the engine with the TensorRT-LLM that runs it, and install that "
          "version in every image and on every node", C.NCCL_VERSION_MISMATCH),
        p(r"getLocalIp(?:ByHostname)?: Can't get local ip", "name_resolution", E,
          "TensorRT-LLM could not find this node's address for its KV-cache transfer (its host name does not "
          "resolve, or no interface was named)", "make the node's hostname resolve to the address of the "
          "network that joins the nodes, or set TRTLLM_UCX_INTERFACE to that interface", C.HOSTNAME_RESOLUTION,
          "root", (C.WRONG_INTERFACE,)),
        # NCCL's RAS (ras/peers.cc) at INFO: "RAS declaring peer %s as DEAD" (it stopped answering keep-alives): the
        # likely cause when nothing more specific is in the paste (an INFO line is read only when not collateral);
        # the ncclras client's "Failed to connect to the NCCL RAS service!" (RAS off, or no job on that node).
        p(r"RAS declaring peer \S+ as DEAD|\bPEER_(?:TIMEOUT_)?DEAD: Process \d+", "remote_exited", E,
          "NCCL's RAS declared a peer process dead (it stopped answering its keep-alives): that process or its "
          "node failed first", "read the log of that peer's node (its own error, an OOM kill, a node failure)",
          C.RANK_CRASHED_ELSEWHERE, "likely", (C.IB_PORT_DOWN_OR_LINK,)),
        p(r"Failed to connect to the NCCL RAS service", "noise", I,
          "the ncclras client found no RAS service to ask (RAS disabled, or no NCCL job on that node)",
          "run ncclras on a node of the running job (NCCL 2.24+, RAS on by default)", None, "noise"),
        # -- the peer-memory module (open-gpu-kernel-modules 595.45) ------------------------------------------
        # nvidia-peermem.c "error %d while calling nvidia_p2p_get_pages()", "error while registering nc client"
        # / "traditional client" (ib_core's peer-memory API missing: no MLNX_OFED), nv-p2p.c "NVRM: Invalid
        # argument in nv_p2p_get_pages,address or length are not aligned": errors of the module itself, ahead of
        # NCCL's own GPUDirect row (a fallback notice).
        p(r"while calling nvidia_p2p_get_pages|error while registering (?:nc|traditional) client|"
          r"Invalid argument in nv_p2p_get_pages", "gdr_disabled", E,
          "the peer-memory module could not give the NIC the GPU's memory: GPUDirect RDMA does not work",
          "load nvidia_peermem built against the running MLNX_OFED/inbox RDMA stack (or use DMA-BUF: "
          "NCCL_DMABUF_ENABLE=1 with a recent driver and kernel), then check `dmesg | grep peermem`",
          C.GDR_UNAVAILABLE),
        # -- GCP GPUDirect-TCPX / TCPXO net plugins ----------------------------------------------------------
        # tcpx rx_pool.cu "gpumem fd client connect failed" (the unix socket of RxDM), connect.cc "failed
        # against receive-datapath-manager", tcpx.h "data landed on host memory %d times" (flow steering not in
        # place: payloads bounce through host memory); tcpxo fastrak "Plug-in core initialization failed",
        # init.cc "Timeout: RxDM not ready on %s after %d seconds".
        # The plugins' own transport (NET/FasTrak of TCPXO, NET/GPUDirectTCPX) refused: its RxDM is not listening.
        # RxDM (fastrak_gpumem_manager) exits when the PCI tree holds fewer GPU NICs' GPUs than CUDA sees ("Number
        # of GPUs detected in the PCI tree 7 is not equal to the actual number of GPUs reported by CUDA 8": an extra
        # gVNIC took a GPU NIC's PCI slot on a3-megagpu, NVIDIA/aicr#1662).
        p(r"gpumem (?:fd|metadata) client connect failed|failed against receive-datapath-manager|Plug-in core "
          r"initialization failed|RxDM not ready on|"
          r"(?:NET/(?:FasTrak|GPUDirectTCPX)\W[^\n]*(?:refused|connect\(\) error)|(?:refused|connect\(\) error)"
          r"[^\n]*NET/(?:FasTrak|GPUDirectTCPX)\b)|Number of GPUs detected in the PCI tree \d+ is not equal",
          "net_plugin_error", E,
          "GCP's GPUDirect-TCPX(O) plugin cannot reach its receive-datapath manager", _TCPX_FIX, C.NET_PLUGIN_ERROR,
          "root", (C.TOPOLOGY_OR_NUMA,)),
        p(r"data landed on host memory \d+ times", "net_plugin_error", W,
          "GPUDirect-TCPX's receive path copies through host memory: its flow steering rules are not in place",
          _TCPX_FIX, C.NET_PLUGIN_ERROR, "root", (C.PERFORMANCE_CONFIG,)),
        p(r"NET/GPUDirectTCPX : no interface found", "no_interface", E,
          "GPUDirect-TCPX found none of the interfaces it is told to use (NCCL_GPUDIRECTTCPX_SOCKET_IFNAME)",
          "set NCCL_GPUDIRECTTCPX_SOCKET_IFNAME / NCCL_SOCKET_IFNAME to the GPU NICs of the node (eth1-eth4 on "
          "a3-highgpu)", C.WRONG_INTERFACE),
    )
