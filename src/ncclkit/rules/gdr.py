"""GPUDirect RDMA rules on PeerMemFacts, the NCCL version and topology: gdr.unavailable,
gdr.peermem_version, gdr.distance.

What NCCL looks at (nccl-internals.md section 3, `ncclIbGdrSupport`, net_ib/gdr.cc): the peer-memory
files below, by version, and dma-buf (`ncclIbDmaBufSupport`, NCCL 2.13+, kernel >= 5.12 with the open
GPU kernel module). Distance: the decision of ncclkit.nccl.gdr (ncclTopoCheckGdr), by version.
"""

from __future__ import annotations

from ncclkit.facts import NodeFacts
from ncclkit.findings import Finding, Severity
from ncclkit.nccl.gdr import DEFAULT_GDR_LEVEL, gdr_by_distance, gdr_support, peermem_paths_checked, usable_rdma_devices
from ncclkit.nccl.params import parse_level, path_order
from ncclkit.nccl.paths import gpu_gpu_link, gpu_is_c2c, gpu_nic_paths, is_flattened, nccl_level_of
from ncclkit.nccl.versions import nccl_version, parse_nccl_version
from ncclkit.rules.common import evidence, gpu_name, pip_nccl_package

__all__ = ["check_gdr_distance", "check_gdr_unavailable", "check_peermem_version"]

_PERSIST_PEERMEM = ("sudo modprobe nvidia_peermem && echo nvidia_peermem | "
                    "sudo tee /etc/modules-load.d/nvidia-peermem.conf")


def check_gdr_unavailable(facts: NodeFacts) -> list[Finding]:
    """gdr.unavailable (error): RDMA and GPUs present, no peer-memory module and no dma-buf."""
    if not facts.ib_devices or not facts.gpus:
        return []
    sup = gdr_support(facts)
    if sup.available:
        return []
    why = ("the proprietary kernel module cannot export dma-buf" if facts.peermem.open_kernel_module is False
           else "dma-buf needs kernel >= 5.12 and the open GPU kernel module")
    return [Finding(
        id="gdr.unavailable", severity=Severity.ERROR, subject="nvidia_peermem",
        message=("RDMA devices present but no peer-memory module (nvidia_peermem / nv_peer_mem) is loaded "
                 f"and dma-buf is not available ({why}): GPUDirect RDMA is off, every inter-node "
                 "transfer is staged through host memory"),
        fix=_PERSIST_PEERMEM,
        evidence=evidence("sys/module/nvidia_peermem, sys/kernel/mm/memory_peers", "none loaded",
                          "nvidia_peermem loaded (or dma-buf)",
                          kernel_release=facts.peermem.kernel_release,
                          open_kernel_module=facts.peermem.open_kernel_module))]


def check_peermem_version(facts: NodeFacts) -> list[Finding]:
    """gdr.peermem_version (warning): a peer-memory module exists but this NCCL does not look for it.

    NCCL <= 2.22 does not test sys/module/nvidia_peermem; with only the inbox nvidia_peermem (no
    MLNX_OFED nv_mem files) it reports GDR off unless dma-buf works (NCCL 2.13+), which a snapshot
    can only call possible, so the finding stands with dma-buf too (worded accordingly).
    """
    if not facts.ib_devices or not facts.gpus:
        return []
    sup = gdr_support(facts)
    version = parse_nccl_version(facts.nccl.version)
    if not sup.any_peermem or sup.nccl_sees_peermem is not False or version is None:
        return []
    # dma-buf may still carry GDR, but "possible" is only kernel + driver flavour: NCCL also needs
    # ibv_reg_dmabuf_mr in rdma-core and the GPU's DMA_BUF_SUPPORTED attribute, which a snapshot
    # cannot show. The module the user loaded is ignored either way, so say so.
    outcome = ("GPUDirect RDMA then rests on dma-buf alone (kernel and open GPU module allow it; "
               "confirm /GDRDMA in an NCCL_DEBUG=INFO log)" if sup.dmabuf else
               "it will report GPUDirect RDMA disabled")
    return [Finding(
        id="gdr.peermem_version", severity=Severity.WARNING, subject="nvidia_peermem",
        message=(f"NCCL {facts.nccl.version} looks only at {', '.join(peermem_paths_checked(version))}, which "
                 f"are absent (present: {', '.join(sup.seen)}): {outcome}"),
        fix=f"pip install -U '{pip_nccl_package(facts)}>=2.23'   # NCCL 2.23+ also detects nvidia_peermem",
        evidence=evidence(", ".join(peermem_paths_checked(version)), list(sup.seen),
                          "one of the files this NCCL version checks",
                          nccl_version=facts.nccl.version))]


