"""The prediction's JSON is exactly its records (nccl.predict.Prediction), and a result file whose
prediction has a mistyped field is refused with the field named, not rendered into an internal error."""

from __future__ import annotations

import json

import pytest

from ncclkit.cli.main import main
from ncclkit.nccl.predict import Prediction, predict
from ncclkit.probe.collect import collect
from ncclkit.probe.root import NodeRoot

from nodes import CAPTURED, built_dir  # noqa: E402  (tests/nodes.py: captured and built snapshots)

NODES = sorted([p.parent for p in CAPTURED.glob("*/expected.json")]
               + [p.parent for p in built_dir().glob("*/expected.json")], key=lambda p: p.name)


@pytest.mark.parametrize("node", NODES, ids=[p.name for p in NODES])
def test_every_prediction_reads_back_into_its_records(node):
    facts = collect(NodeRoot.open(str(node)))
    pred = Prediction.from_json(predict(facts, dict(facts.nccl.env)))
    assert set(pred.gdr) == {f"GPU{g.index}" for g in facts.gpus}


@pytest.mark.parametrize(("field", "value", "named"), [("gdr", 5, "prediction.gdr"),
                                                       ("net", "IB", "prediction.net"),
                                                       ("gdr", {"GPU0": "yes"}, "prediction.gdr[GPU0]")])
def test_mistyped_prediction_in_a_result_file_is_named(tmp_path, capsys, field, value, named):
    node = NODES[0]
    assert main(["doctor", "--root", str(node), "--json"]) in (0, 1)
    doc = json.loads(capsys.readouterr().out)
    doc["env"]["prediction"][field] = value
    path = tmp_path / "d.json"
    path.write_text(json.dumps(doc))
    assert main(["report", str(path), "--out", str(tmp_path / "r.html")]) == 2
    err = capsys.readouterr().err
    assert named in err and str(path) in err and "internal error" not in err
