"""Two processes joining one group as the same rank (ncclkit.logs.rank_claims), on the lines that show it and on
pastes where the same rank appears twice for good reasons (a retry, another group)."""

from __future__ import annotations

from line_reading import ids

from ncclkit.logs.analyze import analyze_text

# PrimeIntellect-ai/prime-rl#2199 / #2200 (before the fix): two local data-parallel vLLM workers take rank 1 of the
# trainer's 3-member weight-broadcast group; the trainer's setup stalls.
_PRIME_RL = (
    "(Worker pid=4410) INFO 04-08 18:42:56 [nccl.py:122] Worker [tp=0 dp=0 local_dp=0 rank_offset=0] -> "
    "[global_rank=0 inference_world_size=2]\n"
    "(Worker pid=4410) INFO 04-08 18:42:56 [nccl.py:75] Initializing NCCL broadcast receiver (localhost:29501, "
    "rank=1, world_size=3)\n"
    "(Worker pid=4416) INFO 04-08 18:42:56 [nccl.py:122] Worker [tp=0 dp=0 local_dp=0 rank_offset=0] -> "
    "[global_rank=0 inference_world_size=2]\n"
    "(Worker pid=4416) INFO 04-08 18:42:56 [nccl.py:75] Initializing NCCL broadcast receiver (localhost:29501, "
    "rank=1, world_size=3)\n")

# NCCL 2.28's init line, as a two-rank job prints it.
_INIT = ("node1:{pid}:{pid} [{dev}] NCCL INFO ncclCommInitRankConfig comm 0x55f50333d980 rank {rank} nranks 2 "
         "cudaDev {dev} nvmlDev {dev} busId 70 commId 0x9317b2c273b78c70 - Init START\n")


def lead(text: str) -> dict:
    return analyze_text(text)["findings"][0]


def test_two_workers_taking_one_rank_of_a_broadcast_group() -> None:
    f = lead(_PRIME_RL)
    assert (f["id"], f["cause"]) == ("log.rank_claimed_twice", "application_bug")
    assert "pid 4410, pid 4416" in f["message"] and "rank 1 of 3" in f["message"]
    assert "ranks 0, 2 are taken by none" in f["message"]
    assert f["evidence"]["lines"] == [2, 4]


def test_a_rank_taken_once_per_process_is_no_claim_twice() -> None:
    fixed = _PRIME_RL.replace("(Worker pid=4416) INFO 04-08 18:42:56 [nccl.py:75] Initializing NCCL broadcast "
                              "receiver (localhost:29501, rank=1", "(Worker pid=4416) INFO 04-08 18:42:56 "
                              "[nccl.py:75] Initializing NCCL broadcast receiver (localhost:29501, rank=2")
    assert "log.rank_claimed_twice" not in ids(fixed)
    # the same place in another group (another address) is another rank
    other = _PRIME_RL.replace("(Worker pid=4416) INFO 04-08 18:42:56 [nccl.py:75] Initializing NCCL broadcast "
                              "receiver (localhost:29501", "(Worker pid=4416) INFO 04-08 18:42:56 [nccl.py:75] "
                              "Initializing NCCL broadcast receiver (localhost:29502")
    assert "log.rank_claimed_twice" not in ids(other)


def test_nccl_init_lines_of_two_processes_as_one_rank() -> None:
    both_zero = _INIT.format(pid=101, dev=0, rank=0) + _INIT.format(pid=102, dev=1, rank=0)
    f = lead(both_zero)
    assert f["id"] == "log.rank_claimed_twice" and "communicator 0x9317b2c273b78c70" in f["message"]
    assert "rank 1 is taken by none" in f["message"]
    # the healthy job, and a paste of two attempts of it (new processes take both places again)
    healthy = _INIT.format(pid=101, dev=0, rank=0) + _INIT.format(pid=102, dev=1, rank=1)
    assert "log.rank_claimed_twice" not in ids(healthy)
    retry = healthy + _INIT.format(pid=201, dev=0, rank=0) + _INIT.format(pid=202, dev=1, rank=1)
    assert "log.rank_claimed_twice" not in ids(retry)
    # one process printing its init line twice (START, then COMPLETE) claims its place once
    again = _INIT.format(pid=101, dev=0, rank=0) + _INIT.format(pid=101, dev=0, rank=0).replace("START", "COMPLETE")
    assert "log.rank_claimed_twice" not in ids(again)
