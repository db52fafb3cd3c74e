"""Proof-run verdicts on real NCCL logs (tests/data/measurements, 2xH200, NCCL 2.28.9) against the
prediction for the real node snapshots (tests/data/nodes)."""

from __future__ import annotations

from pathlib import Path

from ncclkit.cluster.model import NodeEntry
from ncclkit.cluster.proof_judge import judge
from ncclkit.logs.nccl_log import parse_nccl_log
from ncclkit.probe.collect import collect
from ncclkit.probe.root import NodeRoot


def _entry(data: Path, fixture: str, rank: int) -> NodeEntry:
    facts = collect(NodeRoot.open(str(data / "nodes" / fixture)))
    return NodeEntry(rank=rank, host=f"node{rank}", addr=f"10.0.0.{rank + 1}", facts=facts)


def _worker(data: Path, log: str, rank: int, bus_id: str) -> dict:
    path = data / "measurements" / log
    summary = parse_nccl_log(path.read_text().splitlines())
    return {"rank": rank, "device": 0, "bus_id": bus_id, "ok": True, "error": None,
            "returncode": 0, "log": str(path), "observed": summary.to_json(include_map=True)}


SIM = "nccl-debug-2-simulated-nodes-socket-2.28.9.log"
NVLINK = "nccl-debug-2xH200-nvlink-2.28.9.log"
FORCED = "nccl-debug-2xH200-forced-socket-2.28.9.log"


def test_two_simulated_nodes_socket_predicted_and_proven(data) -> None:
    entries = [_entry(data, "h200x2-vm-no-rdma", 0)]
    results = [{"node_rank": 0, "workers": [_worker(data, SIM, 0, "0000:00:06.0")]}]
    section, findings = judge(results, entries, (1, 1))
    assert [(f.id, f.severity) for f in findings] == [("cluster.proof_ok", "info")]
    assert section["nodes"][0]["prediction"]["net"]["plugin"] == "Socket"


def test_ib_predicted_but_socket_used_is_a_mismatch(data) -> None:
    entries = [_entry(data, "dgx-h100-ib-ok", 0)]
    bus = entries[0].facts.gpus[0].bus_id
    results = [{"node_rank": 0, "workers": [_worker(data, SIM, 0, bus)]}]
    _, findings = judge(results, entries, (1, 1))
    [f] = [f for f in findings if f.id == "cluster.transport_mismatch"]
    assert f.severity == "error" and f.subject == "node0/rank0 10.0.0.1 GPU0"
    assert (f.evidence["predicted"], f.evidence["observed"]) == ("IB", "Socket")


def test_one_node_two_gpus_nvlink_p2p_proven(data) -> None:
    entries = [_entry(data, "h200x2-vm-no-rdma", 0)]
    workers = [_worker(data, NVLINK, 0, "0000:00:06.0"), _worker(data, NVLINK, 1, "0000:00:07.0")]
    section, findings = judge([{"node_rank": 0, "workers": workers}], entries, (2,))
    assert [f.id for f in findings] == ["cluster.proof_ok"]
    assert section["nodes"][0]["prediction"]["transports"]["GPU0-GPU1"]["transport"].startswith("P2P")


def test_p2p_predicted_but_forced_to_network_is_a_mismatch(data) -> None:
    entries = [_entry(data, "h200x2-vm-no-rdma", 0)]  # its env does not disable P2P
    workers = [_worker(data, FORCED, 0, "0000:00:06.0"), _worker(data, FORCED, 1, "0000:00:07.0")]
    _, findings = judge([{"node_rank": 0, "workers": workers}], entries, (2,))
    [f] = findings
    assert f.id == "cluster.transport_mismatch" and f.subject == "node0/rank0 10.0.0.1 GPU0-GPU1"
    assert f.evidence["observed"].startswith("NET/Socket")


def test_failed_rank_reported_with_log_errors(data) -> None:
    entries = [_entry(data, "h200x2-vm-no-rdma", 0)]
    w = _worker(data, SIM, 0, "0000:00:06.0") | {"ok": False, "error": "killed after 10s"}
    _, findings = judge([{"node_rank": 0, "workers": [w]}], entries, (1, 1))
    assert [f.id for f in findings] == ["cluster.proof_failed"]
    assert "killed after 10s" in findings[0].message
