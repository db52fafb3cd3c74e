"""One rank of a two-rank gloo job on CPU whose native code corrupts the heap: after an all_reduce, rank 1 frees one
block twice (through libc, as a faulty extension would) and glibc aborts the process; rank 0 waits for it in the next
all_reduce. Run under torchrun, which reports the SIGABRT.

Usage: torchrun --nproc_per_node 2 heap_abort_job.py"""

from __future__ import annotations

import ctypes
import datetime

import torch
import torch.distributed as dist

dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=60))
tensor = torch.ones(4)
dist.all_reduce(tensor)
if dist.get_rank() == 1:
    libc = ctypes.CDLL(None)
    libc.malloc.restype = ctypes.c_void_p
    libc.free.argtypes = [ctypes.c_void_p]
    block = libc.malloc(64)
    libc.free(block)
    libc.free(block)  # glibc: "free(): double free detected in tcache 2", then abort()
dist.all_reduce(tensor)
