"""Rules from rounds 288 and 292 and sweeps 250 (the k2-fsa/icefall FAQ), 266 (cut tracebacks), 295 (JAX and XLA),
296 (multi-node serving), 297 (robot learning) and 300 (NCCLX). Each text a rule reads is quoted from the thread named
above its test; each rule is also tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead

from ncclkit.logs.analyze import analyze_text

# NVIDIA-NeMo/Curator#143: dask-cuda-worker in the NeMo Framework container, fixed by upgrading dask and dask-cuda
_IMPORT = """\
Traceback (most recent call last):
  File "/usr/local/bin/dask-cuda-worker", line 5, in <module>
    from dask_cuda.cli import worker
  File "/usr/local/lib/python3.10/dist-packages/dask_cuda/cli.py", line 61, in <module>
    @cuda.command(name="worker", context_settings=dict(ignore_unknown_options=True))
AttributeError: 'function' object has no attribute 'command'
"""


def test_an_exception_at_an_installed_packages_import_is_a_version_clash() -> None:
    assert lead(_IMPORT) == ("log.program_error", "other")
    assert ("log.alternative", "application_bug") in causes(_IMPORT)


def test_the_programs_own_top_level_or_a_call_below_an_import_stays_the_programs() -> None:
    # the script's own top level (not an installed package)
    own = _IMPORT.replace("/usr/local/lib/python3.10/dist-packages/dask_cuda/cli.py", "/work/dedup/cli.py")
    assert lead(own) == ("log.program_error", "application_bug")
    # `python -m torch.distributed.launch` runs an installed module's top level, and the error comes frames later
    deeper = _IMPORT.replace("    @cuda.command(", "    main()\n  File \"/work/train.py\", line 9, in main\n"
                                                  "    @cuda.command(")
    assert lead(deeper) == ("log.program_error", "application_bug")


def test_an_exception_in_the_first_lines_of_a_paste_without_frames_stays_the_programs() -> None:
    assert lead("AttributeError: 'NoneType' object has no attribute 'shape'\n") == ("log.program_error",
                                                                                   "application_bug")


# jax-ml/jax#11882 and #12119: XLA's RET_CHECK on the device ordinals jax_cuda_visible_devices leaves (an XLA bug)
_RET_CHECK = ("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: RET_CHECK failure (external/org_tensorflow/tensorflow/"
              "compiler/xla/service/gpu/gpu_executable_run_options.cc:75) 0 <= local_device_ordinal && "
              "local_device_ordinal < gpu_global_device_ids->size()\n")


def test_an_xla_ret_check_is_the_frameworks_internal_check() -> None:
    assert lead(_RET_CHECK) == ("log.framework_check", "other")
    assert ("log.alternative", "application_bug") in causes(_RET_CHECK)
    # one that names NCCL is read by NCCL's rows
    assert "log.framework_check" not in ids(_RET_CHECK.replace("0 <= local_device_ordinal", "ncclComm != nullptr"))


# jax-ml/jax#15146: more JAX processes than GPUs on a node; XLA's cuDNN handle on a GPU another process filled
_CUDNN = ("2023-03-22 15:34:15.653227: E external/org_tensorflow/tensorflow/compiler/xla/stream_executor/cuda/"
          "cuda_dnn.cc:429] Could not create cudnn handle: CUDNN_STATUS_NOT_INITIALIZED\n")


def test_xlas_cudnn_handle_line_reaches_its_row() -> None:
    assert lead(_CUDNN) == ("log.oom", "oom")
    assert lead("cudnn handle created\n") is None


# sgl-project/sglang#7691: DeepSeek-R1 with DP attention on ROCm, a negative KV-cache budget after the weights
_PROFILED = ("[2025-07-02 07:41:59 DP0 TP0] max_total_tokens=131072 is larger than the profiled value -561981. Use "
             "the profiled value instead.\n")


def test_sglangs_negative_kv_budget_is_memory() -> None:
    assert lead(_PROFILED) == ("log.oom", "oom")
    # a positive profiled value only caps the tokens: SGLang goes on
    assert "log.oom" not in ids(_PROFILED.replace("-561981", "561981"))


# DigiRL-agent/digirl#42: accelerate's shape check on a broadcast, its first line cut from the paste
_ACCELERATE_SHAPES = """\
> Operation: `accelerate.utils.operations.broadcast`
Input shapes:
    Process 0: [1]
    Process 1: [8]
