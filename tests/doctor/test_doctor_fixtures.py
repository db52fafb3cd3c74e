"""run_doctor end to end: shared fixtures' expected.json, the real VM capture, and built snapshots."""

from __future__ import annotations

import json

import pytest

from ncclkit.doctor import run_doctor
from ncclkit.probe.root import NodeRoot
from nodebuilder import NodeBuilder, Port

FIXTURES = ["dgx-h100-ib-ok", "ib-port-down-memlock", "roce-2nic-gid"]


def _subject_ok(must: dict, subject: str) -> bool:
    if must.get("subject") is None:
        return True
    names = [must["subject"], *(must.get("subject_alt") or [])]
    return any(n is not None and str(n).lower() in subject.lower() for n in names)


@pytest.mark.parametrize("name", FIXTURES)
def test_fixture_expected(data, name):
    folder = data / "nodes" / name
    expected = json.loads((folder / "expected.json").read_text())
    report = run_doctor(NodeRoot.open(str(folder)))
    found = report.to_json()["findings"]
    for must in expected["must"]:
        assert any(f["id"] == must["id"] and _subject_ok(must, f["subject"]) for f in found), must
    got = {f["id"] for f in found}
    assert not got & set(expected["must_not"]), got & set(expected["must_not"])
    assert report.exit_code == (1 if any(f["severity"] == "error" for f in found) else 0)


def test_healthy_dgx_has_no_finding_at_all(data):
    report = run_doctor(NodeRoot.open(str(data / "nodes/dgx-h100-ib-ok")))
    assert [f.id for f in report.findings] == [] and report.exit_code == 0


def test_real_vm_capture_rdma_none_no_error(data):
    report = run_doctor(NodeRoot.open(str(data / "nodes/h200x2-vm-no-rdma")))
    ids = [f.id for f in report.findings]
    assert "rdma.none" in ids and "topo.flattened" in ids
    assert all(f.severity != "error" for f in report.findings) and report.exit_code == 0
    assert "gpu.none" not in ids


def _two_gpu_ib(tmp_path, **nic_kw) -> NodeBuilder:
    """GPU0 + mlx5_0 behind one switch (NUMA 0), GPU1 + mlx5_1 behind another (NUMA 1): healthy."""
    b = NodeBuilder(tmp_path, host="n1")
    for i, (rc, bus, numa) in enumerate((("pci0000:15", 0x15, 0), ("pci0000:97", 0x97, 1))):
        rp, up = f"0000:{bus:02x}:01.0", f"0000:{bus + 1:02x}:00.0"
        d0, d1 = f"0000:{bus + 2:02x}:00.0", f"0000:{bus + 2:02x}:03.0"
        for br in (rp, up, d0, d1):
            b.bridge(br, numa=numa)
        kw = nic_kw if i == 0 else {}
        b.gpu(f"0000:{bus + 4:02x}:00.0", [rc, rp, up, d1], numa=numa)
        netdev = f"ibp{bus + 3}s0"
        b.ib_device(f"mlx5_{i}", f"0000:{bus + 3:02x}:00.0", [rc, rp, up, d0], netdev=netdev, numa=numa, **kw)
        b.iface(netdev, ipv4=[f"192.168.{10 + i}.5/24"])
    b.iface("eno1", ipv4=["10.0.0.5/16"], pci="0000:0a:00.0")
    return b.module("nvidia_peermem", version="550.90.07").peermem().memlock("unlimited")


def _ids(folder) -> list[str]:
    return [f.id for f in run_doctor(NodeRoot.open(str(folder))).findings]


def test_built_healthy_node_is_clean(tmp_path):
    assert _ids(_two_gpu_ib(tmp_path).write()) == []


def test_built_pcie_x8_nic(tmp_path):
    b = _two_gpu_ib(tmp_path, width=(8, 16)).bridge("0000:17:00.0", width=(8, 16))
    report = run_doctor(NodeRoot.open(str(b.write())))
    pcie = [f for f in report.findings if f.id == "pcie.link_degraded"]
    assert [f.subject for f in pcie] == ["0000:18:00.0"] and pcie[0].evidence["device"] == "mlx5_0"
    assert report.exit_code == 0


def test_built_roce_without_ipv4_gid(tmp_path):
    b = NodeBuilder(tmp_path, host="r1").bridge("0000:30:01.0").bridge("0000:31:00.0").bridge("0000:32:00.0")
    b.bridge("0000:32:01.0")
    b.gpu("0000:33:00.0", ["pci0000:30", "0000:30:01.0", "0000:31:00.0", "0000:32:00.0"])
    b.ib_device("mlx5_0", "0000:34:00.0", ["pci0000:30", "0000:30:01.0", "0000:31:00.0", "0000:32:01.0"],
                ports=[Port(1, rate="100 Gb/sec (4X EDR)", link_layer="Ethernet")], netdev="ens1f0np0")
    b.iface("ens1f0np0", ipv4=[]).iface("eno1", ipv4=["10.0.0.5/16"], pci="0000:0a:00.0")
    b.module("nvidia_peermem", version="550.90.07").peermem()
    ids = _ids(b.write())
    assert "roce.gid_missing" in ids and "ib.ipoib_missing" not in ids


def test_built_no_gpu_is_error(tmp_path):
    b = NodeBuilder(tmp_path, host="cpu1").iface("eno1", ipv4=["10.0.0.5/16"], pci="0000:0a:00.0")
    report = run_doctor(NodeRoot.open(str(b.write())))
    ids = [f.id for f in report.findings]
    assert ids[:1] == ["gpu.none"] and "rdma.none" in ids and report.exit_code == 1


def test_built_port_down_memlock_and_rate(tmp_path):
    b = _two_gpu_ib(tmp_path, ports=[Port(1, state="1: DOWN", phys="3: Disabled", rate="10 Gb/sec (4X SDR)")])
    b.memlock(65536)
    found = run_doctor(NodeRoot.open(str(b.write()))).findings
    by_id = {f.id: f for f in found}
    assert by_id["ib.port_down"].subject == "mlx5_0:1" and "ib.rate_mismatch" not in by_id
    assert "os.memlock_low" in by_id and by_id["gdr.distance"].subject == "GPU0"
