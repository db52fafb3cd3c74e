"""Wrong verdicts found by trying each command as a new user (the UX audit of 2026-12), each with
the input that showed it. The item numbers are the audit's; docs/ux-audit.md lists every item."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ncclkit.cli.main import main
from ncclkit.logs.analyze import analyze_path

DATA = Path(__file__).resolve().parent / "data"
NODES = DATA / "nodes"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def ids(findings: list[dict]) -> set[str]:
    return {f["id"] for f in findings}


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


def _two_node_table(busbw: float) -> str:
    ranks = "".join(f"#  Rank {r:2d} Group  0 Pid {1000 + r} on {'nodeA' if r < 8 else 'nodeB'} device "
                    f"{r % 8} [0x{r % 8:02x}] NVIDIA A100-SXM4-80GB\n" for r in range(16))
    header = ("#       size         count      type   redop    root     time   algbw   busbw #wrong"
              "     time   algbw   busbw #wrong\n")
    algbw = busbw * 16 / 30
    row = (f"  1073741824     268435456     float     sum      -1    10883  {algbw:6.2f}  {busbw:6.2f}      0"
           f"    10880  {algbw:6.2f}  {busbw:6.2f}      0\n")
    return ranks + header + row


# 2: a healthy 8-rail ring at the textbook DGX A100 figure was called "inflated by Tree/NVLS".
def test_02_multi_rail_ring_is_not_inflated(tmp_path: Path) -> None:
    ring = tmp_path / "ring185.txt"
    ring.write_text(_two_node_table(185.0))
    for rate in (None, 200.0):
        out = analyze_path(ring, line_rate_gbps=rate)
        assert "tests.busbw_above_nic" not in ids(out["findings"]), rate
    line = next(f for f in analyze_path(ring, line_rate_gbps=200.0)["findings"] if f["id"] == "tests.line_rate")
    assert line["severity"] == "info" and line["evidence"]["ratio"] == pytest.approx(0.925)
    # a good verdict names no cause (NVIDIA/nccl-tests#119), a low one names the setup
    assert line["cause"] is None
    low = next(f for f in analyze_path(ring, line_rate_gbps=800.0)["findings"] if f["id"] == "tests.line_rate")
    assert low["severity"] == "warning" and low["cause"] == "performance_config"
    # Above 8 x 25 GB/s on 8-GPU nodes with 200 Gb/s NICs it is inflated.
    ring.write_text(_two_node_table(290.0))
    assert "tests.busbw_above_nic" in ids(analyze_path(ring, line_rate_gbps=200.0)["findings"])


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


# 7: report took any input starting with `[` for broken JSON (torchrun `[rank0]:` prefixes, Open
# MPI's `[1,0]<stdout>:` tags from `launch --format mpirun`) and refused the whole page.
@pytest.mark.parametrize("prefix", ["[rank0]: ", "[1,0]<stdout>:"])
def test_07_report_reads_bracket_prefixed_logs(prefix: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from ncclkit.report.sources import load_source

    raw = (DATA / "corpus/nccl_logs/nccl1189-h20-2node-gdrdma-p2p-cumem.txt").read_text()
    log = tmp_path / "r0.log"
    log.write_text("".join(prefix + line for line in raw.splitlines(keepends=True)))
    src = load_source(log)
    assert src.kind == "analyze" and src.data[0]["kind"] == "nccl_log"
    assert src.data[0]["transports"] == analyze_path(DATA / "corpus/nccl_logs/nccl1189-h20-2node-gdrdma-p2p-cumem.txt")["transports"]
    rc, _, err = run(capsys, "report", "--no-doctor", str(log), "--out", str(tmp_path / "r.html"))
    assert rc in (0, 1) and (tmp_path / "r.html").stat().st_size > 1000, err
    # Broken JSON that is no log either is still refused, naming the file.
    bad = tmp_path / "bad.json"
    bad.write_text('[{"id": "x",')
    with pytest.raises(Exception, match="bad.json: not valid JSON"):
        load_source(bad)


TESTS_HEADER = ("#       size         count      type   redop    root     time   algbw   busbw #wrong"
                "     time   algbw   busbw #wrong\n")


# 8: one malformed nccl-tests row (`--1` as root) aborted analyze for every file.
def test_08_one_bad_row_does_not_sink_the_other_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "badroot.txt"
    bad.write_text(TESTS_HEADER + "           8             2     float     sum     --1    10.00    0.00    0.00"
                                  "      0    10.00    0.00    0.00      0\n")
    good = DATA / "corpus/ibstat/nccltests128-mt4123-ib200-one-port-down.txt"
    rc, out, err = run(capsys, "analyze", "--json", str(bad), str(good))
    results = json.loads(out)
    assert [r["kind"] for r in results] == ["nccl_tests", "ibstat"] and "internal error" not in err
    assert "ibstat.port_down" in ids(results[1]["findings"]) and rc == 1


# 13: `inf` in a table came out as `Infinity` in --json (not RFC 8259 JSON) and "inf GB/s" in text.
def test_13_infinite_values_never_reach_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    inf = tmp_path / "inf.txt"
    inf.write_text(TESTS_HEADER + "           8             2     float     sum      -1     0.00     inf     inf"
                                  "      0     0.00     inf     inf      0\n")
    rc, out, _ = run(capsys, "analyze", "--json", str(inf))
    json.loads(out, parse_constant=lambda c: pytest.fail(f"non-standard JSON constant {c}"))
    rc, out, _ = run(capsys, "analyze", str(inf))
    assert "inf GB/s" not in out


# 28: Python's None in the text ("wrong values None"); a wrong --kind printed only a header.
def test_28_no_none_in_text_and_wrong_kind_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "analyze", str(DATA / "corpus/nccl_tests/nccltests78-8node-v100-ib100-allreduce-slow.txt"))
    assert "None" not in out and "wrong values ?" in out
    rc, out, _ = run(capsys, "analyze", "--kind", "ibstat",
                     str(DATA / "corpus/nccl_logs/nccl1189-h20-2node-gdrdma-p2p-cumem.txt"))
    assert "no ibstat ports found in this input" in out


# 10: the documented report example doubled every finding (a doctor JSON of the --root node) and
# compared transports as a cartesian product of doctor inputs x logs of other clusters.
def test_10_report_shows_a_node_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = str(NODES / "ib-port-down-memlock")
    rc, out, _ = run(capsys, "doctor", "--root", root, "--json")
    (tmp_path / "d.json").write_text(out)
    page = tmp_path / "r.html"
    run(capsys, "report", "--root", root, str(tmp_path / "d.json"), "--out", str(page))
    html = page.read_text()
    assert html.count("hgx-a100-ib-12, hgx-a100-ib-12") == 0
    assert html.count("mlx5_2:1 is DOWN") == 1


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


# 18 and 30: a "redacted" bundle kept the absolute path of the snapshot (results' facts.source) and
# the temporary folder next to OUT (its own doctor.json); doctor on an archive showed the deleted
# temporary unpacking folder as its source.
def test_18_30_no_local_paths_in_bundle_or_source(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import tarfile

    root = NODES / "ib-port-down-memlock"
    rc, out, _ = run(capsys, "doctor", "--root", str(root), "--json")
    (tmp_path / "d.json").write_text(out)
    run(capsys, "bundle", "--root", str(root), str(tmp_path / "b.tar.gz"), str(tmp_path / "d.json"))
    with tarfile.open(tmp_path / "b.tar.gz") as tf:
        texts = [tf.extractfile(m).read().decode(errors="replace") for m in tf.getmembers()
                 if m.isfile() and m.name.endswith(".json")]
    assert texts and not any(str(tmp_path) in t or str(root) in t for t in texts)
    rc, out, _ = run(capsys, "doctor", "--root", str(tmp_path / "b.tar.gz"), "--json")
    assert json.loads(out)["facts"]["source"] == str(tmp_path / "b.tar.gz")


# 31: "ncclkit bundle: bundle: BIG.log is larger than 16777216 bytes".
def test_31_bundle_size_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "BIG.log"
    with big.open("wb") as f:
        f.truncate(17 * 2**20)
    rc, _, err = run(capsys, "bundle", "--root", str(NODES / "dgx-h100-ib-ok"), str(tmp_path / "b.tar.gz"), str(big))
    assert rc == 2 and "17.0 MiB, over the 16 MiB limit" in err and "bundle: bundle" not in err


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


# 22: `plan --bench` with a bench up to 64 KB predicted 3.5 hours a step for 25 MiB buckets.
def test_22_plan_refuses_to_extrapolate_a_small_bench(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = {"schema_version": 1, "samples": [
        {"collective": "all_reduce", "size_bytes": 1024 * 2**k, "busbw_gbps": 0.001 * 2**k} for k in range(7)]}
    (tmp_path / "b.json").write_text(json.dumps(bench))
    rc, _, err = run(capsys, "plan", "--params", "1B", "--world-size", "8", "--bench", str(tmp_path / "b.json"))
    assert rc == 2 and "the bench reaches 65536 B" in err and "ncclkit bench -e" in err


# 21: report and plan --bench died with internal errors on mistyped result JSON.
def test_21_mistyped_result_json_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from report_inputs import bench_json

    bench = bench_json(DATA)
    bench["samples"][0]["busbw_gbps"] = None
    (tmp_path / "b2.json").write_text(json.dumps(bench))
    rc, _, err = run(capsys, "report", "--no-doctor", str(tmp_path / "b2.json"), "--out", str(tmp_path / "r.html"))
    assert rc == 2 and "b2.json" in err and "internal error" not in err
    bench["samples"][0].update(busbw_gbps=3.0, wrong="x")
    (tmp_path / "b3.json").write_text(json.dumps(bench))
    rc, _, err = run(capsys, "plan", "--params", "1M", "--world-size", "2", "--bench", str(tmp_path / "b3.json"))
    assert rc == 2 and "b3.json" in err and "internal error" not in err


# 27: `bench -c sendrecv --compare` a table without its header said "no size of this run appears in
# that all_reduce table" (an unnamed collective was taken as all_reduce).
def test_27_compare_takes_the_runs_collective_for_an_unnamed_table() -> None:
    from bench.test_bench_judge import _result, _sample

    from ncclkit.bench.compare import compare_with_nccl_tests
    from ncclkit.errors import NcclkitError

    text = (DATA / "corpus/nccl_tests/nccltests214-sendrecv-a40-2node.txt").read_text()
    rows = compare_with_nccl_tests(_result([_sample(256, 30.0, 0.01, coll="sendrecv")]), text, source="t")
    assert rows[0].collective == "sendrecv" and rows[0].theirs_time_us == 34.24
    both = _result([_sample(256, 30.0, 0.01, coll="sendrecv"), _sample(256, 30.0, 0.01)])
    with pytest.raises(NcclkitError, match="does not name its collective"):
        compare_with_nccl_tests(both, text, source="t")


# 14: nccl-tests' `-c 0` (its check switch) gave "unknown collective '0'"; -g, -t, -a, -J and -T gave
# "unrecognized arguments" with the top-level help as the fix.
def test_14_nccl_tests_flags_are_understood_or_redirected(capsys: pytest.CaptureFixture[str]) -> None:
    from ncclkit.cli.bench import _config
    from ncclkit.cli.main import build_parser

    args = build_parser().parse_args(["bench", "-c", "0"])
    _config(args)
    assert args.check == 0 and args.collectives == "all_reduce"
    # -J is taken: it writes nccl-tests' JSON (tests/bench/test_bench_gloo.py).
    for flag, hint in (("-g", "--nproc"), ("-t", "--nproc"), ("-T", "--timeout"), ("-a", "min/max")):
        rc, _, err = run(capsys, "bench", "-b", "1K", "-e", "1K", flag, "1")
        assert rc == 2 and f"{flag} is an nccl-tests flag" in err and hint in err, err


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
