"""The rules diagnose.py applies, as data: a variable set by the environment plus the error it explains
(CONTEXT_RULES), a line elsewhere in the paste that recasts an error (FACT_RULES), variables worth naming on their
own (ENV_RULES), what an NCCL version range means for a GDR reason (VERSION_RULES), and NCCL bugs of known releases
(KNOWN_BUGS). Each cites the source it comes from."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ncclkit.causes import Cause
from ncclkit.findings import Severity
from ncclkit.nccl.versions import PEERMEM_MODULE

__all__ = ["CONTEXT_RULES", "ENV_RULES", "FACT_RULES", "KNOWN_BUGS", "VERSION_RULES", "ContextRule", "EnvRule",
           "FactRule", "KnownBug", "VersionRule"]

W, I = Severity.WARNING, Severity.INFO

@dataclass(frozen=True, slots=True)
class ContextRule:
    """A variable set by the environment (`env`, optionally only `values`) that explains the errors of
    `categories`: those findings get `cause` and name the variable as evidence."""

    env: str
    categories: frozenset[str]
    cause: Cause
    why: str
    values: frozenset[str] = frozenset()
    since: tuple[int, int, int] | None = None  # NCCL version from which the error means this (unknown: applies)


CONTEXT_RULES: tuple[ContextRule, ...] = (
    # An interface list that matches nothing on a node: NCCL's socket transport warns "NET/Socket : no
    # interface found" and returns ncclInternalError (transport/net_socket.cc, 2.4 - 2.30; bootstrap.cc's
    # "no socket interface found" too before 2.24), so a bare "internal error" under a forced
    # NCCL_SOCKET_IFNAME is that node's interface.
    ContextRule("NCCL_SOCKET_IFNAME", frozenset({"no_interface", "socket_connect_failed", "bootstrap_error",
                                                 "internal_error"}),
                Cause.WRONG_INTERFACE, "NCCL_SOCKET_IFNAME={v} is set: it must name an interface that has "
                "an address and reaches the other nodes, on every node"),
    # From 2.24 bootstrap.cc returns ncclInvalidUsage for "no socket interface found" (2.18 - 2.23:
    # ncclInternalError); without NCCL_DEBUG the user sees only "invalid usage" (nccl-tests' "Test NCCL
    # failure ... 'invalid usage'", benchmarks/results/faults-1xH200-2026-12-02, tests-bad-ifname).
    ContextRule("NCCL_SOCKET_IFNAME", frozenset({"invalid_usage"}), Cause.WRONG_INTERFACE,
                "NCCL_SOCKET_IFNAME={v} is set, and NCCL 2.24+ answers an interface list that matches nothing on the "
                "node with 'invalid usage' (bootstrap.cc): it must name an interface that exists on every node",
                since=(2, 24, 0)),
    ContextRule("NCCL_IB_GID_INDEX", frozenset({"ibv_modify_qp_failed", "gid_error"}),
                Cause.GID_INDEX_OR_ROCE_CONFIG, "NCCL_IB_GID_INDEX={v} is forced: it must be the RoCE v2 "
                "IPv4 GID of every port (`show_gids`); NCCL >= 2.21 picks it itself when unset"),
    ContextRule("NCCL_IB_HCA", frozenset({"no_ib_device"}), Cause.TOPOLOGY_OR_NUMA,
                "NCCL_IB_HCA={v} selects the devices: it must name ACTIVE ports that exist on the node"),
    ContextRule("NCCL_TOPO_FILE", frozenset({"other", "nccl_error", "internal_error"}), Cause.TOPOLOGY_OR_NUMA,
                "NCCL_TOPO_FILE={v} is loaded: a topology file that does not match the node breaks the search"),
    # PyTorch's NaN check (TORCH_NCCL_NAN_CHECK, c10d/NanCheck.cu, 2.5+) ends its kernel with __trap() when a
    # tensor given to a collective holds NaN: CUDA reports "unspecified launch failure" and nothing names NaN
    # (benchmarks/results/faults-1xH200-2026-12-02, nan-check).
    ContextRule("TORCH_NCCL_NAN_CHECK", frozenset({"cuda_error"}), Cause.APPLICATION_BUG,
                "TORCH_NCCL_NAN_CHECK={v} is set: PyTorch's NaN check stops its kernel with a trap when a tensor "
                "passed to a collective holds NaN, which CUDA reports as a launch failure", frozenset({"1", "true"})),
    ContextRule("NCCL_NET", frozenset({"net_plugin_error", "no_ib_device", "ofi_error"}), Cause.NET_PLUGIN_ERROR,
                "NCCL_NET={v} forces a network that did not initialise"),
    # graph/search.cc searches only the links P2P_LEVEL and P2P_DISABLE leave it (paths.cc marks the others
    # unusable): with P2P limited to one PCIe switch or off, a pattern over the node's GPUs has no path and the
    # search falls back (open-mmlab/mmdetection#8353: NCCL_P2P_LEVEL=LOC, then "pattern 4" and "pattern 3").
    ContextRule("NCCL_P2P_LEVEL", frozenset({"graph_fallback"}), Cause.PERFORMANCE_CONFIG,
                "NCCL_P2P_LEVEL={v} is set: it leaves the topology search no P2P path between the GPUs, so it "
                "falls back to a simpler order", frozenset({"LOC", "0", "NVL", "1"})),
    ContextRule("NCCL_P2P_DISABLE", frozenset({"graph_fallback"}), Cause.PERFORMANCE_CONFIG,
                "NCCL_P2P_DISABLE={v} is set: the topology search may use no P2P path between the GPUs, so it "
                "falls back to a simpler order", frozenset({"1"})),
)


@dataclass(frozen=True, slots=True)
class FactRule:
    """A line the paste shows elsewhere (the fact nccl_log_state noted at it) that makes the errors of `categories`
    mean `cause`: only errors read as `from_cause` when given, only a group with a line matching `text` when given.
    `why` ({line}: the fact's line) is added to the message; `fix` replaces the fix."""

    fact: str
    categories: frozenset[str]
    cause: Cause
    why: str
    fix: str
    from_cause: Cause | None = None
    text: re.Pattern[str] | None = None


FACT_RULES: tuple[FactRule, ...] = (
    # A buffer registration refused beside perftest's GPU test buffer is GPUDirect RDMA's, not the locked-memory
    # limit's (linux-rdma/perftest#126: "sudo modprobe nvidia-peermem"; a host buffer refused with the same words,
    # raids-lab/crater#339, was the 64 KB memlock limit). perftest's README (Known Issues) adds
    # MLX5_SCATTER_TO_CQE=0 where GPUDirect still fails with the module loaded.
    FactRule("gpu_test_buffer", frozenset({"ibv_reg_mr_failed"}), Cause.GDR_UNAVAILABLE,
             "the test's buffer is GPU memory (perftest --use_cuda): the NIC registers it only through GDR",
             "`modprobe nvidia_peermem` (or perftest's --use_cuda_dmabuf with a driver and kernel with DMA-BUF); with "
             "the module loaded, rerun with MLX5_SCATTER_TO_CQE=0"),
    # ENOMEM from a verbs call where the paste shows the locked-memory limit unlimited (a command that set it and went
    # on, `ulimit -a`): the device's own resources ran out (NVIDIA/nccl#1191: alltoall on 700 nodes, one queue pair
    # per peer, under `ulimit -l unlimited && ./alltoall_perf`; allreduce ran).
    FactRule("memlock_unlimited", frozenset({"ibv_reg_mr_failed", "ibv_create_qp_failed", "ibv_create_cq_failed"}),
             Cause.IB_RESOURCE_ERROR, "the locked-memory limit is unlimited there (line {line}), so the RDMA device's "
             "own resources (queue pairs, completion queues, registrations) ran out",
             "use fewer connections per NIC: fewer channels (NCCL_MAX_NCHANNELS), NCCL_IB_QPS_PER_CONNECTION=1, and "
             "for alltoall at scale keep PXN on; compare with the device's limits (`ibv_devinfo -v`: max_qp, max_cq, "
             "max_mr)", from_cause=Cause.MEMLOCK_OR_ULIMIT),
    # cudaErrorInitializationError (3) in a DataLoader worker: Linux forks the workers, and a child forked from a
    # process that had initialised CUDA cannot use it (pytorch/pytorch#2517; a collate_fn building CUDA tensors,
    # feiyunzhang/i3d-non-local-pytorch#7). Outside a worker the same error is the driver's.
    FactRule("dataloader_worker", frozenset({"cuda_error"}), Cause.APPLICATION_BUG,
             "it was raised in a DataLoader worker (line {line}), a process forked after CUDA was initialised, where "
             "CUDA cannot start", "keep the Dataset and collate_fn on the CPU and move each batch to the GPU in the "
             "training loop (pin_memory=True), or create the DataLoader with multiprocessing_context='spawn'",
             text=re.compile(r"\binitialization error\b")),
    # A reset while c10d's TCPStore is still being constructed (its constructor, waitForWorkers or ping frames under
    # the "recvValue failed ... Connection reset by peer" line; init_process_group's Python frames above an older
    # torch's bare "RuntimeError: Connection reset by peer", kubeflow/trainer#2008, the master pod alive): the
    # client was connecting to the store, so no peer had anything to die of (vllm-project/vllm#18362 ran
    # world_size=1; pytorch/pytorch#129261: the store's listen backlog overflowing at scale, retried since torch 2.4).
    FactRule("store_connecting", frozenset({"socket_closed"}), Cause.FIREWALL_OR_PORT_BLOCKED,
             "but here the store's client was still connecting (line {line}: the TCPStore constructor), so no peer "
             "died: the connection to the store (MASTER_ADDR:MASTER_PORT) failed",
             "check that every node reaches MASTER_ADDR:MASTER_PORT (`nc -zv <addr> <port>`) and that nothing else "
             "answers on that port; with thousands of ranks, upgrade torch (2.4+ retries resets of the store's full "
             "listen queue)", from_cause=Cause.RANK_CRASHED_ELSEWHERE),
    # vLLM's custom all-reduce shares buffers through legacy CUDA IPC, which cannot export memory the caching
    # allocator maps with expandable segments (cuMem): cudaIpcGetMemHandle answers "invalid argument"
    # (vllm-project/vllm#42609; #45611 turns custom all-reduce off under the cumem allocator).
    FactRule("expandable_segments", frozenset({"cuda_error"}), Cause.OTHER,
             "PYTORCH_CUDA_ALLOC_CONF sets expandable_segments:True (line {line}): legacy CUDA IPC cannot share memory "
             "mapped that way", "drop expandable_segments:True for the vLLM processes, or run with "
             "--disable-custom-all-reduce", text=re.compile(r"custom_all_reduce\S*:\d+ 'invalid argument'")),
    # A refused connect under multiprocessing's resource_sharer frames: a process fetching a file descriptor another
    # shared with it (torch's file_descriptor strategy for tensors from DataLoader workers) over a local Unix socket,
    # whose owner had exited (CPython Lib/multiprocessing/resource_sharer.py; open-mmlab/mmdetection#234).
    FactRule("resource_sharer", frozenset({"socket_connect_failed"}), Cause.OTHER,
             "but here it is multiprocessing's local hand-off of a shared tensor's file descriptor (line {line}: "
             "resource_sharer), whose sending process (a DataLoader worker) had already exited: no network is "
             "involved", "share tensors through files (`torch.multiprocessing.set_sharing_strategy('file_system')`), "
             "raise `ulimit -n`, or find why the worker exited (its own error; num_workers=0 as a test)"),
    # An exception of the program's kind (AttributeError, TypeError, ...) raised at the top level of an installed
    # package while it was imported: that package and one it imports were not made for each other
    # (NVIDIA-NeMo/Curator#143: dask_cuda's cli.py against an older dask, fixed by upgrading dask and dask-cuda;
    # k2-fsa/icefall's FAQ: torch's tensorboard module against a setuptools without distutils.version).
    FactRule("package_import", frozenset({"program_error"}), Cause.OTHER,
             "but it was raised while an installed package was imported (line {line}: its top level), so the package "
             "and another it imports are releases not made for each other, not the program's own code",
             "install releases of the two packages that go together (`pip install -U` of the package named in that "
             "frame and the one it calls, or the versions its requirements pin), then check `python -c 'import "
             "<package>'` on every node"),
    # Python's TimeoutError (a socket's ETIMEDOUT) under the frames of an HTTP client: a request that got no answer,
    # not a collective (horovod/horovod#1801: horovodrun's tasks putting their addresses into the driver's
    # rendezvous KV store over HTTP, port 20218).
    FactRule("http_request", frozenset({"timeout"}), Cause.FIREWALL_OR_PORT_BLOCKED,
             "but it was an HTTP request's (line {line}), which got no answer: the server it calls (a launcher's "
             "rendezvous store on the first node, a download host) is not reachable from this node",
             "check that this node reaches the server's address and port (`curl -v http://<host>:<port>/`); open the "
             "port range the launcher uses between the nodes, or pin its interface (Horovod: --network-interface, "
             "HOROVOD_GLOO_IFACE)", text=re.compile(r"\bTimeoutError\b")),
    # "NCCL Init failed (10) 'cuda malloc failed'" is printed by NCCL 1.x's own test programs (test/mpi/mpi_test.cu,
    # test/single/*): with the library named as NCCL 2, the program is that old test, which NCCL 2 across nodes does
    # not support (NVIDIA/nccl#118, maintainer: "NCCL 1.3's tests are not fully enabled for NCCL 2 features"; the
    # benchmarks moved to nccl-tests).
    FactRule("nccl2_library", frozenset({"legacy_nccl"}), Cause.APPLICATION_BUG,
             "but the library here is NCCL 2 (line {line}): the message comes from NCCL 1.x's test program, which "
             "does not run NCCL 2 across nodes", "build and run NVIDIA/nccl-tests against this NCCL instead (`make "
             "MPI=1 NCCL_HOME=<prefix>`, then `mpirun -np <ranks> ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 1`)",
             text=re.compile(r"NCCL Init failed \(\d+\) '")),
    # DeepSpeed's launcher (launcher/runner.py fetch_hostfile) without a hostfile (/job/hostfile or --hostfile) runs
    # the job on the node it was started on alone; started on every node, each node is a job of its own, whose ranks
    # take the same ports and wait for ranks that never join (hiyouga/LlamaFactory#176: accelerate with a DeepSpeed
    # config started on each node, "address already in use" on the others; EleutherAI/gpt-neox#671).
    FactRule("no_hostfile", frozenset({"port_in_use", "rendezvous_timeout", "socket_connect_failed", "store_barrier"}),
             Cause.APPLICATION_BUG,
             "and DeepSpeed's launcher found no hostfile (line {line}), so it ran each node's ranks alone: started on "
             "every node, the nodes are separate jobs whose rendezvous collide or wait for ranks that never join",
             "give DeepSpeed's launcher a hostfile (`deepspeed --hostfile=hostfile`, lines `host slots=8`) and start "
             "it on the first node only, or have each node start its own ranks (accelerate's "
             "`--deepspeed_multinode_launcher standard`, torchrun with --nnodes and --node_rank)"),
)


@dataclass(frozen=True, slots=True)
class EnvRule:
    """A variable that, set by the environment, replaces what NCCL would detect itself: worth naming as
    a possible cause of any failure (`log.env_set`), and the likely one when nothing else is. (Variables
    that only matter with the errors they cause are CONTEXT_RULES.)"""

    env: str
    cause: Cause
    severity: Severity
    why: str
    fix: str
    at_least: int | None = None  # only a value this large (an integer) is worth naming
    value: re.Pattern[str] | None = None  # only a value this matches is worth naming

    def applies(self, value: str) -> bool:
        if self.value is not None and not self.value.search(value):
            return False
        if self.at_least is None:
            return True
        try:
            return int(value, 0) >= self.at_least
        except ValueError:
            return False


# NCCL keeps the buffer size of each protocol in an int (comm.h `int buffSizes[NCCL_NUM_PROTOCOLS]`) and copies
# the 64-bit parameter into it (init.cc, 2.4 - 2.28): from 2 GiB the value wraps, and a size that wraps to 0
# makes NCCL divide by zero during setup: SIGFPE on every rank (benchmarks/results/faults-1xH200-2026-12-02,
# buffsize-huge: NCCL_BUFFSIZE=64 GiB, NCCL 2.28.9).
_BUFFSIZE_WHY = ("{v} is at least 2 GiB: NCCL keeps buffer sizes in a 32-bit int, so the value wraps (to 0 or a "
                 "negative size) and setup divides by it or allocates garbage: a SIGFPE or a crash on every rank")
_BUFFSIZE_FIX = "unset it (the default is 4 MiB for Simple), or set a size below 2 GiB"


ENV_RULES: tuple[EnvRule, ...] = (
    EnvRule("NCCL_GRAPH_FILE", Cause.TOPOLOGY_OR_NUMA, W, "NCCL_GRAPH_FILE={v} replaces NCCL's own ring/tree "
            "search with a fixed graph: a graph written for another machine or GPU count breaks or slows the job",
            "unset NCCL_GRAPH_FILE (also check /etc/nccl.conf and ~/.nccl.conf, which set it silently)"),
    EnvRule("NCCL_TOPO_FILE", Cause.TOPOLOGY_OR_NUMA, W, "NCCL_TOPO_FILE={v} replaces the detected topology: it "
            "must describe this exact machine (GPUs and NICs visible to the job)",
            "unset NCCL_TOPO_FILE, or use the file for this instance type with all its GPUs visible"),
    # Set by a launcher or a framework more often than by the user (Ray Train sets ^lo,docker,veth):
    # on its own in a paste about a failing job, the interface choice is the lead to follow.
    EnvRule("NCCL_SOCKET_IFNAME", Cause.WRONG_INTERFACE, I, "NCCL_SOCKET_IFNAME={v} is set by the environment "
            "(the user, the launcher or the framework): NCCL uses only the interfaces it selects for its "
            "sockets and bootstrap, on every node", "make it name the interface that joins the nodes on every "
            "node (`ip -br addr`), or unset it and let NCCL choose"),
    EnvRule("NCCL_ALGO", Cause.PERFORMANCE_CONFIG, I, "NCCL_ALGO={v} overrides NCCL's algorithm choice",
            "unset NCCL_ALGO unless it works around a known bug"),
    EnvRule("NCCL_PROTO", Cause.PERFORMANCE_CONFIG, I, "NCCL_PROTO={v} overrides NCCL's protocol choice",
            "unset NCCL_PROTO unless it works around a known bug"),
    # transport/p2p.cc: P2P_USE_CUDA_MEMCPY moves intra-node P2P data by cudaMemcpy from the proxy thread instead of
    # NCCL's kernels; NCCL's developers call a job that then hangs under nsys expected and the variable one to
    # leave unset (NVIDIA/nccl#1480).
    EnvRule("NCCL_P2P_USE_CUDA_MEMCPY", Cause.PERFORMANCE_CONFIG, W, "NCCL_P2P_USE_CUDA_MEMCPY={v} makes NCCL's "
            "proxy thread copy intra-node peer-to-peer data with cudaMemcpy instead of its kernels: another data "
            "path, slower at most sizes, and one a profiler (nsys) can stall", "unset NCCL_P2P_USE_CUDA_MEMCPY "
            "unless it works around a known problem", value=re.compile(r"^[1-9]")),
    *(EnvRule(var, Cause.PERFORMANCE_CONFIG, Severity.ERROR, f"{var}={_BUFFSIZE_WHY}", _BUFFSIZE_FIX, 1 << 31)
      for var in ("NCCL_BUFFSIZE", "NCCL_LL_BUFFSIZE", "NCCL_LL128_BUFFSIZE")),
    # UCX detects CUDA memory only through cuda_copy's memory domain: a transport list with gdr_copy and without
    # cuda_copy treats device buffers as host memory and crashes in the first send (openucx/ucx#3776, the
    # maintainers: "cuda_copy is the basic TL [that] must exist for cuda support").
    EnvRule("UCX_TLS", Cause.APPLICATION_BUG, Severity.ERROR, "UCX_TLS={v} lists gdr_copy without cuda_copy: UCX "
            "recognises CUDA memory only through cuda_copy, so GPU buffers are sent as host memory (a crash in the "
            "first send)", "add cuda_copy to UCX_TLS (rc,cuda_copy,gdr_copy), or unset it",
            value=re.compile(r"^(?!\^)(?!.*\bcuda_copy\b).*\bgdr_copy\b")),
)


@dataclass(frozen=True, slots=True)
class VersionRule:
    """An NCCL version range [low, high) in which the reasons of `gdr_reason` mean `finding`."""

    low: tuple[int, ...]
    high: tuple[int, ...]
    finding_id: str
    cause: Cause
    message: str
    fix: str


VERSION_RULES: tuple[VersionRule, ...] = (
    # net_ib.cc before 2.23.4 looked only for /sys/kernel/mm/memory_peers/{nv_mem,nvidia-peermem}; the
    # upstream nvidia_peermem (driver 470+) is found through /sys/module/nvidia_peermem from 2.23.4.
    VersionRule((0, 0, 0), PEERMEM_MODULE, "gdr.peermem_version", Cause.GDR_UNAVAILABLE,
                "NCCL {v} reports GPU Direct RDMA disabled; before 2.23.4 NCCL does not detect the upstream "
                "nvidia_peermem module (only MLNX_OFED's nv_peer_mem), so GDR stays off even when it is loaded",
                "upgrade NCCL to 2.23.4+ (`pip install -U nvidia-nccl-cu12`), or use MLNX_OFED's nv_peer_mem / "
                "DMA-BUF (NCCL_DMABUF_ENABLE=1 on kernel 5.12+ with the open driver)"),
)


@dataclass(frozen=True, slots=True)
class KnownBug:
    """An NCCL bug in releases [low, fixed) whose error line (`category`, text matching `text`) it explains:
    that finding names the bug (cause `other`) and the release that fixed it."""

    low: tuple[int, int, int]
    fixed: tuple[int, int, int]
    category: str
    text: re.Pattern[str]
    what: str


KNOWN_BUGS: tuple[KnownBug, ...] = (
    # transport/shm.cu of 2.4.0 - 2.4.2 named a segment by its sender alone ("nccl-shm-send-<pid>-<channel>-<rank>"):
    # trees (new in 2.4) send both ways on a channel, the second open maps the first segment and cudaHostRegister in
    # shm.h fails with 'invalid argument' (horovod#893); commit 14e0cf64 "Fix crash during shared memory creation
    # (#185)", released in 2.4.6-1 (read in the tags).
    KnownBug((2, 4, 0), (2, 4, 6), "shm_error", re.compile(r"shm\.h:\d+ .*invalid argument", re.IGNORECASE),
             "NCCL 2.4.0 - 2.4.2 gave two shared-memory segments of a rank one name once trees sent both ways, and "
             "registering the second failed with CUDA 'invalid argument' (NVIDIA/nccl#185)"),
    # channel.cc 2.18.1 - 2.18.5 used the result of one cudaMemcpyAsync in the next without a sync; commit
    # 43654587 "Fix cudaMemcpyAsync bug" (Fixes #957), released in 2.18.6-1 (read in the tags).
    KnownBug((2, 18, 1), (2, 18, 6), "cuda_error", re.compile(r"invalid argument", re.IGNORECASE),
             "NCCL 2.18.1 - 2.18.5 read device addresses from an asynchronous copy before it completed during "
             "channel setup, failing with CUDA 'invalid argument' (NVIDIA/nccl#957)"),
    # graph/topo.h "Could not find NET with id %d" on multi-node IB clusters with 2.25 - 2.26 (NeMo-Run#266,
    # NeMo#13996, both fixed by 2.27); 2.27.3-1's notes: "Fix the graph search to exclude non-local NICs".
    KnownBug((2, 25, 1), (2, 27, 3), "topology_error", re.compile(r"Could not find NET with id", re.IGNORECASE),
             "NCCL 2.25 - 2.27.2's graph search could take a NIC that is not local to the rank and then fail to "
             "find it (fixed in 2.27.3: 'exclude non-local NICs')"),
    # plugin/plugin_open.cc of 2.27.3 alone: a plugin variable that is not "lib*.so" (a path included) becomes
    # "libnccl-<type>-<value>.so", so no path ever loads; 2.27.5-1's notes: "Restore the plugin name handling logic
    # to make it possible to specify a path to the plugin" (NVIDIA/nccl#1732).
    KnownBug((2, 27, 3), (2, 27, 5), "plugin_not_found", re.compile(r"libnccl-\w+-\S*/"),
             "NCCL 2.27.3 turns a plugin path into a library name (libnccl-<type>-<path>.so) and never finds it "
             "(2.27.5 takes paths again)"),
)
