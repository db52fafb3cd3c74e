"""Rules from rounds 34 and 35 of the held-out measurement (mixture-of-experts libraries, serving engines beside vLLM, benchmark repos)
and from the failures made on purpose on one H200 (tests/analyze/test_device_faults.py), each tested on the
text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, lead


# The device run's peer-raises: rank 1's own ValueError, then rank 0's "remote process exited".
def test_a_ranks_own_python_exception_leads_over_its_peers_collateral() -> None:
    text = ("[rank1]:     raise ValueError(\"batch 3: expected 4 samples per rank, got 0\")\n"
            "[rank1]: ValueError: batch 3: expected 4 samples per rank, got 0\n"
            "[rank0]:[E1202 16:27:08.712901847 ProcessGroupNCCL.cpp:612] [Rank 0] Collective WorkNCCL(SeqNum=4, "
            "OpType=ALLREDUCE) raised the following async exception: NCCL error: remote process exited or there was "
            "a network error, NCCL version 2.28.9\n")
    assert causes(text)[0] == ("log.program_error", "application_bug")
    for line in ("KeyError: 'labels'", "IndexError: list index out of range",
                 "AttributeError: 'NoneType' object has no attribute 'shape'", "AssertionError",
                 "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)"):
        assert_reads(line, "log.program_error", "application_bug")


def test_exceptions_the_environment_raises_are_not_the_programs() -> None:
    # The source line of a traceback, an except clause, and exceptions whose messages other rows read.
    assert lead('    raise ValueError("batch 3")\n    except KeyError:\n') != ("log.program_error", "application_bug")
    assert lead("ValueError: host not found: Name or service not known\n")[1] == "hostname_resolution"
    assert lead("RuntimeError: CUDA error: out of memory\n")[1] == "oom"
    assert causes("OSError: [Errno 24] Too many open files\n")[0][0] != "log.program_error"
    assert causes("ModuleNotFoundError: No module named 'deepspeed'\n")[:1] != [("log.program_error",
                                                                               "application_bug")]


# deepseek-ai/DeepEP#104 (one GPU per node), GoogleCloudPlatform/ai-on-gke#272 (TensorRT-LLM without mpirun).
def test_a_librarys_assertion_on_the_launch_is_the_programs_setup() -> None:
    assert_reads("RuntimeError: Failed: Assertion error /home1/DeepEP/csrc/deep_ep.cpp:32 'num_ranks > "
                 "NUM_MAX_NVL_PEERS or low_latency_mode'", "log.program_error", "application_bug")
    # TensorRT-LLM's world check is the launch, read whole and wrapped in a table's cells as the thread pasted it
    assert lead("[TensorRT-LLM][ERROR] Assertion failed: mpiSize == tp * pp (/app/tensorrt_llm/cpp/tensorrt_llm/"
                "runtime/worldConfig.cpp:80)\n") == ("log.launch_config", "application_bug")
    assert lead("|                |         | R] Assertion failed: mpiSize == tp * pp (/app/tensorrt_llm/cpp/tensorrt_"
                "llm/runtime/worldConf |\n") == ("log.launch_config", "application_bug")


def test_an_assertion_on_a_calls_result_is_not_the_launch() -> None:
    line = "RuntimeError: Failed: Assertion error runtime.cu:56 'nvshmem_team_split_strided(...) == 0'\n"
    assert all(fid != "log.program_error" for fid, _ in causes(line))


# The device run's net-ib-forced and net-plugin-missing (NCCL 2.28.9, plugin/net.cc).
def test_no_net_plugin_after_the_one_allowed_network_failed_is_that_network() -> None:
    ib = ("vm:595:595 [0] NCCL INFO NET/IB : No device found.\n"
          "vm:595:595 [0] NCCL INFO Failed to initialize NET plugin IB\n"
          "vm:595:595 [0] plugin/net.cc:379 NCCL WARN Failed to initialize any NET plugin\n")
    assert causes(ib)[0] == ("log.no_interface", "socket_fallback")
    ofi = ("vm:619:619 [0] NCCL INFO NCCL_NET_PLUGIN set by environment to ofi\n"
           "vm:619:619 [0] NCCL INFO NET/Plugin: Could not find: ofi libnccl-net-ofi.so\n"
           "vm:619:619 [0] plugin/net.cc:379 NCCL WARN Failed to initialize any NET plugin\n")
    assert causes(ofi)[0] == ("log.no_interface", "net_plugin_error")


def test_no_net_plugin_with_the_sockets_own_failure_stays_the_interface() -> None:
    text = ("vm:1:1 [0] NCCL INFO NET/IB : No device found.\n"
            "vm:1:1 [0] net_socket.cc:49 NCCL WARN NET/Socket : no interface found\n"
            "vm:1:1 [0] NCCL INFO Failed to initialize NET plugin Socket\n"
            "vm:1:1 [0] plugin/net.cc:379 NCCL WARN Failed to initialize any NET plugin\n")
    assert causes(text)[0] == ("log.no_interface", "wrong_interface")
    assert lead("vm:1:1 [0] plugin/net.cc:379 NCCL WARN Failed to initialize any NET plugin\n") == \
        ("log.no_interface", "wrong_interface")


# The device run's nan-check: PyTorch's NaN check traps, CUDA says "unspecified launch failure".
def test_a_launch_failure_under_the_nan_check_is_the_programs_nan() -> None:
    err = "[rank1]: torch.AcceleratorError: CUDA error: unspecified launch failure\n"
    assert lead("$ TORCH_NCCL_NAN_CHECK=1 torchrun --nproc-per-node 8 train.py\n" + err)[1] == "application_bug"
    assert lead("$ TORCH_NCCL_NAN_CHECK=0 torchrun --nproc-per-node 8 train.py\n" + err)[1] == "cuda_or_driver"
    assert lead(err)[1] == "cuda_or_driver"


# karpathy/llm.c#426 (round 35): MPI_Barrier on a Slurm code path that skipped MPI_Init.
def test_an_mpi_call_before_mpi_init_is_the_programs() -> None:
    assert_reads("*** The MPI_Barrier() function was called before MPI_INIT was invoked.", "log.framework_usage",
                 "application_bug")
    assert_reads("Attempting to use an MPI routine (internal_Barrier) before initializing or after finalizing MPICH",
                 "log.framework_usage", "application_bug")
    assert lead("*** This is disallowed by the MPI standard.\n*** Your MPI job will now abort.\n") != (
        "log.framework_usage", "application_bug")


# MiaAI-Lab DGX Spark #259 (round 34): the kernel's long-term pin under ibv_reg_mr.
def test_a_failed_long_term_pin_under_an_rdma_registration_is_the_registration() -> None:
    text = ("ib_uverbs_reg_mr → mlx5_ib_reg_user_mr → ib_umem_get → pin_user_pages_fast\n"
            "  → __gup_longterm_locked → migrate_longterm_unpinnable_folios\n")
    assert lead(text) == ("log.ibv_reg_mr_failed", "ib_resource_error")
    assert lead("mlx5_ib_reg_user_mr: ib_umem_get failed: -14\n")[1] == "ib_resource_error"


# JuliaGPU/NCCL.jl#63 and mila-iqia/platoon#72 (round 34): a binding that cannot be built against what is installed.
def test_a_binding_built_without_nccl_or_against_other_versions_is_the_build() -> None:
    assert_reads("ERROR: The following 1 direct dependency failed to precompile: Failed to precompile NCCL "
                 "[3fe64909-d7a1-4096-9b7d-7a0f12cf0f6b]", "log.package_build", "other")
    assert_reads("Reason: No collective ops available, API error. Is a collectives library installed?",
                 "log.package_build", "other")
    assert lead("Precompiling project...\n  ✓ CUDA\n") is None
