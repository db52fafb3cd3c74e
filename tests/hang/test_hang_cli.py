"""`ncclkit hang` end to end: RAS asked over TCP, dumps read from a folder.

NCCL's RAS cannot run without a GPU here, so a server thread speaks its side of the client protocol
(NCCL 2.28.9 src/ras/client_support.cc: "SERVER PROTOCOL 2", "OK" per TIMEOUT/SET FORMAT, then the
report and close) and sends the reports captured from the real hang on the H200 (data/README.md).
"""

from __future__ import annotations

import json
import socket
import threading
from pathlib import Path

import pytest

from ncclkit.cli.main import main

GPU = Path(__file__).resolve().parent / "data" / "gpu-nccl-2.28.9"


def _ras_server(json_report: str | None, text_report: str) -> tuple[socket.socket, int, list[str]]:
    """One connection, answered as NCCL answers it; json_report None: a 2.24-2.27 server (no SET FORMAT)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen()
    seen: list[str] = []

    def serve() -> None:
        conn, _ = srv.accept()
        fmt = "text"
        with conn, conn.makefile("rb") as rf:
            for raw in rf:
                cmd = raw.decode().strip()
                seen.append(cmd)
                low = cmd.lower()
                if low.startswith("client protocol "):
                    conn.sendall(b"SERVER PROTOCOL 2\n")
                elif low.startswith("timeout "):
                    conn.sendall(b"OK\n")
                elif low == "set format json" and json_report is not None:
                    fmt = "json"
                    conn.sendall(b"OK\n")
                elif low in ("status", "verbose status"):
                    conn.sendall((json_report if fmt == "json" else text_report).encode())
                    return
                else:
                    conn.sendall(f"ERROR: Unknown command {cmd}\n".encode())

    threading.Thread(target=serve, daemon=True).start()
    return srv, srv.getsockname()[1], seen


@pytest.mark.parametrize("server_json", [True, False])
def test_hang_asks_ras(capsys, tmp_path, server_json):
    text = (GPU / "ras-hang.txt").read_text()
    srv, port, seen = _ras_server((GPU / "ras-hang.json").read_text() if server_json else None, text)
    with srv:
        rc = main(["hang", "--ras-addr", f"127.0.0.1:{port}", "--timeout", "5", "--json",
                   "--save", str(tmp_path / "ras.out")])
    objs = json.loads(capsys.readouterr().out)
    assert rc == 1
    assert seen[:3] == ["CLIENT PROTOCOL 2", "TIMEOUT 3", "SET FORMAT json"] and seen[-1] == "VERBOSE STATUS"
    assert objs[0]["kind"] == "ras" and objs[0]["report"]["format"] == ("json" if server_json else "text")
    assert [(f["id"], f["subject"]) for f in objs[0]["findings"]] == [("hang.rank_not_launched", "127.0.0.1/rank1")]
    assert (tmp_path / "ras.out").read_text().startswith("{" if server_json else "NCCL version 2.28.9")


def test_hang_uses_nccl_ras_addr(capsys, monkeypatch):
    srv, port, _ = _ras_server((GPU / "ras-dead.json").read_text(), "")
    monkeypatch.setenv("NCCL_RAS_ADDR", f"127.0.0.1:{port}")
    with srv:
        rc = main(["hang", "--timeout", "5"])
    out = capsys.readouterr().out
    assert rc == 1 and "hang.rank_missing [127.0.0.1/rank0]" in out and "process 468" in out


def test_hang_dumps_folder(capsys):
    rc = main(["hang", "--dumps", str(Path(__file__).resolve().parent / "data" / "gloo-stall"), "--json"])
    objs = json.loads(capsys.readouterr().out)
    assert rc == 1 and [o["kind"] for o in objs] == ["flight_recorder"]
    assert objs[0]["findings"][0]["id"] == "hang.rank_not_launched" and objs[0]["findings"][0]["subject"] == "rank2"


def test_hang_errors_are_one_line(capsys, tmp_path):
    assert main(["hang", "--dumps", str(tmp_path)]) == 2
    assert "holds no file" in capsys.readouterr().err
    (tmp_path / "x.log").write_text("hello\n")
    assert main(["hang", "--dumps", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no flight-recorder dump" in err and "Traceback" not in err


def test_hang_dumps_still_judged_when_ras_is_silent(capsys):
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen()  # accepts, never answers
    with srv:
        rc = main(["hang", "--dumps", str(GPU / "nccl_trace_rank_"), "--ras", "--ras-addr",
                   f"127.0.0.1:{srv.getsockname()[1]}", "--timeout", "1"])
    out = capsys.readouterr()
    assert rc == 1 and "did not answer" in out.err
    assert "hang.rank_not_launched [rank1]" in out.out
