"""Readings written after the held-out rounds of 2026-12-07 (337 - 343): torch 1.x's device-mismatch wording, DDP
over a module with nothing to train, and a failed worker past the GPUs the reporter says the machine has. Each on
the thread's text and on text that must not trigger it."""

from __future__ import annotations

from line_reading import ids, lead

from ncclkit.logs.analyze import analyze_text

# zhen8838/AnimeStylized#6 (torch 1.4, two GPUs): a mean tensor pinned to cuda:0 met the replica on cuda:1
_ANIME = ("  File \"/home/cyr/17_style/networks/pretrainnet.py\", line 161, in <lambda>\n"
          "    self.vgg_normalize = lambda x: x - mean\n"
          "RuntimeError: expected device cuda:1 but got device cuda:0\n")
# open-mmlab-style code of DistributionBalancedLoss#4: the same check with its dtype
_DBL = "RuntimeError: expected device cuda:1 and dtype Float but got device cuda:0 and dtype Float\n"


def test_torch1_device_mismatch_is_the_programs() -> None:
    assert lead(_ANIME) == ("log.framework_usage", "application_bug")
    assert lead(_DBL) == ("log.framework_usage", "application_bug")


def test_a_dtype_mismatch_alone_is_not_a_device_mismatch() -> None:
    assert "log.framework_usage" not in ids("RuntimeError: expected dtype Float but got dtype Half\n")


# XPixelGroup/BasicSR#199 (torch 1.1): DDP around the frozen VGG of a perceptual loss
_BASICSR = ("    device_ids=[torch.cuda.current_device()])\n"
            "RuntimeError: replicas_[0].size() >= 1 ASSERT FAILED at /pytorch/torch/csrc/distributed/c10d/"
            "reducer.cpp:53\n")


def test_ddp_over_a_module_with_nothing_to_train() -> None:
    assert lead(_BASICSR) == ("log.framework_usage", "application_bug")
    newer = ("AssertionError: DistributedDataParallel is not needed when a module doesn't have any parameter that "
             "requires a gradient.\n")
    assert lead(newer) == ("log.framework_usage", "application_bug")
    assert "log.framework_usage" not in ids("RuntimeError: replicas_.size() >= 1 ASSERT FAILED at reducer.cpp:52\n")


# sshaoshuai/MTR#64: torchrun's second worker failed on a machine of one GPU
_MTR = ('When I run the training script, I get the error "ERROR:torch.distributed.elastic.multiprocessing.api:failed '
        '(exitcode: 1) local_rank: 1". Could this be related to gpu? I only have one gpu(RTX 4070ti).\n')


def test_a_failed_worker_past_the_gpus_the_reporter_has() -> None:
    assert lead(_MTR) == ("log.ranks_exceed_gpus", "application_bug")
    assert "log.ranks_exceed_gpus" not in ids(_MTR.replace("one gpu", "two gpus"))
    assert "log.ranks_exceed_gpus" not in ids(_MTR.replace("local_rank: 1", "local_rank: 0"))
    assert "log.ranks_exceed_gpus" not in ids(_MTR.replace(" I only have one gpu(RTX 4070ti).", ""))


# yeyupiaoling/VoiceprintRecognition-Pytorch#39: the feature extractor's window stayed on cuda:0 under DataParallel
_STFT = ("(torchaudio) stft input and window must be on the same device but got self on cuda:1 and window on "
         "cuda:0\n")


def test_an_operators_two_arguments_on_two_gpus() -> None:
    assert lead(_STFT) == ("log.framework_usage", "application_bug")
    assert "log.framework_usage" not in ids(_STFT.replace("must be on the same device", "may be on any device"))


# tinyvision/DAMO-YOLO#30: two GPUs under DDP hang ("卡住") when one rank's images have no positive sample
_DAMO = ("当pos_inds为0的时候，loss_bbox,loss_dfl则为0，那么反向传播就卡住了，请问这是为什么呀？\n"
         "当我用两张卡，采用DDP,当一张卡中图像有正样本，另一张卡的所有图像都没有正样本，那么就会卡住。\n")


def test_a_hang_told_in_chinese_gets_the_prior() -> None:
    assert lead(_DAMO) == ("log.base_rate", "application_bug")
    # a denied hang ("不会卡住", does not hang) is no hang: the reporter's question gets only the prior of a run that
    # shows no failure
    denied = analyze_text(_DAMO.replace("就卡住了", "不会卡住").replace("就会卡住", "不会卡住"))["findings"][0]
    assert (denied["id"], denied["evidence"]["shows"]) == ("log.base_rate", "nothing")
