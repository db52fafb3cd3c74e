"""Every line of tests/lines (the families of sources whose lines users paste beside NCCL's: the launchers,
schedulers and frameworks around NCCL, the fabric diagnostics and RCCL, NVIDIA's libraries, Gloo, the container
layers, the RDMA transfer libraries of serving, the health checks and NIC drivers, PyTorch's recent distributed
lines, the GPU driver, Kubernetes' events, the serving engines, rdma-core and perftest, the newest net plugins, the
host's network stack and limits, the frameworks that wrap NCCL's result codes, Windows and WSL, the CUDA libraries
and loaders, the NVLink fabric's software, JAX's and Ray's distributed layers, NCCL 2.31 - 2.32 and PyTorch 2.12 -
2.14, the node health suites, training codebases' launchers, TensorFlow and MXNet, the RL post-training stacks,
the serving engines beside vLLM and SGLang, the builds beside them, the cloud providers' node agents, the Kubernetes job layers, DeepSpeed, Accelerate
and Lightning, the fine-tuning frameworks, Megatron, NeMo and Transformer Engine, the MPI and fabric layers, the
other schedulers, PyTorch's DDP/FSDP/DTensor layers, the process runtime, NCCL 2.18 - 2.30's INFO lines, NVSHMEM and
its neighbours, the storage under a job, the HPC container runtimes, older aws-ofi-nccl and libfabric EFA releases,
older and vision frameworks, the pod networks, the virtual NICs of GPU VMs, NCCL 2.4 - 2.17's INFO lines, PyTorch
1.x, DeepSpeed 0.9 - 0.14, vLLM 0.4 - 0.6, accelerate 0.25 and transformers 4.36, Lightning 1.9 - 2.1) is read
alone and inside an NCCL
log and must lead with the finding and cause its source gives it; the lines of those sources that state no cause must
name none, and a wrapped ncclSystemError or ncclInternalError leads with NCCL's result and no cause of its own."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import lines
from line_reading import assert_reads, lead
from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.paste import RANK_CLAIM

# Every module of tests/lines, by name: a family added there is read here without being listed.
FAMILIES = {info.name: importlib.import_module(f"lines.{info.name}") for info in pkgutil.iter_modules(lines.__path__)}
CASES = [(family, *case) for family, module in FAMILIES.items() for case in module.CASES]
NO_CAUSE = [line for module in FAMILIES.values() for line in getattr(module, "NO_CAUSE", ())]
RESULT_ONLY = [case for module in FAMILIES.values() for case in getattr(module, "RESULT_ONLY", ())]


@pytest.mark.parametrize(("family", "source", "line", "fid", "cause"), CASES,
                         ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_line_names_its_cause(family: str, source: str, line: str, fid: str, cause: str) -> None:
    assert_reads(line, fid, cause)


@pytest.mark.parametrize("line", NO_CAUSE)
def test_lines_that_state_no_cause(line: str) -> None:
    # No row names a cause for them; alone in a paste, the last reading (ncclkit.logs.error_words) may still say
    # that their failure names no subject of the taxonomy (most often the program's own, then a library's), and
    # nothing more. A paste that ends at Lightning's
    # rendezvous line is read by that ending (progress_checks: members missing), so the line is judged with the one
    # Lightning prints once every member joined after it.
    if RANK_CLAIM.search(line):
        line += "\nAll distributed processes registered. Starting with 16 processes"
    assert lead(line + "\n") in (None, ("log.error_words", "application_bug"))
    assert all(f["cause"] is None for f in analyze_text(line + "\n")["findings"] if f["id"] != "log.error_words"
               and f["id"] != "log.alternative")


@pytest.mark.parametrize(("source", "line", "fid"), RESULT_ONLY, ids=[c[0] for c in RESULT_ONLY])
def test_a_wrapped_result_without_a_cause_is_named_as_nccls_result(source: str, line: str, fid: str) -> None:
    # The result leads, with no cause of its own; the alternatives after it carry the likely ones.
    first = analyze_text(line + "\n")["findings"][0]
    assert (first["id"], first["cause"]) == (fid, None)


@pytest.mark.parametrize("value", ['"100"', "1", "1.0", ".95", "0.98", "90"])
def test_an_xla_memory_fraction_that_leaves_nccl_nothing_is_oom(value: str) -> None:
    assert_reads(f'os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"]={value}', "log.oom", "oom")


def test_a_pcie_bus_error_is_never_the_shared_memory_s() -> None:
    line = "pcieport 0000:40:01.1: AER: PCIe Bus Error: severity=Uncorrected (Non-Fatal), type=Transaction Layer"
    assert_reads(line, "log.pcie_error", "other")


def test_an_interface_name_without_an_address_is_still_the_interface() -> None:
    line = ("RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:84] ifa != nullptr. "
            "Unable to find address for: eth0")
    assert_reads(line, "log.gloo_interface", "wrong_interface")


def test_the_watchdog_reporting_a_peer_that_exited_is_not_a_timeout() -> None:
    # ProcessGroupNCCL.cpp (2.11): the watchdog rethrows the communicator's error; "watchdog" alone is no hang.
    line = ("[rank2]:[E1202 04:12:11.004512377 ProcessGroupNCCL.cpp:2119] [PG ID 0 PG GUID 0(default_pg) Rank 2] "
            "Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was "
            "a network error")
    assert_reads(line, "log.remote_exited", "rank_crashed_elsewhere")


def test_a_full_disk_is_not_the_shared_memory() -> None:
    # Python's OSError names the file: off /dev/shm it is the disk, on /dev/shm the shared memory. Unnamed, it is a
    # write of a file (tests/analyze/test_diagnose_sweep_rules_40.py: two threads of a full disk), /dev/shm second.
    assert_reads("OSError: [Errno 28] No space left on device: '/data/ckpt/iter_0001000/model.pt'", "log.disk_full",
                 "other")
    assert_reads("OSError: [Errno 28] No space left on device: '/dev/shm/nccl-AbCdEf'", "log.shm_error",
                 "shm_too_small")
    assert_reads("OSError: [Errno 28] No space left on device", "log.disk_full", "other")
