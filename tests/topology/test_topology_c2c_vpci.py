"""topology.py: NVLink-C2C GPUs (P2C from NCCL 2.27) and Hyper-V style flattened trees (one domain per device)."""

from __future__ import annotations

from dataclasses import replace

from doctor_facts import healthy, pci

from ncclkit.facts import GpuInfo, IbDevice
from ncclkit.nccl.gdr import default_gdr_level, gdr_by_distance
from ncclkit.nccl.paths import PathType, gdr_path_name, gpu_is_c2c, is_flattened

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
    # 2.27-2.28 keep the level PXB and compare P2C as C2C (paths.cc v2.28.9-1 ncclTopoCheckGdr);
    # P2C becomes the default level only in 2.29.
    assert (gdr_path_name(new, new.gpus[0], PathType.NODE), default_gdr_level(new)) == ("P2C", "PXB")
    assert default_gdr_level(_gh200("2.29.7")) == "P2C"
    assert (gdr_path_name(old, old.gpus[0], PathType.NODE), default_gdr_level(old)) == ("PHB", "PXB")
    assert gdr_path_name(new, new.gpus[0], PathType.SYS) == "SYS"  # another socket stays SYS
    assert [g.within_level for g in gdr_by_distance(new)] == [True]
    assert [g.within_level for g in gdr_by_distance(old)] == [False]
    # NCCL_NET_GDR_C2C=0 stops the rewrite: P2C > PXB. An explicit PXB (or PIX, C2C) level keeps GDR on
    # 2.27-2.28 (P2C is compared as C2C), and drops it from 2.29 (P2C compared directly).
    assert [g.within_level for g in gdr_by_distance(_gh200("2.28.9", {"NCCL_NET_GDR_C2C": "0"}))] == [False]
    for level in ("PXB", "PIX", "C2C"):
        assert [g.within_level for g in gdr_by_distance(_gh200("2.28.9", {"NCCL_NET_GDR_LEVEL": level}))] == [True]
    assert [g.within_level for g in gdr_by_distance(_gh200("2.29.7", {"NCCL_NET_GDR_LEVEL": "PXB"}))] == [False]


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
