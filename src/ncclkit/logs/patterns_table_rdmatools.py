"""Rows of the line classifier (patterns.py) for the RDMA user space around NCCL as public threads pasted it: perftest
(ib_write_bw and its siblings with --use_cuda), the NIC driver stack's packages (MLNX_OFED, DOCA-OFED), rdma-core's
libraries as the loader and NCCL's symbol loader report them:

- perftest refusing its own options is the command line (an option order, a test that has no GPU mode);
- its hugepage buffers not allocated is a host limit, not the NIC;
- the driver stack's packages left unconfigured mean no RDMA device after the install;
- libibverbs and its provider from two rdma-core releases, and a libnccl built against rdma-core without linking
  it, are the libraries, not NCCL's version;
- a libmlx5 older than NCCL's optional mlx5dv symbols costs the DMA-BUF path of mlx5, not RDMA.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
RDMATOOLS_WORDS: tuple[bytes, ...] = (b"DMA-BUF cannot be used", b"Perftest supports CUDA", b"allocate hugepage",
                                      b"create MR", b"create mr", b"mlnx-ofed", b"doca-ofed", b"IBVERBS_PRIVATE",
                                      b"support the kernel ABI", b"kernel plugin library", b"validation context",
                                      b"UNLOAD_STORAGE_MODULES", b"Storage modules are loaded")


def rdmatools_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # perftest's data validation (--data_validation, its README's Troubleshooting): "Failed to load kernel plugin
        # library" is its own libperftest_kernels.so off the library path (no network plugin); "Failed to create
        # validation context" is the check's buffer not allocated (GPU memory short, or CUDA not initialised).
        p(r"Failed to load kernel plugin library", "library_missing", E,
          "perftest could not load its own GPU kernel library (libperftest_kernels.so) for --data_validation",
          "put libperftest_kernels.so in a library path (/usr/local/lib) or on LD_LIBRARY_PATH", C.OTHER),
        p(r"Failed to create validation context", "oom", E,
          "perftest could not allocate its data-validation buffers: GPU (or host) memory is short, or CUDA is not "
          "initialised", "free GPU memory (`nvidia-smi` for other processes) or run without --data_validation; "
          "check CUDA works (`nvidia-smi`, a CUDA sample)", C.OOM, "root", (C.CUDA_OR_DRIVER,)),
        # libibverbs' "Warning: Driver bnxt_re does not support the kernel ABI of 6 (supports 1 to 1) for device
        # ...": the provider library (rdma-core, usually a container's) is older than the host's kernel driver, so
        # libibverbs drops the device (sgl-project/sglang#33374: a container's rdma-core on MI355X nodes' ionic NICs).
        p(r"Driver \S+ does not support the kernel ABI of \d+", "ibverbs_provider_abi", E,
          "the rdma-core provider here is older than the host's RDMA kernel driver: libibverbs rejects the device, "
          "so there is no RDMA device and NCCL/RCCL falls back to TCP sockets",
          "install the rdma-core release that matches the host's driver in the container (or bind-mount the host's "
          "provider libraries and /etc/libibverbs.d)", C.SOCKET_FALLBACK, "root", (C.IB_RESOURCE_ERROR,)),
        # perftest's parser (perftest_parameters.c): "CUDA DMA-BUF cannot be used without CUDA" when
        # --use_cuda_dmabuf comes before --use_cuda=<gpu> (linux-rdma/perftest#336: the options are read in order);
        # "Perftest supports CUDA latency tests with read/send verbs only" (ib_write_lat has no GPU mode: the
        # receiver gets no completion for an RDMA write, perftest#276), "Perftest supports CUDA only in BW tests"
        # in older releases.
        p(r"CUDA DMA-BUF cannot be used without CUDA|Perftest supports CUDA (?:latency tests with read/send verbs "
          r"only|only in BW tests)", "perftest_usage", E,
          "perftest refused its options: --use_cuda_dmabuf before --use_cuda=<gpu>, or a GPU test that perftest "
          "does not offer (ib_write_lat with --use_cuda)", "give --use_cuda=<gpu> first, then --use_cuda_dmabuf; "
          "measure GPU latency with ib_send_lat or ib_read_lat and GPU bandwidth with ib_write_bw",
          C.APPLICATION_BUG),
        # perftest_resources.c with --use_hugepages: "Failed to allocate hugepages. Please configure hugepages",
        # "Failed to allocate hugepage region."; with --mr_per_qp each QP takes its own SysV segment, so thousands
        # of QPs exhaust kernel.shmmni while hugepages are free (linux-rdma/perftest#395).
        p(r"Failed to allocate hugepages?\b", "hugepages", E,
          "perftest could not allocate its hugepage buffers (no hugepages free, or with --mr_per_qp one SysV "
          "segment per QP beyond kernel.shmmni), so no memory region was created",
          "check HugePages_Free in /proc/meminfo; with --mr_per_qp raise kernel.shmmni (`sysctl -w "
          "kernel.shmmni=...`) or drop --mr_per_qp or --use_hugepages", C.OTHER, "root", (C.MEMLOCK_OR_ULIMIT,)),
        # A program's own trace of the registration it is about to make (microsoft/mscclpp#657: "ibv_reg_mr2 called.
        # cuMemAlloc: 1, dmaBufSupported: 0, ..."): a debug print; the failure, if any, is a later line.
        p(r"\bibv_reg_mr\w* called\.", "noise", I, "a program's trace of a memory registration it makes",
          "nothing to fix", None, "noise"),
        # perftest's "Failed to create MR" / "failed to create mr" after its own reason ("Couldn't allocate MR",
        # the hugepage lines above): the registration failed; the line before it says why.
        p(r"^\s*(?:Failed|failed) to create (?:MR|mr)\s*$", "ibv_reg_mr_failed", W,
          "perftest could not register its buffer with the NIC (the line before says why)",
          "read the line before it; raise the locked-memory limit (`ulimit -l unlimited`) and, with --use_cuda, "
          "check nvidia-peermem or DMA-BUF", C.IB_RESOURCE_ERROR, "root", (C.MEMLOCK_OR_ULIMIT, C.GDR_UNAVAILABLE)),
        # dpkg configuring the NIC driver stack (Mellanox/doca-driver-build#65, Mellanox/network-operator#1450):
        # "dpkg: error processing package mlnx-ofed-kernel-modules (--install): dependency problems - leaving
        # unconfigured", "mlnx-ofed-kernel-modules : Depends: linux-modules-extra-<kernel> but it is not
        # installable". The peer-memory module's own packages (nvidia-peer-memory-dkms) are GPUDirect's rows.
        # The driver container's reload refused while NVMe-oF/storage modules hold the old driver ("Storage modules
        # are loaded for current driver, terminating", "prior driver reload failure due to UNLOAD_STORAGE_MODULES":
        # the network operator's UNLOAD_STORAGE_MODULES setting, Crusoe's MOFED storage-module article).
        p(r"Storage modules are loaded for current driver, terminating|driver reload failure due to "
          r"UNLOAD_STORAGE_MODULES", "ofed_install_failed", E,
          "the NIC driver (MOFED/DOCA) container could not reload the driver: storage modules still hold the old one",
          "set UNLOAD_STORAGE_MODULES=true in the network operator's driver settings (or unload nvme_rdma/ib_iser "
          "first) and let the driver pod restart", C.OTHER, "root", (C.IB_RESOURCE_ERROR,)),
        p(r"error processing package (?:mlnx-ofed|doca-ofed)\S*|"
          r"(?:mlnx-ofed|doca-ofed)\S* : Depends: \S+ but it is not installable", "ofed_install_failed", E,
          "the NIC's driver stack (MLNX_OFED / DOCA-OFED kernel modules) did not install: its RDMA modules will not "
          "load, so NCCL finds no InfiniBand device", "install the dependency dpkg names (usually "
          "`linux-modules-extra-$(uname -r)`) and rerun the install or the driver container; then check `ibstat`",
          C.OTHER, "root", (C.SOCKET_FALLBACK,)),
        # The loader: "libibverbs.so.1: version `IBVERBS_PRIVATE_34' not found (required by .../libmlx5.so.1)"
        # (modal-projects/training-gym#421): the verbs library and its provider come from two rdma-core releases
        # (a copied or distro libibverbs beside MOFED's provider); the provider does not load, so no device.
        p(r"version `IBVERBS_PRIVATE_\d+' not found", "verbs_abi_mismatch", E,
          "libibverbs and its provider (libmlx5) come from two rdma-core releases: the provider does not load, so "
          "the process finds no RDMA device (NCCL falls back to sockets, or the program fails at import)",
          "install libibverbs1, ibverbs-providers and librdmacm1 from one rdma-core release (do not mix MOFED/DOCA "
          "and distro packages, nor an old libibverbs.so.1 first on LD_LIBRARY_PATH)", C.SOCKET_FALLBACK, "root",
          (C.OTHER,)),
        # A libnccl built with RDMA_CORE=1 (verbs linked at build time instead of NCCL's dlopen) but without
        # -libverbs: "libnccl.so.2: undefined symbol: ibv_dereg_mr" (NVIDIA/nccl#1158, fixed by #1308). A missing
        # ncclXxx symbol is an NCCL version and stays with the version rows.
        p(r"libnccl\S*: undefined symbol: (?:ibv_|mlx5dv_)\w+", "nccl_verbs_link", E,
          "this libnccl was built to link rdma-core (RDMA_CORE=1) but not linked against libibverbs",
          "rebuild NCCL with the verbs libraries linked (a release with NVIDIA/nccl#1308) or without RDMA_CORE=1, "
          "so that NCCL loads libibverbs at run time", C.OTHER, "root", (C.NCCL_VERSION_MISMATCH,)),
        # NCCL's mlx5dvsymbols.cc loads mlx5dv_reg_dmabuf_mr and mlx5dv_get_data_direct_sysfs_path at version
        # MLX5_1.25 as optional ("dlvsym failed on %s - %s version %s" at INFO): a libmlx5 older than that (distro
        # rdma-core of Ubuntu 24.04 and earlier) leaves NCCL's IB transport running without mlx5's DMA-BUF
        # registration and data-direct, which 2.28+'s GPU-initiated networking (GIN) may need for its GDAKI path
        # (deepseek-ai/DeepEP#628, sgl-project/sglang#23143). Not a socket fallback: that is ibverbs' own symbols.
        p(r"dlvsym failed on mlx5dv_\w+", "libmlx5_old", W,
          "libmlx5 is older than the mlx5 direct-verbs symbols this NCCL can use (MLX5_1.25): RDMA still runs, "
          "but without mlx5's DMA-BUF registration and data-direct path (which GIN's GPU-initiated transport may "
          "need)", "install rdma-core / libmlx5 from DOCA-OFED or a release that exports MLX5_1.25 (in the container "
          "too); to test, NCCL_DMABUF_ENABLE=0", C.GDR_UNAVAILABLE, "root", (C.OTHER,)),
    )
