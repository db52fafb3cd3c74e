"""`ncclkit report`: kinds told from shapes, bad inputs, escaping, topology drawing, plots' data, offline page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from local_ports import free_port
from report_inputs import (
    analyze_json,
    bench_json,
    cluster_json,
    doctor_json,
    write_json,
)

from ncclkit.cli.main import main
from ncclkit.errors import NcclkitError
from ncclkit.factsjson import facts_from_json
from ncclkit.report.html import render_html
from ncclkit.report.sources import load_source
from ncclkit.report.topo_svg import build_tree
from ncclkit.report.views_net import bench_views, transport_rows
from ncclkit.nccl.paths import gpu_nic_paths

pytest.importorskip("matplotlib")



@pytest.fixture(scope="module")
def inputs(data: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("report-inputs")
    return {
        "doctor": write_json(tmp / "doctor.json", doctor_json(data, "ib-port-down-memlock")),
        "analyze": write_json(tmp / "analyze.json", analyze_json(data)),
        "bench": write_json(tmp / "bench.json", bench_json(data)),
        "cluster": write_json(tmp / "cluster.json", cluster_json(tmp, free_port())),
        "log": data / "measurements" / "nccl-debug-2xH200-forced-socket-2.28.9.log",
    }


@pytest.fixture(scope="module")
def page(inputs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report-page") / "report.html"
    code = main(["report", *(str(p) for p in inputs.values()), "--out", str(out)])
    assert code == 0 and out.is_file()
    return out


def test_kind_detected_from_shape(inputs: dict[str, Path], data: Path, tmp_path: Path) -> None:
    for kind in ("doctor", "analyze", "bench", "cluster"):
        assert load_source(inputs[kind]).kind == kind
    env = json.loads(inputs["doctor"].read_text())["env"]
    assert load_source(write_json(tmp_path / "env.json", env)).kind == "env"
    one = load_source(write_json(tmp_path / "one.json", analyze_json(data)[0]))
    assert one.kind == "analyze" and isinstance(one.data, list)
    raw = load_source(inputs["log"])  # a raw NCCL log is analyzed on the way
    assert raw.kind == "analyze" and raw.data[0]["kind"] == "nccl_log"


@pytest.mark.parametrize("content, words", [
    ("{not json", "not valid JSON"),
    ('{"schema_version": 1, "comm_bytes_per_step": 5}', "not an ncclkit result"),
    ('{"host": "h", "facts": {"host": 3}, "findings": []}', "unreadable facts"),
    ('{"nodes": [], "reachability": [{"src": "a"}], "findings": []}', "reachability[0]"),
    ('{"schema_version": 1, "findings": [{"message": "x"}]}', "not an ncclkit result"),
    ("just some words, no log\n", "neither an ncclkit result"),
])
def test_bad_file_is_named(tmp_path: Path, content: str, words: str) -> None:
    bad = tmp_path / "bad-input.json"
    bad.write_text(content)
    with pytest.raises(NcclkitError) as err:
        load_source(bad)
    assert str(bad) in err.value.message and words in err.value.message and err.value.hint


def test_cli_bad_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "--no-doctor", str(tmp_path / "missing.json"), "--out", str(tmp_path / "r.html")]) == 2
    assert "missing.json: no such file" in capsys.readouterr().err
    assert not (tmp_path / "r.html").exists()


def test_user_text_is_escaped(inputs: dict[str, Path], tmp_path: Path) -> None:
    data = json.loads(inputs["doctor"].read_text())
    evil = '<script>alert("x")</script><img src="http://evil.example/x.png">'
    data["findings"][0] |= {"message": evil, "subject": evil, "fix": evil}
    html = render_html([load_source(write_json(tmp_path / "evil.json", data))])
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;alert(" in html


def test_topology_tree_matches_facts(inputs: dict[str, Path]) -> None:
    data = json.loads(inputs["doctor"].read_text())
    facts = facts_from_json(data["facts"])
    roots = build_tree(facts, data["env"]["prediction"])

    def walk(nodes):
        return [n for node in nodes for n in (node, *walk(node.children))]

    nodes = walk(roots)
    assert sum(n.kind == "gpu" for n in nodes) == len(facts.gpus)
    assert sum(n.kind == "nic" for n in nodes) == len(facts.ib_devices)
    numa = {(facts.pci[g.bus_id.lower()].numa_node) for g in facts.gpus}
    assert {n.key for n in roots} == {f"numa{k}" for k in numa}
    down = {p.device for p in facts.ib_ports if not p.is_active}
    assert {n.key for n in nodes if n.kind == "nic" and n.bad} == down
    # A GPU and the NIC it reaches at PIX hang under the same switch box.
    parent = {c.key: n for n in nodes for c in n.children}
    for index, paths in gpu_nic_paths(facts).items():
        gpu = next(g for g in facts.gpus if g.index == index)
        for p in paths:
            if p.path is not None and p.path.name == "PIX":
                assert parent[gpu.bus_id] is parent[p.device.name]
                assert parent[gpu.bus_id].kind == "switch"


def test_busbw_views_carry_expectation_and_reference(inputs: dict[str, Path]) -> None:
    sources = [load_source(inputs["bench"]), load_source(inputs["analyze"])]
    (view,) = bench_views(sources)
    bench = json.loads(inputs["bench"].read_text())
    ev = next(f["evidence"] for f in bench["findings"] if "expected_busbw_gbps" in f["evidence"])
    labels = [p[0] for p in view.peaks]
    assert any(label.startswith("nccl-tests") for label in labels)
    assert any(label.startswith("ncclkit nccl") for label in labels)
    assert max(s["busbw_gbps"] for s in bench["samples"]) in [p[1] for p in view.peaks]
    assert any(ev["source"] in n for n in view.notes)
    assert f"{ev['expected_busbw_gbps']:.1f} GB/s" in view.svg  # legend text kept as an SVG comment


def test_transports_predicted_vs_observed(data: Path, inputs: dict[str, Path], tmp_path: Path) -> None:
    # The log was taken on the VM captured as h200x2-vm-no-rdma (host "vm"): compared with it.
    vm = write_json(tmp_path / "vm.json", doctor_json(data, "h200x2-vm-no-rdma"))
    sources = [load_source(vm), load_source(inputs["log"])]
    rows = transport_rows(sources)
    log = sources[1].data[0]
    net = next(r for r in rows if r.what == "network")
    assert net.observed.startswith(str(log["network"]))
    pred = json.loads(vm.read_text())["env"]["prediction"]
    assert net.predicted == pred["net"]["plugin"]
    # A doctor of another node (hgx-a100-ib-12) is not compared with that log (audit item 10).
    rows = transport_rows([load_source(inputs["doctor"]), load_source(inputs["log"])])
    assert rows and all("no prediction for its hosts" in r.where for r in rows)


def test_page_offline_and_complete(page: Path, inputs: dict[str, Path]) -> None:
    html = page.read_text()
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", html, re.IGNORECASE)
    assert "<script" not in html.lower() and "<link" not in html.lower() and "@import" not in html
    assert "url(" not in html.replace("url(#", "")  # only in-document SVG references
    for element_id in ("findings", "topology-svg-0", "path-table-0", "busbw-all-reduce-svg",
                       "reachability-matrix-0", "transport-table"):
        assert f'id="{element_id}"' in html, element_id
    cluster = json.loads(inputs["cluster"].read_text())
    if cluster.get("bandwidth"):
        assert 'id="cluster-0-heatmap"' in html
    for f in json.loads(inputs["doctor"].read_text())["findings"]:
        assert f'data-id="{f["id"]}"' in html


def test_missing_extra_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from ncclkit.report.plots import require_matplotlib
    from ncclkit.report.prometheus import build_registry

    monkeypatch.setitem(__import__("sys").modules, "matplotlib", None)
    monkeypatch.setitem(__import__("sys").modules, "prometheus_client", None)
    with pytest.raises(NcclkitError) as err:
        require_matplotlib()
    assert "ncclkit[report]" in err.value.hint
    with pytest.raises(NcclkitError) as err:
        build_registry({"facts": {}, "findings": []})
    assert "ncclkit[report]" in err.value.hint
