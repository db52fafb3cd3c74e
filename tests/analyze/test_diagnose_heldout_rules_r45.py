"""Rules from round 45 of the held-out measurement (scientific codebases, recommender and data stacks, multimodal
repos), each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, lead

DESTROY = ("[rank0]:[W228 05:53:44.357651908 ProcessGroupNCCL.cpp:1487] Warning: WARNING: destroy_process_group() was "
           "not called before program exit, which can leak resources. For more info, please see "
           "https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())")
RENAMED = ("[W Utils.hpp:135] Warning: Environment variable NCCL_ASYNC_ERROR_HANDLING is deprecated; use "
           "TORCH_NCCL_ASYNC_ERROR_HANDLING instead (function getCvarInt)")


# deepmodeling/deepmd-kit#4622 and NVIDIA/physicsnemo#568: the program's own warnings of a run that finished.
def test_the_programs_own_torch_warnings_lead_only_a_paste_of_nothing_else() -> None:
    assert lead(DESTROY + "\n") == ("log.framework_usage", "application_bug")
    assert lead(RENAMED + "\n") == ("log.framework_usage", "application_bug")
    # A crashed rank prints the first at exit too, and old advice sets the second: a failure of the paste leads.
    timeout = ("[rank0]:[E1202 16:30:04.8 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective operation "
               "timeout: WorkNCCL(SeqNum=4, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for "
               "600011 milliseconds before timing out.\n")
    for warning in (DESTROY, RENAMED):
        assert causes(RENAMED + "\n" + timeout + warning + "\n")[0] == ("log.timeout", "hang_collective_mismatch")
    # Other deprecations stay a healthy run's noise.
    assert lead("x.py:12: FutureWarning: `torch.distributed._set_pg_timeout` is deprecated, please use "
                "`torch.distributed.set_timeout` instead\n") is None
