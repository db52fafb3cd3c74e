"""Rules from held-out rounds 232 - 237, sweeps 251 - 261 and the runs of 2026-12-06 (model-release repositories, rare
error texts, older research code, serving and training stacks of 2025 - 2026, hardware faults; live runs on CPU and
device runs 11 - 12). Each text a rule reads is quoted from the thread or run named above its test; each rule is also
tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import ids, lead

from ncclkit.logs.analyze import analyze_text

# InternLM/xtuner#692: rank 3 passed Gloo's monitored barrier, rank 0 had failed (a dataset map_fn defined in the
# config file); the peer address is the container's own docker0 address, the job on one node
_BARRIER = """\
[rank3]: RuntimeError: Rank 3 successfully reached monitoredBarrier, but received errors while waiting for send/recv \
from rank 0. Please check rank 0 logs for faulty rank.
[rank3]:  Original exception: 
[rank3]: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [172.17.0.2]:22693
"""


def test_a_connection_closed_after_the_monitored_barrier_names_the_rank_that_exited() -> None:
    assert lead(_BARRIER) == ("log.remote_exited", "rank_crashed_elsewhere")
    # the same close with nothing to say the group had connected: two containers that share docker0's address
    closed = _BARRIER.splitlines()[-1] + "\n"
    assert lead(closed)[1] == "wrong_interface"


# horovod/horovod#801: glibc aborting tf_cnn_benchmarks under libcuda's thread; the held-out case san6 of round 87
# (a detectron2 launch, "double free or corruption (!prev)")
_HEAP = ("*** Error in `python3': munmap_chunk(): invalid pointer: 0x0000555560e2b570 ***\n"
         "======= Backtrace: =========\n"
         "/lib64/libc.so.6(+0x7f574)[0x2aaaaaf6a574]\n"
         "/cm/local/apps/cuda/libs/current/lib64/libcuda.so.1(+0x20de81)[0x2aab7db59e81]\n")


def test_glibc_heap_corruption_is_a_crash_of_native_code() -> None:
    assert lead(_HEAP) == ("log.crash", "other")
    assert lead("*** Error in `/opt/conda/bin/python': double free or corruption (!prev): 0x000055bbaca66830 ***\n") \
        == ("log.crash", "other")
    assert lead("malloc(): corrupted top size\nAborted (core dumped)\n")[1] == "other"
    # memory words of a healthy run or of an allocator that refused are not a corrupted heap
    assert "log.crash" not in ids("NCCL INFO free(): released 4 MiB of the proxy's buffers\n"
                                  "torch.cuda.OutOfMemoryError: CUDA out of memory. 1.2 GiB free\n")


# tests/analyze/data/rank-abort/torchrun-early-exit.log: a rank that called sys.exit(0) with its gloo process group's
# thread running; the peer's reset is the consequence
def test_a_rank_that_left_with_its_process_group_running() -> None:
    text = ("terminate called without an active exception\n"
            "[rank0]: RuntimeError: [/__w/pytorch/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:553] Connection "
            "closed by peer [127.0.0.1]:16281. This is typically caused by a remote worker crashing.\n")
    assert lead(text) == ("log.exit_without_cleanup", "application_bug")
    # libstdc++'s terminate with an exception in flight names that exception instead
    assert "log.exit_without_cleanup" not in ids("terminate called after throwing an instance of 'std::bad_alloc'\n")


# benchmarks/results/faults-1xH100-2026-12-06 (run 12): a rank's own kernel writing far past its buffer; CUDA 13 names
# it cudaErrorInvalidAddressSpace, CuPy's driver call CUDA_ERROR_INVALID_ADDRESS_SPACE
def test_an_address_outside_the_kernels_spaces_is_a_kernel_fault() -> None:
    for line in ("torch.AcceleratorError: CUDA error: operation not supported on global/shared address space",
                 "cupy_backends.cuda.api.driver.CUDADriverError: CUDA_ERROR_INVALID_ADDRESS_SPACE: operation not "
                 "supported on global/shared address space"):
        assert lead(line + "\n") == ("log.cuda_error", "application_bug"), line
        found = next(f for f in analyze_text(line + "\n")["findings"] if f["id"] == "log.cuda_error")
        assert "a kernel touched memory it may not" in found["message"]
    # another CUDA error keeps its own reading
    other = next(f for f in analyze_text("RuntimeError: CUDA error: invalid device ordinal\n")["findings"]
                 if f["cause"])
    assert "a kernel faulted" not in other["message"]
