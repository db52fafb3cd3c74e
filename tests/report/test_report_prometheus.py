"""`ncclkit doctor --format prometheus / --textfile`: metrics read back with prometheus_client's parser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from report_inputs import bench_json, doctor_json, write_json

from ncclkit.cli.main import main
from ncclkit.factsjson import facts_from_json

parser = pytest.importorskip("prometheus_client.parser")


def _samples(text: str) -> dict[str, list]:
    out: dict[str, list] = {}
    for family in parser.text_string_to_metric_families(text):
        for s in family.samples:
            out.setdefault(s.name, []).append(s)
    return out


@pytest.mark.parametrize("node", ["ib-port-down-memlock", "roce-2nic-gid", "h200x2-vm-no-rdma"])
def test_metrics_match_doctor(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], node: str) -> None:
    bench_file = write_json(tmp_path / "bench.json", bench_json(data))
    code = main(["doctor", "--root", str(data / "nodes" / node), "--format", "prometheus",
                 "--bench", str(bench_file)])
    text = capsys.readouterr().out
    doc = doctor_json(data, node)
    assert code == (1 if any(f["severity"] == "error" for f in doc["findings"]) else 0)
    got = _samples(text)
    facts = facts_from_json(doc["facts"])
    active = {(s.labels["device"], s.labels["port"]): s.value for s in got.get("ncclkit_ib_port_active", [])}
    assert active == {(p.device, str(p.port)): float(p.is_active) for p in facts.ib_ports}
    rates = {(s.labels["device"], s.labels["port"]): s.value for s in got.get("ncclkit_ib_port_rate_gbps", [])}
    assert rates == {(p.device, str(p.port)): p.rate_gbps for p in facts.ib_ports if p.rate_gbps is not None}
    by_sev = {s.labels["severity"]: s.value for s in got["ncclkit_findings"]}
    for sev in ("error", "warning", "info"):
        assert by_sev[sev] == sum(1 for f in doc["findings"] if f["severity"] == sev)
    assert {s.labels["id"] for s in got.get("ncclkit_finding", [])} == {f["id"] for f in doc["findings"]}
    gdr = doc["env"]["prediction"]["gdr"]
    assert {s.labels["gpu"]: s.value for s in got.get("ncclkit_gdr_ready", [])} == {
        k: float(bool(v["gdr"])) for k, v in gdr.items()}
    bench = json.loads(bench_file.read_text())
    busbw = {(s.labels["collective"], int(s.labels["size_bytes"])): s.value for s in got["ncclkit_bench_busbw_gbps"]}
    assert busbw == {(s["collective"], s["size_bytes"]): pytest.approx(s["busbw_gbps"]) for s in bench["samples"]}


def test_textfile_written_atomically(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prom = tmp_path / "ncclkit.prom"
    prom.write_text("old content\n")
    main(["doctor", "--root", str(data / "nodes" / "dgx-h100-ib-ok"), "--textfile", str(prom)])
    assert capsys.readouterr().out == ""
    got = _samples(prom.read_text())
    assert got["ncclkit_gpus"][0].value == 8
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ncclkit.prom"]  # no temporary file left


@pytest.mark.parametrize("args, words", [
    (["--textfile", "{tmp}/metrics.txt"], "reads only *.prom"),
    (["--textfile", "{tmp}/nowhere/m.prom"], "does not exist"),
    (["--format", "prometheus", "--bench", "{tmp}/doctor.json"], "not a bench result"),
])
def test_bad_prometheus_options(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                args: list[str], words: str) -> None:
    write_json(tmp_path / "doctor.json", doctor_json(data, "dgx-h100-ib-ok"))
    code = main(["doctor", "--root", str(data / "nodes" / "dgx-h100-ib-ok"),
                 *(a.format(tmp=tmp_path) for a in args)])
    assert code == 2 and words in capsys.readouterr().err
