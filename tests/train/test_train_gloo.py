"""`ncclkit train` for real: two gloo ranks on CPU, a tiny model, a few steps."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")

from ncclkit.cli.main import main  # noqa: E402
from ncclkit.errors import NcclkitError  # noqa: E402
from ncclkit.train.options import TrainOptions  # noqa: E402
from ncclkit.procspawn import free_port  # noqa: E402
from ncclkit.train.spawn import run_local  # noqa: E402

FAST = ["--device", "cpu", "--model-size", "tiny", "--micro-batch", "2", "--dtype", "fp32",
        "--steps", "3", "--warmup", "1", "--nosync-steps", "3"]


def _train(*argv: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["train", "--json", *FAST, *argv])
    assert code == 0
    return json.loads(out.getvalue())


def test_two_gloo_ranks_ddp_with_baseline(tmp_path: Path) -> None:
    bench = tmp_path / "bench.json"
    r = _train("--nproc", "2", "--baseline", "--bucket-mb", "1,0.25", "--bench-json", str(bench),
               "--log-dir", str(tmp_path / "logs"))
    assert r["world_size"] == 2 and r["backend"] == "gloo" and r["strategy"] == "ddp"
    assert r["model"]["params"] == 169728 and r["comm_bytes_per_step"] == 169728 * 4
    assert r["tokens_per_step_per_gpu"] == 2 * 64
    assert r["tokens_per_s_per_gpu"] == pytest.approx(128 / (r["step_ms"] / 1e3), rel=1e-3)
    base = r["baseline"]["run"]
    assert base["world_size"] == 1 and base["exposed_comm_ms"] is None
    assert r["scaling_efficiency"] == pytest.approx(
        r["tokens_per_s_per_gpu"] / base["tokens_per_s_per_gpu"], rel=1e-3)
    # no_sync measurement: the step without gradient traffic, and their difference.
    assert r["step_nosync_ms"] > 0
    assert r["exposed_comm_ms"] == pytest.approx(r["step_ms"] - r["step_nosync_ms"], abs=2e-3)
    assert [run["bucket_mb"] for run in r["runs"][:2]] == [1.0, 0.25]
    rec = r["recommendation"]
    assert rec["bucket_mb"] in (1.0, 0.25) and rec["accum"] >= 1 and rec["reasons"]
    assert rec["measured"]["bucket_mb"] == rec["bucket_mb"]
    assert rec["measured"]["accum"] == rec["accum"]
    assert r["comm_ms"] > 0
    samples = json.loads(bench.read_text())["samples"]
    assert [s["size_bytes"] for s in samples] == [65536, 262144, 1048576]
    assert all(s["wrong"] == 0 and s["busbw_gbps"] > 0 for s in samples)
    assert (tmp_path / "logs/train-rank1.log").exists()
    # plan reads what train wrote (CONTRACTS.md section 6).
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["plan", "--model-size", "tiny", "--world-size", "2", "--bench", str(bench),
                     "--bucket-mb", "1", "--json"]) == 0
    assert json.loads(out.getvalue())["comm_time_ms"] > 0


def test_accumulation_and_fsdp() -> None:
    r = _train("--nproc", "2", "--accum", "2", "--no-busbw", "--no-verify")
    assert r["accum"] == 2 and r["tokens_per_step_per_gpu"] == 2 * 2 * 64
    assert r["comm_ms"] is None and r["bench"] is None
    f = _train("--nproc", "2", "--strategy", "fsdp", "--no-verify")
    assert f["strategy"] == "fsdp" and f["runs"][0]["bucket_mb"] is None
    assert f["comm_bytes_per_step"] == 3 * 169728 * 4 and f["comm_ms"] > 0


def test_under_torchrun(tmp_path: Path) -> None:
    torchrun = Path(sys.executable).with_name("torchrun")
    if not torchrun.exists():
        pytest.skip("torchrun not installed next to python")
    base = tmp_path / "base.json"
    one = subprocess.run([sys.executable, "-m", "ncclkit", "train", "--json", *FAST],
                         capture_output=True, text=True, timeout=120, check=True)
    base.write_text(one.stdout)
    done = subprocess.run(
        [str(torchrun), "--nproc-per-node=2", f"--master-port={free_port()}", "--max-restarts=0",
         "-m", "ncclkit", "train", "--json", *FAST, "--baseline-json", str(base), "--no-busbw",
         "--timeout", "60"],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "OMP_NUM_THREADS": "1"})
    assert done.returncode == 0, done.stderr[-2000:]
    r = json.loads(done.stdout)  # only rank 0 prints
    assert r["world_size"] == 2 and r["scaling_efficiency"] > 0


def test_deadline_names_the_ranks(tmp_path: Path) -> None:
    opts = TrainOptions(device="cpu", backend="gloo", model_size="tiny", micro_batch=2,
                        dtype="fp32", steps=1000, warmup_steps=1)
    with pytest.raises(NcclkitError, match=r"ranks \[0, 1\] still running after 2 s"):
        run_local(opts, nproc=2, deadline_s=2, log_dir=tmp_path)


def test_bad_baseline_file(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "b.json"
    bad.write_text(json.dumps({"tokens_per_s_per_gpu": 10.0, "world_size": 2}))
    assert main(["train", *FAST, "--nproc", "2", "--baseline-json", str(bad)]) == 2
    assert "not a one-GPU baseline" in capsys.readouterr().err
