"""Readings written after the held-out rounds of 2026-12-07 (329 - 334): a launch of more processes per node than
the GPUs it lists, and a trainer's step timing spent waiting for data. Each on the thread's text and on text that
must not trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead

# Siyu-C/ACAR-Net#5: eight processes on a node where the launch lists two GPUs; NCCL 2.4.8 says "unhandled cuda error"
_ACAR = ("When I run this code ,it occurs : RuntimeError: NCCL error in: "
         "/pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:32, unhandled cuda error, NCCL version 2.4.8\n"
         "my script is :CUDA_VISIBLE_DEVICES='0,1' python main.py --config /home/wsm/ACAR-Net/configs/AVA/"
         "SLOWFAST_R50_baseline.yaml  --nproc_per_node 8 --backend nccl  --master_port 31114\n")


def test_more_processes_than_listed_gpus_leads_over_the_cuda_error() -> None:
    assert lead(_ACAR) == ("log.ranks_exceed_gpus", "application_bug")


def test_an_exported_list_counts_for_the_launch_after_it() -> None:
    export = "export CUDA_VISIBLE_DEVICES=0,1,2\n"
    launch = "torchrun --nproc_per_node={n} train.py --bf16\nRuntimeError: CUDA error: invalid device ordinal\n"
    assert lead(export + launch.format(n=4)) == ("log.ranks_exceed_gpus", "application_bug")
    assert "log.ranks_exceed_gpus" not in ids(export + launch.format(n=3))


def test_no_reading_without_a_list_of_gpus_or_with_as_many() -> None:
    assert "log.ranks_exceed_gpus" not in ids(_ACAR.replace("CUDA_VISIBLE_DEVICES='0,1' ", ""))
    assert "log.ranks_exceed_gpus" not in ids(_ACAR.replace("--nproc_per_node 8", "--nproc_per_node 2"))


# klauscc/VindLU#10: 8 A10 GPUs, OMP_NUM_THREADS=64 and 32 workers; the MetricLogger line of its pretraining
_VINDLU = """\
OMP_NUM_THREADS=64 # for torchrun
num_workers = 32
 utils.basic_utils: Train Epoch: [0]  [  200/10175]  eta: 2 days, 11:04:48
lr: 0.000002  temperature: 0.0702  image-loss_vtc: 6.2285
time: 40.1906  data: 38.0570  max mem: 10768 res mem: 11456
"""


def test_a_step_spent_waiting_for_data_is_the_input_pipeline() -> None:
    assert causes(_VINDLU)[:2] == [("log.input_bound", "other"), ("log.alternative", "performance_config")]


def test_the_other_trainers_step_timings() -> None:
    # detectron2's EventWriter and mmengine's logger name the data part data_time
    d2 = ("[12/01 10:00:00 d2.utils.events]:  eta: 1 day, 2:03:04  iter: 19  total_loss: 2.113  time: 0.9120  "
          "last_time: 0.9051  data_time: 0.7071  last_data_time: 0.6960  lr: 0.00039  max_mem: 5000M\n")
    mm = ("2026/12/01 10:00:00 - mmengine - INFO - Epoch(train) [1][ 50/500]  lr: 1.0e-02  eta: 0:40:10  "
          "time: 0.5120  data_time: 0.4010  memory: 4000  loss: 1.2\n")
    assert lead(d2) == ("log.input_bound", "other")
    assert lead(mm) == ("log.input_bound", "other")


def test_healthy_step_timings_and_coarse_ones_say_nothing() -> None:
    healthy = _VINDLU.replace("time: 40.1906  data: 38.0570", "time: 0.2876  data: 0.0002")
    coarse = _VINDLU.replace("time: 40.1906  data: 38.0570", "time: 0.0100  data: 0.0090")
    assert "log.input_bound" not in ids(healthy)
    assert "log.input_bound" not in ids(coarse)


# THU-KEG/KECG#3: an OOM on one GPU, then, spread with nn.DataParallel, sparse tensors refused
_KECG = ('The code runs perfectly on DBP15K. However, when I ran it on DWY100K, an error emerged, "CUDA out of memory. '
         'Tried to allocate 11.44 GiB (GPU 0; ...; 9.49 GiB free...)", which is expected, since the size of DWY100K is '
         'much larger than DBP15K, and one GPU might not be enough. Consequently, I tried to use torch.nn.DataParallel '
         'to run it on multiple GPUs, while it reports "Runtime Error : sparse tensors do not have strides". I wonder '
         'how you altered the code to make it work on DWY100K?\n')


def test_sparse_tensors_under_dataparallel_are_the_programs() -> None:
    assert lead(_KECG) == ("log.program_error", "application_bug")
    assert lead(_KECG.replace('while it reports "Runtime Error : sparse tensors do not have strides"', "")) == \
        ("log.oom", "oom")


# DeepGraphLearning/NBFNet#11: the reporter's own account of the CUDA error of four 24 GB GPUs
def test_a_cuda_error_told_as_asking_for_memory_is_memory() -> None:
    told = "However, I encountered the CUDA error saying that I need more GPU memory. Later I modified this code\n"
    assert lead(told) == ("log.cuda_error", "oom")
    assert lead("RuntimeError: CUDA error: an illegal memory access was encountered\n")[1] != "oom"


# RLHFlow/RLHF-Reward-Modeling#2: the program passes no device_map; the transformers release it ran set one itself
def test_zero3_refusing_a_device_map_names_the_release_too() -> None:
    line = "ValueError: DeepSpeed Zero-3 is not compatible with `low_cpu_mem_usage=True` or with passing a `device_map`.\n"
    assert causes(line)[:2] == [("log.framework_usage", "application_bug"), ("log.alternative", "other")]
