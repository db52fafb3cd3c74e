"""Rules from the lines the twenty-first, twenty-fifth and twenty-seventh sweeps found but left unbuilt: the GPU's own
Xid events by their catalog meaning, an nccl-tests listing where every process is rank 0, and a rendezvous through a
file. Each line is quoted from the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import lead

from ncclkit.logs.analyze import analyze_text


def ids(text: str) -> set[str]:
    return {f["id"] for f in analyze_text(text)["findings"]}


# akash-network/support#244 (the device plugin marked the GPUs unhealthy on these Xids); NVIDIA/nccl#2241 (the NVIDIA
# reply: fabric manager / NVLink issues); NVIDIA/open-gpu-kernel-modules#446 (GSP RPC timeouts, fixed in 525.105.17).
def test_xids_of_memory_nvlink_and_firmware() -> None:
    ecc = ("[Fri Aug  9 13:32:56 2024] NVRM: Xid (PCI:0000:00:08): 94, pid='<unknown>', name=<unknown>, Contained: SM "
           "(0x1). RST: No, D-RST: No\n")
    assert lead(ecc) == ("log.gpu_memory_error", "cuda_or_driver")
    nvlink = ("kernel: NVRM: Xid (PCI:0000:1b:00): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 11 (0x00000004 0x00000000)\n"
              "kernel: NVRM: Xid (PCI:0000:1b:00): 137, RLW_RXPIPE interrupt hit on link 11 on GPU0: PRIV Error\n")
    assert lead(nvlink) == ("log.nvlink_error", "cuda_or_driver")
    gsp = ("NVRM: Xid (PCI:0000:3b:00): 119, pid=1234, name=python, Timeout waiting for RPC from GSP0! Expected "
           "function 76 (GSP_RM_CONTROL) (0x20802a02 0x8).\n")
    assert lead(gsp) == ("log.gpu_firmware_error", "cuda_or_driver")
    # a page fault (31) names the program first, and 45 is the cleanup after another error; neither is hardware
    fault = "NVRM: Xid (PCI:0000:08:00): 31, pid=169800, name=python, Ch 00000018, intr 10000000. MMU Fault\n"
    assert lead(fault) == ("log.cuda_error", "application_bug")
    assert not ids(fault) & {"log.gpu_memory_error", "log.nvlink_error", "log.gpu_firmware_error"}
    # the Xid number, not a number elsewhere on the line
    assert "log.nvlink_error" not in ids("NVRM: Xid (PCI:0000:08:00): 13, Graphics Exception: ESR 0x404600=0x74\n")


# NVIDIA/nccl-tests#254: under mpirun every process of a binary built without MPI=1 is its own rank 0 (the "#" lost
# in the markdown).
def test_an_nccl_tests_listing_where_every_process_is_rank_0() -> None:
    text = ("mpirun --allow-run-as-root -np 16  -N 8 --host dgx01:8,dgx02:8 ./build/all_reduce_perf -b 128 -e 16G -f 2 "
            "-g 1\n"
            "Rank  0 Group  0 Pid 544816 on    dgx01 device  0 [0x1a] NVIDIA H100 80GB HBM3\n"
            "Rank  0 Group  0 Pid 332597 on    dgx02 device  0 [0x1a] NVIDIA H100 80GB HBM3\n")
    out = analyze_text(text)
    assert out["kind"] == "nccl_tests"
    assert lead(text) == ("tests.duplicated_output", "application_bug")
    # NVIDIA/nccl-tests#323: a run built with MPI lists rank 0 and rank 1 once each
    healthy = ("#  Rank  0 Group  0 Pid  11004 on nvidiatools-29-workload device  0 [0000:61:00] NVIDIA L40S\n"
               "#  Rank  1 Group  0 Pid  11048 on nvidiatools-30-workload device  0 [0000:61:00] NVIDIA L40S\n")
    assert "tests.duplicated_output" not in ids(healthy)
    # one process listed once is one rank, not a duplicate
    assert "tests.duplicated_output" not in ids(healthy.splitlines()[0] + "\n")


# diux-dev/cluster#12: several machines met through a file on a path each kept for itself, and hung in initFile.
def test_a_rendezvous_through_a_file() -> None:
    text = ("  '--dist-url', 'file:///home/ubuntu/data/file.sync', # single instances are faster with file sync\n"
            "#1  0x00007fd70074e3f0 in thd::init::initFile(std::string, int, std::string, int) ()\n")
    assert lead(text) == ("log.file_rendezvous", "application_bug")
    # a file:// rendezvous without a wait on it names nothing, and a collective's watchdog timeout is not the file's
    assert "log.file_rendezvous" not in ids(text.splitlines()[0] + "\n")
    watchdog = ("dist.init_process_group('nccl', init_method='file:///nfs/run/sync', world_size=8, rank=r)\n"
                "[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE, "
                "NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800081 milliseconds before timing out.\n")
    assert "log.file_rendezvous" not in ids(watchdog)


# awslabs/awsome-distributed-ai#278 and aws/aws-ofi-nccl#584 (FI_EFA_SET_CUDA_SYNC_MEMOPS=0, or EFA installer >= 1.29).
def test_libfabric_refusing_cumem_buffers_for_sync_memops() -> None:
    text = ("libfabric:652244:1713524816::core:core:cuda_set_sync_memops():207<warn> Failed to perform "
            "cuPointerSetAttribute: CUDA_ERROR_NOT_SUPPORTED:operation not supported\n"
            "libfabric:652244:1713524816::efa:mr:efa_mr_hmem_setup():254<warn> unable to set memops for cuda ptr\n")
    assert lead(text) == ("log.ofi_error", "net_plugin_error")
    assert "FI_EFA_SET_CUDA_SYNC_MEMOPS=0" in analyze_text(text)["findings"][0]["fix"]
    # NVIDIA/nccl#1292: UCX's own warning about the same attribute is another library's and names nothing of EFA
    ucx = ("[1716343707.920238] [10-21-0-1:1021882:2]    cuda_copy_md.c:483  UCX  WARN  "
           "cuPointerSetAttribute(0xef0000000, SYNC_MEMOPS) error: operation not supported\n")
    assert lead(ucx) != ("log.ofi_error", "net_plugin_error")


# aws/aws-ofi-nccl#161 (g4dn: the EFA provider selected and used) and #547 (GPUDirect RDMA from p4d on): FI_HMEM
# refused is no GPUDirect RDMA, a warning, and the plugin's INFO lines beside it are no errors.
def test_efa_without_rdma_read_and_the_plugins_info_lines() -> None:
    text = ("algo-1:462:462 [0] NCCL INFO NET/OFI Setting FI_EFA_FORK_SAFE environment variable to 1\n"
            "libfabric:462:1673041636:efa:core:rxr_info_to_rxr():506<warn> FI_HMEM capability requires RDMA, which "
            "this device does not support.\n"
            "algo-1:462:462 [0] NCCL INFO NET/OFI Selected Provider is efa\n"
            "algo-1:462:462 [0] NCCL INFO Using network AWS Libfabric\n")
    findings = analyze_text(text)["findings"]
    assert (findings[0]["id"], findings[0]["cause"], findings[0]["severity"]) == (
        "log.ofi_error", "gdr_unavailable", "warning")
    assert not any(f.get("cause") == "net_plugin_error" and f["severity"] != "info" for f in findings)
    # aws/aws-ofi-nccl#889: no EFA device at all stays the device missing
    assert lead("fi_getinfo: provider efa output empty list\n") == ("log.ofi_error", "net_plugin_error")


# meta-pytorch/torchforge#493 and #626: a verbs transport asking an EFA device (rdmap*) for RC queue pairs.
def test_a_queue_pair_kind_the_device_does_not_offer() -> None:
    text = ("failed to create extended queue pair (QP): Operation not supported\n"
            "could not create loopback QP for device rdmap16s27:\n")
    assert lead(text) == ("log.ibv_call_failed", "ib_resource_error")
    # aws/aws-k8s-tester#464: libfabric's retry of a library's versioned name, then the test ran
    retry = ("[1,1]<stderr>:libfabric:21:1722447956::core:core:cuda_hmem_dl_init():499<warn> Failed to dlopen "
             "libnvidia-ml.so.  Trying libnvidia-ml.so.1\n")
    assert lead(retry) is None


# Lightning-AI/pytorch-lightning#8634: two DDP ranks on one GPU; a tensor's device check says "same GPU" too.
def test_ranks_on_the_same_gpu_not_tensors() -> None:
    assert lead("it managed to spawn two processes on the same GPU:\n") == ("log.duplicate_gpu", "application_bug")
    tensors = ("RuntimeError: Input tensors need to be on the same GPU, but found the following tensor and device "
               "combinations:\n")
    assert "log.duplicate_gpu" not in ids(tensors)


# aws/aws-ofi-nccl#67: the older plugin's own INFO lines are no failure; its WARN is the line the finding quotes.
def test_the_ofi_plugins_info_lines_do_not_speak_for_its_warn() -> None:
    text = ("10.3.35.83: INFO: Function: ofi_init Line: 1102: NET/OFI Setting RDMAV_FORK_SAFE environment variable to "
            "1.\n"
            "10.3.35.83: WARN: Function: find_ofi_provider Line: 543: NET/OFI Couldn't find any optimal provider\n")
    first = analyze_text(text)["findings"][0]
    assert (first["id"], first["cause"]) == ("log.ofi_error", "net_plugin_error")
    assert first["evidence"]["lines"] == [2]
    assert lead(text.splitlines()[0] + "\n") is None
