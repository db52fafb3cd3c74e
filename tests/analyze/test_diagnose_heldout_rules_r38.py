"""Rules from round 38 of the held-out measurement (PyTorch's distributed issues and the stacks around it), each
tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes


# pytorch/pytorch#17848: a 1.0 nightly's ProcessGroupNCCL threw on barrier; 1.0.1 has it.
def test_a_collective_the_release_lacked_is_the_release() -> None:
    text = ("- pytorch 1.0.0.dev20181009\n"
            "  File \"comm.py\", line 45, in synchronize\n    dist.barrier()\n"
            "RuntimeError: ProcessGroupNCCL does not support barrier\n")
    assert causes(text)[:2] == [("log.framework_release", "other"), ("log.alternative", "application_bug")]


def test_calls_the_release_documented_as_missing_stay_the_programs() -> None:
    # gather/scatter before 1.11 and send/recv before 1.8 were documented as missing for NCCL; recvAnysource and
    # allgather_coalesced throw in every release: the program asked what the backend has not. Upgrading follows.
    for op in ("gather", "scatter", "send", "recv"):
        line = f"RuntimeError: ProcessGroupNCCL does not support {op}\n"
        assert causes(line) == [("log.framework_usage", "application_bug"), ("log.alternative", "other")]
    assert_reads("RuntimeError: ProcessGroupNCCL does not support recvAnysource", "log.framework_usage",
                 "application_bug")
    assert_reads("NotImplementedError: ProcessGroupNCCL does not support allgather_coalesced", "log.framework_usage",
                 "application_bug")
    assert ("log.framework_release", "other") not in causes("RuntimeError: ProcessGroupNCCL does not support "
                                                            "barriers of its own kind\n")
