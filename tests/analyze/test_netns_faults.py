"""A firewall between two nodes, made for real: two network namespaces on a bridge, torchrun on each (gloo,
real TCP), and on node0 an iptables policy as firewalld's: the master port open, every other new connection
rejected with icmp-host-prohibited. The rendezvous works; Gloo's own connections fail. What node1 prints must
lead with the firewall, and the same job without the rules must succeed with no error read in its output.

The log of one such run is kept in data/netns-faults (README.md there) and read where namespaces cannot be made."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cluster.netns import NetnsCluster, netns_usable
from ncclkit.logs.analyze import analyze_path, analyze_text

HERE = Path(__file__).resolve().parent
JOB = HERE / "netns_gloo_job.py"
KEPT = HERE / "data" / "netns-faults" / "gloo-firewall-reject-node1.log"
TEARDOWN = HERE / "data" / "netns-faults" / "gloo-healthy-exit-barrier-node1.log"


def _lead(path: Path) -> tuple[str, str | None]:
    f = analyze_path(path)["findings"][0]
    return f["id"], f.get("cause")


def test_the_kept_firewall_log_leads_with_the_firewall() -> None:
    assert _lead(KEPT) == ("log.socket_connect_failed", "firewall_or_port_blocked")


def test_a_healthy_runs_late_exit_barrier_is_teardown() -> None:
    # node1's agent lost node0's store at the exit barrier after both workers had finished (kept, README.md there)
    text = TEARDOWN.read_text()
    findings = analyze_path(TEARDOWN)["findings"]
    assert not [f for f in findings if f["severity"] == "error"], findings
    assert "log.exit_barrier" in [f["id"] for f in findings]
    # had a worker failed, the same closed store is a failure again
    failed = text.replace("rank 1 done 8.0", "E1206 17:00:52.100000 23219 torch/distributed/elastic/multiprocessing/"
                          "api.py:1002] failed (exitcode: 1) local_rank: 0 (pid: 23230) of binary: python")
    refound = analyze_text(failed)["findings"]
    assert "log.exit_barrier" not in [f["id"] for f in refound]
    assert [f for f in refound if f["severity"] == "error"]


def live(test: Callable[[Path], None]) -> Callable[[Path], None]:
    """A test that makes the namespaces: root, ip netns, iptables and torch needed, a few seconds long."""
    for mark in (pytest.mark.netns, pytest.mark.slow,
                 pytest.mark.skipif(not netns_usable(), reason="needs root, ip netns and iptables")):
        test = mark(test)
    return test


def _run(tmp_path: Path, firewall: bool) -> tuple[list[int | None], list[Path]]:
    pytest.importorskip("torch")
    c = NetnsCluster(2)
    c.up()
    try:
        if firewall:
            c.iptables(c.nodes[0], "-A", "INPUT", "-p", "tcp", "--dport", str(c.master_port), "-j", "ACCEPT")
            c.iptables(c.nodes[0], "-A", "INPUT", "-i", "eth0", "-p", "tcp", "--syn", "-j", "REJECT",
                       "--reject-with", "icmp-host-prohibited")
        for node in c.nodes:
            c.start(node, [sys.executable, "-m", "torch.distributed.run", "--nnodes", "2", "--node-rank",
                           str(node.index), "--nproc-per-node", "1", "--master-addr", c.nodes[0].addr,
                           "--master-port", str(c.master_port), str(JOB)], {"GLOO_SOCKET_IFNAME": "eth0"})
        # node1 fails within Gloo's retries (seconds); node0 waits for a peer that never connects: bounded here.
        if firewall:
            c.nodes[1].wait(60)
        codes = c.wait_all(5 if firewall else 60)
        logs = []
        for node in c.nodes:
            path = tmp_path / f"{node.host}.log"
            path.write_text(node.stderr + node.stdout)
            logs.append(path)
        return codes, logs
    finally:
        c.down()


@live
def test_a_firewall_between_two_nodes_is_named_from_the_failing_nodes_output(tmp_path: Path) -> None:
    codes, logs = _run(tmp_path, firewall=True)
    assert codes[1] not in (0, None), logs[1].read_text()[-2000:]
    assert "No route to host" in logs[1].read_text()
    assert _lead(logs[1]) == ("log.socket_connect_failed", "firewall_or_port_blocked")


@live
def test_the_same_job_without_the_firewall_succeeds_and_reads_clean(tmp_path: Path) -> None:
    codes, logs = _run(tmp_path, firewall=False)
    assert codes == [0, 0], [p.read_text()[-1500:] for p in logs]
    for path in logs:
        assert "done 8.0" in path.read_text()  # 1 + 1, three times
        assert not [f["id"] for f in analyze_path(path)["findings"] if f["severity"] == "error"]
