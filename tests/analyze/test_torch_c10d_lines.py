"""Lines of PyTorch's distributed stack (ProcessGroupNCCL, c10d socket.cpp, distributed_c10d.py, Gloo,
torch.distributed.elastic), read alone and inside an NCCL log. The texts are those of PyTorch's source
(format fields filled); the expected causes are what the code around each message states."""

from __future__ import annotations

import pytest

from line_reading import assert_reads, lead

from ncclkit.logs.analyze import analyze_text

CASES = [
    # the watchdog or an abort blocked inside CUDA/NCCL (older and newer texts)
    ("[E ProcessGroupNCCL.cpp:1041] No PGNCCL's watchdog heartbeat detected, so we are dumping debug info.",
     "log.watchdog_stuck", "hang_collective_mismatch"),
    ("[F ProcessGroupNCCL.cpp:1054] [Rank 0] NCCL monitor thread timeout. Basically, this could be due to CUDA or "
     "NCCL calls being unexpectedly blocking", "log.watchdog_stuck", "hang_collective_mismatch"),
    ("[rank1]:[F1202 04:20:11.771829380 ProcessGroupNCCL.cpp:1708] [PG ID 0 PG GUID 0(default_pg) Rank 1] "
     "Terminating the process after attempting to dump debug info, due to ProcessGroupNCCL watchdog hang.",
     "log.watchdog_stuck", "hang_collective_mismatch"),
    ("[rank0]:[E1202 04:12:10.443101455 ProcessGroupNCCL.cpp:1000] [PG ID 0 PG GUID 0(default_pg) Rank 1] Future "
     "for ProcessGroup abort timed out after 600000 ms", "log.watchdog_stuck", "hang_collective_mismatch"),
    # another rank failed first
    ("[rank5]:[E1202 04:12:11.002991875 ProcessGroupNCCL.cpp:1563] [PG ID 0 PG GUID 0(default_pg) Rank 1] Observed "
     "flight recorder dump signal from another rank via TCPStore.", "log.remote_exited", "rank_crashed_elsewhere"),
    ("ERROR:torch.distributed.elastic.agent.server.api:Error waiting on exit barrier. Elapsed: 300.4 seconds",
     "log.remote_exited", "rank_crashed_elsewhere"),
    ("torch.distributed.DistNetworkError: Failed to send, sent 0 bytes. Connection was likely closed. Did the remote "
     "server shutdown or crash?", "log.socket_closed", "rank_crashed_elsewhere"),
    # misuse of the process group
    ("torch.distributed.DistBackendError: Attempt to perform collective on tensor not on device passed",
     "log.framework_usage", "application_bug"),
    ("[rank1]:[E1202 03:05:12.003210004 ProcessGroupNCCL.cpp:2294] [PG ID 0 PG GUID 0(default_pg) Rank 1] Tensor "
     "found on device cuda:1 but backend constrained to cuda:0", "log.framework_usage", "application_bug"),
    ("torch.distributed.DistBackendError: Not able to create/get the NCCL Communicator since the GPU devices are not "
     "known", "log.framework_usage", "application_bug"),
    ("RuntimeError: Expecting one tensor only but got multiple. You are probably using multiple devices under one "
     "thread.", "log.framework_usage", "application_bug"),
    ("ValueError: trying to initialize the default process group twice!", "log.framework_usage", "application_bug"),
    ("ValueError: device_id cuda:8 is out of range. Please use a device index less than the number of accelerators "
     "available: 8.", "log.framework_usage", "application_bug"),
    ("ValueError: monitored_barrier is only implemented for GLOO backend.", "log.framework_usage", "application_bug"),
    ("ValueError: Global rank 5 is not part of group <torch.distributed.distributed_c10d.ProcessGroup object at "
     "0x7f2c1c1d3b30>", "log.framework_usage", "application_bug"),
    ("RuntimeError: LOCAL_RANK is not in the environment. Consider passing fallback_rank to allow "
     "`get_node_local_rank` to work.", "log.framework_usage", "application_bug"),
    ("RuntimeError: Distributed package doesn't have Gloo built in", "log.framework_usage", "other"),
    ("RuntimeError: [Rank 0]: Ranks 1, 3 failed to pass monitoredBarrier in 30000 ms", "log.collective_mismatch",
     "hang_collective_mismatch"),
    # the NCCL loaded is older than the feature
    ("ValueError: AVG requires NCCL 2.10+. The current version is 2.7", "log.nccl_too_old", "nccl_version_mismatch"),
    ("NotImplementedError: Capturing NCCL collectives is only allowed with NCCL >= 2.9.6", "log.nccl_too_old",
     "nccl_version_mismatch"),
    # names and sockets
    ("[W1202 03:02:15.339108127 socket.cpp:697] [c10d] The IPv4 network addresses of (master-0, 29500) cannot be "
     "retrieved (gai error: -2 - Name or service not known).", "log.name_resolution", "hostname_resolution"),
    ("[W socket.cpp:601] [c10d] The server socket on [node0]:29500 has timed out, will retry.",
     "log.socket_connect_failed", "firewall_or_port_blocked"),
    ("[E ProcessGroupGloo.cpp:138] Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/"
     "pair.cc:144] no error", "log.socket_connect_failed", "wrong_interface"),
    ("RuntimeError: GlooDeviceFactory::makeTCPDevice(): interface or hostname can't be empty", "log.gloo_interface",
     "wrong_interface"),
    ("ValueError: Cuda is not available.", "log.gpu_missing", "cuda_or_driver"),
    ("WARNING:torch.distributed.elastic.agent.server.api:Received Signals.SIGTERM death signal, shutting down "
     "workers", "log.job_stopped", "other"),
]



