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
        # PyTorch 2.14's new ProcessGroupNCCL backend: "Timeout thread starting for rank: %d" (start-up notice).
        p(r"Timeout thread starting for rank", "noise", I, "a start-up notice of PyTorch's timeout thread",
          "nothing to fix", None, "noise"),
        # PyTorch 2.12 - 2.14's checks of how the program uses the new APIs: symmetric memory and NCCL windows
        # (CUDASymmetricMemory / NCCLSymmetricMemory, WindowNCCL, nccl_all_to_all_nd), the reconfigurable and
        # shrinkable ProcessGroupNCCL, torchcomms' rank discovery, distributed_c10d.py (monitored_barrier on a
        # GPU-only group, split_group backends, duplicate ranks), _functional_collectives.py, device_mesh.py and
        # FSDP2's mesh dims.
        p(r"NCCLSymmetricMemory::barrier requires peer signal pad|symmetric-window segment was freed without "
          r"deregister_mem_pool|WindowNCCL: (?:ncclCommWindowRegister failed; the tensor must be allocated|source "
          r"tensor is not in a registered symmetric window)|input must be allocated via NCCL symmetric memory|"
          r"An excluded rank must not call ProcessGroupNCCL::shrink|cannot shrink while work is pending|"
          r"ProcessGroupNCCL has not been initialized\. Call reconfigure|Please set TORCHCOMM_RANK and TORCHCOMM_SIZE|"
          r"monitored_barrier requires a group with a CPU-capable backend|Backend mismatch for device '\w+': parent "
          r"has|ranks list must not contain duplicate entries|torch\.distributed must be initialized|Each "
          r"mesh_dim_name must be unique|Mesh dim name '\w+' not found in mesh|At least one of shard or replicate "
          r"must be set", "framework_usage", E,
          "the program uses PyTorch's distributed APIs in a way they do not allow (symmetric memory and windows, a "
          "shrink or reconfigure out of order, a mesh or group set up wrongly)",
          "follow the check's own instruction (allocate from the NCCL mempool, register windows collectively, "
          "initialize the process group and the mesh with unique names and ranks)", C.APPLICATION_BUG),
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
