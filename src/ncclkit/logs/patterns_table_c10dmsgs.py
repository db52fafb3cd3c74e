"""Rows of the line classifier (patterns.py) for c10d's and torchelastic's own messages that no other family reads
(tests/lines/torch_c10d_msgs.py holds each line with its source).

Texts as the torch 2.13.0 wheel holds them: the Python files of torch/distributed with their line numbers, and the C++
texts of c10d (GroupRegistry.cpp, TCPStore.cpp, debug.cpp, ProcessGroupGloo.cpp, Utils.hpp,
control_collectives/StoreCollectives.cpp) from the strings of libtorch_cpu.so, whose line numbers the build does not
keep. Causes decided from the code around each text:
- a process group looked up or registered under a name the program chose, an init_method scheme no rendezvous
  handler serves, a TORCH_DISTRIBUTED_DEBUG value c10d refuses, a reduce op or split the backend cannot do are the
  program's (framework_usage);
- the store-backed barriers and control collectives that name the ranks whose keys never came (store.py's
  "missing_ranks=", StoreCollectives' "failed -- missing ranks") wait on ranks that had reached the store before:
  those ranks crashed or hung;
- torchrun's TCPStore server waiting for all members to join is the store-based barrier of torch 1.x again: read by
  patterns_table_consequences' row (ranks that cannot reach the store, or never started);
- a port the elastic store server finds in use, and a client whose ping comes back with another value (something
  else answers on MASTER_PORT), are ports the program chose (port_in_use);
- workers the agent finds in uninterruptible sleep, or that survive SIGKILL, are stuck in the kernel (hung_task);
- the frame WorkNCCL::finishedGPUExecutionInternal under c10_cuda_check_implementation: the watchdog's query of a
  work item's CUDA event returned an error (ProcessGroupNCCL.cpp checks cudaEventQuery's result with AT_CUDA_CHECK),
  so a kernel of that process had failed and the watchdog only found it (pytorch/pytorch#180280: an illegal memory
  access of a convolution under DDP, pasted as the frames alone).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
C10DMSG_WORDS: tuple[bytes, ...] = (
    b"registered under the name", b"No rendezvous handler for", b"TORCH_DISTRIBUTED_DEBUG must be", b"PREMUL_SUM",
    b"does not divide equally across group size", b"tensor splits not equal", b"Split sizes doesn't match",
    b"missing_ranks=", b"missing ranks:", b"members to join",
    b"uninterruptible sleep", b"finishedGPUExecutionInternal")

_USAGE_FIX = ("follow the message: look a process group up by the name it was registered under (once), use an "
              "init_method of env://, tcp:// or file://, TORCH_DISTRIBUTED_DEBUG=OFF|INFO|DETAIL, a reduce op the "
              "backend supports, and tensors whose first dimension splits evenly over the group")


def c10dmsg_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        p(r"Could not resolve the process group registered under the name|A process group is already registered "
          r"under the name|No rendezvous handler for \S*://|The value of TORCH_DISTRIBUTED_DEBUG must be|Cannot use "
          r"ReduceOp\.PREMUL_SUM with Gloo|Tensor's dim 0 does not divide equally across group size|Number of tensor "
          r"splits not equal to group size|Split sizes doesn't match total dim 0 size", "framework_usage", E,
          "the program asks c10d for what it cannot do: a process group name not (or twice) registered, an "
          "init_method scheme without a rendezvous handler, a debug level it does not know, a reduce op or tensor "
          "split the backend refuses", _USAGE_FIX, C.APPLICATION_BUG),
        p(r"Timed out waiting on barrier on rank \d+[^\n]*missing_ranks=|\b(?:all_gather|gather|barrier) failed -- "
          r"missing ranks:", "store_barrier", E,
          "a barrier through the store timed out waiting for the ranks it names: they had joined the store before "
          "and then crashed, hung or were stopped before reaching this point",
          "read the named ranks' own output (their host is in the message) for the error that stopped them",
          C.RANK_CRASHED_ELSEWHERE, "root", (C.HANG_COLLECTIVE_MISMATCH, C.FIREWALL_OR_PORT_BLOCKED)),
        p(r"port: \d+ already in use|Ping failed, invalid value returned from server", "port_in_use", E,
          "the store's port is taken: another process (another job's store, another service) listens on it",
          "give each job its own MASTER_PORT (or --rdzv-endpoint host:0 to let torchrun choose a free one)",
          C.APPLICATION_BUG, "root", (C.FIREWALL_OR_PORT_BLOCKED,)),
        p(r"stuck in uninterruptible sleep \(D-state\)|did not exit after SIGKILL within", "hung_task", W,
          "a worker is stuck in the kernel (uninterruptible sleep): a filesystem it reads, or the GPU or NIC driver, "
          "holds it; torchrun cannot stop or restart it", "read the worker's kernel stack (`cat /proc/<pid>/stack`, "
          "`dmesg` for hung-task traces and Xid lines): a network filesystem's server, or the driver (update it, "
          "reboot the node)", C.OTHER, "likely", (C.CUDA_OR_DRIVER,)),
        p(r"WorkNCCL::finishedGPUExecutionInternal\(\)", "cuda_error", W,
          "ProcessGroupNCCL's watchdog found a CUDA error when it queried a collective's completion: a kernel of this "
          "process failed earlier (any kernel, not only NCCL's; the CUDA error's own message is printed above these "
          "frames)", "read the CUDA error message above the frames; rerun with CUDA_LAUNCH_BLOCKING=1 to stop at the "
          "kernel that failed (an illegal memory access is most often the program's or an extension's kernel), and "
          "check `dmesg` for Xid lines", C.CUDA_OR_DRIVER, "likely", (C.APPLICATION_BUG,)),
    )
