"""Rules from round 67 of the held-out measurement (tests/diagnosis/corpus-heldout-r67-*): CUDA_LAUNCH_BLOCKING
under the NCCL releases that deadlock with it, a loader error that joins NCCL's plugin line; each tested on the
text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, lead


# NVIDIA/nccl#750: NCCL 2.13 hangs on every rank when CUDA_LAUNCH_BLOCKING is set (fixed in 2.17.1).
def test_cuda_launch_blocking_set_or_tied_to_a_hang_is_named() -> None:
    for line in ("export CUDA_LAUNCH_BLOCKING=1", "CUDA_LAUNCH_BLOCKING=1 torchrun --nproc_per_node 8 train.py",
                 "os.environ['CUDA_LAUNCH_BLOCKING'] = '1'",
                 "that when I run a simple MLP model (with all reduce) will hang when CUDA_LAUNCH_BLOCKING is present."):
        assert_reads(line, "log.cuda_launch_blocking", "other")
    # PyTorch's own advice after a CUDA error sets nothing; 0 turns it off.
    assert lead("RuntimeError: CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be "
                "asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor "
                "debugging consider passing CUDA_LAUNCH_BLOCKING=1\n") != ("log.cuda_launch_blocking", "other")
    assert lead("For debugging consider passing CUDA_LAUNCH_BLOCKING=1.\n") is None
    assert lead("export CUDA_LAUNCH_BLOCKING=0\n") is None


# aws-samples/awsome-distributed-training#284: dlerror's words pasted before NCCL's plugin line on one line.
def test_a_loader_version_error_of_libfabric_is_the_plugin() -> None:
    assert_reads("version `EFA_1.2' not found (required by /opt/amazon/efa/lib/libfabric.so.1) No plugin found "
                 "(libnccl-net.so), using internal implementation", "log.net_plugin_error", "net_plugin_error")
    assert lead("NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation\n") != (
        "log.net_plugin_error", "net_plugin_error")
