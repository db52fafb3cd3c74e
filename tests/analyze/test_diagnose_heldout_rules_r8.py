"""Rules added after measuring round 8 of the held-out threads (tests/diagnosis/corpus-heldout-r8-*),
each tested on the text that carries it and on the text that would prove it wrong."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text


def found(text: str) -> list[dict]:
    return analyze_text(text)["findings"]


def causes(text: str) -> list[tuple[str, str]]:
    return [(f["id"], f["cause"]) for f in found(text) if f["cause"]]


H = "dso-s1-r1-a100-03:2330:2658 [2] NCCL INFO "
IB = (H + "NET/IB : Using [0]mlx5_0:1/IB/SHARP [1]mlx5_1:1/IB/SHARP [8]mlx5_8:1/RoCE [RO]; "
      "OOB ibp75s0:192.168.0.103<0>\n" + H + "Using network IBext\n")


def trace(*sites: str) -> str:
    return "".join(f"{H}{site}\n" for site in sites)


def test_a_bootstrap_trace_without_its_warn_is_a_bootstrap_failure() -> None:
    """NVIDIA/nccl#1000: only "misc/socket.cc:567 -> 2 ... bootstrap.cc:270 -> 2" survived in the
    paste; the startup exchange over TCP failed, on the interface NCCL's sockets use (the IB OOB line)."""
    text = IB + trace("misc/socket.cc:567 -> 2", "misc/socket.cc:618 -> 2", "bootstrap.cc:270 -> 2")
    assert causes(text)[0] == ("log.bootstrap_error", "wrong_interface")
    lead = found(text)[0]
    assert "ibp75s0" in lead["message"] and lead["evidence"]["lines"] == [5]
    assert "firewall_or_port_blocked" in lead["evidence"]["alternatives"]
    assert not any(f["id"] == "log.nccl_error_code" for f in found(text))


def test_a_shared_memory_trace_without_its_warn_is_the_shm_segment() -> None:
    text = trace("misc/shmutils.cc:110 -> 2", "transport/shm.cc:480 -> 2", "init.cc:1234 -> 2")
    assert causes(text)[0] == ("log.shm_error", "shm_too_small")


def test_traces_of_other_codes_or_beside_a_warn_that_names_the_cause_add_nothing() -> None:
    # ncclInvalidUsage through bootstrap.cc is a misuse, not a network failure
    assert causes(trace("bootstrap.cc:270 -> 5", "init.cc:1400 -> 5")) == []
    # socket.cc alone (a proxy or net socket) does not say which exchange failed
    assert causes(trace("misc/socket.cc:567 -> 2", "proxy.cc:1100 -> 2")) == []
    # a WARN that names the cause keeps it; the trace adds no second finding
    oom = H.replace("INFO ", "WARN ") + "Cuda failure 'out of memory'\n"
    got = causes(oom + trace("misc/shmutils.cc:110 -> 2", "bootstrap.cc:270 -> 2"))
    assert got[0][1] == "oom" and not any(i in ("log.shm_error", "log.bootstrap_error") for i, _ in got)
