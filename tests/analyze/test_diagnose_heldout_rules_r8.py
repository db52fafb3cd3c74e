"""Rules added after measuring round 8 of the held-out threads (tests/diagnosis/corpus-heldout-r8-*),
each tested on the text that carries it and on the text that would prove it wrong."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text


def found(text: str) -> list[dict]:
    return analyze_text(text)["findings"]


def causes(text: str) -> list[tuple[str, str]]:
    return [(f["id"], f["cause"]) for f in found(text) if f["cause"]]


H = "dso-s1-r1-a100-03:2330:2658 [2] NCCL INFO "
IB = (H + "NET/IB : Using [0]mlx5_0:1/IB/SHARP [1]mlx5_1:1/IB/SHARP [8]mlx5_8:1/RoCE [RO]; "
      "OOB ibp75s0:192.168.0.103<0>\n" + H + "Using network IBext\n")


def trace(*sites: str) -> str:
    return "".join(f"{H}{site}\n" for site in sites)


def test_a_bootstrap_trace_without_its_warn_is_a_bootstrap_failure() -> None:
    """NVIDIA/nccl#1000: only "misc/socket.cc:567 -> 2 ... bootstrap.cc:270 -> 2" survived in the
    paste; the startup exchange over TCP failed, on the interface NCCL's sockets use (the IB OOB line)."""
    text = IB + trace("misc/socket.cc:567 -> 2", "misc/socket.cc:618 -> 2", "bootstrap.cc:270 -> 2")
    assert causes(text)[0] == ("log.bootstrap_error", "wrong_interface")
    lead = found(text)[0]
    assert "ibp75s0" in lead["message"] and lead["evidence"]["lines"] == [5]
    assert "firewall_or_port_blocked" in lead["evidence"]["alternatives"]
    assert not any(f["id"] == "log.nccl_error_code" for f in found(text))


def test_a_shared_memory_trace_without_its_warn_is_the_shm_segment() -> None:
    text = trace("misc/shmutils.cc:110 -> 2", "transport/shm.cc:480 -> 2", "init.cc:1234 -> 2")
    assert causes(text)[0] == ("log.shm_error", "shm_too_small")


def test_traces_of_other_codes_or_beside_a_warn_that_names_the_cause_add_nothing() -> None:
    # ncclInvalidUsage through bootstrap.cc is a misuse, not a network failure
    assert causes(trace("bootstrap.cc:270 -> 5", "init.cc:1400 -> 5")) == []
    # socket.cc alone (a proxy or net socket) does not say which exchange failed
    assert causes(trace("misc/socket.cc:567 -> 2", "proxy.cc:1100 -> 2")) == []
    # a WARN that names the cause keeps it; the trace adds no second finding
    oom = H.replace("INFO ", "WARN ") + "Cuda failure 'out of memory'\n"
    got = causes(oom + trace("misc/shmutils.cc:110 -> 2", "bootstrap.cc:270 -> 2"))
    assert got[0][1] == "oom" and not any(i in ("log.shm_error", "log.bootstrap_error") for i, _ in got)


def nccl_tests_head(hosts: tuple[str, ...]) -> str:
    """nccl-tests 2.x output up to NCCL's init, as NVIDIA/nccl#257 pasted it (4 GPUs, one process)."""
    ranks = "".join(f"#   Rank {r:2d} Pid  15833 on {h} device  {r} [0x0{r + 2}] GeForce GTX 1080 Ti\n"
                    for r, h in enumerate(hosts))
    return ("# nThread 1 nGpus 4 minBytes 8 maxBytes 268435456 step: 2(factor) warmup iters: 5 iters: 20 "
            "validation: 1\n#\n# Using devices\n" + ranks +
            f"{hosts[0]}:15833:15833 [0] NCCL INFO Bootstrap : Using [0]eth0:10.2.3.32<0>\n"
            f"{hosts[0]}:15833:15833 [0] misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]\n"
            f"{hosts[0]}:15833:15833 [0] NCCL INFO NET/Socket : Using [0]eth0:10.2.3.32<0>\n"
            "NCCL version 2.4.8+cuda10.0\n"
            f"{hosts[0]}:15833:15833 [3] NCCL INFO nranks 4\n")


ROWS = ("#                                                     out-of-place                       in-place\n"
        "#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  error\n"
        "           8             2     float     sum    24.43    0.00    0.00  0e+00    24.06    0.00    0.00  0e+00\n"
        "          16             4     float     sum    23.86    0.00    0.00  0e+00    23.71    0.00    0.00  0e+00\n")


