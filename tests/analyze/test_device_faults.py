"""Failures caused on purpose on one H200 (runs 1 - 10) and one H100 (runs 11, 12) (benchmarks/faults_gpu.py: NCCL 2.28.9,
torch 2.11, two ranks under torchrun sharing GPU 0 as two hosts): the console output of each job, verbatim, must lead with the cause the
scenario made. The cause is known by construction, so these logs test `analyze` on text NCCL and PyTorch
really print, including the lines that alarm and are not the cause (the surviving rank's "remote process
exited", torchrun's ChildFailedError, ncclInvalidUsage around a network that did not come up).

The GPU test at the end makes the same faults again where a GPU is present and checks the fresh logs."""

from __future__ import annotations

import json
import tarfile
from pathlib import Path

import pytest

from conftest import have_gpu, run_benchmark
from ncclkit.logs.analyze import analyze_path, analyze_text

ROOT = Path(__file__).resolve().parents[2]
LOGS = Path(__file__).resolve().parent / "data" / "device-faults-2.28.9"
RUNS = sorted((ROOT / "benchmarks" / "results").glob("faults-1xH*/*faults*.json"))
RESULTS = {r["scenario"]: r for run in RUNS for r in json.loads(run.read_text())["results"]}
# Run 3's blocking-wait scenario printed nothing before it was killed (README): no log to read.
EMPTY = {"blocking-wait-skipped"}
# The NaN check's trap names no NaN: the cause shows only where the user's command is pasted too. nccl-tests
# without NCCL_DEBUG says "invalid usage" alone, and its rank listing shows two ranks on one GPU of host vm,
# which only the simulated hosts (NCCL_HOSTID) allow: that listing is read as the cause, as on any real host.
# Run 6: an unreachable --master-addr leaves one c10d warning and no address; NCCL_BUFFSIZE's SIGFPE without
# NCCL_DEBUG shows the crash and not the variable (both show in the pasted command only).
HIDDEN = {"nan-check", "tests-bad-ifname", "master-unreachable", "buffsize-huge"}
# Run 7: TCPStore's server-side "1/2 clients joined" is the same line for a late peer and a blocked one; the
# cause made must be among the first three, not first (the network is the likelier reading in threads).
SECOND = {"late-peer"}
# Run 12 recorded the cause of its rank's own kernel writing past its buffer as cuda_or_driver, what the CUDA error's
# row then named; the fault is the program's (faults_gpu.py now labels it so, the results README says why).
RELABELLED = {"peer-illegal-address": "application_bug"}
SCENARIOS = {k: {**v, "cause": RELABELLED.get(k, v["cause"])} for k, v in RESULTS.items() if k not in EMPTY}
HEALTHY = {k for k, v in SCENARIOS.items() if not v["cause"]}  # jobs that succeeded: no cause to name


def _causes(path: Path) -> list[tuple[str, str]]:
    obj = analyze_path(path)
    return [(f["id"], f["cause"]) for f in obj["findings"] if f.get("cause")]


def test_every_scenario_of_the_runs_has_its_log() -> None:
    assert sorted(p.stem for p in LOGS.glob("*.log")) == sorted(SCENARIOS)
    assert len(RUNS) == 12 and len(SCENARIOS) >= 51 and len(HEALTHY) == 6
    assert EMPTY <= set(RESULTS) and all(RESULTS[n]["exit_code"] == -9 for n in EMPTY)


@pytest.mark.parametrize("name", sorted(SECOND))
def test_the_cause_a_fault_made_is_among_the_first_three_where_the_line_is_shared(name: str) -> None:
    causes = [c for _, c in _causes(LOGS / f"{name}.log")[:3]]
    assert SCENARIOS[name]["cause"] in causes[1:], (name, causes)


@pytest.mark.parametrize("name", sorted(set(SCENARIOS) - HIDDEN - HEALTHY - SECOND))
def test_the_cause_a_fault_made_leads(name: str) -> None:
    causes = _causes(LOGS / f"{name}.log")
    assert causes, f"{name}: no finding with a cause"
    assert causes[0][1] == SCENARIOS[name]["cause"], (name, SCENARIOS[name]["does"], causes[:3])


@pytest.mark.parametrize("name", sorted(HEALTHY))
def test_a_job_that_succeeded_has_no_error(name: str) -> None:
    # healthy-info warns that a barrier's GPU is unknown and shows NET/Socket under NCCL_IB_DISABLE=1: facts
    # and warnings, no failure.
    obj = analyze_path(LOGS / f"{name}.log")
    assert RESULTS[name]["exit_code"] == 0
    assert not [f["id"] for f in obj["findings"] if f["severity"] == "error"]


