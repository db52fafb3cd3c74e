"""CUDA error strings (cudaGetErrorString / cuGetErrorString, and HIP's as RCCL prints them) and the cause each
names: the decoder of every line classified as a CUDA error."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ncclkit.causes import Cause

__all__ = ["SYSTEM_NOT_READY", "CudaReading", "cuda_reading"]

# cudaErrorSystemNotReady (802) as CUDA and PyTorch word it: an NVSwitch system whose fabric manager has not set
# the fabric up (the readers of its rows, and ranking.py, which lets it explain the errors beside it).
SYSTEM_NOT_READY = r"system not yet initialized|cudaErrorSystemNotReady"

C = Cause
# CUDA error strings (cudaGetErrorString / cuGetErrorString) and their cause; "CUDA error N 'text'"
# and "Cuda failure 'text'" (NCCL's CUDACHECK) carry the same strings.
# A row's fix is the one of its cause (patterns._cuda), or its own where the cause's would mislead.
_PROGRAM_FIX = ("rerun with CUDA_LAUNCH_BLOCKING=1 to find the kernel or call of the program that failed, and "
                "fix it there (NCCL only reports the error of the stream it shares)")


@dataclass(frozen=True, slots=True)
class CudaReading:
    """What one CUDA error string means. `role` is "collateral" where the error is a consequence of another
    one, "likely" where its cause is only what the error most often was; `fix` is empty where the cause's own
    fix applies."""

    regex: re.Pattern[str]
    cause: Cause
    why: str
    alternatives: tuple[Cause, ...]
    fix: str = ""
    role: str = "root"


def _cuda_row(regex: str, cause: Cause, why: str, alts: tuple[Cause, ...], fix: str = "",
              role: str = "root") -> CudaReading:
    return CudaReading(re.compile(regex, re.IGNORECASE), cause, why, alts, fix, role)


_CUDA_ERRORS: tuple[CudaReading, ...] = tuple(
    _cuda_row(*row) for row in (
        # RCCL prints HIP's error names where NCCL prints CUDA's strings ("Cuda failure 'hipErrorOutOfMemory'",
        # ROCm before 5.3) and HIP's strings after ("no ROCm-capable device is detected"). A CUDA error told in the
        # reporter's words as asking for memory ("the CUDA error saying that I need more GPU memory",
        # DeepGraphLearning/NBFNet#11) is the same.
        (r"out of memory|\b(?:needs?|needed|requires?|required) more (?:GPU )?memory\b|\b(?:not enough|insufficient) "
         r"(?:GPU )?memory\b|CUDA_ERROR_OUT_OF_MEMORY|cudaErrorMemoryAllocation|hipErrorOutOfMemory|"
         r"CUBLAS_STATUS_ALLOC_FAILED|CUBLAS_STATUS_NOT_INITIALIZED(?: when calling .?cublasCreate|\s*$)|"
         r"CUDNN_STATUS_ALLOC_FAILED", C.OOM,
         "the GPU ran out of memory", ()),
        # cudaErrorPeerAccessAlreadyEnabled (704) / NotEnabled (705): the program's own bookkeeping of peer access
        # (enabled twice, e.g. again when a model is reloaded: ggml-org/llama.cpp#5347); cudaErrorTooManyPeers
        # (711, "peer mapping resources exhausted"): the program enabled access to more peers than one GPU can map
        # (8 on most GPUs), e.g. every pair of 10 GPUs (llama.cpp#21883). NCCL itself checks both.
        # The same 711 raised inside NCCL's own allocator (allocator.cc ncclMemAlloc mapping a buffer to every
        # peer of the process): one process drives more GPUs than a GPU can map peers (nccl-tests -g 10 on ten
        # L40S, NVIDIA/nccl-tests#324).
        (r"allocator\.cc:\d+ (?:\(ncclMemAlloc\) )?NCCL WARN Cuda failure 711\b|allocator\.cc:\d+[^\n]*peer mapping "
         r"resources exhausted", C.APPLICATION_BUG,
         "one process drives more GPUs than a GPU can map as peers (8 on most GPUs): NCCL's allocator could not map "
         "its buffer to all of them", (C.ACS_IOMMU_P2P,),
         "run one process per GPU (mpirun -np N with nccl-tests -g 1, or torchrun), or at most 8 GPUs per process"),
        (r"peer access is already enabled|peer access has not been enabled|peer mapping resources exhausted|"
         r"cudaErrorPeerAccessAlreadyEnabled|cudaErrorPeerAccessNotEnabled|cudaErrorTooManyPeers|"
         r"hipErrorPeerAccessAlreadyEnabled|hipErrorPeerAccessNotEnabled",
         C.APPLICATION_BUG, "the program's own peer-access calls went wrong: access enabled twice (or disabled "
         "without being enabled), or enabled to more GPUs than one GPU can map (8 on most)", (C.ACS_IOMMU_P2P,),
         "enable peer access once per pair (check cudaDeviceCanAccessPeer and keep track of what is enabled), and "
         "to at most 8 peers per GPU; a library doing this needs the release that fixes it"),
        # cudaErrorUnknown (999) from NCCL's allocator (include/alloc.h: the cuMem* calls of its cuMem path): the
        # driver refused a cuMem feature NCCL uses; WSL2's driver does (NVIDIA/nccl-tests#230, where NVIDIA
        # answered "work around this issue by running with NCCL_CUMEM_ENABLE=0"; NVIDIA/nccl#1653).
        (r"alloc\.h:\d+ NCCL WARN Cuda failure (?:999 )?'unknown error'", C.CUDA_OR_DRIVER,
         "the driver refused NCCL's cuMem allocation with an unknown error: WSL2's driver (and some virtual GPUs) "
         "lack cuMem features NCCL uses", (C.OTHER,),
         "set NCCL_CUMEM_ENABLE=0 (NCCL then allocates with cudaMalloc); on a native Linux host, read dmesg for "
         "Xid errors and check the driver"),
        # 217 is cudaErrorPeerAccessUnsupported whatever the words a paste carries (alibaba/ChatLearn#374: "Cuda
        # failure 217 'peer access is not support between these two devices'").
        (r"peer access is not support|cudaErrorPeerAccess|hipErrorPeerAccess|Cuda failure 217\b",
         C.ACS_IOMMU_P2P, "GPU peer-to-peer access is not possible here (PCIe ACS, IOMMU, VM)", ()),
        # cudaErrorInvalidResourceHandle (400) / CUDA_ERROR_INVALID_HANDLE: a handle the call cannot use. In the
        # threads of tests/diagnosis, as often a memory handle imported where it cannot be (another node's IPC
        # handle, a fabric handle of another NVLink domain: meta-pytorch/torchcomms#3516, #3612) as a stream or
        # event of another device than the current one (openucx/torch-ucc#39: tensors on two GPUs, one stream).
        (r"invalid resource handle|cudaErrorInvalidResourceHandle|CUDA_ERROR_INVALID_HANDLE\b", C.CUDA_OR_DRIVER,
         "a CUDA handle was not valid where it was used: a memory handle imported where it cannot be (another "
         "node's IPC handle, another NVLink domain's fabric handle), or a stream or event of another GPU than the "
         "current device, or one already destroyed", (C.APPLICATION_BUG,),
         "check where the handle comes from: IPC and fabric handles work only between processes of one node (one "
         "NVLink domain for fabric handles); make the tensors' device current before the call "
         "(torch.cuda.set_device(local_rank) first), and do not reuse a stream or event across devices"),
        (r"invalid device ordinal|cudaErrorInvalidDevice\b|hipErrorInvalidDevice\b", C.APPLICATION_BUG,
         "a rank asked for a GPU that is not visible (CUDA_VISIBLE_DEVICES / LOCAL_RANK)", ()),
        (SYSTEM_NOT_READY + r"|(?<![:.\d])\b802\b", C.CUDA_OR_DRIVER,
         "the NVSwitch system is not initialised: nvidia-fabricmanager is not running or failed", ()),
        (r"driver version is insufficient|cudaErrorInsufficientDriver|CUDA driver version|"
         r"not supported in the installed CUDA driver|cudaErrorCallRequiresNewerDriver",
         C.CUDA_OR_DRIVER, "the driver is older than the CUDA runtime needs", ()),
        (r"no CUDA-capable device|no ROCm-capable device|hipErrorNoDevice|uncorrectable ECC|fallen off the bus",
         C.CUDA_OR_DRIVER, "the GPU is unavailable or unhealthy", ()),
        # cudaErrorDevicesUnavailable (46): in exclusive-process mode, another process holds the GPU; in a job,
        # most often the other ranks on GPU 0 (ecmwf/anemoi-core#430).
        (r"busy or unavailable", C.CUDA_OR_DRIVER, "the GPU is held by another process (exclusive "
         "compute mode) or unavailable: often the job's other ranks, all on GPU 0", (C.APPLICATION_BUG,)),
        # cudaErrorSetOnActiveProcess (36): the program set device flags or the device after its context existed.
        (r"cannot set while device is active", C.APPLICATION_BUG, "the program chose the device (or its flags) "
         "after CUDA had started on another one in this process", (), "call torch.cuda.set_device(local_rank) "
         "(cudaSetDevice) before any other CUDA call of the process"),
        # cudaErrorCudartUnloading (4) / cudaErrorContextIsDestroyed (709): CUDA was being torn down while
        # NCCL or a kernel still used it, i.e. the process was already exiting (another error, or no
        # destroy_process_group() before exit): a consequence, not the failure.
        (r"driver shutting down|context is destroyed|cudaErrorCudartUnloading|CUDA_ERROR_DEINITIALIZED",
         C.APPLICATION_BUG, "CUDA was already shutting down in this process (it was exiting while NCCL or a kernel "
         "still ran): read the error that made it exit", (C.RANK_CRASHED_ELSEWHERE,),
         "find the first error of this rank (or of its peers) before this line; end the program with "
         "dist.destroy_process_group() so NCCL stops before CUDA unloads", "collateral"),
        # cudaErrorAssert (710): a kernel's own assertion (an index out of range in the program's tensors).
        (r"device-side assert|cudaErrorAssert\b|CUDA_ERROR_ASSERT\b", C.APPLICATION_BUG,
         "a kernel assertion failed (an index or label out of range in the program's tensors)", (C.CUDA_OR_DRIVER,),
         _PROGRAM_FIX),
        # cudaErrorStreamCaptureUnsupported (900) / Invalidated (901) / Implicit (906): a call the capture
        # of a CUDA graph forbids, made by the program while a stream it shares was being captured.
        (r"not permitted when stream is capturing|stream capture|cudaErrorStreamCapture|capture sequence|"
         r"capturing (?:blocking )?stream|during capture|uncaptured work|not ended in the same stream",
         C.APPLICATION_BUG,
         "a CUDA graph capture was broken by a call it does not allow (a synchronising call, or NCCL on a "
         "stream being captured without graph support)", (C.CUDA_OR_DRIVER,),
         "keep synchronising calls (.item(), .cpu(), cudaDeviceSynchronize) and eager NCCL calls out of the "
         "captured region, or capture with NCCL 2.9.6+ on a communicator of the capturing stream"),
        # cudaErrorNoKernelImageForDevice (209), cudaErrorInvalidDeviceFunction (98), cudaErrorSymbolNotFound
        # (500): the library has no code for this GPU's architecture (built before the GPU existed).
        # In NCCL's own words (its WARN, its CUDACHECK's "Cuda failure '...'", nccl-tests' "NCCL failure") it is
        # NCCL's build (NVIDIA/nccl#444: no sm_35); elsewhere the framework's kernels (pytorch/pytorch#10002,
        # #44828: a wheel without the GPU's arch), as HIP's hipErrorNoBinaryForGpu is ROCm's build (ROCm/hip#2187).
        # Not NCCL's user-buffer registration (register/register.cc ncclRegister): there cuMemGetAddressRange
        # answers CUDA_ERROR_NOT_FOUND (500, the same words) for memory of the driver's VMM API the caller mapped
        # itself (NVIDIA/nccl#2332), no missing kernel.
        (r"(?:register/register\.cc:\d+|\(ncclRegister\))[^\n]*named symbol not found", C.OTHER,
         "NCCL's user-buffer registration (ncclCommRegister) could not look up the buffer (cuMemGetAddressRange "
         "answers 'not found' for memory the program mapped with the driver's VMM calls itself): a registration "
         "bug, not a missing kernel", (C.APPLICATION_BUG,),
         "allocate the buffers with ncclMemAlloc (or the framework's NCCL memory pool), or do not register them "
         "(NCCL_LOCAL_REGISTER=0), until an NCCL release with the fix"),
        (r"^(?=.*(?:nccl|Cuda failure (?:\d+ )?'))(?:.*(?:no kernel image is available|invalid device function|named symbol not found|"
         r"CUDA_ERROR_NO_BINARY_FOR_GPU|cudaErrorNoKernelImageForDevice))", C.NCCL_VERSION_MISMATCH,
         "NCCL has no kernels for this GPU's architecture: a build older than the GPU", (C.CUDA_OR_DRIVER,),
         "install an NCCL built for this GPU's architecture (the NCCL of a PyTorch build for the GPU's CUDA, e.g. "
         "cu128 for sm_120; nvidia-nccl-cu12 of a recent release), or build NCCL with NVCC_GENCODE for its sm_XY"),
        (r"no kernel image is available|invalid device function|named symbol not found|"
         r"CUDA_ERROR_NO_BINARY_FOR_GPU|cudaErrorNoKernelImageForDevice|hipErrorNoBinaryForGpu", C.CUDA_OR_DRIVER,
         "the framework or library has no kernels for this GPU's architecture: a build older than the GPU (or "
         "without its architecture)", (C.NCCL_VERSION_MISMATCH,),
         "install a build of the framework for this GPU's architecture (`torch.cuda.get_arch_list()` must list "
         "the GPU's sm_XY; for ROCm, its gfx target), or build it with that architecture"),
        # cudaErrorUnsupportedPtxVersion (222), cudaErrorInvalidPtx (218, "a PTX JIT compilation failed": PTX of a
        # newer toolkit or for another architecture; wilicc/gpu-burn#101), cudaErrorStubLibrary (34),
        # cudaErrorCompatNotSupportedOnDevice (804), cudaErrorSystemDriverMismatch (803): the driver cannot run what
        # the toolkit built.
        (r"unsupported toolchain|PTX JIT compil|CUDA_ERROR_INVALID_PTX|cudaErrorInvalidPtx|driver is a stub library|"
         r"forward compatibility was attempted|"
         r"unsupported display driver ?/ ?cuda driver combination", C.CUDA_OR_DRIVER,
         "the driver cannot run this CUDA build (older than the toolkit, a stub libcuda, or no forward "
         "compatibility on this GPU)", (C.NCCL_VERSION_MISMATCH,)),
        # cudaErrorInvalidValue (1) outside NVLS (whose own row names the fabric manager): a line of the paste
        # that names a cause explains it first (NVIDIA/nccl#1518: registering a /dev/shm segment NCCL could not
        # create failed with 'invalid argument', the "Error while creating shared memory segment" WARN after
        # it said why). Alone, in the resolved threads of tests/diagnosis it was mostly an NCCL or framework
        # bug fixed in a later release (NCCL 2.18.1 - 2.18.5, custom all-reduce kernels), else memory the call
        # cannot use (another device's buffer, cuMem memory passed to legacy IPC).
        (r"'invalid argument'|CUDA error: invalid argument|cudaErrorInvalidValue", C.OTHER,
         "a CUDA call inside the library refused its argument: most often a bug of NCCL or of the framework's "
         "own kernels fixed in a later release, else a buffer the call cannot use", (C.APPLICATION_BUG,
                                                                                      C.CUDA_OR_DRIVER),
         "upgrade NCCL and the framework to current releases; if it persists, check that every buffer given to "
         "NCCL is on the rank's own GPU, that NCCL_CUMEM_ENABLE is the same in every process of the communicator "
         "(then try 0 in all of them), or use the framework's plain NCCL all-reduce",
         "likely"),
        # cudaErrorInvalidAddressSpace (717), "operation not supported on global/shared address space": a kernel's
        # instruction got an address outside the spaces it may use, sticky like an illegal address
        # (benchmarks/results/faults-1xH100-2026-12-06: a kernel of the rank's own writing 4 GiB past its buffer).
        # An address a kernel may not touch: in the labelled threads of tests/diagnosis that print it (16), 11 were
        # settled as the program's or an extension's kernel (a tensor on another GPU under DataParallel, a missing
        # torch.cuda.set_device, a custom op), 2 as a release's bug, none as the GPU or the driver alone.
        (r"illegal memory access|misaligned address|hipErrorIllegalAddress|"
         r"not supported on global/shared address space|cudaErrorInvalidAddressSpace|CUDA_ERROR_INVALID_ADDRESS_SPACE",
         C.APPLICATION_BUG, "a kernel touched memory it may not (most often the program's or an extension's kernel, "
         "a tensor on another GPU, or a missing torch.cuda.set_device; else a release's bug or the GPU)",
         (C.CUDA_OR_DRIVER, C.OTHER), _PROGRAM_FIX),
        (r"unspecified launch failure|illegal instruction",
         C.CUDA_OR_DRIVER, "a kernel faulted (a driver/GPU problem, or a program bug on the same stream)",
         (C.APPLICATION_BUG,)),
    ))


# PyTorch built for ROCm raises "HIP error: <the same string>" (and older builds "HIP error: hipErrorInvalidValue"):
# HIP's strings and names follow CUDA's, so a HIP error is read as its CUDA twin where no row names HIP's own.
# TurboMind's and FasterTransformer's check puts cudaGetErrorString's text after "CUDA runtime error: "
# (InternLM/lmdeploy#450), and the gpuAssert macro programs copy, "GPUassert: " (DeePMD-kit's "cuda assert: ",
# deepmodeling/deepmd-kit#533): the same strings under another opening.
_TWINS = ((re.compile(r"\bHIP error: "), "CUDA error: "), (re.compile(r"\bhipError(?=[A-Z])"), "cudaError"),
          (re.compile(r"\b(?:CUDA runtime error|GPUassert|cuda ?assert): ", re.IGNORECASE), "CUDA error: "))


def cuda_reading(text: str) -> CudaReading | None:
    """The first CUDA error string the line carries, or None."""
    cuda = text
    for other, twin in _TWINS:
        cuda = other.sub(twin, cuda)
    return next((row for row in _CUDA_ERRORS if row.regex.search(text) or row.regex.search(cuda)), None)
