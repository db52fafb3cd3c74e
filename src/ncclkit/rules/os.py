"""OS limit rules on OsFacts: os.memlock_low.

RDMA registers (pins) every NCCL buffer; with a finite RLIMIT_MEMLOCK `ibv_reg_mr` fails once the
limit is hit, which NCCL reports as `NET/IB : Unable to register memory` or a failed QP creation.
"""

from __future__ import annotations

from ncclkit.facts import NodeFacts
from ncclkit.findings import Finding, Severity
from ncclkit.rules.common import evidence

__all__ = ["check_memlock"]

_FIX = ("printf '* soft memlock unlimited\\n* hard memlock unlimited\\n' | "
        "sudo tee /etc/security/limits.d/99-memlock.conf   # then log in again; containers: "
        "docker run --ulimit memlock=-1:-1, Slurm: PropagateResourceLimitsExcept=MEMLOCK")


def check_memlock(facts: NodeFacts) -> list[Finding]:
    """os.memlock_low (error): RLIMIT_MEMLOCK is finite while RDMA devices exist."""
    if not facts.ib_devices or facts.os.memlock_unlimited is not False:
        return []
    soft = facts.os.memlock_soft_bytes
    shown = f"{soft} bytes ({soft // 1024} KiB)" if soft is not None else "a finite limit"
    return [Finding(
        id="os.memlock_low", severity=Severity.ERROR, subject="RLIMIT_MEMLOCK",
        message=(f"max locked memory is {shown}, not unlimited: RDMA memory registration fails once "
                 "NCCL pins more than that"),
        fix=_FIX,
        evidence=evidence("proc/self/limits (Max locked memory), cmd/ulimit-l.txt", soft, "unlimited"))]
