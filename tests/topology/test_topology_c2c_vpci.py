"""topology.py: NVLink-C2C GPUs (P2C from NCCL 2.27) and Hyper-V style flattened trees (one domain per device)."""

from __future__ import annotations

from dataclasses import replace

from doctor_facts import healthy, pci

from ncclkit.facts import GpuInfo, IbDevice
from ncclkit.topology import (
    PathType,
    default_gdr_level,
    gdr_by_distance,
    gdr_path_name,
    gpu_is_c2c,
    is_flattened,
)

GPU_BDF, NIC_BDF = "0009:01:00.0", "0000:01:00.0"


def _gh200(version: str, env: dict[str, str] | None = None):
    """GH200: GPU under domain 0009's root port, the NIC under domain 0000's, both NUMA 0 (NODE)."""
    base = healthy()
    gpu = GpuInfo(index=0, name="NVIDIA GH200 480GB", bus_id=GPU_BDF, numa_node=0)
    devs = {GPU_BDF: pci(GPU_BDF, ("pci0009:00", "0009:00:00.0"), cls="0x030200"),
            NIC_BDF: pci(NIC_BDF, ("pci0000:00", "0000:00:00.0"), cls="0x020700")}
    nic = replace(base.ib_devices[0], pci_bdf=NIC_BDF, numa_node=0)
    return replace(base, gpus=(gpu,), ib_devices=(nic,), pci=devs,
                   nccl=replace(base.nccl, version=version, env=env or {}))


def test_c2c_gpu_gets_p2c_from_227_only():
    new, old = _gh200("2.28.9"), _gh200("2.26.2")
    assert gpu_is_c2c(new.gpus[0]) and not gpu_is_c2c(healthy().gpus[0])
    assert (gdr_path_name(new, new.gpus[0], PathType.NODE), default_gdr_level(new, new.gpus[0])) == ("P2C", "P2C")
    assert (gdr_path_name(old, old.gpus[0], PathType.NODE), default_gdr_level(old, old.gpus[0])) == ("PHB", "PXB")
    assert gdr_path_name(new, new.gpus[0], PathType.SYS) == "SYS"  # another socket stays SYS
    assert [g.within_level for g in gdr_by_distance(new)] == [True]
    assert [g.within_level for g in gdr_by_distance(old)] == [False]
    # NCCL_NET_GDR_C2C=0 drops the default back to PXB; an explicit PXB level also excludes P2C.
    assert [g.within_level for g in gdr_by_distance(_gh200("2.28.9", {"NCCL_NET_GDR_C2C": "0"}))] == [False]
    assert [g.within_level for g in gdr_by_distance(_gh200("2.28.9", {"NCCL_NET_GDR_LEVEL": "PXB"}))] == [False]


def test_one_domain_per_device_is_flattened():
    """Hyper-V vPCI: every GPU and NIC on its own root bus, numa_node -1 (NCCL: one <cpu numaid=-1>)."""
    base = healthy()
    gpus = tuple(GpuInfo(index=i, bus_id=f"000{i + 1}:00:00.0") for i in range(2))
    bdfs = {g.bus_id: "0x030200" for g in gpus} | {"0101:00:00.0": "0x020700"}
    devs = {b: pci(b, (f"pci{b[:4]}:00",), numa=-1, cls=c) for b, c in bdfs.items()}
    ib = (IbDevice(name="mlx5_ib0", pci_bdf="0101:00:00.0", ports=base.ib_devices[0].ports),)
    facts = replace(base, gpus=gpus, ib_devices=ib, pci=devs)
    assert is_flattened(facts)
    devs["0101:00:00.0"] = pci("0101:00:00.0", ("pci0101:00", "0101:00:01.0"), numa=-1, cls="0x020700")
    assert not is_flattened(replace(facts, pci=devs))  # a root port above the NIC: a real tree
