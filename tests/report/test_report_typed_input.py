"""A well-formed result JSON with a mistyped field gets a one-line error naming the file and field
(report and doctor --format prometheus), never an internal error."""

from __future__ import annotations

import json

import pytest
from nodebuilder import NodeBuilder

from ncclkit.cli.main import main

SAMPLE = {"collective": "all_reduce", "size_bytes": 1048576, "count": 262144, "dtype": "float", "redop": "sum",
          "root": -1, "in_place": False, "time_us": 20.0, "algbw_gbps": 52.4, "busbw_gbps": 52.4, "wrong": 0,
          "checked": True, "time_us_min": 19.0, "time_us_max": 21.0}


@pytest.mark.parametrize(("field", "value"), [("busbw_gbps", "fast"), ("size_bytes", [1]), ("in_place", "no")])
def test_mistyped_bench_sample_is_named(tmp_path, capsys, field, value):
    bench = {"nranks": 2, "backend": "nccl", "engine": "torch", "mode": "eager", "config": {}, "findings": [],
             "samples": [{**SAMPLE, field: value}]}
    path = tmp_path / "b.json"
    path.write_text(json.dumps(bench))
    node = NodeBuilder(tmp_path / "nodes", host="n1").gpu("0000:1b:00.0", ["pci0000:15", "0000:15:01.0"]).write()
    for argv in (["report", str(path), "--out", str(tmp_path / "r.html")],
                 ["doctor", "--root", str(node), "--format", "prometheus", "--bench", str(path)]):
        rc = main(argv)
        err = capsys.readouterr().err
        assert rc == 2 and f"samples[0].{field}" in err and str(path) in err and "internal error" not in err, err
