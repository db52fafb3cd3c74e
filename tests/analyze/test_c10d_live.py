"""A rank that cannot reach the store, made for real with torch.distributed (gloo on CPU, nothing listening):
once dialling a host name that does not resolve, once dialling a name that does (this machine's own) where
nobody listens. torch 2.13 warns "The IPv6 network addresses of (NAME, PORT) cannot be retrieved (gai error:
-2 ...)" only for the first; the first must lead with the name, the second must not.

The logs of one such run are kept in data/c10d-live (torch 2.13.0+cpu, 2026-12-03) and read where torch is
missing."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from local_ports import free_port

from ncclkit.logs.analyze import analyze_path

HERE = Path(__file__).resolve().parent
CLIENT = HERE / "c10d_store_client.py"
KEPT = HERE / "data" / "c10d-live"
# RFC 6761 reserves .invalid: no resolver answers it, with or without DNS.
UNRESOLVABLE = "rank0-store.ncclkit.invalid"


def _lead(path: Path) -> tuple[str, str | None]:
    f = analyze_path(path)["findings"][0]
    return f["id"], f.get("cause")


def test_the_kept_unresolvable_name_log_leads_with_the_name() -> None:
    assert _lead(KEPT / "unresolvable-name.log") == ("log.socket_connect_failed", "hostname_resolution")


def test_the_kept_nobody_listening_log_does_not_blame_the_name() -> None:
    assert _lead(KEPT / "nobody-listening.log")[1] != "hostname_resolution"



def _run(tmp_path: Path, addr: str) -> Path:
    pytest.importorskip("torch")
    env = {**os.environ, "MASTER_ADDR": addr, "MASTER_PORT": str(free_port()), "STORE_TIMEOUT_S": "6"}
    log = tmp_path / "rank1.log"
    with log.open("w") as out:
        # The store's own timeout bounds the run (6 s); the subprocess one only guards a hung interpreter.
        proc = subprocess.run([sys.executable, str(CLIENT)], stdout=out, stderr=subprocess.STDOUT, env=env,
                              timeout=120, check=False)
    assert proc.returncode != 0, log.read_text()
    return log


@pytest.mark.slow
def test_a_store_name_that_does_not_resolve_leads_with_the_name(tmp_path: Path) -> None:
    log = _run(tmp_path, UNRESOLVABLE)
    assert "cannot be retrieved (gai error: -" in log.read_text()
    assert _lead(log) == ("log.socket_connect_failed", "hostname_resolution")


@pytest.mark.slow
def test_a_store_nobody_listens_on_is_not_the_name(tmp_path: Path) -> None:
    log = _run(tmp_path, socket.gethostname())
    assert _lead(log)[1] != "hostname_resolution"
