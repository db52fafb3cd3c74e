"""The alternatives a reading gets from the corpus (logs/co_causes.py): while fewer than three causes are named, the
causes the labelled threads most often accepted beside the lead's follow it, after the ones its row names. The lead
never changes, a reading that names three causes gets none, and the prior (which names its own) gets none. The
table itself is checked against the corpus in tests/diagnosis/test_diagnosis_score.py."""

from __future__ import annotations

from line_reading import causes, lead

from ncclkit.logs.analyze import analyze_text

# A CUDA error whose row knows one alternative: cuda_or_driver, then the program, then the corpus's next.
_LAUNCH = "RuntimeError: CUDA error: unspecified launch failure\n"
# A collective's timeout in the generic row's words (NCCL 2.2x via PyTorch's store)
_TIMEOUT = "RuntimeError: Timed out waiting 1800000ms for recv operation to complete\n"
# NCCL 2.28.7+'s completion error: its row names two alternatives of its own
_IB = ("node1:1234:1300 [0] transport/net_ib.cc:1695 NCCL WARN NET/IB: Got completion from peer 10.0.0.2<50123> with "
       "status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_SEND(0) len=0 vendor_err=129 localGid ::ffff:10.0.0.1 "
       "remoteGid ::ffff:10.0.0.2 hca mlx5_0\n")


def test_a_reading_with_one_alternative_gets_the_corpus_next_one_after_it() -> None:
    # the row names the program as also possible; the corpus adds a library's release, cuda_or_driver's most
    # frequent companion, and says where it comes from
    assert causes(_LAUNCH) == [("log.cuda_error", "cuda_or_driver"), ("log.alternative", "application_bug"),
                               ("log.alternative", "other")]
    alts = [f for f in analyze_text(_LAUNCH, name="paste")["findings"] if f["id"] == "log.alternative"]
    assert ["resolved threads" in f["message"] for f in alts] == [False, True]
    assert all(f["severity"] == "info" for f in alts)


def test_the_generic_timeout_names_the_program_and_a_library_before_a_crash_elsewhere() -> None:
    assert lead(_TIMEOUT) == ("log.timeout", "hang_collective_mismatch")
    assert [c for _, c in causes(_TIMEOUT)][:3] == ["hang_collective_mismatch", "application_bug", "other"]


def test_a_reading_that_names_three_causes_gets_none_from_the_corpus() -> None:
    found = analyze_text(_IB, name="paste")["findings"]
    named = [f for f in found if f.get("cause")]
    assert named[0]["id"] == "log.ib_completion_error"
    assert all("resolved threads" not in f["message"] for f in named)
    assert len({f["cause"] for f in named if f["id"] in ("log.ib_completion_error", "log.alternative")}) == 3


def test_the_prior_keeps_its_own_three() -> None:
    hang = "torchrun --nproc_per_node 2 train.py\nthe training hangs after the first step, no error\n"
    assert [c for _, c in causes(hang)] == ["application_bug", "other", "wrong_interface"]
