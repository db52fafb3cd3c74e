"""Parsers on hand-written inputs of the formats the corpus lacks (JSON, ibstatus, -v rates, 2.30 lines)."""

from __future__ import annotations

import io
import json

import pytest

from ncclkit.cli.main import main
from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.nccl_log import (
    normalize_transport,
    parse_nccl_log,
    parse_nccl_log_stream,
)
from ncclkit.logs.nccl_tests import parse_nccl_tests
from ncclkit.logs.patterns import classify_error
from ncclkit.logs.ports import parse_ports


@pytest.mark.parametrize("raw,norm", [
    ("NET/IB/3/GDRDMA", "NET/IB/GDRDMA"), ("NET/IB/0(1)/GDRDMA(PCI)", "NET/IB/GDRDMA"),
    ("NET/Socket/0", "NET/Socket"), ("P2P/CUMEM/read", "P2P/CUMEM"), ("P2P/direct pointer", "P2P/direct"),
    ("SHM/direct/direct", "SHM"), ("SHM/direct", "SHM"), ("COLLNET/SHARP/5/GDRDMA", "CollNet"),
    ("NET/AWS Libfabric/0/GDRDMA", "NET/AWS Libfabric/GDRDMA"), ("P2P/IPC/read", "P2P/IPC")])
def test_normalize_transport(raw: str, norm: str) -> None:
    assert normalize_transport(raw) == norm


LOG_2_30 = """\
gpu1:100:100 [0] NCCL INFO NCCL version 2.30.7+cuda12.9
gpu1:100:100 [0] NCCL INFO ncclCommInitRankConfig comm 0x1 rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 18000 commId 0x2 - Init START
gpu1:100:100 [0] NCCL INFO Using network IB
gpu2:200:200 [0] NCCL INFO Using network Socket
gpu2:200:200 [0] NCCL INFO NCCL version 2.28.9+cuda12.9
gpu1:100:150 [0] NCCL INFO Channel 00/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA
gpu1:100:150 [0] NCCL INFO Channel 01/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA
gpu1:100:150 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read
gpu1:100:100 [0] NCCL INFO NCCL_P2P_DISABLE set by environment to 1.

[2026-01-01 10:00:00] gpu1:100:150 [0] transport/net_ib/p2p.cc:412 (ncclIbTest) NCCL WARN NET/IB: Got completion from peer 10.0.0.2<4000> with status=IBV_WC_RETRY_EXC_ERR(12) opcode=0 len=0 vendor_err=129 hca mlx5_0
"""


def test_log_facts_and_mixed_versions() -> None:
    s = parse_nccl_log(LOG_2_30.splitlines())
    assert s.nranks == 16 and s.hosts == ("gpu1", "gpu2") and s.gdr is True
    assert s.transports == ("NET/IB/GDRDMA", "P2P/CUMEM") and s.versions == ("2.28.9", "2.30.7")
    assert s.errors[0].category == "ib_completion_error" and s.errors[0].line_no == 11
    pairs = {(t.src_rank, t.dst_rank, t.transport): t.channels for t in s.transport_map}
    assert pairs == {(0, 8, "NET/IB/GDRDMA"): 2, (0, 1, "P2P/CUMEM"): 1}
    ids = {f["id"] for f in analyze_text(LOG_2_30)["findings"]}
    assert {"cluster.version_mismatch", "log.p2p_disabled", "log.ib_completion_error",
            "log.transport_map"} <= ids


def test_stream_equals_lines_across_chunk_boundaries(monkeypatch: pytest.MonkeyPatch) -> None:
    import ncclkit.logs.nccl_log as mod
    monkeypatch.setattr(mod, "CHUNK_BYTES", 97)  # force lines to straddle blocks
    text = LOG_2_30 * 5
    a = parse_nccl_log(text.splitlines())
    b = parse_nccl_log_stream(io.BytesIO(text.encode()))
    assert a.to_json(include_map=True) == b.to_json(include_map=True)
    assert b.errors[0].count == 5 and b.lines_total == text.count("\n")


def test_completion_error_decoding_old_form() -> None:
    c = classify_error("NCCL WARN NET/IB : Got completion from peer 10.0.35.1<49189> with error 4, "
                       "opcode 5327, len 5327, vendor err 81 (Send)")
    assert "IBV_WC_LOC_PROT_ERR" in c.explanation and "0x51" in c.explanation


