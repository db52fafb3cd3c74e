"""One node's NCCL side of the pairwise bandwidth test: a process that owns the GPU and libnccl.

Started by cluster.nccl_pairs as `python -m ncclkit.cluster.pair_worker SPEC_JSON`, once per node
for the whole bandwidth phase, so that the cluster process itself never blocks inside NCCL (the
parent kills this process when a pair overruns its deadline). Protocol, one JSON object a line:
- on start it prints {"ready": true, "device", "bus_id", "nccl_version"} or {"ready": false, "error"};
- for each line {"cmd": "pair", "key", "role", "size_bytes", "iters", "warmup_iters"} on stdin
  it builds a 2-rank communicator with its partner (role 0 makes the unique id and publishes it
  in the run's store under `key`, role 1 reads it), times a->b, b->a (one-way ncclSend/ncclRecv)
  and both ways at once (nccl-tests' sendrecv_perf with 2 ranks), and prints
  {"ok": true, "a_to_b_us", "b_to_a_us", "bidir_us"} or {"ok": false, "error"};
- {"cmd": "exit"} or end of stdin ends it.
"""

from __future__ import annotations

import json
import sys
import warnings
from datetime import timedelta
from typing import Any

# The untimed calls before each timed loop: the first p2p call connects the pair (NCCL connects
# send/recv peers lazily, on first use), the rest settle the proxy threads.
DEFAULT_WARMUP_ITERS = 5


def _emit(obj: dict[str, Any]) -> None:
    print(json.dumps(obj), flush=True)


class _PairRunner:
    def __init__(self, spec: dict[str, Any]) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import torch
            import torch.distributed as dist
        from ncclkit.bench.ncclffi import NcclLib

        self.torch = torch
        self.device = int(spec["device"])
        torch.cuda.set_device(self.device)
        torch.cuda.init()
        timeout = timedelta(seconds=float(spec["timeout_s"]))
        self.store = dist.PrefixStore(spec["prefix"], dist.TCPStore(
            spec["master_addr"], int(spec["master_port"]), None, False, timeout))
        self.lib = NcclLib(spec.get("libnccl"))
        self.stream = torch.cuda.Stream(self.device)

    def hello(self) -> dict[str, Any]:
        props = self.torch.cuda.get_device_properties(self.device)
        bus = None
        if hasattr(props, "pci_bus_id"):
            # torch's stub lists neither field, though CUDA builds have both next to pci_bus_id.
            bus = f"{props.pci_domain_id:04x}:{props.pci_bus_id:02x}:{props.pci_device_id:02x}.0"  # type: ignore[attr-defined]
        return {"ready": True, "device": self.device, "gpu_name": props.name, "bus_id": bus,
                "nccl_version": self.lib.version(), "libnccl": self.lib.path}

    def pair(self, cmd: dict[str, Any]) -> dict[str, Any]:
        from ncclkit.bench.collectives import COLLECTIVES
        from ncclkit.bench.engines import DirectEngine
        from ncclkit.bench.ncclffi import NCCL_TYPES
        from ncclkit.bench.timing import time_calls

        torch, role, key = self.torch, int(cmd["role"]), str(cmd["key"])
        if role == 0:
            uid = self.lib.unique_id()
            self.store.set(key, uid)  # type: ignore[arg-type]  # torch's stub says str; the store takes bytes
        else:
            uid = self.store.get(key)  # blocks up to the store timeout (the run's --timeout)
        engine = DirectEngine(torch, self.lib, bytes(uid), 2, role)
        try:
            return self._measure(engine, role, cmd, COLLECTIVES["sendrecv"], NCCL_TYPES["float"],
                                 time_calls)
        finally:
            engine.close()

    def _measure(self, engine: Any, role: int, cmd: dict[str, Any], coll: Any, nccl_float: int,
                 time_calls: Any) -> dict[str, Any]:
        torch, peer = self.torch, 1 - role
        sizing = coll.sizing(int(cmd["size_bytes"]), 4, 2)
        dev = torch.device("cuda", self.device)
        send = engine.alloc(sizing.send_elems, torch.float32, dev)
        recv = engine.alloc(sizing.recv_elems, torch.float32, dev)
        send.fill_(1.0)
        flag = torch.ones(1, dtype=torch.float32, device=dev)
        torch.cuda.synchronize()  # the fills ran on the default stream; the calls use self.stream

        def barrier() -> None:  # a one-element all_reduce: both ranks reached this point
            with torch.cuda.stream(self.stream):
                engine.all_reduce(flag, flag, "max")
            self.stream.synchronize()

        def one_way(src: int) -> Any:
            kind, buf = ("send", send) if role == src else ("recv", recv)
            return lambda: engine.comm.send_recv(
                [(kind, buf.data_ptr(), sizing.count, peer)], nccl_float,
                torch.cuda.current_stream().cuda_stream)

        kw = {"iters": int(cmd["iters"]), "warmup_iters": int(cmd["warmup_iters"]),
              "graph_launches": 0, "stream": self.stream, "barrier": barrier}
        mine = [time_calls(torch, one_way(0), **kw), time_calls(torch, one_way(1), **kw),
                time_calls(torch, lambda: engine.sendrecv(send, recv, peer, peer), **kw)]
        # Each rank's times to both: slot role*3.. holds this rank's three figures.
        both = torch.zeros(6, dtype=torch.float64, device=dev)
        both[role * 3:role * 3 + 3] = torch.tensor(mine, dtype=torch.float64)
        torch.cuda.synchronize()
        with torch.cuda.stream(self.stream):
            engine.all_reduce(both, both, "sum")
        self.stream.synchronize()
        t = both.tolist()
        # One way is done when both ends are done (the sender's last kernel may end while its
        # last chunk is still in flight), so the slower side's time counts; both ways at once
        # is averaged over the ranks, as nccl-tests reports a time.
        return {"ok": True, "a_to_b_us": max(t[0], t[3]), "b_to_a_us": max(t[1], t[4]),
                "bidir_us": (t[2] + t[5]) / 2, "count": sizing.count,
                "algbw_bytes": sizing.algbw_bytes}


def main(spec: dict[str, Any]) -> int:
    try:
        runner = _PairRunner(spec)
        _emit(runner.hello())
    except Exception as exc:  # noqa: BLE001 - reported to the parent as data
        _emit({"ready": False, "error": f"{type(exc).__name__}: {exc}"})
        return 1
    for line in sys.stdin:
        cmd = json.loads(line)
        if cmd.get("cmd") != "pair":
            break
        try:
            _emit(runner.pair(cmd))
        except Exception as exc:  # noqa: BLE001 - the parent decides what a failed pair means
            _emit({"ok": False, "error": f"{type(exc).__name__}: {exc}"})
    return 0


if __name__ == "__main__":
    sys.exit(main(json.loads(sys.argv[1])))
