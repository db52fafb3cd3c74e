"""Rules from the thirtieth sweep of public threads (distributed failures of the program's own making). Each line is
quoted from the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import lead

from ncclkit.logs.analyze import analyze_text


def ids(text: str) -> set[str]:
    return {f["id"] for f in analyze_text(text)["findings"]}


# pytorch/pytorch#143536: another process's warning printed into the middle of the watchdog's line.
def test_a_watchdog_line_with_a_warning_spliced_in() -> None:
    text = ("[rank1]:[E616 13:41:10.909476913 ProcessGroupNCCL.cpp:565] [Rank 1] Watchdog caught collective operatMERS_"
            "CACHE` is deprecated and will be removed in v5 of Transformion timeout: WorkNCCL(SeqNum=2109, OpType="
            "_ALLGATHER_BASE, NumelIn=262711296, NumelOut=525422592, Timeout(ms)=1800000) ran for 1800007 milliseconds "
            "before timing out.\n")
    assert lead(text) == ("log.timeout", "hang_collective_mismatch")
    # the deprecation warning alone stays a warning healthy runs print
    assert lead("`TRANSFORMERS_CACHE` is deprecated and will be removed in v5 of Transformers.\n") is None


# huggingface/accelerate#2000 and #1171, bghira/SimpleTuner#262: the save entered on the main process only.
def test_a_checkpoint_saved_on_the_main_process_only() -> None:
    text = ("accelerator.wait_for_everyone()\n"
            "if accelerator.is_main_process:\n"
            "    if config[\"SAVE_STATE\"] :\n"
            "            accelerator.save_state(save_state_dir)\n"
            "INFO:accelerate.accelerator:Saving FSDP model\n"
            "[E ProcessGroupNCCL.cpp:828] [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=18364, "
            "OpType=ALLGATHER, Timeout(ms)=4800000) ran for 4804648 milliseconds before timing out.\n")
    assert lead(text) == ("log.save_on_main_only", "application_bug")
    # the program's call of wait_for_everyone is no data preparation
    assert "log.preparation_timeout" not in ids(text)
    # a save on every rank before a timeout names no guard
    unguarded = text.replace("if accelerator.is_main_process:\n", "")
    assert "log.save_on_main_only" not in ids(unguarded)


# open-mmlab/mmaction2#1749 (a device-side assert; the wrapper line before it names nothing) and #2120 (num_classes).
def test_a_kernels_assertion_and_cudas_wrapper_line() -> None:
    text = ("terminate called after throwing an instance of 'c10::CUDAError'\n"
            "  what():  CUDA error: device-side assert triggered\n")
    assert lead(text) == ("log.cuda_error", "application_bug")
    assertion = ("/opt/conda/conda-bld/pytorch_1631630742027/work/aten/src/THCUNN/ClassNLLCriterion.cu:108: "
                 "cunn_ClassNLLCriterion_updateOutput_kernel: block: [0,0,0], thread: [0,0,0] Assertion `t >= 0 && t "
                 "< n_classes` failed.\n")
    assert lead(assertion) == ("log.kernel_assert", "application_bug")
    # the wrapper of a driver-side error keeps that error's cause
    driver = ("terminate called after throwing an instance of 'c10::CUDAError'\n"
              "  what():  CUDA error: unspecified launch failure\n")
    assert lead(driver) is not None and lead(driver) != ("log.cuda_wrapper", None)


# deepspeedai/DeepSpeed's ZeRO check; mazurowski-lab/finetune-SAM#19 (a model split over two GPUs in each rank).
def test_a_gradient_reduced_twice_and_tensors_on_two_gpus() -> None:
    text = ("[default0]:AssertionError: The parameter 388 has already been reduced.             Gradient computed twice "
            "for this partition.             Multiple gradient reduction is currently not supported\n")
    assert lead(text) == ("log.framework_usage", "application_bug")
    loose = ("when i use ddp_splitgpu_train_finetune_noprompt.py , the error raised, \u201call tensors to be on the same "
             "device,but found at least two devices,cuda:1 and cuda:0, how can i solve it.\n")
    assert lead(loose) == ("log.framework_usage", "application_bug")


# modelscope/ms-swift#283 (the kernel is unrelated; an offline model check hung) and accelerate#3343.
def test_accelerates_kernel_warning_names_nothing() -> None:
    text = ("WARNING:accelerate.utils.other:Detected kernel version 4.4.0, which is below the recommended minimum of "
            "5.5.0; this can cause the process to hang. It is recommended to upgrade the kernel to the minimum version "
            "or higher.\n")
    assert lead(text) is None


# tensorflow/tensorflow#62790: the members passed different shapes; a cancelled ring after another error is not that.
def test_tensorflows_shape_mismatch_between_members() -> None:
    text = ("Collective ops is aborted by: Shape mismatch in the collective instance 100. Op at device /job:localhost/"
            "replica:0/task:0/device:GPU:2 expected shape [28678440] but another member in the group expected shape "
            "[39166184].\n")
    assert lead(text) == ("log.collective_mismatch", "hang_collective_mismatch")
    assert "log.collective_mismatch" not in ids("Aborting RingReduce with Cancelled: [_Derived_]Cancelled\n")