"""


def test_accelerates_shape_check_names_the_operation_the_ranks_disagree_on() -> None:
    assert lead(_ACCELERATE_SHAPES) == ("log.collective_mismatch", "hang_collective_mismatch")
    # prose about the module is no failure
    assert "log.collective_mismatch" not in ids("see accelerate.utils.operations for broadcast\n")


# meta-pytorch/torchcomms#523: NCCLX's window put refused (5: ncclInvalidUsage) under its telemetry warnings
_NCCLX = (
    "F0202 09:40:35.775741 120495 TorchCommWindowNCCLX.cpp:130] Check failed: nccl_api_->winPut( tensor.data_ptr(), "
    "tensor.numel(), torch_comm_->getNcclDataType(tensor), dstRank, targetOffsetNelems, win_, stream) == ncclSuccess "
    "(5 vs. 0)\n"
    "W0202 17:44:47.293188688.293188 120756 DataSink.h:26] pcl-kini02:120756:120756 [1][main] NCCL WARN Empty sink "
    "for dataset: nccl_profiler_slow_rank. No logging will be done.\n"
    "W0202 17:44:47.293428325.293428 120756 DataTable.cc:40] pcl-kini02:120756:120756 [1][main] NCCL WARN Failed to "
    "create scuba file: filesystem error: cannot create directories: Permission denied [/logs]\n")


def test_an_nccl_calls_invalid_usage_under_a_check_is_the_programs() -> None:
    assert lead(_NCCLX) == ("log.framework_usage", "application_bug")
    # NCCLX's telemetry lines state no cause: without the check, nothing leads
    telemetry = "".join(_NCCLX.splitlines(keepends=True)[1:])
    assert lead(telemetry) is None
    # an internal error (3) is no program's misuse
    assert "log.framework_usage" not in ids(_NCCLX.replace("(5 vs. 0)", "(3 vs. 0)"))


# mst272/LLM-Dojo#35: a GKD launch under torchrun whose traceback the paste cuts inside transformers' lazy import
_CUT_IMPORT = """\
  File "/usr/local/lib/python3.10/dist-packages/transformers/utils/import_utils.py", line 1976, in _get_module
    return importlib.import_module("." + module_name, self.__name__)
  File "/usr/lib/python3.10/importlib/__init__.py", line 126, in import_module
    return _bootstrap._gcd_import(name[level:], package, level)
  File "<frozen importlib._bootstrap>", line 1050, in _gcd_import
  File "<frozen importlib._bootstrap>", line 1027, in _find_and_load
  File "<frozen importlib._bootstrap>", line 1006, in _find_and_load_unlocked
  File "<frozen importlib._bootstrap>", line 688, in _load_unlocked
