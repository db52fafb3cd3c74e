"""Rules from rounds 23 and 24 of the held-out measurement (cluster launchers, JAX/XLA and other frameworks, NVSHMEM
and cloud networks; write-ups, forums and recent threads), each tested on the text that carries it and on text
that must not trigger it."""

from __future__ import annotations

import pytest

from line_reading import causes
from ncclkit.logs.analyze import analyze_text


# aws/aws-k8s-tester#690: nccl-tests quotes the return code, NCCL's WARN names the CUDA error.
OOM = ("[1,6]<stdout>:worker-0: Test NCCL failure alltoall.cu:62 'unhandled cuda error (run with NCCL_DEBUG=INFO for "
       "details) / '\n"
       "[1,6]<stdout>: .. worker-0 pid 411: Test failure common.cu:381\n"
       "[1,0]<stdout>:worker-0:402:402 [0] enqueue.cc:1451 NCCL WARN Cuda failure 2 'out of memory'\n")


def test_the_quoted_return_code_of_nccl_tests_yields_to_the_cuda_error_it_reports() -> None:
    assert causes(OOM)[0] == ("log.cuda_error", "oom")


def test_a_quoted_cuda_error_name_alone_is_still_that_error() -> None:
    text = "worker-0: Test CUDA failure common.cu:892 'an illegal memory access was encountered'\n"
    assert causes(text)[0][1] == "application_bug"


def test_the_quoted_return_code_alone_still_names_the_cuda_layer() -> None:
    text = OOM.splitlines(keepends=True)[0]
    assert causes(text)[0] == ("log.cuda_error", "cuda_or_driver")


# dmlc/xgboost#7982: dask workers in docker on AWS EMR; NCCL dialled the gateway of a docker network.
BRIDGE = ("ip-172-31-12-104:28056:39685 [0] misc/socket.cc:503 NCCL WARN Net : Call to recv from {addr}<34483> "
          "failed : Broken pipe\n"
          "ip-172-31-12-104:28056:39685 [0] NCCL INFO misc/socket.cc:520 -> 2\n"
          "ip-172-31-12-104:28056:39685 [0] proxy.cc:1040 NCCL WARN [Proxy Service 3] Failed to execute operation "
          "Connect from rank 3, retcode 2\n")


@pytest.mark.parametrize("addr", ["172.18.0.1", "172.25.0.1", "172.17.0.3"])
def test_a_peer_on_a_docker_network_is_the_wrong_interface(addr: str) -> None:
    assert causes(BRIDGE.format(addr=addr))[0][1] == "wrong_interface"


@pytest.mark.parametrize("addr", ["172.31.12.105", "172.18.4.20", "10.0.0.1", "172.32.0.1"])
def test_a_peer_on_a_host_network_is_a_peer_that_went_away(addr: str) -> None:
    # hosts of AWS's default VPC (172.31/16) and other addresses: not a docker gateway
    assert causes(BRIDGE.format(addr=addr))[0][1] == "rank_crashed_elsewhere"


# NVIDIA/nccl-tests#219: the same NCCL_SOCKET_IFNAME pushed to two hosts whose NICs have different names.
IFNAME = ("mpirun -np 2 -pernode -hostfile host.txt {flag}./all_reduce_perf -b 8 -e 128M -f 2 -g 2\n"
          "#  Rank  0 Group  0 Pid 3740409 on fengyun416 device  0 [0x01] NVIDIA RTX A6000\n"
          "#  Rank  2 Group  0 Pid 3164639 on    fengyun device  0 [0x01] NVIDIA RTX A6000\n"
          "fengyun: Test NCCL failure common.cu:959 'internal error - please report this issue to the NCCL "
          "developers / '\n"
          " .. fengyun pid 3164639: Test failure common.cu:844\n")


def test_an_internal_error_under_a_forced_socket_interface_is_that_interface() -> None:
    found = causes(IFNAME.format(flag="-x NCCL_SOCKET_IFNAME=enp6s0 "))
    assert found[0] == ("log.internal_error", "wrong_interface")


def test_an_internal_error_without_the_variable_names_no_interface() -> None:
    assert "wrong_interface" not in [c for _, c in causes(IFNAME.format(flag=""))][:1]


