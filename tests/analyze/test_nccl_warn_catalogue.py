"""Every WARN NCCL 2.4 - 2.30 can print, read by the line classifier.

tests/data/nccl_warns.json holds each distinct WARN format string of NCCL's source at seven release
tags (scripts/extract_nccl_warns.py). Each is turned into the line NCCL would print (printf fields
filled with plausible values) and classified. The expected causes below were decided from the code
around each WARN in NCCL's source (the file is in the catalogue entry), not from the classifier.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ncclkit.causes import Cause
from ncclkit.logs.analyze import analyze_path
from ncclkit.logs.patterns import classify_error

CATALOGUE = json.loads((Path(__file__).parent.parent / "data" / "nccl_warns.json").read_text())
_FIELDS = ((r"%[-+ #0]*\d*(?:\.\d+)?(?:ll|l|z|hh|h)?s", "mlx5_0"),
           (r"%[-+ #0]*\d*(?:\.\d+)?(?:ll|l|z|hh|h|j)?[dui]", "3"),
           (r"%[-+ #0]*\d*(?:\.\d+)?(?:ll|l|z|hh|h)?[xXp]", "0x1f"),
           (r"%[-+ #0]*\d*(?:\.\d+)?[fgeFG]", "1.5"))


def printed(fmt: str) -> str:
    """The line NCCL prints for a WARN format, host prefix and all."""
    text = fmt.replace("\\n", " ").replace('\\"', '"').replace("\\t", " ")
    for field, value in _FIELDS:
        text = re.sub(field, value, text)
    return "node1:1234:5678 [0] NCCL WARN " + re.sub(r"%\w+", "3", text).replace("%%", "%")


def entry(words: str) -> dict[str, object]:
    hits = [e for e in CATALOGUE if words in str(e["fmt"])]
    assert hits, f"no WARN of the catalogue contains {words!r}"
    return hits[0]


def test_catalogue_is_nccls_source() -> None:
    files = {str(e["file"]) for e in CATALOGUE}
    assert len(CATALOGUE) > 800 and {"src/init.cc", "src/misc/socket.cc", "src/misc/argcheck.cc"} <= files
    assert {e["first_tag"] for e in CATALOGUE} >= {"v2.4.8-1", "v2.30.7-1"}


def test_no_warn_is_read_as_noise_or_breaks_the_classifier() -> None:
    noise = [e["fmt"] for e in CATALOGUE if classify_error(printed(str(e["fmt"]))).category == "noise"]
    assert noise == []


def test_most_warns_name_a_cause() -> None:
    """A WARN that states its cause must carry it; internal consistency checks ("pass NULL socket",
    "Listencomm in unknown state") rightly name none. 383 of 843 name one since the argument,
    usage, setup, thread and config checks got their rows; 206 did before."""
    named = sum(1 for e in CATALOGUE if classify_error(printed(str(e["fmt"]))).cause is not None)
    assert named >= 380, named


# (words of the WARN format, the cause NCCL's code around it states)
EXPECTED = [
    ("invalid root %d (root should be", Cause.APPLICATION_BUG),                  # misc/argcheck.cc
    ("allocated on device %d mismatchs with NCCL device", Cause.APPLICATION_BUG),
    ("argument is NULL", Cause.APPLICATION_BUG),
    ("ncclGroupEnd: not in a group call", Cause.APPLICATION_BUG),                # group.cc
    ("mixing different streams within a group call", Cause.APPLICATION_BUG),     # enqueue.cc
    ("Trying to send to self without a matching recv", Cause.APPLICATION_BUG),
    ("ncclConfig_t argument not initialized", Cause.APPLICATION_BUG),            # init.cc
    ("should not be called when NCCL_COMM_ID is set", Cause.APPLICATION_BUG),    # bootstrap.cc
    ("Invalid NCCL_COMM_ID", Cause.APPLICATION_BUG),
    ("may be caused by a collective mismatch", Cause.HANG_COLLECTIVE_MISMATCH),  # init.cc 2.4
    ("No interface found in the same subnet as remote address", Cause.WRONG_INTERFACE),  # socket.h
    ("exceeded retries", Cause.FIREWALL_OR_PORT_BLOCKED),                         # misc/socket.cc
    ("wrong magic", Cause.APPLICATION_BUG),
    ("Failed to determine local ranks", Cause.HOSTNAME_RESOLUTION),              # init.cc hostHash
    ("Failed to find CUDA library", Cause.CUDA_OR_DRIVER),                       # misc/cudawrap.cc
    ("Failed to load CUDA missing symbol", Cause.CUDA_OR_DRIVER),
    ("older than the minimum version (R465)", Cause.CUDA_OR_DRIVER),             # enqueue.cc
    ("failed to open CUDA IPC handle", Cause.ACS_IOMMU_P2P),                     # transport/p2p.cc
    ("Thread creation failed", Cause.MEMLOCK_OR_ULIMIT),                         # include/checks.h pthread_create
    ("Invalid config blocking attribute value", Cause.APPLICATION_BUG),          # init.cc parseCommConfig
    ("CUMEM not supported prior to CUDA 11.3", Cause.CUDA_OR_DRIVER),            # include/alloc.h
    ("dynamic smem %d exceeds device/fn maxSharedMem", Cause.OTHER),             # enqueue.cc: NCCL older than GPU
    ("NET/IB : Got async event : %s", Cause.IB_PORT_DOWN_OR_LINK),               # net_ib.cc
    ("failed to peer with device", Cause.ACS_IOMMU_P2P),
    ("UDS: Sending data over socket", Cause.SHM_TOO_SMALL),                      # misc/ipcsocket.cc
    ("UDS: Receiving data over socket", Cause.SHM_TOO_SMALL),
    ("failed to create shared memory file", Cause.SHM_TOO_SMALL),                # misc/shmutils.cc
    ("Could not map %s size", Cause.SHM_TOO_SMALL),
    ("malloc(size=%llu) returned null", Cause.OOM),                               # misc/utils.cc
    ("Failed to CUDA malloc", Cause.OOM),                                        # include/alloc.h
    ("Error: network %s not found", Cause.NET_PLUGIN_ERROR),                     # net.cc
    ("mixed local Net device counts", Cause.IB_PORT_DOWN_OR_LINK),               # init.cc 2.30
    ("Can't merge net devices with different link_layer", Cause.GID_INDEX_OR_ROCE_CONFIG),  # net_ib.cc
    ("dlvsym failed on", Cause.SOCKET_FALLBACK),                                 # misc/ibvwrap.cc
    ("GDRCOPY failure", Cause.GDR_UNAVAILABLE),                                  # include/gdrwrap.h
    ("no algorithm/protocol available", Cause.PERFORMANCE_CONFIG),               # enqueue.cc
    ("Unrecognized element token", Cause.PERFORMANCE_CONFIG),                    # graph/tuning.cc
    ("Could not find intermediate GPU between GPU rank", Cause.TOPOLOGY_OR_NUMA),  # graph/paths.cc
    ("requires NIC %d but that NIC is not available", Cause.TOPOLOGY_OR_NUMA),   # graph/search.cc
    ("Got completion from peer", Cause.IB_TIMEOUT_OR_RETRY),                     # net_ib.cc
    ("Duplicate GPU detected", Cause.APPLICATION_BUG),                           # init.cc
]


@pytest.mark.parametrize(("words", "cause"), EXPECTED, ids=[w for w, _ in EXPECTED])
def test_warn_names_the_cause_of_its_source(words: str, cause: Cause) -> None:
    line = printed(str(entry(words)["fmt"]))
    assert classify_error(line).cause is cause, line


@pytest.mark.parametrize("words", ["pass NULL socket", "Listencomm in unknown state", "Unexpected connections are not empty"])
def test_internal_consistency_checks_name_no_cause(words: str) -> None:
    assert classify_error(printed(str(entry(words)["fmt"]))).cause is None


def test_socket_type_mismatch_of_socket_and_ib_is_a_fallback_not_a_foreign_peer() -> None:
    """enum ncclSocketType (include/socket.h): 3 NetSocket, 4 NetIb; 1 and 2 are bootstrap and proxy."""
    fmt = str(entry("socketFinalizeAccept: wrong type")["fmt"])
    mixed = classify_error(printed(fmt).replace("wrong type 3 != 3", "wrong type 4 != 3"))
    other = classify_error(printed(fmt).replace("wrong type 3 != 3", "wrong type 2 != 1"))
    assert (mixed.category, mixed.cause) == ("net_transport_mismatch", Cause.SOCKET_FALLBACK)
    assert (other.category, other.cause) == ("socket_foreign", Cause.APPLICATION_BUG)


def test_an_argument_check_leads_the_analysis_of_a_failed_run(tmp_path: Path) -> None:
    """The WARN and the return-code trace a user pastes: the argument check is the cause, the
    ncclInvalidUsage the framework prints after it is its consequence."""
    log = tmp_path / "run.log"
    log.write_text(
        "node1:1234:1234 [1] NCCL INFO NCCL version 2.21.5+cuda12.4\n"
        "node1:1234:1234 [1] misc/argcheck.cc:39 NCCL WARN AllReduce : sendbuff allocated on device 0 "
        "mismatchs with NCCL device 1\n"
        "node1:1234:1234 [1] NCCL INFO enqueue.cc:2051 -> 4\n"
        "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1970, invalid argument (run with NCCL_DEBUG=WARN "
        "for details), NCCL version 2.21.5\n")
    findings = analyze_path(str(log))["findings"]
    causes = [f["cause"] for f in findings if f["cause"] is not None]
    assert causes[0] == Cause.APPLICATION_BUG.value, findings
    assert "device" in next(f for f in findings if f["cause"])["message"]


def test_the_function_name_of_2_30_7_warns_changes_no_reading() -> None:
    """NCCL 2.30.7 prints "<file>:<line> (<func>) NCCL WARN" (src/debug.cc): every WARN of the catalogue, printed
    with its source line in both forms, reads the same, and ibvwrap's "lib wrapper not initialized" stays noise
    (a torchtitan run on a host without RDMA, NCCL 2.30.7)."""
    changed = []
    for i, e in enumerate(CATALOGUE):
        text = printed(str(e["fmt"])).split(" NCCL WARN ", 1)[1]
        old = f"node1:1234:5678 [0] {e['file']}:{e['line']} NCCL WARN {text}"
        func = "operator()" if i % 2 else "ncclSomeCall"  # __func__ in a lambda, in a function
        new = f"node1:1234:5678 [0] {e['file']}:{e['line']} ({func}) NCCL WARN {text}"
        if (classify_error(old).category, classify_error(old).cause) != (classify_error(new).category,
                                                                        classify_error(new).cause):
            changed.append(new)
    assert not changed, changed[:5]
    line = ("devvm7508:2914395:2914395 [0] misc/ibvwrap.cc:185 (wrap_ibv_alloc_pd) NCCL WARN lib wrapper not "
            "initialized.")
    assert classify_error(line).category == "noise"
    # NVIDIA/nccl#2237 (2.30.7): the row that reads GDAKI's queue-pair failure is found with and without the file
    gdaki = ("worker-0:862519:862553 [0] transport/net_ib/gdaki/gin_host_gdaki.cc:431 (gdakiConnectQp) NCCL WARN DOCA "
             "failure 21")
    assert classify_error(gdaki).category == "ibv_call_failed"
    assert classify_error(gdaki.split(" [0] ")[1].split(" ", 1)[1]).category == "ibv_call_failed"


def test_the_function_name_of_2_30_7_return_code_traces_changes_no_reading(tmp_path: Path) -> None:
    """NCCLCHECK's trace is INFO_LOC from 2.30.7 ("graph/xml.cc:469 (ncclTopoGetXmlFromFile) -> 2", include/debug.h):
    a paste of traces alone names the same return code and site in both forms."""
    old = ("node1:1:1 [0] NCCL INFO NCCL version 2.30.7+cuda12.9\n"
           "node1:1:1 [0] NCCL INFO graph/xml.cc:469 -> 2\n"
           "node1:1:1 [0] NCCL INFO graph/topo.cc:724 -> 2\n"
           "node1:1:1 [0] NCCL INFO init.cc:1234 -> 2\n")
    new = (old.replace("xml.cc:469 ->", "xml.cc:469 (ncclTopoGetXmlFromFile) ->")
           .replace("topo.cc:724 ->", "topo.cc:724 (ncclTopoGetSystem) ->")
           .replace("init.cc:1234 ->", "init.cc:1234 (operator()) ->"))
    read = []
    for text in (old, new):
        log = tmp_path / "run.log"
        log.write_text(text)
        read.append([(f["id"], f["cause"], f["evidence"].get("return_codes"))
                     for f in analyze_path(str(log))["findings"]])
    assert read[0] == read[1]
    assert [codes for fid, _, codes in read[1] if fid == "log.nccl_error_code"] == [
        {"2": "ncclSystemError first raised at graph/xml.cc:469"}]


def test_the_location_2_30_7_puts_before_a_retried_call_changes_no_reading(tmp_path: Path) -> None:
    """SYSCHECKSYNC's "Call to X returned Y, retrying" is INFO_LOC from 2.30.7 (include/checks.h): read alike."""
    old = ("node1:1:1 [0] NCCL INFO NCCL version 2.30.7+cuda12.9\n"
           "node1:1:1 [0] NCCL INFO Call to connect returned Connection refused, retrying\n")
    new = old.replace("INFO Call", "INFO misc/socket.cc:612 (socketConnect) Call")
    read = []
    for text in (old, new):
        log = tmp_path / "run.log"
        log.write_text(text)
        read.append([(f["id"], f["cause"]) for f in analyze_path(str(log))["findings"] if f["cause"]])
    assert read[0] == read[1] != []


