"""Rules from the twenty-eighth sweep of public threads (Horovod, TensorFlow, MXNet/BytePS's ps-lite, Paddle). Each line
is quoted from the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import lead

from ncclkit.logs.analyze import analyze_text


def ids(text: str) -> set[str]:
    return {f["id"] for f in analyze_text(text)["findings"]}


# horovod/horovod#2432 and #1969 (the nodes cannot reach each other on that interface; fixed by naming it).
def test_horovods_services_that_reach_no_address() -> None:
    text = ("horovod.runner.common.util.network.NoValidAddressesFound: Horovod was unable to connect to task service #1 "
            "on any of the following addresses: {'ens192': [('192.168.21.50', 8394)]}.\n")
    assert lead(text) == ("log.socket_connect_failed", "firewall_or_port_blocked")
    # a task behind NAT is the address it connected from, read as the interface
    nat = ("ERROR: Task 1 declared addresses {'eth0': [('10.0.0.2', 5000)]}, but has connected from a different address "
           "192.168.101.0. This is not supported. Is the server behind NAT?\n")
    assert lead(nat) != ("log.socket_connect_failed", "firewall_or_port_blocked")


# horovod/horovod#1516 (fixed by -mca btl_tcp_if_include ib0).
def test_open_mpis_tcp_transport_answered_by_another_process() -> None:
    text = ("[second-node][[22157,1],4][btl_tcp_endpoint.c:626:mca_btl_tcp_endpoint_recv_connect_ack] received "
            "unexpected process identifier [[22157,1],7]\n")
    assert lead(text) == ("log.no_interface", "wrong_interface")


# dmlc/ps-lite#165 (fixed by another port) and dmlc/parameter_server#10; apache/mxnet#4156's failed send is no bind.
def test_ps_lites_port_taken() -> None:
    assert lead("van.cc:291: Check failed: (my_node_.port) != (-1) bind failed\n") == ("log.port_in_use",
                                                                                        "application_bug")
    zmq = ("F1208 15:59:26.215294 10194 van.cc:64] Check failed: zmq_bind(receiver_, addr.c_str()) == 0 bind to "
           "tcp://_:8100 failed: Address already in use\n")
    assert lead(zmq) == ("log.port_in_use", "application_bug")
    assert "log.port_in_use" not in ids("src/van.cc:126: Check failed: (send_bytes) != (-1)\n")


# PaddlePaddle/PaddleOCR#3624 (fewer workers), open-mmlab/mmrotate#501 (more host memory); horovod/horovod#3472.
def test_a_data_loader_worker_killed_and_exit_status_137() -> None:
    assert lead("RuntimeError: DataLoader worker (pid 19597) is killed by signal: Killed.\n") == (
        "log.process_killed", "oom")
    assert lead("Process 0 exit with status code 137.\n") == ("log.process_killed", "oom")
    # a worker killed by another signal is a crash, and a bus error is shared memory
    assert "log.process_killed" not in ids("RuntimeError: DataLoader worker (pid 7) is killed by signal: "
                                           "Segmentation fault.\n")
    assert "log.process_killed" not in ids("exit code 1370\n")


# bytedance/byteps#138: the shell's bare "Aborted" after the process's own fatal check is its own SIGABRT.
def test_a_bare_aborted_is_this_process() -> None:
    text = ("[2019-10-29 01:02:51.983028: F byteps/common/nccl_manager.cc:120] Check failed: r == ncclSuccess NCCL "
            "error: unhandled system error\n"
            "Aborted\n")
    assert "log.abort" not in ids(text)
    assert "log.process_aborted" in ids(text)
    # NVIDIA/nccl#1610: NCCL's own abort of a communicator stays an abort
    assert "log.process_aborted" not in ids("NCCL INFO comm 0x5b2 rank 0 nranks 2 cudaDev 4 busId c5000 - Abort "
                                            "COMPLETE\n")


# tensorflow/tensorflow#21470, #33656 (no NCCL on Windows: HierarchicalCopyAllReduce), tensorflow/models#8560 (no GPU
# registered), #35314 and #22484 (End of sequence at an epoch's end is the input, not the network).
def test_tensorflows_own_collective_lines() -> None:
    windows = ("tensorflow.python.framework.errors_impl.InvalidArgumentError: No OpKernel was registered to support Op "
               "'NcclAllReduce' used by {{node Adam/NcclAllReduce}}with these attrs: [reduction=\"sum\"]\n"
               "Registered devices: [CPU, GPU]\n")
    assert lead(windows) == ("log.tf_nccl_ops", "application_bug")
    assert "HierarchicalCopyAllReduce" in analyze_text(windows)["findings"][0]["fix"]
    no_gpu = windows.replace("[CPU, GPU]", "[CPU, XLA_CPU]")
    assert lead(no_gpu) == ("log.gpu_missing", "cuda_or_driver")
    end = ("2018-09-21 19:23:01.075834: W tensorflow/core/common_runtime/base_collective_executor.cc:203] "
           "BaseCollectiveExecutor::StartAbort Out of range: End of sequence\n")
    assert lead(end) is None
    lost = ("2020-08-19 10:00:01.1: W tensorflow/core/common_runtime/base_collective_executor.cc:217] "
            "BaseCollectiveExecutor::StartAbort Unavailable: Socket closed\n")
    assert lead(lost) is not None
