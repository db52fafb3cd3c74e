"""LAMMPS' KOKKOS package given more GPUs per node than the job has MPI tasks (pure: text -> list[Finding]).

Kokkos gives each MPI task one GPU, and `-k on g N` is the number of GPUs per node (LAMMPS' KOKKOS package guide:
one MPI task per GPU). LAMMPS prints the count it was given ("will use up to 2 GPU(s) per node", src/KOKKOS/kokkos.cpp)
and the MPI processor grid ("1 by 1 by 1 MPI processor grid"): fewer tasks in the whole job than GPUs per node leaves
GPUs idle (mir-group/pair_nequip_allegro#18: `mpiexec -np 1 ... -k on g 2`, one GPU of two used). More tasks than
that may still be too few per node, which the grid alone cannot tell, so they are not read.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity

__all__ = ["kokkos_gpu_findings"]

_GPUS = re.compile(r"will use up to (\d+) GPU\(s\) per node")
_GRID = re.compile(r"^\s*(\d+) by (\d+) by (\d+) MPI processor grid", re.MULTILINE)


def kokkos_gpu_findings(text: str) -> list[Finding]:
    if "GPU(s) per node" not in text:
        return []
    gpus, grid = _GPUS.search(text), _GRID.search(text)
    if not gpus or not grid:
        return []
    per_node = int(gpus.group(1))
    tasks = int(grid.group(1)) * int(grid.group(2)) * int(grid.group(3))
    if tasks >= per_node:
        return []
    lines = sorted(text.count("\n", 0, m.start()) + 1 for m in (gpus, grid))
    return [Finding(
        id="log.launch_config", severity=Severity.WARNING, subject="KOKKOS",
        message=f"LAMMPS' KOKKOS package was given {per_node} GPUs per node, but the job runs {tasks} MPI task(s) in "
                f"all: Kokkos drives one GPU per task, so at least {per_node - tasks} GPU(s) stay idle",
        fix=f"start one MPI task per GPU (`mpirun -np <nodes x {per_node}> lmp -k on g {per_node} -sf kk ...`)",
        cause=Cause.APPLICATION_BUG,
        evidence={"lines": lines, "gpus_per_node": per_node, "tasks": tasks, "role": "likely",
                  "alternatives": [str(Cause.PERFORMANCE_CONFIG)]})]
