"""Rules from round 42 of the held-out measurement (memory, launches, containers and Kubernetes, slowness, plugins),
each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, lead


# NVIDIA/enroot#88 (SELinux) and NVIDIA/libnvidia-container#23 (LXC): the same line, a host that forbids the CLI.
def test_the_container_cli_refused_its_capabilities_is_the_container_runtime() -> None:
    assert_reads("nvidia-container-cli: permission error: capability change failed: operation not permitted",
                 "log.container_start", "other")
    # The CLI's listing of what it mounts is not a failure.
    assert lead("nvidia-container-cli: listing /usr/lib/x86_64-linux-gnu/libcuda.so.535.104.05\n") is None


# aws/aws-ofi-nccl#982: the plugin added NCCL_PROTO=simple itself, then its v1 tuner refused to load with it set.
def test_the_ofi_tuner_refusing_a_forced_protocol_is_the_plugin() -> None:
    text = ("a100:789818:790167 [6] ncclResult_t nccl_ofi_tuner_init_v1(size_t, size_t, ncclDebugLogger_t):270 NCCL "
            "WARN NET/OFI The tuner plugin can not be loaded when explicitly choosing an algorithm or protocol with "
            "NCCL_ALGO/NCCL_PROTO\n"
            "RuntimeError: NCCL Error 4: invalid argument (run with NCCL_DEBUG=WARN for details)\n"
            "a100:1754318:1754443 [1] NCCL INFO NET/OFI Adding NCCL_PROTO=simple to environment\n")
    assert lead(text) == ("log.net_plugin_error", "net_plugin_error")
    # What aws-ofi-nccl states at init names no failure.
    for line in ("NET/OFI Adding NCCL_PROTO=simple to environment", "NET/OFI Initializing aws-ofi-nccl 1.12.1-aws",
                 "NET/OFI Selected Provider is efa (found 4 nics)", "NET/OFI Support for DMA-BUF registrations: false",
                 "NET/OFI Need to force simple protocol: byte delivery ordering not supported"):
        assert lead(f"node1:1:1 [0] NCCL INFO {line}\n") is None, line


# NVIDIA/nccl#1732: NCCL 2.27.3 wrapped a plugin path into a library name and never found it.
def test_a_plugin_the_job_named_and_nccl_did_not_find() -> None:
    line = ("rtptest1621:268329:272115 [5] NCCL INFO PROFILER/Plugin: Could not find: "
            "libnccl-profiler-./libnccl_example_profiler_plugin.so.so.")
    assert lead(line + "\n") == ("log.plugin_not_found", "net_plugin_error")
    # With the version in the paste, 2.27.3's name handling is named; 2.27.5 takes paths again.
    assert lead(f"node:1:1 [0] NCCL INFO NCCL version 2.27.3+cuda12.9\n{line}\n") == ("log.plugin_not_found", "other")
    assert lead(f"node:1:1 [0] NCCL INFO NCCL version 2.27.5+cuda12.9\n{line}\n") == ("log.plugin_not_found",
                                                                                     "net_plugin_error")
    # The default names NCCL looks for when no plugin is set are normal.
    for name in ("libnccl-net.so", "libnccl-tuner.so", "libnccl-profiler.so"):
        assert lead(f"node:1:1 [0] NCCL INFO NET/Plugin: Could not find: {name}. Using internal network plugin.\n") \
            is None, name