# NVIDIA/nccl#1584: an NVLS registration NCCL went on from; a P2P import where processes map memory two ways
# (NVIDIA-NeMo/RL#636), read by diagnose across lines.
@pytest.mark.parametrize(("warn", "after"), [
    ("transport/nvls.cc:580 (nvlsRegisterBuffer) NCCL WARN Cuda failure 1 'invalid argument'",
     "transport/nvls.cc:703 NCCL WARN rank 0 failed to NVLS register sendbuff 0x78c800000000 sendbuffSize 1073741824"),
    ("transport/p2p.cc:275 (p2pImportShareableBuffer) NCCL WARN Cuda failure 1 'invalid argument'",
     "NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read")])
def test_the_readings_across_lines_take_2_30_7_warns_too(tmp_path: Path, warn: str, after: str) -> None:
    read = []
    for line in (warn, re.sub(r" \(\w+\) NCCL WARN", " NCCL WARN", warn)):
        log = tmp_path / "run.log"
        log.write_text("node1:1:1 [0] NCCL INFO NCCL version 2.30.7+cuda12.9\n"
                       f"node1:1:1 [0] {line}\nnode1:1:1 [0] {after}\n")
        read.append([(f["id"], f["cause"], f["message"].split(" (line ")[0])
                     for f in analyze_path(str(log))["findings"]])
    assert read[0] == read[1]
