"""Rules from the misses of held-out round 68 (tests/diagnosis/corpus-heldout-r68-*), each tested on the line that
carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, lead


# gpustack/gpustack#5014: Ray's raylet cannot fit its object store in the container's /dev/shm.
def test_rays_object_store_larger_than_dev_shm() -> None:
    assert_reads("[2026-03-25 05:44:29,435 W 39 39] (raylet) store_runner.cc:83: System memory request exceeds memory "
                 "available in /dev/shm. The request is for 10200547328 bytes, and the amount available is 9663676416 "
                 "bytes.", "log.shm_error", "shm_too_small")
    assert lead("(raylet) store_runner.cc:83: Object store memory set to 9663676416 bytes in /dev/shm\n") is None


# horovod/horovod#159: Horovod's stall warning hard-wrapped in the paste, and its list of stalled ops with the ranks
# that were ready (rank 0 is not: it was still validating).
def test_horovods_stall_warning_wrapped_and_its_ready_ranks() -> None:
    assert_reads("WARNING: One or more tensors were submitted to be reduced, gathered or broadcasted by subset",
                 "log.collective_mismatch", "hang_collective_mismatch")
    assert_reads("HVDAllReduce/HorovodAllreduce_gradients_AddN_69_0 [ready ranks: 2, 6, 7, 3, 4, 1, 5],",
                 "log.collective_mismatch", "hang_collective_mismatch")
    assert lead("The subset of ranks that were broadcasted by the scheduler are ready\n") is None
