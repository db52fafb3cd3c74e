"""The collectives `ncclkit bench` runs, as data: byte counts, busbw factor, call, inputs, expected output.

Each record mirrors one nccl-tests binary (src/<name>.cu of NVIDIA/nccl-tests 2.19.6):
`sizing` is its <Coll>GetCollByteCount plus the size/count columns it prints, `busbw_factor` its
<Coll>GetBw factor, `call` how one iteration is issued through an engine, and `fill`/`expected`
the data pattern each rank writes and the result every rank must read back. The runner owns
everything else (timing, sweep, checking, output), so a new collective is one record here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ncclkit.errors import NcclkitError

__all__ = [
    "COLLECTIVES",
    "Buffers",
    "Collective",
    "Sizing",
    "busbw_gbps",
    "get_collective",
    "pattern",
    "reduce_over_ranks",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Sizing:
    """Element counts of one size step. `count` is nccl-tests' count column (per-rank parameter)."""

    count: int
    send_elems: int
    recv_elems: int
    size_bytes: int  # nccl-tests' size column: max(send, recv) bytes
    algbw_bytes: int  # the bytes nccl-tests divides by time for algbw


@dataclass(frozen=True, slots=True, kw_only=True)
class Buffers:
    """One rank's buffers for one size step; in place, `send` and `recv` are views of one buffer."""

    send: Any  # torch.Tensor
    recv: Any
    sizing: Sizing
    rank: int
    nranks: int
    root: int
    op: str