def test_a_rank_that_raised_is_named_before_the_peers_that_saw_it_go() -> None:
    # rank 1's ValueError is the cause; rank 0's "remote process exited" and the closed socket follow it.
    obj = analyze_path(LOGS / "peer-raises.log")
    top = obj["findings"][0]
    assert top["id"] == "log.program_error" and "ValueError: batch 3" in top["message"]
    ids = [f["id"] for f in obj["findings"]]
    assert "log.remote_exited" in ids and ids.index("log.remote_exited") > 0


def test_a_survivor_alone_blames_the_peer_not_itself() -> None:
    # Only rank 0's output: the peer was killed, nothing in the paste says why, so no program error is made up.
    causes = _causes(LOGS / "peer-killed-survivor.log")
    assert causes[0][1] == "rank_crashed_elsewhere"
    assert "application_bug" not in {c for _, c in causes[:2]}


def test_no_net_plugin_names_the_one_network_that_was_allowed() -> None:
    # "Failed to initialize any NET plugin" after NCCL_NET forced a network: that network's failure is the
    # cause, not the socket interface (no NET/Socket line failed).
    ib = analyze_path(LOGS / "net-ib-forced.log")["findings"][0]
    assert ib["cause"] == "socket_fallback" and "NET/IB found no usable RDMA device" in ib["message"]
    plugin = analyze_path(LOGS / "net-plugin-missing.log")["findings"][0]
    assert plugin["cause"] == "net_plugin_error" and "libnccl-net-ofi.so" in plugin["message"]
    iface = analyze_path(LOGS / "bad-ifname-info.log")["findings"][0]
    assert iface["cause"] == "wrong_interface"


def test_a_nan_check_trap_is_the_program_once_the_command_shows_the_check(tmp_path: Path) -> None:
    log = (LOGS / "nan-check.log").read_text()
    alone = _causes(LOGS / "nan-check.log")
    assert alone[0][1] == "cuda_or_driver" and "application_bug" in [c for _, c in alone[:3]]
    # As users paste it: the command they ran, then its output.
    pasted = tmp_path / "nan-check-with-command.txt"
    pasted.write_text("$ TORCH_NCCL_NAN_CHECK=1 torchrun --nproc-per-node 2 train.py\n" + log)
    with_cmd = analyze_path(pasted)["findings"][0]
    assert with_cmd["cause"] == "application_bug" and "NaN check" in with_cmd["message"]


def test_nccl_tests_invalid_usage_with_two_ranks_on_one_gpu_is_the_launch() -> None:
    top = analyze_path(LOGS / "tests-duplicate-gpu.log")["findings"][0]
    assert top["cause"] == "application_bug" and "ranks 0, 1 on vm (0000:00:06)" in top["message"]
    # The same listing in a run that succeeded (the simulated hosts) is no error.
    assert not [f for f in analyze_path(LOGS / "tests-healthy-mpi.log")["findings"] if f["severity"] == "error"]


def test_invalid_usage_under_a_forced_interface_is_the_interface_from_nccl_2_24(tmp_path: Path) -> None:
    # bootstrap.cc returns ncclInvalidUsage for "no socket interface found" from 2.24 (ncclInternalError before).
    err = ("torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:3135, invalid usage (run with "
           "NCCL_DEBUG=WARN for details), NCCL version {v}\n")
    for version, cause in (("2.28.9", "wrong_interface"), ("2.21.5", "application_bug")):
        paste = tmp_path / f"{version}.txt"
        paste.write_text("$ NCCL_SOCKET_IFNAME=ens9f9 torchrun --nnodes 2 train.py\n" + err.format(v=version))
        assert _causes(paste)[0][1] == cause, version
    bad = tmp_path / "tests-bad-ifname.txt"
    bad.write_text("$ mpirun -np 2 -x NCCL_SOCKET_IFNAME=ens9f9 ./all_reduce_perf -b 8 -e 8M\n"
                   + (LOGS / "tests-bad-ifname.log").read_text())
    assert "wrong_interface" in [c for _, c in _causes(bad)[:3]]


def test_a_buffer_size_that_wraps_is_the_variable_where_the_paste_shows_it(tmp_path: Path) -> None:
    # Both ranks died of SIGFPE themselves: a crash, not a peer that went away.
    alone = _causes(LOGS / "buffsize-huge.log")
    assert alone[0] == ("log.crash", "other") and "rank_crashed_elsewhere" not in [c for _, c in alone]
    # NCCL's INFO line "NCCL_BUFFSIZE set by environment to 68719476736." names it; so does the pasted command.
    assert _causes(LOGS / "buffsize-huge-info.log")[0] == ("log.env_set", "performance_config")
    pasted = tmp_path / "buffsize.txt"
    pasted.write_text("$ NCCL_BUFFSIZE=68719476736 torchrun --nproc-per-node 2 train.py\n"
                      + (LOGS / "buffsize-huge.log").read_text())
    assert _causes(pasted)[0] == ("log.env_set", "performance_config")
    # Below 2 GiB the int holds the value: a large buffer is no fault of its own.
    for value in ("8388608", "2147483647", "0x7fffffff", "16M"):
        small = tmp_path / f"small-{value}.txt"
        small.write_text(f"$ NCCL_BUFFSIZE={value} torchrun --nproc-per-node 2 train.py\n"
                         + (LOGS / "buffsize-huge.log").read_text())
        assert ("log.env_set", "performance_config") not in _causes(small), value


