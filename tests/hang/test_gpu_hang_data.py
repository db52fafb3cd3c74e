"""A real NCCL hang on one H200 (benchmarks/hang_gpu.py, NCCL 2.28.9, torch 2.11: two ranks sharing
GPU 0 as two simulated hosts over NET/Socket; rank 1 never launches the 6th all_reduce, rank 0's
watchdog times out and the process ends). Its RAS reports, flight-recorder dumps and log, as captured
(data/README.md), must each name the culprit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ncclkit.cli.main import main
from ncclkit.logs.analyze import analyze_path

GPU = Path(__file__).resolve().parent / "data" / "gpu-nccl-2.28.9"


def _errors(obj: dict) -> list[tuple[str, str]]:
    return [(f["id"], f["subject"]) for f in obj["findings"] if f["severity"] == "error"]


@pytest.mark.parametrize("name", ["ras-hang.txt", "ras-hang.json"])
def test_ras_during_the_hang_names_the_rank_that_did_not_launch(name):
    obj = analyze_path(GPU / name)
    assert obj["kind"] == "ras"
    assert _errors(obj) == [("hang.rank_not_launched", "127.0.0.1/rank1")]
    f = obj["findings"][0]
    assert "process 469" in f["message"] and "GPU 0" in f["message"]
    assert f["evidence"]["collective"] == "AllReduce"
    assert sorted((g["launched"], g["named"]) for g in f["evidence"]["groups"]) == [(5, [1]), (6, [0])]


@pytest.mark.parametrize("name", ["ras-dead.txt", "ras-dead.json"])
def test_ras_after_rank0_exited_names_it_dead(name):
    obj = analyze_path(GPU / name)
    assert _errors(obj) == [("hang.rank_missing", "127.0.0.1/rank0")]
    ev = obj["findings"][0]["evidence"]["missing"][0]
    assert ev["pid"] == 468 and ev["dead"] is True
    assert obj["findings"][0]["cause"] == "rank_crashed_elsewhere"


def test_nccl_2_28_9_json_missing_comma_is_read():
    text = (GPU / "ras-dead.json").read_text()
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)  # as NCCL printed it
    assert analyze_path(GPU / "ras-dead.json")["report"]["nccl_version"] == "2.28.9"


def test_dumps_on_timeout_name_rank1(capsys):
    rc = main(["analyze", "--json", str(GPU / "nccl_trace_rank_0"), str(GPU / "nccl_trace_rank_1")])
    objs = json.loads(capsys.readouterr().out)
    assert rc == 1 and len(objs) == 1 and objs[0]["kind"] == "flight_recorder"
    assert _errors(objs[0]) == [("hang.rank_not_launched", "rank1")]
    ev = objs[0]["findings"][0]["evidence"]
    assert ev["last_enqueued"] == {"rank0": 6, "rank1": 5} and ev["waited_op"] == "all_reduce(1048576 Float)"
    assert ev["stopped_after"]["rank1"].startswith("worker (hang_gpu.py:")


def test_empty_fr_json_of_an_nccl_job_is_explained():
    obj = analyze_path(GPU / "fr_trace_json_rank0.json")
    assert [f["id"] for f in obj["findings"]] == ["hang.dump_empty"]


def test_watchdog_lines_of_both_ranks_name_rank1():
    obj = analyze_path(GPU / "run.log")
    assert obj["kind"] == "nccl_log"
    ids = [(f["id"], f["subject"]) for f in obj["findings"]]
    assert ("hang.rank_not_launched", "rank1") in ids and ids[0][0] == "hang.rank_not_launched"
    assert {t["rank"] for t in obj["watchdog"]} == {0, 1}


def test_nccl_json_dumps_taken_while_stuck(capsys):
    folder = GPU.parent / "gpu-nccl-2.28.9-json"
    rc = main(["analyze", "--json", str(folder)])
    objs = json.loads(capsys.readouterr().out)
    assert rc == 1 and [o["kind"] for o in objs] == ["flight_recorder"]
    assert _errors(objs[0]) == [("hang.rank_not_launched", "rank1")]
    assert objs[0]["groups"][0]["last_completed"] == {"rank0": 5, "rank1": 5}
