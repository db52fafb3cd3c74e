"""Every error string of the CUDA runtime, read as NCCL ("Cuda failure 'text'") and PyTorch ("CUDA
error: text") print it.

tests/data/cuda_errors.json holds the 133 texts cudaGetErrorString returns in CUDA 12.9. The expected
causes are decided from what each cudaError_t means (driver_types.h), not from the classifier.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ncclkit.causes import Cause
from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.patterns import classify_error

MESSAGES: list[str] = json.loads((Path(__file__).parent.parent / "data" / "cuda_errors.json").read_text())["messages"]
FORMS = ("node1:1234:5678 [0] NCCL WARN Cuda failure '{}'", "RuntimeError: CUDA error: {}",
         "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, "
         "unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5\n"
         "ncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure '{}'")


def test_catalogue_is_cudas() -> None:
    assert len(MESSAGES) > 120 and MESSAGES[0] == "no error" and "an illegal memory access was encountered" in MESSAGES


@pytest.mark.parametrize("form", FORMS[:2])
def test_every_cuda_error_names_a_cause(form: str) -> None:
    unread = [m for m in MESSAGES if classify_error(form.format(m)).cause is None]
    assert unread == []


# (cudaGetErrorString text, the cause its cudaError_t stands for)
EXPECTED = [
    ("out of memory", Cause.OOM),                                                  # cudaErrorMemoryAllocation
    ("peer access is not supported between these two devices", Cause.ACS_IOMMU_P2P),  # cudaErrorPeerAccessUnsupported
    ("peer mapping resources exhausted", Cause.APPLICATION_BUG),                  # 711: more peers than one GPU maps
    ("peer access is already enabled", Cause.APPLICATION_BUG),                    # 704: the program enabled it twice
    ("invalid device ordinal", Cause.APPLICATION_BUG),                             # a GPU index not visible
    ("system not yet initialized", Cause.CUDA_OR_DRIVER),                          # 802: fabric manager
    ("CUDA driver version is insufficient for CUDA runtime version", Cause.CUDA_OR_DRIVER),
    ("API call is not supported in the installed CUDA driver", Cause.CUDA_OR_DRIVER),  # driver older than runtime
    ("device-side assert triggered", Cause.APPLICATION_BUG),                       # the program's own assertion
    ("operation not permitted when stream is capturing", Cause.APPLICATION_BUG),   # graph capture broken
    ("capturing stream has unjoined work", Cause.APPLICATION_BUG),
    ("operation failed due to a previous error during capture", Cause.APPLICATION_BUG),
    ("dependency created on uncaptured work in another stream", Cause.APPLICATION_BUG),
    ("driver shutting down", Cause.APPLICATION_BUG),                               # cudaErrorCudartUnloading
    ("uncorrectable ECC error encountered", Cause.CUDA_OR_DRIVER),
    ("uncorrectable NVLink error detected during the execution", Cause.CUDA_OR_DRIVER),
    ("an illegal memory access was encountered", Cause.APPLICATION_BUG),           # most often the program's kernel
    ("unspecified launch failure", Cause.CUDA_OR_DRIVER),
    ("MPS client failed to connect to the MPS control daemon or the MPS server", Cause.CUDA_OR_DRIVER),
]


@pytest.mark.parametrize(("text", "cause"), EXPECTED)
@pytest.mark.parametrize("form", FORMS)
def test_cuda_error_cause(text: str, cause: Cause, form: str) -> None:
    assert text in MESSAGES
    line = form.format(text).splitlines()[-1]
    assert classify_error(line).cause is cause


def test_cuda_unloading_is_a_consequence() -> None:
    """CUDA shutting down means the process was already exiting: the error that made it exit leads."""
    cls = classify_error("RuntimeError: CUDA error: driver shutting down")
    assert cls.role == "collateral"
    assert classify_error("RuntimeError: CUDA error: an illegal memory access was encountered").role == "root"


@pytest.mark.parametrize(("text", "cause"), [e for e in EXPECTED if e[0] != "driver shutting down"])
def test_pytorch_report_leads_with_the_cuda_errors_cause(text: str, cause: Cause) -> None:
    """PyTorch's "unhandled cuda error" names no CUDA error; the "Last error:" line below it does."""
    findings = analyze_text(FORMS[2].format(text))["findings"]
    assert next(f["cause"] for f in findings if f["cause"]) == str(cause)


def test_no_kernels_for_the_gpu_is_the_build_that_reports_it() -> None:
    """cudaErrorNoKernelImageForDevice (209): in NCCL's words NCCL's build is older than the GPU; in PyTorch's, the
    framework's wheel lacks the GPU's architecture."""
    text = "no kernel image is available for execution on the device"
    assert text in MESSAGES
    assert classify_error(FORMS[0].format(text)).cause is Cause.NCCL_VERSION_MISMATCH
    assert classify_error(FORMS[2].format(text).splitlines()[-1]).cause is Cause.NCCL_VERSION_MISMATCH
    assert classify_error(FORMS[1].format(text)).cause is Cause.CUDA_OR_DRIVER
