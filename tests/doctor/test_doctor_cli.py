"""`ncclkit doctor` CLI: JSON contract, exit codes, tar roots, text rendering without TTY / colour."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
from dataclasses import replace

import pytest

from ncclkit.cli.main import main
from ncclkit.doctor import run_doctor
from ncclkit.probe.root import NodeRoot
from ncclkit.report.jsonout import dumps
from ncclkit.report.text import make_console, render_text


def _fixture(data, name: str) -> str:
    return str(data / "nodes" / name)


def test_json_contract_and_exit_code(data, capsys):
    rc = main(["doctor", "--root", _fixture(data, "ib-port-down-memlock"), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert rc == 1
    assert list(doc) == ["schema_version", "host", "facts", "findings", "env"]
    assert doc["schema_version"] == 1 and doc["host"] == "hgx-a100-ib-12"
    assert doc["facts"]["host"] == doc["host"] and isinstance(doc["env"], dict)
    for f in doc["findings"]:
        assert list(f) == ["id", "severity", "subject", "message", "evidence", "fix", "cause"]
        assert f["severity"] in ("error", "warning", "info")
    sev = [f["severity"] for f in doc["findings"]]
    assert sev == sorted(sev, key=["error", "warning", "info"].index)


def test_format_json_equals_json_flag_and_is_stable(data, capsys):
    root = _fixture(data, "dgx-h100-ib-ok")
    assert main(["doctor", "--root", root, "--format", "json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["doctor", "--root", root, "--json"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert first == second and first["findings"] == []


def test_tar_root(data, tmp_path, capsys):
    archive = tmp_path / "snap.tar.gz"
    with tarfile.open(archive, "w:gz") as tf:
        tf.add(_fixture(data, "roce-2nic-gid"), arcname="roce-2nic-gid")
    rc = main(["doctor", "--root", str(archive), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert rc == 1 and "gdr.unavailable" in {f["id"] for f in doc["findings"]}


def test_bad_root_exit_2(tmp_path, capsys):
    assert main(["doctor", "--root", str(tmp_path / "missing")]) == 2
    err = capsys.readouterr().err
    assert "no such file or folder" in err and "Traceback" not in err
    junk = tmp_path / "junk.tar.gz"
    junk.write_bytes(b"not an archive")
    assert main(["doctor", "--root", str(junk), "--json"]) == 2
    assert "cannot unpack" in capsys.readouterr().err
    # The parent of the snapshots is not a snapshot: exit 2, not "no GPU found".
    (tmp_path / "snaps" / "n1").mkdir(parents=True)
    assert main(["doctor", "--root", str(tmp_path / "snaps"), "--json"]) == 2
    assert "not a node snapshot" in capsys.readouterr().err


def test_text_report_plain_without_tty(data, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    report = run_doctor(NodeRoot.open(_fixture(data, "ib-port-down-memlock")))
    out = io.StringIO()
    render_text(report, make_console(out))
    text = out.getvalue()
    assert "\x1b[" not in text and text.isascii()
    for heading in ("GPUs (4)", "Topology", "RDMA ports (4)", "Interfaces", "GPUDirect RDMA", "OS", "NCCL",
                    "Findings: 2 error, 1 warning"):
        assert heading in text, heading
    lines = text.splitlines()
    # Each fix is printed whole on the line after "fix:", with no markup left in it.
    for f in report.findings:
        idx = lines.index("    fix:", next(i for i, ln in enumerate(lines) if f.id in ln))
        assert lines[idx + 1].strip() == f.fix
    assert "[bold" not in text and "DOWN" in text


def test_text_report_markup_in_data_is_not_interpreted(data):
    report = run_doctor(NodeRoot.open(_fixture(data, "dgx-h100-ib-ok")))
    facts = report.facts
    weird = replace(report, facts=replace(facts, host="[red]node[/red]"))
    out = io.StringIO()
    render_text(weird, make_console(out))
    assert "[red]node[/red]" in out.getvalue()


def test_live_run_never_tracebacks():
    env = {**os.environ, "NO_COLOR": "1"}
    proc = subprocess.run([sys.executable, "-m", "ncclkit", "doctor"], capture_output=True, text=True,
                          timeout=120, env=env, check=False)
    assert proc.returncode in (0, 1), proc.stderr
    assert "Traceback" not in proc.stderr and "Findings:" in proc.stdout
    if not os.path.exists("/dev/nvidia0"):
        assert "gpu.none" in proc.stdout and proc.returncode == 1


@pytest.mark.parametrize("value", [{"b": 1, "a": {2, 1}}])
def test_jsonout_stable(value):
    assert dumps(value) == '{\n  "b": 1,\n  "a": [\n    1,\n    2\n  ]\n}'