@pytest.mark.parametrize(("line", "fid", "cause"), CASES)
def test_alone_and_in_a_log(line: str, fid: str, cause: str) -> None:
    assert_reads(line, fid, cause)


def test_a_name_the_ipv6_lookup_cannot_find_is_a_warning_of_resolution() -> None:
    """In the public reports that tell their cause, this line came from a name that did not resolve at all
    (skypilot-org/skypilot#3788: a pod's hostname); the IPv4 lookup may still work, so it is a warning and
    any error the paste states leads."""
    line = ("[W socket.cpp:464] [c10d] The IPv6 network addresses of (master-0, 29500) cannot be retrieved (gai "
            "error: -2 - Name or service not known).")
    assert lead(line + "\n") == ("log.name_resolution", "hostname_resolution")
    assert analyze_text(line + "\n")["findings"][0]["severity"] == "warning"
    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n"
    assert lead(line + "\n" + oom) == ("log.oom", "oom")
    # the reverse lookup of a client's address by a working resolver is noise
    assert lead("[W socket.cpp:697] [c10d] The hostname of the client socket cannot be retrieved. err=-2\n") is None


def test_torchrun_killing_its_own_workers_is_not_the_oom_killer() -> None:
    line = ("WARNING:torch.distributed.elastic.multiprocessing.api:Unable to shutdown process 51235 via "
            "Signals.SIGTERM, forcefully exiting via Signals.SIGKILL")
    assert lead(line + "\n") is None
    assert lead("torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 0 (pid: 51235)\n") \
        == ("log.process_killed", "oom")


def test_a_job_stopped_after_hanging_leads_with_the_hang() -> None:
    text = ("[rank0]:[E1202 03:41:07.452590210 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective operation "
            "timeout: WorkNCCL(SeqNum=14863, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=600000) "
            "ran for 600009 milliseconds before timing out.\n"
            "WARNING:torch.distributed.elastic.agent.server.api:Received Signals.SIGTERM death signal, shutting down "
            "workers\n")
    assert lead(text) == ("log.timeout", "hang_collective_mismatch")
