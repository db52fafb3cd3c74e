"""Rules from rounds 28 - 30 of the held-out measurement (NCCL's issues by number range, training stacks, network
libraries and clouds, serving; Chinese-community LLM repos, image and video generation, serving infrastructure)
and the last rows of the classifier (patterns_table_generic: a line of a program
no other row knows, read by its subject and its failure word), each tested on the text that carries it and on
text that must not trigger it."""

from __future__ import annotations

import pytest

from line_reading import assert_reads, causes, lead


# NVIDIA/nccl#262: NCCL 2.4's ring patterns found no ring over the GPUs of a GCP VM.
def test_ring_search_falling_back_to_a_simple_ring_is_the_topology() -> None:
    assert_reads("misc/rings.cu:319 NCCL WARN Could not create rings, falling back on simple ring.",
                 "log.topology_error", "topology_or_numa")


# NVIDIA/nccl#1882: NCCL binds its own sockets to port 0; EADDRINUSE there is the ephemeral range used up.
def test_nccls_own_bind_failing_is_the_ephemeral_port_range() -> None:
    line = "node1:2:3 [0] misc/socket.cc:409 NCCL WARN Call to bind failed: Address already in use"
    assert_reads(line, "log.port_in_use", "other")


def test_a_rendezvous_port_in_use_is_still_another_process_on_it() -> None:
    line = ("[W socket.cpp:436] [c10d] The server socket has failed to bind to [::]:29500 (errno: 98 - Address "
            "already in use).")
    assert_reads(line, "log.port_in_use", "application_bug")


# Azure/ai-cloud-validation#643: UCX's shared-memory transport (uct/sm/mm/base/mm_iface.c) under a 64 MiB /dev/shm.
def test_ucx_failing_its_shared_memory_fifo_is_dev_shm() -> None:
    text = ("mm_iface failed to allocate receive FIFO\n...\n"
            "[ucp_address_unpack] Caught signal 11 (Segmentation fault)\n")
    assert causes(text)[0] == ("log.shm_error", "shm_too_small")


# aws-samples/aws-do-eks#54: EFA failed, NCCL fell back to TCP and dialled EKS Pod Identity's link-local address.
LINK_LOCAL = ("NET/OFI No eligible providers were found\n"
              "NET/OFI aws-ofi-nccl initialization failed\n"
              "NET/IB : No device found.\n"
              "socketPollConnect: connect to {addr}<35421> returned Connection refused, retrying (13/34)\n"
              "RuntimeError: NCCL error: remote process exited or there was a network error\n")


def test_a_link_local_peer_address_is_the_wrong_interface_ahead_of_the_plugin_that_failed() -> None:
    found = causes(LINK_LOCAL.format(addr="169.254.170.23"))
    assert found[0] == ("log.socket_connect_failed", "wrong_interface")
    assert ("log.ofi_error", "net_plugin_error") in found  # why TCP was in use: still named


def test_a_routable_peer_address_leaves_the_plugin_failure_first() -> None:
    assert causes(LINK_LOCAL.format(addr="10.1.216.157"))[0] == ("log.ofi_error", "net_plugin_error")


# MoonshotAI/checkpoint-engine#1: Mooncake's transfer engine names the inactive port before the GID it then
# cannot open on it.
MOONCAKE = ("W0911 06:19:37.204383  3746 rdma_context.cpp:433] Device mlx5_3 port not active\n"
            "E0911 06:19:37.204720  3746 rdma_context.cpp:70] Failed to open device mlx5_3 on port  with GID 0\n"
            "E0911 06:19:37.204734  3746 rdma_transport.cpp:426] RdmaTransport: No available RNIC\n")


def test_a_port_that_is_not_active_comes_before_the_gid_it_cannot_open() -> None:
    assert causes(MOONCAKE)[0] == ("log.ib_port_event", "ib_port_down_or_link")


def test_the_open_failure_alone_names_the_gid_among_its_reasons() -> None:
    # the summary of any reason the device did not open (the port, the device list, the GID)
    alone = causes(MOONCAKE.splitlines(keepends=True)[1])
    assert alone[0] == ("log.ibv_call_failed", "ib_resource_error")
    assert "gid_index_or_roce_config" in [c for _, c in alone[:3]]


