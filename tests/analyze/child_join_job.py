"""A rank whose main thread waits for its own child process, as one joining an asynchronous checkpoint writer that
never finishes does: the child sleeps, the parent prints "joining" and joins it.

Usage: python child_join_job.py"""

from __future__ import annotations

import multiprocessing
import time


def write_checkpoint() -> None:
    time.sleep(120)  # the writer that does not finish (storage that stalls)


if __name__ == "__main__":
    writer = multiprocessing.Process(target=write_checkpoint)
    writer.start()
    print("joining", flush=True)
    writer.join()
