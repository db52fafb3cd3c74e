"""Diagnosis of pasted text: every finding states a cause, the most likely one comes first and the
consequences of it drop below it.

The lines are NCCL's own messages (format strings of NVIDIA/nccl src/, file named per line, filled in
as NCCL prints them) and PyTorch c10d / torchrun messages as they appear in public issue threads.
"""

from __future__ import annotations

import json

from ncclkit.cli.main import main
from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.patterns import classify_error

SEV = {"error": 0, "warning": 1, "info": 2}


def ranked(text: str) -> list[tuple[str, str]]:
    """(id, cause) of the findings that state a cause, as an issue reader ranks them."""
    found = analyze_text(text)["findings"]
    assert all("cause" in f for f in found)
    keyed = sorted((SEV[f["severity"]], i, f["id"], f["cause"]) for i, f in enumerate(found) if f["cause"])
    return [(fid, cause) for _, _, fid, cause in keyed]


def top(text: str) -> str:
    causes = ranked(text)
    assert causes, text
    return causes[0][1]


def test_ib_completion_status_of_every_format_is_decoded() -> None:
    # net_ib.cc 2.4-2.18, 2.19-2.28.6, and 2.28.7+ (status name and number, vendor_err=).
    old = "NCCL WARN NET/IB : Got completion with error 12, opcode 1, len 0, vendor err 129"
    mid = "NCCL WARN NET/IB : Got completion from peer 10.0.0.2<4711> with status=4 opcode=1 len=0 vendor err 81"
    new = ("NCCL WARN NET/IB: Got completion from peer 10.0.0.2<4711> with status=IBV_WC_RETRY_EXC_ERR(12) "
           "opcode=IBV_WC_RDMA_WRITE(0) vendor_err=129 hca mlx5_0")
    assert classify_error(old).cause == "ib_timeout_or_retry"
    assert classify_error(mid).cause == "acs_iommu_p2p" and "IBV_WC_LOC_PROT_ERR" in classify_error(mid).explanation
    decoded = classify_error(new)
    assert decoded.cause == "ib_timeout_or_retry" and "0x81" in decoded.explanation


def test_known_overreach_is_fixed() -> None:
    nvls = ("h1:1:2 [0] transport/nvls.cc:236 NCCL WARN Failed to bind NVLink SHARP (NVLS) Multicast memory of "
            "size 1073741824 : CUDA error 1 'invalid argument'.\n")
    assert top(nvls) == "cuda_or_driver"
    unlink = ("h1:1:2 [0] misc/shmutils.cc:64 NCCL WARN unlink shared memory /dev/shm/nccl-Xy failed, error: "
              "No such file or directory (2)\n")
    f = analyze_text(unlink)["findings"][0]
    assert f["cause"] == "shm_too_small" and "RemoveIPC=no" in f["fix"] and "shm-size" not in f["fix"]
    assert top("h1:1:1 [0] bootstrap.cc:88 NCCL WARN Bootstrap : no socket interface found\n") == "wrong_interface"


def test_first_ranks_error_is_the_cause_and_the_rest_collateral() -> None:
    text = ("a:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via NET/IB/0\n"
            "a:1:2 [0] include/alloc.h:185 NCCL WARN Cuda failure 'out of memory'\n"
            "b:7:8 [1] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer a<4012>\n"
            "b:7:8 [1] NCCL WARN [Proxy Service 1] Failed to execute operation Connect from rank 0, retcode 3\n"
            "RuntimeError: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\n")
    out = analyze_text(text)["findings"]
    assert out[0]["cause"] == "oom" and out[0]["severity"] == "error"
    collateral = [f for f in out if f["id"] in ("log.socket_closed", "log.remote_exited", "log.proxy_error")]
    assert len(collateral) == 3 and all(f["severity"] == "info" for f in collateral)


def test_a_peer_exit_alone_points_elsewhere() -> None:
    text = "b:7:8 [1] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer a<4012>\n"
    assert top(text) == "rank_crashed_elsewhere"