def check_gdr_distance(facts: NodeFacts) -> list[Finding]:
    """gdr.distance (warning): a GPU's nearest usable NIC is farther than the GDR level (PXB)."""
    if not facts.gpus or not usable_rdma_devices(facts) or not gdr_support(facts).available:
        return []
    if is_flattened(facts):
        # A VM hiding the PCI tree: every path reads PHB, which topo.flattened reports with the right
        # fix (the provider's topology file); per-GPU "move the NIC" advice would be wrong here, and
        # with NCCL_TOPO_FILE set the sysfs paths are not what NCCL uses (topofile checks that file).
        return []
    usable = usable_rdma_devices(facts)
    all_paths = gpu_nic_paths(facts)
    out = []
    # Distance is judged at the default level (per GPU: PXB, or P2C for C2C GPUs on 2.27+), or at a
    # wider one the env sets: a narrower env level (LOC, PIX) is a setting, not a distance, and
    # env.gdr_disabled reports it.
    version = nccl_version(facts)
    order = path_order(version)
    env_level = parse_level(facts.nccl.env.get("NCCL_NET_GDR_LEVEL"), version)
    level = env_level if env_level and order[env_level] > order[DEFAULT_GDR_LEVEL] else None
    entries = gdr_by_distance(facts, level=level, use_env=False)
    for entry in entries:
        nic = entry.nic
        if entry.within_level or nic is None or nic.path is None:
            continue
        name = gpu_name(entry.gpu)
        pxn = [gpu_name(e.gpu) for e in entries if e.within_level and e.nic and e.nic.device == nic.device
               and gpu_gpu_link(facts, entry.gpu, e.gpu).nvlinks is not None]
        nccl_type = nccl_level_of(nic.path)
        shown = nic.path.name if nccl_type == nic.path.name else f"{nic.path.name} ({nccl_type} for NCCL)"
        closer = [p.device for p in all_paths.get(entry.gpu.index, [])
                  if p.path is not None and p.path < nic.path and p.device not in usable]
        if any(all(port.state_id is None for port in dev.ports) for dev in closer):
            continue  # a closer NIC's port state could not be read (probe.source_missing): no verdict
        down_close = [dev.name for dev in closer]
        fix = (f"export NCCL_NET_GDR_LEVEL={nccl_type}   # lets GDR cross the host bridge; measure, it "
               "can be slower than staging through host memory")
        if nccl_type == "SYS":
            fix = (f"put a NIC on {name}'s CPU socket (NUMA {entry.gpu.numa_node}), or use NCCL_NET_GDR_LEVEL=SYS "
                   "only if measured faster: GDR across the CPU interconnect is usually slower than staging")
        if gpu_is_c2c(entry.gpu) and nccl_type == "PHB":
            fix = (f"pip install -U '{pip_nccl_package(facts)}>=2.27'   # {name} is NVLink-C2C attached: "
                   "NCCL 2.27+ types this path P2C and gives it GDR by default (or NCCL_NET_GDR_LEVEL=PHB)")
        if down_close:
            fix = (f"sudo mlxlink -d {down_close[0]}   # bring up the closer NIC's port (see ib.port_down), "
                   "then GDR works at the default level")
        out.append(Finding(
            id="gdr.distance", severity=Severity.WARNING, subject=name,
            message=(f"{name}'s nearest usable RDMA NIC {nic.device.name} is {shown} away, beyond "
                     f"NCCL's GDR level {entry.level}: {name} gets no GPUDirect RDMA of its own"
                     + (f" (NCCL 2.12+ can send through NVLink peer {pxn[0]}, PXN)" if pxn else "")),
            fix=fix,
            evidence=evidence("sys/bus/pci/devices (PCI chains)", shown, f"<= {entry.level}",
                              bus_id=entry.gpu.bus_id, nic=nic.device.name, nic_bus_id=nic.device.pci_bdf)))
    return out