def test_nccl_tests_json_document() -> None:
    doc = {"version": 2, "args": ["./build/all_gather_perf", "-b", "8"], "nccl_version": 22809,
           "config": {"devices": [{"rank": 0, "hostname": "a"}, {"rank": 1, "hostname": "b"}]},
           "results": [{"size": 1024, "count": 128, "type": "float", "redop": "none", "root": "    -1",
                        "out_of_place": {"time": 10.0, "alg_bw": 0.1, "bus_bw": 0.05, "nwrong": 0.0},
                        "in_place": {"time": 9.0, "alg_bw": 0.11, "bus_bw": 0.06, "nwrong": 2.0}}],
           "average_bus_bandwidth": {"bandwidth": 0.055, "okay": "unchecked"}}
    out = analyze_text(json.dumps(doc))
    assert out["kind"] == "nccl_tests" and out["collective"] == "all_gather" and out["nranks"] == 2
    assert out["rows"][0]["root"] == -1 and out["wrong_total"] == 2 and out["avg_busbw_gbps"] == 0.055
    assert "tests.wrong_results" in {f["id"] for f in out["findings"]}


def test_nccl_tests_old_layouts() -> None:
    r = parse_nccl_tests("#  size count type redop time algbw busbw error time algbw busbw error\n"
                         "  268435456  67108864  float  sum  122131  2.20  4.33  2e-06  122165  2.20  4.33  2e-06\n")
    # the max error of a float is within nccl-tests' bound (1e-5 x (nranks - 1)): no check failed
    assert r.rows[0].root is None and r.rows[0].wrong == 2e-06 and r.wrong_total == 0 and r.wrong_sizes() == []
    r = parse_nccl_tests("[1,0]<stdout>:           8             2   float       0    45.82    0.00    0.00"
                         "    N/A    38.17    0.00    0.00    N/A\n")
    assert r.rows[0].redop is None and r.rows[0].root == 0 and r.rows[0].wrong is None


def test_ibstatus_and_devinfo_verbose_rate() -> None:
    p = parse_ports("Infiniband device 'mlx5_0' port 1 status:\n\tstate:\t\t 4: ACTIVE\n"
                    "\tphys state:\t 5: LinkUp\n\trate:\t\t 100 Gb/sec (4X EDR)\n\tlink_layer:\t InfiniBand\n"
                    "Infiniband device 'mlx5_1' port 1 status:\n\tstate:\t\t 1: DOWN\n"
                    "\tphys state:\t 3: Disabled\n\trate:\t\t 10 Gb/sec (4X)\n\tlink_layer:\t InfiniBand\n")
    assert [(x.device, x.state, x.phys_state, x.rate_gbps) for x in p.ports] == [
        ("mlx5_0", "ACTIVE", "LinkUp", 100.0), ("mlx5_1", "DOWN", "Disabled", 10.0)]
    v = parse_ports("hca_id:\tmlx5_0\n\tport:\t1\n\t\tstate:\t\tPORT_ACTIVE (4)\n\t\tactive_width:\t\t4X (2)\n"
                    "\t\tactive_speed:\t\t100.0 Gbps (128)\n\t\tphys_state:\t\tLINK_UP (5)\n"
                    "\t\tlink_layer:\t\tInfiniBand\n")
    assert v.ports[0].rate_gbps == 400.0 and v.ports[0].phys_state == "LinkUp"


def test_cli_exit_codes(tmp_path, capsys) -> None:
    good = tmp_path / "ok.log"
    good.write_text("h:1:1 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM\n")
    bad = tmp_path / "warn.log"
    bad.write_text("h:1:1 [0] misc/ibvwrap.cc:130 NCCL WARN Call to ibv_create_qp failed\n")
    assert main(["analyze", str(good), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["transports"] == ["P2P/CUMEM"]
    assert main(["analyze", str(bad)]) == 1
    assert "ibv_create_qp_failed" in capsys.readouterr().out
    assert main(["analyze", str(tmp_path / "missing.log")]) == 2
    assert "missing.log" in capsys.readouterr().err