def test_variable_set_by_the_environment_and_the_error_it_causes() -> None:
    text = ("n:1:1 [3] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth2\n"
            "ncclInternalError: Internal check failed.\nLast error:\n"
            "ncclSocketInit: connecting to address  with family 59936 is neither AF_INET(2) nor AF_INET6(10)\n")
    f = analyze_text(text)["findings"][0]
    assert f["cause"] == "wrong_interface" and f["evidence"]["env"] == {"NCCL_SOCKET_IFNAME": "eth2"}


def test_nccl_version_and_the_peer_memory_module_it_looks_for() -> None:
    text = ("n:1:1 [0] NCCL INFO NCCL version 2.19.3+cuda12.2\n"
            "n:1:2 [0] NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'\n")
    ids = [fid for fid, _ in ranked(text)]
    assert "gdr.peermem_version" in ids and top(text) == "gdr_unavailable"
    newer = text.replace("2.19.3", "2.23.4")
    assert "gdr.peermem_version" not in [fid for fid, _ in ranked(newer)]


def test_socket_fallback_names_the_missing_library() -> None:
    text = ("a:1:1 [0] misc/ibvwrap.cc:61 NCCL WARN Failed to open libibverbs.so[.1]\n"
            "a:1:2 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0>\n"
            "a:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0\n"
            "b:2:2 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] via NET/Socket/0\n")
    f = next(f for f in analyze_text(text)["findings"] if f["id"] == "log.net_socket")
    assert "libibverbs could not be loaded (line 1)" in f["message"] and top(text) == "socket_fallback"


def test_pastes_without_nccl_prefixes_are_read() -> None:
    bare = "include/socket.h:344 WARN Socket creation failed : Address family not supported by protocol\n"
    assert analyze_text(bare)["kind"] == "nccl_log" and top(bare) == "wrong_interface"
    died = ("# nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20\n"
            "#\n# Using devices\n"
            "test: Test CUDA failure common.cu:941 'system not yet initialized'\n"
            " .. test pid 54340: Test failure common.cu:891\n")
    assert top(died) == "cuda_or_driver"
    traceback = ("Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n"
                 "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n")
    assert top(traceback) == "oom"
    channels = "9[1a000] -> 2[6b000] [send] via NET/IB/0/GDRDMA\n9[1a000] -> 2[6b000] [receive] via NET/IB/1\n"
    assert analyze_text(channels)["transports"] == ["NET/IB", "NET/IB/GDRDMA"]


def test_concatenated_log_and_ibstat_are_judged_together() -> None:
    text = ("node1:10:20 [0] NCCL INFO NET/IB : No device found.\n"
            "node1:10:20 [0] NCCL INFO Using network Socket\n"
            "CA 'mlx5_0'\n\tCA type: MT4123\n\tNumber of ports: 1\n\tPort 1:\n\t\tState: Down\n"
            "\t\tPhysical state: Polling\n\t\tRate: 10\n\t\tLink layer: InfiniBand\n")
    assert top(text) == "ib_port_down_or_link"


def test_alarming_lines_that_are_not_causes() -> None:
    text = ("[W socket.cpp:663] [c10d] The client socket cannot be initialized to connect to [localhost]:29500 "
            "(errno: 97 - Address family not supported by protocol).\n"
            "n:5:5 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.\n"
            "n:5:5 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM\n")
    # The one condition the lines state is the host's IPv6 switched off, harmless by itself
    # (anhvth/opensloth#14 blamed it where nothing else was pasted).
    assert ranked(text) == [("log.ipv6_off", "other")]
    # Said so, as the paste's answer: nothing in it fails (discuss.pytorch.org 187589).
    assert analyze_text(text)["findings"][0]["id"] == "log.no_failure"
    plus = text + "torch.distributed.DistBackendError: NCCL error: unhandled system error\nLast error:\n" \
                  "socketStartConnect: Connect to 172.17.0.1<43255> failed : Software caused connection abort\n"
    assert top(plus) == "wrong_interface"  # docker0's default subnet: the wrong interface was chosen


