"""Rules from the sweeps of public threads of 2026-12-05 (61: ROCm; 62: SGLang and Ray serving; 63: sharded data
parallelism). Each line is quoted from the thread named above its test, and tested
on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, lead

from ncclkit.logs.analyze import analyze_text


def findings(text: str) -> dict[str, dict]:
    return {f["id"]: f for f in analyze_text(text)["findings"]}


# gpustack/gpustack#2415: Ray's list of possible reasons under a worker that could not import vllm.
_RAY_DIED = ("ERROR 07-09 13:21:18 [core.py:396] The actor is dead because its worker process has died. Worker exit "
             "type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of "
             "file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to "
             "high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV "
             "or other unexpected errors.\n")


def test_rays_list_of_possible_reasons_is_no_oom_kill() -> None:
    assert lead(_RAY_DIED) == ("log.remote_exited", "rank_crashed_elsewhere")
    assert "log.process_killed" not in findings(_RAY_DIED)
    # Ray's memory monitor killing a worker stays out-of-memory (hiyouga/EasyR1#185)
    monitor = ("(raylet) [2025-04-02 15:02:00,117 E 135782 135782] (raylet) node_manager.cc:3069: 1 Workers (tasks / "
               "actors) killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: 351e, "
               "IP: 10.95.143.76) over the last time period.\n")
    assert lead(monitor) == ("log.oom", "oom")


# gpustack/gpustack#1640: a backend's venv with its own Ray joined a cluster of another Ray.
_RAY_VERSION = ("RuntimeError: Version mismatch: The cluster was started with:\n"
                "    Ray: 2.43.0\n"
                "This process on node 10.18.215.196 was started with:\n"
                "    Ray: 2.44.1\n")


def test_a_ray_version_mismatch_is_not_ncclss() -> None:
    assert lead(_RAY_VERSION) == ("log.ray_version_mismatch", "other")
    assert "nccl_version_mismatch" not in [c for _, c in causes(_RAY_VERSION)]
    # the OFED driver and library mismatch keeps its own reading
    assert "log.ray_version_mismatch" not in findings(
        "Version mismatch between kernel OFED drivers and userspace OFED libraries\n")


# sgl-project/sglang#13347: the healthy ranks report the ranks that did not finish loading.
_SGLANG_LOAD = ("ValueError: TP rank 2 could finish the model loading, but there are other ranks that didn't finish "
                "loading. It is likely due to unexpected failures (e.g., OOM) or a slow node.\n")


def test_a_rank_that_finished_loading_points_at_the_others() -> None:
    assert lead(_SGLANG_LOAD) == ("log.remote_exited", "rank_crashed_elsewhere")
    assert "log.program_error" not in findings(_SGLANG_LOAD)
    # a ValueError of the model code itself stays the program's
    assert lead("ValueError: Unsupported architecture Qwen9ForCausalLM in load_model\n") == \
        ("log.program_error", "application_bug")


def test_a_compiled_graphs_teardown_is_not_the_users_bug() -> None:
    line = "AttributeError: '_TorchTensorAcceleratorChannel' object has no attribute '_accelerator_group'\n"
    assert lead(line) == ("log.remote_exited", "rank_crashed_elsewhere")
    assert lead("AttributeError: 'MyModel' object has no attribute 'encoder'\n") == \
        ("log.program_error", "application_bug")


# pytorch/pytorch#111958 (awgu: "it was not all-gathered"); axolotl-ai-cloud/axolotl#150; fairscale#610.
_FLAT = "[rank0]: RuntimeError: 'weight' must be 2-D\n"
_FREED = ("RuntimeError: setStorage: sizes [4544, 4672], strides [1, 4544], storage offset 6507580544, and itemsize 2 "
          "requiring a storage size of 13057620224 are out of bounds for storage of size 0\n")
_STATE = "AssertionError: expected to be in states [<TrainingState.BACKWARD_POST: 4>] but current state is " \
         "TrainingState.IDLE\n"


def test_sharded_parameters_used_ungathered() -> None:
    for text in (_FLAT, _FREED, _STATE):
        assert lead(text) == ("log.sharded_param_use", "application_bug")
    assert "summon_full_params" in findings(_FLAT)["log.sharded_param_use"]["fix"]
    # a storage of real size out of bounds is not a freed shard
    assert "log.sharded_param_use" not in findings(
        "RuntimeError: setStorage: sizes [4], strides [1], storage offset 8, and itemsize 4 requiring a storage size "
        "of 48 are out of bounds for storage of size 32\n")


def test_sharding_limits_and_releases() -> None:
    # pytorch/torchtitan#764 (FSDP2 before uneven shards)
    assert lead("ValueError: torch.Size([100, 4096]) is not divisible by FSDP world size 128.\n") == \
        ("log.framework_release", "other")
    # Megatron's tensor-parallel division stays the layout's (vllm-project/vllm#8097)
    assert "log.framework_release" not in findings("AssertionError: 25 is not divisible by 4\n")
    # deepspeedai/DeepSpeed#6793 (0.16.0 against accelerate's gradient accumulation)
    zero3 = ("[rank0]: AssertionError: no_sync context manager is incompatible with gradient partitioning logic of "
             "ZeRO stage 3\n")
    assert lead(zero3) == ("log.framework_release", "other") and "0.15.4" in findings(zero3)["log.framework_release"][
        "fix"]
    # LeapLabTHU/JustGRPO#3 (FSDP on one GPU)
    assert lead("[rank0]: RuntimeError: Cannot writeback when the parameter shape changes\n") == \
        ("log.framework_release", "other")
    # snowflakedb/ArcticInference#175 (a batch not divisible by the sequence-parallel size)
    gather = ("(VllmWorker rank=0 pid=104) ERROR 09-09 02:24:28 [multiproc_executor.py:522] ValueError: output tensor "
              "size must be equal to world_size times input tensor size\n")
    assert lead(gather) == ("log.framework_usage", "application_bug")


# pytorch/pytorch#83539: a CI host whose ROCm runtime could not start.
_HSA = ("Failed to set mem policy for GPU [0x6b0d]\n"
        "hsa api call failure at: /src/rocminfo/rocminfo.cc:1140\n"
        "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources.\n")


def test_rocm_runtime_and_hip_capture() -> None:
    assert lead(_HSA) == ("log.hsa_runtime", "cuda_or_driver")
    # a GPU queue aborted for resources stays out-of-memory (ROCm/clr#281)
    queue = (":0:rocdevice.cpp :2881: 2683157589 us: Callback: Queue 0x7f0 aborting with error : "
             "HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. code: 0x1008\n")
    assert lead(queue) == ("log.oom", "oom")
    # vllm-project/vllm#31259 (ROCm/hip#3876): no collective timed out
    hip = ("Process group watchdog thread terminated with exception: HIP error: operation not permitted when stream "
           "is capturing\n")
    assert lead(hip) == ("log.framework_release", "other") and "log.timeout" not in findings(hip)
    timeout = ("[rank3]:[E219 08:58:32.606233339 ProcessGroupNCCL.cpp:616] [Rank 3] Watchdog caught collective "
               "operation timeout: WorkNCCL(SeqNum=31, OpType=ALLREDUCE, NumelIn=117440512, NumelOut=117440512, "
               "Timeout(ms)=600000) ran for 600031 milliseconds before timing out.\n")
    assert lead(timeout)[1] == "hang_collective_mismatch"


# k8snetworkplumbingwg/sriov-cni#348 (the lines); sgl-project/sglang#33374 (the cause: a container's old rdma-core).
_ABI = ("libibverbs: Warning: Driver bnxt_re does not support the kernel ABI of 6 (supports 1 to 1) for device "
        "/sys/class/infiniband/bnxt_re2\n"
        "No IB devices found\n")


def test_an_rdma_core_older_than_the_driver_is_no_rdma_device() -> None:
    assert lead(_ABI) == ("log.ibverbs_provider_abi", "socket_fallback")
    # a provider for hardware that is not there is harmless
    absent = ("libibverbs: Warning: couldn't load driver 'libvmw_pvrdma-rdmav34.so': libvmw_pvrdma-rdmav34.so: "
              "cannot open shared object file: No such file or directory\n")
    assert "log.ibverbs_provider_abi" not in findings(absent)
