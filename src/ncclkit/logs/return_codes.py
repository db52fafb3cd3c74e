"""An excerpt with NCCL's return traces and no WARN ("transport/shm.cc:101 -> 2"): what the first code and the
file that raised it say (pure: the log's return codes -> one Finding)."""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity

__all__ = ["ONE_GPU_EACH", "ONE_GPU_EACH_FIX", "return_code_finding"]

# Two ranks of one host on one GPU, as NCCL's init refuses them (init.cc "Duplicate GPU detected", ncclInvalidUsage),
# and the fix: said alike wherever a log shows it (a bare return code here, an invalid-usage line in diagnose.py).
ONE_GPU_EACH = "NCCL refuses two ranks on one GPU of one host (Duplicate GPU detected)"
ONE_GPU_EACH_FIX = ("give every rank its own GPU: as many processes per node as GPUs (mpirun -np / -N, Slurm "
                    "--ntasks-per-node), and -g 1 for nccl-tests (or one process with -g <GPUs>), "
                    "torch.cuda.set_device(local_rank) before init_process_group for PyTorch")

# The first NCCLCHECK trace of a bare excerpt ("transport/shm.cc:101 -> 2"), where no WARN names the error: code 1
# (ncclUnhandledCudaError) first raised in enqueue.cc is the kernel launch or its stream calls failing (a CUDA or
# driver error; elsewhere, as NVLS's multicast set-up, the fabric behind the call decides); code 2 (ncclSystemError)
# first raised in the shared-memory transport or its helpers (transport/shm.cc, misc/shmutils.cc ncclShmOpen: 2.7's
# shm.cc:101 is its shmOpen) is the /dev/shm segment that could not be made, as shmutils.cc's own WARN says.
_SHM_SITE = re.compile(r"\b(?:transport/shm|misc/shmutils|shmutils)\.cc:")
_LAUNCH_SITE = re.compile(r"(?<![\w/])enqueue\.cc:")
# Code 2 first raised in misc/socket.cc: a socket to a peer failed (refused, unreachable, reset) and NCCL printed only
# its trace at INFO. Alone it does not say which exchange failed (a peer that died closes its sockets too); with the
# ranks' sockets on an address no other host reaches (docker's default bridge 172.17.0.0/16, libvirt's, link-local:
# diagnose_addresses.VIRTUAL_ADDR) it is that address
# (hiyouga/LlamaFactory#5018 and NVIDIA/nccl#1381: containers on two hosts, "建立一个通信的集群就好了").
_SOCKET_SITE = re.compile(r"(?<![\w])(?:misc/)?socket\.cc:")


def _return_code_cause(code: int, where: str, unreachable_addrs: tuple[str, ...],
                       shared_gpus: tuple[str, ...]) -> tuple[Cause | None, str, str, list[str]]:
    """(cause, why, fix, alternatives) of the first return code of a bare excerpt."""
    rerun = "rerun with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET and read the first WARN"
    if code == 5 and shared_gpus:  # ncclInvalidUsage: what init returns for them
        return (Cause.APPLICATION_BUG, f": the log puts {shared_gpus[0]} on one GPU: {ONE_GPU_EACH}",
                f"{ONE_GPU_EACH_FIX}; {rerun}", [Cause.HOSTNAME_RESOLUTION.value])
    if code == 1 and _LAUNCH_SITE.search(where):
        return (Cause.CUDA_OR_DRIVER, ": a CUDA call failed (the CUDA error is on the WARN above it, not pasted)",
                rerun + "; check the driver/CUDA compatibility and GPU health (`nvidia-smi`, Xid errors in dmesg)",
                [Cause.NCCL_VERSION_MISMATCH.value, Cause.APPLICATION_BUG.value])
    if code == 2 and _SOCKET_SITE.search(where) and unreachable_addrs:
        return (Cause.WRONG_INTERFACE, f": a TCP connection between ranks failed, and NCCL's sockets use "
                f"{', '.join(unreachable_addrs[:2])}, an address no other host reaches (a container bridge, "
                "libvirt's or a link-local network)",
                "run the containers with --network host (or a network that joins the hosts) and set "
                "NCCL_SOCKET_IFNAME to the interface that joins the nodes; " + rerun,
                [Cause.FIREWALL_OR_PORT_BLOCKED.value, Cause.RANK_CRASHED_ELSEWHERE.value])
    if code == 2 and _SHM_SITE.search(where):
        return (Cause.SHM_TOO_SMALL, ": the shared-memory transport could not create or map its /dev/shm segment",
                "give the job a larger /dev/shm (`docker run --shm-size=1g` or `--ipc=host`; a memory-backed "
                "emptyDir on /dev/shm in Kubernetes) and check `df -h /dev/shm`; " + rerun, [])
    return None, "", rerun, []


def return_code_finding(return_codes: dict[int, str], name: str, unreachable_addrs: tuple[str, ...] = (),
                        shared_gpus: tuple[str, ...] = ()) -> Finding:
    """`log.nccl_error_code` for the first code NCCL returned (codes in the order the log first shows them);
    `unreachable_addrs`: the socket addresses the log shows that no other host reaches
    (diagnose_addresses.VIRTUAL_ADDR); `shared_gpus`: ranks the log places on one GPU of one host
    (NcclLogSummary.shared_test_gpus)."""
    code, where = next(iter(return_codes.items()))
    cause, why, fix, alternatives = _return_code_cause(code, where, unreachable_addrs, shared_gpus)
    return Finding(id="log.nccl_error_code", severity=Severity.ERROR, subject=name,
                   message=f"NCCL returned {where}, with no WARN line in the excerpt{why}", fix=fix, cause=cause,
                   evidence={"return_codes": {str(k): v for k, v in return_codes.items()},
                             **({"role": "likely", "alternatives": alternatives} if cause else {})})
