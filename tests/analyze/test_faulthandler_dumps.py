"""Python's faulthandler dumps pasted for a hang: each dump's main thread read as py-spy's is. The Gloo job's dumps
are a real run (tests/analyze/data/faulthandler-gloo/README.md), made again live here, and on a GPU with NCCL; the
ZeRO-3 dump is quoted from deepspeedai/DeepSpeed#860. Each reading is also tested on a dump that must not give it."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import have_gpu, run_benchmark
from line_reading import ids, lead

from ncclkit.logs.analyze import analyze_path, analyze_text

DATA = Path(__file__).resolve().parent / "data" / "faulthandler-gloo"
_GLOO = (DATA / "dump-on-demand.log").read_text()
_RANK1_AT = _GLOO.index("Timeout (0:00:28)!")  # rank 1's dump, after rank 0's


def _findings(text: str) -> list[dict[str, object]]:
    return [f for f in analyze_text(text)["findings"] if f.get("cause")]


def test_two_ranks_dumped_one_waiting_for_its_data() -> None:
    first = _findings(_GLOO)[0]
    assert (first["id"], first["cause"], first["subject"]) == ("log.rank_outside_collective",
                                                               "hang_collective_mismatch", "process #2")
    message = str(first["message"])
    assert "(all_reduce)" in message and "torch/utils/data/dataloader.py" in message
    assert "it waits for its data" in message


def test_one_ranks_dump_alone() -> None:
    # the rank in the data loader alone: its peers wait for it
    assert lead(_GLOO[_RANK1_AT:]) == ("log.rank_in_dataloader", "application_bug")
    # the rank in all_reduce alone says nothing of where the others are
    assert not {"log.rank_in_dataloader", "log.rank_outside_collective"} & set(ids(_GLOO[:_RANK1_AT]))


def test_a_dump_of_a_crash_is_not_read_as_a_wait() -> None:
    crashed = _GLOO[_RANK1_AT:].replace("Timeout (0:00:28)!", "Fatal Python error: Segmentation fault\n")
    assert "log.rank_in_dataloader" not in ids(crashed)
    # the watchdog's abort ends a wait: that dump still shows it
    aborted = _GLOO[_RANK1_AT:].replace("Timeout (0:00:28)!", "Fatal Python error: Aborted\n")
    assert "log.rank_in_dataloader" in ids(aborted)


# deepspeedai/DeepSpeed#860: inference under ZeRO-3 hangs once the ranks generate outputs of different lengths
_ZERO3 = """\
So training works with zero3 and then I do inference calling `deepspeed.forward()` and while it works on a very \
small sample, with just slightly bigger sample it hangs with 100% gpu utilization:
Thread 0x00007f57caf71740 (most recent call first):
  File "/home/stas/anaconda3/envs/main-38/lib/python3.8/site-packages/torch/cuda/streams.py", line 95 in synchronize
  File "/mnt/nvme1/code/github/00optimize/DeepSpeed/deepspeed/runtime/zero/stage3.py", line 490 in \
_synchronize_communication
  File "/mnt/nvme1/code/github/00optimize/DeepSpeed/deepspeed/runtime/zero/stage3.py", line 406 in fetch_sub_module
  File "/mnt/nvme1/code/github/00optimize/DeepSpeed/deepspeed/runtime/zero/stage3.py", line 1139 in \
pre_sub_module_forward_function
  File "/home/stas/anaconda3/envs/main-38/lib/python3.8/site-packages/torch/nn/modules/module.py", line 881 in \
_call_impl
"""


def test_a_rank_waiting_in_zero3s_parameter_gather() -> None:
    found = _findings(_ZERO3)
    assert (found[0]["id"], found[0]["cause"], found[0]["subject"]) == ("log.zero3_gather_wait",
                                                                         "hang_collective_mismatch",
                                                                         "fetch_sub_module")
    assert "synced_gpus=True" in str(found[0]["fix"])
    # the same frames in a crash's dump, or ZeRO-3 outside the fetch, are no such wait
    assert "log.zero3_gather_wait" not in ids(_ZERO3.replace("So training works", "Fatal Python error: Bus error\n"
                                                                                    "So training works"))
    assert "log.zero3_gather_wait" not in ids(_ZERO3.replace("runtime/zero/stage3.py", "runtime/engine.py"))


GPU = Path(__file__).resolve().parent / "data" / "faulthandler-gpu-2.28.9"


def test_the_nccl_hang_on_one_h100() -> None:
    # benchmarks/results/faulthandler-1xH100-2026-12-07: rank 0 waits for the GPU that runs its all_reduce, rank 1
    # for its data, and rank 1's TCPStore client complains once rank 0's store is gone (no cause of the hang)
    dumps = GPU / "dump-on-demand.log"
    assert _first(dumps) == ("log.rank_outside_collective", "hang_collective_mismatch", "process #2")
    assert "it waits for its data" in next(f["message"] for f in analyze_path(dumps)["findings"] if f.get("cause"))
    # the watchdog's own log of the same hang: the rank that never enqueued the collective
    assert _first(GPU / "watchdog-abort.log") == ("hang.rank_not_launched", "hang_collective_mismatch", "rank1")


def _first(path: Path) -> tuple[str, str, str]:
    found = next(f for f in analyze_path(path)["findings"] if f.get("cause"))
    return found["id"], found["cause"], found["subject"]


def test_the_gloo_hang_made_again_here(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    run_benchmark("faulthandler_gpu.py", tmp_path, "dump-on-demand", timeout_s=150, BACKEND="gloo")
    assert _first(tmp_path / "dump-on-demand.log") == ("log.rank_outside_collective", "hang_collective_mismatch",
                                                        "process #2")


@pytest.mark.gpu
@pytest.mark.skipif(not have_gpu(), reason="needs an NVIDIA GPU")
def test_the_nccl_hang_made_again_on_this_gpu(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    run_benchmark("faulthandler_gpu.py", tmp_path, "dump-on-demand", timeout_s=300)
    # rank 0 waits for the GPU that runs its all_reduce, rank 1 for its data
    assert _first(tmp_path / "dump-on-demand.log")[:2] == ("log.rank_outside_collective", "hang_collective_mismatch")
