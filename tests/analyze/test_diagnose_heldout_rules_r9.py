"""Rules added after measuring round 9 of the held-out threads (tests/diagnosis/corpus-heldout-r9-*),
each tested on the text that carries it and on the text that would prove it wrong."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text


def causes(text: str) -> list[tuple[str, str]]:
    return [(f["id"], f["cause"]) for f in analyze_text(text)["findings"] if f["cause"]]


def foreign(magic: str) -> str:
    return (f"worker-9:166:1226 [0] misc/socket.cc:484 NCCL WARN socketFinalizeAccept: wrong magic {magic} != "
            "7970663b906d70b9\n")


def test_a_foreign_protocol_on_nccls_port_is_named_with_the_hang_it_causes() -> None:
    """NVIDIA/nccl#1808: 74656d2f20544547 is "GET /met" read little-endian, an HTTP scraper; NCCL before
    2.30.7 retried that handshake in its proxy accept loop and hung (fixed by "do not retry on bad magic")."""
    got = causes(foreign("74656d2f20544547"))
    assert got[0] == ("log.socket_foreign", "other")
    assert ("log.alternative", "firewall_or_port_blocked") in got
    lead = analyze_text(foreign("74656d2f20544547"))["findings"][0]
    assert "'GET /met'" in lead["message"] and "2.30.7" in lead["fix"]


def test_binary_magic_is_another_nccl_job_on_the_port() -> None:
    """Bytes that are not text: an NCCL peer of another job (its own random magic), not a scraper."""
    assert causes(foreign("3b7f0a9c11e2d4f0"))[0] == ("log.socket_foreign", "application_bug")
