"""Rules from round 43 of the held-out measurement (pull requests of training and serving libraries, CI failures),
each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, lead


# pytorch/pytorch#28393: an NCCL test of a CUDA build run on a host without libcuda.
def test_cuda_lazy_stubs_without_a_driver_library() -> None:
    assert_reads("  what():  cuda runtime error (3) : This binary is linked with CUDA lazy stubs and underlying .so "
                 "files were not loaded. CUDA functionality is disabled. Set env variable CUDA_LAZY_DEBUG to get "
                 "messages during startup", "log.cuda_driver_load", "cuda_or_driver")


# NVIDIA/TensorRT-LLM#18373: UCX_TLS=tcp inherited from Slurm; NIXL's UCX saw GPU memory as host memory.
def test_ucx_without_cuda_transports_under_nixl() -> None:
    text = ("W ucx_utils.cpp:631] 4 NVIDIA GPU(s) were detected, but UCX CUDA support was not found!\n"
            "E ucx_utils.cpp:585] VRAM memory is detected as host by UCX.\n"
            "E nixl_agent.cpp:545] registerMem: registration failed for the specified or all potential backends\n"
            "  Assertion failed: status == NIXL_SUCCESS (.../nixl_utils/transferAgent.cpp:505)\n")
    assert lead(text) == ("log.net_plugin_error", "net_plugin_error")
    # An assertion on a call's result is that call's failure, not a check of what the program gave the library.
    assert lead("  Assertion failed: status == NIXL_SUCCESS (.../nixl_utils/transferAgent.cpp:505)\n") != \
        ("log.program_error", "application_bug")
    assert_reads("[TensorRT-LLM] Assertion failed: mpiSize == tp * pp (worldConfig.cpp:92)", "log.launch_config",
                 "application_bug")


# FoundationVision/Infinity#76: a barrier on a process that never bound its GPU.
def test_a_barrier_on_a_process_without_its_gpu() -> None:
    line = ("[rank3]:[W1203 10:00:00.000 ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank 3]  using GPU 3 to perform "
            "barrier as devices used by this process are currently unknown. This can potentially cause a hang if this "
            "rank to GPU mapping is incorrect. Specify device_ids in barrier() to force use of a particular device, or "
            "call init_process_group() with a device_id.")
    assert lead(line + "\n") == ("log.framework_usage", "application_bug")
    # With the right GPUs, a barrier that hangs is peer-to-peer that does not work (gitcode a5917737, an L20 node).
    assert ("log.alternative", "acs_iommu_p2p") in causes(line + "\n")[:3]
    # A real error of the job comes first: the warning is printed by most jobs that never call set_device early.
    got = causes(line + "\nRuntimeError: CUDA error: out of memory\n")
    assert got[0][1] == "oom"
