"""Rules from sweep 112 (2026-12-05: NCCL 2.26 - 2.29's newer features in real threads: window registration,
plugins, RAS) and from the misses of held-out round 146 (communication-compute overlap). Each line is quoted from
the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import ids, lead


def test_a_missing_python_module_is_the_environment() -> None:
    # ai-dynamo/dynamo#3158: the container lacked nvshmem4py; installing it fixed the launch
    assert lead("ModuleNotFoundError: No module named 'nvshmem'\n") == ("log.package_build", "other")
    assert lead("[rank0]: ModuleNotFoundError: No module named 'deepspeed'\n") == ("log.package_build", "other")
    # the wordings a known program prints keep their rows
    assert lead("host-1: /usr/bin/python: No module named deepspeed.pt\n") == ("log.remote_shell", "other")
    assert "log.package_build" not in ids("Failed to import Ray with ModuleNotFoundError(\"No module named 'ray'\")\n")
    # a program's own exception stays the program's
    assert lead("KeyError: 'lm_head.weight'\n") == ("log.program_error", "application_bug")


def test_window_registration_before_the_communicator_exists() -> None:
    # pytorch/pytorch#188567: the maintainer's device_id answer, confirmed by the reporter
    paste = ("torch.distributed.DistBackendError: NCCL error in: .../torch/csrc/distributed/c10d/symm_mem/"
             "NCCLSymmetricMemory.cu:174,\n"
             "invalid argument (run with NCCL_DEBUG=WARN for details), NCCL version 2.29.7\n"
             "Failed to window register segment with ptr 0x..., size 20971520 on rank 0\n")
    assert lead(paste) == ("log.framework_usage", "application_bug")
    # pytorch/pytorch#172398: the device communicator's invalid usage stays PyTorch's bug with NCCL 2.29
    bug = ("torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/symm_mem/"
           "nccl_devcomm_manager.hpp:73, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.29.2\n"
           "ncclDevCommCreate failed\n")
    assert lead(bug) == ("log.framework_release", "other")


def test_deregistration_warnings() -> None:
    # pytorch/pytorch#181610: PyTorch's abort deregistered a window handle with ncclCommDeregister
    assert lead("  NCCL WARN Deregister: Could not find handle\n") == ("log.framework_release", "other")
    # sii-research/VCCL#36 (register.cc regCleanup at teardown): NCCL warns and goes on
    line = ("[2026-02-02 07:29:42] qb-prod-gpu1943:102521:103010 [0] register/register.cc:88 NCCL WARN rank 0 "
            "deregister NET buffer handle 0x7f0a10d20f80 proxy rank 0 failed\n")
    assert lead(line) == ("log.buffer_deregistration", "other")
    # a proxy failure while the job runs stays the proxy's (NVIDIA/nccl#2039)
    assert ids("g340-cd51-7700-58b4-b0e2-29f6-d319:46627:64125 [0] proxy.cc:363 NCCL WARN Proxy append out of "
               "bounds\n")[0] == "log.proxy_error"


def test_a_plugin_named_by_its_file_name_that_nccl_did_not_find() -> None:
    # NVIDIA/nccl#1732: NCCL_PROFILER_PLUGIN=libnccl_example_profiler_plugin.so, not found
    line = ("rtptest1621:2617175:2618957 [6] NCCL INFO PROFILER/Plugin: Could not find: "
            "libnccl_example_profiler_plugin.so.\n")
    assert lead(line) == ("log.plugin_not_found", "net_plugin_error")
    # the default names are the optional plugins that are not installed
    for healthy in ("x:1:1 [0] NCCL INFO PROFILER/Plugin: Could not find: libnccl-profiler.so.\n",
                    "lccn09:2520143:2520235 [5] NCCL INFO TUNER/Plugin: Could not find: libnccl-tuner.so. Using "
                    "internal tuner plugin.\n",
                    "x:1:1 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal net plugin.\n"):
        assert "log.plugin_not_found" not in ids(healthy)


def test_open_mpi_signal_banner_is_a_crash() -> None:
    # NVIDIA/nccl#1669: NCCL crashed when its RAS client was queried during init
    paste = ("rtptest1621:405884:407462 [0] NCCL INFO RAS client listening socket at ::1<28028>\n"
             "[rtptest1621:405884] *** Process received signal ***\n")
    assert lead(paste) == ("log.crash", "other")
    assert "log.crash" not in ids("rtptest1621:405884:407462 [0] NCCL INFO RAS client listening socket at "
                                  "::1<28028>\n")
