"""Reading one pasted line the way the line-catalogue tests check it: alone, and inside an NCCL log; and a paste as a
terminal copies it."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text

IN_NCCL_LOG = ("node1:1:1 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n{}\n"
               "node1:1:1 [0] NCCL INFO comm 0x1 rank 0 nranks 2 cudaDev 0 busId 1000 - Init COMPLETE\n")


def lead(text: str) -> tuple[str, str] | None:
    """(id, cause) of the first finding that names a cause."""
    return next(((f["id"], f["cause"]) for f in analyze_text(text)["findings"] if f["cause"]), None)


def causes(text: str) -> list[tuple[str, str]]:
    """(id, cause) of every finding that names a cause, in the order analyze ranks them."""
    return [(f["id"], f["cause"]) for f in analyze_text(text)["findings"] if f["cause"]]


def ids(text: str) -> list[str]:
    """The id of every finding, cause or none, in the order analyze ranks them."""
    return [f["id"] for f in analyze_text(text)["findings"]]


def prior_shows(text: str) -> str | None:
    """What the paste shows by the prior's reading (`log.base_rate`'s evidence: failure, nothing, slow, ...), None
    where the prior does not speak."""
    priors = [f for f in analyze_text(text)["findings"] if f["id"] == "log.base_rate"]
    return priors[0]["evidence"]["shows"] if priors else None


def assert_reads(line: str, fid: str, cause: str) -> None:
    """The line leads with (fid, cause) pasted alone and inside an NCCL log."""
    assert lead(line + "\n") == (fid, cause)
    assert lead(IN_NCCL_LOG.format(line)) == (fid, cause)


def terminal_copy(text: str, width: int = 80) -> str:
    """`text` as a terminal of `width` columns copies it: every line cut into pieces of that width."""
    return "\n".join("\n".join(line[i:i + width] for i in range(0, max(len(line), 1), width))
                     for line in text.split("\n"))
