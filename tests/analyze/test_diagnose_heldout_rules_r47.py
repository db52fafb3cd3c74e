"""Rules from round 47 of the held-out measurement (multi-node NVLink and IMEX, HPC containers, driver-side
repositories), each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, lead

from ncclkit.logs.analyze import analyze_text


# microsoft/mscclpp#467: cuMemCreate of a fabric handle refused in docker until an IMEX channel was created.
def test_a_cumem_call_refused_is_the_missing_imex_channel() -> None:
    line = ("mscclpp._mscclpp.CuError: (800, 'Call to cuMemCreate(&memHandle, nbytes, &prop, 0 ) failed./root/"
            "mscclpp/src/gpu_utils.cc:113 (Cu failure: operation not permitted)')\n")
    assert lead(line) == ("log.fabric_manager", "cuda_or_driver")
    assert lead("cuMemImportFromShareableHandle failed: CUDA_ERROR_NOT_PERMITTED\n") == (
        "log.fabric_manager", "cuda_or_driver")
    # Out of memory in the same call is memory, and "operation not permitted" elsewhere is not the fabric.
    assert lead("CuError: (2, 'Call to cuMemCreate(&h, n, &prop, 0) failed (Cu failure: out of memory)')\n") != (
        "log.fabric_manager", "cuda_or_driver")
    assert lead("bash: ulimit: max locked memory: cannot modify limit: Operation not permitted\n") != (
        "log.fabric_manager", "cuda_or_driver")


# linux-system-roles/hpc#85: CycleCloud's health agent on a GB200 rack without the IMEX daemon. "report Error"
# is not an RDMA port error.
def test_imex_domain_degraded_is_the_fabric_and_report_error_is_no_port_error() -> None:
    text = ('"description": "BackgroundGPUHealthChecks report Error count=1 subsystem=NvLink",\n'
            '"details": "IMEX domain status is DEGRADED (unhealthy) Check IMEX installation, configuration, domain '
            'and daemon status, and network connectivity.",\n')
    assert causes(text)[0] == ("log.fabric_manager", "cuda_or_driver")
    assert "ib_port_down_or_link" not in {c for _, c in causes(text)}
    # NCCL's own port error still is one.
    assert lead("node1:12:40 [0] NCCL WARN NET/IB : mlx5_0:1 async fatal event: port error\n") == (
        "log.ib_port_event", "ib_port_down_or_link")


# apptainer/singularity#5195: PMIx's shared-memory store failed in the container; PMIX_MCA_gds=hash worked.
def test_pmix_dstore_failure_is_the_launch_not_nccl() -> None:
    text = ("[lxbk0609:07143] PMIX ERROR: ERROR in file gds_dstore.c at line 1244\n"
            "[lxbk0609:07143] PMIX ERROR: OUT-OF-RESOURCE in file gds_dstore.c at line 1017\n")
    assert lead(text) == ("log.launch_config", "other")
    assert lead("[n1:3975416] PMIX ERROR: OUT-OF-RESOURCE in file ../src/mca/gds/ds12/gds_ds12_lock_pthread.c "
                "at line 206\n") == ("log.launch_config", "other")
    # Another PMIx file's error is not the store.
    assert lead("[n1:41004] PMIX ERROR: OUT-OF-RESOURCE in file src/client/pmix_client.c at line 231\n") != (
        "log.launch_config", "other")


# Oneflow-Inc/oneflow#9115: the IB stack stopped, NCCL on sockets over eno1 and two veths. The fallback leads;
# the veths only warn while no socket failed.
def test_socket_fallback_leads_the_virtual_interfaces_of_a_healthy_log() -> None:
    head = ("Failed to get IB devices list: Function not implemented\n"
            "h1:1:2 [0] NCCL INFO Bootstrap : Using eno1:192.168.1.15<0>\n"
            "h1:1:2 [0] NCCL INFO NET/IB : No device found.\n"
            "h1:1:2 [0] NCCL INFO NET/Socket : Using [0]eno1:192.168.1.15<0> [1]veth2ea2288:fe80::78d8:4eff:fe15:"
            "8fed%veth2ea2288<0>\n"
            "h1:1:2 [0] NCCL INFO Using network Socket\n")
    found = causes(head)
    assert found[0][1] == "socket_fallback"
    assert ("env.ifname_virtual", "wrong_interface") in found
    # Once a socket fails, the interface that cannot join nodes leads.
    failing = head + "h1:1:2 [0] NCCL WARN socketProgress: Connection closed by remote peer h2<43210>\n"
    assert causes(failing)[0] == ("env.ifname_virtual", "wrong_interface")


# NVIDIA/pyxis#81 (round 42): the same PMIx error, then the ranks ran and CUDA failed: the CUDA error leads.
def test_a_pmix_store_error_the_ranks_outlive_is_not_the_lead() -> None:
    text = ("[node-1:08575] PMIX ERROR: ERROR in file gds_ds12_lock_pthread.c at line 168\n"
            "# nThread 1 nGpus 1 minBytes 1048576 maxBytes 4294967296 step: 2(factor) warmup iters: 5 iters: 20\n"
            "node-1: Test CUDA failure common.cu:1045 'unknown error'\n")
    assert causes(text)[0][1] == "cuda_or_driver"
    assert ("log.launch_config", "other") in causes(text)


# Mellanox/gpu_direct_rdma_access#5: registering the GPU buffer failed while the nv_peer_mem service was off.
def test_a_gpu_mr_refused_is_gpudirect_rdma() -> None:
    assert lead("Couldn't register GPU MR\n") == ("log.gdr_disabled", "gdr_unavailable")
    assert lead("Couldn't allocate MR\n") == ("log.ibv_reg_mr_failed", "memlock_or_ulimit")



# lasgroup/SDPO#39 (two Modal nodes NCCL took for one host) against NVIDIA-NeMo/RL#3155 (Ray's interleaved
# placement put two ranks on one GPU): ranks a node apart keep the program's placement first, two hosts that look
# like one next.
def test_a_duplicate_gpu_of_ranks_a_node_apart_may_be_two_hosts_that_look_like_one() -> None:
    far = "ncclInvalidUsage: Duplicate GPU detected : rank 9 and rank 1 both on CUDA device 5a000\n"
    assert causes(far)[:2] == [("log.duplicate_gpu", "application_bug"), ("log.alternative", "hostname_resolution")]
    near = "ncclInvalidUsage: Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 1000\n"
    assert "hostname_resolution" not in {c for _, c in causes(near)}


# discuss.pytorch.org 187589 (round 48): c10d's IPv6 warnings of a job that worked. Answered as harmless, not left
# unrecognised; a failure beside them still leads.
def test_a_paste_of_harmless_lines_only_is_answered_so() -> None:
    ipv6 = ("[W socket.cpp:426] [c10d] The server socket cannot be initialized on [::]:1234 (errno: 97 - Address "
            "family not supported by protocol).\n")
    found = analyze_text(ipv6)["findings"]
    assert (found[0]["id"], found[0]["cause"]) == ("log.no_failure", None)
    assert "IPv6" in found[0]["message"]
    failing = ipv6 + "RuntimeError: CUDA error: out of memory\n"
    assert "log.no_failure" not in {f["id"] for f in analyze_text(failing)["findings"]}
    assert lead(failing)[1] == "oom"
    # Words of a failure no row reads keep the guess, not the all-clear.
    odd = ipv6 + "worker 3 failed with exit status 1 while loading shards\n"
    assert "log.no_failure" not in {f["id"] for f in analyze_text(odd)["findings"]}


# horovod/horovod#893 (round 48): NCCL 2.4.2's shared-memory segments of one name (NVIDIA/nccl#185, fixed in 2.4.6).
# 2.12+'s shmutils.cc registers only a segment fallocate sized, so its registration failure is no size problem
# (NVIDIA/nccl#1518).
def test_the_shm_registration_bug_of_nccl_2_4_is_named_where_the_version_shows() -> None:
    warn = "h1:151780:151928 [2] include/shm.h:42 NCCL WARN Cuda failure 'invalid argument'\n"
    for version, cause in (("2.4.2", "other"), ("2.4.7", "shm_too_small")):
        text = f"h1:151778:151927 [0] NCCL INFO NCCL version {version}+cuda10.0\n" + warn
        assert lead(text) == ("log.shm_error", cause)
    assert lead(warn) == ("log.shm_error", "shm_too_small")
    assert lead(warn.replace("include/shm.h:42", "misc/shmutils.cc:103")) == ("log.shm_error", "other")
