"""Rules added after measuring a held-out corpus (tests/diagnosis/corpus-heldout-nccl): each is tested
on the text that carries it and on the text that would prove it wrong.

Lines are NCCL's format strings as printed (src/ file named per test), the fabric manager's log and
torchrun's launcher lines as they appear in public threads.
"""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text

SEV = {"error": 0, "warning": 1, "info": 2}


def ranked(text: str) -> list[tuple[str, str, str]]:
    found = analyze_text(text)["findings"]
    keyed = sorted((SEV[f["severity"]], i, f["id"], f["cause"], f["severity"])
                   for i, f in enumerate(found) if f["cause"])
    return [(fid, cause, sev) for _, _, fid, cause, sev in keyed]


# enqueue.cc: INFO before 2.26, WARN "cudaArch %d ncclMaxSharedMem ..." from 2.26.
SHARED_MEM = ("h:1:1 [0] NCCL INFO NCCL version 2.25.1+cuda12.8\n"
              "h:1:2 [0] NCCL INFO ncclMaxSharedMem 82240 exceeds device/fn maxSharedMem 79856\n")
SHARED_MEM_WARN = ("h:1:1 [0] NCCL INFO NCCL version 2.26.2+cuda12.8\n"
                   "h:1:2 [0] enqueue.cc:69 NCCL WARN cudaArch 1200 ncclMaxSharedMem 82240 exceeds device/fn "
                   "maxSharedMem 79856\n")


def test_kernels_needing_more_shared_memory_than_the_gpu_has() -> None:
    for text in (SHARED_MEM, SHARED_MEM_WARN):
        first = ranked(text)[0]
        assert first[:2] == ("log.kernel_shared_mem", "other"), ranked(text)
    # A log that only mentions the variable (NCCL_MAX_SHARED_MEM... is not a NCCL variable; the INFO
    # line without "exceeds") is no finding.
    quiet = "h:1:2 [0] NCCL INFO ncclMaxSharedMem 82240 set\n"
    assert not [r for r in ranked(quiet) if r[0] == "log.kernel_shared_mem"]


LISTING = ("#  Rank  0 Group  0 Pid   4766 on   GENOA-06 device  0 [0x21] NVIDIA GeForce RTX 5090\n"
           "#  Rank  1 Group  0 Pid   4766 on   GENOA-06 device  1 [0x61] NVIDIA GeForce RTX 5090\n")
# misc/ibvwrap.cc (WARN up to 2.18, INFO after): the WARN form, which alone is a warning finding.
NO_VERBS = ("GENOA-06:4766:4780 [0] misc/ibvwrap.cc:61 NCCL WARN Failed to open libibverbs.so[.1]\n"
            "GENOA-06:4766:4780 [0] NCCL INFO Using network Socket\n")


def _every(text: str) -> dict[str, tuple[str, str | None]]:
    """(severity, cause) of every finding, causes or not."""
    return {f["id"]: (f["severity"], f["cause"]) for f in analyze_text(text)["findings"]}


def test_network_findings_do_not_explain_a_one_node_job() -> None:
    # On one node the fallback is shown as a fact that names no cause.
    assert _every(LISTING + NO_VERBS)["log.libibverbs_missing"] == ("info", None)
    init = "GENOA-06:4766:4780 [0] NCCL INFO comm 0x55 rank 0 nRanks 2 nNodes 1 localRanks 2 localRank 0 MNNVL 0\n"
    assert _every(init + NO_VERBS)["log.libibverbs_missing"] == ("info", None)
    # Two nodes, or a listing that does not show every rank (one rank's excerpt): the fallback counts.
    two = init.replace("nNodes 1", "nNodes 2")
    assert {fid: sev for fid, _, sev in ranked(two + NO_VERBS)}["log.libibverbs_missing"] == "warning"
    partial = LISTING.splitlines(keepends=True)[1]
    assert {fid: sev for fid, _, sev in ranked(partial + NO_VERBS)}["log.libibverbs_missing"] == "warning"
    other_host = LISTING.replace("on   GENOA-06 device  1", "on   GENOA-07 device  1")
    assert {fid: sev for fid, _, sev in ranked(other_host + NO_VERBS)}["log.libibverbs_missing"] == "warning"


