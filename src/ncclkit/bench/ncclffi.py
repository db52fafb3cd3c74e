"""ctypes bindings to the libnccl.so.2 that torch loaded: unique id, communicator, collectives.

Why not torch.distributed for the timed loop: captured in a CUDA graph it still adds about 5 us a
call over NCCL (shared/measurements/README.md: 11.4 vs 5.7 us at 8 B on 2xH200), so small-message
latency would be torch's, not NCCL's. Calling the same library directly on torch's stream, with
torch tensors' data pointers, measures what nccl-tests measures. Signatures are nccl.h's (stable
since NCCL 2.7; ncclAlltoAll is 2.28+ and is replaced by grouped send/recv before that).
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import Any

from ncclkit.errors import NcclkitError

__all__ = ["NCCL_OPS", "NCCL_TYPES", "NcclComm", "NcclLib", "UniqueId", "find_libnccl"]

# ncclDataType_t and ncclRedOp_t values from nccl.h
NCCL_TYPES = {"int8": 0, "uint8": 1, "int32": 2, "uint32": 3, "int64": 4, "uint64": 5,
              "half": 6, "float": 7, "double": 8, "bfloat16": 9}
NCCL_OPS = {"sum": 0, "prod": 1, "max": 2, "min": 3, "avg": 4}


class UniqueId(ctypes.Structure):
    _fields_ = [("internal", ctypes.c_char * 128)]  # NCCL_UNIQUE_ID_BYTES


def mapped_library(fragment: str) -> str | None:
    """Path of a library this process already mapped (torch's) whose path holds `fragment`."""
    try:
        maps = Path("/proc/self/maps").read_text()
    except OSError:
        maps = ""
    for line in maps.splitlines():
        path = line.split()[-1] if line.split() else ""
        if fragment in path:
            return path
    return None


def find_libnccl(override: str | None = None) -> str:
    """Path of the libnccl that this process already mapped (torch's), else nvidia-nccl's wheel."""
    if override:
        return override
    mapped = mapped_library("/libnccl.so")
    if mapped:
        return mapped
    try:
        import nvidia.nccl  # noqa: PLC0415 - optional wheel, only on GPU machines

        for base in nvidia.nccl.__path__:
            cand = Path(base) / "lib" / "libnccl.so.2"
            if cand.exists():
                return str(cand)
    except ImportError:
        pass
    return "libnccl.so.2"


class NcclLib:
    """The loaded library; every call checks ncclResult_t and raises NcclkitError with NCCL's text."""

    def __init__(self, path: str | None = None) -> None:
        self.path = find_libnccl(path)
        try:
            self.lib = ctypes.CDLL(self.path, mode=os.RTLD_GLOBAL if hasattr(os, "RTLD_GLOBAL")
                                   else 0)
        except OSError as exc:
            raise NcclkitError(f"cannot load NCCL from {self.path}: {exc}",
                               hint="install nvidia-nccl (torch's CUDA wheels bring it) or pass "
                                    "--libnccl PATH, or use --engine torch") from exc
        lib = self.lib
        lib.ncclGetErrorString.restype = ctypes.c_char_p
        lib.ncclGetErrorString.argtypes = [ctypes.c_int]
        lib.ncclGetVersion.argtypes = [ctypes.POINTER(ctypes.c_int)]
        lib.ncclGetUniqueId.argtypes = [ctypes.POINTER(UniqueId)]
        lib.ncclCommInitRank.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_int, UniqueId,
                                         ctypes.c_int]
        lib.ncclCommDestroy.argtypes = [ctypes.c_void_p]
        vp, sz, i, c = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_void_p
        lib.ncclAllReduce.argtypes = [vp, vp, sz, i, i, c, vp]
        lib.ncclReduceScatter.argtypes = [vp, vp, sz, i, i, c, vp]
        lib.ncclAllGather.argtypes = [vp, vp, sz, i, c, vp]
        lib.ncclBroadcast.argtypes = [vp, vp, sz, i, i, c, vp]
        lib.ncclReduce.argtypes = [vp, vp, sz, i, i, i, c, vp]
        lib.ncclSend.argtypes = [vp, sz, i, i, c, vp]
        lib.ncclRecv.argtypes = [vp, sz, i, i, c, vp]
        # ncclMemAlloc (2.19+): cuMem memory NCCL can register on its own while a graph is
        # captured (NCCL_GRAPH_REGISTER), so ring steps write straight into the peer's buffer.
        self.has_mem_alloc = hasattr(lib, "ncclMemAlloc")
        if self.has_mem_alloc:
            lib.ncclMemAlloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t]
            lib.ncclMemFree.argtypes = [ctypes.c_void_p]
        self.has_alltoall = hasattr(lib, "ncclAlltoAll")
        if self.has_alltoall:
            lib.ncclAlltoAll.argtypes = [vp, vp, sz, i, c, vp]

    def check(self, rc: int, what: str) -> None:
        if rc != 0:
            text = self.lib.ncclGetErrorString(rc).decode(errors="replace")
            raise NcclkitError(f"{what} failed: NCCL error {rc}: {text}",
                               hint="re-run with NCCL_DEBUG=WARN to see NCCL's reason")

    def mem_alloc(self, size_bytes: int) -> int:
        ptr = ctypes.c_void_p()
        self.check(self.lib.ncclMemAlloc(ctypes.byref(ptr), max(size_bytes, 1)), "ncclMemAlloc")
        return int(ptr.value or 0)

    def mem_free(self, ptr: int) -> None:
        self.check(self.lib.ncclMemFree(ctypes.c_void_p(ptr)), "ncclMemFree")

    def version(self) -> int:
        v = ctypes.c_int()
        self.check(self.lib.ncclGetVersion(ctypes.byref(v)), "ncclGetVersion")
        return v.value

    def unique_id(self) -> bytes:
        uid = UniqueId()
        self.check(self.lib.ncclGetUniqueId(ctypes.byref(uid)), "ncclGetUniqueId")
        # Not bytes(uid.internal): a c_char array's value stops at the first NUL byte.
        return ctypes.string_at(ctypes.addressof(uid), ctypes.sizeof(uid))


