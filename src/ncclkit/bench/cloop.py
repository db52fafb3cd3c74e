"""The compiled timed loop (loop.c): built at first use with the system C compiler, fed with the
addresses of the NCCL and CUDA runtime functions this process already loaded.

Why compiled: nccl-tests issues ncclAllReduce & co. back to back from C, 7-9 us a call on one
H200 in eager mode; a Python loop adds its own per-call cost on top (22-25 us measured, issue 15),
so the small-message figures would be Python's. The loop here is the whole timed window: host
clock, calls, stream wait, as BenchTime in nccl-tests' src/common.cu times it.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ncclkit.bench.ncclffi import mapped_library
from ncclkit.errors import NcclkitError

__all__ = ["KINDS", "CollArgs", "CudaRt", "Loop", "build_loop", "compile_loop", "find_cudart"]

SOURCE = Path(__file__).with_name("loop.c")
# enum fn of loop.c, in order: the NCCL functions, then the CUDA runtime ones
NCCL_FNS = ("ncclAllReduce", "ncclAllGather", "ncclReduceScatter", "ncclAlltoAll",
            "ncclBroadcast", "ncclReduce", "ncclSend", "ncclRecv", "ncclGroupStart",
            "ncclGroupEnd", "ncclCommCount", "ncclCommUserRank", "ncclCommGetAsyncError")
CUDA_FNS = ("cudaStreamQuery", "cudaStreamBeginCapture", "cudaStreamEndCapture",
            "cudaGraphInstantiateWithFlags", "cudaGraphLaunch", "cudaGraphExecDestroy",
            "cudaGraphDestroy", "cudaEventRecord", "cudaEventElapsedTime")
FNS = NCCL_FNS + CUDA_FNS
# enum kind of loop.c; "alltoall_p2p" is alltoall as grouped send/recv (NCCL < 2.28)
KINDS = ("all_reduce", "all_gather", "reduce_scatter", "alltoall", "broadcast", "reduce",
         "sendrecv", "alltoall_p2p")
_ABI = len(FNS) * 100 + 2
# loop.c's *failed values past the function table: W_TIMEOUT, W_ASYNC
_W_TIMEOUT, _W_ASYNC = len(FNS), len(FNS) + 1


class CollArgs(ctypes.Structure):
    """struct nk_coll of loop.c: one row's call, with iteration 0's pointers."""

    _fields_ = [("kind", ctypes.c_int), ("dtype", ctypes.c_int), ("op", ctypes.c_int),
                ("root", ctypes.c_int), ("send", ctypes.c_void_p), ("recv", ctypes.c_void_p),
                ("count", ctypes.c_size_t), ("elem_bytes", ctypes.c_size_t),
                ("shift", ctypes.c_size_t), ("steps", ctypes.c_size_t),
                ("comm", ctypes.c_void_p), ("stream", ctypes.c_void_p)]


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ncclkit"


def compile_loop(out: Path, source: Path = SOURCE, cc: str | None = None,
                 timeout_s: float = 60.0) -> Path:
    """Compile loop.c into the shared library `out` (atomically); NcclkitError when it cannot."""
    compiler = cc or os.environ.get("CC") or "cc"
    if shutil.which(compiler) is None:
        raise NcclkitError(f"no C compiler {compiler!r} on PATH to build the timing loop",
                           hint="install gcc (apt install gcc / dnf install gcc) or set CC, "
                                "or use --engine torch")
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=out.name + ".", dir=out.parent)
    os.close(fd)
    cmd = [compiler, "-O2", "-shared", "-fPIC", "-o", tmp, str(source)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s, check=False)
    except subprocess.TimeoutExpired as exc:
        os.unlink(tmp)
        raise NcclkitError(f"{compiler} did not finish building {source.name} in {timeout_s:.0f} s",
                           hint="check the compiler, or set CC to another one") from exc
    if proc.returncode != 0:
        os.unlink(tmp)
        first = (proc.stderr.strip().splitlines() or ["(no message)"])[0]
        raise NcclkitError(f"{compiler} could not build {source.name}: {first}",
                           hint="set CC to a working C compiler, or use --engine torch")
    os.replace(tmp, out)
    return out


def build_loop(cache: Path | None = None) -> Path:
    """The compiled loop for this loop.c, built once per source version and cached."""
    digest = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:16]
    for base in (cache or _cache_dir(), Path(tempfile.gettempdir()) / f"ncclkit-{os.getuid()}"):
        lib = base / f"loop-{digest}.so"
        if lib.exists():
            return lib
        try:
            return compile_loop(lib)
        except PermissionError:
            continue  # a read-only home: the temporary directory is the fallback
        except OSError as exc:
            if exc.errno not in (13, 30):  # EACCES, EROFS
                raise
    raise NcclkitError("no writable directory for the compiled timing loop",
                       hint="set XDG_CACHE_HOME to a writable directory")


def find_cudart() -> str:
    """The CUDA runtime this process mapped (torch's), else the nvidia-cuda-runtime wheel's."""
    return mapped_library("/libcudart.so") or "libcudart.so"


class CudaRt:
    """The few runtime calls the Python side needs itself: events and error strings."""

    def __init__(self, path: str | None = None) -> None:
        self.path = path or find_cudart()
        try:
            self.lib = ctypes.CDLL(self.path)
        except OSError as exc:
            raise NcclkitError(f"cannot load the CUDA runtime from {self.path}: {exc}",
                               hint="run under the torch that brought CUDA, or use --engine "
                                    "torch") from exc
        self.lib.cudaGetErrorString.restype = ctypes.c_char_p
        self.lib.cudaGetErrorString.argtypes = [ctypes.c_int]

    def error(self, rc: int) -> str:
        return (self.lib.cudaGetErrorString(rc) or b"?").decode(errors="replace")

    def events(self, n: int) -> ctypes.Array:
        arr = (ctypes.c_void_p * n)()
        for i in range(n):
            rc = self.lib.cudaEventCreate(ctypes.byref(arr, i * ctypes.sizeof(ctypes.c_void_p)))
            if rc:
                raise NcclkitError(f"cudaEventCreate failed: {self.error(rc)}",
                                   hint="check the GPU with nvidia-smi")
        return arr

    def free_events(self, arr: ctypes.Array) -> None:
        for ev in arr:
            if ev:
                self.lib.cudaEventDestroy(ctypes.c_void_p(ev))


@dataclass
class GraphHandle:
    graph: ctypes.c_void_p
    exec: ctypes.c_void_p


class Loop:
    """loop.c bound to one libnccl (a ncclffi.NcclLib) and the CUDA runtime."""

    def __init__(self, nccl: ctypes.CDLL, nccl_error: Callable[[int], str], cudart: CudaRt,
                 lib_path: Path | None = None) -> None:
        self.so = ctypes.CDLL(str(lib_path or build_loop()))
        if self.so.nk_abi() != _ABI:
            raise NcclkitError("the compiled timing loop does not match this ncclkit",
                               hint=f"delete {_cache_dir()} and run again")
        self.cudart, self._nccl_error = cudart, nccl_error
        self.table = (ctypes.c_void_p * len(FNS))()
        for i, name in enumerate(FNS):
            src = nccl if i < len(NCCL_FNS) else cudart.lib
            fn = getattr(src, name, None)
            self.table[i] = ctypes.cast(fn, ctypes.c_void_p).value if fn is not None else None
        self.so.nk_now.restype = ctypes.c_double
        vp, ci, dp = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_double)
        ip, sz = ctypes.POINTER(ctypes.c_int), ctypes.c_size_t
        cp = ctypes.POINTER(CollArgs)
        self.so.nk_issue.argtypes = [vp, cp, sz, ci, vp, ip]
        db = ctypes.c_double
        self.so.nk_wait.argtypes = [vp, vp, vp, db, ip]
        self.so.nk_time_eager.argtypes = [vp, cp, ci, vp, ci, db, dp, ip]
        self.so.nk_capture.argtypes = [vp, cp, ci, vp, ctypes.POINTER(vp), ctypes.POINTER(vp), ip]
        self.so.nk_time_graph.argtypes = [vp, vp, cp, ci, ci, db, dp, ip]
        self.so.nk_graph_free.argtypes = [vp, vp, vp, ip]
        self.so.nk_elapsed.argtypes = [vp, vp, ci, ctypes.POINTER(ctypes.c_float), ip]

    def _check(self, rc: int, failed: ctypes.c_int, timeout_s: float = 0.0) -> None:
        if rc == 0:
            return
        if failed.value == _W_TIMEOUT:
            raise NcclkitError(f"the collective did not complete on this GPU within "
                               f"{timeout_s:g} s (a peer rank is not calling it, or is stuck)",
                               hint="run `ncclkit hang` on the job, or raise --timeout for very "
                                    "large sizes")
        if failed.value == _W_ASYNC:
            raise NcclkitError(f"NCCL reported an asynchronous error while the collective ran: "
                               f"error {rc}: {self._nccl_error(rc)}",
                               hint="re-run with NCCL_DEBUG=WARN to see NCCL's reason")
        where = FNS[failed.value] if 0 <= failed.value < len(FNS) else "the timing loop"
        text = self.cudart.error(rc) if where.startswith("cuda") else self._nccl_error(rc)
        raise NcclkitError(f"{where} failed: error {rc}: {text}",
                           hint="re-run with NCCL_DEBUG=WARN to see NCCL's reason")

    def issue(self, c: CollArgs, first: int, n: int) -> None:
        failed = ctypes.c_int(-1)
        self._check(self.so.nk_issue(self.table, ctypes.byref(c), first, n, None,
                                     ctypes.byref(failed)), failed)

    def wait(self, c: CollArgs, timeout_s: float) -> None:
        """Until c's stream is idle, as nccl-tests' testStreamSynchronize waits (loop.c nk_wait)."""
        failed = ctypes.c_int(-1)
        self._check(self.so.nk_wait(self.table, c.stream, c.comm, timeout_s,
                                    ctypes.byref(failed)), failed, timeout_s)

    def time_eager(self, c: CollArgs, iters: int, events: ctypes.Array | None,
                   sync: bool = True, timeout_s: float = 0.0) -> float:
        """Seconds from the call to the end of the stream wait after `iters` calls."""
        failed, sec = ctypes.c_int(-1), ctypes.c_double()
        self._check(self.so.nk_time_eager(self.table, ctypes.byref(c), iters, events, int(sync),
                                          timeout_s, ctypes.byref(sec), ctypes.byref(failed)),
                    failed, timeout_s)
        return sec.value

    def capture(self, c: CollArgs, iters: int) -> GraphHandle:
        failed, g, e = ctypes.c_int(-1), ctypes.c_void_p(), ctypes.c_void_p()
        rc = self.so.nk_capture(self.table, ctypes.byref(c), iters, None, ctypes.byref(g),
                                ctypes.byref(e), ctypes.byref(failed))
        handle = GraphHandle(graph=g, exec=e)
        if rc:
            self.free(handle)
        self._check(rc, failed)
        return handle

    def time_graph(self, h: GraphHandle, c: CollArgs, launches: int, sync: bool = True,
                   timeout_s: float = 0.0) -> float:
        failed, sec = ctypes.c_int(-1), ctypes.c_double()
        self._check(self.so.nk_time_graph(self.table, h.exec, ctypes.byref(c), launches,
                                          int(sync), timeout_s, ctypes.byref(sec),
                                          ctypes.byref(failed)), failed, timeout_s)
        return sec.value

    def free(self, h: GraphHandle) -> None:
        failed = ctypes.c_int(-1)
        self._check(self.so.nk_graph_free(self.table, h.graph, h.exec, ctypes.byref(failed)),
                    failed)

    def elapsed_ms(self, events: ctypes.Array, n: int) -> list[float]:
        failed, ms = ctypes.c_int(-1), (ctypes.c_float * n)()
        self._check(self.so.nk_elapsed(self.table, events, n, ms, ctypes.byref(failed)), failed)
        return list(ms)
