"""Readings written after the held-out rounds 380 - 387 of 2026-12-07: an issue template's "NCCL version: X" is the
reporter's, not a line NCCL printed, and a paste with no line of NCCL's is a report to be read as one. Each on the
thread's text and on text that must not trigger it."""

from __future__ import annotations

import pytest
from line_reading import ids, lead, prior_shows

from ncclkit.logs.analyze import analyze_text

# horovod/horovod#992: the issue template's versions, then the reporter's account of a slow two-node run
_TEMPLATE = """\
**Environment:**
1. Framework: Keras(Tensorflow Backend)
3. Horovod version: 0.16.1
6. NCCL version: 2.4.2
Currently I am using `tensorflow_synthetic_benchmark.py` to test the distributed environment, but I found that the \
running time and processing efficiency were much lower than in a single node when I tried to distributed the code \
between two nodes.
Network: 95Mbit/s LAN calculated by iperf (I know this might be one of the bottlenecks)
"""


def test_a_template_version_line_is_no_nccl_line_and_the_report_gets_the_slow_prior() -> None:
    result = analyze_text(_TEMPLATE, name="horovod992")
    assert result["kind"] == "nccl_log"
    finding = result["findings"][0]
    assert (finding["id"], finding["cause"], finding["evidence"]["shows"]) == ("log.base_rate", "other", "slow")


def test_a_line_nccl_printed_keeps_the_paste_a_log_that_gets_no_prior() -> None:
    # NCCL's own version line ("NCCL version 2.4.2+cuda9.0", with no colon) makes it a log: a healthy log and the
    # reporter's words about it are no report of a failure the prior could be about
    printed = _TEMPLATE.replace("6. NCCL version: 2.4.2", "tpc1:2212:2212 [0] NCCL INFO NCCL version 2.4.2+cuda9.0")
    assert "log.base_rate" not in ids(printed)
    assert lead(_TEMPLATE)[0] == "log.base_rate"


# PKU-YuanGroup/Video-LLaVA#32: the reporter's own words, "Out of memory" capitalised, above the launch command
_OUT_OF_MEMORY = """\
However, even I decreased the `per_device_train_batch_size` into 1, I still got CUDA Out of memory.
How many GPUs are you using? I'm using 4 GPUs (40G) under your default setting.
> HF_DATASETS_OFFLINE=1 CUDA_VISIBLE_DEVICES=0,1,2,3 deepspeed llava/train/train_mem.py \\
    --deepspeed ./scripts/zero2.json \\
"""


def test_the_reporters_capitalised_out_of_memory_is_the_failure_it_states() -> None:
    assert lead(_OUT_OF_MEMORY) == ("log.oom", "oom")
    assert lead(_OUT_OF_MEMORY.replace("CUDA Out of memory", "CUDA OUT OF MEMORY")) == ("log.oom", "oom")
    # memory the reporter measures is no failure: the report of a run is left to the prior
    measured = _OUT_OF_MEMORY.replace("I still got CUDA Out of memory", "I still see 38 GB of memory in use")
    assert "log.oom" not in ids(measured)
    assert lead(measured)[0] == "log.base_rate"


# vllm-project/vllm#689: IPython's timings of one prompt at tensor_parallel_size 1 and 2
_TIMED = """\
vllm = LLM(
    model="mosaicml/mpt-7b-instruct",
    tensor_parallel_size=2,
)
CPU times: user 65.5 ms, sys: 32.2 ms, total: 97.7 ms
Wall time: 1.27 s
"""
# vllm-project/vllm#1873: the reporter's account and the server's command
_NOT_AS_GOOD = """\
I have tested the tensor parallelism of vllm on multiple gpus, but the effect is not as good as running on a single \
card, what is the reason ?
My service startup command is: CUDA_VISIBLE_DEVICES=0,1,2,3 python3 -m vllm.entrypoints.openai.api_server \
--dtype bfloat16 --max-model-len 7000
"""


def test_a_slow_run_under_a_parallel_setting_it_names_leads_with_the_jobs_settings() -> None:
    assert prior_shows(_TIMED) == "slow_setting" and lead(_TIMED) == ("log.base_rate", "performance_config")
    assert prior_shows(_NOT_AS_GOOD) == "slow_setting" and lead(_NOT_AS_GOOD) == ("log.base_rate", "performance_config")
    # without the setting, a slow run's order (what feeds the GPUs, a release, first)
    untimed = _TIMED.replace("tensor_parallel_size=2", "dtype='float16'")
    assert prior_shows(untimed) == "slow" and lead(untimed) == ("log.base_rate", "other")
    # without a measure or a complaint, no slow run at all
    assert prior_shows(_TIMED.replace("Wall time: 1.27 s", "done")) == "nothing"
    assert prior_shows(_NOT_AS_GOOD.replace("not as good as running on a single card", "fine")) == "nothing"


