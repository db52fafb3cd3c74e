"""Rules from sweeps 187 - 191 and rounds 191 - 193 (2026-12-05: forum pages, cluster stacks, Megatron forks, data
loading and checkpoints, threads in Chinese). Each line is quoted from the thread named above its test, and tested on
text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, lead

from ncclkit.logs.analyze import analyze_text

_LEGACY_LOAD = ('  File "/home/u/.conda/envs/v/lib/python3.9/site-packages/torch/serialization.py", line 920, in '
                '_legacy_load\n    magic_number = pickle_module.load(f, **pickle_load_args)\n')


def test_an_empty_checkpoint_ends_at_the_magic_number() -> None:
    # JIA-Lab-research/VFIformer#13: torch.load of an empty file, below the launcher's summary
    assert lead("Traceback (most recent call last):\n" + _LEGACY_LOAD + "EOFError: Ran out of input\n") == \
        ("log.checkpoint_unreadable", "other")
    # kkoutini/PaSST#48: the same EOFError in spawn's child is the pickling error before it
    spawn = ("AttributeError: Can't pickle local object 'get_roll_func.<locals>.roll_func'\n"
             '  File "/usr/lib/python3.8/multiprocessing/spawn.py", line 126, in _main\n'
             "    self = reduction.pickle.load(from_parent)\nEOFError: Ran out of input\n")
    assert lead(spawn) == ("log.framework_usage", "application_bug")
    # torch 2.6+'s weights-only refusal under the same frame stays the program's
    refusal = (_LEGACY_LOAD + "_pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to "
               "do so you have two options\n")
    assert lead(refusal) == ("log.framework_usage", "application_bug")


def test_the_writer_of_a_checkpoint_is_not_a_file_cut_short() -> None:
    # hiyouga/LlamaFactory#1223: the save failed (disk or filesystem), nothing was loaded
    line = ("RuntimeError: [enforce fail at inline_container.cc:445] . PytorchStreamWriter failed writing file "
            "data/176: file write failed\n")
    assert lead(line) != ("log.checkpoint_unreadable", "other")


def test_a_dataloader_worker_killed_by_a_named_signal_keeps_that_signal() -> None:
    assert_reads("RuntimeError: DataLoader worker (pid 1234) is killed by signal: Killed.", "log.process_killed", "oom")
    # WZMIAOMIAO/deep-learning-for-image-processing#240: the bus error beside it names shared memory
    both = ("ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory "
            "(shm).\nRuntimeError: DataLoader worker (pid(s) 4242) exited unexpectedly\n")
    assert lead(both) == ("log.shm_error", "shm_too_small")


def test_deepspeed_ops_that_were_never_built() -> None:
    # CASIA-LMC-Lab/AnomalyGPT#24, ymcui/Chinese-LLaMA-Alpaca#368 ("环境问题")
    assert_reads("AttributeError: 'DeepSpeedCPUAdam' object has no attribute 'ds_opt_adam'", "log.package_build",
                 "other")
    assert_reads("AttributeError: module 'cpu_adam' has no attribute 'create_adam'", "log.package_build", "other")
    # baichuan-inc/Baichuan-13B#148: DeepSpeed's check of the program's own argument
    assert_reads("ValueError: Expected a string path to an existing deepspeed config, or a dictionary, or a base64 "
                 "encoded string. Received: deepspeed.json", "log.program_error", "application_bug")


def test_cuda_libraries_internal_errors_are_not_nccls() -> None:
    # yassouali/pytorch-segmentation#77, open-mmlab/mmsegmentation#69
    assert_reads("RuntimeError: cuDNN error: CUDNN_STATUS_INTERNAL_ERROR", "log.cuda_error", "cuda_or_driver")
    assert_reads("RuntimeError: cusolver error: CUSOLVER_STATUS_INTERNAL_ERROR, when calling "
                 "`cusolverDnCreate(handle)`", "log.cuda_error", "cuda_or_driver")
    # Thinklab-SJTU/R3Det_Tensorflow#30: TensorFlow's cub launch with the CUDA runtime's message
    assert_reads("InternalError (see above for traceback): WhereOp: Could not launch cub::DeviceReduce::Sum to count "
                 "number of true / nonzero indices.  temp_storage_bytes: 5887, status: invalid resource handle",
                 "log.cuda_error", "cuda_or_driver")
    # NCCL's own internal error stays NCCL's, with no cause of its own
    first = analyze_text("NCCL error in: ProcessGroupNCCL.cpp:1333, internal error, NCCL version 2.18.1\n"
                         "ncclInternalError: Internal check failed.\n")["findings"][0]
    assert (first["id"], first["cause"]) == ("log.internal_error", None)


def test_tensorflow_and_tensorrt_on_their_gpus() -> None:
    # flwrlabs/flower#3159: TensorFlow's allocator ran out
    assert_reads("tensorflow.python.framework.errors_impl.ResourceExhaustedError: {{function_node "
                 "__wrapped__Mul_device_/job:localhost/replica:0/task:0/device:GPU:0}} failed to allocate memory "
                 "[Op:Mul]", "log.oom", "oom")
    # NVIDIA/TensorRT#564: an engine built on a GPU of another compute capability
    assert_reads("[TensorRT] ERROR: INVALID_CONFIG: The engine plan file is generated on an incompatible device, "
                 "expecting compute 6.1 got compute 7.5, please rebuild.", "log.engine_version", "other")


def test_kubectl_exit_code_137_and_the_elastic_agents_failed_group() -> None:
    # googlefonts/fontbakery-dashboard#100: kubectl describe pads the code
    assert lead("    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    137\n") == \
        ("log.process_killed", "oom")
    assert lead("      Exit Code:    143\n") is None
    # shun-zheng/Doc2EDAG#24: the agent's own log of a failed group names the worker's error as the cause
    first = analyze_text("INFO:torch.distributed.elastic.agent.server.api:[default] Worker group FAILED. 3/3 "
                         "attempts left; will restart worker group\n")["findings"][0]
    assert (first["id"], first["cause"]) == ("log.worker_failed", None)
    # a restart for new nodes is no failure
    assert lead("INFO:torch.distributed.elastic.agent.server.api:[default] Detected 1 new nodes from group_rank=0; "
                "will restart worker group\n") is None


def test_a_single_rank_communicator_is_one_node() -> None:
    # THUDM/SwissArmyTransformer#179 (NCCL 2.18.5, before nNodes): one rank opens no network connection
    log = ("amax:144840:179898 [0] NCCL INFO Failed to open libibverbs.so[.1]\n"
           "amax:144840:179898 [0] NCCL INFO NET/Socket : Using [0]enp129s0f0:192.168.1.25<0>\n"
           "amax:144840:179898 [0] NCCL INFO Using network Socket\n"
           "amax:144840:179898 [0] NCCL INFO comm 0x90c7410 rank 0 nranks 1 cudaDev 0 nvmlDev 1 busId 5000 commId "
           "0x2b39f7ea9901b6b4 - Init START\n")
    assert lead(log) is None
    # nranks 16 under one host name keeps the socket fallback (NVIDIA/nccl#952)
    wide = log.replace("nranks 1 ", "nranks 16 ")
    assert lead(wide) == ("log.net_socket", "socket_fallback")


def test_libuv_quoted_in_prose_is_still_read() -> None:
    # a write-up quoting the TCPStore's refusal inside a sentence (GPT-SoVITS on Windows)
    line = ('用户可能会遇到一个常见的运行时错误:"use_libuv was requested but PyTorch was build without libuv support"。\n')
    assert lead(line) == ("log.framework_usage", "other")


def test_a_loss_that_diverged_leads_the_launchers_failure() -> None:
    # LTH14/mar#69: the loop stops itself, torchrun reports the worker's exit after it
    log = ("[11:41:59.064379] Loss is nan, stopping training\n"
           "E1030 11:42:16.325000 140014536193856 torch/distributed/elastic/multiprocessing/api.py:833] failed "
           "(exitcode: 1) local_rank: 0 (pid: 155690) of binary: /data/envs/vae/bin/python3.10\n")
    assert lead(log) == ("log.training_diverged", "other")
    # the scaler backing off is routine: a real failure beside it leads
    backoff = "OVERFLOW! Skipping step. Attempted loss scale: 2097152.0, reducing to 1048576.0\n"
    assert analyze_text(backoff)["findings"][0]["severity"] == "info"
    assert lead(backoff + "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n") == \
        ("log.oom", "oom")


def test_wandb_timeouts_are_no_collective() -> None:
    # GAIR-NLP/DeepResearcher#7
    assert lead("wandb.errors.errors.CommError: Run initialization has timed out after 90.0 sec. Please try "
                "increasing the timeout with the `init_timeout` setting\n") == ("log.internet_service", "other")
    # huggingface/accelerate#223: the watchdog's timeout keeps its reading
    watchdog = ("[E ProcessGroupNCCL.cpp:587] [Rank 2] Watchdog caught collective operation timeout: "
                "WorkNCCL(OpType=BROADCAST, Timeout(ms)=1800000) ran for 1802157 milliseconds before timing out.\n")
    assert lead(watchdog) == ("log.timeout", "hang_collective_mismatch")


def test_libraries_that_do_not_fit_and_gpus_that_do_not_start() -> None:
    # NRCan/geo-deep-learning#560: MKL 2024.1 under a PyTorch wheel, no NCCL version in sight
    assert_reads("ImportError: /opt/conda/lib/python3.10/site-packages/torch/lib/libtorch_cpu.so: undefined symbol: "
                 "iJIT_NotifyEvent", "log.package_build", "other")
    # ROCm/rocm-install-on-linux#615: the BIOS's BAR settings
    assert_reads("[    5.119896] amdgpu 0000:03:00.0: amdgpu: Fatal error during GPU init", "log.gpu_fault",
                 "cuda_or_driver")
    # ValveSoftware/SteamVR-for-Linux#247: the display engine's timeout is no collective's
    assert lead("[ 1234.567890] nvidia-modeset: ERROR: GPU:0: Idling display engine timed out\n") is None


def test_processes_started_against_multiprocessings_rules() -> None:
    # xinntao/EDVR#34
    assert_reads("RuntimeError: context has already been set", "log.framework_usage", "application_bug")
    # rhasspy/piper#472
    assert_reads("RuntimeError: Cowardly refusing to serialize non-leaf tensor which requires_grad, since autograd "
                 "does not support crossing process boundaries.  If you just want to transfer the data, call "
                 "detach() on the tensor before serializing (e.g., putting it on the queue).",
                 "log.framework_usage", "application_bug")
    # hustvl/YOLOP#203: the spawned child's empty pickle
    child = ('  File "C:\\\\Python38\\\\lib\\\\multiprocessing\\\\spawn.py", line 126, in _main\n'
             "    self = reduction.pickle.load(from_parent)\nEOFError: Ran out of input\n")
    assert lead(child) == ("log.framework_usage", "application_bug")