# Engine methods a record may call (ncclkit.bench.engines): all_reduce, all_gather,
# reduce_scatter, alltoall, broadcast, reduce, sendrecv.
CallFn = Callable[[Any, Buffers], None]
# (torch, buffers, dtype) -> the tensor `recv` must hold after one call, or None: nothing to check
ExpectFn = Callable[[Any, Buffers, Any], Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class Collective:
    name: str  # "all_reduce"
    binary: str  # the nccl-tests binary it mirrors, printed in the table header
    reduces: bool  # takes a reduction op (prints the op in the redop column, else "none")
    rooted: bool  # takes a root (prints it in the root column, else -1)
    shards: bool  # count is size/nranks, rounded down to 16 bytes (all_gather, reduce_scatter, alltoall)
    factor: Callable[[int], float]
    call: CallFn
    # In-place runs use one buffer of max(send, recv) elements; (rank, sizing) -> the offsets of
    # the send and recv views in it, in elements (nccl-tests' send/recvInplaceOffset * rank).
    in_place_offsets: Callable[[int, Sizing], tuple[int, int]]
    expected: ExpectFn
    # nccl-tests does not check in-place alltoall or sendrecv (AlltoAll/SendRecvInitData): one
    # buffer both sent from and received into is a race, so in place they are timed only
    checks_in_place: bool = True

    def busbw_factor(self, nranks: int) -> float:
        return self.factor(nranks)

    def sizing(self, size_bytes: int, elem_bytes: int, nranks: int) -> Sizing:
        count = size_bytes // elem_bytes
        if self.shards:
            # nccl-tests: base = (count/nranks) & ~(16/eltSize - 1), i.e. whole 16-byte groups
            base = (count // nranks) & ~(max(16 // elem_bytes, 1) - 1)
            if self.name == "all_gather":
                send, recv = base, base * nranks
            elif self.name == "reduce_scatter":
                send, recv = base * nranks, base
            else:  # alltoall
                send = recv = base * nranks
            return Sizing(
                count=base,
                send_elems=send,
                recv_elems=recv,
                size_bytes=max(send, recv) * elem_bytes,
                algbw_bytes=base * nranks * elem_bytes,
            )
        return Sizing(
            count=count,
            send_elems=count,
            recv_elems=count,
            size_bytes=count * elem_bytes,
            algbw_bytes=count * elem_bytes,
        )


def busbw_gbps(
    coll: Collective, algbw_bytes: int, time_us: float, nranks: int
) -> tuple[float, float]:
    """(algbw, busbw) in GB/s (1e9 B/s) with nccl-tests' definitions (CONTRACTS.md section 6).

    `algbw_bytes` is Sizing.algbw_bytes: count x size, times nranks for the sharded collectives.
    """
    if time_us <= 0:
        return 0.0, 0.0
    algbw = algbw_bytes / (time_us * 1e-6) / 1e9
    return algbw, algbw * coll.busbw_factor(nranks)


def _ring(n: int) -> float:
    return 2.0 * (n - 1) / n


def _shard(n: int) -> float:
    return (n - 1) / n


def _one(_n: int) -> float:
    return 1.0


def _same(_rank: int, _s: Sizing) -> tuple[int, int]:
    return 0, 0


def _gather_offsets(rank: int, s: Sizing) -> tuple[int, int]:
    return rank * s.count, 0  # all_gather: my shard sits at my slot of the output


def _scatter_offsets(rank: int, s: Sizing) -> tuple[int, int]:
    return 0, rank * s.count  # reduce_scatter: my output is my slot of the input


def _call_all_reduce(eng: Any, b: Buffers) -> None:
    eng.all_reduce(b.send, b.recv, b.op)


def _call_all_gather(eng: Any, b: Buffers) -> None:
    eng.all_gather(b.send, b.recv)


def _call_reduce_scatter(eng: Any, b: Buffers) -> None:
    eng.reduce_scatter(b.send, b.recv, b.op)


def _call_alltoall(eng: Any, b: Buffers) -> None:
    eng.alltoall(b.send, b.recv)


def _call_broadcast(eng: Any, b: Buffers) -> None:
    eng.broadcast(b.send, b.recv, b.root)


def _call_reduce(eng: Any, b: Buffers) -> None:
    eng.reduce(b.send, b.recv, b.op, b.root)


def _call_sendrecv(eng: Any, b: Buffers) -> None:
    # nccl-tests sendrecv.cu: send to rank+1, receive from rank-1 (a ring shift)
    eng.sendrecv(b.send, b.recv, (b.rank + 1) % b.nranks, (b.rank - 1) % b.nranks)


def _pat(torch: Any, b: Buffers, rank: int, length: int, dtype: Any, start: int = 0) -> Any:
    return pattern(torch, rank, length, op=b.op, dtype=dtype, device=b.recv.device, start=start)


def reduce_over_ranks(torch: Any, op: str, parts: list[Any], dtype: Any) -> Any:
    """Reduce rank inputs like NCCL does, in float64 (int64 for integers), then cast to `dtype`."""
    wide = torch.float64 if dtype.is_floating_point else torch.int64
    acc = parts[0].to(wide)
    for p in parts[1:]:
        q = p.to(wide)
        if op in ("sum", "avg"):
            acc += q
        elif op == "prod":
            acc *= q
        elif op == "max":
            acc = torch.maximum(acc, q)
        elif op == "min":
            acc = torch.minimum(acc, q)
        else:
            raise NcclkitError(
                f"unknown reduction op {op!r}", hint="use sum, prod, max, min or avg"
            )
    if op == "avg":
        acc = acc / len(parts) if dtype.is_floating_point else acc // len(parts)
    return acc.to(dtype)


def _exp_all_reduce(torch: Any, b: Buffers, dtype: Any) -> Any:
    n = b.sizing.recv_elems
    return reduce_over_ranks(
        torch, b.op, [_pat(torch, b, j, n, dtype) for j in range(b.nranks)], dtype
    )


def _exp_all_gather(torch: Any, b: Buffers, dtype: Any) -> Any:
    return torch.cat([_pat(torch, b, j, b.sizing.count, dtype) for j in range(b.nranks)])


def _exp_reduce_scatter(torch: Any, b: Buffers, dtype: Any) -> Any:
    c = b.sizing.count
    parts = [_pat(torch, b, j, c, dtype, start=b.rank * c) for j in range(b.nranks)]
    return reduce_over_ranks(torch, b.op, parts, dtype)


def _exp_alltoall(torch: Any, b: Buffers, dtype: Any) -> Any:
    c = b.sizing.count
    return torch.cat([_pat(torch, b, j, c, dtype, start=b.rank * c) for j in range(b.nranks)])


def _exp_broadcast(torch: Any, b: Buffers, dtype: Any) -> Any:
    return _pat(torch, b, b.root, b.sizing.recv_elems, dtype)


def _exp_reduce(torch: Any, b: Buffers, dtype: Any) -> Any:
    # Only the root's buffer is defined after ncclReduce; nccl-tests checks the root alone.
    return _exp_all_reduce(torch, b, dtype) if b.rank == b.root else None


def _exp_sendrecv(torch: Any, b: Buffers, dtype: Any) -> Any:
    return _pat(torch, b, (b.rank - 1) % b.nranks, b.sizing.recv_elems, dtype)


COLLECTIVES: dict[str, Collective] = {
    c.name: c
    for c in (
        Collective(
            name="all_reduce",
            binary="all_reduce_perf",
            reduces=True,
            rooted=False,
            shards=False,
            factor=_ring,
            call=_call_all_reduce,
            expected=_exp_all_reduce,
            in_place_offsets=_same,
        ),
        Collective(
            name="all_gather",
            binary="all_gather_perf",
            reduces=False,
            rooted=False,
            shards=True,
            factor=_shard,
            call=_call_all_gather,
            expected=_exp_all_gather,
            in_place_offsets=_gather_offsets,
        ),
        Collective(
            name="reduce_scatter",
            binary="reduce_scatter_perf",
            reduces=True,
            rooted=False,
            shards=True,
            factor=_shard,
            call=_call_reduce_scatter,
            expected=_exp_reduce_scatter,
            in_place_offsets=_scatter_offsets,
        ),
        Collective(
            name="alltoall",
            binary="alltoall_perf",
            reduces=False,
            rooted=False,
            shards=True,
            factor=_shard,
            call=_call_alltoall,
            expected=_exp_alltoall,
            in_place_offsets=_same,
            checks_in_place=False,
        ),
        Collective(
            name="broadcast",
            binary="broadcast_perf",
            reduces=False,
            rooted=True,
            shards=False,
            factor=_one,
            call=_call_broadcast,
            expected=_exp_broadcast,
            in_place_offsets=_same,
        ),
        Collective(
            name="reduce",
            binary="reduce_perf",
            reduces=True,
            rooted=True,
            shards=False,
            factor=_one,
            call=_call_reduce,
            expected=_exp_reduce,
            in_place_offsets=_same,
        ),
        Collective(
            name="sendrecv",
            binary="sendrecv_perf",
            reduces=True,
            rooted=False,
            shards=False,
            factor=_one,
            call=_call_sendrecv,
            expected=_exp_sendrecv,
            in_place_offsets=_same,
            checks_in_place=False,
        ),
    )
}


def get_collective(name: str) -> Collective:
    """A built-in record by name, or `package.module:ATTR` for a record of your own."""
    if ":" in name:
        import importlib

        mod_name, _, attr = name.partition(":")
        try:
            rec = getattr(importlib.import_module(mod_name), attr)
        except (ImportError, AttributeError) as exc:
            raise NcclkitError(
                f"collective {name!r} could not be imported: {exc}",
                hint="give module:ATTR of a Collective record on PYTHONPATH",
            ) from exc
        if not isinstance(rec, Collective):
            raise NcclkitError(
                f"collective {name!r} is not a Collective record",
                hint="point at a ncclkit.bench.collectives.Collective instance",
            )
        return rec
    key = name.strip().lower().replace("-", "_")
    key = {
        "allreduce": "all_reduce",
        "allgather": "all_gather",
        "reducescatter": "reduce_scatter",
        "all_to_all": "alltoall",
        "send_recv": "sendrecv",
    }.get(key, key)
    if key not in COLLECTIVES:
        raise NcclkitError(
            f"unknown collective {name!r}",
            hint=f"choose from {', '.join(COLLECTIVES)} (comma-separated)",
        )
    return COLLECTIVES[key]


def pattern(
    torch: Any, rank: int, length: int, *, op: str, dtype: Any, device: Any, start: int = 0
) -> Any:
    """Rank `rank`'s input: small integers, so sums over many ranks stay exact even in bf16.

    Elements [start, start+length) of the rank's sequence; `prod` uses 1s and 2s so that the
    product over ranks cannot overflow. Integers are computed in int32 from `i % 11` so that
    multi-GB buffers never overflow the index arithmetic.
    """
    i = torch.arange(
        start,
        start + length,
        device=device,
        dtype=torch.int64 if length + start >= 2**31 else torch.int32,
    )
    vals = (i + rank) % 2 + 1 if op == "prod" else ((i % 11) * 7 + 3 * rank) % 11 + 1
    return vals.to(dtype)
