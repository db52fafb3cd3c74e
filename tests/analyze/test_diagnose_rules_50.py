"""Rules from rounds 293 (Blackwell bring-up), 296 (CUDA graphs) and 298 (schedulers other than Slurm). Each text a
rule reads is quoted from the thread named above its test; each rule is also tested on text that must not trigger
it."""

from __future__ import annotations

from line_reading import causes, ids, lead

# runpod/containers#114: a "PyTorch 2.8.0" image that shipped torch 2.4.1+cu124 on a B200 pod, pasted hard-wrapped
_SM100 = """\
$ python3 -c "import torch; print(torch.__version__, torch.version.cuda)"
2.4.1+cu124 12.4
UserWarning: NVIDIA B200 with CUDA capability sm_100 is not compatible
with the current PyTorch installation. The current PyTorch install
supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90.
"""


def test_a_gpu_newer_than_the_wheel_is_read_wrapped_and_after_userwarning() -> None:
    assert lead(_SM100) == ("log.cuda_error", "cuda_or_driver")
    one_line = ("/opt/conda/lib/python3.11/site-packages/torch/cuda/__init__.py:235: UserWarning: NVIDIA GeForce "
                "RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.\n")
    assert lead(one_line) == ("log.cuda_error", "cuda_or_driver")


def test_other_userwarnings_and_a_sentence_going_on_stay_unread() -> None:
    assert lead("/x/torch/cuda/__init__.py:129: UserWarning: CUDA is not available, using CPU\n") is None
    # the wrapped first line needs the sentence to end there
    assert lead("NVIDIA B200 with CUDA capability sm_100 is not compatible yet with this tool's plots\n") is None


# flux-framework/flux-core#3315: Flux's idset notation in CUDA_VISIBLE_DEVICES; hwloc and CUDA saw one GPU of four
_RANGE = """\
rzansel61{dahn}63: /usr/global/tools/hwloc/blueos_3_ppc64le_ib/hwloc-1.11.10-cuda/bin/hwloc-ls --of xml | grep CoProc
                    <info name="CoProcType" value="CUDA"/>
                    <info name="CoProcType" value="CUDA"/>
rzansel61{dahn}66: env CUDA_VISIBLE_DEVICES="0-3" /usr/global/tools/hwloc/bin/hwloc-ls --of xml | grep CoProc
                    <info name="CoProcType" value="CUDA"/>
"""


def test_a_range_in_cuda_visible_devices_is_the_launch_configs() -> None:
    assert lead(_RANGE) == ("log.launch_config", "application_bug")


def test_a_list_or_uuids_in_cuda_visible_devices_are_no_finding() -> None:
    for value in ('"0,1,2,3"', "4", "GPU-5e6f1a2b-0c3d-4e5f-8a9b-0c1d2e3f4a5b", "MIG-1-2"):
        text = _RANGE.replace('"0-3"', value)
        assert "log.launch_config" not in ids(text), value


# kokkos/kokkos#8889: E3SM on ALCF Aurora (PBS + mpich under HPE PALS), every rank's warning
_KOKKOS = ("Warning: unable to detect local MPI rank. Falling back to the first GPU available for execution. Raised "
           "by Kokkos::initialize()\n")


def test_a_program_that_cannot_find_its_local_rank_puts_all_ranks_on_one_gpu() -> None:
    assert lead(_KOKKOS) == ("log.launch_config", "application_bug")
    assert lead("Kokkos::OpenMP::initialize WARNING: OMP_PROC_BIND environment variable not set\n") is None


# sgl-project/sglang#6218: DeepSeek-R1 with --enable-deepep-moe --deepep-mode normal on 8 x H200; SGLang's remedies
# after the capture failed (a DeepEP developer: "deepep mode normal does not support cuda graph indeed")
_HINTS = """\
3. disable torch compile by not using --enable-torch-compile
4. disable cuda graph by --disable-cuda-graph. (Not recommonded. Huge perf loss)
Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose
"""


def test_sglangs_capture_remedies_read_as_a_feature_graphs_cannot_hold() -> None:
    assert lead(_HINTS) == ("log.framework_usage", "application_bug")
    assert ("log.alternative", "oom") in causes(_HINTS)


def test_the_exception_before_sglangs_remedies_leads_when_it_names_memory() -> None:
    oom = ("Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
           "capacity of 139.81 GiB of which 1.06 GiB is free.\nPossible solutions:\n")
    assert lead(oom + _HINTS)[1] == "oom"
    # the option named in prose is no remedy list (the reporter's one-line account may still get the prior)
    assert "log.framework_usage" not in ids("I did not disable cuda graph by --disable-cuda-graph because of the perf "
                                            "loss\n")


