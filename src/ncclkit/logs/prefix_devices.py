"""Ranks of one torchrun (or torch.distributed.launch) node that all print the same GPU in NCCL's line prefix.

NCCL prefixes its debug lines with "host:pid:tid [dev]", where dev is the calling thread's current CUDA device
(src/debug.cc, ncclDebugLog: cudaGetDevice before the prefix is written). torchrun and torch.distributed.launch give
each process its LOCAL_RANK but show every process all the GPUs (they set no CUDA_VISIBLE_DEVICES of their own), so
processes of one host that all print the same device are on that one GPU: the program never chose its device from
LOCAL_RANK (laekov/fastmoe#126: four ranks, every line "[0]", then an NCCL error). NCCL 2.8 and later refuse such a
communicator with "Duplicate GPU detected", which a row reads; an older NCCL, or a paste cut before its init lines,
shows only the prefixes.

A launcher that binds one GPU to each process (mpirun or srun with a CUDA_VISIBLE_DEVICES per rank, Kubernetes) makes
every process print [0] on its own GPU, so this is read only where the paste launches torchrun with several processes
per node.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding
from ncclkit.logs.launch_order import NPROC, TORCH_LAUNCH, commands
from ncclkit.logs.paste import NCCL_PREFIX

__all__ = ["prefix_device_findings"]

_PREFIX = re.compile(r"^(?:\S+\s+)?" + NCCL_PREFIX + " NCCL ", re.MULTILINE)


def _torch_processes(text: str) -> int:
    """The processes per node of the paste's torchrun launch (its --nproc_per_node after the launcher), 0 if it has
    none."""
    for _, command in commands(text.splitlines()):
        launch = TORCH_LAUNCH.search(command)
        found = NPROC.search(command, launch.end()) if launch else None
        if found:
            return int(found[1])
    return 0


def prefix_device_findings(text: str) -> list[Finding]:
    """A `log.duplicate_gpu` finding where processes of one host of a torchrun launch all print one device."""
    if "] NCCL " not in text or "Duplicate GPU detected" in text or _torch_processes(text) < 2:
        return []
    hosts: dict[str, tuple[dict[str, int], set[str]]] = {}
    for m in _PREFIX.finditer(text):
        pids, devices = hosts.setdefault(m[1], ({}, set()))
        pids.setdefault(m[2], text.count("\n", 0, m.start()) + 1)
        devices.add(m[4])
    for host, (pids, devices) in hosts.items():
        if len(pids) >= 2 and len(devices) == 1:
            device = devices.pop()
            return [Finding.root_error(
                "log.duplicate_gpu", f"cudaDev {device}",
                f"{len(pids)} processes of {host} ({', '.join(list(pids)[:6])}) all print GPU [{device}] in NCCL's "
                "line prefix, the device each had current: the torch launcher shows every process all the GPUs, so "
                f"they share GPU {device}; the program does not set its device from LOCAL_RANK",
                "in the program, before init_process_group and any CUDA work: "
                "`torch.cuda.set_device(int(os.environ[\"LOCAL_RANK\"]))` (or the --local_rank argument of "
                "torch.distributed.launch), and DistributedDataParallel(model, device_ids=[local_rank])",
                Cause.APPLICATION_BUG, sorted(pids.values())[:6])]
    return []
