"""The first rows of the line classifier (patterns.py), read before every family of patterns_table: lines that
look alarming and state no problem (optional plugins NCCL looked for, restated hints, framework warnings healthy
runs print, verbs providers for absent hardware), a network plugin that exists but cannot load, and c10d's name
lookups, whose words the families below share."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

# ProcessGroupNCCL's warning at exit when the program never destroyed its process group (its row below; peer_left.py
# reads which rank printed it)
NOT_DESTROYED = "destroy_process_group() was not called before program exit"

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO


def notice_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # Launchers' start-up notices: torch.distributed.launch's "Setting OMP_NUM_THREADS environment variable for
        # each process to be 1 in default" and its deprecation FutureWarning (facebookresearch/detr#578: the answer
        # was torchrun), torchrun's "NOTE: Redirects are currently not supported in Windows or MacOs"
        # (hiyouga/LlamaFactory#7127); NCCL's IB async event "client reregistration" (IBV_EVENT_CLIENT_REREGISTER:
        # the subnet manager asking ports to register again, which NCCL's net_ib.cc lists among non-fatal events;
        # deepspeedai/DeepSpeedExamples#310, a one-node job that ran on).
        p(r"Setting OMP_NUM_THREADS environment variable for each process to be 1 in default|The module "
          r"torch\.distributed\.launch is deprecated|NOTE: Redirects are currently not supported in Windows or MacOs|"
          r"Got (?:non-fatal )?async event ?: client reregistration|"
          # ssh's local port forward trying the IPv6 loopback first ("bind [::1]:52640: Cannot assign requested
          # address", NeMo RL's debugging guide: expected, it forwards over IPv4).
          r"^bind \[::1\]:\d+: Cannot assign requested address", "noise", I,
          "a launcher's start-up notice, or the subnet manager asking ports to register again: healthy runs print it",
          "nothing to fix", None, "noise"),
        # C and CUDA source users paste with its output (an error-check macro, a printf of an error message): code
        # that would print an error, not one printed (Open MPI users list 2013-03: "cudaError err = call;",
        # 'fprintf(stderr, "Cuda error in file ...")').
        p(r"\bf?printf\s*\(\s*(?:stderr\s*,\s*)?\"|^\s*#\s*define\s+\w|\bcudaError(?:_t)?\s+\w+\s*=\s*\w",
          "noise", I, "source code pasted with the output (a check macro or a print of an error), not an error "
          "printed", "nothing to fix", None, "noise"),
        # UCX's diagnostic that a connection it tried over RDMA CM goes on over TCP ("UCX  DIAG  ep 0x...: client
        # switching from rdmacm to tcp in attempt to connect to the server", wireup_cm.c): the connection is made; what
        # made RDMA CM fail is on the lines around it (NVIDIA/spark-rapids#9386).
        # strace of a local connect (an X11 client probing its display, "/tmp/.X11-unix/X7" or 127.0.0.1 port 6000 + N,
        # D-Bus, nscd): hwloc under
        # mpirun probes X11 when DISPLAY is set (open-mpi/ompi#11783, #13838); no peer of the job refused anything.
        p(r"^(?:\[pid +\d+\] )?connect\(\d+, \{sa_family=AF_(?:UNIX|LOCAL)\b|^(?:\[pid +\d+\] )?connect\(\d+, "
          r"\{sa_family=AF_INET, sin_port=htons\(60[0-6]\d\), sin_addr=inet_addr\(\"127\.0\.0\.1\"\)", "noise", I,
          "an strace line of a connect to a local socket (an X11 display, D-Bus, nscd): no peer of the job",
          "nothing to fix on this line (unset DISPLAY if a launcher's probe of X11 stalls)", None, "noise"),
        # Python's faulthandler announcing the stacks it dumps once the time it was given has passed
        # (faulthandler.dump_traceback_later, pytest-timeout's thread method): "Timeout (0:00:08)!", then "Thread 0x..
        # (most recent call first):". The stacks say where the process waited; no operation of the job timed out.
        p(r"^Timeout \(\d+:\d{2}:\d{2}(?:\.\d+)?\)!\s*$", "noise", I,
          "Python's faulthandler dumping the stacks after the time it was set to wait (dump_traceback_later, "
          "pytest-timeout): the stacks after it show where each thread waits", "read the stacks that follow it", None,
          "noise"),
        p(r"UCX\s+DIAG\s.*client switching from rdmacm to tcp", "noise", I, "UCX goes on over TCP for a connection "
          "RDMA CM did not make: a notice, not the failure", "read the RDMA CM error printed before it", None,
          "noise"),
        # ProcessGroupNCCL listing its settings ("ProcessGroupNCCL environments: NCCL version: 2.21.5,
        # TORCH_NCCL_ASYNC_ERROR_HANDLING: 1, ..."; older releases one per line, "NCCL_ASYNC_ERROR_HANDLING: 1"): the
        # word ERROR in a variable's name is no error (NVIDIA/nccl#1657, #1241). Its heartbeat monitor and watchdog list
        # theirs too ("HeartbeatMonitor environments: TORCH_NCCL_ENABLE_MONITORING (Whether to kill program when no
        # watchdog heartbeat detected): 1", "PGNCCL Watchdog environments: TORCH_NCCL_RETHROW_CUDA_ERRORS: 1",
        # meta-pytorch/torchforge#55).
        p(r"(?:ProcessGroupNCCL|HeartbeatMonitor|PGNCCL Watchdog) (?:environments|initialization options): |"
          r"^\s*(?:TORCH_)?NCCL_[A-Z_]+: \S+\s*$", "noise",
          I, "PyTorch's process group listing its settings", "nothing to fix", None, "noise"),
        # ibdev2netdev's "(Down)" for an IPoIB netdev (ib*) is the IP interface's operstate: on an InfiniBand fabric
        # without IPoIB addresses every one reads Down while the RDMA ports are ACTIVE (imbue-ai/cluster-health#4).
        # Its -v form puts the port's own state first: "port 1 (ACTIVE) ==> ib0 (Down)" (NVIDIA/nccl-tests#36).
        p(r"\bport\s+\d+\s+(?:\(ACTIVE\)\s+)?==>\s+ib\S*\s+\(Down\)", "noise", I, "ibdev2netdev shows an IPoIB interface down: the IP "
          "side's state, not the RDMA port's", "nothing to fix for NCCL over InfiniBand; `ibstat` shows the port's "
          "state", None, "noise"),
        # PyTorch's help line under a CUDA error ("Search for `cudaErrorAssert' in https://docs.nvidia.com/cuda/...
        # for more information."): it names the error the line before states.
        p(r"^\s*Search for `(?:cuda|hip)\w+' in https://docs\.nvidia\.com/", "noise", I,
          "PyTorch's pointer to the CUDA documentation of the error above", "nothing to fix", None, "noise"),
        # A serving engine's HTTP access log ('33.184.121.56:52462 - "POST /abort_request HTTP/1.1" 200 OK', SGLang
        # and vLLM under uvicorn): a request and its status, whatever its path says ("abort", "timeout").
        p(r"\d+\.\d+\.\d+\.\d+:\d+ - \"(?:GET|POST|PUT|DELETE|PATCH) /\S* HTTP/[\d.]+\" \d{3}\b", "noise", I,
          "a line of the server's HTTP access log: a request and its status", "nothing to fix", None, "noise"),
        # cuda-gdb's "Cuda API error detected: cudaDeviceEnablePeerAccess returned (0x2c0)": 0x2c0 is 704,
        # cudaErrorPeerAccessAlreadyEnabled, a return the debugger reports whether or not the program handles it
        # (NCCL checks for it; NVIDIA/nccl threads call the warning harmless), not a refused peer access. The
        # error raised as such stays the CUDA decoder's (the program enabling twice).
        p(r"Cuda API error detected: cudaDeviceEnablePeerAccess returned \(0x2c0\)", "noise", I,
          "peer access between the two GPUs was already enabled: a repeated enable, harmless", "nothing to fix",
          None, "noise"),
        # `lsmod` rows ("nvidia_peermem 16384 0": name, size, users): the module is loaded, whatever its users count
        # (NVIDIA/nccl#1737 pasted it to show peer memory was in place).
        p(r"^\s*(?:nvidia_peermem|nv_peer_mem|gdrdrv|ib_core|mlx5_ib|nvidia_uvm)\s+\d+\s+\d+\b", "noise", I,
          "a row of `lsmod`: the module is loaded", "nothing to fix", None, "noise"),
        # libfabric's hmem_cuda.c (af8ddbe) tries gdrcopy only as an option: without libgdrapi the dlopen fails
        # ("gdrcopy_dl_hmem_init failed!", -FI_ENOSYS, no further warning) and it copies without it; healthy EFA
        # runs print it (aws/aws-k8s-tester#464).
        p(r"gdrcopy_dl_hmem_init failed", "noise", I, "libfabric did not find the optional gdrcopy library and "
          "copies small host-GPU messages without it", "nothing to fix (install gdrcopy for lower small-message "
          "latency)", None, "noise"),
        # libfabric's EFA provider tearing down its shared-memory resources when the caller turns them off
        # (efa_rdm_ep_set_shared_memory_permitted, ofiwg/libfabric#9750: "<warn> FI_OPT_SHARED_MEMORY_PERMITTED set to
        # false"): aws-ofi-nccl does so on purpose, NCCL moving the node's own traffic (aws/aws-ofi-nccl#715, which
        # goes on with "Using network AWS Libfabric"). Its failure is "NET/OFI Disabling shared memory failed".
        p(r"FI_OPT_SHARED_MEMORY_PERMITTED set to false", "noise", I, "libfabric's EFA provider turning off its "
          "shared-memory transport because the net plugin asked it to (NCCL moves the node's own traffic)",
          "nothing to fix", None, "noise"),
        # Paddle's launcher echoing its arguments at start ("LAUNCH INFO 2023-04-06 22:26:19,689 elastic_timeout:
        # 30", PaddlePaddle/PaddleYOLO#121): settings, not a timeout that happened.
        p(r"LAUNCH INFO [\d-]+ [\d:,]+ \w+: \S*\s*$", "noise", I, "Paddle's launcher echoing one of its settings",
          "nothing to fix", None, "noise"),
        # Transformer Engine's progress prints while it sets up its userbuffers ("!!! [NVTE] Bootstrapping Userbuffers
        # with backend=\"nccl\"", pytorch/module/base.py at fa4b866^; "!!! [UB] Create Userbuffers Communicator").
        p(r"^\s*!!! \[(?:NVTE|UB|UBP2P)\] ", "noise", I, "Transformer Engine reporting a step of its userbuffers "
          "set-up", "nothing to fix", None, "noise"),
        # vLLM's model_runner advice printed before capturing CUDA graphs ("CUDA graphs can take additional 1~3 GiB
        # memory per GPU. If you are running out of memory, consider decreasing `gpu_memory_utilization` ..."): a
        # tip, not memory that ran out (vllm-project/vllm#6201).
        p(r"If you are running out of memory, consider decreasing", "noise", I, "vLLM's advice printed before it "
          "captures CUDA graphs, not memory that ran out", "nothing to fix", None, "noise"),
        # torchrun's start-up banner of its settings ("  rdzv_configs     : {'timeout': 900}", elastic/agent/server/
        # api.py): the rendezvous' settings, not a timeout that happened (kubeflow/trainer#1504).
        p(r"^\s*rdzv_configs\s*: \{", "noise", I, "torchrun's start-up banner: the rendezvous' settings",
          "nothing to fix", None, "noise"),
        # mlx5_core's port state changes while a port comes up ("Port: 1 Link INIT", then ARMED and ACTIVE at
        # boot or after a cable is plugged): not a port going down (Link DOWN stays the port rows').
        p(r"mlx5_\d+: Port: \d+ Link (?:INIT|ARMED|ACTIVE)\b", "noise", I,
          "an RDMA port coming up (INIT, ARMED, ACTIVE): the normal bring-up", "nothing to fix", None, "noise"),
        # transport/net_ib.cc ncclIbAsyncThreadMain (2.19 - 2.28) "NET/IB : %s:%d async fatal event on QP (%p):
        # %s" for IBV_EVENT_QP_FATAL / QP_REQ_ERR / QP_ACCESS_ERR: one queue pair broke (a malformed work request,
        # an access outside a registered region), not the port, whose events print without "on QP"
        # (NVIDIA/nccl#1919: "invalid request local work queue error" and "local access violation"). Before 2.19,
        # net_ib.cc printed every event as "Got async event : %s" (ibv_event_type_str): the three QP events' texts
        # are the same breakage (NVIDIA/nccl#1710: only with the internal IB plugin), "port error" the port's.
        # Other RDMA engines print the same event texts (Mooncake's "Received context async event local work queue
        # catastrophic error for context erdma_0", kvcache-ai/Mooncake#117).
        p(r"async fatal event on (?:QP|SRQ)\b|(?:Got async (?:error )?event ?:|async event) (?:local access violation "
          r"work queue error|invalid request local work queue error|local work queue catastrophic error)",
          "ibv_call_failed", E, "an RDMA queue pair broke (an invalid work request, or an access outside registered memory): "
          "the registration or the data path, not the link",
          "check how GPU memory reaches the NIC (nvidia-peermem or DMA-BUF loaded and matching the driver, ACS and "
          "IOMMU off on the PCIe path), try another NCCL or net-plugin release, and read `dmesg` for mlx5 errors",
          C.IB_RESOURCE_ERROR, "root", (C.ACS_IOMMU_P2P, C.GDR_UNAVAILABLE)),
        # A pod spec pasted with the log: a volume's name, mount path or medium is configuration, not a failure
        # (NVIDIA/nvidia-container-toolkit#1877's "- name: shm" / "mountPath: /dev/shm" mount the shared memory).
        p(r"^\s*(?:-\s+)?(?:name|mountPath|medium|sizeLimit|path|emptyDir|hostPath):\s*[\w./{}\"'-]*\s*$", "noise", I,
          "a line of a pasted pod spec or compose file (a volume, a mount): configuration, not an error",
          "nothing to fix", None, "noise"),
        # init.cc / net.cc: "NET/Plugin : No plugin found (libnccl-net.so), using internal
        # implementation", 2.19+: "NET/Plugin: Could not find: libnccl-net.so"; optional plugins.
        # A plugin that exists but cannot load (dlerror other than "No such file"): a real failure.
        # The loader's own words may come first when the paste joins NCCL's line to dlerror's ("version `EFA_1.2'
        # not found (required by /opt/amazon/efa/lib/libfabric.so.1) No plugin found (libnccl-net.so)":
        # awsome-distributed-training#284): libfabric built against a newer libefa than the node has.
        # A plugin built on a newer OS than the container: GCP's gIB / TCPXO installers mount their libnccl-net.so
        # from the host into every container (AI-Hypercomputer/gpu-recipes#5: GLIBC_2.32 in an older image).
        p(r"version `GLIBC_[\d.]+' not found \(required by [^)]*libnccl-net", "net_plugin_error", E,
          "the network plugin was built against a newer glibc than this container has (a plugin mounted from the "
          "host or a cloud's installer into an image of an older OS): NCCL cannot load it",
          "run the job in an image whose glibc is at least the version named (`ldd --version`; Ubuntu 22.04 has "
          "2.35), or use the image the plugin's vendor names", C.NET_PLUGIN_ERROR, "root", (C.OTHER,)),
        p(r"(?:NET/Plugin|libnccl-net).*(?:undefined symbol|version `[^']+' not found|required by|wrong ELF|"
          r"incompatible)|version `[^']+' not found \(required by \S*lib(?:fabric|nccl-net)", "net_plugin_error", E,
          "the network plugin is installed but cannot load: it was built against another libfabric/NCCL",
          "install the plugin build that matches this NCCL and libfabric (aws-ofi-nccl release notes), or "
          "point LD_LIBRARY_PATH at the libfabric it was built with", C.NET_PLUGIN_ERROR, "root",
          (C.NCCL_VERSION_MISMATCH,)),
        # A plugin the job named (NCCL_NET_PLUGIN, NCCL_TUNER_PLUGIN, NCCL_PROFILER_PLUGIN) that NCCL did not find
        # (plugin/plugin_open.cc lists the default "libnccl-<type>.so" only when none was set, and otherwise the
        # name given and, for a short name, "libnccl-<type>-<name>.so"; NVIDIA/nccl#1732's
        # "libnccl_example_profiler_plugin.so"): the job ran without it. 2.27.3 alone wrapped every value that is not "lib*.so", paths included, into that form
        # (KNOWN_BUGS names it when the version shows).
        p(r"Plugin: Could not find: *(?:\S+ )*(?!lib[nr]ccl-(?:net|tuner|profiler|env|gin)\.so\b)\S+\.so\b",
          "plugin_not_found", E,
          "NCCL did not find the plugin the job names in NCCL_NET_PLUGIN / NCCL_TUNER_PLUGIN / NCCL_PROFILER_PLUGIN "
          "and runs without it", "install the plugin where the loader finds it (LD_LIBRARY_PATH), and give the "
          "variable its short name (`ofi` for libnccl-net-ofi.so) or the library's file name", C.NET_PLUGIN_ERROR,
          "root", (C.OTHER,)),
        # aws-ofi-nccl's tuner (nccl_ofi_tuner_init_v1, 1.16): "The tuner plugin can not be loaded when explicitly
        # choosing an algorithm or protocol with NCCL_ALGO/NCCL_PROTO", then NCCL's init fails with "invalid
        # argument"; the plugin itself had added NCCL_PROTO=simple (aws-ofi-nccl#982, fixed by #986: fall back to
        # NCCL's internal tuner).
        p(r"tuner plugin can ?not be loaded when explicitly choosing", "net_plugin_error", E,
          "the network plugin's tuner refuses to load because NCCL_ALGO or NCCL_PROTO is set (by the job, or by the "
          "plugin itself), and NCCL's init fails with it", "unset NCCL_ALGO / NCCL_PROTO, or upgrade aws-ofi-nccl to "
          "a release whose tuner falls back to NCCL's internal one (aws-ofi-nccl#986)", C.NET_PLUGIN_ERROR, "root",
          (C.PERFORMANCE_CONFIG,)),
        # enqueue.cc / group.cc 2.13 - 2.16 hand a plan's network work to the proxy thread only after
        # ncclLaunchKernel returns (ncclLaunchKernelAfter_NoCuda); CUDA_LAUNCH_BLOCKING=1 makes that launch return
        # only when the kernel ends, and the kernel waits for the proxy: every rank spins in its kernel. 2.17.1
        # reads the variable (misc/cudawrap.cc ncclCudaLaunchBlocking) and posts the work first from a host
        # callback (NVIDIA/nccl#750). A line that sets it, or prose tying it to a hang; PyTorch's own advice
        # ("consider passing CUDA_LAUNCH_BLOCKING=1") sets nothing.
        p(r"^(?!.*(?:[Ff]or debugging|[Cc]onsider (?:passing|setting)|[Tt]o debug|[Dd]ebugging tip))(?:"
          r".*?(?:^|[\s;'\"(\[])(?:export\s+|env\s+|os\.environ\[)?['\"]?CUDA_LAUNCH_BLOCKING['\"]?\]?\s*[=:]\s*"
          r"['\"]?1\b|.*\b(?:hang|hangs|hung|stuck|freez\w*|deadlock\w*)\b[^.]{0,60}\bCUDA_LAUNCH_BLOCKING\b|"
          r".*\bCUDA_LAUNCH_BLOCKING\b[^.]{0,40}\b(?:hang|hangs|hung|stuck|freez\w*|deadlock\w*)\b)",
          "cuda_launch_blocking", W,
          "CUDA_LAUNCH_BLOCKING=1 is set: each kernel launch returns only when the kernel ends. NCCL 2.13 - 2.16 "
          "hand a collective's network work to their proxy thread after the launch returns, so a kernel that "
          "waits for it never ends: every rank hangs in NCCL (2.17.1 posts the work first)",
          "unset CUDA_LAUNCH_BLOCKING (it is a debugging aid that also serialises every kernel), or upgrade NCCL "
          "to 2.17.1+ (`pip install -U nvidia-nccl-cu12`)", C.OTHER, "likely", (C.PERFORMANCE_CONFIG,)),
        p(r"No plugin found|Could not find: *libnccl-(?:net|tuner|profiler)|"
          r"Failed to open libnccl-(?:tuner|profiler)|using internal implementation|"
          r"NCCL_TUNER_PLUGIN|tuner plugin|profiler plugin",
          "noise", I, "NCCL looked for an optional plugin that is not installed and used its built-in one",
          "nothing to fix: this line is normal", None, "noise"),
        # net_ib/common.h printIbWcStatusHint, ibvwrap.cc: "HINT: ..." INFO lines restate the decoded
        # status of the completion error or ibv_modify_qp failure printed just before them.
        # HPC-X's SHARP plugin announcing where it loaded from ("Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/
        # lib/libnccl-net.so", "Loaded coll plugin SHARP (v5)"): a plugin that works, not a CollNet failure.
        # NCCL's own openings only ("HINT: In many cases this error ...", "To confirm, ...", "See https://...",
        # "Default value is 20", net_ib and graph/topo.cc): other programs close their own error with a HINT
        # (Lightning's "HINT: Set `devices=4`", "HINT: Try running `pip install mpi4py`"), which is that error's line.
        p(r"(?-i:\bHINT: (?:In many cases|To confirm|See https?://|Default value is))|"
          r"Failed to find nccl(?!NetPlugin symbol \(|NetPlugin_v[234] symbol\b)\w*Plugin\w*|"
          r"using internal (?:tuner|implementation|network plugin)|"
          r"Plugin Path\s*:|Loaded (?:coll|net) plugin|"
          r"Failed to find nccl(?!NetPlugin_v[234] symbol\b)\w+_v\d+ symbol", "noise", I,
          "NCCL restating the error before it, probing an older plugin interface version, or naming a plugin it "
          "loaded", "nothing to fix",
          None, "noise"),
        # c10d socket.cpp: "The hostname of the client socket cannot be retrieved. err=-3": getnameinfo()
        # without NI_NAMEREQD only fails when the resolver itself fails; EAI_AGAIN (-3) and EAI_FAIL (-4)
        # are DNS servers timing out or failing, and every accepted connection waits for that timeout.
        p(r"hostname of the client socket cannot be retrieved\. err=-[34]\b", "name_lookup_slow", W,
          "the rendezvous server's reverse DNS lookups fail (EAI_AGAIN/EAI_FAIL): the DNS servers time out, "
          "and each connection to the store waits for the resolver's timeout",
          "fix name resolution on the master node (/etc/resolv.conf reachable servers, or /etc/hosts entries "
          "for every node's address); `getent hosts <peer ip>` must answer at once", C.HOSTNAME_RESOLUTION),
        # c10d socket.cpp: "The IPv4 network addresses of (%s, %d) cannot be retrieved (gai error: %d - %s)":
        # the name has no IPv4 address at all (EAI_NONAME -2, EAI_AGAIN -3, EAI_NODATA -5). The IPv6 form with
        # "Name or service not known" / "Temporary failure" (macOS 8, Windows 11001) came, in the public reports
        # that tell their cause (skypilot-org/skypilot#3788 and others), from a name that did not resolve at all:
        # a pod's or a container's own hostname missing from DNS and /etc/hosts. A warning: the IPv4 lookup
        # may still have worked.
        p(r"IPv4 network addresses of .* cannot be retrieved \(gai error: -[235]\b", "name_resolution", E,
          "a host name (MASTER_ADDR or a peer's name) has no IPv4 address here: it does not resolve",
          "make every node resolve every other node's hostname (/etc/hosts, DNS) or use IP addresses for "
          "MASTER_ADDR", C.HOSTNAME_RESOLUTION),
        # ... but the IPv6 half of the lookup of an IPv4 address (or localhost) fails on every host without an AAAA
        # record, healthy runs included (OFA-Sys/Chinese-CLIP#169: the cause was elsewhere). Not "( 10.0.5.4, ...)"
        # with a space, which no resolver takes for an address.
        p(r"IPv6 network addresses of \((?:(?:\d{1,3}|X{1,3})(?:\.(?:\d{1,3}|X{1,3})){3}|localhost), \d+\) cannot be "
          r"retrieved", "noise", I, "c10d found no IPv6 address for an IPv4 address and goes on over IPv4",
          "nothing to fix", None, "noise"),
        p(r"IPv6 network addresses of .* cannot be retrieved \(gai error: (?:-[23]|8|11001)\b", "name_resolution", W,
          "a host name of the rendezvous (MASTER_ADDR, the rdzv endpoint, a node's own hostname) did not resolve "
          "for IPv6; when the rendezvous then hangs or times out, the name does not resolve at all",
          "make every node resolve every node's hostname (`getent hosts <name>`; /etc/hosts, the cluster DNS, a "
          "headless Service for pods, docker --add-host), or pass IP addresses (--master_addr, --rdzv_endpoint, "
          "--local-addr)", C.HOSTNAME_RESOLUTION),
        # PyTorch's warnings about the program's own use of it, printed by jobs that ran to the end: a process group
        # never destroyed ("destroy_process_group() was not called before program exit, which can leak resources",
        # ProcessGroupNCCL's destructor, 2.4+; deepmd-kit#4622) and a variable under its pre-2.2 name ("Environment
        # variable NCCL_ASYNC_ERROR_HANDLING is deprecated; use TORCH_NCCL_ASYNC_ERROR_HANDLING instead",
        # physicsnemo#568). Neither fails a job, and crashed ranks print the first at exit too: collateral, leading
        # only a paste that shows nothing else.
        # Its older wording (torch 2.2 - 2.3): "process group has NOT been destroyed before we destruct
        # ProcessGroupNCCL".
        p(re.escape(NOT_DESTROYED) + r"|Environment variable \w+ is deprecated; use TORCH_\w+ instead|process group has "
          r"NOT been destroyed before we destruct ProcessGroupNCCL",
          "framework_usage", W,
          "a warning about the program's own use of torch.distributed (a process group not destroyed at exit, a "
          "variable under its old name): it fails nothing by itself",
          "call dist.destroy_process_group() at the end of the program; set the TORCH_NCCL_ name of the variable "
          "(torch 2.2+) instead of the old one", C.APPLICATION_BUG, "collateral"),
        # c10d's socket.cpp tries IPv6 first ("[::]:29500", "[::ffff:10.0.0.1]") and warns "(errno: 97 - Address
        # family not supported by protocol)" where IPv6 is off, then goes on over IPv4 (discuss.pytorch.org 187589).
        # The host's IPv6 setting is all these lines show: it leads only a paste with nothing else (anhvth/opensloth#14
        # blamed the switched-off IPv6, and its fix forced IPv4).
        # socket() itself refused ("The client socket cannot be initialized to connect to [host]:port", its errno
        # often wrapped onto the next line: OLCF's Frontier PyTorch guide calls it harmless) is the same try.
        p(r"\[W[^\]]*socket[^\]]*\].*(?:errno: 97\b|The client socket cannot be initialized to connect to)|"
          r"^\s*\(errno: 97 - Address family not supported by protocol\)\.?\s*$", "ipv6_off", I,
          "c10d tried an IPv6 socket on a host with IPv6 switched off (errno 97) and went on over IPv4: harmless by "
          "itself; a failure after it has its own line",
          "nothing to fix if the job runs; to silence it, enable IPv6 on the host (net.ipv6.conf.all.disable_ipv6=0) "
          "or give MASTER_ADDR as an IPv4 address rather than a name", C.OTHER, "collateral"),
        # ProcessGroupNCCL (2.6+) prints "Stack trace of the failed collective:", the heading of the Python frames
        # that issued it, only after that collective failed or timed out; where the timeout line is not in the paste
        # (vllm-project/vllm#41160: a pipeline-parallel broadcast that hung) the heading stands for it.
        p(r"Stack trace of the failed collective:\s*$", "timeout", W,
          "PyTorch printed the stack of a collective that failed or timed out (the frames after this heading say "
          "which call issued it): a rank hung or diverged before it, or a peer's error stopped it",
          "read the watchdog's timeout or error line before this heading and the frames after it; find what the "
          "other ranks were doing at that collective (their own errors, py-spy)", C.HANG_COLLECTIVE_MISMATCH,
          "collateral", (C.RANK_CRASHED_ELSEWHERE,)),
        # libibverbs: "couldn't load driver 'libXXX-rdmav34.so'" for every provider it does not have.
        p(r"libibverbs: Warning: couldn't load driver", "noise", I,
          "libibverbs tried a provider library for hardware this node does not have", "nothing to fix", None,
          "noise"),
    )


def warning_noise_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    """Framework warnings that healthy runs print, read after the program families and before the general rows."""
    return (
        # PyTorch c10d warnings printed by healthy runs: the client hostname lookup answered by a working resolver,
        # deprecated APIs (a variable under its old name is notice_rows'). Read after the program families (patterns_
        # table.rows), so that their own warnings (Megatron's and Transformer Engine's settings for speed, DDP's and
        # FSDP's, DeepSpeed's and accelerate's, vLLM's address fallback) are theirs; the warnings only the later
        # general rows read are kept out here: torch.cuda's "UserWarning: CUDA initialization: Unexpected error from
        # cudaGetDeviceCount() ... Error 802", an interface name that is not one, a rank outside its group, a
        # build without NCCL. A warning that reports the GPU out of memory is not noise (FSDP's "UserWarning: Failed
        # to clone() tensor ... Error: CUDA out of memory", tatsu-lab/stanford_alpaca#65: saving the state dict
        # failed for memory).
        # Not a watchdog's timeout line another process's warning was printed into the middle of (pytorch/pytorch
        # #143536: "Watchdog caught collective operatMERS_CACHE` is deprecated ... ion timeout: WorkNCCL(...").
        p(r"^(?!.*(?:WorkNCCL\(|milliseconds before timing out|timed out in blocking wait)).*?(?:"
          r"\[W[^\]]*(?:socket|Utils|ProcessGroupNCCL)[^\]]*\].*(?:cannot be retrieved|deprecated|"
          r"has no effect|AVOID_RECORD_STREAMS)|UserWarning(?![^\n]*(?:CUDA initialization|is not a valid network "
          r"interface|does not belong to the given group|NCCL support is not compiled|CUDA out of memory\. Tried|"
          r"with CUDA capability sm_))|FutureWarning|DeprecationWarning|"
          # runpy's warning under `python -m torch.utils.collect_env` (an issue template's report) on newer Pythons
          r"RuntimeWarning: '[\w.]+' found in sys\.modules after import of package|"
          r"is deprecated)",
          "noise", I, "a framework warning that healthy runs print too", "nothing to fix", None, "noise"),
    )
