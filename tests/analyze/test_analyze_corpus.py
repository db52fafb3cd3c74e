"""Every shared corpus / measurement file parses, and its hand-labelled facts (labels.json) match."""

from __future__ import annotations

import json
from pathlib import Path


from ncclkit.logs.analyze import analyze_path

from analyze_labels import label_misses

def _labels(data: Path) -> dict:
    return json.loads((data / "corpus" / "labels.json").read_text())


def test_every_labelled_file_matches(data: Path) -> None:
    misses: list[str] = []
    for rel, lab in sorted(_labels(data).items()):
        misses += label_misses(rel, lab, analyze_path(data / "corpus" / rel))
    assert misses == []


def test_contract_fields_exactly(data: Path) -> None:
    fields = {"nccl_log": {"nccl_version", "nranks", "hosts", "transports", "network", "gdr", "errors"},
              "nccl_tests": {"collective", "nranks", "rows", "peak_busbw_gbps", "avg_busbw_gbps", "wrong_total"},
              "topo": {"gpus", "nics", "nic_names", "gpu_nic"}, "ibstat": {"ports"}, "ibv_devinfo": {"ports"},
              "show_gids": {"gids", "recommended_gid_index"}}
    for rel in _labels(data):
        out = analyze_path(data / "corpus" / rel)
        assert set(out) == {"file", "kind", "findings"} | fields[out["kind"]], rel


def test_measurement_logs(data: Path) -> None:
    m = data / "measurements"
    nvlink = analyze_path(m / "nccl-debug-2xH200-nvlink-2.28.9.log")
    assert (nvlink["nccl_version"], nvlink["nranks"], nvlink["transports"]) == ("2.28.9", 2, ["P2P/direct"])
    sock = analyze_path(m / "nccl-debug-2xH200-forced-socket-2.28.9.log")
    assert sock["transports"] == ["NET/Socket"] and sock["gdr"] is False and sock["network"] == "Socket"
    ids = {f["id"] for f in sock["findings"]}
    assert "log.net_socket" in ids
    # NCCL_P2P_DISABLE=1 is in this log, but NCCL counts its two ranks as two nodes ("nNodes 2 localRanks 1"): no
    # traffic is intra-node, so the setting changes nothing here
    assert "log.p2p_disabled" not in ids
    tests = analyze_path(m / "nccl-tests-allreduce-2xH200-nvlink.txt")
    assert tests["kind"] == "nccl_tests" and tests["peak_busbw_gbps"] == 345.35
    assert tests["avg_busbw_gbps"] == 236.259 and tests["nranks"] == 2 and tests["wrong_total"] == 0


def test_error_findings_drive_classification(data: Path) -> None:
    out = analyze_path(data / "corpus/nccl_logs/nccl1405-roce-completion-status12-vendor129.txt")
    f = next(f for f in out["findings"] if f["id"] == "log.ib_completion_error")
    assert f["severity"] == "error" and "IBV_WC_RETRY_EXC_ERR" in f["message"] and "0x81" in f["message"]
    out = analyze_path(data / "corpus/nccl_tests/nccltests182-a100-vm-hdr-duplicated-nonmpi.txt")
    assert "tests.duplicated_output" in {f["id"] for f in out["findings"]}
    # A3 Mega: 8 H100 and 8 x 200 Gb/s NICs per node, so 200 GB/s a node; 338.8 GB/s is above it.
    a3 = data / "corpus/nccl_tests/a3mega-h100-2node-allreduce-8G.txt"
    assert "tests.busbw_above_nic" in {f["id"] for f in analyze_path(a3, line_rate_gbps=200)["findings"]}
    assert "tests.busbw_above_nic" not in {f["id"] for f in analyze_path(a3, line_rate_gbps=400)["findings"]}
    out = analyze_path(data / "corpus/ibstat/nccltests128-mt4123-ib200-one-port-down.txt")
    assert [f["subject"] for f in out["findings"] if f["id"] == "ibstat.port_down"] == ["mlx5_1:1"]
