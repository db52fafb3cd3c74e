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

import pytest

from line_reading import assert_reads, lead
from lines import (builds, cloudagents, cluster, containers, cuda_libs, deepspeed_old, fabric_rocm, finetune, gloo,
                   health, healthsuites, hf_old, hpc_containers, jax_ray, k8s_events, k8sjobs, kernel_net, launchers2,
                   lightning_old, megatron, mpifabric, nccl_info, nccl_info_old, nccl_new, nccl_wrappers,
                   net_plugins_recent, nvdriver, nvfabric, nvlibs, nvshmem_ucc, ofi_older, olderfw, podnet, rdma_tools,
                   rlstacks, runtime, schedulers2, serving, serving2, serving_old, storage, tfmx, torch_new, torch_old,
                   torch_parallel, torch_recent, trainlibs, transfer, vmnics, windows_wsl)
from ncclkit.logs.analyze import analyze_text

FAMILIES = {"cluster": cluster, "fabric_rocm": fabric_rocm, "nvlibs": nvlibs, "gloo": gloo, "containers": containers,
            "transfer": transfer, "health": health, "torch_recent": torch_recent, "nvdriver": nvdriver,
            "k8s_events": k8s_events, "serving": serving, "rdma_tools": rdma_tools,
            "net_plugins_recent": net_plugins_recent, "kernel_net": kernel_net, "nccl_wrappers": nccl_wrappers,
            "windows_wsl": windows_wsl, "cuda_libs": cuda_libs,
            "nvfabric": nvfabric, "jax_ray": jax_ray, "nccl_new": nccl_new, "torch_new": torch_new,
            "healthsuites": healthsuites, "launchers2": launchers2, "tfmx": tfmx, "rlstacks": rlstacks,
            "serving2": serving2, "builds": builds, "cloudagents": cloudagents,
            "k8sjobs": k8sjobs, "trainlibs": trainlibs, "finetune": finetune, "megatron": megatron,
            "mpifabric": mpifabric, "schedulers2": schedulers2, "torch_parallel": torch_parallel,
            "runtime": runtime, "nccl_info": nccl_info,
            "nvshmem_ucc": nvshmem_ucc, "storage": storage,
            "hpc_containers": hpc_containers, "ofi_older": ofi_older,
            "olderfw": olderfw, "podnet": podnet, "vmnics": vmnics,
            "nccl_info_old": nccl_info_old, "torch_old": torch_old,
            "deepspeed_old": deepspeed_old, "serving_old": serving_old,
            "hf_old": hf_old, "lightning_old": lightning_old}
CASES = [(family, *case) for family, module in FAMILIES.items() for case in module.CASES]


@pytest.mark.parametrize(("family", "source", "line", "fid", "cause"), CASES,
                         ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_line_names_its_cause(family: str, source: str, line: str, fid: str, cause: str) -> None:
    assert_reads(line, fid, cause)


@pytest.mark.parametrize("line", [*cluster.NO_CAUSE, *fabric_rocm.NO_CAUSE, *health.NO_CAUSE, *torch_recent.NO_CAUSE,
                                  *nvdriver.NO_CAUSE, *k8s_events.NO_CAUSE, *serving.NO_CAUSE,
                                  *rdma_tools.NO_CAUSE, *net_plugins_recent.NO_CAUSE, *kernel_net.NO_CAUSE,
                                  *nccl_wrappers.NO_CAUSE, *windows_wsl.NO_CAUSE,
                                  *cuda_libs.NO_CAUSE, *nvfabric.NO_CAUSE, *jax_ray.NO_CAUSE,
                                  *nccl_new.NO_CAUSE, *torch_new.NO_CAUSE, *healthsuites.NO_CAUSE,
                                  *launchers2.NO_CAUSE, *tfmx.NO_CAUSE, *rlstacks.NO_CAUSE, *serving2.NO_CAUSE,
                                  *builds.NO_CAUSE, *cloudagents.NO_CAUSE, *k8sjobs.NO_CAUSE,
                                  *trainlibs.NO_CAUSE, *finetune.NO_CAUSE, *megatron.NO_CAUSE,
                                  *mpifabric.NO_CAUSE, *schedulers2.NO_CAUSE,
                                  *torch_parallel.NO_CAUSE, *runtime.NO_CAUSE, *nccl_info.NO_CAUSE,
                                  *nvshmem_ucc.NO_CAUSE, *storage.NO_CAUSE,
                                  *hpc_containers.NO_CAUSE, *ofi_older.NO_CAUSE,
                                  *olderfw.NO_CAUSE, *podnet.NO_CAUSE,
                                  *vmnics.NO_CAUSE, *nccl_info_old.NO_CAUSE,
                                  *torch_old.NO_CAUSE, *deepspeed_old.NO_CAUSE, *serving_old.NO_CAUSE,
                                  *hf_old.NO_CAUSE, *lightning_old.NO_CAUSE])
def test_lines_that_state_no_cause(line: str) -> None:
    assert lead(line + "\n") is None


RESULT_ONLY = [*nccl_wrappers.RESULT_ONLY, *launchers2.RESULT_ONLY, *tfmx.RESULT_ONLY, *serving2.RESULT_ONLY,
               *megatron.RESULT_ONLY, *nvshmem_ucc.RESULT_ONLY, *torch_old.RESULT_ONLY,
               *serving_old.RESULT_ONLY]


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
    # Python's OSError names the file: off /dev/shm it is the disk; on /dev/shm, or unnamed, NCCL's shared memory.
    assert_reads("OSError: [Errno 28] No space left on device: '/data/ckpt/iter_0001000/model.pt'", "log.disk_full",
                 "other")
    for line in ("OSError: [Errno 28] No space left on device: '/dev/shm/nccl-AbCdEf'",
                 "OSError: [Errno 28] No space left on device"):
        assert_reads(line, "log.shm_error", "shm_too_small")
