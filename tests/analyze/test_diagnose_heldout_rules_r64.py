"""Rules from round 64 of the held-out measurement (tests/diagnosis/corpus-heldout-r64-*), each tested on the text
that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, lead


# vllm-project/vllm#878: Ray's raylet could not start a thread (boost::thread's system_error on EAGAIN), the user's
# process limit; the fix was raising nproc in limits.conf.
def test_a_boost_thread_refused_by_the_kernel_is_the_thread_limit() -> None:
    assert_reads("(pid=5623) [2023-08-25 00:42:40,265 E 5623 7733] logging.cc:97: Unhandled exception: "
                 "N5boost10wrapexceptINS_6system12system_errorEEE. what(): thread: Resource temporarily unavailable "
                 "[system:11]", "log.thread_limit", "memlock_or_ulimit")
    # A non-blocking socket's EAGAIN is not a thread that could not start.
    assert lead("recv: Resource temporarily unavailable\n") != ("log.thread_limit", "memlock_or_ulimit")


# modelscope/ms-swift#1538 and unslothai/unsloth#724: a model one process spreads over every GPU, or a library that
# runs on one GPU only, started by a launcher of several processes.
def test_a_single_process_model_under_a_distributed_launch_is_the_launch() -> None:
    assert_reads("You can't train a model that has been loaded with `device_map='auto'` in any distributed mode. "
                 "Please rerun your script specifying `--num_processes=1` or by launching with `python "
                 "{{myscript.py}}`", "log.launch_config", "application_bug")
    assert_reads("RuntimeError: Unsloth currently does not work on multi GPU setups - sadly we are a 2 brother team "
                 "so enabling it will require much more work, so we have to prioritize. Please understand!",
                 "log.launch_config", "application_bug")
    # Loading with device_map='auto' in one process is how such a model is meant to run.
    assert lead("model = AutoModelForCausalLM.from_pretrained(path, device_map='auto')\n") is None


# meta-llama/llama#665: a checkpoint in one model-parallel shard loaded by eight processes.
def test_a_checkpoint_of_another_model_parallel_size_is_the_launch() -> None:
    assert_reads("AssertionError: Loading a checkpoint for MP=1 but world size is 8", "log.launch_config",
                 "application_bug")
    assert lead("Loading a checkpoint for MP=8 on 8 ranks\n") is None


# kserve/kserve#3722: vLLM 0.4 in an image without libnccl (its pynccl_utils.py says so at INFO level).
def test_vllm_04_without_libnccl_is_nccl_missing() -> None:
    assert_reads("INFO 06-03 18:32:32 pynccl_utils.py:17] Failed to import NCCL library: Cannot find libnccl.so.2 "
                 "in the system.", "log.nccl_library_missing", "other")
    assert lead("INFO 06-03 18:32:32 pynccl_utils.py:17] Loading nccl from library libnccl.so.2\n") != (
        "log.nccl_library_missing", "other")


# radixark/miles PR#2827: one context-parallel rank entered an all_reduce with a bf16 tensor, the others fp32; gloo's
# size check, as gloo::EnforceNotMet prints it without c10d's "enforce fail at" prefix, is the ranks' disagreement.
def test_gloos_bare_size_check_is_a_collective_mismatch() -> None:
    text = ("gloo::EnforceNotMet: op.preamble.length <= op.nbytes. 24 vs 12.\n"
            "Received data size doesn't match expected size.\n")
    assert lead(text) == ("log.collective_mismatch", "hang_collective_mismatch")
    assert lead("Received data size: 24 bytes, as expected.\n") is None