def test_nccl_tests_on_one_node_that_stop_before_any_row_point_at_pcie_p2p() -> None:
    """NVIDIA/nccl#257 (IOMMU) and nccl-tests#115 (AMD IOMMU): the header, the ranks of one host, NCCL's
    init, then nothing: a silent hang between GPUs of one node."""
    one = ("gpu-box",) * 4
    assert causes(nccl_tests_head(one))[0] == ("log.single_node_stall", "acs_iommu_p2p")
    lead = found(nccl_tests_head(one))[0]
    assert "NCCL_P2P_DISABLE=1" in lead["fix"] and lead["severity"] == "warning"


def test_rows_an_error_or_two_nodes_are_no_single_node_stall() -> None:
    one = ("gpu-box",) * 4
    assert all(i != "log.single_node_stall" for i, _ in causes(nccl_tests_head(one) + ROWS))
    failed = "gpu-box:15833:15833 [0] init.cc:1234 NCCL WARN Cuda failure 'out of memory'\n"
    assert causes(nccl_tests_head(one) + failed)[0][1] == "oom"
    assert all(i != "log.single_node_stall" for i, _ in causes(nccl_tests_head(one) + failed))
    two = ("node-a", "node-a", "node-b", "node-b")
    assert all(i != "log.single_node_stall" for i, _ in causes(nccl_tests_head(two)))


def test_a_cuda_library_nccl_could_not_load_is_a_warning_init_survives() -> None:
    """misc/cudawrap.cc's load failure is ignored by every init since 2.13 ("(void)ncclCudaLibraryInit()"):
    nccl-tests#115 kept running after it and hung for another reason."""
    warn = ("SAIS1020:28329:28329 [0] misc/cudawrap.cc:90 NCCL WARN Failed to find CUDA library in "
            "/usr/local/cuda-11.7 (NCCL_CUDA_PATH=/usr/local/cuda-11.7)\n")
    got = next(f for f in found(warn) if f["id"] == "log.cuda_driver_load")
    assert got["severity"] == "warning" and got["cause"] == "cuda_or_driver"
    old_driver = ("node1:1:1 [0] enqueue.cc:100 NCCL WARN The installed CUDA driver is older than the minimum "
                  "version (R465) required for NCCL's CUDA Graphs support\n")
    assert causes(old_driver)[0] == ("log.cuda_driver_unsupported", "cuda_or_driver")
    assert found(old_driver)[0]["severity"] == "error"


def test_a_timeout_on_one_node_names_pcie_p2p_among_its_alternatives() -> None:
    one_node = ("node1:1234:1240 [0] NCCL INFO comm 0x55 rank 0 nRanks 2 nNodes 1 localRanks 2 localRank 0 "
                "MNNVL 0\n")
    timeout = ("[rank0]:[E1201 10:00:00.000000000 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective "
               "operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) "
               "ran for 600081 milliseconds before timing out.\n")
    alts = next(f for f in found(one_node + timeout) if f["id"] == "log.timeout")["evidence"]["alternatives"]
    assert "acs_iommu_p2p" in alts
    two_nodes = one_node.replace("nNodes 1", "nNodes 2")
    alts = next(f for f in found(two_nodes + timeout) if f["id"] == "log.timeout")["evidence"].get("alternatives", [])
    assert "acs_iommu_p2p" not in alts


def test_efa_that_cannot_reach_its_peer_is_the_security_group() -> None:
    """aws-ofi-nccl#663 and #156: EFA's address-vector insert and libfabric's tx errors were the security
    group; a generic OFI request error stays the plugin's."""
    av = ("[rank1]: ncclInternalError: Internal check failed.\n[rank1]: Last error:\n"
          "[rank1]: NET/OFI Unable to insert remote address into address vector for device 1. RC: 0\n")
    assert causes(av)[0] == ("log.ofi_error", "firewall_or_port_blocked")
    tx = ("[1,13]<stderr>:libfabric:35:1668017255::efa:cq:rxr_cq_write_tx_error():243<warn> rxr_cq_write_tx_error: "
          "err: 20, prov_err: Not a directory (20)\n")
    assert causes(tx)[0] == ("log.ofi_error", "firewall_or_port_blocked")
    generic = ("node1:35:89 [5] ofi_process_cq:1039 NCCL WARN NET/OFI Request 0x7fbb944701b8 completed with error. "
               "RC: 5. Error: Input/output error.\n")
    assert causes(generic)[0] == ("log.ofi_error", "net_plugin_error")
