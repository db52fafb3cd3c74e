"""The judge's other verdicts (extra collective, dtype mismatch, everyone inside one collective, a
tie), the Inspector reader, and the flags that make evidence exist. The records below are the real
gloo dumps (data/) with one field changed each, so that every other field stays as torch wrote it."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from ncclkit.cli.main import main
from ncclkit.hang.frdump import read_dump
from ncclkit.hang.inspector import judge_inspector, read_inspector
from ncclkit.hang.judge import judge_traces
from ncclkit.hang.records import RankTrace
from ncclkit.probe.nccl import filter_env

DATA = Path(__file__).resolve().parent / "data"


def _stall() -> list[RankTrace]:
    return [read_dump((DATA / "gloo-stall" / f"rank{r}.json").read_bytes(), f"rank{r}.json") for r in range(3)]


def _ids(traces: list[RankTrace]) -> list[tuple[str, str]]:
    return [(f.id, f.subject) for f in judge_traces(traces)]


def test_one_rank_ahead_issued_an_extra_collective():
    traces = _stall()  # ranks 0,1 at #4, rank 2 at #3: make rank 0 alone ahead, at #5
    g0 = traces[0].groups["0"]
    extra = copy.deepcopy(g0.ops[-1])
    extra.seq = 5
    g0.ops.append(extra)
    g0.last_enqueued = 5
    for t in traces[1:]:
        t.groups["0"].last_enqueued = 4
        t.groups["0"].ops = [o for o in t.groups["0"].ops if o.seq <= 4] or t.groups["0"].ops
    traces[2].groups["0"].ops.append(copy.deepcopy(traces[1].groups["0"].op(4)))
    assert _ids(traces) == [("hang.rank_extra_collective", "rank0")]


def test_dtype_mismatch_names_the_minority():
    traces = _stall()
    traces[2].groups["0"].last_enqueued = 4
    traces[2].groups["0"].ops.append(copy.deepcopy(traces[0].groups["0"].op(4)))
    traces[2].groups["0"].op(4).in_dtypes = ["BFloat16"]
    found = judge_traces(traces)
    assert [(f.id, f.subject) for f in found] == [("hang.collective_mismatch", "rank2")]
    assert found[0].evidence["differs"] == ["dtypes"]


def test_everyone_inside_the_same_collective():
    traces = _stall()
    traces[2].groups["0"].last_enqueued = 4
    traces[2].groups["0"].ops.append(copy.deepcopy(traces[0].groups["0"].op(4)))
    for t in traces:
        t.groups["0"].last_completed = 3
    found = judge_traces(traces)
    assert [f.id for f in found] == ["hang.all_in_collective"] and found[0].root_cause is None
    assert "dmesg" in found[0].fix


def test_two_ranks_one_behind_is_not_launched_not_extra():
    traces = _stall()[1:]  # rank 1 at #4, rank 2 at #3: one each side; the one behind never launched
    for t in traces:
        t.groups["0"].ranks = [1, 2]
    assert _ids(traces) == [("hang.rank_not_launched", "rank2")]


def _inspector_line(rank: int, sn: int) -> str:
    # NCCL plugins/profiler/inspector/README.md, output format v4.0
    return json.dumps({"header": {"id": "0x7f8c496ae9f661", "rank": rank, "n_ranks": 4, "nnodes": 1},
                       "metadata": {"inspector_output_format_version": "v4.0", "git_rev": "",
                                    "rec_mechanism": "profiler_plugin", "dump_timestamp_us": 1748030377748202,
                                    "hostname": f"node{rank // 2}", "pid": 1639450 + rank},
                       "coll_perf": {"coll": "AllReduce", "coll_sn": sn, "coll_msg_size_bytes": 17179869184,
                                     "coll_exec_time_us": 61974, "coll_algobw_gbs": 277.21,
                                     "coll_busbw_gbs": 485.12}})


def test_inspector_names_the_rank_that_did_not_finish(tmp_path, capsys):
    lines = [_inspector_line(r, sn) for sn in (1405, 1406, 1407) for r in range(4) if not (r == 3 and sn == 1407)]
    path = tmp_path / "inspector.log"
    path.write_text("\n".join(lines) + "\n" + lines[0][:40])  # a torn last line
    assert main(["analyze", "--json", str(path)]) == 1
    obj = json.loads(capsys.readouterr().out)[0]
    assert obj["kind"] == "inspector"
    assert [(f["id"], f["subject"]) for f in obj["findings"]] == [("hang.rank_not_launched", "node1/rank3")]
    ranks = read_inspector(path.read_text())
    assert judge_inspector([r for r in ranks if r.rank != 1])[0].id == "hang.rank_missing"


def test_torch_variables_are_captured():
    env = {"TORCH_NCCL_ASYNC_ERROR_HANDLING": "3", "TORCH_FR_BUFFER_SIZE": "2000", "HOME": "/root",
           "NCCL_DEBUG": "INFO"}
    assert filter_env(env) == {"NCCL_DEBUG": "INFO", "TORCH_FR_BUFFER_SIZE": "2000",
                               "TORCH_NCCL_ASYNC_ERROR_HANDLING": "3"}


def test_launch_hang_evidence(capsys):
    rc = main(["launch", "--hosts", "a,b", "--nproc-per-node", "8", "--format", "torchrun", "--no-preflight",
               "--hang-evidence", "/scratch/fr_", "--env", "TORCH_FR_BUFFER_SIZE=500", "--", "python", "t.py"])
    out = capsys.readouterr().out
    assert rc == 0
    for line in ("export TORCH_NCCL_DUMP_ON_TIMEOUT=1", "export TORCH_FR_DUMP_TEMP_FILE=/scratch/fr_",
                 "export TORCH_NCCL_ASYNC_ERROR_HANDLING=3", "export NCCL_RAS_ENABLE=1",
                 "export TORCH_FR_BUFFER_SIZE=500"):  # --env wins over the flag's default
        assert line in out


# The MISMATCH block of a 32-rank job as NCCL 2.28's client_support.cc prints it: the majority as a
# count, the outlier group of two ranks listed one line each (the layout of data/gpu-nccl-2.28.9/
# ras-hang.txt, with the group lines of rasClientRunComms' "%d ranks have launched up to operation").
RAS_32 = """NCCL version 2.28.9 compiled with CUDA 13.0
CUDA runtime version 13000, driver version 13000

