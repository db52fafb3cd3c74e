"""Every shared corpus / measurement file parses, and its hand-labelled facts (labels.json) match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ncclkit.logs.analyze import analyze_path

KIND = {"nccl_logs": ("nccl_log",), "nccl_tests": ("nccl_tests",), "topo": ("topo",),
        "ibstat": ("ibstat", "ibv_devinfo"), "ibv_devinfo": ("ibv_devinfo", "ibstat"),
        "show_gids": ("show_gids",)}


def _labels(shared: Path) -> dict:
    return json.loads((shared / "corpus" / "labels.json").read_text())


def _state_word(s: str | None) -> str | None:
    if s is None:
        return None
    s = s.lower().replace("_", "").replace(" ", "")
    for word in ("active", "down", "init", "armed", "polling", "linkup", "disabled", "sleep"):
        if word in s:
            return word
    return s


def test_every_labelled_file_matches(shared: Path) -> None:
    misses: list[str] = []
    for rel, lab in sorted(_labels(shared).items()):
        out = analyze_path(shared / "corpus" / rel)
        if out["kind"] not in KIND[lab["kind"]]:
            misses.append(f"{rel}: kind {out['kind']}")
            continue
        if lab["kind"] == "nccl_logs":
            if sorted(set(lab["transports_seen"])) != out["transports"]:
                misses.append(f"{rel}: transports {out['transports']}")
            if lab.get("gdr") in (True, False) and out["gdr"] is not lab["gdr"]:
                misses.append(f"{rel}: gdr {out['gdr']}")
            if lab.get("nccl_version") and out["nccl_version"] != lab["nccl_version"]:
                misses.append(f"{rel}: version {out['nccl_version']}")
            if lab.get("nnodes") and len(out["hosts"]) != lab["nnodes"]:
                misses.append(f"{rel}: hosts {out['hosts']}")
            if lab.get("nranks") and out["nranks"] != lab["nranks"]:
                misses.append(f"{rel}: nranks {out['nranks']}")
            if lab.get("using_network") and out["network"] not in lab["using_network"]:
                misses.append(f"{rel}: network {out['network']}")
            if lab.get("error"):
                core = lab["error"].split("NCCL WARN", 1)[-1].strip()[:60]
                if not any(core in e["text"] for e in out["errors"]):
                    misses.append(f"{rel}: error not found")
        elif lab["kind"] == "nccl_tests":
            if lab.get("collective") and out["collective"] != lab["collective"]:
                misses.append(f"{rel}: collective {out['collective']}")
            if lab.get("nranks") and out["nranks"] != lab["nranks"]:
                misses.append(f"{rel}: nranks {out['nranks']}")
            if out["peak_busbw_gbps"] != pytest.approx(lab["peak_busbw_GBps"], abs=0.011):
                misses.append(f"{rel}: peak {out['peak_busbw_gbps']}")
            wrong = lab.get("wrong")
            if isinstance(wrong, dict) and wrong.get("out_of_place_total") is not None:
                total = wrong["out_of_place_total"] + (wrong.get("in_place_total") or 0)
                if out["wrong_total"] != total:
                    misses.append(f"{rel}: wrong_total {out['wrong_total']}")
        elif lab["kind"] == "topo":
            for gpu, row in lab["gpu_nic_matrix"].items():
                if out["gpu_nic"].get(gpu) != row:
                    misses.append(f"{rel}: {gpu} row {out['gpu_nic'].get(gpu)}")
        elif lab["kind"] in ("ibstat", "ibv_devinfo"):
            for d in lab["devices"]:
                got = [p for p in out["ports"] if p["device"] == d["device"]]
                if not got:
                    misses.append(f"{rel}: {d['device']} missing")
                    continue
                p = got[0]
                for key, lkey in (("state", "state"), ("phys_state", "physical_state")):
                    if d.get(lkey) is not None and _state_word(p[key]) != _state_word(d[lkey]):
                        misses.append(f"{rel}: {d['device']} {key} {p[key]}")
                if d.get("rate") is not None and p["rate_gbps"] != float(d["rate"]):
                    misses.append(f"{rel}: {d['device']} rate {p['rate_gbps']}")
                if d.get("link_layer") is not None and p["link_layer"] != d["link_layer"]:
                    misses.append(f"{rel}: {d['device']} link_layer {p['link_layer']}")
        elif lab["kind"] == "show_gids":
            want: dict[str, set[int]] = {}
            for g in lab["roce_v2_ipv4_gids"]:
                want.setdefault(g["dev"], set()).add(g["index"])
            for dev, idx in want.items():
                got = out["recommended_gid_index"].get(f"{dev}:1")
                if got not in idx:
                    misses.append(f"{rel}: {dev} gid {got}")
    assert misses == []


def test_contract_fields_exactly(shared: Path) -> None:
    fields = {"nccl_log": {"nccl_version", "nranks", "hosts", "transports", "network", "gdr", "errors"},
              "nccl_tests": {"collective", "nranks", "rows", "peak_busbw_gbps", "avg_busbw_gbps", "wrong_total"},
              "topo": {"gpus", "nics", "nic_names", "gpu_nic"}, "ibstat": {"ports"}, "ibv_devinfo": {"ports"},
              "show_gids": {"gids", "recommended_gid_index"}}
    for rel in _labels(shared):
        out = analyze_path(shared / "corpus" / rel)
        assert set(out) == {"file", "kind", "findings"} | fields[out["kind"]], rel


def test_measurement_logs(shared: Path) -> None:
    m = shared / "measurements"
    nvlink = analyze_path(m / "nccl-debug-2xH200-nvlink-2.28.9.log")
    assert (nvlink["nccl_version"], nvlink["nranks"], nvlink["transports"]) == ("2.28.9", 2, ["P2P/direct"])
    sock = analyze_path(m / "nccl-debug-2xH200-forced-socket-2.28.9.log")
    assert sock["transports"] == ["NET/Socket"] and sock["gdr"] is False and sock["network"] == "Socket"
    ids = {f["id"] for f in sock["findings"]}
    assert {"log.net_socket", "log.p2p_disabled"} <= ids
    tests = analyze_path(m / "nccl-tests-allreduce-2xH200-nvlink.txt")
    assert tests["kind"] == "nccl_tests" and tests["peak_busbw_gbps"] == 345.35
    assert tests["avg_busbw_gbps"] == 236.259 and tests["nranks"] == 2 and tests["wrong_total"] == 0


def test_error_findings_drive_classification(shared: Path) -> None:
    out = analyze_path(shared / "corpus/nccl_logs/nccl1405-roce-completion-status12-vendor129.txt")
    f = next(f for f in out["findings"] if f["id"] == "log.ib_completion_error")
    assert f["severity"] == "error" and "IBV_WC_RETRY_EXC_ERR" in f["message"] and "0x81" in f["message"]
    out = analyze_path(shared / "corpus/nccl_tests/nccltests182-a100-vm-hdr-duplicated-nonmpi.txt")
    assert "tests.duplicated_output" in {f["id"] for f in out["findings"]}
    out = analyze_path(shared / "corpus/nccl_tests/a3mega-h100-2node-allreduce-8G.txt")
    assert "tests.busbw_above_nic" in {f["id"] for f in out["findings"]}
    out = analyze_path(shared / "corpus/ibstat/nccltests128-mt4123-ib200-one-port-down.txt")
    assert [f["subject"] for f in out["findings"] if f["id"] == "ibstat.port_down"] == ["mlx5_1:1"]