def test_fabric_manager_log_multicast_team_error() -> None:
    fm = ("[Oct 31 2023 20:45:27] [INFO] [tid 526845] Successfully configured all the available NVSwitches\n"
          "[Oct 31 2023 20:59:37] [ERROR] [tid 527118] failed to release multicast team with handle "
          "17117060486525261364, cannot find the team\n")
    assert ranked(fm)[0][:2] == ("log.fabric_manager", "cuda_or_driver")
    healthy = fm.splitlines(keepends=True)[0]
    assert not ranked(healthy)


def test_net_ib_size_mismatch_is_the_ranks_setup_then_a_desync() -> None:
    # transport/net_ib.cc (<= 2.19): "NET/IB : req %d/%d tag %x peer %s collective mismatch error, ..." (NVIDIA/nccl#969:
    # "environment configure error"; sweep 117's threads: NCCL versions, settings or a NIC's ordering differ)
    line = ("h:1:2 [0] transport/net_ib.cc:1038 NCCL WARN NET/IB : req 0/1 tag 0 peer 10.10.23.6<58683> "
            "collective mismatch error, local size 496640 remote size 65536\n")
    assert ranked(line)[0][:2] == ("log.transport_size_mismatch", "nccl_version_mismatch")
    assert "hang_collective_mismatch" in [c for _, c, _ in ranked(line)][:3]


def test_torchrun_reporting_its_own_worker_is_not_a_peer_failure() -> None:
    own = ("ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 1050) "
           "of binary: /opt/conda/bin/python\n")
    assert "rank_crashed_elsewhere" not in [c for _, c, _ in ranked(own)]
    # With the worker's own error above it, that error leads.
    with_cause = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n" + own
    assert ranked(with_cause)[0][1] == "oom"
    # A signal is still a kill (process_killed), and NCCL's remote error still points elsewhere.
    assert ranked(own.replace("exitcode: 1", "exitcode: -9"))[0][0] == "log.process_killed"
    remote = "RuntimeError: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\n"
    assert ranked(remote)[0][1] == "rank_crashed_elsewhere"


def test_config_attribute_left_undefined_is_a_header_library_mismatch() -> None:
    # init.cc parseCommConfig of 2.14 accepts blocking 0 or 1; INT_MIN is NCCL_CONFIG_UNDEF_INT of newer
    # headers (nccl.h 2.17+): the program was built for a newer NCCL than the one it loaded.
    text = ("DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:219, invalid argument, "
            "NCCL version 2.14.3\nncclInvalidArgument: Invalid value for an argument.\nLast error:\n"
            "Invalid config blocking attribute value -2147483648\n")
    assert ranked(text)[0][1] == "nccl_version_mismatch"
    # A value the caller really set wrong (2) is a misuse, not a version mismatch.
    assert ranked(text.replace("-2147483648", "2"))[0][1] == "application_bug"


def test_a_rank_that_advertised_loopback_explains_the_refused_connects() -> None:
    refused = ("[rank8] Gloo connectFullMesh failed ... timed out connecting: SO_ERROR: Connection refused,\n"
               "RuntimeError: Gloo connectFullMesh failed ...\n")
    warning = ("[rank8] Warning: Unable to resolve hostname to a (local) address. Using the loopback\n"
               "        address as fallback. Manually set the network interface with GLOO_SOCKET_IFNAME\n")
    assert ranked(warning + refused)[0][1] == "wrong_interface"
    # Without it, Gloo's failed full mesh still names the interface first (in the resolved threads it was a
    # rank's unreachable address), a firewall among the alternatives.
    assert ranked(refused)[0][1] == "wrong_interface"
    assert "firewall_or_port_blocked" in [r[1] for r in ranked(refused)[:3]]


def test_socket_network_alone_is_named_unless_the_job_is_on_one_node() -> None:
    line = "NCCL INFO NET/Socket : Using [0]bond0:200.8.184.2<0>\n"
    assert ranked(line)[0][:3] == ("log.net_socket", "socket_fallback", "warning")
    one = "h:1:1 [0] NCCL INFO comm 0x55 rank 0 nRanks 8 nNodes 1 localRanks 8 localRank 0 MNNVL 0\n"
    assert _every(one + line)["log.net_socket"] == ("info", None)
    ib = "NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB ; OOB bond0:200.8.184.2<0>\n"
    assert not [r for r in ranked(ib) if r[0] == "log.net_socket"]