# karpathy/nanoGPT#110, rosinality/style-based-gan-pytorch#78, soumith/imagenet-multiGPU.torch#59: a measured step
_MEASURED = ("I train with torchrun --standalone --nproc_per_node=8 train.py on 8 GPUs\n"
             "I'm getting about {} on the small model\n")


@pytest.mark.parametrize("measure", ["560ms per iteration", "1.13 it/s", "2.20s/it", "one batch takes 2.3s",
                                     "the GPUs sit idle most of the time"])
def test_a_measured_step_or_an_idle_gpu_is_a_slow_run(measure: str) -> None:
    assert prior_shows(_MEASURED.format(measure)) == "slow"


def test_tqdm_s_own_rate_is_no_slow_run() -> None:
    # OpenPCDet's bar of an epoch that never started: tqdm prints the rate after the elapsed time
    bar = "I run ./scripts/dist_train.sh 2 on my 2 gpu machine\nepochs: 0it [00:07, ?it/s]\n"
    assert prior_shows(bar) == "nothing"
    bar = "I run python train.py on 2 GPUs\n  0%| | 132/3000000 [00:12<77:49:10, 10.71it/s]\n"
    assert prior_shows(bar) == "nothing"


# Dao-AILab/flash-attention#1021: the GPUs are named by their model alone
_MODEL = """\
I trained my model on 8 A800 using flash attention 2 with batch size 22 each card, and the running time is 2.20s/it.
I switch to 8 H100 also use flash attention 2 with same batch size, and now the running time is 4.5s/it.
"""


def test_a_data_centre_gpus_model_name_makes_the_paste_a_gpu_jobs() -> None:
    assert prior_shows(_MODEL) == "slow"
    assert prior_shows(_MODEL.replace("A800", "machines").replace("H100", "boxes")) is None


# Shenggan/DuoduoCLIP#9, modelscope/ms-swift#1825, nasa-nccs-hpda/pytorch-caney#44: a slow run told in one line, in
# Chinese, or by "we"
_ONE_LINE = ("Regarding your training speed, I found it pretty slow using 4 x 4090, the training time takes 0.13 it/s "
             "and one single epoch takes ~1h. I notice that one GPU utility is 0% while other three is 100%.\n")
_CHINESE = ("在使用swift框架进行LLM训练时，发现采用deepspeed zero3训练会出现严重的速度下降问题，在每台机器为8卡A800显卡下，"
            "机器越多耗时越大\n")
_WE = ("We are experiencing relatively slow throughput reading our dataset from lustre into GPU memory.\n"
       "2 nodes, 4 gpus each:\nFrontier: 0.19 batch per/second\n")


@pytest.mark.parametrize("text", [_ONE_LINE, _CHINESE, _WE], ids=["one-line", "chinese", "we"])
def test_a_slow_run_told_in_one_line_in_chinese_or_by_we_gets_the_slow_runs_prior(text: str) -> None:
    assert prior_shows(text) == "slow"
    assert lead(text) == ("log.base_rate", "other")


def test_a_one_line_message_or_a_programs_we_is_no_report() -> None:
    assert prior_shows("training loop hangs on 1 gpu\n") is None
    assert prior_shows("We recommend torchrun with --nproc_per_node for 4 GPUs\nrank 0 ready\n") is None
    # the account without its slowness is a run that shows nothing
    quiet = _WE.replace("relatively slow throughput", "an issue").replace("0.19 batch per/second", "ok")
    assert prior_shows(quiet) == "nothing"


@pytest.mark.parametrize("measure", ["it needs about 30 days to finish, which is too long",
                                     "communication between machines becomes the bottleneck",
                                     "generation gives 1.80 tokens/s", "about 93 TFLOPS against 180 published",
                                     "per epoch on coco need 24 min"])
def test_more_measures_and_complaints_of_a_slow_run(measure: str) -> None:
    assert prior_shows(_MEASURED.replace("I'm getting about {} on the small model", measure)) == "slow"
