"""The two ways one collective call is issued: torch.distributed, or NCCL itself (ncclffi).

Both take torch tensors and issue exactly one collective per method call on the current stream,
so the runner can time either eagerly or inside a CUDA-graph capture. `TorchEngine` is what a
training framework sees (and the only one for gloo on CPUs); `DirectEngine` is what nccl-tests
sees (same libnccl, no torch.distributed bookkeeping around each call).
"""

from __future__ import annotations

from typing import Any

from ncclkit.bench.ncclffi import NCCL_OPS, NCCL_TYPES, NcclComm, NcclLib
from ncclkit.errors import NcclkitError

__all__ = ["DTYPES", "DirectEngine", "TorchEngine", "torch_dtype"]

# nccl-tests type names (-d) -> torch dtype attribute
DTYPES = {"float": "float32", "half": "float16", "bfloat16": "bfloat16", "double": "float64",
          "int8": "int8", "uint8": "uint8", "int32": "int32", "int64": "int64"}


def torch_dtype(torch: Any, name: str) -> Any:
    if name not in DTYPES:
        raise NcclkitError(f"unknown data type {name!r}",
                           hint=f"use one of {', '.join(DTYPES)} (nccl-tests' -d names)")
    return getattr(torch, DTYPES[name])


class TorchEngine:
    """torch.distributed collectives on `group` (gloo or NCCL)."""

    name = "torch"

    def __init__(self, torch: Any, group: Any) -> None:
        self.torch, self.dist, self.group = torch, torch.distributed, group
        self.rank = self.dist.get_rank(group)

    def _op(self, op: str) -> Any:
        ops = {"sum": "SUM", "prod": "PRODUCT", "max": "MAX", "min": "MIN", "avg": "AVG"}
        return getattr(self.dist.ReduceOp, ops[op])

    def all_reduce(self, send: Any, recv: Any, op: str) -> None:
        # torch.distributed has no out-of-place all_reduce: the runner fills `recv` with the
        # input before the checked call, and timing reduces `recv` in place.
        if send.data_ptr() != recv.data_ptr() and not self._timing:
            recv.copy_(send)
        self.dist.all_reduce(recv, op=self._op(op), group=self.group)

    def all_gather(self, send: Any, recv: Any) -> None:
        self.dist.all_gather_into_tensor(recv, send, group=self.group)

    def reduce_scatter(self, send: Any, recv: Any, op: str) -> None:
        self.dist.reduce_scatter_tensor(recv, send, op=self._op(op), group=self.group)

    def alltoall(self, send: Any, recv: Any) -> None:
        self.dist.all_to_all_single(recv, send, group=self.group)

    def broadcast(self, send: Any, recv: Any, root: int) -> None:
        if send.data_ptr() != recv.data_ptr() and self.rank == root and not self._timing:
            recv.copy_(send)
        self.dist.broadcast(recv, src=root, group=self.group)

    def reduce(self, send: Any, recv: Any, op: str, root: int) -> None:
        if send.data_ptr() != recv.data_ptr() and not self._timing:
            recv.copy_(send)
        self.dist.reduce(recv, dst=root, op=self._op(op), group=self.group)

    def sendrecv(self, send: Any, recv: Any, to_peer: int, from_peer: int) -> None:
        ops = [self.dist.P2POp(self.dist.isend, send, to_peer, self.group),
               self.dist.P2POp(self.dist.irecv, recv, from_peer, self.group)]
        for work in self.dist.batch_isend_irecv(ops):
            work.wait()

    _timing = False

    def set_timing(self, on: bool) -> None:
        """While timing, skip the copies that stand in for out-of-place semantics."""
        self._timing = on

    def alloc(self, numel: int, dtype: Any, device: Any) -> Any:
        return self.torch.empty(numel, dtype=dtype, device=device)

    def release(self) -> None:
        return None

    def close(self) -> None:
        return None


class _CudaArray:
    """A raw device allocation shown to torch through __cuda_array_interface__ (bytes)."""

    def __init__(self, ptr: int, nbytes: int) -> None:
        self.__cuda_array_interface__ = {"shape": (nbytes,), "typestr": "|u1",
                                         "data": (ptr, False), "version": 2}


# Which buffer's element count is the count argument of each NCCL call (nccl-tests' paramcount)
_COUNT_FROM = {"all_reduce": "recv", "all_gather": "send", "reduce_scatter": "recv",
               "alltoall": "send", "alltoall_p2p": "send", "broadcast": "recv", "reduce": "recv",
               "sendrecv": "send"}