class NcclComm:
    """One communicator on the current CUDA device; collectives take tensors and a stream handle."""

    def __init__(self, lib: NcclLib, uid: bytes, nranks: int, rank: int) -> None:
        self.lib, self.nranks, self.rank = lib, nranks, rank
        if len(uid) != ctypes.sizeof(UniqueId):
            raise NcclkitError(f"NCCL unique id of {len(uid)} bytes, expected 128",
                               hint="every rank must run the same ncclkit and NCCL")
        handle = UniqueId.from_buffer_copy(uid)
        self.comm = ctypes.c_void_p()
        lib.check(lib.lib.ncclCommInitRank(ctypes.byref(self.comm), nranks, handle, rank),
                  f"ncclCommInitRank(rank {rank} of {nranks})")

    def destroy(self) -> None:
        if self.comm:
            self.lib.check(self.lib.lib.ncclCommDestroy(self.comm), "ncclCommDestroy")
            self.comm = ctypes.c_void_p()

    def _go(self, name: str, *args: Any) -> None:
        self.lib.check(getattr(self.lib.lib, name)(*args), name)

    def all_reduce(self, send: Any, recv: Any, count: int, dtype: int, op: int, stream: int) -> None:
        self._go("ncclAllReduce", send, recv, count, dtype, op, self.comm, stream)

    def reduce_scatter(self, send: Any, recv: Any, count: int, dtype: int, op: int,
                       stream: int) -> None:
        self._go("ncclReduceScatter", send, recv, count, dtype, op, self.comm, stream)

    def all_gather(self, send: Any, recv: Any, count: int, dtype: int, stream: int) -> None:
        self._go("ncclAllGather", send, recv, count, dtype, self.comm, stream)

    def broadcast(self, send: Any, recv: Any, count: int, dtype: int, root: int,
                  stream: int) -> None:
        self._go("ncclBroadcast", send, recv, count, dtype, root, self.comm, stream)

    def reduce(self, send: Any, recv: Any, count: int, dtype: int, op: int, root: int,
               stream: int) -> None:
        self._go("ncclReduce", send, recv, count, dtype, op, root, self.comm, stream)

    def send_recv(self, pairs: list[tuple[str, int, int, int]], dtype: int, stream: int) -> None:
        """Grouped ncclSend/ncclRecv: pairs of (\"send\"|\"recv\", pointer, count, peer)."""
        self._go("ncclGroupStart")
        try:
            for kind, ptr, count, peer in pairs:
                fn = "ncclSend" if kind == "send" else "ncclRecv"
                self._go(fn, ptr, count, dtype, peer, self.comm, stream)
        finally:
            self._go("ncclGroupEnd")

    def alltoall(self, send: Any, recv: Any, count: int, dtype: int, elem_bytes: int,
                 stream: int) -> None:
        if self.lib.has_alltoall:
            self._go("ncclAlltoAll", send, recv, count, dtype, self.comm, stream)
            return
        chunk = count * elem_bytes
        pairs = []
        for peer in range(self.nranks):
            pairs.append(("send", send + peer * chunk, count, peer))
            pairs.append(("recv", recv + peer * chunk, count, peer))
        self.send_recv(pairs, dtype, stream)
