"""Read GPUs of the live node through NVML (nvidia-ml-py's `pynvml`, imported only when needed).

Every NVML call may fail on a given driver or GPU (NotSupported, old driver without the entry
point): such a value is None, and only a failure to load or initialise NVML fails the source.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ncclkit.facts import GpuInfo, NvLink
from ncclkit.probe.parse import parse_bdf
from ncclkit.probe.smi import SmiReport

__all__ = ["NvmlUnavailableError", "read_nvml"]

# NVML_NVLINK_MAX_LINKS in nvml.h (18 on Hopper); used when the binding lacks the constant.
_DEFAULT_MAX_LINKS = 18
_NVML_FEATURE_ENABLED = 1


class NvmlUnavailableError(Exception):
    """NVML could not be loaded or initialised (no driver, no GPU, no binding)."""


def _call(fn: Callable[..., Any] | None, *args: Any) -> Any:
    if fn is None:
        return None
    try:
        return fn(*args)
    except Exception:  # noqa: BLE001 - every NVMLError subclass means "not available here"
        return None


def _str(value: Any) -> str | None:
    if isinstance(value, bytes):
        value = value.decode(errors="replace")
    return value if isinstance(value, str) and value else None


def read_nvml() -> SmiReport:
    """Driver, CUDA version and GPUs from NVML; raises NvmlUnavailableError when NVML is absent."""
    try:
        nvml = importlib.import_module("pynvml")
        nvml.nvmlInit()
    except Exception as exc:  # noqa: BLE001 - ImportError, NVMLError_LibraryNotFound, _DriverNotLoaded...
        raise NvmlUnavailableError(f"NVML unavailable: {exc}") from None
    try:
        cuda = _call(nvml.nvmlSystemGetCudaDriverVersion)
        count = _call(nvml.nvmlDeviceGetCount) or 0
        gpus = []
        for index in range(count):
            handle = _call(nvml.nvmlDeviceGetHandleByIndex, index)
            if handle is None:
                continue
            gpu = _read_gpu(nvml, index, handle)
            if gpu is not None:
                gpus.append(gpu)
        return SmiReport(
            driver_version=_str(_call(nvml.nvmlSystemGetDriverVersion)),
            # NVML gives 12040 for CUDA 12.4.
            cuda_version=f"{cuda // 1000}.{(cuda % 1000) // 10}" if isinstance(cuda, int) and cuda > 0 else None,
            gpus=tuple(gpus),
        )
    finally:
        _call(nvml.nvmlShutdown)


def _read_gpu(nvml: Any, index: int, handle: Any) -> GpuInfo | None:
    pci = _call(nvml.nvmlDeviceGetPciInfo, handle)
    bus_id = parse_bdf(_str(getattr(pci, "busId", None)))
    if bus_id is None:
        return None
    cc = _call(nvml.nvmlDeviceGetCudaComputeCapability, handle)
    numa = _call(getattr(nvml, "nvmlDeviceGetNumaNodeId", None), handle)
    return GpuInfo(
        index=index,
        name=_str(_call(nvml.nvmlDeviceGetName, handle)),
        bus_id=bus_id,
        uuid=_str(_call(nvml.nvmlDeviceGetUUID, handle)),
        numa_node=numa if isinstance(numa, int) else None,
        pcie_gen_current=_call(nvml.nvmlDeviceGetCurrPcieLinkGeneration, handle),
        pcie_gen_max=_call(nvml.nvmlDeviceGetMaxPcieLinkGeneration, handle),
        pcie_width_current=_call(nvml.nvmlDeviceGetCurrPcieLinkWidth, handle),
        pcie_width_max=_call(nvml.nvmlDeviceGetMaxPcieLinkWidth, handle),
        compute_capability=_capability(cc),
        nvlinks=_read_nvlinks(nvml, handle),
    )


def _capability(cc: Any) -> str | None:
    match cc:
        case (int(major), int(minor)):
            return f"{major}.{minor}"
    return None


def _read_nvlinks(nvml: Any, handle: Any) -> tuple[NvLink, ...]:
    links = []
    for link in range(getattr(nvml, "NVML_NVLINK_MAX_LINKS", _DEFAULT_MAX_LINKS)):
        state = _call(nvml.nvmlDeviceGetNvLinkState, handle, link)
        if state is None:
            continue  # NotSupported / InvalidArgument: this GPU has no link with that number
        remote = _call(nvml.nvmlDeviceGetNvLinkRemotePciInfo, handle, link)
        links.append(NvLink(
            link=link,
            active=state == _NVML_FEATURE_ENABLED,
            remote_bus_id=parse_bdf(_str(getattr(remote, "busId", None))) if remote is not None else None,
        ))
    return tuple(links)