Job summary
===========

  Nodes  Processes         GPUs  Processes     GPUs
(total)   per node  per process    (total)  (total)
      4          8            1         32       32

Communicators... (0.012s)
=============

Group     Comms     Nodes     Ranks     Ranks     Ranks    Status  Errors
    #  in group  per comm  per node  per comm  in group
    0         1         4         8        32        32   RUNNING  MISMATCH

Errors
======

Warnings
========

#0-0 (5f2e0c1a9b7d3e41) MISMATCH
  Communicator ranks have different AllReduce operation counts
  30 ranks have launched up to operation 640
  2 ranks have launched up to operation 641
  Rank 9 -- GPU 1 managed by process 20117 on node gpu-b
  Rank 26 -- GPU 2 managed by process 30555 on node gpu-d

"""


def test_ras_text_two_ranks_ahead_issued_an_extra_collective(tmp_path):
    from ncclkit.logs.analyze import analyze_text

    obj = analyze_text(RAS_32, name="ncclras.txt")
    assert obj["kind"] == "ras"
    f = obj["findings"][0]
    assert (f["id"], f["subject"]) == ("hang.rank_extra_collective", "gpu-b/rank9,gpu-d/rank26")
    assert "process 20117 on gpu-b" in f["message"]
    assert {(g["ranks"], g["launched"]) for g in f["evidence"]["groups"]} == {(30, 640), (2, 641)}


def test_inspector_files_of_several_ranks_are_one_job(tmp_path, capsys):
    for r in range(4):
        sns = (1405, 1406) if r == 3 else (1405, 1406, 1407)
        (tmp_path / f"rank{r}.log").write_text("\n".join(_inspector_line(r, sn) for sn in sns) + "\n")
    assert main(["analyze", "--json", str(tmp_path)]) == 1
    objs = json.loads(capsys.readouterr().out)
    assert [o["kind"] for o in objs] == ["inspector"] and objs[0]["file"] == str(tmp_path)
    assert [(f["id"], f["subject"]) for f in objs[0]["findings"]] == [("hang.rank_not_launched", "node1/rank3")]


def test_ras_warnings_pasted_alone_are_read():
    from ncclkit.logs.analyze import analyze_text

    obj = analyze_text(RAS_32[RAS_32.index("#0-0"):], name="paste")
    assert obj["kind"] == "ras" and obj["findings"][0]["id"] == "hang.rank_extra_collective"


def test_watchdog_lines_in_separate_rank_logs(tmp_path, capsys):
    log = (DATA / "gpu-nccl-2.28.9" / "run.log").read_text()
    cut = log.index("==== rank 1")
    (tmp_path / "rank0.log").write_text(log[:cut])
    (tmp_path / "rank1.log").write_text(log[cut:])
    main(["analyze", "--json", str(tmp_path / "rank0.log"), str(tmp_path / "rank1.log")])
    objs = json.loads(capsys.readouterr().out)
    assert [o["kind"] for o in objs] == ["nccl_log", "nccl_log", "watchdog"]
    assert [(f["id"], f["subject"]) for f in objs[2]["findings"]] == [("hang.rank_not_launched", "rank1")]
    assert not any(f["id"].startswith("hang.") for o in objs[:2] for f in o["findings"])


@pytest.mark.slow
def test_train_hang_evidence_reaches_the_ranks(monkeypatch, capsys):
    pytest.importorskip("torch")
    from ncclkit.hang.evidence import hang_evidence_env

    for name in hang_evidence_env():  # the flag sets them in this process: restored afterwards
        monkeypatch.setenv(name, "")  # records the variable's state before the test, then unsets it
        monkeypatch.delenv(name)
    rc = main(["train", "--json", "--device", "cpu", "--model-size", "tiny", "--micro-batch", "2", "--dtype", "fp32",
               "--steps", "1", "--warmup", "0", "--nosync-steps", "1", "--no-busbw", "--no-verify", "--nproc", "2",
               "--hang-evidence", "/tmp/ncclkit_test_fr_"])
    result = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert result["nccl_env"]["NCCL_RAS_ENABLE"] == "1"  # as the ranks saw their environment
