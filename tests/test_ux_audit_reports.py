"""Wrong verdicts found by trying each command as a new user (the UX audit of 2026-12), each with
the input that showed it: the commands that read results and logs (analyze, report, bundle, plan, bench's tables;
the node's commands are test_ux_audit.py's). The item numbers are the audit's; docs/ux-audit.md lists every
item."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ncclkit.logs.analyze import analyze_path
from ux_cli import ids, run

DATA = Path(__file__).resolve().parent / "data"
NODES = DATA / "nodes"


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
def test_28_no_none_in_text_and_wrong_kind_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc, out, _ = run(capsys, "analyze", str(DATA / "corpus/nccl_tests/nccltests78-8node-v100-ib100-allreduce-slow.txt"))
    assert "None" not in out and "wrong values 0" in out  # an old build's max-error column, every error in bounds
    unchecked = tmp_path / "unchecked.txt"  # run with -c 0: no check at all
    unchecked.write_text("#       size         count      type   redop     time   algbw   busbw  #wrong     time   algbw"
                         "   busbw  #wrong\n     1048576        262144     float     sum    45.82   22.88   42.91    N/A"
                         "    38.17   27.47   51.51    N/A\n")
    rc, out, _ = run(capsys, "analyze", str(unchecked))
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