"""


def test_a_traceback_cut_inside_an_import_is_a_package_that_did_not_import() -> None:
    assert lead(_CUT_IMPORT) == ("log.traceback_cut", "other")
    # the same frames followed by their exception are read by that exception's row
    whole = _CUT_IMPORT + "ModuleNotFoundError: No module named 'flash_attn'\n"
    assert lead(whole) == ("log.package_build", "other")
    assert "log.traceback_cut" not in ids(whole)


# pytorch/pytorch#138715: Lightning's FSDP with torchao float8 and torch.compile, Inductor's size guard on rank 0
_INDUCTOR_GUARD = """\
[rank0]:   File "/tmp/torchinductor_vasiliy/fa/cfaqkfhrkudjkifn56nrhhs4x5oj3sbazifq3nq6k3yzqnshktcm.py", line 559, in call
[rank0]:     assert_size_stride(primals_2, (1024, 1024), (1024, 1))
[rank0]: AssertionError: expected size 4096==1024, stride 1024==1024 at dim=0
"""


def test_inductors_size_guard_is_the_compilers() -> None:
    assert lead(_INDUCTOR_GUARD) == ("log.framework_release", "other")
    # the program's own assertion stays the program's
    assert lead("[rank0]: AssertionError: expected size 4096 for the batch\n") == ("log.program_error",
                                                                                   "application_bug")


# pytorch/pytorch#110408: the batch_isend_irecv example sends int64 and receives float32 (round 292)
_INT_BITS = """\
1:recv_tensor=tensor([0., 0.], device='cuda:1')
0:recv_tensor=tensor([2.8026e-45, 0.0000e+00], device='cuda:0')
"""


def test_integer_bits_read_as_float32_are_a_dtype_mismatch() -> None:
    assert lead(_INT_BITS) == ("log.dtype_mismatch", "application_bug")
    # a GPU-to-GPU copy that delivers another buffer's bytes shows the same values (pytorch/pytorch#84803)
    assert ("log.alternative", "acs_iommu_p2p") in causes(_INT_BITS)
    # ordinary small values (a learning rate, a gradient) are no such bits
    assert "log.dtype_mismatch" not in ids("0:recv_tensor=tensor([2.8026e-05, 1.0000e+00], device='cuda:0')\n")
    assert "log.dtype_mismatch" not in ids("eps=2.8026e-45 in the config\n")


# NVIDIA/jaxpp#11 (round 292): one reproduction under two NCCL releases, fixed by the newer one
_RELEASES = "NCCL 2.30.7: killed after 180s\nNCCL 2.31.2: passed\n"


def test_one_job_failing_under_one_release_and_passing_under_another_names_the_release() -> None:
    assert lead(_RELEASES) == ("log.release_compared", "other")
    found = next(f for f in analyze_text(_RELEASES)["findings"] if f["id"] == "log.release_compared")
    assert "2.31.2 or newer" in found["fix"]
    # the newer release failing is a regression: stay on the older one
    regression = "NCCL 2.31.2: killed after 180s\nNCCL 2.30.7: passed\n"
    found = next(f for f in analyze_text(regression)["findings"] if f["id"] == "log.release_compared")
    assert "stay on NCCL 2.30.7" in found["fix"]
    # a release seen both failing and passing (a flaky job) says nothing; nor does one outcome alone
    assert "log.release_compared" not in ids(_RELEASES + "NCCL 2.31.2: killed after 180s\n")
    assert "log.release_compared" not in ids("NCCL 2.30.7: killed after 180s\n")
    # a time limit's kill is no SIGKILL of the OOM killer
    assert "log.process_killed" not in ids("NCCL 2.30.7: killed after 180s\n")


# jax-ml/jax#12258 (round 292): a Python session that queried JAX's devices before its distributed initialize
_JAX_ORDER = """\
>>> import jax
>>> jax.local_devices()
[GpuDevice(id=0, process_index=0), GpuDevice(id=1, process_index=0)]
>>> jax.distributed.initialize(coordinator_address="10.164.15.210:23234", num_processes=2, process_id=0)
>>> jax.devices()
[GpuDevice(id=0, process_index=0), GpuDevice(id=1, process_index=0)]
"""


def test_jax_used_before_its_distributed_initialize() -> None:
    assert lead(_JAX_ORDER) == ("log.framework_usage", "application_bug")
    # initialize first, then the device query: the order JAX asks for
    lines = _JAX_ORDER.splitlines(keepends=True)
    right = "".join([lines[0], lines[3], lines[1], lines[2]])
    assert "log.framework_usage" not in ids(right)


def test_a_function_body_or_prose_naming_a_jax_call_is_not_a_call_made_first() -> None:
    script = ("def loss(x):\n    return jnp.sum(x)\n\n"
              "jax.distributed.initialize(coordinator_address=\"10.0.0.1:1234\", num_processes=2, process_id=0)\n"
              "print(jax.devices())\n")
    assert "log.framework_usage" not in ids(script)
    prose = "When I call jax.devices() it lists only local GPUs.\n" + script
    assert "log.framework_usage" not in ids(prose)
    # a top-level array made before the initialize starts the backend
    assert "log.framework_usage" in ids("x = jnp.ones(3)\n" + script)