# awslabs/awsome-distributed-ai#312: the peer's pod was OOM-killed; older libfabric words BAD_DEST_QPN this way.
def test_efa_s_invalid_receiver_qpn_is_a_peer_that_went_away() -> None:
    text = ("[1,2]<stdout>:test-nccl-worker-0:199:263 [2] process_err_completion:1562 NCCL WARN NET/OFI Request "
            "0x7f08c0001d30 completed with error. RC: 5. Error: Invalid receiver queue pair number (QPN) My EFA addr: "
            "fi_addr_efa://[fe80::30:43ff:fe60:456b]:0:657145598 Completed length: 0\n")
    assert causes(text)[0] == ("log.ofi_error", "rank_crashed_elsewhere")


def test_other_efa_completion_errors_stay_the_plugin_s() -> None:
    text = ("worker-0:199:263 [2] process_err_completion:1562 NCCL WARN NET/OFI Request 0x7f08c0001d30 completed "
            "with error. RC: 22. Error: Invalid argument\n")
    assert causes(text)[0] == ("log.ofi_error", "net_plugin_error")


# NVIDIA/TransformerEngine#1170 (a write-up of it, round 24): NCCL's prefix form given to a library that wants a name.
def test_an_interface_a_library_cannot_find_is_the_wrong_interface() -> None:
    text = "RuntimeError: Invalid network interface: eth\n"
    assert causes(text)[0] == ("log.no_interface", "wrong_interface")


def test_prose_about_interfaces_names_no_interface_fault() -> None:
    assert causes("Checked every network interface: eth0 and ib0 are up\n") == []


# NVIDIA forums 367853 (round 24): a ConnectX-7 whose PCIe link trained at x2 of x4.
LNK = "0002:01:00.0 LnkCap: Speed 32GT/s, Width x4 LnkSta: Speed 32GT/s, Width x{w}{mark}\n"


def test_a_pcie_link_lspci_marks_downgraded_is_named() -> None:
    found = causes(LNK.format(w=2, mark=" (downgraded)"))
    assert found[0] == ("log.pcie_link_degraded", "other")
    assert ("log.alternative", "topology_or_numa") in found


@pytest.mark.parametrize("line", [LNK.format(w=4, mark=""), LNK.format(w=4, mark=" (ok)"),
                                  "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported\n"])
def test_a_link_at_its_capability_is_no_finding(line: str) -> None:
    assert "log.pcie_link_degraded" not in [i for i, _ in causes(line)]


# Project-HAMi/HAMi-core#169 (round 25): the vGPU layer's libvgpu crashed inside cuMemCreate under NCCL's init.
def test_a_gpu_sharing_layer_failing_under_nccl_is_named() -> None:
    text = ("[HAMI-core ERROR (pid:565 thread=140267266266944 multiprocess_memory_limit.c:831)]: Illegal device id: "
            "850725928\n!!!!!!! Segfault encountered !!!!!!!\n"
            '  File "/libvgpu/src/cuda/memory.c", line 582, in cuMemCreate\n'
            '  File "misc/cudawrap.cc", line 92, in ncclCuMemHostEnable()\n')
    assert causes(text)[0] == ("log.gpu_sharing_layer", "other")


# NVIDIA/TensorRT-LLM#1034 (round 25): A10G VMs without P2P; the custom all-reduce needs it.
def test_tensorrt_llm_s_peer_access_warning_is_the_pcie_only_hint() -> None:
    text = "".join(f"[TensorRT-LLM][WARNING] Device 2 peer access Device {d} is not available.\n" for d in (5, 6, 7))
    found = analyze_text(text)["findings"]
    first = next(f for f in found if f["cause"])
    assert (first["id"], first["cause"], first["severity"]) == ("log.p2p_unavailable", "acs_iommu_p2p", "info")


def test_peer_access_that_is_available_is_no_hint() -> None:
    assert causes("[TensorRT-LLM][INFO] Device 2 peer access Device 5 is available.\n") == []


# NVIDIA/JAX-Toolbox#472 (round 26): XLA's own assertion while compiling an all-reduce.
CHECK = "F0105 23:50:34.026692   34204 nccl_all_reduce_thunk.cc:175] Check failed: {what}\n"


def test_a_failed_internal_check_of_the_framework_is_its_bug() -> None:
    assert causes(CHECK.format(what="reduction_kind.has_value() "))[0] == ("log.framework_check", "other")


def test_a_failed_check_that_names_a_cuda_error_is_that_error() -> None:
    found = causes(CHECK.format(what="status == CUDA_SUCCESS (2 vs. 0) CUDA_ERROR_OUT_OF_MEMORY: out of memory"))
    assert found[0][1] == "oom"
