"""One rank of the proof run: init NCCL over the run's store, all_reduce a few times, report.

Started by cluster.proof (one per visible GPU of a node) as
`python -m ncclkit.cluster.proof_worker JSON`, with NCCL_DEBUG=INFO and NCCL_DEBUG_FILE set by the
parent so NCCL's own log says which transports it chose. Prints one JSON line:
{"rank", "device", "bus_id", "ok", "error"}.
"""

from __future__ import annotations

import json
import sys
import warnings
from datetime import timedelta
from typing import Any

from ncclkit.procexit import end_process

_ALLREDUCE_ELEMENTS = 1 << 22  # 16 MiB of float32: large enough for ring and tree to connect


def _bus_id(props: Any) -> str | None:
    try:
        return f"{props.pci_domain_id:04x}:{props.pci_bus_id:02x}:{props.pci_device_id:02x}.0"
    except AttributeError:
        return None


def main(spec: dict[str, Any]) -> dict[str, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import torch
        import torch.distributed as dist

    device = int(spec["device"])
    out: dict[str, Any] = {"rank": spec["rank"], "device": device, "bus_id": None, "ok": False,
                           "error": None}
    torch.cuda.set_device(device)
    out["bus_id"] = _bus_id(torch.cuda.get_device_properties(device))
    timeout = timedelta(seconds=float(spec["timeout_s"]))
    store = dist.PrefixStore(spec["prefix"], dist.TCPStore(
        spec["master_addr"], int(spec["master_port"]), None, False, timeout))
    dist.init_process_group("nccl", store=store, rank=int(spec["rank"]),
                            world_size=int(spec["world_size"]), timeout=timeout,
                            device_id=torch.device("cuda", device))
    data = torch.ones(_ALLREDUCE_ELEMENTS, device="cuda")
    for _ in range(3):
        dist.all_reduce(data)
    torch.cuda.synchronize()
    expected = float(int(spec["world_size"]) ** 3)
    if float(data[0].item()) != expected:
        out["error"] = f"all_reduce gave {data[0].item()} instead of {expected}"
    else:
        out["ok"] = True
    dist.destroy_process_group()
    return out


if __name__ == "__main__":
    try:
        result = main(json.loads(sys.argv[1]))
    except Exception as exc:  # noqa: BLE001 - reported to the parent as data
        result = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    print(json.dumps(result), flush=True)
    end_process(0 if result.get("ok") else 1)