def test_collectives_that_differ_between_ranks() -> None:
    line = ("h:{pid}:{pid} [{r}] NCCL INFO Broadcast: opCount 0 sendbuff 0x7f0 recvbuff 0x7f0 count {c} "
            "datatype {d} op 0 root 0 comm 0x7f1 [nranks=2] stream 0x55\n")
    same = line.format(pid=1, r=0, c=53, d=4) + line.format(pid=2, r=1, c=53, d=4)
    assert "log.collective_mismatch" not in [fid for fid, _ in ranked(same)]
    differ = line.format(pid=1, r=0, c=25503912, d=6) + line.format(pid=2, r=1, c=53, d=4)
    assert top(differ) == "hang_collective_mismatch"
    # the evidence points at the first line of each differing call, after any other lines (two more processes:
    # one process logging two calls under one opCount would show that opCount naming no single operation)
    padded = "x\n" * 3 + same.replace("h:1:1", "h:3:3").replace("h:2:2", "h:4:4") + differ
    f = next(f for f in analyze_text(padded)["findings"] if f["id"] == "log.collective_mismatch")
    assert f["evidence"]["lines"] == [4, 6]


def test_package_listings_of_two_nodes() -> None:
    text = "node 1:\nnvidia-nccl-cu12==2.20.5\n\nnode 2:\nnvidia-nccl-cu12==2.19.3\n"
    assert top(text) == "nccl_version_mismatch"


