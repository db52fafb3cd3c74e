"""The compiled timing loop (loop.c through cloop), against a logging stand-in for NCCL and CUDA.

tests/bench/data/fake_nccl_cuda.c has nccl.h's and cuda_runtime_api.h's signatures and records
every call, so the loop's argument handling (pointers moved by the row size each iteration as
nccl-tests' startColl does, peers, grouping, graph capture and launch, errors) is checked with
the system C compiler on a machine without GPUs.
"""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from pathlib import Path

import pytest

from ncclkit.bench.cloop import KINDS, CollArgs, CudaRt, Loop, compile_loop
from ncclkit.errors import NcclkitError

pytestmark = pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler")
DATA = Path(__file__).parent / "data"
AR, AG, RS, A2A, BC, RD, SEND, RECV, GSTART, GEND, QUERY, BEGIN, END, INST, LAUNCH = range(1, 16)
ASYNC = 20


class Rec(ctypes.Structure):
    _fields_ = [("fn", ctypes.c_int), ("a", ctypes.c_void_p), ("b", ctypes.c_void_p),
                ("count", ctypes.c_size_t), ("x", ctypes.c_int), ("y", ctypes.c_int),
                ("stream", ctypes.c_void_p)]


@pytest.fixture(scope="module")
def fake(tmp_path_factory: pytest.TempPathFactory) -> tuple[ctypes.CDLL, Loop]:
    out = tmp_path_factory.mktemp("loop")
    so = out / "libfake.so"
    subprocess.run(["cc", "-O1", "-shared", "-fPIC", "-o", str(so),
                    str(DATA / "fake_nccl_cuda.c")], check=True)
    lib = ctypes.CDLL(str(so))
    loop = Loop(lib, lambda rc: lib.ncclGetErrorString(rc).decode(), CudaRt(str(so)),
                lib_path=compile_loop(out / "loop.so"))
    lib.ncclGetErrorString.restype = ctypes.c_char_p
    return lib, loop


def _log(lib: ctypes.CDLL) -> list[Rec]:
    n = ctypes.c_int.in_dll(lib, "fake_n").value
    return list((Rec * 4096).in_dll(lib, "fake_log")[:n])


def _args(kind: str, **kw: int) -> CollArgs:
    base = dict(kind=KINDS.index(kind), dtype=7, op=0, root=2, send=0x10000, recv=0x90000,
                count=16, elem_bytes=4, shift=64, steps=3, comm=0x1, stream=0x5)
    base.update(kw)
    return CollArgs(**base)


def test_eager_calls_rotate_their_buffers_like_start_coll(fake) -> None:
    lib, loop = fake
    lib.fake_reset()
    sec = loop.time_eager(_args("all_reduce"), 7, None)
    calls = [r for r in _log(lib) if r.fn == AR]
    # iteration i uses offset shift * (i % steps): 0, 64, 128, 0, 64, 128, 0
    assert [r.a - 0x10000 for r in calls] == [0, 64, 128, 0, 64, 128, 0]
    assert [r.b - 0x90000 for r in calls] == [0, 64, 128, 0, 64, 128, 0]
    assert {(r.count, r.x, r.stream) for r in calls} == {(16, 7, 0x5)}
    assert [r.fn for r in _log(lib)][-1] == QUERY  # the window ends when the stream is idle
    assert sec > 0


def test_sendrecv_and_alltoall_fallback_pick_peers_as_nccl_tests(fake) -> None:
    lib, loop = fake  # the stand-in is rank 1 of 4
    lib.fake_reset()
    loop.issue(_args("sendrecv", steps=1), 0, 1)
    log = _log(lib)
    assert [r.fn for r in log] == [GSTART, SEND, RECV, GEND]
    assert (log[1].y, log[2].y) == (2, 0)  # send to rank+1, receive from rank-1
    lib.fake_reset()
    loop.issue(_args("alltoall_p2p", steps=1), 0, 1)
    sends = [r for r in _log(lib) if r.fn == SEND]
    assert [r.y for r in sends] == [0, 1, 2, 3]
    assert [r.a - 0x10000 for r in sends] == [0, 64, 128, 192]  # count x elem bytes a peer


