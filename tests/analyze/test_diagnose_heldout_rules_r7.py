"""Rules added after measuring round 7 of the held-out threads (tests/diagnosis/corpus-heldout-r7-*),
each tested on the text that carries it and on the text that would prove it wrong."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text


def found(text: str) -> list[dict]:
    return analyze_text(text)["findings"]


def causes(text: str) -> list[tuple[str, str]]:
    return [(f["id"], f["cause"]) for f in found(text) if f["cause"]]


def lookup(err: int) -> str:
    return "".join(f"[W724 18:22:{s}.909218572 socket.cpp:200] [c10d] The hostname of the client socket cannot be "
                   f"retrieved. err={err}\n" for s in (38, 48, 58))


HEALTHY = ("node1:1234:1234 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n"
           "node1:1234:1240 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM\n")


def test_a_failing_resolver_behind_c10d_client_lookups_is_named() -> None:
    """pytorch/pytorch#159007: getnameinfo() fails only when the resolver fails; -3 is EAI_AGAIN."""
    assert causes(lookup(-3))[0] == ("log.name_lookup_slow", "hostname_resolution")
    assert causes(lookup(-4))[0] == ("log.name_lookup_slow", "hostname_resolution")
    evidence = next(f for f in found(lookup(-3)) if f["id"] == "log.name_lookup_slow")["evidence"]
    assert evidence["lines"][0] == 1


def test_other_lookup_results_and_c10d_noise_state_no_cause() -> None:
    assert causes(HEALTHY + lookup(-2)) == []
    ipv6 = ("[W socket.cpp:464] [c10d] The server socket cannot be initialized on [::]:29500 (errno: 97 - "
            "Address family not supported by protocol).\n")
    # the host's IPv6 switched off is the one condition shown, harmless by itself: no failure is claimed
    assert causes(HEALTHY + ipv6) == [("log.ipv6_off", "other")]
    assert analyze_text(HEALTHY + ipv6)["findings"][0]["id"] == "log.no_failure"


def test_a_real_error_outranks_the_slow_lookups() -> None:
    refused = ("node1:1234:1240 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.0.0.2<45763> "
               "failed : Connection refused\n")
    assert causes(lookup(-3) + HEALTHY + refused)[0][1] == "firewall_or_port_blocked"
