"""Where the fixed cost of a -G window goes: one rank, all_reduce of 8 bytes, the compiled loop
(ncclkit.bench.cloop) with 20 calls a graph and 10 launches a window, as `ncclkit bench -G 10`.

Variants, 20 windows each, per-call us (window / 200): `plain` (nccl-tests' order: capture,
instantiate, launch: the first launch uploads the graph), `upload` (cudaGraphUpload and a wait
before the clock starts), `second` (the same graph's second window), `idleNms` (as plain, after N ms of an idle GPU
between the capture and the window, as between two rows of a sweep that does other work). Also the graph's node count
and kinds. `--torch` initialises CUDA through torch first (ncclkit's process); without it the
process never imports torch (nccl-tests' process). Usage on a GPU machine:
    python3 benchmarks/graph_window_probe.py [--torch]
"""

from __future__ import annotations

import ctypes
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

WITH_TORCH = "--torch" in sys.argv
if WITH_TORCH:
    import torch  # noqa: F401 - the point: torch's CUDA context and libraries loaded first

    torch.cuda.init()
    torch.empty(1, device="cuda")

from ncclkit.bench.cloop import KINDS, CollArgs, CudaRt, Loop  # noqa: E402
from ncclkit.bench.ncclffi import NcclComm, NcclLib  # noqa: E402
from ncclkit.probe.nccl import _torch_dir, torch_libnccl  # noqa: E402

NODE_KINDS = {0: "kernel", 1: "memcpy", 2: "memset", 3: "host", 4: "graph", 5: "empty",
              6: "wait_event", 7: "event_record"}


def main() -> None:
    libnccl = torch_libnccl(_torch_dir())  # the same file in both processes, found without torch
    lib = NcclLib(str(libnccl))
    cudarts = sorted(libnccl.parents[2].rglob("libcudart.so*"))
    cudart = CudaRt(None if WITH_TORCH else str(cudarts[0]))
    rt = cudart.lib
    comm = NcclComm(lib, lib.unique_id(), 1, 0)
    stream = ctypes.c_void_p()
    assert rt.cudaStreamCreateWithFlags(ctypes.byref(stream), 1) == 0  # cudaStreamNonBlocking
    size = 1 << 16
    send, recv = lib.mem_alloc(size), lib.mem_alloc(size)
    loop = Loop(lib.lib, lambda rc: str(rc), cudart)
    args = CollArgs(kind=KINDS.index("all_reduce"), dtype=7, op=0, root=0, send=send, recv=recv,
                    count=2, elem_bytes=4, shift=8, steps=size // 8, comm=comm.comm.value,
                    stream=stream.value)
    loop.issue(args, 0, 5)
    loop.wait(args, 60)
    res: dict[str, list[float]] = {"plain": [], "upload": [], "second": [], "idle1ms": [],
                                   "idle10ms": [], "idle100ms": []}
    for _ in range(20):
        for variant in res:
            h = loop.capture(args, 20)
            if variant.startswith("idle"):
                time.sleep(float(variant[4:-2]) * 1e-3)
            if variant == "upload":
                assert rt.cudaGraphUpload(h.exec, stream) == 0
                loop.wait(args, 60)
            if variant == "second":
                loop.time_graph(h, args, 10, True, 60)
            res[variant].append(loop.time_graph(h, args, 10, True, 60) / 200 * 1e6)
            loop.free(h)
    h = loop.capture(args, 20)
    n = ctypes.c_size_t(0)
    rt.cudaGraphGetNodes(h.graph, None, ctypes.byref(n))
    nodes = (ctypes.c_void_p * n.value)()
    rt.cudaGraphGetNodes(h.graph, nodes, ctypes.byref(n))
    kinds: dict[str, int] = {}
    for node in nodes:
        t = ctypes.c_int()
        rt.cudaGraphNodeGetType(ctypes.c_void_p(node), ctypes.byref(t))
        kinds[NODE_KINDS.get(t.value, str(t.value))] = kinds.get(NODE_KINDS.get(t.value,
                                                                                str(t.value)), 0) + 1
    loop.free(h)
    print(f"process: {'torch first' if WITH_TORCH else 'no torch'}; graph of 20 calls: "
          f"{n.value} nodes {kinds}")
    for variant, us in res.items():
        print(f"{variant:7s} per-call us: median {statistics.median(us):.3f} "
              f"(min {min(us):.3f}, max {max(us):.3f}, 20 windows)")


if __name__ == "__main__":
    main()
