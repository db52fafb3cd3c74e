"""`ncclkit cluster` with the sampled probe plan (8 nodes, mesh up to 4): a firewalled node, a
killed node and a throttled node are each named, nobody else is, inside the printed deadlines."""

from __future__ import annotations

import json
import shutil
import subprocess
import time

import pytest

pytestmark = [pytest.mark.netns, pytest.mark.slow]

TIMEOUT_S = 40
# 10 Mbit/s: with 32+ simulated nodes on two cores, healthy single streams were seen as low as
# 10 MB/s (CPU contention), so a 40 Mbit/s (5 MB/s) link is not clearly apart from them.
SHAPE = ("root", "tbf", "rate", "10mbit", "burst", "32kbit", "latency", "400ms")


def test_sampled_plan_names_each_faulty_node(netns_cluster) -> None:
    if not shutil.which("tc"):
        pytest.skip("needs tc (iproute2)")
    c = netns_cluster(8)
    walled, slowed, killed = c.nodes[2], c.nodes[5], c.nodes[7]
    # A firewall that lets the master port through but not new connections to the probe port or
    # to the ephemeral range (where NCCL's listeners are).
    for dport in (str(c.master_port + 1), "32768:60999"):
        c.iptables(walled, "-A", "INPUT", "-p", "tcp", "-m", "conntrack", "--ctstate", "NEW",
                   "--dport", dport, "-j", "DROP")
    # The killed node's own probes hang (its SYNs to the probe port are dropped, for one connect
    # timeout), so it is still inside the reachability phase when it is killed, however late this
    # process reads its "phase: reachability" line on a loaded machine.
    c.iptables(killed, "-A", "OUTPUT", "-p", "tcp", "--syn", "--dport", str(c.master_port + 1), "-j", "DROP")
    subprocess.run(["tc", "qdisc", "add", "dev", c.veth(slowed), *SHAPE], check=True)
    subprocess.run(["ip", "netns", "exec", slowed.ns, "tc", "qdisc", "add", "dev", "eth0", *SHAPE],
                   check=True)
    c.start_cluster("--mesh-max", "4", "--seed", "11", "--proof", "off", timeout_s=TIMEOUT_S)
    deadline = time.monotonic() + 3 * TIMEOUT_S
    while "phase: reachability" not in killed.stderr and time.monotonic() < deadline:
        time.sleep(0.05)
    killed.proc.kill()
    codes = c.wait_all(4 * TIMEOUT_S)
    assert codes[0] == 1, [n.stderr[-1500:] for n in c.nodes]
    report = json.loads(c.nodes[0].stdout)
    label = {n.index: f"{n.host}/rank{n.index} {n.addr}" for n in c.nodes}
    by_id: dict[str, list[str]] = {}
    for f in report["findings"]:
        by_id.setdefault(f["id"], []).append(f["subject"])
    assert by_id.get("cluster.unreachable") == [label[2]], by_id
    unreachable = next(f for f in report["findings"] if f["id"] == "cluster.unreachable")
    assert unreachable["evidence"]["port_kinds"] == ["ephemeral", "probe"]
    assert unreachable["cause"] == "firewall_or_port_blocked"
    assert by_id.get("cluster.node_missing") == [label[7]]
    assert by_id.get("cluster.slow_node") == [label[5]]
    assert set(by_id) <= {"cluster.unreachable", "cluster.node_missing", "cluster.slow_node",
                          "cluster.proof_skipped", "net.firewall_ephemeral_blocked"}, by_id
    # The walled node's own doctor rules read its iptables rules too (cluster.consistency.node_errors).
    assert {f["evidence"]["node"] for f in report["findings"]
            if f["id"] == "net.firewall_ephemeral_blocked"} <= {label[2]}
    plan = report["probe_plan"]
    assert plan == {"mode": "sampled", "seed": 11, "peers_per_node": plan["peers_per_node"],
                    "mesh_max_nodes": 4} and plan["peers_per_node"] <= 6
    reach = next(p for p in report["phases"] if p["phase"] == "reachability")
    assert reach["late"] == [label[7]] and reach["took_s"] <= reach["budget_s"] + 1.0
    assert c.nodes[0].elapsed_s < TIMEOUT_S + reach["budget_s"] + 30
    # The collectives need every node: skipped, with the reason in the report.
    assert report["phases"][-1] == {"phase": "proof and bandwidth", "skipped": "1 node(s) missing"}
