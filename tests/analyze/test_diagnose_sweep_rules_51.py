"""Rules from rounds 458 - 473. Each text a rule reads is quoted from the thread named above its test; each rule is
also tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import ids, lead

from ncclkit.logs.analyze import analyze_text

# KempnerInstitute/KempnerForge#104: py-spy on a wedged two-node run, as the reporter summed up both threads
_ASYNC_SAVE = """\
- `MainThread`: `dist.barrier` (`torch/distributed/distributed_c10d.py`) from `CheckpointManager.save`
- `AsyncCheckpointExecutor_0`: `all_gather` / `gather_object` / `reduce_scatter` from `_save_state_dict` \
(`torch/distributed/checkpoint/state_dict_saver.py`) via `torch/distributed/checkpoint/_async_thread_executor.py`
"""


def test_async_saves_thread_inside_a_collective_is_the_programs_shared_group() -> None:
    assert lead(_ASYNC_SAVE) == ("log.concurrent_collectives", "application_bug")


def test_a_checkpoint_thread_writing_files_is_no_concurrent_collective() -> None:
    writing = _ASYNC_SAVE.replace("`all_gather` / `gather_object` / `reduce_scatter` from `_save_state_dict`",
                                  "`write_data` from `_write_files_from_queue`")
    assert "log.concurrent_collectives" not in ids(writing)


# pytorch/pytorch#121108: a distributed checkpoint saved on 32 ranks with PyTorch 2.2.1 (fixed in 2.3 by #115093,
# cherry-picked as #115525); the paste wrapped at 80 columns
_SHARD_DIM = """\
AssertionError: Size to be sharded on dim 0 must be at least as large as the
number of devices in that dimension 32
Traceback (most recent call last): (RANK 31)
  File "/usr/lib/python3/dist-packages/torch/distributed/checkpoint/utils.py",
line 173, in reduce_scatter
    local_data = map_fun()
"""


def test_dtensors_shard_smaller_than_the_ranks_is_the_release() -> None:
    assert lead(_SHARD_DIM) == ("log.framework_release", "other")


def test_another_assertion_of_the_checkpoint_stays_the_programs() -> None:
    other = _SHARD_DIM.replace("Size to be sharded on dim 0 must be at least as large as the",
                               "Expected a tensor of the same size on every rank, got").replace(
                                   "number of devices in that dimension 32", "32 and 16")
    assert lead(other)[1] == "application_bug"


# QwenLM/Qwen-VL#179: fine-tuning on text-only and multimodal instructions together hangs, either alone does not
_MIXED = """\
发现单独多模态数据 或者 纯文本数据fintune就不会有问题

但如果混合纯文本指令数据和多模态指令数据一起训练，会卡住。处理数据的逻辑可能有问题？
"""
# hiyouga/LlamaFactory#5657: the same with the vision tower unfrozen, in the reporter's words
_UNFROZEN = "关闭freeze_vision_tower，使训练参数达到100%，多卡无法混训。\n"


def test_text_only_samples_beside_images_hang_the_vision_towers_collectives() -> None:
    assert lead(_MIXED) == ("log.mixed_modality_hang", "hang_collective_mismatch")
    assert lead(_UNFROZEN) == ("log.mixed_modality_hang", "hang_collective_mismatch")


def test_a_hang_without_images_or_text_only_data_is_not_the_mixed_data() -> None:
    # text-only data alone, and multimodal data alone, hanging
    assert "log.mixed_modality_hang" not in ids(_MIXED.replace("多模态指令", "代码指令"))
    assert "log.mixed_modality_hang" not in ids(_MIXED.replace("纯文本", "视频").replace("混合", "使用"))


# hiyouga/LlamaFactory#176: accelerate with a DeepSpeed config started on every node; the other workers' ports
_NO_HOSTFILE = """\
2. 其他的worker遇到了address already in use的报错。这里main_process_port已经被设置成worker 0的port了，请问其他的worker应该用什么参数指定master_port？
[WARNING] [runner.py:196:fetch_hostfile] Unable to find hostfile, will proceed with training with local resources only.
"""


def test_a_port_taken_where_deepspeeds_launcher_found_no_hostfile_is_the_launch() -> None:
    finding = next(f for f in analyze_text(_NO_HOSTFILE)["findings"] if f["id"] == "log.port_in_use")
    assert finding["cause"] == "application_bug"
    assert "no hostfile (line 2)" in finding["message"] and "--hostfile" in finding["fix"]


def test_a_port_taken_without_the_hostfile_warning_keeps_its_own_fix() -> None:
    alone = _NO_HOSTFILE.splitlines()[0] + "\n"
    finding = next(f for f in analyze_text(alone)["findings"] if f["id"] == "log.port_in_use")
    assert "hostfile" not in finding["message"] + finding["fix"]
