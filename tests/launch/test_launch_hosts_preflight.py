"""Host lists (hostfile, Slurm node lists) and preflight checks on real sockets and snapshots."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from launch_helpers import launch_json

from ncclkit.errors import NcclkitError
from ncclkit.launch import check_hosts, check_master_port, expand_nodelist, parse_hostfile
from ncclkit.launch.hosts import validate_host


@pytest.mark.parametrize("text,hosts", [
    ("gpu[01-03,07]", ["gpu01", "gpu02", "gpu03", "gpu07"]),
    ("a1,rack[1-2]-n[8-9],login", ["a1", "rack1-n8", "rack1-n9", "rack2-n8", "rack2-n9", "login"]),
    ("node9", ["node9"]),
    ("n[098-101]", ["n098", "n099", "n100", "n101"]),
])
def test_expand_nodelist(text: str, hosts: list[str]) -> None:
    assert list(expand_nodelist(text).hosts) == hosts


@pytest.mark.parametrize("text", ["gpu[01-", "gpu[3-1]", "gpu[a-b]", "gpu[1-2]]", "x[1-2];id"])
def test_expand_nodelist_rejects(text: str) -> None:
    with pytest.raises(NcclkitError):
        expand_nodelist(text)


def test_hostfile_forms(tmp_path: Path) -> None:
    path = tmp_path / "hosts"
    path.write_text("# cluster\nnode1 slots=8\nnode2:8   # second\n\n10.0.0.3 slots=8 max_slots=8\n")
    hl = parse_hostfile(path)
    assert hl.hosts == ("node1", "node2", "10.0.0.3") and hl.slots == 8
    path.write_text("node1 slots=8\nnode2 slots=4\n")
    assert parse_hostfile(path).slots is None  # not uniform: --nproc-per-node must say


@pytest.mark.parametrize("line", ["node1;id", "node1 rm -rf /", "$(id)", "node1\tslots=x"])
def test_hostfile_hostile_lines(tmp_path: Path, line: str) -> None:
    path = tmp_path / "hosts"
    path.write_text(f"ok1\n{line}\n")
    with pytest.raises(NcclkitError, match=r"hosts:2"):
        parse_hostfile(path)


def test_hostfile_slots_give_nproc(tmp_path: Path) -> None:
    path = tmp_path / "hosts"
    path.write_text("h1 slots=4\nh2 slots=4\n")
    code, out = launch_json("--hostfile", str(path), "--format", "torchrun", "--no-preflight",
                            "--", "train.py")
    assert code == 0 and "--nproc-per-node=4" in out["files"][0]["text"]


def test_duplicate_hosts_rejected() -> None:
    code, _ = launch_json("--hosts", "h1,h1", "--nproc-per-node", "1", "--format", "torchrun",
                          "--no-preflight", "--", "x")
    assert code == 2


def test_ipv6_and_trailing_dot() -> None:
    assert validate_host("fe80::1") == "fe80::1"
    assert validate_host("node1.cluster.") == "node1.cluster"
    with pytest.raises(NcclkitError):
        validate_host("1.2.3")  # all digits: neither an IPv4 address nor a host name


def test_port_in_use_and_free() -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        (f,) = check_master_port("127.0.0.1", port, timeout_s=2)
        assert f.id == "launch.port_in_use" and f.subject == f"127.0.0.1:{port}"
    assert check_master_port("127.0.0.1", port, timeout_s=2) == []


def test_unresolvable_and_loopback_hosts() -> None:
    findings = check_hosts(("no-such-host.invalid", "localhost"), facts_by_host={},
                           env_by_host={}, timeout_s=5)
    by_id = {f.id: f for f in findings}
    assert by_id["launch.host_unresolved"].subject == "no-such-host.invalid"
    assert by_id["launch.host_unresolved"].severity == "warning"
    assert "getent hosts no-such-host.invalid" in by_id["launch.host_unresolved"].fix
    assert by_id["launch.host_loopback"].subject == "localhost"
    # One node talking to itself over loopback is fine.
    assert check_hosts(("localhost",), facts_by_host={}, env_by_host={}, timeout_s=5) == []


def test_interface_check_against_snapshots(data: Path) -> None:
    from ncclkit.probe.collect import collect
    from ncclkit.probe.root import NodeRoot

    dgx = collect(NodeRoot.open(str(data / "nodes/dgx-h100-ib-ok")))
    # 10.141.0.17 is the snapshot's eno1 address; 192.168.10.17 its ibp24s0 (IPoIB) address.
    facts = {"10.141.0.17": dgx, "192.168.10.17": dgx, "10.9.9.9": dgx}
    env = {h: {"NCCL_SOCKET_IFNAME": "ibp"} for h in facts}
    findings = check_hosts(tuple(facts), facts_by_host=facts, env_by_host=env, timeout_s=2)
    subjects = {f.subject: f for f in findings}
    assert set(subjects) == {"10.141.0.17", "10.9.9.9"}
    assert subjects["10.141.0.17"].evidence["interface"] == "eno1"
    assert "no interface" in subjects["10.9.9.9"].message
    env = {h: {"NCCL_SOCKET_IFNAME": "^ibp,docker,lo"} for h in facts}
    findings = check_hosts(tuple(facts), facts_by_host=facts, env_by_host=env, timeout_s=2)
    assert {f.subject for f in findings} == {"192.168.10.17", "10.9.9.9"}


def test_launch_from_snapshots_carries_per_node_env(data: Path) -> None:
    nodes = data / "nodes"
    code, out = launch_json("--hosts", "h1,h2", "--nproc-per-node", "8", "--format", "torchrun",
                            "--no-preflight", "--root", f"h1={nodes / 'dgx-h100-ib-ok'}",
                            "--root", f"h2={nodes / 'roce-2nic-gid'}", "--", "train.py")
    assert code == 0
    from ncclkit.launch import env_from_root

    seen = 0
    for f, snap in zip(out["files"], ("dgx-h100-ib-ok", "roce-2nic-gid"), strict=True):
        for name, value in env_from_root(str(nodes / snap)).env.items():
            assert f"export {name}=" in f["text"], (snap, name, value)
            seen += 1
    assert seen  # the RoCE snapshot at least needs a variable


def test_preflight_errors_set_exit_code() -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        code, out = launch_json("--hosts", "127.0.0.1", "--nproc-per-node", "1", "--format",
                                "torchrun", "--master-port", str(port), "--", "x")
    assert code == 1
    assert [f["id"] for f in out["findings"]] == ["launch.port_in_use"]
    assert out["files"]  # the files are still written: the finding says what to change


def test_unresolvable_names_still_give_the_files_and_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    """Writing launch files where the cluster's names do not resolve (a laptop, a login node) is
    normal use: the files are printed, a warning names the fix, and the exit code follows the
    findings (0 with warnings only), never 2."""
    from ncclkit.cli.main import main

    code = main(["launch", "--hosts", "node-a.invalid,node-b.invalid", "--nproc-per-node", "8",
                 "--format", "torchrun", "--preflight-timeout", "5", "--", "python", "t.py"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "torchrun" in out and "node-a.invalid" in out
    assert "warning: node-a.invalid" in err and "getent hosts node-a.invalid" in err
