"""Rules added after measuring round 13 of the held-out threads (tests/diagnosis/corpus-heldout-r13-*):
NET/IB finding no device, torch.cuda's initialisation warning, CUDA's p2pBandwidthLatencyTest and setpci
reads of the ACS control registers; each tested on the text that carries it and on the text that would
prove it wrong."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text

P2P_TEST = """[P2P (Peer-to-Peer) GPU Bandwidth Latency Test]
Device: 0, NVIDIA RTX A6000, pciBusID: 3, pciDeviceID: 0, pciDomainID:0
Device: 1, NVIDIA RTX A6000, pciBusID: 21, pciDeviceID: 0, pciDomainID:0
Device=0 CAN Access Peer Device=1
Device=1 CAN Access Peer Device=0
Unidirectional P2P=Disabled Bandwidth Matrix (GB/s)
   D\\D     0      1
     0 673.20  13.15
     1  12.99 673.20
Unidirectional P2P=Enabled Bandwidth (P2P Writes) Matrix (GB/s)
   D\\D     0      1
     0 673.49  {p01}
     1  {p10} 672.33
"""


def causes(text: str) -> list[tuple[str, str]]:
    return [(f["id"], f["cause"]) for f in analyze_text(text)["findings"] if f["cause"]]


def test_nccl_ib_finding_no_device_is_the_socket_fallback() -> None:
    """pytorch/pytorch#111424: a container without /dev/infiniband; NCCL's IB transport found no device
    and, with no net plugin, NET/Socket was all that was left."""
    got = causes("node013:37715:38896 [0] NCCL INFO NET/IB : No device found.\n"
                 "node013:37715:38896 [0] NCCL INFO NCCL_IB_DISABLE set by environment to 0.\n")
    assert got[0] == ("log.net_socket", "socket_fallback")


def test_no_ib_device_beside_a_plugin_or_an_ib_channel_is_no_fallback() -> None:
    plugin = ("n:1:1 [0] NCCL INFO NET/IB : No device found.\n"
              "n:1:1 [0] NCCL INFO NET/Plugin: Loaded net plugin Libfabric (v8)\n")
    assert "log.net_socket" not in {i for i, _ in causes(plugin)}
    channel = ("n:1:1 [0] NCCL INFO NET/IB : No device found.\n"
               "n:1:1 [0] NCCL INFO Channel 00/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA\n")
    assert "log.net_socket" not in {i for i, _ in causes(channel)}


def test_torch_cuda_initialisation_warning_carries_its_cuda_error() -> None:
    """dstack#2348: "Error 802: system not yet initialized" inside torch.cuda's UserWarning is an NVSwitch
    system without a working fabric manager, not a harmless framework warning."""
    line = ("/opt/conda/lib/python3.9/site-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: "
            "Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling "
            "NumCudaDevices() that might have already set an error? Error 802: system not yet initialized "
            "(Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:109.)\n")
    assert causes(line)[0] == ("log.fabric_manager", "cuda_or_driver")
    harmless = "/x/torch/utils/data/dataloader.py:557: UserWarning: This DataLoader will create 16 worker processes\n"
    assert causes(harmless) == []


def test_p2p_slower_than_the_copy_through_host_memory_is_acs_or_the_iommu() -> None:
    """stas00/ml-engineering#1: P2P writes at 1.6-2.6 GB/s against 13-22 GB/s through the host on an AMD
    host whose IOMMU translated the peer writes."""
    got = analyze_text(P2P_TEST.format(p01="2.60", p10="2.12"))["findings"]
    assert (got[0]["id"], got[0]["cause"], got[0]["severity"]) == ("p2ptest.p2p_slow", "acs_iommu_p2p", "error")
    assert got[0]["evidence"]["pairs"] == ["0->1", "1->0"] and got[0]["evidence"]["lines"] == [10]


def test_p2p_faster_than_host_copies_is_healthy() -> None:
    assert causes(P2P_TEST.format(p01="25.10", p10="24.90")) == []


def test_cannot_access_peer_means_no_p2p_between_the_pair() -> None:
    got = causes("Device=0 CANNOT Access Peer Device=1\nDevice=1 CANNOT Access Peer Device=0\n"
                 "[P2P (Peer-to-Peer) GPU Bandwidth Latency Test]\n")
    assert got[0] == ("p2ptest.no_peer_access", "acs_iommu_p2p")


def test_acs_control_words_read_with_setpci() -> None:
    """pytorch/pytorch#24081: PLX switch ports reading 001d at f2a.w (ACS SrcValid, ReqRedir, CmpltRedir,
    UpstreamFwd) until ACS was disabled in the BIOS; all 0000 afterwards."""
    loop = "$ for plx in $(lspci | grep -i plx | awk '{print $1}'); do sudo setpci -s ${plx} f2a.w; done\n"
    on = causes(loop + "0000\n001d\n001d\n0000\n")
    assert on[0] == ("pcie.acs_enabled", "acs_iommu_p2p")
    assert causes(loop + "0000\n0000\n0000\n") == []
    assert causes("0000\n001d\n001d\n") == []  # bare words without the read that printed them


TABLE = """mpirun -np 2 -npernode 1 -x NCCL_DEBUG=WARN {proto}-H a:8,b:8 all_reduce_perf -g 1 -d float -b 8388608
Using devices
Rank  0 Pid 2304899 on a100-01 device  0 [0x54] NVIDIA A100-SXM4-80GB
NCCL version 2.10.3+cuda11.6
       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  error
     8388608       2097152     float     sum   5729.5    1.46    1.46  0e+00   5477.3    1.53    1.53  1e+00
