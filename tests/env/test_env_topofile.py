"""NCCL topology XML: written from facts, read back, and checked against the node."""

from __future__ import annotations

import json
from dataclasses import replace

import doctor_facts as df
import pytest

from ncclkit.cli.main import main
from ncclkit.errors import NcclkitError
from ncclkit.topofile import check_topo_text, parse_topo_xml, validate_topo, write_topo_xml
from ncclkit.nccl.paths import PathType


def test_write_then_read_agrees_with_facts():
    facts = df.healthy()
    xml = write_topo_xml(facts)
    topo = parse_topo_xml(xml, "t.xml")
    assert topo.version == "1"
    by_bus = {d.busid: d for d in topo.devices}
    assert set(by_bus) == {df.GPU0, df.GPU1, df.NIC0, df.NIC1}
    assert topo.path_type(by_bus[df.GPU0], by_bus[df.NIC0]) is PathType.PIX
    assert topo.path_type(by_bus[df.GPU0], by_bus[df.NIC1]) is PathType.SYS
    assert validate_topo(topo, facts, "t.xml") == []


def test_findings_for_a_wrong_file():
    facts = df.healthy()
    xml = f"""<system version="2">
  <cpu numaid="1">
    <pci busid="ffff:ff:01.0" class="0x060400">
      <pci busid="{df.GPU0.upper()}" class="0x030200"/>
      <pci busid="0000:{df.NIC1[5:]}" class="0x020700"><nic><net name="mlx5_9" dev="0"/></nic></pci>
      <pci busid="0000:e1:00.0" class="0x030200"/>
    </pci>
  </cpu>
</system>"""
    found = check_topo_text(facts, xml, "vm-topo.xml")
    msgs = " | ".join(f.message for f in found)
    assert {f.id for f in found} == {"env.topo_file_invalid"}
    assert "wrong version" in msgs  # version 2
    assert "0000:e1:00.0" in msgs  # a GPU this node does not have
    assert "mlx5_9" in msgs  # a NIC name that does not exist
    assert "GPU1" in msgs and "mlx5_0" in msgs  # left out of the file
    assert "wrong CPU" in msgs  # GPU0 is on NUMA 0, the file says 1
    assert "contradicts" in msgs  # GPU0 and mlx5_1 are SYS on the node, PIX in the file


def test_missing_and_unparsable():
    facts = df.healthy()
    assert check_topo_text(facts, None, "/x.xml")[0].severity == "error"
    bad = check_topo_text(facts, "<system version='1'><cpu>", "b.xml")
    assert "b.xml: line 1" in bad[0].message
    with pytest.raises(NcclkitError, match="not <system>"):
        parse_topo_xml("<topology/>", "c.xml")


def test_flattened_refused_but_checked():
    facts = df.healthy()
    from ncclkit.facts import PciDevice
    pci = {b: PciDevice(bdf=b, numa_node=-1, path=("pci0000:00", b)) for b in (df.GPU0, df.GPU1, df.NIC0, df.NIC1)}
    flat = replace(facts, pci=pci)
    with pytest.raises(NcclkitError, match="flattened"):
        write_topo_xml(flat)
    # a provider file for the VM: placements are not contradicted by the (untrusted) facts
    good = write_topo_xml(facts)
    assert validate_topo(parse_topo_xml(good, "p.xml"), flat, "p.xml") == []


def test_cli_topo_out_and_env_topo_file(tmp_path, data, capsys):
    node = data / "nodes" / "dgx-h100-ib-ok"
    out_file = tmp_path / "topo.xml"
    assert main(["env", "--root", str(node), "--topo-out", str(out_file), "--format", "dotenv"]) == 0
    capsys.readouterr()
    assert main(["env", "--root", str(node), "--topo-file", str(out_file), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["findings"] == []
    other = tmp_path / "other.xml"
    other.write_text(write_topo_xml(df.healthy()))  # same bus ids for 4 devices, the rest left out
    assert main(["env", "--root", str(node), "--topo-file", str(other), "--json"]) == 0
    assert "GPU1 0000:43:00.0" in json.loads(capsys.readouterr().out)["findings"][0]["message"]
    other.write_text(write_topo_xml(df.healthy()).replace("0000:9d:00.0", "0000:e1:00.0"))
    assert main(["env", "--root", str(node), "--topo-file", str(other), "--json"]) == 1
    assert "0000:e1:00.0" in capsys.readouterr().out
    assert main(["env", "--root", str(data / "nodes" / "h200x2-vm-no-rdma"),
                 "--topo-out", str(tmp_path / "vm.xml")]) == 2
    assert not (tmp_path / "vm.xml").exists()
