"""`ncclkit snapshot`: a capture of a snapshot reads back as the same facts and doctor report."""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import tarfile
from pathlib import Path

import pytest

from ncclkit.cli.main import main
from ncclkit.errors import NcclkitError
from ncclkit.facts import facts_to_json
from ncclkit.probe.collect import collect
from ncclkit.probe.root import NodeRoot
from ncclkit.probe.snapshot import MAX_FILE_BYTES, write_snapshot

FIXTURES = ("dgx-h100-ib-ok", "h200x2-vm-no-rdma", "ib-port-down-memlock", "roce-2nic-gid")
HAVE_DOCTOR = importlib.util.find_spec("ncclkit.doctor") is not None


def facts(spec: str | Path | None) -> dict:
    data = facts_to_json(collect(NodeRoot.open(None if spec is None else str(spec))))
    data.pop("source")
    return data


def doctor_json(spec: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    capsys.readouterr()
    rc = main(["doctor", "--root", str(spec), "--json"])
    out = capsys.readouterr().out
    assert rc in (0, 1), out
    data = json.loads(out)
    data.get("facts", {}).pop("source", None)  # the one field that names the folder read
    return data


def walk(folder: Path) -> tuple[dict[str, bytes], dict[str, str]]:
    """(files -> bytes, links -> target) below folder, links not followed."""
    files: dict[str, bytes] = {}
    links: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in [*dirnames, *filenames]:
            p = Path(dirpath) / name
            rel = p.relative_to(folder).as_posix()
            if p.is_symlink():
                links[rel] = os.readlink(p)
            elif p.is_file():
                files[rel] = p.read_bytes()
    return files, links


@pytest.mark.parametrize("name", FIXTURES)
def test_roundtrip_gives_same_facts_and_tree(data: Path, tmp_path: Path, name: str) -> None:
    src = data / "nodes" / name
    out = tmp_path / name
    result = write_snapshot(NodeRoot.open(str(src)), out)
    assert result.path == out and result.num_files > 0 and result.num_links > 0
    assert facts(out) == facts(src)
    files, links = walk(out)
    meta = json.loads(files["meta.json"])
    src_meta = json.loads((src / "meta.json").read_text())
    assert meta["schema"] == 1 and meta["redacted"] is False
    assert meta["hostname"] == src_meta["hostname"] and meta["captured_at"] == src_meta["captured_at"]
    # Links are real symlinks that stay inside the snapshot; no counters were copied.
    for rel, target in links.items():
        assert not target.startswith("/"), rel
        resolved = os.path.normpath(os.path.join(os.path.dirname(rel), target))
        assert not resolved.startswith(".."), (rel, target)
    assert "sys/class/infiniband/mlx5_0" in links or name.startswith("h200")
    assert not any("/counters/" in r or "/hw_counters/" in r for r in files)
    # Capturing the capture changes nothing.
    write_snapshot(NodeRoot.open(str(out)), tmp_path / "again")
    assert walk(tmp_path / "again") == (files, links)


@pytest.mark.skipif(not HAVE_DOCTOR, reason="ncclkit.doctor not built yet")
@pytest.mark.parametrize("name", FIXTURES)
def test_roundtrip_gives_same_doctor_json(data: Path, tmp_path: Path, name: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    src = data / "nodes" / name
    out = tmp_path / name
    assert main(["snapshot", "--root", str(src), str(out)]) == 0
    assert doctor_json(out, capsys) == doctor_json(src, capsys)


def test_tar_roundtrip(data: Path, tmp_path: Path) -> None:
    src = data / "nodes" / "roce-2nic-gid"
    result = write_snapshot(NodeRoot.open(str(src)), tmp_path / "snap", tar=True)
    assert result.path == tmp_path / "snap.tar.gz"
    assert not (tmp_path / "snap").exists()
    with tarfile.open(result.path) as tf:
        members = tf.getmembers()
    assert all(m.name.split("/")[0] == "snap" for m in members)
    assert any(m.issym() for m in members)
    assert facts(result.path) == facts(src)
    # An explicit .tar.gz name is used as given.
    named = write_snapshot(NodeRoot.open(str(src)), tmp_path / "x.tar.gz", tar=True)
    assert named.path == tmp_path / "x.tar.gz" and facts(named.path) == facts(src)


def test_dgx_snapshot_is_small(data: Path, tmp_path: Path) -> None:
    src = data / "nodes" / "dgx-h100-ib-ok"
    folder = write_snapshot(NodeRoot.open(str(src)), tmp_path / "dgx")
    archive = write_snapshot(NodeRoot.open(str(src)), tmp_path / "dgx", tar=True)
    assert folder.size_bytes < 5_000_000
    assert archive.size_bytes < 5_000_000
    # 4 KiB blocks per file on disk: the file count bounds the real footprint too.
    assert folder.num_files * 4096 < 5_000_000


def test_refuses_non_empty_out_unless_forced(data: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    src = data / "nodes" / "roce-2nic-gid"
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine\n")
    with pytest.raises(NcclkitError) as err:
        write_snapshot(NodeRoot.open(str(src)), out)
    assert "not empty" in err.value.message and "--force" in err.value.hint
    assert main(["snapshot", "--root", str(src), str(out)]) == 2
    assert "--force" in capsys.readouterr().err
    assert main(["snapshot", "--root", str(src), str(out), "--force"]) == 0
    assert (out / "notes.txt").read_text() == "mine\n"
    assert facts(out) == facts(src)
    # An empty folder is fine without --force.
    (tmp_path / "empty").mkdir()
    write_snapshot(NodeRoot.open(str(src)), tmp_path / "empty")
    assert (tmp_path / "empty" / "meta.json").is_file()


def test_hostile_source_stays_bounded(tmp_path: Path) -> None:
    """Link loops, links out of the tree and huge files: bounded, inside OUT, left out."""
    src = tmp_path / "src"
    ib = src / "sys" / "class" / "infiniband"
    ib.mkdir(parents=True)
    (ib / "loop0").write_text("../../class/infiniband/loop1\n")  # link files, as in copied snapshots
    (ib / "loop1").write_text("../../class/infiniband/loop0\n")
    (src / "sys" / "class" / "net").mkdir()
    (src / "sys" / "class" / "net" / "evil").symlink_to("../../../../../../../../etc")
    (src / "proc").mkdir()
    (src / "proc" / "modules").write_bytes(b"x" * (MAX_FILE_BYTES + 10))
    (src / "proc" / "version").write_text("Linux version 6.8.0-1 (b@h) #1 SMP\n")
    (src / "meta.json").write_text('{"schema": 1, "hostname": "n1", "captured_at": "2026-01-01T00:00:00Z"}')
    out = tmp_path / "out"
    result = write_snapshot(NodeRoot.open(str(src)), out)
    assert result.skipped == ("proc/modules",)
    assert not (out / "proc" / "modules").exists()
    assert (out / "proc" / "version").is_file()
    assert json.loads((out / "meta.json").read_text())["skipped_files"] == ["proc/modules"]
    files, links = walk(out)
    assert all(not os.path.normpath(os.path.join(os.path.dirname(r), t)).startswith("..")
               for r, t in links.items())
    assert not any(r.startswith("etc/") for r in files)  # nothing of the host's /etc was copied
    assert not list(tmp_path.glob(".ncclkit-snapshot-*"))  # the build folder is gone


def test_live_snapshot_reads_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "live"
    before = facts(None)
    assert main(["snapshot", str(out), "--json"]) == 0
    after = facts(None)
    report = json.loads(capsys.readouterr().out)
    assert report["path"] == str(out) and report["num_files"] > 0
    meta = json.loads((out / "meta.json").read_text())
    assert meta["hostname"] == socket.gethostname() and meta["redacted"] is False
    snap = facts(out)
    # What the node is made of reads back the same; only the process-bound sources differ.
    for key in ("host", "gpus", "ib_devices", "numa_nodes", "peermem", "os"):
        assert snap[key] == before[key], key
    # Other processes may add or remove interfaces meanwhile: compare those present throughout.
    stable = {i["name"] for i in before["ifaces"]} & {i["name"] for i in after["ifaces"]}
    assert stable and stable <= {i["name"] for i in snap["ifaces"]}
    live_ifaces = {i["name"]: i for i in before["ifaces"]}
    for iface in snap["ifaces"]:
        if iface["name"] in stable:
            assert iface == live_ifaces[iface["name"]], iface["name"]
    common = snap["pci"].keys() & before["pci"].keys()
    assert {b: snap["pci"][b] for b in common} == {b: before["pci"][b] for b in common}
    assert snap["nccl"]["env"] == before["nccl"]["env"]
    assert snap["nccl"]["env_source"] == "cmd/env.txt"
    assert (out / "cmd" / "ulimit-l.txt").is_file()
    if HAVE_DOCTOR:
        assert main(["doctor", "--root", str(out), "--json"]) in (0, 1)
        assert json.loads(capsys.readouterr().out)["host"] == socket.gethostname()
