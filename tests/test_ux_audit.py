"""Wrong verdicts found by trying each command as a new user (the UX audit of 2026-12), each with
the input that showed it: the node's commands (doctor, env, cluster, snapshot, launch, bench's arguments; what
reads results and logs is test_ux_audit_reports.py's). The item numbers are the audit's; docs/ux-audit.md lists
every item."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ux_cli import ids, run

DATA = Path(__file__).resolve().parent / "data"
NODES = DATA / "nodes"


# 1: a one-rail NCCL_IB_HCA on an 8-NIC node passed silently ("the node looks ready").
def test_01_one_rail_hca_on_eight_nic_node(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    env_file = tmp_path / "hca.env"
    env_file.write_text("NCCL_IB_HCA=mlx5_0:1\n")
    rc, out, _ = run(capsys, "env", "--root", str(NODES / "dgx-h100-ib-ok"), "--check", str(env_file), "--json")
    doc = json.loads(out)
    (f,) = [f for f in doc["findings"] if f["id"] == "env.hca_subset"]
    assert f["severity"] == "warning" and len(f["evidence"]["left_out"]) == 7
    assert f["fix"].startswith("unset NCCL_IB_HCA") and "NCCL_IB_HCA" in doc["unset"]
    # All eight rails, or an exclude list of nothing that is up, stays quiet.
    env_file.write_text("NCCL_IB_HCA=mlx5\n")
    rc, out, _ = run(capsys, "env", "--root", str(NODES / "dgx-h100-ib-ok"), "--check", str(env_file), "--json")
    assert "env.hca_subset" not in ids(json.loads(out)["findings"])


# 4: doctor said "the node looks ready" (exit 0) while its own recommendation predicted bootstrap
# on virbr0 (NCCL 2.21) or a link-local RoCE v1 GID (NCCL 2.19, index unset).
@pytest.mark.parametrize(("name", "var", "value"), [("docker-virbr-nccl221", "NCCL_SOCKET_IFNAME", "ens3np0"),
                                                    ("roce-nccl219-unset", "NCCL_IB_GID_INDEX", "3")])
def test_04_doctor_follows_its_own_recommendation(name: str, var: str, value: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from nodes import node

    rc, out, _ = run(capsys, "doctor", "--root", str(node(name)), "--json")
    doc = json.loads(out)
    (f,) = [f for f in doc["findings"] if f["id"] == "env.nccl_default_wrong"]
    assert f["subject"] == var and f["fix"] == f"export {var}={value}" and doc["env"]["env"][var] == value
    rc, text, _ = run(capsys, "doctor", "--root", str(node(name)))
    assert "looks ready" not in text
    # NCCL 2.28 demotes virbr itself: nothing to say there.
    rc, out, _ = run(capsys, "doctor", "--root", str(node("docker-virbr-nccl228")), "--json")
    assert "env.nccl_default_wrong" not in ids(json.loads(out)["findings"])


# 5: the documented 2-node cluster example blamed the healthy 8-GPU node, reported a false MTU
# mismatch (equal values, different counts) and hid the other node's own errors.
def test_05_two_node_cluster_blames_the_right_node() -> None:
    from ncclkit.cluster.consistency import check_consistency, node_errors
    from ncclkit.cluster.model import NodeEntry
    from ncclkit.probe.collect import collect
    from ncclkit.probe.root import NodeRoot

    def entry(rank: int, name: str) -> NodeEntry:
        return NodeEntry(rank=rank, host=f"vm{rank}", addr="127.0.0.1",
                         facts=collect(NodeRoot.open(str(NODES / name))))

    entries = [entry(0, "ib-port-down-memlock"), entry(1, "dgx-h100-ib-ok")]
    found = check_consistency(entries)
    by_attr = {f.evidence["attribute"]: f for f in found}
    for count in ("GPU count", "active RDMA port count"):
        assert by_attr[count].subject == entries[0].label, by_attr[count].message  # the one with fewer
    assert "MTU of RDMA/IPoIB interfaces" not in by_attr  # 4092 on both; only the port counts differ
    errors = {(f.id, f.subject) for f in node_errors(entries)}
    assert ("ib.port_down", "mlx5_2:1") in errors and "os.memlock_low" in {i for i, _ in errors}
    assert all(f.evidence["node"] == entries[0].label for f in node_errors(entries))


# 11: a relative link in a snapshot folder that climbs out of it was followed into the analyst's
# own /sys (their eth0 showed up in the customer's snapshot).
def test_11_links_out_of_a_snapshot_read_as_not_captured(tmp_path: Path) -> None:
    import shutil

    from ncclkit.probe.collect import collect
    from ncclkit.probe.root import NodeRoot

    snap = tmp_path / "n2"
    shutil.copytree(NODES / "ib-port-down-memlock", snap, symlinks=True)
    outside = tmp_path / "host-sys" / "class" / "net" / "eth9"
    outside.mkdir(parents=True)
    (outside / "mtu").write_text("1400\n")
    (outside / "operstate").write_text("up\n")
    (snap / "sys/class/net/eth9").symlink_to("../../../" * 6 + str(outside).lstrip("/"))
    assert (snap / "sys/class/net/eth9/mtu").read_text() == "1400\n"  # the OS would follow it
    root = NodeRoot.open(str(snap))
    assert root.read_text("sys/class/net/eth9/mtu") is None
    assert "eth9" not in {i.name for i in collect(root).ifaces}


# 12: an unreadable sys/class/infiniband (a non-root run) read as "no RDMA device", and the port
# down and memlock errors vanished with it.
def test_12_unreadable_rdma_folder_is_not_no_rdma() -> None:
    import os
    import shutil
    import tempfile

    from ncclkit.doctor import run_doctor
    from ncclkit.probe.root import NodeRoot

    base = Path(tempfile.mkdtemp(prefix="ncclkit-u1-"))
    try:
        base.chmod(0o755)
        snap = base / "u1"
        shutil.copytree(NODES / "ib-port-down-memlock", snap, symlinks=True)
        for p in [snap, *snap.rglob("*")]:
            if not p.is_symlink():
                p.chmod(0o755 if p.is_dir() else 0o644)
        run_doctor(NodeRoot.open(str(snap)))  # every lazy import done while still allowed to read
        (snap / "sys/class/infiniband").chmod(0o000)
        as_root = os.geteuid() == 0
        if as_root:
            os.seteuid(65534)  # root may list any folder: read as an ordinary user would
        try:
            report = run_doctor(NodeRoot.open(str(snap))).to_json()
        finally:
            if as_root:
                os.seteuid(0)
        found = report["findings"]
        assert "rdma.none" not in ids(found)
        assert any(f["id"] == "probe.source_missing" and "permission denied" in f["message"] for f in found)
    finally:
        (base / "u1/sys/class/infiniband").chmod(0o755)
        shutil.rmtree(base)


# 23: a 400-digit max_link_width crashed doctor (OverflowError) in text, json and prometheus.
def test_23_absurd_link_width_is_garbage_not_a_crash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    from nodes import node

    snap = tmp_path / "n3"
    shutil.copytree(node("gdr-far-nic"), snap, symlinks=True)
    width = next(snap.glob("sys/devices/pci*/*/max_link_width"))
    width.write_text("1" * 400 + "\n")
    speed = next(snap.glob("sys/devices/pci*/*/max_link_speed"))
    speed.write_text("9" * 400 + " GT/s PCIe\n")
    for fmt in ("text", "json", "prometheus"):
        rc, out, err = run(capsys, "doctor", "--root", str(snap), "--format", fmt)
        assert rc in (0, 1) and "internal error" not in err, (fmt, err)
    rc, out, _ = run(capsys, "doctor", "--root", str(snap), "--json")
    assert any(f["id"] == "probe.source_missing" for f in json.loads(out)["findings"])


# 17: torchrun's --nproc_per_node was refused, and in another order the error said --format was
# missing although it was given; the fix pointed at the top-level help.
def test_17_launch_takes_torchrun_spellings(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--format", "torchrun", "--hosts", "a,b", "--nproc_per_node", "8"],
                 ["--hosts", "a,b", "--nproc_per_node", "8", "--format", "torchrun", "--master_port", "29511"]):
        rc, out, err = run(capsys, "launch", *argv, "--no-preflight", "--", "python", "t.py")
        assert rc == 0 and "--nproc-per-node=8" in out, err
    rc, _, err = run(capsys, "launch", "--hosts", "a,b", "--nproc-per-node", "8", "--format", "torchrun",
                     "--no-preflight", "--gpus", "8", "--", "python", "t.py")
    assert rc == 2


# 26: IPs in a Slurm nodelist, an ambiguous IPv6 `--host` for mpirun, and --out overwriting files.
def test_26_launch_refuses_what_the_launcher_cannot_take(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["launch", "--nproc-per-node", "8", "--no-preflight"]
    rc, _, err = run(capsys, *base, "--hosts", "10.0.0.1,10.0.0.2", "--format", "slurm", "--", "python", "t.py")
    assert rc == 2 and "Slurm node names" in err
    rc, _, err = run(capsys, *base, "--hosts", "fd00::1,fd00::2", "--format", "mpirun", "--", "python", "t.py")
    assert rc == 2 and "IPv6" in err
    out = tmp_path / "job"
    argv = ["--hosts", "a,b", "--format", "slurm", "--out", str(out), "--", "python", "t.py"]
    assert run(capsys, *base, *argv)[0] == 0
    rc, _, err = run(capsys, *base, *argv)
    assert rc == 2 and "--force" in err
    assert run(capsys, *base, "--force", *argv)[0] == 0


# 16: `bench --nproc 100000` was accepted and ran until killed.
def test_16_bench_nproc_is_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run(capsys, "bench", "--nproc", "100000", "-b", "1K", "-e", "1K")
    assert rc == 2 and "4 per CPU core" in err


# 19: the fixes offered `lo` for NCCL_SOCKET_IFNAME and `NCCL_IB_HCA==...` while the recommendation
# for the same node was "leave unset"; neither was a pasteable command.
def test_19_fixes_are_pasteable_and_follow_the_recommendation(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.env"
    bad.write_text("NCCL_SOCKET_IFNAME=eth0\nNCCL_IB_HCA=mlx5_9\n")
    rc, out, _ = run(capsys, "env", "--root", str(NODES / "dgx-h100-ib-ok"), "--check", str(bad), "--json")
    fixes = {f["subject"]: f["fix"] for f in json.loads(out)["findings"]}
    assert fixes["NCCL_SOCKET_IFNAME"].startswith("unset NCCL_SOCKET_IFNAME")
    assert fixes["NCCL_IB_HCA"].startswith("unset NCCL_IB_HCA")
    assert " lo" not in fixes["NCCL_SOCKET_IFNAME"] and "lo," not in fixes["NCCL_SOCKET_IFNAME"]


# 25: NCCL_IB_TIMEOUT=99 (the IB field holds 0-31), NCCL_P2P_DISABLE=yes and NCCL_IB_DISABLE=true
# (NCCL reads numbers only) passed without a word.
def test_25_ignored_and_out_of_range_values_are_flagged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "v.env"
    f.write_text("NCCL_IB_TIMEOUT=99\nNCCL_P2P_DISABLE=yes\nNCCL_IB_DISABLE=true\nNCCL_IB_RETRY_CNT=7\n")
    rc, out, _ = run(capsys, "env", "--root", str(NODES / "dgx-h100-ib-ok"), "--check", str(f), "--json")
    flagged = {x["subject"]: x for x in json.loads(out)["findings"] if x["id"] == "env.value_invalid"}
    assert set(flagged) == {"NCCL_IB_TIMEOUT", "NCCL_P2P_DISABLE", "NCCL_IB_DISABLE"}
    assert flagged["NCCL_IB_TIMEOUT"]["fix"].startswith("export NCCL_IB_TIMEOUT=31")
    assert "disables nothing" in flagged["NCCL_IB_DISABLE"]["message"]


# 20: concurrent snapshots into one folder: the losers died with FileNotFoundError / ENOTEMPTY.
def test_20_snapshot_loser_of_a_race_is_refused_cleanly(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from ncclkit.errors import NcclkitError
    from ncclkit.probe.root import NodeRoot
    from ncclkit.probe.snapshot import write_snapshot

    out = tmp_path / "s"
    root = NodeRoot.open(str(NODES / "ib-port-down-memlock"))

    def one(_: int) -> str:
        try:
            write_snapshot(root, out)
            return "ok"
        except NcclkitError as exc:
            assert "already exists and is not empty" in exc.message
            return "refused"

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(one, range(4)))
    assert results.count("ok") >= 1 and (out / "meta.json").is_file()


# 15: on an 80-column terminal the RDMA ports table broke `mlx5_0:` / `1` and `Pollin` / `g`.
def test_15_key_columns_never_split_at_80_columns() -> None:
    import io

    from rich.console import Console

    from ncclkit.doctor import run_doctor
    from ncclkit.probe.root import NodeRoot
    from ncclkit.report.text import render_text

    buf = io.StringIO()
    console = Console(file=buf, width=80, force_terminal=True, no_color=True, highlight=False, emoji=False)
    render_text(run_doctor(NodeRoot.open(str(NODES / "ib-port-down-memlock"))), console)
    text = buf.getvalue()
    for token in ("mlx5_0:1", "mlx5_2:1", "Polling", "ACTIVE", "LinkUp"):
        assert token in text, token
