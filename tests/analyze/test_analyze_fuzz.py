"""Fuzzed, truncated, binary and non-UTF-8 input: a result or a clear message, never a traceback."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ncclkit.logs.analyze import analyze_stream

FIELDS = {"file", "kind", "findings"}
LINES = [
    "h:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/IB/0/GDRDMA",
    "NCCL version 2.4.8+cuda10.0", "h:1:2 [0] NCCL INFO Using network IB",
    "h:1:2 [0] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer x<1>",
    "#  Rank  0 Group  0 Pid 1 on h device  0 [0x01] GPU", "# Avg bus bandwidth    : 1.5",
    "        8   2   float   sum  -1  10.1  0.00  0.00  0  10.0  0.00  0.00  0",
    "CA 'mlx5_0'", "\tPort 1:", "\t\tState: Active", "        GPU0    NIC0", "GPU0     X      PIX",
    "DEV\tPORT\tINDEX\tGID\tIPv4\tVER\tDEV", "mlx5_0\t1\t3\t::ffff:10.0.0.1\t10.0.0.1\tv2\teth0",
    "hca_id:\tmlx5_0", "{\"results\": [", "\x00\xff garbage", "",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_random_bytes(data: bytes) -> None:
    out = analyze_stream(io.BytesIO(data), name="x")
    assert FIELDS <= set(out)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(LINES) | st.text(max_size=80), max_size=40), st.integers(0, 200))
def test_mixed_and_truncated_lines(lines: list[str], cut: int) -> None:
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    out = analyze_stream(io.BytesIO(data[: max(0, len(data) - cut)]), name="x")
    assert FIELDS <= set(out)


def test_truncated_corpus_files(data: Path) -> None:
    for path in sorted((data / "corpus").glob("*/*.txt")):
        data = path.read_bytes()
        for cut in (len(data) // 3, len(data) // 2 + 7):
            out = analyze_stream(io.BytesIO(data[:cut] + b"\xff\xfe\xc3"), name=path.name)
            assert FIELDS <= set(out), path


def test_cli_binary_and_latin1_have_no_traceback(tmp_path: Path) -> None:
    binary = tmp_path / "core.bin"
    binary.write_bytes(bytes(range(256)) * 64)
    latin = tmp_path / "latin.log"
    latin.write_bytes("h\xf6st:1:1 [0] NCCL INFO Using network Socket\n".encode("latin-1"))
    r = subprocess.run([sys.executable, "-m", "ncclkit", "analyze", str(binary), str(latin), "--json"],
                       capture_output=True, text=True, timeout=60)
    assert "Traceback" not in r.stderr and r.returncode == 0
    assert '"input.binary"' in r.stdout and '"Socket"' in r.stdout
