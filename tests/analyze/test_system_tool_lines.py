"""Lines of the tools and kernel messages pasted beside NCCL logs while testing a node: perftest
(ib_write_bw and its siblings, linux-rdma/perftest's own strings), the kernel log (NVIDIA Xid events by
NVIDIA's Xid catalog, PCIe AER, the mlx5 and IPoIB drivers, the network watchdog), nvidia-smi and the
container runtime; and the lines of the stacks around NCCL (vLLM, Ray, torch's CUDA setup). Each is read
alone and inside an NCCL log (tests/line_reading.py)."""

from __future__ import annotations

import pytest

from line_reading import assert_reads, lead

from ncclkit.logs.analyze import analyze_text

CASES = [
    # perftest: the status decoded as NCCL's completion errors are
    ("Failed status 12: wr_id 7 syndrom 0x81", "log.ib_completion_error", "ib_timeout_or_retry"),
    (" Failed status-IBV_WC_LOC_PROT_ERR (4): wr_id 0 syndrom 0x51", "log.ib_completion_error", "acs_iommu_p2p"),
    (" Failed status 5: wr_id 0 syndrom 0x0", "log.ib_completion_error", "ib_timeout_or_retry"),
    (" Failed to modify QP 1234 to RTR", "log.ibv_modify_qp_failed", "gid_index_or_roce_config"),
    (" Couldn't allocate MR", "log.ibv_reg_mr_failed", "memlock_or_ulimit"),
    (" Unable to create QP.", "log.ibv_create_qp_failed", "ib_resource_error"),
    ("Couldn't get context for the device", "log.no_ib_device", "socket_fallback"),
    ("IB device mlx5_9 not found", "log.no_ib_device", "socket_fallback"),
    ("Failed to get IB devices list: Function not implemented", "log.no_ib_device", "socket_fallback"),
    ("Unable to open file descriptor for socket connection Unable to init the socket connection",
     "log.socket_connect_failed", "firewall_or_port_blocked"),
    ("ethernet_read_keys: Couldn't read remote address", "log.socket_connect_failed", "firewall_or_port_blocked"),
    # kernel: Xid events
    ("[ 8123.456] NVRM: Xid (PCI:0000:1b:00): 31, pid=4321, name=python, Ch 00000008, intr 10000000. MMU Fault: "
     "ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f_00000000. Fault is of type FAULT_PDE ACCESS_TYPE_READ",
     "log.cuda_error", "application_bug"),
    ("[ 8123.456] NVRM: Xid (PCI:0000:1b:00): 13, pid=4321, Graphics SM Warp Exception on (GPC 0, TPC 0, SM 0): "
     "Out Of Range Address", "log.cuda_error", "application_bug"),
    ("[ 8123.456] NVRM: Xid (PCI:0000:1b:00): 79, pid=4321, GPU has fallen off the bus.", "log.cuda_error",
     "cuda_or_driver"),
    ("[ 8123.456] NVRM: Xid (PCI:0000:1b:00): 48, pid=4321, An uncorrectable double bit error (DBE) has been "
     "detected on GPU in the framebuffer at partition 1, subpartition 0.", "log.gpu_memory_error", "cuda_or_driver"),
    ("[ 8123.456] NVRM: GPU at PCI:0000:1b:00: GPU-3e1f0a2b-1c2d-4e5f-8a9b-0c1d2e3f4a5b has fallen off the bus.",
     "log.cuda_error", "cuda_or_driver"),
    # nvidia-smi and the container runtime
    ("Unable to determine the device handle for GPU0000:1B:00.0: Unknown Error", "log.cuda_error", "cuda_or_driver"),
    ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest "
     "NVIDIA driver is installed and running.", "log.cuda_error", "cuda_or_driver"),
    ('docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].',
     "log.cuda_error", "cuda_or_driver"),
    # kernel: PCIe, NIC drivers
    ("[ 8123.456] pcieport 0000:00:01.0: AER: Uncorrected (Fatal) error received: 0000:01:00.0", "log.pcie_error",
     "other"),
    ("[ 8123.456] mlx5_core 0000:0c:00.0: Port module event: module 0, Cable unplugged", "log.ib_port_event",
     "ib_port_down_or_link"),
    # sch_generic.c dev_watchdog: the send queue stuck, the driver's ndo_tx_timeout resets the NIC (tests/lines/kernel_net).
    ("[ 8123.456] NETDEV WATCHDOG: ens1f0np0 (mlx5_core): transmit queue 3 timed out", "log.nic_fault",
     "ib_port_down_or_link"),
    ("[ 8123.456] ib0: transmit timeout: latency 10000 msecs", "log.ib_port_event", "ib_port_down_or_link"),
    ("[ 8123.456] mlx5_core 0000:0c:00.0: poll_health:800:(pid 0): device's health compromised - reached miss count",
     "log.ib_port_event", "ib_port_down_or_link"),
    # the stacks around NCCL
    ("RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must use "
     "the 'spawn' start method", "log.framework_usage", "application_bug"),
    ("ValueError: Total number of attention heads (32) must be divisible by tensor parallel size (3).",
     "log.framework_usage", "application_bug"),
    ("(raylet) The node with node id: 3f2a9c and address: 10.0.0.2 and node name: 10.0.0.2 has been marked dead "
     "because the detector has missed too many heartbeats from it.", "log.remote_exited", "rank_crashed_elsewhere"),
    ("WARNING 02-28 12:00:41 custom_all_reduce.py:136] Custom allreduce is disabled because your platform lacks GPU "
     "P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
     "log.p2p_unavailable", "acs_iommu_p2p"),
    ("(VllmWorkerProcess pid=351) WARNING 02-28 12:00:41 custom_all_reduce.py:136] Custom allreduce is disabled "
     "because it's not supported on more than two PCIe-only GPUs. To silence this warning, specify "
     "disable_custom_all_reduce=True explicitly.", "log.p2p_unavailable", "acs_iommu_p2p"),
]


