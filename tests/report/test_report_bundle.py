"""`ncclkit bundle`: one archive, redacted with one mapping across snapshot, logs and results, readable by --root."""

from __future__ import annotations

import json
import tarfile
from pathlib import Path

import pytest
from report_inputs import doctor_json, write_json

from ncclkit.cli.main import main
from ncclkit.doctor import run_doctor
from ncclkit.probe.root import NodeRoot

NODE = "dgx-h100-ib-ok"


def _ipoib_v4(snapshot: Path) -> str:
    links = json.loads((snapshot / "cmd" / "ip-j-addr.json").read_text())
    return next(a["local"] for link in links for a in link.get("addr_info", [])
                if a.get("family") == "inet" and not a["local"].startswith("127."))


@pytest.fixture()
def bundle(data: Path, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    snap = data / "nodes" / NODE
    host = json.loads((snap / "meta.json").read_text())["hostname"]
    addr = _ipoib_v4(snap)
    other = "trainer-node-42"  # a host only the log names (another node of the job)
    log = tmp_path / f"nccl-{host}-rank0.log"
    log.write_text(f"{host}:1234:1234 [0] NCCL INFO Bootstrap : Using ib0:{addr}<0>\n"
                   f"{other}:99:99 [1] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.77.3.9<0>\n")
    result = write_json(tmp_path / "doctor.json", doctor_json(data, NODE))
    out = tmp_path / "issue.tar.gz"
    assert main(["bundle", "--root", str(snap), str(out), str(log), str(result)]) == 0
    extracted = tmp_path / "x"
    with tarfile.open(out) as tf:
        tf.extractall(extracted, filter="tar")
    return out, {"host": host, "addr": addr, "other": other, "dir": str(extracted / "issue")}


def _all_text(folder: Path) -> str:
    return "\n".join(p.relative_to(folder).as_posix() + "\n" + p.read_text(errors="replace")
                     for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def test_redacted_everywhere_with_one_mapping(bundle: tuple[Path, dict[str, str]]) -> None:
    _out, info = bundle
    tree = Path(info["dir"])
    text = _all_text(tree)
    for secret in (info["host"], info["addr"], info["other"], "10.77.3.9"):
        assert secret not in text, secret
    index = json.loads((tree / "ncclkit-bundle" / "index.json").read_text())
    (log_rel,) = index["logs"]
    log = (tree / log_rel).read_text()
    new_host = json.loads((tree / "meta.json").read_text())["hostname"]
    assert log.startswith(f"{new_host}:1234:1234")  # same placeholder as the snapshot's meta.json
    assert _ipoib_v4(tree) in log  # same placeholder address as cmd/ip-j-addr.json
    assert (tree / "README.txt").read_text().startswith("ncclkit bundle")
    (res_rel,) = index["results"]
    assert json.loads((tree / res_rel).read_text())["host"] == new_host


def test_bundle_reads_as_snapshot(bundle: tuple[Path, dict[str, str]], data: Path) -> None:
    out, info = bundle
    original = run_doctor(NodeRoot.open(str(data / "nodes" / NODE)))
    packed = run_doctor(NodeRoot.open(str(out)))
    assert [f.id for f in packed.findings] == [f.id for f in original.findings]
    assert len(packed.facts.gpus) == len(original.facts.gpus)
    inside = json.loads((Path(info["dir"]) / "ncclkit-bundle" / "doctor.json").read_text())
    assert [f["id"] for f in inside["findings"]] == [f.id for f in original.findings]


def test_bundle_refuses_bad_out(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    snap = str(data / "nodes" / NODE)
    assert main(["bundle", "--root", snap, str(tmp_path / "issue.zip")]) == 2
    assert "does not end in .tar.gz" in capsys.readouterr().err
    existing = tmp_path / "old.tar.gz"
    existing.write_bytes(b"keep")
    assert main(["bundle", "--root", snap, str(existing)]) == 2
    assert existing.read_bytes() == b"keep" and "--force" in capsys.readouterr().err
    assert main(["bundle", "--root", snap, str(tmp_path / "n.tar.gz"), str(tmp_path / "missing.log")]) == 2
    assert "missing.log" in capsys.readouterr().err and not (tmp_path / "n.tar.gz").exists()
