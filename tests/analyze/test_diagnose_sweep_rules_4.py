"""Rules from the fifth sweep of public threads (NCCL, its net plugins, RCCL, and the layers around them): lines
analyze misread or did not read. Each is quoted from the thread named above its test, and tested on text that must
not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, lead

from ncclkit.logs.analyze import analyze_text


def _ids(text: str) -> list[str]:
    return [f["id"] for f in analyze_text(text)["findings"]]


# aws/aws-ofi-nccl#104 (a channel over the plugin), perplexityai/pplx-garden#4 (libfabric's <info> lines; gdrcopy's pin
# of GPU memory failing).
def test_libfabric_and_plugin_lines_that_state_no_failure() -> None:
    assert "log.ofi_error" not in _ids("[0]:ip-10-0-0-157:24:146 [0] NCCL INFO Channel 00 : 12[1a0] -> 0[160] "
                                       "[receive] via NET/AWS Libfabric/0\n")
    assert "log.ofi_error" not in _ids("libfabric:6413:1763620725::efa:mr:efa_mr_reg_impl():862<info> Registered "
                                       "memory at 0x7f2279f80800 of size 8192 for ibv pd 0x7f212800d7c0\n")
    assert_reads("libfabric:6413:1763620725::core:core:cuda_gdrcopy_dev_register():320<warn> gdr_pin_buffer failed! "
                 "error: Invalid argument ptr: 0xdc12000000 len: 146800640", "log.ofi_error", "gdr_unavailable")
    assert lead("NET/OFI Request completed with error. RC: 5. Error: Input/output error.\n") == (
        "log.ofi_error", "net_plugin_error")


# NVIDIA/pyxis#166 (Slurm's SPANK plugin stack is no net plugin), sweep 8's x11 SPANK option.
def test_slurms_spank_plugins_are_not_net_plugins() -> None:
    assert_reads("slurmstepd: error: spank: required plugin spank_pyxis.so: task_init_privileged() failed with rc=-1",
                 "log.container_start", "other")
    assert "net_plugin_error" not in [c for _, c in causes('srun: error: Ignoring conflicting option "x11" in plugin '
                                                           '"x11"\n')]
    assert lead("NET/Plugin: Plugin load returned 2 : libnccl-net.so: undefined symbol: ncclNetPlugin_v8\n")[1] == \
        "net_plugin_error"


# Sweep 5, files 141 and 103: a constant in quoted Python source, vLLM's memory tip.
def test_words_in_source_lines_and_tips_are_not_failures() -> None:
    assert lead("    result = ray.get(trial_future[0], timeout=DEFAULT_GET_TIMEOUT)\n") is None
    assert lead("INFO 07-08 13:05:31 model_runner.py:928] CUDA graphs can take additional 1~3 GiB memory per GPU. If "
                "you are running out of memory, consider decreasing `gpu_memory_utilization` or enforcing eager "
                "mode.\n") is None
    assert lead("[E] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5, OpType=ALLREDUCE) ran for "
                "600000 milliseconds before timing out.\n") == ("log.timeout", "hang_collective_mismatch")
    assert lead("slurmstepd: error: Detected 1 oom_kill event in StepId=1.0. Some of the step tasks have been OOM "
                "Killed.\n")[1] == "oom"


# vllm-project/vllm#6201 (an old driver) against vllm-project/vllm#3069 (an NCCL built with CUDA 11.0).
def test_graph_capture_refused_is_the_driver_unless_the_nccl_build_is_old() -> None:
    warn = ("h:116024:116024 [0] misc/strongstream.cc:53 NCCL WARN NCCL cannot be captured in a graph if either it "
            "wasn't built with CUDA runtime >= 11.3 or if the installed CUDA driver < R465.\n")
    assert lead(warn) == ("log.version_mismatch", "cuda_or_driver")
    assert lead("h:1:1 [0] NCCL INFO NCCL version 2.19.3+cuda11.0\n" + warn) == ("log.version_mismatch",
                                                                               "nccl_version_mismatch")
    assert lead("h:1:1 [0] NCCL INFO NCCL version 2.19.3+cuda12.1\n" + warn) == ("log.version_mismatch",
                                                                               "cuda_or_driver")


# NVIDIA/nccl#451: the device is not in the container; NCCL then runs on sockets.
def test_ibv_open_device_failing_then_no_device_is_the_socket_fallback() -> None:
    warn = "n:1:2 [0] misc/ibvwrap.cc:212 NCCL WARN Call to ibv_open_device failed\n"
    assert "ib_resource_error" not in [c for _, c in causes(warn + "n:1:2 [0] NCCL INFO NET/IB : No device found.\n")]
    assert lead(warn)[1] == "ib_resource_error"


# ArjunaCluster/ArjunaUsers#46, snakemake-executor-plugin-slurm#225, nebius/soperator#854, NVIDIA/nvidia-docker#1642.
def test_slurm_and_docker_refusals() -> None:
    assert_reads("slurmstepd: error: execve(): /tmp/slurmd/job00089/slurm_script: No such file or directory",
                 "log.launch_config", "other")
    assert_reads("slurmstepd: error: execve(): python3: No such file or directory", "log.launch_config",
                 "application_bug")
    assert_reads("srun: error: Task launch for StepId=125452.4 failed on node node1: Unable to layout tasks on given "
                 "cpus", "log.launch_config", "application_bug")
    assert_reads("salloc: error: Node failure on worker-1", "log.remote_exited", "rank_crashed_elsewhere")
    assert_reads("docker: Error response from daemon: could not select device driver with capabilities: [[gpu]].",
                 "log.cuda_error", "cuda_or_driver")
