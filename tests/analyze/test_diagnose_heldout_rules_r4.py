"""Rules added after measuring round 4 of the held-out threads (tests/diagnosis/corpus-heldout-r4-*),
each tested on the text that carries it and on the text that would prove it wrong."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.paste_text import unflatten


def found(text: str) -> list[dict]:
    return analyze_text(text)["findings"]


def first_cause(text: str) -> tuple[str, str]:
    f = next(f for f in found(text) if f["cause"])
    return f["id"], f["cause"]


# A paste that lost its line breaks (hiyouga/LlamaFactory#6111): NCCL INFO lines run together.
RUN_TOGETHER = ("[0] NCCL INFO NCCL_IB_DISABLE set by environment to 0. [0] NCCL INFO NCCL_IB_HCA set to "
                "mlx5_0:1,mlx5_1:1 [0] NCCL INFO NET/IB : No device found. [0] NCCL INFO NET/Socket : Using "
                "[0]eth0:10.47.14.218<0> [0] NCCL INFO Using network Socket\n")
# srun's "10: " prefix recurring on one line (awslabs/awsome-distributed-ai#192).
RUN_TOGETHER_SRUN = ('File "/x/torch/distributed/distributed_c10d.py", line 1906, in broadcast 10: work = '
                     "default_pg.broadcast([tensor], opts) 10: torch.distributed.DistBackendError: NCCL error in: "
                     "ProcessGroupNCCL.cpp:1331, unhandled system error (run with NCCL_DEBUG=INFO for details), "
                     "NCCL version 2.18.5 10: Last error: 10: socketStartConnect: Connect to 127.0.0.1<45069> "
                     "failed : Software caused connection abort\n")


def test_run_together_lines_are_read_as_the_lines_they_were() -> None:
    text, split = unflatten(RUN_TOGETHER)
    assert split == 1 and len(text.strip().splitlines()) == 5
    assert first_cause(RUN_TOGETHER) == ("log.net_socket", "socket_fallback")
    socket = next(f for f in found(RUN_TOGETHER) if f["id"] == "log.net_socket")
    assert "NET/IB found no device" in socket["message"] and socket["evidence"]["lines"] == [4, 5]
    assert "input.unflattened" in [f["id"] for f in found(RUN_TOGETHER)]
    assert first_cause(RUN_TOGETHER_SRUN)[1] == "wrong_interface"  # a rank dialled loopback


def test_lines_with_one_marker_or_prose_stay_whole() -> None:
    one = ("host:1:2 [0] NCCL INFO Channel 00/02 : 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 "
           "24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47\n")
    prose = ("Step 1: install the driver, then step 2: reboot; after that the job ran for a while and failed at "
             "step 3: the all_reduce of the first bucket, which is when I saw the error below.\n")
    for text in (one, prose):
        assert unflatten(text) == (text, 0)
        assert "input.unflattened" not in [f["id"] for f in found(text)]


# libibverbs (rdma-core init.c) in a container without the HCA's provider (horovod/horovod#1117).
NO_PROVIDER = "libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0\n"


def test_a_verbs_device_without_its_provider_means_sockets() -> None:
    assert first_cause(NO_PROVIDER) == ("log.verbs_provider_missing", "socket_fallback")
    # on one node nothing between nodes depends on it: stated, not blamed
    one_node = ("h:1:1 [0] NCCL INFO comm 0x1 rank 0 nRanks 2 nNodes 1 localRanks 2 localRank 0 MNNVL 0\n"
                + NO_PROVIDER)
    f = next(f for f in found(one_node) if f["id"] == "log.verbs_provider_missing")
    assert f["severity"] == "info"


# iproute2 `rdma link`, run three times while a port flaps (ROCm/rccl#1423).
FLAPPING = ("link mlx5_7/1 subnet_prefix fe80:0000:0000:0000 lid 3403 sm_lid 1 lmc 0 state DOWN physical_state POLLING\n"
            "link mlx5_7/1 subnet_prefix fe80:0000:0000:0000 lid 3403 sm_lid 1 lmc 0 state DOWN physical_state LINK_UP\n"
            "link mlx5_7/1 subnet_prefix fe80:0000:0000:0000 lid 3403 sm_lid 1 lmc 0 state ACTIVE physical_state LINK_UP\n")


def test_rdma_link_output_is_a_port_listing_and_a_flapping_port_is_named_once() -> None:
    r = analyze_text(FLAPPING)
    assert r["kind"] == "ibstat"
    downs = [f for f in r["findings"] if f["id"] == "ibstat.port_down"]
    assert len(downs) == 1 and "flapping" in downs[0]["message"] and downs[0]["cause"] == "ib_port_down_or_link"
    healthy = ("link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens1f0np0\n"
               "link mlx5_1/1 state ACTIVE physical_state LINK_UP netdev ens1f1np1\n")
    r = analyze_text(healthy)
    assert r["kind"] == "ibstat" and len(r["ports"]) == 2
    assert not [f for f in r["findings"] if f["id"] == "ibstat.port_down"]


def test_a_port_listing_pasted_after_a_log_points_at_its_own_line() -> None:
    log = "h:1:1 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\nh:1:1 [0] NCCL INFO Using network IB\n"
    r = analyze_text(log + FLAPPING)
    down = next(f for f in r["findings"] if f["id"] == "ibstat.port_down")
    assert down["evidence"]["lines"] == [3]


# graph/xml.cc in NCCL 2.7.8 under WSL2 (NVIDIA/nccl#573): the GPU's PCI path is not in /sys, and
# the NCCLCHECK trace that follows shows the init failed because of it.
REAL_PATH = ("h:1:1 [0] NCCL INFO NET/Socket : Using [0]eth0:172.27.213.95<0>\n"
             "h:1:1 [0] NCCL INFO Using network Socket\n"
             "NCCL version 2.7.8+cuda11.1\n"
             "h:1:2 [0] graph/xml.cc:332 NCCL WARN Could not find real path of /sys/class/pci_bus/0000:01/../../0000:01:00.0\n")
TRACE = ("h:1:2 [0] NCCL INFO graph/xml.cc:469 -> 2\n"
         "h:1:2 [0] NCCL INFO graph/topo.cc:523 -> 2\n"
         "h:1:2 [0] NCCL INFO init.cc:840 -> 2\n")


def test_a_usually_harmless_warning_followed_by_a_return_code_trace_is_the_failure() -> None:
    fatal = found(REAL_PATH + TRACE)
    topo = next(f for f in fatal if f["id"] == "log.topology_error")
    assert topo["severity"] == "error" and first_cause(REAL_PATH + TRACE) == ("log.topology_error",
                                                                             "topology_or_numa")
    # without the trace NCCL went on: a warning, and the socket network is named first
    survived = next(f for f in found(REAL_PATH) if f["id"] == "log.topology_error")
    assert survived["severity"] == "warning"


# Ray's warning inside a vLLM container started without --shm-size (vllm-project/vllm#1710), and
# `df -h` of a small and of a large /dev/shm.
RAY_SHM = ("2023-11-18 03:39:16,283 WARNING services.py:1996 -- WARNING: The object store is using /tmp "
           "instead of /dev/shm because /dev/shm has only 67108864 bytes available. This will harm performance!\n")
DF = "Filesystem      Size  Used Avail Use% Mounted on\nshm              {size}     0   {size}   0% /dev/shm\n"


def test_a_small_dev_shm_shown_by_other_tools_is_named() -> None:
    for text in (RAY_SHM, DF.format(size="64M")):
        assert first_cause(text) == ("log.shm_small", "shm_too_small"), found(text)
    large = found(DF.format(size="32G"))
    assert not [f for f in large if f["cause"] == "shm_too_small"], large


# Other tools' outputs users paste beside NCCL logs: MOFED's ibdev2netdev, the kernel's mlx5 driver,
# nvidia-smi without a GPU. ibdev2netdev's state is the netdev's: an Ethernet (RoCE) netdev down is its port down,
# an IPoIB netdev down says nothing of its RDMA port (imbue-ai/cluster-health#4: every ib* netdev Down on a healthy
# InfiniBand fabric without IPoIB addresses, `| column -t` padding the fields).
IBDEV2NETDEV = ("mlx5_0 port 1 ==> ib0 (Up)\nmlx5_1 port 1 ==> ens1f1np1 (Down)\n"
                "mlx5_2   port  1  ==>  ibp26s0        (Down)  # CX-7 1/8 infiniband\n")


def test_ibdev2netdev_is_a_port_listing() -> None:
    r = analyze_text(IBDEV2NETDEV)
    assert r["kind"] == "ibstat" and len(r["ports"]) == 3
    down = [f for f in r["findings"] if f["id"] == "ibstat.port_down"]
    assert [f["subject"] for f in down] == ["mlx5_1:1"] and down[0]["evidence"]["lines"] == [2]
    assert not [f for f in analyze_text("mlx5_0 port 1 ==> ib0 (Up)\n")["findings"]
                if f["id"] == "ibstat.port_down"]


def test_kernel_link_down_and_a_missing_gpu_are_read_outside_nccl_lines() -> None:
    dmesg = "[Mon Dec  1 10:00:00 2025] mlx5_core 0000:3b:00.0 ens1f0np0: Link down\n"
    assert first_cause(dmesg)[1] == "ib_port_down_or_link"
    assert first_cause("No devices were found\n") == ("log.gpu_missing", "cuda_or_driver")
    # the words inside prose are not nvidia-smi's answer
    prose = "No devices were found to be faulty after the reboot, the job still hangs at init.\n"
    assert "log.gpu_missing" not in [f["id"] for f in found(prose)]
