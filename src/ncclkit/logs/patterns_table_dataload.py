"""Rows of the line classifier (patterns.py) for the files and DataLoader workers every rank reads: checkpoints that
torch.load or safetensors cannot parse, data files that are no pickle, workers that died without an error of their
own (tests/lines/dataload.py holds every line with its source).

Texts as the torch 2.13.0 wheel holds them (git_version cf30153): torch/serialization.py's legacy load reads the
pickle's magic number first (line 1886), caffe2/serialize/inline_container.cc raises "PytorchStreamReader failed
reading zip archive" (a string of libtorch_cpu.so), torch/utils/data/dataloader.py raises "DataLoader worker (pid(s)
...) exited unexpectedly" (line 1305) and "Pin memory thread exited unexpectedly" (line 1459). safetensors' Python
binding prints its Rust error's name after "Error while deserializing header: ".

- a file cut short or not the format it claims (a download or upload that did not finish, a Git LFS pointer, a save
  interrupted by a full disk) is no fault of the ranks (checkpoint_unreadable, other); several ranks writing one
  file at once is the program's (checkpoint_corrupt);
- a worker that died without a Python exception was killed (the OOM killer most often) or crashed: a worker's own
  exception is re-raised as "Caught X in DataLoader worker process N", which the generic rows read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
DATALOAD_WORDS: tuple[bytes, ...] = (
    b"storage has wrong size", b"Pin memory thread exited", b"persistent_workers=True`)", b"PytorchStreamReader",
    b"deserializing header", b"pickle data was truncated",
    b"magic_number = pickle_module", b"exited unexpectedly", b"in pin memory thread")

_REFETCH = ("compare the file's size and checksum with its source and fetch it again (`git lfs pull` where the "
            "repository keeps it in Git LFS; a download that stopped early); if the job saved it, save it again from "
            "one rank on a disk with room, then `dist.barrier()` before any rank loads it")
_NOT_A_PICKLE = ("the file being loaded is not the pickle or checkpoint it should be: empty, cut short, or another "
                 "file under its name (a Git LFS pointer, a web page)")


def dataload_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # torch.load of a file whose bytes do not match its own header ("RuntimeError: storage has wrong size:
        # expected -4721614612255084527 got 1"): written by several ranks at once, or cut short (NVIDIA/apex#515:
        # "only one rank creates the checkpoint" fixed it).
        p(r"storage has wrong size: expected -?\d+ got \d+", "checkpoint_corrupt", E,
          "the checkpoint file is corrupt: several ranks wrote it at once, or a save was cut short",
          "save from one rank only (`if dist.get_rank() == 0: torch.save(...)`, then `dist.barrier()` before any "
          "rank loads it), and save the checkpoint again", C.APPLICATION_BUG),
        # A zip checkpoint without its central directory (the end of the file) is cut short: a download or upload
        # that stopped (OpenTalker/SadTalker#217 "the checkpoint is not downloaded complete", CompVis/stable-
        # diffusion#93 "redownloading the model"), a save stopped by a full disk (sml2h3/dddd_trainer#36). Not the
        # writer's "PytorchStreamWriter failed writing file" (the disk or filesystem of the save).
        p(r"PytorchStreamReader failed reading zip archive|PytorchStreamReader failed locating file",
          "checkpoint_unreadable", E,
          "torch.load found the checkpoint file cut short or damaged (a download, upload or save that did not "
          "finish)", _REFETCH, C.OTHER, "root", (C.APPLICATION_BUG,)),
        # safetensors: a header longer than the bytes present (MetadataIncompleteBuffer: mindverse/Second-Me#105 "The
        # model is not downloaded completely"), a first length no real header has (HeaderTooLarge: a Git LFS pointer
        # or an HTML page saved under the model's name), a header that is no JSON.
        p(r"Error while deserializing header: (?:MetadataIncompleteBuffer|HeaderTooLarge|HeaderTooSmall|"
          r"InvalidHeaderDeserialization)", "checkpoint_unreadable", E,
          "safetensors found the file incomplete or not a safetensors file (a download that stopped early, or a Git "
          "LFS pointer or web page saved under the model's name)", _REFETCH, C.OTHER, "root", (C.APPLICATION_BUG,)),
        # pickle's first byte of a file that is no pickle: 'v' of a Git LFS pointer ("version https://git-lfs...",
        # facebookresearch/sapiens#124 fixed by `git lfs pull`), '<' of an HTML page.
        # Not ParlAI's "unpickling error in all_gather_list" (ranks out of step) nor torch's weights-only refusal.
        p(r"UnpicklingError: (?:invalid load key|pickle data was truncated)|Caught UnpicklingError in DataLoader "
          r"worker", "checkpoint_unreadable", E, _NOT_A_PICKLE, _REFETCH, C.OTHER, "root", (C.APPLICATION_BUG,)),
        # torch.load's legacy path reads the magic number first, so an empty file ends there ("EOFError: Ran out of
        # input" under this frame, JIA-Lab-research/VFIformer#13); "likely": an error the frame's exception names
        # (torch's weights-only refusal) reads first.
        p(r"^\s*magic_number = pickle_module\.load\(", "checkpoint_unreadable", E, _NOT_A_PICKLE, _REFETCH, C.OTHER,
          "likely", (C.APPLICATION_BUG,)),
        # torch/utils/data/dataloader.py "Pin memory thread exited unexpectedly": the thread copying batches to pinned
        # memory died; Lightning warns that pin_memory with persistent workers and dataloaders reloaded every epoch is
        # unstable (torchmd/torchmd-net#324: pin_memory=False, or num_workers=0, made it stable).
        p(r"combination of `DataLoader\(`pin_memory=True`, `persistent_workers=True`\)", "dataloader_config", W,
          "Lightning warns that pin_memory=True with persistent workers and dataloaders reloaded every epoch is "
          "unstable in PyTorch: the pin-memory thread can die after hours", "set pin_memory=False (or stop reloading "
          "the dataloaders)", C.APPLICATION_BUG),
        # The thread's own error re-raised ("Caught RuntimeError in pin memory thread for device 0.",
        # hearbenchmark/hear-eval-kit#316: pin_memory=False solved it).
        p(r"Pin memory thread exited unexpectedly|Caught \w+ in pin memory thread", "dataloader_config", E,
          "the DataLoader's pin-memory thread died (pin_memory=True with persistent workers, reloaded dataloaders, or "
          "a worker that ran out of file descriptors or shared memory): this rank's loss takes the job down",
          "set pin_memory=False (or persistent_workers=False / num_workers=0) and see whether it holds; if an error "
          "above names files or shared memory, raise `ulimit -n` or /dev/shm", C.APPLICATION_BUG, "root",
          (C.SHM_TOO_SMALL, C.MEMLOCK_OR_ULIMIT)),
        # A worker process gone without a Python exception (the only check on Windows): killed, most often by the
        # OOM killer, or crashed (xuebinqin/BASNet#32, buppt/ChineseNRE#41: num_workers=0 ran; lstappen/MuSe2021#2
        # "the memory requirements can be too high"). A bus-error or "killed by signal" line beside it says which.
        # One worker's form: "DataLoader worker (pid 7948) exited unexpectedly with exit code 1" (signal_handling.py;
        # CSAILVision/semantic-segmentation-pytorch#80: Docker's shared memory).
        p(r"DataLoader worker \(pid(?:\(s\))? [\d, ]+\) exited unexpectedly", "dataloader_worker_died", E,
          "a DataLoader worker process died without a Python error of its own: killed (the OOM killer, most often) "
          "or crashed", "check `dmesg | grep -i oom` (host memory) and /dev/shm in a container; lower num_workers, "
          "or run with num_workers=0 to see the worker's own error", C.OOM, "likely",
          (C.SHM_TOO_SMALL, C.APPLICATION_BUG)),
        # torchvision's datasets find no complete copy: download=False without the files, or ranks that read it while
        # the one rank downloading has not finished (friendliai/periflow-python-sdk#11: a barrier after rank 0's
        # download).
        p(r"Dataset not found or corrupted\. You can use download=True", "framework_usage", E,
          "torchvision found no complete copy of the dataset where this rank looked: not downloaded there, or "
          "still being downloaded by another rank that the others did not wait for",
          "download on one rank per node (or before the launch), then `dist.barrier()` before the other ranks "
          "build the dataset; point every rank at the same complete root", C.APPLICATION_BUG, "root", (C.OTHER,)),
    )
