"""Readings written after the held-out rounds 398 - 405 of 2026-12-07: an illegal memory access is first the program's
kernel, a profiler table whose NCCL kernels take most of the GPU's time is a run bound by its communication, and a
timed loop whose first call dwarfs the rest is paying one-time set-up. Each on the thread's text and on text that
must not trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead

from ncclkit.logs.analyze import analyze_text

# facebookresearch/pytorch3d#267: the commenter's account of DataParallel on several GPUs
_ILLEGAL = ("(My code works well on one GPU when using `nn.DataParallel`, but suffers from `CUDA runtime error: an "
            "illegal memory access was encountered (700) in magma_queue_destroy_internal at /opt/conda/conda-bld/"
            "magma-cuda111_1605822518874/work/interface_cuda/interface.cpp:944` when using multi-GPU.)\n")


def test_an_illegal_memory_access_is_first_the_programs_kernel() -> None:
    assert lead(_ILLEGAL) == ("log.cuda_error", "application_bug")
    assert [cause for _, cause in causes(_ILLEGAL)][:3] == ["application_bug", "cuda_or_driver", "other"]
    bare = "RuntimeError: CUDA error: an illegal memory access was encountered\n"
    assert lead(bare) == ("log.cuda_error", "application_bug")


def test_a_launch_failure_stays_the_gpu_or_driver_first() -> None:
    # "unspecified launch failure" (719) is as often a GPU that fell off the bus: it keeps its own row
    failed = "RuntimeError: CUDA error: unspecified launch failure\n"
    assert lead(failed) == ("log.cuda_error", "cuda_or_driver")


# pytorch/pytorch#102434: torch.profiler's table of FULL_SHARD FSDP over 4 nodes (columns as printed)
_HEADER = ("                                                   Name    Self CPU %      Self CPU   CPU total %     CPU "
           "total  CPU time avg     Self CUDA   Self CUDA %    CUDA total  CUDA time avg    # of Calls  ")
_RULE = "-------------------------------------------------------  " + "------------  " * 10
_PROFILE = "\n".join([
    "These are results I gathered using ```torch.profiler```, I warmup for 10 iterations and calculate for 10 active "
    "iterations.",
    "First is the ```multi-node``` result",
    _RULE, _HEADER, _RULE,
    "                                 c10d::_allgather_base_         0.04%      51.574ms         0.05%      "
    "61.336ms      75.723us       42.930s        54.65%       42.930s      53.000ms           810  ",
    "ncclKernel_AllGather_RING_LL_Sum_int8_t(ncclDevComm*...         0.00%       0.000us         0.00%       "
    "0.000us       0.000us       42.930s        54.65%       42.930s      53.000ms           810  ",
    "                                     record_param_comms         0.02%      29.285ms         0.03%      "
    "33.318ms      20.440us       27.985s        35.63%       27.985s      17.169ms          1630  ",
]) + "\n"


def test_a_profile_whose_nccl_kernels_take_most_of_the_gpu_is_bound_by_communication() -> None:
    result = analyze_text(_PROFILE, name="pytorch102434")
    finding = result["findings"][0]
    assert (finding["id"], finding["cause"], finding["subject"]) == ("log.comm_bound_profile", "performance_config",
                                                                     "AllGather")
    # the kernel's row alone is summed: c10d's op and record_param_comms repeat its time
    assert finding["evidence"]["comm_share_pct"] == 54.65
    assert finding["evidence"]["lines"] == [4, 7]
    assert "HYBRID_SHARD" in finding["fix"]


def test_a_profile_whose_nccl_kernels_take_a_small_share_says_nothing_of_communication() -> None:
    small = _PROFILE.replace("42.930s        54.65%", "4.293s         5.47%")
    assert "log.comm_bound_profile" not in ids(small)
    # nor does c10d's op alone, whose time may be the CPU's wait
    no_kernel = "\n".join(line for line in _PROFILE.splitlines() if not line.startswith("ncclKernel")) + "\n"
    assert "log.comm_bound_profile" not in ids(no_kernel)


# NVIDIA/nccl#1487: a maintainer's run of the reporter's timed send/recv loop
_LOOP = "".join(f"Rank 0 time taken: {us} us\n" for us in (214477, 14, 5, 3, 4, 5, 4, 4, 4, 4)) + \
    "Rank 1 time taken: 214601 us\nRank 1 time taken: 14 us\n"


def test_a_loop_whose_first_call_dwarfs_the_rest_pays_set_up() -> None:
    finding = analyze_text(_LOOP, name="nccl1487")["findings"][0]
    assert (finding["id"], finding["cause"]) == ("log.first_call_setup", "other")
    assert "214.477 ms (line 1)" in finding["message"] and "median of 4 us" in finding["message"]
    assert "NCCL_RUNTIME_CONNECT=0" in finding["fix"]


def test_steady_or_rising_times_and_tqdm_rates_are_no_set_up() -> None:
    steady = "".join(f"Rank 0 time taken: {us} us\n" for us in (16, 14, 5, 3, 4, 5, 4))
    assert "log.first_call_setup" not in ids(steady)
    # a run that slows down as it goes is not paying for its start
    rising = "".join(f"step {n} took {ms} ms\n" for n, ms in enumerate((20, 40, 90, 400, 900, 2000), 1))
    assert "log.first_call_setup" not in ids(rising)
    # tqdm's rate: its first step includes the whole start of the program
    bars = "".join(f" {n}/50 [00:0{n}<00:10, {s}s/it]\n" for n, s in enumerate((30.5, 1.2, 1.1, 1.2, 1.1), 1))
    assert "log.first_call_setup" not in ids(bars)
    # a first call slower, but not by far: a warm cache, no set-up to name
    warm = "".join(f"Rank 0 time taken: {us} us\n" for us in (60, 14, 15, 13, 14))
    assert "log.first_call_setup" not in ids(warm)


# deepspeedai/DeepSpeed#4433: the reporter's account of a job on RTX 4090s, settled by NCCL_P2P_DISABLE=1
_GEFORCE = ("I'm trying to train a model with multiple 4090 gpus, but it always gets stuck and no report is shown. But "
            "when training with 3090 everything is fine. I strongly suspect that a deadlock occurs. \n"
            "Environment: Pytorch 2.1.0 +Cuda 12.1\n")


def test_a_job_on_geforce_40_series_gpus_that_hangs_is_first_their_missing_peer_to_peer() -> None:
    assert lead(_GEFORCE) == ("log.geforce_p2p_hang", "acs_iommu_p2p")
    assert "NCCL_P2P_DISABLE=1" in analyze_text(_GEFORCE)["findings"][0]["fix"]
    assert lead("My environment is `RTX 4090` * 5. The run got stuck at DistributedDataParallel(model)\n")[0] == \
        "log.geforce_p2p_hang"


def test_no_hang_or_no_geforce_40_series_card_is_no_peer_to_peer_hang() -> None:
    # a 4090 job that fails with an error, an A100 job that hangs, a port number beside a hang
    slow = _GEFORCE.replace("it always gets stuck and no report is shown", "it trains at half the speed")
    assert "log.geforce_p2p_hang" not in ids(slow.replace(" I strongly suspect that a deadlock occurs.", ""))
    assert "log.geforce_p2p_hang" not in ids(_GEFORCE.replace("4090 gpus", "A100 gpus"))
    assert "log.geforce_p2p_hang" not in ids("The server on port 4090 is stuck at startup.\nI run it again.\n")
    # a line that names its own cause leads before the reporter's words
    oom = _GEFORCE + "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"
    assert lead(oom) == ("log.oom", "oom")


# facebookresearch/fairchem#597: NCCL's line quoted in the reporter's words, "... from NCCL INFO."
_QUOTED = ("Issue: Nccl error occures when training on mutiple GPUs in a single node\n"
           "\"Duplicate GPU detected : rank 1 and rank 0 both on CUDA device a4000\" from NCCL INFO.\n")


def test_nccls_line_quoted_in_prose_is_read_as_the_line_it_quotes() -> None:
    assert lead(_QUOTED) == ("log.duplicate_gpu", "application_bug")
    # NCCL's own INFO line of no cause stays a fact line
    info = "h1:11:11 [0] NCCL INFO comm 0x55 rank 0 nranks 2 cudaDev 0 busId a4000 - Init COMPLETE\n"
    assert "log.duplicate_gpu" not in ids(info)


def test_a_device_map_that_leaves_a_parameter_out_is_the_programs() -> None:
    # open-compass/VLMEvalKit#626: the kit's split of a 90B model over three GPUs missed its last layer
    text = ("CUDA_VISIBLE_DEVICES=0,1,2\n"
            "language_model.model.layers.99.input_layernorm.weight doesn't have any device set.\n")
    assert lead(text) == ("log.framework_usage", "application_bug")
    listed = ("ValueError: The device_map provided does not give any device for the following parameters: "
              "lm_head.weight\n")
    assert lead(listed) == ("log.framework_usage", "application_bug")
    assert "log.framework_usage" not in ids("Every layer of the model has its device set.\n")


# open-mmlab/mmocr#816: the reporter's account of `GPUS=4 python tools/train.py`
_NOT_MULTI = ("I am training sar model with custom dataset on AWS with 4 GPUs of 24 GB.\n"
              "training is started and it shows Approx. 495 days to complete.\n"
              "and it is not using multiple GPUs. here is the info of nvidia-smi command:\n")


def test_a_run_not_using_its_several_gpus_is_one_process_on_one() -> None:
    assert lead(_NOT_MULTI) == ("log.one_gpu_used", "application_bug")
    # a run that uses them all, however slow, is not one process on one GPU
    assert "log.one_gpu_used" not in ids(_NOT_MULTI.replace("it is not using multiple GPUs", "it is using all 4 GPUs"))


# ylan2009/ChatLM-mini-Chinese FIX_NCCL_SHM_ERROR.md: a garbled segment name of size 0 under NCCL 2.27.7
_SIZE0 = ("ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. \n"
          "Last error:\n"
          "Error while attaching to shared memory segment /dev/shm/nccl-\u040c (size 0), \n"
          "error: No such file or directory (2)\n")


def test_a_size_0_segment_names_the_numa_layout_and_the_shm_transport_after_the_cumem_handle() -> None:
    assert [cause for _, cause in causes(_SIZE0)][:3] == ["other", "topology_or_numa", "shm_too_small"]
