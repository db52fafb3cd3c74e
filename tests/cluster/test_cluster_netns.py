"""`ncclkit cluster` across three network namespaces (real gloo, real TCP, real iptables faults)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.netns, pytest.mark.slow]

TIMEOUT_S = 10
# Each process first collects its facts and imports torch (up to ~7 s with three nodes on two
# cores), then waits at most one timeout on the failed peer, plus the heartbeat check (2 s), the
# grace for a late `no_master` note (2.5 s) and the finish hand-off (<= 3 s).
MARGIN_S = 16


def _report(node) -> dict:
    assert node.stdout.strip(), f"rank 0 printed no report; stderr:\n{node.stderr}"
    return json.loads(node.stdout)


def _ids(report: dict, fid: str) -> list[dict]:
    return [f for f in report["findings"] if f["id"] == fid]


def test_three_nodes_healthy(netns_cluster) -> None:
    c = netns_cluster(3)
    c.start_cluster(timeout_s=TIMEOUT_S)
    codes = c.wait_all(TIMEOUT_S + MARGIN_S)
    n0 = c.nodes[0]
    assert codes == [0, 0, 0], [n.stderr for n in c.nodes]
    report = _report(n0)
    assert [(n["host"], n["rank"], n["addr"]) for n in report["nodes"]] == [
        (n.host, n.index, n.addr) for n in c.nodes]
    rows = report["reachability"]
    assert len(rows) == 3 * 5  # each node: master + 2 peers x (probe port, ephemeral-range port)
    assert all(r["ok"] for r in rows), rows
    assert report["reachability_counts"] == {"connects": 15, "ok": 15, "failed": 0,
                                            "streams": report["reachability_counts"]["streams"]}
    assert len(report["reachability_counts"]["streams"]) == 6
    assert {r["port"] for r in rows} - {c.master_port, c.master_port + 1}  # ephemeral ports
    assert report["probe_plan"]["mode"] == "mesh"
    assert [p["phase"] for p in report["phases"]] == ["join", "reachability", "judge",
                                                      "gloo group", "proof", "bandwidth"]
    assert all(p["took_s"] <= p["budget_s"] for p in report["phases"] if "budget_s" in p)
    assert report["phases"][2]["state_bytes"] > 3 * 1000  # three nodes' facts and summaries
    assert not _ids(report, "cluster.slow_node")
    assert {(r["src"], r["dst"]) for r in rows if not r["dst"].startswith("master")} == {
        (f"{a.host}/rank{a.index} {a.addr}", f"{b.host}/rank{b.index} {b.addr}")
        for a in c.nodes for b in c.nodes if a is not b}
    assert not [f for f in report["findings"] if f["severity"] == "error"]
    pass1 = [(p["a"].split()[0], p["b"].split()[0]) for p in report["bandwidth"]["pairs"]
             if p["pass"] == 1]
    assert pass1 == [("node0/rank0", "node1/rank1"), ("node0/rank0", "node2/rank2")]
    assert all(p["a_to_b_gbps"] > 0 and p["b_to_a_gbps"] > 0 for p in report["bandwidth"]["pairs"])
    # No GPU in the namespaces: gloo measures, says why, and that is no finding on CPU nodes.
    bw = report["bandwidth"]
    assert (bw["backend"], bw["iters"]) == ("gloo", 3)
    assert bw["fallback_reason"].startswith("no visible CUDA GPU on node0/rank0")
    assert not _ids(report, "cluster.bandwidth_fallback")


def test_master_port_dropped_for_one_node(netns_cluster) -> None:
    c = netns_cluster(3)
    n0, _, n2 = c.nodes
    c.iptables(n2, "-A", "OUTPUT", "-p", "tcp", "-d", n0.addr, "--dport", str(c.master_port),
               "-j", "DROP")
    c.start_cluster(timeout_s=TIMEOUT_S)
    codes = c.wait_all(TIMEOUT_S + MARGIN_S)
    assert codes == [1, 1, 1]
    assert f"cannot reach rank 0 at {n0.addr}:{c.master_port} within {TIMEOUT_S}s" in n2.stderr
    assert n2.elapsed_s < TIMEOUT_S + MARGIN_S
    report = _report(n0)
    missing = _ids(report, "cluster.node_missing")
    assert [f["subject"] for f in missing] == [f"node2/rank2 {n2.addr}"]
    unreachable = _ids(report, "cluster.unreachable")
    assert [f["subject"] for f in unreachable] == [
        f"node2/rank2 {n2.addr}->node0/rank0 {n0.addr}:{c.master_port}"]
    # The others still check each other; the collectives wait for a complete job.
    assert report["reachability_counts"]["failed"] == 0
    assert {p["phase"]: p.get("skipped") for p in report["phases"]}["proof and bandwidth"] == \
        "1 node(s) missing"
    assert n0.elapsed_s < TIMEOUT_S + MARGIN_S


def test_probe_port_dropped_on_one_node(netns_cluster) -> None:
    c = netns_cluster(3)
    n0, n1, n2 = c.nodes
    probe_port = c.master_port + 1
    c.iptables(n1, "-A", "INPUT", "-p", "tcp", "--dport", str(probe_port), "-j", "DROP")
    c.start_cluster(timeout_s=TIMEOUT_S)
    codes = c.wait_all(TIMEOUT_S + MARGIN_S)
    assert codes == [1, 1, 1], [n.stderr for n in c.nodes]
    report = _report(n0)
    # Both other nodes fail on node 1 while reaching each other: node 1 is named, not two pairs.
    unreachable = _ids(report, "cluster.unreachable")
    assert [f["subject"] for f in unreachable] == [f"node1/rank1 {n1.addr}"]
    assert unreachable[0]["evidence"]["ports"] == [probe_port]
    assert sorted(unreachable[0]["evidence"]["from"]) == [f"{a.host}/rank{a.index} {a.addr}"
                                                          for a in (n0, n2)]
    bad = [r for r in report["reachability"] if not r["ok"]]
    assert len(bad) == 2 and all("no answer within" in r["error"] for r in bad)
    assert not _ids(report, "cluster.node_missing")
    assert n0.elapsed_s < TIMEOUT_S + MARGIN_S


def test_node_killed_mid_run(netns_cluster) -> None:
    c = netns_cluster(3)
    n0, _n1, n2 = c.nodes
    # Big messages keep the bandwidth phase long enough to kill node 2 inside it.
    c.start_cluster("--bw-size", str(64 << 20), "--bw-iters", "8", timeout_s=TIMEOUT_S)
    # Only the wait for the moment to kill is generous (three processes import torch on a busy
    # machine first); the bounds that matter are measured from the kill below.
    deadline = time.monotonic() + 6 * (TIMEOUT_S + MARGIN_S)
    while "phase: bandwidth" not in n2.stderr and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "phase: bandwidth" in n2.stderr, n2.stderr
    n2.proc.kill()
    killed_at = time.monotonic()
    codes = c.wait_all(TIMEOUT_S + MARGIN_S)
    assert codes[0] == 1 and codes[1] == 1, [n.stderr for n in c.nodes]
    assert n0.ended - killed_at < TIMEOUT_S + MARGIN_S
    report = _report(n0)
    missing = _ids(report, "cluster.node_missing")
    assert [f["subject"] for f in missing] == [f"node2/rank2 {n2.addr}"]
    assert "bandwidth" in missing[0]["evidence"]["phase"]
    assert len(report["nodes"]) == 3  # facts were gathered before it died


def test_node_never_starts(netns_cluster) -> None:
    c = netns_cluster(3)
    c.start_cluster(timeout_s=TIMEOUT_S, skip=(1,))
    codes = c.wait_all(TIMEOUT_S + MARGIN_S)
    assert codes == [1, None, 1]
    report = _report(c.nodes[0])
    assert [f["subject"] for f in _ids(report, "cluster.node_missing")] == ["rank1"]
    assert c.nodes[0].elapsed_s < TIMEOUT_S + MARGIN_S


def test_slow_node_isolated_by_second_pass(netns_cluster) -> None:
    if not shutil.which("tc"):
        pytest.skip("needs tc (iproute2)")
    c = netns_cluster(3)
    n2 = c.nodes[2]
    # Shape both directions of node 2's link to 40 Mbit/s: about 5 MB/s against ~1 GB/s elsewhere.
    shape = ("root", "tbf", "rate", "40mbit", "burst", "32kbit", "latency", "400ms")
    subprocess.run(["tc", "qdisc", "add", "dev", c.veth(n2), *shape], check=True)
    subprocess.run(["ip", "netns", "exec", n2.ns, "tc", "qdisc", "add", "dev", "eth0", *shape],
                   check=True)
    c.start_cluster("--bw-size", str(1 << 20), timeout_s=TIMEOUT_S + 10)
    codes = c.wait_all(TIMEOUT_S + 10 + 30)
    assert codes == [0, 0, 0], [n.stderr for n in c.nodes]
    report = _report(c.nodes[0])
    slow = _ids(report, "cluster.slow_pair")
    assert [f["subject"] for f in slow] == [
        f"node0/rank0 {c.nodes[0].addr}<->node2/rank2 {n2.addr}"]
    assert f"node2/rank2 {n2.addr} is slow with every partner" in slow[0]["message"]
    assert {(p["a"].split()[0], p["b"].split()[0]) for p in report["bandwidth"]["pairs"]
            if p["pass"] == 2} == {("node1/rank1", "node2/rank2")}
    # The reachability phase's bulk streams name it too, before any collective runs.
    assert [f["subject"] for f in _ids(report, "cluster.slow_node")] == [f"node2/rank2 {n2.addr}"]


def test_torchrun_static_rendezvous(netns_cluster) -> None:
    torchrun = shutil.which("torchrun") or str(Path(sys.executable).parent / "torchrun")
    c = netns_cluster(3)
    n0 = c.nodes[0]
    for node in c.nodes:
        c.start(node, [torchrun, "--nnodes", "3", "--nproc-per-node", "1", "--rdzv-backend",
                       "static", "--rdzv-endpoint", f"{n0.addr}:{c.master_port}", "--node-rank",
                       str(node.index), "--max-restarts", "0", "-m", "ncclkit", "cluster", "--json",
                       "--timeout", str(TIMEOUT_S), "--bw-size", "262144"], {})
    codes = c.wait_all(60)
    assert codes == [0, 0, 0], [n.stderr[-2000:] for n in c.nodes]
    start = n0.stdout.index("{")
    report = json.loads(n0.stdout[start:])
    assert [n["rank"] for n in report["nodes"]] == [0, 1, 2]
    assert [n["host"] for n in report["nodes"]] == ["node0", "node1", "node2"]
    assert all(r["ok"] for r in report["reachability"])
    assert not [f for f in report["findings"] if f["severity"] == "error"]
