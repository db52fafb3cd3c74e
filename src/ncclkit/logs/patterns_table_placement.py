"""Rows of the line classifier (patterns.py) for models spread over several GPUs, the CPU and the disk by a device
map (accelerate's big-model inference, transformers' device_map="auto", diffusers' offloading): what does not fit
the GPUs, and tensors left where the model's layers do not run (tests/lines/placement.py holds every line with its
source).

Texts as accelerate and transformers print them ("Some modules are dispatched on the CPU or the disk. Make sure you
have enough GPU RAM to fit the quantized model.", "The current `device_map` had weights offloaded to the disk. Please
provide an `offload_folder` for them.", "You can't move a model that has some modules offloaded to cpu or disk.") and
PyTorch's checks of a tensor's device ("Tensor on device meta is not on the expected device cuda:0!", "indices should
be either on cpu or on the same device as the indexed tensor").

- layers the device map sends past the GPUs (to the CPU or disk where that is not allowed), or offloaded layers
  whose buffers fit no GPU, are the GPUs' memory (oom; a device map or max_memory the program sets is the
  alternative);
- a model moved or indexed across the devices it was dispatched to, or a meta tensor never loaded, is the program's
  (framework_usage, application_bug; memory that forced the offload the alternative).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
PLACEMENT_WORDS: tuple[bytes, ...] = (
    b"modules are dispatched on the CPU", b"offload_folder", b"offloaded to cpu or disk", b"device meta is not",
    b"same device as the indexed tensor", b"out of meta tensor", b"offload_buffers", b"Caught StopIteration in replica")


def placement_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # A quantized model whose device map spills to the CPU or disk (Senna#17: "replacing a 40G RAM GPU" fixed it);
        # weights the map sends to disk with no folder to put them in (paperswithcode/galai#57: "the model cannot fit
        # into the RAM + VRAM").
        p(r"Some modules are dispatched on the CPU or the disk\. Make sure you have enough GPU RAM|weights "
          r"offloaded to the disk\. Please provide an `?offload_folder", "oom", E,
          "the model does not fit the GPUs: the device map sends some of its layers to the CPU or the disk",
          "use GPUs with more memory or more of them (device_map=\"auto\" over all visible GPUs), a smaller or more "
          "quantized model, or allow the offload (llm_int8_enable_fp32_cpu_offload=True, an offload_folder)",
          C.OOM, "root", (C.APPLICATION_BUG,)),
        # transformers integrations/accelerate.py:932 (the offloaded layers' buffers fit no GPU's free memory: the
        # warning says an out-of-memory error may follow).
        p(r"bytes of buffer for offloaded layers, which seems does not fit any GPU's remaining memory", "oom", W,
          "the buffers of the model's offloaded layers fit no GPU's remaining memory: an out-of-memory error can "
          "follow", "load with offload_buffers=True (as the message says), or give the model more GPU memory",
          C.OOM),
        # A dispatched model moved as a whole (accelerate's "You can't move a model that has some modules offloaded
        # to cpu or disk."), a tensor still on the meta device (weights never loaded there), an index on another GPU
        # than the tensor it indexes.
        p(r"You can't move a model that has some modules offloaded to cpu or disk|Tensor on device meta is not on "
          r"the expected device|indices should be either on cpu or on the same device as the indexed tensor|Cannot "
          r"copy out of meta tensor", "framework_usage", E,
          "the program moved or used a model across the devices its device map placed it on: a dispatched model "
          "moved with .to()/.cuda(), a layer whose weights were never loaded (still on the meta device), or a "
          "tensor indexed from another GPU",
          "do not call .to()/.cuda() on a model loaded with a device_map; move inputs to the device of the layer "
          "that takes them (model.device or hf_device_map); give enough GPU memory that nothing stays on meta",
          C.APPLICATION_BUG, "root", (C.OOM,)),
        # DataParallel's replicas (torch/nn/parallel/replicate.py since 1.5) hold their weights as plain tensors, so
        # a forward calling next(self.parameters()) finds none; torch/_utils.py ExceptionWrapper re-raises it as
        # "Caught StopIteration in replica 0 on device 0." (pytorch/pytorch#40457, #38493).
        p(r"Caught StopIteration in replica \d+ on device", "framework_usage", E,
          "a DataParallel replica has no parameters (torch 1.5 and later): the model's forward calls "
          "next(self.parameters()) to find its device or dtype",
          "take the device or dtype from an input tensor or a registered buffer instead of next(self.parameters()), "
          "or train with DistributedDataParallel", C.APPLICATION_BUG, "root", (C.OTHER,)),
    )
