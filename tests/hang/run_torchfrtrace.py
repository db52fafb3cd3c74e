"""Run PyTorch's own analyzer (torchfrtrace, torch/distributed/flight_recorder) on a folder of pickle
dumps and print its verdicts as JSON, one line per folder: [{"seq", "missing", "mismatch": {rank: state}}]
or {"error": msg}. Usage: run_torchfrtrace.py PREFIX FOLDER...

gloo in torch 2.10-2.13 records pg_config under the empty name (tests/hang/data/README.md), which the
analyzer cannot map to the entries' group ("0", KeyError); the group is filled in from the entries and
the recorded ranks, exactly as our reader does, so that it can judge the same dumps.
"""

from __future__ import annotations

import json
import sys

from torch.distributed.flight_recorder.components import loader
from torch.distributed.flight_recorder.components.builder import build_db
from torch.distributed.flight_recorder.components.config_manager import JobConfig

_read_dump = loader.read_dump


def _read_dump_fixed(prefix, filename):
    d = _read_dump(prefix, filename)
    if set(d["pg_config"]) == {""}:
        ranks = d["pg_config"][""]["ranks"]
        d["pg_config"] = {str(e["process_group"][0]): {"name": str(e["process_group"][0]),
                                                       "desc": e["process_group"][1], "ranks": ranks}
                          for e in d["entries"]}
    return d


def main() -> None:
    loader.read_dump = _read_dump_fixed
    for folder in sys.argv[2:]:
        print(json.dumps(_verdicts(folder, sys.argv[1])), flush=True)


def _verdicts(folder: str, prefix: str) -> object:
    args = JobConfig().parse_args([folder, "--prefix", prefix])
    details, version = loader.read_dir(args)
    try:
        db = build_db(details, args, version)
    except AssertionError as exc:
        return {"error": str(exc)}
    out = []
    for c in db.collectives:
        if c.pass_check and not c.missing_ranks:
            continue
        out.append({"seq": c.collective_seq_id, "name": c.collective_name,
                    "missing": sorted(c.missing_ranks or []),
                    "mismatch": {str(r): str(m.type_of_mismatch.state.name) if m.type_of_mismatch else None
                                 for r, m in (c.mismatch_collectives or {}).items()}})
    return out


if __name__ == "__main__":
    main()