Out of bounds values : 2 FAILED
Avg bus bandwidth    : 1.49781
"""


def top(text: str) -> tuple[str, str | None]:
    got = analyze_text(text)
    return got["kind"], next((f["cause"] for f in got["findings"] if f["cause"]), None)


def test_nccl_tests_pasted_outside_a_code_block_is_still_its_table() -> None:
    """NVIDIA/nccl#831: markdown ate the "#" of the header and summary lines; the table is still the artifact."""
    assert top(TABLE.format(proto=""))[0] == "nccl_tests"


def test_wrong_results_with_ll128_forced_name_the_forced_protocol() -> None:
    """NVIDIA/nccl#831: NCCL_PROTO=LL128 over sockets; graph/tuning.cc enables LL128 only where tested."""
    assert top(TABLE.format(proto="-x NCCL_PROTO=LL128 ")) == ("nccl_tests", "other")
    assert top(TABLE.format(proto="-x NCCL_PROTO=^LL128 ")) == ("nccl_tests", "cuda_or_driver")
    assert top(TABLE.format(proto="")) == ("nccl_tests", "cuda_or_driver")


TOPO = ("\tGPU0\tGPU1\tNIC0\tCPU Affinity\tNUMA Affinity\nGPU0\t X \tSYS\tSYS\t0-55\t0\nGPU1\tSYS\t X \tSYS\t0-55\t0\n"
        "NIC0\tSYS\tSYS\t X \n\nNIC Legend:\n\n  NIC0: mlx5_0\n")


def test_a_results_table_pasted_with_a_topology_matrix_stays_the_artifact() -> None:
    """`nvidia-smi topo -m` beside nccl-tests output (or a vLLM collect_env report, which carries one):
    the table is read, and the matrix as a block inside it; the other way round the table was lost."""
    got = analyze_text(TOPO + "\n" + TABLE.format(proto=""))
    assert got["kind"] == "nccl_tests" and "tests.wrong_results" in {f["id"] for f in got["findings"]}
    assert "topo.gdr_distance" in {f["id"] for f in got["findings"]}
    summaries = TOPO + "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 3.94145 \n#\n" \
                       "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 3.94156 \n"
    got = analyze_text(summaries)
    assert got["kind"] == "nccl_tests" and "tests.duplicated_output" in {f["id"] for f in got["findings"]}
    assert analyze_text(TOPO)["kind"] == "topo"
