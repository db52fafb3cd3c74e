"""Rows of the line classifier (patterns.py) for programs beside NCCL that had no row of their own, each read from
its source (tests/lines/healthsuites.py, launchers2.py, tfmx.py, rlstacks.py, serving2.py, cloudagents.py,
k8sjobs.py and builds.py hold every line with file:line@commit):

- the node health suites people paste before and after a job: LBNL NHC (mej/nhc 9c4a38c), Azure's
  azurehpc-health-checks (0e0a1ac; HPC-X's dependency check as b178f85 had it), imbue-ai/cluster-health (8f5964a),
  facebookresearch/gcm's health_checks (1b7bde9). A suite's verdict names what it measured: a GPU's Xid, memory or
  NVLink is cuda_or_driver, an IB port or HCA that is down, missing or slow is ib_port_down_or_link, a host-to-GPU
  copy that is slow is the GPU's PCIe link (`other`);
- the launchers and start-up checks of training codebases (ColossalAI's CLI and plugins, llm.c's NCCL init,
  nanotron, torchtitan, fairseq, MosaicML composer, torchx): parallel sizes that do not fit the world, a launch
  without its environment, a build without MPI or NCCL;
- TensorFlow's collectives (tf.distribute, the collective executor, the Slurm cluster resolver, Keras'
  multi_gpu_model) and MXNet's NCCL kvstore: a worker that went down or restarted, GPUs the strategy cannot see;
- the cloud providers' node agents and checks (the EFA kernel driver, amzn/amzn-drivers efa_linux_3.1.0; GKE's
  GPU health checker, container-engine-accelerators 992db81; Oracle's oci-hpc health checks b5285a6; the AKS RDMA
  test, Azure/aks-rdma-infiniband 700dabb; ParallelCluster's GPU health check f75d84c; HyperPod's config validator,
  awslabs/awsome-distributed-training 0edaf15; tests/lines/cloudagents.py): the EFA driver's own admin-queue
  failures are the NIC's (not aws-ofi-nccl's);
- the Kubernetes job layers (Volcano ed72c7c, Kueue ff69552, the MPI Operator caa3c47, training-operator v1.9.0;
  tests/lines/k8sjobs.py): a job that can never be placed is the launch, their waits are no failure;
- the builds pasted beside them (torch.utils.cpp_extension, DeepSpeed's op builder, Apex, flash-attention, Horovod's
  CMake, nccl-tests; tests/lines/builds.py): a CUDA toolkit missing or not the one PyTorch was built with is the CUDA
  install (cuda_or_driver), a compiler, ninja or link choice the build refuses is the build (`other`).

Read before the generic families: their words ("Bus Error" in an Xid's causes, "out of memory" in fairseq's hint,
"timeout" in a progress line) would send them elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

_PARALLEL_FIX = ("make the launch what the message checks for: the hostfile and its hosts, the addresses and variables "
                 "the launcher needs, and as many processes as the parallel sizes multiply to (tp x pp x dp x cp x ep "
                 "= WORLD_SIZE, no more per node than the node's GPUs)")


def suite_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- lines healthy runs print --------------------------------------------------------------------------
        # cpp_extension.py warns of a CUDA minor-version difference and builds on ("Most likely this shouldn't be a
        # problem"); only a major one raises.
        p(r"has a minor version mismatch with the version that was used to compile PyTorch", "noise", I,
          "a CUDA minor-version difference that PyTorch's extension builder accepts", "nothing to fix", None,
          "noise"),
        # Checks that passed and start-up notices: Azure's link-flap check passing, torchtitan's timeout notice,
        # prime-rl's client waiting for its inference server, the EFA driver registering its device, GKE skipping an
        # application Xid, the AKS test skipping a node without IB, ParallelCluster starting the fabric manager
        # itself, HyperPod's optional profiler plugin.
        p(r"No IB devices exceeded link flap threshold|Synchronizing and adjusting timeout for all ProcessGroups|"
          r"Inference server is not ready after \d+|efa \S+ \S+: IB device registered|as it is not Xid Critical|"
          r"No IB devices found\. Skipping RDMA tests|Starting nvidia-fabricmanager since it is not running|"
          r"Inspector plugin not found at \S+, skipping|"
          # The job layers waiting as healthy starts do: the MPI Operator's launcher retrying a worker's name, Kueue
          # evicting pods never ready (training-operator's "waiting for master" is cluster.py's name lookup).
          r"Couldn't resolve \S+\.\.\. Retrying|Exceeded the PodsReady timeout|"
          # A node check's verdict line that passed (Oracle's check_gpu_setup.py "Xid Check: Passed", "RDMA link
          # flapping/down test: Passed").
          r"\b(?:[Cc]heck|[Tt]est)\s*: Passed\s*$",
          "noise", I, "a check that passed, or a start-up notice", "nothing to fix", None, "noise"),
        # -- the health suites ---------------------------------------------------------------------------------
        # LBNL NHC's "Check check_nvsmi_healthmon returned 127": the check's own command was not found (the shell's
        # 127), so the check is broken, not the node (Azure/az-hop#1796: nvidia-healthmon gone from newer drivers).
        p(r"Check \w+ returned 127\b", "launch_config", E,
          "a health check could not run its own command (exit 127: command not found): the check is broken or "
          "out of date on this node, which says nothing of the hardware", "update the health-check suite (or remove "
          "that check) so it calls a tool the node has; run the tool by hand to see it is missing", C.OTHER),
        # azure_common.nhc (b178f85) check_all_reduce_dependencies: "HPCX_DIR is not set. Ensure HPCX is installed
        # and sourced correctly", "mpirun not found. Ensure HPCX ...": the NCCL check never ran
        # (Azure/azurehpc-health-checks#72: the mpi/hpcx module was not loaded).
        p(r"HPCX_DIR(?::\s*\S+)? (?:is )?not (?:set|found)|mpirun not found\. Ensure HPCX", "mpi_launch", E,
          "the health check's NCCL test needs HPC-X (the MPI that starts nccl-tests) and HPC-X is not loaded on "
          "this node: the test did not run", "load HPC-X before the checks (`module load mpi/hpcx`, or source "
          "hpcx-init.sh and run hpcx_load) and run them again", C.OTHER),
        # A GPU fault a node check reports: azure_gpu_xid.nhc "GPU Xid errors detected", imbue "Found XIDs in the
        # hardware error ranges", gcm check_syslogs "xid errors. XID error: 79, XID causes: Bus Error, ..." (not
        # /dev/shm's bus error); GKE's health checker's XidCriticalError (NVIDIA's device plugin marking a device
        # unhealthy is cluster.py's lost GPU), Oracle's Xid, ECC, row-remap and off-the-bus checks,
        # ParallelCluster's failed DCGM diagnostic; `nvidia-smi -q`'s "Pending : Yes" under Remapped Rows (or Retired
        # Pages): a memory repair that takes effect only after a GPU reset (leptonai/gpud PR#80, "requires a reset").
        p(r"check_gpu_xid:|Found XIDs in the hardware error ranges|xid errors\. XID error:|XidCriticalError: "
          r"Xid=\d+(?!.*marking device as unhealthy)|\[critical\] GPU Xid \d+|Devices have fallen off the bus|ECC "
          r"issues: |Row Remap Pending: Yes|^\s*Pending\s*:\s*Yes\s*$|The GPU Health Check failed|XID \d+ \([^)]*\) "
          r"detected on PCI", "gpu_fault", E,
          "the node's health check found a GPU fault (a hardware Xid, uncorrectable ECC, a pending row remap, a GPU "
          "off the bus, a failed DCGM diagnostic)", "drain the node and have the GPU checked (`nvidia-smi -q`, "
          "`dcgmi diag -r 3`); reset or replace it before it runs jobs again", C.CUDA_OR_DRIVER),
        # azure_gpu_ecc.nhc (row remapping, DRAM/SRAM ECC), azure_gpu_nvlink.nhc, imbue's NVLink check, gcm
        # check_dcgmi nvlink; azure_nccl_allreduce.nhc: one node's all-reduce (its comment: "Check for NVlink
        # issues") slower than the SKU's figure or returning wrong values; its GPU-to-GPU copy test too.
        p(r"check_(?:gpu_)?ecc: GPU id \d+: (?:Row remap|High (?:DRAM|SRAM)|SRAM Uncorrectable)|nvlinks inactive|"
          r"Inactive NVLink connections detected|check dcgmi nvlink\. gpuId \d+: has \d+ links down|"
          r"check_nccl_allreduce: NCCL allreduce, (?:BUS BW \(expected|Out of bounds values failed)|check_gpu_bw: P2P "
          r"test on GPU \d+ to GPU \d+ failed", "gpu_fault", E,
          "the health check measured a GPU fault: its memory (ECC, row remapping), its NVLinks inactive, or the "
          "node's GPUs moving data slower than the SKU or wrongly", "drain the node and have its GPUs checked "
          "(`nvidia-smi nvlink -s`, `nvidia-smi -q -d ECC,ROW_REMAPPER`, `dcgmi diag -r 3`); a pending row remap "
          "needs a GPU reset", C.CUDA_OR_DRIVER, "root", (C.TOPOLOGY_OR_NUMA, C.ACS_IOMMU_P2P)),
        # azure_gpu_count.nhc "Expected to see 8 but found 7", "No GPUs found!", csc_nvidia_smi.nhc's healthmon
        # "NVIDIA driver not loaded".
        p(r"check_gpu_count: Expected to see \d+ but found \d+|No GPUs found! FaultCode|nvidia-smi:\s+NVIDIA "
          r"driver not loaded|NVIDIA driver not loaded\. FaultCode", "gpu_missing", E,
          "the health check found fewer GPUs than the node has, or no driver: a GPU fell off the bus or the "
          "driver did not load", "check `nvidia-smi -L` and `dmesg | grep -i -e NVRM -e Xid`; reset the GPU or "
          "reboot, and have it replaced if it stays missing", C.CUDA_OR_DRIVER),
        # azure_hw_topology_check.nhc: the PCI/NUMA tree differs from the SKU's NCCL topology file.
        p(r"Topology mismatch! Expected to find", "topology_error", E,
          "the node's PCI and NUMA layout differs from the topology file its SKU expects: a device moved or is "
          "missing", "compare `lstopo` with the SKU's topology file; a missing device is a hardware fault",
          C.TOPOLOGY_OR_NUMA),
        # azurehpc-health-checks' distributed NHC "Health check failed: Bandwidth is low on device N. Reported
        # bandwidth is 7 GB/s": its check_gpu_bandwidth (host-to-device and back) below the SKU's figure.
        p(r"check_gpu_bw: (?:H2D|D2H|HTD|DTH) test on GPU \d+ failed|Bandwidth is low on device \d+\. Reported "
          r"bandwidth is", "pcie_link_degraded", E,
          "a GPU's host-to-device copies are slower than its PCIe link allows: the link trained narrower or "
          "slower, or it runs through the wrong socket", "check the GPU's link (`nvidia-smi -q -d PCIE`, `lspci "
          "-vv` LnkSta against LnkCap); reseat or replace it", C.OTHER, "root", (C.TOPOLOGY_OR_NUMA,)),
        # azure_ib_link_flapping.nhc, gcm check_syslogs ("ib link flap detected"), Oracle's "RDMA link flapping
        # issues" (its wpa_supplicant authentication failures per interface), azure ib_write_bw and the IB loopback
        # all-reduce below the SKU's figure (FaultCode NHC2003), gcm check_iblink LINK_RATE_MISMATCH.
        p(r"IB link flapping detected|ib link flap detected|RDMA link flapping issues: |IB BW \(expected > ?[\d.]+ "
          r"Gbps, but measured|check_nccl_allreduce_ib_loopback: NCCL allreduce, BUS BW|LINK_RATE_MISMATCH|has "
          r"degraded link", "ib_link_errors", E, "the health check found an RDMA link that flaps, trained below its "
          "rate or moves less than it should", "check the port (`ibstat`, `mlxlink -d <dev> -m`, its error "
          "counters; its authentication on OCI); reseat or replace the cable or transceiver", C.IB_PORT_DOWN_OR_LINK),
        # lbnl_hw.nhc check_hw_ib "No IB port %s is ACTIVE (LinkUp %s)", imbue "Expected 8 active devices. Got 7",
        # gcm check_ibstat "Link status is not LinkUp", check_iblink LINK_NOT_UP, Oracle's mlxlink check, the AKS
        # RDMA test's ibstat check.
        p(r"No IB port \S+ is ACTIVE|Expected \d+ active devices\. Got \d+|Link status is not LinkUp|LINK_NOT_UP:|"
          r"RDMA Link Status Check: Failed|Error: \S+ is not active!",
          "ib_port_event", E, "the health check found an RDMA port that is not active",
          "check `ibstat` (State Active, Physical state LinkUp) and the subnet manager; reseat the cable or "
          "transceiver", C.IB_PORT_DOWN_OR_LINK),
        # gcm check_iblink's findings in its own words: "ib0 is not up, link state is 3: ARMED" (LINK_BAD_STATE,
        # 2: INIT is LINK_IN_INIT: no subnet manager has configured the port), "ib0 is ACTIVE, but the logical
        # interface is down" (LINK_OPERSTATE_DOWN: the IPoIB netdev is down), "ib0 is not presenting as an
        # InfiniBand link" (MLX5_PROTOCOL_MISMATCH: the port runs Ethernet); a syslog "ib0: Lost carrier" is an IB
        # link flap (gcm check_syslogs; an Ethernet or veth interface losing carrier is routine).
        p(r"\bis not up, link state is [0-3]: |is ACTIVE, but the logical interface is down|is not presenting as an "
          r"InfiniBand link|LINK_(?:BAD_STATE|IN_INIT|OPERSTATE_DOWN|PROTOCOL_MISMATCH)\b|\bib\w*: Lost carrier\b",
          "ib_port_event", E, "the health check found an RDMA port not up: its link down, waiting for a subnet "
          "manager (INIT, ARMED), its IP interface down, or the port in Ethernet mode on an InfiniBand fabric",
          "check `ibstat` (State Active, Physical state LinkUp, Link layer InfiniBand) and that a subnet manager "
          "runs; `ip link set <ib netdev> up`; a port in Ethernet mode: `mlxconfig -d <dev> set LINK_TYPE_P1=1` "
          "and reboot", C.IB_PORT_DOWN_OR_LINK, "root", (C.GID_INDEX_OR_ROCE_CONFIG,)),
        # gcm check_iblink MISBIND ("slot0 is bound to ib1, expected ib0") and MLX5_MISMATCH ("ib0 is bound to
        # mlx5_1, expected mlx5_0"): the NIC names differ from the node's layout, so a GPU gets a NIC on another
        # PCIe switch or an NCCL_IB_HCA list names the wrong ports; FIRMWARE_MISMATCH ("has fw version X,
        # expected [Y]").
        p(r"\b\w+ is bound to \w+, expected \w+|\b(?:MISBIND|MLX5_MISMATCH)\b", "topology_error", E,
          "the health check found a NIC bound to another slot or device name than the node's layout expects: "
          "GPUs pair with NICs across PCIe switches and fixed NCCL_IB_HCA lists name the wrong ports",
          "compare `ibdev2netdev` and `lspci -tv` with the node's layout; fix the naming (udev rules) or the moved "
          "card; meanwhile set NCCL_IB_HCA to the devices this node really has", C.TOPOLOGY_OR_NUMA, "root",
          (C.WRONG_INTERFACE,)),
        p(r"\bhas fw version \S+, expected \[|\bFIRMWARE_MISMATCH\b", "nic_firmware", W,
          "the health check found a NIC firmware version other than the fleet's: mixed firmware can disagree on "
          "features (adaptive routing, DMA-BUF) and link training", "update the NIC to the fleet's firmware "
          "(`mlxfwmanager --query`, then `mlxfwmanager -u`) and reboot", C.OTHER),
        # lbnl_hw.nhc check_hw_eth "Ethernet device %s not detected" (ib0 is IPoIB), gcm check_hca "N HCAs found,
        # but expected M".
        p(r"check_hw_eth:\s+Ethernet device \S+ not detected|\d+ HCAs found, but expected \d+", "net_count_mismatch",
          E, "the health check found fewer network devices than the node should have: an HCA or its driver is "
          "missing", "check `ibv_devinfo -l`, `ip -br link` and `dmesg | grep mlx5`", C.IB_PORT_DOWN_OR_LINK),
        # lbnl_hw.nhc: /sys/class/infiniband_mad/abi_version unreadable or 0: the RDMA stack is not usable.
        p(r"Version mismatch between kernel OFED drivers and userspace OFED libraries", "verbs_provider_missing", E,
          "the RDMA stack is not usable: the kernel's OFED modules and the user-space libraries do not match (or "
          "the MAD module is not loaded)", "install kernel modules and rdma-core/OFED libraries of one release "
          "and load ib_umad; NCCL falls back to sockets without them", C.SOCKET_FALLBACK, "root", (C.OTHER,)),
        # imbue health_checks.py: `lsmod | grep peermem` found nothing.
        p(r"GPU direct rdma is not enabled on this machine|GDR is not enabled for this machine", "gdr_disabled", E,
          "GPUDirect RDMA is off on this node: the nvidia-peermem module is not loaded",
          "`sudo modprobe nvidia-peermem` (and load it at boot)", C.GDR_UNAVAILABLE),
        # -- the cloud agents --------------------------------------------------------------------------------
        # The EFA kernel driver's admin queue (efa_com_cmd.c, efa_com.c): a command the device refused for
        # resources (-12, ENOMEM: EFA_ADMIN_RESOURCE_ALLOCATION_FAILURE), or a device that does not answer.
        p(r"efa \S+ \S+: Failed to create qp \[-\d+\]", "ibv_create_qp_failed", E,
          "the EFA device refused to create a queue pair (out of its resources)", "fewer queue pairs per device "
          "(fewer ranks or channels per NIC), or a driver and firmware update", C.IB_RESOURCE_ERROR),
        p(r"efa \S+ \S+: Failed to create cq ?\[-\d+\]", "ibv_create_cq_failed", E,
          "the EFA device refused to create a completion queue (out of its resources)", "fewer queues per device, "
          "or a driver and firmware update", C.IB_RESOURCE_ERROR),
        p(r"efa \S+ \S+: (?:Failed to register mr \[-\d+\]|Failed to process command REG_MR)", "ibv_reg_mr_failed",
          E, "the EFA device refused to register memory (out of its resources)", "register less memory per device "
          "(smaller NCCL buffers, fewer channels), check the locked-memory limit", C.IB_RESOURCE_ERROR),
        p(r"efa \S+(?: \S+)?: (?:The device didn't send any completion for admin cmd|Device isn't ready, abort com "
          r"init)", "nic_fault", E, "the EFA device does not answer its driver: the NIC failed",
          "stop and start the instance (a reboot keeps the same hardware); report it if it returns",
          C.IB_PORT_DOWN_OR_LINK),
        p(r"Unable to start service nvidia-fabricmanager", "fabric_manager", E,
          "the fabric manager did not start: NVSwitch systems cannot use their GPUs without it",
          "`systemctl status nvidia-fabricmanager` and its log; its version must equal the driver's",
          C.CUDA_OR_DRIVER),
        p(r"RTTCC issues: ", "host_setting", W, "RTT congestion control is on on the NICs where the fabric expects it "
          "off", "turn RTTCC off as the cluster's image does (mlxreg PPCC)", C.PERFORMANCE_CONFIG),
        p(r"No InfiniBand devices found!", "no_ib_device", E,
          "the pod sees no InfiniBand device: NCCL will use sockets",
          "request the RDMA device plugin's resource and mount /dev/infiniband in the pod", C.SOCKET_FALLBACK),
        p(r"No EFA egress rule found in security group", "firewall", E,
          "the security group lacks the rule EFA needs: all traffic to and from the group itself",
          "add an inbound and an outbound rule allowing all traffic from the security group to itself",
          C.FIREWALL_OR_PORT_BLOCKED),
        # -- training codebases' launchers and start-up checks ---------------------------------------------------
        # ColossalAI's launcher over fabric/paramiko: "Unable to connect to port 22 on 10.0.0.2".
        p(r"Unable to connect to port \d+ on \S+", "socket_connect_failed", E,
          "the launcher could not reach the host's ssh port", "check `ssh <host> true` from the launching node "
          "(the host is up, port 22 open, the name resolves)", C.FIREWALL_OR_PORT_BLOCKED, "root",
          (C.HOSTNAME_RESOLUTION,)),
        # fairseq distributed/utils.py all_gather_list: its hint names OOM as one way workers fall out of step.
        p(r"Unable to unpickle data from other workers", "collective_mismatch", E,
          "the workers' all_gather went out of step: they did not enter it together",
          "find the rank that skipped or repeated a step (an exception caught on one rank, an uneven batch)",
          C.HANG_COLLECTIVE_MISMATCH, "root", (C.OOM,)),
        # Python's pickler refusing an object a spawned worker needs: multiprocessing's spawn start method (Lightning's
        # ddp_spawn and dp on several GPUs, mp.spawn, notebook launchers) sends the model, optimizer and scheduler to
        # each process by pickle, and a closure or lock cannot be (SKT-AI/KoBART#10: get_cosine_schedule_with_warmup's
        # local lr_lambda; fixed by launching with the ddp strategy, which starts processes instead of pickling).
        # Also a class made at run time (hydra-zen's builds, Lightning-AI/pytorch-lightning#6893's "it's not the same
        # object as __main__...").
        # A lambda prints as "<function <lambda> at 0x...>" (Lightning's FAQ), a bracket inside the brackets.
        p(r"Can't pickle (?:local object|<function <lambda> at 0x[0-9a-f]+>|<[^>\n]+>: (?:attribute lookup|it's not the "
          r"same object))|cannot pickle "
          r"'[\w.]+' object", "framework_usage",
          E, "a process the launcher spawned needs an object Python cannot pickle (a local function, a lambda, a "
          "lock): spawn-based multi-GPU start (ddp_spawn, dp, mp.spawn) sends everything it runs by pickle",
          "launch with a strategy that starts its own processes (Lightning's strategy='ddp', torchrun), or define "
          "the function at module level (no lambda or closure) so it can be pickled", C.APPLICATION_BUG),
        # DeepSpeed's multi-node launcher, bugs its later releases fixed (deepspeedai/DeepSpeed history): a variable
        # exported unquoted into pdsh's command, so the node's shell cannot parse it (SLURM_JOB_CPUS_PER_NODE=64(x2);
        # quoted from 0.15.2, fc22d96 #5878); --venv_script joined to the exports without ';', so `source` takes them
        # as its arguments and nothing is exported (0.17.5, 8e02992 #7469); OpenMPIRunner checking for the variables
        # mpirun sets before running mpirun (0.16.4 - 0.18.3, removed in 4809072 #7751).
        p(r"bash: -c: (?:line|行) \d+: (?:syntax error near unexpected token|未预期的符号)", "framework_release", E,
          "a node's shell could not parse the command the launcher built for it: an exported value with shell "
          "characters (SLURM_JOB_CPUS_PER_NODE=64(x2), a path with parentheses) went in unquoted",
          "quote the value or unset that variable before launching; DeepSpeed's pdsh runner quotes them from 0.15.2",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        p(r"\bpdsh \S.* source [^\s;]+ export \w+=|^\s*self\._setup_mpi_environment\(\)\s*$|MPI environment "
          r"variables are not set\. Ensure you are running the script with an MPI-compatible launcher",
          "framework_release", E,
          "DeepSpeed's multi-node launcher built a command or made a check that its later releases fixed: a venv "
          "script swallowed the exports, or its OpenMPI runner looked for mpirun's variables before starting "
          "mpirun",
          "upgrade DeepSpeed (--venv_script from 0.17.5, the OpenMPI check removed in 0.18.4); until then put the "
          "exports in .deepspeed_env", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # trl's vllm-serve comparing GPU UUIDs (its GRPO trainer's warning of a shared GPU is a choice it allows).
        p(r"Attempting to use the same CUDA device \(UUID", "duplicate_gpu", E,
          "two roles or ranks of one job use the same GPU (training and the inference engine, or two ranks)",
          "give the inference engine its own GPUs (CUDA_VISIBLE_DEVICES per role, fewer training processes)",
          C.APPLICATION_BUG),
        # TGI's warm-up, LMDeploy's cache planner, FastGen's KV cache: the model does not leave room for its cache.
        p(r"\d+ CUDA OOM errors thrown|OOM during optimization, irrecoverable|Insufficient memory to allocate "
          r"KV-caches|Not enough memory to handle \d+ prefill tokens|No enough gpu memory for (?:kv cache|runtime)",
          "oom", E,
          "the GPU ran out of memory (in training, or for a serving engine's KV cache)", "lower the batch size or "
          "sequence length, or shard more (activation checkpointing, FSDP/ZeRO, a higher tensor-parallel size or a "
          "lower memory fraction for serving)", C.OOM),
        # ColossalAI run.py / hostinfo.py (the hostfile), llm.c zero.cuh (-pi/-ps/-pm), torchx's GPU assignment,
        # TF's Slurm cluster resolver, and parallel sizes that do not fit the world (ColossalAI's plugins,
        # nanotron, torchtitan parallel_dims.py, fairseq, composer's launcher and dist.py, tf.distribute, Keras).
        p(r"found duplicate host \S+ in the hostfile|Unable to find the hostfile|Exception: Hostname \S+ is not "
          r"found|Invalid address or address not supported|Invalid NCCL-init method|Cannot auto-set "
          r"`CUDA_VISIBLE_DEVICES`|SLURM_PROCID not found in environment|Requested more GPUs per node than "
          r"available|Requested \d+ tasks but only \d+ were assigned|"
          r"World size \d+ is not divisible by|should be divisible by \w*ep_size|TP\*CP\*DP\*PP=.*!= ?WORLD_SIZE|"
          r"Invalid parallel dims|must divide dp_shard|world size is \d+ but have \d+ available devices|"
          r"In a multi-node environment, master_addr is required|Cannot initialize processes for node with "
          r"base_rank|initialized with a value of \d+ for world size, but environment variable WORLD_SIZE|"
          r"AssertionError: Local rank mismatch|CUDA_DEVICE_MAX_CONNECTIONS should be set to 1|All workers should "
          r"have the same number of GPUs|we expect the following devices to be available|"
          # RL post-training stacks (verl, OpenRLHF, trl, NeMo-RL, prime-rl): GPUs, pools and sizes at start-up.
          r"Total available GPUs [\d.]+ is less than total desired GPUs|Resource pool \S+: .*cannot be satisfied|"
          r"Failed to get register_center_actor|world_size \d+ must be divisible by gpus_per_node|Please don't set "
          r"ROCR_VISIBLE_DEVICES when|actor_num_nodes \* actor_num_gpus_per_node must be equal|num_nodes and "
          r"num_gpus_per_node must be the same when colocate|tensor_parallel_size \(\d+\) must divide world size|"
          r"The requested device for vllm \(cuda:\d+\) is not available|Not enough GPUs available\. Requested \d+|"
          r"ResourceInsufficientError: Maximum number of retries|Timed out waiting for placement groups to be ready|"
          r"No enough GPUs for training|World size must be a multiple of model parallel size|Requested \d+ GPUs via "
          r"deployment settings|Total GPU count \(.*\) exceeds gpus_per_node|NCCL weight broadcast requires at "
          r"least \d+ GPUs|base_url port \(\d+\) does not match|The vLLM server can't be reached at|"
          # serving engines beside vLLM and SGLang (TGI, lorax, LMDeploy, DeepSpeed-MII and FastGen, Xinference).
          r"AssertionError: Each process is one gpu|NotEnoughCUDADevices|Cannot provide a placement group of "
          r"placement_group_specs|Only able to place \d+ replicas|Not sufficient GPUs for \d+ replica|not greater "
          r"than the number of GPUs|number of ranks in each node should be same|dp>1 requires "
          r"distributed_executor_backend|Local rank is greater than TP size|No available slot found for the model|"
          r"Requested GPUs exceed the number of available devices|GPU index \d+ has been occupied with models|"
          # the job layers (Volcano's gang scheduling, Kueue's quota and topology, the MPI Operator's validation):
          # a job that asks for more than the cluster or its queue can ever give, or a name too long for its pods.
          r"tasks in gang unschedulable|insufficient quota for \S+ in flavor|topology \"[^\"]+\" allows to fit only "
          r"\d+ out of \d+ pod|will not able to create pod and service with invalid DNS label",
          "launch_config", E, "the launch does not fit the job: its hosts, addresses, GPU count or parallel sizes "
          "are not what the program checks for", _PARALLEL_FIX, C.APPLICATION_BUG),
        # ColossalAI dp_plugin_base.py, composer dist.py, torchx's LOCAL_RANK warning, TF's collectives and MXNet's
        # NCCL kvstore refusing a use, Keras' multi_gpu_model with one GPU.
        p(r"torch\.distributed is not initialized, please use colossalai\.launch|environment variable "
          r"LOCAL_WORLD_SIZE is not set|distributed package is not available or has not been initialized|the "
          r"`LOCAL_RANK` environment variable is not set|Collective ops must be configured at program startup|"
          r"Collective all-reduce does not support datatype|Group \d+ is not initialized\. Please call group "
          r"initialization op|NCCL kvstore does not support|NCCL KVStore supports only single set of devices|"
          r"nccl kvstore pull doesn't support|call `multi_gpu_model` with `gpus >= 2`|default torch process group "
          r"must be initialized|Weight update group already initialized\. Call close_communicator|GPU id \d+ is not "
          r"valid under CUDA_VISIBLE_DEVICES|requires \"LMDEPLOY_DP_MASTER_ADDR\"|LMDEPLOY_DIST_INIT_ADDR not set",
          "framework_usage", E, "the program uses its framework's distributed API in a way it refuses",
          "follow the message: start through the framework's launcher (torchrun, colossalai run, composer) so "
          "its variables are set, and use the collective as the framework supports it", C.APPLICATION_BUG),
        # llm.c zero.cuh built without USE_MPI; its Makefile's check for NCCL.
        p(r"MPI support is disabled\. Please enable MPI support|NCCL is not found, disabling multi-GPU support",
          "package_build", E, "the program was built without what this run asks for (MPI, NCCL)",
          "rebuild with MPI/NCCL installed (llm.c: `make train_gpt2cu` finds them; NO_MULTI_GPU=1 for one GPU) or "
          "use an init method the build has", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # Also a user's own summary of PyTorch's error ("CUDA Invalid device ordinal in trainer.py:195",
        # ultralytics#2132: torch.cuda.set_device(RANK) with the global rank on the second node).
        p(r"^[\s`]*(?:CUDA:? )?[Ii]nvalid device ordinal(?:\s*$| in \S+:\d+)", "cuda_error", E,
          "CUDA was asked for a GPU index this process does not have",
          "map each rank to one of the node's GPUs (local rank, not global rank)",
          C.APPLICATION_BUG),
        p(r"Failed to receive nccl_id", "socket_closed", E,
          "rank 0 closed its socket before sending the NCCL id: it failed or exited first",
          "read rank 0's own error", C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # nanotron distributed.py.
        p(r"CUDA was not found: torch\.cuda\.is_available\(\): False|are not visible to TensorFlow|Enabled NCCL "
          r"communication but no GPUs detected|Could not get number of GPUs from nvidia-smi", "gpu_missing", E,
          "the program sees no GPU (or fewer than it was told to use)", "check `nvidia-smi` where the program runs "
          "(the container's --gpus, CUDA_VISIBLE_DEVICES, the driver)", C.CUDA_OR_DRIVER, "root",
          (C.APPLICATION_BUG,)),
        # -- builds -------------------------------------------------------------------------------------------
        p(r"CUDA was not found on the system, please set the CUDA_HOME|nvcc not found at|mismatches the version that "
          r"was used to compile ?(?:PyTorch|$)|CUDA_HOME environment variable is not set|CUDA_HOME does not exist, "
          r"unable to compile|Unable to run \S*nvcc, unable to compile|Installed CUDA version [\d.]+ does not match "
          r"the version torch was compiled with(?!.*accepting this combination)|cuda is missing or is incompatible "
          r"with installed torch|Cuda extensions are being compiled with a version of Cuda that does not match|was "
          r"requested, but nvcc was not found|"
          r"FlashAttention is only supported on CUDA|"
          # setup.py scripts' own searches for nvcc (microsoft/Oscar#113: a conda cudatoolkit ships no nvcc;
          # rbgirshick/py-faster-rcnn's locate_cuda; a CUDA_HOME with a stray leading ':', suyukun666/S2CNet#3).
          r"No such file or directory: '[^']*/bin/nvcc'|command '[^']*nvcc' failed: No such file or directory|"
          r"The nvcc binary could not be located", "package_build", E,
          "the build found no CUDA toolkit (nvcc, CUDA_HOME), or one of another version than PyTorch was built with",
          "install the CUDA toolkit of PyTorch's CUDA version (`python -c 'import torch; print(torch.version.cuda)'`) "
          "and point CUDA_HOME at it, or install a prebuilt wheel", C.CUDA_OR_DRIVER, "root", (C.OTHER,)),
        p(r"is greater than the maximum required version by CUDA|Ninja is required to load C\+\+ extensions|ninja "
          r"not being installed|may be ABI-incompatible with PyTorch|Unknown CUDA arch \([\d.]+\) or GPU not "
          r"supported|DeepSpeed ops were compiled and installed with a different version|Linking NCCL statically, "
          r"but linking CUDA runtime library dynamically", "package_build", E,
          "the build's toolchain or its choices do not fit: a compiler CUDA does not support, no ninja, an arch the "
          "toolkit does not know, ops built for another torch, a static NCCL with a dynamic CUDA runtime",
          "follow the message: a supported compiler, `pip install ninja`, TORCH_CUDA_ARCH_LIST the toolkit knows, "
          "reinstall the package against the torch in use", C.OTHER),
        p(r"JIT builder for '\w+' found no CUDA devices", "gpu_missing", E,
          "the build sees no GPU to pick an architecture for", "run it where GPUs are visible, or set "
          "TORCH_CUDA_ARCH_LIST", C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        # nccl-tests alltoall.cu: the NCCL built against is older than the test needs. (Apex setup.py's "UserWarning:
        # Skip `--nccl_allocator` as it requires NCCL 2.19 or later" skips an optional extension: the build goes on.)
        p(r"NCCL [\d.]+ or later is needed for", "nccl_too_old", E,
          "the NCCL the build or test uses is older than the feature needs", "build against a newer NCCL "
          "(NCCL_HOME, the nvidia-nccl wheel)", C.NCCL_VERSION_MISMATCH),
        # CMake's FindPackageHandleStandardArgs for Horovod's FindNCCL.cmake.
        p(r"Could NOT find NCCL \(missing:", "nccl_library_missing", E,
          "the build cannot find NCCL's header or library", "install NCCL's development files (libnccl-dev) or "
          "set NCCL_HOME / HOROVOD_NCCL_HOME to its prefix", C.OTHER),
        # Horovod CMakeLists.txt: HOROVOD_GPU_OPERATIONS mixing NCCL and MPI for GPU.
        p(r"You should not mix NCCL and MPI GPU", "launch_config", E,
          "the build asks for NCCL and MPI for GPU collectives together, which can deadlock",
          "set HOROVOD_GPU_OPERATIONS=NCCL (not HOROVOD_GPU_ALLREDUCE=MPI beside it)", C.APPLICATION_BUG),
        # -- TensorFlow's and MXNet's collectives ---------------------------------------------------------------
        # collective_all_reduce_strategy.py's health check, the collective param resolvers and RMA ("this worker
        # has restarted"), the coordination service's shutdown barrier, the start-up barrier that a worker never
        # joined.
        p(r"seems down, retrying \d+/\d+|Cluster check alive failed, \S+ is down|cluster check alive failed|"
          r"current incarnation doesn't match|This normally means the server has restarted|This usually means "
          r"\S+ has restarted|^(?:INTERNAL: )?Shutdown barrier has failed\.?$|Timeout waiting for the cluster",
          "remote_exited", E, "a TensorFlow worker went down, restarted or never joined: its own log says why",
          "read the first error of the worker named (crash, OOM, preemption); if it was alive, check the network "
          "between the workers (TF_CONFIG addresses, firewall)", C.RANK_CRASHED_ELSEWHERE, "collateral",
          (C.WRONG_INTERFACE, C.FIREWALL_OR_PORT_BLOCKED)),
        p(r"is joining a group with size\s*\d+, but that group has size|is joining a group that is already full",
          "invalid_usage", E, "the workers disagree on the collective group's size: they were started with "
          "different cluster specs", "give every worker the same TF_CONFIG (cluster and task list)",
          C.APPLICATION_BUG),
        # prime-rl utils/nccl.py sets NCCL_P2P_DISABLE and NCCL_SHM_DISABLE itself on hosts without NVLink.
        p(r"No NVLink detected, disabling NCCL P2P and SHM transports", "p2p_disabled", W,
          "the program turned NCCL's P2P and shared-memory transports off (no NVLink seen): GPUs of one node talk "
          "through the network path", "if the GPUs can reach each other over PCIe, set NCCL_P2P_DISABLE=0 and "
          "NCCL_SHM_DISABLE=0 as the message says", C.PERFORMANCE_CONFIG),
        # MXNet comm.h: cudaDeviceCanAccessPeer refused some GPU pairs; gpu_topology.h's tree search.
        p(r"only \d+ out of \d+ GPU pairs are enabled direct access", "p2p_error", W,
          "some GPU pairs cannot reach each other by peer-to-peer (PCIe ACS, IOMMU, or GPUs on different root "
          "complexes)", "check `nvidia-smi topo -p2p r`; disable ACS / set the IOMMU to passthrough where P2P should "
          "work", C.ACS_IOMMU_P2P),
        p(r"No valid binary tree found from root", "topology_error", E,
          "MXNet's kvstore found no tree over the GPUs' links (MXNET_KVSTORE_USETREE=1)", "unset "
          "MXNET_KVSTORE_USETREE or check the GPU links (`nvidia-smi topo -m`)", C.TOPOLOGY_OR_NUMA),
    )
