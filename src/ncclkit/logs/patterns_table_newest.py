"""Rows of the line classifier (patterns.py) for what NCCL 2.31 - 2.32 (libnccl.so.2.32.3's own strings; the dev
branch 86fa684 where it has them) and PyTorch 2.12 - 2.14 (the 2.14.1 wheel, 5c48869) print that older releases did
not (tests/lines/nccl_new.py and tests/lines/torch_new.py hold each line with its source). Read early: these lines
share words ("Timeout", "NVLS", "symmetric", "failed") with the older rows. Lines of a kind an older row already
reads joined that row (a newer NCCL needed or missing, git versions that differ, a foreign socket, a refused tuning
choice, GDRCopy's gdr_open, the NVLink fabric's state)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO


def newest_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # c10d's own use of NCCL's newer APIs failing inside PyTorch: abort deregistering window-registered segments
        # with ncclCommDeregister (pytorch/pytorch#181610, fixed by #181626) and symmetric memory's device
        # communicator (#172398: "NCCL 2.29 requires an initializer"). The invalid usage they
        # return is PyTorch's call, not the program's collectives.
        # Symmetric memory's NCCL backend registering its window on a communicator not created yet (lazy init):
        # "Failed to window register segment" after NCCLSymmetricMemory.cu's invalid argument; the program creates
        # it first by passing device_id to init_process_group / new_group (pytorch/pytorch#188567, maintainer and
        # reporter); PyTorch's own wording since #160145 says it outright.
        p(r"Failed to window register segment|implicitly created nccl comm is not supported|"
          r"c10d/symm_mem/NCCLSymmetricMemory\.cu:\d+, invalid argument", "framework_usage", E,
          "symmetric memory registered its buffer with NCCL before the process group's NCCL communicator existed "
          "(it is created lazily at the first collective unless the group is bound to a device)",
          "create the communicator first: pass device_id=torch.device('cuda', local_rank) to init_process_group "
          "(or new_group) before symmetric memory's rendezvous", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # register.cc commDeregister: a handle not in this communicator's registration cache (deregistered twice,
        # or a window's handle given to ncclCommDeregister, PyTorch's abort in pytorch/pytorch#181610): NCCL
        # returns ncclInvalidUsage to whatever registered it, a framework more often than the program.
        p(r"Deregister: Could not find handle", "framework_release", E,
          "a deregistration named a buffer handle this communicator does not hold (deregistered twice, or a "
          "window-registered buffer given to ncclCommDeregister instead of ncclCommWindowDeregister)",
          "upgrade the framework that registers NCCL buffers (PyTorch's abort: fixed by pytorch/pytorch#181626); in "
          "own code, deregister each handle once, with the call that registered it", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        # register.cc regCleanup: the network side of a registration not released (deregistration or the
        # communicator's teardown, where the proxy may have released the NIC's context already, sii-research/VCCL#36);
        # NCCL warns and goes on.
        p(r"deregister NET buffer handle \S+ proxy rank \d+ failed", "buffer_deregistration", W,
          "releasing a buffer's network registration failed, at deregistration or the communicator's teardown; NCCL "
          "goes on (the job's collectives are not affected)", "nothing to fix if the job's work completed; if it "
          "repeats, upgrade NCCL", C.OTHER, "likely"),
        p(r"ProcessGroup abort: NCCL error|c10d/symm_mem/\S+:\d+, invalid (?:usage|argument)|Failed to deregister "
          r"segment handle|ncclDevCommCreate failed", "framework_release", E,
          "PyTorch's own use of NCCL's newer APIs (window registration, symmetric memory, its abort) failed inside "
          "c10d: a PyTorch bug with this NCCL, not the program's collectives",
          "upgrade PyTorch to a release that fixes it (or a nightly), or match it with the NCCL it was built and "
          "tested with; meanwhile turn the feature off (symmetric memory, NCCL window registration)", C.OTHER,
          "root", (C.NCCL_VERSION_MISMATCH, C.APPLICATION_BUG)),
        # ProcessGroupNCCL's getNcclDataType refuses a type the NCCL it was built with lacks: bfloat16 came with NCCL
        # 2.10.3 (NVIDIA/nccl#476), float8 e4m3/e5m2 with 2.24 (nccl.h.in@v2.24.3-1); another type is the program's.
        p(r"data type is not supported for NCCL process group: (?:BFloat16|Float8)", "framework_release", E,
          "the PyTorch build's NCCL has no such data type (bfloat16 needs NCCL 2.10.3+, float8 NCCL 2.24+)",
          "use a PyTorch built with a newer NCCL (pip wheels of the last years are), or communicate in float32/"
          "float16", C.OTHER, "root", (C.NCCL_VERSION_MISMATCH,)),
        p(r"data type is not supported for NCCL process group", "framework_usage", E,
          "a collective was given a tensor type NCCL has no type for", "cast the tensor to a type NCCL carries "
          "(the float, int and bfloat16 types) before the collective, and back after", C.APPLICATION_BUG),
        # NCCL 2.29's copy-engine collectives (ce_coll.cc) call cudaMemcpyBatchAsync, which refuses the legacy
        # default stream (a collective issued on PyTorch's null stream): "invalid" from it until 2.29.7 falls back
        # to cudaMemcpyAsync there (NVIDIA/nccl#2003, ce_coll.cc@v2.29.7-1).
        p(r"cudaMemcpyBatchAsync[^\n]*(?:fail|invalid)|ce_coll\.cc:\d+ NCCL WARN Cuda failure[^\n]*invalid",
          "ce_default_stream", E,
          "NCCL's copy-engine collective was issued on the legacy default CUDA stream, which cudaMemcpyBatchAsync "
          "refuses (NCCL 2.29 before 2.29.7)",
          "upgrade NCCL to 2.29.7 or newer; until then issue the collective on a stream of its own, or keep the "
          "copy engine out (NCCL_SYM_CE_THRESHOLD=1000000000000)", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # PyTorch 2.14's new ProcessGroupNCCL backend: "Timeout thread starting for rank: %d" (start-up notice).
        p(r"Timeout thread starting for rank", "noise", I, "a start-up notice of PyTorch's timeout thread",
          "nothing to fix", None, "noise"),
        # PyTorch 2.12 - 2.14's checks of how the program uses the new APIs: symmetric memory and NCCL windows
        # (CUDASymmetricMemory / NCCLSymmetricMemory, WindowNCCL, nccl_all_to_all_nd), the reconfigurable and
        # shrinkable ProcessGroupNCCL, torchcomms' rank discovery, distributed_c10d.py (monitored_barrier on a
        # GPU-only group, split_group backends, duplicate ranks), _functional_collectives.py, device_mesh.py and
        # FSDP2's mesh dims; a mesh sliced by a dim it was not built with ("Invalid mesh_dim_names (dp_cp,) specified.
        # Valid mesh_dim_names are [tp]", pytorch/torchtitan#1309); a backend without shrink (intel/torch-xpu-ops#3305).
        p(r"NCCLSymmetricMemory::barrier requires peer signal pad|symmetric-window segment was freed without "
          r"deregister_mem_pool|WindowNCCL: (?:ncclCommWindowRegister failed; the tensor must be allocated|source "
          r"tensor is not in a registered symmetric window)|input must be allocated via NCCL symmetric memory|"
          r"An excluded rank must not call ProcessGroupNCCL::shrink|cannot shrink while work is pending|"
          r"ProcessGroupNCCL has not been initialized\. Call reconfigure|Please set TORCHCOMM_RANK and TORCHCOMM_SIZE|"
          r"monitored_barrier requires a group with a CPU-capable backend|Backend mismatch for device '\w+': parent "
          r"has|ranks list must not contain duplicate entries|torch\.distributed must be initialized|Each "
          r"mesh_dim_name must be unique|Mesh dim name '\w+' not found in mesh|At least one of shard or replicate "
          r"must be set|Invalid mesh_dim_names [^\n]* specified|does not support shrinking operations",
          "framework_usage", E,
          "the program uses PyTorch's distributed APIs in a way they do not allow (symmetric memory and windows, a "
          "shrink or reconfigure out of order, a mesh or group set up wrongly)",
          "follow the check's own instruction (allocate from the NCCL mempool, register windows collectively, "
          "initialize the process group and the mesh with unique names and ranks)", C.APPLICATION_BUG),
        # A collective called without async_op=True returns None, and the program (or its hook, torchft's Manager
        # reporting "errored='NoneType' object has no attribute 'wait'", pytorch/torchtitan#1170) waits on it.
        p(r"'NoneType' object has no attribute 'wait['\u2019]", "framework_usage", E,
          "the program waits on the result of a collective that returned None: torch.distributed returns a work "
          "handle only when called with async_op=True (a process group's own method returns one always)",
          "call the collective with async_op=True before .wait(), or drop the wait (the call already completed "
          "on its stream)", C.APPLICATION_BUG),
        # PyTorch's CUDA symmetric memory: "CUDASymmetricMemoryAllocator::rendezvous: detected allocations from
        # overlapping devices from different ranks" (every rank allocated on the same device index: each process
        # was given one GPU by CUDA_VISIBLE_DEVICES, so all are cuda:0; volcengine/verl#4503), and "failed to send
        # fd" from its IPC channel (file descriptors pass over a Unix socket: the CUDA backend works within one
        # node only, pytorch/pytorch#171495; across nodes the NVSHMEM backend).
        p(r"detected allocations from overlapping devices from different ranks|^\s*failed to send fd: ",
          "framework_usage", E,
          "PyTorch's CUDA symmetric memory could not set up: the ranks of a node allocated on the same device "
          "index (each process sees one GPU through CUDA_VISIBLE_DEVICES), or the ranks span nodes, which its CUDA "
          "backend does not reach", "let every rank of a node see all its GPUs and pick its own by LOCAL_RANK "
          "(torch.cuda.set_device), or turn the engine's symmetric-memory all-reduce off; across nodes use the "
          "NVSHMEM backend", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # torchcomms' NCCLX windows need NCCLX's ctran ("[TorchCommWindowNCCLX]: NCCLX window is null" with
        # NCCL_CTRAN_ENABLE=0, meta-pytorch/torchcomms#4036); PyTorch 2.12's ncclCommRevoke while an operation is
        # still queued ("NCCL Revoke failed: NCCL operation in progress", a PyTorch bug fixed in pytorch/pytorch
        # #197467).
        p(r"\[TorchCommWindowNCCLX\]: NCCLX window is null", "framework_usage", E,
          "torchcomms' NCCLX window was not created: NCCLX's ctran is off (NCCL_CTRAN_ENABLE=0)",
          "unset NCCL_CTRAN_ENABLE (or set it to 1) where windows are used", C.APPLICATION_BUG),
        # NCCLX's telemetry sinks logged at WARN where no table or writable /logs exists ("NCCL WARN Empty sink for
        # dataset: nccl_profiler_algo. No logging will be done.", "Failed to create scuba file: filesystem error:
        # cannot create directories: Permission denied [/logs]", "Could not find table name: ...",
        # meta-pytorch/torchcomms#523): only its own logging is lost.
        p(r"NCCL WARN (?:Empty sink for dataset: \w+\. No logging will be done|Failed to create scuba file: |Could "
          r"not find table name: )", "noise", I, "NCCLX found nowhere to write its telemetry tables: only that "
          "logging is lost", "nothing for the job; read its own error", None, "noise"),
        # A glog CHECK on an NCCL call's result (torchcomms' NCCLX backend, "Check failed: nccl_api_->winPut(...)
        # == ncclSuccess (5 vs. 0)", meta-pytorch/torchcomms#523): 4 and 5 are ncclInvalidArgument and
        # ncclInvalidUsage (nccl.h), a call the program made wrongly.
        p(r"== ncclSuccess \([45] vs\. 0\)", "framework_usage", E,
          "an NCCL call returned invalid argument or invalid usage (4 or 5) to a check of the framework that made "
          "it: the call's arguments or its order (a window, a group, a communicator) are wrong",
          "read the call the check names and NCCL's WARN before it (NCCL_DEBUG=WARN names the argument); fix the "
          "call or use a release of the framework and NCCL made for each other", C.APPLICATION_BUG, "root",
          (C.NCCL_VERSION_MISMATCH,)),
        # torchcomms' NCCL, NCCLX and RCCL backends check each tensor's device (checkTensorOnCuda, meta-pytorch/
        # torchcomms#2338: before it a CPU tensor gave a wrong result, then an illegal memory access).
        p(r"Expected CUDA tensor but found tensor on cpu|checkTensorOnCuda", "framework_usage", E,
          "a CPU tensor was given to a communicator of GPU tensors (torchcomms' NCCL, NCCLX or RCCL backend)",
          "move the tensor to the rank's GPU before the collective, or use a gloo (CPU) communicator for CPU tensors",
          C.APPLICATION_BUG),
        p(r"NCCL Revoke failed: NCCL operation in progress", "framework_release", E,
          "PyTorch revoked the communicator while an NCCL operation was still in flight (a PyTorch bug)",
          "upgrade PyTorch (a release with pytorch/pytorch#197467)", C.OTHER, "root", (C.RANK_CRASHED_ELSEWHERE,)),
        # GIN's GDAKI path (gin_host_gdaki.cc gdakiConnectQp, DOCA GPUNetIO) failing to connect its queue pairs:
        # it sets no GRH, which some InfiniBand ports need (NVIDIA/nccl#2237); the proxy GIN works there
        # (NVIDIA/nccl#1943: NCCL_GIN_TYPE=3 fails, 2 runs).
        p(r"(?:gin_host_gdaki\.cc:\d+|gdakiConnectQp\)?) NCCL WARN DOCA failure", "ibv_call_failed", E,
          "NCCL's GPU-initiated networking (GIN over GDAKI / DOCA GPUNetIO) could not connect its queue pairs: its "
          "path sets no GRH, which some InfiniBand fabrics need",
          "use the proxy GIN (NCCL_GIN_TYPE=2) or an NCCL release that fixes GDAKI on this fabric", C.OTHER, "root",
          (C.GID_INDEX_OR_ROCE_CONFIG,)),
        # NCCL 2.28 - 2.29's GIN probe on a host without RDMA: "GIN/Plugin: Could not find: libnccl-gin.so", then
        # ibvwrap.cc's WARN "lib wrapper not initialized." and "Failed to initialize any GIN plugin": the verbs
        # wrapper probed without libibverbs loaded; the job runs (NVIDIA/nccl#2094, a single-node run).
        p(r"ibvwrap\.cc:\d+ NCCL WARN lib wrapper not initialized|Failed to initialize any GIN plugin", "noise", I,
          "NCCL's probe of GPU-initiated networking (GIN) found no RDMA library on this host: no failure by itself",
          "nothing to fix on a single node; across nodes read NCCL's NET lines (which transport it uses)", None,
          "noise"),
        # GCP's FasTrak net plugin (2025 - 2026): "NCCL WARN NET/FasTrak ...: INVALID_ARGUMENT: Buffer registration
        # request does not have a valid fd set." (NVIDIA/Megatron-LM#4660): the plugin's own status words, not
        # NCCL's invalid usage.
        p(r"NET/FasTrak\b[^\n]*(?:INVALID_ARGUMENT|FAILED_PRECONDITION|UNAVAILABLE|INTERNAL):", "net_plugin_error", E,
          "GCP's FasTrak network plugin failed (a buffer it could not register, a broken connection)",
          "update the FasTrak plugin and its host components together with the image, and check the plugin's own "
          "log; to isolate it, run without the plugin (NCCL_NET=Socket)", C.NET_PLUGIN_ERROR, "root",
          (C.GDR_UNAVAILABLE,)),
        # NCCL 2.32's device API and windows: dev_runtime.cc "User requested CFT multicast capability, but NVLS is
        # disabled or unsupported", "NCCL_WIN_COLL_SYMMETRIC cannot be combined with window capability-restriction
        # flags", gin_host.cc "Cannot create DevComm with a GIN rank stride %d greater than the rail team stride".
        p(r"requested CFT multicast capability, but NVLS is disabled|NCCL_WIN_COLL_SYMMETRIC cannot be combined|"
          r"Cannot create DevComm with a GIN rank stride", "invalid_usage", E,
          "the program asked NCCL's device API or windows for what this communicator does not offer",
          "ask only for the capabilities the communicator has (NVLS on, a GIN stride within the rail team), or "
          "drop the conflicting window flags", C.APPLICATION_BUG),
        # NCCL 2.32 topo.cc ATTN "TOPO/NET : Changing %s dev index ... This can be due to outdated plugin or
        # topology xml file."
        p(r"can be due to outdated plugin or topology xml", "net_plugin_error", W,
          "a network plugin (or the topology file) lists the NICs differently from NCCL: it is older than NCCL",
          "upgrade the net plugin to one built for this NCCL, or regenerate the topology file", C.NET_PLUGIN_ERROR),
        # NCCL 2.32's GDRCopy: "NCCL internal DMA-BUF mmap backend disabled: CUDA device %d does not support DMA-BUF"
        # (its "libgdrapi.so.2 gdr_open() failed; falling back ..." is patterns_table_source's GDRCopy row).
        # (GDRCopy's replacement, CPU access to GPU memory: not the NIC's GPUDirect RDMA of log.gdr_disabled.)
        p(r"DMA-BUF mmap backend disabled: CUDA device \d+ does not support DMA-BUF", "gdrcopy_error", W,
          "this GPU, driver or kernel offers no DMA-BUF, so NCCL's internal GDRCopy backend is off",
          "use a driver and kernel with DMA-BUF (open kernel modules, kernel 5.12+), or nvidia-peermem",
          C.GDR_UNAVAILABLE),
    )
