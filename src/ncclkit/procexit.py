"""End a process that used torch.distributed once its results are written and flushed."""

from __future__ import annotations

import os
import sys
from typing import NoReturn

__all__ = ["end_process"]


def end_process(code: int) -> NoReturn:
    """Flush stdout/stderr and leave without interpreter teardown.

    With torch 2.13 on gloo, a process that ran collectives (and destroyed its process group)
    aborts in C++ static destructors now and then ("terminate called without an active
    exception", no Python frame), turning a finished run's exit code into SIGABRT; a collective
    stuck in gloo/NCCL would also make a normal exit wait for it. Callers write every result
    before calling this.
    """
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
