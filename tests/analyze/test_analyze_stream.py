"""Streaming reader on a ~20 MB multi-rank log: the same facts as the line-by-line reader on one copy
of the log it repeats (counts times the copies), in one process and split over two, in bounded memory.
Timing is measured by benchmarks/analyze_stream.py, not here."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import DATA

from ncclkit.logs import nccl_log
from ncclkit.logs.nccl_log import parse_nccl_log, parse_nccl_log_stream

# Lines the corpus lacks: a traceback and a watchdog timeout between NCCL lines, nccl-tests rank
# lines, one variable set to two values, a CollNet channel, a trace, a WARN after its empty line.
EXTRA = """\
node9:7:7 [1] NCCL INFO NCCL_IB_HCA set by environment to mlx5_0.
node9:7:7 [1] NCCL INFO Channel 00/0 : 9[1] -> 10[2] via P2P/CUMEM/read
node9:7:8 [1] NCCL INFO CollNet 05/0 : 9 [receive] via COLLNET/SHARP/0/GDRDMA
Traceback (most recent call last):
torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled system error
[E ProcessGroupNCCL.cpp:474] [Rank 9] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1)
#  Rank  9 Group  0 Pid      7 on      node9 device  1 [0x3b] NVIDIA H200
node9:7:9 [1] NCCL INFO transport/net.cc:1302 -> 6

node9:7:9 [1] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer node10<4012>
node9:7:7 [1] NCCL INFO NCCL_IB_HCA set by environment to mlx5_1.
"""


def small_log() -> str:
    """Real logs of the corpus plus EXTRA: the unit the big log repeats."""
    parts = [p.read_text(encoding="utf-8", errors="replace")
             for p in sorted((DATA / "corpus" / "nccl_logs").glob("*.txt"))]
    text = "\n".join(parts + [EXTRA])
    return text if text.endswith("\n") else text + "\n"


def expected_for(copies: int, one: dict[str, Any]) -> dict[str, Any]:
    """What the reader must give for `copies` back-to-back copies of a log whose summary is `one`."""
    out = json.loads(json.dumps(one))
    for key in ("lines_total", "nccl_lines", "test_headers"):
        out[key] *= copies
    for e in out["errors"]:
        e["count"] *= copies
    for t in out["transport_map"]:
        t["channels"] *= copies
    return out


def as_dict(summary: Any) -> dict[str, Any]:
    return json.loads(json.dumps(dataclasses.asdict(summary)))


@pytest.fixture(scope="module")
def big_log(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, dict[str, Any]]:
    text = small_log()
    copies = max(2, (20 << 20) // len(text.encode()))
    path = tmp_path_factory.mktemp("stream") / "ranks.log"
    path.write_bytes(text.encode() * copies)
    return path, copies, as_dict(parse_nccl_log(text.splitlines()))


def test_stream_equals_line_reader_on_repeated_log(big_log: tuple[Path, int, dict[str, Any]],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path, copies, one = big_log
    monkeypatch.setattr(nccl_log, "CHUNK_BYTES", 1 << 20)  # many blocks, lines cut at every block end
    want = expected_for(copies, one)
    assert one["errors"] and one["transport_map"] and one["hosts"]  # the oracle has facts to compare
    with path.open("rb") as f:
        sequential = as_dict(parse_nccl_log_stream(f, workers=1))
    assert sequential == want
    monkeypatch.setattr(nccl_log, "PARALLEL_MIN_BYTES", 1 << 20)  # two byte ranges, two processes
    with path.open("rb") as f:
        split = as_dict(parse_nccl_log_stream(f, workers=2))
    assert split == want


def test_stream_error_lines_between_nccl_lines_are_found() -> None:
    s = parse_nccl_log(EXTRA.splitlines())
    assert s.env["NCCL_IB_HCA"] == "mlx5_1" and s.return_codes[6].endswith("transport/net.cc:1302")
    texts = [e.text for e in s.errors]
    assert any("DistBackendError" in t for t in texts) and any("Watchdog" in t for t in texts)
    assert [e.line_no for e in s.errors if "WARN" in e.text] == [10]
    assert "node9" in s.hosts and "CollNet" in s.transports


def test_stream_memory_does_not_grow_with_the_log(big_log: tuple[Path, int, dict[str, Any]]) -> None:
    path = big_log[0]
    small = path.with_name("small.log")
    small.write_bytes(path.read_bytes()[:1 << 20])
    code = (
        "import resource, sys\n"
        "import ncclkit.logs.nccl_log as m\n"
        "from ncclkit.logs.analyze import analyze_path\n"
        "m.CHUNK_BYTES = 1 << 20\n"
        "analyze_path(sys.argv[1])\n"  # warm-up on 1 MiB: imports, caches, first blocks
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "r = analyze_path(sys.argv[2])\n"
        "after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print((after - before) * 1024, r['kind'], len(r['hosts']))\n")
    out = subprocess.run([sys.executable, "-c", code, str(small), str(path)], capture_output=True,
                         text=True, timeout=120, check=True).stdout.split()
    assert out[1] == "nccl_log" and int(out[2]) > 1
    # 20x more log than the warm-up costs well under its size in extra peak memory; reading the
    # file whole would add at least its size.
    assert int(out[0]) < path.stat().st_size // 4, out