def test_nccl_message_quoted_without_its_prefix() -> None:
    # net_ib.cc prints "NET/IB : GPU Direct RDMA Disabled for HCA %d '%s'"; users quote it as "INFO NET/IB ...".
    quoted = ("cat: /sys/kernel/mm/memory_peers/nv_mem_nc/version: No such file or directory\n"
              "INFO NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'\n")
    assert ranked(quoted)[0][1] == "gdr_unavailable"
    # Other tools' INFO lines are not made NCCL lines (vLLM's "INFO 12-01 ...", Python logging's "INFO:").
    other = "INFO 12-01 10:00:00 llm_engine.py:161] Initializing an LLM engine\nINFO: Started server process\n"
    assert analyze_text(other)["kind"] == "unknown"


def test_gloo_interface_without_an_address() -> None:
    # gloo/transport/tcp/device.cc lookupAddrForIface, through ProcessGroupGloo.
    for name in ("bond1", "^lo"):
        text = (f"RuntimeError: [enforce fail at /root/pytorch/third_party/gloo/gloo/transport/tcp/device.cc:83] "
                f"ifa != nullptr. Unable to find address for: {name}\n")
        assert ranked(text)[0][:2] == ("log.gloo_interface", "wrong_interface")


def test_timeout_keyword_in_traceback_source_is_no_timeout() -> None:
    source = ("  File \"/usr/lib/python3/site-packages/torch/distributed/distributed_c10d.py\", line 703, in _new\n"
              "    pg = ProcessGroupGloo(prefix_store, rank, world_size, timeout=timeout)\n")
    assert not [r for r in ranked(source + "RuntimeError: boom\n") if r[0] == "log.timeout"]
    # torch 1.x's TCPStore client timing out (huggingface/accelerate#2229: torchelastic's store barrier), the
    # request 2.x raises as DistStoreError
    real = "RuntimeError: Socket Timeout\n"
    assert ranked(real)[0][0] == "log.rendezvous_timeout"


def test_duplicate_gpu_quoted_alone() -> None:
    # init.cc: WARN "Duplicate GPU detected : rank %d and rank %d both on CUDA device %lx" (ncclInvalidUsage).
    assert ranked("Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 50\n")[0][1] == "application_bug"


def test_invalid_usage_at_init_is_not_a_collective_mismatch() -> None:
    init = "[rank1]: NCCL error ... invalid usage ... ncclCommInitRank\n"
    assert "hang_collective_mismatch" not in [c for _, c, _ in ranked(init)]
    later = "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1970, invalid usage, NCCL version 2.21.5\n"
    assert "hang_collective_mismatch" in [c for _, c, _ in ranked(later)]


def test_nccl_tests_processes_that_did_not_join_one_mpi_job() -> None:
    launch = "mpirun --allow-run-as-root -np 2 -H 10.0.0.15,10.0.0.16 /opt/nccl-tests/build/all_reduce_perf -g 8\n"
    header = ("# nThread 1 nGpus 8 minBytes 1073741824 maxBytes 8589934592 step: 2(factor) warmup iters: 5 "
              "iters: 20 agg iters: 1 validation: 1 graph: 0\n#\n# Using devices\n"
              "#  Rank  0 Group  0 Pid    798 on       hw14 device  0 [0x0f] NVIDIA H800\n")
    assert ranked(launch + header * 2)[0][:2] == ("log.tests_not_one_job", "other")
    # One header (a working MPI job), or two runs on one host without a multi-host launch: nothing.
    assert not [r for r in ranked(launch + header) if r[0] == "log.tests_not_one_job"]
    assert not [r for r in ranked(header * 2) if r[0] == "log.tests_not_one_job"]


def test_mpi_transport_errors_are_not_nccl_invalid_arguments() -> None:
    ucc = ("[1723337199.099229] [ai-worker03:1382 :0] tl_shm_team.c:617 TL_SHM ERROR Child failed to attach "
           "to shmseg, errno: Invalid argument\n")
    first = ranked(ucc)[0]
    # UCC's shm team between containers of one host without a shared IPC namespace (openucx/ucx#10055)
    assert first[:2] == ("log.shm_error", "shm_too_small")
    assert "application_bug" not in [c for _, c, _ in ranked(ucc)]
    nccl = "DistBackendError: NCCL error in: NCCLUtils.hpp:219, invalid argument, NCCL version 2.14.3\n"
    assert ranked(nccl)[0][0] == "log.invalid_usage"


def test_legacy_nccl_1_leads_over_the_cuda_error_it_gives() -> None:
    text = ("# NCCL Tests compiled with NCCL 1.0\n# Using devices\n"
            "NCCL failure all_reduce.cu:95 'unhandled cuda error'\n")
    assert ranked(text)[0][:2] == ("log.legacy_nccl", "nccl_version_mismatch")
    current = text.replace("NCCL 1.0", "NCCL 2.18")
    assert ranked(current)[0][1] == "cuda_or_driver"


