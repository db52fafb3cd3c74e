"""py-spy dumps of real NCCL hangs on one H100 (benchmarks/pyspy_gpu.py: NCCL 2.28.9, torch 2.11, two ranks on GPU 0
as two hosts; benchmarks/results/pyspy-1xH100-2026-12-06): what the dumps and logs say, read as users paste them.
The GPU test at the end makes the hangs again where a GPU and py-spy are present."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from conftest import have_gpu, run_benchmark
from ncclkit.logs.analyze import analyze_path

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data" / "pyspy-gpu-2.28.9"
RUNS = {r["scenario"]: r for run in sorted((ROOT / "benchmarks" / "results" / "pyspy-1xH100-2026-12-06").glob(
    "pyspy-run*.json")) for r in json.loads(run.read_text())["results"]}


def _lead(path: Path) -> tuple[str, str, str]:
    found = analyze_path(path)["findings"][0]
    return found["id"], found["cause"], found["subject"]


def _sleeping_process(dump: Path) -> str:
    # the process whose main thread is in the scenario's own function, as py-spy numbers it
    process = ""
    for line in dump.read_text().splitlines():
        if line.startswith("Process "):
            process = line.split()[1].rstrip(":")
        if line.strip().startswith("load_next_batch ("):
            return process
    raise AssertionError(f"no process in load_next_batch in {dump}")


def test_the_runs_hung_where_the_scenarios_say() -> None:
    # a peer alive elsewhere: both ranks still there at the dump; a peer that exited: no hang, rank 0 crashed after
    assert RUNS["destroy-while-peer-stuck"]["alive_at_dump"] == [True, True]
    assert RUNS["peer-in-other-work"]["alive_at_dump"] == [True, True]
    assert RUNS["destroy-after-peer-exit"]["alive_at_dump"] == [False, False]


def test_a_rank_hung_in_destroy_process_group() -> None:
    dump = DATA / "destroy-while-peer-stuck-pyspy.txt"
    assert _lead(dump)[:2] == ("log.teardown_hang", "other")
    others = {(f["id"], f["subject"]) for f in analyze_path(dump)["findings"]}
    assert ("log.rank_outside_collective", f"process {_sleeping_process(dump)}") in others


def test_a_rank_waiting_on_the_gpu_for_a_peer_in_its_own_code(tmp_path: Path) -> None:
    dump = DATA / "peer-in-other-work-pyspy.txt"
    assert _lead(dump) == ("log.rank_outside_collective", "hang_collective_mismatch",
                           f"process {_sleeping_process(dump)}")
    # both ranks waiting for the GPU: nobody is elsewhere, and a wait for the GPU is no collective of its own
    text = dump.read_text()
    both = text.replace("    load_next_batch (<string>:17)\n",
                        "    synchronize (torch/cuda/__init__.py:1162)\n")
    both_path = tmp_path / "both-waiting.txt"
    both_path.write_text(both)
    ids = {f["id"] for f in analyze_path(both_path)["findings"]}
    assert not ids & {"log.rank_outside_collective", "log.collective_mismatch"}


def test_a_destroy_after_the_peer_exited_raises_and_names_the_peer() -> None:
    log = DATA / "destroy-after-peer-exit.log"
    assert "pg_to_shutdown.shutdown()" in log.read_text()
    found = analyze_path(log)["findings"]
    assert found[0]["cause"] == "rank_crashed_elsewhere"
    assert "log.teardown_hang" not in {f["id"] for f in found}


@pytest.mark.gpu
@pytest.mark.skipif(not have_gpu(), reason="needs an NVIDIA GPU")
def test_the_hangs_made_again_on_this_gpu(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        pytest.skip("py-spy is not installed")
    run_benchmark("pyspy_gpu.py", tmp_path, "destroy-while-peer-stuck", "peer-in-other-work", timeout_s=300, PYSPY=spy)
    assert _lead(tmp_path / "destroy-while-peer-stuck-pyspy.txt")[:2] == ("log.teardown_hang", "other")
    assert _lead(tmp_path / "peer-in-other-work-pyspy.txt")[:2] == ("log.rank_outside_collective",
                                                                   "hang_collective_mismatch")