class DirectEngine:
    """ncclAllReduce & co. through ctypes on torch's current CUDA stream."""

    name = "direct"

    def __init__(self, torch: Any, lib: NcclLib, uid: bytes, nranks: int, rank: int, *,
                 nccl_alloc: bool = True) -> None:
        self.torch = torch
        self.nccl_alloc = nccl_alloc
        self.comm = NcclComm(lib, uid, nranks, rank)
        self.rank, self.nranks = rank, nranks
        self._ptrs: list[int] = []
        self._loop: Any = None

    def _args(self, t: Any) -> tuple[int, int]:
        name = next((k for k, v in DTYPES.items() if getattr(self.torch, v) == t.dtype), None)
        if name is None:
            raise NcclkitError(f"dtype {t.dtype} has no NCCL type", hint="use float, half, ...")
        return NCCL_TYPES[name], self.torch.cuda.current_stream().cuda_stream

    def all_reduce(self, send: Any, recv: Any, op: str) -> None:
        dt, s = self._args(recv)
        self.comm.all_reduce(send.data_ptr(), recv.data_ptr(), recv.numel(), dt, NCCL_OPS[op], s)

    def all_gather(self, send: Any, recv: Any) -> None:
        dt, s = self._args(recv)
        self.comm.all_gather(send.data_ptr(), recv.data_ptr(), send.numel(), dt, s)

    def reduce_scatter(self, send: Any, recv: Any, op: str) -> None:
        dt, s = self._args(recv)
        self.comm.reduce_scatter(send.data_ptr(), recv.data_ptr(), recv.numel(), dt,
                                 NCCL_OPS[op], s)

    def alltoall(self, send: Any, recv: Any) -> None:
        dt, s = self._args(recv)
        self.comm.alltoall(send.data_ptr(), recv.data_ptr(), send.numel() // self.nranks, dt,
                           send.element_size(), s)

    def broadcast(self, send: Any, recv: Any, root: int) -> None:
        dt, s = self._args(recv)
        self.comm.broadcast(send.data_ptr(), recv.data_ptr(), recv.numel(), dt, root, s)

    def reduce(self, send: Any, recv: Any, op: str, root: int) -> None:
        dt, s = self._args(recv)
        self.comm.reduce(send.data_ptr(), recv.data_ptr(), recv.numel(), dt, NCCL_OPS[op], root,
                         s)

    def sendrecv(self, send: Any, recv: Any, to_peer: int, from_peer: int) -> None:
        dt, s = self._args(recv)
        self.comm.send_recv([("send", send.data_ptr(), send.numel(), to_peer),
                             ("recv", recv.data_ptr(), recv.numel(), from_peer)], dt, s)

    def set_timing(self, on: bool) -> None:
        return None

    def loop(self) -> Any:
        """The compiled timing loop (cloop), built and bound on first use."""
        if self._loop is None:
            from ncclkit.bench.cloop import CudaRt, Loop  # noqa: PLC0415 - GPU runs only

            lib = self.comm.lib
            self._loop = Loop(lib.lib, lambda rc: lib.lib.ncclGetErrorString(rc).decode(
                errors="replace"), CudaRt())
        return self._loop

    def coll_args(self, name: str, b: Any, *, shift: int, steps: int, stream: int) -> Any:
        """The loop's arguments for one row (iteration 0's pointers), or None for a collective
        it does not know (a custom record): those are timed from Python."""
        from ncclkit.bench.cloop import KINDS, CollArgs  # noqa: PLC0415

        if name not in _COUNT_FROM:
            return None
        if name == "alltoall" and not self.comm.lib.has_alltoall:
            name = "alltoall_p2p"  # ncclAlltoAll is NCCL 2.28+ (alltoall.cu falls back alike)
        dt, _ = self._args(b.recv)
        count = (b.send if _COUNT_FROM[name] == "send" else b.recv).numel()
        if name.startswith("alltoall"):
            count //= self.nranks
        return CollArgs(kind=KINDS.index(name), dtype=dt, op=NCCL_OPS[b.op], root=max(b.root, 0),
                        send=b.send.data_ptr(), recv=b.recv.data_ptr(), count=count,
                        elem_bytes=b.recv.element_size(), shift=shift, steps=max(steps, 1),
                        comm=self.comm.comm.value, stream=stream)

    def alloc(self, numel: int, dtype: Any, device: Any) -> Any:
        """Buffers from ncclMemAlloc, as nccl-tests >= 2.19 allocates them (common.cu
        AllocateBuffs); torch's caching allocator (cudaMalloc) is the fallback."""
        torch = self.torch
        nbytes = numel * torch.empty((), dtype=dtype).element_size()
        lib = self.comm.lib
        if self.nccl_alloc and lib.has_mem_alloc and nbytes > 0:
            try:
                ptr = lib.mem_alloc(nbytes)
            except NcclkitError:
                ptr = 0
            if ptr:
                self._ptrs.append(ptr)
                raw = torch.as_tensor(_CudaArray(ptr, nbytes), device=device)
                return raw.view(dtype)
        return torch.empty(numel, dtype=dtype, device=device)

    def release(self) -> None:
        """Free this row's ncclMemAlloc buffers (their tensors and graphs are gone by now)."""
        self.torch.cuda.synchronize()
        for ptr in self._ptrs:
            self.comm.lib.mem_free(ptr)
        self._ptrs.clear()

    def close(self) -> None:
        self.release()
        self.comm.destroy()
