"""`nvidia-smi topo -m` / `-mp` matrices -> GPUs, NICs and the GPU-NIC path type of every pair; `topo -p2p`
matrices -> the driver's peer-to-peer verdict of every GPU pair.

The header row names the columns (GPUn, NICn or mlx5_n on older drivers, then "CPU Affinity" ...);
each row starts with its device and has one cell per column. A row cut off by the paste (fewer valid
cells than columns) is dropped, not guessed. `NIC Legend:` maps NICn to the RDMA device name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["GDR_OK_LEVELS", "TopoMatrix", "parse_topo"]

_CELL = re.compile(r"^(X|SYS|NODE|PHB|PXB|PIX|PXN|P2C|SOC|NV\d+|NVB|C2C)$")
# `nvidia-smi topo -p2p r|w|n|a|p` cells: the driver's peer-to-peer verdict per GPU pair (OK, or why not:
# chipset, GPU, topology not supported, NS not supported, U unknown).
_P2P_CELL = re.compile(r"^(X|OK|CNS|GNS|TNS|NS|U)$")
_DEVICE = re.compile(r"^[A-Za-z][\w]*\d$")
_LEGEND = re.compile(r"^\s*(NIC\d+)\s*:\s*(\S+)\s*$")
# NCCL's default GDR level is PXB (P2C on C2C systems since 2.27): PIX/PXB keep GPUDirect RDMA.
GDR_OK_LEVELS = frozenset({"PIX", "PXB", "P2C"})
RANK = {"X": 0, "PIX": 1, "PXB": 2, "P2C": 2, "PXN": 3, "PHB": 4, "NODE": 5, "SOC": 6, "SYS": 6}


@dataclass(frozen=True, slots=True, kw_only=True)
class TopoMatrix:
    """`gpu_nic[gpu][nic]` is the path type; `nic_names` maps NICn to mlx5_n when the legend is there."""

    gpus: tuple[str, ...]
    nics: tuple[str, ...]
    gpu_nic: dict[str, dict[str, str]]
    nic_names: dict[str, str] = field(default_factory=dict)
    gpus_in_header: tuple[str, ...] = ()
    gpu_gpu: dict[str, dict[str, str]] = field(default_factory=dict)  # path type between GPUs ("NV12", "PHB")
    gpu_p2p: dict[str, dict[str, str]] = field(default_factory=dict)  # `topo -p2p` verdict between GPUs ("NS")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"gpus": list(self.gpus), "nics": list(self.nics), "nic_names": dict(self.nic_names),
                               "gpu_nic": {g: dict(row) for g, row in self.gpu_nic.items()}}
        if self.gpu_p2p:  # only a `topo -p2p` paste has it: the contract's fields stay exactly those of `topo -m`
            out["gpu_p2p"] = {g: dict(row) for g, row in self.gpu_p2p.items()}
        return out

    def nearest_nic(self, gpu: str) -> tuple[str, str] | None:
        """(nic, path type) of the closest NIC of `gpu`, or None without NICs."""
        row = self.gpu_nic.get(gpu) or {}
        if not row:
            return None
        nic = min(row, key=lambda n: RANK.get(row[n], 9))
        return nic, row[nic]


def _header(line: str) -> list[str] | None:
    tokens = line.split()
    # A shell prompt or the command may share the header's line ("nvidia-smi topo -m   GPU0  GPU1  CPU Affinity",
    # aikitoria/open-gpu-kernel-modules#12): the header starts at its GPU0.
    if "GPU0" in tokens:
        tokens = tokens[tokens.index("GPU0"):]
    # The header starts with GPU0 and goes on with device names; a row "GPU0  X  NV18 ..." does not.
    if len(tokens) < 2 or tokens[0] != "GPU0" or not _DEVICE.match(tokens[1]):
        return None
    cols = []
    for tok in tokens:
        if not _DEVICE.match(tok) or tok in ("CPU", "NUMA"):
            break
        cols.append(tok)
    return cols


def parse_topo(text: str) -> TopoMatrix:
    """Parse a pasted matrix; missing parts give empty fields, never an exception."""
    cols: list[str] = []
    gpus: list[str] = []
    gpu_nic: dict[str, dict[str, str]] = {}
    gpu_gpu: dict[str, dict[str, str]] = {}
    gpu_p2p: dict[str, dict[str, str]] = {}
    names: dict[str, str] = {}
    for line in text.splitlines():
        m = _LEGEND.match(line)
        if m:
            names[m.group(1)] = m.group(2)
            continue
        # Each matrix has its header (`topo -m`, then `topo -p2p` with fewer columns): the last one read rules.
        header = _header(line)
        if header:
            cols = header
            continue
        if not cols:
            continue
        tokens = line.split()
        if not tokens or tokens[0] not in cols:
            continue
        cells = tokens[1:1 + len(cols)]
        name = tokens[0]
        if len(cells) == len(cols) and name.startswith("GPU") and all(_P2P_CELL.match(c) for c in cells) \
                and not all(_CELL.match(c) for c in cells):
            gpu_p2p[name] = {c: v for c, v in zip(cols, cells, strict=True) if c != name}
            continue
        if len(cells) < len(cols) or not all(_CELL.match(c) for c in cells):
            continue  # cut-off row
        if name.startswith("GPU"):
            gpus.append(name)
            gpu_nic[name] = {c: v for c, v in zip(cols, cells, strict=True) if not c.startswith("GPU")}
            gpu_gpu[name] = {c: v for c, v in zip(cols, cells, strict=True) if c.startswith("GPU") and c != name}
    nics = tuple(c for c in cols if not c.startswith("GPU"))
    return TopoMatrix(gpus=tuple(gpus), nics=nics, gpu_nic=gpu_nic, nic_names=names,
                      gpus_in_header=tuple(c for c in cols if c.startswith("GPU")), gpu_gpu=gpu_gpu,
                      gpu_p2p=gpu_p2p)
