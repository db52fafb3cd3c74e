"""Rules from round 44 of the held-out measurement (Gloo and the c10d store, threads of 2026), each tested on the
text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, lead


# GoogleCloudPlatform/scientific-computing-examples#157: a CUDA 13 torch loading a CUDA 12 libnccl.
def test_torch_missing_an_nccl_symbol_is_another_nccl() -> None:
    assert_reads("/usr/local/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommResume",
                 "log.version_mismatch", "nccl_version_mismatch")
    # A symbol of another library is that library's.
    assert lead("ImportError: /env/lib/libcusparse.so.12: undefined symbol: __nvJitLinkAddData_12_1\n") != \
        ("log.version_mismatch", "nccl_version_mismatch")


# spark-arena/sparkrun#135: the launcher switched NCCL_IB_HCA and NCCL_SOCKET_IFNAME to the port not cabled across.
def test_a_launcher_overwriting_the_jobs_network_devices() -> None:
    assert_reads("Overwriting environment variable NCCL_IB_HCA from 'rocep1s0f0,roceP2p1s0f0' to "
                 "'rocep1s0f1,roceP2p1s0f1'", "log.env_overwritten", "wrong_interface")
    # Another variable overwritten says nothing of the network.
    assert lead("Overwriting environment variable OMP_NUM_THREADS from '8' to '1'\n") is None
