"""Rules from sweeps 204 - 206 and rounds 206 - 210 (2026-12-05: start-up and rendezvous errors, DistributedDataParallel
usage, memory; weather codes, document AI, time series, code models, 3D reconstruction) and an older left-out (CUDA
in a forked DataLoader worker). Each line is quoted from the thread named above its test, and tested on text that
must not trigger it."""

from __future__ import annotations

from line_reading import lead

# feiyunzhang/i3d-non-local-pytorch#7 (torch 1.1: the worker's traceback re-raised as the parent's message)
_OLD_WORKER = """\
  File "/usr/local/lib/python2.7/dist-packages/torch/utils/data/dataloader.py", line 608, in _process_next_batch
    raise batch.exc_type(batch.exc_msg)
RuntimeError: Traceback (most recent call last):
  File "/usr/local/lib/python2.7/dist-packages/torch/utils/data/_utils/worker.py", line 99, in _worker_loop
    samples = collate_fn([dataset[i] for i in batch_indices])
  File "/usr/local/lib/python2.7/dist-packages/torch/utils/data/_utils/collate.py", line 59, in default_collate
    return torch.tensor(batch)
RuntimeError: CUDA error: initialization error
"""
# pytorch/pytorch#33407 (THC's check in a worker that pinned memory, torch 1.4's wording)
_NEW_WORKER = """\
THCudaCheck FAIL file=/pytorch/aten/src/THC/THCGeneral.cpp line=50 error=3 : initialization error
RuntimeError: Caught RuntimeError in DataLoader worker process 2.
"""


def test_cuda_that_cannot_start_in_a_forked_dataloader_worker() -> None:
    assert lead(_OLD_WORKER) == ("log.cuda_error", "application_bug")
    assert lead(_NEW_WORKER) == ("log.cuda_error", "application_bug")
    # the same error outside a worker is the driver's; another CUDA error in a worker is its own
    assert lead(_OLD_WORKER.split("RuntimeError: Traceback")[0] + "RuntimeError: CUDA error: initialization error\n") \
        == ("log.cuda_error", "cuda_or_driver")
    assert lead(_OLD_WORKER.replace("initialization error", "an illegal memory access was encountered")) == (
        "log.cuda_error", "cuda_or_driver")
