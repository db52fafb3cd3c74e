"""Readings written after the held-out rounds 367 - 379 of 2026-12-07: ranks of a torch launch that all print one GPU
in NCCL's prefix, a keyword TypeError quoted without its name, the reporter's "OOM", an account that starts with "My",
and slow runs told without the word "slow". Each on the thread's text and on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead, prior_shows

# laekov/fastmoe#126: four ranks launched with torch.distributed.launch, every NCCL line on device [0]
_SHARED = """\
NCCL Error at /home/xxx/fastmoe/cuda/global_exchange.cpp:127 value 5
2. NCCL_DEBUG=INFO python -m torch.distributed.launch --nproc_per_node=4 --nnodes=1 --node_rank=0 \
--master_addr=localhost breakdown_trace.py
Running trace ./gshard-gpt layer 0 iteration 500
gpu1:8194:8194 [0] NCCL INFO Bootstrap : Using [0]ib0:10.0.0.11<0>
gpu1:8194:8194 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.0.0.11<0>
NCCL version 2.7.8+cuda10.2
gpu1:8197:8197 [0] NCCL INFO Bootstrap : Using [0]ib0:10.0.0.11<0>
gpu1:8195:8195 [0] NCCL INFO Bootstrap : Using [0]ib0:10.0.0.11<0>
gpu1:8197:8197 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.0.0.11<0>
"""


def test_torch_launch_ranks_that_all_print_one_gpu_share_it() -> None:
    assert lead(_SHARED) == ("log.duplicate_gpu", "application_bug")


def test_ranks_on_their_own_gpus_or_bound_by_another_launcher_are_not_read() -> None:
    own = _SHARED.replace("8197:8197 [0]", "8197:8197 [2]").replace("8195:8195 [0]", "8195:8195 [1]")
    assert "log.duplicate_gpu" not in ids(own)
    # mpirun with a GPU bound to each rank: every process sees its own GPU as device 0
    bound = _SHARED.replace("python -m torch.distributed.launch --nproc_per_node=4", "mpirun -np 4 python")
    assert "log.duplicate_gpu" not in ids(bound)
    one = _SHARED.replace("--nproc_per_node=4", "--nproc_per_node=1")
    assert "log.duplicate_gpu" not in ids(one)


# microsoft/Tutel#173: the whole report is one sentence that starts with "My"
_MY = ("My code seems to hang when unbalanced workloads exist in two different GPUs(i.e. scores.size(0) is unequal in "
       "different GPUs such as, at the end of a dataset).\n")


def test_a_one_sentence_account_that_starts_with_my_gets_the_prior() -> None:
    assert lead(_MY)[0] == "log.base_rate"
    assert "log.base_rate" not in ids(_MY.replace("My code", "The code"))


# InternLM/xtuner#744: flash-attn 2.1.1 pinned in the image, the TypeError quoted without its name
_KEYWORD = ("RUN MAX_JOBS=4 pip install flash-attn==2.1.1 --no-build-isolation\n"
            "flash_attn_func() got an unexpected keyword argument 'window_size'\n")


def test_a_keyword_the_installed_release_does_not_take_is_read_as_releases_that_do_not_match() -> None:
    assert lead(_KEYWORD) == ("log.program_error", "other")
    assert [cause for _, cause in causes(_KEYWORD)][:2] == ["other", "application_bug"]
    assert "log.program_error" not in ids(_KEYWORD.replace("unexpected keyword", "optional keyword"))


# InternLM/xtuner#755: the reporter's list of what ran out of memory
_OOM = ("GPU是8张H800, max_length: 131072\n"
        "sequence_parallel_size=4， OOM\n"
        "sequence_parallel_size=7， 8GPU跑不了，7GPU也是OOM\n")


def test_the_word_oom_in_a_reporters_list_is_out_of_memory() -> None:
    assert lead(_OOM) == ("log.error_words", "oom")
    assert "log.error_words" not in ids(_OOM.replace("OOM", "ok"))


# huggingface/accelerate#71 and MIC-DKFZ/nnUNet#795 (held-out round 379): slow runs told without the word "slow"
_NOT_FASTER = ("I am running the example on 2080ti, where each epoch takes 21 seconds with 1 GPU. When using 2 GPUs, "
               "it also takes 21 seconds.\n"
               "Everything looks right: GPU utilization is ~100% in both GPUs, the # of batch per device is halved, "
               "but it's not faster.\n")
_LONGER = ("I experience longer training times per epoch when using the DataParallel (DP) multi GPU trainer with four "
           "A100-SXM4-40GB GPUs compared to only using only one such GPU.\n"
           "For example, training a 2d model takes around 49s per epoch using a single GPU vs. 82s using 4 GPUs.\n")


def test_slow_runs_told_in_other_words_get_the_slow_runs_prior() -> None:
    assert prior_shows(_NOT_FASTER) == "slow" and lead(_NOT_FASTER) == ("log.base_rate", "other")
    assert prior_shows(_LONGER) == "slow"
    # (an epoch's time is a measure of its own: test_diagnose_rules_56)
    not_faster = _NOT_FASTER.replace("it's not faster", "it is done").replace("epoch takes 21 seconds",
                                                                              "epoch has 21 batches")
    assert prior_shows(not_faster) == "nothing"
    longer = _LONGER.replace("longer training times per epoch", "training").replace("49s per epoch", "a model")
    assert prior_shows(longer) == "nothing"