def test_rooted_and_sharded_calls_pass_their_arguments(fake) -> None:
    lib, loop = fake
    for kind, fn, check in (("broadcast", BC, lambda r: r.y == 2),
                            ("reduce", RD, lambda r: r.y == 2),
                            ("all_gather", AG, lambda r: r.count == 16),
                            ("reduce_scatter", RS, lambda r: r.count == 16),
                            ("alltoall", A2A, lambda r: r.count == 16)):
        lib.fake_reset()
        loop.issue(_args(kind, steps=1), 0, 2)
        calls = [r for r in _log(lib) if r.fn == fn]
        assert len(calls) == 2 and all(check(r) for r in calls), kind


def test_graph_is_captured_thread_local_and_launched(fake) -> None:
    lib, loop = fake
    lib.fake_reset()
    handle = loop.capture(_args("all_reduce"), 4)
    loop.time_graph(handle, _args("all_reduce"), 3)
    loop.free(handle)
    fns = [r.fn for r in _log(lib)]
    assert fns[:6] == [BEGIN, AR, AR, AR, AR, END]
    assert _log(lib)[0].x == 1  # cudaStreamCaptureModeThreadLocal
    assert fns.count(INST) == 1 and fns.count(LAUNCH) == 3
    assert fns[fns.index(LAUNCH) + 3] == QUERY


def test_per_iteration_events_bracket_every_call(fake) -> None:
    lib, loop = fake
    events = loop.cudart.events(4)
    lib.fake_reset()
    loop.time_eager(_args("all_reduce"), 3, events)
    assert len(loop.elapsed_ms(events, 3)) == 3
    loop.cudart.free_events(events)


def _set(lib: ctypes.CDLL, name: str, value: int) -> None:
    ctypes.c_int.in_dll(lib, name).value = value


def test_the_wait_polls_the_stream_and_nccl_as_test_stream_synchronize(fake) -> None:
    lib, loop = fake
    _set(lib, "fake_busy", 3)
    try:
        lib.fake_reset()
        loop.wait(_args("all_reduce"), 5.0)
    finally:
        _set(lib, "fake_busy", 0)
    # three "not ready" answers, each followed by an asynchronous-error check, then done
    assert [r.fn for r in _log(lib)] == [QUERY, ASYNC] * 3 + [QUERY]
    assert _log(lib)[1].a == 0x1  # asked of the row's communicator


def test_an_asynchronous_nccl_error_ends_the_wait_with_its_text(fake) -> None:
    lib, loop = fake
    _set(lib, "fake_busy", -1)
    _set(lib, "fake_async", 6)
    try:
        lib.fake_reset()
        with pytest.raises(NcclkitError, match=r"asynchronous error.*error 6: remote process "
                                               r"exited"):
            loop.time_eager(_args("all_reduce"), 2, None, timeout_s=5.0)
    finally:
        _set(lib, "fake_busy", 0)
        _set(lib, "fake_async", 0)


def test_a_stream_that_never_ends_is_bounded_by_the_timeout(fake) -> None:
    lib, loop = fake
    _set(lib, "fake_busy", -1)
    try:
        lib.fake_reset()
        handle = loop.capture(_args("all_reduce"), 2)
        with pytest.raises(NcclkitError, match=r"did not complete on this GPU within 0.05 s"):
            loop.time_graph(handle, _args("all_reduce"), 1, timeout_s=0.05)
        loop.free(handle)
    finally:
        _set(lib, "fake_busy", 0)


def test_an_nccl_error_names_the_call(fake) -> None:
    _, loop = fake
    with pytest.raises(NcclkitError, match=r"ncclAllReduce failed: error 4: invalid argument"):
        loop.issue(_args("all_reduce", count=999), 0, 1)


def test_compiler_problems_are_one_line_errors(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(NcclkitError, match="no C compiler 'no-such-cc'"):
        compile_loop(tmp_path / "x.so", cc="no-such-cc")
    bad = tmp_path / "bad.c"
    bad.write_text("int f( {\n")
    with pytest.raises(NcclkitError, match="could not build bad.c"):
        compile_loop(tmp_path / "y.so", source=bad)
    assert not list(tmp_path.glob("*.so*"))  # no half-written library is left behind