@pytest.mark.gpu
@pytest.mark.skipif(not have_gpu(), reason="needs an NVIDIA GPU")
@pytest.mark.parametrize("name", ["bad-ifname", "peer-raises", "net-ib-forced", "peer-leaves-early-gloo",
                                  "peer-heap-abort"])
def test_the_fault_made_again_on_this_gpu(name: str, tmp_path: Path) -> None:
    pytest.importorskip("torch")
    run_benchmark("faults_gpu.py", tmp_path, name, timeout_s=200)
    with tarfile.open(tmp_path / "faults.tar") as tar:
        tar.extractall(tmp_path, filter="data")
    causes = _causes(tmp_path / "faults" / f"{name}.log")
    assert causes and causes[0][1] == SCENARIOS[name]["cause"], causes[:3]


def test_a_rank_that_left_early_is_the_one_named() -> None:
    # Run 11: rank 1 calls sys.exit(0); its warning at exit (process group not destroyed) and no error of its own,
    # rank 0's NCCL remote error after it. Ranks that warned the same at exit after an error of their own (a raise,
    # an allocation) left for that error, and the error leads.
    found = analyze_path(LOGS / "peer-leaves-early.log")["findings"][0]
    assert (found["id"], found["subject"]) == ("log.peer_left_early", "rank 1")
    # the ranks' own lines alone, every one under its [rankN]: prefix, which the paste reader strips from the rest
    ranks = "".join(line for line in (LOGS / "peer-leaves-early.log").read_text().splitlines(keepends=True)
                    if line.startswith("[rank"))
    found = analyze_text(ranks)["findings"][0]
    assert (found["id"], found["subject"]) == ("log.peer_left_early", "rank 1")
    for name in ("peer-raises", "peer-oom", "gpu-full", "duplicate-gpu"):
        assert "log.peer_left_early" not in [f["id"] for f in analyze_path(LOGS / f"{name}.log")["findings"]], name


def test_an_abort_after_the_watchdogs_timeout_is_its_consequence() -> None:
    # Run 8: bash reports rank 0's abort ("bash: line 1:   694 Aborted   python ..."); the timeout leads, the abort
    # follows at info.
    obj = analyze_path(LOGS / "watchdog-abort.log")
    assert RESULTS["watchdog-abort"]["exit_code"] == 134
    by_id = {f["id"]: f for f in obj["findings"]}
    assert obj["findings"][0]["id"] == "log.timeout"
    assert by_id["log.process_aborted"]["severity"] == "info"


def test_a_job_that_never_named_its_gpu_reads_as_the_programs_warnings() -> None:
    # Run 8: torch 2.11's "Guessing device ID based on global rank" and "destroy_process_group() was not called"
    # of a job that succeeded: named as the program's, as a warning.
    lead = next(f for f in analyze_path(LOGS / "no-device-warnings.log")["findings"] if f["cause"])
    assert (lead["id"], lead["cause"], lead["severity"]) == ("log.framework_usage", "application_bug", "warning")


def test_the_operations_of_one_nccl_group_are_no_mismatch() -> None:
    # Run 9: NCCL 2.28.9's COLL lines of a coalesced pair of all_reduces (1024 and 4096 elements) under one opCount
    # per rank, and a batch_isend_irecv whose Send and Recv name the peer as root: a job that succeeded.
    text = (LOGS / "healthy-coll.log").read_text()
    assert "AllReduce: opCount 1 " in text and "Send: opCount 2 " in text
    assert "log.collective_mismatch" not in [f for f, _ in _causes(LOGS / "healthy-coll.log")]
    # one rank's Send beside the other's Recv, each alone under its opCount, is one transfer
    pair = [line for line in text.splitlines() if ("Send: opCount 2 " in line and ":470:" in line)
            or ("Recv: opCount 2 " in line and ":471:" in line)]
    found = [f["id"] for f in analyze_text("\n".join(pair))["findings"]]
    assert len(pair) == 2 and "log.collective_mismatch" not in found
    # ranks that all_reduce different sizes, one call each under one opCount, still differ
    assert ("log.collective_mismatch", "hang_collective_mismatch") in _causes(LOGS / "size-mismatch-coll.log")