def test_text_output_leads_with_the_cause(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "paste.txt"
    path.write_text("h1:1:2 [0] misc/shmutils.cc:64 NCCL WARN unlink shared memory /dev/shm/nccl-Xy failed, "
                    "error: No such file or directory (2)\n")
    assert main(["analyze", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].strip().startswith("Most likely cause: shm_too_small")
    assert any(line.strip().startswith("fix: set RemoveIPC=no") for line in lines[2:6])
    assert main(["analyze", str(path), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)[0]["findings"][0]["cause"] == "shm_too_small"


def test_gpus_joined_only_by_pcie_point_at_acs() -> None:
    pcie = ("        GPU0    GPU1    CPU Affinity    NUMA Affinity\n"
            "GPU0     X      PHB     0-63    0\nGPU1    PHB      X      0-63    0\n")
    assert top(pcie) == "acs_iommu_p2p"
    nvlink = pcie.replace("PHB", "NV4")
    assert "topo.pcie_p2p" not in [fid for fid, _ in ranked(nvlink)]


def test_errno_of_a_failed_verbs_call() -> None:
    enomem = ("n:1:2 [0] misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2 failed with error "
              "Cannot allocate memory\n")
    assert top(enomem) == "memlock_or_ulimit"
    efault = enomem.replace("Cannot allocate memory", "Bad address")
    assert top(efault) == "gdr_unavailable"
    other = enomem.replace("Cannot allocate memory", "Invalid argument")
    assert top(other) == "ib_resource_error"


def test_two_hosts_with_one_hostname() -> None:
    text = ("mpirun -np 2 -H 192.168.2.249:1,192.168.2.243:1 -x NCCL_DEBUG=INFO python train.py\n"
            "mtk:2521:2528 [0] INFO 0 -> 1 via P2P/IPC\n"
            "mtk:2522:2529 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] via P2P/IPC\n")
    assert top(text) == "hostname_resolution"
    two = text.replace("mtk:2522", "mtk2:2522").replace("P2P/IPC", "NET/IB/0")
    assert "log.same_hostname" not in [fid for fid, _ in ranked(two)]


def test_sockets_over_a_container_or_tunnel_interface() -> None:
    text = ("ip-172-31-0-137:14605:14673 [0] NCCL INFO Bootstrap : Using [0]ens5:172.31.0.137<0> "
            "[1]veth75fa783:fe80::14ad:64ff:fe64:b31e%veth75fa783<0>\n"
            "ip-172-31-0-137:14605:14688 [0] include/socket.h:403 NCCL WARN Connect to 172.31.0.140<33021> failed : "
            "Network is unreachable\n")
    f = analyze_text(text)["findings"][0]
    assert f["id"] == "env.ifname_virtual" and f["cause"] == "wrong_interface" and "NCCL_SOCKET_IFNAME=ens5" in f["fix"]
    one_node = "n1:1:1 [0] NCCL INFO Bootstrap : Using lo:127.0.0.1<0>\n"
    assert ranked(one_node) == []


def test_a_setup_fact_does_not_hide_a_timeout() -> None:
    text = ("a:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[0] [send] via NET/Socket/0\n"
            "b:3:4 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [send] via NET/Socket/0\n"
            "[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE) ran for "
            "1800000 milliseconds before timing out.\n")
    assert [c for _, c in ranked(text)][:2] == ["hang_collective_mismatch", "socket_fallback"]


def test_setup_listings_count_only_when_they_show_a_problem() -> None:
    assert top("$ ulimit -a\nmax locked memory       (kbytes, -l) 64\n") == "memlock_or_ulimit"
    assert ranked("$ ulimit -a\nmax locked memory       (kbytes, -l) unlimited\n") == []
    assert top("        ACSCtl: SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+\n") == "acs_iommu_p2p"
    assert ranked("        ACSCtl: SrcValid- TransBlk- ReqRedir- CmpltRedir- UpstreamFwd-\n") == []
    assert ranked("   Active: active (running) since Mon; nvidia-fabricmanager.service\n") == []


def test_different_versions_explain_the_errors_after_them() -> None:
    text = ("a:1:1 [0] NCCL INFO NCCL version 2.18.1+cuda12.1\n"
            "b:2:2 [0] NCCL INFO NCCL version 2.19.3+cuda12.2\n"
            "b:2:3 [0] misc/socket.cc:500 NCCL WARN Message truncated : received 1024 bytes instead of 256\n")
    found = ranked(text)
    assert found[0][1] == "nccl_version_mismatch" and "cluster.version_mismatch" in [i for i, _ in found]
    assert "hang_collective_mismatch" in [c for _, c in found]


def _top(text: str, tmp_path) -> tuple[str, str | None]:
    from ncclkit.logs.analyze import analyze_path

    path = tmp_path / "paste.txt"
    path.write_text(text)
    f = analyze_path(path)["findings"][0]
    return f["id"], f["cause"]


def test_nccl_23_interface_lines_with_loopback_name_the_interface(tmp_path) -> None:
    # NCCL <= 2.3 logs one "NET : Using interface" line each; lo among them fails between nodes.
    text = ("a:1:2 [0] NCCL INFO NET : Using interface lo:127.0.0.1<0>\n"
            "a:1:2 [0] NCCL INFO NET : Using interface eth0:10.1.0.2<0>\n"
            "b:3:4 [0] NCCL INFO NET : Using interface eth0:10.1.0.3<0>\n"
            "a:1:2 [0] include/socket.h:361 NCCL WARN Call to connect timeout : Connection refused\n")
    assert _top(text, tmp_path) == ("env.ifname_virtual", "wrong_interface")


def test_ib_disable_in_a_launch_line_is_a_socket_fallback(tmp_path) -> None:
    text = "mpirun -np 16 -x NCCL_IB_DISABLE=1 python train.py\nmulti-node steps are 2x slower than expected\n"
    assert _top(text, tmp_path) == ("log.ib_disabled", "socket_fallback")
    assert _top("NCCL_IB_DISABLE=0 is set\n", tmp_path)[1] != "socket_fallback"


def test_a_firewall_opened_for_one_port_is_the_lead(tmp_path) -> None:
    text = "two nodes hang at init\nI opened port 29500 with firewall-cmd on both nodes\n"
    assert _top(text, tmp_path) == ("log.firewall", "firewall_or_port_blocked")


def test_socket_ifname_set_alone_points_to_the_interface(tmp_path) -> None:
    text = "h:1:2 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to ^lo,docker,veth\n"
    assert _top(text, tmp_path) == ("log.env_set", "wrong_interface")
