"""No input makes a traceback or an unbounded wait: truncated dumps, hostile pickles, RAS ports that
are closed, silent or speak something else."""

from __future__ import annotations

import json
import os
import pickle
import socket
import threading
import time
from pathlib import Path

import pytest

from ncclkit.cli.main import main
from ncclkit.errors import NcclkitError
from ncclkit.hang.frdump import DumpError, read_dump
from ncclkit.hang.rasclient import parse_ras_addr, query_ras

DATA = Path(__file__).resolve().parent / "data"


class _Evil:
    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.mkdir, (self.marker,))


def test_hostile_pickle_is_refused_and_not_run(tmp_path, capsys):
    marker = tmp_path / "pwned"
    evil = pickle.dumps({"version": "2.10", "pg_config": {}, "entries": [_Evil(str(marker))]})
    with pytest.raises(DumpError, match="mkdir; a flight-recorder dump holds plain data only"):
        read_dump(evil, "rank0")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "rank0").write_bytes(evil)
    (tmp_path / "d" / "rank1").write_bytes((DATA / "gloo-stall" / "pickle" / "rank1").read_bytes())
    rc = main(["analyze", "--json", str(tmp_path / "d")])
    objs = json.loads(capsys.readouterr().out)
    assert not marker.exists()
    assert rc == 0 and objs[0]["kind"] == "flight_recorder"
    assert {f["id"] for f in objs[0]["findings"]} == {"hang.dump_unreadable", "hang.single_dump"}


@pytest.mark.parametrize("src", ["gloo-skip/rank1.json", "gloo-skip/pickle/rank1"])
def test_truncated_dumps(tmp_path, capsys, src):
    data = (DATA / src).read_bytes()
    for cut in (len(data) // 3, len(data) - 2):
        (tmp_path / "rank1").write_bytes(data[:cut])
        with pytest.raises(DumpError):
            read_dump(data[:cut], "rank1")
        rc = main(["analyze", "--json", str(DATA / "gloo-skip" / "rank0.json"), str(tmp_path / "rank1")])
        out = capsys.readouterr()
        assert "Traceback" not in out.err and rc in (0, 1)
        ids = {f["id"] for o in json.loads(out.out) for f in o["findings"]}
        assert "hang.dump_unreadable" in ids


def test_ras_port_closed():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound, never listening: refused
        with pytest.raises(NcclkitError, match=f"nothing listens on 127.0.0.1:{port}"):
            query_ras("127.0.0.1", port, timeout_s=2)


def _server(reply: bytes | None, hold_s: float = 5.0) -> tuple[socket.socket, int]:
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen()

    def serve() -> None:
        conn, _ = srv.accept()
        with conn:
            if reply is not None:
                conn.recv(1024)
                conn.sendall(reply)
            time.sleep(hold_s)

    threading.Thread(target=serve, daemon=True).start()
    return srv, srv.getsockname()[1]


@pytest.mark.parametrize("reply", [None, b"SERVER PROTOCOL 2\n", b"HTTP/1.1 400 Bad Request\r\n\r\n"])
def test_ras_silent_or_foreign_is_bounded(reply):
    srv, port = _server(reply)
    t0 = time.monotonic()
    with srv, pytest.raises(NcclkitError, match=f"127.0.0.1:{port}"):
        query_ras("127.0.0.1", port, timeout_s=1.5)
    assert time.monotonic() - t0 < 3


@pytest.mark.parametrize("value,expected", [(None, ("localhost", 28028)), ("10.0.0.1:29000", ("10.0.0.1", 29000)),
                                            ("[::1]:28028", ("::1", 28028)), ("node7", ("node7", 28028))])
def test_ras_addr(value, expected):
    assert parse_ras_addr(value) == expected


@pytest.mark.parametrize("value", ["host:port", "h:0", "h:70000"])
def test_ras_addr_bad(value):
    with pytest.raises(NcclkitError, match="host:port"):
        parse_ras_addr(value)