def test_a_serving_worker_that_died_points_to_its_own_error() -> None:
    text = ("ERROR 08-14 12:08:39 [multiproc_executor.py:140] Worker proc VllmWorker-1 died unexpectedly, shutting "
            "down executor.\n")
    found = analyze_text(text)["findings"]
    assert [(f["id"], f["cause"]) for f in found if f["id"] == "log.worker_failed"] == [("log.worker_failed", None)]
    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n"
    assert lead(oom + text) == ("log.oom", "oom")


def test_pcie_only_gpus_are_a_hint_below_any_stated_cause() -> None:
    hint = ("WARNING 02-28 12:00:41 custom_all_reduce.py:136] Custom allreduce is disabled because it's not supported "
            "on more than two PCIe-only GPUs.\n")
    stated = "RuntimeError: CUDA error: out of memory\n"
    found = [f for f in analyze_text(hint + stated)["findings"] if f["cause"]]
    assert found[0]["cause"] == "oom" and found[-1]["id"] == "log.p2p_unavailable" and found[-1]["severity"] == "info"


@pytest.mark.parametrize(("line", "fid", "cause"), CASES, ids=[c[0][:50] for c in CASES])
def test_line_names_its_cause(line: str, fid: str, cause: str) -> None:
    assert_reads(line, fid, cause)


@pytest.mark.parametrize("line", [
    # Xid 45 follows another error: a consequence, never the lead over the Xid that caused it
    "[ 8123.456] NVRM: Xid (PCI:0000:1b:00): 45, pid=4321, Ch 00000010",
    # a corrected PCIe error and perftest's heading of its status line state no fault
    "[ 8123.456] pcieport 0000:00:01.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)",
    "Completion with error at client",
])
def test_lines_that_state_no_root_cause(line: str) -> None:
    found = analyze_text(line + "\n")["findings"]
    assert not [f for f in found if f["cause"] and f["severity"] == "error"]


def test_xid_45_ranks_after_the_xid_that_caused_it() -> None:
    text = ("[ 10.1] NVRM: Xid (PCI:0000:1b:00): 45, pid=4321, Ch 00000010\n"
            "[ 10.2] NVRM: Xid (PCI:0000:1b:00): 79, pid=4321, GPU has fallen off the bus.\n")
    assert lead(text) == ("log.cuda_error", "cuda_or_driver")
    first = next(f for f in analyze_text(text)["findings"] if f["cause"])
    assert first["severity"] == "error" and "(line 2: " in first["message"], first["message"]


def test_a_perftest_run_leads_with_its_decoded_status() -> None:
    """The shape ib_write_bw prints (header, addresses, the failed iteration): the status line leads, and
    its heading line is not a finding of its own."""
    text = ("---------------------------------------------------------------------------------------\n"
            "                    RDMA_Write BW Test\n"
            " Dual-port       : OFF\t\tDevice         : mlx5_0\n"
            " Link type       : Ethernet\n GID index       : 3\n"
            " local address: LID 0000 QPN 0x0108 PSN 0x3c3e1a RKey 0x203e00 VAddr 0x007f2d1c5f0000\n"
            " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
            "Conflicting CPU frequency values detected: 1500.000000 != 3200.000000. CPU Frequency is not max.\n"
            "Completion with error at client\n"
            "Failed status 12: wr_id 7 syndrom 0x81\n"
            "scnt=128, ccnt=0\n")
    first = next(f for f in analyze_text(text)["findings"] if f["cause"])
    assert (first["id"], first["cause"]) == ("log.ib_completion_error", "ib_timeout_or_retry")
    assert "RETRY_EXC" in str(first) and "0x81" in str(first)


# rdma-core libibverbs/enum_strs.c ibv_wc_status_str(): the text of each status the decoder knows, and its number.
WC_STATUS_TEXTS = [("local length error", 1), ("local QP operation error", 2), ("local protection error", 4),
                   ("Work Request Flushed Error", 5), ("local access error", 8), ("remote invalid request error", 9),
                   ("remote access error", 10), ("remote operation error", 11),
                   ("transport retry counter exceeded", 12), ("RNR retry counter exceeded", 13),
                   ("response timeout error", 20)]


@pytest.mark.parametrize(("text", "status"), WC_STATUS_TEXTS)
def test_libibverbs_status_words_are_decoded(text: str, status: int) -> None:
    from ncclkit.logs.ib_status import completion_status
    wc = completion_status(f"ibv_poll_cq: {text}")
    assert wc is not None and wc.status == status
    found = analyze_text(f"CQE ERROR wr_id=3 status={status}({text}) opcode=1 byte_len=0 vendor_err=0x81\n")["findings"]
    first = next(f for f in found if f["cause"])
    assert first["id"] == "log.ib_completion_error" and f"status {status} = IBV_WC_" in first["message"]
    assert "0x81 = remote transport retry exceeded" in first["message"]


def test_uccl_retry_exceeded_lines_name_the_retry_cause() -> None:
    line = ("CQE ERROR wr_id=3 status=12(transport retry counter exceeded) opcode=1 byte_len=0 vendor_err=0xa "
            "qp_num=0x2c10")
    assert_reads(line, "log.ib_completion_error", "ib_timeout_or_retry")
    assert_reads("ibv_poll_cq: local protection error", "log.ib_completion_error", "acs_iommu_p2p")
