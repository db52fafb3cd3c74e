"""Every command against hostile and mistaken input: exit 2 (or the documented code), one message
naming the file or value plus a `fix:` line, never a traceback, never a hang, never a half-written
output file."""

from __future__ import annotations

import gzip
import io
import os
import stat
import sys
import tarfile
from pathlib import Path

import pytest

from ncclkit.cli.main import main

from nodes import node

REPO = Path(__file__).resolve().parents[1]
NODE = node("roce-healthy-223")  # a real (not flattened) PCI tree


@pytest.fixture()
def bad(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of hostile inputs; the tests run inside it so messages carry these short names."""
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "bin.dat").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("x\n")
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "env_noeq").write_text("NCCL_DEBUG=INFO\nNOEQUALS\n")
    (tmp_path / "env_eqv").write_text("=value\n")
    (tmp_path / "env_dup").write_text("NCCL_DEBUG=INFO\nNCCL_IB_HCA=mlx5\nNCCL_DEBUG=WARN\n")
    (tmp_path / "topo_bad.xml").write_text("<system><cpu")
    (tmp_path / "topo_wrong.xml").write_text("<foo/>")
    (tmp_path / "notar.tar.gz").write_text("garbage\n")
    (tmp_path / "garb.tar.gz").write_bytes(gzip.compress(bytes(range(256)) * 4))
    for name, member in (("trav.tar.gz", "../x"), ("nosnap.tar.gz", "/etc/passwd-copy")):
        with tarfile.open(tmp_path / name, "w:gz") as tf:
            info = tarfile.TarInfo(member)
            info.size = 2
            tf.addfile(info, io.BytesIO(b"hi"))
    (tmp_path / "strings.json").write_text('["a", "b"]')
    (tmp_path / "launch.json").write_text('{"schema_version": 1, "format": "torchrun", "files": []}')
    (tmp_path / "hosts_empty").write_text("\n# nobody\n")
    (tmp_path / "hosts_dup").write_text("node1\nnode1\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().err


N = str(NODE)
LAUNCH = ["launch", "--nproc-per-node", "1", "--format", "torchrun", "--no-preflight"]
PLAN = ["plan", "--params", "163M", "--world-size", "8"]
CASES = [
    # (argv, text the message must contain, expected exit code, paths that must not exist after)
    (["--no-such-option"], "--no-such-option", 2, []),
    (["doctor", "--root", "missing"], "--root missing: no such file", 2, []),
    (["doctor", "--interval", "-1"], "give 0 to 60 seconds", 2, []),
    (["snapshot", "--interval", "abc", "out"], "is not a number", 2, []),
    (["doctor", "--root", "empty.txt"], "--root empty.txt", 2, []),
    (["doctor", "--root", "fifo"], "--root fifo", 2, []),
    (["doctor", "--root", "adir"], "--root adir: not a node snapshot", 2, []),
    (["doctor", "--root", "notar.tar.gz"], "--root notar.tar.gz: cannot unpack", 2, []),
    (["doctor", "--root", "garb.tar.gz"], "--root garb.tar.gz: cannot unpack", 2, []),
    (["doctor", "--root", "trav.tar.gz"], "'../x'", 2, []),
    (["doctor", "--root", "nosnap.tar.gz"], "nosnap.tar.gz: no snapshot inside", 2, []),
    (["doctor", "--root", N, "--textfile", "nodir/x.prom"], "nodir", 2, ["nodir"]),
    (["doctor", "--root", N, "--format", "prometheus", "--bench", "fifo"], "fifo", 2, []),
    (["doctor", "--root", N, "--format", "prometheus", "--bench", "strings.json"], "strings.json",
     2, []),
    (["snapshot", "afile", "--root", N], "afile", 2, []),
    (["snapshot", "nodir/out", "--root", N], "nodir", 2, ["nodir"]),
    (["snapshot", "new", "--root", "missing"], "--root missing", 2, ["new"]),
    (["env", "--root", N, "--check", "env_noeq"], "env_noeq:2: 'NOEQUALS'", 2, []),
    (["env", "--root", N, "--check", "env_eqv"], "env_eqv:1: '=value'", 2, []),
    (["env", "--root", N, "--check", "env_dup"], "env_dup:3: NCCL_DEBUG set again", 2, []),
    (["env", "--root", N, "--check", "missing"], "--check missing: no such file", 2, []),
    (["env", "--root", N, "--check", "adir"], "--check adir: is a folder", 2, []),
    (["env", "--root", N, "--check", "fifo"], "--check fifo: gave no data", 2, []),
    (["env", "--root", N, "--check", "bin.dat"], "--check bin.dat: not UTF-8", 2, []),
    (["env", "--root", N, "--topo-file", "adir"], "--topo-file adir: is a folder", 2, []),
    (["env", "--root", N, "--topo-file", "fifo"], "--topo-file fifo", 2, []),
    # An invalid topology file is a finding (env.topo_file_invalid): exit 1 by contract.
    (["env", "--root", N, "--topo-file", "topo_bad.xml"], "topo_bad.xml: line 1: not valid XML",
     1, []),
    (["env", "--root", N, "--topo-file", "topo_wrong.xml"], "<foo>, not <system>", 1, []),
    (["env", "--root", N, "--topo-out", "nodir/t.xml"], "--topo-out nodir/t.xml", 2, ["nodir"]),
    (["env", "--root", N, "--topo-out", "adir"], "--topo-out adir: is a folder", 2, []),
    (["env", "--root", N, "--check", "env_noeq", "--topo-out", "t.xml"], "env_noeq", 2, ["t.xml"]),
    (["analyze", "adir"], "adir: the folder holds no file", 2, []),  # a folder stands for its files
    (["analyze", "missing"], "missing: no such file", 2, []),
    (["analyze", "empty.txt", "--line-rate-gbps", "-5"], "'-5': must be above 0", 2, []),
    (["analyze", "empty.txt", "--line-rate-gbps", "nan"], "'nan'", 2, []),
    (["bench", "-b", "0"], "-b/--minbytes: '0'", 2, []),
    (["bench", "-b", "-5"], "'-5'", 2, []),
    (["bench", "-b", "inf"], "'inf'", 2, []),
    (["bench", "-e", "1e30"], "'1e30': larger than", 2, []),
    (["bench", "-b", "1G", "-e", "1M"], "-b 1073741824 is larger than -e 1048576", 2, []),
    (["bench", "-f", "1", "-i", "0"], "-i/--stepbytes: '0'", 2, []),
    (["bench", "-f", "0"], "-f/--stepfactor: '0'", 2, []),
    (["bench", "-n", "0"], "-n/--iters: '0'", 2, []),
    (["bench", "-w", "-1"], "-w/--warmup_iters: '-1'", 2, []),
    (["bench", "-d", "float77"], "-d float77", 2, []),
    (["bench", "-o", "xor"], "-o xor", 2, []),
    (["bench", "-c", "nope"], "'nope'", 2, []),
    (["bench", "-c", ","], "-c ','", 2, []),
    (["bench", "--nproc", "0"], "--nproc: '0'", 2, []),
    (["bench", "--timeout", "-1"], "--timeout: '-1'", 2, []),
    (["bench", "--timeout", "0"], "--timeout: '0'", 2, []),
    (["bench", "--timeout", "nan"], "--timeout: 'nan'", 2, []),
    (["bench", "-r", "-1"], "-r/--root-rank: '-1'", 2, []),
    (["bench", "-r", "5", "--nproc", "2"], "-r 5: no such rank in a job of 2", 2, []),
    (["bench", "--nics", "0", "--nic-gbit", "400"], "--nics: '0'", 2, []),
    (["bench", "--expect-busbw", "-1"], "--expect-busbw: '-1'", 2, []),
    (["bench", "--compare", "missing", "--nproc", "1"], "--compare missing", 2, []),
    (["bench", "--compare", "adir", "--nproc", "1"], "--compare adir", 2, []),
    (["bench", "--compare", "fifo", "--nproc", "1"], "--compare fifo", 2, []),
    (["cluster", "--timeout", "-1"], "--timeout: '-1'", 2, []),
    (["cluster", "--probe-port", "70000"], "'70000' is not a TCP port", 2, []),
    (["cluster", "--probe-port", "0"], "'0' is not a TCP port", 2, []),
    (["cluster", "--bw-size", "0"], "--bw-size: '0'", 2, []),
    (["cluster", "--bw-iters", "0"], "--bw-iters: '0'", 2, []),
    (["cluster", "--output", "nodir/r.json"], "--output nodir/r.json", 2, ["nodir"]),
    ([*LAUNCH, "--hosts", "", "--", "x"], "--hosts: no hosts", 2, []),
    ([*LAUNCH, "--hosts", "a,a", "--", "x"], "host 'a' is listed twice", 2, []),
    ([*LAUNCH, "--hostfile", "hosts_dup", "--", "x"], "hosts_dup: host 'node1'", 2, []),
    ([*LAUNCH, "--hostfile", "hosts_empty", "--", "x"], "hosts_empty: no hosts", 2, []),
    ([*LAUNCH, "--hostfile", "adir", "--", "x"], "--hostfile adir", 2, []),
    ([*LAUNCH, "--hostfile", "fifo", "--", "x"], "--hostfile fifo", 2, []),
    ([*LAUNCH, "--hostfile", "bin.dat", "--", "x"], "--hostfile bin.dat: not UTF-8", 2, []),
    ([*LAUNCH, "--hosts", "a", "--env-json", "bin.dat", "--", "x"], "--env-json bin.dat", 2, []),
    ([*LAUNCH, "--hosts", "a", "--env-json", "fifo", "--", "x"], "--env-json fifo", 2, []),
    ([*LAUNCH, "--hosts", "a", "--env-json", "strings.json", "--", "x"], "strings.json", 2, []),
    ([*LAUNCH, "--hosts", "a", "--out", "afile", "--", "x"], "--out afile", 2, []),
    ([*LAUNCH, "--hosts", "a", "--out", "nodir/x", "--", "x"], "--out nodir/x", 2, ["nodir"]),
    ([*LAUNCH, "--hosts", "a", "--master-port", "70000", "--", "x"], "'70000'", 2, []),
    ([*LAUNCH, "--hosts", "a", "--preflight-timeout", "-1", "--", "x"], "'-1'", 2, []),
    (["launch", "--hosts", "a", "--nproc-per-node", "0", "--format", "torchrun", "--", "x"],
     "--nproc-per-node/--nproc_per_node: '0'", 2, []),
    (["train", "--device", "cpu", "--nproc", "0"], "--nproc 0", 2, []),
    (["train", "--device", "cpu", "--nproc", "1", "--bucket-mb", "x"], "'x'", 2, []),
    (["train", "--device", "cpu", "--nproc", "1", "--bucket-mb", "25,inf"], "'inf'", 2, []),
    (["train", "--device", "cpu", "--nproc", "1", "--deadline", "0"], "--deadline: '0'", 2, []),
    (["train", "--device", "cpu", "--nproc", "1", "--baseline-json", "fifo"], "fifo", 2, []),
    (["train", "--device", "cpu", "--nproc", "1", "--baseline-json", "strings.json"],
     "strings.json", 2, []),
    (["train", "--device", "cpu", "--nproc", "1", "--bench-json", "nodir/b.json"],
     "--bench-json nodir/b.json", 2, ["nodir"]),
    (["plan", "--params", "0", "--world-size", "8", "--busbw-gbps", "100"], "--params 0", 2, []),
    (["plan", "--params", "abc", "--world-size", "8", "--busbw-gbps", "100"], "'abc'", 2, []),
    (["plan", "--params", "1e400", "--world-size", "8", "--busbw-gbps", "100"], "'1e400'", 2, []),
    (["plan", "--params", "163M", "--world-size", "0", "--busbw-gbps", "100"], "--world-size: '0'",
     2, []),
    ([*PLAN, "--busbw-gbps", "0"], "--busbw-gbps: '0'", 2, []),
    ([*PLAN, "--busbw-gbps", "inf"], "--busbw-gbps: 'inf'", 2, []),
    ([*PLAN, "--busbw-gbps", "100", "--bucket-mb", "0"], "--bucket-mb: '0'", 2, []),
    ([*PLAN, "--line-rate-gbits", "400", "--link-efficiency", "3"], "--link-efficiency: '3'", 2, []),
    ([*PLAN, "--line-rate-gbits", "400", "--nics-per-node", "0"], "--nics-per-node: '0'", 2, []),
    ([*PLAN, "--bench", "strings.json"], "strings.json", 2, []),
    ([*PLAN, "--bench", "adir"], "--bench adir", 2, []),
    ([*PLAN, "--bench", "fifo"], "--bench fifo", 2, []),
    ([*PLAN, "--bench", "bin.dat"], "--bench bin.dat: not UTF-8", 2, []),
    ([*PLAN, "--bench", "empty.txt"], "empty.txt", 2, []),
    (["report", "--no-doctor", "strings.json", "--out", "r.html"], "strings.json", 2, ["r.html"]),
    (["report", "--no-doctor", "launch.json", "--out", "r.html"], "launch.json", 2, ["r.html"]),
    (["report", "--no-doctor", "bin.dat", "--out", "r.html"], "bin.dat", 2, ["r.html"]),
    (["report", "--no-doctor", "empty.txt", "--out", "r.html"], "empty.txt", 2, ["r.html"]),
    (["report", "--no-doctor", "adir", "--out", "r.html"], "adir: is a folder", 2, ["r.html"]),
    (["report", "--no-doctor", "fifo", "--out", "r.html"], "fifo: not a regular file", 2,
     ["r.html"]),
    (["report", "--no-doctor", "missing", "--out", "r.html"], "missing: no such file", 2,
     ["r.html"]),
    (["report", "--root", N, "--out", "nodir/r.html"], "--out nodir/r.html", 2, ["nodir"]),
    (["report", "--root", N, "--out", "adir"], "--out adir: is a folder", 2, []),
    (["report", "--root", "notar.tar.gz", "--out", "r.html"], "notar.tar.gz", 2, ["r.html"]),
    (["bundle", "afile", "--root", N], "afile does not end in .tar.gz", 2, []),
    (["bundle", "nodir/b.tar.gz", "--root", N], "nodir", 2, ["nodir"]),
    (["bundle", "b.tar.gz", "--root", N, "fifo"], "fifo: not a regular file", 2, ["b.tar.gz"]),
    (["bundle", "b.tar.gz", "--root", N, "adir"], "adir: is a folder", 2, ["b.tar.gz"]),
    (["bundle", "b.tar.gz", "--root", N, "missing"], "missing: no such file", 2, ["b.tar.gz"]),
    (["bundle", "b.tar.gz", "--root", "notar.tar.gz"], "notar.tar.gz", 2, ["b.tar.gz"]),
]


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("argv", "names", "code", "absent"), CASES,
                         ids=[" ".join(c[0])[:70] for c in CASES])
def test_bad_input(bad: Path, capsys: pytest.CaptureFixture[str], argv: list[str], names: str,
                   code: int, absent: list[str]) -> None:
    got, err = _run(argv, capsys)
    assert got == code, err
    assert "Traceback" not in err and "internal error" not in err, err
    assert names in err, err
    assert "fix:" in err, err
    if code == 2:  # each message is one line followed by its fix line
        lines = err.strip().splitlines()
        assert len(lines) % 2 == 0 and all(f.lstrip().startswith("fix:") for f in lines[1::2]), err
    for rel in absent:
        assert not (bad / rel).exists(), f"{rel} left behind"
    assert not list(bad.glob(".*.tmp")) and not list(bad.glob(".ncclkit-bundle-*"))


def test_bundle_into_existing_file_needs_force(bad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (bad / "b.tar.gz").write_bytes(b"keep me")
    got, err = _run(["bundle", "b.tar.gz", "--root", N], capsys)
    assert got == 2 and "already exists" in err and "--force" in err
    assert (bad / "b.tar.gz").read_bytes() == b"keep me"


def test_analyze_with_stdin_closed(bad: Path, capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    got, err = _run(["analyze", "-"], capsys)
    assert got == 2 and "-: stdin is closed" in err and "Traceback" not in err


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name", ["empty.txt", "fifo", "/dev/null"])
def test_analyze_empty_input_says_so(bad: Path, capsys: pytest.CaptureFixture[str],
                                     name: str) -> None:
    # An empty input is reported as an info finding (exit 0), never read as a hang or a crash.
    if name == "/dev/null" and not stat.S_ISCHR(os.stat(name).st_mode):
        # Some sandboxes have no device nodes: their /dev/null is a plain file that whatever appended to it
        # has filled, so it is not the empty character device this case is about.
        pytest.skip("/dev/null is a plain file here, not the null device")
    got = main(["analyze", name])
    out = capsys.readouterr().out
    assert got == 0 and f"{name}: is empty" in out


def test_analyze_binary_is_a_finding(bad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "bin.dat"]) == 0
    assert "input.binary" in capsys.readouterr().out


def test_env_check_crlf_and_empty_are_read(bad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (bad / "crlf").write_bytes(b"NCCL_DEBUG=INFO\r\nNCCL_SOCKET_IFNAME=eth0\r\n")
    assert main(["env", "--root", N, "--check", "crlf", "--format", "json"]) in (0, 1)
    out = capsys.readouterr().out
    assert "\\r" not in out
    assert main(["env", "--root", N, "--check", "empty.txt"]) in (0, 1)  # no variable set: valid


def test_help_of_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], *([c, "--help"] for c in ("doctor", "snapshot", "env", "analyze",
                                                      "bench", "cluster", "launch", "train",
                                                      "plan", "report", "bundle"))):
        assert main(argv) == 0
        assert "usage:" in capsys.readouterr().out