# NVIDIA/TensorRT-LLM#1596: TLLM_CHECK on the input the program passed, under mpirun.
TRTLLM = ("mpirun detected that one or more processes exited with non-zero status, thus causing\n"
          "the job to be terminated. The first process to do so was:\n"
          "RuntimeError: [TensorRT-LLM][ERROR] Assertion failed: Tensor 'prompt_embedding_table' has invalid shape "
          "(1, 512), expected (-1, 4096)\n")


def test_a_tensorrt_llm_assertion_on_its_input_is_the_program() -> None:
    assert causes(TRTLLM)[0] == ("log.framework_check", "application_bug")


def test_a_tensorrt_llm_assertion_naming_cuda_is_read_as_cuda() -> None:
    line = "RuntimeError: [TensorRT-LLM][ERROR] Assertion failed: CUDA error: an illegal memory access was encountered"
    assert causes(line + "\n")[0][1] == "application_bug"


def test_open_mpis_report_of_a_process_that_exited_names_no_cause_of_its_own() -> None:
    assert causes(TRTLLM.splitlines(keepends=True)[0]) == []


def test_pytorchs_shared_memory_allocator_failing_is_dev_shm() -> None:
    # aten/src/ATen/MapAllocator.cpp, DataLoader workers' tensors in /dev/shm.
    assert_reads("RuntimeError: unable to open shared memory object </torch_2113_1823394048_0> in read-write mode: "
                 "No space left on device (28)", "log.shm_error", "shm_too_small")



def test_the_same_allocator_out_of_file_descriptors_is_the_open_file_limit() -> None:
    assert_reads("RuntimeError: unable to open shared memory object </torch_2113_1823394048_0> in read-write mode: "
                 "Too many open files (24)", "log.fd_limit", "memlock_or_ulimit")


# -- the last rows: subject and failure word in one line of a program no row knows --------------------------

def test_perftest_names_every_port_state_but_active() -> None:
    for state in ("Down", "Init", "Armed"):
        assert_reads(f" Port number 1 state is {state}", "log.ib_port_event", "ib_port_down_or_link")


@pytest.mark.parametrize(("source", "line", "fid", "cause"), [
    # ROCm/TransferBench EnablePeerAccess: hipDeviceCanAccessPeer answered no.
    ("TransferBench", "[ERROR] Unable to enable peer access from GPU devices 1 to 0", "log.p2p_error",
     "acs_iommu_p2p"),
    # a Go netlink CNI/device plugin: LinkByName failed ("Link not found" is netlink's error text).
    ("netlink", "failed to find network interface ib0: Link not found", "log.no_interface", "wrong_interface"),
    # pip's resolver after installing a wheel beside another torch build.
    ("pip", "torch 2.1.0 requires nvidia-nccl-cu12==2.18.1, but you have nvidia-nccl-cu12 2.19.3 which is "
     "incompatible.", "log.version_mismatch", "nccl_version_mismatch"),
])
def test_a_subject_and_its_failure_in_one_line_name_the_cause(source: str, line: str, fid: str, cause: str) -> None:
    assert_reads(line, fid, cause)


@pytest.mark.parametrize("line", [
    # CUDA's p2pBandwidthLatencyTest measures with P2P off and on, on every machine.
    "Unidirectional P2P=Disabled Bandwidth Matrix (GB/s)",
    # a subject without a failure, a failure without a subject
    "Enabled peer access from 0 to 1",
    "NCCL_P2P_DISABLE=1",
    "node1:1:1 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0>",
    # a figure next to NCCL's name that is not its version (Azure's health checks)
    "ERROR:  nhc:  Health check failed:  check_nccl_allreduce: NCCL allreduce, BUS BW (expected >=431.0 GB/s, but "
    "measured 15.1043 GB/s). FaultCode: NHC2010",
    # a symbol a loader could not resolve is not a host name
    "ERROR: failed to resolve symbol ncclCommInitRank",
])
def test_lines_that_pair_no_subject_with_its_failure_name_none_of_these(line: str) -> None:
    found = lead(line + "\n")
    assert found is None or found[0] not in ("log.p2p_error", "log.no_interface", "log.version_mismatch",
                                             "log.name_resolution")
