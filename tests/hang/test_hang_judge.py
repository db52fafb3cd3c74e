"""The judge's other verdicts (extra collective, dtype mismatch, everyone inside one collective, a
tie), the Inspector reader, and the flags that make evidence exist. The records below are the real
gloo dumps (data/) with one field changed each, so that every other field stays as torch wrote it."""

from __future__ import annotations

import copy
import json
from pathlib import Path

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
