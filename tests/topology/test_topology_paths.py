"""topology.py on chains built in code, and against nvidia-smi topo -m of every shared fixture."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from doctor_facts import healthy, pci
from ncclkit.facts import GpuInfo, NvLink
from ncclkit.nccl.gdr import gdr_by_distance, nearest_nic
from ncclkit.nccl.params import parse_level
from ncclkit.nccl.paths import PathType, gpu_gpu_link, gpu_nic_paths, is_flattened, nccl_level_of, pci_path_type

RC = "pci0000:15"


def test_same_switch_is_pix_and_multifunction_is_pix():
    a = pci("0000:18:00.0", (RC, "0000:15:01.0", "0000:16:00.0", "0000:17:00.0"))
    b = pci("0000:1b:00.0", (RC, "0000:15:01.0", "0000:16:00.0", "0000:17:03.0"))
    assert pci_path_type(a, b) is PathType.PIX
    f0 = pci("0000:37:00.0", (RC, "0000:15:01.0", "0000:31:00.0", "0000:32:04.0"))
    f1 = pci("0000:37:00.1", (RC, "0000:15:01.0", "0000:31:00.0", "0000:32:04.0"))
    assert pci_path_type(f0, f1) is PathType.PIX


def test_two_switch_levels_is_pxb():
    # GPU below a second switch that hangs off the first switch; NIC directly on the first switch.
    gpu = pci("0000:1d:00.0", (RC, "0000:15:01.0", "0000:16:00.0", "0000:17:00.0", "0000:1a:00.0",
                               "0000:1b:00.0"))
    nic = pci("0000:18:00.0", (RC, "0000:15:01.0", "0000:16:00.0", "0000:17:03.0"))
    assert pci_path_type(gpu, nic) is PathType.PXB


def test_host_bridge_node_and_sys():
    a = pci("0000:16:00.0", (RC, "0000:15:01.0"), numa=0)
    b = pci("0000:17:00.0", (RC, "0000:15:02.0"), numa=0)
    assert pci_path_type(a, b) is PathType.PHB
    c = pci("0000:3e:00.0", ("pci0000:3d", "0000:3d:01.0"), numa=0)
    assert pci_path_type(a, c) is PathType.NODE
    d = pci("0000:98:00.0", ("pci0000:97", "0000:97:01.0"), numa=1)
    assert pci_path_type(a, d) is PathType.SYS
    assert pci_path_type(a, replace(d, path=())) is None


def test_nccl_sees_node_as_phb():
    assert nccl_level_of(PathType.NODE) == "PHB"
    assert nccl_level_of(PathType.PXB) == "PXB"


def test_healthy_node_paths_and_nearest():
    facts = healthy()
    paths = gpu_nic_paths(facts)
    assert [(p.device.name, p.path) for p in paths[0]] == [("mlx5_0", PathType.PIX), ("mlx5_1", PathType.SYS)]
    assert nearest_nic(facts, facts.gpus[1]).device.name == "mlx5_1"
    assert all(g.within_level for g in gdr_by_distance(facts))
    assert not is_flattened(facts)


def test_nvlink_direct_switch_and_pci_fallback():
    facts = healthy()
    assert gpu_gpu_link(facts, *facts.gpus).label == "NV4"
    sw = "0000:c5:00.0"  # an NVSwitch: not one of the GPUs
    g0 = replace(facts.gpus[0], nvlinks=tuple(NvLink(link=i, active=True, remote_bus_id=sw) for i in range(18)))
    g1 = replace(facts.gpus[1], nvlinks=tuple(NvLink(link=i, active=True, remote_bus_id=sw) for i in range(18)))
    facts2 = replace(facts, gpus=(g0, g1))
    assert gpu_gpu_link(facts2, g0, g1).label == "NV18"
    no_nv = replace(facts, gpus=tuple(replace(g, nvlinks=()) for g in facts.gpus))
    assert gpu_gpu_link(no_nv, *no_nv.gpus).label == "SYS"


def test_flattened_vm():
    gpus = (GpuInfo(index=0, bus_id="0000:00:06.0"), GpuInfo(index=1, bus_id="0000:00:07.0"))
    devs = {b: pci(b, ("pci0000:00",), numa=-1, cls="0x030200") for b in ("0000:00:06.0", "0000:00:07.0")}
    facts = replace(healthy(), gpus=gpus, ib_devices=(), pci=devs)
    assert is_flattened(facts)
    assert gpu_gpu_link(facts, *gpus).path is PathType.PHB
    devs["0000:00:07.0"] = replace(devs["0000:00:07.0"], numa_node=0)
    assert not is_flattened(replace(facts, pci=devs))


# ncclGetLevel (src/graph/paths.cc): strcmp against the names (case-sensitive), else strtol(str, 0)
# when the first character is a digit, capped at SYS.
@pytest.mark.parametrize(("value", "level"), [("PHB", "PHB"), ("sys", None), ("phb", None), ("Phb", None),
                                              ("2", "PXB"), ("2abc", "PXB"), ("010", "SYS"), ("0x1", "PIX"),
                                              ("0", "LOC"), ("5", "SYS"), ("", None), ("bogus", None),
                                              (" 2", None)])
def test_gdr_level_parsed_like_nccl(value, level):
    assert parse_level(value) == level


def test_gdr_level_env_widens_distance():
    facts = healthy()
    # Only mlx5_1 (SYS from GPU0) is usable.
    devs = (replace(facts.ib_devices[0], ports=()), facts.ib_devices[1])
    far = replace(facts, ib_devices=devs)
    assert [g.within_level for g in gdr_by_distance(far)] == [False, True]
    wide = replace(far, nccl=replace(far.nccl, env={"NCCL_NET_GDR_LEVEL": "SYS"}))
    assert [g.within_level for g in gdr_by_distance(wide)] == [True, True]


# -- shared fixtures: computed paths == nvidia-smi topo -m ---------------------------------------
_ESC = re.compile(r"\x1b\[[0-9;]*m")


def _parse_topo(text: str) -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    lines = [_ESC.sub("", line) for line in text.splitlines()]
    header = [c.strip() for c in lines[0].split("\t")]
    matrix = {}
    for line in lines[1:]:
        if not line.startswith("GPU"):
            if not line.strip():
                break
            continue
        cells = [c.strip() for c in line.split("\t")]
        matrix[cells[0]] = {h: c for h, c in zip(header[1:], cells[1:], strict=False) if re.fullmatch(r"(GPU|NIC)\d+", h)}
    legend = dict(re.findall(r"^\s*(NIC\d+):\s*(\S+)", text, re.M))
    return matrix, legend


FIXTURES = ["dgx-h100-ib-ok", "h200x2-vm-no-rdma", "ib-port-down-memlock", "roce-2nic-gid"]


@pytest.mark.parametrize("name", FIXTURES)
def test_matches_nvidia_smi_topo(data, name):
    from ncclkit.probe.collect import collect
    from ncclkit.probe.root import NodeRoot

    folder = data / "nodes" / name
    facts = collect(NodeRoot.open(str(folder)))
    matrix, legend = _parse_topo((folder / "cmd" / "nvidia-smi-topo-m.txt").read_text())
    assert len(matrix) == len(facts.gpus) > 0
    paths = gpu_nic_paths(facts)
    checked = 0
    for gpu in facts.gpus:
        row = matrix[f"GPU{gpu.index}"]
        by_dev = {p.device.name: p.path.name for p in paths[gpu.index] if p.path}
        for col, want in row.items():
            if col.startswith("NIC"):
                assert by_dev[legend[col]] == want, (gpu.index, col)
                checked += 1
            elif want != "X" and (not want.startswith("NV") or any(g.nvlinks for g in facts.gpus)):
                other = next(g for g in facts.gpus if f"GPU{g.index}" == col)
                assert gpu_gpu_link(facts, gpu, other).label == want, (gpu.index, col)
                checked += 1
    assert checked > 0
    assert is_flattened(facts) == (name == "h200x2-vm-no-rdma")


def test_unknown_nic_chain_gives_no_path():
    facts = healthy()
    devs = (replace(facts.ib_devices[0], pci_bdf=None), facts.ib_devices[1])
    facts = replace(facts, ib_devices=devs)
    first = {p.device.name: p.path for p in gpu_nic_paths(facts)[0]}
    assert first["mlx5_0"] is None and first["mlx5_1"] is PathType.SYS
    assert nearest_nic(facts, facts.gpus[0]).device.name == "mlx5_1"


def test_nvlink_from_matrix_only_for_nv_cells():
    facts = healthy()
    no_nv = replace(facts, gpus=tuple(replace(g, nvlinks=()) for g in facts.gpus),
                    topo_matrix="\tGPU0\tGPU1\tNIC0\nGPU0\t X \tNV12\tPIX\nGPU1\tNV12\t X \tSYS\n")
    link = gpu_gpu_link(no_nv, *no_nv.gpus)
    assert (link.label, link.from_matrix) == ("NV12", True)
    # A PCI cell in the matrix is never copied: the chains say SYS.
    pci_only = replace(no_nv, topo_matrix="\tGPU0\tGPU1\nGPU0\t X \tPIX\nGPU1\tPIX\t X \n")
    assert gpu_gpu_link(pci_only, *pci_only.gpus).label == "SYS"
