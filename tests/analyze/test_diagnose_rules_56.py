"""Readings written after the held-out rounds 380 - 387 of 2026-12-07: an issue template's "NCCL version: X" is the
reporter's, not a line NCCL printed, and a paste with no line of NCCL's is a report to be read as one. Each on the
thread's text and on text that must not trigger it."""

from __future__ import annotations

from line_reading import ids, lead

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
    assert (finding["id"], finding["cause"], finding["evidence"]["shows"]) == ("log.base_rate", "performance_config",
                                                                               "slow")


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