# pytorch/torchtitan#1170: torchft's Manager after an FSDP hook waited on dist.all_reduce's None (a maintainer's fix)
_NONE_WAIT = "should_commit=False enough_replicas=True, errored='NoneType' object has no attribute 'wait'\n"


def test_waiting_on_a_collective_that_returned_none_is_the_programs() -> None:
    assert lead(_NONE_WAIT) == ("log.framework_usage", "application_bug")
    assert lead(_NONE_WAIT.replace("'wait'", "'wait\u2019")) == ("log.framework_usage", "application_bug")  # as typed
    other = _NONE_WAIT.replace("'wait'", "'shape'")
    assert lead(other) != ("log.framework_usage", "application_bug")


# pytorch/torchtitan#1309 (a mesh without the dim the code slices); intel/torch-xpu-ops#3305 (XCCL without shrink)
def test_a_mesh_dim_the_mesh_lacks_and_a_backend_without_shrink_are_the_programs() -> None:
    mesh = ("KeyError: \"Invalid mesh_dim_names ('dp_cp',) specified. Valid mesh_dim_names are ['tp'].\"\n")
    assert lead(mesh) == ("log.framework_usage", "application_bug")
    assert lead("Process group backend for '0' does not support shrinking operations\n") == (
        "log.framework_usage", "application_bug")
    assert lead("INFO mesh_dim_names=('dp', 'tp') specified by the config\n") is None


# meta-pytorch/torchforge#55: a working run's c10d settings, printed at TORCH_CPP_LOG_LEVEL=INFO
_SETTINGS = """\
I0820 14:27:21.486460 4030959 ProcessGroupNCCL.cpp:1669] [PG ID 0 PG GUID 0 Rank 0] HeartbeatMonitor environments: \
TORCH_NCCL_ENABLE_MONITORING (Whether to kill program when no watchdog heartbeat detected): 1, \
TORCH_NCCL_DUMP_ON_TIMEOUT: 1, TORCH_NCCL_WAIT_TIMEOUT_DUMP_MILSEC: 15000, TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC: 480
I0820 14:27:21.486465 4030959 ProcessGroupNCCL.cpp:1998] [PG ID 0 PG GUID 0 Rank 0] PGNCCL Watchdog environments: \
TORCH_NCCL_RETHROW_CUDA_ERRORS: 1, TORCH_NCCL_PROPAGATE_ERROR: 0, TORCH_NCCL_DESYNC_DEBUG: 0
"""


def test_the_heartbeat_monitors_and_watchdogs_settings_are_no_failure() -> None:
    assert lead(_SETTINGS) is None
    assert "log.no_failure" in ids(_SETTINGS)
    # the watchdog's own report of a missed heartbeat is still read
    hung = ("[PG ID 0 PG GUID 0 Rank 0] Heartbeat monitor timed out! Process will be terminated after dumping debug "
            "info. workMetaList_.size()=1\n")
    assert lead(_SETTINGS + hung) is not None


# sgl-project/sglang#29562: TP=8 on PCIe-only RTX PRO 6000s, SGLang's second custom all-reduce kernel
def test_sglangs_custom_allreduce_v2_notice_reads_as_the_first_kernels() -> None:
    v2 = ("[2026-06-28 13:34:12 TP7] CustomAllReduceV2 is disabled because it's not supported on more than two "
          "PCIe-only GPUs. To silence this warning, specify disable_custom_all_reduce=True explicitly.\n")
    assert ids(v2)[0] == ids(v2.replace("CustomAllReduceV2", "CustomAllreduce"))[0] == "log.p2p_unavailable"


# PaddlePaddle/Paddle#26898: Paddle's signal handler on a SIGSEGV (its opening names no signal)
_PADDLE_SIGNAL = """\
W0902 10:14:18.053751 36696 init.cc:226] Warning: PaddlePaddle catches a failure signal, it may not work properly
W0902 10:14:18.053872 36696 init.cc:228] You could check whether you killed PaddlePaddle thread/process accidentally \
or report the case to PaddlePaddle
W0902 10:14:18.057744 36696 init.cc:234] *** SIGSEGV (@0x0) received by PID 36696 (TID 0x7f518d16b700) from PID 0; \
stack trace: ***
Segmentation fault (core dumped)
"""


def test_paddles_signal_report_is_read_by_the_signal_it_names() -> None:
    assert "oom" not in [c for _, c in causes(_PADDLE_SIGNAL)]
    assert lead(_PADDLE_SIGNAL) == ("log.crash", "other")
    # a SIGKILL it names is still a kill
    assert ("log.process_killed", "oom") in causes(_PADDLE_SIGNAL.replace("SIGSEGV", "SIGKILL"))
