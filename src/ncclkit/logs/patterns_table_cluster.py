"""The line classifier's rows for what runs a job around NCCL and is not a training stack: the schedulers and
launchers (Slurm, Open MPI / PRRTE / PMIx, MPICH's hydra, Kubernetes with NVIDIA's device plugin and Kubeflow's
operators) and the container layers (nvidia-container-toolkit, enroot, pyxis, the RDMA device plugins). Each comment
names the file the text is printed from (Slurm 284c3b9, Open MPI v4.1.8 and 8efebee, PRRTE 52d5e4b, MPICH 6a79bf6,
Kubernetes v1.32, k8s-device-plugin v0.20.0, Kubeflow training-operator v1.9.0) and what the code or help text around
it says it means. The libraries and plugins next to NCCL follow in patterns_table_nearlibs. They come before
patterns_table.py's generic rows (timeouts, sockets, CUDA, memory), whose words they share. Same row shape as
patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO


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
        # The Kubernetes scheduler's "0/6 nodes are available: 6 Insufficient nvidia.com/gpu" (GPU-sharing resources
        # alike: tkestack's "tencent.com/vcuda-core", MIG slices "nvidia.com/mig-1g.5gb"): no node has that many GPUs
        # free. The pod may ask more than a node has (the launch), but as often the nodes advertise none, their
        # device plugin down or without a driver (NVIDIA/k8s-device-plugin#245, #119), or other pods still hold
        # them (kubeflow/kubeflow#794: earlier test pods, deleted by hand).
        p(r"\d+/\d+ nodes are available:.*Insufficient (?:nvidia\.com/gpu|alpha\.kubernetes\.io/nvidia-gpu|"
          r"[\w.-]+/(?:vcuda|mig-|gpu))", "launch_config", E,
          "no node has as many GPUs free as the pod asks for: it asks more than a node has, other pods hold them, "
          "or the nodes advertise none (their NVIDIA device plugin is not running or finds no driver)",
          "compare the request with what the nodes offer (`kubectl describe nodes | grep -A8 Allocatable`); where "
          "they offer no nvidia.com/gpu, fix the device plugin or GPU Operator pods there; where pods hold them, "
          "free them or wait", C.APPLICATION_BUG, "root", (C.CUDA_OR_DRIVER, C.OTHER)),
        # Launches that do not fit the machines: srun launch.c/allocate.c "Invalid generic resource (gres)
        # specification", "Requested node configuration is not available", "Unable to create step for job %u: More
        # processors requested than permitted" (a step asking more tasks/CPUs than the job's allocation); Open MPI
        # help-orte-rmaps-base.txt "There are not enough slots available in the system to satisfy the %d slots";
        # orted_submit.c "mpirun has detected an attempt to run as root" (refused without --allow-run-as-root);
        # help-hostfile.txt [no-hostfile] "Open RTE was unable to open the hostfile:" (a --hostfile path that is not
        # there); orterun's "mpirun: Error: unknown option \"--x\"" (an option of another MPI or release);
        # help-orte-rmaps-base.txt [rmaps:binding-overload] "A request was made to bind to that would result in binding
        # more processes than cpus on a resource" (more ranks than cores under --bind-to core, --oversubscribe or not);
        # help-mpi-runtime.txt "No PMIx server was reachable, but a PMI1/2 was detected" (srun without --mpi=pmix: every
        # rank starts alone); the Kubernetes scheduler's "Insufficient rdma/..." (RDMA devices) or hugepages (GPUs
        # have their row above); NVSHMEM init.cu "NVSHMEM requires the same number of PEs on all nodes". Slurm's
        # refusals of the request: job_submit.c "Invalid partition name specified", "Invalid account or
        # account/partition combination specified", and sites' job_submit plugins refusing a GPU partition's job that
        # asks GPUs the way they do not read ("Cannot find GPU specification", NVIDIA/exemplar-performance#5: "the
        # cluster requires gres specification"; "partition '...' is not valid for this job ... CPU job setup is not
        # valid", outerloop-science/outerloop#176: --gpus=N read as a CPU job, --gpus-per-node=N accepted).
        p(r"Invalid generic resource \(gres\) specification|Requested node configuration is not available|"
          r"More processors requested than permitted|not enough slots available in the system|mpirun has detected "
          r"an attempt to run as root|Open RTE was unable to open the hostfile|mpirun: Error: unknown option|A "
          r"request was made to bind to that would result in binding more|No PMIx server was reachable, but a "
          r"PMI1/2 was detected|\d+/\d+ nodes are available:.*Insufficient (?:rdma/|\S*hugepages)|"
          r"NVSHMEM requires the same number of PEs on all nodes|(?:sbatch|srun|salloc): error: (?:.*(?:is not valid "
          r"for this job|job setup is not valid|Cannot find GPU specification)|Batch job submission failed: Invalid "
          r"(?:partition name|account or account/partition))",
          "launch_config", E, "the launch does not fit the job or the machines: resources the nodes do not have, "
          "fewer slots than ranks, or a launcher and an MPI/PMI that do not work together",
          "request what the nodes have (GPUs, RDMA devices, slots per node), launch MPI programs with mpirun or "
          "`srun --mpi=pmix` when Open MPI has PMIx, and run as a non-root user or add --allow-run-as-root in "
          "containers", C.APPLICATION_BUG),
        # help-ess-base.txt "The application appears to have been direct launched using \"srun\", but OMPI was not built
        # with SLURM's PMI support" (older releases: "with SLURM support"): the MPI in the image lacks Slurm's PMI, so
        # srun's ranks cannot wire up; mpirun in the allocation works (NVIDIA-NeMo/Speech#10997, TensorRT-LLM's
        # troubleshooting page, sylabs/singularity#5203).
        p(r"direct launched using \"srun\"|OMPI was not built with SLURM(?:'s PMI)? support", "launch_config", E,
          "the Open MPI in use was built without Slurm's PMI support, so ranks that srun starts directly cannot "
          "wire up", "launch with mpirun inside the allocation, or use an Open MPI built with Slurm's PMI or PMIx "
          "(`--with-slurm --with-pmix`) and `srun --mpi=pmix`", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # Open MPI 4.1's schizo_ompi.c for `-x NAME` with NAME unset where mpirun runs: "Warning: could not find
        # environment variable \"NCCL_SOCKET_IFNAME\"": the ranks start without it (made for real by
        # benchmarks/mpi_launch_device.sh).
        p(r"Warning: could not find environment variable \"\w+\"", "launch_config", W,
          "mpirun was asked to pass a variable (-x NAME) that is not set where it runs: the ranks start without it",
          "export the variable before mpirun, or pass its value (`-x NAME=value`)", C.APPLICATION_BUG),
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
        # hydra sock.c "unable to get host address for %s" (before: "unable to get host address (%s)" with
        # gethostbyname's errno text, pmodels/mpich#1146); Kubeflow's PyTorchJob init container loops on
        # `nslookup <master>` printing "waiting for master" until the master's service name resolves, and busybox's
        # nslookup's own failure ("nslookup: can't resolve 'job-master-0': Name does not resolve", modelscope/
        # ms-swift#6368), or its later wording "** server can't find <name>: NXDOMAIN" (a PyTorchJob init container's
        # wait, kubeflow/pytorch-operator#216; "*** Can't find <name>: No answer" lines are its search-domain tries and
        # print for names that resolve too). A lookup of "(null)" is a script's unset variable, not DNS (the row after).
        p(r"unable to get host address (?:for|\()|^\s*waiting for master\s*$|nslookup: can't resolve '(?!\(null\)')|"
          r"\*\* server can't find \S+: NXDOMAIN",
          "name_resolution", E,
          "a node or the job's master name does not resolve (DNS, /etc/hosts, the master's Service)",
          "make every host name of the hostfile resolve on every node (`getent hosts <name>`); in Kubernetes check the "
          "master pod's headless Service and the cluster DNS", C.HOSTNAME_RESOLUTION),
        p(r"nslookup: can't resolve '\(null\)'", "launch_config", W,
          "the launch script looked up an unset variable's host name ('(null)'), not a node's",
          "set the variable the script passes to nslookup (the master's address) before it runs", C.APPLICATION_BUG),
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
        # Only OUT-OF-RESOURCE and the locks: BAD-PARAM and NOT-FOUND from dstore_base.c are printed by runs that
        # go on (NVIDIA/nccl-tests#190, "success"; ALCF's Aurora notes: "can be safely ignored"). PMIx 2.0's store is
        # dstore/pmix_esh.c (horovod/horovod#3765: MPI_Init_thread failed after it in a Spark executor's container).
        p(r"PMIX ERROR: OUT-OF-RESOURCE in file \S*(?:gds_dstore|dstore_base|pmix_esh)|PMIX ERROR: [\w-]+ in file "
          r"\S*gds_ds\d+_lock", "launch_config", W,
          "PMIx's shared-memory job store (gds dstore) failed: ranks may not start or not get their job data",
          "export PMIX_MCA_gds=hash for the job (mpirun --pmixmca gds hash), and use one PMIx build in the image "
          "and on the host", C.OTHER, "root", (C.NCCL_VERSION_MISMATCH,)),
        # Open MPI btl_vader_get.c "Read -1, expected %lu, errno = %d": vader's single-copy CMA
        # (process_vm_readv) refused, which containers without CAP_SYS_PTRACE do (Open MPI's FAQ). errno 38 (ENOSYS)
        # is a kernel without the call, where SYS_PTRACE cannot help and vader falls back, slower, with the job running
        # on (horovod/horovod#566, "Severely limited performance", already --cap-add=SYS_PTRACE).
        p(r"Read -1, expected \d+, errno = 38\b", "mpi_transport", W,
          "Open MPI's shared-memory transport cannot use CMA here: this kernel has no process_vm_readv (ENOSYS), so "
          "each copy falls back, slowly", "set OMPI_MCA_btl_vader_single_copy_mechanism=none (SYS_PTRACE does not "
          "help with ENOSYS)", C.OTHER, "root", (C.PERFORMANCE_CONFIG,)),
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
        # Its brand condition ("unsatisfied condition: brand = tesla", determined-ai/determined's known issues): the
        # image's CUDA supports this GPU or driver only through forward compatibility, which needs a data-center GPU.
        p(r"unsatisfied condition: brand = \w+", "cuda_driver_unsupported", E,
          "the container image's CUDA requirement holds on this GPU's brand only (forward compatibility is for "
          "data-center GPUs): its CUDA is newer than the host's driver supports here",
          "update the host's NVIDIA driver to one that supports the image's CUDA, or use an image built for an older "
          "CUDA (NVIDIA_DISABLE_REQUIRE=1 only where the driver is known to be new enough)", C.CUDA_OR_DRIVER),
        # runc restarting a container whose saved spec lists the driver's device nodes before the driver made them
        # ("error gathering device information while adding custom device \"/dev/nvidia-uvm-tools\": lstat ...: no
        # such file or directory", NVIDIA/nvidia-docker#288: after a reboot, nvidia_uvm not loaded yet).
        # The GPU never reached the container: "unresolvable CDI devices nvidia.com/gpu=all" / "could not resolve CDI
        # devices" (no CDI spec for the GPUs: `nvidia-ctk cdi generate`; another vendor's device is not a GPU), "Ignoring devices requested by environment variable(s) in
        # unprivileged container", enroot "Kernel module nvidia_uvm is not loaded", and for multi-node NVLink "IMEX
        # channel %d not found at /dev/nvidia-caps-imex-channels/...".
        p(r"(?:unresolvable|could not resolve) CDI devices:? \S*(?:nvidia|gpu)|Ignoring devices requested by "
          r"environment variable\(s\) in unprivileged container|Kernel module nvidia_uvm is not loaded|IMEX channel "
          r"\d+ not found|"
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
        # Also task_init_privileged() and slurmstepd's "Failed to invoke spank plugin stack" after it
        # (NVIDIA/pyxis#166).
        p(r"spank: required plugin \S*pyxis\S*: task_init\w*\(\) failed|launch failed: Plugin initialization failed|"
          r"Failed to invoke spank plugin stack",
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
    )