def test_show_gids_cut_inside_the_last_port_is_not_a_missing_gid() -> None:
    head = "DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---\n"

    def port(dev: str, net: str, octet: int, rows: int) -> str:
        full = [f"{dev}\t1\t4\tfe80:0000:0000:0000:a4ed:ccff:fe8b:19{octet:02x}\t\t\tv1\t{net}",
                f"{dev}\t1\t5\tfe80:0000:0000:0000:a4ed:ccff:fe8b:19{octet:02x}\t\t\tv2\t{net}",
                f"{dev}\t1\t6\t0000:0000:0000:0000:0000:ffff:0a98:{octet:04x}\t10.152.0.{octet}  \tv1\t{net}",
                f"{dev}\t1\t7\t0000:0000:0000:0000:0000:ffff:0a98:{octet:04x}\t10.152.0.{octet}  \tv2\t{net}"]
        return "\n".join(full[:rows]) + "\n"

    cut = head + port("mlx5_0", "net1", 12, 4) + port("mlx5_1", "net2", 13, 4) + port("mlx5_2", "net3", 14, 1)
    ids = {f["id"]: f for f in analyze_text(cut)["findings"]}
    assert "show_gids.gid_missing" not in ids and ids["show_gids.listing_cut"]["subject"] == "mlx5_2:1"
    # Indices from 4 up: a container's sparse table, which NCCL 2.21 - 2.26.1 can fail on.
    assert "NCCL_IB_GID_INDEX=7 there" in ids["show_gids.gid_index"]["message"]
    dense = cut.replace("\t1\t4\t", "\t1\t0\t")
    assert "there" not in {f["id"]: f for f in analyze_text(dense)["findings"]}["show_gids.gid_index"]["message"]
    # The same port with as many rows as the others and still no v2 IPv4 GID: that is missing.
    whole = head + port("mlx5_0", "net1", 12, 4) + port("mlx5_1", "net2", 13, 4) + port("mlx5_2", "net3", 14, 2) \
        + "mlx5_2\t1\t6\tfe80:0000:0000:0000:a4ed:ccff:fe8b:1999\t\t\tv1\tnet3\n" \
        + "mlx5_2\t1\t7\tfe80:0000:0000:0000:a4ed:ccff:fe8b:1999\t\t\tv2\tnet3\n"
    missing = [f for f in analyze_text(whole)["findings"] if f["id"] == "show_gids.gid_missing"]
    assert [f["subject"] for f in missing] == ["mlx5_2:1"]


def test_socket_interfaces_of_nccl_2_4_are_no_fallback() -> None:
    # NCCL <= 2.4 initialised NET/Socket always, as its bootstrap network (init.cc initNet, v2.4.8-1).
    line = "server1:117944:117944 [0] NCCL INFO NET/Socket : Using [0]enp41s0f1:<0>\n"
    old = "server1:117944:117944 [0] NCCL INFO NCCL version 2.4.7+cuda10.0\n" + line
    assert not [r for r in ranked(old) if r[0] == "log.net_socket"]
    assert [r for r in ranked(old.replace("2.4.7", "2.5.6")) if r[0] == "log.net_socket"]
    # Channels over NET/Socket are a fallback in any version.
    chan = "server1:1:1 [0] NCCL INFO Channel 00 : 0[0] -> 8[0] [send] via NET/Socket/0\n"
    assert [r for r in ranked(old + chan) if r[0] == "log.net_socket"]


def test_unmapped_gid_slot_in_a_container() -> None:
    # net_ib.cc ncclIbRoceGetVersionNum: EINVAL on gid_attrs/types/<n> aborts on 2.21-2.26.1; 2.26.2+ skips.
    line = "pod-2:41:41 [0] NCCL WARN NET/IB: read failed in ncclIbRoceGetVersionNum: Invalid argument\n"
    found = [f for f in analyze_text(line)["findings"] if f["id"] == "log.gid_error"]
    assert found and "2.26.2" in found[0]["fix"] and found[0]["cause"] == "gid_index_or_roce_config"
    other = "pod-2:41:41 [0] NCCL WARN NET/IB: open failed in ncclIbRoceGetVersionNum: No such file or directory\n"
    assert "2.26.2" not in [f for f in analyze_text(other)["findings"] if f["id"] == "log.gid_error"][0]["fix"]
