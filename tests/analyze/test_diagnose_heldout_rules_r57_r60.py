"""Rules from rounds 57 - 60 of the held-out measurement (RoCE and InfiniBand set-up, Grace Hopper / Grace Blackwell
and aarch64 systems, multi-GPU machines outside datacenters; the Open MPI users list; the tools' forums), each tested
on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, lead


# Azure/azhpc-images#51: ibstatus on a VM whose ConnectX VF has no RDMA driver loaded (MLNX_OFED not installed).
def test_ibstatus_without_any_rdma_device_is_the_missing_driver() -> None:
    assert_reads("Fatal error:  device '*': sys files not found (/sys/class/infiniband/*/ports)", "log.no_ib_device",
                 "socket_fallback")
    # A listed port that is down is the port, not a missing driver.
    assert lead("Infiniband device 'mlx5_0' port 1 status:\n\tstate:\t\t 1: DOWN\n") != (
        "log.no_ib_device", "socket_fallback")


# Mellanox/k8s-rdma-shared-dev-plugin#87: the node's RDMA subsystem set to exclusive netns mode.
def test_the_shared_rdma_plugin_refusing_exclusive_mode_is_the_nodes_setting() -> None:
    assert_reads(" Exiting.. can not change : incorrect RDMA subsystem network namespace", "log.no_ib_device", "other")
    assert_reads("E0314 10:22:41.912345 1 rdmaInfoProvider.go:52] GetDeviceSpecs(): rdma is required in the "
                 "configuration but the device is not rdma device", "log.no_ib_device", "socket_fallback")


# cupy/cupy#8254: CuPy's aarch64 (GH200) wheel built without NCCL.
def test_a_cupy_built_without_nccl_is_its_build() -> None:
    assert_reads("AttributeError: module 'cupy.cuda.nccl' has no attribute 'get_unique_id'", "log.package_build",
                 "other")
    # Another module's missing attribute is the program's own error.
    assert lead("AttributeError: module 'torch.cuda' has no attribute 'nccl_version'\n") != ("log.package_build",
                                                                                           "other")


# ggml-org/llama.cpp#5347 (peer access enabled again on reload) and #21883 (every pair of 10 GPUs).
def test_the_programs_own_peer_access_calls_are_the_program() -> None:
    assert_reads("CUDA error 704 at ggml-cuda.cu:8006: peer access is already enabled", "log.cuda_error",
                 "application_bug")
    assert_reads("CUDA error: peer mapping resources exhausted", "log.cuda_error", "application_bug")
    # Peer access the platform refuses stays the platform's (ACS, IOMMU, a VM).
    assert_reads("CUDA error: peer access is not supported between these two devices", "log.p2p_error",
                 "acs_iommu_p2p")


# Open MPI users list 2013-03: smcuda's CUDA IPC between GPUs of different IOHs, the driver's CUresult 217.
def test_open_mpi_ipc_refused_by_the_driver_is_the_gpus_path() -> None:
    assert_reads("  cuIpcOpenMemHandle return value:   217", "log.p2p_error", "acs_iommu_p2p")
    # Another return value (2: out of memory) keeps the help text's own reading.
    assert lead("  cuIpcOpenMemHandle return value:   2\n") != ("log.p2p_error", "acs_iommu_p2p")


# Open MPI users list 2013-12: a 1.7.3 install over an older one left stale components behind.
def test_a_stale_open_mpi_component_is_the_install() -> None:
    assert_reads("hello: symbol lookup error: /usr/local/lib/openmpi/mca_pml_ob1.so: undefined symbol: "
                 "progress_one_cuda_htod_event", "log.package_build", "other")


# Source code pasted beside its output is no error printed.
def test_error_checking_source_code_names_nothing() -> None:
    for line in ("    cudaError err = call;                                                    \\",
                 '        fprintf(stderr, "Cuda error in file \'%s\' in line %i : %s.\\n",        \\',
                 "#  define CUDA_SAFE_CALL( call) {                                    \\"):
        assert lead(line + "\n") is None
    # The message that code prints is an error.
    assert lead("Cuda error in file 'recv.cu' in line 14 : out of memory.\n") is not None


# A rank's own excerpt whose channels go to ranks it never shows is a multi-node job, not P2P refused between GPUs.
def test_network_channels_name_no_p2p_fault_unless_between_this_hosts_ranks() -> None:
    one = "node1:100:100 [0] NCCL INFO Channel 00/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA\n"
    assert lead(one) is None
    both = ("node1:100:100 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via NET/IB/0/GDRDMA\n"
            "node1:101:101 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via NET/IB/0/GDRDMA\n")
    assert lead(both) == ("log.intra_node_net", "acs_iommu_p2p")


# NovaSky-AI/SkyRL#325: the first collective of the process group timed out on a node whose GPUs cannot reach each
# other over PCIe; NCCL connects its peers in that first collective.
def test_a_timeout_of_the_first_collective_names_the_connection_set_up() -> None:
    first = ("[rank1]:[E918 23:18:00.308397639 ProcessGroupNCCL.cpp:632] [Rank 1] Watchdog caught collective operation "
             "timeout: WorkNCCL(SeqNum=1, OpType=BROADCAST, NumelIn=233373696, NumelOut=233373696, Timeout(ms)=600000) "
             "ran for 600023 milliseconds before timing out.\n")
    assert ("log.alternative", "acs_iommu_p2p") in causes(first)
    # A later collective: the connections were made, nothing points at them.
    later = first.replace("SeqNum=1,", "SeqNum=4812,")
    assert ("log.alternative", "acs_iommu_p2p") not in causes(later)


# vllm-project/vllm#37210: pynvml's error on a faulted GPU, under a traceback whose source line makes the NVML call.
def test_a_traceback_line_that_only_calls_nvml_names_nothing() -> None:
    assert lead("    handle = pynvml.nvmlDeviceGetHandleByIndex(device_id)\n") is None
    assert_reads("vllm.third_party.pynvml.NVMLError_Unknown: Unknown Error", "log.cuda_error", "cuda_or_driver")
    assert_reads("node1:77:77 [0] NCCL WARN nvmlDeviceGetHandleByPciBusId() failed: Unknown Error", "log.cuda_error",
                 "cuda_or_driver")
